//! The query API: parse once, ask many times, and know why.
//!
//! [`Robots`] holds a file's model and, per distinct agent token the file names (and for the
//! `*` groups), which groups apply. The rules of those groups answer their first queries by being
//! tested one by one, then, once that has cost as much as compiling them is estimated to (ski
//! rental: the first `k` queries never cost much more than twice what compiling at the first
//! would), are compiled into one matcher ([`std::sync::OnceLock`]); a batch of URLs asked at
//! once ([`Applicable::is_allowed_many`]) that would cost more to test than to compile compiles
//! them at once. So groups that are never asked about
//! (or asked only a crawler's two or three questions) cost no compilation, a group asked many
//! questions pays little for the wait, and a `Robots` is `Send + Sync`: share it between
//! threads freely.
//!
//! A `Robots` is built in one pass over the input: each line is read once by the syntax stage,
//! checked (as [`ParseOptions::collect`] asks) and handed to the model, then forgotten. It keeps
//! the model — the text of the lines that matter, not the input — and the diagnostics.
//!
//! ```
//! use robotspec::{Robots, Variant};
//!
//! let robots = Robots::parse(b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n",
//!                            Variant::Google);
//! let verdict = robots.check("FooBot", "https://example.com/private/x?y=1");
//! assert!(!verdict.allowed());
//! assert_eq!(verdict.rule().map(|r| r.line()), Some(2));
//! assert!(robots.check("FooBot", "/private/ok").allowed());
//! assert!(robots.check("OtherBot", "/private/x").allowed());
//! ```

pub(crate) mod agent;
pub(crate) mod target;

mod robots;
mod selection;
mod usage;
mod usage_rules;
mod verdict;

pub use agent::{AgentError, AgentQuery};
pub use robots::Robots;
pub use usage::{PolicyPreference, SignalScope, Usage};
pub use verdict::{Applicable, Decision, Explanation, Verdict};

#[cfg(test)]
mod tests;
