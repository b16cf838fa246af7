//! The shortest disallowed path read off the patterns, where that settles it without a search.
//!
//! A path is disallowed when a pattern that disallows where it wins comes out on top there, so
//! it is a path that pattern matches. A pattern matches no path shorter than its *minimal
//! instance* — the pattern with every `*` matching nothing and no final `$` — and no other path
//! as long: a path as long leaves nothing to any `*` and nothing after the pattern. Where the
//! reading compares the target as given (Google's reading, the 1994 convention), a request path
//! is its own target, so no disallowed path is shorter than the shortest minimal instance `L`
//! among the disallowing patterns, and the disallowed paths of length `L` are exactly those of
//! these instances that are request paths (`/`, then the bytes of [`Paths::All`]; never
//! `/robots.txt`, which every question leaves out) and that the matcher disallows. Asking it
//! about each gives the shortest disallowed path, the smallest of them in the order witnesses
//! are smallest in — the path the search would find first, for the cost of a few queries
//! instead of an automaton. Where none of them is disallowed (an allow that outranks each), or
//! where settling it would take more than a few queries (a long list of such rules, each query
//! as dear as a verdict of its path), it says nothing and the search runs within its budget.
//!
//! The study asks this of every file whose 1994 or 1996 reading allows everything while a later
//! reading blocks some of it: their difference is the later reading's disallowed paths
//! (`compare.rs`, `against_uniform`). The tests hold it to the search on generated groups.

use super::normaliser::Normaliser;
use super::paths::{witness_order, Paths};
use super::ranking::Ranking;
use super::search::ROBOTS_TXT;
use super::witness::Witness;
use crate::pattern::split_end_anchor;
use crate::query::Applicable;

/// The most queries of the matcher [`shortest_disallowed`] asks. One or two settle a group;
/// instances in falling order (a list of many such rules) would have it ask about each, every
/// query costing what a verdict of that path costs.
const QUERIES: usize = 4;

/// The shortest disallowed path of `applicable` (ranked by `ranking`) and how it is decided,
/// when the minimal instances of its disallowing patterns settle it (see the module) within
/// [`QUERIES`] queries of the matcher; `None` when they do not, and only a search can tell.
pub(super) fn shortest_disallowed<'r>(
    applicable: &Applicable<'r>,
    ranking: &Ranking<'r>,
) -> Option<Witness<'r>> {
    if !Normaliser::of(&ranking.profile).reads_as_given() {
        return None;
    }
    let syntax = ranking.profile.pattern_syntax;
    // The length of the shortest minimal instance so far, the smallest of that length the
    // matcher disallows, and the queries asked.
    let mut shortest = usize::MAX;
    let mut found: Option<Witness<'r>> = None;
    let mut asked = 0;
    // Lowest priority first: under longest-match precedence, the shortest patterns first, so
    // that few queries go to instances a shorter one then outdoes.
    for (pattern, written) in ranking.patterns.iter().enumerate().rev() {
        let pattern = u32::try_from(pattern).ok();
        if ranking.ruling(pattern).allowed {
            continue;
        }
        // An instance that is no request path (`*.pdf`'s `.pdf`; bytes past ASCII, each made
        // two characters here) is never a candidate; its length only bounds the others less
        // tightly.
        let (body, _) = split_end_anchor(written, syntax);
        let instance: String = body
            .iter()
            .filter(|&&b| !(syntax.wildcards && b == b'*'))
            .map(|&b| char::from(b))
            .collect();
        if instance.len() < shortest {
            shortest = instance.len();
            found = None;
        }
        let smaller = |known: &Witness<'_>| witness_order(&instance) < witness_order(known.path());
        let candidate = instance.len() == shortest && found.as_ref().is_none_or(smaller);
        if candidate && is_request_path(instance.as_bytes()) {
            if asked == QUERIES {
                return None;
            }
            asked += 1;
            let witness = Witness::asked(instance, applicable);
            if !witness.allowed() {
                found = Some(witness);
            }
        }
    }
    found
}

