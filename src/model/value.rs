//! The value of a line as the variant reads it.
//!
//! Google's library reads each line into a buffer of 16,663 bytes and as a C string, so bytes
//! past the limit and everything after a NUL are gone before the line is split into key and
//! value. Other variants read the value as the grammar found it, up to the configured line
//! limit ([`Limits::line_bytes`](crate::Limits::line_bytes)) if any. Where the line is cut is
//! the syntax stage's to say (`Line::cut`); this module only keeps the value within it. (A line
//! the profile reads up to its cut, `Line::as_read`, already holds its parts within the cut.)

use crate::source::{Source, Span};
use crate::syntax::{Entry, Line};

/// The part of `entry`'s value the variant reads (up to the line's cut, which the syntax stage
/// computed), or `None` when the line is lost entirely (its key or separator lies past the
/// cut). An empty value yields an empty span.
pub(super) fn effective(source: &Source<'_>, line: &Line, entry: &Entry) -> Option<Span> {
    let end = line.cut;
    let separator_end = entry.colon.map_or(entry.key.end + 1, |c| c.end);
    if separator_end > end {
        return None;
    }
    let value = entry.value_or_empty();
    let cut_end = value.end.min(end).max(value.start);
    let bytes = source.slice(Span::new(value.start, cut_end));
    let trimmed = bytes
        .iter()
        .rposition(|&b| b != b' ' && b != b'\t')
        .map_or(0, |last| last + 1);
    Some(Span::new(value.start, value.start + trimmed))
}
