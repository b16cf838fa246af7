//! `robotspec usage`: the usage preferences that apply to URLs (Content-Usage, Content-Signal),
//! with the lines that say so.
//!
//! Text is one line per URL, as the library's `Display` of a `Usage` writes it. `--format json`
//! is the document `check` prints (`file_query.rs`), each result the library's serialisation of
//! the `Usage` (`url`, `verdict`, `content_usage`, `content_usage_line`, `content_signal`, …).

use std::process::ExitCode;

use robotspec::Usage;

use crate::file_query::FileQuery;

/// Arguments of `usage`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    query: FileQuery,
    /// The crawler, as for `check`; by default one that no group names (the `*` groups).
    #[arg(long, value_parser = crate::agent::parse, default_value = "*")]
    agent: String,
}

/// `usage`: one line per URL; exit 0 (preferences are not verdicts).
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let loaded = args.query.load(&args.agent)?;
    let results: Vec<Usage<'_>> = args
        .query
        .urls
        .iter()
        .map(|url| loaded.robots.usage(&loaded.agents, url))
        .collect();
    args.query.print(&loaded, results, |u| format!("{u}\n"))?;
    Ok(ExitCode::SUCCESS)
}
