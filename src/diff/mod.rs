//! Where the variants disagree: one file, several readings, and why their verdicts differ.
//!
//! A [`Comparer`] parses one robots.txt body once per variant. [`Comparer::compare`] asks each
//! reading about one agent and URL and returns a [`Comparison`]: every variant's verdict and
//! deciding rule, and for every pair of variants whose verdicts differ a [`Disagreement`] with a
//! [`Reason`]. The reason is classified from the two verdicts and the two variants' semantics
//! profiles: it names the first profile field, in a fixed order, that differs between the two
//! variants *and* is involved in the lines that decided (`classify`, which names every field
//! of the profile, so that a new field cannot be forgotten).
//! [`Tally`] sums comparisons over a corpus into a [`Summary`].
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

use std::fmt;

use serde::Serialize;

use crate::query::{Decision, Robots};
use crate::variant::Profile;

mod classify;
mod comparer;
mod tally;

pub use comparer::Comparer;
pub use tally::{Example, PairSummary, ReasonCount, Summary, Tally};

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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::Variant::{self, Convention1994, Draft1996, Google, RepDraft2019, Rfc9309};

    /// The one disagreement between two variants on a body, agent and URL.
    fn one(body: &str, pair: [Variant; 2], agent: &str, url: &str) -> Disagreement {
        let comparison = Comparer::new(body.as_bytes(), pair).compare(agent, url);
        assert_eq!(comparison.disagreements.len(), 1, "{comparison:?}");
        comparison.disagreements[0].clone()
    }

    const E11: &str =
        "User-Agent : foobot\nAllow : /example/page/\nDisallow : /example/page/disallowed.gif\n";

    #[test]
    fn e11_first_match_against_longest_match() {
        let d = one(
            E11,
            [Draft1996, Google],
            "foobot",
            "/example/page/disallowed.gif",
        );
        assert_eq!(d.reason, Reason::FirstMatchVsLongestMatch);
        assert_eq!(d.left_rule.unwrap().text, "Allow : /example/page/");
        let right = d.right_rule.unwrap();
        assert_eq!(right.line, 3);
        assert_eq!(right.text, "Disallow : /example/page/disallowed.gif");
    }

    #[test]
    fn e11_under_1994_the_allow_is_not_a_rule() {
        let d = one(
            E11,
            [Convention1994, Draft1996],
            "foobot",
            "/example/page/disallowed.gif",
        );
        assert_eq!(d.reason, Reason::AllowNotSupported);
        assert_eq!(d.evidence.unwrap().line, 2);
    }

    #[test]
    fn e20_a_star_is_literal_before_2019() {
        let body = "User-agent: *\nDisallow: /fish*\n";
        let d = one(body, [Draft1996, Google], "anybot", "/fish.html");
        assert_eq!(d.reason, Reason::WildcardLiteralVsOperator);
        assert_eq!(d.evidence.unwrap().text, "Disallow: /fish*");
        assert!(d.left_rule.is_none());
        let all = Comparer::new(body.as_bytes(), Variant::ALL).compare("anybot", "/fish.html");
        // 1994 and 1996 allow, 2019, RFC 9309 and Google disallow: 2 × 3 pairs.
        assert_eq!(all.disagreements.len(), 6);
        assert!(all
            .disagreements
            .iter()
            .all(|d| d.reason == Reason::WildcardLiteralVsOperator));
        let same = Comparer::new(b"User-agent: *\nDisallow: /fish\n", Variant::ALL)
            .compare("anybot", "/fish.html");
        assert!(!same.disagrees());
        assert!(same.answers.iter().all(|o| !o.allowed));
    }

    #[test]
    fn e19_and_e24_a_blank_line_ends_the_record_in_1994_and_1996() {
        let e19 = "user-agent: a\nsitemap: https://example.com/sitemap.xml\n\nuser-agent: b\ndisallow: /\n";
        let d = one(e19, [Convention1994, Google], "a", "/x");
        assert_eq!(d.reason, Reason::BlankLineEndsRecord);
        assert_eq!(d.evidence.unwrap().line, 3);
        let e24 = "User-agent: foo\n\nDisallow: /private\n";
        let d = one(e24, [Draft1996, Rfc9309], "foo", "/private");
        assert_eq!(d.reason, Reason::BlankLineEndsRecord);
        assert_eq!(d.evidence.unwrap().line, 2);
        assert_eq!(d.right_rule.unwrap().line, 3);
    }

    #[test]
    fn e8_allow_is_not_in_the_1994_key_set() {
        let e8 = "User-agent: webcrawler\nUser-agent: infoseek\nAllow: /tmp/ok.html\nDisallow: /tmp\nDisallow: /user/foo\n";
        let d = one(e8, [Convention1994, Google], "webcrawler", "/tmp/ok.html");
        assert_eq!(d.reason, Reason::AllowNotSupported);
        assert_eq!(d.left_rule.unwrap().line, 4);
        assert_eq!(d.right_rule.unwrap().line, 3);
    }

    #[test]
    fn e3_robots_txt_is_implicitly_allowed_except_by_google() {
        let e3 = "# foutez le camp!\nUser-agent: *\nDisallow: /\n";
        let d = one(e3, [Rfc9309, Google], "anybot", "http://x.com/robots.txt");
        assert_eq!(d.reason, Reason::RobotsTxtImplicitlyAllowed);
        let c = Comparer::new(e3.as_bytes(), Variant::ALL).compare("anybot", "/robots.txt");
        assert_eq!(c.disagreements.len(), 4);
        assert!(!Comparer::new(e3.as_bytes(), Variant::ALL)
            .compare("anybot", "/other")
            .disagrees());
    }

    #[test]
    fn keys_only_google_accepts() {
        let d = one(
            "user-agent: *\ndisallowed: /x\n",
            [Rfc9309, Google],
            "a",
            "/x",
        );
        assert_eq!(d.reason, Reason::KeySpelling);
        assert_eq!(d.evidence.unwrap().text, "disallowed: /x");
        let d = one(
            "user agent: foo\ndisallow: /x\n",
            [Rfc9309, Google],
            "foo",
            "/x",
        );
        assert_eq!(d.reason, Reason::KeySpelling);
        assert_eq!(d.evidence.unwrap().line, 1);
    }

    /// The key is the syntax stage's, whether or not a colon follows it.
    #[test]
    fn key_spelling_without_a_colon() {
        let d = one(
            "user-agent: *\nDisallowed /x\n",
            [Rfc9309, Google],
            "a",
            "/x",
        );
        assert_eq!(d.reason, Reason::KeySpelling);
        assert_eq!(d.evidence.unwrap().text, "Disallowed /x");
    }

    #[test]
    fn agent_values_read_differently() {
        let d = one(
            "user-agent: googlebot/1.2\ndisallow: /\n",
            [RepDraft2019, Google],
            "googlebot",
            "/x",
        );
        assert_eq!(d.reason, Reason::UserAgentMatching);
    }

    #[test]
    fn first_global_group_against_merged_ones() {
        let d = one(
            "user-agent: *\ndisallow: /a\n\nuser-agent: *\ndisallow: /b\n",
            [RepDraft2019, Rfc9309],
            "a",
            "/b",
        );
        assert_eq!(d.reason, Reason::FirstGroupVsMerged);
        assert_eq!(d.evidence.unwrap().line, 4);
    }

    #[test]
    fn escapes_normalised_differently() {
        let d = one(
            "user-agent: *\ndisallow: /%7Ea\n",
            [RepDraft2019, Google],
            "a",
            "/~a",
        );
        assert_eq!(d.reason, Reason::PercentEncoding);
    }

    #[test]
    fn googles_index_htm_rule() {
        let d = one(
            "user-agent: *\ndisallow: /d/\nallow: /d/index.html\n",
            [Rfc9309, Google],
            "a",
            "/d/",
        );
        assert_eq!(d.reason, Reason::IndexHtmRule);
        assert_eq!(d.evidence.unwrap().line, 3);
    }

    #[test]
    fn a_nul_ends_the_line_for_google() {
        let d = one(
            "user-agent: *\ndisallow: /a\0b\n",
            [Rfc9309, Google],
            "a",
            "/ax",
        );
        assert_eq!(d.reason, Reason::LineLengthNul);
        assert_eq!(d.evidence.unwrap().line, 2);
    }

    #[test]
    fn names_are_the_serialised_form() {
        for reason in Reason::ALL {
            let json = serde_json::to_string(reason).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.name()));
        }
    }

    #[test]
    fn tally_counts_pairs_and_reasons() {
        let variants = [Draft1996, RepDraft2019, Google];
        let comparer = Comparer::new(E11.as_bytes(), variants);
        let mut tally = Tally::new(variants, 2);
        for url in ["/example/page/disallowed.gif", "/example/page/", "/x"] {
            tally.add("E11.txt", "foobot", &comparer.compare("foobot", url));
        }
        let summary = tally.finish();
        assert_eq!(summary.queries, 3);
        assert_eq!(summary.files, 1);
        assert_eq!(summary.disagreeing_queries, 1);
        let counts: Vec<u64> = summary.pairs.iter().map(|p| p.disagreements).collect();
        // 1996 vs 2019, 1996 vs google, 2019 vs google.
        assert_eq!(counts, [1, 1, 0]);
        let first = &summary.pairs[0].reasons[0];
        assert_eq!(first.reason, Reason::FirstMatchVsLongestMatch);
        assert_eq!(first.examples.len(), 1);
        assert_eq!(first.examples[0].file, "E11.txt");
    }
}
