//! The exact analysis over every URL (`robotspec::analysis`, docs/analysis.md) as `analyze`,
//! `compare` and the playground's `POST /api/analyze` and `POST /api/compare` ask for it: the
//! flags both commands share ([`ExactArgs`]), the rules that apply to a crawler, and one
//! crawler's [`Report`] — the object `analyze --format json` prints and the playground answers
//! with. Their text is `exact_text.rs`'s.

use robotspec::analysis::{self, Analysis, Equivalence};
use robotspec::model::PolicyToken;
use robotspec::{AgentQuery, Applicable, Collect, ParseOptions, Profile, Robots};
use serde::Serialize;

use crate::reading::{AnalysisArgs, ReadingArgs};
use crate::values::Format;

/// What `analyze` and `compare` share: how files are read, the analysis budget, the output
/// format and the crawler.
#[derive(clap::Args)]
pub struct ExactArgs {
    #[command(flatten)]
    reading: ReadingArgs,
    #[command(flatten)]
    analysis: AnalysisArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The crawler, as for `check` [default: every crawler a file names, and one no group
    /// names].
    #[arg(long, value_parser = crate::agent::parse)]
    agent: Option<String>,
}

impl ExactArgs {
    /// The reading options: the flags' with the budget, collecting only what a limit cuts.
    pub fn options(&self) -> ParseOptions {
        self.analysis
            .apply(self.reading.options())
            .with_collect(Collect::Limits)
    }

    /// The crawler `--agent` names, if it is given.
    pub fn agent(&self) -> Result<Option<AgentQuery>, String> {
        self.agent.as_deref().map(crate::agent::query).transpose()
    }
}

/// One crawler's analysis, as `analyze --format json` prints it.
#[derive(Serialize)]
pub struct Report<'r> {
    /// The crawler: as `--agent` names it (its tokens, comma-separated), a token the file
    /// names, or `None` for a crawler the file does not name.
    pub agent: Option<String>,
    pub variant: Profile,
    /// The first lines of the groups that apply to it (none: no group applies).
    pub groups: Vec<u32>,
    #[serde(flatten)]
    pub analysis: Analysis<'r>,
    /// Its rules compared with those of a crawler the file does not name (the old side its
    /// own, the new side the unnamed crawler's); `None` when the same groups apply to both.
    pub compared_with_unnamed: Option<Equivalence<'r, 'r>>,
    /// For a policy token (`__usage_ai-training`): which, and whether a group names it; the
    /// blocking then says for which paths the usage is opted out. Left out for other crawlers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy_token: Option<PolicyReport>,
}

/// A policy token's report (docs/extensions.md, "A training preference written as groups").
#[derive(Serialize)]
pub struct PolicyReport {
    #[serde(flatten)]
    pub policy: PolicyToken,
    /// Whether a group names the token: only then does the file state the preference.
    pub stated: bool,
}

impl PolicyReport {
    /// The report of `crawler` if it is a policy token.
    fn of(robots: &Robots, crawler: Option<&AgentQuery>) -> Option<PolicyReport> {
        let policy = PolicyToken::find(crawler?.tokens().first()?)?;
        let stated = robots.policy_groups(policy).is_some();
        Some(PolicyReport { policy, stated })
    }
}

impl Report<'_> {
    /// Whether some answer is undecided: a limit stopped the analysis or the comparison.
    pub fn undecided(&self) -> bool {
        self.analysis.undecided().is_some()
            || self
                .compared_with_unnamed
                .as_ref()
                .is_some_and(|c| c.equivalent().is_none())
    }
}

/// The rules that apply to `crawler` (`None`: a crawler the file does not name).
pub fn applicable<'r>(robots: &'r Robots, crawler: Option<&AgentQuery>) -> Applicable<'r> {
    match crawler {
        Some(agent) => robots.applicable(agent),
        None => robots.unnamed(),
    }
}

/// The first lines of the groups of `applicable`.
fn group_lines(applicable: &Applicable<'_>) -> Vec<u32> {
    applicable.groups().map(|group| group.line()).collect()
}

/// Each crawler's analysis, crawlers whose rules say the same analysed and compared once.
pub fn reports<'r>(robots: &'r Robots, crawlers: &[Option<AgentQuery>]) -> Vec<Report<'r>> {
    let applicables: Vec<Applicable<'r>> = crawlers
        .iter()
        .map(|crawler| applicable(robots, crawler.as_ref()))
        .collect();
    let unnamed = robots.unnamed();
    let unnamed_groups = group_lines(&unnamed);
    let analyses = analysis::analyze_each(&applicables);
    let compared = analysis::compare_each(&applicables, &unnamed);
    crawlers
        .iter()
        .zip(&applicables)
        .zip(analyses.into_iter().zip(compared))
        .map(|((crawler, applicable), (analysis, compared))| {
            let groups = group_lines(applicable);
            let compared_with_unnamed = (groups != unnamed_groups).then_some(compared);
            let policy_token = PolicyReport::of(robots, crawler.as_ref());
            Report {
                agent: crawler.as_ref().map(AgentQuery::to_string),
                variant: *robots.profile(),
                groups,
                analysis,
                compared_with_unnamed,
                policy_token,
            }
        })
        .collect()
}
