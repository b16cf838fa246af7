//! A group's rules determinised on demand, keeping only what can still decide.
//!
//! The analysis reads the same Thompson NFA the matcher's automaton is built from
//! (`pattern::build_nfa`: one pattern per distinct rule pattern, pattern IDs in priority order)
//! and determinises it lazily with *leftmost-first* semantics, as regex-automata's own DFAs do
//! for the matcher: a DFA state is the ordered list of NFA threads still alive, plus the
//! best pattern that has matched so far. The moment a pattern matches, every thread of lower
//! priority is dropped — it could never win — so a state remembers only what can still change
//! the answer, never the set of every pattern that matched (which would blow up on files with a
//! thousand wildcard rules). At the end of a path, a thread waiting on `$` (`Look::End`) may
//! still match; the first thread in priority order that does wins, else the best match so far.
//!
//! States are built when a search first needs them and counted against the [`Budget`]: each
//! state costs what it holds (its NFA states and its row of transitions), and each transition
//! built the NFA states it reads, so the count — not time — bounds the work and the memory,
//! and the same input always gets the same answer.

use std::rc::Rc;

use regex_automata::nfa::thompson::{State, NFA};
use regex_automata::util::look::Look;
use regex_automata::util::primitives::StateID;

use super::budget::{Budget, Exceeded};

/// A DFA state's number.
pub(super) type DfaState = u32;

/// A transition not built yet.
const UNKNOWN: u32 = u32::MAX;
/// No pattern matched.
const NO_MATCH: u32 = u32::MAX;

/// One determinised state: the NFA threads alive (their IDs), in priority order, then the
/// best group matched so far (`NO_MATCH` for none) as the last entry. Shared by the state list
/// and the index (held once), and looked up by a slice, so that a transition to a known state
/// allocates nothing.
type Key = Rc<[u32]>;

/// The threads of `key`.
fn threads_of(key: &[u32]) -> &[u32] {
    key.split_last().map_or(&[], |(_, threads)| threads)
}

/// The best group matched in `key`.
fn best_of(key: &[u32]) -> u32 {
    key.last().copied().unwrap_or(NO_MATCH)
}

/// The fewest threads a state holds for its transitions to be remembered by what its threads
/// read ([`Dfa::readers`]).
const REMEMBERED_THREADS: usize = 16;

/// A state whose transitions are not remembered by what its threads read.
const NOT_REMEMBERED: u32 = u32::MAX;

/// In a closure's list: the entry is a match of the pattern in the other bits, not a thread.
const MATCHES: u32 = 1 << 31;

/// Where an NFA state lies in its pattern's chain (`build_nfa` makes each pattern a chain of
/// bytes and `*` loops): how many literal bytes come before it, and whether it is the any-byte
/// state of a `*` loop.
#[derive(Debug, Clone, Copy, Default)]
struct Place {
    pattern: u32,
    depth: u32,
    is_loop: bool,
}

/// The lazily built leftmost-first DFA of one NFA, whose patterns are told apart only by
/// their group: patterns in priority order, grouped in runs (each pattern its own group, or a
/// run of patterns that decide alike).
pub(super) struct Dfa {
    nfa: NFA,
    /// `groups[pattern]`: the pattern's group; never decreasing with the pattern ID.
    groups: Vec<u32>,
    /// `places[id]`: where NFA state `id` lies in its pattern.
    places: Vec<Place>,
    /// `literals[pattern]`: the literal bytes of the pattern, in order (its `*` matching none).
    literals: Vec<Vec<u8>>,
    /// Transitions per state: one per byte class of the NFA.
    stride: usize,
    states: Vec<Key>,
    index: foldhash::HashMap<Key, DfaState>,
    /// `closures[id]`: where the closure of NFA state `id` (see [`Dfa::closure`]) stands in
    /// `closure_entries`, once computed — each thread's closure is walked once, not once per
    /// transition that reads it.
    closures: Vec<Option<(u32, u32)>>,
    /// The closures' entries, one after the other: thread IDs, and a match (`MATCHES` | its
    /// pattern) as the last entry of a closure that reaches one.
    closure_entries: Vec<u32>,
    /// Scratch: the state a transition builds, before it is looked up.
    building: Vec<u32>,
    /// Each transition built, by what it depends on ([`Dfa::threads_after`]): bytes of
    /// different classes that only the `*` loops read lead to one state.
    successors: foldhash::HashMap<Box<[u32]>, DfaState>,
    /// Scratch: what the transition being built depends on.
    reading: Vec<u32>,
    /// Per state, the number of its span in `spans`: where its threads that read some bytes
    /// and not others stand in `readers`; `NOT_REMEMBERED` for a state whose transitions are
    /// not remembered by them ([`Dfa::readers`]) — most states of a file of long patterns,
    /// so four bytes each.
    readers_of: Vec<u32>,
    spans: Vec<(u32, u32)>,
    /// Those threads of every state, one state after the other: (position, NFA state).
    readers: Vec<(u32, u32)>,
    /// The marks of the walks that fill `closures`, apart from the list's (`seen`), with their
    /// own generations.
    walked: Vec<u32>,
    walk_generation: u32,
    transitions: Vec<u32>,
    /// The pattern matched at the end of a path that stops in each state, once computed
    /// (`UNKNOWN` before).
    ends: Vec<u32>,
    start: DfaState,
    /// Scratch: `seen[id] == generation` marks the NFA states already visited while the
    /// current list is built (a new generation per list: nothing to clear), and the
    /// depth-first stack.
    seen: Vec<u32>,
    generation: u32,
    stack: Vec<StateID>,
}

