//! Compilation of a group's rules into one automaton, and the queries on it.
//!
//! The construction (a Thompson NFA assembled straight from the pattern bytes), the choice of
//! match semantics and the fallback to the linear glob matcher are described in
//! `docs/matcher.md`; the comments here say what each piece does.

use std::cmp::Reverse;
use std::collections::hash_map::{Entry, HashMap};
use std::fmt;
use std::panic::{RefUnwindSafe, UnwindSafe};

use regex_automata::dfa::{dense, Automaton as _, StartKind};
use regex_automata::hybrid;
use regex_automata::nfa::thompson::{self, Transition, NFA};
use regex_automata::util::look::Look;
use regex_automata::util::pool::Pool;
use regex_automata::util::primitives::StateID;
use regex_automata::{Anchored, Input, MatchKind};

use super::glob::{split_end_anchor, star_runs, GlobSet};
use super::prefix::PrefixTable;
use super::{PatternSyntax, Precedence, RuleKind};
/// Memory bounds for compiling one rule set.
///
/// All values are bytes of heap memory. The defaults were chosen by measurement on 4,231 real
/// robots.txt files (see `docs/matcher.md`): the dense DFA only where it is cheap to build, the
/// lazy DFA — nearly as fast once warm and almost free to build — everywhere else, and a
/// hostile file held to tens of megabytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatcherLimits {
    /// Largest dense DFA to build, and the most scratch memory its construction may use. When
    /// determinization would exceed it, it stops and the lazy DFA is used instead; the time
    /// spent before stopping grows with this limit (up to about a second per MiB for groups
    /// full of wildcards), so raise it only for groups queried very often. `0` disables the
    /// dense DFA. Default: 0 ([`MatcherLimits::DEFAULT_DENSE_DFA_BYTES`]): the automaton holds
    /// only wildcard rules, on which the lazy DFA is as fast once warm; a crawler asking
    /// millions of questions of one group may set it (16 KiB fits a few dozen rules).
    pub dense_dfa_bytes: usize,
    /// Capacity of the lazy DFA's state cache. There is one cache per thread searching the same
    /// matcher concurrently, and it only grows as states are built, so the memory used is at
    /// most this times the number of such threads. A cache must be able to hold a handful of
    /// states; when this capacity is below that minimum (which is proportional to the size of
    /// the NFA, so itself bounded by [`nfa_bytes`](Self::nfa_bytes)) the minimum is used
    /// instead. `0` disables the lazy DFA (with the dense DFA also off, no automaton is built
    /// and the glob matcher answers). Default: 8 MiB
    /// ([`MatcherLimits::DEFAULT_LAZY_CACHE_BYTES`]).
    pub lazy_cache_bytes: usize,
    /// Largest Thompson NFA to build. Both DFAs are built from this NFA, so when the wildcard
    /// rules' NFA would exceed the limit no automaton is built: those rules are answered by the
    /// glob matcher (each rule tested in time linear in the target) and
    /// `RuleMatcher::automaton_error` says why ([`Explanation::engine`](crate::Explanation::engine)
    /// is then `glob`). The NFA takes a few tens of bytes per byte of
    /// pattern. Default: 32 MiB
    /// ([`MatcherLimits::DEFAULT_NFA_BYTES`]), about a megabyte of patterns in one group —
    /// twice what fits in the 500 KiB that Google reads of a robots.txt file.
    pub nfa_bytes: usize,
    /// From how many literal rules (no `*`, no end anchor) in a group on they are answered from
    /// a sorted prefix table instead of the automaton: no NFA to build for them, memory
    /// proportional to their bytes, so groups of hundreds of thousands of plain rules compile
    /// at once. `0` or `1`: always (the default, [`MatcherLimits::DEFAULT_PREFIX_TABLE_MIN_RULES`];
    /// measured faster both to build and to query than the automaton on real files);
    /// `usize::MAX`: never, every rule in the automaton.
    pub prefix_table_min_rules: usize,
}

