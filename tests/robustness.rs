//! Robustness: every vendored file (`tests/corpus/**`), hostile inputs built here, and every
//! input a fuzzer ever found (`tests/fuzz-regressions/**`), through every variant and both
//! modes — parse, tree round trip, JSON, queries, explanations and diagnostics.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use std::path::{Path, PathBuf};

use robotspec::{parse, AgentQuery, Mode, Robots, Severity, Variant, Verdict};

use common::tests_dir;

/// Every file under `dir`, at any depth, sorted.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.map(|e| e.unwrap().path()) {
            if path.is_dir() {
                pending.push(path);
            } else if path.is_file() {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Inputs made to hurt: sizes, bytes and repetitions no real file has.
fn hostile() -> Vec<(&'static str, Vec<u8>)> {
    let mut long_line = b"User-agent: *\nDisallow: /".to_vec();
    long_line.resize(2 << 20, b'a');
    long_line.extend(b"\nAllow: /b\n");
    let mut many_agents: Vec<u8> = (0..30_000)
        .flat_map(|i| format!("User-agent: bot{i}\n").into_bytes())
        .collect();
    many_agents.extend(b"Disallow: /shared\n");
    let mut many_groups: Vec<u8> = (0..3_000)
        .flat_map(|i| format!("User-agent: bot{}\nDisallow: /p{i}\n\n", i % 7).into_bytes())
        .collect();
    many_groups.extend(b"User-agent: *\nDisallow: /all\n");
    let star_run = [
        b"User-agent: *\nDisallow: /".as_slice(),
        &[b'*'; 100_000],
        b"$\nAllow: /*",
    ]
    .concat();
    let star_words = [
        b"User-agent: *\nDisallow: /".as_slice(),
        &b"*a".repeat(2_000),
        b"\n",
    ]
    .concat();
    let every_byte: Vec<u8> = (0u8..=255).collect();
    let every_byte_in_rules: Vec<u8> = (0u8..=255)
        .flat_map(|b| [b"User-agent: *\nDisallow: /".as_slice(), &[b, b'\n']].concat())
        .collect();
    let boms =
        b"\xEF\xBB\xBFUser-agent: *\n\xEF\xBB\xBFDisallow: /x\n\xEF\xBBAllow: /\xEF\xBB\xBF\n\xEF"
            .repeat(200);
    vec![
        ("empty", Vec::new()),
        ("two-megabyte-line", long_line),
        ("nuls", vec![0; 100_000]),
        ("lone-crs", vec![b'\r'; 50_000]),
        (
            "crs-between-records",
            b"User-agent: *\rDisallow: /a\r\rAllow: /a/b\r".repeat(2_000),
        ),
        ("star-run", star_run),
        ("star-words", star_words),
        ("every-byte", every_byte),
        ("every-byte-in-rules", every_byte_in_rules),
        ("boms-mid-file", boms),
        ("many-user-agents", many_agents),
        ("many-groups", many_groups),
        (
            "misspellings",
            b"useragent: *\ndissallow: /a\nuser agent: b\ndisalow: /b\nallow /c\n".repeat(500),
        ),
        (
            "percent-escapes",
            b"User-agent: *\nDisallow: /%2f%2F%25%zz%C3%A9%\nAllow: /%7E$\n".repeat(500),
        ),
    ]
}

/// The queries asked of every file.
const AGENTS: &[&str] = &["Googlebot", "foobot", "*", ""];
const URLS: &[&str] = &[
    "/",
    "/private/x.html",
    "https://example.com/a/b?c=d",
    "/robots.txt",
    "/%7Ejoe/caf%C3%A9",
];

/// Everything that must hold of one input under one variant.
fn assert_robust(name: &str, bytes: &[u8], variant: Variant) {
    let at = format!("{name} ({variant})");

    let lenient = parse(bytes, variant, Mode::Lenient)
        .unwrap_or_else(|e| panic!("{at}: lenient parsing failed: {e}"));
    let tree = lenient.tree();
    assert!(tree.reassemble() == bytes, "{at}: lenient tree round trip");
    let json: serde_json::Value =
        serde_json::from_str(&tree.to_json()).unwrap_or_else(|e| panic!("{at}: JSON: {e}"));
    assert_eq!(json["kind"], "robots_txt", "{at}");
    assert_eq!(
        json["span"][1].as_u64(),
        Some(bytes.len() as u64),
        "{at}: root span"
    );
    for d in lenient.diagnostics() {
        assert_eq!(d.severity, Severity::Warning, "{at}: lenient error {d}");
        assert!(d.line >= 1 && d.col >= 1, "{at}: position of {d}");
    }
    // The line reader is held to its definition, the lenient grammar run with pest.
    assert!(
        robotspec::internals::grammar_agrees(bytes, variant),
        "{at}: the line reader and the grammar disagree"
    );
    // `Robots` builds its model in the same pass as the checks: the model of the parsed lines.
    let model = |robots: &Robots| {
        let mut summary = serde_json::to_value(robots).unwrap();
        summary["diagnostics"] = serde_json::Value::Null;
        summary
    };
    let lenient_model = model(&Robots::from_parsed(&lenient));
    assert_eq!(
        model(&Robots::parse(bytes, variant)),
        lenient_model,
        "{at}: one-pass model"
    );

    match parse(bytes, variant, Mode::Strict) {
        Ok(strict) => {
            assert!(
                strict.tree().reassemble() == bytes,
                "{at}: strict round trip"
            );
            assert!(
                strict
                    .diagnostics()
                    .iter()
                    .all(|d| d.severity != Severity::Error),
                "{at}: accepted strictly with an error"
            );
            assert_eq!(
                model(&Robots::from_parsed(&strict)),
                lenient_model,
                "{at}: strict model"
            );
        }
        Err(rejected) => {
            let diagnostics = rejected.diagnostics();
            assert!(
                !diagnostics.is_empty(),
                "{at}: rejected without diagnostics"
            );
            assert!(
                diagnostics.iter().any(|d| d.severity == Severity::Error),
                "{at}: rejected without an error"
            );
            for d in diagnostics {
                assert!(d.line >= 1 && d.col >= 1, "{at}: position of {d}");
                assert!(d.span.end <= bytes.len(), "{at}: span of {d}");
            }
        }
    }

    let robots = Robots::from_parsed(&lenient);
    let same = |a: &Verdict<'_>, b: &Verdict<'_>| {
        a.allowed() == b.allowed()
            && a.rule() == b.rule()
            && a.applicable().agent() == b.applicable().agent()
    };
    for agent in AGENTS {
        let query = AgentQuery::new(*agent);
        for url in URLS {
            let verdict = robots.check(agent, url);
            let _ = verdict.to_string();
            let explanation = robots.explain(&query, url);
            assert!(
                same(&verdict, explanation.verdict()),
                "{at}: check and explain disagree for {agent} {url}"
            );
            if let Some(rule) = verdict.rule() {
                assert!(
                    explanation
                        .matching()
                        .first()
                        .is_some_and(|first| *first == rule),
                    "{at}: the deciding rule is not the first matching one for {agent} {url}"
                );
            }
        }
    }
}

fn run_all(name: &str, bytes: &[u8]) {
    for &variant in Variant::ALL {
        assert_robust(name, bytes, variant);
    }
}

#[test]
fn every_vendored_corpus_file_is_handled_by_every_variant() {
    let files = files_below(&tests_dir().join("corpus"));
    assert!(files.len() > 100, "vendored corpus missing");
    for path in files {
        run_all(&path.display().to_string(), &std::fs::read(&path).unwrap());
    }
}

#[test]
fn hostile_inputs_are_handled_by_every_variant() {
    for (name, bytes) in hostile() {
        run_all(name, &bytes);
    }
}

#[test]
fn fuzz_regressions_are_handled_by_every_variant() {
    for path in files_below(&tests_dir().join("fuzz-regressions")) {
        if path.file_name().is_some_and(|n| n == "README.md") {
            continue;
        }
        run_all(&path.display().to_string(), &std::fs::read(&path).unwrap());
    }
}