impl Dfa {
    /// The DFA of `nfa` whose pattern `i` is in group `groups[i]`, with its start state built
    /// (and charged to `budget`). A match of a group drops every thread of that group and
    /// below: another match there would decide the same.
    pub(super) fn new(nfa: NFA, groups: Vec<u32>, budget: &mut Budget) -> Result<Dfa, Exceeded> {
        let stride = nfa.byte_classes().alphabet_len();
        let seen = vec![0; nfa.states().len()];
        let closures = vec![None; nfa.states().len()];
        let walked = vec![0; nfa.states().len()];
        let (places, literals) = places(&nfa);
        let mut dfa = Dfa {
            nfa,
            groups,
            places,
            literals,
            stride,
            states: Vec::new(),
            index: foldhash::HashMap::default(),
            closures,
            closure_entries: Vec::new(),
            building: Vec::new(),
            successors: foldhash::HashMap::default(),
            reading: Vec::new(),
            readers_of: Vec::new(),
            spans: Vec::new(),
            readers: Vec::new(),
            walked,
            walk_generation: 0,
            transitions: Vec::new(),
            ends: Vec::new(),
            start: 0,
            seen,
            generation: 0,
            stack: Vec::new(),
        };
        let start = dfa.nfa.start_anchored();
        dfa.new_generation();
        let mut threads = std::mem::take(&mut dfa.building);
        threads.clear();
        let best = dfa.closure(start, &mut threads).unwrap_or(NO_MATCH);
        dfa.start = dfa.intern(threads, best, budget)?;
        Ok(dfa)
    }

    /// The state before any byte is read.
    pub(super) fn start(&self) -> DfaState {
        self.start
    }

    /// The state after reading `byte` in `state`, built if it is new.
    pub(super) fn next(
        &mut self,
        state: DfaState,
        byte: u8,
        budget: &mut Budget,
    ) -> Result<DfaState, Exceeded> {
        let class = usize::from(self.nfa.byte_classes().get(byte));
        let slot = (state as usize) * self.stride + class;
        match self.transitions.get(slot) {
            Some(&next) if next != UNKNOWN => return Ok(next),
            _ => {}
        }
        let Some(key) = self.states.get(state as usize) else {
            return Ok(state);
        };
        let old = Rc::clone(key);
        // Building a transition reads every thread of the state: counted, so that a state of
        // thousands of threads cannot be read sixty times over for free. Counted alike when
        // the successor is known: the count, not the memo, decides where the budget ends.
        budget.charge(threads_of(&old).len())?;
        let mut nexts = std::mem::take(&mut self.reading);
        let remembered = self.threads_after(state, byte, &mut nexts);
        let known = if remembered {
            self.successors.get(nexts.as_slice()).copied()
        } else {
            None
        };
        let next = match known {
            Some(next) => next,
            None => {
                let next = self.successor(&old, byte, budget)?;
                if remembered {
                    self.successors.insert(nexts.as_slice().into(), next);
                }
                next
            }
        };
        self.reading = nexts;
        if let Some(cell) = self.transitions.get_mut(slot) {
            *cell = next;
        }
        Ok(next)
    }

