//! Lenient and strict parsing under every variant (the first byte picks the variant).
//!
//! Invariants: lenient never fails and reports warnings only; strict either fails with at least
//! one error, every diagnostic positioned at line ≥ 1 and col ≥ 1, or succeeds with no error and
//! then builds exactly the model the lenient parse builds; both trees reassemble to the input;
//! `Robots::parse`, whose lines come from the fast reader (`scan.rs`), builds the model the
//! pest-read lines build.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robotspec::model::Model;
use robotspec::{parse, Mode, Robots, Severity, Variant};

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(first) % Variant::ALL.len()];

    let lenient = parse(input, variant, Mode::Lenient).expect("lenient parsing never fails");
    assert_eq!(lenient.tree().reassemble(), input, "lenient round trip");
    for d in lenient.diagnostics() {
        assert_eq!(
            d.severity,
            Severity::Warning,
            "lenient reports warnings only: {d}"
        );
        assert!(d.line >= 1 && d.col >= 1, "position of {d}");
        assert!(
            d.span.start <= d.span.end && d.span.end <= input.len(),
            "span of {d}"
        );
    }
    let lenient_model = Model::build(&lenient);
    assert_eq!(
        Robots::parse(input, variant).model(),
        &lenient_model,
        "fast line reader and grammar"
    );

    match parse(input, variant, Mode::Strict) {
        Ok(strict) => {
            assert_eq!(strict.tree().reassemble(), input, "strict round trip");
            assert!(
                strict
                    .diagnostics()
                    .iter()
                    .all(|d| d.severity != Severity::Error),
                "strict success with an error"
            );
            assert!(
                !lenient.diagnostics().iter().any(|d| d.code.is_violation()),
                "strict accepted what lenient flags as a violation"
            );
            assert_eq!(
                Model::build(&strict),
                lenient_model,
                "strict and lenient models"
            );
        }
        Err(rejected) => {
            let diagnostics = rejected.diagnostics();
            assert!(!diagnostics.is_empty(), "strict error without diagnostics");
            assert!(
                diagnostics.iter().any(|d| d.severity == Severity::Error),
                "strict error without an error diagnostic"
            );
            for d in diagnostics {
                assert!(d.line >= 1 && d.col >= 1, "position of {d}");
                assert!(
                    d.span.start <= d.span.end && d.span.end <= input.len(),
                    "span of {d}"
                );
            }
        }
    }
});
