//! `robotspec parse`: the tree (JSON or an indented dump) or, in strict mode, every problem.

use std::io::Write;
use std::process::ExitCode;

use robotspec::{Mode, Variant};

/// Arguments of `robotspec parse`.
#[derive(clap::Args)]
pub struct Args {
    /// strict: validate against the variant's formal grammar; lenient: never fail.
    #[arg(long, default_value = "lenient")]
    mode: Mode,
    /// Output: `json` (every node with kind, span and children or text) or `tree` (indented).
    #[arg(long, value_enum, default_value = "tree")]
    format: Format,
    /// The variant whose grammar is used.
    #[arg(long, default_value = "rfc9309")]
    variant: Variant,
    /// Also print warnings (lenient mode) to standard error.
    #[arg(long)]
    warnings: bool,
    /// The robots.txt file, or `-` for standard input.
    file: String,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Json,
    Tree,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let bytes = super::input::read(&args.file)?;
    let parsed = match robotspec::parse(&bytes, args.variant, args.mode) {
        Ok(parsed) => parsed,
        Err(rejected) => {
            let mut err = std::io::stderr().lock();
            for diagnostic in rejected.diagnostics() {
                let _ = writeln!(err, "{}:{diagnostic}", args.file);
            }
            return Ok(ExitCode::from(2));
        }
    };
    if args.warnings {
        let mut err = std::io::stderr().lock();
        for diagnostic in parsed.diagnostics() {
            let _ = writeln!(err, "{}:{diagnostic}", args.file);
        }
    }
    let tree = parsed.tree();
    let text = match args.format {
        Format::Json => tree.to_json() + "\n",
        Format::Tree => tree.dump(),
    };
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|e| format!("cannot write output: {e}"))?;
    Ok(ExitCode::SUCCESS)
}
