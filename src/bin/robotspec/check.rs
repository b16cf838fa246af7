//! `robotspec check` and `robotspec explain`: verdicts for URLs, with the deciding rule.

use std::fmt::Write as _;
use std::process::ExitCode;

use robotspec::agent::AgentQuery;
use robotspec::pattern::{Precedence, RuleKind};
use robotspec::robots::{Applied, Decision, Explanation};
use robotspec::syntax::escape;
use robotspec::{Code, Collect, ParseOptions, Robots};

use crate::parse::print_diagnostics;
use crate::reading::ReadingArgs;
use crate::values::VariantArg;

/// Arguments shared by `check` and `explain`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    reading: ReadingArgs,
    /// The crawler: a product token, several comma-separated (most specific first, e.g.
    /// `Googlebot-Image,Googlebot`), or a full User-Agent header, from which the token is taken.
    #[arg(long, value_parser = crate::agent::parse)]
    agent: String,
    /// The robots.txt file, or `-` for standard input.
    file: String,
    /// URLs (`https://example.com/a?b`) or paths (`/a?b`) to check.
    #[arg(required = true, value_parser = crate::urls::page)]
    urls: Vec<String>,
}

/// Reads the file with the given options. A strict-mode rejection prints every problem and
/// is an error; in lenient mode, what a limit left out is reported on standard error.
fn load(args: &Args) -> Result<(Robots, AgentQuery), String> {
    // Verdicts need no lint; what a limit cut is reported all the same.
    let options = ParseOptions {
        collect: Collect::Limits,
        ..args.reading.options()
    };
    let bytes = super::input::read(&args.file, options.limits.input_bytes)?;
    let name = super::input::name(&args.file);
    let robots =
        Robots::parse_with(&bytes, args.variant.variant, &options).map_err(|rejected| {
            print_diagnostics(name, rejected.diagnostics());
            format!("{name}: rejected in strict mode")
        })?;
    let cut: Vec<_> = robots
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::LimitExceeded)
        .cloned()
        .collect();
    print_diagnostics(name, &cut);
    Ok((robots, crate::agent::query(&args.agent)))
}

/// `check`: one line per URL; exit 0 if all are allowed, 1 if any is disallowed.
pub fn run_check(args: &Args) -> Result<ExitCode, String> {
    let (robots, agents) = load(args)?;
    let mut out = String::new();
    let mut all_allowed = true;
    for url in &args.urls {
        let verdict = robots.check_query(&agents, url);
        all_allowed &= verdict.allowed();
        let _ = writeln!(out, "{url}\t{verdict}");
    }
    crate::write_out(&out)?;
    Ok(crate::exit_status(all_allowed))
}

/// `explain`: for each URL, the groups chosen, every matching rule and why the winner won.
pub fn run_explain(args: &Args) -> Result<ExitCode, String> {
    let (robots, agents) = load(args)?;
    let mut all_allowed = true;
    for url in &args.urls {
        let explanation = robots.explain(&agents, url);
        all_allowed &= explanation.verdict.allowed();
        crate::write_out(describe(&robots, &agents, url, &explanation))?;
    }
    Ok(crate::exit_status(all_allowed))
}

fn describe(robots: &Robots, agents: &AgentQuery, url: &str, e: &Explanation<'_>) -> String {
    let mut out = String::new();
    let verdict = &e.verdict;
    let _ = writeln!(out, "url:      {url}");
    let _ = writeln!(out, "target:   {}", escape(&e.target));
    let _ = writeln!(out, "variant:  {}", robots.variant());
    let lines: Vec<String> = verdict.groups().map(|g| g.line().to_string()).collect();
    let groups = match verdict.applied() {
        Applied::Agent(token) => format!(
            "the group(s) naming `{}` (line {}); `*` groups ignored",
            String::from_utf8_lossy(token),
            lines.join(", ")
        ),
        Applied::Global => format!(
            "no group names {agents}: the `*` group(s) (line {})",
            lines.join(", ")
        ),
        Applied::Nothing => format!("no group names {agents} and there is no `*` group"),
    };
    let _ = writeln!(out, "groups:   {groups}");
    if e.matching.is_empty() {
        let _ = writeln!(out, "matching: none");
    } else {
        let _ = writeln!(out, "matching (priority order, first wins):");
        for rule in &e.matching {
            let kind = match rule.kind() {
                RuleKind::Allow => "allow",
                RuleKind::Disallow => "disallow",
            };
            let derived = match rule.origin() {
                robotspec::model::RuleOrigin::Written => "",
                robotspec::model::RuleOrigin::IndexHtmDirectory => " (index.htm rule)",
            };
            let _ = writeln!(
                out,
                "  line {:<5} {kind:<8} {:<30} length {}{derived}",
                rule.line(),
                escape(rule.pattern()),
                rule.pattern().len()
            );
        }
    }
    let why = match verdict.decision() {
        Decision::Rule(_) => why_the_winner_won(robots, &e.matching),
        Decision::NoMatchingRule => "nothing matches: allowed".to_owned(),
        Decision::NoGroup => "no group applies: allowed".to_owned(),
        Decision::RobotsTxt => "/robots.txt is always allowed".to_owned(),
    };
    let _ = writeln!(out, "verdict:  {verdict}");
    let _ = writeln!(out, "why:      {why}\n");
    out
}

/// Why the first of `matching` (priority order) beat the others, in the variant's terms.
fn why_the_winner_won(robots: &Robots, matching: &[robotspec::model::Rule<'_>]) -> String {
    let (Some(winner), Some(runner_up)) = (matching.first(), matching.get(1)) else {
        return "the only matching rule decides".to_owned();
    };
    match robots.variant().profile().precedence {
        Precedence::LongestMatch if winner.pattern().len() == runner_up.pattern().len() => format!(
            "longest match; lines {} and {} tie at {} bytes and allow wins ties",
            winner.line(),
            runner_up.line(),
            winner.pattern().len()
        ),
        Precedence::LongestMatch => format!(
            "longest match: {} bytes beat {} (line {})",
            winner.pattern().len(),
            runner_up.pattern().len(),
            runner_up.line()
        ),
        Precedence::FirstMatch => "the first matching rule in file order decides".to_owned(),
        Precedence::AnyDisallow => "any matching disallow decides".to_owned(),
    }
}
