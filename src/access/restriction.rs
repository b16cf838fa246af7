//! How much a fetch result keeps an agent out — the restriction category a corpus study counts
//! per site (docs/study.md) — with a witness of each side: the shortest path the agent may not
//! fetch and the shortest it may.
//!
//! Under rules the category is the exact analysis's [`Reach`] (`crate::analysis`,
//! docs/analysis.md): decided over every request path but `/robots.txt`, on the automata of the
//! rules that apply to the agent, never by sampling — every path disallowed is
//! [`Restriction::Everything`], none [`Restriction::Nothing`], a mix [`Restriction::Partial`];
//! when the analysis's budget ([`Limit::AnalysisStates`](crate::Limit::AnalysisStates)) runs out
//! before it can tell, [`Restriction::Undecided`], never a guess. The witnesses are the
//! analysis's shortest examples (the smallest in byte order among the shortest). Without rules
//! the state decides.
//!
//! ```
//! use std::time::SystemTime;
//! use robotspec::access::restriction::Restriction;
//! use robotspec::access::{evaluate, AccessOptions, FetchOutcome};
//! use robotspec::{AgentQuery, Variant};
//!
//! let body = b"User-agent: *\nDisallow: /\nAllow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n";
//! let ok = FetchOutcome::Response { status: 200, headers: Default::default(), body: body.to_vec() };
//! let access = evaluate(Variant::Rfc9309, &ok, SystemTime::now(), &AccessOptions::default());
//! let foo = access.restriction(&AgentQuery::new("FooBot"));
//! assert_eq!(foo.category, Restriction::Partial);
//! assert_eq!((foo.disallowed.as_deref(), foo.allowed.as_deref()), (Some("/"), Some("/blog/")));
//! assert_eq!(access.restriction(&AgentQuery::new("GPTBot")).category, Restriction::Everything);
//! ```

use serde::Serialize;

use super::{Access, AccessState};
use crate::analysis::{self, Analysis, Reach};
use crate::query::{AgentQuery, Robots};

crate::names::stable_names! {
    /// How much a fetch result keeps an agent out. Names: `everything`, `some`, `nothing`,
    /// `unreachable`, `undecided`.
    pub enum Restriction {
        /// The state is disallow-all, or under rules every path is disallowed.
        Everything = "everything",
        /// Under rules, some paths are allowed and others disallowed.
        Partial = "some",
        /// The state is allow-all, or under rules every path is allowed.
        Nothing = "nothing",
        /// The state is unreachable: crawl nothing for now.
        Unreachable = "unreachable",
        /// Under rules, the exact analysis reached its limit before it could tell.
        Undecided = "undecided",
    }
}

/// A restriction category with its witnesses. Serialised as `{"category", "disallowed",
/// "allowed"}`.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Restricted {
    /// The category.
    pub category: Restriction,
    /// The shortest path the agent may not fetch (a request path); `None` when there is none,
    /// when the state decided without rules, or when an undecided analysis found none.
    pub disallowed: Option<String>,
    /// The shortest path the agent may fetch; `None` likewise.
    pub allowed: Option<String>,
}

impl Restricted {
    /// A category the state gives, without rules to witness it.
    fn without_rules(category: Restriction) -> Restricted {
        Restricted {
            category,
            disallowed: None,
            allowed: None,
        }
    }

    /// The category and witnesses an analysis gives.
    fn of(analysis: &Analysis<'_>) -> Restricted {
        let category = match analysis.reach() {
            Reach::Everything => Restriction::Everything,
            Reach::Some => Restriction::Partial,
            Reach::Nothing => Restriction::Nothing,
            _ => Restriction::Undecided,
        };
        let path = |witness: Option<&analysis::Witness<'_>>| witness.map(|w| w.path().to_owned());
        Restricted {
            category,
            disallowed: path(analysis.disallowed_example()),
            allowed: path(analysis.allowed_example()),
        }
    }
}

impl Access {
    /// How much this result keeps `agent` out, with witnesses (see the module).
    pub fn restriction(&self, agent: &AgentQuery) -> Restricted {
        match self.rules() {
            Some(robots) => restriction(robots, agent),
            None => Restricted::without_rules(self.unruled()),
        }
    }

    /// [`Access::restriction`] of each agent, in order. Agents to whom the same groups apply
    /// share one analysis (a study asks about a dozen agents, most of them the `*` groups').
    pub fn restrictions<'a>(
        &self,
        agents: impl IntoIterator<Item = &'a AgentQuery>,
    ) -> Vec<Restricted> {
        let Some(robots) = self.rules() else {
            let category = self.unruled();
            return agents
                .into_iter()
                .map(|_| Restricted::without_rules(category))
                .collect();
        };
        let applicables: Vec<_> = agents.into_iter().map(|a| robots.applicable(a)).collect();
        analysis::analyze_each(&applicables)
            .iter()
            .map(Restricted::of)
            .collect()
    }

    /// The rules, when the state is that they decide.
    fn rules(&self) -> Option<&Robots> {
        self.robots().filter(|_| self.state == AccessState::Rules)
    }

    /// The category of a state that decides without rules.
    fn unruled(&self) -> Restriction {
        match self.state {
            AccessState::AllowAll => Restriction::Nothing,
            AccessState::DisallowAll => Restriction::Everything,
            _ => Restriction::Unreachable,
        }
    }
}

