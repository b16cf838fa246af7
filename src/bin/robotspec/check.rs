//! `robotspec check` and `robotspec explain`: verdicts for URLs, with the deciding rule.

use std::fmt::Write as _;
use std::process::ExitCode;

use robotspec::{AgentQuery, Code, Collect, Limit, Robots};

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
    let options = args.reading.options().with_collect(Collect::Limits);
    let bytes = super::input::read(&args.file, options.limits().get(Limit::InputBytes))?;
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
        all_allowed &= explanation.verdict().allowed();
        crate::write_out(format!("{explanation}\n"))?;
    }
    Ok(crate::exit_status(all_allowed))
}
