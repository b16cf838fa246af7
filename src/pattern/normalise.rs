//! Byte-level normalisation of rule patterns (and, for the 1996 draft, of targets).
//!
//! Each variant compares rule paths and URLs after a different percent-encoding treatment. The
//! treatments here are pure functions from bytes to bytes; they never fail and never panic, and
//! they return the input unchanged (borrowed) when there is nothing to do, so the common case of
//! a plain ASCII pattern costs one scan and no allocation.

use std::borrow::Cow;

use crate::vocab::pattern::PatternEncoding;

/// Normalises `pattern` under `encoding`.
///
/// Returns [`Cow::Borrowed`] when the pattern is already in normal form.
///
/// ```
/// use robotspec::internals::{normalise, PatternEncoding};
///
/// assert_eq!(&*normalise(b"/a%3cb", PatternEncoding::GoogleEscape), b"/a%3Cb");
/// assert_eq!(&*normalise("/\u{e1}".as_bytes(), PatternEncoding::GoogleEscape), b"/%C3%A1");
/// assert_eq!(&*normalise(b"/a%3cb%2fc", PatternEncoding::Decode1996), b"/a<b%2Fc");
/// assert_eq!(&*normalise(b"/a%3cb", PatternEncoding::Verbatim), b"/a%3cb");
/// ```
#[must_use]
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
pub fn normalise(pattern: &[u8], encoding: PatternEncoding) -> Cow<'_, [u8]> {
    match encoding {
        PatternEncoding::Verbatim => Cow::Borrowed(pattern),
        PatternEncoding::GoogleEscape => google_escape(pattern),
        PatternEncoding::Decode1996 => decode_1996(pattern),
        PatternEncoding::Rfc3986 => rfc3986(pattern, Side::Pattern),
    }
}

/// Normalises a match target the way `encoding` normalises patterns, for the variants that
/// compare normalised forms on both sides (1996, 2019). Google's library never normalises
/// targets: callers of that variant do not call this.
///
/// ```
/// use robotspec::internals::{normalise_target, PatternEncoding};
///
/// assert_eq!(&*normalise_target(b"/%7Ejoe/a*b", PatternEncoding::Rfc3986), b"/~joe/a%2Ab");
/// assert_eq!(&*normalise_target(b"/a%3c", PatternEncoding::Decode1996), b"/a<");
/// ```
#[must_use]
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
pub fn normalise_target(target: &[u8], encoding: PatternEncoding) -> Cow<'_, [u8]> {
    match encoding {
        PatternEncoding::Rfc3986 => rfc3986(target, Side::Target),
        other => normalise(target, other),
    }
}

/// Upper-case hex digits used when writing escapes.
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The value of an ASCII hex digit, or `None`.
fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// If `rest` starts with `%hh` (two valid hex digits), the two digit bytes as written.
fn escape_at(rest: &[u8]) -> Option<(u8, u8)> {
    match rest {
        [b'%', hi, lo, ..] if hex_value(*hi).is_some() && hex_value(*lo).is_some() => {
            Some((*hi, *lo))
        }
        _ => None,
    }
}

/// Writes `%XX` for `byte` with upper-case hex digits.
fn push_escaped(out: &mut Vec<u8>, byte: u8) {
    out.push(b'%');
    out.extend(HEX_UPPER.get(usize::from(byte >> 4)).copied());
    out.extend(HEX_UPPER.get(usize::from(byte & 0x0F)).copied());
}

/// Google's escaping of patterns (see [`PatternEncoding::GoogleEscape`]).
fn google_escape(pattern: &[u8]) -> Cow<'_, [u8]> {
    // Most patterns are ASCII without a `%`: nothing to change, found without a byte loop.
    if pattern.is_ascii() && memchr::memchr(b'%', pattern).is_none() {
        return Cow::Borrowed(pattern);
    }
    // First pass: is there anything to change at all?
    let mut needs_work = false;
    let mut rest = pattern;
    while let Some((&byte, tail)) = rest.split_first() {
        if let Some((hi, lo)) = escape_at(rest) {
            if hi.is_ascii_lowercase() || lo.is_ascii_lowercase() {
                needs_work = true;
                break;
            }
            rest = tail.get(2..).unwrap_or_default();
        } else {
            if byte >= 0x80 {
                needs_work = true;
                break;
            }
            rest = tail;
        }
    }
    if !needs_work {
        return Cow::Borrowed(pattern);
    }

    let mut out = Vec::with_capacity(pattern.len() + pattern.len() / 2);
    let mut rest = pattern;
    while let Some((&byte, tail)) = rest.split_first() {
        if let Some((hi, lo)) = escape_at(rest) {
            out.extend_from_slice(&[b'%', hi.to_ascii_uppercase(), lo.to_ascii_uppercase()]);
            rest = tail.get(2..).unwrap_or_default();
        } else {
            if byte >= 0x80 {
                push_escaped(&mut out, byte);
            } else {
                out.push(byte);
            }
            rest = tail;
        }
    }
    Cow::Owned(out)
}

