//! Where the variants disagree: one file, several readings, and why their verdicts differ.
//!
//! A [`Comparer`] parses one robots.txt body once per variant. [`Comparer::compare`] asks each
//! reading about one agent and URL and returns a [`Comparison`]: every variant's verdict and
//! deciding rule, and for every pair of variants whose verdicts differ a [`Disagreement`] with a
//! [`Reason`]. The reason is classified from the two verdicts and the two variants' semantics
//! profiles ([`crate::variant::Profile`]): it names the first profile field, in a fixed order,
//! that differs between the two variants *and* is involved in the lines that decided.
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

use std::collections::BTreeMap;
use std::fmt;

use serde::{Serialize, Serializer};

use crate::agent::AgentQuery;
use crate::model::RuleOrigin;
use crate::robots::{Decision, Robots, Verdict};
use crate::syntax::{Collect, ParseOptions};
use crate::target::target_of;
use crate::variant::{Directive, Profile, Variant};

/// Why two variants' verdicts differ. The names ([`Reason::name`], and the serialised form) are
/// stable kebab-case identifiers.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The target is `/robots.txt`, which one variant always allows
    /// (`robots_txt_always_allowed`).
    RobotsTxtImplicitlyAllowed,
    /// A line involved is longer than one variant reads, or holds a NUL that ends it for one
    /// variant (`max_line_bytes`, `nul_ends_line`).
    LineLengthNul,
    /// A deciding line's key is spelled in a way only one variant accepts (a prefix or a
    /// misspelling: `key_matching`).
    KeySpelling,
    /// The deciding rule is an `allow`, a key one variant does not have (`keys`).
    AllowNotSupported,
    /// A blank line inside a group ends the record for one variant only
    /// (`blank_line_ends_group`).
    BlankLineEndsRecord,
    /// The variants read the `user-agent` values differently, so different groups apply
    /// (`agent_matching`).
    UserAgentMatching,
    /// One variant uses only the first matching (or first `*`) group, the other merges them
    /// (`group_selection`).
    FirstGroupVsMerged,
    /// The deciding rule is the directory rule Google's library derives from an
    /// `allow: …/index.htm…` (`index_htm_allows_directory`).
    IndexHtmRule,
    /// A deciding rule's pattern holds `*` or `$`, an operator for one variant and a literal
    /// byte for the other (`pattern_syntax.wildcards`).
    WildcardLiteralVsOperator,
    /// The rule or the target holds `%` or non-ASCII bytes and the variants normalise them
    /// differently (`pattern_encoding`, `target_encoding`).
    PercentEncoding,
    /// Both verdicts were decided by a rule, chosen under different precedence (`precedence`:
    /// first match, longest match, any disallow).
    FirstMatchVsLongestMatch,
    /// None of the above explains it.
    Other,
}

