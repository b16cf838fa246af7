//! `robotspec usage`: the usage preferences that apply to URLs (Content-Usage, Content-Signal),
//! with the lines that say so.
//!
//! Text is one line per URL, as the library's `Display` of a `Usage` writes it. `--format json`
//! is the document `check` prints, each result the library's serialisation of the `Usage`
//! (`url`, `verdict`, `content_usage`, `content_usage_line`, `content_signal`, …).

use std::process::ExitCode;

use robotspec::Usage;

use crate::check::{load_file, print_results};
use crate::reading::ReadingArgs;
use crate::values::{Format, VariantArg};

/// Arguments of `usage`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    reading: ReadingArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The crawler, as for `check`; by default one that no group names (the `*` groups).
    #[arg(long, value_parser = crate::agent::parse, default_value = "*")]
    agent: String,
    /// The robots.txt file, or `-` for standard input.
    file: String,
    /// URLs (`https://example.com/a?b`) or paths (`/a?b`).
    #[arg(required = true, value_parser = crate::urls::page)]
    urls: Vec<String>,
}

/// `usage`: one line per URL; exit 0 (preferences are not verdicts).
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let loaded = load_file(&args.variant, &args.reading, &args.file, &args.agent)?;
    let results: Vec<Usage<'_>> = args
        .urls
        .iter()
        .map(|url| loaded.robots.usage(&loaded.agents, url))
        .collect();
    print_results((args.format, &args.file), &loaded, results, |u| {
        format!("{u}\n")
    })?;
    Ok(ExitCode::SUCCESS)
}
