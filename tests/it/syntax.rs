//! The syntax stage: diagnostics past their limit, the JSON leaves, the lossless tree on the
//! shared corpus and on random bytes, strict ⇔ no violation through `parse` on random bytes.
//!
//! Elsewhere: every vendored corpus file under every variant and mode, with what its header
//! states, in `tests/corpus.rs`; hostile inputs in `tests/it/robustness.rs`; the strict grammars
//! run on their own against the line checks, both ways, in `src/syntax/grammar_tests.rs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use crate::common;

use proptest::prelude::*;
use robotspec::{parse, Variant};

use crate::strategies::robots_like_bytes;
use common::{check_lossless, files_below, shared_real_corpus};

#[test]
fn diagnostics_past_their_limit_are_counted_not_kept() {
    let text = "User-agent: *\n".to_owned() + &"not a record\n".repeat(50);
    let limits = robotspec::Limits::default().with(robotspec::Limit::Diagnostics, 10);
    let options = robotspec::ParseOptions::default().with_limits(limits);
    let parsed = robotspec::parse_with(text.as_bytes(), Variant::Rfc9309, &options).unwrap();
    let diagnostics = parsed.diagnostics();
    assert_eq!(diagnostics.len(), 11);
    let last = diagnostics.last().unwrap();
    assert_eq!(last.code, robotspec::Code::LimitExceeded);
    assert_eq!(last.line, 12, "where the first one left out is");
    assert_eq!(
        last.message,
        "more than 10 diagnostics: 40 more not reported (limit `diagnostics`)"
    );
    // The default keeps them all.
    let all = parse(text.as_bytes(), Variant::Rfc9309);
    assert_eq!(all.diagnostics().len(), 50);
}

#[test]
fn json_leaves_tile_the_input_and_carry_its_text() {
    let bytes = b"\xEF\xBB\xBFUser-agent: *\r\nDisallow: /caf\xE9 # c\n\nnot a record\r";
    let parsed = parse(bytes, Variant::Rfc9309);
    let json: serde_json::Value = serde_json::from_str(&parsed.tree().to_json()).unwrap();
    let mut leaves = Vec::new();
    collect_json_leaves(&json, &mut leaves);
    let mut rebuilt = Vec::new();
    for leaf in &leaves {
        let span = leaf["span"].as_array().unwrap();
        let (start, end) = (
            span[0].as_u64().unwrap() as usize,
            span[1].as_u64().unwrap() as usize,
        );
        assert_eq!(start, rebuilt.len());
        let exact = match leaf.get("bytes_base64") {
            Some(b64) => {
                use base64::Engine as _;
                base64::engine::general_purpose::STANDARD
                    .decode(b64.as_str().unwrap())
                    .unwrap()
            }
            None => leaf["text"].as_str().unwrap().as_bytes().to_vec(),
        };
        assert_eq!(exact, &bytes[start..end]);
        rebuilt.extend(exact);
    }
    assert_eq!(rebuilt, bytes);
    assert_eq!(json["kind"], "robots_txt");
}

fn collect_json_leaves<'v>(node: &'v serde_json::Value, out: &mut Vec<&'v serde_json::Value>) {
    match node.get("children") {
        Some(children) => {
            for child in children.as_array().unwrap() {
                collect_json_leaves(child, out);
            }
        }
        None => out.push(node),
    }
}

/// Runs over the 4,231 files of the shared corpus when it is present (it is next to the
/// repository on development machines and in CI; a bare clone skips it).
#[test]
fn shared_real_corpus_round_trips_and_reads_as_the_grammar_when_present() {
    let Some(dir) = shared_real_corpus(
        "syntax::shared_real_corpus_round_trips_and_reads_as_the_grammar_when_present",
    ) else {
        return;
    };
    let files = files_below(&dir);
    assert!(
        files.len() > 4000,
        "shared corpus incomplete: {}",
        files.len()
    );
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        for &variant in Variant::ALL {
            let parsed = parse(&bytes, variant);
            if let Err(e) = check_lossless(&parsed, &bytes) {
                panic!("{} ({variant}): {e}", path.display());
            }
            // The line reader is held to its definition, the lenient grammar run with pest.
            assert!(
                robotspec::internals::grammar_agrees(&bytes, variant),
                "{} ({variant}): the line reader and the grammar disagree",
                path.display()
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_bytes_round_trip(bytes in robots_like_bytes()) {
        for &variant in Variant::ALL {
            let parsed = parse(&bytes, variant);
            prop_assert_eq!(check_lossless(&parsed, &bytes), Ok(()));
        }
    }
}

/// A known extension record is a node of its own kind; a key the variant does not know stays a
/// `record_line`.
#[test]
fn extension_records_have_their_own_node_kind() {
    use robotspec::tree::NodeKind;
    let input = b"User-agent: *\nCrawl-delay: 5\nContent-Usage: train-ai=n\nUnicorns: 3\n";
    for variant in [Variant::Rfc9309, Variant::Google] {
        let parsed = parse(input, variant);
        let kinds: Vec<NodeKind> = parsed
            .tree()
            .root()
            .children
            .iter()
            .map(|n| n.kind)
            .collect();
        assert_eq!(
            kinds,
            [
                NodeKind::UserAgentLine,
                NodeKind::ExtensionLine,
                NodeKind::ExtensionLine,
                NodeKind::RecordLine
            ],
            "{variant}"
        );
    }
}

/// A file that starts with U+FFFD (`EF BF BD`, valid UTF-8; three real files do) is content to
/// every reading but Google's, whose library skips leading bytes while they match a byte order
/// mark (`EF`) and then meets `BF BD` (the profile's `byte_order_mark`).
#[test]
fn a_leading_replacement_character_is_content_except_to_google() {
    let input = b"\xEF\xBF\xBDUser-agent: *\nDisallow: /\n";
    let invalid = |variant: Variant| {
        parse(input, variant)
            .diagnostics()
            .iter()
            .filter(|d| d.code == robotspec::Code::InvalidUtf8)
            .count()
    };
    for variant in Variant::ALL.iter().filter(|v| **v != Variant::Google) {
        assert_eq!(invalid(*variant), 0, "{variant}");
        let tree = parse(input, *variant).tree();
        assert!(!tree.to_json().contains("\"bom\""), "{variant}");
    }
    assert_eq!(invalid(Variant::Google), 2);
    let google = robotspec::Profile::from(Variant::Google);
    let composed = google.with("byte-order-mark", "characters").unwrap();
    assert_eq!(composed.name(), "google+byte-order-mark=characters");
    assert_eq!(
        parse(input, composed)
            .diagnostics()
            .iter()
            .filter(|d| d.code == robotspec::Code::InvalidUtf8)
            .count(),
        0
    );
}
