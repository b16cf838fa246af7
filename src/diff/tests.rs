//! The classifier on the examples of docs/spec/VARIANTS.md and on each profile field.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use super::*;
use crate::variant::Variant::{self, Convention1994, Draft1996, Google, RepDraft2019, Rfc9309};

/// The one disagreement between two variants on a body, agent and URL.
fn one(body: &str, pair: [Variant; 2], agent: &str, url: &str) -> Disagreement {
    let comparison = Comparer::new(body.as_bytes(), pair).compare(agent, url);
    assert_eq!(comparison.disagreements.len(), 1, "{comparison:?}");
    comparison.disagreements[0].clone()
}

const E11: &str =
    "User-Agent : foobot\nAllow : /example/page/\nDisallow : /example/page/disallowed.gif\n";

#[test]
fn e11_first_match_against_longest_match() {
    let d = one(
        E11,
        [Draft1996, Google],
        "foobot",
        "/example/page/disallowed.gif",
    );
    assert_eq!(d.reason, Reason::FirstMatchVsLongestMatch);
    assert_eq!(d.left_rule.unwrap().text, "Allow : /example/page/");
    let right = d.right_rule.unwrap();
    assert_eq!(right.line, 3);
    assert_eq!(right.text, "Disallow : /example/page/disallowed.gif");
}

#[test]
fn e11_under_1994_the_allow_is_not_a_rule() {
    let d = one(
        E11,
        [Convention1994, Draft1996],
        "foobot",
        "/example/page/disallowed.gif",
    );
    assert_eq!(d.reason, Reason::AllowNotSupported);
    assert_eq!(d.evidence.unwrap().line, 2);
}

#[test]
fn e20_a_star_is_literal_before_2019() {
    let body = "User-agent: *\nDisallow: /fish*\n";
    let d = one(body, [Draft1996, Google], "anybot", "/fish.html");
    assert_eq!(d.reason, Reason::WildcardLiteralVsOperator);
    assert_eq!(d.evidence.unwrap().text, "Disallow: /fish*");
    assert!(d.left_rule.is_none());
    let all = Comparer::new(body.as_bytes(), Variant::ALL).compare("anybot", "/fish.html");
    // 1994 and 1996 allow, 2019, RFC 9309 and Google disallow: 2 × 3 pairs.
    assert_eq!(all.disagreements.len(), 6);
    assert!(all
        .disagreements
        .iter()
        .all(|d| d.reason == Reason::WildcardLiteralVsOperator));
    let same = Comparer::new(b"User-agent: *\nDisallow: /fish\n", Variant::ALL)
        .compare("anybot", "/fish.html");
    assert!(!same.disagrees());
    assert!(same.answers.iter().all(|o| !o.allowed));
}

#[test]
fn e19_and_e24_a_blank_line_ends_the_record_in_1994_and_1996() {
    let e19 =
        "user-agent: a\nsitemap: https://example.com/sitemap.xml\n\nuser-agent: b\ndisallow: /\n";
    let d = one(e19, [Convention1994, Google], "a", "/x");
    assert_eq!(d.reason, Reason::BlankLineEndsRecord);
    assert_eq!(d.evidence.unwrap().line, 3);
    let e24 = "User-agent: foo\n\nDisallow: /private\n";
    let d = one(e24, [Draft1996, Rfc9309], "foo", "/private");
    assert_eq!(d.reason, Reason::BlankLineEndsRecord);
    assert_eq!(d.evidence.unwrap().line, 2);
    assert_eq!(d.right_rule.unwrap().line, 3);
}

#[test]
fn e8_allow_is_not_in_the_1994_key_set() {
    let e8 = "User-agent: webcrawler\nUser-agent: infoseek\nAllow: /tmp/ok.html\nDisallow: /tmp\nDisallow: /user/foo\n";
    let d = one(e8, [Convention1994, Google], "webcrawler", "/tmp/ok.html");
    assert_eq!(d.reason, Reason::AllowNotSupported);
    assert_eq!(d.left_rule.unwrap().line, 4);
    assert_eq!(d.right_rule.unwrap().line, 3);
}

