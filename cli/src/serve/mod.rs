//! `robotspec serve`: a robots.txt playground in the browser, and the JSON API it runs on.
//!
//! One page (`page.rs`, assets compiled in) lets a person paste or fetch a file and see every
//! line's kind and problems, and every chosen variant's verdict on their URLs with the line
//! that decided, and over every URL what is blocked, with its shortest witnesses, the dead rules and
//! what an edit changes; the API (`POST /api/inspect`, `POST /api/parse`, `POST /api/analyze`,
//! `POST /api/compare`, optionally `POST /api/fetch`) answers with the library's own
//! serialisations, so that it says what the CLI's `--format json` says for the same input
//! (`inspect.rs`, `exact.rs`). The server binds to loopback unless told
//! otherwise and bounds every request — body, media type, time, workers (`routes.rs`); live
//! fetching is off unless asked for, and then never reaches a non-public address unless asked
//! for again (`fetch.rs`). docs/serve.md describes the API exactly.

// The modules form a one-way stack, each importing only those below it:
// wire < error < inspect < exact < fetch < settings < page < routes (and this one on top).
mod error;
mod exact;
mod fetch;
mod inspect;
mod page;
mod routes;
mod settings;
mod wire;

use std::io::Write as _;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use fetch::FetchPolicy;
use settings::Settings;

/// Arguments of `robotspec serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The address and port to listen on. Loopback by default: another address makes the
    /// playground reachable from other machines. Port 0 takes any free port (the address is
    /// printed on standard output).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:9309")]
    bind: SocketAddr,
    /// Bytes of robots.txt one request may send; a longer file is refused (413). The request
    /// body may be twice as long plus 64 KiB, for JSON escapes and the URLs.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    max_input_bytes: usize,
    /// Seconds one request may take, from the arrival of its head to the last byte of the
    /// answer; past it the answer is 408.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    timeout: f64,
    /// Let the page fetch a live robots.txt by URL (`POST /api/fetch`, through the library's
    /// fetcher). Only from public addresses, without following redirects, unless
    /// --fetch-private is also given.
    #[arg(long)]
    fetch: bool,
    /// With --fetch: also fetch from loopback, private, link-local and other non-public
    /// addresses, and follow redirects as the variant says. Never on a server others can
    /// reach: it lets them send requests into your network.
    #[arg(long, requires = "fetch")]
    fetch_private: bool,
}

impl Args {
    /// The server's settings from the flags.
    fn settings(&self) -> Result<Settings, String> {
        let timeout = Duration::try_from_secs_f64(self.timeout)
            .ok()
            .filter(|t| !t.is_zero())
            .ok_or_else(|| format!("bad --timeout {}: expected seconds above 0", self.timeout))?;
        Ok(Settings {
            max_input_bytes: self.max_input_bytes,
            max_body_bytes: self
                .max_input_bytes
                .saturating_mul(2)
                .saturating_add(64 << 10),
            timeout,
            fetch: FetchPolicy {
                enabled: self.fetch,
                private: self.fetch_private,
                // A fetch leaves time for the rest of the request within its bound.
                timeout: timeout / 2,
            },
        })
    }
}

/// Runs the server until the process is stopped. The first line on standard output is the
/// address it listens on (`robotspec serve: listening on http://127.0.0.1:9309/`).
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let settings = args.settings()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(serve(args.bind, settings))?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(bind: SocketAddr, settings: Settings) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(bind)
        .await
        .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    if !address.ip().is_loopback() {
        eprintln!("robotspec: serving on {address}: other machines can reach the playground");
    }
    crate::output::write_out(format!("robotspec serve: listening on http://{address}/\n"))?;
    let _ = std::io::stdout().flush();
    axum::serve(listener, routes::router(settings))
        .await
        .map_err(|e| format!("the server stopped: {e}"))
}