    /// The state after reading `byte` in the state of key `old`, its threads walked: each
    /// thread that reads the byte adds its closure, in priority order, up to the first match.
    fn successor(
        &mut self,
        old: &[u32],
        byte: u8,
        budget: &mut Budget,
    ) -> Result<DfaState, Exceeded> {
        let mut best = best_of(old);
        let mut threads = std::mem::take(&mut self.building);
        threads.clear();
        self.new_generation();
        for &thread in threads_of(old) {
            let Some(next) = self.read_by(thread, byte) else {
                continue;
            };
            if let Some(group) = self.closure(next, &mut threads) {
                // Leftmost-first: every thread after this one has a lower priority.
                best = group;
                break;
            }
        }
        self.intern(threads, best, budget)
    }

    /// Where NFA state `thread` goes on reading `byte`, if it reads it.
    #[inline]
    fn read_by(&self, thread: u32, byte: u8) -> Option<StateID> {
        match self.nfa.state(StateID::new_unchecked(thread as usize)) {
            State::ByteRange { trans } => trans.matches_byte(byte).then_some(trans.next),
            State::Sparse(sparse) => sparse.matches_byte(byte),
            State::Dense(dense) => dense.matches_byte(byte),
            _ => None,
        }
    }

    /// Writes to `nexts` what reading `byte` in `state` depends on: the state, then each of
    /// its threads that reads `byte` but not every byte, by its position, with where it goes.
    /// A thread in a `*` loop reads every byte alike, and most of a wildcard group's threads
    /// are such: two bytes that leave `nexts` alike lead to the same state, known without
    /// walking the closures again. `false` when the state's transitions are not remembered so
    /// ([`Dfa::readers`]).
    fn threads_after(&self, state: DfaState, byte: u8, nexts: &mut Vec<u32>) -> bool {
        nexts.clear();
        let span = self.readers_of.get(state as usize).copied();
        let Some(&(start, length)) = span.and_then(|span| self.spans.get(span as usize)) else {
            return false;
        };
        nexts.push(state);
        let readers = self
            .readers
            .get(start as usize..(start + length) as usize)
            .unwrap_or_default();
        for &(position, thread) in readers {
            if let Some(next) = self.read_by(thread, byte) {
                nexts.extend([position, next.as_u32()]);
            }
        }
        true
    }

    /// The threads of `key` that read some bytes and not others, by position — the ones
    /// [`Dfa::threads_after`] reads — where the state's transitions are worth remembering by
    /// them: at least [`REMEMBERED_THREADS`] threads, at least one of which reads every byte.
    /// A smaller state is walked as fast as it is looked up, and what the memo holds for a
    /// transition then stays within a small multiple of what building it was charged.
    fn readers(&self, key: &[u32]) -> Option<Vec<(u32, u32)>> {
        let threads = threads_of(key);
        if threads.len() < REMEMBERED_THREADS {
            return None;
        }
        let readers: Vec<(u32, u32)> = (0u32..)
            .zip(threads)
            .filter(|&(_, &thread)| {
                !matches!(self.nfa.state(StateID::new_unchecked(thread as usize)),
                    State::ByteRange { trans } if trans.start == 0x00 && trans.end == 0xFF)
            })
            .map(|(position, &thread)| (position, thread))
            .collect();
        (readers.len() < threads.len()).then_some(readers)
    }

    /// The group that decides a path ending in `state`: the first thread, in priority order,
    /// that matches at the end of the path (through `$`), else the best match so far.
    pub(super) fn end(&mut self, state: DfaState) -> Option<u32> {
        let index = state as usize;
        let known = self.ends.get(index).copied().unwrap_or(UNKNOWN);
        let end = if known != UNKNOWN {
            known
        } else {
            let computed = self.compute_end(index);
            if let Some(cell) = self.ends.get_mut(index) {
                *cell = computed;
            }
            computed
        };
        (end != NO_MATCH).then_some(end)
    }

