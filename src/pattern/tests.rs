//! Tests of the compiled matcher against the semantics, against a reference matcher written for
//! the tests, across the three engines, and on hostile rule sets.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

use super::automaton::{Engine, PatternError, PatternErrorKind};
use super::*;
use crate::vocab::pattern::{MatcherLimits, PatternEncoding, PatternSyntax, Precedence, RuleKind};

const WILD: PatternSyntax = PatternSyntax { wildcards: true };
const LITERAL: PatternSyntax = PatternSyntax { wildcards: false };

const ALLOW: RuleKind = RuleKind::Allow;
const DISALLOW: RuleKind = RuleKind::Disallow;

// ------------------------------------------------------------------------------------------
// The reference: obviously correct, quadratic, used only here.
// ------------------------------------------------------------------------------------------

/// Does `pattern` match a prefix of `target`? A dynamic programme over "which prefixes of the
/// target can the first `i` pattern bytes consume".
fn ref_matches(pattern: &[u8], target: &[u8], wildcards: bool) -> bool {
    let (body, end_anchor) = match pattern.split_last() {
        Some((b'$', body)) if wildcards => (body, true),
        _ => (pattern, false),
    };
    let n = target.len();
    // reach[j]: the pattern bytes seen so far can consume exactly target[..j].
    let mut reach = vec![false; n + 1];
    reach[0] = true;
    for &p in body {
        let mut next = vec![false; n + 1];
        if wildcards && p == b'*' {
            let mut any = false;
            for j in 0..=n {
                any |= reach[j];
                next[j] = any;
            }
        } else {
            for j in 0..n {
                if reach[j] && target[j] == p {
                    next[j + 1] = true;
                }
            }
        }
        reach = next;
    }
    if end_anchor {
        reach[n]
    } else {
        reach.iter().any(|&r| r)
    }
}

/// The deciding rule by brute force, straight from the wording of each precedence.
fn ref_decide(
    rules: &[(RuleKind, &[u8])],
    wildcards: bool,
    precedence: Precedence,
    target: &[u8],
) -> Option<usize> {
    let matching: Vec<usize> = (0..rules.len())
        .filter(|&i| ref_matches(rules[i].1, target, wildcards))
        .collect();
    match precedence {
        Precedence::FirstMatch => matching.first().copied(),
        Precedence::AnyDisallow => matching.iter().copied().find(|&i| rules[i].0 == DISALLOW),
        Precedence::LongestMatch => {
            let mut best: Option<usize> = None;
            for i in matching {
                let better = match best {
                    None => true,
                    Some(b) => {
                        let (li, lb) = (rules[i].1.len(), rules[b].1.len());
                        li > lb || (li == lb && rules[i].0 == ALLOW && rules[b].0 == DISALLOW)
                    }
                };
                if better {
                    best = Some(i);
                }
            }
            best
        }
    }
}

/// Every matching rule, in the documented priority order.
fn ref_matching(
    rules: &[(RuleKind, &[u8])],
    wildcards: bool,
    precedence: Precedence,
    target: &[u8],
) -> Vec<usize> {
    let mut matching: Vec<usize> = (0..rules.len())
        .filter(|&i| ref_matches(rules[i].1, target, wildcards))
        .collect();
    match precedence {
        Precedence::FirstMatch => {}
        Precedence::AnyDisallow => matching.sort_by_key(|&i| (rules[i].0 == ALLOW, i)),
        Precedence::LongestMatch => matching.sort_by_key(|&i| {
            (
                std::cmp::Reverse(rules[i].1.len()),
                rules[i].0 == DISALLOW,
                i,
            )
        }),
    }
    matching
}

/// `count` targets of `/` and `len` letters among the first `letters` of `a`…, from a xorshift
/// generator seeded with `seed` (deterministic, so a failure is reproducible).
fn pseudo_random_targets(seed: u32, count: usize, len: usize, letters: u32) -> Vec<Vec<u8>> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            let mut target = b"/".to_vec();
            for _ in 0..len {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                target.push(b'a' + (state % letters) as u8);
            }
            target
        })
        .collect()
}

#[test]
fn reference_matcher_sanity() {
    assert!(ref_matches(b"/a*c$", b"/abc", true));
    assert!(!ref_matches(b"/a*c$", b"/abcd", true));
    assert!(ref_matches(b"/a*c", b"/abcd", true));
    assert!(!ref_matches(b"/a*c", b"/a*c", false) || ref_matches(b"/a*c", b"/a*cd", false));
    assert!(ref_matches(b"", b"", true));
    assert!(!ref_matches(b"/", b"", true));
}

// ------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------

/// Limits that force each engine on small rule sets (the prefix table off, so every
/// rule goes to the automaton), and the prefix table for every literal rule with the rest in
/// whichever engine fits (no engine is asserted for it).
fn engine_limits() -> [(Option<Engine>, MatcherLimits); 5] {
    let automata_only = MatcherLimits {
        prefix_table_min_rules: usize::MAX,
        ..MatcherLimits::default()
    };
    [
        (
            Some(Engine::DenseDfa),
            MatcherLimits {
                dense_dfa_bytes: 4 << 20,
                ..automata_only
            },
        ),
        (
            Some(Engine::LazyDfa),
            MatcherLimits {
                dense_dfa_bytes: 0,
                ..automata_only
            },
        ),
        (
            Some(Engine::Glob),
            MatcherLimits {
                dense_dfa_bytes: 0,
                lazy_cache_bytes: 0,
                ..automata_only
            },
        ),
        // An NFA limit nothing fits in: no automaton, the glob matcher answers.
        (
            Some(Engine::Glob),
            MatcherLimits {
                nfa_bytes: 1,
                ..automata_only
            },
        ),
        (
            None,
            MatcherLimits {
                prefix_table_min_rules: 0,
                ..MatcherLimits::default()
            },
        ),
    ]
}

/// Compiles `rules` with every engine (asserting which one was chosen).
fn all_engines(
    rules: &[(RuleKind, &[u8])],
    syntax: PatternSyntax,
    precedence: Precedence,
) -> Vec<RuleMatcher> {
    engine_limits()
        .iter()
        .map(|(engine, limits)| {
            let m = RuleMatcher::compile(rules, syntax, precedence, limits);
            if let Some(engine) = engine.filter(|_| !rules.is_empty()) {
                assert_eq!(m.engine(), engine, "engine forced by {limits:?}");
            }
            m
        })
        .collect()
}

