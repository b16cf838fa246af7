//! The lint pass: each reading parses the file once (every diagnostic collected, the model
//! built in the same pass), then every check reads what it needs and reports to one
//! [`Collector`], which merges what the readings have in common.

use std::collections::BTreeMap;

use super::context::{listed, Context, Reading};
use super::finding::{Collector, Finding};
use super::options::LintOptions;
use super::position::LineIndex;
use super::{agents, exact, file, records, report};
use crate::diagnostic::Code;
use crate::query::Robots;
use crate::syntax::ParseOptions;

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
            robots: Robots::parse_lenient(input, *profile, &parse),
        })
        .collect();
    let context = Context {
        input,
        lines: LineIndex::new(input),
        readings,
    };
    let mut found = Collector::default();
    file::check(&context, &mut found);
    if file::not_robots_txt(input) {
        // An HTML page or a UTF-16 file: what each line says is noise; the file-level finding
        // says what every crawler does with it.
        return found.finish(options);
    }
    diagnostics(&context, &mut found);
    records::check(&context, &mut found);
    agents::check(&context, &mut found);
    report::check(&context, &mut found);
    exact::check(&context, &mut found);
    found.finish(options)
}

/// The text of 1-based line `line` of `input`, without its line end, as findings number lines
/// (for showing a finding's line under it).
pub fn line_text(input: &[u8], line: u32) -> Option<&[u8]> {
    LineIndex::new(input).text(line)
}

/// Every reading's diagnostics, each once with the readings that report it. Where readings
/// report the same code at the same place with messages that differ only in the reading's own
/// name (`… is not a directive of rfc9309 …`), the message names them all. An RSL `License`
/// line or an LLM pointer (`LLMs-txt`, …) is not an unknown key to the linter: its own finding
/// says what it is and who reads it.
fn diagnostics(context: &Context<'_>, found: &mut Collector) {
    let mut merged: BTreeMap<(u32, u32, Code), Vec<Said<'_>>> = BTreeMap::new();
    for reading in &context.readings {
        for d in reading.robots.diagnostics() {
            if d.code == Code::UnknownDirective && records::is_linted(&reading.robots, d.line) {
                continue;
            }
            let said = merged.entry((d.line, d.col, d.code)).or_default();
            said.push((reading, d.message.as_str()));
        }
    }
    for ((line, col, code), said) in merged {
        let mut classes: Vec<Vec<Said<'_>>> = Vec::new();
        for (reading, message) in said {
            match classes.iter_mut().find(|c| {
                c.first()
                    .is_some_and(|first| same(*first, (reading, message)))
            }) {
                Some(class) => class.push((reading, message)),
                None => classes.push(vec![(reading, message)]),
            }
        }
        for class in classes {
            let numbers: Vec<usize> = class.iter().map(|(r, _)| r.number).collect();
            let names: Vec<String> = class.iter().map(|(r, _)| r.profile.name()).collect();
            let Some((first, message)) = class.first() else {
                continue;
            };
            let message = match class.iter().all(|(_, m)| m == message) {
                true => (*message).to_owned(),
                false => replace_last(message, &first.profile.name(), &listed(&names)),
            };
            found.add(code, Some((line, col)), &numbers, message, None);
        }
    }
}

/// A reading and what it says.
type Said<'a> = (&'a Reading, &'a str);

/// Whether two readings say the same thing: the same message, or the same but for the
/// reading's own name (its last occurrence).
fn same((a, said_a): Said<'_>, (b, said_b): Said<'_>) -> bool {
    said_a == said_b || replace_last(said_a, &a.profile.name(), &b.profile.name()) == said_b
}

/// `text` with the last occurrence of `from` replaced by `to`.
fn replace_last(text: &str, from: &str, to: &str) -> String {
    match text.rfind(from) {
        Some(at) => {
            let (head, tail) = text.split_at(at);
            format!("{head}{to}{}", tail.get(from.len()..).unwrap_or_default())
        }
        None => text.to_owned(),
    }
}
