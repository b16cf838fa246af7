//! The syntax stage: bytes → lines → lossless tree, with diagnostics, in strict or lenient mode.
//!
//! * **Lenient** ([`parse`], [`Mode::Lenient`]) never fails, so it returns a value: the shared line grammar
//!   (`grammar/common.pest`, read by its transcription in `scan.rs`) reads any input line by
//!   line, each line a record, a comment, a blank line or — the last choice — an invalid line.
//!   Problems come back as warnings.
//! * **Strict** ([`parse_strict`], [`Mode::Strict`]) asks whether the file conforms to the variant's formal
//!   grammar. The lenient pass finds *every* problem with a precise code; the variant's strict
//!   pest rule (e.g. `grammar/rfc9309.pest`, the ABNF transcribed) gives the verdict. A file is
//!   accepted only if both agree it is clean; otherwise a [`StrictError`] carries all
//!   diagnostics as errors.
//!
//! ```
//! use robotspec::{parse, parse_strict, Code, Severity, Variant};
//!
//! let parsed = parse_strict(b"User-agent: *\nDisallow: /private\n", Variant::Rfc9309)?;
//! assert_eq!(parsed.tree().root().children.len(), 2);
//! assert_eq!(parsed.tree().reassemble(), b"User-agent: *\nDisallow: /private\n");
//!
//! let lenient = parse(b"User-agent: *\nDisallow private\n", Variant::Rfc9309);
//! let first = &lenient.diagnostics()[0];
//! assert_eq!((first.code, first.severity), (Code::MissingColon, Severity::Warning));
//! let err = parse_strict(b"User-agent: *\nDisallow private\n", Variant::Rfc9309).unwrap_err();
//! assert_eq!(err.diagnostics()[0].to_string(),
//!            "2:9: error[missing-colon]: missing `:` between key and value");
//! # Ok::<(), robotspec::StrictError>(())
//! ```
//!
//! # One pass, one direction
//!
//! The bytes are read once ([`Lines`]): each line is checked as it is read, handed to the stage
//! that consumes it (the model, for a [`Robots`](crate::Robots)) and forgotten. Problems go to one
//! collector that positions them while their line is current. No later stage splits lines or looks
//! for keys: what they need, the syntax stage has already said.

mod check;
mod grammar;
mod lines;
#[cfg(any(test, feature = "internals"))]
mod reference;
mod scan;
pub(crate) mod strict;
pub(crate) mod tree;

pub(crate) use lines::{cut_len, Entry, Line, LineBody};
pub(crate) use scan::Lines;
pub(crate) use tree::Tree;

use std::fmt;

use crate::diagnostic::Diagnostic;
use crate::findings::Findings;
use crate::limits::{InputCut, Limits};
use crate::source::Source;
use crate::variant::{Profile, Variant};

crate::names::stable_names! {
    /// Strict or lenient parsing.
    pub enum Mode {
        /// Validate against the variant's formal grammar; fail with every problem found.
        Strict = "strict",
        /// Never fail (Postel's law); problems are warnings.
        Lenient = "lenient",
    }
}

impl Default for Mode {
    /// Lenient.
    fn default() -> Self {
        Mode::Lenient
    }
}

/// Which diagnostics a lenient reading collects (strict mode always collects all of them).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Collect {
    /// Every finding of the grammar checks, and every limit hit.
    #[default]
    All,
    /// Only what a limit cut (`limit-exceeded`, `line-too-long`): the grammar checks are not
    /// run at all, so a reader that only wants verdicts pays nothing for them.
    Limits,
}

/// How a file is read: the mode, the resource limits, and the optional readings the spec
/// leaves to the implementer. Start from `ParseOptions::default()` (lenient, every finding,
/// safe limits) and change what you need:
///
/// ```
/// use robotspec::{Collect, Limit, Limits, Mode, ParseOptions};
/// let options = ParseOptions::default()
///     .with_mode(Mode::Strict)
///     .with_limits(Limits::default().with(Limit::Groups, 100));
/// assert_eq!(options.mode(), Mode::Strict);
/// assert_eq!(options.limits().get(Limit::Groups), 100);
/// assert_eq!(options.collect(), Collect::All);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ParseOptions {
    pub(crate) mode: Mode,
    pub(crate) limits: Limits,
    pub(crate) drop_invalid_utf8: bool,
    pub(crate) collect: Collect,
    /// Whose limit the input limit is (the access stage sets its size limit through it).
    pub(crate) input_cut: InputCut,
}

impl ParseOptions {
    /// The options of [`Robots::parse`](crate::Robots::parse), a crawler's reading: the
    /// default ones, lenient, collecting only what a limit cut ([`Collect::Limits`]), so that
    /// no grammar check runs. `ParseOptions::default()` collects every finding.
    pub fn for_verdicts() -> Self {
        ParseOptions::default().with_collect(Collect::Limits)
    }

    /// The default options in `mode`.
    pub fn new(mode: Mode) -> Self {
        ParseOptions::default().with_mode(mode)
    }

