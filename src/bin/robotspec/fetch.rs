//! `robotspec fetch`: fetch the robots.txt governing a URL, apply the variant's access policy,
//! and check pages against the result.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use robotspec::access::fetch::{fetch, FetchOptions};
use robotspec::access::{AccessOptions, AccessState, Misconfigured5xx};
use robotspec::Variant;

/// Diagnostics printed in full; the rest are counted.
const SHOWN_DIAGNOSTICS: usize = 5;

/// Arguments of `fetch`.
#[derive(clap::Args)]
pub struct Args {
    /// The variant whose access policy and reading are used.
    #[arg(long, default_value = "google")]
    variant: Variant,
    /// The crawler, as for `check` (also sent as the User-Agent header).
    #[arg(long, default_value = "robotspec")]
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
    /// Any URL of the site: its robots.txt is fetched.
    url: String,
    /// Page URLs (or paths) to check against the result.
    #[arg(long = "check", num_args = 1..)]
    check: Vec<String>,
}

/// `fetch`: prints the hops, the state, its reason and lifetime, the diagnostics and one line
/// per `--check` URL; exits 0 if every page is allowed, 1 if any is disallowed.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let timeout = Duration::try_from_secs_f64(args.timeout)
        .map_err(|e| format!("bad --timeout {}: {e}", args.timeout))?;
    let mut access = AccessOptions::default();
    if let Some(bytes) = args.size_limit {
        access = access.with_size_limit(bytes);
    }
    if let Some(text) = args.not_found_5xx.as_deref() {
        access = access.with_treat_5xx_as_404(body_contains(text));
    }
    let options = FetchOptions::default()
        .with_user_agent(args.agent.clone())
        .with_timeout(timeout)
        .with_access(access);
    let fetched = fetch(&args.url, args.variant, &options).map_err(|e| e.to_string())?;
    let access = &fetched.access;
    let mut out = String::new();
    let _ = writeln!(out, "robots.txt: {}", fetched.robots_url);
    let _ = writeln!(out, "variant:    {}", args.variant);
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
    let agents = super::check::agent_query(&args.agent);
    let mut all_allowed = true;
    for page in &args.check {
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
    crate::write_out(&out)?;
    Ok(crate::exit_status(all_allowed))
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
