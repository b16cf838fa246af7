//! The `robotspec` command-line tool. See docs/cli.md.
//!
//! Exit status: 0 success (and, for `check`, every URL allowed), 1 when `check` finds a URL
//! disallowed, 2 on errors (unreadable input, strict-mode rejection, bad arguments).

mod input;
mod parse;

use clap::{Parser, Subcommand};
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse(args) => parse::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("robotspec: {message}");
            ExitCode::from(2)
        }
    }
}
