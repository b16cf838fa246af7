//! A robots.txt file as a variant reads it: groups, their `user-agent` lines and rules, sitemaps
//! and other records. These are the views a [`Robots`](crate::Robots) hands out
//! ([`Robots::groups`](crate::Robots::groups), [`Verdict::rule`](crate::Verdict::rule),
//! [`Applicable::groups`](crate::Applicable::groups)…): use them to show a user what a file
//! means, to walk a group's rules, or to read crawl-delay and the other records of the groups
//! that apply to a crawler.
//!
//! Grouping follows RFC 9309 §2.1 (which Google's library also follows): a `user-agent` line
//! that follows a rule starts a new group, consecutive `user-agent` lines share one group
//! (blank, comment, sitemap and unknown lines between them change nothing), rules before the
//! first `user-agent` line belong to no group and are ignored
//! ([`Robots::ignored_rules`](crate::Robots::ignored_rules)). In the 1994 and 1996 texts a
//! blank line also ends a record: rules after it and before the next `user-agent` line belong to
//! no record. What a value *means* — a rule's [`Rule::pattern`] after the variant's
//! normalisation, an [`AgentLine::agent`] token — is the variant's reading; the text as written
//! is there too ([`Rule::text`], [`Rule::value`]).
//!
//! ```
//! use robotspec::model::{Agent, RuleKind};
//! use robotspec::{Robots, Variant};
//!
//! let robots = Robots::parse(b"User-agent: FooBot/2.1\nCrawl-delay: 5\nAllow: /caf\xc3\xa9\n", Variant::Google);
//! let group = robots.groups().next().unwrap();
//! assert_eq!(group.agents().next().unwrap().agent(), Agent::Named("FooBot"));
//! let rule = group.rules().next().unwrap();
//! assert_eq!((rule.kind(), rule.line()), (RuleKind::Allow, 3));
//! assert_eq!(rule.pattern(), b"/caf%C3%A9"); // as Google matches it
//! assert_eq!(group.records().next().map(|r| r.value), Some(&b"5"[..]));
//! ```
//!
//! # What is kept (for maintainers)
//!
//! The model is built from the lines as they are read (`ModelBuilder`) and keeps only what
//! answers need: the text of the `user-agent`, rule, sitemap and other record lines, in one
//! byte arena, and small fixed-size entries that point into it. Blank lines, comments and
//! invalid lines cost nothing. A pattern that normalisation leaves unchanged is the value's own
//! bytes in the arena; only a changed one is stored again. The group, rule and pattern limits
//! are applied here: what they cut is left out of the model and reported as `limit-exceeded` on
//! the line where the cut starts.

pub(crate) mod agent;
mod builder;
mod store;
#[cfg(test)]
mod tests;
mod value;
mod views;

pub use crate::variant::Spelling;
pub use crate::vocab::extension::{
    crawl_delay, ContentSignal, ContentUsage, Extension, ExtensionValue, Preference, Preferences,
    RequestRate, Scope, ValueError,
};
pub use crate::vocab::pattern::RuleKind;
pub use crate::vocab::policy::{PolicyToken, AI_TRAINING_POLICY, POLICY_TOKENS};
pub use agent::Agent;
pub(crate) use builder::{build, ModelBuilder};
pub use store::RuleOrigin;
pub(crate) use views::Model;
pub use views::{AgentLine, Group, Record, Rule, Sitemap};
