//! The automaton side of a matcher: the memory bounds it is built within, the Thompson NFA
//! assembled straight from the wildcard patterns' bytes (no regex text), the choice between the
//! dense and the lazy DFA, the lazy DFA's per-thread scratch caches, and the engine names.
//!
//! Why a Thompson NFA from bytes, which match semantics and when the glob matcher answers
//! instead: docs/matcher.md.

use std::fmt;
use std::panic::{RefUnwindSafe, UnwindSafe};

use regex_automata::dfa::{dense, Automaton as _, StartKind};
use regex_automata::hybrid;
use regex_automata::nfa::thompson::{self, Transition, NFA};
use regex_automata::util::look::Look;
use regex_automata::util::pool::Pool;
use regex_automata::util::primitives::StateID;
use regex_automata::{Anchored, Input, MatchKind};

use super::glob::split_end_anchor;
use crate::vocab::pattern::{MatcherLimits, PatternSyntax};

crate::names::stable_names! {
    /// The engine a group's rules are answered with, chosen once when they are compiled
    /// (docs/matcher.md).
    pub enum Engine {
        /// The rule set is empty: no automaton was built and every query answers "no rule".
        NoRules = "none",
        /// Every rule is literal: the prefix table alone answers (see
        /// [`Limit::PrefixTableMinRules`](crate::Limit::PrefixTableMinRules)). When a group has wildcard rules too, the engine
        /// reported is the automaton's.
        PrefixTable = "prefix-table",
        /// A fully built dense DFA: one table lookup per target byte, no allocation, no locking.
        DenseDfa = "dense-dfa",
        /// A lazy (hybrid) DFA whose states are built on demand into a bounded per-thread cache.
        /// Should the cache thrash on a query, that query is answered by the glob matcher instead.
        LazyDfa = "lazy-dfa",
        /// No automaton (both DFAs disabled, or the NFA over [`Limit::NfaBytes`](crate::Limit::NfaBytes)): the
        /// wildcard rules are tested one by one in priority order, each in time linear in the
        /// target (literal segments found by substring search between the `*` runs).
        Glob = "glob",
    }
}

/// Why a rule set could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PatternError {
    kind: PatternErrorKind,
    detail: String,
}

/// The category of a [`PatternError`].
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum PatternErrorKind {
    /// The rules' NFA would exceed [`MatcherLimits::nfa_bytes`] (the value is that limit).
    NfaSizeLimit {
        /// The configured limit, in bytes.
        limit: usize,
    },
    /// The automaton library refused the rule set for another reason (for instance more rules
    /// or NFA states than it can number).
    Build,
}

impl PatternError {
    /// The category of the error, including the limit that was hit.
    #[cfg(test)]
    #[must_use]
    pub(super) fn kind(&self) -> PatternErrorKind {
        self.kind
    }

    pub(super) fn from_nfa(err: &thompson::BuildError) -> PatternError {
        let kind = match err.size_limit() {
            Some(limit) => PatternErrorKind::NfaSizeLimit { limit },
            None => PatternErrorKind::Build,
        };
        PatternError {
            kind,
            detail: err.to_string(),
        }
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PatternErrorKind::NfaSizeLimit { limit } => write!(
                f,
                "the rules are too large to compile: their automaton would exceed the NFA \
                 size limit of {limit} bytes (MatcherLimits::nfa_bytes)"
            ),
            PatternErrorKind::Build => {
                write!(f, "the rules could not be compiled: {}", self.detail)
            }
        }
    }
}

impl std::error::Error for PatternError {}

/// The lazy DFA gives up on a search (which then goes to the glob matcher) once its cache has
/// been cleared this many times…
const LAZY_MIN_CACHE_CLEARS: usize = 3;
/// …and fewer than this many target bytes were searched per DFA state built since the last
/// clear: building states then costs more than testing the rules one by one would.
const LAZY_MIN_BYTES_PER_STATE: usize = 10;

/// How per-search scratch space is created for the pool.
type CacheFn<T> = Box<dyn Fn() -> T + Send + Sync + UnwindSafe + RefUnwindSafe>;
/// A thread-safe pool of per-search scratch space.
type CachePool<T> = Pool<T, CacheFn<T>>;

/// The automaton that answers [`RuleMatcher::decide`] for the wildcard rules.
pub(super) enum Automaton {
    Dense(dense::DFA<Vec<u32>>),
    Lazy {
        dfa: hybrid::dfa::DFA,
        caches: CachePool<hybrid::dfa::Cache>,
        /// The NFA the lazy DFA builds its states from (shared with it, counted once).
        nfa_bytes: usize,
    },
}

impl Automaton {
    /// The ID of the first pattern (in the NFA's order) matching a prefix of `target`, searched
    /// anchored; `Err` when the lazy DFA gave up on this search.
    #[inline]
    pub(super) fn search(
        &self,
        target: &[u8],
    ) -> Result<Option<usize>, regex_automata::MatchError> {
        let input = Input::new(target).anchored(Anchored::Yes);
        let found = match self {
            Automaton::Dense(dfa) => dfa.try_search_fwd(&input),
            Automaton::Lazy { dfa, caches, .. } => {
                let mut cache = caches.get();
                dfa.try_search_fwd(&mut cache, &input)
            }
        }?;
        Ok(found.map(|m| m.pattern().as_usize()))
    }

