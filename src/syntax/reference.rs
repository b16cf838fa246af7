//! The lenient grammar run with pest: the reference the line reader is checked against.
//!
//! `grammar/lenient.pest`'s `lenient` rule is the definition of how any input is cut into lines
//! and each line into parts. Production code reads lines with the hand transcription in
//! `scan.rs` (pest's per-token bookkeeping and its token queue, which grows with the input, are
//! what made parsing slow and memory-hungry); this module runs the rule itself so that unit
//! tests, property tests over arbitrary bytes, every corpus file and the `parse` fuzz target can
//! check that both give the same lines ([`super::grammar_agrees`]). Nothing else calls it.

use pest::iterators::Pair;
use pest::Parser;

use super::grammar::{LenientParser, Rule};
use super::lines::{Cut, Line, Parts};
use crate::limits::Limits;
use crate::source::{Source, Span};
use crate::variant::{KeyMemo, Profile};

/// Every line of `source` (after its byte order mark), as the lenient grammar reads them.
///
/// The lenient grammar accepts every input; should pest ever fail (it cannot for a grammar whose
/// every line alternative ends in a catch-all), the remainder becomes one invalid line so that
/// no byte is lost.
pub(super) fn lines(source: &Source<'_>, profile: &Profile, limits: &Limits) -> Vec<Line> {
    let limit = limits.line_limit(profile.max_line_bytes).map(|l| l.bytes());
    let start = source.bom_len();
    let text = source.text().get(start..).unwrap_or_default();
    let mut lines: Vec<Line> = Vec::new();
    let push = |content: Span, parts: &Parts, lines: &mut Vec<Line>| {
        let number = u32::try_from(lines.len() + 1).unwrap_or(u32::MAX);
        let cut = Cut::of(source, profile, limit, content);
        lines.push(Line::new(
            source,
            (profile, &mut KeyMemo::default()),
            number,
            (content, cut, None),
            parts,
        ));
    };
    match LenientParser::parse(Rule::lenient, text) {
        Ok(pairs) => {
            for pair in pairs.flat_map(Pair::into_inner) {
                let span = offset_span(&pair, start);
                match pair.as_rule() {
                    Rule::newline => {
                        if let Some(last) = lines.last_mut() {
                            last.newline = Some(span);
                        }
                    }
                    Rule::line => push(span, &parts_of(pair, start), &mut lines),
                    _ => {}
                }
            }
        }
        Err(_) => {
            let all = Span::new(start, start + text.len());
            let parts = Parts {
                text: Some(all),
                ..Parts::default()
            };
            push(all, &parts, &mut lines);
        }
    }
    // The grammar ends every input with a line, which is empty after a final line end.
    if lines
        .last()
        .is_some_and(|l| l.content.is_empty() && l.newline.is_none())
    {
        lines.pop();
    }
    lines
}

fn offset_span(pair: &Pair<'_, Rule>, offset: usize) -> Span {
    let s = pair.as_span();
    Span::new(offset + s.start(), offset + s.end())
}

fn parts_of(pair: Pair<'_, Rule>, offset: usize) -> Parts {
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
