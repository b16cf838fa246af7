//! The source stage: raw bytes → text the grammar can read, with every original byte recoverable.
//!
//! pest reads `&str`, but a robots.txt file is bytes: real files carry Latin-1, stray NULs, lone
//! CRs and byte order marks. [`Source`] keeps the original bytes and builds a *shadow text* of
//! exactly the same length in which every byte that is not part of valid UTF-8 is replaced by
//! one ASCII SUB (`0x1A`) character. Byte offsets are therefore identical in both: a span found
//! by the grammar in the shadow text slices the original bytes directly, so nothing is lost.
//! SUB is a control character, so the strict grammars reject it, while the lenient grammar keeps
//! it inside values like any other character.

use serde::Serialize;
use std::borrow::Cow;
use std::ops::Range;

/// A `[start, end)` range of byte offsets into the original input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// Number of bytes covered.
    pub const fn len(&self) -> usize {
        self.end - self.start
    }

    /// True when the span covers no byte.
    pub const fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// As a `Range` for slicing.
    pub const fn range(&self) -> Range<usize> {
        self.start..self.end
    }
}

impl Serialize for Span {
    /// Serialised as `[start, end]`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.start, self.end].serialize(serializer)
    }
}

/// The byte that stands in the shadow text for every byte of an invalid UTF-8 sequence.
pub(crate) const INVALID_BYTE_STAND_IN: char = '\u{1A}';

/// The UTF-8 encoding of U+FEFF, the byte order mark.
pub(crate) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

crate::names::stable_names! {
    /// How much of a leading byte order mark is recognised as one.
    pub(crate) enum ByteOrderMark {
        /// Read as UTF-8 characters: the whole mark, or a truncated one (`EF BB`, `EF`) where
        /// its bytes begin no character — so `EF BF BD`, U+FFFD, is a character of the file
        /// like any other (RFC 9309: the file is UTF-8).
        Characters = "characters",
        /// Read as bytes: up to three leading bytes while they match `EF BB BF`, as Google's
        /// library skips them (`EF BF BD` loses its `EF`).
        Bytes = "bytes",
    }
}

impl ByteOrderMark {
    /// How many leading bytes of `read` are the byte order mark, read this way: those that
    /// match `EF BB BF` in order, except that read as characters, a truncated mark (`EF`,
    /// `EF BB`) is none where its bytes begin a character (`EF` always leads a three-byte
    /// character: the truncated mark is one when they decode).
    fn len_in(self, read: &[u8]) -> usize {
        let matching = read
            .iter()
            .zip(UTF8_BOM)
            .take_while(|(byte, bom)| byte == bom)
            .count();
        let truncated = matching > 0 && matching < UTF8_BOM.len();
        let a_character = read
            .get(..UTF8_BOM.len())
            .is_some_and(|head| std::str::from_utf8(head).is_ok());
        match self {
            ByteOrderMark::Characters if truncated && a_character => 0,
            _ => matching,
        }
    }
}

/// Input bytes together with their shadow text.
#[derive(Debug, Clone)]
pub(crate) struct Source<'a> {
    bytes: &'a [u8],
    /// The shadow text of the read part, `bytes[..text.len()]`.
    text: Cow<'a, str>,
    invalid_utf8: Vec<Span>,
    bom_len: usize,
}

