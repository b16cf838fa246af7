//! The resource limits (`robotspec::Limits`): each one cuts what it says, is reported where it
//! cuts (a warning in lenient mode, an error in strict mode), and loses no byte of the tree.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use proptest::prelude::*;
use robotspec::tree::NodeKind;
use robotspec::{parse_with, Code, Limit, Limits, Mode, ParseOptions, Robots, Severity, Variant};

fn options(mode: Mode, limits: Limits) -> ParseOptions {
    ParseOptions::default().with_mode(mode).with_limits(limits)
}

fn lenient(limits: Limits) -> ParseOptions {
    options(Mode::Lenient, limits)
}

/// The `limit-exceeded` diagnostics of a lenient read, as `(line, col, message)`.
fn cuts(robots: &Robots) -> Vec<(u32, u32, String)> {
    robots
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::LimitExceeded)
        .inspect(|d| assert_eq!(d.severity, Severity::Warning))
        .map(|d| (d.line, d.col, d.message.clone()))
        .collect()
}

/// `text` is valid in strict mode under the default limits, and rejected with the limit's
/// error under `limits`.
fn assert_rejected_in_strict_mode(text: &[u8], variant: Variant, limits: Limits) {
    assert!(
        Robots::parse_with(text, variant, &ParseOptions::new(Mode::Strict)).is_ok(),
        "{variant}"
    );
    let error = Robots::parse_with(text, variant, &options(Mode::Strict, limits)).unwrap_err();
    assert!(
        error
            .diagnostics()
            .iter()
            .any(|d| d.code == Code::LimitExceeded && d.severity == Severity::Error),
        "{:#?}",
        error.diagnostics()
    );
}

const TWO_RULES: &[u8] = b"user-agent: *\ndisallow: /a\ndisallow: /b\n";

#[test]
fn input_past_the_limit_is_ignored_from_the_line_it_cuts() {
    let limits = Limits::default().with(Limit::InputBytes, 30);
    let robots = Robots::parse_with(TWO_RULES, Variant::Rfc9309, &lenient(limits)).unwrap();
    assert!(!robots.is_allowed("bot", "/a"));
    assert!(robots.is_allowed("bot", "/b"), "line 3 is cut by the limit");
    let cut = cuts(&robots);
    assert_eq!(cut.len(), 1);
    assert_eq!((cut[0].0, cut[0].1), (3, 1));
    assert!(cut[0].2.contains("input_bytes"), "{}", cut[0].2);
    assert_rejected_in_strict_mode(TWO_RULES, Variant::Rfc9309, limits);
    // The strict error is reported by the syntax stage too.
    assert!(parse_with(TWO_RULES, Variant::Rfc9309, &options(Mode::Strict, limits)).is_err());
}

#[test]
fn the_ignored_input_stays_in_the_tree() {
    let limits = Limits::default().with(Limit::InputBytes, 30);
    let parsed = parse_with(TWO_RULES, Variant::Google, &lenient(limits)).unwrap();
    let tree = parsed.tree();
    assert_eq!(tree.reassemble(), TWO_RULES);
    let leaves = tree.root().leaves();
    let last = leaves.last().unwrap();
    assert_eq!(last.kind, NodeKind::Ignored);
    assert_eq!((last.line, last.col), (3, 1));
    assert_eq!(tree.bytes(last), b"disallow: /b\n");
    assert!(tree.to_json().contains("\"ignored\""));
}

#[test]
fn an_input_limit_inside_the_first_line_ignores_everything() {
    let limits = Limits::default().with(Limit::InputBytes, 5);
    let robots = Robots::parse_with(TWO_RULES, Variant::Google, &lenient(limits)).unwrap();
    assert_eq!(robots.groups().len(), 0);
    assert_eq!(cuts(&robots)[0].0, 1);
    let parsed = parse_with(TWO_RULES, Variant::Google, &lenient(limits)).unwrap();
    assert_eq!(parsed.tree().reassemble(), TWO_RULES);
}

#[test]
fn long_lines_are_cut_at_the_configured_limit() {
    let text = b"user-agent: *\ndisallow: /abcdef\n";
    let limits = Limits::default().with(Limit::LineBytes, 14);
    let robots = Robots::parse_with(text, Variant::Convention1994, &lenient(limits)).unwrap();
    assert_eq!(robots.rules().next().unwrap().pattern(), b"/abc");
    assert!(!robots.is_allowed("bot", "/abcxyz"));
    let cut = cuts(&robots);
    assert_eq!((cut.len(), cut[0].0, cut[0].1), (1, 2, 15));
    assert!(cut[0].2.contains("line_bytes"));
    assert_rejected_in_strict_mode(text, Variant::Convention1994, limits);
    // Without a configured limit no variant but Google cuts lines.
    let whole = Robots::parse(text, Variant::Convention1994);
    assert_eq!(whole.rules().next().unwrap().pattern(), b"/abcdef");
}