    fn compute_end(&mut self, index: usize) -> u32 {
        let Some(key) = self.states.get(index) else {
            return NO_MATCH;
        };
        let key = Rc::clone(key);
        let mut scratch = Vec::new();
        let mut found = None;
        self.new_generation();
        for &thread in threads_of(&key) {
            if let State::Look {
                look: Look::End,
                next,
            } = *self.nfa.state(StateID::new_unchecked(thread as usize))
            {
                let mut walk = Walk {
                    nfa: &self.nfa,
                    seen: &mut self.seen,
                    generation: self.generation,
                    stack: &mut self.stack,
                };
                if let Some(pattern) = walk.run(next, PathEnd::Reached, &mut scratch) {
                    found = Some(self.group(pattern));
                    break;
                }
            }
        }
        found.unwrap_or_else(|| best_of(&key))
    }

    /// At least how many more bytes a path in `state` reads before it can end with a group
    /// `wanted` accepts (`wanted(None)`: ending with no match). None when it ends so now; one
    /// when the best match so far is such (a `$` that wins at the end gives way to it after
    /// one more byte); else the least, over its threads of such a group, of what `weigh` makes
    /// of the literal bytes the thread still has to read — any other ending is the best so far
    /// or a thread's match. `None`: never.
    pub(super) fn distance(
        &mut self,
        state: DfaState,
        wanted: impl Fn(Option<u32>) -> bool,
        weigh: impl Fn(&[u8]) -> u32,
    ) -> Option<u32> {
        if wanted(self.end(state)) {
            return Some(0);
        }
        let key = self.states.get(state as usize)?;
        let best = best_of(key);
        let after_one = wanted((best != NO_MATCH).then_some(best)).then_some(1);
        let by_thread = threads_of(key).iter().filter_map(|&thread| {
            let place = self.places.get(thread as usize)?;
            if !wanted(Some(self.group(place.pattern))) {
                return None;
            }
            let literal = self.literals.get(place.pattern as usize)?;
            Some(weigh(
                literal.get(place.depth as usize..).unwrap_or_default(),
            ))
        });
        after_one.into_iter().chain(by_thread).min()
    }

    /// The byte class of `byte`: bytes of one class lead every state to the same state.
    pub(super) fn class(&self, byte: u8) -> u8 {
        self.nfa.byte_classes().get(byte)
    }

    /// Whether no thread is alive in `state`: every longer path ends the same way.
    pub(super) fn is_dead(&self, state: DfaState) -> bool {
        self.states
            .get(state as usize)
            .is_none_or(|key| threads_of(key).is_empty())
    }

    /// Appends to `threads`, in priority order, the NFA states that read a byte (or wait on
    /// `$`) reachable from `from` without reading one. Stops at the first match state and
    /// returns its group: everything after it ranks lower. States already in the list of this
    /// generation are skipped: a list holds each NFA state once.
    ///
    /// The walk from each NFA state is made once ([`Walk`]) and its entries kept: skipping
    /// the threads already listed then gives what a walk that skips the states already visited
    /// would, since a walk visits all that lies beyond a state unless it stops at a match —
    /// and after a match no other closure of the list is asked.
    fn closure(&mut self, from: StateID, threads: &mut Vec<u32>) -> Option<u32> {
        let (start, length) = self.closure_of(from);
        let entries = self
            .closure_entries
            .get(start as usize..(start + length) as usize)
            .unwrap_or_default();
        for &entry in entries {
            if entry & MATCHES != 0 {
                return Some(self.group(entry & !MATCHES));
            }
            if let Some(seen) = self.seen.get_mut(entry as usize) {
                if *seen != self.generation {
                    *seen = self.generation;
                    threads.push(entry);
                }
            }
        }
        None
    }

    /// Where the entries of `from`'s closure stand in `closure_entries`, walked the first time.
    fn closure_of(&mut self, from: StateID) -> (u32, u32) {
        if let Some(Some(known)) = self.closures.get(from.as_usize()) {
            return *known;
        }
        // A walk of its own: the marks of the list being built stay as they are.
        self.walk_generation = next_generation(self.walk_generation, &mut self.walked);
        let mut walk = Walk {
            nfa: &self.nfa,
            seen: &mut self.walked,
            generation: self.walk_generation,
            stack: &mut self.stack,
        };
        let mut found = Vec::new();
        let matched = walk.run(from, PathEnd::Ahead, &mut found);
        let mut entries: Vec<u32> = found.iter().map(|id| id.as_u32()).collect();
        entries.extend(matched.map(|pattern| MATCHES | pattern));
        let start = u32::try_from(self.closure_entries.len()).unwrap_or(u32::MAX);
        let length = u32::try_from(entries.len()).unwrap_or(u32::MAX);
        self.closure_entries.extend(entries);
        if let Some(cell) = self.closures.get_mut(from.as_usize()) {
            *cell = Some((start, length));
        }
        (start, length)
    }

