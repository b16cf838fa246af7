//! The `robotspec` command-line tool. See docs/cli.md.
//!
//! Exit status: 0 success (for `check` and `fetch`, every URL allowed; for `diff`, every
//! variant agreeing; for `compare`, the sides equivalent), 1 when `check` or `fetch` finds a URL
//! disallowed, `diff` a disagreement or `compare` a difference, 3 when `analyze` or `compare`
//! leaves an answer undecided (a limit stopped it), 2 on errors (unreadable input, strict-mode
//! rejection, bad arguments, a `batch` or `diff --corpus` query line that is malformed or too
//! long, a robots.txt `fetch` could not fetch).
//!
//! This file only reads the arguments and hands them to the command they name; what the
//! commands share lies on the floors below them (docs/architecture.md, "The command line's
//! stack").
//!
//! Input is read bounded: a robots.txt file or standard input up to the input limit plus one
//! byte (`input`), a query line up to 2 MiB, and no more than 64 MiB of one line read on to find
//! its end (`queries`).

// A binary has no public API: `pub` here means "used by the other modules", as in a library's
// `pub(crate)`; the library's lint against unreachable `pub` items does not apply.
#![allow(unreachable_pub)]

// The floors, from the ground up (docs/architecture.md, "The command line's stack"): a module
// imports only from its own floor or those below, and no command imports another.
mod agent;
mod config;
mod output;
mod status;
mod urls;
mod values;

mod queries;
mod reading;

mod input;

mod load;

mod exact;
mod file_query;

mod exact_text;

mod analyze;
mod batch;
mod check;
mod compare;
mod diff;
mod fetch;
mod generate;
mod lint;
mod parse;
#[cfg(feature = "serve")]
mod serve;
mod settings;
mod usage;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// robots.txt in every form it has had: parse, validate, check and compare.
#[derive(Parser)]
#[command(name = "robotspec", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the lossless parse tree of a robots.txt file, or its problems.
    Parse(parse::Args),
    /// May this crawler fetch these URLs? One line per URL with the deciding rule.
    Check(check::Args),
    /// Why: the groups chosen, every matching rule, and why the winner won.
    Explain(check::Args),
    /// Which usage preferences (Content-Usage, Content-Signal) apply to these URLs, and their
    /// lines.
    Usage(usage::Args),
    /// Answer `FILE<TAB>AGENT<TAB>URL` queries from standard input with `1` or `0` per line
    /// (`E` for a line that is not a query).
    Batch(batch::Args),
    /// Where the variants disagree: per URL, or over a corpus of queries, with reasons.
    Diff(diff::Args),
    /// Over every URL, exactly: how much of the site a crawler's rules block, the shortest
    /// allowed and disallowed paths, the rules that never decide, and named crawlers treated
    /// otherwise than unnamed ones (docs/analysis.md).
    Analyze(analyze::Args),
    /// Do two files, or two readings of one file, allow the same URLs — every one? If not, the
    /// shortest path allowed only by each side, with both sides' rules.
    Compare(compare::Args),
    /// Is this robots.txt right for the crawlers that matter? Every reading's problems, the
    /// extension records, crawler names a reading cuts, with severities, positions and fixes
    /// (docs/lint.md).
    Lint(lint::Args),
    /// Fetch the robots.txt of a URL, apply the access policy, and check pages against it.
    Fetch(fetch::Args),
    /// The decisions `--with SETTING=VALUE` can change, and each variant's value of each.
    Settings(settings::Args),
    /// Serve the playground: a page to paste or fetch a robots.txt file and see every line's
    /// meaning and every variant's verdict, and its JSON API (docs/serve.md).
    #[cfg(feature = "serve")]
    Serve(serve::Args),
    /// Print a shell completion script (e.g. `robotspec completions bash > robotspec.bash`).
    Completions(generate::CompletionsArgs),
    /// Print the man page, in roff (e.g. `robotspec man | man -l -`).
    Man,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse(args) => parse::run(&args),
        Command::Check(args) => check::run_check(&args),
        Command::Explain(args) => check::run_explain(&args),
        Command::Usage(args) => usage::run(&args),
        Command::Batch(args) => batch::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Fetch(args) => fetch::run(&args),
        Command::Lint(args) => lint::run(&args),
        Command::Settings(args) => settings::run(&args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&args),
        Command::Completions(args) => generate::completions(&args, Cli::command()),
        Command::Man => generate::man(Cli::command()),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("robotspec: {message}");
            ExitCode::from(2)
        }
    }
}
