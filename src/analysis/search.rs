//! The breadth-first search over request paths and the readings' automata.
//!
//! A node of the search is where a path has led on every side: how far into the path it is
//! (nothing read, the leading `/`, more), and per side what the normaliser holds back, how much
//! of `/robots.txt` the normalised target still spells, and the state of the rules' DFA. Nodes
//! are visited shortest path first and, among paths of one length, in the order witnesses are
//! smallest in (`paths::witness_order`: byte order, with paths that start with `//` last):
//! children are made in that order of their last byte from parents taken in that order, so the
//! first path to reach a node is the shortest and smallest that does, and the first node at
//! which a question is answered gives the witness the analysis promises. Bytes that every side
//! reads alike are tried once, by their smallest member.
//!
//! The shortest path of one verdict on one side ([`first_toward`]) is found by rounds of
//! iterative deepening under a lower bound of the bytes still to read, each round depth first
//! in the same order: every answer a round can find is as long as its limit, so the first it
//! meets is the one the breadth-first search would give, and it meets it without walking every
//! other path of that length.

use super::budget::{Budget, Exceeded};
use super::dfa::{Dfa, DfaState};
use super::normaliser::{holds_digit, Normaliser, Pending, ESCAPE_DIGITS};
use super::paths::{byte_order, Paths};

/// `/robots.txt`, left out of every question.
pub(super) const ROBOTS_TXT: &[u8] = b"/robots.txt";
/// The normalised target is no longer a prefix of `/robots.txt`.
const DIVERGED: u8 = u8::MAX;

/// Whether `byte` may follow the leading `/` of a request path: printable ASCII but `#`.
pub(super) fn is_path_byte(byte: u8) -> bool {
    Paths::All.holds(byte)
}

/// One reading of one file: its normalisation and its rules' DFA.
pub(super) struct Side {
    normaliser: Normaliser,
    pub(super) dfa: Dfa,
    /// Held-back `%h` states made one where they cannot be told apart: see [`Side::held`].
    held: foldhash::HashMap<(DfaState, u8, Pending), Pending>,
    /// The first held-back state seen with each future ([`Future`]).
    futures: foldhash::HashMap<Future, Pending>,
    /// Scratch: the future being made, looked up without an allocation of its own.
    future: Vec<u8>,
}

impl Side {
    pub(super) fn new(normaliser: Normaliser, dfa: Dfa) -> Side {
        Side {
            normaliser,
            dfa,
            held: foldhash::HashMap::default(),
            futures: foldhash::HashMap::default(),
            future: Vec::new(),
        }
    }

    /// `at` with a held-back `%h` replaced by the first one seen in the same DFA and
    /// `/robots.txt` state whose every continuation leads where this one's does: the same
    /// states after each hex digit that would finish the escape, and after the `%h` is written
    /// out as it is (what any other byte, or the end of the path, does first). A path that
    /// holds back a `%` and a digit otherwise makes one node per digit — 22 of them for each
    /// state — where the rules can rarely tell more than one or two apart.
    fn held(&mut self, at: At, budget: &mut Budget) -> Result<At, Exceeded> {
        if !holds_digit(at.pending) {
            return Ok(at);
        }
        let key = (at.dfa, at.robots, at.pending);
        if let Some(&pending) = self.held.get(&key) {
            return Ok(At { pending, ..at });
        }
        let mut future = std::mem::take(&mut self.future);
        future.clear();
        write_state(&mut future, at);
        let mut out = Vec::new();
        for &digit in ESCAPE_DIGITS {
            out.clear();
            let mut then = at;
            then.pending = self.normaliser.step(at.pending, digit, &mut out);
            feed(self, &mut then, &out, budget)?;
            write_state(&mut future, then);
        }
        out.clear();
        self.normaliser.finish(at.pending, &mut out);
        let mut then = at;
        feed(self, &mut then, &out, budget)?;
        write_state(&mut future, then);
        // What the two maps hold for it, in the budget's units of four bytes: two for each
        // continuation (it takes less: five bytes), and the rest of the entries.
        budget.charge(2 * (ESCAPE_DIGITS.len() + 1) + 16)?;
        let pending = match self.futures.get(future.as_slice()) {
            Some(&pending) => pending,
            None => {
                self.futures.insert(future.as_slice().into(), at.pending);
                at.pending
            }
        };
        self.held.insert(key, pending);
        self.future = future;
        Ok(At { pending, ..at })
    }
}

