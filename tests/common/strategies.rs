//! Inputs for property tests, shared by the integration tests and the grammar's unit tests
//! (`src/syntax/grammar_tests.rs` includes this file by path).

use proptest::prelude::*;

/// Bytes drawn mostly from the pieces robots.txt lines are made of — keys, separators, line
/// ends, byte order marks, escapes, bytes that are not UTF-8 — with a few arbitrary bytes.
pub(crate) fn robots_like_bytes() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop::sample::select(vec![
        &b"User-agent"[..],
        b"user-agent: *\n",
        b"Disallow",
        b"allow",
        b"Sitemap",
        b"Crawl-delay",
        b":",
        b": /",
        b" ",
        b"\t",
        b"\n",
        b"\n\n",
        b"\r",
        b"\r\n",
        b"#",
        b"*",
        b"$",
        b"/",
        b"a",
        b"bot",
        b"2",
        b"%2F",
        b"%zz",
        b"?",
        b"\xEF\xBB\xBF",
        b"\xEF",
        b"\xFF",
        b"\xC3\xA9",
        b"\0",
        b"\x7F",
        b"\xE3\x83\x84",
        b"foo bar",
    ]);
    prop::collection::vec(
        prop_oneof![
            6 => pieces.prop_map(|p| p.to_vec()),
            1 => prop::collection::vec(any::<u8>(), 0..3)
        ],
        0..30,
    )
    .prop_map(|parts| parts.concat())
}