    /// The group of pattern `pattern`.
    fn group(&self, pattern: u32) -> u32 {
        self.groups
            .get(pattern as usize)
            .copied()
            .unwrap_or(pattern)
    }

    /// Drops from `threads` those of group `best` (which has matched): they can change nothing.
    fn drop_matched(&self, threads: &mut Vec<u32>, best: u32) {
        if best == NO_MATCH {
            return;
        }
        threads.retain(|&id| {
            let pattern = self.places.get(id as usize).map_or(0, |p| p.pattern);
            self.group(pattern) != best
        });
    }

    /// Starts a new list: no NFA state is marked visited any more.
    fn new_generation(&mut self) {
        self.generation = next_generation(self.generation, &mut self.seen);
    }

    /// `threads` without the ones another thread of their pattern subsumes: once a pattern's
    /// thread is inside its `k`-th `*` loop, every path its threads before that loop could
    /// still match, the loop matches too (it reads anything, and the rest of the pattern comes
    /// after it), so those threads can change no answer — dropping them keeps the states few
    /// (a pattern `/*/a/*/b` seen twice would otherwise be tracked at both stars).
    fn subsume(&self, threads: &mut Vec<u32>) {
        let place = |id: &u32| self.places.get(*id as usize).copied().unwrap_or_default();
        // A pattern's threads stand together in the list (it is in priority order, and a
        // pattern's threads all come from its own chain): one run at a time.
        let mut kept = 0;
        let mut start = 0;
        while start < threads.len() {
            let pattern = threads.get(start).map_or(0, |id| place(id).pattern);
            let end = threads
                .iter()
                .skip(start)
                .position(|id| place(id).pattern != pattern)
                .map_or(threads.len(), |n| start + n);
            let furthest = threads
                .get(start..end)
                .unwrap_or_default()
                .iter()
                .map(place)
                .filter(|p| p.is_loop)
                .map(|p| p.depth)
                .max()
                .unwrap_or(0);
            for at in start..end {
                let Some(&id) = threads.get(at) else { continue };
                if place(&id).depth >= furthest {
                    if let Some(slot) = threads.get_mut(kept) {
                        *slot = id;
                    }
                    kept += 1;
                }
            }
            start = end;
        }
        threads.truncate(kept);
    }

    /// The number of the state `(threads, best)` — less the threads of `best`, and those
    /// another subsumes — built and charged if it is new. `threads` is kept as scratch.
    fn intern(
        &mut self,
        mut threads: Vec<u32>,
        best: u32,
        budget: &mut Budget,
    ) -> Result<DfaState, Exceeded> {
        self.drop_matched(&mut threads, best);
        self.subsume(&mut threads);
        threads.push(best);
        let found = self.index.get(threads.as_slice()).copied();
        let id = match found {
            Some(id) => Ok(id),
            None => self.add(&threads, budget),
        };
        self.building = threads;
        id
    }

    /// Adds the state `key` (threads, then best), charged to `budget`.
    fn add(&mut self, key: &[u32], budget: &mut Budget) -> Result<DfaState, Exceeded> {
        // What the state holds, in the budget's units (about four bytes each): its threads,
        // its row of transitions, and the rest of its entry.
        budget.charge(threads_of(key).len() + self.stride + 8)?;
        let id = DfaState::try_from(self.states.len()).map_err(|_| Exceeded)?;
        let span = match self.readers(key) {
            Some(readers) => {
                let start = u32::try_from(self.readers.len()).unwrap_or(u32::MAX);
                let length = u32::try_from(readers.len()).unwrap_or(u32::MAX);
                self.readers.extend(readers);
                self.spans.push((start, length));
                u32::try_from(self.spans.len() - 1).unwrap_or(NOT_REMEMBERED)
            }
            None => NOT_REMEMBERED,
        };
        self.readers_of.push(span);
        let key: Key = key.into();
        self.states.push(Rc::clone(&key));
        self.index.insert(key, id);
        self.transitions
            .extend(std::iter::repeat_n(UNKNOWN, self.stride));
        self.ends.push(UNKNOWN);
        Ok(id)
    }
}

