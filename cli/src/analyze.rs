//! `robotspec analyze`: the exact analysis of a file over every URL (`robotspec::analysis`,
//! docs/analysis.md) — how much of the site a crawler's rules shut out, the shortest allowed and
//! disallowed paths with the rules that decide them, the rules that never decide anything and
//! why, and whether a crawler named in the file is treated otherwise than one it does not name.
//!
//! With `--agent`, one crawler; without, every crawler the file names
//! (`analysis::named_agents`) and one it does not name (`Robots::unnamed`), crawlers whose
//! groups are the same analysed once. Text for people, or `--format json`: one object per
//! crawler, the library's serialisation of the `Analysis` with the crawler, the reading, its
//! groups and the comparison with an unnamed crawler ([`Report`]) — one object with `--agent`,
//! a list without. `POST /api/analyze` of the playground answers with the same objects.
//!
//! Exit status: 0 when every answer is exact, 3 when a limit left one undecided, 2 on errors.

use std::fmt::Write as _;
use std::process::ExitCode;

use robotspec::analysis::{self, shown_path, Analysis, Equivalence, Reach, Witness};
use robotspec::model::PolicyToken;
use robotspec::{AgentQuery, Applicable, Collect, Limit, ParseOptions, Profile, Robots};
use serde::Serialize;

use crate::reading::{AnalysisArgs, ReadingArgs};
use crate::values::{Format, VariantArg};

/// Arguments of `analyze`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    exact: ExactArgs,
    /// The robots.txt file, or `-` for standard input.
    file: String,
}

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

/// One crawler's analysis, as `--format json` prints it.
#[derive(Serialize)]
pub struct Report<'r> {
    /// The crawler: as `--agent` names it (its tokens, comma-separated), a token the file
    /// names, or `None` for a crawler the file does not name.
    agent: Option<String>,
    variant: Profile,
    /// The first lines of the groups that apply to it (none: no group applies).
    groups: Vec<u32>,
    #[serde(flatten)]
    analysis: Analysis<'r>,
    /// Its rules compared with those of a crawler the file does not name (the old side its
    /// own, the new side the unnamed crawler's); `None` when the same groups apply to both.
    compared_with_unnamed: Option<Equivalence<'r, 'r>>,
    /// For a policy token (`__usage_ai-training`): which, and whether a group names it; the
    /// reach then says for which paths the usage is opted out. Left out for other crawlers.
    #[serde(skip_serializing_if = "Option::is_none")]
    policy_token: Option<PolicyReport>,
}

/// A policy token's report (docs/extensions.md, "A training preference written as groups").
#[derive(Serialize)]
struct PolicyReport {
    #[serde(flatten)]
    policy: PolicyToken,
    /// Whether a group names the token: only then does the file state the preference.
    stated: bool,
}

impl PolicyReport {
    /// The report of `crawler` if it is a policy token.
    fn of(robots: &Robots, crawler: Option<&AgentQuery>) -> Option<PolicyReport> {
        let policy = PolicyToken::find(crawler?.tokens().first()?)?;
        let stated = robots.policy_groups(policy).is_some();
        Some(PolicyReport { policy, stated })
    }

