//! Lenient and strict parsing under every variant (the first byte picks the variant).
//!
//! Invariants: lenient never fails and reports warnings only; strict either fails with at least
//! one error, every diagnostic positioned at line ≥ 1 and col ≥ 1, or succeeds with no error and
//! then builds exactly the model the lenient parse builds; both trees reassemble to the input;
//! the line reader (`scan.rs`) reads the lines the lenient grammar, run with pest, reads; and
//! `Robots::parse`, which builds its model in the same pass as the checks, builds the model of
//! the parsed lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robotspec::{parse, parse_strict, Robots, Severity, Variant};

/// The model a parsed file holds, as its public summary (diagnostics left out).
fn model(robots: &Robots) -> serde_json::Value {
    let mut value = serde_json::to_value(robots).unwrap_or_default();
    value["diagnostics"] = serde_json::Value::Null;
    value
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(first) % Variant::ALL.len()];

    let lenient = parse(input, variant);
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
    assert!(
        robotspec::internals::grammar_agrees(input, variant),
        "the line reader and the grammar"
    );
    let lenient_model = model(&Robots::from_parsed(&lenient));
    assert_eq!(
        model(&Robots::parse(input, variant)),
        lenient_model,
        "one-pass model and the parsed lines' model"
    );

    match parse_strict(input, variant) {
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
                model(&Robots::from_parsed(&strict)),
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
