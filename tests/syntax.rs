//! The syntax stage on files: strict acceptance of `corpus/ok`, rejection of `corpus/err` with
//! the right code and position, warnings of `corpus/warn`, and the lossless round trip on every
//! file we have and random bytes (hostile inputs: `tests/robustness.rs`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use proptest::prelude::*;
use robotspec::syntax::{parse, Mode, Tree};
use robotspec::{Code, Severity, Variant};

use common::{files_below, files_in, header, shared_real_corpus, variant_of};

/// A `# expect: CODE LINE:COL` header, parsed.
fn expectations(bytes: &[u8]) -> Vec<(String, u32, u32)> {
    header(bytes, "expect")
        .iter()
        .map(|e| {
            let (code, at) = e.split_once(' ').expect("`code line:col`");
            let (line, col) = at.split_once(':').expect("`line:col`");
            (code.to_owned(), line.parse().unwrap(), col.parse().unwrap())
        })
        .collect()
}

#[test]
fn ok_files_are_accepted_strictly_without_any_diagnostic() {
    let files = files_in("corpus/ok");
    assert!(files.len() >= 10, "expected the ok corpus, found {files:?}");
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let parsed = parse(&bytes, variant_of(&bytes), Mode::Strict)
            .unwrap_or_else(|e| panic!("{} rejected: {e}", path.display()));
        assert!(
            parsed.diagnostics().is_empty(),
            "{}: {:?}",
            path.display(),
            parsed.diagnostics()
        );
    }
}

#[test]
fn err_files_are_rejected_with_their_code_at_their_position() {
    let files = files_in("corpus/err");
    let mut codes_covered = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let expected = expectations(&bytes);
        assert!(
            !expected.is_empty(),
            "{} has no `# expect:`",
            path.display()
        );
        let error = parse(&bytes, variant_of(&bytes), Mode::Strict)
            .expect_err(&format!("{} accepted", path.display()));
        assert!(error
            .diagnostics()
            .iter()
            .all(|d| d.severity == Severity::Error));
        for (code, line, col) in expected {
            assert!(
                error
                    .diagnostics()
                    .iter()
                    .any(|d| d.code.name() == code && d.line == line && d.col == col),
                "{}: no {code} at {line}:{col} in {:#?}",
                path.display(),
                error.diagnostics()
            );
            codes_covered.push(code);
        }
    }
    // One file per grammar-violation code. `syntax` is the strict grammar's own verdict, a
    // safety net for anything the line checks miss: the property test below shows they miss
    // nothing, so no file can produce it. `limit-exceeded` needs limits below the defaults,
    // which these files are not read with: tests/limits.rs covers it.
    for code in Code::ALL
        .iter()
        .filter(|c| c.is_violation() && !matches!(c, Code::Syntax | Code::LimitExceeded))
    {
        assert!(
            codes_covered.iter().any(|c| c == code.name()),
            "no err file for {code}"
        );
    }
}

#[test]
fn warn_files_warn_in_lenient_mode_and_pass_strict_mode() {
    for path in files_in("corpus/warn") {
        let bytes = std::fs::read(&path).unwrap();
        let variant = variant_of(&bytes);
        let parsed = parse(&bytes, variant, Mode::Lenient).unwrap();
        for (code, line, col) in expectations(&bytes) {
            assert!(
                parsed
                    .diagnostics()
                    .iter()
                    .any(|d| d.code.name() == code && d.line == line && d.col == col),
                "{}: no {code} at {line}:{col}",
                path.display()
            );
        }
        assert!(parse(&bytes, variant, Mode::Strict).is_ok());
    }
}

#[test]
fn lenient_mode_never_fails_and_reports_violations_as_warnings() {
    for path in files_in("corpus/err") {
        let bytes = std::fs::read(&path).unwrap();
        let parsed = parse(&bytes, variant_of(&bytes), Mode::Lenient).unwrap();
        assert!(!parsed.diagnostics().is_empty(), "{}", path.display());
        assert!(parsed
            .diagnostics()
            .iter()
            .all(|d| d.severity == Severity::Warning));
    }
}

/// Asserts the tree is lossless: leaves tile the input, in order, with no gap or overlap, and
/// so do the leaves of the JSON output.
fn assert_lossless(name: &str, bytes: &[u8], variant: Variant) {
    let parsed = parse(bytes, variant, Mode::Lenient).expect("lenient never fails");
    let tree = parsed.tree();
    assert_tiles(name, &tree, bytes);
    assert_eq!(tree.reassemble(), bytes, "{name}: round trip");
}

