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
mod scan;
mod strict;
mod tree;

pub use check::canonical_name;
pub use lines::{Entry, Line, LineBody};
pub use tree::{escape, Node, NodeKind, Tree};

use std::fmt;
use std::sync::OnceLock;

use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::limits::Limits;
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

/// How a file is read: the mode, the resource limits, and the optional readings the spec
/// leaves to the implementer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ParseOptions {
    /// Strict or lenient (default).
    pub mode: Mode,
    /// Resource limits; the defaults are safe for untrusted input.
    pub limits: Limits,
    /// Leave the bytes that are not UTF-8 out of every value before it is read (VARIANTS.md
    /// A45: Google "may drop non-UTF-8 characters", so a rule may change or become empty). Off
    /// by default: octets are kept and percent-encoded, so a Latin-1 rule still matches the
    /// Latin-1 URL.
    pub drop_invalid_utf8: bool,
}

impl ParseOptions {
    /// The default options in `mode`.
    pub fn new(mode: Mode) -> Self {
        ParseOptions {
            mode,
            ..ParseOptions::default()
        }
    }
}

/// A parsed file: its lines, diagnostics and (on demand) its tree.
#[derive(Debug, Clone)]
pub struct Parsed<'a> {
    source: Source<'a>,
    variant: Variant,
    options: ParseOptions,
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

    /// The options the file was read with.
    pub fn options(&self) -> &ParseOptions {
        &self.options
    }

    /// The lines, in order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Every finding, in input order (warnings in lenient mode).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        self.diagnostics.get_or_init(|| {
            let findings = self.check();
            findings
                .into_iter()
                .map(|f| self.locate(f.code, f.span, f.message, Severity::Warning))
                .collect()
        })
    }

    /// A diagnostic for `span`, with its line and column.
    pub fn locate(
        &self,
        code: Code,
        span: Span,
        message: String,
        severity: Severity,
    ) -> Diagnostic {
        position(
            &self.source,
            &self.lines,
            check::Finding::new(code, span, message),
            severity,
        )
    }

    fn check(&self) -> Vec<check::Finding> {
        check::check(
            &self.source,
            &self.lines,
            self.variant.profile(),
            &self.options.limits,
        )
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
    /// A rejection with these diagnostics.
    pub(crate) fn new(diagnostics: Vec<Diagnostic>) -> Self {
        StrictError { diagnostics }
    }

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

/// Parses `input` as `variant` in `mode`, with the default limits.
///
/// Lenient mode always returns `Ok`. Strict mode returns `Err` with every problem when the file
/// does not conform to the variant's grammar.
pub fn parse(input: &[u8], variant: Variant, mode: Mode) -> Result<Parsed<'_>, StrictError> {
    parse_with(input, variant, &ParseOptions::new(mode))
}

/// Parses `input` as `variant` with `options` (mode, limits, readings).
///
/// Lenient mode always returns `Ok`. Strict mode returns `Err` with every problem when the file
/// does not conform to the variant's grammar or a limit stopped part of it from being read.
pub fn parse_with<'a>(
    input: &'a [u8],
    variant: Variant,
    options: &ParseOptions,
) -> Result<Parsed<'a>, StrictError> {
    let source = Source::read_to(input, options.limits.input_end(input));
    let lines = lines::split(&source, variant.profile());
    Parsed::new(source, variant, options, lines).finish()
}

/// Lenient parsing for a queryable object: the same [`Parsed`] as [`parse_with`] in lenient
/// mode, its lines read by the fast line reader instead of pest (`scan.rs`; tested to agree).
pub(crate) fn parse_for_queries<'a>(
    input: &'a [u8],
    variant: Variant,
    options: &ParseOptions,
) -> Parsed<'a> {
    let source = Source::read_to(input, options.limits.input_end(input));
    let lines = scan::split(&source, variant.profile());
    let lenient = ParseOptions {
        mode: Mode::Lenient,
        ..*options
    };
    Parsed::new(source, variant, &lenient, lines)
}

impl<'a> Parsed<'a> {
    fn new(source: Source<'a>, variant: Variant, options: &ParseOptions, lines: Vec<Line>) -> Self {
        Parsed {
            source,
            variant,
            options: *options,
            lines,
            diagnostics: OnceLock::new(),
        }
    }

    /// Lenient mode: as read. Strict mode: validated.
    fn finish(self) -> Result<Self, StrictError> {
        match self.options.mode {
            Mode::Lenient => Ok(self),
            Mode::Strict => self.validate(),
        }
    }

    /// Strict mode: every finding, plus the strict grammar's verdict when the checks found no
    /// violation; `Err` when anything violates.
    fn validate(self) -> Result<Self, StrictError> {
        let mut findings = self.check();
        if !findings.iter().any(|f| f.code.is_violation()) {
            let grammar = self.variant.profile().strict_grammar;
            findings.extend(strict::validate(&self.source, grammar));
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
                position(&self.source, &self.lines, finding, severity)
            })
            .collect();
        if strict_failure {
            return Err(StrictError::new(diagnostics));
        }
        self.diagnostics.get_or_init(|| diagnostics);
        Ok(self)
    }
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
    let (line, line_start) = match (lines.get(index), lines.last()) {
        (Some(l), _) => (l.number, l.content.start),
        // Past the end of a last line that has its line end: the next line (input ignored
        // after a limit starts there).
        (None, Some(last)) if last.newline.is_some() && at >= last.span().end => {
            (last.number.saturating_add(1), last.span().end)
        }
        // Before the first line (the byte order mark) or on the last one.
        (None, last) => (
            last.map_or(1, |l| l.number),
            last.map_or(0, |l| l.content.start),
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
