//! `robotspec analyze`: the exact analysis of a file over every URL (`robotspec::analysis`,
//! docs/analysis.md) — how much of the site a crawler's rules shut out, the shortest allowed and
//! disallowed paths with the rules that decide them, the rules that never decide anything and
//! why, and whether a crawler named in the file is treated otherwise than one it does not name.
//!
//! With `--agent`, one crawler; without, every crawler the file names
//! (`analysis::named_agents`) and one it does not name (`Robots::unnamed`), crawlers whose
//! groups are the same analysed once. Text for people (`exact_text.rs`), or `--format json`:
//! one object per crawler, the library's serialisation of the `Analysis` with the crawler, the
//! reading, its groups and the comparison with an unnamed crawler (`exact::Report`) — one
//! object with `--agent`, a list without. `POST /api/analyze` of the playground answers with
//! the same objects.
//!
//! Exit status: 0 when every answer is exact, 3 when a limit left one undecided, 2 on errors.

use std::process::ExitCode;

use robotspec::analysis;
use robotspec::{AgentQuery, Robots};

use crate::exact::{reports, ExactArgs, Report};
use crate::exact_text::reports_text;
use crate::output::{write_json, write_out};
use crate::values::{Format, VariantArg};
use crate::{load, status};

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

/// `analyze`: exit 0 when every answer is exact, 3 when one is undecided.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let options = args.exact.options();
    let (robots, _cuts) = load::robots(&args.file, &args.variant, &options)?;
    let agent = args.exact.agent()?;
    let single = agent.is_some();
    let reports = reports(&robots, &crawlers(&robots, agent));
    let undecided = reports.iter().any(Report::undecided);
    match (args.exact.format, single) {
        (Format::Json, true) => write_json(&reports.first())?,
        (Format::Json, false) => write_json(&reports)?,
        (Format::Text, _) => write_out(reports_text(&reports))?,
    }
    Ok(status::three_if_undecided(undecided))
}

/// The crawlers to analyse: the one `agent` names, or every crawler the file names and, last,
/// one it does not name (`None`).
fn crawlers(robots: &Robots, agent: Option<AgentQuery>) -> Vec<Option<AgentQuery>> {
    match agent {
        Some(agent) => vec![Some(agent)],
        None => analysis::named_agents(robots)
            .into_iter()
            .map(|token| Some(AgentQuery::new(token)))
            .chain([None])
            .collect(),
    }
}
