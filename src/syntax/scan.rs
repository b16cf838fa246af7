//! The line reader: the lenient grammar's line shape, read one line at a time.
//!
//! `grammar/lenient.pest`'s `lenient` rule defines how any input is cut into lines and each line
//! into parts. This module is the one production reader of that shape, yielding each [`Line`]
//! as it is read so that nothing holds the lines of a whole file. It is not a second grammar:
//! [`shape`] says how the rule's alternatives reduce to a few positions in a line, and the
//! grammar, run with pest (`reference.rs`), is its reference — unit tests, a property test over
//! arbitrary bytes, every corpus file and the `parse` fuzz target check that both give the same
//! lines for any input.
//!
//! Why it is fast: a line's shape depends only on where its line end, its first `#` and its
//! first `:` lie (and on the whitespace next to them), so the reader never walks a line byte by
//! byte. One `memchr2` finds the line end; the first `:` is found among the line's first sixteen
//! bytes at once (where keys end); `#` and the bytes that cut a line for Google's reading (NUL,
//! vertical tab, form feed) are found by searches over the rest of the input whose answers are
//! kept until a line passes them ([`Ahead`]), so a file without a NUL is searched for one once,
//! not once per line.

use super::lines::{Cut, Line, Parts};
use crate::limits::Limits;
use crate::source::{Source, Span};
use crate::variant::{find_in_first_16, KeyMemo, Profile};

/// The lines of `source` (after its byte order mark) as the lenient grammar shapes them, in
/// order, read as they are asked for: what every reading of the source shares. Each reading
/// makes its own [`Line`] of each ([`LineReader`]), so one scan serves several readings at once
/// (`pass::read_each`).
#[derive(Debug, Clone)]
pub(crate) struct Scan<'s, 'a> {
    source: &'s Source<'a>,
    /// Where the next line starts; `None` once the last line was read.
    at: Option<usize>,
    number: u32,
    /// The next `#`.
    hash: Ahead,
}

/// One line as the grammar shapes it, before a reading cuts it or classifies its key.
#[derive(Debug)]
pub(crate) struct Shaped {
    number: u32,
    content: Span,
    newline: Option<Span>,
    parts: Parts,
}

/// What one reading makes of each shaped line: where the line limit in force and the bytes
/// that end a line for the reading cut it, and what its key is.
#[derive(Debug, Clone)]
pub(crate) struct LineReader {
    /// A copy: a profile is a few hundred bytes of plain data, read on every line.
    profile: Profile,
    /// The line limit in force (the profile's own or a configured one), in bytes.
    limit: Option<usize>,
    /// Each line's parts are read from its content up to its cut only.
    up_to_cut: bool,
    /// The next byte that cuts a line for the profile, when any does.
    cut_byte: Option<Ahead>,
    /// The keys classified so far.
    keys: KeyMemo,
}

/// The lines of `source` (after its byte order mark), in order, as one reading reads them.
#[derive(Debug, Clone)]
pub(crate) struct Lines<'s, 'a> {
    scan: Scan<'s, 'a>,
    reader: LineReader,
}

/// Where the next byte of one kind lies: a search over the rest of the input, kept until a
/// line starts past its answer. Every byte is searched at most once per kind.
#[derive(Debug, Clone, Copy)]
struct Ahead {
    /// The bytes looked for.
    sought: Sought,
    /// The position found by the last search (the input's length when there was none);
    /// `None` before the first search.
    found: Option<usize>,
}

/// The bytes an [`Ahead`] looks for: `#`, or those that cut a line for a reading.
#[derive(Debug, Clone, Copy)]
enum Sought {
    Hash,
    Nul,
    VerticalTabOrFormFeed,
    NulVerticalTabOrFormFeed,
}

impl Ahead {
    /// No search yet for `sought`.
    fn of(sought: Sought) -> Self {
        Ahead {
            sought,
            found: None,
        }
    }