/// The generation after `generation` of the marks `marks`: a new one, or the first after
/// every mark is cleared when the count wraps.
fn next_generation(generation: u32, marks: &mut [u32]) -> u32 {
    match generation.wrapping_add(1) {
        0 => {
            marks.iter_mut().for_each(|mark| *mark = 0);
            1
        }
        next => next,
    }
}

/// Whether the path has ended: then `$` holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PathEnd {
    /// Bytes may follow: `$` is a thread waiting on the end.
    Ahead,
    /// The path has ended: `$` holds, and the walk goes through it.
    Reached,
}

/// A depth-first walk of the NFA states reachable from one without reading a byte.
struct Walk<'w> {
    nfa: &'w NFA,
    /// `seen[id] == generation`: visited.
    seen: &'w mut [u32],
    generation: u32,
    stack: &'w mut Vec<StateID>,
}

impl Walk<'_> {
    /// Appends to `threads`, in priority order, the states reached from `from` that read a
    /// byte, or wait on `$` while the path goes on (`end`). Stops at the first match state
    /// and returns its pattern. States visited before are skipped.
    fn run(&mut self, from: StateID, end: PathEnd, threads: &mut Vec<StateID>) -> Option<u32> {
        self.stack.clear();
        self.stack.push(from);
        while let Some(id) = self.stack.pop() {
            match self.seen.get_mut(id.as_usize()) {
                Some(seen) if *seen != self.generation => *seen = self.generation,
                _ => continue,
            }
            match self.nfa.state(id) {
                State::ByteRange { .. } | State::Sparse(_) | State::Dense(_) => threads.push(id),
                State::Look { look, next } => {
                    // `build_nfa` writes no other assertion than `$`.
                    if *look == Look::End {
                        if end == PathEnd::Reached {
                            self.stack.push(*next);
                        } else {
                            threads.push(id);
                        }
                    }
                }
                State::Union { alternates } => self.stack.extend(alternates.iter().rev()),
                State::BinaryUnion { alt1, alt2 } => self.stack.extend([*alt2, *alt1]),
                State::Capture { next, .. } => self.stack.push(*next),
                State::Fail => {}
                State::Match { pattern_id } => {
                    self.stack.clear();
                    return Some(pattern_id.as_u32());
                }
            }
        }
        None
    }
}

/// Where every NFA state lies in its pattern's chain, found by walking each pattern from its
/// start: literal bytes count, a `*` loop's any-byte state is marked, everything else (unions,
/// `$`) takes the depth of what precedes it. And each pattern's literal bytes.
fn places(nfa: &NFA) -> (Vec<Place>, Vec<Vec<u8>>) {
    let mut places = vec![Place::default(); nfa.states().len()];
    let mut literals: Vec<Vec<u8>> = vec![Vec::new(); nfa.pattern_len()];
    let mut visited = vec![false; nfa.states().len()];
    for pattern in nfa.patterns() {
        let Some(start) = nfa.start_pattern(pattern) else {
            continue;
        };
        let mut stack = vec![(start, 0u32)];
        while let Some((id, depth)) = stack.pop() {
            match visited.get_mut(id.as_usize()) {
                Some(seen) if !*seen => *seen = true,
                _ => continue,
            }
            let is_loop = matches!(nfa.state(id), State::ByteRange { trans }
                if trans.start == 0x00 && trans.end == 0xFF);
            if let Some(place) = places.get_mut(id.as_usize()) {
                *place = Place {
                    pattern: pattern.as_u32(),
                    depth,
                    is_loop,
                };
            }
            match nfa.state(id) {
                State::ByteRange { trans } => {
                    let next_depth = if is_loop { depth } else { depth + 1 };
                    if let Some(literal) = literals.get_mut(pattern.as_usize()).filter(|_| !is_loop)
                    {
                        // A chain: its literal bytes come in order of their depth.
                        literal.push(trans.start);
                    }
                    stack.push((trans.next, next_depth));
                }
                State::Look { next, .. } | State::Capture { next, .. } => {
                    stack.push((*next, depth));
                }
                State::Union { alternates } => {
                    stack.extend(alternates.iter().map(|&alt| (alt, depth)));
                }
                State::BinaryUnion { alt1, alt2 } => {
                    stack.extend([(*alt1, depth), (*alt2, depth)]);
                }
                State::Sparse(_) | State::Dense(_) | State::Fail | State::Match { .. } => {}
            }
        }
    }
    (places, literals)
}
