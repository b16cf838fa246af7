//! Order properties of grouping and precedence, stated per variant as docs/variants.md (and
//! docs/spec/VARIANTS.md A4, A5, A10, A11, A13, A14, A17, A50) say them, on generated files:
//!
//! * groups (records) for different agents can be put in any order, in every variant, as long as
//!   each ends with a blank line (1994/1996 records) and has a rule (2019+ groups);
//! * sitemap, unknown-key and comment lines can be put anywhere, in every variant: they neither
//!   start, end nor join groups, and comment-only lines are not blank lines;
//! * under longest match (rep-draft-2019, RFC 9309, google) the rules of a group can be put in
//!   any order;
//! * a file accepted strictly has the model its lenient reading has.
//!
//! The random-bytes properties of the syntax stage (round trip, strict ⇔ no violation) are in
//! tests/it/syntax.rs and src/syntax/grammar_tests.rs; the matcher against a reference matcher in
//! src/pattern/tests.rs.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use crate::common;

use proptest::prelude::*;
use robotspec::{parse, parse_strict, Robots, Variant};

/// Agents named in files; queries also ask for one no group names.
const FILE_AGENTS: &[&str] = &["alpha", "beta", "gamma", "*"];
const QUERY_AGENTS: &[&str] = &["alpha", "Beta", "gamma", "delta"];

/// Lines that are neither user-agent lines, rules nor blank lines, in any variant.
const NEUTRAL_LINES: &[&str] = &[
    "Sitemap: https://example.com/sitemap.xml",
    "sitemap: /s.xml",
    "# a comment",
    "#",
    "Crawl-delay: 5",
    "Host: example.com",
    "X-Custom: /a/b",
    "Clean-param: ref /a",
];

#[derive(Debug, Clone)]
struct Group {
    agents: Vec<&'static str>,
    rules: Vec<(bool, String)>,
}

fn path() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "/",
        "/a",
        "/a/",
        "/b",
        "/b/c",
        "*",
        "$",
        ".html",
        "/index.html",
        "%2F",
        "%7E",
        "x",
        "?q",
    ]);
    prop::collection::vec(piece, 1..4).prop_map(|p| format!("/{}", p.concat()))
}

fn rule() -> impl Strategy<Value = (bool, String)> {
    (any::<bool>(), path())
}

/// Groups naming disjoint sets of agents, each with at least one rule.
fn groups() -> impl Strategy<Value = Vec<Group>> {
    (
        Just(FILE_AGENTS.to_vec()).prop_shuffle(),
        prop::collection::vec(0..3usize, 4),
        prop::collection::vec(prop::collection::vec(rule(), 1..5), 4),
    )
        .prop_map(|(agents, owner, rules)| {
            let mut groups: Vec<Group> = rules
                .into_iter()
                .map(|rules| Group {
                    agents: Vec::new(),
                    rules,
                })
                .collect();
            // Each agent goes to one group; groups left without an agent are dropped.
            for (agent, &g) in agents.into_iter().zip(&owner) {
                groups[g].agents.push(agent);
            }
            groups.retain(|g| !g.agents.is_empty());
            groups
        })
}

fn urls() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(path(), 6)
}

fn group_lines(group: &Group) -> Vec<String> {
    let mut lines: Vec<String> = group
        .agents
        .iter()
        .map(|a| format!("User-agent: {a}"))
        .collect();
    lines.extend(
        group
            .rules
            .iter()
            .map(|(allow, path)| format!("{}: {path}", if *allow { "Allow" } else { "Disallow" })),
    );
    lines.push(String::new());
    lines
}

fn file_lines(groups: &[Group]) -> Vec<String> {
    groups.iter().flat_map(group_lines).collect()
}

