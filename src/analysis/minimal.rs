//! The shortest disallowed path read off the patterns, where that settles it without a search.
//!
//! A path is disallowed when a pattern that disallows where it wins comes out on top there, so
//! its target is one that pattern matches. A pattern matches no target shorter than its
//! *minimal instance* — the pattern with every `*` matching nothing and no final `$`, and a `/`
//! in front where a leading `*` must take the `/` every target starts with — and a target that
//! holds more than the instance holds more pieces (`Normaliser::least_request`: an
//! escape `%XY`, or a byte). A request path writes each piece of its target with a piece of its
//! own, so no request path whose target the pattern matches is shorter than the fewest request
//! bytes that write the instance's pieces, `least_request` of the instance, and one of exactly
//! that length has the instance itself as its target. (Under a normalisation that writes a
//! request byte as an escape, a `*` followed by a digit of that escape may take the start of
//! it — `/x*2A` matches `/x%2A`, the target of `/x*`, shorter than the instance `/x2A` — so
//! there it says nothing.)
//!
//! So no disallowed path is shorter than the least bound `L` among the disallowing patterns,
//! and the disallowed paths of length `L` are the request paths of that length whose target is
//! one of those instances (never `/robots.txt`, which every question leaves out) and that the
//! matcher disallows; all the request paths of one target are decided alike, so the smallest
//! (`Normaliser::preimage`) stands for them. Asking it about each gives the shortest disallowed
//! path, the smallest of them in the order witnesses are smallest in — the path the search
//! would find first, for the cost of a few queries instead of an automaton. Where none of them
//! is disallowed (an allow that outranks each), or where settling it would take more than a few
//! queries (a long list of such rules, each query as dear as a verdict of its path), it says
//! nothing and the search runs within its budget.
//!
//! The study asks this of every file whose 1994 or 1996 reading allows everything while a later
//! reading blocks some of it: their difference is the later reading's disallowed paths
//! (`compare.rs`, `against_uniform`). The tests hold it to the search on generated groups,
//! under every reading.

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
    let normaliser = Normaliser::of(&ranking.profile);
    let surplus = normaliser.surplus()?;
    let stars = ranking.profile.pattern_syntax.wildcards;
    // The least bound so far, the smallest path of that length the matcher disallows, and the
    // queries asked.
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
        let (body, _) = split_end_anchor(written, ranking.profile.pattern_syntax);
        if stars && star_may_end_in_a_byte_escape(body, surplus) {
            return None;
        }
        let instance = least_instance(body, stars);
        let bound = normaliser.least_request(&instance)?;
        if bound < shortest {
            shortest = bound;
            found = None;
        }
        if bound > shortest || instance == ROBOTS_TXT {
            continue;
        }
        // A path of the least length whose target is the instance, the smallest there is: the
        // candidate, unless one found is smaller.
        let path = normaliser.preimage(&instance, Paths::All);
        let smaller = |path: &String| {
            let known = found.as_ref().map(|known| witness_order(known.path()));
            path.len() == bound && known.is_none_or(|known| witness_order(path) < known)
        };
        if let Some(path) = path.filter(smaller) {
            if asked == QUERIES {
                return None;
            }
            asked += 1;
            let witness = Witness::asked(path, applicable);
            if !witness.allowed() {
                found = Some(witness);
            }
        }
    }
    found
}

/// Whether a `*` of `body` may end inside an escape that one request byte is written as
/// (`surplus`: RFC 9309 writes `*` as `%2A`): where the first literal byte after it is a digit
/// of such an escape, the star may take the escape's `%` or `%X`. Then a request path that
/// writes the escape with one byte is shorter than the instance's bound (`/x*2A` matches
/// `/x%2A`, the target of `/x*`) or as long but smaller (`*A` matches `/%2A`, the target of
/// `/*`, which sorts before `/A`). Elsewhere no star ends inside an escape that is shorter in
/// the request than in the target.
fn star_may_end_in_a_byte_escape(body: &[u8], surplus: &[[u8; 2]]) -> bool {
    // The first literal byte after a run of stars is the one right after its last star.
    let digit = |byte: u8| surplus.iter().flatten().any(|&d| d == byte);
    body.windows(2)
        .any(|pair| matches!(*pair, [b'*', next] if next != b'*' && digit(next)))
}

