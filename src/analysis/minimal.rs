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
//! it — `/x*2A` matches `/x%2A`, the target of `/x*`, shorter than the instance `/x2A`. Such a
//! star saves at most one request byte, where the two digits after it become the escape's one;
//! where the pattern's bound less what its stars may save still exceeds the least bound of the
//! others, it cannot give the shortest path and the read-off goes on without it; otherwise it
//! says nothing.)
//!
//! So no disallowed path is shorter than the least bound `L` among the disallowing patterns,
//! and the disallowed paths of length `L` are the request paths of that length whose target is
//! one of those instances (never `/robots.txt`, which every question leaves out) and that the
//! matcher disallows; all the request paths of one target are decided alike, so the smallest
//! (`Normaliser::preimage`) stands for them. Asked about smallest first, in the order witnesses
//! are smallest in, the first the matcher disallows is the shortest disallowed path — the path
//! the search would find first, nearly always for one query instead of an automaton. Where
//! none of the first few is disallowed (an allow that outranks each; asking about each of a
//! long list would cost a verdict of each path), it says nothing and the search runs within
//! its budget.
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

/// The most queries of the matcher [`shortest_disallowed`] asks. The candidates are asked
/// smallest first, so the first disallowed one settles it — nearly always the first asked;
/// where an allow outranks each of many, asking about every one would cost what a verdict of
/// each path costs.
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
    let syntax = ranking.profile.pattern_syntax;
    // The least bound of the disallowing patterns and their instances of that bound, and the
    // least length a pattern whose star may end inside an escape may match a path of.
    let mut shortest = usize::MAX;
    let mut instances: Vec<Vec<u8>> = Vec::new();
    let mut escaping = usize::MAX;
    for (pattern, written) in ranking.patterns.iter().enumerate() {
        if ranking.ruling(u32::try_from(pattern).ok()).allowed {
            continue;
        }
        let (body, _) = split_end_anchor(written, syntax);
        let instance = least_instance(body, syntax.wildcards);
        if instance.first().is_some_and(|&first| first != b'/') {
            // Every target starts with `/`: a pattern that starts with another byte, as
            // written, matches none (`*.pdf` where `*` is no wildcard).
            continue;
        }
        let bound = normaliser.least_request(&instance)?;
        let saved = syntax
            .wildcards
            .then(|| saved_by_stars_in_escapes(body, surplus))
            .flatten();
        if let Some(saved) = saved {
            escaping = escaping.min(bound.saturating_sub(saved));
            continue;
        }
        if bound < shortest {
            shortest = bound;
            instances.clear();
        }
        if bound == shortest && instance != ROBOTS_TXT {
            instances.push(instance);
        }
    }
    // A path as short as the least bound, or shorter, may come from such a pattern.
    if escaping <= shortest {
        return None;
    }
    // The smallest request path of the least length for each instance, smallest first: the
    // first the matcher disallows is the answer.
    let mut candidates: Vec<String> = Vec::new();
    for instance in &instances {
        let path = normaliser.preimage(instance, Paths::All);
        if let Some(path) = path.filter(|path| path.len() == shortest) {
            candidates.push(path);
        }
    }
    for _ in 0..QUERIES {
        let smallest = candidates
            .iter()
            .min_by_key(|path| witness_order(path))?
            .clone();
        candidates.retain(|path| *path != smallest);
        let witness = Witness::asked(smallest, applicable);
        if !witness.allowed() {
            return Some(witness);
        }
    }
    None
}