fn text(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Every query's answer, in a fixed order.
fn verdicts(file: &str, variant: Variant, urls: &[String]) -> Vec<bool> {
    let robots = Robots::parse(file.as_bytes(), variant);
    QUERY_AGENTS
        .iter()
        .flat_map(|agent| urls.iter().map(|url| robots.check(agent, url).allowed()))
        .collect::<Vec<_>>()
}

fn assert_same_verdicts(a: &str, b: &str, variant: Variant, urls: &[String]) {
    assert_eq!(
        verdicts(a, variant, urls),
        verdicts(b, variant, urls),
        "{variant}: verdicts differ between\n{a}\n---- and ----\n{b}\nfor {urls:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Groups for different agents, in any order: the same verdicts, in every variant.
    #[test]
    fn group_order_does_not_matter(
        (groups, shuffled) in groups().prop_flat_map(|g| (Just(g.clone()), Just(g).prop_shuffle())),
        urls in urls(),
    ) {
        let before = text(&file_lines(&groups));
        let after = text(&file_lines(&shuffled));
        for &variant in Variant::ALL {
            assert_same_verdicts(&before, &after, variant, &urls);
        }
    }

    /// Sitemap, unknown and comment lines anywhere — between user-agent lines, between rules,
    /// before the first group: the same verdicts, in every variant.
    #[test]
    fn neutral_lines_do_not_matter(
        groups in groups(),
        extra in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(NEUTRAL_LINES)), 1..6),
        urls in urls(),
    ) {
        let lines = file_lines(&groups);
        let mut with_extra = lines.clone();
        for (at, line) in extra {
            with_extra.insert(at.index(with_extra.len() + 1), line.to_owned());
        }
        for &variant in Variant::ALL {
            assert_same_verdicts(&text(&lines), &text(&with_extra), variant, &urls);
        }
    }

    /// Under longest match, the order of a group's rules does not matter (ties go to Allow
    /// whatever the order); groups for the same agent may repeat, since they are merged.
    #[test]
    fn rule_order_does_not_matter_under_longest_match(
        (groups, shuffled) in groups().prop_flat_map(|groups| {
            let shuffled: Vec<_> = groups
                .iter()
                .map(|g| {
                    let agents = g.agents.clone();
                    Just(g.rules.clone())
                        .prop_shuffle()
                        .prop_map(move |rules| Group { agents: agents.clone(), rules })
                })
                .collect();
            (Just(groups), shuffled)
        }),
        urls in urls(),
    ) {
        let before = text(&file_lines(&groups));
        let after = text(&file_lines(&shuffled));
        // docs/variants.md: longest match under these three, not under 1994 and 1996.
        for variant in [Variant::RepDraft2019, Variant::Rfc9309, Variant::Google] {
            assert_same_verdicts(&before, &after, variant, &urls);
        }
    }

    /// A file the strict parser accepts has the same model as its lenient reading.
    #[test]
    fn strict_acceptance_keeps_the_lenient_model(
        groups in groups(),
        noise in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec![
            "# comment", "Sitemap: https://example.com/s.xml", "Disallow /no-colon",
            "  User-agent: indented", "Allow: /caf\u{e9}", "Crawl-delay: 1", "Disallow:", "\t",
        ])), 0..3),
    ) {
        let mut lines = file_lines(&groups);
        for (at, line) in noise {
            lines.insert(at.index(lines.len() + 1), line.to_owned());
        }
        let file = text(&lines);
        for &variant in Variant::ALL {
            let lenient = parse(file.as_bytes(), variant);
            if let Ok(strict) = parse_strict(file.as_bytes(), variant) {
                let (strict, lenient) = (Robots::from_parsed(&strict), Robots::from_parsed(&lenient));
                prop_assert!(common::model(&strict) == common::model(&lenient), "{}", variant);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The diff of a body already parsed under each reading, with every finding collected (as
    /// the access policy and the study parse it), answers as a `Comparer` of the body: the
    /// same verdicts, disagreements, reasons and evidence.
    #[test]
    fn the_diff_of_parsed_files_is_the_comparers(
        groups in groups(),
        neutral in prop::sample::select(NEUTRAL_LINES),
        urls in urls(),
    ) {
        use robotspec::diff::{compare_parsed, Comparer};
        use robotspec::{AgentQuery, ParseOptions};
        let mut lines = file_lines(&groups);
        lines.insert(lines.len() / 2, neutral.to_owned());
        let body = text(&lines);
        let options = ParseOptions::default();
        let files: Vec<Robots> = Variant::ALL
            .iter()
            .map(|&v| Robots::parse_with(body.as_bytes(), v, &options).unwrap())
            .collect();
        let comparer = Comparer::new(body.as_bytes(), Variant::ALL.iter().copied());
        for agent in QUERY_AGENTS {
            let query = AgentQuery::new(*agent);
            for url in &urls {
                let parsed = compare_parsed(&files, &query, url);
                let whole = comparer.compare_query(&query, url);
                prop_assert_eq!(
                    serde_json::to_value(&parsed).unwrap(),
                    serde_json::to_value(&whole).unwrap()
                );
            }
        }
    }
}

/// The generators produce files that the strict parsers accept, so that the last property is
/// not vacuous, and files where order matters for other precedences, so that the others are not
/// trivially true.
#[test]
fn generated_files_exercise_the_properties() {
    let file = "User-agent: alpha\nDisallow: /a\nAllow: /a\n\nUser-agent: *\nDisallow: /\n";
    for &variant in Variant::ALL {
        assert!(
            parse_strict(file.as_bytes(), variant).is_ok() || variant == Variant::Convention1994,
            "{variant} rejects a plain file"
        );
    }
    // Under first match the order of rules does decide.
    let swapped = "User-agent: alpha\nAllow: /a\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n";
    let urls = ["/a".to_owned()];
    assert_ne!(
        verdicts(file, Variant::Draft1996, &urls),
        verdicts(swapped, Variant::Draft1996, &urls)
    );
}
