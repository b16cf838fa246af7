//! Google's per-line report: what Google's reporting library (`RobotsParsingReporter`,
//! `reporting_robots.cc`) says of every line of a file, for tools that highlight a file line by
//! line and for conformance with Google's tests.
//!
//! The report is Google's view of the file whatever variant it was parsed with: the lines are
//! read with Google's profile, each up to its cut (Google's library reads a line as a C string
//! in a buffer of 16,663 bytes, so a NUL or the buffer's end ends the line before it looks for a
//! comment, key or colon). Every flag and tag comes from the syntax stage's reading of the line:
//! the tag from the entry's directive, or `Unused` when the key names one of the records Google
//! recognises but does not use (its `kUnsupportedTags`, the one list in Google's profile). No key
//! is compared again here.
//!
//! Every line of the file is reported, including the empty line after a final line end (Google
//! counts it).

use std::fmt;

use serde::Serialize;

use crate::limits::Limits;
use crate::source::Source;
use crate::syntax::{Line, LineBody, Lines, Parsed};
use crate::variant::{Directive, Spelling, Variant};

/// What a line holds, in Google's terms. Serialised as `user-agent`, `allow`, `disallow`,
/// `sitemap`, `unused` or `unknown`.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
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
    /// A record popular in robots.txt files that Google recognises but does not use:
    /// `clean-param`, `content-signal`, `content-usage`, `crawl-delay`, `domain`, `host`,
    /// `noarchive`, `nofollow`, `noindex`, `request-rate`, `revisit-after`, `visit-time`.
    Unused,
}

impl Tag {
    /// The tag's name: `user-agent`, `allow`, `disallow`, `sitemap`, `unused` or `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Tag::Unknown => "unknown",
            Tag::UserAgent => "user-agent",
            Tag::Allow => "allow",
            Tag::Disallow => "disallow",
            Tag::Sitemap => "sitemap",
            Tag::Unused => "unused",
        }
    }
}

/// One line's report: its tag and the flags of Google's `LineMetadata`.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineReport {
    /// 1-based line number.
    pub line: u32,
    /// The directive the line holds.
    pub tag: Tag,
    /// The key is an accepted misspelling (Google's `RobotsParsedLine::is_typo`, a copy of
    /// `is_acceptable_typo`).
    pub is_typo: bool,
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
    /// Longer than Google's line buffer (16,663 bytes).
    pub is_line_too_long: bool,
    /// Whitespace instead of `:` between key and value.
    pub is_missing_colon_separator: bool,
}

impl LineReport {
    /// The report of a line read with Google's profile.
    fn of(line: &Line) -> LineReport {
        let entry = line.entry();
        let typo = entry.is_some_and(|e| e.spelling == Spelling::Typo);
        LineReport {
            line: line.number,
            tag: entry.map_or(Tag::Unknown, |e| tag(e.directive, e.extension.is_some())),
            is_typo: typo,
            is_empty: matches!(line.body, LineBody::Blank),
            has_comment: line.comment.is_some(),
            is_comment: matches!(line.body, LineBody::Comment),
            has_directive: entry.is_some(),
            is_acceptable_typo: typo,
            is_line_too_long: line.too_long,
            is_missing_colon_separator: entry.is_some_and(|e| e.colon.is_none()),
        }
    }

    /// The empty line Google reports after a final line end (or for an empty file).
    fn empty(line: u32) -> LineReport {
        LineReport {
            line,
            tag: Tag::Unknown,
            is_typo: false,
            is_empty: true,
            has_comment: false,
            is_comment: false,
            has_directive: false,
            is_acceptable_typo: false,
            is_line_too_long: false,
            is_missing_colon_separator: false,
        }
    }
}

/// The whole file's report.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GoogleReport {
    /// Every line, in order, including the empty line after a final line end.
    pub lines: Vec<LineReport>,
    /// Lines holding `user-agent`, `allow`, `disallow` or `sitemap`.
    pub valid_directives: usize,
    /// Lines holding any other record.
    pub unused_directives: usize,
    /// The number of the last line reported (Google's `last_line_seen`).
    pub last_line_seen: u32,
}

impl GoogleReport {
    /// Google's report of `input`, the bytes of a robots.txt file.
    ///
    /// ```
    /// use robotspec::report::{GoogleReport, Tag};
    /// let report = GoogleReport::new(b"User-agent: *\nCrawl-delay: 5\n");
    /// assert_eq!(report.lines[1].tag, Tag::Unused);
    /// assert_eq!((report.valid_directives, report.unused_directives), (1, 1));
    /// assert_eq!(report.last_line_seen, 3);
    /// ```
    pub fn new(input: &[u8]) -> GoogleReport {
        let source = Source::new(input);
        let lines = Lines::new(&source, Variant::Google.profile(), &Limits::default()).up_to_cut();
        let mut ends_open = true;
        let mut reported: Vec<LineReport> = lines
            .map(|line| {
                ends_open = line.newline.is_some();
                LineReport::of(&line)
            })
            .collect();
        if ends_open {
            let number = u32::try_from(reported.len() + 1).unwrap_or(u32::MAX);
            reported.push(LineReport::empty(number));
        }
        GoogleReport::counted(reported)
    }

    /// Google's report of the file `parsed` was read from: the same whatever its variant.
    pub fn of(parsed: &Parsed<'_>) -> GoogleReport {
        GoogleReport::new(parsed.input())
    }

