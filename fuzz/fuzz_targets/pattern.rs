//! Rule compilation and matching with arbitrary patterns and targets, for both pattern syntaxes
//! and every precedence; pattern and target normalisation for every encoding.
//!
//! Invariants: the rule `decide` reports is the one an independent, naive matcher picks; the
//! rules `matching` lists are exactly those the naive matcher says match, in priority order;
//! the default (prefix table + lazy DFA) and the dense DFA, lazy DFA and glob matcher alone agree;
//! the Google and RFC 3986 normalisations are idempotent, write no byte ≥ 0x80, and (RFC 3986
//! targets) leave no raw `*` or `$`.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use robotspec::internals::{
    normalise, normalise_target, MatcherLimits, PatternEncoding, PatternSyntax, Precedence,
    RuleMatcher,
};
use robotspec::model::RuleKind;

#[derive(Debug, Arbitrary)]
struct Input<'a> {
    wildcards: bool,
    precedence: u8,
    rules: Vec<(bool, &'a [u8])>,
    targets: Vec<&'a [u8]>,
}

/// Does `pattern` match a prefix of `target`? Written from the documented semantics (a run of
/// `*` matches any bytes, a final `$` demands the end of the target), by plain recursion over
/// the two positions with memoisation.
fn naive_matches(pattern: &[u8], target: &[u8], wildcards: bool) -> bool {
    let (body, anchored) = match pattern.split_last() {
        Some((b'$', rest)) if wildcards => (rest, true),
        _ => (pattern, false),
    };
    let mut memo = vec![None; (body.len() + 1) * (target.len() + 1)];
    fn go(
        p: &[u8],
        t: &[u8],
        i: usize,
        j: usize,
        anchored: bool,
        wildcards: bool,
        memo: &mut Vec<Option<bool>>,
    ) -> bool {
        let slot = i * (t.len() + 1) + j;
        if let Some(known) = memo[slot] {
            return known;
        }
        let result = if i == p.len() {
            !anchored || j == t.len()
        } else if wildcards && p[i] == b'*' {
            go(p, t, i + 1, j, anchored, wildcards, memo)
                || (j < t.len() && go(p, t, i, j + 1, anchored, wildcards, memo))
        } else {
            j < t.len() && p[i] == t[j] && go(p, t, i + 1, j + 1, anchored, wildcards, memo)
        };
        memo[slot] = Some(result);
        result
    }
    go(body, target, 0, 0, anchored, wildcards, &mut memo)
}

/// The rule that decides, by the documented precedence, among the rules that match.
fn naive_decide(
    rules: &[(RuleKind, &[u8])],
    matched: &[bool],
    precedence: Precedence,
) -> Option<usize> {
    let candidates = (0..rules.len()).filter(|&i| matched[i]);
    match precedence {
        Precedence::FirstMatch => candidates.min(),
        Precedence::AnyDisallow => candidates
            .filter(|&i| rules[i].0 == RuleKind::Disallow)
            .min(),
        Precedence::LongestMatch => candidates.min_by_key(|&i| {
            let (kind, pattern) = rules[i];
            (
                std::cmp::Reverse(pattern.len()),
                kind == RuleKind::Disallow,
                i,
            )
        }),
        other => panic!("no naive model of precedence {other}"),
    }
}

fn check_normalisation(bytes: &[u8]) {
    assert_eq!(&*normalise(bytes, PatternEncoding::Verbatim), bytes);
    for encoding in [PatternEncoding::GoogleEscape, PatternEncoding::Rfc3986] {
        for as_target in [false, true] {
            let apply = |b: &[u8]| -> Vec<u8> {
                if as_target {
                    normalise_target(b, encoding).into_owned()
                } else {
                    normalise(b, encoding).into_owned()
                }
            };
            let once = apply(bytes);
            assert!(
                once.iter().all(u8::is_ascii),
                "{encoding:?} left a byte >= 0x80"
            );
            assert_eq!(
                apply(&once),
                once,
                "{encoding:?} (target: {as_target}) is not idempotent"
            );
            if as_target && encoding == PatternEncoding::Rfc3986 {
                assert!(
                    !once.contains(&b'*') && !once.contains(&b'$'),
                    "raw operator in target"
                );
            }
        }
    }
    let decoded = normalise(bytes, PatternEncoding::Decode1996);
    assert!(decoded.len() <= bytes.len(), "decoding grew the pattern");
    assert_eq!(
        &*normalise_target(bytes, PatternEncoding::Decode1996),
        &*decoded,
        "1996 treats targets as patterns"
    );
}

fuzz_target!(|input: Input<'_>| {
    let precedence = match input.precedence % 3 {
        0 => Precedence::LongestMatch,
        1 => Precedence::FirstMatch,
        _ => Precedence::AnyDisallow,
    };
    let syntax = PatternSyntax {
        wildcards: input.wildcards,
    };
    let rules: Vec<(RuleKind, &[u8])> = input
        .rules
        .iter()
        .take(24)
        .map(|&(allow, p)| {
            let kind = if allow {
                RuleKind::Allow
            } else {
                RuleKind::Disallow
            };
            (kind, &p[..p.len().min(64)])
        })
        .collect();
    for &(_, pattern) in &rules {
        check_normalisation(pattern);
    }

    // The default (literal rules in the prefix table, the rest in the lazy DFA), then each
    // automaton engine alone with every rule in it.
    let limits = MatcherLimits::default();
    let automata_only = MatcherLimits {
        prefix_table_min_rules: usize::MAX,
        ..limits
    };
    let dense = MatcherLimits {
        dense_dfa_bytes: 16 << 10,
        ..automata_only
    };
    let glob = MatcherLimits {
        lazy_cache_bytes: 0,
        ..automata_only
    };
    let compile = |l: &MatcherLimits| RuleMatcher::compile(&rules, syntax, precedence, l);
    let matchers = [
        compile(&limits),
        compile(&automata_only),
        compile(&dense),
        compile(&glob),
    ];
    assert_eq!(matchers[0].len(), rules.len());

    for target in input.targets.iter().take(8) {
        let target = &target[..target.len().min(128)];
        check_normalisation(target);
        let matched: Vec<bool> = rules
            .iter()
            .map(|&(_, p)| naive_matches(p, target, input.wildcards))
            .collect();
        let expected = naive_decide(&rules, &matched, precedence);
        for m in &matchers {
            assert_eq!(m.decide(target), expected, "decide ({:?})", m.engine());
        }
        let listed = matchers[0].matching(target);
        let mut listed_sorted = listed.clone();
        listed_sorted.sort_unstable();
        let expected_set: Vec<usize> = (0..rules.len()).filter(|&i| matched[i]).collect();
        assert_eq!(listed_sorted, expected_set, "the set of matching rules");
        if precedence != Precedence::AnyDisallow {
            assert_eq!(
                listed.first().copied(),
                expected,
                "matching lists the winner first"
            );
        }
    }
});