impl Reason {
    /// Every reason, in classification order.
    pub const ALL: &'static [Reason] = &[
        Reason::RobotsTxtImplicitlyAllowed,
        Reason::LineLengthNul,
        Reason::KeySpelling,
        Reason::AllowNotSupported,
        Reason::BlankLineEndsRecord,
        Reason::UserAgentMatching,
        Reason::FirstGroupVsMerged,
        Reason::IndexHtmRule,
        Reason::WildcardLiteralVsOperator,
        Reason::PercentEncoding,
        Reason::FirstMatchVsLongestMatch,
        Reason::Other,
    ];

    /// The stable kebab-case name, as serialised.
    pub fn name(self) -> &'static str {
        match self {
            Reason::RobotsTxtImplicitlyAllowed => "robots-txt-implicitly-allowed",
            Reason::LineLengthNul => "line-length-nul",
            Reason::KeySpelling => "key-spelling",
            Reason::AllowNotSupported => "allow-not-supported",
            Reason::BlankLineEndsRecord => "blank-line-ends-record",
            Reason::UserAgentMatching => "user-agent-matching",
            Reason::FirstGroupVsMerged => "first-group-vs-merged",
            Reason::IndexHtmRule => "index-htm-rule",
            Reason::WildcardLiteralVsOperator => "wildcard-literal-vs-operator",
            Reason::PercentEncoding => "percent-encoding",
            Reason::FirstMatchVsLongestMatch => "first-match-vs-longest-match",
            Reason::Other => "other",
        }
    }

    /// A few words for people.
    pub fn describe(self) -> &'static str {
        match self {
            Reason::RobotsTxtImplicitlyAllowed => "/robots.txt implicitly allowed",
            Reason::LineLengthNul => "line length / NUL",
            Reason::KeySpelling => "key spelling",
            Reason::AllowNotSupported => "allow not supported",
            Reason::BlankLineEndsRecord => "blank line ends record",
            Reason::UserAgentMatching => "user-agent matching",
            Reason::FirstGroupVsMerged => "first * group vs merged",
            Reason::IndexHtmRule => "index.htm rule",
            Reason::WildcardLiteralVsOperator => "wildcard literal vs operator",
            Reason::PercentEncoding => "percent-encoding",
            Reason::FirstMatchVsLongestMatch => "first-match vs longest-match",
            Reason::Other => "other",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// What decided one variant's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecidedBy {
    /// A rule ([`Outcome::rule`]).
    Rule,
    /// Groups apply but no rule matches.
    NoMatchingRule,
    /// No group applies.
    NoGroup,
    /// The target is `/robots.txt`, always allowed by the variant.
    RobotsTxt,
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
    fn of(robots: &Robots, line: u32) -> LineRef {
        LineRef::of_either(robots, robots, line)
    }

    /// Line `line` as kept by one of two readings of the file (a line may be a rule for one
    /// variant and an unknown record for the other).
    fn of_either(first: &Robots, second: &Robots, line: u32) -> LineRef {
        let text = first
            .model()
            .line_text(line)
            .or_else(|| second.model().line_text(line))
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

fn variant_name<S: Serializer>(variant: &Variant, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(variant.name())
}

/// One variant's answer.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    /// The variant.
    #[serde(serialize_with = "variant_name")]
    pub variant: Variant,
    /// May the URL be fetched?
    pub allowed: bool,
    /// What decided.
    pub decided_by: DecidedBy,
    /// The deciding rule's line, when a rule decided.
    pub rule: Option<LineRef>,
    /// First lines of the groups whose rules were used.
    pub groups: Vec<u32>,
}

/// Two variants whose verdicts differ, and why.
#[derive(Debug, Clone, Serialize)]
pub struct Disagreement {
    /// The first variant (in the comparer's order).
    #[serde(serialize_with = "variant_name")]
    pub left: Variant,
    /// The second variant.
    #[serde(serialize_with = "variant_name")]
    pub right: Variant,
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
    /// One outcome per variant, in the comparer's order.
    pub outcomes: Vec<Outcome>,
    /// One entry per pair of variants whose verdicts differ, in pair order.
    pub disagreements: Vec<Disagreement>,
}

impl Comparison {
    /// True when some variants allow the URL and others do not.
    pub fn disagrees(&self) -> bool {
        !self.disagreements.is_empty()
    }
}

/// One robots.txt body read by several variants.
#[derive(Debug)]
pub struct Comparer {
    robots: Vec<Robots>,
}

impl Comparer {
    /// Parses `input` (leniently, collecting only what limits cut) once per variant. Duplicate
    /// variants are dropped.
    pub fn new(input: &[u8], variants: &[Variant]) -> Comparer {
        let options = ParseOptions {
            collect: Collect::Limits,
            ..ParseOptions::default()
        };
        let mut seen: Vec<Variant> = Vec::new();
        for &variant in variants {
            if !seen.contains(&variant) {
                seen.push(variant);
            }
        }
        Comparer {
            robots: seen
                .into_iter()
                .map(|variant| {
                    Robots::parse_with(input, variant, &options)
                        .unwrap_or_else(|_| Robots::parse(b"", variant))
                })
                .collect(),
        }
    }

    /// The variants compared, in order.
    pub fn variants(&self) -> impl Iterator<Item = Variant> + '_ {
        self.robots.iter().map(Robots::variant)
    }

    /// The file as each variant reads it.
    pub fn robots(&self) -> &[Robots] {
        &self.robots
    }

    /// Compares the variants' verdicts for one agent token (used as given) and URL.
    pub fn compare(&self, agent: &str, url: &str) -> Comparison {
        self.compare_with(url, |robots| robots.check(agent, url))
    }

    /// Like [`Comparer::compare`] for a crawler known by several tokens, most specific first.
    pub fn compare_query(&self, agents: &AgentQuery, url: &str) -> Comparison {
        self.compare_with(url, |robots| robots.check_query(agents, url))
    }

    fn compare_with<'s>(
        &'s self,
        url: &str,
        ask: impl Fn(&'s Robots) -> Verdict<'s>,
    ) -> Comparison {
        let sides: Vec<Side<'_>> = self
            .robots
            .iter()
            .map(|robots| Side {
                robots,
                profile: robots.variant().profile(),
                verdict: ask(robots),
            })
            .collect();
        let target = target_of(url);
        let mut disagreements = Vec::new();
        for (i, left) in sides.iter().enumerate() {
            for right in sides.iter().skip(i + 1) {
                if left.verdict.allowed() == right.verdict.allowed() {
                    continue;
                }
                let (reason, evidence) = classify(left, right, &target);
                disagreements.push(Disagreement {
                    left: left.robots.variant(),
                    right: right.robots.variant(),
                    reason,
                    evidence: evidence
                        .map(|line| LineRef::of_either(left.robots, right.robots, line)),
                    left_rule: left.rule_line().map(|line| LineRef::of(left.robots, line)),
                    right_rule: right
                        .rule_line()
                        .map(|line| LineRef::of(right.robots, line)),
                });
            }
        }
        Comparison {
            url: url.to_owned(),
            outcomes: sides.iter().map(Side::outcome).collect(),
            disagreements,
        }
    }
}

