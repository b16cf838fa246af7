//! The tally: comparisons over a corpus, summed per pair of variants and reason, with example
//! lines.

use std::collections::BTreeMap;

use serde::Serialize;

use super::comparison::{Comparison, Reason};
use crate::variant::Profile;

/// One line of a file that shows a reason, for a corpus summary.
#[non_exhaustive]
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
#[non_exhaustive]
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
#[non_exhaustive]
#[derive(Debug, Clone, Serialize)]
pub struct PairSummary {
    /// The first variant.
    pub left: Profile,
    /// The second variant.
    pub right: Profile,
    /// Queries on which their verdicts differ.
    pub disagreements: u64,
    /// Reasons, most frequent first.
    pub reasons: Vec<ReasonCount>,
}

/// Disagreements between variants over many queries.
#[non_exhaustive]
#[derive(Debug, Clone, Serialize)]
pub struct CorpusSummary {
    /// The variants compared, in order.
    pub variants: Vec<String>,
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

/// Accumulates [`Comparison`]s into a [`CorpusSummary`].
#[derive(Debug)]
pub struct Tally {
    variants: Vec<Profile>,
    queries: u64,
    files: u64,
    last_file: Option<String>,
    disagreeing: u64,
    max_examples: usize,
    /// (left, right) positions in `variants` → that pair's tally.
    pairs: BTreeMap<(usize, usize), PairTally>,
}

impl Tally {
    /// A tally over `variants` (variants or composed profiles), keeping up to `max_examples`
    /// example lines per reason and pair.
    pub fn new<P: Into<Profile>>(
        variants: impl IntoIterator<Item = P>,
        max_examples: usize,
    ) -> Tally {
        Tally {
            variants: variants.into_iter().map(Into::into).collect(),
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
        let position = |v: &Profile| self.variants.iter().position(|w| w == v);
        for d in &comparison.disagreements {
            let (Some(left), Some(right)) = (position(&d.left), position(&d.right)) else {
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
    pub fn finish(mut self) -> CorpusSummary {
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
        CorpusSummary {
            variants: self.variants.iter().map(Profile::name).collect(),
            queries: self.queries,
            files: self.files,
            disagreeing_queries: self.disagreeing,
            pairs,
        }
    }
}