    /// Strict or lenient (default).
    #[must_use]
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// Resource limits; the defaults are safe for untrusted input.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Leave the bytes that are not UTF-8 out of every value before it is read
    /// (docs/spec/VARIANTS.md A45: Google "may drop non-UTF-8 characters", so a rule may change
    /// or become empty). Off by default: octets are kept and percent-encoded, so a Latin-1 rule
    /// still matches the Latin-1 URL. The tree is unchanged (lossless).
    #[must_use]
    pub fn with_drop_invalid_utf8(mut self, drop: bool) -> Self {
        self.drop_invalid_utf8 = drop;
        self
    }

    /// Which diagnostics a lenient reading collects (default: all).
    #[must_use]
    pub fn with_collect(mut self, collect: Collect) -> Self {
        self.collect = collect;
        self
    }

    /// The input limit is the access stage's size limit: its cut is a `size-limit`.
    #[must_use]
    pub(crate) fn with_size_limit_cut(mut self) -> Self {
        self.input_cut = InputCut::SizeLimit;
        self
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether bytes that are not UTF-8 are left out of values.
    pub fn drop_invalid_utf8(&self) -> bool {
        self.drop_invalid_utf8
    }

    /// Which diagnostics a lenient reading collects.
    pub fn collect(&self) -> Collect {
        self.collect
    }

    /// Whether the grammar checks run.
    fn lint(&self) -> bool {
        self.mode == Mode::Strict || self.collect == Collect::All
    }
}

/// A parsed file: its diagnostics, and its lossless tree on demand.
///
/// The lines are not stored: the tree and its JSON are made from the source when asked, one
/// line at a time, so a parsed file holds its input, its options and its diagnostics — nothing
/// that grows with the number of lines.
///
/// ```
/// use robotspec::tree::NodeKind;
/// use robotspec::{parse, Code, Variant};
///
/// let input = b"User-agent: *\nDisalow: /x\n";
/// let parsed = parse(input, Variant::Google);
/// assert_eq!(parsed.diagnostics()[0].code, Code::TypoDirective);
/// let tree = parsed.tree();
/// assert_eq!(tree.root().children[1].kind, NodeKind::DisallowLine);
/// assert_eq!(tree.reassemble(), input); // every byte, in order
/// let mut json = Vec::new();
/// parsed.write_json(&mut json, false)?;
/// assert!(json.starts_with(br#"{"kind":"robots_txt""#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Parsed<'a> {
    source: Source<'a>,
    profile: Profile,
    options: ParseOptions,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Parsed<'a> {
    fn new(
        source: Source<'a>,
        profile: Profile,
        options: &ParseOptions,
        diagnostics: Vec<Diagnostic>,
    ) -> Self {
        Parsed {
            source,
            profile,
            options: *options,
            diagnostics,
        }
    }

    /// The original input.
    pub fn input(&self) -> &'a [u8] {
        self.source.bytes()
    }

    /// The input with its shadow text and invalid UTF-8 runs.
    pub(crate) fn source(&self) -> &Source<'a> {
        &self.source
    }

    /// The variant the file was read with (the one its profile starts from).
    pub fn variant(&self) -> Variant {
        self.profile.variant()
    }

    /// The reading the file was read with: its variant, with the settings changed, if any.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The options the file was read with.
    pub fn options(&self) -> &ParseOptions {
        &self.options
    }

    /// The lines, in order, read as they are asked for.
    pub(crate) fn lines(&self) -> Lines<'_, 'a> {
        Lines::new(&self.source, &self.profile, &self.options.limits)
    }

    /// Every finding, in input order (warnings in lenient mode).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The lossless parse tree, built in memory. To write it out for a large file, prefer
    /// [`Parsed::write_json`] and [`Parsed::write_dump`], which hold one line at a time.
    pub fn tree(&self) -> Tree<'a> {
        Tree::build(&self.source, self.lines())
    }

    /// Writes the tree as JSON (pretty-printed as [`Tree::to_json`], or compact), one line's
    /// nodes at a time.
    ///
    /// # Errors
    /// What the writer returns.
    pub fn write_json(&self, out: impl std::io::Write, pretty: bool) -> std::io::Result<()> {
        tree::write_json(&self.source, self.lines(), out, pretty)
    }

    /// Writes the tree as the indented dump of [`Tree::dump`], one line's nodes at a time.
    ///
    /// # Errors
    /// What the writer returns.
    pub fn write_dump(&self, out: impl std::io::Write) -> std::io::Result<()> {
        tree::write_dump(&self.source, self.lines(), out)
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

/// Parses `input` leniently as `variant` (a [`Variant`] or a composed [`Profile`]), with the
/// default options (every finding, safe limits). Lenient parsing never fails: problems are
/// warnings among the diagnostics.
///
/// ```
/// use robotspec::{parse, Code, Severity, Variant};
///
/// let parsed = parse(b"User-agent: *\nDisallow /x\n", Variant::Rfc9309);
/// let first = &parsed.diagnostics()[0];
/// assert_eq!((first.code, first.severity), (Code::MissingColon, Severity::Warning));
/// ```
pub fn parse(input: &[u8], variant: impl Into<Profile>) -> Parsed<'_> {
    parse_lenient(input, variant.into(), &ParseOptions::default())
}