impl MatcherLimits {
    /// Default for [`MatcherLimits::dense_dfa_bytes`]: 0, no dense DFA (see `docs/matcher.md`
    /// §3.1: with literal rules in the prefix table, the lazy DFA answers as fast and costs
    /// nothing to build).
    pub const DEFAULT_DENSE_DFA_BYTES: usize = 0;
    /// Default for [`MatcherLimits::lazy_cache_bytes`]: 8 MiB.
    pub const DEFAULT_LAZY_CACHE_BYTES: usize = 8 << 20;
    /// Default for [`MatcherLimits::nfa_bytes`]: 32 MiB.
    pub const DEFAULT_NFA_BYTES: usize = 32 << 20;
    /// Default for [`MatcherLimits::prefix_table_min_rules`].
    pub const DEFAULT_PREFIX_TABLE_MIN_RULES: usize = 1;
}

impl MatcherLimits {
    /// Whether any automaton is wanted at all (else the wildcard rules go to the glob matcher
    /// and no NFA is built).
    fn wants_automaton(&self) -> bool {
        self.dense_dfa_bytes > 0 || self.lazy_cache_bytes > 0
    }
}

impl Default for MatcherLimits {
    fn default() -> Self {
        MatcherLimits {
            dense_dfa_bytes: Self::DEFAULT_DENSE_DFA_BYTES,
            lazy_cache_bytes: Self::DEFAULT_LAZY_CACHE_BYTES,
            nfa_bytes: Self::DEFAULT_NFA_BYTES,
            prefix_table_min_rules: Self::DEFAULT_PREFIX_TABLE_MIN_RULES,
        }
    }
}

crate::names::stable_names! {
    /// The engine a group's rules are answered with, chosen once when they are compiled
    /// (docs/matcher.md).
    pub enum Engine {
        /// The rule set is empty: no automaton was built and every query answers "no rule".
        NoRules = "none",
        /// Every rule is literal: the prefix table alone answers (see
        /// [`MatcherLimits::prefix_table_min_rules`]). When a group has wildcard rules too, the engine
        /// reported is the automaton's.
        PrefixTable = "prefix-table",
        /// A fully built dense DFA: one table lookup per target byte, no allocation, no locking.
        DenseDfa = "dense-dfa",
        /// A lazy (hybrid) DFA whose states are built on demand into a bounded per-thread cache.
        /// Should the cache thrash on a query, that query is answered by the glob matcher instead.
        LazyDfa = "lazy-dfa",
        /// No automaton (both DFAs disabled, or the NFA over [`MatcherLimits::nfa_bytes`]): the
        /// wildcard rules are tested one by one in priority order, each in time linear in the
        /// target (literal segments found by substring search between the `*` runs).
        Glob = "glob",
    }
}

/// Why a rule set could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    kind: PatternErrorKind,
    detail: String,
}

