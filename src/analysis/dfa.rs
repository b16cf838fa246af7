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

/// One determinised state: the NFA threads alive, in priority order, and the best group
/// matched so far (`NO_MATCH` for none).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    /// Shared by the state list and the index: held once.
    threads: Rc<[StateID]>,
    best: u32,
}

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
    /// Transitions per state: one per byte class of the NFA.
    stride: usize,
    states: Vec<Key>,
    index: foldhash::HashMap<Key, DfaState>,
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
        let places = places(&nfa);
        let mut dfa = Dfa {
            nfa,
            groups,
            places,
            stride,
            states: Vec::new(),
            index: foldhash::HashMap::default(),
            transitions: Vec::new(),
            ends: Vec::new(),
            start: 0,
            seen,
            generation: 0,
            stack: Vec::new(),
        };
        let mut threads = Vec::new();
        let start = dfa.nfa.start_anchored();
        dfa.new_generation();
        let best = dfa.closure(start, false, &mut threads).unwrap_or(NO_MATCH);
        dfa.drop_matched(&mut threads, best);
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
        let (old, mut best) = (key.threads.clone(), key.best);
        // Building a transition reads every thread of the state: counted, so that a state of
        // thousands of threads cannot be read sixty times over for free.
        budget.charge(old.len())?;
        let mut threads = Vec::new();
        self.new_generation();
        for &thread in old.iter() {
            let next = match self.nfa.state(thread) {
                State::ByteRange { trans } => trans.matches_byte(byte).then_some(trans.next),
                State::Sparse(sparse) => sparse.matches_byte(byte),
                State::Dense(dense) => dense.matches_byte(byte),
                _ => None,
            };
            let Some(next) = next else { continue };
            if let Some(group) = self.closure(next, false, &mut threads) {
                // Leftmost-first: every thread after this one has a lower priority.
                best = group;
                break;
            }
        }
        self.drop_matched(&mut threads, best);
        let next = self.intern(threads, best, budget)?;
        if let Some(cell) = self.transitions.get_mut(slot) {
            *cell = next;
        }
        Ok(next)
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
        let (threads, best) = (key.threads.clone(), key.best);
        let mut scratch = Vec::new();
        let mut found = None;
        self.new_generation();
        for &thread in threads.iter() {
            if let State::Look {
                look: Look::End,
                next,
            } = *self.nfa.state(thread)
            {
                if let Some(pattern) = self.closure(next, true, &mut scratch) {
                    found = Some(pattern);
                    break;
                }
            }
        }
        found.unwrap_or(best)
    }

    /// The byte class of `byte`: bytes of one class lead every state to the same state.
    pub(super) fn class(&self, byte: u8) -> u8 {
        self.nfa.byte_classes().get(byte)
    }

    /// Whether no thread is alive in `state`: every longer path ends the same way.
    pub(super) fn is_dead(&self, state: DfaState) -> bool {
        self.states
            .get(state as usize)
            .is_none_or(|key| key.threads.is_empty())
    }

    /// Appends to `threads`, in priority order, the NFA states that read a byte (or wait on
    /// `$`) reachable from `from` without reading one; at the end of the path `$` holds. Stops
    /// at the first match state and returns its pattern: everything after it ranks lower.
    /// States visited in this generation are skipped: a list holds each NFA state once.
    fn closure(&mut self, from: StateID, at_end: bool, threads: &mut Vec<StateID>) -> Option<u32> {
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
                        if at_end {
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
                    return Some(self.group(pattern_id.as_u32()));
                }
            }
        }
        None
    }

    /// The group of pattern `pattern`.
    fn group(&self, pattern: u32) -> u32 {
        self.groups
            .get(pattern as usize)
            .copied()
            .unwrap_or(pattern)
    }

    /// Drops from `threads` those of group `best` (which has matched): they can change nothing.
    fn drop_matched(&self, threads: &mut Vec<StateID>, best: u32) {
        if best == NO_MATCH {
            return;
        }
        threads.retain(|id| {
            let pattern = self.places.get(id.as_usize()).map_or(0, |p| p.pattern);
            self.group(pattern) != best
        });
    }

    /// Starts a new list: no NFA state is marked visited any more.
    fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.iter_mut().for_each(|mark| *mark = 0);
            self.generation = 1;
        }
    }

    /// `threads` without the ones another thread of their pattern subsumes: once a pattern's
    /// thread is inside its `k`-th `*` loop, every path its threads before that loop could
    /// still match, the loop matches too (it reads anything, and the rest of the pattern comes
    /// after it), so those threads can change no answer — dropping them keeps the states few
    /// (a pattern `/*/a/*/b` seen twice would otherwise be tracked at both stars).
    fn subsume(&self, mut threads: Vec<StateID>) -> Vec<StateID> {
        let place = |id: &StateID| self.places.get(id.as_usize()).copied().unwrap_or_default();
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
        threads
    }

    /// The number of the state `(threads, best)`, built and charged if it is new.
    fn intern(
        &mut self,
        threads: Vec<StateID>,
        best: u32,
        budget: &mut Budget,
    ) -> Result<DfaState, Exceeded> {
        let threads = self.subsume(threads);
        let key = Key {
            threads: threads.into(),
            best,
        };
        if let Some(&id) = self.index.get(&key) {
            return Ok(id);
        }
        // What the state holds, in the budget's units (about four bytes each): its threads,
        // its row of transitions, and the rest of its entry.
        budget.charge(key.threads.len() + self.stride + 8)?;
        let id = DfaState::try_from(self.states.len()).map_err(|_| Exceeded)?;
        self.states.push(key.clone());
        self.index.insert(key, id);
        self.transitions
            .extend(std::iter::repeat_n(UNKNOWN, self.stride));
        self.ends.push(UNKNOWN);
        Ok(id)
    }
}

/// Where every NFA state lies in its pattern's chain, found by walking each pattern from its
/// start: literal bytes count, a `*` loop's any-byte state is marked, everything else (unions,
/// `$`) takes the depth of what precedes it.
fn places(nfa: &NFA) -> Vec<Place> {
    let mut places = vec![Place::default(); nfa.states().len()];
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
    places
}
