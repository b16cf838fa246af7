//! A file read as a variant's text: [`Parsed`] (its diagnostics, and its lossless tree on
//! demand), and the entry points that read one: [`parse`] (lenient, every finding),
//! [`parse_strict`] (the validator) and [`parse_with`] (the options chosen at run time). All
//! three run the one pass of `pass.rs`.

use super::options::{Mode, ParseOptions};
use super::pass::{conclude, read, source_of, StrictError};
use super::scan::Lines;
use super::tree::{self, JsonLayout, Tree};
use crate::diagnostic::Diagnostic;
use crate::source::Source;
use crate::variant::Profile;

/// A parsed file: its diagnostics, and its lossless tree on demand.
///
/// The lines are not stored: the tree and its JSON are made from the source when asked, one
/// line at a time, so a parsed file holds its input, its options and its diagnostics — nothing
/// that grows with the number of lines.
///
/// ```
/// use robotspec::tree::{JsonLayout, NodeKind};
/// use robotspec::{parse, Code, Variant};
///
/// let input = b"User-agent: *\nDisalow: /x\n";
/// let parsed = parse(input, Variant::Google);
/// assert_eq!(parsed.diagnostics()[0].code, Code::TypoDirective);
/// let tree = parsed.tree();
/// assert_eq!(tree.root().children[1].kind, NodeKind::DisallowLine);
/// assert_eq!(tree.reassemble(), input); // every byte, in order
/// let mut json = Vec::new();
/// parsed.write_json(&mut json, JsonLayout::Compact)?;
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
    pub fn write_json(&self, out: impl std::io::Write, layout: JsonLayout) -> std::io::Result<()> {
        tree::write_json(&self.source, self.lines(), out, layout)
    }

    /// Writes the tree as the indented dump of [`Tree::dump`], one line's nodes at a time.
    ///
    /// # Errors
    /// What the writer returns.
    pub fn write_dump(&self, out: impl std::io::Write) -> std::io::Result<()> {
        tree::write_dump(&self.source, self.lines(), out)
    }
}

/// Parses `input` leniently as `profile` (a [`Variant`](crate::Variant) or a composed [`Profile`]), with the
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
pub fn parse(input: &[u8], profile: impl Into<Profile>) -> Parsed<'_> {
    let options = ParseOptions::default();
    let profile = profile.into();
    let (source, concluded) = read_file(input, profile, &options);
    let diagnostics = concluded.unwrap_or_else(StrictError::into_diagnostics);
    Parsed::new(source, profile, &options, diagnostics)
}

/// Parses `input` strictly as `profile` (a [`Variant`](crate::Variant) or a composed [`Profile`]), with the
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
pub fn parse_strict(input: &[u8], profile: impl Into<Profile>) -> Result<Parsed<'_>, StrictError> {
    parse_with(input, profile, &ParseOptions::new(Mode::Strict))
}

/// Parses `input` as `profile` (a [`Variant`](crate::Variant) or a composed [`Profile`]) with `options` (mode,
/// limits, what to collect), chosen at run time: use it where the options are settings, and
/// [`parse`] or [`parse_strict`] where the defaults do.
///
/// # Errors
/// Only in strict mode: a [`StrictError`] with every problem, when the file does not conform to
/// the variant's grammar or a limit stopped part of it from being read.
pub fn parse_with<'a>(
    input: &'a [u8],
    profile: impl Into<Profile>,
    options: &ParseOptions,
) -> Result<Parsed<'a>, StrictError> {
    let profile = profile.into();
    let (source, concluded) = read_file(input, profile, options);
    Ok(Parsed::new(source, profile, options, concluded?))
}

/// The one pass over `input` for the file alone (no later stage consumes its lines): the
/// source, and the reading's conclusion.
fn read_file<'a>(
    input: &'a [u8],
    profile: Profile,
    options: &ParseOptions,
) -> (Source<'a>, Result<Vec<Diagnostic>, StrictError>) {
    let source = source_of(input, &profile, options);
    let findings = read(&source, &profile, options, |_, _| {});
    let concluded = conclude(&source, &profile, findings, options.mode);
    (source, concluded)
}
