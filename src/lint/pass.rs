//! The lint pass: each reading parses the file once (every diagnostic collected, the model
//! built in the same pass), then every check reads what it needs and reports to one
//! [`Collector`], which merges what the readings have in common.

use std::collections::BTreeMap;

use super::finding::{Collector, Finding};
use super::options::LintOptions;
use super::position::LineIndex;
use super::{agents, file, records, report};
use crate::diagnostic::Code;
use crate::query::Robots;
use crate::syntax::ParseOptions;
use crate::variant::Profile;

/// One reading of the file.
pub(crate) struct Reading {
    /// Its position in the options' list (how findings name it).
    pub(crate) number: usize,
    pub(crate) profile: Profile,
    pub(crate) robots: Robots,
}

/// What every check reads.
pub(crate) struct Context<'a> {
    pub(crate) input: &'a [u8],
    pub(crate) lines: LineIndex<'a>,
    pub(crate) readings: Vec<Reading>,
}

/// Lints `input` (a robots.txt file's bytes) under `options`' readings.
///
/// Never fails and never panics, whatever the bytes; what a limit cuts is itself a finding.
pub fn lint(input: &[u8], options: &LintOptions) -> Vec<Finding> {
    let parse = ParseOptions::default().with_limits(*options.limits());
    let readings = options
        .readings()
        .iter()
        .enumerate()
        .map(|(number, profile)| Reading {
            number,
            profile: *profile,
            robots: Robots::lenient(input, *profile, &parse),
        })
        .collect();
    let context = Context {
        input,
        lines: LineIndex::new(input),
        readings,
    };
    let mut found = Collector::default();
    diagnostics(&context, &mut found);
    file::check(&context, &mut found);
    records::check(&context, &mut found);
    agents::check(&context, &mut found);
    report::check(&context, &mut found);
    analysis_findings(&context, &mut found);
    found.finish(options)
}

/// The text of 1-based line `line` of `input`, without its line end, as findings number lines
/// (for showing a finding's line under it).
pub fn line_text(input: &[u8], line: u32) -> Option<&[u8]> {
    LineIndex::new(input).text(line)
}

/// Every reading's diagnostics, each once with the readings that report it. A message that
/// names its reading (`… is not a directive of rfc9309 …`) names every reading that reports it.
/// An RSL `License` line is not an unknown key to the linter: its own finding says what each
/// reading does.
fn diagnostics(context: &Context<'_>, found: &mut Collector) {
    type Key = (u32, u32, Code, String);
    let mut merged: BTreeMap<Key, Vec<&Reading>> = BTreeMap::new();
    for reading in &context.readings {
        let name = reading.profile.name();
        for d in reading.robots.diagnostics() {
            if d.code == Code::UnknownDirective && records::is_license(&reading.robots, d.line) {
                continue;
            }
            let template = d.message.replace(&name, "\u{0}");
            let key = (d.line, d.col, d.code, template);
            merged.entry(key).or_default().push(reading);
        }
    }
    for ((line, col, code, template), readings) in merged {
        let names: Vec<String> = readings.iter().map(|r| r.profile.name()).collect();
        let message = template.replace('\u{0}', &names.join(" and "));
        let numbers: Vec<usize> = readings.iter().map(|r| r.number).collect();
        found.add(code, Some((line, col)), &numbers, message, None);
    }
}

/// Dead rules and groups, and where the readings differ on some URL (with a witness): these
/// come from the exact analysis of issue 24 (`robotspec::analysis`), which is not in the
/// library yet. Until it lands this reports nothing; its codes (`dead-rule`, `dead-group`,
/// `readings-differ`) are defined and documented so that configurations and scripts can name
/// them already.
fn analysis_findings(_context: &Context<'_>, _found: &mut Collector) {}
