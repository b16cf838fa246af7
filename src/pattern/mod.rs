//! Rule patterns: normalisation, and compilation of a group's rules into one automaton.
//!
//! This is the matcher stage of the pipeline. It knows nothing about files, groups or user
//! agents: it receives the rules of one group as `(kind, pattern bytes)` in file order and
//! answers, for a target (the path + params + query bytes of a URL, extracted by the caller),
//! which rule decides.
//!
//! # What a pattern means
//!
//! * A pattern is matched **at the first byte of the target** and is a **prefix test**: it
//!   matches when it matches some prefix of the target.
//! * With [`PatternSyntax::wildcards`] on (`rep-draft-2019`, RFC 9309, `google`), `*` matches
//!   any run of bytes, possibly empty, and a `$` that is the *last* byte of the pattern means
//!   "the target ends here". A `$` anywhere else is an ordinary byte. With wildcards off
//!   (`1994`, `1996-draft`), `*` and `$` are ordinary bytes.
//! * Every other byte compares equal only to itself: case-sensitive, no decoding, any byte value
//!   (NUL and non-UTF-8 bytes included). Percent-encoding is dealt with *before* compilation by
//!   [`normalise`].
//!
//! # Why one automaton per group
//!
//! A group may hold thousands of rules and a crawler asks about millions of URLs. Testing rules
//! one by one costs `rules × target` per query, and a naive wildcard matcher can backtrack
//! exponentially. Instead, [`RuleMatcher::compile`] puts literal rules in a sorted prefix table
//! and assembles the wildcard rules, straight from their bytes (no regular-expression text is
//! ever written or parsed), into a single anchored multi-pattern Thompson NFA whose pattern IDs
//! are assigned in **priority order** ([`Precedence`]). A DFA over it (lazy by default, dense
//! if configured) then yields the deciding rule in one left-to-right pass over the target.
//! Where there is no DFA (disabled, or the NFA over [`MatcherLimits::nfa_bytes`]) or the lazy
//! DFA gives up on a search, the wildcard rules are tested one by one in priority order by a
//! glob matcher that is linear in the target per rule; [`RuleMatcher::matching`] always uses
//! it. A backtracking engine is never used, and no query is quadratic in the target.
//! `docs/matcher.md` explains the construction in detail.
//!
//! ```
//! use robotspec::internals::{MatcherLimits, PatternSyntax, Precedence, RuleMatcher};
//! use robotspec::model::RuleKind;
//!
//! let rules: [(RuleKind, &[u8]); 2] =
//!     [(RuleKind::Allow, b"/page"), (RuleKind::Disallow, b"/*.ph")];
//! let matcher = RuleMatcher::compile(
//!     &rules,
//!     PatternSyntax { wildcards: true },
//!     Precedence::LongestMatch,
//!     &MatcherLimits::default(),
//! );
//! // Both patterns are 5 bytes long: a tie, and allow wins ties.
//! assert_eq!(matcher.decide(b"/page.php5"), Some(0));
//! assert_eq!(matcher.decide(b"/x.php"), Some(1));
//! assert_eq!(matcher.decide(b"/other"), None);
//! ```

// The matcher and the normalisation are public in `internals` (the fuzz targets and tests call
// them); without it only the crate reaches them.
#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

mod automaton;
mod glob;
mod matcher;
mod normalise;
mod prefix;
mod rental;

#[cfg(test)]
mod tests;

pub use automaton::Engine;
pub(crate) use matcher::decide_one_by_one;
pub use matcher::RuleMatcher;
// What the exact analysis (`crate::analysis`) builds its automata from: the matcher's own NFA
// construction and priority order, so that both read a pattern the same way.
pub(crate) use automaton::build_nfa;
pub(crate) use glob::split_end_anchor;
pub(crate) use matcher::{decides, distinct_patterns, priority_order, PatternRanks};
pub use normalise::{normalise, normalise_target};
pub(crate) use rental::{test_cost, Rental};
