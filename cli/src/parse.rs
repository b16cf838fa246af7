//! `robotspec parse`: the tree (JSON or an indented dump) or, in strict mode, every problem;
//! with `--report google`, Google's per-line report instead (docs/google.md).

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use robotspec::report::GoogleReport;
use robotspec::tree::JsonLayout;
use robotspec::Limit;

use crate::input;
use crate::output::{output_error, print_diagnostics};
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
    /// Print this report of every line instead of the tree. `google`: Google's per-line report
    /// (its reporting library's tags and flags), which is Google's view of the file whatever
    /// `--variant` says; with `--format json`, `{"lines": [...], "valid_directives",
    /// "unused_directives", "last_line_seen"}`, otherwise one aligned line per line of the file.
    #[arg(long, value_enum)]
    report: Option<Report>,
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
enum Report {
    /// Google's `RobotsParsingReporter`: a tag and the `LineMetadata` flags per line.
    Google,
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
    let bytes = input::read(&args.file, options.limits().get(Limit::InputBytes))?;
    if let Some(Report::Google) = args.report {
        return print_report(&GoogleReport::new(&bytes), args);
    }
    let name = input::name(&args.file);
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
            .write_json(&mut out, layout(args))
            .and_then(|()| out.write_all(b"\n")),
        Format::Tree => parsed.write_dump(&mut out),
    }
    .and_then(|()| out.flush())
    .map_err(|e| output_error(&e))?;
    Ok(ExitCode::SUCCESS)
}

/// Prints Google's report: JSON (indented unless `--compact`), or the text form.
fn print_report(report: &GoogleReport, args: &Args) -> Result<ExitCode, String> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    match args.format {
        Format::Json if args.compact => serde_json::to_writer(&mut out, report),
        Format::Json => serde_json::to_writer_pretty(&mut out, report),
        Format::Tree => return write_text(&mut out, report),
    }
    .map_err(std::io::Error::from)
    .and_then(|()| out.write_all(b"\n"))
    .and_then(|()| out.flush())
    .map_err(|e| output_error(&e))?;
    Ok(ExitCode::SUCCESS)
}

fn write_text(out: &mut impl Write, report: &GoogleReport) -> Result<ExitCode, String> {
    write!(out, "{report}")
        .and_then(|()| out.flush())
        .map_err(|e| output_error(&e))?;
    Ok(ExitCode::SUCCESS)
}

/// How `--format json` lays out the tree: pretty unless `--compact`.
fn layout(args: &Args) -> JsonLayout {
    if args.compact {
        JsonLayout::Compact
    } else {
        JsonLayout::Pretty
    }
}
