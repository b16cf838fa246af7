//! Robustness: every vendored file (`tests/corpus/**`), the hostile inputs
//! (`common::hostile::inputs`), and every input a fuzzer ever found (`tests/fuzz-regressions/**`), through every variant and both
//! modes — parse, tree round trip, JSON, queries, explanations and diagnostics.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use robotspec::agent::AgentQuery;
use robotspec::model::Model;
use robotspec::syntax::{parse, Mode};
use robotspec::{Robots, Severity, Variant, Verdict};

use common::{files_in, hostile};

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
    // The JSON of a multi-megabyte tree is hundreds of megabytes: checked on the smaller inputs.
    if bytes.len() <= 1 << 20 {
        let json: serde_json::Value =
            serde_json::from_str(&tree.to_json()).unwrap_or_else(|e| panic!("{at}: JSON: {e}"));
        assert_eq!(json["kind"], "robots_txt", "{at}");
        assert_eq!(
            json["span"][1].as_u64(),
            Some(bytes.len() as u64),
            "{at}: root span"
        );
    }
    for d in lenient.diagnostics() {
        assert_eq!(d.severity, Severity::Warning, "{at}: lenient error {d}");
        assert!(d.line >= 1 && d.col >= 1, "{at}: position of {d}");
    }
    // The line reader is held to its definition, the lenient grammar run with pest.
    assert!(
        robotspec::syntax::grammar_agrees(bytes, variant),
        "{at}: the line reader and the grammar disagree"
    );
    let lenient_model = Model::build(&lenient);
    // `Robots` builds its model in the same pass as the checks: the model of the parsed lines.
    assert_eq!(
        Robots::parse(bytes, variant).model(),
        &lenient_model,
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
            assert_eq!(Model::build(&strict), lenient_model, "{at}: strict model");
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
    assert_eq!(robots.model(), &lenient_model, "{at}: Robots model");
    let same = |a: &Verdict<'_>, b: &Verdict<'_>| {
        a.allowed() == b.allowed() && a.rule() == b.rule() && a.applied() == b.applied()
    };
    for agent in AGENTS {
        let query = AgentQuery::new(*agent);
        for url in URLS {
            let verdict = robots.check(agent, url);
            let _ = verdict.to_string();
            let explanation = robots.explain(&query, url);
            assert!(
                same(&verdict, &explanation.verdict),
                "{at}: check and explain disagree for {agent} {url}"
            );
            if let Some(rule) = verdict.rule() {
                assert!(
                    explanation
                        .matching
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
    let files = files_in("corpus");
    assert!(files.len() > 100, "vendored corpus missing");
    for path in files {
        run_all(&path.display().to_string(), &std::fs::read(&path).unwrap());
    }
}

#[test]
fn hostile_inputs_are_handled_by_every_variant() {
    for (name, bytes) in hostile::inputs() {
        run_all(name, &bytes);
    }
}

#[test]
fn fuzz_regressions_are_handled_by_every_variant() {
    let files = files_in("fuzz-regressions");
    assert!(files.len() > 1, "fuzz regressions missing");
    for path in files {
        if path.file_name().is_some_and(|n| n == "README.md") {
            continue;
        }
        run_all(&path.display().to_string(), &std::fs::read(&path).unwrap());
    }
}