    /// The answer for people: is the usage opted out, and for which paths.
    fn text(&self, analysis: &Analysis<'_>) -> String {
        let PolicyToken {
            token,
            category,
            usage,
            ..
        } = self.policy;
        if !self.stated {
            return format!(
                "not stated: the file has no group for `{token}` (the groups above are about \
                 crawling)"
            );
        }
        match analysis.reach() {
            Reach::Everything => format!("{usage} opted out on every path ({category}=n)"),
            Reach::Some => format!(
                "{usage} opted out on some paths ({category}=n where `{token}` is disallowed, \
                 e.g. {}), not on the others",
                analysis
                    .disallowed_example()
                    .map_or("none".into(), |w| shown_path(w.path()))
            ),
            Reach::Nothing => format!("{usage} not opted out on any path ({category}=y)"),
            _ => "undecided (a limit stopped the analysis)".to_owned(),
        }
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

/// `analyze`: exit 0 when every answer is exact, 3 when one is undecided.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let options = args.exact.options();
    let bytes = crate::input::read(&args.file, options.limits().get(Limit::InputBytes))?;
    let (robots, cuts) =
        crate::check::read_robots(&args.file, &bytes, args.variant.profile()?, &options)?;
    crate::parse::print_diagnostics(crate::input::name(&args.file), &cuts);
    let agent = args.exact.agent()?;
    let single = agent.is_some();
    let reports = reports(&robots, &crawlers(&robots, agent));
    let undecided = reports.iter().any(Report::undecided);
    match (args.exact.format, single) {
        (Format::Json, true) => crate::write_json(&reports.first())?,
        (Format::Json, false) => crate::write_json(&reports)?,
        (Format::Text, _) => crate::write_out(text(&reports))?,
    }
    Ok(undecided_status(undecided))
}

/// `0`, or `3` when some answer is undecided (`analyze`, `compare`).
pub fn undecided_status(undecided: bool) -> ExitCode {
    if undecided {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

/// The crawlers to analyse: the one `agent` names, or every crawler the file names and, last,
/// one it does not name (`None`).
pub fn crawlers(robots: &Robots, agent: Option<AgentQuery>) -> Vec<Option<AgentQuery>> {
    match agent {
        Some(agent) => vec![Some(agent)],
        None => analysis::named_agents(robots)
            .into_iter()
            .map(|token| Some(AgentQuery::new(token)))
            .chain([None])
            .collect(),
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

/// Labels of the text output, aligned.
const WIDTH: usize = 12;

/// Every report as a block of `label: value` lines, blocks separated by a blank line.
fn text(reports: &[Report<'_>]) -> String {
    let blocks: Vec<String> = reports.iter().map(block).collect();
    blocks.join("\n")
}

fn block(report: &Report<'_>) -> String {
    let mut out = String::new();
    let mut line = |label: &str, value: &str| {
        let label = if label.is_empty() {
            String::new()
        } else {
            format!("{label}:")
        };
        let _ = writeln!(out, "{label:WIDTH$}{value}");
    };
    let analysis = &report.analysis;
    line("agent", &crawler_name(report.agent.as_deref()));
    line("variant", &report.variant.name());
    line("groups", &groups_text(&report.groups));
    line("reach", &reach_text(analysis.reach()));
    line("allowed", &example(analysis.allowed_example()));
    line("disallowed", &example(analysis.disallowed_example()));
    if let Some(limit) = analysis.undecided() {
        line("undecided", &limit_text(limit));
    }
    let dead = dead_rules(analysis);
    line("dead rules", dead.first().map_or("", String::as_str));
    for rest in dead.iter().skip(1) {
        line("", rest);
    }
    if let Some(policy) = &report.policy_token {
        line("policy", &policy.text(analysis));
    }
    if let Some(compared) = &report.compared_with_unnamed {
        let lines = unnamed_text(report.agent.as_deref(), compared);
        line("vs unnamed", lines.first().map_or("", String::as_str));
        for rest in lines.iter().skip(1) {
            line("", rest);
        }
    }
    out
}

/// The crawler as the text names it.
pub fn crawler_name(agent: Option<&str>) -> String {
    agent.map_or_else(|| "(a crawler no group names)".to_owned(), str::to_owned)
}

fn groups_text(lines: &[u32]) -> String {
    match lines {
        [] => "none applies".to_owned(),
        [one] => format!("the group at line {one}"),
        more => {
            let lines: Vec<String> = more.iter().map(u32::to_string).collect();
            format!("the groups at lines {}", lines.join(", "))
        }
    }
}

fn reach_text(reach: Reach) -> String {
    let meaning = match reach {
        Reach::Everything => "every path is disallowed",
        Reach::Some => "some paths are allowed, others disallowed",
        Reach::Nothing => "every path is allowed",
        _ => "a limit stopped the analysis before it could tell",
    };
    format!("{reach} ({meaning})")
}

/// What a limit left undecided, and the flag that raises it.
pub fn limit_text(limit: Limit) -> String {
    let flag = limit.name().replace('_', "-");
    format!(
        "the limit `{limit}` stopped the analysis before every answer was exact \
         (--max-{flag} raises it)"
    )
}

/// A witness as `/path: allowed by line 3: Allow: /path`, or `none`.
fn example(witness: Option<&Witness<'_>>) -> String {
    witness.map_or_else(|| "none".to_owned(), Witness::to_string)
}

/// How a witness's reading decides it, without the path: `allowed by line 3: Allow: /a`.
pub fn ruling(witness: &Witness<'_>) -> String {
    let text = witness.to_string();
    let prefix = format!("{}: ", shown_path(witness.path()));
    text.strip_prefix(&prefix).unwrap_or(&text).to_owned()
}

/// One line per dead rule — `line 3: Allow: /a — why` — or `none`, or `unknown` when a
/// limit stopped the analysis.
fn dead_rules(analysis: &Analysis<'_>) -> Vec<String> {
    match analysis.dead_rules() {
        None => vec!["unknown (undecided)".to_owned()],
        Some([]) => vec!["none".to_owned()],
        Some(dead) => dead
            .iter()
            .map(|d| {
                let rule = d.rule();
                let text = String::from_utf8_lossy(rule.text());
                format!("line {}: {text} — {}: {}", rule.line(), d.cause(), d.why())
            })
            .collect(),
    }
}

/// The comparison with an unnamed crawler: `the same paths allowed`, or a line per difference.
fn unnamed_text(agent: Option<&str>, compared: &Equivalence<'_, '_>) -> Vec<String> {
    let mut lines = match compared.equivalent() {
        Some(true) => vec!["the same paths allowed".to_owned()],
        Some(false) => vec!["differs".to_owned()],
        None => vec!["undecided".to_owned()],
    };
    let name = crawler_name(agent);
    for difference in compared.differences() {
        lines.push(format!(
            "{}: {} for {name}; {} for a crawler no group names",
            shown_path(difference.path()),
            ruling(difference.in_old()),
            ruling(difference.in_new()),
        ));
    }
    if let Some(limit) = compared.undecided() {
        lines.push(limit_text(limit));
    }
    lines
}
