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

crate::names::stable_names! {
    /// The kind of a finding. Names are stable (kebab-case, e.g. `missing-colon`); new codes
    /// may be added.
    pub enum Code {
        /// Bytes that are not valid UTF-8 (the protocol requires UTF-8).
        InvalidUtf8 = "invalid-utf8",
        /// A control character (including NUL and DEL) where the grammar allows none.
        ControlCharacter = "control-character",
        /// A `key: value` line whose key the variant does not define (e.g. `crawl-delay`).
        UnknownDirective = "unknown-directive",
        /// A `key: value` line whose key the variant does not define but which names a known
        /// extension record (`content-usage`, `crawl-delay`, …; docs/extensions.md): outside the
        /// variant's grammar like any unknown key, kept as a typed record.
        KnownExtension = "known-extension",
        /// An extension record whose value does not follow the extension's syntax (a Crawl-delay
        /// that is not a number, a Content-Usage statement that is not a Structured Fields
        /// dictionary, …): the record is kept, its value unknown. Never a grammar violation.
        InvalidExtensionValue = "invalid-extension-value",
        /// A Content-Usage rule whose value does not derive from the grammar that admits such
        /// rules (`aipref`: `[path-pattern 1*WS] usage-pref`, the preference a Structured
        /// Fields Dictionary of at least one member): a grammar violation there.
        InvalidContentUsage = "invalid-content-usage",
        /// A group-scoped extension record (Content-Usage, Crawl-delay, …) before any group (or,
        /// in 1994 and 1996, after the blank line that ends one): it applies to no agent and is
        /// ignored. Never a grammar violation.
        ExtensionOutsideGroup = "extension-outside-group",
        /// A misspelt key the variant accepts anyway (e.g. Google's `dissallow`).
        TypoDirective = "typo-directive",
        /// A key and value separated by whitespace instead of `:`.
        MissingColon = "missing-colon",
        /// A line that is neither a record, a comment nor blank (e.g. HTML).
        InvalidLine = "invalid-line",
        /// An `allow`/`disallow` line before the first `user-agent` line.
        RuleOutsideGroup = "rule-outside-group",
        /// A rule path that does not start with `/`.
        PathNotAbsolute = "path-not-absolute",
        /// Whitespace inside a path or URL value (it must be percent-encoded).
        WhitespaceInValue = "whitespace-in-value",
        /// A directive that needs a value has none (e.g. `sitemap:` without a URL).
        MissingValue = "missing-value",
        /// A `user-agent` value that is neither `*` nor a product token of `[A-Za-z_-]`.
        InvalidProductToken = "invalid-product-token",
        /// A byte order mark that is not at the very start of the file.
        MisplacedBom = "misplaced-bom",
        /// Whitespace at the start of a line, inside a key or before its colon, where the grammar
        /// glues the key to the line start and to the colon (1994, 1996's `"User-agent:"`).
        MisplacedWhitespace = "misplaced-whitespace",
        /// A character outside US-ASCII where the grammar allows only ASCII (1996).
        NonAscii = "non-ascii",
        /// A path character (or `%` escape) that the grammar's path syntax does not allow (1996:
        /// RFC 1808 paths).
        InvalidPath = "invalid-path",
        /// A record whose user-agent lines are not followed by any rule line (1994, 1996).
        RecordWithoutRules = "record-without-rules",
        /// A record that starts right after the previous one's rules, without the blank line that
        /// separates records (1994).
        MissingBlankLine = "missing-blank-line",
        /// A line longer than the variant's line-length limit; the rest is ignored.
        LineTooLong = "line-too-long",
        /// The grammar rejected the file at this point (reported when no more precise code applies).
        Syntax = "syntax",
        /// The fetched file is larger than the size limit; the rest is ignored (`robotspec::access`).
        SizeLimit = "size-limit",
        /// A resource limit ([`Limits`](crate::Limits)) stopped part of the file from being read:
        /// input size, line length, groups, rules per group or pattern length.
        LimitExceeded = "limit-exceeded",
    }
}

impl Code {
    /// True when the finding means the file does not derive from the variant's formal grammar
    /// (an error in strict mode). The variant's own limits (Google's line length, the size
    /// limit) are not grammar violations; a [`Code::LimitExceeded`] is, since the file was not
    /// read whole. What the extension checks find is not either: no variant's grammar says
    /// anything about an extension's value or place.
    pub fn is_violation(self) -> bool {
        !matches!(
            self,
            Code::LineTooLong
                | Code::SizeLimit
                | Code::InvalidExtensionValue
                | Code::ExtensionOutsideGroup
        )
    }
}

crate::names::stable_names! {
    /// How serious a finding is: a reading's diagnostic is an error or a warning, a lint
    /// finding (`robotspec::lint`) any of the three.
    pub enum Severity {
        /// Must be mended: a crawler misreads the line, or the file breaks its grammar.
        Error = "error",
        /// Worth knowing: non-standard but known; the file is still used as written.
        Warning = "warning",
        /// Information (lint findings only): what the readings make of the line.
        Note = "note",
    }
}

/// One finding, positioned in the original input.
#[non_exhaustive]
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