/// One variant's reading and verdict, as the classifier sees it.
struct Side<'r> {
    robots: &'r Robots,
    profile: &'static Profile,
    verdict: Verdict<'r>,
}

/// A line that went into a verdict: a `user-agent` line of a group used, or the deciding rule.
struct Involved<'r> {
    line: u32,
    key: &'r [u8],
    text: &'r [u8],
}

impl<'r> Side<'r> {
    fn rule_line(&self) -> Option<u32> {
        self.verdict.rule().map(|rule| rule.line())
    }

    fn outcome(&self) -> Outcome {
        let decided_by = match self.verdict.decision() {
            Decision::Rule(_) => DecidedBy::Rule,
            Decision::NoMatchingRule => DecidedBy::NoMatchingRule,
            Decision::NoGroup => DecidedBy::NoGroup,
            Decision::RobotsTxt => DecidedBy::RobotsTxt,
        };
        Outcome {
            variant: self.robots.variant(),
            allowed: self.verdict.allowed(),
            decided_by,
            rule: self.rule_line().map(|line| LineRef::of(self.robots, line)),
            groups: self.verdict.groups().map(|g| g.line()).collect(),
        }
    }

    /// The lines that went into the verdict: the deciding rule, then the `user-agent` lines of
    /// the groups used.
    fn involved_lines(&self) -> impl Iterator<Item = Involved<'r>> + 'r {
        let agent_lines = self.verdict.groups().flat_map(|group| {
            group.agents().map(|agent| Involved {
                line: agent.line(),
                key: agent.key(),
                text: agent.text(),
            })
        });
        let rule = self.verdict.rule().map(|rule| Involved {
            line: rule.line(),
            key: rule.key(),
            text: rule.text(),
        });
        rule.into_iter().chain(agent_lines)
    }