    /// The bytes that cut a line for `profile`, looked for ahead; `None` when no byte does.
    fn cutting(profile: &Profile) -> Option<Self> {
        let sought = match (profile.nul_ends_line, profile.strips_ascii_whitespace) {
            (false, false) => return None,
            (true, false) => Sought::Nul,
            (false, true) => Sought::VerticalTabOrFormFeed,
            (true, true) => Sought::NulVerticalTabOrFormFeed,
        };
        Some(Ahead::of(sought))
    }

    /// The first position at or after `from` of a sought byte in `text` (the length of `text`
    /// when there is none).
    fn from(&mut self, text: &[u8], from: usize) -> usize {
        match self.found {
            Some(found) if found >= from => found,
            _ => {
                let rest = text.get(from..).unwrap_or_default();
                let found = match self.sought {
                    Sought::Hash => memchr::memchr(b'#', rest),
                    Sought::Nul => memchr::memchr(0, rest),
                    Sought::VerticalTabOrFormFeed => memchr::memchr2(0x0B, 0x0C, rest),
                    Sought::NulVerticalTabOrFormFeed => memchr::memchr3(0, 0x0B, 0x0C, rest),
                };
                let found = found.map_or(text.len(), |at| from + at);
                self.found = Some(found);
                found
            }
        }
    }
}

impl<'s, 'a> Lines<'s, 'a> {
    /// The lines of `source`, keys classified by `profile`, cut by the line limit `limits` and
    /// the profile set.
    pub(crate) fn new(source: &'s Source<'a>, profile: &Profile, limits: &Limits) -> Self {
        Lines {
            scan: Scan::new(source),
            reader: LineReader::new(profile, limits),
        }
    }

    /// The same lines, each split into its parts from the content up to its cut only: the line
    /// as a reader that stops there sees it (Google's report: what follows a NUL or the
    /// 16,663rd byte is gone before Google's library looks for a comment, key or colon). The
    /// spans no longer tile the input, so the tree never reads lines this way.
    pub(crate) fn up_to_cut(mut self) -> Self {
        self.reader.up_to_cut = true;
        self
    }
}

impl<'s, 'a> Scan<'s, 'a> {
    /// The lines of `source`, from the first after its byte order mark.
    pub(crate) fn new(source: &'s Source<'a>) -> Self {
        Scan {
            source,
            at: Some(source.bom_len()),
            number: 0,
            hash: Ahead::of(Sought::Hash),
        }
    }
}

impl LineReader {
    /// A reading by `profile` within the line limit of `limits`.
    pub(crate) fn new(profile: &Profile, limits: &Limits) -> Self {
        LineReader {
            profile: *profile,
            limit: limits.line_limit(profile.max_line_bytes).map(|l| l.bytes()),
            up_to_cut: false,
            cut_byte: Ahead::cutting(profile),
            keys: KeyMemo::default(),
        }
    }

    /// The line `shaped` of `source` as this reading reads it.
    ///
    /// Inlined, with [`Scan`]'s `next`, into the loops that read lines, so that each line is
    /// built where it is used rather than returned and copied (out of line, a reading's parse
    /// took 11 % longer); but not where the library is compiled for size
    /// (`robotspec_hot_paths`, src/lib.rs), where out of line they keep the WebAssembly module
    /// within its budget.
    #[cfg_attr(not(robotspec_hot_paths), inline(always))]
    pub(crate) fn read(&mut self, source: &Source<'_>, shaped: &Shaped) -> Line {
        let text = source.text().as_bytes();
        let cut = self.cut(source, text, shaped.content);
        let up_to_cut;
        let parts = if self.up_to_cut && !cut.as_written {
            let content = text.get(shaped.content.start..cut.end).unwrap_or_default();
            let strips = self.profile.strips_ascii_whitespace;
            up_to_cut = parts_up_to_cut(content, shaped.content.start, strips);
            &up_to_cut
        } else {
            &shaped.parts
        };
        Line::new(
            source,
            (&self.profile, &mut self.keys),
            shaped.number,
            (shaped.content, cut, shaped.newline),
            parts,
        )
    }