/// Where each continuation of a held-back `%h` leads, after the DFA and `/robots.txt` state it
/// is held in: the states after each hex digit, then after the `%h` is written out as it is.
/// Each as five bytes ([`write_state`]): a search that holds many escapes back keeps one future
/// per state it holds one in (120 bytes, not the 192 of the states as `u32`s).
type Future = Box<[u8]>;

/// Appends the DFA and `/robots.txt` state of `at` to a future, in five bytes.
fn write_state(future: &mut Vec<u8>, at: At) {
    future.extend(at.dfa.to_le_bytes());
    future.push(at.robots);
}

/// Where a path has led on one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct At {
    pending: Pending,
    robots: u8,
    dfa: DfaState,
}

/// A node: how much of the path is read (0: nothing, 1: the leading `/`, 2: more) and where it
/// has led on each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Node<const N: usize> {
    read: u8,
    sides: [At; N],
}

/// How a path ends on one side: the pattern that comes out on top (none: no rule matches).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Ending {
    pub(super) winner: Option<u32>,
}

/// Whether the search goes on after a visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Control {
    Continue,
    Stop,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Every path was visited.
    Complete,
    /// The visitor stopped it.
    Stopped,
    /// The budget ran out first.
    Exceeded,
}

/// The paths that led to the nodes: each node's parent and the byte read from it.
pub(super) struct Trail {
    steps: Vec<(u32, u8)>,
}