    /// Lines of every rule in the groups used.
    fn rule_lines(&self) -> Vec<u32> {
        self.verdict
            .groups()
            .flat_map(|group| group.rules())
            .map(|rule| rule.line())
            .collect()
    }

    /// The deciding rule's value as the variant read it.
    fn rule_value(&self) -> Option<&'r [u8]> {
        self.verdict.rule().map(|rule| rule.value())
    }
}

/// The first reason, in [`Reason::ALL`] order, that explains why `a` and `b` differ, and the line
/// that shows it.
fn classify(a: &Side<'_>, b: &Side<'_>, target: &[u8]) -> (Reason, Option<u32>) {
    let (pa, pb) = (a.profile, b.profile);
    let robots_txt = |s: &Side<'_>| matches!(s.verdict.decision(), Decision::RobotsTxt);
    if pa.robots_txt_always_allowed != pb.robots_txt_always_allowed
        && (robots_txt(a) || robots_txt(b))
    {
        return (Reason::RobotsTxtImplicitlyAllowed, None);
    }
    if let Some(line) = cut_line(a, b).or_else(|| cut_line(b, a)) {
        return (Reason::LineLengthNul, Some(line));
    }
    if let Some(found) = key_read_differently(a, b).or_else(|| key_read_differently(b, a)) {
        return found;
    }
    if let Some(found) = structure(a, b) {
        return found;
    }
    let origin = |s: &Side<'_>| s.verdict.rule().map(|rule| rule.origin());
    if pa.index_htm_allows_directory != pb.index_htm_allows_directory {
        for side in [a, b] {
            if origin(side) == Some(RuleOrigin::IndexHtmDirectory) {
                return (Reason::IndexHtmRule, side.rule_line());
            }
        }
    }
    if pa.pattern_syntax.wildcards != pb.pattern_syntax.wildcards {
        for side in [a, b] {
            if side
                .rule_value()
                .is_some_and(|v| v.contains(&b'*') || v.contains(&b'$'))
            {
                return (Reason::WildcardLiteralVsOperator, side.rule_line());
            }
        }
    }
    if pa.pattern_encoding != pb.pattern_encoding || pa.target_encoding != pb.target_encoding {
        let encoded = |bytes: &[u8]| bytes.iter().any(|&c| c == b'%' || !c.is_ascii());
        for side in [a, b] {
            if side.rule_value().is_some_and(encoded) {
                return (Reason::PercentEncoding, side.rule_line());
            }
        }
        if encoded(target) {
            return (
                Reason::PercentEncoding,
                a.rule_line().or_else(|| b.rule_line()),
            );
        }
    }
    if pa.precedence != pb.precedence && a.verdict.rule().is_some() && b.verdict.rule().is_some() {
        return (Reason::FirstMatchVsLongestMatch, a.rule_line());
    }
    (Reason::Other, a.rule_line().or_else(|| b.rule_line()))
}

/// A line `side` used that the other variant cuts short: it holds a NUL that ends lines for
/// one of them only, or is longer than one of them reads.
fn cut_line(side: &Side<'_>, other: &Side<'_>) -> Option<u32> {
    let (p, q) = (side.profile, other.profile);
    let nul_differs = p.nul_ends_line != q.nul_ends_line;
    let limit = match (p.max_line_bytes, q.max_line_bytes) {
        (x, y) if x == y => None,
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    };
    side.involved_lines()
        .find(|line| {
            (nul_differs && line.text.contains(&0))
                || limit.is_some_and(|limit| line.text.len() > limit)
        })
        .map(|line| line.line)
}

/// A line `side` used whose key (as the syntax stage read it) `other` reads as a different
/// directive: `allow` missing from the other's key set, or a spelling only one of them accepts.
fn key_read_differently(side: &Side<'_>, other: &Side<'_>) -> Option<(Reason, Option<u32>)> {
    side.involved_lines().find_map(|line| {
        let here = side.profile.classify_key(line.key).0;
        let there = other.profile.classify_key(line.key).0;
        if here == there {
            return None;
        }
        let known_there = other.profile.keys.iter().any(|k| k.directive == here);
        let reason = if !known_there && here == Directive::Allow {
            Reason::AllowNotSupported
        } else {
            Reason::KeySpelling
        };
        Some((reason, Some(line.line)))
    })
}

