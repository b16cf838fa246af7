//! One way to report problems: findings go to a [`Report`] as the stages run.
//!
//! The checks of the syntax stage, the model's limits and the strict grammar's verdict all push
//! what they find here, while the line they read is current, so one positioner turns every span
//! into `line:col` without going back over the input (modelled on toml_parser's error sink and
//! rust-url's violation callback). What is not wanted is never computed: a reader that only wants
//! the limits ([`Collect::Limits`](crate::syntax::Collect::Limits)) runs no lint check at all.
//! The number of diagnostics kept is itself a limit ([`Limits::diagnostics`]): past it findings
//! are counted, not kept, and one `limit-exceeded` says how many were left out.

use super::check::Finding;
use super::lines::Line;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::limits::{Limit, LimitHit, Limits};
use crate::source::Source;

/// A line of the input as the positioner sees it: its number and where its content starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    line: u32,
    start: usize,
}

impl Place {
    /// Before the first line: line 1.
    const START: Place = Place { line: 1, start: 0 };

    /// The place of `line`.
    pub(crate) fn of(line: &Line) -> Place {
        Place {
            line: line.number,
            start: line.content.start,
        }
    }
}

/// Findings, positioned as they arrive, up to the diagnostics limit.
#[derive(Debug)]
pub(crate) struct Report<'s, 'a> {
    source: &'s Source<'a>,
    limit: usize,
    /// The line being read.
    place: Place,
    /// The last line read, with whether it had a line end.
    last: Option<(Line, bool)>,
    kept: Vec<Diagnostic>,
    /// Findings past the limit: how many, and the first one.
    dropped: usize,
    first_dropped: Option<Diagnostic>,
    violation: bool,
}

impl<'s, 'a> Report<'s, 'a> {
    /// An empty report on `source`, keeping at most `limits.diagnostics` diagnostics.
    pub(crate) fn new(source: &'s Source<'a>, limits: &Limits) -> Self {
        Report {
            source,
            limit: limits.diagnostics,
            place: Place::START,
            last: None,
            kept: Vec::new(),
            dropped: 0,
            first_dropped: None,
            violation: false,
        }
    }

    /// `line` is now being read: findings pushed from here on are on it.
    pub(crate) fn enter(&mut self, line: &Line) {
        self.place = Place::of(line);
        self.last = Some((*line, line.newline.is_some()));
    }

    /// Every line was read: findings pushed from here on lie after the last line (on the next
    /// one when it ended with a line end).
    pub(crate) fn end_of_lines(&mut self) {
        if let Some((line, true)) = self.last {
            self.place = Place {
                line: line.number.saturating_add(1),
                start: line.span().end,
            };
        }
    }

    /// The line being read.
    pub(crate) fn place(&self) -> Place {
        self.place
    }

    /// A finding on the current line.
    pub(crate) fn push(&mut self, finding: Finding) {
        self.push_on(self.place, finding);
    }

    /// A finding on the line at `place`.
    pub(crate) fn push_on(&mut self, place: Place, finding: Finding) {
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
    /// the access stage reports it as its size limit, so it must never be among the dropped.
    pub(crate) fn push_input_cut(&mut self, finding: Finding) {
        self.violation |= finding.code.is_violation();
        let diagnostic = self.position(self.place, finding);
        self.kept.push(diagnostic);
    }

    /// A limit hit of a later stage, on the line at `place`.
    pub(crate) fn push_limit(&mut self, place: Place, hit: &LimitHit) {
        let finding = Finding::new(Code::LimitExceeded, hit.span, hit.message());
        self.push_on(place, finding);
    }

    /// True when some finding breaks the grammar (or a limit cut the file).
    pub(crate) fn has_violation(&self) -> bool {
        self.violation
    }

    fn position(&self, place: Place, finding: Finding) -> Diagnostic {
        let at = finding.span.start;
        Diagnostic {
            code: finding.code,
            severity: Severity::Warning,
            span: finding.span,
            line: place.line,
            col: self.source.column(place.start.min(at), at),
            message: finding.message,
        }
    }

    /// The diagnostics in input order: violations are errors when `strict` and any was found,
    /// everything else a warning.
    pub(crate) fn finish(mut self, strict: bool) -> Vec<Diagnostic> {
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
        if strict && self.violation {
            for diagnostic in &mut self.kept {
                if diagnostic.code.is_violation() {
                    diagnostic.severity = Severity::Error;
                }
            }
        }
        self.kept
    }
}

/// Where `at` lies, found by reading the lines (for the rare finding that is not made while its
/// line is read: the strict grammar's own error).
pub(crate) fn place_of(lines: impl Iterator<Item = Line>, at: usize) -> Place {
    let mut place = Place::START;
    for line in lines {
        place = Place::of(&line);
        if line.span().end > at {
            return place;
        }
        if line.newline.is_some() {
            place = Place {
                line: line.number.saturating_add(1),
                start: line.span().end,
            };
        }
    }
    place
}
