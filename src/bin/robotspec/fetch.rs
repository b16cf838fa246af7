//! `robotspec fetch`: fetch the robots.txt governing a URL, apply the variant's access policy,
//! and check pages against the result.
//!
//! Exit status: 2 when nothing could be fetched (no answer: a network failure, a timeout, too
//! many redirects — the report is printed all the same, the state `unreachable`), else as
//! `check`: 1 when a `--check` page is disallowed, 0 otherwise. A server that answers, even with
//! a 5xx, has been fetched: its answer is the result.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use robotspec::access::fetch::{fetch, FetchOptions, Fetched};
use robotspec::access::{Access, AccessOptions, AccessState, FetchOutcome, Misconfigured5xx};
use robotspec::Variant;

use crate::values::VariantArg;

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
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Bytes of the file that are parsed (default: the variant's, 512000).
    #[arg(long)]
    size_limit: Option<usize>,
    /// A 5xx whose body contains TEXT (ASCII case-insensitive) counts as a 404: the site is
    /// misconfigured (VARIANTS.md A34).
    #[arg(long = "5xx-not-found", value_name = "TEXT")]
    not_found_5xx: Option<String>,
    /// Any URL of the site (`https://example.com/`): its robots.txt is fetched.
    #[arg(value_parser = crate::urls::site)]
    url: String,
    /// A page URL (or path) to check against the result; repeat the flag for more pages
    /// (`--check /a --check /b`).
    #[arg(long = "check", value_name = "PAGE", value_parser = crate::urls::page)]
    check: Vec<String>,
}

/// `fetch`: prints the hops, the state, its reason and lifetime, the diagnostics and one line
/// per `--check` URL; the exit status is described in the module documentation.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let variant = args.variant.variant;
    let fetched = fetch(&args.url, variant, &fetch_options(args)?).map_err(|e| e.to_string())?;
    let mut out = report(&fetched, variant);
    let all_allowed = check_pages(&fetched.access, &args.agent, &args.check, &mut out);
    crate::write_out(&out)?;
    if let Some(failure) = failure(&fetched.outcome) {
        return Err(format!("could not fetch {}: {failure}", fetched.robots_url));
    }
    Ok(crate::exit_status(all_allowed))
}

/// How to fetch, from the flags.
fn fetch_options(args: &Args) -> Result<FetchOptions, String> {
    let timeout = Duration::try_from_secs_f64(args.timeout)
        .map_err(|e| format!("bad --timeout {}: {e}", args.timeout))?;
    Ok(FetchOptions {
        user_agent: args.agent.clone(),
        timeout,
        access: AccessOptions {
            size_limit: args.size_limit,
            treat_5xx_as_404: args.not_found_5xx.as_deref().map(body_contains),
            ..AccessOptions::default()
        },
    })
}

/// Why nothing was fetched (no response came), or `None` when a response did.
fn failure(outcome: &FetchOutcome) -> Option<String> {
    match outcome {
        FetchOutcome::Response { .. } => None,
        FetchOutcome::TooManyRedirects { hops } => Some(format!("more than {hops} redirects")),
        FetchOutcome::Timeout => Some("timed out".to_owned()),
        FetchOutcome::NetworkError { message } => Some(message.clone()),
    }
}

/// The report: the robots.txt URL, the hops, the state, reason and lifetime, the diagnostics.
fn report(fetched: &Fetched, variant: Variant) -> String {
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
    let parse_diagnostics = access
        .state
        .robots()
        .map(|r| r.diagnostics())
        .unwrap_or_default();
    let all: Vec<_> = access.diagnostics.iter().chain(parse_diagnostics).collect();
    let _ = writeln!(out, "diagnostics: {}", all.len());
    for diagnostic in all.iter().take(SHOWN_DIAGNOSTICS) {
        let _ = writeln!(out, "  {diagnostic}");
    }
    out
}

/// One line per page, `PAGE<TAB>verdict`, appended to `out`; whether every page is allowed.
fn check_pages(access: &Access, agent: &str, pages: &[String], out: &mut String) -> bool {
    let agents = crate::agent::query(agent);
    let mut all_allowed = true;
    for page in pages {
        let line = match &access.state {
            AccessState::Rules(robots) => {
                let verdict = robots.check_query(&agents, page);
                all_allowed &= verdict.allowed();
                verdict.to_string()
            }
            AccessState::AllowAll => format!("allowed: no restrictions ({})", access.reason),
            AccessState::DisallowAll | AccessState::Unreachable => {
                all_allowed = false;
                format!("disallowed: the whole site ({})", access.reason)
            }
        };
        let _ = writeln!(out, "{page}\t{line}");
    }
    all_allowed
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