    /// The cut of the line `content`: found by [`Cut::of`] only when the line holds a byte
    /// that may cut it for the profile or is longer than the limit.
    fn cut(&mut self, source: &Source<'_>, text: &[u8], content: Span) -> Cut {
        let profile = &self.profile;
        let cut_byte = self.cut_byte.as_mut();
        let holds_cut_byte =
            cut_byte.is_some_and(|ahead| ahead.from(text, content.start) < content.end);
        let too_long = self.limit.is_some_and(|limit| content.len() > limit);
        if holds_cut_byte || too_long {
            Cut::of(source, profile, self.limit, content)
        } else {
            Cut {
                end: content.end,
                too_long: false,
                as_written: true,
            }
        }
    }
}

impl Line {
    /// The line as `profile` reads it for what it says (the model's reading), when that is not
    /// the line itself: read up to its cut when the profile reads lines as C strings (Google's
    /// library cuts at a NUL and strips ASCII whitespace before it looks for the key and
    /// value). `None` when the line reads as it is written (most lines: nothing cuts them and
    /// they hold no vertical tab or form feed, and then `parts_up_to_cut` is `line_parts`).
    /// The lines the reader yields tile the input for the tree and the checks; only the spans
    /// of the key, colon, value, comment and text change here.
    #[inline]
    pub(crate) fn as_read(&self, source: &Source<'_>, profile: &Profile) -> Option<Line> {
        if !profile.reads_up_to_cut() || self.as_written {
            return None;
        }
        Some(self.read_up_to_cut(source, profile))
    }

    /// [`Line::as_read`] for a line the profile reads otherwise than it is written.
    fn read_up_to_cut(&self, source: &Source<'_>, profile: &Profile) -> Line {
        let text = source.text().as_bytes();
        let content = text.get(self.content.start..self.cut).unwrap_or_default();
        let parts = parts_up_to_cut(content, self.content.start, profile.strips_ascii_whitespace);
        let cut = Cut {
            end: self.cut,
            too_long: self.too_long,
            as_written: false,
        };
        Line::new(
            source,
            (profile, &mut KeyMemo::default()),
            self.number,
            (self.content, cut, self.newline),
            &parts,
        )
    }
}

impl Iterator for Scan<'_, '_> {
    type Item = Shaped;

    /// Inlined as [`LineReader::read`] is.
    #[cfg_attr(not(robotspec_hot_paths), inline(always))]
    fn next(&mut self) -> Option<Shaped> {
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
        let content = Span::new(at, at + eol);
        let hash = self.hash.from(text, at);
        let line = rest.get(..eol).unwrap_or_default();
        let parts = shape(line, at, hash.min(content.end) - at, first_colon(rest, eol));
        // `newline = "\r\n" | "\r" | "\n"`
        let newline = match rest.get(eol..eol + 2) {
            Some(b"\r\n") => 2,
            _ if eol < rest.len() => 1,
            _ => 0,
        };
        self.at = (newline > 0).then_some(at + eol + newline);
        let newline = (newline > 0).then_some(Span::new(at + eol, at + eol + newline));
        Some(Shaped {
            number: self.number,
            content,
            newline,
            parts,
        })
    }
}

impl Iterator for Lines<'_, '_> {
    type Item = Line;

    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn next(&mut self) -> Option<Line> {
        let shaped = self.scan.next()?;
        Some(self.reader.read(self.scan.source, &shaped))
    }
}

/// The first `:` of the line `rest[..eol]` (`eol` when it holds none): found in the line's
/// first sixteen bytes at once (where keys end), else searched for.
fn first_colon(rest: &[u8], eol: usize) -> usize {
    let searched = match find_in_first_16(rest, b':') {
        Some(Some(found)) => return found.min(eol),
        Some(None) if eol <= 16 => return eol,
        Some(None) => 16,
        None => 0,
    };
    let line = rest.get(searched..eol).unwrap_or_default();
    memchr::memchr(b':', line).map_or(eol, |at| searched + at)
}

