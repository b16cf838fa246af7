//! The one pass over a file, shared by every entry point (the file's [`Parsed`](super::Parsed),
//! a [`Robots`](crate::Robots), strict, lenient and verdict-only): each line read once, checked
//! as the options ask and handed to the stage that consumes it ([`read`]); then the reading's
//! conclusion in the options' mode ([`conclude`]): the diagnostics, or a strict rejection.

use std::fmt;

use super::check;
use super::lines::{self, Line};
use super::options::{Mode, ParseOptions};
use super::scan::{LineReader, Lines, Scan};
use super::strict;
use crate::diagnostic::Diagnostic;
use crate::findings::Findings;
use crate::limits::Limits;
use crate::source::Source;
use crate::variant::Profile;

/// The one pass over a file: every line is read once, checked (as `options` ask) and handed to
/// `each` — the later stage that consumes it — while it is current in the collector.
pub(crate) fn read<'s, 'a>(
    source: &'s Source<'a>,
    profile: &Profile,
    options: &ParseOptions,
    mut each: impl FnMut(&Line, &mut Findings<'s, 'a>),
) -> Findings<'s, 'a> {
    let mut findings = Findings::new(source, &options.limits);
    let mut checker =
        check::Checker::new(source, (profile, demands(profile)), options, &mut findings);
    let mut lines = Lines::new(source, profile, &options.limits);
    // Each line is read where `next` wrote it: moved out of its `Option`, the line was copied
    // once more (2 % of a crawler's parse-and-ask).
    while let Some(line) = lines.next().as_ref() {
        findings.enter(line.place(), line.next_place());
        checker.line(line, &mut findings);
        each(line, &mut findings);
    }
    checker.finish(&mut findings);
    findings
}

/// [`read`] for several readings of one source at once: the lines are shaped once ([`Scan`]),
/// and each reading makes its own line of each, checks it and hands it to `each` with the
/// reading's index in `profiles`; the findings of each reading, in that order.
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
pub(crate) fn read_each<'s, 'a>(
    source: &'s Source<'a>,
    profiles: &[Profile],
    options: &ParseOptions,
    mut each: impl FnMut(usize, &Line, &mut Findings<'s, 'a>),
) -> Vec<Findings<'s, 'a>> {
    let mut readings: Vec<_> = profiles
        .iter()
        .map(|profile| {
            let mut findings = Findings::new(source, &options.limits);
            let checker =
                check::Checker::new(source, (profile, demands(profile)), options, &mut findings);
            (LineReader::new(profile, &options.limits), checker, findings)
        })
        .collect();
    for shaped in Scan::new(source) {
        for (index, (reader, checker, findings)) in readings.iter_mut().enumerate() {
            let line = &reader.read(source, &shaped);
            findings.enter(line.place(), line.next_place());
            checker.line(line, findings);
            each(index, line, findings);
        }
    }
    readings
        .into_iter()
        .map(|(_, checker, mut findings)| {
            checker.finish(&mut findings);
            findings
        })
        .collect()
}

/// What `profile`'s strict grammar demands: what its checks look for.
fn demands(profile: &Profile) -> &'static check::Demands {
    &strict::grammar(profile.strict_grammar).demands
}

/// The end of a reading in `mode`: the diagnostics, in input order. A lenient reading ends
/// there (its findings are warnings); a strict one asks the strict grammar for its verdict when
/// the checks found nothing, and is `Err` with every diagnostic (violations as errors) when
/// anything violates.
pub(crate) fn conclude(
    source: &Source<'_>,
    profile: &Profile,
    mut findings: Findings<'_, '_>,
    mode: Mode,
) -> Result<Vec<Diagnostic>, StrictError> {
    match mode {
        Mode::Lenient => return Ok(findings.finish()),
        Mode::Strict => {}
    }
    if !findings.has_violation() {
        if let Some(finding) = strict::validate(source, strict::grammar(profile.strict_grammar)) {
            // Only the lines' places are read: the line limit does not move them.
            let lines = Lines::new(source, profile, &Limits::default());
            let place = lines::place_of(lines, finding.span.start);
            findings.push_on(place, finding);
        }
    }
    if findings.has_violation() {
        return Err(StrictError {
            diagnostics: findings.reject(),
        });
    }
    Ok(findings.finish())
}

/// The input `options` let be read, as `profile` reads its byte order mark.
pub(crate) fn source_of<'a>(
    input: &'a [u8],
    profile: &Profile,
    options: &ParseOptions,
) -> Source<'a> {
    Source::read_as(input, options.limits.input_bytes, profile.byte_order_mark)
}

/// A file rejected in strict mode, with every problem found (all of severity error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrictError {
    diagnostics: Vec<Diagnostic>,
}

impl StrictError {
    /// Every problem, in input order; never empty.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The problems, for a reading that keeps going whatever it finds.
    pub(crate) fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }
}

impl fmt::Display for StrictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diagnostics.as_slice() {
            [] => f.write_str("file rejected"),
            [only] => write!(f, "{only}"),
            [first, rest @ ..] => write!(f, "{first} (and {} more)", rest.len()),
        }
    }
}

impl std::error::Error for StrictError {}
