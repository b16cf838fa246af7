//! `robotspec lint`: the library's linter (`robotspec::lint`) on files, standard input or a
//! fetched robots.txt, for people (compiler-style text with the line and a caret) and for CI
//! (JSON, SARIF 2.1.0, GitHub workflow annotations); docs/lint.md.
//!
//! Exit status: 0 when no finding reaches `--fail-on` (default `error`), 1 when one does, 2 when
//! a file cannot be read, the configuration is wrong or a fetch gets no answer.

use std::process::ExitCode;

use robotspec::access::fetch::{fetch, FetchOptions};
use robotspec::access::FetchOutcome;
use robotspec::lint::{lint, FindingCode, LintOptions};
use robotspec::Severity;
use robotspec::{Limit, Profile, Variant};

use crate::config::Config;
use crate::output::write_out;
use crate::values::profiles;
use crate::{input, status};

mod formats;

use formats::Linted;

/// Arguments of `robotspec lint`.
#[derive(clap::Args)]
pub struct Args {
    /// robots.txt files, or `-` for standard input [default: `-` unless `--fetch`].
    files: Vec<String>,
    /// Also lint the robots.txt governing this URL, fetched as `robotspec fetch` fetches it
    /// (the first reading's access policy).
    #[arg(long, value_name = "URL", value_parser = crate::urls::site)]
    fetch: Option<String>,
    /// The readings to lint under, comma-separated [default: google,rfc9309, or the
    /// configuration's `variants`].
    #[arg(long, value_delimiter = ',', value_parser = profiles())]
    variants: Vec<Profile>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = LintFormat::Text)]
    format: LintFormat,
    /// Exit with 1 when a finding is at least this severe [default: error, or the
    /// configuration's `fail-on`].
    #[arg(long, value_parser = severities())]
    fail_on: Option<Severity>,
    /// Silence a finding code (repeatable; docs/lint.md lists the codes).
    #[arg(long, value_name = "CODE", value_parser = crate::config::finding_code)]
    allow: Vec<FindingCode>,
    /// Raise a finding code to an error (repeatable).
    #[arg(long, value_name = "CODE", value_parser = crate::config::finding_code)]
    deny: Vec<FindingCode>,
    /// The configuration file [default: robotspec.toml, else pyproject.toml's
    /// `[tool.robotspec]`, in the current folder].
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    config: Option<String>,
    /// Read no configuration file.
    #[arg(long)]
    no_config: bool,
}

/// `--format` of `lint`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LintFormat {
    /// For people: `FILE:LINE:COL: severity[code]: message`, the line and a caret.
    Text,
    /// `{"findings": [{"file", "line", "col", "severity", "code", "message", "readings", "fix"}]}`.
    Json,
    /// SARIF 2.1.0, one rule per code (code scanning, IDEs).
    Sarif,
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`): annotations on the diff.
    Github,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let config = match (&args.config, args.no_config) {
        (_, true) => Config::default(),
        (Some(path), false) => Config::read(path)?,
        (None, false) => Config::discover()?,
    };
    let options = options(args, &config);
    let fail_on = args.fail_on.or(config.fail_on).unwrap_or(Severity::Error);
    let mut inputs = Vec::new();
    let files: Vec<String> = match (args.files.is_empty(), &args.fetch) {
        (true, None) => vec!["-".to_owned()],
        _ => args.files.clone(),
    };
    let limit = options.limits().get(Limit::InputBytes);
    for file in &files {
        let bytes = input::read(file, limit)?;
        inputs.push((input::name(file).to_owned(), bytes));
    }
    if let Some(url) = &args.fetch {
        if let Some(fetched) = fetched(url, &options)? {
            inputs.push(fetched);
        }
    }
    let linted: Vec<Linted> = inputs
        .into_iter()
        .map(|(name, bytes)| Linted {
            findings: lint(&bytes, &options),
            name,
            bytes,
        })
        .collect();
    let out = match args.format {
        LintFormat::Text => formats::text(&linted, options.readings().len()),
        LintFormat::Json => formats::json(&linted)?,
        LintFormat::Sarif => formats::sarif(&linted, &options)?,
        LintFormat::Github => formats::github(&linted),
    };
    write_out(out)?;
    let failed = linted
        .iter()
        .flat_map(|l| &l.findings)
        .any(|f| f.severity <= fail_on);
    Ok(status::one_unless_all_good(!failed))
}

/// The linter's options: the readings and severities of the configuration, then of the flags.
fn options(args: &Args, config: &Config) -> LintOptions {
    let readings = match (&args.variants, &config.variants) {
        (flags, _) if !flags.is_empty() => flags.clone(),
        (_, Some(named)) => named.clone(),
        _ => vec![Variant::Google.into(), Variant::Rfc9309.into()],
    };
    let mut options = LintOptions::default().with_readings(readings);
    for code in config.allow.iter().chain(&args.allow) {
        options = options.allow(*code);
    }
    for code in config.deny.iter().chain(&args.deny) {
        options = options.deny(*code);
    }
    options
}

/// The robots.txt governing `url`, fetched under the first reading's access policy: its name
/// (the robots.txt URL) and body, or `None` (said on standard error) when the answer has no
/// file to lint (a 404 allows everything, a 5xx is unreachable).
fn fetched(url: &str, options: &LintOptions) -> Result<Option<(String, Vec<u8>)>, String> {
    let reading = options
        .readings()
        .first()
        .copied()
        .unwrap_or_else(|| Variant::DEFAULT.into());
    let fetched = fetch(url, reading, &FetchOptions::default()).map_err(|e| e.to_string())?;
    if let Some(failure) = fetched.failure() {
        return Err(format!("could not fetch {}: {failure}", fetched.robots_url));
    }
    match fetched.outcome {
        FetchOutcome::Response { status, body, .. } if (200..300).contains(&status) => {
            Ok(Some((fetched.robots_url.to_string(), body)))
        }
        FetchOutcome::Response { status, .. } => {
            eprintln!(
                "robotspec: {}: {status}, no file to lint ({})",
                fetched.robots_url, fetched.access.reason
            );
            Ok(None)
        }
        _ => Ok(None),
    }
}

/// The values of `--fail-on`: the library's severities.
fn severities() -> crate::values::Named<Severity> {
    crate::values::Named::new(
        Severity::ALL,
        Severity::name,
        Severity::description,
        |text| Severity::from_name(text).ok_or_else(|| format!("unknown severity `{text}`")),
    )
}
