//! The exact analysis on arbitrary files, agents and readings, with a small budget so that both
//! decided and undecided answers come up.
//!
//! Invariants: nothing panics; every example the analysis gives gets, asked through
//! `Applicable::check` (as `http://example.com` + its path: a bare `//x` would name the host
//! `x`), the verdict and deciding rule it claims; `everything` has no allowed example and
//! `nothing` no disallowed one; a comparison's differences are paths the two sides decide
//! differently, each side as claimed; a file compared with itself is never different; the
//! analyses and comparisons shared between crawlers whose rules say the same (`analyze_each`,
//! `compare_each`) are each crawler's own; what is blocked, asked alone (`blocked_each`), is
//! the analysis's answer; pairs compared at once (`compare_pairs`) are each pair alone; the
//! nearest differences (`Equivalence::nearest`) are those of a search to the end as short as
//! the shortest.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use robotspec::analysis::{self, Blocked, Witness};
use robotspec::{AgentQuery, Applicable, Limit, Limits, ParseOptions, Robots, Variant};

#[derive(Debug, Arbitrary)]
struct Input<'a> {
    old_variant: u8,
    new_variant: u8,
    /// The analysis budget, in thousands of states (up to 64,000 states).
    budget: u8,
    agent: &'a str,
    old: &'a [u8],
    new: &'a [u8],
}

/// The witness gets the verdict and rule it claims.
fn holds(applicable: &Applicable<'_>, witness: &Witness<'_>) {
    let verdict = applicable.check(&format!("http://example.com{}", witness.path()));
    assert_eq!(verdict.allowed(), witness.allowed(), "{witness:?}");
    assert_eq!(verdict.rule(), witness.rule(), "{witness:?}");
}

fn variant(pick: u8) -> Variant {
    Variant::ALL[usize::from(pick) % Variant::ALL.len()]
}

fuzz_target!(|input: Input<'_>| {
    let states = (usize::from(input.budget) + 1) * 250;
    let options = ParseOptions::for_verdicts()
        .with_limits(Limits::default().with(Limit::AnalysisStates, states));
    let (Ok(old), Ok(new)) = (
        Robots::parse_with(input.old, variant(input.old_variant), &options),
        Robots::parse_with(input.new, variant(input.new_variant), &options),
    ) else {
        return;
    };
    let query = AgentQuery::new(input.agent);
    let (old, new) = (old.applicable(&query), new.applicable(&query));

    let analysis = analysis::analyze(&old);
    for witness in [analysis.allowed_example(), analysis.disallowed_example()]
        .into_iter()
        .flatten()
    {
        holds(&old, witness);
    }
    match analysis.blocked() {
        Blocked::All => assert!(analysis.allowed_example().is_none()),
        Blocked::None => assert!(analysis.disallowed_example().is_none()),
        _ => {}
    }

    let equivalence = analysis::compare(&old, &new);
    for difference in equivalence.differences() {
        holds(&old, difference.in_old());
        holds(&new, difference.in_new());
        assert_ne!(difference.in_old().allowed(), difference.in_new().allowed());
    }
    assert_ne!(analysis::compare(&old, &old).equivalent(), Some(false));

    let crawlers = [old.clone(), new.clone(), old.clone()];
    let each = analysis::analyze_each(&crawlers);
    let blocked = analysis::blocked_each(&crawlers);
    for ((crawler, shared), blocked) in crawlers.iter().zip(each).zip(blocked) {
        let alone = analysis::analyze(crawler);
        assert_eq!(shared.blocked(), alone.blocked());
        assert_eq!(blocked, alone.blocked(), "blocked asked alone");
        for (a, b) in [
            (shared.allowed_example(), alone.allowed_example()),
            (shared.disallowed_example(), alone.disallowed_example()),
        ] {
            assert_eq!(a.map(Witness::path), b.map(Witness::path));
            assert_eq!(a.and_then(Witness::rule), b.and_then(Witness::rule));
        }
    }
    for compared in analysis::compare_each(&crawlers, &new) {
        for difference in compared.differences() {
            assert_ne!(difference.in_old().allowed(), difference.in_new().allowed());
        }
    }

    let pairs = [
        (old.clone(), new.clone()),
        (new.clone(), old.clone()),
        (old.clone(), new.clone()),
        (old.clone(), old.clone()),
    ];
    for ((a, b), shared) in pairs.iter().zip(analysis::compare_pairs(&pairs)) {
        let alone = analysis::compare(a, b);
        assert_eq!(
            serde_json::to_value(&shared).ok(),
            serde_json::to_value(&alone).ok()
        );
    }

    let (nearest, limit) = analysis::compare(&old, &new).nearest();
    for difference in &nearest {
        holds(&old, difference.in_old());
        holds(&new, difference.in_new());
    }
    if limit.is_none() && equivalence.undecided().is_none() {
        let shortest = equivalence.differences().map(|d| d.path().len()).min();
        let expected: Vec<&str> = equivalence
            .differences()
            .filter(|d| Some(d.path().len()) == shortest)
            .map(|d| d.path())
            .collect();
        let found: Vec<&str> = nearest.iter().map(|d| d.path()).collect();
        assert_eq!(found, expected);
    }
});
