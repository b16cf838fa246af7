//! `robotspec parse`: the tree (JSON or an indented dump) or, in strict mode, every problem.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use robotspec::{Diagnostic, Limit};

use crate::reading::ReadingArgs;
use crate::values::VariantArg;

/// Arguments of `robotspec parse`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    reading: ReadingArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Tree)]
    format: Format,
    /// With `--format json`: one line of compact JSON instead of the indented form.
    #[arg(long)]
    compact: bool,
    #[command(flatten)]
    variant: VariantArg,
    /// Also print warnings (lenient mode) to standard error.
    #[arg(long)]
    warnings: bool,
    /// The robots.txt file, or `-` for standard input.
    file: String,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    /// Every node with kind, span, line, col and children or text.
    Json,
    /// An indented dump, one node per line.
    Tree,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode, String> {
    let options = args.reading.options();
    let bytes = super::input::read(&args.file, options.limits().get(Limit::InputBytes))?;
    let name = super::input::name(&args.file);
    let parsed = match robotspec::parse_with(&bytes, args.variant.profile()?, &options) {
        Ok(parsed) => parsed,
        Err(rejected) => {
            print_diagnostics(name, rejected.diagnostics());
            return Ok(ExitCode::from(2));
        }
    };
    if args.warnings {
        print_diagnostics(name, parsed.diagnostics());
    }
    // The tree is written as it is produced, one line of the file at a time.
    let mut out = BufWriter::new(std::io::stdout().lock());
    match args.format {
        Format::Json => parsed
            .write_json(&mut out, !args.compact)
            .and_then(|()| out.write_all(b"\n")),
        Format::Tree => parsed.write_dump(&mut out),
    }
    .and_then(|()| out.flush())
    .map_err(|e| crate::output_error(&e))?;
    Ok(ExitCode::SUCCESS)
}

/// Prints `FILE:LINE:COL: SEVERITY[CODE]: MESSAGE` lines to standard error (FILE as named by
/// [`input::name`](crate::input::name)).
pub fn print_diagnostics(file: &str, diagnostics: &[Diagnostic]) {
    let mut err = std::io::stderr().lock();
    for diagnostic in diagnostics {
        let _ = writeln!(err, "{file}:{diagnostic}");
    }
}
