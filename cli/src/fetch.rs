//! `robotspec fetch`: fetch the robots.txt governing a URL, apply the variant's access policy,
//! and check pages against the result.
//!
//! Exit status: 2 when nothing could be fetched (no answer: a network failure, a timeout, too
//! many redirects — the answer is printed all the same, the state `unreachable`), else as
//! `check`: 1 when a `--check` page is disallowed, 0 otherwise. A server that answers, even with
//! a 5xx, has been fetched: its answer is the result.
//!
//! `--format json` prints the same answer as one document ([`Answer`]): the library's
//! serialisation of what the fetch found, how much of the site it blocks for `--agent` and the file
//! in figures (the library's `Access::blocking` and `Access::summary`, what a corpus study
//! records), and one result per `--check` page.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use robotspec::access::blocking::Blocking;
use robotspec::access::fetch::{fetch, FetchOptions, Fetched};
use robotspec::access::summary::Summary;
use robotspec::access::{Access, AccessOptions, Misconfigured5xx};
use robotspec::{AgentQuery, Diagnostic, Profile, Verdict};
use serde::Serialize;

use crate::output::{write_json, write_out};
use crate::status;
use crate::values::{Format, VariantArg};

/// Diagnostics printed in full; the rest are counted.
const SHOWN_DIAGNOSTICS: usize = 5;

/// Arguments of `fetch`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    variant: VariantArg,
    /// The crawler, as for `check` (also sent as the User-Agent header).
    #[arg(long, default_value = "robotspec", value_parser = crate::agent::parse)]
    agent: String,
    /// Seconds a request may take, body included.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    timeout: f64,
    /// Bytes of the file that are parsed [default: the variant's, 512000].
    #[arg(long, value_name = "BYTES")]
    size_limit: Option<usize>,
    /// A 5xx whose body contains TEXT (ASCII case-insensitive) counts as a 404: the site is
    /// misconfigured (docs/spec/VARIANTS.md A34).
    #[arg(long = "5xx-not-found", value_name = "TEXT")]
    not_found_5xx: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Any URL of the site (`https://example.com/`): its robots.txt is fetched.
    #[arg(value_parser = crate::urls::site)]
    url: String,
    /// A page URL (or path) to check against the result; repeat the flag for more pages
    /// (`--check /a --check /b`).
    #[arg(long = "check", value_name = "PAGE", value_parser = crate::urls::page)]
    check: Vec<String>,
}

/// The JSON answer: what the fetch found (robots_url, final_url, redirects, failure, variant,
/// state, reason, lifetime, diagnostics — docs/cli.md), what it blocks for `--agent`, the
/// summary, and one result per `--check` page.
#[derive(Serialize)]
struct Answer<'a> {
    #[serde(flatten)]
    fetched: &'a Fetched,
    blocking: Blocking,
    summary: Summary,
    results: Vec<Page<'a>>,
}

/// One `--check` page: its verdict when there are rules; without rules the state decides
/// (`verdict` null, `allowed` as the state says).
#[derive(Serialize)]
struct Page<'a> {
    url: &'a str,
    allowed: bool,
    verdict: Option<Verdict<'a>>,
}

/// `fetch`: prints the hops, the state, its reason and lifetime, the diagnostics and one line
/// per `--check` URL; the exit status is described in the module documentation.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let variant = args.variant.profile()?;
    let fetched = fetch(&args.url, variant, &fetch_options(args)?).map_err(|e| e.to_string())?;
    let agents = crate::agent::query(&args.agent)?;
    let pages: Vec<Page<'_>> = args
        .check
        .iter()
        .map(|url| check_page(&fetched.access, &agents, url))
        .collect();
    let all_allowed = pages.iter().all(|page| page.allowed);
    let failure = fetched.failure();
    match args.format {
        Format::Text => write_out(text(&fetched, variant, &pages))?,
        Format::Json => write_json(&Answer {
            fetched: &fetched,
            blocking: fetched.access.blocking(&agents),
            summary: fetched.access.summary(),
            results: pages,
        })?,
    }
    if let Some(failure) = failure {
        return Err(format!("could not fetch {}: {failure}", fetched.robots_url));
    }
    Ok(status::one_unless_all_good(all_allowed))
}

/// How to fetch, from the flags.
fn fetch_options(args: &Args) -> Result<FetchOptions, String> {
    let timeout = Duration::try_from_secs_f64(args.timeout)
        .map_err(|e| format!("bad --timeout {}: {e}", args.timeout))?;
    let mut access = AccessOptions::default();
    if let Some(bytes) = args.size_limit {
        access = access.with_size_limit(bytes);
    }
    if let Some(text) = args.not_found_5xx.as_deref() {
        access = access.with_treat_5xx_as_404(body_contains(text));
    }
    Ok(FetchOptions::default()
        .with_user_agent(args.agent.clone())
        .with_timeout(timeout)
        .with_access(access))
}

/// The text answer: the robots.txt URL, the hops, the state, reason and lifetime, the
/// diagnostics (the first five), then `PAGE<TAB>verdict` per page.
fn text(fetched: &Fetched, variant: Profile, pages: &[Page<'_>]) -> String {
    let access = &fetched.access;
    let mut out = String::new();
    let _ = writeln!(out, "robots.txt: {}", fetched.robots_url);
    let _ = writeln!(out, "variant:    {variant}");
    for hop in &fetched.redirects {
        let _ = writeln!(
            out,
            "redirect:   {} {} -> {}",
            hop.status, hop.url, hop.location
        );
    }
    let _ = writeln!(out, "state:      {}", access.state.name());
    let _ = writeln!(out, "reason:     {}", access.reason);
    let _ = writeln!(
        out,
        "lifetime:   {}s ({})",
        access.lifetime.as_secs(),
        access.lifetime_source
    );
    let all: Vec<&Diagnostic> = access.all_diagnostics().collect();
    let _ = writeln!(out, "diagnostics: {}", all.len());
    for diagnostic in all.iter().take(SHOWN_DIAGNOSTICS) {
        let _ = writeln!(out, "  {diagnostic}");
    }
    for page in pages {
        let _ = match &page.verdict {
            Some(verdict) => writeln!(out, "{}\t{verdict}", page.url),
            None if page.allowed => {
                writeln!(
                    out,
                    "{}\tallowed: no restrictions ({})",
                    page.url, access.reason
                )
            }
            None => writeln!(
                out,
                "{}\tdisallowed: the whole site ({})",
                page.url, access.reason
            ),
        };
    }
    out
}

/// The answer for one page.
fn check_page<'a>(access: &'a Access, agents: &AgentQuery, url: &'a str) -> Page<'a> {
    let (allowed, verdict) = match access.robots() {
        Some(robots) => {
            let verdict = robots.check_query(agents, url);
            (verdict.allowed(), Some(verdict))
        }
        None => (access.allows(agents, url), None),
    };
    Page {
        url,
        allowed,
        verdict,
    }
}

/// A misconfigured-5xx hook that looks for `text` in the body, ignoring ASCII case.
fn body_contains(text: &str) -> Misconfigured5xx {
    let needle = text.to_ascii_lowercase().into_bytes();
    Misconfigured5xx::new(move |_, _, body| {
        needle.is_empty()
            || body
                .windows(needle.len())
                .any(|window| window.eq_ignore_ascii_case(&needle))
    })
}
