//! One way to report problems: findings go to one [`Findings`] collector as the stages run.
//!
//! The checks of the syntax stage, the model's limits and the strict grammar's verdict all push
//! what they find here, while the line they read is current, so one positioner turns every span
//! into `line:col` without going back over the input (modelled on toml_parser's error sink and
//! rust-url's violation callback). What is not wanted is never computed: a reader that only wants
//! the limits (`Collect::Limits`) runs no lint check at all.
//! The number of diagnostics kept is itself a limit ([`Limits::diagnostics`]): past it findings
//! are counted, not kept, and one `limit-exceeded` says how many were left out.
//!
//! It lies on the ground floor, beside [`Diagnostic`], because every stage writes into it (the
//! syntax checks, the model's limits, the strict grammar): it knows positions (a [`Place`]: a
//! line's number and where its content starts), never the lines themselves. ("Report" names
//! Google's per-line report only.)

use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::limits::{Limit, LimitHit, Limits};
use crate::source::{Source, Span};

/// A problem found, before it is given a severity and a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unplaced {
    /// What.
    pub(crate) code: Code,
    /// Where.
    pub(crate) span: Span,
    /// Why, for people.
    pub(crate) message: String,
}

impl Unplaced {
    /// A finding of `code` at `span`.
    pub(crate) fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Unplaced {
            code,
            span,
            message: message.into(),
        }
    }
}

/// A line of the input as the positioner sees it: its number and where its content starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    line: u32,
    start: usize,
}

impl Place {
    /// Before the first line: line 1.
    pub(crate) const START: Place = Place { line: 1, start: 0 };

    /// Line `line` (1-based), whose content starts at byte `start`.
    pub(crate) fn new(line: u32, start: usize) -> Place {
        Place { line, start }
    }
}

/// Findings, positioned as they arrive, up to the diagnostics limit.
#[derive(Debug)]
pub(crate) struct Findings<'s, 'a> {
    source: &'s Source<'a>,
    limit: usize,
    /// The line being read.
    place: Place,
    /// Where the line after the last one read starts, when that line ended with a line end.
    after_last: Option<Place>,
    kept: Vec<Diagnostic>,
    /// Findings past the limit: how many, and the first one.
    dropped: usize,
    first_dropped: Option<Diagnostic>,
    violation: bool,
    /// The last position given a column: its line's start, its offset and the column. The
    /// findings of a line mostly come in order along it, so a column is counted on from the
    /// last one rather than from the line's start: a line of thousands of findings (invalid
    /// bytes, each its own) would otherwise cost the square of its length.
    last_column: Option<(usize, usize, u32)>,
}

impl<'s, 'a> Findings<'s, 'a> {
    /// No findings yet on `source`, keeping at most `limits.diagnostics` diagnostics.
    pub(crate) fn new(source: &'s Source<'a>, limits: &Limits) -> Self {
        Findings {
            source,
            limit: limits.diagnostics,
            place: Place::START,
            after_last: None,
            kept: Vec::new(),
            dropped: 0,
            first_dropped: None,
            violation: false,
            last_column: None,
        }
    }

    /// The line at `place` is now being read: findings pushed from here on are on it. `next`:
    /// where the line after it starts, when it ends with a line end.
    pub(crate) fn enter(&mut self, place: Place, next: Option<Place>) {
        self.place = place;
        self.after_last = next;
    }

    /// Every line was read: findings pushed from here on lie after the last line (on the next
    /// one when it ended with a line end).
    pub(crate) fn end_of_lines(&mut self) {
        if let Some(next) = self.after_last {
            self.place = next;
        }
    }

    /// The line being read.
    pub(crate) fn place(&self) -> Place {
        self.place
    }

    /// A finding on the current line.
    pub(crate) fn push(&mut self, finding: Unplaced) {
        self.push_on(self.place, finding);
    }

    /// A finding on the line at `place`.
    pub(crate) fn push_on(&mut self, place: Place, finding: Unplaced) {
        self.violation |= finding.code.is_violation();
        if self.kept.len() >= self.limit {
            self.dropped += 1;
            if self.first_dropped.is_none() {
                self.first_dropped = Some(self.position(place, finding));
            }
            return;
        }
        let diagnostic = self.position(place, finding);
        self.kept.push(diagnostic);
    }

    /// The input limit's cut, kept whatever the diagnostics limit: there is exactly one, and
    /// when the access stage set the limit it is that stage's `size-limit`, so it must never be
    /// among the dropped.
    pub(crate) fn push_input_cut(&mut self, finding: Unplaced) {
        self.violation |= finding.code.is_violation();
        let diagnostic = self.position(self.place, finding);
        self.kept.push(diagnostic);
    }