#[test]
fn e3_robots_txt_is_implicitly_allowed_except_by_google() {
    let e3 = "# foutez le camp!\nUser-agent: *\nDisallow: /\n";
    let d = one(e3, [Rfc9309, Google], "anybot", "http://x.com/robots.txt");
    assert_eq!(d.reason, Reason::RobotsTxtImplicitlyAllowed);
    let c = Comparer::new(e3.as_bytes(), Variant::ALL).compare("anybot", "/robots.txt");
    assert_eq!(c.disagreements.len(), 4);
    assert!(!Comparer::new(e3.as_bytes(), Variant::ALL)
        .compare("anybot", "/other")
        .disagrees());
}

#[test]
fn keys_only_google_accepts() {
    let d = one(
        "user-agent: *\ndisallowed: /x\n",
        [Rfc9309, Google],
        "a",
        "/x",
    );
    assert_eq!(d.reason, Reason::KeySpelling);
    assert_eq!(d.evidence.unwrap().text, "disallowed: /x");
    let d = one(
        "user agent: foo\ndisallow: /x\n",
        [Rfc9309, Google],
        "foo",
        "/x",
    );
    assert_eq!(d.reason, Reason::KeySpelling);
    assert_eq!(d.evidence.unwrap().line, 1);
}

/// The key is the syntax stage's, whether or not a colon follows it.
#[test]
fn key_spelling_without_a_colon() {
    let d = one(
        "user-agent: *\nDisallowed /x\n",
        [Rfc9309, Google],
        "a",
        "/x",
    );
    assert_eq!(d.reason, Reason::KeySpelling);
    assert_eq!(d.evidence.unwrap().text, "Disallowed /x");
}

#[test]
fn agent_values_read_differently() {
    let d = one(
        "user-agent: googlebot/1.2\ndisallow: /\n",
        [RepDraft2019, Google],
        "googlebot",
        "/x",
    );
    assert_eq!(d.reason, Reason::UserAgentMatching);
}

#[test]
fn first_global_group_against_merged_ones() {
    let d = one(
        "user-agent: *\ndisallow: /a\n\nuser-agent: *\ndisallow: /b\n",
        [RepDraft2019, Rfc9309],
        "a",
        "/b",
    );
    assert_eq!(d.reason, Reason::FirstGroupVsMerged);
    assert_eq!(d.evidence.unwrap().line, 4);
}

#[test]
fn escapes_normalised_differently() {
    let d = one(
        "user-agent: *\ndisallow: /%7Ea\n",
        [RepDraft2019, Google],
        "a",
        "/~a",
    );
    assert_eq!(d.reason, Reason::PercentEncoding);
}

#[test]
fn googles_index_htm_rule() {
    let d = one(
        "user-agent: *\ndisallow: /d/\nallow: /d/index.html\n",
        [Rfc9309, Google],
        "a",
        "/d/",
    );
    assert_eq!(d.reason, Reason::IndexHtmRule);
    assert_eq!(d.evidence.unwrap().line, 3);
}

#[test]
fn a_nul_ends_the_line_for_google() {
    let d = one(
        "user-agent: *\ndisallow: /a\0b\n",
        [Rfc9309, Google],
        "a",
        "/ax",
    );
    assert_eq!(d.reason, Reason::LineLengthNul);
    assert_eq!(d.evidence.unwrap().line, 2);
}

#[test]
fn names_are_the_serialised_form() {
    for reason in Reason::ALL {
        let json = serde_json::to_string(reason).unwrap();
        assert_eq!(json, format!("\"{}\"", reason.name()));
    }
}

#[test]
fn tally_counts_pairs_and_reasons() {
    let variants = [Draft1996, RepDraft2019, Google];
    let comparer = Comparer::new(E11.as_bytes(), variants);
    let mut tally = Tally::new(variants, 2);
    for url in ["/example/page/disallowed.gif", "/example/page/", "/x"] {
        tally.add("E11.txt", "foobot", &comparer.compare("foobot", url));
    }
    let summary = tally.finish();
    assert_eq!(summary.queries, 3);
    assert_eq!(summary.files, 1);
    assert_eq!(summary.disagreeing_queries, 1);
    let counts: Vec<u64> = summary.pairs.iter().map(|p| p.disagreements).collect();
    // 1996 vs 2019, 1996 vs google, 2019 vs google.
    assert_eq!(counts, [1, 1, 0]);
    let first = &summary.pairs[0].reasons[0];
    assert_eq!(first.reason, Reason::FirstMatchVsLongestMatch);
    assert_eq!(first.examples.len(), 1);
    assert_eq!(first.examples[0].file, "E11.txt");
}