impl<'a> Source<'a> {
    /// Reads `bytes`: finds invalid UTF-8 runs and the leading byte order mark.
    ///
    /// The byte order mark is recognised the way Google's library does it: up to three leading
    /// bytes are skipped while they match `EF BB BF` in order, so a truncated BOM counts too.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Source::read_as(bytes, bytes.len(), ByteOrderMark::Bytes)
    }

    /// Reads `all` up to an input limit of `limit` bytes: all of it when it fits, else up to
    /// just after the last line end within the first `limit` bytes — the line the limit cuts
    /// through is dropped whole. The rest is kept as [`Source::ignored`] and never decoded, so
    /// the limit bounds the work. (The access stage's size limit is this same cut.) A leading
    /// byte order mark is recognised as `mark` says (the profile's `byte_order_mark`).
    pub(crate) fn read_as(all: &'a [u8], limit: usize, mark: ByteOrderMark) -> Self {
        let end = match all.get(..limit) {
            Some(head) if all.len() > limit => head
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |end| end + 1),
            _ => all.len(),
        };
        let read = all.get(..end).unwrap_or(all);
        Source::decode(all, end, mark.len_in(read))
    }

    /// Whether a reading that recognises the byte order mark as `mark` reads this same source
    /// (it reads the same input, and finds the mark as long).
    pub(crate) fn reads_mark_as(&self, mark: ByteOrderMark) -> bool {
        let read = self.bytes.get(..self.text.len()).unwrap_or_default();
        mark.len_in(read) == self.bom_len
    }

    /// Decodes the first `end` bytes of `all`, the first `bom_len` of them a byte order mark.
    fn decode(all: &'a [u8], end: usize, bom_len: usize) -> Self {
        let bytes = all.get(..end).unwrap_or(all);
        // The byte order mark is decoded on its own: a truncated one (`EF`, `EF BB`) must not
        // fuse with the bytes after it into one character (`EF 80 80` is U+F000), or the text
        // after the mark would not start on a character boundary.
        let (text, invalid_utf8) = match bytes.split_at_checked(bom_len) {
            Some((bom, rest)) if bom_len > 0 && bom_len < UTF8_BOM.len() => {
                let (bom_text, mut invalid) = shadow_text(bom);
                let (rest_text, rest_invalid) = shadow_text(rest);
                invalid.extend(
                    rest_invalid
                        .into_iter()
                        .map(|run| Span::new(run.start + bom_len, run.end + bom_len)),
                );
                (Cow::Owned(bom_text.into_owned() + &rest_text), invalid)
            }
            _ => shadow_text(bytes),
        };
        Source {
            bytes: all,
            text,
            invalid_utf8,
            bom_len,
        }
    }

    /// The part of the input past the read part, if any.
    pub(crate) fn ignored(&self) -> Option<Span> {
        let read = self.text.len();
        (read < self.bytes.len()).then(|| Span::new(read, self.bytes.len()))
    }

    /// The original input.
    pub(crate) fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The shadow text of the read part: as long as the bytes read (all of [`Source::bytes`]
    /// unless [`Source::ignored`] says otherwise), invalid bytes replaced by `0x1A`.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Runs of bytes that are not valid UTF-8, in order.
    pub(crate) fn invalid_utf8(&self) -> &[Span] {
        &self.invalid_utf8
    }

    /// Length of the leading (possibly truncated) byte order mark: 0 to 3.
    pub(crate) fn bom_len(&self) -> usize {
        self.bom_len
    }

    /// True when `span` contains a byte of an invalid UTF-8 sequence.
    pub(crate) fn has_invalid_utf8(&self, span: Span) -> bool {
        let first_ending_after = self
            .invalid_utf8
            .partition_point(|run| run.end <= span.start);
        self.invalid_utf8
            .get(first_ending_after)
            .is_some_and(|run| run.start < span.end)
    }

    /// The bytes of `span` without those of invalid UTF-8 sequences (borrowed when there are
    /// none).
    pub(crate) fn without_invalid_utf8(&self, span: Span) -> Cow<'a, [u8]> {
        if !self.has_invalid_utf8(span) {
            return Cow::Borrowed(self.slice(span));
        }
        let first = self
            .invalid_utf8
            .partition_point(|run| run.end <= span.start);
        let runs = self.invalid_utf8.iter().skip(first);
        let mut kept = Vec::with_capacity(span.len());
        let mut at = span.start;
        for run in runs.take_while(|run| run.start < span.end) {
            kept.extend_from_slice(self.slice(Span::new(at, run.start.max(at))));
            at = run.end.min(span.end).max(at);
        }
        kept.extend_from_slice(self.slice(Span::new(at, span.end)));
        Cow::Owned(kept)
    }

    /// The original bytes of `span` (empty if the span is out of range).
    pub(crate) fn slice(&self, span: Span) -> &'a [u8] {
        self.bytes.get(span.range()).unwrap_or_default()
    }

    /// 1-based column of byte `offset` on the line starting at byte `line_start`, in characters
    /// of the shadow text (so an invalid byte counts as one column).
    pub(crate) fn column(&self, line_start: usize, offset: usize) -> u32 {
        self.characters(line_start, offset)
            .unwrap_or(0)
            .saturating_add(1)
    }

    /// How many characters of the shadow text lie in `[from, to)`; `None` where that is not a
    /// run of whole characters.
    pub(crate) fn characters(&self, from: usize, to: usize) -> Option<u32> {
        let text = self.text.get(from..to)?;
        Some(u32::try_from(text.chars().count()).unwrap_or(u32::MAX))
    }
}