/// The tree written one line at a time is byte for byte the tree built whole.
fn assert_streams_as_built(name: &str, parsed: &robotspec::Parsed<'_>, tree: &Tree<'_>) {
    let serde_pretty = serde_json::to_string_pretty(tree).unwrap();
    assert!(tree.to_json() == serde_pretty, "{name}: JSON");
    let mut pretty = Vec::new();
    parsed.write_json(&mut pretty, true).unwrap();
    assert!(pretty == serde_pretty.as_bytes(), "{name}: streamed JSON");
    let mut compact = Vec::new();
    parsed.write_json(&mut compact, false).unwrap();
    assert!(
        compact == serde_json::to_vec(tree).unwrap(),
        "{name}: streamed compact JSON"
    );
    let mut dump = Vec::new();
    parsed.write_dump(&mut dump).unwrap();
    assert!(dump == tree.dump().as_bytes(), "{name}: streamed dump");
}

fn assert_tiles(name: &str, tree: &Tree<'_>, bytes: &[u8]) {
    let mut at = 0;
    for leaf in tree.root().leaves() {
        if leaf.kind == robotspec::syntax::NodeKind::RobotsTxt {
            continue; // the empty file's root
        }
        assert_eq!(leaf.span.start, at, "{name}: gap or overlap at byte {at}");
        assert!(
            leaf.span.end > leaf.span.start,
            "{name}: empty leaf at {at}"
        );
        at = leaf.span.end;
    }
    assert_eq!(at, bytes.len(), "{name}: leaves stop short");
}

#[test]
fn every_vendored_file_round_trips_under_every_variant() {
    let mut files = Vec::new();
    for dir in [
        "corpus/ok",
        "corpus/err",
        "corpus/warn",
        "corpus/real",
        "examples/bodies",
    ] {
        files.extend(files_in(dir));
    }
    assert!(files.len() > 30, "vendored corpus missing");
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        for &variant in Variant::ALL {
            assert_lossless(&path.display().to_string(), &bytes, variant);
        }
        let parsed = parse(&bytes, Variant::Google, Mode::Lenient).unwrap();
        assert_streams_as_built(&path.display().to_string(), &parsed, &parsed.tree());
    }
}

#[test]
fn diagnostics_past_their_limit_are_counted_not_kept() {
    let text = "User-agent: *\n".to_owned() + &"not a record\n".repeat(50);
    let limits = robotspec::Limits {
        diagnostics: 10,
        ..robotspec::Limits::default()
    };
    let options = robotspec::ParseOptions {
        limits,
        ..robotspec::ParseOptions::default()
    };
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
    let all = parse(text.as_bytes(), Variant::Rfc9309, Mode::Lenient).unwrap();
    assert_eq!(all.diagnostics().len(), 50);
}

#[test]
fn json_leaves_tile_the_input_and_carry_its_text() {
    let bytes = b"\xEF\xBB\xBFUser-agent: *\r\nDisallow: /caf\xE9 # c\n\nnot a record\r";
    let parsed = parse(bytes, Variant::Rfc9309, Mode::Lenient).unwrap();
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
fn shared_real_corpus_round_trips_when_present() {
    let Some(dir) = shared_real_corpus("syntax::shared_real_corpus_round_trips_when_present")
    else {
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
            let parsed = parse(&bytes, variant, Mode::Lenient).unwrap();
            assert_eq!(parsed.tree().reassemble(), bytes, "{}", path.display());
        }
    }
}

fn robots_like_bytes() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop::sample::select(vec![
        &b"User-agent"[..],
        b"Disallow",
        b"allow",
        b"Sitemap",
        b":",
        b" ",
        b"\t",
        b"\n",
        b"\r",
        b"\r\n",
        b"#",
        b"*",
        b"$",
        b"/",
        b"a",
        b"%2F",
        b"\xEF\xBB\xBF",
        b"\xEF",
        b"\xFF",
        b"\0",
        b"\xE3\x83\x84",
        b"foo bar",
    ]);
    prop::collection::vec(
        prop_oneof![
            pieces.prop_map(|p| p.to_vec()),
            prop::collection::vec(any::<u8>(), 0..4)
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_bytes_round_trip(bytes in robots_like_bytes()) {
        for &variant in Variant::ALL {
            let parsed = parse(&bytes, variant, Mode::Lenient).unwrap();
            let tree = parsed.tree();
            prop_assert_eq!(tree.reassemble(), bytes.clone());
        }
    }

    #[test]
    fn strict_acceptance_means_no_violation_in_lenient_mode(bytes in robots_like_bytes()) {
        for &variant in Variant::ALL {
            let lenient = parse(&bytes, variant, Mode::Lenient).unwrap();
            let violations = lenient.diagnostics().iter().any(|d| d.code.is_violation());
            prop_assert_eq!(parse(&bytes, variant, Mode::Strict).is_ok(), !violations);
        }
    }
}