/// What the stars of `body` that may end inside an escape one request byte is written as
/// (`surplus`: RFC 9309 writes `*` as `%2A`) may take off the instance's bound: `None` where no
/// star may. A star followed by both digits of such an escape may take its `%`, and the one
/// request byte of the escape then writes what the instance writes with two: `/x*2A` matches
/// `/x%2A`, the target of `/x*`, one byte shorter than `/x2A`. A star followed by one digit
/// may take `%X` (or `%`, the rest of the target giving the second digit) and save nothing but
/// be smaller: `*A` matches `/%2A`, the target of `/*`, as long as `/A` and smaller; `*2`
/// matches `/%24`, the target of `/$`. Stars between the digits may match nothing (`*2*A`);
/// elsewhere no star ends inside an escape that is shorter in the request than in the target.
fn saved_by_stars_in_escapes(body: &[u8], surplus: &[[u8; 2]]) -> Option<usize> {
    // From the end: the next two literal bytes, and whether the byte after is a star (a run of
    // stars is one star: its last one meets the literal bytes).
    let mut next: [Option<u8>; 2] = [None, None];
    let mut star_after = false;
    let mut saved = None;
    let digit = |byte: u8| surplus.iter().flatten().any(|&d| d == byte);
    for &byte in body.iter().rev() {
        if byte != b'*' {
            next = [Some(byte), next[0]];
            star_after = false;
            continue;
        }
        if !star_after {
            let takes_the_percent = matches!(next, [Some(x), Some(y)] if surplus.contains(&[x, y]));
            if takes_the_percent || next[0].is_some_and(digit) {
                saved = Some(saved.unwrap_or(0) + usize::from(takes_the_percent));
            }
        }
        star_after = true;
    }
    saved
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
    fn silent_only_where_a_star_may_end_inside_a_byte_escape_and_be_the_shortest() {
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
        // Such a star saves one byte at most: `/*Ajax` and `/*404` match no path shorter than
        // their instances, so `/b` and `/ab` are the shortest; beside `/abc`, `/x*2A` and
        // `/x*2*A` may (and do) match shorter paths.
        for (file, read_off, shortest) in [
            (
                &b"User-agent: *\nDisallow: /*Ajax\nDisallow: /b\n"[..],
                Some("/b"),
                "/b",
            ),
            (
                b"User-agent: *\nDisallow: /*404\nDisallow: /ab\n",
                Some("/ab"),
                "/ab",
            ),
            (
                b"User-agent: *\nDisallow: /x*2A\nDisallow: /abc\n",
                None,
                "/x*",
            ),
            (
                b"User-agent: *\nDisallow: /x*2*A\nDisallow: /abc\n",
                None,
                "/x*",
            ),
        ] {
            let (found, searched) = read_off_and_searched(file, Variant::Rfc9309);
            assert_eq!(path(&found), read_off);
            assert_eq!(searched.as_deref(), Some(shortest));
        }
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
        // Where `*` is no wildcard, `*.pdf` matches no path: `/abcdef` is the shortest.
        let file = b"User-agent: *\nDisallow: *.pdf\nDisallow: /abcdef\n";
        let (found, searched) = read_off_and_searched(file, Variant::Convention1994);
        assert_eq!(path(&found), Some("/abcdef"));
        assert_eq!(searched.as_deref(), Some("/abcdef"));
    }

    #[test]
    fn asks_the_smallest_first_and_is_silent_past_its_queries() {
        // Candidates of one length asked smallest first: `count` of them allowed (by a longer
        // allow) before the disallowed `/z`.
        let asked = |count: u8| {
            let mut file = String::from("User-agent: *\nDisallow: /z\n");
            for letter in b'a'..b'a' + count {
                let letter = char::from(letter);
                file.push_str(&format!("Disallow: /{letter}\nAllow: /{letter}$\n"));
            }
            let (found, searched) = read_off_and_searched(file.as_bytes(), Variant::Google);
            assert_eq!(searched.as_deref(), Some("/z"));
            found.map(|(path, _)| path)
        };
        let queries = u8::try_from(QUERIES).unwrap_or(u8::MAX);
        assert_eq!(asked(queries - 1).as_deref(), Some("/z"));
        assert_eq!(asked(queries), None);
        // More disallowed candidates than queries, in the file smallest first (the lowest
        // priority under the 1996 draft's first match): the smallest, asked first, settles it.
        let mut file = String::from("User-agent: *\n");
        for letter in b'a'..=b'a' + queries {
            file.push_str(&format!("Disallow: /{}\n", char::from(letter)));
        }
        let (found, searched) = read_off_and_searched(file.as_bytes(), Variant::Draft1996);
        assert_eq!(path(&found), Some("/a"));
        assert_eq!(searched.as_deref(), Some("/a"));
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