/// Whether `path` is a request path a question covers: `/`, then bytes of [`Paths::All`], and
/// not `/robots.txt`.
fn is_request_path(path: &[u8]) -> bool {
    let mut bytes = path.iter();
    bytes.next() == Some(&b'/') && bytes.all(|&b| Paths::All.holds(b)) && path != ROBOTS_TXT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::search::{first_toward, Side, Tried};
    use crate::query::{AgentQuery, Robots};
    use crate::variant::Variant;
    use proptest::prelude::*;

    /// The shortest disallowed path by the search, as `analyze::shortest` finds it.
    fn searched(ranking: &Ranking<'_>) -> Option<String> {
        let mut budget = ranking.budget();
        let dfa = ranking.outcome_dfa(&mut budget).ok()?;
        let mut sides = [Side::new(Normaliser::of(&ranking.profile), dfa)];
        let tried = Tried::of(&sides, Paths::All);
        let wanted = |winner| !ranking.allows(winner);
        first_toward(&mut sides, &tried, wanted, &mut budget).ok()?
    }

    #[test]
    fn the_shortest_instance_that_is_disallowed() {
        let file =
            b"User-agent: *\nDisallow: /Abc\nAllow: /Abc\nDisallow: /*Bag*\nDisallow: /*Cat\n";
        let robots = Robots::parse(file, Variant::Google);
        let applicable = robots.applicable(&AgentQuery::new("bot"));
        let ranking = Ranking::new(&applicable);
        // `/Abc`, `/Bag` and `/Cat` are as short; `/Abc` is allowed (the allow wins the tie).
        let found = shortest_disallowed(&applicable, &ranking);
        assert_eq!(found.as_ref().map(Witness::path), Some("/Bag"));
        assert_eq!(found.and_then(|w| w.rule()).map(|r| r.line()), Some(4));
        assert_eq!(searched(&ranking).as_deref(), Some("/Bag"));
    }

    #[test]
    fn silent_where_no_instance_of_the_shortest_is_disallowed() {
        // `/a` is allowed by the longer allow; the shortest disallowed path is `/ab`, which no
        // minimal instance of length 2 shows: the search must answer.
        let file = b"User-agent: *\nDisallow: /a\nAllow: /a$\n";
        let robots = Robots::parse(file, Variant::Google);
        let applicable = robots.applicable(&AgentQuery::new("bot"));
        let ranking = Ranking::new(&applicable);
        assert!(shortest_disallowed(&applicable, &ranking).is_none());
        assert_eq!(searched(&ranking).as_deref(), Some("/a!"));
    }

    #[test]
    fn silent_where_targets_are_normalised() {
        let robots = Robots::parse(b"User-agent: *\nDisallow: /x\n", Variant::Rfc9309);
        let applicable = robots.applicable(&AgentQuery::new("bot"));
        let ranking = Ranking::new(&applicable);
        assert!(shortest_disallowed(&applicable, &ranking).is_none());
    }

    #[test]
    fn silent_past_its_queries() {
        // Candidates of one length, each asked after the one below it in the file (lowest
        // priority first), so each smaller than the one before: each is asked.
        let asked = |count: u8| {
            let mut file = String::from("User-agent: *\n");
            for letter in b'a'..b'a' + count {
                file.push_str(&format!("Disallow: /{}\n", char::from(letter)));
            }
            let robots = Robots::parse(file.as_bytes(), Variant::Google);
            let applicable = robots.applicable(&AgentQuery::new("bot"));
            let ranking = Ranking::new(&applicable);
            shortest_disallowed(&applicable, &ranking).map(|w| w.path().to_owned())
        };
        let queries = u8::try_from(QUERIES).unwrap_or(u8::MAX);
        assert_eq!(asked(queries).as_deref(), Some("/a"));
        assert_eq!(asked(queries + 1), None);
    }

    /// A pattern from bytes that the readings match as wildcards, anchors or as they are, with
    /// the `/` of `/robots.txt` and `//`.
    fn pattern() -> impl Strategy<Value = String> {
        let byte = prop_oneof![
            Just('/'),
            Just('a'),
            Just('b'),
            Just('*'),
            Just('$'),
            Just('%'),
            Just('2'),
            Just('!'),
        ];
        (
            prop_oneof![Just(""), Just("/"), Just("*"), Just("/robots.txt")],
            proptest::collection::vec(byte, 0..5),
        )
            .prop_map(|(start, bytes)| {
                bytes.into_iter().fold(start.to_owned(), |mut p, b| {
                    p.push(b);
                    p
                })
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        /// Where the instances settle it, they give the path the search finds first.
        #[test]
        fn instances_find_what_the_search_finds(
            rules in proptest::collection::vec((any::<bool>(), pattern()), 1..6),
        ) {
            let mut body = String::from("User-agent: *\n");
            for (allow, pattern) in &rules {
                let key = if *allow { "Allow" } else { "Disallow" };
                body.push_str(&format!("{key}: {pattern}\n"));
            }
            for variant in [Variant::Google, Variant::Convention1994] {
                let robots = Robots::parse(body.as_bytes(), variant);
                let applicable = robots.applicable(&AgentQuery::new("bot"));
                let ranking = Ranking::new(&applicable);
                if let Some(found) = shortest_disallowed(&applicable, &ranking) {
                    let expected = searched(&ranking);
                    prop_assert_eq!(Some(found.path()), expected.as_deref(), "{} {}", variant, body);
                }
            }
        }
    }
}