/// `rules` with their indices, as [`decide_one_by_one`] takes them (the index is the rule it
/// names).
fn enumerated<'r>(
    rules: &'r [(RuleKind, &'r [u8])],
) -> impl Iterator<Item = (usize, RuleKind, &'r [u8])> + 'r {
    rules
        .iter()
        .enumerate()
        .map(|(index, &(kind, pattern))| (index, kind, pattern))
}

/// `decide` of every engine, asserted equal, and checked against the reference.
fn decide(
    rules: &[(RuleKind, &[u8])],
    syntax: PatternSyntax,
    precedence: Precedence,
    target: &[u8],
) -> Option<usize> {
    let expected = ref_decide(rules, syntax.wildcards, precedence, target);
    for m in all_engines(rules, syntax, precedence) {
        assert_eq!(
            m.decide(target),
            expected,
            "{:?} {precedence:?} {syntax:?} rules {rules:?} target {target:?}",
            m.engine()
        );
    }
    let one_by_one = decide_one_by_one(enumerated(rules), syntax, precedence, target);
    assert_eq!(
        one_by_one.map(|(rule, _)| rule),
        expected,
        "one by one {rules:?} {target:?}"
    );
    expected
}

/// Does a single pattern match `target`?
fn matches(pattern: &[u8], syntax: PatternSyntax, target: &[u8]) -> bool {
    decide(
        &[(DISALLOW, pattern)],
        syntax,
        Precedence::LongestMatch,
        target,
    ) == Some(0)
}

// ------------------------------------------------------------------------------------------
// Semantics, one bullet at a time
// ------------------------------------------------------------------------------------------

#[test]
fn prefix_semantics() {
    for syntax in [WILD, LITERAL] {
        // docs/spec/VARIANTS.md 1.6.
        assert!(matches(b"/aide", syntax, b"/aide.html"));
        assert!(matches(b"/aide", syntax, b"/aide/index.html"));
        assert!(matches(b"/aide", syntax, b"/aide"));
        assert!(matches(b"/aide/", syntax, b"/aide/index.html"));
        assert!(!matches(b"/aide/", syntax, b"/aide.html"));
        assert!(!matches(b"/aide", syntax, b"/aid"));
        // Anchored at the first byte: no match in the middle.
        assert!(!matches(b"/b", syntax, b"/a/b"));
        assert!(!matches(b"fish", syntax, b"/fish"));
        // Case-sensitive.
        assert!(!matches(b"/fish", syntax, b"/Fish.asp"));
        // Every target starts with the empty pattern.
        assert!(matches(b"", syntax, b"/anything"));
        assert!(matches(b"", syntax, b""));
        assert!(!matches(b"/", syntax, b""));
        // Regex metacharacters are just bytes.
        assert!(matches(b"/a.c(d|e)+[x]?\\", syntax, b"/a.c(d|e)+[x]?\\z"));
        assert!(!matches(b"/a.c", syntax, b"/abc"));
    }
}

#[test]
fn star_matches_any_run() {
    // Google's documentation table (docs/spec/VARIANTS.md E20).
    for target in [&b"/fish.php"[..], b"/fishheads/catfish.php?parameters"] {
        assert!(matches(b"/fish*.php", WILD, target));
    }
    assert!(!matches(b"/fish*.php", WILD, b"/Fish.PHP"));
    assert!(matches(b"/*.php", WILD, b"/index.php"));
    assert!(matches(b"/*.php", WILD, b"/filename.php"));
    assert!(matches(b"/*.php", WILD, b"/folder/filename.php?parameters"));
    assert!(matches(b"/*.php", WILD, b"/folder/any.php.file.html"));
    assert!(!matches(b"/*.php", WILD, b"/"));
    assert!(!matches(b"/*.php", WILD, b"/windows.PHP"));
    // Empty run.
    assert!(matches(b"/a*b", WILD, b"/ab"));
    // A leading `*` absorbs the `/` (A28).
    assert!(matches(b"*.gif$", WILD, b"/img/a.gif"));
    assert!(!matches(b"*.gif$", WILD, b"/img/a.gifs"));
    // A trailing `*` matches like its absence.
    assert!(matches(b"/fish*", WILD, b"/fish"));
    assert!(!matches(b"/fish*", WILD, b"/fis"));
    // `*` crosses every byte, newlines and NUL included.
    assert!(matches(b"/*b", WILD, b"/\n\r\0\xffb"));
}

#[test]
fn final_dollar_anchors_the_end() {
    assert!(matches(b"/*.php$", WILD, b"/filename.php"));
    assert!(matches(b"/*.php$", WILD, b"/folder/filename.php"));
    assert!(!matches(b"/*.php$", WILD, b"/filename.php?parameters"));
    assert!(!matches(b"/*.php$", WILD, b"/filename.php/"));
    assert!(!matches(b"/*.php$", WILD, b"/filename.php5"));
    assert!(!matches(b"/*.php$", WILD, b"/windows.PHP"));
    assert!(matches(b"/this/path/exactly$", WILD, b"/this/path/exactly"));
    assert!(!matches(
        b"/this/path/exactly$",
        WILD,
        b"/this/path/exactly/"
    ));
    // `$` alone: only the empty target.
    assert!(matches(b"$", WILD, b""));
    assert!(!matches(b"$", WILD, b"/"));
    // `$$`: a literal `$` then the end.
    assert!(matches(b"/$$", WILD, b"/$"));
    assert!(!matches(b"/$$", WILD, b"/$x"));
    assert!(!matches(b"/$$", WILD, b"/"));
}

#[test]
fn mid_dollar_is_literal() {
    assert!(matches(b"/a$b", WILD, b"/a$b"));
    assert!(matches(b"/a$b", WILD, b"/a$bc"));
    assert!(!matches(b"/a$b", WILD, b"/a"));
    assert!(!matches(b"/a$b", WILD, b"/ab"));
    assert!(matches(b"/a$*", WILD, b"/a$x"));
    assert!(!matches(b"/a$*", WILD, b"/a"));
}

#[test]
fn double_star_and_star_dollar() {
    for target in [&b"/"[..], b"/a", b"/a/b?c", b"/\xff"] {
        assert!(matches(b"/*$", WILD, target), "{target:?}");
        assert!(matches(b"/**", WILD, target), "{target:?}");
        assert!(matches(b"/*", WILD, target), "{target:?}");
    }
    assert!(!matches(b"/*$", WILD, b""));
    assert!(!matches(b"/*$", WILD, b"x/"));
    for target in [&b"/a"[..], b"/ab", b"/a/b", b"/b"] {
        assert_eq!(
            matches(b"/a**", WILD, target),
            matches(b"/a*", WILD, target),
            "{target:?}"
        );
        assert_eq!(
            matches(b"/**b**$", WILD, target),
            matches(b"/*b$", WILD, target),
            "{target:?}"
        );
    }
    assert!(matches(b"*", WILD, b""));
    assert!(matches(b"*$", WILD, b""));
    assert!(matches(b"**$", WILD, b"/x"));
}

#[test]
fn literal_mode_for_legacy_variants() {
    assert!(matches(b"/*.php$", LITERAL, b"/*.php$"));
    assert!(matches(b"/*.php$", LITERAL, b"/*.php$/x"));
    assert!(!matches(b"/*.php$", LITERAL, b"/a.php"));
    assert!(!matches(b"/*", LITERAL, b"/a"));
    assert!(matches(b"/*", LITERAL, b"/*a"));
    assert!(!matches(b"/a$", LITERAL, b"/a"));
    assert!(matches(b"/a$", LITERAL, b"/a$"));
    assert!(!matches(b"$", LITERAL, b""));
    // Precedence still counts `*` and `$` as bytes.
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/a"), (DISALLOW, b"/a*")];
    assert_eq!(
        decide(&rules, LITERAL, Precedence::LongestMatch, b"/a*"),
        Some(1)
    );
    assert_eq!(
        decide(&rules, LITERAL, Precedence::LongestMatch, b"/ab"),
        Some(0)
    );
}

#[test]
fn longest_match_examples() {
    let lm = Precedence::LongestMatch;
    // docs/spec/GOOGLE-BEHAVIOUR.md "Precedence": `*` counts, `/a**` (4) beats `/ab` (3).
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/ab"), (DISALLOW, b"/a**")];
    assert_eq!(decide(&rules, WILD, lm, b"/ab"), Some(1));
    // docs/spec/VARIANTS.md 4.11: equal length (5) → allow.
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/page"), (DISALLOW, b"/*.ph")];
    assert_eq!(decide(&rules, WILD, lm, b"/page.php5"), Some(0));
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, b"/*.ph"), (ALLOW, b"/page")];
    assert_eq!(decide(&rules, WILD, lm, b"/page.php5"), Some(1));
    // `/*.htm` (6) beats `/page` (5).
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/page"), (DISALLOW, b"/*.htm")];
    assert_eq!(decide(&rules, WILD, lm, b"/page.htm"), Some(1));
    // Google's table E21.
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/p"), (DISALLOW, b"/")];
    assert_eq!(decide(&rules, WILD, lm, b"/page"), Some(0));
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/folder"), (DISALLOW, b"/folder")];
    assert_eq!(decide(&rules, WILD, lm, b"/folder/page"), Some(0));
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, b"/folder"), (ALLOW, b"/folder")];
    assert_eq!(decide(&rules, WILD, lm, b"/folder/page"), Some(1));
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/$"), (DISALLOW, b"/")];
    assert_eq!(decide(&rules, WILD, lm, b"/"), Some(0));
    assert_eq!(decide(&rules, WILD, lm, b"/page.htm"), Some(1));
    // Equal length and kind: the earlier rule is reported.
    let rules: [(RuleKind, &[u8]); 3] = [(DISALLOW, b"/x"), (DISALLOW, b"/*"), (DISALLOW, b"/")];
    assert_eq!(decide(&rules, WILD, lm, b"/xy"), Some(0));
    assert_eq!(decide(&rules, WILD, lm, b"/y"), Some(1));
    // The 2019 draft's example (3.2).
    let rules: [(RuleKind, &[u8]); 2] = [
        (ALLOW, b"/example/page/"),
        (DISALLOW, b"/example/page/disallowed.gif"),
    ];
    assert_eq!(
        decide(&rules, WILD, lm, b"/example/page/disallowed.gif"),
        Some(1)
    );
    assert_eq!(decide(&rules, WILD, lm, b"/example/page/ok.gif"), Some(0));
    // Nothing matches.
    assert_eq!(decide(&rules, WILD, lm, b"/example/"), None);
}

#[test]
fn first_match_ordering() {
    let fm = Precedence::FirstMatch;
    // docs/spec/VARIANTS.md E8: order decides, not length.
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/tmp/a"), (DISALLOW, b"/tmp")];
    assert_eq!(decide(&rules, LITERAL, fm, b"/tmp/a.html"), Some(0));
    assert_eq!(decide(&rules, LITERAL, fm, b"/tmp/b.html"), Some(1));
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, b"/tmp"), (ALLOW, b"/tmp/a")];
    assert_eq!(decide(&rules, LITERAL, fm, b"/tmp/a.html"), Some(0));
    assert_eq!(decide(&rules, LITERAL, fm, b"/other"), None);
    // A long earlier-failing rule does not hide a later short one.
    let rules: [(RuleKind, &[u8]); 3] =
        [(ALLOW, b"/tmp/abc"), (DISALLOW, b"/tmp/ab"), (ALLOW, b"/")];
    assert_eq!(decide(&rules, LITERAL, fm, b"/tmp/abd"), Some(1));
    assert_eq!(decide(&rules, LITERAL, fm, b"/tmp/a"), Some(2));
    assert_eq!(decide(&rules, LITERAL, fm, b"/tmp/abcd"), Some(0));
}

#[test]
fn any_disallow_ordering() {
    let ad = Precedence::AnyDisallow;
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/a"), (DISALLOW, b"/")];
    assert_eq!(decide(&rules, LITERAL, ad, b"/a"), Some(1));
    let rules: [(RuleKind, &[u8]); 1] = [(ALLOW, b"/a")];
    assert_eq!(decide(&rules, LITERAL, ad, b"/a"), None);
    let rules: [(RuleKind, &[u8]); 3] = [(ALLOW, b"/"), (DISALLOW, b"/b/c"), (DISALLOW, b"/b")];
    assert_eq!(decide(&rules, LITERAL, ad, b"/b/c/d"), Some(1));
    assert_eq!(decide(&rules, LITERAL, ad, b"/b/x"), Some(2));
    assert_eq!(decide(&rules, LITERAL, ad, b"/x"), None);
    for m in all_engines(&rules, LITERAL, ad) {
        assert_eq!(m.matching(b"/b/c/d"), [1, 2, 0]);
    }
}

#[test]
fn matching_lists_priority_order() {
    let rules: [(RuleKind, &[u8]); 5] = [
        (DISALLOW, b"/"),
        (ALLOW, b"/a"),
        (DISALLOW, b"/a*"),
        (ALLOW, b"/a*"),
        (DISALLOW, b"/zz"),
    ];
    for m in all_engines(&rules, WILD, Precedence::LongestMatch) {
        assert_eq!(m.matching(b"/ab"), [3, 2, 1, 0]);
        assert_eq!(m.matching(b"/zz"), [4, 0]);
        assert_eq!(m.matching(b"x"), Vec::<usize>::new());
    }
    for m in all_engines(&rules, WILD, Precedence::FirstMatch) {
        assert_eq!(m.matching(b"/ab"), [0, 1, 2, 3]);
    }
}

/// `matching` reports only patterns matching at the first byte (regression: the all-matches
/// PikeVM of regex-automata 0.4.19 re-seeds its start state mid-target on anchored searches).
#[test]
fn matching_is_anchored() {
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, b"*"), (DISALLOW, b"/")];
    for m in all_engines(&rules, WILD, Precedence::LongestMatch) {
        assert_eq!(m.matching(b"a/"), [0]);
        assert_eq!(m.matching(b"/"), [0, 1]);
    }
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, b"b"), (DISALLOW, b"/")];
    for m in all_engines(&rules, LITERAL, Precedence::FirstMatch) {
        assert_eq!(m.matching(b"/b"), [1]);
    }
}

#[test]
fn high_bytes_and_escapes() {
    assert!(matches(b"/\xff", WILD, b"/\xff\xfe"));
    assert!(!matches(b"/\xff", WILD, b"/\xfe"));
    assert!(matches(b"/\xe3\x83", LITERAL, "/ツ".as_bytes()));
    // Google: the pattern is escaped, the URL is not touched.
    let pattern = normalise("/ツ".as_bytes(), PatternEncoding::GoogleEscape);
    assert!(matches(&pattern, WILD, b"/%E3%83%84/x"));
    assert!(!matches(&pattern, WILD, "/ツ".as_bytes()));
    let pattern = normalise(b"/%2f", PatternEncoding::GoogleEscape);
    assert!(matches(&pattern, WILD, b"/%2F"));
    assert!(!matches(&pattern, WILD, b"/%2f"));
    // Escaping lengthens the pattern, and the normalised length is what counts.
    let long = normalise("/é".as_bytes(), PatternEncoding::GoogleEscape);
    assert_eq!(long.len(), 7);
    let rules: [(RuleKind, &[u8]); 2] = [(ALLOW, b"/%C3%A9"), (DISALLOW, &long)];
    assert_eq!(
        decide(&rules, WILD, Precedence::LongestMatch, b"/%C3%A9"),
        Some(0)
    );
    // A target that is not UTF-8 at all.
    assert!(matches(b"/*\x80$", WILD, b"/\xc3\x28\x80"));
}

#[test]
fn nul_bytes() {
    assert!(matches(b"/a\0b", WILD, b"/a\0bc"));
    assert!(!matches(b"/a\0b", WILD, b"/a\0"));
    assert!(matches(b"/a", WILD, b"/a\0"));
    assert!(matches(b"/a\0$", WILD, b"/a\0"));
    assert!(!matches(b"/a$", WILD, b"/a\0"));
    assert!(matches(b"\0", LITERAL, b"\0/"));
    assert!(matches(b"/*\0*$", WILD, b"/x\0y"));
}

#[test]
fn empty_rule_set() {
    for precedence in [
        Precedence::LongestMatch,
        Precedence::FirstMatch,
        Precedence::AnyDisallow,
    ] {
        for (_, limits) in engine_limits() {
            let m = RuleMatcher::compile(&[], WILD, precedence, &limits);
            assert_eq!(m.engine(), Engine::NoRules);
            assert_eq!(m.decide(b"/"), None);
            assert_eq!(m.decide(b""), None);
            assert!(m.matching(b"/").is_empty());
            assert!(m.is_empty());
            assert_eq!(m.len(), 0);
            assert_eq!(m.memory_usage(), 0);
        }
    }
}

#[test]
fn empty_pattern_has_length_zero() {
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, b""), (ALLOW, b"/a")];
    assert_eq!(
        decide(&rules, WILD, Precedence::LongestMatch, b"/a"),
        Some(1)
    );
    assert_eq!(
        decide(&rules, WILD, Precedence::LongestMatch, b"/b"),
        Some(0)
    );
    assert_eq!(decide(&rules, WILD, Precedence::LongestMatch, b""), Some(0));
    assert_eq!(decide(&rules, WILD, Precedence::FirstMatch, b"/a"), Some(0));
}

#[test]
fn accessors_and_debug() {
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, b"/a*"), (ALLOW, b"/b")];
    let dense = MatcherLimits {
        dense_dfa_bytes: 16 << 10,
        ..MatcherLimits::default()
    };
    let m = RuleMatcher::compile(&rules, WILD, Precedence::FirstMatch, &dense);
    assert_eq!(m.len(), 2);
    assert!(!m.is_empty());
    assert_eq!(m.precedence(), Precedence::FirstMatch);
    assert_eq!(m.engine(), Engine::DenseDfa);
    assert!(m.memory_usage() > 0);
    let debug = format!("{m:?}");
    assert!(
        debug.contains("rules: 2") && debug.contains("DenseDfa"),
        "{debug}"
    );
    assert_eq!(Engine::LazyDfa.to_string(), "lazy-dfa");
    assert_eq!(Engine::from_name("prefix-table"), Some(Engine::PrefixTable));
    let literal_only = RuleMatcher::compile(
        &rules[1..],
        WILD,
        Precedence::FirstMatch,
        &MatcherLimits::default(),
    );
    assert_eq!(literal_only.engine(), Engine::PrefixTable);
    assert!(literal_only.memory_usage() > 0);
}

// ------------------------------------------------------------------------------------------
// Threads
// ------------------------------------------------------------------------------------------

#[test]
fn matcher_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<RuleMatcher>();
    assert_send_sync::<PatternError>();
}

#[test]
fn concurrent_queries_agree() {
    let rules: Vec<(RuleKind, Vec<u8>)> = (0..200)
        .map(|i| {
            let kind = if i % 3 == 0 { ALLOW } else { DISALLOW };
            (kind, format!("/*{}*{}$", i % 17, i % 5).into_bytes())
        })
        .collect();
    let rules: Vec<(RuleKind, &[u8])> = rules.iter().map(|(k, p)| (*k, &p[..])).collect();
    let targets: Vec<Vec<u8>> = (0..120)
        .map(|i| format!("/x{}/y{}/{}", i * 7 % 23, i % 11, i % 5).into_bytes())
        .collect();
    for (_, limits) in engine_limits() {
        let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
        let expected: Vec<Option<usize>> = targets.iter().map(|t| m.decide(t)).collect();
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for (t, e) in targets.iter().zip(&expected) {
                        assert_eq!(m.decide(t), *e);
                    }
                });
            }
        });
        let reference: Vec<Option<usize>> = targets
            .iter()
            .map(|t| ref_decide(&rules, true, Precedence::LongestMatch, t))
            .collect();
        assert_eq!(expected, reference, "{:?}", m.engine());
    }
}

// ------------------------------------------------------------------------------------------
// Engines
// ------------------------------------------------------------------------------------------

/// A lazy DFA with the smallest cache it works with, on a rule set with many states, gives up on
/// some searches; those are answered by the glob matcher, and the answers stay right.
#[test]
fn lazy_dfa_gives_up_and_falls_back() {
    let owned: Vec<(RuleKind, Vec<u8>)> = (0..40u32)
        .map(|i| {
            let kind = if i % 2 == 0 { ALLOW } else { DISALLOW };
            let a = char::from(b'a' + (i % 7) as u8);
            let b = char::from(b'a' + (i % 5) as u8);
            (kind, format!("/*{a}*{b}{a}*{b}$").into_bytes())
        })
        .collect();
    let rules: Vec<(RuleKind, &[u8])> = owned.iter().map(|(k, p)| (*k, &p[..])).collect();
    // A 1-byte capacity is raised to the smallest cache the lazy DFA can work with.
    let limits = MatcherLimits {
        dense_dfa_bytes: 0,
        lazy_cache_bytes: 1,
        ..Default::default()
    };
    let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
    assert_eq!(m.engine(), Engine::LazyDfa);
    for target in pseudo_random_targets(0x2545_f491, 300, 40, 8) {
        assert_eq!(
            m.decide(&target),
            ref_decide(&rules, true, Precedence::LongestMatch, &target),
            "{target:?}"
        );
    }
    assert!(
        m.lazy_gave_up() > 0,
        "the lazy DFA never gave up; the test does not test much"
    );
}

/// Over the NFA limit the wildcard rules are answered by the glob matcher, right, and the
/// matcher says why it has no automaton.
#[test]
fn nfa_size_limit_falls_back_to_globs() {
    let owned: Vec<Vec<u8>> = (0..1000)
        .map(|i| format!("/dir{i}/*page").into_bytes())
        .collect();
    let rules: Vec<(RuleKind, &[u8])> = owned.iter().map(|p| (DISALLOW, &p[..])).collect();
    let limits = MatcherLimits {
        nfa_bytes: 10_000,
        ..Default::default()
    };
    let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
    assert_eq!(m.engine(), Engine::Glob);
    assert_eq!(
        m.automaton_error().map(PatternError::kind),
        Some(PatternErrorKind::NfaSizeLimit { limit: 10_000 })
    );
    assert_eq!(m.decide(b"/dir999/page.html"), Some(999));
    assert_eq!(m.decide(b"/dir999/x/page"), Some(999));
    assert_eq!(m.decide(b"/dir999/pag"), None);
    let ok = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &Default::default());
    assert_eq!(ok.engine(), Engine::LazyDfa);
    assert_eq!(ok.decide(b"/dir999/page.html"), Some(999));
}

/// Literal rules need no automaton: a group far over the NFA limit as wildcards compiles at
/// once as a prefix table, and answers by priority together with the automaton's rules.
#[test]
fn literal_rules_are_not_bound_by_the_nfa_limit() {
    let owned: Vec<Vec<u8>> = (0..100_000)
        .map(|i| format!("/dir{i}/page").into_bytes())
        .collect();
    let mut rules: Vec<(RuleKind, &[u8])> = owned.iter().map(|p| (DISALLOW, &p[..])).collect();
    rules.push((ALLOW, b"/dir99999/*.html"));
    let limits = MatcherLimits {
        nfa_bytes: 10_000,
        ..Default::default()
    };
    let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
    assert_eq!(m.decide(b"/dir99999/page.htm"), Some(99_999));
    assert_eq!(m.decide(b"/dir99999/page.html"), Some(100_000));
    assert_eq!(m.decide(b"/dir100000/page"), None);
    assert_eq!(m.matching(b"/dir99999/page.html"), [100_000, 99_999]);
}

// ------------------------------------------------------------------------------------------
// Property tests against the reference
// ------------------------------------------------------------------------------------------

fn precedence_strategy() -> impl Strategy<Value = Precedence> {
    select(vec![
        Precedence::LongestMatch,
        Precedence::FirstMatch,
        Precedence::AnyDisallow,
    ])
}

/// A generated rule: (is it an Allow?, pattern).
type RawRule = (bool, Vec<u8>);

/// Rules and targets over `alphabet`; half of the patterns start with `/`, like real ones.
fn case_strategy(
    alphabet: &'static [u8],
    rules: usize,
) -> impl Strategy<Value = (Vec<RawRule>, Vec<Vec<u8>>)> {
    let byte = move || select(alphabet.to_vec());
    let pattern = (any::<bool>(), vec(byte(), 0..7)).prop_map(|(slash, mut p)| {
        if slash {
            p.insert(0, b'/');
        }
        p
    });
    let target = (any::<bool>(), vec(byte(), 0..10)).prop_map(|(slash, mut t)| {
        if slash {
            t.insert(0, b'/');
        }
        t
    });
    (vec((any::<bool>(), pattern), 0..rules), vec(target, 1..6))
}

fn check_against_reference(
    raw_rules: &[RawRule],
    targets: &[Vec<u8>],
    syntax: PatternSyntax,
    precedence: Precedence,
) -> Result<(), TestCaseError> {
    let rules: Vec<(RuleKind, &[u8])> = raw_rules
        .iter()
        .map(|(allow, p)| (if *allow { ALLOW } else { DISALLOW }, &p[..]))
        .collect();
    for (engine, limits) in engine_limits() {
        // Its first searches answered by the glob matcher, before the automaton is built.
        let fresh = RuleMatcher::compile(&rules, syntax, precedence, &limits);
        for target in targets {
            let expected = ref_decide(&rules, syntax.wildcards, precedence, target);
            prop_assert_eq!(
                fresh.decide(target),
                expected,
                "first searches {:?}",
                target
            );
        }
        let m = RuleMatcher::compile(&rules, syntax, precedence, &limits);
        if let Some(engine) = engine.filter(|_| !rules.is_empty()) {
            prop_assert_eq!(m.engine(), engine);
        }
        for target in targets {
            let expected = ref_decide(&rules, syntax.wildcards, precedence, target);
            let one_by_one = decide_one_by_one(enumerated(&rules), syntax, precedence, target);
            prop_assert_eq!(
                one_by_one.map(|(rule, _)| rule),
                expected,
                "one by one {:?}",
                target
            );
            prop_assert_eq!(m.decide(target), expected, "{:?} {:?}", engine, target);
            let all = ref_matching(&rules, syntax.wildcards, precedence, target);
            prop_assert_eq!(m.matching(target), all, "{:?} {:?}", engine, target);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The automaton agrees with the reference on the operator alphabet, for every precedence,
    /// both syntaxes and all three engines.
    #[test]
    fn agrees_with_reference(
        (rules, targets) in case_strategy(b"/ab*$%", 7),
        wildcards in any::<bool>(),
        precedence in precedence_strategy(),
    ) {
        check_against_reference(&rules, &targets, PatternSyntax { wildcards }, precedence)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The same with NUL, newline and high bytes in patterns and targets.
    #[test]
    fn agrees_with_reference_on_odd_bytes(
        (rules, targets) in case_strategy(b"/a*$\x00\n\xff", 5),
        wildcards in any::<bool>(),
        precedence in precedence_strategy(),
    ) {
        check_against_reference(&rules, &targets, PatternSyntax { wildcards }, precedence)?;
    }

    /// Groups large enough for the prefix table to narrow by binary search before it compares
    /// entries one by one, on a small alphabet so that many patterns share prefixes.
    #[test]
    fn agrees_with_reference_on_large_groups(
        (rules, targets) in case_strategy(b"/ab", 60),
        wildcards in any::<bool>(),
        precedence in precedence_strategy(),
    ) {
        check_against_reference(&rules, &targets, PatternSyntax { wildcards }, precedence)?;
    }
}

// ------------------------------------------------------------------------------------------
// The glob matcher alone against the reference
// ------------------------------------------------------------------------------------------

fn glob_case() -> impl Strategy<Value = (Vec<u8>, Vec<Vec<u8>>)> {
    let alphabet = || select(b"/ab*$\x00\xff".to_vec());
    (vec(alphabet(), 0..12), vec(vec(alphabet(), 0..16), 1..8))
}

#[test]
fn glob_examples() {
    let cases: [(&[u8], &[u8], bool); 16] = [
        (b"/a*c$", b"/abc", true),
        (b"/a*c$", b"/abcd", false),
        (b"/a*c$", b"/ac", true),
        (b"/a*c", b"/abcd", true),
        (b"/a", b"/a", true),
        (b"/a$", b"/a", true),
        (b"/a$", b"/ab", false),
        (b"/a$b", b"/a$bc", true),
        (b"*$", b"", true),
        (b"$", b"", true),
        (b"$", b"/", false),
        (b"/**b**$", b"/xb", true),
        (b"/*ab*ab$", b"/ab", false),
        (b"/*ab*ab$", b"/abab", true),
        (b"/*aa*a$", b"/aaa", true),
        (b"/*aa*a$", b"/aa", false),
    ];
    for (pattern, target, expected) in cases {
        assert_eq!(
            ref_matches(pattern, target, true),
            expected,
            "{pattern:?} {target:?}"
        );
        assert_eq!(
            glob::glob_matches(pattern, target, WILD),
            expected,
            "{pattern:?} {target:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// The linear glob matcher agrees with the reference on `*`, `**`, `*$`, a `$` in the
    /// middle, empty segments, NUL and high bytes, in both syntaxes.
    #[test]
    fn glob_agrees_with_reference(
        (pattern, targets) in glob_case(),
        wildcards in any::<bool>(),
    ) {
        let syntax = PatternSyntax { wildcards };
        for target in &targets {
            prop_assert_eq!(
                glob::glob_matches(&pattern, target, syntax),
                ref_matches(&pattern, target, wildcards),
                "{:?} {:?}", pattern, target
            );
            // A target built to match: the pattern with each `*` run replaced by bytes.
            let mut built: Vec<u8> = Vec::new();
            for &byte in &pattern {
                if wildcards && byte == b'*' {
                    built.extend_from_slice(target);
                } else {
                    built.push(byte);
                }
            }
            if wildcards && pattern.last() == Some(&b'$') {
                built.pop();
            }
            prop_assert_eq!(
                glob::glob_matches(&pattern, &built, syntax),
                ref_matches(&pattern, &built, wildcards),
                "{:?} {:?}", pattern, built
            );
        }
    }
}

/// The lazy DFA forced to give up on every long search (smallest cache, targets that visit many
/// states): every answer comes from the glob matcher, and `decide` and `matching` still agree
/// with the reference.
#[test]
fn forced_fallback_agrees_with_reference() {
    let owned: Vec<(RuleKind, Vec<u8>)> = (0..30u32)
        .map(|i| {
            let kind = if i % 3 == 0 { ALLOW } else { DISALLOW };
            let a = char::from(b'a' + (i % 5) as u8);
            let b = char::from(b'a' + (i % 3) as u8);
            let end = if i % 2 == 0 { "$" } else { "" };
            (kind, format!("/*{a}{b}*{b}*{a}{a}*{b}{end}").into_bytes())
        })
        .collect();
    let rules: Vec<(RuleKind, &[u8])> = owned.iter().map(|(k, p)| (*k, &p[..])).collect();
    let limits = MatcherLimits {
        dense_dfa_bytes: 0,
        lazy_cache_bytes: 1,
        prefix_table_min_rules: usize::MAX,
        ..Default::default()
    };
    for precedence in [
        Precedence::LongestMatch,
        Precedence::FirstMatch,
        Precedence::AnyDisallow,
    ] {
        let m = RuleMatcher::compile(&rules, WILD, precedence, &limits);
        assert_eq!(m.engine(), Engine::LazyDfa);
        for target in pseudo_random_targets(0x9e37_79b9, 200, 200, 6) {
            assert_eq!(
                m.decide(&target),
                ref_decide(&rules, true, precedence, &target),
                "{target:?}"
            );
            assert_eq!(
                m.matching(&target),
                ref_matching(&rules, true, precedence, &target),
                "{target:?}"
            );
        }
        assert!(m.lazy_gave_up() > 0, "the lazy DFA never gave up");
    }
}

/// Patterns with many `*` runs are left out of the automaton and answered by the glob matcher
/// alongside it: the answers are the same as when all are tested together.
#[test]
fn many_star_patterns_beside_the_automaton() {
    let many: Vec<u8> = b"/".iter().chain(&b"*a".repeat(20)).copied().collect();
    let many_end: Vec<u8> = many.iter().chain(b"b$").copied().collect();
    let rules: [(RuleKind, &[u8]); 5] = [
        (ALLOW, &many),
        (DISALLOW, b"/*a*a"),
        (DISALLOW, &many_end),
        (ALLOW, b"/*b$"),
        (DISALLOW, b"/a"),
    ];
    let targets: Vec<Vec<u8>> = (0..60)
        .map(|n| {
            let mut t = b"/".to_vec();
            t.extend(std::iter::repeat_n(b'a', n));
            if n % 3 == 0 {
                t.push(b'b');
            }
            t
        })
        .collect();
    for precedence in [
        Precedence::LongestMatch,
        Precedence::FirstMatch,
        Precedence::AnyDisallow,
    ] {
        for target in &targets {
            decide(&rules, WILD, precedence, target);
            for m in all_engines(&rules, WILD, precedence) {
                assert_eq!(
                    m.matching(target),
                    ref_matching(&rules, true, precedence, target),
                    "{target:?}"
                );
            }
        }
    }
}

/// One rule of 30,000 `*a` then `$`, against a 100,000-byte target: it compiles (the NFA fits
/// the default limit), the lazy DFA gives up, and the glob matcher answers right.
#[test]
fn hostile_thirty_thousand_stars() {
    let mut pattern = b"/".to_vec();
    pattern.extend_from_slice(&b"*a".repeat(30_000));
    pattern.push(b'$');
    let mut target = b"/".to_vec();
    target.extend(std::iter::repeat_n(b'a', 100_000));
    let mut miss = target.clone();
    miss.push(b'b');
    let mut short = b"/".to_vec();
    short.extend(std::iter::repeat_n(b'a', 29_999));
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, &pattern), (ALLOW, b"/a")];
    let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &Default::default());
    assert!(m.automaton_error().is_none());
    assert_eq!(m.decide(&miss), Some(1));
    assert_eq!(m.decide(&target), Some(0));
    assert_eq!(m.decide(&short), Some(1));
    assert_eq!(m.matching(&target), [0, 1]);
    assert_eq!(m.matching(&miss), [1]);
}

// ------------------------------------------------------------------------------------------
// Hostile rule sets: correctness only (they must compile or fall back, and answer right)
// ------------------------------------------------------------------------------------------

/// The thousand-star case: two patterns (1,000 `*` separated by literals, so that they cannot be
/// merged; 1,000 `*` in one run then an anchored end) and three long targets.
struct ThousandStars {
    separated: Vec<u8>,
    run: Vec<u8>,
    many_a: Vec<u8>,
    few_a: Vec<u8>,
    ends_b: Vec<u8>,
}

fn thousand_stars() -> ThousandStars {
    let mut separated = b"/".to_vec();
    for _ in 0..1000 {
        separated.extend_from_slice(b"*a");
    }
    let mut run = b"/".to_vec();
    run.extend(std::iter::repeat_n(b'*', 1000));
    run.extend_from_slice(b"b$");
    let mut many_a = b"/".to_vec();
    many_a.extend(std::iter::repeat_n(b'a', 20_000));
    let mut few_a = b"/".to_vec();
    for _ in 0..10_000 {
        few_a.extend_from_slice(b"xb");
    }
    let mut ends_b = many_a.clone();
    ends_b.push(b'b');
    ThousandStars {
        separated,
        run,
        many_a,
        few_a,
        ends_b,
    }
}

#[test]
fn hostile_thousand_stars() {
    let ThousandStars {
        separated,
        run,
        many_a,
        few_a,
        ends_b,
    } = thousand_stars();

    for (_, limits) in engine_limits() {
        let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, &separated), (ALLOW, &run)];
        let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
        assert_eq!(m.decide(&many_a), Some(0), "{:?}", m.engine());
        assert_eq!(m.decide(&few_a), Some(1), "{:?}", m.engine());
        assert_eq!(m.decide(&ends_b), Some(0), "{:?}", m.engine());
        assert_eq!(m.decide(b"/aaa"), None, "{:?}", m.engine());
    }
    // `matching` runs the same glob matcher whatever the engine: once is enough.
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, &separated), (ALLOW, &run)];
    let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &Default::default());
    assert_eq!(m.matching(&ends_b), [0, 1]);
    assert_eq!(m.matching(&few_a), [1]);
}

/// The ten-thousand-rule case: patterns `/*x{i}*y*z`, a target that contains `x5`, `x50`,
/// `x500` and `x5000`, each followed by a `y` and then a `z`, and the same without its `z`.
fn ten_thousand_wildcards() -> (Vec<Vec<u8>>, Vec<u8>, Vec<u8>) {
    let patterns = (0..10_000)
        .map(|i| format!("/*x{i}*y*z").into_bytes())
        .collect();
    let mut hit = b"/".to_vec();
    hit.extend(std::iter::repeat_n(b'q', 1000));
    hit.extend_from_slice(b"x5000-y-z");
    let mut miss = hit.clone();
    miss.truncate(miss.len() - 1);
    (patterns, hit, miss)
}

#[test]
fn hostile_ten_thousand_wildcard_rules() {
    let (owned, hit, miss) = ten_thousand_wildcards();
    let rules: Vec<(RuleKind, &[u8])> = owned.iter().map(|p| (DISALLOW, &p[..])).collect();
    for precedence in [Precedence::LongestMatch, Precedence::FirstMatch] {
        let m = RuleMatcher::compile(&rules, WILD, precedence, &MatcherLimits::default());
        let expected = match precedence {
            Precedence::LongestMatch => 5000,
            _ => 5,
        };
        assert_eq!(m.decide(&hit), Some(expected), "{:?}", m.engine());
        assert_eq!(m.decide(&miss), None, "{:?}", m.engine());
        if precedence == Precedence::FirstMatch {
            assert_eq!(m.matching(&hit), [5, 50, 500, 5000]);
        }
    }
}

#[test]
fn hostile_hundred_thousand_prefix_rules() {
    let owned: Vec<Vec<u8>> = (0..100_000)
        .map(|i| format!("/p{i}/").into_bytes())
        .collect();
    let rules: Vec<(RuleKind, &[u8])> = owned
        .iter()
        .enumerate()
        .map(|(i, p)| (if i % 2 == 0 { ALLOW } else { DISALLOW }, &p[..]))
        .collect();
    let m = RuleMatcher::compile(
        &rules,
        WILD,
        Precedence::LongestMatch,
        &MatcherLimits::default(),
    );
    assert_eq!(m.len(), 100_000);
    assert_eq!(m.decide(b"/p12345/index.html"), Some(12345));
    assert_eq!(m.decide(b"/p99999/"), Some(99999));
    assert_eq!(m.decide(b"/p0/"), Some(0));
    assert_eq!(m.decide(b"/p12345"), None);
    assert_eq!(m.decide(b"/q"), None);
    assert_eq!(m.matching(b"/p777/x"), [777]);
}

// ------------------------------------------------------------------------------------------
// Timing (not a test: run by hand, release build, to measure the cold path)
// ------------------------------------------------------------------------------------------

/// Prints how long compiling a group and answering its first queries takes, for a typical
/// group and for the hostile cases. Nothing here asserts a duration; the answers are checked.
///
/// `cargo test --release --lib pattern::tests::timing_cold_path -- --ignored --nocapture`
/// (set `TIMING_SKIP_SLOW=1` to skip the 30,000-`*` verdict, which takes minutes on an
/// automaton-only matcher).
#[test]
#[ignore = "measurement, run by hand in release mode"]
fn timing_cold_path() {
    use std::time::Instant;
    let limits = MatcherLimits::default();
    let lm = Precedence::LongestMatch;

    // A typical group: 5 wildcard rules and 20 literal ones, 3 queries, many times over.
    let owned: Vec<(RuleKind, Vec<u8>)> = (0..25)
        .map(|i| {
            let kind = if i % 4 == 0 { ALLOW } else { DISALLOW };
            let pattern = if i < 5 {
                format!("/*/section{i}/*.php$")
            } else {
                format!("/dir{i}/private/")
            };
            (kind, pattern.into_bytes())
        })
        .collect();
    let rules: Vec<(RuleKind, &[u8])> = owned.iter().map(|(k, p)| (*k, &p[..])).collect();
    let targets: [&[u8]; 3] = [
        b"/a/section3/index.php",
        b"/dir7/private/x.html",
        b"/somewhere/else?q=1",
    ];
    let runs = 2000u32;
    let start = Instant::now();
    for _ in 0..runs {
        let m = RuleMatcher::compile(&rules, WILD, lm, &limits);
        for t in targets {
            std::hint::black_box(m.decide(t));
        }
    }
    let per = start.elapsed() / runs;
    let start = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(RuleMatcher::compile(&rules, WILD, lm, &limits));
    }
    let compile = start.elapsed() / runs;
    let m = RuleMatcher::compile(&rules, WILD, lm, &limits);
    for t in targets {
        assert_eq!(m.decide(t), ref_decide(&rules, true, lm, t));
        assert_eq!(m.matching(t), ref_matching(&rules, true, lm, t));
    }
    eprintln!(
        "typical group (5 wildcard + 20 literal): compile {compile:?}, compile + 3 decides {per:?}"
    );

    // The 30,000-`*` rule.
    let mut pattern = b"/".to_vec();
    pattern.extend_from_slice(&b"*a".repeat(30_000));
    pattern.push(b'$');
    let mut target = b"/".to_vec();
    target.extend(std::iter::repeat_n(b'a', 100_000));
    target.push(b'b');
    let rules: [(RuleKind, &[u8]); 1] = [(DISALLOW, &pattern)];
    let start = Instant::now();
    let m = RuleMatcher::compile(&rules, WILD, lm, &limits);
    let compile = start.elapsed();
    eprintln!(
        "30,000 `*a` then `$`: compile {compile:?} ({:?})",
        m.engine()
    );
    if std::env::var_os("TIMING_SKIP_SLOW").is_none() {
        let start = Instant::now();
        assert_eq!(m.decide(&target), None);
        let first = start.elapsed();
        let start = Instant::now();
        assert_eq!(m.decide(&target), None);
        let second = start.elapsed();
        let mut hit = target.clone();
        hit.pop();
        let start = Instant::now();
        assert_eq!(m.decide(&hit), Some(0));
        let third = start.elapsed();
        let start = Instant::now();
        assert_eq!(m.matching(&hit), [0]);
        let all = start.elapsed();
        eprintln!(
            "  decide (miss) {first:?}, again {second:?}, decide (hit) {third:?}, matching {all:?}"
        );
    }

    // The hostile cases of this file.
    let ThousandStars {
        separated,
        run,
        many_a,
        few_a,
        ends_b,
    } = thousand_stars();
    let rules: [(RuleKind, &[u8]); 2] = [(DISALLOW, &separated), (ALLOW, &run)];
    let start = Instant::now();
    let m = RuleMatcher::compile(&rules, WILD, lm, &limits);
    let compile = start.elapsed();
    let start = Instant::now();
    assert_eq!(m.decide(&many_a), Some(0));
    assert_eq!(m.decide(&few_a), Some(1));
    assert_eq!(m.decide(&ends_b), Some(0));
    let decides = start.elapsed();
    let mut short = many_a[..2001].to_vec();
    short.push(b'b');
    let start = Instant::now();
    assert_eq!(m.matching(&short), [0, 1]);
    let all = start.elapsed();
    eprintln!("hostile_thousand_stars: compile {compile:?}, 3 decides {decides:?}, matching (2k target) {all:?}");

    let (owned, hit, miss) = ten_thousand_wildcards();
    let rules: Vec<(RuleKind, &[u8])> = owned.iter().map(|p| (DISALLOW, &p[..])).collect();
    let start = Instant::now();
    let m = RuleMatcher::compile(&rules, WILD, lm, &limits);
    let compile = start.elapsed();
    let start = Instant::now();
    assert_eq!(m.decide(&hit), Some(5000));
    let first = start.elapsed();
    let start = Instant::now();
    assert_eq!(m.decide(&miss), None);
    let second = start.elapsed();
    let start = Instant::now();
    assert_eq!(m.matching(&hit), [5000, 500, 50, 5]);
    let all = start.elapsed();
    eprintln!("hostile_ten_thousand_wildcard_rules: compile {compile:?}, decide (hit) {first:?}, decide (miss) {second:?}, matching {all:?}");

    let owned: Vec<Vec<u8>> = (0..100_000)
        .map(|i| format!("/p{i}/").into_bytes())
        .collect();
    let rules: Vec<(RuleKind, &[u8])> = owned.iter().map(|p| (DISALLOW, &p[..])).collect();
    let start = Instant::now();
    let m = RuleMatcher::compile(&rules, WILD, lm, &limits);
    let compile = start.elapsed();
    let start = Instant::now();
    assert_eq!(m.decide(b"/p12345/index.html"), Some(12345));
    let first = start.elapsed();
    eprintln!("hostile_hundred_thousand_prefix_rules: compile {compile:?}, first decide {first:?}");
}