/// Parses `input` strictly as `variant` (a [`Variant`] or a composed [`Profile`]), with the
/// default limits: `Err` with every problem when the file does not conform to the variant's
/// grammar.
///
/// ```
/// use robotspec::{parse_strict, Code, Severity, Variant};
///
/// let rejected = parse_strict(b"User-agent: *\nDisallow /x\n", Variant::Rfc9309).unwrap_err();
/// let first = &rejected.diagnostics()[0];
/// assert_eq!((first.code, first.severity), (Code::MissingColon, Severity::Error));
/// assert_eq!((first.line, first.col), (2, 9));
/// assert_eq!(first.to_string(), "2:9: error[missing-colon]: missing `:` between key and value");
/// ```
///
/// # Errors
/// A [`StrictError`] with every problem, when the file does not conform.
pub fn parse_strict(input: &[u8], variant: impl Into<Profile>) -> Result<Parsed<'_>, StrictError> {
    parse_with(input, variant, &ParseOptions::new(Mode::Strict))
}

/// Parses `input` as `variant` (a [`Variant`] or a composed [`Profile`]) with `options` (mode,
/// limits, readings), the mode chosen at run time: use it where the mode is a setting, and
/// [`parse`] or [`parse_strict`] where it is known.
///
/// # Errors
/// Only in strict mode: a [`StrictError`] with every problem, when the file does not conform to
/// the variant's grammar or a limit stopped part of it from being read.
pub fn parse_with<'a>(
    input: &'a [u8],
    variant: impl Into<Profile>,
    options: &ParseOptions,
) -> Result<Parsed<'a>, StrictError> {
    let profile = variant.into();
    match options.mode {
        Mode::Lenient => Ok(parse_lenient(input, profile, options)),
        Mode::Strict => {
            let source =
                Source::read_as(input, options.limits.input_bytes, profile.byte_order_mark);
            let findings = read(&source, &profile, options, |_, _| {});
            let diagnostics = conclude_strict(&source, &profile, findings)?;
            Ok(Parsed::new(source, profile, options, diagnostics))
        }
    }
}

/// The lenient reading with `options` (whatever mode they name).
fn parse_lenient<'a>(input: &'a [u8], profile: Profile, options: &ParseOptions) -> Parsed<'a> {
    let source = Source::read_as(input, options.limits.input_bytes, profile.byte_order_mark);
    let diagnostics = read(&source, &profile, options, |_, _| {}).finish(false);
    Parsed::new(source, profile, options, diagnostics)
}

/// The one pass over a file: every line is read once, checked (as `options` ask) and handed to
/// `each` — the later stage that consumes it — while it is current in the collector.
pub(crate) fn read<'s, 'a>(
    source: &'s Source<'a>,
    profile: &Profile,
    options: &ParseOptions,
    mut each: impl FnMut(&Line, &mut Findings<'s, 'a>),
) -> Findings<'s, 'a> {
    let mut findings = Findings::new(source, &options.limits);
    let mut checker = check::Checker::new(
        source,
        profile,
        &strict::grammar(profile.strict_grammar).demands,
        &options.limits,
        options.input_cut,
        options.lint(),
        &mut findings,
    );
    for line in Lines::new(source, profile, &options.limits) {
        findings.enter(line.place(), line.next_place());
        checker.line(&line, &mut findings);
        each(&line, &mut findings);
    }
    checker.finish(&mut findings);
    findings
}

/// The end of a strict reading: the strict grammar's verdict when the checks found nothing,
/// and `Err` with every diagnostic (as errors) when anything violates. A lenient reading ends
/// with [`Findings::finish`] alone.
pub(crate) fn conclude_strict(
    source: &Source<'_>,
    profile: &Profile,
    mut findings: Findings<'_, '_>,
) -> Result<Vec<Diagnostic>, StrictError> {
    if !findings.has_violation() {
        if let Some(finding) = strict::validate(source, strict::grammar(profile.strict_grammar)) {
            // Only the lines' places are read: the line limit does not move them.
            let lines = Lines::new(source, profile, &Limits::default());
            let place = lines::place_of(lines, finding.span.start);
            findings.push_on(place, finding);
        }
    }
    let failed = findings.has_violation();
    let diagnostics = findings.finish(true);
    if failed {
        return Err(StrictError { diagnostics });
    }
    Ok(diagnostics)
}

/// Whether the line reader and the lenient grammar, run with pest, read `input` into the same
/// lines under `variant`. For the tests and fuzz targets that hold the reader to its
/// definition; not part of the API (feature `internals`).
#[cfg(feature = "internals")]
#[doc(hidden)]
pub fn grammar_agrees(input: &[u8], variant: Variant) -> bool {
    let profile = variant.profile();
    let source = Source::read_as(input, usize::MAX, profile.byte_order_mark);
    let limits = Limits::default();
    Lines::new(&source, profile, &limits).eq(reference::lines(&source, profile, &limits))
}
