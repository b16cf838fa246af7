//! Lines: the flat, compact result of the lenient grammar.
//!
//! The lenient grammar cuts the input into lines; each becomes a [`Line`] holding the spans of
//! its parts (key, colon, value, comment, invalid text, line end). Everything between those parts
//! is whitespace, so the spans plus the gaps tile the line exactly. Later stages (the tree, the
//! diagnostics, the model) read these lines; nothing goes back to pest's token stream.

use pest::iterators::Pair;
use pest::Parser;

use super::grammar::{LenientParser, Rule};
use crate::source::{Source, Span};
use crate::variant::{Directive, Profile, Spelling};

/// What a line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineBody {
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
pub struct Entry {
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
}

impl Entry {
    /// The value's span, or an empty span where the value would start.
    pub fn value_or_empty(&self) -> Span {
        self.value.unwrap_or_else(|| {
            let at = self.colon.unwrap_or(self.key).end;
            Span::new(at, at)
        })
    }
}

/// One line of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// 1-based line number.
    pub number: u32,
    /// The line without its line end.
    pub content: Span,
    /// The line end (CR LF, CR or LF); `None` on a last line that has none.
    pub newline: Option<Span>,
    /// What the line holds.
    pub body: LineBody,
    /// A comment at the end of the line (or the whole comment of a comment line).
    pub comment: Option<Span>,
}

impl Line {
    /// The whole line including its line end.
    pub fn span(&self) -> Span {
        Span::new(self.content.start, self.newline.unwrap_or(self.content).end)
    }

    /// The entry, when the line is a `key: value` record.
    pub fn entry(&self) -> Option<&Entry> {
        match &self.body {
            LineBody::Entry(entry) => Some(entry),
            _ => None,
        }
    }
}

/// Cuts `source` (after its byte order mark) into lines with the lenient grammar.
///
/// The lenient grammar accepts every input; should pest ever fail (it cannot for a grammar whose
/// every line alternative ends in a catch-all), the remainder becomes one invalid line so that
/// no byte is lost.
pub fn split(source: &Source<'_>, profile: &Profile) -> Vec<Line> {
    let start = source.bom_len();
    let text = source.text().get(start..).unwrap_or_default();
    let mut builder = LineBuilder::new(source, profile);
    match LenientParser::parse(Rule::lenient, text) {
        Ok(pairs) => {
            for pair in pairs.flat_map(Pair::into_inner) {
                builder.push_pair(pair, start);
            }
        }
        Err(_) => builder.push_line(
            Span::new(start, start + text.len()),
            Parts::unparsed(start, text.len()),
        ),
    }
    builder.finish()
}

/// Collects lines from their parts, whichever reader found them.
pub(super) struct LineBuilder<'s, 'a> {
    source: &'s Source<'a>,
    profile: &'s Profile,
    lines: Vec<Line>,
}

impl<'s, 'a> LineBuilder<'s, 'a> {
    pub(super) fn new(source: &'s Source<'a>, profile: &'s Profile) -> Self {
        LineBuilder {
            source,
            profile,
            lines: Vec::new(),
        }
    }

    fn push_pair(&mut self, pair: Pair<'_, Rule>, offset: usize) {
        let span = offset_span(&pair, offset);
        match pair.as_rule() {
            Rule::newline => self.end_line(span),
            Rule::line => {
                let parts = Parts::of_pair(pair, offset);
                self.push_line(span, parts);
            }
            _ => {}
        }
    }

    /// Adds the line whose content is `content`, made of `parts`.
    pub(super) fn push_line(&mut self, content: Span, parts: Parts) {
        let line = Line {
            number: u32::try_from(self.lines.len() + 1).unwrap_or(u32::MAX),
            content,
            newline: None,
            body: self.body(&parts),
            comment: parts.comment,
        };
        self.lines.push(line);
    }

    /// Gives the last line its line end.
    pub(super) fn end_line(&mut self, newline: Span) {
        if let Some(last) = self.lines.last_mut() {
            last.newline = Some(newline);
        }
    }

    fn body(&self, parts: &Parts) -> LineBody {
        if let Some(key) = parts.key {
            let (directive, spelling) = self.profile.classify_key(self.source.slice(key));
            return LineBody::Entry(Entry {
                key,
                colon: parts.colon,
                value: parts.value,
                directive,
                spelling,
            });
        }
        match (parts.text, parts.comment) {
            (Some(text), _) => LineBody::Invalid { text },
            (None, Some(_)) => LineBody::Comment,
            (None, None) => LineBody::Blank,
        }
    }

    /// Drops the empty pseudo-line that follows a final line end.
    pub(super) fn finish(mut self) -> Vec<Line> {
        if self
            .lines
            .last()
            .is_some_and(|l| l.content.is_empty() && l.newline.is_none())
        {
            self.lines.pop();
        }
        self.lines
    }
}

fn offset_span(pair: &Pair<'_, Rule>, offset: usize) -> Span {
    let s = pair.as_span();
    Span::new(offset + s.start(), offset + s.end())
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
    fn of_pair(pair: Pair<'_, Rule>, offset: usize) -> Parts {
        let mut parts = Parts::default();
        for part in pair.into_inner() {
            let span = offset_span(&part, offset);
            match part.as_rule() {
                Rule::key | Rule::key_word => parts.key = Some(span),
                Rule::colon => parts.colon = Some(span),
                Rule::value | Rule::value_word => parts.value = Some(span),
                Rule::text => parts.text = Some(span),
                Rule::comment => parts.comment = Some(span),
                _ => {}
            }
        }
        parts
    }

    /// Unreachable in practice (the lenient grammar accepts everything): keep the bytes anyway.
    fn unparsed(start: usize, len: usize) -> Parts {
        Parts {
            text: Some(Span::new(start, start + len)),
            ..Parts::default()
        }
    }
}