/// Builds the shadow text and the list of invalid runs in one pass.
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
fn shadow_text(bytes: &[u8]) -> (Cow<'_, str>, Vec<Span>) {
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        return (Cow::Borrowed(text), Vec::new());
    }
    let mut text = String::with_capacity(bytes.len());
    let mut invalid: Vec<Span> = Vec::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        let start = text.len();
        let bad = chunk.invalid().len();
        text.extend(std::iter::repeat_n(INVALID_BYTE_STAND_IN, bad));
        match invalid.last_mut() {
            _ if bad == 0 => {}
            Some(last) if last.end == start => last.end += bad,
            _ => invalid.push(Span::new(start, start + bad)),
        }
    }
    (Cow::Owned(text), invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_utf8_is_borrowed_and_clean() {
        let source = Source::new("User-agent: ツ\n".as_bytes());
        assert!(matches!(source.text, Cow::Borrowed(_)));
        assert!(source.invalid_utf8().is_empty());
        assert_eq!(source.bom_len(), 0);
    }

    #[test]
    fn invalid_bytes_keep_their_offsets() {
        let bytes = b"a\xFFb\xE3\x83c";
        let source = Source::new(bytes);
        assert_eq!(source.text().len(), bytes.len());
        assert_eq!(source.text(), "a\u{1A}b\u{1A}\u{1A}c");
        assert_eq!(source.invalid_utf8(), &[Span::new(1, 2), Span::new(3, 5)]);
        assert!(source.has_invalid_utf8(Span::new(0, 2)));
        assert!(!source.has_invalid_utf8(Span::new(2, 3)));
        assert_eq!(source.slice(Span::new(3, 5)), b"\xE3\x83");
    }

    #[test]
    fn truncated_byte_order_marks_are_recognised() {
        assert_eq!(Source::new(b"\xEF\xBB\xBFx").bom_len(), 3);
        assert_eq!(Source::new(b"\xEF\xBBx").bom_len(), 2);
        assert_eq!(Source::new(b"\xEFx").bom_len(), 1);
        assert_eq!(Source::new(b"\xEF\x11\xBFx").bom_len(), 1);
        assert_eq!(Source::new(b"x\xEF\xBB\xBF").bom_len(), 0);
    }

    #[test]
    fn a_truncated_bom_does_not_swallow_the_next_bytes() {
        let source = Source::new(b"\xEF\x80\x80A");
        assert_eq!(source.bom_len(), 1);
        assert_eq!(source.text(), "\u{1A}\u{1A}\u{1A}A");
        assert_eq!(source.invalid_utf8(), &[Span::new(0, 1), Span::new(1, 3)]);
    }

    #[test]
    fn a_reading_of_characters_keeps_a_leading_replacement_character() {
        let fffd = b"\xEF\xBF\xBDUser-agent: *\n";
        let characters = Source::read_as(fffd, usize::MAX, ByteOrderMark::Characters);
        assert_eq!(
            (characters.bom_len(), characters.invalid_utf8()),
            (0, &[][..])
        );
        let bytes = Source::read_as(fffd, usize::MAX, ByteOrderMark::Bytes);
        assert_eq!(bytes.bom_len(), 1);
        assert_eq!(bytes.invalid_utf8(), &[Span::new(0, 1), Span::new(1, 3)]);
        // A truncated mark that is no character is a mark to both readings.
        for truncated in [&b"\xEF\xBBUser"[..], b"\xEFUser", b"\xEF\x11\xBFUser"] {
            for mark in [ByteOrderMark::Characters, ByteOrderMark::Bytes] {
                let source = Source::read_as(truncated, usize::MAX, mark);
                assert_eq!(source.bom_len(), Source::new(truncated).bom_len(), "{mark}");
            }
        }
        let bom = Source::read_as(b"\xEF\xBB\xBFx", usize::MAX, ByteOrderMark::Characters);
        assert_eq!(bom.bom_len(), 3);
    }

    #[test]
    fn readings_of_the_mark_that_find_it_as_long_read_one_source() {
        let fffd = b"\xEF\xBF\xBDUser-agent: *\n";
        for (mark, other) in [
            (ByteOrderMark::Characters, ByteOrderMark::Bytes),
            (ByteOrderMark::Bytes, ByteOrderMark::Characters),
        ] {
            let source = Source::read_as(fffd, usize::MAX, mark);
            assert!(source.reads_mark_as(mark));
            assert!(!source.reads_mark_as(other), "{mark}");
            for alike in [&b"\xEF\xBB\xBFx"[..], b"\xEFUser", b"User-agent: *", b""] {
                assert!(Source::read_as(alike, 4, mark).reads_mark_as(other));
            }
        }
    }

    #[test]
    fn invalid_bytes_can_be_left_out() {
        let source = Source::new(b"a\xFFb\xE3\x83c");
        assert_eq!(&*source.without_invalid_utf8(Span::new(0, 6)), b"abc");
        assert_eq!(&*source.without_invalid_utf8(Span::new(2, 4)), b"b");
        assert!(matches!(
            source.without_invalid_utf8(Span::new(5, 6)),
            Cow::Borrowed(b"c")
        ));
    }

    #[test]
    fn only_the_read_part_is_decoded() {
        let source = Source::read_as(b"ab\n\xFFcd", 3, ByteOrderMark::Bytes);
        assert_eq!(source.text(), "ab\n");
        assert!(source.invalid_utf8().is_empty());
        assert_eq!(source.ignored(), Some(Span::new(3, 6)));
        assert_eq!(source.slice(Span::new(3, 6)), b"\xFFcd");
        assert_eq!(
            Source::read_as(b"ab", 9, ByteOrderMark::Bytes).ignored(),
            None
        );
    }

    #[test]
    fn an_input_limit_cuts_at_the_last_line_end_within_it() {
        assert_eq!(
            Source::read_as(b"ab\ncd\ref", 7, ByteOrderMark::Bytes).ignored(),
            Some(Span::new(6, 8))
        );
        assert_eq!(
            Source::read_as(b"ab\ncd", 6, ByteOrderMark::Bytes).ignored(),
            None
        );
        assert_eq!(
            Source::read_as(b"abcdef", 3, ByteOrderMark::Bytes).ignored(),
            Some(Span::new(0, 6))
        );
    }

    #[test]
    fn columns_count_characters() {
        let source = Source::new("ab\ncツd".as_bytes());
        assert_eq!(source.column(3, 3), 1);
        assert_eq!(source.column(3, 7), 3);
    }
}
