//! The syntax stage: bytes → lines → lossless tree, with diagnostics, in strict or lenient mode.
//!
//! * **Lenient** ([`Mode::Lenient`]) never fails: the shared line grammar
//!   (`grammar/common.pest`) reads any input line by line, each line a record, a comment, a blank
//!   line or — the last choice — an invalid line. Problems come back as warnings.
//! * **Strict** ([`Mode::Strict`]) asks whether the file conforms to the variant's formal
//!   grammar. The lenient pass finds *every* problem with a precise code; the variant's strict
//!   pest rule (e.g. `grammar/rfc9309.pest`, the ABNF transcribed) gives the verdict. A file is
//!   accepted only if both agree it is clean; otherwise a [`StrictError`] carries all
//!   diagnostics as errors.
//!
//! ```
//! use robotspec::syntax::{parse, Mode};
//! use robotspec::Variant;
//!
//! let parsed = parse(b"User-agent: *\nDisallow: /private\n", Variant::Rfc9309, Mode::Strict)?;
//! assert_eq!(parsed.lines().len(), 2);
//! assert_eq!(parsed.tree().reassemble(), b"User-agent: *\nDisallow: /private\n");
//!
//! let err = parse(b"User-agent: *\nDisallow private\n", Variant::Rfc9309, Mode::Strict)
//!     .unwrap_err();
//! assert_eq!(err.diagnostics()[0].to_string(),
//!            "2:9: error[missing-colon]: missing `:` between key and value");
//! # Ok::<(), robotspec::syntax::StrictError>(())
//! ```

mod check;
mod grammar;
mod lines;
mod strict;
mod tree;

pub use check::canonical_name;
pub use lines::{Entry, Line, LineBody};
pub use tree::{escape, Node, NodeKind, Tree};

use std::fmt;
use std::sync::OnceLock;

use crate::diagnostic::{Diagnostic, Severity};
use crate::source::{Source, Span};
use crate::variant::Variant;

/// Strict or lenient parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Validate against the variant's formal grammar; fail with every problem found.
    Strict,
    /// Never fail (Postel's law); problems are warnings.
    #[default]
    Lenient,
}

impl std::str::FromStr for Mode {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "strict" => Ok(Mode::Strict),
            "lenient" => Ok(Mode::Lenient),
            other => Err(format!(
                "unknown mode `{other}` (expected strict or lenient)"
            )),
        }
    }
}

/// A parsed file: its lines, diagnostics and (on demand) its tree.
#[derive(Debug, Clone)]
pub struct Parsed<'a> {
    source: Source<'a>,
    variant: Variant,
    lines: Vec<Line>,
    /// Computed on first use in lenient mode (most readers never ask), at once in strict mode.
    diagnostics: OnceLock<Vec<Diagnostic>>,
}

impl<'a> Parsed<'a> {
    /// The original input.
    pub fn input(&self) -> &'a [u8] {
        self.source.bytes()
    }

    /// The input with its shadow text and invalid UTF-8 runs.
    pub fn source(&self) -> &Source<'a> {
        &self.source
    }

    /// The variant the file was read with.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The lines, in order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Every finding, in input order (warnings in lenient mode).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        self.diagnostics.get_or_init(|| {
            let findings = check::check(&self.source, &self.lines, self.variant.profile());
            findings
                .into_iter()
                .map(|f| position(&self.source, &self.lines, f, Severity::Warning))
                .collect()
        })
    }

    /// The lossless parse tree.
    pub fn tree(&self) -> Tree<'a> {
        Tree::build(&self.source, &self.lines)
    }

    /// The original bytes of a span.
    pub fn slice(&self, span: Span) -> &'a [u8] {
        self.source.slice(span)
    }
}

/// A file rejected in strict mode, with every problem found (all of severity error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrictError {
    diagnostics: Vec<Diagnostic>,
}

impl StrictError {
    /// Every problem, in input order; never empty.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
}

impl fmt::Display for StrictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diagnostics.as_slice() {
            [] => f.write_str("file rejected"),
            [only] => write!(f, "{only}"),
            [first, rest @ ..] => write!(f, "{first} (and {} more)", rest.len()),
        }
    }
}

impl std::error::Error for StrictError {}

/// Parses `input` as `variant` in `mode`.
///
/// Lenient mode always returns `Ok`. Strict mode returns `Err` with every problem when the file
/// does not conform to the variant's grammar.
pub fn parse(input: &[u8], variant: Variant, mode: Mode) -> Result<Parsed<'_>, StrictError> {
    let source = Source::new(input);
    let profile = variant.profile();
    let lines = lines::split(&source, profile);
    if mode == Mode::Lenient {
        return Ok(Parsed {
            source,
            variant,
            lines,
            diagnostics: OnceLock::new(),
        });
    }
    let mut findings = check::check(&source, &lines, profile);
    if !findings.iter().any(|f| f.code.is_violation()) {
        findings.extend(strict::validate(&source, profile.strict_grammar));
    }
    let strict_failure = findings.iter().any(|f| f.code.is_violation());
    let diagnostics = findings
        .into_iter()
        .map(|finding| {
            let severity = if strict_failure && finding.code.is_violation() {
                Severity::Error
            } else {
                Severity::Warning
            };
            position(&source, &lines, finding, severity)
        })
        .collect();
    if strict_failure {
        return Err(StrictError { diagnostics });
    }
    Ok(Parsed {
        source,
        variant,
        lines,
        diagnostics: OnceLock::from(diagnostics),
    })
}

/// Gives a finding its line and column.
fn position(
    source: &Source<'_>,
    lines: &[Line],
    finding: check::Finding,
    severity: Severity,
) -> Diagnostic {
    let at = finding.span.start;
    let index = lines.partition_point(|l| l.span().end <= at);
    let (line, line_start) = match lines.get(index) {
        Some(l) => (l.number, l.content.start),
        // Before the first line (the byte order mark) or past the last one.
        None => (
            lines.last().map_or(1, |l| l.number),
            lines.last().map_or(0, |l| l.content.start),
        ),
    };
    let line_start = line_start.min(at);
    Diagnostic {
        code: finding.code,
        severity,
        span: finding.span,
        line,
        col: source.column(line_start, at),
        message: finding.message,
    }
}