impl Trail {
    /// The path that first led to node `node`.
    pub(super) fn path(&self, node: usize) -> String {
        let mut bytes = Vec::new();
        let mut at = node;
        while let Some(&(parent, byte)) = self.steps.get(at) {
            if at == 0 {
                break;
            }
            bytes.push(byte);
            at = parent as usize;
        }
        bytes.reverse();
        // Only path bytes are ever read: printable ASCII.
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The length of [`Trail::path`] of `node`, in bytes.
    pub(super) fn len(&self, node: usize) -> usize {
        let mut length = 0;
        let mut at = node;
        while let Some(&(parent, _)) = self.steps.get(at) {
            if at == 0 {
                break;
            }
            length += 1;
            at = parent as usize;
        }
        length
    }
}

/// Visits the ending of every path of `paths`, shortest first, then smallest in the order
/// witnesses are smallest in — one path per distinct node — and hands `visit` each path's
/// endings on every side (the node's number, for [`Trail::path`]), except the paths some side
/// reads as `/robots.txt`.
pub(super) fn search<const N: usize>(
    sides: &mut [Side; N],
    paths: Paths,
    budget: &mut Budget,
    mut visit: impl FnMut(&[Ending; N], &Trail, usize) -> Control,
) -> Outcome {
    let tried = Tried::of(sides, paths);
    match run(sides, &tried, budget, &mut visit) {
        Ok(outcome) => outcome,
        Err(Exceeded) => Outcome::Exceeded,
    }
}

/// The path [`search`] of one side would visit first among those whose ending `wanted`
/// accepts — the shortest, then the smallest — or `None` when no path ends so; `Err` when the
/// budget ran out first.
///
/// Found by iterative deepening: each round leaves out the paths that cannot reach such an
/// ending within `within` bytes, by a lower bound of the bytes still to read
/// ([`Dfa::distance`] in normalised bytes, over the most one request byte writes), and goes
/// depth first through the rest ([`depth_first`]). The bound falls by at most one a byte, so a
/// round that finds none has shown that no path of at most `within` bytes ends so, and raises
/// `within` to the least bound it left out: no path shorter than that can end so either. Every
/// path a round finds is then exactly `within` bytes long, and the first one in the order
/// [`search`] visits paths of one length in is the one depth first meets first. On a group of
/// many `*X*` rules the plain search builds a state for every prefix of every `X` as short as
/// the shortest; a round follows the few that can still match in time, and on a group of
/// many long rules only the smallest that can (docs/analysis.md, "Shortest examples and
/// comparisons"). The rounds are charged to a copy of the budget; if it runs out, the plain
/// search runs with the budget as it was — at most twice the work, and the same answer.
///
/// A request byte may write more than one normalised byte: RFC 9309 writes a lone `%` as
/// `%25`. The bound counts such bytes as free (`Normaliser::surplus`); a normalisation whose
/// steps fit no such count gets the plain search. `tried`: [`Tried::of`] the side, made once
/// for every search of it.
///
/// [`Dfa::distance`]: super::dfa::Dfa::distance
pub(super) fn first_toward(
    sides: &mut [Side; 1],
    tried: &Tried,
    wanted: impl Fn(Option<u32>) -> bool,
    budget: &mut Budget,
) -> Result<Option<String>, Exceeded> {
    let [side] = &*sides;
    let Some(tails) = side.normaliser.surplus() else {
        return plain_first(sides, tried, &wanted, budget);
    };
    let mut rounds = budget.clone();
    let mut distances: Vec<Option<Option<u32>>> = Vec::new();
    let mut reach = |sides: &mut [Side; 1], node: &Node<1>, length: usize| {
        let [side] = sides;
        let [at] = node.sides;
        distance_of(side, at, (&wanted, tails), &mut distances)
            .map(|distance| length.saturating_add(distance))
    };
    let mut within = 0;
    loop {
        match depth_first(sides, tried, within, &mut reach, &wanted, &mut rounds) {
            Ok(Round::Found(path)) => {
                *budget = rounds;
                return Ok(Some(path));
            }
            Ok(Round::Beyond(Some(next))) => within = next,
            Ok(Round::Beyond(None)) => {
                *budget = rounds;
                return Ok(None);
            }
            Err(Exceeded) => return plain_first(sides, tried, &wanted, budget),
        }
    }
}

/// [`first_toward`] by the plain breadth-first search.
fn plain_first(
    sides: &mut [Side; 1],
    tried: &Tried,
    wanted: &impl Fn(Option<u32>) -> bool,
    budget: &mut Budget,
) -> Result<Option<String>, Exceeded> {
    let mut found = None;
    let mut visit = |[ending]: &[Ending; 1], trail: &Trail, node: usize| {
        if wanted(ending.winner) {
            found = Some(trail.path(node));
            Control::Stop
        } else {
            Control::Continue
        }
    };
    run(sides, tried, budget, &mut visit)?;
    Ok(found)
}

/// How a round of [`first_toward`] ended: the path found, or the least bound it left out
/// (`None`: it left none out).
enum Round {
    Found(String),
    Beyond(Option<usize>),
}

/// One round of [`first_toward`]: depth first, each node's children in the order [`search`]
/// makes them, through the paths whose `reach` (their length and the bound of what is still
/// to read; `None`: never) is at most `within`. A node entered before at the same length or
/// shorter is not entered again: what it leads to within the bound, it led to then. Charged
/// as [`search`] is: each byte tried a state, each node entered twelve units.
fn depth_first(
    sides: &mut [Side; 1],
    tried: &Tried,
    within: usize,
    reach: &mut impl FnMut(&mut [Side; 1], &Node<1>, usize) -> Option<usize>,
    wanted: &impl Fn(Option<u32>) -> bool,
    budget: &mut Budget,
) -> Result<Round, Exceeded> {
    let start = start_node(sides);
    // The least length each node was met at.
    let mut met: foldhash::HashMap<Node<1>, usize> = foldhash::HashMap::default();
    met.insert(start, 0);
    // The path to the node on top, and each node on the way with the number of bytes tried.
    let mut path: Vec<u8> = Vec::new();
    let mut stack = vec![(start, 0)];
    let mut beyond: Option<usize> = None;
    let mut out = Vec::new();
    budget.charge(tried.bytes.len())?;
    while let Some((node, next)) = stack.last_mut() {
        let node = *node;
        let bytes = tried.after(node.read);
        let Some(&byte) = bytes.get(*next) else {
            stack.pop();
            path.pop();
            continue;
        };
        *next += 1;
        let child = step(sides, &node, byte, budget, &mut out)?;
        let length = path.len() + 1;
        if met.get(&child).is_some_and(|&earlier| earlier <= length) {
            continue;
        }
        met.insert(child, length);
        match reach(sides, &child, length) {
            None => continue,
            Some(far) if far > within => {
                beyond = Some(beyond.map_or(far, |b| b.min(far)));
                continue;
            }
            Some(_) => {}
        }
        budget.charge(12)?;
        path.push(byte);
        if let Some([ending]) = endings(sides, &child, budget, &mut out)? {
            if wanted(ending.winner) {
                // Only path bytes are ever read: printable ASCII.
                return Ok(Round::Found(String::from_utf8_lossy(&path).into_owned()));
            }
        }
        if settled(sides, &child) {
            path.pop();
        } else {
            budget.charge(tried.bytes.len())?;
            stack.push((child, 0));
        }
    }
    Ok(Round::Beyond(beyond))
}

/// At least how many more request bytes a path at `at` reads before it can end with a group
/// `wanted` accepts (`None`: never): the DFA's bound, a request byte for each literal byte,
/// kept per state in `distances`, less the bytes held back (read already, written later).
///
/// Where a byte may write an escape `%XY` (`tails`: the `XY` it may write,
/// `Normaliser::surplus`), two literal bytes are free for each `%` and each such `XY` the
/// thread still has to read: such an escape counts two more bytes than its byte only where the
/// path's rules can see two of its bytes — its `%`, or else its `XY` — and the bytes a `*`
/// reads are free already.
fn distance_of(
    side: &mut Side,
    at: At,
    (wanted, tails): (&impl Fn(Option<u32>) -> bool, &[[u8; 2]]),
    distances: &mut Vec<Option<Option<u32>>>,
) -> Option<usize> {
    let state = at.dfa as usize;
    if distances.len() <= state {
        distances.resize(state + 1, None);
    }
    let weigh = |literal: &[u8]| {
        let length = u32::try_from(literal.len()).unwrap_or(u32::MAX);
        if tails.is_empty() {
            return length;
        }
        let percents = literal.iter().filter(|&&b| b == b'%').count();
        let escaped = literal
            .windows(2)
            .filter(|pair| tails.iter().any(|tail| tail == *pair))
            .count();
        let free = u32::try_from(2 * (percents + escaped)).unwrap_or(u32::MAX);
        length.saturating_sub(free)
    };
    let bytes = match distances.get(state).copied().flatten() {
        Some(known) => known?,
        None => {
            let computed = side.dfa.distance(at.dfa, wanted, weigh);
            if let Some(cell) = distances.get_mut(state) {
                *cell = Some(computed);
            }
            computed?
        }
    };
    let bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
    Some(bytes.saturating_sub(side.normaliser.held_count(at.pending)))
}

/// The bytes a search tries after a node, in order ([`path_bytes`]): after the leading `/`,
/// and after more.
pub(super) struct Tried {
    bytes: Vec<u8>,
    after_slash: Vec<u8>,
}

impl Tried {
    /// The bytes a search of `sides` over `paths` tries.
    pub(super) fn of<const N: usize>(sides: &[Side; N], paths: Paths) -> Tried {
        let bytes = path_bytes(sides, paths);
        // Right after the leading `/`, a second `/` comes last: `//` paths are the last of
        // their length (`paths::witness_order`).
        let mut after_slash = bytes.clone();
        after_slash.sort_by_key(|&byte| byte_order(1, byte));
        Tried { bytes, after_slash }
    }

