//! The exact analysis (`robotspec::analysis`) held to `Robots::check` on generated files under
//! every variant and some composed readings: every witness gets the verdict and rule it claims,
//! and brute force over every request path up to a length — made of the files' own bytes, `%`
//! and hex digits, and one byte no pattern holds — agrees with every `everything`, `nothing`
//! and `equivalent`, finds no witness that is not the shortest and smallest, and finds no path a
//! dead rule decides.
//!
//! `ROBOTSPEC_ANALYSIS_CASES` sets the number of generated cases (default 48 per property).
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use std::cmp::Ordering;

use proptest::prelude::*;
use robotspec::analysis::{self, Analysis, Blocked, Equivalence, Paths, Witness};
use robotspec::model::Rule;
use robotspec::{AgentQuery, Applicable, Decision, Profile, Robots, Variant};

/// The readings every property runs under: the five variants and composed readings that mix
/// their decisions (precedence, wildcards and encodings from different texts).
fn readings() -> Vec<Profile> {
    let composed = [
        "rfc9309+precedence=first-match",
        "rep-draft-2019+precedence=any-disallow",
        "draft-1996+wildcards=yes",
        "convention-1994+precedence=longest-match",
        "rfc9309+pattern-encoding=decode-1996",
        "google+target-encoding=as-patterns",
        "rfc9309+robots-txt-always-allowed=no",
    ];
    Variant::ALL
        .iter()
        .map(|&v| Profile::from(v))
        .chain(composed.iter().map(|name| name.parse().unwrap()))
        .collect()
}

fn cases() -> u32 {
    std::env::var("ROBOTSPEC_ANALYSIS_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(48)
}

/// A pattern: mostly `/` and then pieces with wildcards, `$`, escapes, case and bytes a
/// reading escapes; sometimes one that does not start with `/`.
fn pattern() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a", "b", "A", "*", "$", "/", "%41", "%61", "%2F", "%2f", "%", "%4", "?", "é", "~", "%7E",
        "ab", ".", "x",
    ]);
    (
        prop::sample::select(vec!["/", "/", "/", "/", "", "*"]),
        prop::collection::vec(piece, 0..4),
    )
        .prop_map(|(start, pieces)| format!("{start}{}", pieces.concat()))
}

/// An Allow or Disallow line.
fn rule() -> impl Strategy<Value = String> {
    (any::<bool>(), pattern()).prop_map(|(allow, pattern)| {
        let key = if allow { "Allow" } else { "Disallow" };
        format!("{key}: {pattern}\n")
    })
}

/// A file: one or two groups of Allow/Disallow rules, sometimes split by a blank line.
fn file() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(rule(), 0..5),
        prop::collection::vec(rule(), 0..3),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(first, second, blank, named)| {
            let mut text = String::from("User-agent: *\n");
            for (i, rule) in first.iter().enumerate() {
                if blank && i == 1 {
                    text.push('\n');
                }
                text.push_str(rule);
            }
            if named {
                text.push_str("\nUser-agent: foobot\n");
                second.iter().for_each(|rule| text.push_str(rule));
            }
            text
        })
}

/// The bytes brute force builds paths from: the file's own path bytes (at most eight, the
/// first in file order), `/`, `%`, the hex digits the file's escapes use, and one byte no
/// pattern holds.
fn alphabet(file: &str) -> Vec<u8> {
    let mut bytes: Vec<u8> = vec![b'/', b'%', b'z'];
    for byte in file
        .lines()
        .filter_map(|line| line.split_once(": ").map(|(_, value)| value))
        .flat_map(str::bytes)
    {
        let path_byte = (0x21..=0x7E).contains(&byte) && byte != b'#';
        if path_byte && !bytes.contains(&byte) && bytes.len() < 11 {
            bytes.push(byte);
        }
    }
    bytes
}

