//! Robustness: the hostile inputs (`common::hostile::inputs`) and every input a fuzzer ever
//! found (`tests/fuzz-regressions/**`), through every variant and both modes — parse, lossless
//! tree, JSON, queries, explanations and diagnostics. (Every vendored corpus file gets the same
//! checks, and what its header states, in `tests/corpus.rs`.)
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use crate::common;

use robotspec::{parse, parse_strict, Robots, Severity, Variant};

use common::{check_explained, check_lossless, files_in, hostile, AGENTS, URLS};

/// Everything that must hold of one input under one variant.
fn assert_robust(name: &str, bytes: &[u8], variant: Variant) {
    let at = format!("{name} ({variant})");

    let lenient = parse(bytes, variant);
    if let Err(e) = check_lossless(&lenient, bytes) {
        panic!("{at}: lenient tree: {e}");
    }
    // The JSON of a multi-megabyte tree is hundreds of megabytes: checked on the smaller inputs.
    if bytes.len() <= 1 << 20 {
        let json: serde_json::Value = serde_json::from_str(&lenient.tree().to_json())
            .unwrap_or_else(|e| panic!("{at}: JSON: {e}"));
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
        robotspec::internals::grammar_agrees(bytes, variant),
        "{at}: the line reader and the grammar disagree"
    );
    // `Robots::parse` builds its model in the same pass as the checks; `from_parsed` from the
    // lines of the parsed file: the same model.
    let robots = Robots::parse(bytes, variant);
    let lenient_model = Robots::from_parsed(&lenient);
    assert!(
        common::model(&robots) == common::model(&lenient_model),
        "{at}: one-pass model"
    );

    let violation = lenient.diagnostics().iter().any(|d| d.code.is_violation());
    let strict = parse_strict(bytes, variant);
    assert_eq!(strict.is_ok(), !violation, "{at}: strict ⇔ no violation");
    match strict {
        Ok(strict) => {
            if let Err(e) = check_lossless(&strict, bytes) {
                panic!("{at}: strict tree: {e}");
            }
            assert!(
                strict
                    .diagnostics()
                    .iter()
                    .all(|d| d.severity != Severity::Error),
                "{at}: accepted strictly with an error"
            );
            assert!(
                common::model(&Robots::from_parsed(&strict)) == common::model(&lenient_model),
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

    for agent in AGENTS {
        for url in URLS {
            let _ = robots.check(agent, url).to_string();
            if let Err(e) = check_explained(&robots, agent, url) {
                panic!("{at}: {e}");
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
fn hostile_inputs_are_handled_by_every_variant() {
    let inputs = hostile::inputs();
    // A thread for each variant: the multi-megabyte inputs make this the suite's longest test
    // (a minute of one core), which held up the whole suite while the other core sat idle.
    // A failure in any thread fails the test with that thread's message.
    std::thread::scope(|scope| {
        for &variant in Variant::ALL {
            let inputs = &inputs;
            scope.spawn(move || {
                for (name, bytes) in inputs {
                    assert_robust(name, bytes, variant);
                }
            });
        }
    });
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
