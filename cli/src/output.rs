//! Everything the commands write: standard output (text, one indented JSON document, or JSON
//! Lines) and the diagnostics printed on standard error, each written one way.
//!
//! A failed write to standard output has one meaning for every command ([`output_error`]): a
//! closed pipe ends the command quietly, anything else is an error to report.

use std::io::Write as _;

use robotspec::Diagnostic;

/// What a failed write to standard output means. A closed pipe (`robotspec check … | head -1`)
/// is not an error — the reader has what it wanted — so the command ends there, quietly, with
/// status 0, as ripgrep and cargo do; any other failure (a full disk) is an error to report.
pub fn output_error(error: &std::io::Error) -> String {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    format!("cannot write output: {error}")
}

/// Writes `text` to standard output (see [`output_error`] for what a failure means).
pub fn write_out(text: impl AsRef<[u8]>) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_ref())
        .and_then(|()| out.flush())
        .map_err(|e| output_error(&e))
}

/// Writes `value` to standard output as one JSON document, indented, and a line end.
pub fn write_json(value: &impl serde::Serialize) -> Result<(), String> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| format!("cannot write JSON: {e}"))?;
    write_out(text + "\n")
}

/// Writes `value` to `out` as one line of JSON (JSON Lines: compact, then `\n`).
pub fn write_json_line(
    out: &mut impl std::io::Write,
    value: &impl serde::Serialize,
) -> Result<(), String> {
    serde_json::to_writer(&mut *out, value)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .map_err(|e| output_error(&e))
}

/// Prints `FILE:LINE:COL: SEVERITY[CODE]: MESSAGE` lines to standard error (FILE as named by
/// `input::name`: `<stdin>` for standard input).
pub fn print_diagnostics(file: &str, diagnostics: &[Diagnostic]) {
    let mut err = std::io::stderr().lock();
    for diagnostic in diagnostics {
        let _ = writeln!(err, "{file}:{diagnostic}");
    }
}
