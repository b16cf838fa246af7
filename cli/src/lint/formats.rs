//! The four outputs of `robotspec lint`: text like a compiler's, JSON, SARIF 2.1.0 and GitHub
//! workflow commands. Each reads the library's findings; none judges anything itself.
//!
//! The findings come in as [`Linted`] inputs, defined here, below the command (`lint.rs`) that
//! makes them: the command imports its formats, never the other way round.

use std::fmt::Write as _;

use robotspec::lint::{line_text, Finding, LintOptions};
use robotspec::Severity;
use serde::Serialize;

/// One linted input: its name and bytes, and what was found — what every format reads.
pub struct Linted {
    pub name: String,
    pub bytes: Vec<u8>,
    pub findings: Vec<Finding>,
}

/// `FILE:LINE:COL: severity[code]: message`, then the line with a caret under the column, the
/// readings when they are not all of them, the fix; a count at the end.
pub fn text(linted: &[Linted], readings: usize) -> String {
    let mut out = String::new();
    let mut counts = [0usize; 3];
    for file in linted {
        for finding in &file.findings {
            write_finding(&mut out, file, finding, readings);
            if let Some(count) = counts.get_mut(severity_index(finding.severity)) {
                *count += 1;
            }
        }
    }
    let [errors, warnings, notes] = counts;
    let files = linted.len();
    let _ = writeln!(
        out,
        "{errors} error{}, {warnings} warning{}, {notes} note{} in {files} file{}",
        plural(errors),
        plural(warnings),
        plural(notes),
        plural(files)
    );
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn severity_index(severity: Severity) -> usize {
    Severity::ALL
        .iter()
        .position(|s| *s == severity)
        .unwrap_or(0)
}

fn write_finding(out: &mut String, file: &Linted, finding: &Finding, readings: usize) {
    let _ = writeln!(out, "{}:{finding}", file.name);
    if let (Some(line), Some(col)) = (finding.line, finding.col) {
        let text = line_text(&file.bytes, line).unwrap_or_default();
        let text = String::from_utf8_lossy(text);
        let gutter = line.to_string();
        let pad = " ".repeat(gutter.len());
        let caret = " ".repeat(usize::try_from(col).unwrap_or(1).saturating_sub(1));
        let _ = writeln!(out, "{gutter} | {}", text.replace('\t', " "));
        let _ = writeln!(out, "{pad} | {caret}^");
    }
    if finding.readings.len() < readings {
        let names: Vec<String> = finding.readings.iter().map(|p| p.name()).collect();
        let _ = writeln!(out, "  = readings: {}", names.join(", "));
    }
    if let Some(fix) = &finding.fix {
        let _ = writeln!(out, "  = fix: {fix}");
    }
}

/// `{"findings": [{"file", "line", "col", "severity", "code", "message", "readings", "fix"}]}`.
pub fn json(linted: &[Linted]) -> Result<String, String> {
    let findings: Vec<InFile<'_>> = linted
        .iter()
        .flat_map(|file| {
            file.findings.iter().map(|finding| InFile {
                file: &file.name,
                finding,
            })
        })
        .collect();
    let text = serde_json::to_string_pretty(&Findings { findings })
        .map_err(|e| format!("cannot write JSON: {e}"))?;
    Ok(text + "\n")
}

/// `{"findings": [...]}`.
#[derive(Serialize)]
struct Findings<'a> {
    findings: Vec<InFile<'a>>,
}

/// A finding with the name of its file first: the library's serialisation after `file`.
#[derive(Serialize)]
struct InFile<'a> {
    file: &'a str,
    #[serde(flatten)]
    finding: &'a Finding,
}

/// SARIF 2.1.0: the library's log (`robotspec::lint::sarif`), pretty-printed.
pub fn sarif(linted: &[Linted], options: &LintOptions) -> Result<String, String> {
    let files: Vec<(&str, &[Finding])> = linted
        .iter()
        .map(|file| (file.name.as_str(), file.findings.as_slice()))
        .collect();
    let log = robotspec::lint::sarif(&files, options);
    let text = serde_json::to_string_pretty(&log).map_err(|e| format!("cannot write JSON: {e}"))?;
    Ok(text + "\n")
}

/// GitHub Actions workflow commands: `::error file=F,line=L,col=C,title=robotspec CODE::MESSAGE`
/// (`warning`, and `notice` for notes).
pub fn github(linted: &[Linted]) -> String {
    let mut out = String::new();
    for file in linted {
        for finding in &file.findings {
            let command = match finding.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                _ => "notice",
            };
            let mut properties = format!("file={}", property(&file.name));
            if let (Some(line), Some(col)) = (finding.line, finding.col) {
                let _ = write!(properties, ",line={line},col={col}");
            }
            let title = property(&format!("robotspec {}", finding.code));
            let mut message = finding.message.clone();
            if let Some(fix) = &finding.fix {
                let _ = write!(message, "\nfix: {fix}");
            }
            let _ = writeln!(
                out,
                "::{command} {properties},title={title}::{}",
                data(&message)
            );
        }
    }
    out
}

/// A workflow command's message: `%`, CR and LF escaped.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value: as a message, and `:` and `,` too.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}
