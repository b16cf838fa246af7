//! Checks of the file as a whole: its size, its encoding, its line ends, an HTML page served as
//! robots.txt, and an empty `Disallow:` that allows everything. (A file that shuts every crawler
//! out is the exact analysis's to say: `exact.rs`.)

use super::code::LintCode;
use super::context::{Context, Reading};
use super::finding::Collector;
use super::position::column;
use crate::vocab::pattern::RuleKind;

/// 500 KiB: what Google reads of a robots.txt and the least RFC 9309 §2.5 lets a crawler read.
const GOOGLE_READS: usize = 512_000;

pub(super) fn check(context: &Context<'_>, found: &mut Collector) {
    let every: Vec<usize> = context.readings.iter().map(|r| r.number).collect();
    size(context, &every, found);
    encoding(context, &every, found);
    line_ends(context, &every, found);
    html(context.input, &every, found);
    for reading in &context.readings {
        empty_disallow(reading, found);
    }
}

fn size(context: &Context<'_>, every: &[usize], found: &mut Collector) {
    let size = context.input.len();
    if size <= GOOGLE_READS {
        return;
    }
    let line = context.lines.line_of(GOOGLE_READS);
    let message = format!(
        "the file is {size} bytes: Google reads the first 512,000 (500 KiB) and ignores the rest, \
         from line {line} (the line the limit cuts) on; RFC 9309 crawlers must read at least \
         500 KiB (§2.5), so what lies beyond depends on the crawler"
    );
    let fix = "move the rules that matter to the first 500 KiB, or shorten the file (wildcards \
               instead of lists of paths)";
    found.add(
        LintCode::FileTooLarge,
        None,
        every,
        message,
        Some(fix.to_owned()),
    );
}

fn encoding(context: &Context<'_>, every: &[usize], found: &mut Collector) {
    let input = context.input;
    if input.starts_with(b"\xEF\xBB\xBF") {
        let message = "the file starts with a UTF-8 byte order mark: every reading skips it";
        found.add(
            LintCode::ByteOrderMark,
            Some((1, 1)),
            every,
            message.to_owned(),
            None,
        );
    }
    if is_utf16(input) {
        let message = "the file is UTF-16: every reading sees NUL bytes between the letters and \
                       reads no rule from it";
        let fix = "save the file as UTF-8";
        found.add(
            LintCode::Utf16,
            None,
            every,
            message.to_owned(),
            Some(fix.to_owned()),
        );
        return;
    }
    if let Err(error) = std::str::from_utf8(input) {
        let at = error.valid_up_to();
        let line = context.lines.line_of(at);
        let start = input
            .get(..at)
            .and_then(|head| head.iter().rposition(|&b| b == b'\n' || b == b'\r'))
            .map_or(0, |end| end + 1);
        let col = column(input.get(start..).unwrap_or_default(), at - start);
        let message = "the file is not UTF-8 (first here): a rule with these bytes matches a URL \
                       only if the crawler sends the same bytes, and URLs carry UTF-8 \
                       percent-encoded";
        let fix = "save the file as UTF-8, or percent-encode the path (`%E9` for Latin-1 `é` is \
                   still not `%C3%A9`)";
        found.add(
            LintCode::NotUtf8,
            Some((line, col)),
            every,
            message.to_owned(),
            Some(fix.to_owned()),
        );
    }
}

/// A UTF-16 byte order mark, or a NUL in every other byte of the first line's letters.
fn is_utf16(input: &[u8]) -> bool {
    if input.starts_with(b"\xFF\xFE") || input.starts_with(b"\xFE\xFF") {
        return true;
    }
    let head = input.get(..64).unwrap_or(input);
    let nuls = head.iter().filter(|&&b| b == 0).count();
    head.len() >= 8 && nuls * 3 >= head.len()
}

fn line_ends(context: &Context<'_>, every: &[usize], found: &mut Collector) {
    let input = context.input;
    let lone = memchr::memchr_iter(b'\r', input).find(|&at| input.get(at + 1) != Some(&b'\n'));
    if let Some(at) = lone {
        let line = context.lines.line_of(at);
        let message = format!(
            "line {line} ends with a carriage return alone: RFC 9309 and Google read it as a line \
             end, but parsers that split lines on line feeds read it and the next line as one"
        );
        let fix = "end lines with LF (or CR LF)";
        found.add(
            LintCode::CrLineEnds,
            Some((line, 1)),
            every,
            message,
            Some(fix.to_owned()),
        );
    }
}

/// An HTML page or a UTF-16 file: no reading finds the author's rules in it.
pub(super) fn not_robots_txt(input: &[u8]) -> bool {
    is_html(input) || is_utf16(input)
}

fn html(input: &[u8], every: &[usize], found: &mut Collector) {
    if is_html(input) {
        let message = "this is an HTML page, not a robots.txt: no reading finds a rule in it (a \
                       server or CMS answers /robots.txt with a page), so every crawler may \
                       fetch everything";
        let fix = "serve a plain-text robots.txt at /robots.txt (or a 404 if there is none)";
        found.add(
            LintCode::HtmlFile,
            None,
            every,
            message.to_owned(),
            Some(fix.to_owned()),
        );
    }
}

/// Starts (after whitespace and a byte order mark) with `<` and holds an HTML tag early on.
fn is_html(input: &[u8]) -> bool {
    let start = input
        .iter()
        .position(|b| !b.is_ascii_whitespace() && !matches!(b, 0xEF | 0xBB | 0xBF))
        .unwrap_or(input.len());
    let head = input.get(start..).unwrap_or_default();
    let head = head.get(..2048).unwrap_or(head).to_ascii_lowercase();
    head.starts_with(b"<")
        && [&b"<!doctype html"[..], b"<html", b"<head", b"<body"]
            .iter()
            .any(|tag| memchr::memmem::find(&head, tag).is_some())
}

/// A group whose only Disallow rules are empty allows everything.
fn empty_disallow(reading: &Reading, found: &mut Collector) {
    for group in reading.robots.groups() {
        let disallows = || group.rules().filter(|r| r.kind() == RuleKind::Disallow);
        if disallows().any(|r| !r.is_empty()) {
            continue;
        }
        if let Some(rule) = disallows().find(|r| r.is_empty()) {
            let message = "an empty `Disallow:` disallows nothing: this group's crawlers may \
                           fetch every URL (if that is meant, `Allow: /` says it plainly)";
            let fix = "`Disallow: /` to shut these crawlers out of the whole site";
            found.add(
                LintCode::EmptyDisallow,
                Some((rule.line(), 1)),
                &[reading.number],
                message.to_owned(),
                Some(fix.to_owned()),
            );
        }
    }
}
