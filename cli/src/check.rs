//! `robotspec check` and `robotspec explain`: verdicts for URLs, with the deciding rule.
//!
//! Text is one line per URL (`check`) or a block per URL (`explain`), as the library's
//! `Display` of a verdict or an explanation writes it. `--format json` is one document
//! (`file_query.rs`): the file, the variant, the agent's tokens, the limit cuts, and one result
//! per URL — the library's serialisation of the verdict (`check`) or of the explanation
//! (`explain`, whose results also carry `url` and `verdict`, so `.results[].verdict.allowed`
//! reads both).

use std::process::ExitCode;

use robotspec::Verdict;
use serde::Serialize;

use crate::file_query::FileQuery;
use crate::status;

/// Arguments shared by `check` and `explain`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    query: FileQuery,
    /// The crawler: a product token, several comma-separated (most specific first, e.g.
    /// `Googlebot-Image,Googlebot`), or a full User-Agent header, from which the token is taken.
    #[arg(long, value_parser = crate::agent::parse)]
    agent: String,
}

/// One URL's verdict (`check`).
#[derive(Serialize)]
struct Checked<'a> {
    url: &'a str,
    verdict: Verdict<'a>,
}

/// `check`: one line per URL; exit 0 if all are allowed, 1 if any is disallowed.
pub fn run_check(args: &Args) -> Result<ExitCode, String> {
    let loaded = args.query.load(&args.agent)?;
    let results: Vec<Checked<'_>> = args
        .query
        .urls
        .iter()
        .map(|url| Checked {
            url,
            verdict: loaded.robots.check_query(&loaded.agents, url),
        })
        .collect();
    let all_allowed = results.iter().all(|c| c.verdict.allowed());
    args.query
        .print(&loaded, results, |c| format!("{}\t{}\n", c.url, c.verdict))?;
    Ok(status::one_unless_all_good(all_allowed))
}

/// `explain`: for each URL, the groups chosen, every matching rule and why the winner won.
pub fn run_explain(args: &Args) -> Result<ExitCode, String> {
    let loaded = args.query.load(&args.agent)?;
    let results: Vec<_> = args
        .query
        .urls
        .iter()
        .map(|url| loaded.robots.explain(&loaded.agents, url))
        .collect();
    let all_allowed = results.iter().all(|e| e.verdict().allowed());
    args.query.print(&loaded, results, |e| format!("{e}\n"))?;
    Ok(status::one_unless_all_good(all_allowed))
}
