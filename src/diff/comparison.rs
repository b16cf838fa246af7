//! What a comparison says: each variant's answer, and for every pair that differs, why.

use std::fmt;

use serde::Serialize;

use crate::query::{Decision, Robots};
use crate::variant::Profile;

crate::names::stable_names! {
    /// Why two variants' verdicts differ. The names ([`Reason::name`], and the serialised
    /// form) are stable kebab-case identifiers; the order of [`Reason::ALL`] is the order in
    /// which the classifier tries them.
    pub enum Reason {
        /// The target is `/robots.txt`, which one variant always allows
        /// (`robots_txt_always_allowed`).
        RobotsTxtImplicitlyAllowed = "robots-txt-implicitly-allowed",
        /// A line involved is longer than one variant reads, or holds a NUL that ends it for one
        /// variant (`max_line_bytes`, `nul_ends_line`).
        LineLengthNul = "line-length-nul",
        /// A deciding line's key is spelled in a way only one variant accepts (a prefix or a
        /// misspelling: `key_matching`).
        KeySpelling = "key-spelling",
        /// The deciding rule is an `allow`, a key one variant does not have (`keys`).
        AllowNotSupported = "allow-not-supported",
        /// A blank line inside a group ends the record for one variant only
        /// (`blank_line_ends_group`).
        BlankLineEndsRecord = "blank-line-ends-record",
        /// The variants read the `user-agent` values differently, so different groups apply
        /// (`agent_matching`).
        UserAgentMatching = "user-agent-matching",
        /// One variant uses only the first matching (or first `*`) group, the other merges them
        /// (`group_selection`).
        FirstGroupVsMerged = "first-group-vs-merged",
        /// The deciding rule is the directory rule Google's library derives from an
        /// `allow: …/index.htm…` (`index_htm_allows_directory`).
        IndexHtmRule = "index-htm-rule",
        /// A deciding rule's pattern holds `*` or `$`, an operator for one variant and a literal
        /// byte for the other (`pattern_syntax.wildcards`).
        WildcardLiteralVsOperator = "wildcard-literal-vs-operator",
        /// The rule or the target holds `%` or non-ASCII bytes and the variants normalise them
        /// differently (`pattern_encoding`, `target_encoding`).
        PercentEncoding = "percent-encoding",
        /// Both verdicts were decided by a rule, chosen under different precedence (`precedence`:
        /// first match, longest match, any disallow).
        FirstMatchVsLongestMatch = "first-match-vs-longest-match",
        /// None of the above explains it.
        Other = "other",
    }
}

/// A line of the file: its number and text (lossy UTF-8, line end removed, trimmed).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineRef {
    /// 1-based line number.
    pub line: u32,
    /// The text.
    pub text: String,
}

impl LineRef {
    /// Line `line` of the file `robots` read: the text the model kept of it (a `user-agent` or
    /// rule line), else empty (a blank line).
    pub(super) fn of(robots: &Robots, line: u32) -> LineRef {
        LineRef::of_either(robots, robots, line)
    }

    /// Line `line` as kept by one of two readings of the file (a line may be a rule for one
    /// variant and an unknown record for the other).
    pub(super) fn of_either(first: &Robots, second: &Robots, line: u32) -> LineRef {
        let text = first
            .model
            .line_text(line)
            .or_else(|| second.model.line_text(line))
            .unwrap_or_default();
        LineRef {
            line,
            text: String::from_utf8_lossy(text).trim().to_owned(),
        }
    }
}

impl fmt::Display for LineRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.text)
    }
}

/// One variant's answer.
#[non_exhaustive]
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    /// The reading: a variant, or a variant with settings changed.
    pub variant: Profile,
    /// May the URL be fetched?
    pub allowed: bool,
    /// What decided.
    pub decision: Decision,
    /// The deciding rule's line, when a rule decided.
    pub rule: Option<LineRef>,
    /// First lines of the groups whose rules were used.
    pub groups: Vec<u32>,
}

/// Two variants whose verdicts differ, and why.
#[non_exhaustive]
#[derive(Debug, Clone, Serialize)]
pub struct Disagreement {
    /// The first reading (in the comparer's order).
    pub left: Profile,
    /// The second reading.
    pub right: Profile,
    /// Why.
    pub reason: Reason,
    /// The line that shows the reason (a misspelled key, a blank line, a wildcard rule…), when
    /// one line does.
    pub evidence: Option<LineRef>,
    /// The left variant's deciding rule line.
    pub left_rule: Option<LineRef>,
    /// The right variant's deciding rule line.
    pub right_rule: Option<LineRef>,
}

/// Every variant's answer to one query, and the pairs that disagree.
#[non_exhaustive]
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// The URL (or path) asked about.
    pub url: String,
    /// One answer per variant, in the comparer's order.
    pub answers: Vec<Answer>,
    /// One entry per pair of variants whose verdicts differ, in pair order.
    pub disagreements: Vec<Disagreement>,
}

impl Comparison {
    /// True when some variants allow the URL and others do not.
    pub fn disagrees(&self) -> bool {
        !self.disagreements.is_empty()
    }
}