/// The shortest target the pattern `body` (its end anchor split off) matches that a request
/// path can have: its minimal instance (every `*` matching nothing), with a `/` in front where
/// the pattern starts with `*` and the instance does not start with `/`. Every target starts
/// with `/`, so there the leading `*` takes at least one piece, and the one target a piece
/// longer than the instance is `/` and the instance (`*.pdf`: `/.pdf`).
fn least_instance(body: &[u8], stars: bool) -> Vec<u8> {
    let literal = move |b: &u8| !(stars && *b == b'*');
    let takes_the_slash =
        stars && body.first() == Some(&b'*') && body.iter().find(|b| literal(b)) != Some(&b'/');
    let slash = takes_the_slash.then_some(b'/');
    slash
        .into_iter()
        .chain(body.iter().copied().filter(literal))
        .collect()
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

    /// A crawler `bot`'s shortest disallowed path in `file` read as `variant`, read off the
    /// patterns (with its rule's line), and found by the search.
    fn read_off_and_searched(
        file: &[u8],
        variant: Variant,
    ) -> (Option<(String, Option<u32>)>, Option<String>) {
        let robots = Robots::parse(file, variant);
        let applicable = robots.applicable(&AgentQuery::new("bot"));
        let ranking = Ranking::new(&applicable);
        let found = shortest_disallowed(&applicable, &ranking);
        let read_off = found.map(|w| (w.path().to_owned(), w.rule().map(|r| r.line())));
        (read_off, searched(&ranking))
    }

    /// The read-off's path of `read_off_and_searched`.
    fn path(read_off: &Option<(String, Option<u32>)>) -> Option<&str> {
        read_off.as_ref().map(|(path, _)| path.as_str())
    }

    #[test]
    fn the_shortest_instance_that_is_disallowed() {
        let file =
            b"User-agent: *\nDisallow: /Abc\nAllow: /Abc\nDisallow: /*Bag*\nDisallow: /*Cat\n";
        // `/Abc`, `/Bag` and `/Cat` are as short; `/Abc` is allowed (the allow wins the tie).
        let (found, searched) = read_off_and_searched(file, Variant::Google);
        assert_eq!(path(&found), Some("/Bag"));
        assert_eq!(found.and_then(|(_, line)| line), Some(4));
        assert_eq!(searched.as_deref(), Some("/Bag"));
    }

    #[test]
    fn silent_where_no_instance_of_the_shortest_is_disallowed() {
        // `/a` is allowed by the longer allow; the shortest disallowed path is `/ab`, which no
        // minimal instance of length 2 shows: the search must answer.
        let file = b"User-agent: *\nDisallow: /a\nAllow: /a$\n";
        let (found, searched) = read_off_and_searched(file, Variant::Google);
        assert!(found.is_none());
        assert_eq!(searched.as_deref(), Some("/a!"));
    }

    #[test]
    fn under_a_normalisation_the_path_may_be_shorter_than_its_target() {
        // RFC 9309 writes `$` as `%24`: `/a%24` is the target of `/a$`, as short as `/bc`
        // and smaller.
        let file = b"User-agent: *\nDisallow: /a%24\nDisallow: /bc\n";
        let (found, searched) = read_off_and_searched(file, Variant::Rfc9309);
        assert_eq!(path(&found), Some("/a$"));
        assert_eq!(searched.as_deref(), Some("/a$"));
    }

    #[test]
    fn silent_only_where_a_star_may_end_inside_a_byte_escape() {
        // RFC 9309 writes `*` as `%2A`: `/x*2A` matches `/x%2A`, the target of `/x*`, shorter
        // than the instance `/x2A`; `*A` matches `/%2A`, the target of `/*`, as long as `/A`
        // and smaller.
        let star_2a = b"User-agent: *\nDisallow: /x*2A\n";
        for (file, shortest) in [
            (&star_2a[..], "/x*"),
            (b"User-agent: *\nDisallow: *A\n", "/*"),
        ] {
            let (found, searched) = read_off_and_searched(file, Variant::Rfc9309);
            assert!(found.is_none());
            assert_eq!(searched.as_deref(), Some(shortest));
        }
        // Google's reading compares the target as given.
        let (found, _) = read_off_and_searched(star_2a, Variant::Google);
        assert_eq!(path(&found), Some("/x2A"));
        // No escape one byte is written as has the digit `d`: the star takes nothing of one.
        let file = b"User-agent: *\nDisallow: /*docs\n";
        let (found, searched) = read_off_and_searched(file, Variant::Rfc9309);
        assert_eq!(path(&found), Some("/docs"));
        assert_eq!(searched.as_deref(), Some("/docs"));
    }

    #[test]
    fn a_byte_a_request_holds_only_escaped_counts_as_its_escape() {
        // The 1996 draft decodes escapes: the space of the target is `%20` in the request.
        let file = b"User-agent: *\nDisallow: /a b\n";
        let (found, searched) = read_off_and_searched(file, Variant::Draft1996);
        assert_eq!(path(&found), Some("/a%20b"));
        assert_eq!(searched.as_deref(), Some("/a%20b"));
    }

    #[test]
    fn a_leading_star_takes_the_slash_every_target_starts_with() {
        // `*.pdf` matches `/.pdf` at the least; `*` alone matches `/`.
        for (file, shortest) in [
            (
                &b"User-agent: *\nDisallow: *.pdf\nDisallow: /abcdef\n"[..],
                "/.pdf",
            ),
            (b"User-agent: *\nDisallow: /abcdef\nDisallow: *\n", "/"),
        ] {
            for variant in [Variant::Google, Variant::Rfc9309] {
                let (found, searched) = read_off_and_searched(file, variant);
                assert_eq!(path(&found), Some(shortest));
                assert_eq!(searched.as_deref(), Some(shortest));
            }
        }
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
            let (found, _) = read_off_and_searched(file.as_bytes(), Variant::Google);
            found.map(|(path, _)| path)
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
            Just('4'),
            Just('5'),
            Just('d'),
            Just('A'),
            Just('e'),
            Just('!'),
            Just(' '),
            Just('\u{e9}'),
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
            for variant in Variant::ALL.iter().copied() {
                let (found, searched) = read_off_and_searched(body.as_bytes(), variant);
                if found.is_some() {
                    prop_assert_eq!(path(&found), searched.as_deref(), "{} {}", variant, body);
                }
            }
        }
    }
}