#[test]
fn googles_own_line_limit_is_a_warning_unless_the_configured_one_is_smaller() {
    let mut text = b"user-agent: *\ndisallow: /".to_vec();
    text.extend(b"x".repeat(20_000));
    let codes = |line_bytes: Option<usize>| {
        let limits = Limits::default().with(Limit::LineBytes, line_bytes.unwrap_or(usize::MAX));
        let robots = Robots::parse_with(&text, Variant::Google, &lenient(limits)).unwrap();
        let pattern_len = robots.rules().next().unwrap().pattern().len();
        let codes: Vec<Code> = robots.diagnostics().iter().map(|d| d.code).collect();
        (codes, pattern_len)
    };
    assert_eq!(codes(None), (vec![Code::LineTooLong], 16_663 - 10));
    assert_eq!(codes(Some(50_000)), (vec![Code::LineTooLong], 16_663 - 10));
    assert_eq!(codes(Some(100)), (vec![Code::LimitExceeded], 100 - 10));
    // Google's own limit is part of its reading: strict mode accepts the file.
    assert!(Robots::parse_with(&text, Variant::Google, &ParseOptions::new(Mode::Strict)).is_ok());
}

#[test]
fn groups_past_the_limit_are_ignored_with_their_rules() {
    let text = b"user-agent: a\ndisallow: /a\n\nuser-agent: b\ndisallow: /b\n\n\
                 user-agent: c\nuser-agent: cc\ndisallow: /c\n\nuser-agent: d\ndisallow: /d\n";
    let limits = Limits::default().with(Limit::Groups, 2);
    for variant in Variant::ALL {
        let robots = Robots::parse_with(text, *variant, &lenient(limits)).unwrap();
        assert_eq!(robots.groups().len(), 2, "{variant}");
        assert!(!robots.is_allowed("b", "/b"), "{variant}");
        assert!(robots.is_allowed("c", "/c"), "{variant}");
        assert!(robots.is_allowed("cc", "/c"), "{variant}");
        let cut = cuts(&robots);
        assert_eq!(cut.len(), 1, "{variant}");
        assert!(cut[0].2.contains("`groups`"), "{}", cut[0].2);
        assert_eq!((cut[0].0, cut[0].1), (7, 13));
        assert!(cut[0].2.contains("this and 1 later groups are ignored"));
        assert_rejected_in_strict_mode(text, *variant, limits);
    }
}

#[test]
fn rules_past_the_limit_are_ignored_per_group() {
    let text = b"user-agent: a\ndisallow: /a1\ndisallow: /a2\ndisallow: /a3\n\
                 user-agent: b\ndisallow: /b1\ndisallow: /b2\n";
    let limits = Limits::default().with(Limit::RulesPerGroup, 1);
    let robots = Robots::parse_with(text, Variant::Rfc9309, &lenient(limits)).unwrap();
    assert!(!robots.is_allowed("a", "/a1"));
    assert!(robots.is_allowed("a", "/a2"));
    assert!(robots.is_allowed("b", "/b2"));
    let messages: Vec<String> = cuts(&robots).into_iter().map(|c| c.2).collect();
    assert!(messages[0].contains("this and 1 later rules are ignored (limit `rules_per_group`)"));
    assert!(messages[1].contains("this rule is ignored (limit `rules_per_group`)"));
    let lines: Vec<u32> = cuts(&robots).iter().map(|c| c.0).collect();
    assert_eq!(lines, [3, 7]);
    assert_rejected_in_strict_mode(text, Variant::Rfc9309, limits);
}

#[test]
fn rules_with_overlong_patterns_are_ignored() {
    let text = b"user-agent: *\ndisallow: /short\ndisallow: /much-too-long\n";
    let limits = Limits::default().with(Limit::PatternBytes, 8);
    let robots = Robots::parse_with(text, Variant::Google, &lenient(limits)).unwrap();
    assert!(!robots.is_allowed("bot", "/short"));
    assert!(robots.is_allowed("bot", "/much-too-long"));
    assert_eq!(robots.rules().len(), 1);
    let cut = cuts(&robots);
    assert_eq!((cut[0].0, cut[0].1), (3, 11));
    assert!(cut[0].2.contains("pattern_bytes"));
    assert_rejected_in_strict_mode(text, Variant::Google, limits);
}