    /// A limit hit of a later stage, on the line at `place`.
    pub(crate) fn push_limit(&mut self, place: Place, hit: &LimitHit) {
        let finding = Unplaced::new(Code::LimitExceeded, hit.span, hit.message());
        self.push_on(place, finding);
    }

    /// True when some finding breaks the grammar (or a limit cut the file).
    pub(crate) fn has_violation(&self) -> bool {
        self.violation
    }

    fn position(&mut self, place: Place, finding: Unplaced) -> Diagnostic {
        let at = finding.span.start;
        Diagnostic {
            code: finding.code,
            severity: Severity::Warning,
            span: finding.span,
            line: place.line,
            col: self.column(place.start.min(at), at),
            message: finding.message,
        }
    }

    /// The column of byte `at` on the line starting at `line_start` (`Source::column`),
    /// counted on from the last column given where that lies before it on the same line.
    fn column(&mut self, line_start: usize, at: usize) -> u32 {
        let (from, before) = match self.last_column {
            Some((start, last, col)) if start == line_start && last <= at => (last, col),
            _ => (line_start, 1),
        };
        // `None` where `at` starts no character: column 1, as `Source::column` says.
        let col = self
            .source
            .characters(from, at)
            .map(|more| before.saturating_add(more));
        if let Some(col) = col {
            self.last_column = Some((line_start, at, col));
        }
        col.unwrap_or(1)
    }

    /// The diagnostics in input order, every one at its own severity (the grammar's
    /// violations are warnings): a reading that accepts the file.
    pub(crate) fn finish(mut self) -> Vec<Diagnostic> {
        self.close();
        self.kept
    }

    /// The diagnostics in input order, the grammar's violations as errors: a strict reading
    /// that rejects the file.
    pub(crate) fn reject(mut self) -> Vec<Diagnostic> {
        self.close();
        for diagnostic in &mut self.kept {
            if diagnostic.code.is_violation() {
                diagnostic.severity = Severity::Error;
            }
        }
        self.kept
    }

    /// Says how many diagnostics the limit left out, and puts the kept ones in input order.
    fn close(&mut self) {
        if let Some(first) = self.first_dropped.take() {
            let mut hit = LimitHit::new(Limit::Diagnostics, self.limit, first.span);
            hit.ignored = self.dropped;
            self.kept.push(Diagnostic {
                code: Code::LimitExceeded,
                message: hit.message(),
                ..first
            });
        }
        self.kept.sort_by_key(|d| (d.span.start, d.code));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;

    /// A column counted on from the last one is the column counted from the line's start: in
    /// order along a line, out of order, at a byte inside a character, after invalid bytes and
    /// on the next line.
    #[test]
    fn columns_counted_on_are_columns_from_the_line_start() {
        let text = b"ab\xc3\xa9cd\xe3\x83\x84e\xff\xfeg\nx\xc3\xa9y\n";
        let source = Source::new(text);
        let mut findings = Findings::new(&source, &Limits::default());
        let second = 14;
        let at = |line: u32, start: usize, offsets: &[usize], findings: &mut Findings| {
            findings.enter(Place::new(line, start), None);
            for &offset in offsets {
                let span = Span::new(offset, offset + 1);
                findings.push(Unplaced::new(Code::InvalidLine, span, "x"));
            }
        };
        at(1, 0, &[1, 4, 9, 2, 3, 10, 11, 12], &mut findings);
        at(2, second, &[second, second + 3, second + 1], &mut findings);
        let columns: Vec<(usize, u32)> = findings
            .finish()
            .iter()
            .map(|d| (d.span.start, d.col))
            .collect();
        let from_the_start = |at: usize| {
            let start = if at >= second { second } else { 0 };
            (at, source.column(start, at))
        };
        let expected: Vec<(usize, u32)> = [1, 2, 3, 4, 9, 10, 11, 12, 14, 15, 17]
            .into_iter()
            .map(from_the_start)
            .collect();
        assert_eq!(columns, expected);
        // Characters: `é` is one, `ツ` one, each invalid byte one; inside `é`, column 1.
        assert_eq!(&columns[..4], &[(1, 2), (2, 3), (3, 1), (4, 4)]);
        assert_eq!(&columns[4..8], &[(9, 7), (10, 8), (11, 9), (12, 10)]);
        assert_eq!(&columns[8..], &[(14, 1), (15, 2), (17, 3)]);
    }
}