    fn counted(lines: Vec<LineReport>) -> GoogleReport {
        let valid_directives = lines
            .iter()
            .filter(|l| !matches!(l.tag, Tag::Unknown | Tag::Unused))
            .count();
        let unused_directives = lines
            .iter()
            .filter(|l| l.has_directive && matches!(l.tag, Tag::Unknown | Tag::Unused))
            .count();
        let last_line_seen = lines.last().map_or(0, |l| l.line);
        GoogleReport {
            lines,
            valid_directives,
            unused_directives,
            last_line_seen,
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

impl LineReport {
    /// The flags that are set, by their names in Google's `LineMetadata` (`is_typo`, a copy of
    /// `is_acceptable_typo`, left out).
    pub fn flags(&self) -> impl Iterator<Item = &'static str> {
        [
            (self.is_empty, "is_empty"),
            (self.is_comment, "is_comment"),
            (self.has_comment, "has_comment"),
            (self.has_directive, "has_directive"),
            (self.is_acceptable_typo, "is_acceptable_typo"),
            (
                self.is_missing_colon_separator,
                "is_missing_colon_separator",
            ),
            (self.is_line_too_long, "is_line_too_long"),
        ]
        .into_iter()
        .filter_map(|(set, name)| set.then_some(name))
    }
}

/// The report for people: one line per line of the file (its number, its tag and the flags
/// set, in aligned columns), then the counts.
///
/// ```
/// let report = robotspec::report::GoogleReport::new(b"User-agent: *\nDisallow /x # y\n");
/// assert_eq!(
///     report.to_string(),
///     "1  user-agent  has_directive\n\
///      2  disallow    has_comment has_directive is_missing_colon_separator\n\
///      3  unknown     is_empty\n\
///      valid directives: 2, unused directives: 0, last line seen: 3\n"
/// );
/// ```
impl fmt::Display for GoogleReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.last_line_seen.to_string().len();
        for line in &self.lines {
            let flags: Vec<&str> = line.flags().collect();
            let tag = line.tag.name();
            let row = format!("{:>width$}  {tag:<10}  {}", line.line, flags.join(" "));
            writeln!(f, "{}", row.trim_end())?;
        }
        writeln!(
            f,
            "valid directives: {}, unused directives: {}, last line seen: {}",
            self.valid_directives, self.unused_directives, self.last_line_seen
        )
    }
}

/// The tag of an entry whose key Google's profile reads as `directive`; `unused`: the key names
/// one of the records Google recognises but does not use.
fn tag(directive: Directive, unused: bool) -> Tag {
    match directive {
        Directive::UserAgent => Tag::UserAgent,
        Directive::Allow => Tag::Allow,
        Directive::Disallow => Tag::Disallow,
        Directive::Sitemap => Tag::Sitemap,
        Directive::Other if unused => Tag::Unused,
        Directive::Other => Tag::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(input: &[u8]) -> Vec<Tag> {
        GoogleReport::new(input)
            .lines
            .iter()
            .map(|l| l.tag)
            .collect()
    }

    #[test]
    fn the_twelve_unused_keys_are_tagged_unused_and_others_unknown() {
        let keys = [
            "clean-param",
            "content-signal",
            "content-usage",
            "crawl-delay",
            "domain",
            "host",
            "noarchive",
            "nofollow",
            "noindex",
            "request-rate",
            "revisit-after",
            "visit-time",
        ];
        for key in keys {
            let line = format!("{}: x\n", key.to_ascii_uppercase());
            assert_eq!(tags(line.as_bytes()), [Tag::Unused, Tag::Unknown], "{key}");
        }
        // Exact keys only (Google compares the lower-cased key with its list).
        for other in ["content-signals", "no-index", "crawl-delays", "unicorn"] {
            let line = format!("{other}: x\n");
            assert_eq!(
                tags(line.as_bytes()),
                [Tag::Unknown, Tag::Unknown],
                "{other}"
            );
        }
    }

    #[test]
    fn a_nul_ends_the_line_before_its_comment_key_or_colon() {
        let report = GoogleReport::new(b"Disallow: /a\0 # c\n\0User-agent: *\nAllow\0: /b\n");
        let first = report.lines[0];
        assert_eq!((first.tag, first.has_comment), (Tag::Disallow, false));
        assert!(report.lines[1].is_empty && !report.lines[1].has_directive);
        assert!(!report.lines[2].has_directive);
        assert_eq!(report.valid_directives, 1);
    }

    #[test]
    fn a_comment_past_googles_buffer_is_not_seen() {
        let mut input = b"Disallow: /".to_vec();
        input.extend(std::iter::repeat_n(b'a', 17_000));
        input.extend(b" # comment\n");
        let line = GoogleReport::new(&input).lines[0];
        assert!(line.is_line_too_long && line.has_directive && !line.has_comment);
    }

    #[test]
    fn vertical_tab_and_form_feed_are_whitespace_around_the_text() {
        let report = GoogleReport::new(b"\x0b\n\x0c # c\n\x0bDisallow: /x\x0c\nfoo bar\x0b\n");
        assert!(report.lines[0].is_empty);
        assert!(report.lines[1].is_comment);
        assert_eq!(report.lines[2].tag, Tag::Disallow);
        assert!(report.lines[3].is_missing_colon_separator);
        // Between the key and its colon too: Google strips the key it cut there.
        let report = GoogleReport::new(b"Crawl-delay\x0c: 1\nDisallow\x0b\t: /x\n");
        assert_eq!(report.lines[0].tag, Tag::Unused);
        assert_eq!(report.lines[1].tag, Tag::Disallow);
    }

    #[test]
    fn the_report_is_googles_whatever_the_variant() {
        let input = b"User-agent: *\nDisalow: /x\nCrawl-delay: 1\n";
        let google = GoogleReport::new(input);
        for variant in Variant::ALL {
            let parsed = crate::syntax::parse(input, *variant);
            assert_eq!(GoogleReport::of(&parsed), google);
        }
        assert_eq!(google.lines[1].tag, Tag::Disallow);
        assert!(google.lines[1].is_typo);
    }
}