#[test]
fn the_pattern_limit_applies_after_normalisation() {
    // One non-ASCII character is six bytes once percent-encoded by Google's reading.
    let text = "user-agent: *\ndisallow: /éé\n".as_bytes();
    let limits = Limits::default().with(Limit::PatternBytes, 6);
    let robots = Robots::parse_with(text, Variant::Google, &lenient(limits)).unwrap();
    assert_eq!(robots.rules().len(), 0);
    assert!(cuts(&robots)[0].2.contains("(limit `pattern_bytes`)"));
}

#[test]
fn an_automaton_over_its_limit_still_gives_the_right_verdict() {
    let limits = Limits::default().with(Limit::NfaBytes, 100);
    let text = b"user-agent: *\ndisallow: /*a*b*c*d*e*f*g*h\n";
    let robots = Robots::parse_with(text, Variant::Google, &lenient(limits)).unwrap();
    let verdict = robots.check("bot", "/xaxbxcxdxexfxgxh");
    assert!(!verdict.allowed());
    assert_eq!(verdict.rule().map(|r| r.line()), Some(2));
    assert!(robots.check("bot", "/xaxbxcxdxexfxgx").allowed());
}

#[test]
fn bytes_that_are_not_utf8_can_be_dropped_from_values() {
    let text = b"user-agent: *\ndisallow: /caf\xE9\n";
    let kept = Robots::parse(text, Variant::Google);
    assert_eq!(kept.rules().next().unwrap().pattern(), b"/caf%E9");
    assert!(kept.is_allowed("bot", "/cafe"));
    let dropping = ParseOptions::default().with_drop_invalid_utf8(true);
    let dropped = Robots::parse_with(text, Variant::Google, &dropping).unwrap();
    assert_eq!(dropped.rules().next().unwrap().pattern(), b"/caf");
    assert!(!dropped.is_allowed("bot", "/cafe"));
    // The tree still holds every byte.
    let parsed = parse_with(text, Variant::Google, &dropping).unwrap();
    assert_eq!(parsed.tree().reassemble(), text);
}

#[test]
fn the_defaults_read_a_large_ordinary_file_whole() {
    let mut text = Vec::new();
    let name = |n: usize| format!("bot-{}", "x".repeat(n % 50)).replace('-', &"y".repeat(n / 50));
    for group in 0..2_000 {
        text.extend(format!("user-agent: {}\n", name(group)).bytes());
        for rule in 0..20 {
            text.extend(format!("disallow: /g{group}/r{rule}\n").bytes());
        }
    }
    let robots =
        Robots::parse_with(&text, Variant::Rfc9309, &ParseOptions::new(Mode::Strict)).unwrap();
    assert!(cuts(&robots).is_empty());
    assert!(!robots.is_allowed(&name(1999), "/g1999/r19"));
    assert!(robots.is_allowed(&name(1998), "/g1999/r19"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Whatever the limits, lenient parsing succeeds, the tree gives back every byte and every
    /// limit diagnostic has a position inside the input.
    #[test]
    fn any_limits_keep_the_tree_lossless(
        input in proptest::collection::vec(
            prop_oneof![Just(b'\n'), Just(b'\r'), Just(b':'), Just(b'*'), Just(0xFFu8),
                        proptest::sample::select(b"uad/ ".to_vec()), any::<u8>()],
            0..200),
        input_bytes in 0usize..220,
        line_bytes in proptest::option::of(0usize..40),
        groups in 0usize..4,
        rules_per_group in 0usize..4,
        pattern_bytes in 0usize..20,
        variant in proptest::sample::select(Variant::ALL.to_vec()),
    ) {
        let limits = Limits::default()
            .with(Limit::InputBytes, input_bytes)
            .with(Limit::LineBytes, line_bytes.unwrap_or(usize::MAX))
            .with(Limit::Groups, groups)
            .with(Limit::RulesPerGroup, rules_per_group)
            .with(Limit::PatternBytes, pattern_bytes);
        let parsed = parse_with(&input, variant, &lenient(limits)).unwrap();
        prop_assert_eq!(parsed.tree().reassemble(), input.clone());
        let robots = Robots::parse_with(&input, variant, &lenient(limits)).unwrap();
        prop_assert!(robots.groups().len() <= groups);
        for diagnostic in robots.diagnostics() {
            prop_assert!(diagnostic.line >= 1 && diagnostic.col >= 1);
            prop_assert!(diagnostic.span.start <= input.len());
        }
    }
}
