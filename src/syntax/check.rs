//! Validation: every way a file departs from its variant's formal grammar, found line by line.
//!
//! The checks mirror the strict grammar rule by rule, but unlike pest (which stops at the first
//! failure) they report *every* problem, each with a precise [`Code`]. The strict grammar still
//! has the last word: when it rejects a file these checks found nothing wrong with, its own error
//! becomes a [`Code::Syntax`] diagnostic (see `super::strict`).

use crate::diagnostic::Code;
use crate::source::{Source, Span};
use crate::variant::{Directive, Profile, Spelling};

use super::lines::{Entry, Line, LineBody};

/// A problem found, before it is given a severity and a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What.
    pub code: Code,
    /// Where.
    pub span: Span,
    /// Why, for people.
    pub message: String,
}

impl Finding {
    fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Finding {
            code,
            span,
            message: message.into(),
        }
    }
}

/// Checks every line of a file, in order. Findings come out sorted by position.
pub fn check(source: &Source<'_>, lines: &[Line], profile: &Profile) -> Vec<Finding> {
    let mut checker = Checker {
        source,
        profile,
        findings: Vec::new(),
        in_group: false,
    };
    for line in lines {
        checker.line(line);
    }
    let mut findings = checker.findings;
    findings.extend(invalid_utf8(source));
    findings.sort_by_key(|f| (f.span.start, f.code));
    findings
}

fn invalid_utf8<'s>(source: &'s Source<'_>) -> impl Iterator<Item = Finding> + 's {
    source.invalid_utf8().iter().map(|&run| {
        let bytes: Vec<String> = source
            .slice(run)
            .iter()
            .take(4)
            .map(|b| format!("{b:02X}"))
            .collect();
        Finding::new(
            Code::InvalidUtf8,
            run,
            format!("bytes that are not UTF-8 ({})", bytes.join(" ")),
        )
    })
}

struct Checker<'s, 'a> {
    source: &'s Source<'a>,
    profile: &'s Profile,
    findings: Vec<Finding>,
    /// A user-agent line has been seen, so rules belong to a group.
    in_group: bool,
}

impl Checker<'_, '_> {
    fn push(&mut self, code: Code, span: Span, message: impl Into<String>) {
        self.findings.push(Finding::new(code, span, message));
    }

    fn text(&self, span: Span) -> String {
        String::from_utf8_lossy(self.source.slice(span)).into_owned()
    }

    fn line(&mut self, line: &Line) {
        if let Some(limit) = self.profile.max_line_bytes {
            if line.content.len() > limit {
                let rest = Span::new(line.content.start + limit, line.content.end);
                self.push(
                    Code::LineTooLong,
                    rest,
                    format!("line longer than {limit} bytes; the rest is ignored"),
                );
            }
        }
        match line.body {
            LineBody::Blank | LineBody::Comment => {}
            LineBody::Entry(entry) => self.entry(&entry),
            LineBody::Invalid { text } => self.invalid(text),
        }
        self.control_characters(line);
    }

    fn invalid(&mut self, text: Span) {
        if self.source.slice(text).starts_with(crate::source::UTF8_BOM) {
            self.push(
                Code::MisplacedBom,
                text,
                "a byte order mark is only allowed at the start of the file",
            );
        } else {
            self.push(
                Code::InvalidLine,
                text,
                "not a `key: value` record, a comment or a blank line",
            );
        }
    }

    fn entry(&mut self, entry: &Entry) {
        self.key(entry);
        if entry.colon.is_none() {
            let gap = Span::new(entry.key.end, entry.value_or_empty().start);
            self.push(Code::MissingColon, gap, "missing `:` between key and value");
        }
        match entry.directive {
            Directive::UserAgent => {
                self.in_group = true;
                self.product_token(entry);
            }
            Directive::Allow | Directive::Disallow => {
                if !self.in_group {
                    self.push(
                        Code::RuleOutsideGroup,
                        entry.key,
                        "rule before any `user-agent` line belongs to no group and is ignored",
                    );
                }
                self.path(entry);
            }
            Directive::Sitemap => self.sitemap(entry),
            Directive::Other => {}
        }
    }

    fn key(&mut self, entry: &Entry) {
        let key = self.text(entry.key);
        if self
            .source
            .slice(entry.key)
            .starts_with(crate::source::UTF8_BOM)
        {
            self.push(
                Code::MisplacedBom,
                entry.key,
                "a byte order mark is only allowed at the start of the file",
            );
            return;
        }
        match (entry.directive, entry.spelling) {
            (Directive::Other, _) => self.push(
                Code::UnknownDirective,
                entry.key,
                format!("`{key}` is not a directive of {}", self.profile.name),
            ),
            (directive, Spelling::Prefix | Spelling::Typo) => self.push(
                Code::TypoDirective,
                entry.key,
                format!("`{key}` is read as `{}`", canonical_name(directive)),
            ),
            (_, Spelling::Exact) => {}
        }
    }

    fn product_token(&mut self, entry: &Entry) {
        let Some(value) = entry.value else {
            self.push(
                Code::InvalidProductToken,
                entry.value_or_empty(),
                "empty user-agent value",
            );
            return;
        };
        let token = self.source.slice(value);
        let valid = token == b"*"
            || token
                .iter()
                .all(|&b| b.is_ascii_alphabetic() || b == b'-' || b == b'_');
        if !valid {
            self.push(
                Code::InvalidProductToken,
                value,
                format!(
                    "`{}` is neither `*` nor a product token (letters, `-` and `_` only)",
                    self.text(value)
                ),
            );
        }
    }

    fn path(&mut self, entry: &Entry) {
        let Some(value) = entry.value else { return };
        let path = self.source.slice(value);
        if !path.starts_with(b"/") {
            self.push(
                Code::PathNotAbsolute,
                value,
                format!("path `{}` does not start with `/`", self.text(value)),
            );
        }
        self.no_whitespace(value);
    }

    fn sitemap(&mut self, entry: &Entry) {
        match entry.value {
            Some(value) => self.no_whitespace(value),
            None => self.push(
                Code::MissingValue,
                entry.value_or_empty(),
                "sitemap without a URL",
            ),
        }
    }

    fn no_whitespace(&mut self, value: Span) {
        let bytes = self.source.slice(value);
        if let Some(at) = bytes.iter().position(|&b| b == b' ' || b == b'\t') {
            let start = value.start + at;
            self.push(
                Code::WhitespaceInValue,
                Span::new(start, start + 1),
                "whitespace inside a value (write it as %20)",
            );
        }
    }

    /// The first control character (other than tab) in the line. Invalid UTF-8 bytes are all
    /// ≥ 0x80, so they never count here.
    fn control_characters(&mut self, line: &Line) {
        let content = self.source.slice(line.content);
        if let Some((at, &byte)) = content.iter().enumerate().find(|&(_, &b)| is_control(b)) {
            let start = line.content.start + at;
            self.push(
                Code::ControlCharacter,
                Span::new(start, start + 1),
                format!("control character U+{byte:04X}"),
            );
        }
    }
}

fn is_control(byte: u8) -> bool {
    (byte < 0x20 && byte != b'\t') || byte == 0x7F
}

/// The canonical spelling of a directive, for messages.
pub fn canonical_name(directive: Directive) -> &'static str {
    match directive {
        Directive::UserAgent => "user-agent",
        Directive::Allow => "allow",
        Directive::Disallow => "disallow",
        Directive::Sitemap => "sitemap",
        Directive::Other => "other",
    }
}