    /// Heap memory held by the DFA (and, for the lazy DFA, the NFA it builds states from).
    pub(super) fn memory_usage(&self) -> usize {
        match self {
            Automaton::Dense(dfa) => dfa.memory_usage(),
            Automaton::Lazy { dfa, nfa_bytes, .. } => dfa.memory_usage() + nfa_bytes,
        }
    }
}

/// Assembles the Thompson NFA of `patterns` straight from their bytes, in their order. Each pattern is a chain: one state per literal byte, one
/// non-greedy any-byte loop per run of `*` (the loop's exit preferred), an end-of-target
/// assertion for a final `$`, then the pattern's match state. The NFA is only ever searched
/// anchored, so its unanchored start is its anchored one, and it has no capture states.
// The error is regex-automata's own, built once per failed compile: its size does not matter.
#[allow(clippy::result_large_err)]
pub(crate) fn build_nfa<'p>(
    patterns: impl Iterator<Item = &'p [u8]>,
    syntax: PatternSyntax,
    limit: usize,
) -> Result<NFA, thompson::BuildError> {
    let mut builder = thompson::Builder::new();
    builder.set_size_limit(Some(limit))?;
    let mut starts = Vec::new();
    for pattern in patterns {
        builder.start_pattern()?;
        let start = builder.add_empty()?;
        // The state whose exit the next piece is patched onto.
        let mut end = start;
        let (body, end_anchor) = split_end_anchor(pattern, syntax);
        let mut in_star_run = false;
        for &byte in body {
            let next = if syntax.wildcards && byte == b'*' {
                if in_star_run {
                    continue;
                }
                in_star_run = true;
                // A reverse union prefers its last alternate: the exit, patched on later.
                let star = builder.add_union_reverse(Vec::new())?;
                let any = builder.add_range(Transition {
                    start: 0x00,
                    end: 0xFF,
                    next: star,
                })?;
                builder.patch(star, any)?;
                star
            } else {
                in_star_run = false;
                builder.add_range(Transition {
                    start: byte,
                    end: byte,
                    next: StateID::ZERO,
                })?
            };
            builder.patch(end, next)?;
            end = next;
        }
        if end_anchor {
            let look = builder.add_look(StateID::ZERO, Look::End)?;
            builder.patch(end, look)?;
            end = look;
        }
        let matched = builder.add_match()?;
        builder.patch(end, matched)?;
        builder.finish_pattern(start)?;
        starts.push(start);
    }
    // Alternates in pattern-ID order: leftmost-first prefers the earliest (see docs).
    let start = builder.add_union(starts)?;
    builder.build(start, start)
}

/// The fastest DFA that fits the limits (see [`MatcherLimits`]), or none.
pub(super) fn choose_automaton(nfa: NFA, limits: &MatcherLimits) -> Option<Automaton> {
    if limits.dense_dfa_bytes > 0 {
        let built = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .match_kind(MatchKind::LeftmostFirst)
                    .start_kind(StartKind::Anchored)
                    .dfa_size_limit(Some(limits.dense_dfa_bytes))
                    .determinize_size_limit(Some(limits.dense_dfa_bytes)),
            )
            .build_from_nfa(&nfa);
        if let Ok(dfa) = built {
            return Some(Automaton::Dense(dfa));
        }
    }
    if limits.lazy_cache_bytes == 0 {
        return None;
    }
    let nfa_bytes = nfa.memory_usage();
    let built = hybrid::dfa::Builder::new()
        .configure(
            hybrid::dfa::Config::new()
                .match_kind(MatchKind::LeftmostFirst)
                .cache_capacity(limits.lazy_cache_bytes)
                .skip_cache_capacity_check(true)
                .minimum_cache_clear_count(Some(LAZY_MIN_CACHE_CLEARS))
                .minimum_bytes_per_state(Some(LAZY_MIN_BYTES_PER_STATE)),
        )
        .build_from_nfa(nfa)
        .ok()?;
    let for_pool = built.clone();
    let create: CacheFn<hybrid::dfa::Cache> = Box::new(move || for_pool.create_cache());
    Some(Automaton::Lazy {
        dfa: built,
        caches: Pool::new(create),
        nfa_bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const WILD: PatternSyntax = PatternSyntax { wildcards: true };
    const LITERAL: PatternSyntax = PatternSyntax { wildcards: false };

    /// The NFA assembled from bytes: one pattern per distinct pattern, a run of `*` one loop.
    #[test]
    fn nfa_from_bytes() {
        let nfa = |patterns: &[&[u8]], syntax| {
            build_nfa(patterns.iter().copied(), syntax, 1 << 20).unwrap()
        };
        let three = nfa(&[b"/a*b$", b"/a$b", b""], WILD);
        assert_eq!(three.pattern_len(), 3);
        assert_eq!(
            nfa(&[b"/a**b"], WILD).states().len(),
            nfa(&[b"/a*b"], WILD).states().len()
        );
        assert!(nfa(&[b"/a$"], WILD).look_set_any().contains(Look::End));
        assert!(!nfa(&[b"/a$b"], WILD).look_set_any().contains(Look::End));
        assert!(!nfa(&[b"/a$"], LITERAL).look_set_any().contains(Look::End));
    }
}