/// `line = ws? ~ (comment | entry | text)? ~ ws? ~ comment?` over one line's content, which
/// starts at byte `base` of the input.
fn line_parts(line: &[u8], base: usize) -> Parts {
    let hash = memchr::memchr(b'#', line).unwrap_or(line.len());
    let colon = memchr::memchr(b':', line).unwrap_or(line.len());
    shape(line, base, hash, colon)
}

/// The grammar's line shape, from where the line's first `#` and its first `:` lie (`hash`,
/// `colon`: the line's length, or any position past `hash`, when it holds none before it).
///
/// Every part of the rule ends at the first `#`: a key, a value and an invalid line's text are
/// words of bytes that are not `#`, so the comment is always the line from its first `#`, and
/// what comes before it, without its surrounding whitespace (`ws = (" " | "\t")+`), is the
/// rest of the line:
///
/// * nothing: a blank or a comment line;
/// * text whose first `:` comes after its first byte: `entry = key ~ ws? ~ colon ~ ws? ~
///   value?` — the key is the text before the colon (words of key bytes, `key_word` being
///   anything but whitespace, `:` and `#`), the value the text after it;
/// * two words without a colon: `key_word ~ ws ~ value_word`, the entry with its colon
///   missing;
/// * anything else: `text`.
///
/// Always inlined, so that the parts are written where the line is built rather than returned
/// and copied (208.6 M instructions for the reader on the cold set out of line, 203.3 M in).
#[inline(always)]
fn shape(line: &[u8], base: usize, hash: usize, colon: usize) -> Parts {
    let span = |start: usize, end: usize| Some(Span::new(base + start, base + end));
    let mut parts = Parts {
        comment: (hash < line.len()).then(|| Span::new(base + hash, base + line.len())),
        ..Parts::default()
    };
    let before = line.get(..hash).unwrap_or_default();
    let start = skip_ws(before, 0);
    if start == before.len() {
        return parts;
    }
    let end = trim_ws_end(before, start, before.len());
    if colon > start && colon < end {
        let value = skip_ws(before, colon + 1);
        parts.key = span(start, trim_ws_end(before, start, colon));
        parts.colon = span(colon, colon + 1);
        parts.value = if value < end { span(value, end) } else { None };
        return parts;
    }
    // No colon in the text (or the text starts with one, which no key word can hold): two
    // words, or text. The first word is short where there are two (an HTML tag's name, a key):
    // a loop finds its end for less than a search; the rest is searched.
    let text = before.get(start..end).unwrap_or_default();
    let two_words = (colon >= end).then(|| {
        let key_end = text.iter().position(|&b| is_ws(b))?;
        let value = skip_ws(text, key_end);
        let last = text.get(value..).unwrap_or_default();
        memchr::memchr2(b' ', b'\t', last)
            .is_none()
            .then_some((key_end, value))
    });
    match two_words.flatten() {
        Some((key_end, value)) => {
            parts.key = span(start, start + key_end);
            parts.value = span(start + value, end);
        }
        None => parts.text = span(start, end),
    }
    parts
}

/// `ws = (" " | "\t")+`.
fn is_ws(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The first position at or after `at` in `bytes` that is not whitespace (or the length).
/// Whitespace runs in a line are short: a loop over them is cheaper than a search.
#[inline]
fn skip_ws(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).copied().is_some_and(is_ws) {
        at += 1;
    }
    at.min(bytes.len())
}

