//! How much of a site a fetch result blocks for an agent — what a corpus study counts per site
//! (docs/study.md) — with a witness of each side: the shortest path the agent may not fetch and
//! the shortest it may.
//!
//! Under rules the answer is the exact analysis's [`Blocked`] (`crate::analysis`,
//! docs/analysis.md): decided over every request path but `/robots.txt`, on the automata of the
//! rules that apply to the agent, never by sampling — every path disallowed is
//! [`Blocked::All`], none [`Blocked::None`], a mix [`Blocked::Some`]; when the analysis's budget
//! ([`Limit::AnalysisStates`](crate::Limit::AnalysisStates)) runs out before it can tell,
//! [`Blocked::Undecided`], never a guess. The witnesses are the
//! analysis's shortest examples (the smallest in byte order among the shortest). Without rules
//! the state decides.
//!
//! ```
//! use std::time::SystemTime;
//! use robotspec::access::{evaluate, AccessOptions, FetchOutcome};
//! use robotspec::analysis::Blocked;
//! use robotspec::{AgentQuery, Variant};
//!
//! let body = b"User-agent: *\nDisallow: /\nAllow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n";
//! let ok = FetchOutcome::Response { status: 200, headers: Default::default(), body: body.to_vec() };
//! let access = evaluate(Variant::Rfc9309, &ok, SystemTime::now(), &AccessOptions::default());
//! let foo = access.blocking(&AgentQuery::new("FooBot"));
//! assert_eq!(foo.blocked, Blocked::Some);
//! assert_eq!((foo.disallowed.as_deref(), foo.allowed.as_deref()), (Some("/"), Some("/blog/")));
//! assert_eq!(access.blocking(&AgentQuery::new("GPTBot")).blocked, Blocked::All);
//! ```

use serde::Serialize;

use super::policy::Access;
use crate::analysis::{self, Analysis};
use crate::query::{AgentQuery, Robots};
use crate::vocab::access::{AccessState, Blocked};

/// How much a fetch result blocks for an agent, with its witnesses. Serialised as
/// `{"blocked", "disallowed", "allowed"}`.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Blocking {
    /// How much is blocked.
    pub blocked: Blocked,
    /// The shortest path the agent may not fetch (a request path); `None` when there is none,
    /// when the state decided without rules, or when an undecided analysis found none.
    pub disallowed: Option<String>,
    /// The shortest path the agent may fetch; `None` likewise.
    pub allowed: Option<String>,
}

impl Blocking {
    /// What the state blocks, without rules to witness it.
    fn without_rules(blocked: Blocked) -> Blocking {
        Blocking {
            blocked,
            disallowed: None,
            allowed: None,
        }
    }

    /// What an analysis says is blocked, and its witnesses.
    fn of(analysis: &Analysis<'_>) -> Blocking {
        let blocked = analysis.blocked();
        let path = |witness: Option<&analysis::Witness<'_>>| witness.map(|w| w.path().to_owned());
        Blocking {
            blocked,
            disallowed: path(analysis.disallowed_example()),
            allowed: path(analysis.allowed_example()),
        }
    }
}

impl Access {
    /// How much of the site this result blocks for `agent`, with witnesses (see the module).
    pub fn blocking(&self, agent: &AgentQuery) -> Blocking {
        match self.rules() {
            Some(robots) => Blocking::of(&analysis::analyze(&robots.applicable(agent))),
            None => Blocking::without_rules(self.unruled()),
        }
    }

    /// [`Access::blocking`] of each agent, in order. Agents to whom the same groups apply
    /// share one analysis (a study asks about a dozen agents, most of them the `*` groups').
    pub fn blocking_each<'a>(
        &self,
        agents: impl IntoIterator<Item = &'a AgentQuery>,
    ) -> Vec<Blocking> {
        let Some(robots) = self.rules() else {
            let blocked = self.unruled();
            return agents
                .into_iter()
                .map(|_| Blocking::without_rules(blocked))
                .collect();
        };
        let applicables: Vec<_> = agents.into_iter().map(|a| robots.applicable(a)).collect();
        analysis::analyze_each(&applicables)
            .iter()
            .map(Blocking::of)
            .collect()
    }

    /// The rules, when the state is that they decide.
    fn rules(&self) -> Option<&Robots> {
        self.robots().filter(|_| self.state == AccessState::Rules)
    }

    /// What a state that decides without rules blocks.
    fn unruled(&self) -> Blocked {
        match self.state {
            AccessState::AllowAll => Blocked::None,
            AccessState::DisallowAll => Blocked::All,
            AccessState::Unreachable | AccessState::Rules => Blocked::Unreachable,
        }
    }
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

    fn blocked(access: &Access, agent: &str) -> &'static str {
        access.blocking(&AgentQuery::new(agent)).blocked.name()
    }

    #[test]
    fn the_state_decides_without_rules() {
        assert_eq!(blocked(&access(Variant::Rfc9309, 404, b""), "bot"), "none");
        assert_eq!(blocked(&access(Variant::Draft1996, 403, b""), "bot"), "all");
        assert_eq!(
            blocked(&access(Variant::Rfc9309, 503, b""), "bot"),
            "unreachable"
        );
        let without = access(Variant::Rfc9309, 503, b"").blocking(&AgentQuery::new("bot"));
        assert_eq!((without.disallowed, without.allowed), (None, None));
    }

    #[test]
    fn every_path_counts_not_only_the_rules_own() {
        let body =
            b"User-agent: *\nDisallow: /\nAllow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n\n\
                     User-agent: a\nDisallow: /*.pdf$\n\nUser-agent: b\nDisallow:\n\n\
                     User-agent: c\nDisallow: /a\nAllow: /a$\nAllow: /a/\n";
        let access = access(Variant::Rfc9309, 200, body);
        assert_eq!(blocked(&access, "GPTBot"), "all");
        assert_eq!(blocked(&access, "FooBot"), "some");
        let pdf = access.blocking(&AgentQuery::new("a"));
        assert_eq!(pdf.blocked, Blocked::Some);
        assert_eq!(
            (pdf.disallowed.as_deref(), pdf.allowed.as_deref()),
            (Some("/.pdf"), Some("/"))
        );
        // An empty Disallow keeps nothing out.
        assert_eq!(blocked(&access, "b"), "none");
        // Every path a rule names is allowed again (`/a`, `/a/`), but `/ab` is not: the rules'
        // own paths would call it `none`.
        let c = access.blocking(&AgentQuery::new("c"));
        assert_eq!(c.blocked, Blocked::Some);
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
        let robots = Robots::parse_lenient(body, Variant::Google.into(), &options);
        let blocking = |robots: &Robots| {
            Blocking::of(&analysis::analyze(
                &robots.applicable(&AgentQuery::new("bot")),
            ))
        };
        assert_eq!(blocking(&robots).blocked, Blocked::Undecided);
        let exact = blocking(&Robots::parse(body, Variant::Google));
        assert_eq!(exact.blocked, Blocked::Some);
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
            .blocking_each(&agents)
            .iter()
            .map(|r| r.blocked.name())
            .collect();
        assert_eq!(found, ["all", "some", "some"]);
        let json = serde_json::to_value(access.blocking(&agents[1])).unwrap_or_default();
        assert_eq!(
            json,
            serde_json::json!({"blocked": "some", "disallowed": "/x", "allowed": "/"})
        );
    }
}
