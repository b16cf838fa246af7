//! `robotspec check` and `robotspec explain`: verdicts for URLs, with the deciding rule.
//!
//! Text is one line per URL (`check`) or a block per URL (`explain`), as the library's
//! `Display` of a verdict or an explanation writes it. `--format json` is one document: the
//! file, the variant, the agent's tokens, the limit cuts, and one result per URL — the
//! library's serialisation of the verdict (`check`) or of the explanation (`explain`, whose
//! results also carry `url` and `verdict`, so `.results[].verdict.allowed` reads both).

use std::process::ExitCode;

use robotspec::{
    AgentQuery, Code, Collect, Diagnostic, Limit, ParseOptions, Profile, Robots, Verdict,
};
use serde::Serialize;

use crate::parse::print_diagnostics;
use crate::reading::ReadingArgs;
use crate::values::{Format, VariantArg};

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

/// What every command asking about URLs of one file takes (`check`, `explain`, `usage`): the
/// reading, the output format, the file and the URLs.
#[derive(clap::Args)]
pub struct FileQuery {
    #[command(flatten)]
    variant: VariantArg,
    #[command(flatten)]
    reading: ReadingArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The robots.txt file, or `-` for standard input.
    file: String,
    /// URLs (`https://example.com/a?b`) or paths (`/a?b`).
    #[arg(required = true, value_parser = crate::urls::page)]
    pub urls: Vec<String>,
}

impl FileQuery {
    /// Reads the file for `agent` (see [`load_file`]).
    pub fn load(&self, agent: &str) -> Result<Loaded, String> {
        load_file(&self.variant, &self.reading, &self.file, agent)
    }

    /// Prints `results` in the chosen format (see [`print_results`]).
    pub fn print<R: Serialize>(
        &self,
        loaded: &Loaded,
        results: Vec<R>,
        text: impl Fn(&R) -> String,
    ) -> Result<(), String> {
        print_results((self.format, &self.file), loaded, results, text)
    }
}

/// The file as read, and who asks.
pub struct Loaded {
    pub robots: Robots,
    pub agents: AgentQuery,
    /// What a limit left out (`limit-exceeded`), already printed on standard error.
    cuts: Vec<Diagnostic>,
}

/// `--format json` of `check` and `explain`.
#[derive(Serialize)]
struct Answer<'a, R> {
    /// The file as messages name it (`<stdin>` for `-`).
    file: &'a str,
    variant: &'a Profile,
    agents: &'a AgentQuery,
    diagnostics: &'a [Diagnostic],
    results: Vec<R>,
}

/// One URL's verdict (`check`).
#[derive(Serialize)]
struct Checked<'a> {
    url: &'a str,
    verdict: Verdict<'a>,
}

fn load(args: &Args) -> Result<Loaded, String> {
    args.query.load(&args.agent)
}

/// Reads `file` with the given options for `agent` (see [`read_robots`]).
fn load_file(
    variant: &VariantArg,
    reading: &ReadingArgs,
    file: &str,
    agent: &str,
) -> Result<Loaded, String> {
    // Verdicts need no lint; what a limit cut is reported all the same.
    let options = reading.options().with_collect(Collect::Limits);
    let bytes = super::input::read(file, options.limits().get(Limit::InputBytes))?;
    let (robots, cuts) = read_robots(file, &bytes, variant.profile()?, &options)?;
    print_diagnostics(super::input::name(file), &cuts);
    let agents = crate::agent::query(agent)?;
    Ok(Loaded {
        robots,
        agents,
        cuts,
    })
}

/// `bytes`, the contents of `file`, read under `profile` and `options`, with what a limit left
/// out (`limit-exceeded`), for the caller to report. A strict-mode rejection prints every
/// problem and is an error.
pub fn read_robots(
    file: &str,
    bytes: &[u8],
    profile: Profile,
    options: &ParseOptions,
) -> Result<(Robots, Vec<Diagnostic>), String> {
    let name = super::input::name(file);
    let robots = Robots::parse_with(bytes, profile, options).map_err(|rejected| {
        print_diagnostics(name, rejected.diagnostics());
        format!("{name}: rejected in strict mode")
    })?;
    let cuts: Vec<_> = robots
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::LimitExceeded)
        .cloned()
        .collect();
    Ok((robots, cuts))
}

fn print<R: Serialize>(
    args: &Args,
    loaded: &Loaded,
    results: Vec<R>,
    text: impl Fn(&R) -> String,
) -> Result<(), String> {
    args.query.print(loaded, results, text)
}

/// Prints `results` in `format` for `file`: as text, each as `text` writes it, or as one JSON
/// [`Answer`].
pub fn print_results<R: Serialize>(
    (format, file): (Format, &str),
    loaded: &Loaded,
    results: Vec<R>,
    text: impl Fn(&R) -> String,
) -> Result<(), String> {
    match format {
        Format::Text => crate::write_out(results.iter().map(text).collect::<String>()),
        Format::Json => crate::write_json(&Answer {
            file: super::input::name(file),
            variant: loaded.robots.profile(),
            agents: &loaded.agents,
            diagnostics: &loaded.cuts,
            results,
        }),
    }
}

/// `check`: one line per URL; exit 0 if all are allowed, 1 if any is disallowed.
pub fn run_check(args: &Args) -> Result<ExitCode, String> {
    let loaded = load(args)?;
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
    print(args, &loaded, results, |c| {
        format!("{}\t{}\n", c.url, c.verdict)
    })?;
    Ok(crate::exit_status(all_allowed))
}

/// `explain`: for each URL, the groups chosen, every matching rule and why the winner won.
pub fn run_explain(args: &Args) -> Result<ExitCode, String> {
    let loaded = load(args)?;
    let results: Vec<_> = args
        .query
        .urls
        .iter()
        .map(|url| loaded.robots.explain(&loaded.agents, url))
        .collect();
    let all_allowed = results.iter().all(|e| e.verdict().allowed());
    print(args, &loaded, results, |e| format!("{e}\n"))?;
    Ok(crate::exit_status(all_allowed))
}
