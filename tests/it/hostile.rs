//! Verdicts on hostile inputs (`common/hostile.rs`): huge rule sets and groups, pathological
//! wildcards, multi-megabyte files, lines and URLs. Only the answers are checked here; their
//! cost is measured by `benches/hostile.rs`. (The hostile bytes of `common::hostile::inputs`
//! through the parser, the tree and queries are in `tests/it/robustness.rs`; the matcher alone is
//! in `src/pattern/tests.rs`.)
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use crate::common;

use common::hostile as cases;

use robotspec::Robots;

/// Parses the case and checks every query's verdict.
fn assert_case(name: &str) -> Robots {
    let case = cases::case(name, 1).expect("known case");
    let robots = Robots::parse(&case.robots, case.variant);
    for q in &case.queries {
        let verdict = robots.check(&q.agent, &q.url);
        assert_eq!(
            verdict.allowed(),
            q.allowed,
            "{name}: agent {} URL {}…: {verdict}",
            q.agent,
            q.url.get(..60).unwrap_or(&q.url)
        );
    }
    robots
}

#[test]
fn every_name_has_a_case() {
    for name in cases::NAMES {
        assert!(cases::case(name, 1).is_some(), "{name}");
    }
    assert!(cases::case("nonsense", 1).is_none());
}

#[test]
fn a_thousand_stars_against_a_20k_url() {
    assert_case("1000-stars-20k-url");
}

#[test]
fn a_hundred_thousand_rules_in_one_group() {
    let robots = assert_case("100k-rules-one-group");
    assert_eq!(robots.rules().len(), 100_000);
    assert_eq!(robots.groups().len(), 1);
}

#[test]
fn fifty_thousand_groups() {
    let robots = assert_case("50k-groups");
    assert_eq!(robots.groups().len(), 50_000);
    let agent = format!("bot{}", cases::letters(49_999));
    let verdict = robots.check(&agent, "/private49999/");
    assert_eq!(verdict.rule().map(|r| r.line()), Some(149_999));
}

#[test]
fn a_five_megabyte_file() {
    let robots = assert_case("5mb-file");
    assert!(robots.rules().len() > 150_000);
    // It keeps the lines that matter, not the input.
    assert!(robots.memory_usage() < 4 * (5 << 20));
}

#[test]
fn a_two_megabyte_line_cut_as_google_does() {
    let robots = assert_case("2mb-line");
    assert!(robots.rules().next().unwrap().pattern().len() < 20_000);
}

/// RFC 9309 reads the whole line; its 2 MB pattern is over `Limits::pattern_bytes` (64 KiB), so
/// the rule is left out and reported rather than compiled.
#[test]
fn a_two_megabyte_line_read_whole_by_rfc9309() {
    let robots = assert_case("2mb-line-rfc9309");
    assert_eq!(robots.rules().len(), 0);
    let cuts: Vec<_> = robots
        .diagnostics()
        .iter()
        .filter(|d| d.code == robotspec::Code::LimitExceeded)
        .collect();
    assert_eq!(cuts.len(), 1);
    assert!(cuts[0].message.contains("`pattern_bytes`"), "{}", cuts[0]);
}

#[test]
fn ten_thousand_dollar_star_runs_in_one_pattern() {
    assert_case("10k-dollar-star-runs");
}

#[test]
fn ten_thousand_wildcard_rules() {
    let robots = assert_case("10k-wildcard-rules");
    let verdict = robots.check("bot", "/x9999/y/z");
    assert_eq!(verdict.rule().map(|r| r.line()), Some(10_001));
}

#[test]
fn one_megabyte_urls() {
    assert_case("1mb-url");
}
