//! The line reader: the lenient grammar's line shape, read byte by byte, one line at a time.
//!
//! `grammar/common.pest`'s `lenient` rule defines how any input is cut into lines and each line
//! into parts. This module is the one production reader of that shape: one `memchr` jump per
//! line end and a few comparisons per byte, yielding each [`Line`] as it is read so that nothing
//! holds the lines of a whole file. It is not a second grammar: every rule below names the pest
//! rule it reads, and the grammar, run with pest (`reference.rs`), is its reference — unit tests,
//! a property test over arbitrary bytes, every corpus file and the `parse` fuzz target check that
//! both give the same lines for any input.

use super::lines::{Cut, Line, Parts};
use crate::limits::Limits;
use crate::source::{Source, Span};
use crate::variant::Profile;

/// The lines of `source` (after its byte order mark), in order, read as they are asked for.
#[derive(Debug, Clone)]
pub(crate) struct Lines<'s, 'a> {
    source: &'s Source<'a>,
    /// A copy: a profile is a few hundred bytes of plain data, read on every line.
    profile: Profile,
    /// The line limit in force (the profile's own or a configured one), in bytes.
    limit: Option<usize>,
    /// Each line's parts are read from its content up to its cut only.
    up_to_cut: bool,
    /// Where the next line starts; `None` once the last line was read.
    at: Option<usize>,
    number: u32,
}

impl<'s, 'a> Lines<'s, 'a> {
    /// The lines of `source`, keys classified by `profile`, cut by the line limit `limits` and
    /// the profile set.
    pub(crate) fn new(source: &'s Source<'a>, profile: &Profile, limits: &Limits) -> Self {
        Lines {
            source,
            profile: *profile,
            limit: limits.line_limit(profile.max_line_bytes).map(|l| l.bytes()),
            up_to_cut: false,
            at: Some(source.bom_len()),
            number: 0,
        }
    }

    /// The same lines, each split into its parts from the content up to its cut only: the line
    /// as a reader that stops there sees it (Google's report: what follows a NUL or the
    /// 16,663rd byte is gone before Google's library looks for a comment, key or colon). The
    /// spans no longer tile the input, so the tree never reads lines this way.
    pub(crate) fn up_to_cut(mut self) -> Self {
        self.up_to_cut = true;
        self
    }
}

impl Line {
    /// The line as `profile` reads it for what it says (the model's reading): read up to its cut
    /// when the profile reads lines as C strings (Google's library cuts at a NUL and strips
    /// ASCII whitespace before it looks for the key and value), the line itself otherwise. The
    /// lines the reader yields tile the input for the tree and the checks; only the spans of
    /// the key, colon, value, comment and text change here.
    pub(crate) fn as_read(self, source: &Source<'_>, profile: &Profile) -> Line {
        // Most lines are cut nowhere and hold no vertical tab or form feed: then the reading up
        // to the cut is the line's own (`parts_up_to_cut` is `line_parts` on such text).
        if !profile.reads_up_to_cut() || self.as_written {
            return self;
        }
        let text = source.text().as_bytes();
        let content = text.get(self.content.start..self.cut).unwrap_or_default();
        let parts = parts_up_to_cut(content, self.content.start, profile.strips_ascii_whitespace);
        let cut = Cut {
            end: self.cut,
            too_long: self.too_long,
            as_written: false,
        };
        Line {
            newline: self.newline,
            ..Line::new(source, profile, self.number, (self.content, cut), &parts)
        }
    }
}

impl Iterator for Lines<'_, '_> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        let at = self.at?;
        let text = self.source.text().as_bytes();
        let rest = text.get(at..).unwrap_or_default();
        // The grammar's last line is empty after a final line end (or in an empty input): it
        // holds nothing and is not a line of the file.
        if rest.is_empty() {
            self.at = None;
            return None;
        }
        self.number = self.number.saturating_add(1);
        let eol = memchr::memchr2(b'\r', b'\n', rest).unwrap_or(rest.len());
        let span = Span::new(at, at + eol);
        let cut = Cut::of(self.source, &self.profile, self.limit, span);
        let parts = if self.up_to_cut {
            let strips = self.profile.strips_ascii_whitespace;
            parts_up_to_cut(rest.get(..cut.end - at).unwrap_or_default(), at, strips)
        } else {
            line_parts(rest.get(..eol).unwrap_or_default(), at)
        };
        let mut line = Line::new(self.source, &self.profile, self.number, (span, cut), &parts);
        // `newline = "\r\n" | "\r" | "\n"`
        let newline = match rest.get(eol..eol + 2) {
            Some(b"\r\n") => 2,
            _ if eol < rest.len() => 1,
            _ => 0,
        };
        if newline > 0 {
            line.newline = Some(Span::new(at + eol, at + eol + newline));
            self.at = Some(at + eol + newline);
        } else {
            self.at = None;
        }
        Some(line)
    }
}

