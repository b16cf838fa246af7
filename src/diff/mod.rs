//! Where the variants disagree: one file, several readings, and why their verdicts differ.
//!
//! A [`Comparer`] parses one robots.txt body once per variant. [`Comparer::compare`] asks each
//! reading about one agent and URL and returns a [`Comparison`]: every variant's verdict and
//! deciding rule, and for every pair of variants whose verdicts differ a [`Disagreement`] with a
//! [`Reason`]. The reason is classified from the two verdicts and the two variants' semantics
//! profiles: it names the first profile field, in a fixed order, that differs between the two
//! variants *and* is involved in the lines that decided (`classify`, which names every field
//! of the profile, so that a new field cannot be forgotten).
//! [`compare_parsed`] asks the same of files already parsed (one body under each reading), without
//! parsing it again. [`Tally`] sums comparisons over a corpus into a [`CorpusSummary`].
//!
//! ```
//! use robotspec::diff::{Comparer, Reason};
//! use robotspec::Variant;
//!
//! let body = b"User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
//! let comparer = Comparer::new(body, &[Variant::Draft1996, Variant::Google]);
//! let comparison = comparer.compare("foobot", "/example/page/disallowed.gif");
//! assert!(comparison.disagrees());
//! assert_eq!(comparison.disagreements[0].reason, Reason::FirstMatchVsLongestMatch);
//! ```

mod classify;
mod comparer;
mod comparison;
mod side;
mod tally;

pub use comparer::{compare_parsed, Comparer};
pub use comparison::{Answer, Comparison, Disagreement, LineRef, Reason};
pub use tally::{CorpusSummary, Example, PairSummary, ReasonCount, Tally};

#[cfg(test)]
mod tests;
