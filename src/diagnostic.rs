//! Diagnostics: what the parser has to say about a file, each with a stable code and a position.
//!
//! Every problem the syntax stage finds becomes a [`Diagnostic`]: a [`Code`] with a stable,
//! documented name (the names are a public contract: scripts grep for them), a [`Severity`], the
//! byte span it covers in the original input and the 1-based line and column where it starts.
//!
//! The same finding is an [`Severity::Error`] in strict mode (the file does not conform to the
//! variant's grammar) and a [`Severity::Warning`] in lenient mode (the file is still used).
//! Findings that never break conformance are always warnings.

use serde::Serialize;
use std::fmt;

use crate::source::Span;

/// The kind of a finding. Names are stable; new codes may be added.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// Bytes that are not valid UTF-8 (the protocol requires UTF-8).
    InvalidUtf8,
    /// A control character (including NUL and DEL) where the grammar allows none.
    ControlCharacter,
    /// A `key: value` line whose key the variant does not define (e.g. `crawl-delay`).
    UnknownDirective,
    /// A misspelt key the variant accepts anyway (e.g. Google's `dissallow`).
    TypoDirective,
    /// A key and value separated by whitespace instead of `:`.
    MissingColon,
    /// A line that is neither a record, a comment nor blank (e.g. HTML).
    InvalidLine,
    /// An `allow`/`disallow` line before the first `user-agent` line.
    RuleOutsideGroup,
    /// A rule path that does not start with `/`.
    PathNotAbsolute,
    /// Whitespace inside a path or URL value (it must be percent-encoded).
    WhitespaceInValue,
    /// A directive that needs a value has none (e.g. `sitemap:` without a URL).
    MissingValue,
    /// A `user-agent` value that is neither `*` nor a product token of `[A-Za-z_-]`.
    InvalidProductToken,
    /// A byte order mark that is not at the very start of the file.
    MisplacedBom,
    /// Whitespace at the start of a line, inside a key or before its colon, where the grammar
    /// glues the key to the line start and to the colon (1994, 1996's `"User-agent:"`).
    MisplacedWhitespace,
    /// A character outside US-ASCII where the grammar allows only ASCII (1996).
    NonAscii,
    /// A path character (or `%` escape) that the grammar's path syntax does not allow (1996:
    /// RFC 1808 paths).
    InvalidPath,
    /// A record whose user-agent lines are not followed by any rule line (1994, 1996).
    RecordWithoutRules,
    /// A record that starts right after the previous one's rules, without the blank line that
    /// separates records (1994).
    MissingBlankLine,
    /// A line longer than the variant's line-length limit; the rest is ignored.
    LineTooLong,
    /// The grammar rejected the file at this point (reported when no more precise code applies).
    Syntax,
    /// The fetched file is larger than the size limit; the rest is ignored (`robotspec::access`).
    SizeLimit,
    /// A resource limit ([`Limits`](crate::Limits)) stopped part of the file from being read:
    /// input size, line length, groups, rules per group or pattern length.
    LimitExceeded,
}

impl Code {
    /// Every code, in declaration order (for documentation and tests).
    pub const ALL: &'static [Code] = &[
        Code::InvalidUtf8,
        Code::ControlCharacter,
        Code::UnknownDirective,
        Code::TypoDirective,
        Code::MissingColon,
        Code::InvalidLine,
        Code::RuleOutsideGroup,
        Code::PathNotAbsolute,
        Code::WhitespaceInValue,
        Code::MissingValue,
        Code::InvalidProductToken,
        Code::MisplacedBom,
        Code::MisplacedWhitespace,
        Code::NonAscii,
        Code::InvalidPath,
        Code::RecordWithoutRules,
        Code::MissingBlankLine,
        Code::LineTooLong,
        Code::Syntax,
        Code::SizeLimit,
        Code::LimitExceeded,
    ];

    /// True when the finding means the file does not derive from the variant's formal grammar
    /// (an error in strict mode). The variant's own limits (Google's line length, the size
    /// limit) are not grammar violations; a [`Code::LimitExceeded`] is, since the file was not
    /// read whole.
    pub fn is_violation(self) -> bool {
        !matches!(self, Code::LineTooLong | Code::SizeLimit)
    }

    /// The stable kebab-case name, e.g. `missing-colon`.
    pub fn name(self) -> &'static str {
        match self {
            Code::InvalidUtf8 => "invalid-utf8",
            Code::ControlCharacter => "control-character",
            Code::UnknownDirective => "unknown-directive",
            Code::TypoDirective => "typo-directive",
            Code::MissingColon => "missing-colon",
            Code::InvalidLine => "invalid-line",
            Code::RuleOutsideGroup => "rule-outside-group",
            Code::PathNotAbsolute => "path-not-absolute",
            Code::WhitespaceInValue => "whitespace-in-value",
            Code::MissingValue => "missing-value",
            Code::InvalidProductToken => "invalid-product-token",
            Code::MisplacedBom => "misplaced-bom",
            Code::MisplacedWhitespace => "misplaced-whitespace",
            Code::NonAscii => "non-ascii",
            Code::InvalidPath => "invalid-path",
            Code::RecordWithoutRules => "record-without-rules",
            Code::MissingBlankLine => "missing-blank-line",
            Code::LineTooLong => "line-too-long",
            Code::Syntax => "syntax",
            Code::SizeLimit => "size-limit",
            Code::LimitExceeded => "limit-exceeded",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file does not conform to the variant's grammar (strict mode).
    Error,
    /// Worth knowing; the file is still used as written.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One finding, positioned in the original input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// What was found.
    pub code: Code,
    /// Error in strict mode for grammar violations, warning otherwise.
    pub severity: Severity,
    /// The bytes concerned, `[start, end)` into the original input.
    pub span: Span,
    /// 1-based line of `span.start`.
    pub line: u32,
    /// 1-based column of `span.start`, counted in characters (an invalid byte counts as one).
    pub col: u32,
    /// A sentence for people.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    /// `LINE:COL: SEVERITY[CODE]: MESSAGE`, the shape compilers use.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}[{}]: {}",
            self.line, self.col, self.severity, self.code, self.message
        )
    }
}