/// `line = ws? ~ (comment | entry | text)? ~ ws? ~ comment?` over one line's content, which
/// starts at byte `base` of the input.
fn line_parts(line: &[u8], base: usize) -> Parts {
    let reader = LineReader { line, base };
    let start = reader.skip_ws(0);
    let mut parts = Parts::default();
    let end = match line.get(start) {
        None => start,
        Some(b'#') => start,
        Some(_) => reader
            .entry_with_colon(start, &mut parts)
            .or_else(|| reader.entry_without_colon(start, &mut parts))
            .unwrap_or_else(|| {
                let end = reader.words(start, is_value_byte);
                parts.text = Some(reader.span(start, end));
                end
            }),
    };
    let comment = reader.skip_ws(end);
    if line.get(comment) == Some(&b'#') {
        // `comment = "#" ~ (!("\r" | "\n") ~ ANY)*`: the rest of the line.
        parts.comment = Some(reader.span(comment, line.len()));
    }
    parts
}

/// The parts of a line read up to its cut (`line`, starting at byte `base`) for what it says,
/// as Google's library reads it: the comment from the first `#`, the text before it stripped
/// of whitespace (with vertical tab and form feed when `strips_ascii` says so), then the
/// grammar's line shape over that text, the key and the value stripped the same way. Without
/// `strips_ascii` this is [`line_parts`] exactly: the first `#` always starts the comment, and
/// whitespace around the text belongs to no part.
fn parts_up_to_cut(line: &[u8], base: usize, strips_ascii: bool) -> Parts {
    let hash = memchr::memchr(b'#', line);
    let text = line.get(..hash.unwrap_or(line.len())).unwrap_or_default();
    let is_space = |b: &u8| match b {
        b' ' | b'\t' => true,
        b'\x0B' | b'\x0C' => strips_ascii,
        _ => false,
    };
    let start = text.iter().position(|b| !is_space(b)).unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|b| !is_space(b))
        .map_or(start, |last| last + 1);
    let mut parts = line_parts(text.get(start..end).unwrap_or_default(), base + start);
    parts.comment = hash.map(|hash| Span::new(base + hash, base + line.len()));
    // Google strips the key it cut at the colon too: `crawl-delay\x0C: 1` names `crawl-delay`.
    parts.key = parts.key.map(|key| {
        let bytes = line
            .get(key.start - base..key.end - base)
            .unwrap_or_default();
        let kept = bytes
            .iter()
            .rposition(|b| !is_space(b))
            .map_or(0, |last| last + 1);
        Span::new(key.start, key.start + kept)
    });
    // And the value: `disallow:\x0B/x` disallows `/x` (its end is the stripped text's end).
    parts.value = parts.value.and_then(|value| {
        let bytes = line
            .get(value.start - base..value.end - base)
            .unwrap_or_default();
        let skipped = bytes.iter().position(|b| !is_space(b))?;
        Some(Span::new(value.start + skipped, value.end))
    });
    parts
}

struct LineReader<'l> {
    line: &'l [u8],
    base: usize,
}