/// Which side of a match a text is: a rule's pattern or the target it is matched against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Pattern,
    Target,
}

/// RFC 3986 normalisation (see [`PatternEncoding::Rfc3986`]); a target's also escapes `*`, `$`.
fn rfc3986(bytes: &[u8], side: Side) -> Cow<'_, [u8]> {
    let target = side == Side::Target;
    // A byte written as an escape whatever its place: in targets `*` and `$` (matched
    // literally only by an escape, A29); in patterns a `$` that is not the last byte, which
    // is a literal `$` there, and must meet the target's `%24`.
    let escaped = |byte: u8, last: bool| match byte {
        b'*' => target,
        b'$' => target || !last,
        _ => byte >= 0x80 || byte == b'%',
    };
    // Most bytes need nothing: ASCII without a `%` or `$` (and, in targets, a `*`) is kept
    // whole, found without a byte loop; only a final `$` in a pattern may remain to look at.
    let operators = if target {
        memchr::memchr3(b'%', b'$', b'*', bytes)
    } else {
        memchr::memchr2(b'%', b'$', bytes)
    };
    if bytes.is_ascii()
        && operators
            .is_none_or(|at| !target && at + 1 == bytes.len() && bytes.get(at) == Some(&b'$'))
    {
        return Cow::Borrowed(bytes);
    }
    let last = bytes.len().saturating_sub(1);
    if !bytes
        .iter()
        .enumerate()
        .any(|(at, &b)| escaped(b, at == last))
    {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 2);
    let mut rest = bytes;
    while let Some((&byte, tail)) = rest.split_first() {
        if let Some((hi, lo)) = escape_at(rest) {
            let value = hex_value(hi).unwrap_or(0) << 4 | hex_value(lo).unwrap_or(0);
            if value.is_ascii_alphanumeric() || matches!(value, b'-' | b'.' | b'_' | b'~') {
                out.push(value);
            } else {
                out.extend_from_slice(&[b'%', hi.to_ascii_uppercase(), lo.to_ascii_uppercase()]);
            }
            rest = tail.get(2..).unwrap_or_default();
        } else {
            // A `%` that starts no escape is written `%25`: left raw, it could form an escape
            // with the bytes a decoding puts after it (`%%333` → `%33`), and a second
            // normalisation would then change the result again.
            if escaped(byte, tail.is_empty()) {
                push_escaped(&mut out, byte);
            } else {
                out.push(byte);
            }
            rest = tail;
        }
    }
    Cow::Owned(out)
}