/// When the two variants used different groups, or one's deciding rule is not among the rules
/// the other used: why, from the grouping fields of the profiles.
fn structure(a: &Side<'_>, b: &Side<'_>) -> Option<(Reason, Option<u32>)> {
    let groups_a: Vec<u32> = a.verdict.groups().map(|g| g.line()).collect();
    let groups_b: Vec<u32> = b.verdict.groups().map(|g| g.line()).collect();
    let (rules_a, rules_b) = (a.rule_lines(), b.rule_lines());
    let missing = |side: &Side<'_>, others: &[u32]| {
        side.rule_line().is_some_and(|line| !others.contains(&line))
    };
    let same_applied = a.verdict.applied() == b.verdict.applied();
    if same_applied && groups_a == groups_b && !missing(a, &rules_b) && !missing(b, &rules_a) {
        return None;
    }
    let (pa, pb) = (a.profile, b.profile);
    if pa.blank_line_ends_group != pb.blank_line_ends_group {
        let merged = if pa.blank_line_ends_group { b } else { a };
        if let Some(line) = blank_inside_groups(merged) {
            return Some((Reason::BlankLineEndsRecord, Some(line)));
        }
    }
    let first_differing = || {
        groups_a
            .iter()
            .find(|g| !groups_b.contains(g))
            .or_else(|| groups_b.iter().find(|g| !groups_a.contains(g)))
            .copied()
    };
    if pa.agent_matching != pb.agent_matching && !same_applied {
        return Some((Reason::UserAgentMatching, first_differing()));
    }
    if pa.group_selection != pb.group_selection && groups_a != groups_b {
        return Some((Reason::FirstGroupVsMerged, first_differing()));
    }
    if pa.agent_matching != pb.agent_matching {
        return Some((Reason::UserAgentMatching, first_differing()));
    }
    None
}

/// A blank line inside one of the groups `side` used (between its first `user-agent` line and
/// its last line), as the model recorded it.
fn blank_inside_groups(side: &Side<'_>) -> Option<u32> {
    side.verdict.groups().find_map(|group| group.blank_line())
}

/// One line of a file that shows a reason, for a corpus summary.
#[derive(Debug, Clone, Serialize)]
pub struct Example {
    /// The file's name.
    pub file: String,
    /// The line.
    pub line: u32,
    /// Its text.
    pub text: String,
    /// The agent asked about.
    pub agent: String,
    /// The URL asked about.
    pub url: String,
}

/// How often one reason explains a pair's disagreements.
#[derive(Debug, Clone, Serialize)]
pub struct ReasonCount {
    /// The reason.
    pub reason: Reason,
    /// Queries it explains.
    pub count: u64,
    /// A few lines that show it, from different files where possible.
    pub examples: Vec<Example>,
}

/// One pair of variants over a corpus.
#[derive(Debug, Clone, Serialize)]
pub struct PairSummary {
    /// The first variant.
    #[serde(serialize_with = "variant_name")]
    pub left: Variant,
    /// The second variant.
    #[serde(serialize_with = "variant_name")]
    pub right: Variant,
    /// Queries on which their verdicts differ.
    pub disagreements: u64,
    /// Reasons, most frequent first.
    pub reasons: Vec<ReasonCount>,
}

/// Disagreements between variants over many queries.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The variants compared, in order.
    pub variants: Vec<&'static str>,
    /// Queries compared.
    pub queries: u64,
    /// Distinct runs of consecutive queries on one file (files, when queries are grouped).
    pub files: u64,
    /// Queries on which at least two variants differ.
    pub disagreeing_queries: u64,
    /// Every pair of variants, in order, including those that always agree.
    pub pairs: Vec<PairSummary>,
}