/// Every request path up to `max` bytes after the leading `/` over `alphabet`, those that start
/// with `//` included.
fn paths(alphabet: &[u8], max: usize) -> Vec<String> {
    let mut all = vec![String::from("/")];
    let mut layer = all.clone();
    for _ in 0..max {
        let mut next = Vec::new();
        for path in &layer {
            for &byte in alphabet {
                let mut longer = path.clone();
                longer.push(char::from(byte));
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all
}

/// Paths are ordered by length, then those that do not start with `//` first, then bytes: the
/// order witnesses are smallest in.
fn order(a: &str, b: &str) -> Ordering {
    let key = |p: &str| (p.len(), p.starts_with("//"), p.as_bytes().to_vec());
    key(a).cmp(&key(b))
}

/// The URL that asks for the request path `path`: a bare `//x` would name the host `x`.
fn url(path: &str) -> String {
    format!("http://example.com{path}")
}

/// A path the question leaves out: `/robots.txt`, as given or as the reading normalises it.
fn left_out(applicable: &Applicable<'_>, path: &str) -> bool {
    path == "/robots.txt" || applicable.check(&url(path)).decision() == Decision::RobotsTxt
}

fn same_rule(a: Option<Rule<'_>>, b: Option<Rule<'_>>) -> bool {
    a.map(|r| (r.line(), r.kind(), r.pattern().to_vec()))
        == b.map(|r| (r.line(), r.kind(), r.pattern().to_vec()))
}

/// The witness gets from `check` the verdict, decision and rule it claims.
fn check_witness(applicable: &Applicable<'_>, witness: &Witness<'_>) -> Result<(), TestCaseError> {
    let verdict = applicable.check(&url(witness.path()));
    prop_assert_eq!(verdict.allowed(), witness.allowed(), "{}", witness);
    prop_assert_eq!(verdict.decision(), witness.decision(), "{}", witness);
    prop_assert!(same_rule(verdict.rule(), witness.rule()), "{}", witness);
    prop_assert!(!left_out(applicable, witness.path()));
    let path = witness.path().as_bytes();
    prop_assert!(path.first() == Some(&b'/'));
    prop_assert!(path
        .iter()
        .skip(1)
        .all(|&b| (0x21..=0x7E).contains(&b) && b != b'#'));
    Ok(())
}

/// The analysis of `agent`'s rules agrees with `check` and `explain` on every path of `paths`.
fn check_analysis(
    robots: &Robots,
    agent: &AgentQuery,
    analysis: &Analysis<'_>,
    paths: &[String],
) -> Result<(), TestCaseError> {
    let applicable = &robots.applicable(agent);
    prop_assert_eq!(analysis.undecided(), None);
    for witness in [analysis.allowed_example(), analysis.disallowed_example()]
        .into_iter()
        .flatten()
    {
        check_witness(applicable, witness)?;
    }
    let dead = analysis.dead_rules().unwrap_or_default();
    for path in paths.iter().filter(|p| !left_out(applicable, p)) {
        let verdict = applicable.check(&url(path));
        let example = if verdict.allowed() {
            analysis.allowed_example()
        } else {
            analysis.disallowed_example()
        };
        match example {
            None => prop_assert!(
                false,
                "{path} is {} but the reach is {}",
                verdict.allowed(),
                analysis.blocked()
            ),
            Some(witness) => prop_assert!(
                order(witness.path(), path) != Ordering::Greater,
                "{path} is shorter or smaller than the witness {}",
                witness
            ),
        }
        if let Some(rule) = verdict.rule() {
            prop_assert!(
                !dead.iter().any(|d| same_rule(Some(d.rule()), Some(rule))),
                "{path} is decided by dead rule line {}",
                rule.line()
            );
        }
        // Wherever a dead rule matches, every rule said to shadow it matches too.
        let matching = robots.explain(agent, &url(path)).matching().to_vec();
        let matches = |rule: Rule<'_>| matching.iter().any(|m| same_rule(Some(*m), Some(rule)));
        for dead in dead.iter().filter(|d| matches(d.rule())) {
            for shadow in dead.shadowed_by().unwrap_or_default() {
                prop_assert!(
                    matches(*shadow),
                    "{path}: line {} matches, line {} said to shadow it does not",
                    dead.rule().line(),
                    shadow.line()
                );
            }
            prop_assert!(
                dead.cause() != robotspec::analysis::DeadCause::NeverMatches,
                "{path} matches line {}, said to match nothing",
                dead.rule().line()
            );
        }
    }
    let expected = match (analysis.allowed_example(), analysis.disallowed_example()) {
        (Some(_), Some(_)) => Blocked::Some,
        (None, Some(_)) => Blocked::All,
        _ => Blocked::None,
    };
    prop_assert_eq!(analysis.blocked(), expected);
    Ok(())
}

/// The comparison agrees with `check` on both sides on every path of `paths`.
fn check_equivalence(
    old: &Applicable<'_>,
    new: &Applicable<'_>,
    equivalence: &Equivalence<'_, '_>,
    paths: &[String],
) -> Result<(), TestCaseError> {
    prop_assert_eq!(equivalence.undecided(), None);
    for difference in equivalence.differences() {
        check_witness(old, difference.in_old())?;
        check_witness(new, difference.in_new())?;
        prop_assert_ne!(difference.in_old().allowed(), difference.in_new().allowed());
    }
    for path in paths
        .iter()
        .filter(|p| !left_out(old, p) && !left_out(new, p))
    {
        let (a, b) = (
            old.check(&url(path)).allowed(),
            new.check(&url(path)).allowed(),
        );
        if a == b {
            continue;
        }
        let found = if a {
            equivalence.allowed_only_by_old()
        } else {
            equivalence.allowed_only_by_new()
        };
        match found {
            None => prop_assert!(false, "{path}: {a} then {b}, but no difference is reported"),
            Some(difference) => prop_assert!(
                order(difference.path(), path) != Ordering::Greater,
                "{path} is shorter or smaller than the difference at {}",
                difference.path()
            ),
        }
    }
    prop_assert_eq!(
        equivalence.equivalent(),
        Some(equivalence.differences().next().is_none())
    );
    Ok(())
}

/// `nearest` of a fresh comparison (its own search, which stops past the first length) is
/// what `differences` of a comparison searched to the end gives as short as the shortest.
fn check_nearest(
    old: &Applicable<'_>,
    new: &Applicable<'_>,
    paths: Paths,
) -> Result<(), TestCaseError> {
    let shown = |differences: Vec<&robotspec::analysis::Difference<'_, '_>>| -> Vec<String> {
        differences
            .iter()
            .map(|d| format!("{} {} {}", d.path(), d.in_old(), d.in_new()))
            .collect()
    };
    let searched = analysis::compare_within(old, new, paths);
    prop_assert_eq!(searched.undecided(), None);
    let all: Vec<_> = searched.differences().collect();
    let shortest = all.iter().map(|d| d.path().len()).min();
    let expected: Vec<_> = all
        .into_iter()
        .filter(|d| Some(d.path().len()) == shortest)
        .collect();
    let fresh = analysis::compare_within(old, new, paths);
    let (nearest, limit) = fresh.nearest();
    prop_assert_eq!(limit, None);
    prop_assert_eq!(shown(nearest.iter().collect()), shown(expected.clone()));
    // Asked after the search to the end, it is read from that search.
    let (again, _) = searched.nearest();
    prop_assert_eq!(shown(again.iter().collect()), shown(expected));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// The nearest differences, of two files under one reading and of one file under two
    /// readings.
    #[test]
    fn the_nearest_differences_are_the_shortest(old in file(), new in file()) {
        let readings = readings();
        for profile in &readings {
            let (a, b) = (Robots::parse(old.as_bytes(), *profile), Robots::parse(new.as_bytes(), *profile));
            check_nearest(&a.unnamed(), &b.unnamed(), Paths::All)?;
        }
        for (i, first) in readings.iter().enumerate() {
            for second in readings.iter().skip(i + 1) {
                let a = Robots::parse(old.as_bytes(), *first);
                let b = Robots::parse(old.as_bytes(), *second);
                check_nearest(&a.unnamed(), &b.unnamed(), Paths::All)?;
                check_nearest(&a.unnamed(), &b.unnamed(), Paths::Plain)?;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Blocked, witnesses and dead rules, for the `*` groups, a named crawler and an unnamed one.
    #[test]
    fn analysis_agrees_with_check(file in file()) {
        let paths = paths(&alphabet(&file), 4);
        for profile in readings() {
            let robots = Robots::parse(file.as_bytes(), profile);
            for agent in [AgentQuery::new("UnnamedBot"), AgentQuery::new("FooBot")] {
                let analysis = analysis::analyze(&robots.applicable(&agent));
                check_analysis(&robots, &agent, &analysis, &paths)?;
            }
        }
    }

    /// Two files under one reading.
    #[test]
    fn comparing_two_files_agrees_with_check(old in file(), new in file()) {
        let paths = paths(&alphabet(&(old.clone() + &new)), 4);
        for profile in readings() {
            let (a, b) = (Robots::parse(old.as_bytes(), profile), Robots::parse(new.as_bytes(), profile));
            let equivalence = analysis::compare(&a.unnamed(), &b.unnamed());
            check_equivalence(&a.unnamed(), &b.unnamed(), &equivalence, &paths)?;
        }
    }

    /// One file under two readings: every pair of the readings, over every path and over the
    /// plain ones (no `%`, `*` or `$`).
    #[test]
    fn comparing_two_readings_agrees_with_check(file in file()) {
        let alphabet = alphabet(&file);
        let every = paths(&alphabet, 3);
        let plain_bytes: Vec<u8> = alphabet.iter().copied().filter(|b| !b"%*$".contains(b)).collect();
        let plain = paths(&plain_bytes, 3);
        let readings = readings();
        for (i, first) in readings.iter().enumerate() {
            for second in readings.iter().skip(i + 1) {
                let a = Robots::parse(file.as_bytes(), *first);
                let b = Robots::parse(file.as_bytes(), *second);
                let equivalence = analysis::compare(&a.unnamed(), &b.unnamed());
                check_equivalence(&a.unnamed(), &b.unnamed(), &equivalence, &every)?;
                let within = analysis::compare_within(&a.unnamed(), &b.unnamed(), Paths::Plain);
                check_equivalence(&a.unnamed(), &b.unnamed(), &within, &plain)?;
                for difference in within.differences() {
                    prop_assert!(!difference.path().contains(['%', '*', '$']));
                }
            }
        }
    }
}

/// A file of several named groups drawn from a few rule lists, so that different groups often
/// say the same, and crawlers named in more than one group.
fn file_of_repeated_groups() -> impl Strategy<Value = String> {
    let lists = prop::collection::vec(prop::collection::vec(rule(), 0..3), 1..3);
    (lists, prop::collection::vec((0..4usize, 0..2usize), 1..7)).prop_map(|(lists, groups)| {
        let mut text = String::new();
        for (agent, list) in groups {
            let agent = ["a", "b", "c", "*"][agent];
            text.push_str(&format!("User-agent: {agent}\n"));
            lists[list % lists.len()]
                .iter()
                .for_each(|rule| text.push_str(rule));
            text.push('\n');
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Crawlers whose rules say the same share one analysis and one comparison
    /// (`analyze_each`, `compare_each`): each answer is the one `analyze` and `compare` give
    /// the crawler alone, its own rules' lines included — also where the crawlers are of the
    /// file under every reading at once (readings that match paths alike share answers) and of
    /// two copies of it.
    #[test]
    fn shared_answers_are_each_crawlers_own(file in file_of_repeated_groups()) {
        let queries: Vec<AgentQuery> =
            ["a", "b", "c", "d"].iter().map(|a| AgentQuery::new(*a)).collect();
        let files: Vec<Robots> = readings()
            .into_iter()
            .flat_map(|profile| [0, 1].map(|_| Robots::parse(file.as_bytes(), profile)))
            .collect();
        let (mut everyone, mut files_of) = (Vec::new(), Vec::new());
        for robots in &files {
            let mut crawlers: Vec<Applicable<'_>> = queries.iter().map(|q| robots.applicable(q)).collect();
            crawlers.push(robots.unnamed());
            let unnamed = robots.unnamed();
            let compared = analysis::compare_each(&crawlers, &unnamed);
            for (crawler, compared) in crawlers.iter().zip(&compared) {
                let alone = analysis::compare(crawler, &unnamed);
                prop_assert_eq!(serde_json::to_value(compared).unwrap(), serde_json::to_value(&alone).unwrap(), "{}", robots.profile());
            }
            files_of.extend(crawlers.iter().map(|_| robots));
            everyone.extend(crawlers);
        }
        let analyses = analysis::analyze_each(&everyone);
        for ((crawler, shared), robots) in everyone.iter().zip(&analyses).zip(files_of) {
            let alone = analysis::analyze(crawler);
            prop_assert_eq!(serde_json::to_value(shared).unwrap(), serde_json::to_value(&alone).unwrap(), "{}", robots.profile());
        }
    }
}

/// `compare_pairs` answers each pair as `compare` answers it alone, where the pairs share
/// sides and one-sided searches: every crawler of `file` under every ordered pair of readings
/// (readings that read its rules alike share their searches), and under budgets so small that
/// the searches run out of them (a shared search leaves each pair the budget it left).
fn check_pairs_alone(file: &str) -> Result<(), TestCaseError> {
    use robotspec::{Limit, Limits, ParseOptions};
    let queries: Vec<AgentQuery> = ["a", "b", "UnnamedBot"]
        .iter()
        .map(|a| AgentQuery::new(*a))
        .collect();
    for states in [None, Some(80), Some(400)] {
        let limits = states.map_or_else(Limits::default, |states| {
            Limits::default().with(Limit::AnalysisStates, states)
        });
        let options = ParseOptions::default().with_limits(limits);
        let files: Vec<Robots> = readings()
            .into_iter()
            .map(|profile| Robots::parse_with(file.as_bytes(), profile, &options).unwrap())
            .collect();
        let (mut pairs, mut readings_of) = (Vec::new(), Vec::new());
        for query in &queries {
            for (i, old) in files.iter().enumerate() {
                for (j, new) in files.iter().enumerate() {
                    if i != j {
                        pairs.push((old.applicable(query), new.applicable(query)));
                        readings_of.push((*old.profile(), *new.profile()));
                    }
                }
            }
        }
        let shared = analysis::compare_pairs(&pairs);
        prop_assert_eq!(shared.len(), pairs.len());
        for (((old, new), shared), readings) in pairs.iter().zip(&shared).zip(&readings_of) {
            let alone = analysis::compare(old, new);
            let example = |e: &Equivalence<'_, '_>| e.example().map(|d| d.path().to_owned());
            prop_assert_eq!(example(shared), example(&alone), "{:?}: {}", states, file);
            prop_assert_eq!(
                serde_json::to_value(shared).unwrap(),
                serde_json::to_value(&alone).unwrap(),
                "{} against {}, {:?}: {}",
                readings.0,
                readings.1,
                states,
                file
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Pairs compared at once (`compare_pairs`) are answered as each pair alone.
    #[test]
    fn pairs_compared_at_once_are_each_pairs_own(file in file()) {
        check_pairs_alone(&file)?;
    }

    /// Likewise where crawlers share groups, and sides their rules.
    #[test]
    fn pairs_of_repeated_groups_are_each_pairs_own(file in file_of_repeated_groups()) {
        check_pairs_alone(&file)?;
    }
}

/// `blocked_each` answers with `analyze`'s `blocked` for every crawler of `file` under every
/// reading, and under budgets so small that the analysis runs out of them — all asked at once,
/// so that crawlers of readings that match paths alike, under the same budget, share answers.
fn check_blocked_alone(file: &str) -> Result<(), TestCaseError> {
    use robotspec::{Limit, Limits, ParseOptions};
    let queries: Vec<AgentQuery> = ["a", "b", "c", "FooBot", "UnnamedBot"]
        .iter()
        .map(|a| AgentQuery::new(*a))
        .collect();
    let mut files = Vec::new();
    for profile in readings() {
        for states in [None, Some(0), Some(80), Some(200), Some(400), Some(1_000)] {
            let limits = states.map_or_else(Limits::default, |states| {
                Limits::default().with(Limit::AnalysisStates, states)
            });
            let options = ParseOptions::default().with_limits(limits);
            files.push(Robots::parse_with(file.as_bytes(), profile, &options).unwrap());
        }
    }
    let (crawlers, files_of): (Vec<Applicable<'_>>, Vec<&Robots>) = files
        .iter()
        .flat_map(|robots| queries.iter().map(move |q| (robots.applicable(q), robots)))
        .unzip();
    let at_once = analysis::blocked_each(&crawlers);
    for ((crawler, blocked), robots) in crawlers.iter().zip(at_once).zip(files_of) {
        let analysed = analysis::analyze(crawler).blocked();
        let limits = robots.options().limits();
        prop_assert_eq!(
            blocked,
            analysed,
            "{} {:?}: {}",
            robots.profile(),
            limits,
            file
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// What is blocked, asked alone (`blocked_each`, the few generic paths that settle it), is
    /// what the whole analysis says.
    #[test]
    fn blocked_alone_is_the_analysis_answer(file in file()) {
        check_blocked_alone(&file)?;
    }

    /// Likewise on files of repeated groups, where crawlers share one answer.
    #[test]
    fn blocked_alone_is_shared_as_the_analysis_is(file in file_of_repeated_groups()) {
        check_blocked_alone(&file)?;
    }
}

/// `blocked_each` where no generic path can be made (the complete search answers), and
/// where nothing can be disallowed (no query at all).
#[test]
fn blocked_alone_without_a_fresh_byte_or_a_disallow() {
    let every_byte = "!\"'(),-;<=>?@[\\]^_`{|}~ghijklmnpquvwyzGHIJKLMNOPQRSTUVWXYZ";
    let files = [
        format!("User-agent: *\nDisallow: /{every_byte}\nAllow: /a$\n"),
        String::from("User-agent: *\nAllow: /a\nAllow: /*b$\n"),
        String::from("User-agent: *\nDisallow: /\nAllow: /robots.txt$\n"),
        String::from("User-agent: *\nDisallow: /*\nAllow: /\n"),
    ];
    for file in &files {
        check_blocked_alone(file).unwrap();
    }
}

/// A file is equivalent to itself under every reading, and a reading to itself.
#[test]
fn a_file_is_equivalent_to_itself() {
    let file = b"User-agent: *\nDisallow: /a*b$\nAllow: /a%41\nDisallow: /%7E\n";
    for profile in readings() {
        let robots = Robots::parse(file, profile);
        let equivalence = analysis::compare(&robots.unnamed(), &robots.unnamed());
        assert_eq!(equivalence.equivalent(), Some(true), "{profile}");
    }
}

/// `Disallow: /` shuts everything out under every reading: `/robots.txt` is left out.
#[test]
fn disallow_root_is_everything_everywhere() {
    for profile in readings() {
        let robots = Robots::parse(b"User-agent: *\nDisallow: /\n", profile);
        let analysis = analysis::analyze(&robots.unnamed());
        assert_eq!(analysis.blocked(), Blocked::All, "{profile}");
        assert_eq!(analysis.disallowed_example().map(Witness::path), Some("/"));
    }
}

/// A rule is shown one way wherever an answer names it — trimmed, as a verdict shows it — in
/// the analysis's and the comparison's words and JSON, and in a dead rule's and its shadows'.
#[test]
fn a_rule_is_shown_trimmed_as_a_verdict_shows_it() {
    let file = b"User-agent: *\nDisallow: /a \t\nAllow: /b\t\nAllow: /b  \n";
    let robots = Robots::parse(file, Variant::Google);
    let verdict = robots.check("bot", "/a");
    assert_eq!(verdict.rule().unwrap().to_string(), "Disallow: /a");
    let analysis = analysis::analyze(&robots.unnamed());
    let disallowed = analysis.disallowed_example().unwrap();
    assert_eq!(
        disallowed.to_string(),
        "/a: disallowed by line 2: Disallow: /a"
    );
    assert_eq!(
        serde_json::to_value(disallowed).unwrap()["rule"],
        "Disallow: /a"
    );
    let dead = serde_json::to_value(analysis.dead_rules().unwrap()).unwrap();
    assert_eq!(dead[0]["rule"], "Allow: /b", "{dead}");
    assert_eq!(dead[0]["shadowed_by"][0]["rule"], "Allow: /b", "{dead}");
    let empty = Robots::parse(b"User-agent: *\n", Variant::Google);
    let compared = serde_json::to_value(analysis::compare(&robots.unnamed(), &empty.unnamed()));
    let compared = compared.unwrap();
    assert_eq!(
        compared["differences"][0]["old"]["rule"], "Disallow: /a",
        "{compared}"
    );
}

/// The budget is a count, so a tiny one stops the search for the shortest examples the same way
/// every time; the reach and the dead rules, which need no search, stay exact, and the examples
/// are still real paths with their real verdicts.
#[test]
fn a_budget_too_small_leaves_the_examples_unproven() {
    use robotspec::{Limit, Limits, ParseOptions};
    let file = b"User-agent: *\nDisallow: /*A*b*c*d\nAllow: /*x*y*z\nAllow: /*x*y*z\n";
    // Enough for the queries of the generic paths (three patterns and `*`, 73 units each, and
    // one more for the dead rule), not for a search.
    let options =
        ParseOptions::default().with_limits(Limits::default().with(Limit::AnalysisStates, 500));
    // Under RFC 9309 the `*` before `A` may take the `%2` of `%2A`, the escape the request
    // byte `*` is written as, so the shortest disallowed path takes a search; under Google's
    // reading the patterns' minimal instances give it (`/Abcd`).
    let robots = Robots::parse_with(file, Variant::Rfc9309, &options).unwrap();
    let first = analysis::analyze(&robots.unnamed());
    assert_eq!(first.undecided(), Some(Limit::AnalysisStates));
    assert_eq!(first.blocked(), Blocked::Some);
    assert_eq!(first.dead_rules().map(<[_]>::len), Some(1));
    for witness in [first.allowed_example(), first.disallowed_example()] {
        check_witness(&robots.unnamed(), witness.unwrap()).unwrap();
    }
    let again = analysis::analyze(&robots.unnamed());
    assert_eq!(
        serde_json::to_value(&first).unwrap(),
        serde_json::to_value(&again).unwrap()
    );
    let unlimited = Robots::parse(file, Variant::Rfc9309);
    let exact = analysis::analyze(&unlimited.unnamed());
    assert_eq!(exact.undecided(), None);
    // `/*bcd`, whose target `/%2Abcd` the pattern matches, is as short as `/Abcd` and smaller.
    assert_eq!(exact.disallowed_example().map(Witness::path), Some("/*bcd"));
    let google = Robots::parse_with(file, Variant::Google, &options).unwrap();
    let read_off = analysis::analyze(&google.unnamed());
    assert_eq!(read_off.undecided(), None);
    assert_eq!(
        read_off.disallowed_example().map(Witness::path),
        Some("/Abcd")
    );
}

/// Under a reading that compares the target as given, the shortest disallowed path is read off
/// the patterns' minimal instances (`minimal.rs`), with no automaton: a group whose automaton is
/// over the NFA limit still gets its exact difference from a file that allows everything.
#[test]
fn a_group_over_the_nfa_limit_still_gets_its_shortest_disallowed_path() {
    use robotspec::{Limit, Limits, ParseOptions};
    let mut file = String::from("User-agent: *\n");
    for i in 0..400 {
        file.push_str(&format!("Disallow: /*w{i}*x\n"));
    }
    file.push_str("Disallow: /*ab*\n");
    let options =
        ParseOptions::default().with_limits(Limits::default().with(Limit::NfaBytes, 10_000));
    let google = Robots::parse_with(file.as_bytes(), Variant::Google, &options).unwrap();
    let empty = Robots::parse(b"", Variant::Google);
    let compared = analysis::compare(&empty.unnamed(), &google.unnamed());
    assert_eq!(compared.equivalent(), Some(false));
    let (nearest, limit) = compared.nearest();
    let paths: Vec<&str> = nearest.iter().map(|d| d.path()).collect();
    assert_eq!((paths, limit), (vec!["/ab"], None));
    assert_eq!(
        compared
            .allowed_only_by_old()
            .map(|d| d.in_new().to_string()),
        Some("/ab: disallowed by line 402: Disallow: /*ab*".to_owned())
    );
}

/// A file whose patterns hold every byte a generic path could be made of is analysed by a
/// complete search instead: the same answers, held to `check` the same way.
#[test]
fn a_file_without_a_fresh_byte_is_searched_whole() {
    let every_byte = "!\"'(),-;<=>?@[\\]^_`{|}~ghijklmnpquvwyzGHIJKLMNOPQRSTUVWXYZ";
    let file = format!(
        "User-agent: *\nDisallow: /{every_byte}\nDisallow: /a\nAllow: /a$\nAllow: /a$\nDisallow: /b*c\n"
    );
    let alphabet = [b'/', b'a', b'b', b'c', b'%', b'!', b'z'];
    let paths = paths(&alphabet, 4);
    for profile in readings() {
        let robots = Robots::parse(file.as_bytes(), profile);
        let agent = AgentQuery::new("UnnamedBot");
        let analysis = analysis::analyze(&robots.applicable(&agent));
        check_analysis(&robots, &agent, &analysis, &paths).unwrap();
        if profile.name() == "google" {
            let dead: Vec<u32> = analysis
                .dead_rules()
                .unwrap()
                .iter()
                .map(|d| d.rule().line())
                .collect();
            assert_eq!(dead, [5], "{profile}");
        }
    }
}

/// The worked examples of docs/analysis.md, from the seeds' examples (tests/examples/bodies).
mod worked_examples {
    use super::*;

    fn body(example: &str) -> Vec<u8> {
        let path = crate::common::tests_dir().join(format!("examples/bodies/{example}.txt"));
        std::fs::read(path).unwrap()
    }

    fn only_difference(equivalence: &Equivalence<'_, '_>) -> (String, bool, bool) {
        let differences: Vec<_> = equivalence.differences().collect();
        assert_eq!(
            differences.len(),
            1,
            "{:?}",
            serde_json::to_string(equivalence)
        );
        let d = differences[0];
        (
            d.path().to_owned(),
            d.in_old().allowed(),
            d.in_new().allowed(),
        )
    }

    /// E3: `Disallow: /` shuts everything out under every variant; `/robots.txt` is left out.
    #[test]
    fn e3_everything() {
        for variant in Variant::ALL {
            let robots = Robots::parse(&body("E03"), *variant);
            let analysis = analysis::analyze(&robots.unnamed());
            assert_eq!(analysis.blocked(), Blocked::All, "{variant}");
            assert_eq!(analysis.disallowed_example().unwrap().path(), "/");
        }
    }

    /// E27: `Disallow: /` then `Allow: /p` — first match (1996) shuts everything out and the
    /// Allow never decides; longest match (2019 on) opens `/p`.
    #[test]
    fn e27_order_dependence() {
        let (draft, rfc) = (
            Robots::parse(&body("E27"), Variant::Draft1996),
            Robots::parse(&body("E27"), Variant::Rfc9309),
        );
        let first = analysis::analyze(&draft.unnamed());
        assert_eq!(first.blocked(), Blocked::All);
        let dead = first.dead_rules().unwrap();
        assert_eq!(
            (
                dead[0].rule().line(),
                dead[0].shadowed_by().unwrap()[0].line()
            ),
            (3, 2)
        );
        let longest = analysis::analyze(&rfc.unnamed());
        assert_eq!(longest.blocked(), Blocked::Some);
        assert_eq!(longest.allowed_example().unwrap().path(), "/p");
        let parted = analysis::compare(&draft.unnamed(), &rfc.unnamed());
        assert_eq!(only_difference(&parted), ("/p".to_owned(), false, true));
    }

    /// E11: the sharpest 1996-vs-2019 difference — under first match the Disallow is shadowed
    /// by the Allow written before it.
    #[test]
    fn e11_first_match_against_longest_match() {
        let query = AgentQuery::new("foobot");
        let draft = Robots::parse(&body("E11"), Variant::Draft1996);
        let newer = Robots::parse(&body("E11"), Variant::RepDraft2019);
        let analysis = analysis::analyze(&draft.applicable(&query));
        assert_eq!(analysis.blocked(), Blocked::None);
        assert_eq!(analysis.dead_rules().unwrap()[0].rule().line(), 3);
        let parted = analysis::compare(&draft.applicable(&query), &newer.applicable(&query));
        let expected = ("/example/page/disallowed.gif".to_owned(), true, false);
        assert_eq!(only_difference(&parted), expected);
    }

    /// E14: Googlebot's own group opens what `*` closes.
    #[test]
    fn e14_a_named_group_against_the_star_group() {
        let robots = Robots::parse(&body("E14"), Variant::Google);
        let googlebot = robots.applicable(&AgentQuery::new("Googlebot"));
        assert_eq!(analysis::analyze(&googlebot).blocked(), Blocked::None);
        assert_eq!(
            analysis::analyze(&robots.unnamed()).blocked(),
            Blocked::Some
        );
        let parted = analysis::compare(&googlebot, &robots.unnamed());
        assert_eq!(
            only_difference(&parted),
            ("/includes/".to_owned(), true, false)
        );
    }

    /// E8: 1994 knows no Allow and compares escapes as written; 1996 decodes them.
    #[test]
    fn e8_1994_against_1996() {
        let query = AgentQuery::new("webcrawler");
        let old = Robots::parse(&body("E08"), Variant::Convention1994);
        let new = Robots::parse(&body("E08"), Variant::Draft1996);
        let parted = analysis::compare(&old.applicable(&query), &new.applicable(&query));
        let paths: Vec<&str> = parted.differences().map(|d| d.path()).collect();
        assert_eq!(paths, ["/%74mp", "/tmp/ok.html"]);
    }

    /// E1: RFC 9309 and Google part only on escaped paths.
    #[test]
    fn e1_escapes_only() {
        let rfc = Robots::parse(&body("E01"), Variant::Rfc9309);
        let google = Robots::parse(&body("E01"), Variant::Google);
        let every = analysis::compare(&rfc.unnamed(), &google.unnamed());
        assert_eq!(only_difference(&every), ("/%74mp/".to_owned(), false, true));
        let plain = analysis::compare_within(&rfc.unnamed(), &google.unnamed(), Paths::Plain);
        assert_eq!(plain.equivalent(), Some(true));
    }

    /// E24: a blank line inside a group ends the record in 1996, not in 2019.
    #[test]
    fn e24_a_blank_line_inside_a_group() {
        let query = AgentQuery::new("foo");
        let draft = Robots::parse(&body("E24"), Variant::Draft1996);
        let newer = Robots::parse(&body("E24"), Variant::RepDraft2019);
        let parted = analysis::compare(&draft.applicable(&query), &newer.applicable(&query));
        assert_eq!(
            only_difference(&parted),
            ("/private".to_owned(), true, false)
        );
    }

    /// Paths that start with `//` are request paths like any other (`http://example.com//x`
    /// asks for `//x`): a rule written for them decides them, and witnesses that start with
    /// `//` come after the others of their length.
    #[test]
    fn double_slash_paths() {
        let file = b"User-agent: foo\nAllow: /A/\nAllow: /\nDisallow: //*\n";
        let foo = AgentQuery::new("foo");
        for variant in [Variant::Google, Variant::Rfc9309, Variant::RepDraft2019] {
            let robots = Robots::parse(file, variant);
            let analysis = analysis::analyze(&robots.applicable(&foo));
            assert_eq!(analysis.blocked(), Blocked::Some, "{variant}");
            let disallowed = analysis.disallowed_example().unwrap();
            assert_eq!(disallowed.path(), "//", "{variant}");
            assert_eq!(disallowed.rule().map(|r| r.line()), Some(4), "{variant}");
            assert_eq!(analysis.allowed_example().unwrap().path(), "/");
            assert_eq!(analysis.dead_rules().unwrap().len(), 0, "{variant}");
            assert!(!robots.is_allowed("foo", "http://example.com//"));
            // A bare `//x` names the host `x`, as Google's library reads it.
            assert!(robots.is_allowed("foo", "//x"));
            let parted = analysis::compare(&robots.applicable(&foo), &robots.unnamed());
            assert_eq!(only_difference(&parted), ("//".to_owned(), false, true));
        }
        // Of two differences of one length, the one that does not start with `//` is shown.
        let robots = Robots::parse(
            b"User-agent: *\nDisallow: //\nDisallow: /a/\n",
            Variant::Google,
        );
        let analysis = analysis::analyze(&robots.unnamed());
        assert_eq!(analysis.disallowed_example().unwrap().path(), "//");
        let robots = Robots::parse(
            b"User-agent: *\nDisallow: //\nDisallow: /a\n",
            Variant::Google,
        );
        let analysis = analysis::analyze(&robots.unnamed());
        assert_eq!(analysis.disallowed_example().unwrap().path(), "/a");
    }

    /// E28: an empty Disallow alone is a dead rule, and nothing is shut out.
    #[test]
    fn e28_empty_disallow() {
        let robots = Robots::parse(&body("E28"), Variant::Rfc9309);
        let analysis = analysis::analyze(&robots.unnamed());
        assert_eq!(analysis.blocked(), Blocked::None);
        let dead = analysis.dead_rules().unwrap();
        assert_eq!(dead[0].cause(), analysis::DeadCause::Empty);
    }
}

/// The corpus: for every file and the study's default crawlers, under every variant, the probes
/// the corpus study used before the exact analysis (`/`, and each rule's value as read, without
/// its wildcards, and that followed by `/`) never contradict the exact reach: under
/// `everything` no probe is allowed, under `nothing` none is disallowed. The vendored sample
/// under every variant; the shared corpus, when it is there, under the two default readings
/// (`google`, `rfc9309`: the whole corpus under all five takes a minute of a debug build).
mod corpus {
    use super::*;

    use crate::common::study_agents::STUDY_AGENTS as AGENTS;

    /// A value as a request path: a leading `/`, then every byte a client would escape
    /// escaped.
    fn as_path(value: &[u8]) -> String {
        let mut path = String::from("/");
        let value = value.strip_prefix(b"/").unwrap_or(value);
        for (i, &byte) in value.iter().enumerate() {
            let escape_starts = byte == b'%'
                && value
                    .get(i + 1..i + 3)
                    .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
            let plain =
                (0x21..=0x7E).contains(&byte) && byte != b'#' && (byte != b'%' || escape_starts);
            if plain {
                path.push(char::from(byte));
            } else {
                path.push_str(&format!("%{byte:02X}"));
            }
        }
        path
    }

    fn probes(applicable: &Applicable<'_>) -> Vec<String> {
        let mut probes = vec![String::from("/")];
        for rule in applicable.rules().filter(|r| !r.is_empty()) {
            let value = rule.value();
            let bare: Vec<u8> = value.iter().copied().filter(|&b| b != b'*').collect();
            let bare = bare.strip_suffix(b"$").unwrap_or(&bare).to_vec();
            probes.push(as_path(value));
            probes.push(as_path(&bare));
            probes.push(format!("{}/", as_path(&bare)));
        }
        probes
    }

    fn check_file(name: &str, body: &[u8], variants: &[Variant]) -> usize {
        let queries: Vec<AgentQuery> = AGENTS.iter().map(|a| AgentQuery::new(*a)).collect();
        let mut checked = 0;
        for variant in variants {
            let robots = Robots::parse(body, *variant);
            let applicables: Vec<Applicable<'_>> =
                queries.iter().map(|q| robots.applicable(q)).collect();
            let alone = analysis::blocked_each(&applicables);
            for ((applicable, analysis), blocked) in applicables
                .iter()
                .zip(analysis::analyze_each(&applicables))
                .zip(alone)
            {
                let reach = analysis.blocked();
                assert_eq!(blocked, reach, "{name} {variant}: blocked_each");
                for probe in probes(applicable) {
                    if left_out(applicable, &probe) {
                        continue;
                    }
                    let allowed = applicable.check(&url(&probe)).allowed();
                    let contradicts = match reach {
                        Blocked::All => allowed,
                        Blocked::None => !allowed,
                        _ => false,
                    };
                    assert!(
                        !contradicts,
                        "{name} {variant}: {probe} is {allowed}, the reach {reach}"
                    );
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn the_vendored_sample() {
        let files = crate::common::files_in("corpus/real");
        let checked: usize = files
            .iter()
            .map(|path| {
                let body = std::fs::read(path).unwrap();
                check_file(&crate::common::relative(path), &body, Variant::ALL)
            })
            .sum();
        assert!(
            files.len() > 200 && checked > 10_000,
            "{} files, {checked} probes",
            files.len()
        );
    }

    #[test]
    fn the_shared_corpus() {
        let Some(dir) = crate::common::shared_real_corpus("analysis::corpus::the_shared_corpus")
        else {
            return;
        };
        let files = crate::common::files_below(&dir);
        let readings = [Variant::Google, Variant::Rfc9309];
        for path in &files {
            check_file(
                &path.display().to_string(),
                &std::fs::read(path).unwrap(),
                &readings,
            );
        }
        assert!(files.len() > 4_000);
    }
}