    /// The bytes tried after a node that has read `read` (0: nothing, 1: the leading `/`).
    fn after(&self, read: u8) -> &[u8] {
        match read {
            0 => b"/",
            1 => &self.after_slash,
            _ => &self.bytes,
        }
    }
}

fn run<const N: usize>(
    sides: &mut [Side; N],
    tried: &Tried,
    budget: &mut Budget,
    visit: &mut impl FnMut(&[Ending; N], &Trail, usize) -> Control,
) -> Result<Outcome, Exceeded> {
    let start = start_node(sides);
    let mut queue = vec![start];
    let mut seen: foldhash::HashSet<Node<N>> = foldhash::HashSet::default();
    seen.insert(start);
    let mut trail = Trail {
        steps: vec![(0, 0)],
    };
    let mut out = Vec::new();
    let mut next = 0;
    while let Some(&node) = queue.get(next) {
        if node.read > 0 {
            if let Some(endings) = endings(sides, &node, budget, &mut out)? {
                if visit(&endings, &trail, next) == Control::Stop {
                    return Ok(Outcome::Stopped);
                }
            }
        }
        if !settled(sides, &node) {
            // Each byte tried is a step of every side: counted as one state visited per side.
            budget.charge(tried.bytes.len() * N)?;
            for &byte in tried.after(node.read) {
                let child = step(sides, &node, byte, budget, &mut out)?;
                if seen.insert(child) {
                    // A node is held three times (the queue, the set of nodes seen, the trail
                    // back to its path): about twelve of the budget's four-byte units.
                    budget.charge(12)?;
                    queue.push(child);
                    let parent = u32::try_from(next).map_err(|_| Exceeded)?;
                    trail.steps.push((parent, byte));
                }
            }
        }
        next += 1;
    }
    Ok(Outcome::Complete)
}

/// The node before any byte is read.
fn start_node<const N: usize>(sides: &[Side; N]) -> Node<N> {
    Node {
        read: 0,
        sides: std::array::from_fn(|i| At {
            pending: 0,
            robots: 0,
            dfa: sides.get(i).map_or(0, |side| side.dfa.start()),
        }),
    }
}

/// The node after reading `byte`.
fn step<const N: usize>(
    sides: &mut [Side; N],
    node: &Node<N>,
    byte: u8,
    budget: &mut Budget,
    out: &mut Vec<u8>,
) -> Result<Node<N>, Exceeded> {
    let mut child = Node {
        read: node.read.saturating_add(1).min(2),
        sides: node.sides,
    };
    for (side, at) in sides.iter_mut().zip(child.sides.iter_mut()) {
        out.clear();
        at.pending = side.normaliser.step(at.pending, byte, out);
        feed(side, at, out, budget)?;
        *at = side.held(*at, budget)?;
    }
    Ok(child)
}

/// Feeds normalised bytes to one side's DFA and its `/robots.txt` tracker.
fn feed(side: &mut Side, at: &mut At, bytes: &[u8], budget: &mut Budget) -> Result<(), Exceeded> {
    for &byte in bytes {
        at.dfa = side.dfa.next(at.dfa, byte, budget)?;
        at.robots = match ROBOTS_TXT.get(usize::from(at.robots)) {
            Some(&expected) if expected == byte => at.robots + 1,
            _ => DIVERGED,
        };
    }
    Ok(())
}

/// How the path that led to `node` ends on each side; `None` when some side reads it as
/// `/robots.txt`.
fn endings<const N: usize>(
    sides: &mut [Side; N],
    node: &Node<N>,
    budget: &mut Budget,
    out: &mut Vec<u8>,
) -> Result<Option<[Ending; N]>, Exceeded> {
    let mut endings = [Ending { winner: None }; N];
    for ((side, at), ending) in sides.iter_mut().zip(node.sides).zip(endings.iter_mut()) {
        let mut at = at;
        out.clear();
        side.normaliser.finish(at.pending, out);
        feed(side, &mut at, out, budget)?;
        if usize::from(at.robots) == ROBOTS_TXT.len() {
            return Ok(None);
        }
        ending.winner = side.dfa.end(at.dfa);
    }
    Ok(Some(endings))
}

/// Whether every path through `node` ends as the node's own path does: no side's automaton has
/// a thread left and no side's target can still be `/robots.txt`.
fn settled<const N: usize>(sides: &[Side; N], node: &Node<N>) -> bool {
    node.read > 0
        && sides
            .iter()
            .zip(node.sides)
            .all(|(side, at)| at.robots == DIVERGED && side.dfa.is_dead(at.dfa))
}

/// The bytes of `paths` to try after the leading `/`, one per class of bytes that every side
/// reads alike (its smallest), ascending; `/` is always its own class, as the one byte whose
/// place in the order witnesses are smallest in depends on where it stands.
fn path_bytes<const N: usize>(sides: &[Side; N], paths: Paths) -> Vec<u8> {
    let mut classes: foldhash::HashSet<Vec<u16>> = foldhash::HashSet::default();
    let mut key = Vec::new();
    let mut out = Vec::new();
    let mut bytes = Vec::new();
    // Ascending: the first byte of a class is its smallest. A key is kept only when new.
    for byte in (0u8..=0xFF).filter(|&byte| paths.holds(byte)) {
        class_key(sides, byte, &mut key, &mut out);
        if !classes.contains(key.as_slice()) {
            classes.insert(key.clone());
            bytes.push(byte);
        }
    }
    bytes
}

/// Writes into `key` what distinguishes `byte` on every side: from every held-back state, what
/// is held back next and the normalised bytes it writes, each as the side's DFA and the
/// `/robots.txt` tracker see it. `out` is scratch.
fn class_key<const N: usize>(sides: &[Side; N], byte: u8, key: &mut Vec<u16>, out: &mut Vec<u8>) {
    key.clear();
    key.push(u16::from(byte == b'/'));
    for side in sides {
        for pending in 0..side.normaliser.pending_states() {
            let Ok(pending) = Pending::try_from(pending) else {
                continue;
            };
            out.clear();
            let next = side.normaliser.step(pending, byte, out);
            key.push(u16::from(next));
            key.push(0xFFFF);
            for &written in out.iter() {
                key.push(u16::from(side.dfa.class(written)));
                key.push(if ROBOTS_TXT.contains(&written) {
                    u16::from(written)
                } else {
                    0
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::ranking::Ranking;
    use crate::query::{AgentQuery, Robots};
    use crate::variant::Variant;
    use proptest::prelude::*;

    /// A rule of the generated groups: allow or disallow, and a pattern from bytes that the
    /// readings escape, decode, match as wildcards or compare as they are.
    fn rule() -> impl Strategy<Value = (bool, String)> {
        let byte = prop_oneof![
            Just('/'),
            Just('a'),
            Just('b'),
            Just('%'),
            Just('2'),
            Just('4'),
            Just('5'),
            Just('f'),
            Just('A'),
            Just('*'),
            Just('$'),
            Just('~'),
            Just('.'),
        ];
        let pattern = proptest::collection::vec(byte, 0..7).prop_map(|bytes| {
            let mut pattern = String::from("/");
            pattern.extend(bytes);
            pattern
        });
        (any::<bool>(), pattern)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Depth-first rounds find the path the plain breadth-first search finds first, for
        /// either verdict, under every reading.
        #[test]
        fn rounds_find_what_the_plain_search_finds(rules in proptest::collection::vec(rule(), 1..6)) {
            let mut body = String::from("User-agent: *\n");
            for (allow, pattern) in &rules {
                let key = if *allow { "Allow" } else { "Disallow" };
                body.push_str(&format!("{key}: {pattern}\n"));
            }
            let agent = AgentQuery::new("bot");
            for variant in Variant::ALL {
                let robots = Robots::parse(body.as_bytes(), *variant);
                let applicable = robots.applicable(&agent);
                let ranking = Ranking::new(&applicable);
                for allowed in [true, false] {
                    let wanted = |winner| ranking.allows(winner) == allowed;
                    let side = || {
                        let dfa = ranking.outcome_dfa(&mut ranking.budget()).ok()?;
                        Some([Side::new(Normaliser::of(&ranking.profile), dfa)])
                    };
                    let (Some(mut rounds), Some(mut plain)) = (side(), side()) else {
                        continue;
                    };
                    let tried = Tried::of(&rounds, Paths::All);
                    let found = first_toward(&mut rounds, &tried, wanted, &mut ranking.budget());
                    let expected = plain_first(&mut plain, &tried, &wanted, &mut ranking.budget());
                    prop_assert_eq!(found, expected, "{} {} allowed={}", variant, body, allowed);
                }
            }
        }
    }
}