/// Where `bytes[..end]` ends without the whitespace at its end, but not before `start`.
#[inline]
fn trim_ws_end(bytes: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && bytes.get(end - 1).copied().is_some_and(is_ws) {
        end -= 1;
    }
    end
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

/// Whether the line reader and the lenient grammar, run with pest, read `input` into the same
/// lines under `variant`. For the tests and fuzz targets that hold the reader to its
/// definition; not part of the API (feature `internals`).
#[cfg(feature = "internals")]
#[doc(hidden)]
pub fn grammar_agrees(input: &[u8], variant: crate::variant::Variant) -> bool {
    let profile = variant.profile();
    let source = Source::read_as(input, usize::MAX, profile.byte_order_mark);
    let limits = Limits::default();
    Lines::new(&source, profile, &limits).eq(super::reference::lines(&source, profile, &limits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limit;
    use crate::variant::Variant;
    use proptest::prelude::*;

    /// The grammar's lines and the reader's, read as `variant` within `limits`.
    fn both_as(input: &[u8], variant: Variant, limits: &Limits) -> (Vec<Line>, Vec<Line>) {
        let source = Source::new(input);
        let profile = variant.profile();
        (
            super::super::reference::lines(&source, profile, limits),
            Lines::new(&source, profile, limits).collect(),
        )
    }

    /// The lines read up to their cut as the reader reads them, and as [`parts_up_to_cut`]
    /// reads every line's content up to its cut.
    fn up_to_cut_both_ways(input: &[u8], limits: &Limits) -> (Vec<Line>, Vec<Line>) {
        let source = Source::new(input);
        let profile = Variant::Google.profile();
        let read: Vec<Line> = Lines::new(&source, profile, limits).up_to_cut().collect();
        let text = source.text().as_bytes();
        let each = Lines::new(&source, profile, limits).map(|line| {
            let content = text.get(line.content.start..line.cut).unwrap_or_default();
            let parts = parts_up_to_cut(content, line.content.start, true);
            let cut = Cut {
                end: line.cut,
                too_long: line.too_long,
                as_written: line.as_written,
            };
            Line::new(
                &source,
                (profile, &mut KeyMemo::default()),
                line.number,
                (line.content, cut, line.newline),
                &parts,
            )
        });
        (read, each.collect())
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
            b"a:b:c\n:\nk : \n k v # :\nk\tv\t\n",
            b"disallow: /a\0b\nallow:\x0B/x\x0C\nuser-agent\x0C: b\n",
        ] {
            for variant in Variant::ALL {
                let (grammar, scanned) = both_as(input, *variant, &Limits::default());
                assert_eq!(
                    grammar,
                    scanned,
                    "{variant}: {:?}",
                    String::from_utf8_lossy(input)
                );
            }
        }
    }

    /// Bytes drawn mostly from the characters the line shape and the cuts are made of.
    fn line_bytes() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(
            prop_oneof![
                4 => proptest::sample::select(b" \t:#\r\nab/*$\xEF\xBB\xBF\0\x0B\x0C".to_vec()),
                1 => any::<u8>(),
            ],
            0..80,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Any bytes, read as any variant, with or without a short line limit.
        #[test]
        fn any_input_gives_the_grammars_lines(
            input in line_bytes(),
            variant in proptest::sample::select(Variant::ALL.to_vec()),
            line_limit in proptest::option::of(0..12usize),
        ) {
            let limits = line_limit.map_or_else(Limits::default, |bytes| {
                Limits::default().with(Limit::LineBytes, bytes)
            });
            let (grammar, scanned) = both_as(&input, variant, &limits);
            prop_assert_eq!(grammar, scanned);
        }

        /// Read up to their cut, the lines are each line's content up to its cut, read as
        /// Google's library reads it.
        #[test]
        fn lines_up_to_their_cut(input in line_bytes(), line_limit in proptest::option::of(0..12usize)) {
            let limits = line_limit.map_or_else(Limits::default, |bytes| {
                Limits::default().with(Limit::LineBytes, bytes)
            });
            let (read, each) = up_to_cut_both_ways(&input, &limits);
            prop_assert_eq!(read, each);
        }
    }
}