/// The restriction of `agent` under `robots`: the exact analysis of the rules that apply.
pub fn restriction(robots: &Robots, agent: &AgentQuery) -> Restricted {
    Restricted::of(&analysis::analyze(&robots.applicable(agent)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::{evaluate, AccessOptions, FetchOutcome};
    use crate::variant::Variant;
    use std::time::SystemTime;

    fn access(variant: Variant, status: u16, body: &[u8]) -> Access {
        let outcome = FetchOutcome::Response {
            status,
            headers: crate::access::HeaderMap::new(),
            body: body.to_vec(),
        };
        evaluate(
            variant,
            &outcome,
            SystemTime::UNIX_EPOCH,
            &AccessOptions::default(),
        )
    }

    fn category(access: &Access, agent: &str) -> &'static str {
        access.restriction(&AgentQuery::new(agent)).category.name()
    }

    #[test]
    fn the_state_decides_without_rules() {
        assert_eq!(
            category(&access(Variant::Rfc9309, 404, b""), "bot"),
            "nothing"
        );
        assert_eq!(
            category(&access(Variant::Draft1996, 403, b""), "bot"),
            "everything"
        );
        assert_eq!(
            category(&access(Variant::Rfc9309, 503, b""), "bot"),
            "unreachable"
        );
        let without = access(Variant::Rfc9309, 503, b"").restriction(&AgentQuery::new("bot"));
        assert_eq!((without.disallowed, without.allowed), (None, None));
    }

    #[test]
    fn every_path_counts_not_only_the_rules_own() {
        let body =
            b"User-agent: *\nDisallow: /\nAllow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n\n\
                     User-agent: a\nDisallow: /*.pdf$\n\nUser-agent: b\nDisallow:\n\n\
                     User-agent: c\nDisallow: /a\nAllow: /a$\nAllow: /a/\n";
        let access = access(Variant::Rfc9309, 200, body);
        assert_eq!(category(&access, "GPTBot"), "everything");
        assert_eq!(category(&access, "FooBot"), "some");
        let pdf = access.restriction(&AgentQuery::new("a"));
        assert_eq!(pdf.category, Restriction::Partial);
        assert_eq!(
            (pdf.disallowed.as_deref(), pdf.allowed.as_deref()),
            (Some("/.pdf"), Some("/"))
        );
        // An empty Disallow keeps nothing out.
        assert_eq!(category(&access, "b"), "nothing");
        // Every path a rule names is allowed again (`/a`, `/a/`), but `/ab` is not: the rules'
        // own paths would call it `nothing`.
        let c = access.restriction(&AgentQuery::new("c"));
        assert_eq!(c.category, Restriction::Partial);
        assert_eq!(c.disallowed.as_deref(), Some("/a!"));
    }

    #[test]
    fn an_analysis_past_its_budget_is_undecided() {
        use crate::limits::{Limit, Limits};
        use crate::syntax::ParseOptions;
        // A pattern holding every byte a generic path could be made of: only a complete search
        // over the automaton tells, and one state is not enough for it.
        let body = b"User-agent: *\nDisallow: /!\"'(),-;<=>?@[\\]^_`{|}~ghijklmnpquvwyzGHIJKLMNOPQRSTUVWXYZ\n";
        let limits = Limits::default().with(Limit::AnalysisStates, 1);
        let options = ParseOptions::default().with_limits(limits);
        let robots = Robots::lenient(body, Variant::Google.into(), &options);
        let found = restriction(&robots, &AgentQuery::new("bot"));
        assert_eq!(found.category, Restriction::Undecided);
        let exact = restriction(
            &Robots::parse(body, Variant::Google),
            &AgentQuery::new("bot"),
        );
        assert_eq!(exact.category, Restriction::Partial);
    }

    #[test]
    fn agents_sharing_groups_share_one_answer() {
        let body = b"User-agent: *\nDisallow: /x\n\nUser-agent: a\nDisallow: /\n";
        let access = access(Variant::Google, 200, body);
        let agents = [
            AgentQuery::new("a"),
            AgentQuery::new("foo"),
            AgentQuery::new("bar"),
        ];
        let found: Vec<&str> = access
            .restrictions(&agents)
            .iter()
            .map(|r| r.category.name())
            .collect();
        assert_eq!(found, ["everything", "some", "some"]);
        let json = serde_json::to_value(access.restriction(&agents[1])).unwrap_or_default();
        assert_eq!(
            json,
            serde_json::json!({"category": "some", "disallowed": "/x", "allowed": "/"})
        );
    }
}
