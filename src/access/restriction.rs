//! How much a fetch result keeps an agent out — the restriction category a corpus study counts
//! per site (docs/study.md) — with a witness of each side: a path the agent may not fetch and
//! one it may.
//!
//! The category is computed with the matcher, not guessed from the rules' text: the probes are
//! `/` and, for every non-empty rule of the groups that apply to the agent, three paths — its
//! value as the variant read it, the value with every `*` and a final `$` removed, and that
//! followed by `/` (bytes that are not printable ASCII, `#`, space and a `%` that starts no
//! escape percent-encoded; a leading `/` added when missing). Every probe disallowed is
//! [`Restriction::Everything`], every probe allowed [`Restriction::Nothing`], a mix
//! [`Restriction::Partial`]. Without rules the state decides.
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

use std::collections::HashMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::{Access, AccessState};
use crate::query::{AgentQuery, Robots};

crate::names::stable_names! {
    /// How much a fetch result keeps an agent out. Names: `everything`, `some`, `nothing`,
    /// `unreachable`.
    pub enum Restriction {
        /// The state is disallow-all, or under rules every probe is disallowed.
        Everything = "everything",
        /// Under rules, some probes are allowed and others disallowed.
        Partial = "some",
        /// The state is allow-all, or under rules every probe is allowed.
        Nothing = "nothing",
        /// The state is unreachable: crawl nothing for now.
        Unreachable = "unreachable",
    }
}

/// A restriction category with its witnesses. Serialised as `{"category", "disallowed",
/// "allowed"}`.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Restricted {
    /// The category.
    pub category: Restriction,
    /// The first probe the agent may not fetch (a path); `None` when there is none, or when
    /// the state decided without rules.
    pub disallowed: Option<String>,
    /// The first probe the agent may fetch; `None` likewise.
    pub allowed: Option<String>,
}

impl Restricted {
    /// A category the state gives, without probes.
    fn without_probes(category: Restriction) -> Restricted {
        Restricted {
            category,
            disallowed: None,
            allowed: None,
        }
    }
}

impl Access {
    /// How much this result keeps `agent` out, with witnesses (see the module).
    pub fn restriction(&self, agent: &AgentQuery) -> Restricted {
        match (self.state, self.robots()) {
            (AccessState::Rules, Some(robots)) => restriction(robots, agent),
            (AccessState::AllowAll, _) => Restricted::without_probes(Restriction::Nothing),
            (AccessState::DisallowAll, _) => Restricted::without_probes(Restriction::Everything),
            _ => Restricted::without_probes(Restriction::Unreachable),
        }
    }

    /// [`Access::restriction`] of each agent, in order. Agents to whom the same groups apply
    /// share one computation (a study asks about a dozen agents, most of them the `*` groups').
    pub fn restrictions<'a>(
        &self,
        agents: impl IntoIterator<Item = &'a AgentQuery>,
    ) -> Vec<Restricted> {
        let Some(robots) = self.robots().filter(|_| self.state == AccessState::Rules) else {
            return agents.into_iter().map(|a| self.restriction(a)).collect();
        };
        let mut by_groups: HashMap<Vec<u32>, Restricted> = HashMap::new();
        agents
            .into_iter()
            .map(|agent| {
                let groups: Vec<u32> = robots
                    .applicable(agent)
                    .groups()
                    .map(|group| group.line())
                    .collect();
                by_groups
                    .entry(groups)
                    .or_insert_with(|| restriction(robots, agent))
                    .clone()
            })
            .collect()
    }
}

/// The restriction of `agent` under `robots`: the first probe disallowed and the first allowed
/// (probing stops once both are found).
pub fn restriction(robots: &Robots, agent: &AgentQuery) -> Restricted {
    let mut disallowed: Option<String> = None;
    let mut allowed: Option<String> = None;
    let applicable = robots.applicable(agent);
    let mut ask = |path: String| {
        let url = format!("http://robotspec.invalid{path}");
        let witness = if applicable.is_allowed(&url) {
            &mut allowed
        } else {
            &mut disallowed
        };
        if witness.is_none() {
            *witness = Some(path);
        }
        allowed.is_some() && disallowed.is_some()
    };
    let mut both = ask("/".to_owned());
    for rule in robots.applicable(agent).rules() {
        if both {
            break;
        }
        if rule.is_empty() {
            continue;
        }
        for probe in probes(rule.value()) {
            if ask(probe) {
                both = true;
                break;
            }
        }
    }
    let category = match (&disallowed, &allowed) {
        (Some(_), Some(_)) => Restriction::Partial,
        (Some(_), None) => Restriction::Everything,
        _ => Restriction::Nothing,
    };
    Restricted {
        category,
        disallowed,
        allowed,
    }
}

/// The paths probed for one rule value (see the module).
fn probes(value: &[u8]) -> Vec<String> {
    let plain: Vec<u8> = {
        let without_end = value.strip_suffix(b"$").unwrap_or(value);
        without_end.iter().copied().filter(|&b| b != b'*').collect()
    };
    let mut out = vec![as_path(value)];
    if !plain.is_empty() {
        let path = as_path(&plain);
        let below = if path.ends_with('/') {
            None
        } else {
            Some(format!("{path}/"))
        };
        out.push(path);
        out.extend(below);
    }
    out.dedup();
    out
}

/// `bytes` as the path of a URL: a leading `/` added when missing, bytes that are not printable
/// ASCII (and `%` not starting an escape, `#` and space) percent-encoded.
fn as_path(bytes: &[u8]) -> String {
    let mut path = String::with_capacity(bytes.len() + 1);
    if bytes.first() != Some(&b'/') {
        path.push('/');
    }
    for (i, &byte) in bytes.iter().enumerate() {
        let escape_follows = byte == b'%'
            && bytes
                .get(i + 1..i + 3)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        if byte.is_ascii_graphic() && byte != b'#' && (byte != b'%' || escape_follows) {
            path.push(char::from(byte));
        } else {
            let _ = write!(path, "%{byte:02X}");
        }
    }
    path
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
    fn probes_find_what_a_pattern_keeps_out() {
        let body =
            b"User-agent: *\nDisallow: /\nAllow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n\n\
                     User-agent: a\nDisallow: /*.pdf$\n\nUser-agent: b\nDisallow:\n";
        let access = access(Variant::Rfc9309, 200, body);
        assert_eq!(category(&access, "GPTBot"), "everything");
        assert_eq!(category(&access, "FooBot"), "some");
        // `/*.pdf$` is probed as `/.pdf`, which it disallows, while `/` stays allowed.
        let pdf = access.restriction(&AgentQuery::new("a"));
        assert_eq!(pdf.category, Restriction::Partial);
        assert_eq!(
            (pdf.disallowed.as_deref(), pdf.allowed.as_deref()),
            (Some("/.pdf"), Some("/"))
        );
        // An empty Disallow is not probed: nothing is kept out.
        assert_eq!(category(&access, "b"), "nothing");
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

    #[test]
    fn paths_are_percent_encoded_where_a_url_needs_it() {
        assert_eq!(as_path(b"a b#c"), "/a%20b%23c");
        assert_eq!(as_path(b"/%41%zz"), "/%41%25zz");
        assert_eq!(as_path("/é".as_bytes()), "/%C3%A9");
        assert_eq!(probes(b"/a*b$"), ["/a*b$", "/ab", "/ab/"]);
        assert_eq!(probes(b"/dir/"), ["/dir/"]);
    }
}
