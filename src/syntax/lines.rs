//! Lines: what the syntax stage makes of each line of the input.
//!
//! Each line becomes a [`Line`] holding the spans of its parts (key, colon, value, comment,
//! invalid text, line end) and what the variant makes of its key. Everything between those parts
//! is whitespace, so the spans plus the gaps tile the line exactly. Lines are produced one at a
//! time by the reader in `scan.rs` and never stored as a whole: every later consumer (the checks,
//! the model, the tree writer, the per-line report) reads them as they come.

use crate::findings::Place;
use crate::source::{Source, Span};
use crate::variant::{Directive, KeyMemo, Profile, Spelling};
use crate::vocab::extension::Extension;

/// What a line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineBody {
    /// Nothing but (possibly) whitespace.
    Blank,
    /// Nothing but a comment (and whitespace).
    Comment,
    /// A `key: value` record, or `key value` with the colon missing.
    Entry(Entry),
    /// Anything else; `text` is the line's content without surrounding whitespace and comment.
    Invalid {
        /// The unparsable text.
        text: Span,
    },
}

/// The parts of a `key: value` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The key as written (inner whitespace kept, outer whitespace excluded).
    pub key: Span,
    /// The `:`; `None` when whitespace separates key and value instead.
    pub colon: Option<Span>,
    /// The value without surrounding whitespace; `None` when empty.
    pub value: Option<Span>,
    /// What the variant makes of the key.
    pub directive: Directive,
    /// How the key was recognised.
    pub spelling: Spelling,
    /// The known extension the key names, when it names no directive.
    pub extension: Option<Extension>,
}

impl Entry {
    /// The value's span, or an empty span where the value would start.
    pub(crate) fn value_or_empty(&self) -> Span {
        self.value.unwrap_or_else(|| {
            let at = self.colon.unwrap_or(self.key).end;
            Span::new(at, at)
        })
    }
}

/// One line of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line {
    /// 1-based line number.
    pub number: u32,
    /// The line without its line end.
    pub content: Span,
    /// Where the variant stops reading the content: `content.end`, or earlier where the line
    /// limit in force or (when the profile says so) a NUL cuts the line. Computed here, once;
    /// the checks, the model's values and Google's report read it.
    pub cut: usize,
    /// The content is longer than the line limit in force.
    pub too_long: bool,
    /// The profile reads the line's parts as they are written: nothing cuts the content and,
    /// for a profile that strips vertical tab and form feed, the line holds neither. Otherwise
    /// [`Line::as_read`] reads the parts again from the content up to the cut.
    pub as_written: bool,
    /// The line end (CR LF, CR or LF); `None` on a last line that has none.
    pub newline: Option<Span>,
    /// What the line holds.
    pub body: LineBody,
    /// A comment at the end of the line (or the whole comment of a comment line).
    pub comment: Option<Span>,
}

impl Line {
    /// Where findings on this line are positioned: its number and where its content starts.
    pub(crate) fn place(&self) -> Place {
        Place::new(self.number, self.content.start)
    }

    /// Where the next line starts, when this one ends with a line end.
    pub(crate) fn next_place(&self) -> Option<Place> {
        self.newline
            .map(|_| Place::new(self.number.saturating_add(1), self.span().end))
    }
}

/// Where `at` lies, found by reading the lines (for the rare finding that is not made while its
/// line is read: the strict grammar's own error).
pub(crate) fn place_of(lines: impl Iterator<Item = Line>, at: usize) -> Place {
    let mut place = Place::START;
    for line in lines {
        place = line.place();
        if line.span().end > at {
            return place;
        }
        if let Some(next) = line.next_place() {
            place = next;
        }
    }
    place
}

impl Line {
    /// The line made of `parts`, its key classified by `profile` with the reader's `memo` of the
    /// keys it has met. Always inlined, with [`Parts::body`], into the reader, which builds each
    /// line in place: left to the compiler, both were called out of line after an unrelated
    /// change elsewhere in the crate, and the reader's cost on the cold set rose from 234 M to
    /// 257 M instructions (docs/performance.md).
    #[inline(always)]
    pub(super) fn new(
        source: &Source<'_>,
        (profile, memo): (&Profile, &mut KeyMemo),
        number: u32,
        (content, cut, newline): (Span, Cut, Option<Span>),
        parts: &Parts,
    ) -> Line {
        Line {
            number,
            content,
            cut: cut.end,
            too_long: cut.too_long,
            as_written: cut.as_written,
            newline,
            body: parts.body(source, profile, memo),
            comment: parts.comment,
        }
    }