impl LineReader<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    /// `ws = (" " | "\t")+`, optional: the first position at or after `at` that is not one.
    fn skip_ws(&self, at: usize) -> usize {
        self.skip(at, |b| b == b' ' || b == b'\t')
    }

    fn skip(&self, at: usize, class: impl Fn(u8) -> bool) -> usize {
        let rest = self.line.get(at..).unwrap_or_default();
        at + rest.iter().position(|&b| !class(b)).unwrap_or(rest.len())
    }

    /// Words of `class` separated by whitespace, starting with a word at `at` (`key`, `value`
    /// and `text`): where the last word ends. A run of whitespace not followed by a word is
    /// left out.
    fn words(&self, at: usize, class: fn(u8) -> bool) -> usize {
        let mut end = self.skip(at, class);
        loop {
            let next = self.skip_ws(end);
            match self.line.get(next) {
                Some(&b) if next > end && class(b) => end = self.skip(next, class),
                _ => return end,
            }
        }
    }

    /// First alternative of `entry`: `key ~ ws? ~ colon ~ ws? ~ value?`. Returns where it ends.
    fn entry_with_colon(&self, at: usize, parts: &mut Parts) -> Option<usize> {
        let key_end = self.words(at, is_key_byte);
        let colon = self.skip_ws(key_end);
        if key_end == at || self.line.get(colon) != Some(&b':') {
            return None;
        }
        parts.key = Some(self.span(at, key_end));
        parts.colon = Some(self.span(colon, colon + 1));
        let value = self.skip_ws(colon + 1);
        match self.line.get(value) {
            Some(&b) if is_value_byte(b) => {
                let value_end = self.words(value, is_value_byte);
                parts.value = Some(self.span(value, value_end));
                Some(value_end)
            }
            _ => Some(value),
        }
    }

    /// Second alternative of `entry`: `key_word ~ ws ~ value_word ~ &(ws? ~ ("#" | EOL))`, the
    /// two-word line with the colon missing.
    fn entry_without_colon(&self, at: usize, parts: &mut Parts) -> Option<usize> {
        let key_end = self.skip(at, is_key_byte);
        let value = self.skip_ws(key_end);
        if key_end == at
            || value == key_end
            || !self.line.get(value).is_some_and(|&b| is_value_byte(b))
        {
            return None;
        }
        let value_end = self.skip(value, is_value_byte);
        let after = self.skip_ws(value_end);
        if after < self.line.len() && self.line.get(after) != Some(&b'#') {
            return None;
        }
        parts.key = Some(self.span(at, key_end));
        parts.value = Some(self.span(value, value_end));
        Some(value_end)
    }
}

/// `key_word`'s bytes: no whitespace, colon, `#` or line end.
fn is_key_byte(b: u8) -> bool {
    !matches!(b, b' ' | b'\t' | b':' | b'#' | b'\r' | b'\n')
}

/// `value_word`'s (and `text`'s) bytes: no whitespace, `#` or line end.
fn is_value_byte(b: u8) -> bool {
    !matches!(b, b' ' | b'\t' | b'#' | b'\r' | b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use proptest::prelude::*;

    fn both(input: &[u8]) -> (Vec<Line>, Vec<Line>) {
        let source = Source::new(input);
        let profile = Variant::Google.profile();
        (
            super::super::reference::lines(&source, profile, &Limits::default()),
            Lines::new(&source, profile, &Limits::default()).collect(),
        )
    }

    #[test]
    fn lines_match_the_grammar() {
        for input in [
            &b""[..],
            b"\n",
            b"\r\n\r\n",
            b"\r\r\n\n",
            b"User-agent: *\nDisallow: /x # c\n",
            b"  Disallow /x  \n",
            b"Disallow /x y\n",
            b"user agent : a b  # c\n",
            b"a b:c\n",
            b":x\n",
            b"#only\n   # also\n",
            b"abc#def\n",
            b"key:\t\n",
            b"key:#c",
            b"a \t:",
            b"\xEF\xBB\xBFUser-agent: a\r",
            b"x\xFF y: \xE9\n",
            b"Disallow /x#c\nAllow: /y",
        ] {
            let (grammar, scanned) = both(input);
            assert_eq!(grammar, scanned, "{:?}", String::from_utf8_lossy(input));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Any bytes, drawn mostly from the characters the line shape is made of.
        #[test]
        fn any_input_gives_the_grammars_lines(
            input in proptest::collection::vec(
                prop_oneof![
                    4 => proptest::sample::select(b" \t:#\r\nab/*$\xEF\xBB\xBF".to_vec()),
                    1 => any::<u8>(),
                ],
                0..80,
            )
        ) {
            let (grammar, scanned) = both(&input);
            prop_assert_eq!(grammar, scanned);
        }
    }
}