/// One pair's disagreements, and per reason its count and examples.
type PairTally = (u64, BTreeMap<Reason, (u64, Vec<Example>)>);

/// Accumulates [`Comparison`]s into a [`Summary`].
#[derive(Debug)]
pub struct Tally {
    variants: Vec<Variant>,
    queries: u64,
    files: u64,
    last_file: Option<String>,
    disagreeing: u64,
    max_examples: usize,
    /// (left, right) positions in `variants` → that pair's tally.
    pairs: BTreeMap<(usize, usize), PairTally>,
}

impl Tally {
    /// A tally over `variants`, keeping up to `max_examples` example lines per reason and pair.
    pub fn new(variants: &[Variant], max_examples: usize) -> Tally {
        Tally {
            variants: variants.to_vec(),
            queries: 0,
            files: 0,
            last_file: None,
            disagreeing: 0,
            max_examples,
            pairs: BTreeMap::new(),
        }
    }

    /// Adds one comparison of `agent` and the comparison's URL on `file`.
    pub fn add(&mut self, file: &str, agent: &str, comparison: &Comparison) {
        self.queries += 1;
        if self.last_file.as_deref() != Some(file) {
            self.files += 1;
            self.last_file = Some(file.to_owned());
        }
        if comparison.disagrees() {
            self.disagreeing += 1;
        }
        let position = |v: Variant| self.variants.iter().position(|&w| w == v);
        for d in &comparison.disagreements {
            let (Some(left), Some(right)) = (position(d.left), position(d.right)) else {
                continue;
            };
            let pair = self.pairs.entry((left, right)).or_default();
            pair.0 += 1;
            let (count, examples) = pair.1.entry(d.reason).or_default();
            *count += 1;
            let shown = d
                .evidence
                .as_ref()
                .or(d.left_rule.as_ref())
                .or(d.right_rule.as_ref());
            if let Some(shown) = shown {
                let new_file = examples.iter().all(|e| e.file != file);
                if examples.len() < self.max_examples && new_file {
                    examples.push(Example {
                        file: file.to_owned(),
                        line: shown.line,
                        text: shown.text.clone(),
                        agent: agent.to_owned(),
                        url: comparison.url.clone(),
                    });
                }
            }
        }
    }

    /// The summary: every pair of variants in order, reasons most frequent first.
    pub fn finish(mut self) -> Summary {
        let mut pairs = Vec::new();
        for (i, &left) in self.variants.iter().enumerate() {
            for (j, &right) in self.variants.iter().enumerate().skip(i + 1) {
                let (disagreements, reasons) = self.pairs.remove(&(i, j)).unwrap_or_default();
                let mut reasons: Vec<ReasonCount> = reasons
                    .into_iter()
                    .map(|(reason, (count, examples))| ReasonCount {
                        reason,
                        count,
                        examples,
                    })
                    .collect();
                reasons.sort_by(|x, y| y.count.cmp(&x.count).then(x.reason.cmp(&y.reason)));
                pairs.push(PairSummary {
                    left,
                    right,
                    disagreements,
                    reasons,
                });
            }
        }
        Summary {
            variants: self.variants.iter().map(|v| v.name()).collect(),
            queries: self.queries,
            files: self.files,
            disagreeing_queries: self.disagreeing,
            pairs,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use Variant::{Convention1994, Draft1996, Google, RepDraft2019, Rfc9309};

    /// The one disagreement between two variants on a body, agent and URL.
    fn one(body: &str, pair: [Variant; 2], agent: &str, url: &str) -> Disagreement {
        let comparison = Comparer::new(body.as_bytes(), &pair).compare(agent, url);
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
        assert!(same.outcomes.iter().all(|o| !o.allowed));
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
        let comparer = Comparer::new(E11.as_bytes(), &variants);
        let mut tally = Tally::new(&variants, 2);
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