/// The category of a [`PatternError`].
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PatternErrorKind {
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
    pub fn kind(&self) -> PatternErrorKind {
        self.kind
    }

    fn from_nfa(err: &thompson::BuildError) -> PatternError {
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

/// A wildcard pattern with more runs of `*` than this is left out of the automaton and always
/// answered by the glob matcher: each run keeps a thread alive at every target byte, so such a
/// pattern makes every DFA state large, and the lazy DFA would spend long building states
/// before giving up (0.6 s for one rule of 30,000 `*a`). Real patterns have a handful.
const AUTOMATON_MAX_STAR_RUNS: usize = 16;

/// How per-search scratch space is created for the pool.
type CacheFn<T> = Box<dyn Fn() -> T + Send + Sync + UnwindSafe + RefUnwindSafe>;
/// A thread-safe pool of per-search scratch space.
type CachePool<T> = Pool<T, CacheFn<T>>;

/// What pattern ID `i` of the automaton stands for.
#[derive(Debug, Clone, Copy)]
struct Slot {
    /// Index of the rule in the slice given to [`RuleMatcher::compile`].
    rule: usize,
    kind: RuleKind,
}

/// The automaton that answers [`RuleMatcher::decide`] for the wildcard rules.
enum Automaton {
    Dense(dense::DFA<Vec<u32>>),
    Lazy {
        dfa: hybrid::dfa::DFA,
        caches: CachePool<hybrid::dfa::Cache>,
        /// The NFA the lazy DFA builds its states from (shared with it, counted once).
        nfa_bytes: usize,
    },
}

/// The rules of one group compiled for queries.
///
/// Build it with [`RuleMatcher::compile`], then ask [`RuleMatcher::decide`] which rule decides a
/// target. A `RuleMatcher` is immutable, `Send` and `Sync`: share it between threads by
/// reference or `Arc`. The lazy DFA takes its scratch space from an internal pool for the
/// duration of one search (no lock is held during a search, and no search waits for another);
/// the dense DFA, the prefix table and the glob matcher need no scratch space at all.
pub struct RuleMatcher {
    /// `slots[i]` describes pattern ID `i`; IDs are in priority order.
    slots: Box<[Slot]>,
    precedence: Precedence,
    /// The literal rules, when the prefix table is on and there are some.
    literals: Option<PrefixTable>,
    /// The other rules' distinct patterns, in automaton pattern-ID order: the linear matcher
    /// of [`RuleMatcher::matching`], and of [`RuleMatcher::decide`] when there is no automaton
    /// or it gives up.
    globs: GlobSet,
    /// The automaton over the patterns of `globs` listed in `automaton_ids`; `None` when there
    /// are none, when both DFAs are disabled, or when the NFA could not be built (then
    /// `automaton_error` says why).
    automaton: Option<Automaton>,
    /// `automaton_ids[i]`: the pattern of `globs` that is the automaton's pattern `i`
    /// (ascending).
    automaton_ids: Box<[usize]>,
    /// The patterns of `globs` left out of the automaton (too many `*` runs), ascending.
    glob_only: Box<[usize]>,
    /// Why the automaton could not be built, if it could not.
    #[cfg_attr(not(test), allow(dead_code))]
    automaton_error: Option<PatternError>,
    /// `automaton_ranks[i]`: the ranks (indices into `slots`, best first) of the rules whose
    /// pattern is pattern `i` of `globs`.
    automaton_ranks: Box<[Vec<usize>]>,
    /// Number of searches the lazy DFA gave up on (tests check the fallback really runs).
    #[cfg(test)]
    lazy_gave_up: std::sync::atomic::AtomicUsize,
}

impl RuleMatcher {
    /// Compiles `rules` — `(kind, normalised pattern)` in file order — for `precedence` under
    /// `syntax`, within `limits`.
    ///
    /// Literal rules go to a prefix table; the distinct wildcard patterns to one Thompson NFA,
    /// assembled straight from their bytes, and from it to the dense DFA or (by default) the
    /// lazy DFA. Nothing else is built: the glob matcher that answers when there is no DFA
    /// needs only the pattern bytes.
    ///
    /// An empty pattern is allowed and matches every target with length 0 (callers normally
    /// drop empty rules before, as every variant gives them no effect). An empty rule set is
    /// allowed and builds no automaton.
    ///
    /// Compilation cannot fail: when the wildcard rules' NFA would exceed
    /// [`MatcherLimits::nfa_bytes`] (or the automaton library refuses the rule set for another
    /// reason, e.g. more rules than it can number), no automaton is built, the wildcard rules
    /// are answered by the linear glob matcher, and [`RuleMatcher::automaton_error`] says why.
    /// Exceeding the dense-DFA or lazy-cache limits chooses a slower engine instead.
    pub fn compile(
        rules: &[(RuleKind, &[u8])],
        syntax: PatternSyntax,
        precedence: Precedence,
        limits: &MatcherLimits,
    ) -> RuleMatcher {
        let order = priority_order(rules, precedence);
        let slots: Box<[Slot]> = order
            .iter()
            .map(|&(rule, kind, _)| Slot { rule, kind })
            .collect();
        let literal_count = order.iter().filter(|r| is_literal(r.2, syntax)).count();
        let use_table = literal_count > 0 && literal_count >= limits.prefix_table_min_rules;
        let (literal, wildcard): (Vec<Ranked<'_>>, Vec<Ranked<'_>>) = order
            .iter()
            .enumerate()
            .map(|(rank, &(_, _, pattern))| (rank, pattern))
            .partition(|&(_, pattern)| use_table && is_literal(pattern, syntax));
        let literals = use_table.then(|| PrefixTable::new(literal.into_iter()));
        let (automaton_ranks, patterns) = distinct_patterns(&wildcard);
        let globs = GlobSet::new(patterns.into_iter(), syntax);
        let (automaton_ids, glob_only): (Vec<usize>, Vec<usize>) = (0..globs.len())
            .partition(|&id| star_runs(globs.get(id), syntax) <= AUTOMATON_MAX_STAR_RUNS);
        let (automaton, automaton_error) = if automaton_ids.is_empty() || !limits.wants_automaton()
        {
            (None, None)
        } else {
            let patterns = automaton_ids.iter().map(|&id| globs.get(id));
            match build_nfa(patterns, syntax, limits.nfa_bytes) {
                Ok(nfa) => (choose_automaton(nfa, limits), None),
                Err(err) => (None, Some(PatternError::from_nfa(&err))),
            }
        };
        RuleMatcher {
            slots,
            precedence,
            literals,
            globs,
            automaton,
            automaton_ids: automaton_ids.into(),
            glob_only: glob_only.into(),
            automaton_error,
            automaton_ranks: automaton_ranks.into(),
            #[cfg(test)]
            lazy_gave_up: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// The index (into the `rules` given to [`compile`](Self::compile)) of the rule that decides
    /// `target`, or `None` when no rule decides — then the target is allowed in every variant.
    ///
    /// One left-to-right pass over at most the whole target; with the dense DFA it allocates
    /// nothing and takes no lock. When there is no automaton, or the lazy DFA gives up on this
    /// target, the wildcard rules are tested one by one in priority order, each in time linear
    /// in the target.
    #[must_use]
    pub fn decide(&self, target: &[u8]) -> Option<usize> {
        let literal = self.literals.as_ref().and_then(|t| t.best(target));
        let automaton = self
            .winner(target)
            .and_then(|id| self.automaton_ranks.get(id))
            .and_then(|ranks| ranks.first().copied());
        let winner = match (literal, automaton) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        let slot = self.slots.get(winner)?;
        match (self.precedence, slot.kind) {
            // Allows are ranked after every Disallow, so an Allow winning means that no
            // Disallow matched.
            (Precedence::AnyDisallow, RuleKind::Allow) => None,
            _ => Some(slot.rule),
        }
    }

    /// The indices of every rule whose pattern matches `target`, in priority order: under
    /// [`Precedence::LongestMatch`] and [`Precedence::FirstMatch`] the first one is the rule
    /// [`decide`](Self::decide) reports; under [`Precedence::AnyDisallow`] the matching
    /// Disallows come first, in file order, then the matching Allows.
    ///
    /// Meant for explaining a verdict: it tests every wildcard rule (each in time linear in the
    /// target) and allocates.
    #[must_use]
    pub fn matching(&self, target: &[u8]) -> Vec<usize> {
        let mut ranks = self
            .literals
            .as_ref()
            .map_or_else(Vec::new, |t| t.all(target));
        ranks.extend(
            self.globs
                .all(target)
                .into_iter()
                .filter_map(|id| self.automaton_ranks.get(id))
                .flatten(),
        );
        ranks.sort_unstable();
        ranks
            .into_iter()
            .filter_map(|rank| self.slots.get(rank).map(|slot| slot.rule))
            .collect()
    }

    /// The engine that answers [`decide`](Self::decide) for the wildcard rules (for the literal
    /// ones: [`Engine::PrefixTable`] when every rule is literal).
    #[must_use]
    pub fn engine(&self) -> Engine {
        match &self.automaton {
            Some(Automaton::Dense(_)) => Engine::DenseDfa,
            Some(Automaton::Lazy { .. }) => Engine::LazyDfa,
            None if self.globs.len() > 0 => Engine::Glob,
            None if self.literals.is_some() => Engine::PrefixTable,
            None => Engine::NoRules,
        }
    }

    #[cfg(test)]
    /// Why the wildcard rules have no automaton and are answered by the glob matcher, when
    /// that is because the automaton could not be built (for instance its NFA would exceed
    /// [`MatcherLimits::nfa_bytes`]). `None` when it was built, or not wanted.
    #[must_use]
    pub fn automaton_error(&self) -> Option<&PatternError> {
        self.automaton_error.as_ref()
    }

    #[cfg(test)]
    /// The precedence the matcher was compiled with.
    #[must_use]
    pub fn precedence(&self) -> Precedence {
        self.precedence
    }

    /// Heap memory held by the prefix table, the wildcard patterns and the automaton, in bytes
    /// (not counting the per-thread scratch caches of the lazy DFA, which are bounded
    /// separately).
    #[must_use]
    pub fn memory_usage(&self) -> usize {
        let table = self.literals.as_ref().map_or(0, PrefixTable::memory_usage);
        let automaton = match &self.automaton {
            None => 0,
            Some(Automaton::Dense(dfa)) => dfa.memory_usage(),
            Some(Automaton::Lazy { dfa, nfa_bytes, .. }) => dfa.memory_usage() + nfa_bytes,
        };
        table + self.globs.memory_usage() + automaton
    }

    /// The number of rules compiled.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are no rules.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// How many searches the lazy DFA gave up on.
    #[cfg(test)]
    pub(crate) fn lazy_gave_up(&self) -> usize {
        self.lazy_gave_up.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The highest-priority wildcard pattern (its ID in `globs`) matching a prefix of `target`.
    fn winner(&self, target: &[u8]) -> Option<usize> {
        if self.globs.len() == 0 {
            return None;
        }
        let Some(automaton) = self.automaton_winner(target) else {
            return self.globs.first(target);
        };
        // The patterns left out of the automaton, tested only while they could still win.
        let glob_only = self
            .glob_only
            .iter()
            .copied()
            .take_while(|&id| automaton.is_none_or(|a| id < a))
            .find(|&id| self.globs.is_match(id, target));
        glob_only.or(automaton)
    }

    /// The automaton's answer (as an ID in `globs`): `None` when there is no automaton or it
    /// gave up, `Some(None)` when no pattern of the automaton matches.
    #[allow(clippy::option_option)]
    fn automaton_winner(&self, target: &[u8]) -> Option<Option<usize>> {
        let input = Input::new(target).anchored(Anchored::Yes);
        let searched = match &self.automaton {
            None => return None,
            Some(Automaton::Dense(dfa)) => dfa.try_search_fwd(&input),
            Some(Automaton::Lazy { dfa, caches, .. }) => {
                let mut cache = caches.get();
                dfa.try_search_fwd(&mut cache, &input)
            }
        };
        match searched {
            Ok(found) => {
                Some(found.and_then(|m| self.automaton_ids.get(m.pattern().as_usize()).copied()))
            }
            // The lazy DFA gave up (its cache thrashed); the dense DFA cannot fail with our
            // configuration (no quit bytes), but a fallback costs nothing and keeps the
            // answer right.
            Err(_) => {
                #[cfg(test)]
                self.lazy_gave_up
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                None
            }
        }
    }
}

impl fmt::Debug for RuleMatcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleMatcher")
            .field("rules", &self.len())
            .field("precedence", &self.precedence)
            .field("engine", &self.engine())
            .field("memory_usage", &self.memory_usage())
            .finish()
    }
}

/// Assembles the Thompson NFA of `patterns` straight from their bytes, in their order. Each pattern is a chain: one state per literal byte, one
/// non-greedy any-byte loop per run of `*` (the loop's exit preferred), an end-of-target
/// assertion for a final `$`, then the pattern's match state. The NFA is only ever searched
/// anchored, so its unanchored start is its anchored one, and it has no capture states.
// The error is regex-automata's own, built once per failed compile: its size does not matter.
#[allow(clippy::result_large_err)]
fn build_nfa<'p>(
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
fn choose_automaton(nfa: NFA, limits: &MatcherLimits) -> Option<Automaton> {
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

/// The rules in priority order: `(rule index, kind, pattern)`, highest priority first.
fn priority_order<'r>(
    rules: &[(RuleKind, &'r [u8])],
    precedence: Precedence,
) -> Vec<(usize, RuleKind, &'r [u8])> {
    let mut order: Vec<(usize, RuleKind, &[u8])> = rules
        .iter()
        .enumerate()
        .map(|(index, &(kind, pattern))| (index, kind, pattern))
        .collect();
    match precedence {
        // Longest first; on equal length Allow first; then file order. The sort is stable, so
        // file order needs no explicit key.
        Precedence::LongestMatch => order.sort_by_key(|&(_, kind, pattern)| {
            (Reverse(pattern.len()), kind == RuleKind::Disallow)
        }),
        Precedence::FirstMatch => {}
        // Every Disallow (file order) before every Allow: an Allow can only come out on top
        // when no Disallow matched.
        Precedence::AnyDisallow => {
            order.sort_by_key(|&(_, kind, _)| kind == RuleKind::Allow);
        }
    }
    order
}

/// A pattern and its rank (its rule's place in priority order).
type Ranked<'p> = (usize, &'p [u8]);

/// The distinct patterns of `ranked` (a file may repeat a rule thousands of times), in order of
/// their best rank, with the ranks of all the rules that share each.
fn distinct_patterns<'p>(ranked: &[Ranked<'p>]) -> (Vec<Vec<usize>>, Vec<&'p [u8]>) {
    let mut ranks: Vec<Vec<usize>> = Vec::new();
    let mut patterns: Vec<&[u8]> = Vec::new();
    let mut seen: HashMap<&[u8], usize> = HashMap::new();
    for &(rank, pattern) in ranked {
        match seen.entry(pattern) {
            Entry::Occupied(id) => ranks
                .get_mut(*id.get())
                .into_iter()
                .for_each(|r| r.push(rank)),
            Entry::Vacant(slot) => {
                slot.insert(patterns.len());
                patterns.push(pattern);
                ranks.push(vec![rank]);
            }
        }
    }
    (ranks, patterns)
}

/// A pattern with no wildcard and no end anchor under `syntax`: it matches exactly the targets
/// it is a prefix of.
fn is_literal(pattern: &[u8], syntax: PatternSyntax) -> bool {
    !syntax.wildcards || (!pattern.contains(&b'*') && pattern.last() != Some(&b'$'))
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

    #[test]
    fn priority_orders() {
        let rules: [(RuleKind, &[u8]); 5] = [
            (RuleKind::Disallow, b"/ab"),
            (RuleKind::Allow, b"/a"),
            (RuleKind::Allow, b"/ab"),
            (RuleKind::Disallow, b"/abcd"),
            (RuleKind::Allow, b"/x"),
        ];
        let ids = |p| {
            priority_order(&rules, p)
                .iter()
                .map(|r| r.0)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(Precedence::LongestMatch), [3, 2, 0, 1, 4]);
        assert_eq!(ids(Precedence::FirstMatch), [0, 1, 2, 3, 4]);
        assert_eq!(ids(Precedence::AnyDisallow), [0, 3, 1, 2, 4]);
    }

    /// Over the NFA limit, the wildcard rules are still answered (by the glob matcher) and the
    /// error says which limit was hit.
    #[test]
    fn nfa_limit_falls_back_to_the_glob_matcher() {
        let mut big = vec![b'a'; 10_000];
        big.push(b'*');
        let rules = [(RuleKind::Disallow, &big[..])];
        let limits = MatcherLimits {
            nfa_bytes: 1_000,
            prefix_table_min_rules: usize::MAX,
            ..MatcherLimits::default()
        };
        let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
        assert_eq!(m.engine(), Engine::Glob);
        let err = m.automaton_error().unwrap();
        assert_eq!(err.kind(), PatternErrorKind::NfaSizeLimit { limit: 1_000 });
        let message = err.to_string();
        assert!(message.contains("1000 bytes"), "{message}");
        assert!(message.contains("nfa_bytes"), "{message}");
        let mut target = big.clone();
        target.pop();
        assert_eq!(m.decide(&target), Some(0));
        assert_eq!(m.matching(&target), [0]);
        target.pop();
        assert_eq!(m.decide(&target), None);
        let fits = RuleMatcher::compile(
            &rules,
            WILD,
            Precedence::LongestMatch,
            &MatcherLimits::default(),
        );
        assert_eq!(fits.engine(), Engine::LazyDfa);
        assert!(fits.automaton_error().is_none());
    }
}