/// The 1996 draft's decoding (see [`PatternEncoding::Decode1996`]).
fn decode_1996(pattern: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'%', pattern).is_none() {
        return Cow::Borrowed(pattern);
    }
    // Nothing to do unless there is an escape other than an already upper-case `%2F`.
    let mut needs_work = false;
    let mut rest = pattern;
    while let Some((_, tail)) = rest.split_first() {
        if let Some((hi, lo)) = escape_at(rest) {
            if !(hi == b'2' && lo == b'F') {
                needs_work = true;
                break;
            }
            rest = tail.get(2..).unwrap_or_default();
        } else {
            rest = tail;
        }
    }
    if !needs_work {
        return Cow::Borrowed(pattern);
    }

    let mut out = Vec::with_capacity(pattern.len());
    let mut rest = pattern;
    while let Some((&byte, tail)) = rest.split_first() {
        match escape_at(rest) {
            Some((hi, lo)) => {
                let value = hex_value(hi).unwrap_or(0) << 4 | hex_value(lo).unwrap_or(0);
                if value == b'/' {
                    out.extend_from_slice(b"%2F");
                } else {
                    out.push(value);
                }
                rest = tail.get(2..).unwrap_or_default();
            }
            None => {
                out.push(byte);
                rest = tail;
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn google(input: &[u8]) -> Vec<u8> {
        normalise(input, PatternEncoding::GoogleEscape).into_owned()
    }

    fn d96(input: &[u8]) -> Vec<u8> {
        normalise(input, PatternEncoding::Decode1996).into_owned()
    }

    /// The four `escape_pattern` vectors of `/work/shared/conformance/google-robots-test.jsonl`
    /// (lines 188–191, from `RobotsUnittest.TestMaybeEscapePattern` in Google's
    /// `robots_test.cc`), values copied verbatim.
    #[test]
    fn google_escape_pattern_vectors() {
        let vectors: [(&str, &str); 4] = [
            ("http://www.example.com", "http://www.example.com"),
            ("/a/b/c", "/a/b/c"),
            ("\u{00e1}", "%C3%A1"),
            ("%aa", "%AA"),
        ];
        for (input, output) in vectors {
            assert_eq!(
                google(input.as_bytes()),
                output.as_bytes(),
                "input {input:?}"
            );
        }
    }

    #[test]
    fn google_escape_details() {
        // Already normal: borrowed, not copied.
        assert!(matches!(
            normalise(b"/a%2Fb*$", PatternEncoding::GoogleEscape),
            Cow::Borrowed(_)
        ));
        // Mixed-case escapes, nothing decoded.
        assert_eq!(google(b"/%7e%2f%aB"), b"/%7E%2F%AB");
        assert_eq!(google(b"/%7Ejoe"), b"/%7Ejoe");
        // A `%` without two hex digits stays, even at the end.
        assert_eq!(google(b"/%"), b"/%");
        assert_eq!(google(b"/%a"), b"/%a");
        assert_eq!(google(b"/%zz%a"), b"/%zz%a");
        assert_eq!(google(b"/%%aa"), b"/%%AA");
        // High bytes (not necessarily UTF-8) become escapes; low control bytes do not.
        assert_eq!(google(b"/\xff\x80\x00"), b"/%FF%80\x00");
        assert_eq!(google("/ツ".as_bytes()), b"/%E3%83%84");
        // A `%` followed by a high byte: the `%` stays, the byte is escaped.
        assert_eq!(google(b"%\xe9a"), b"%%E9a");
        // The escape's own digits are skipped (no re-reading of the `aa` as a new escape).
        assert_eq!(google(b"%25aa"), b"%25aa");
        assert_eq!(google(b""), b"");
    }

    #[test]
    fn decode_1996_details() {
        // The E9 table of docs/spec/VARIANTS.md: decoding, %2F kept, hex case-insensitive.
        assert_eq!(d96(b"/tmp"), b"/tmp");
        assert_eq!(d96(b"/a%3cd.html"), b"/a<d.html");
        assert_eq!(d96(b"/a%3Cd.html"), b"/a<d.html");
        assert_eq!(d96(b"/a%2fb.html"), b"/a%2Fb.html");
        assert_eq!(d96(b"/a%2Fb.html"), b"/a%2Fb.html");
        assert_eq!(d96(b"/%7ejoe/index.html"), b"/~joe/index.html");
        // One pass, no double decoding: %25 becomes '%' and stays so.
        assert_eq!(d96(b"/%2541"), b"/%41");
        assert_eq!(d96(b"/%252F"), b"/%2F");
        // Structural characters are decoded too (A22), NUL included.
        assert_eq!(d96(b"/%3F%23%3b%00"), b"/?#;\x00");
        // Invalid escapes and high bytes stay raw.
        assert_eq!(d96(b"/%g1%\xff%"), b"/%g1%\xff%");
        assert_eq!(d96(b"/%e3%83%84"), "/ツ".as_bytes());
        // Already normal: borrowed.
        assert!(matches!(
            normalise(b"/a%2Fb", PatternEncoding::Decode1996),
            Cow::Borrowed(_)
        ));
        assert!(matches!(
            normalise(b"/a%2fb", PatternEncoding::Decode1996),
            Cow::Owned(_)
        ));
    }

    #[test]
    fn a_stray_percent_is_escaped_under_rfc3986() {
        assert_eq!(&*normalise(b"/%%333", PatternEncoding::Rfc3986), b"/%2533");
        assert_eq!(&*normalise(b"/a%zz", PatternEncoding::Rfc3986), b"/a%25zz");
        assert_eq!(
            &*normalise(b"/a%25zz", PatternEncoding::Rfc3986),
            b"/a%25zz"
        );
        assert_eq!(&*normalise_target(b"/%", PatternEncoding::Rfc3986), b"/%25");
    }

    #[test]
    fn verbatim_is_identity() {
        for input in [&b"/%aa\xff"[..], b"", b"*$"] {
            let out = normalise(input, PatternEncoding::Verbatim);
            assert!(matches!(out, Cow::Borrowed(_)));
            assert_eq!(&*out, input);
        }
    }

    proptest::proptest! {
        /// Google escaping is idempotent and its output is 7-bit.
        #[test]
        fn google_escape_idempotent(input in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..24)) {
            let once = google(&input);
            proptest::prop_assert!(once.iter().all(|b| *b < 0x80));
            proptest::prop_assert_eq!(google(&once), once);
        }

        /// RFC 3986 normalisation, of patterns and of targets, is idempotent and 7-bit (the fuzz
        /// target `pattern` found `%%333` → `%33` → `3` before a stray `%` became `%25`).
        #[test]
        fn rfc3986_idempotent(
            input in proptest::collection::vec(proptest::sample::select(b"%%3a7F*$/\xC3".to_vec()), 0..24),
            target in proptest::prelude::any::<bool>(),
        ) {
            let side = if target { Side::Target } else { Side::Pattern };
            let once = rfc3986(&input, side).into_owned();
            proptest::prop_assert!(once.iter().all(|b| *b < 0x80));
            proptest::prop_assert_eq!(rfc3986(&once, side).into_owned(), once);
        }

        /// Decoding never lengthens its input and is the identity on inputs without escapes.
        #[test]
        fn decode_1996_shrinks(input in proptest::collection::vec(proptest::sample::select(b"%2fFa/3".to_vec()), 0..16)) {
            let out = d96(&input);
            proptest::prop_assert!(out.len() <= input.len());
            if !input.contains(&b'%') {
                proptest::prop_assert_eq!(out, input);
            }
        }
    }
}
