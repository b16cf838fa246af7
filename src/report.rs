//! A per-line parse report in the shape of Google's reporting library (`reporting_robots`), for
//! tools that highlight a file line by line and for conformance with its tests.
//!
//! Every line of the file is reported, including the empty line after a final line end (Google
//! counts it). Each line gets a tag (the directive it holds, `Unused` for records Google knows
//! but ignores such as `crawl-delay`, `Unknown` otherwise) and the flags Google reports.

use serde::Serialize;

use crate::syntax::{LineBody, Parsed};
use crate::variant::{Directive, Spelling};

/// What a line holds, in Google's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Tag {
    /// No directive (blank, comment, invalid line, or an unknown key).
    Unknown,
    /// `user-agent`
    UserAgent,
    /// `allow`
    Allow,
    /// `disallow`
    Disallow,
    /// `sitemap`
    Sitemap,
    /// A record popular in robots.txt files that Google does not use: `clean-param`,
    /// `crawl-delay`, `host`, `noarchive`, `noindex`, `nofollow`.
    Unused,
}

/// Keys Google recognises as popular but unused (lower case).
const UNUSED_KEYS: &[&str] = &[
    "clean-param",
    "crawl-delay",
    "host",
    "noarchive",
    "noindex",
    "nofollow",
];

/// One line's report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineReport {
    /// 1-based line number.
    pub line: u32,
    /// The directive the line holds.
    pub tag: Tag,
    /// Only whitespace, or nothing.
    pub is_empty: bool,
    /// Holds a `#` comment.
    pub has_comment: bool,
    /// Holds only a comment.
    pub is_comment: bool,
    /// Holds a `key: value` record (whatever the key).
    pub has_directive: bool,
    /// The key is an accepted misspelling (`useragent`, `disallaw`, `site-map`, …).
    pub is_acceptable_typo: bool,
    /// Longer than the variant's line limit.
    pub is_line_too_long: bool,
    /// Whitespace instead of `:` between key and value.
    pub is_missing_colon_separator: bool,
}

/// The whole file's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ParseReport {
    /// Every line, in order, including the empty line after a final line end.
    pub lines: Vec<LineReport>,
    /// Lines holding `user-agent`, `allow`, `disallow` or `sitemap`.
    pub valid_directives: usize,
    /// Lines holding any other record.
    pub unused_directives: usize,
}

impl ParseReport {
    /// Builds the report of a parsed file.
    pub fn of(parsed: &Parsed<'_>) -> ParseReport {
        let limit = parsed.profile().max_line_bytes;
        let mut ends_open = true;
        let mut lines: Vec<LineReport> = parsed
            .lines()
            .map(|line| {
                ends_open = line.newline.is_some();
                let mut report = LineReport {
                    line: line.number,
                    tag: Tag::Unknown,
                    is_empty: matches!(line.body, LineBody::Blank),
                    has_comment: line.comment.is_some(),
                    is_comment: matches!(line.body, LineBody::Comment),
                    has_directive: false,
                    is_acceptable_typo: false,
                    is_line_too_long: limit.is_some_and(|l| line.content.len() > l),
                    is_missing_colon_separator: false,
                };
                if let Some(entry) = line.entry() {
                    report.has_directive = true;
                    report.is_acceptable_typo = entry.spelling == Spelling::Typo;
                    report.is_missing_colon_separator = entry.colon.is_none();
                    report.tag = tag(entry.directive, parsed.source().slice(entry.key));
                }
                report
            })
            .collect();
        if ends_open {
            lines.push(LineReport {
                line: u32::try_from(lines.len() + 1).unwrap_or(u32::MAX),
                tag: Tag::Unknown,
                is_empty: true,
                has_comment: false,
                is_comment: false,
                has_directive: false,
                is_acceptable_typo: false,
                is_line_too_long: false,
                is_missing_colon_separator: false,
            });
        }
        let valid_directives = lines
            .iter()
            .filter(|l| !matches!(l.tag, Tag::Unknown | Tag::Unused))
            .count();
        let unused_directives = lines
            .iter()
            .filter(|l| l.has_directive && matches!(l.tag, Tag::Unknown | Tag::Unused))
            .count();
        ParseReport {
            lines,
            valid_directives,
            unused_directives,
        }
    }

    /// The number of the last line that holds a record (0 when none does).
    pub fn last_directive_line(&self) -> u32 {
        self.lines
            .iter()
            .rev()
            .find(|l| l.has_directive)
            .map_or(0, |l| l.line)
    }
}

fn tag(directive: Directive, key: &[u8]) -> Tag {
    match directive {
        Directive::UserAgent => Tag::UserAgent,
        Directive::Allow => Tag::Allow,
        Directive::Disallow => Tag::Disallow,
        Directive::Sitemap => Tag::Sitemap,
        Directive::Other
            if UNUSED_KEYS
                .iter()
                .any(|k| key.eq_ignore_ascii_case(k.as_bytes())) =>
        {
            Tag::Unused
        }
        Directive::Other => Tag::Unknown,
    }
}
