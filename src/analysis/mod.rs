//! Exact answers over every URL: how much of a site a crawler's rules block, which rules never decide, and where
//! two files or two readings part — decided on the automata, with shortest witnesses, never by
//! sampling.
//!
//! A verdict answers one URL. The questions people bring are about all of them: *is this site
//! closed to GPTBot entirely, partly, or not at all?* (`analyze`: what is [`Blocked`]), *which rules
//! can never decide anything?* ([`Analysis::dead_rules`]), *what does my edit open or close?*,
//! *do `rfc9309` and `google` ever disagree on this file?* ([`compare`]). Each is decidable: a
//! rule's pattern is a regular language over path bytes, which rule wins a path depends only on
//! which rules match it, so the paths a crawler may fetch form a regular language, and two of
//! them are compared by a breadth-first search over the product of their automata, which finds
//! a *shortest* path where they differ.
//!
//! What is asked about is every **request path** a client sends: `/`, then printable ASCII
//! (`!` to `~`) except `#`, any other byte percent-encoded — `//x` included, which
//! `http://example.com//x` asks for (a bare `//x` would name the host `x`: [`shown_path`]
//! shows such a path as that URL). Each is
//! read exactly as [`Robots::check`](crate::Robots::check) reads it — the reading's
//! normalisation of the target composed into the automaton, its precedence, Google's
//! `index.htm` rule — except `/robots.txt` itself (and what the reading normalises to it),
//! which a crawler may always fetch and which is left out of every question, so `Disallow: /`
//! shuts out everything under every reading. A witness is the shortest such path, and among the
//! shortest the smallest in byte order, paths that start with `//` last. docs/analysis.md
//! defines all of it, with worked examples.
//!
//! The search builds its automata as it goes and counts what it builds ([`Limit::AnalysisStates`](crate::Limit::AnalysisStates));
//! past the budget it answers [`Blocked::Undecided`] (or `equivalent: None`) with the limit that
//! stopped it — never a guess — and the count does not depend on time, so the answer is the same
//! on every machine.
//!
//! ```
//! use robotspec::analysis::{self, Blocked};
//! use robotspec::{AgentQuery, Robots, Variant};
//!
//! let robots = Robots::parse(b"User-agent: *\nDisallow: /private\nAllow: /private\n", Variant::Rfc9309);
//! let analysis = analysis::analyze(&robots.applicable(&AgentQuery::new("GPTBot")));
//! assert_eq!(analysis.blocked(), Blocked::None);
//! assert_eq!(analysis.allowed_example().map(|w| w.path()), Some("/"));
//! // Allow wins the tie: the Disallow decides no path at all.
//! let dead = analysis.dead_rules().unwrap();
//! assert_eq!(dead[0].rule().line(), 2);
//! assert_eq!(dead[0].shadowed_by().unwrap()[0].line(), 3);
//!
//! let edited = Robots::parse(b"User-agent: *\nDisallow: /private\n", Variant::Rfc9309);
//! let change = analysis::compare(&robots.unnamed(), &edited.unnamed());
//! assert_eq!(change.equivalent(), Some(false));
//! assert_eq!(change.allowed_only_by_old().map(|d| d.path()), Some("/private"));
//! ```

mod analyze;
mod blocked;
mod budget;
mod compare;
mod dead;
mod dfa;
mod generic;
mod minimal;
mod normaliser;
mod pairs;
mod paths;
mod ranking;
mod search;
mod shared;
mod witness;

pub use crate::vocab::access::Blocked;
pub use analyze::{analyze, analyze_each, named_agents, Analysis};
pub use blocked::blocked_each;
pub use compare::{compare, compare_each, compare_within, Difference, Equivalence};
pub use dead::{DeadCause, DeadRule};
pub use pairs::compare_pairs;
pub use paths::Paths;
pub use witness::{shown_path, Witness};