    /// The whole line including its line end.
    pub(crate) fn span(&self) -> Span {
        Span::new(self.content.start, self.newline.unwrap_or(self.content).end)
    }

    /// The entry, when the line is a `key: value` record.
    pub(crate) fn entry(&self) -> Option<&Entry> {
        match &self.body {
            LineBody::Entry(entry) => Some(entry),
            _ => None,
        }
    }
}

/// Where the variant stops reading a line's content, and whether the line limit is why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cut {
    pub(super) end: usize,
    pub(super) too_long: bool,
    pub(super) as_written: bool,
}

impl Cut {
    /// The cut of `content` read by `profile` under a line limit of `limit` bytes (the one in
    /// force: the profile's own or a configured one).
    pub(super) fn of(
        source: &Source<'_>,
        profile: &Profile,
        limit: Option<usize>,
        content: Span,
    ) -> Cut {
        let bytes = source.slice(content);
        let (len, stripped) = scan_cut(profile, limit, bytes);
        Cut {
            end: content.start + len,
            too_long: limit.is_some_and(|limit| content.len() > limit),
            as_written: len == bytes.len() && !stripped,
        }
    }
}

/// How many bytes of a line's content `content` `profile` reads under a line limit of `limit`
/// bytes: up to the limit, then up to the first NUL before it when NUL ends lines for the
/// profile (Google's C strings). The one definition of a line's cut: the reader computes each
/// line's with it, and the variant comparison asks it how another profile would cut a line.
pub(crate) fn cut_len(profile: &Profile, limit: Option<usize>, content: &[u8]) -> usize {
    scan_cut(profile, limit, content).0
}

/// [`cut_len`], and whether the content up to the cut holds a byte the profile strips as
/// whitespace beyond space and tab (vertical tab, form feed: `strips_ascii_whitespace`), found
/// in the same pass over the line as the NUL.
fn scan_cut(profile: &Profile, limit: Option<usize>, content: &[u8]) -> (usize, bool) {
    let end = limit.map_or(content.len(), |limit| limit.min(content.len()));
    let read = content.get(..end).unwrap_or_default();
    let nul = |bytes: &[u8]| {
        profile
            .nul_ends_line
            .then(|| memchr::memchr(0, bytes))
            .flatten()
    };
    if !profile.strips_ascii_whitespace {
        return (nul(read).unwrap_or(end), false);
    }
    let (vt, ff) = (0x0B, 0x0C);
    let nul_byte = if profile.nul_ends_line { 0 } else { vt };
    match memchr::memchr3(nul_byte, vt, ff, read) {
        None => (end, false),
        Some(at) if read.get(at) == Some(&0) => (at, false),
        Some(at) => {
            let rest = read.get(at..).unwrap_or_default();
            (nul(rest).map_or(end, |nul| at + nul), true)
        }
    }
}

/// The parts of one line, as absolute spans.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Parts {
    pub(super) key: Option<Span>,
    pub(super) colon: Option<Span>,
    pub(super) value: Option<Span>,
    pub(super) text: Option<Span>,
    pub(super) comment: Option<Span>,
}

impl Parts {
    /// What the line holds, its key classified by `profile` (inlined: see [`Line::new`]).
    #[inline(always)]
    fn body(&self, source: &Source<'_>, profile: &Profile, memo: &mut KeyMemo) -> LineBody {
        if let Some(key) = self.key {
            let class = profile.read_key_in(memo, source.bytes(), key.range());
            return LineBody::Entry(Entry {
                key,
                colon: self.colon,
                value: self.value,
                directive: class.directive,
                spelling: class.spelling,
                extension: class.extension,
            });
        }
        match (self.text, self.comment) {
            (Some(text), _) => LineBody::Invalid { text },
            (None, Some(_)) => LineBody::Comment,
            (None, None) => LineBody::Blank,
        }
    }
}
