//! Compilation of a group's rules into one automaton, and the queries on it.
//!
//! The construction, the choice of match semantics and the engine fallback chain are described
//! in `docs/matcher.md`; the comments here say what each piece does.

use std::cmp::Reverse;
use std::collections::hash_map::{Entry, HashMap};
use std::fmt;
use std::panic::{RefUnwindSafe, UnwindSafe};

use regex_automata::dfa::{dense, Automaton, StartKind};
use regex_automata::hybrid;
use regex_automata::nfa::thompson::{self, pikevm, pikevm::PikeVM, WhichCaptures, NFA};
use regex_automata::util::pool::Pool;
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind, PatternID, PatternSet};

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
    /// instead. `0` disables the lazy DFA and leaves the PikeVM. Default: 8 MiB
    /// ([`MatcherLimits::DEFAULT_LAZY_CACHE_BYTES`]).
    pub lazy_cache_bytes: usize,
    /// Largest Thompson NFA to build. Every engine is built from this NFA, so a rule set whose
    /// NFA exceeds the limit cannot be compiled at all and [`RuleMatcher::compile`] returns a
    /// [`PatternError`]. The NFA takes roughly 25–35 bytes per byte of pattern. Default: 32 MiB
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

/// The engine a [`RuleMatcher`] answers queries with, chosen once at compile time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The rule set is empty: no automaton was built and every query answers "no rule".
    NoRules,
    /// Every rule is literal: the prefix table alone answers (see
    /// [`MatcherLimits::prefix_table_min_rules`]). When a group has wildcard rules too, the engine
    /// reported is the automaton's.
    PrefixTable,
    /// A fully built dense DFA: one table lookup per target byte, no allocation, no locking.
    DenseDfa,
    /// A lazy (hybrid) DFA whose states are built on demand into a bounded per-thread cache.
    /// Should the cache thrash on a query, that query is answered by the PikeVM instead.
    LazyDfa,
    /// The PikeVM, which simulates the NFA directly: linear in target length × NFA size.
    PikeVm,
}

impl Engine {
    /// A short human-readable name (`"dense DFA"`, `"lazy DFA"`, `"PikeVM"`, `"none"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Engine::NoRules => "none",
            Engine::PrefixTable => "prefix table",
            Engine::DenseDfa => "dense DFA",
            Engine::LazyDfa => "lazy DFA",
            Engine::PikeVm => "PikeVM",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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

    fn build(detail: String) -> PatternError {
        PatternError {
            kind: PatternErrorKind::Build,
            detail,
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

/// The lazy DFA gives up on a search (which then goes to the PikeVM) once its cache has been
/// cleared this many times…
const LAZY_MIN_CACHE_CLEARS: usize = 3;
/// …and fewer than this many target bytes were searched per DFA state built since the last
/// clear: building states then costs more than simulating the NFA would.
const LAZY_MIN_BYTES_PER_STATE: usize = 10;

/// A `*` of the pattern: any run of bytes, possibly empty. Non-greedy, so that once a pattern
/// has matched, its own loop no longer keeps the search alive (see `docs/matcher.md`).
const ANY_RUN: &str = "(?s-u:.)*?";

/// How per-search scratch space is created for the pools.
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

/// The engine that answers [`RuleMatcher::decide`].
enum Primary {
    Dense(dense::DFA<Vec<u32>>),
    Lazy {
        dfa: hybrid::dfa::DFA,
        caches: CachePool<hybrid::dfa::Cache>,
    },
    PikeVm,
}

/// Everything built from a non-empty rule set.
struct Automata {
    nfa: NFA,
    primary: Primary,
    /// Leftmost-first PikeVM: the engine when no DFA fits, and the per-query fallback when the
    /// lazy DFA gives up (or, defensively, when any DFA search reports an error).
    pikevm: PikeVM,
    pikevm_caches: CachePool<pikevm::Cache>,
    /// A PikeVM over the same NFA reporting *every* matching pattern, for
    /// [`RuleMatcher::matching`].
    all: PikeVM,
    all_caches: CachePool<pikevm::Cache>,
    /// Number of searches the lazy DFA gave up on (tests check the fallback really runs).
    #[cfg(test)]
    lazy_gave_up: std::sync::atomic::AtomicUsize,
}

/// The rules of one group compiled into a single automaton.
///
/// Build it with [`RuleMatcher::compile`], then ask [`RuleMatcher::decide`] which rule decides a
/// target. A `RuleMatcher` is immutable, `Send` and `Sync`: share it between threads by
/// reference or `Arc`. The lazy DFA and the PikeVM take their scratch space from an internal
/// pool for the duration of one search (no lock is held during a search, and no search waits
/// for another); the dense DFA needs no scratch space at all.
pub struct RuleMatcher {
    /// `slots[i]` describes pattern ID `i`; IDs are in priority order.
    slots: Box<[Slot]>,
    precedence: Precedence,
    /// The literal rules, when the prefix table is on and there are some.
    literals: Option<PrefixTable>,
    /// The other rules' automaton; `None` when there are none.
    automata: Option<Automata>,
    /// `automaton_ranks[i]`: the ranks (indices into `slots`, best first) of the rules whose
    /// pattern is the automaton's pattern `i`.
    automaton_ranks: Box<[Vec<usize>]>,
}

impl RuleMatcher {
    /// Compiles `rules` — `(kind, pattern)` pairs in file order, patterns already
    /// [normalised](super::normalise) — into one automaton.
    ///
    /// An empty pattern is allowed and matches every target with length 0 (callers normally
    /// drop empty rules before, as every variant gives them no effect). An empty rule set is
    /// allowed and builds no automaton.
    ///
    /// # Errors
    ///
    /// [`PatternError`] when the rules' NFA exceeds [`MatcherLimits::nfa_bytes`], or when the
    /// automaton library refuses the rule set for another reason (e.g. more rules than it can
    /// number). Exceeding the dense-DFA or lazy-cache limits is not an error: a slower engine
    /// is chosen instead.
    pub fn compile(
        rules: &[(RuleKind, &[u8])],
        syntax: PatternSyntax,
        precedence: Precedence,
        limits: &MatcherLimits,
    ) -> Result<RuleMatcher, PatternError> {
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
        let (automaton_ranks, regexes) = distinct_patterns(&wildcard, syntax);
        let automata = if regexes.is_empty() {
            None
        } else {
            Some(Automata::build(&regexes, limits)?)
        };
        Ok(RuleMatcher {
            slots,
            precedence,
            literals,
            automata,
            automaton_ranks: automaton_ranks.into(),
        })
    }

    /// The index (into the `rules` given to [`compile`](Self::compile)) of the rule that decides
    /// `target`, or `None` when no rule decides — then the target is allowed in every variant.
    ///
    /// One left-to-right pass over at most the whole target; with the dense DFA it allocates
    /// nothing and takes no lock.
    #[must_use]
    pub fn decide(&self, target: &[u8]) -> Option<usize> {
        let literal = self.literals.as_ref().and_then(|t| t.best(target));
        let automaton = self
            .automata
            .as_ref()
            .and_then(|a| a.winner(target))
            .and_then(|id| self.automaton_ranks.get(id.as_usize()))
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
    /// Meant for explaining a verdict: it simulates the NFA and allocates.
    #[must_use]
    pub fn matching(&self, target: &[u8]) -> Vec<usize> {
        let mut ranks = self
            .literals
            .as_ref()
            .map_or_else(Vec::new, |t| t.all(target));
        if let Some(automata) = self.automata.as_ref() {
            let input = anchored_input(target);
            let mut set = PatternSet::new(automata.nfa.pattern_len());
            {
                let mut cache = automata.all_caches.get();
                automata
                    .all
                    .which_overlapping_matches(&mut cache, &input, &mut set);
            }
            ranks.extend(
                set.iter()
                    .filter_map(|id| self.automaton_ranks.get(id.as_usize()))
                    .flatten(),
            );
        }
        ranks.sort_unstable();
        ranks
            .into_iter()
            .filter_map(|rank| self.slots.get(rank).map(|slot| slot.rule))
            .collect()
    }

    /// The engine chosen at compile time.
    #[must_use]
    pub fn engine(&self) -> Engine {
        match self.automata.as_ref().map(|a| &a.primary) {
            None if self.literals.is_some() => Engine::PrefixTable,
            None => Engine::NoRules,
            Some(Primary::Dense(_)) => Engine::DenseDfa,
            Some(Primary::Lazy { .. }) => Engine::LazyDfa,
            Some(Primary::PikeVm) => Engine::PikeVm,
        }
    }

    /// The precedence the matcher was compiled with.
    #[must_use]
    pub fn precedence(&self) -> Precedence {
        self.precedence
    }

    /// Heap memory held by the compiled automata, in bytes (not counting the per-thread
    /// scratch caches of the lazy DFA and PikeVM, which are bounded separately).
    #[must_use]
    pub fn memory_usage(&self) -> usize {
        let table = self.literals.as_ref().map_or(0, PrefixTable::memory_usage);
        let Some(automata) = self.automata.as_ref() else {
            return table;
        };
        let primary = match &automata.primary {
            Primary::Dense(dfa) => dfa.memory_usage(),
            Primary::Lazy { dfa, .. } => dfa.memory_usage(),
            Primary::PikeVm => 0,
        };
        table + automata.nfa.memory_usage() + primary
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
        self.automata.as_ref().map_or(0, |a| {
            a.lazy_gave_up.load(std::sync::atomic::Ordering::Relaxed)
        })
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

impl Automata {
    fn build(regexes: &[String], limits: &MatcherLimits) -> Result<Automata, PatternError> {
        let nfa = thompson::Compiler::new()
            .syntax(syntax::Config::new().unicode(false).utf8(false))
            .configure(
                thompson::Config::new()
                    .utf8(false)
                    .which_captures(WhichCaptures::None)
                    .nfa_size_limit(Some(limits.nfa_bytes)),
            )
            .build_many(regexes)
            .map_err(|err| PatternError::from_nfa(&err))?;

        let pikevm = build_pikevm(&nfa, MatchKind::LeftmostFirst)?;
        let all = build_pikevm(&nfa, MatchKind::All)?;
        let primary = choose_primary(&nfa, limits);
        Ok(Automata {
            pikevm_caches: pikevm_pool(&pikevm),
            all_caches: pikevm_pool(&all),
            nfa,
            primary,
            pikevm,
            all,
            #[cfg(test)]
            lazy_gave_up: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    /// The highest-priority pattern matching a prefix of `target`.
    fn winner(&self, target: &[u8]) -> Option<PatternID> {
        let input = anchored_input(target);
        match &self.primary {
            Primary::Dense(dfa) => match dfa.try_search_fwd(&input) {
                Ok(found) => found.map(|m| m.pattern()),
                // Unreachable with our configuration (no quit bytes, no give-up), but a
                // fallback costs nothing and keeps the answer right.
                Err(_) => self.pikevm_winner(&input),
            },
            Primary::Lazy { dfa, caches } => {
                let result = {
                    let mut cache = caches.get();
                    dfa.try_search_fwd(&mut cache, &input)
                };
                match result {
                    Ok(found) => found.map(|m| m.pattern()),
                    Err(_) => {
                        #[cfg(test)]
                        self.lazy_gave_up
                            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        self.pikevm_winner(&input)
                    }
                }
            }
            Primary::PikeVm => self.pikevm_winner(&input),
        }
    }

    fn pikevm_winner(&self, input: &Input<'_>) -> Option<PatternID> {
        let mut cache = self.pikevm_caches.get();
        // No slots: we want the pattern, not the span.
        self.pikevm.search_slots(&mut cache, input, &mut [])
    }
}

/// An input searched from its first byte only.
fn anchored_input(target: &[u8]) -> Input<'_> {
    Input::new(target).anchored(Anchored::Yes)
}

/// The fastest engine that fits the limits (see [`MatcherLimits`]).
fn choose_primary(nfa: &NFA, limits: &MatcherLimits) -> Primary {
    if limits.dense_dfa_bytes > 0 {
        let built = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .match_kind(MatchKind::LeftmostFirst)
                    .start_kind(StartKind::Anchored)
                    .dfa_size_limit(Some(limits.dense_dfa_bytes))
                    .determinize_size_limit(Some(limits.dense_dfa_bytes)),
            )
            .build_from_nfa(nfa);
        if let Ok(dfa) = built {
            return Primary::Dense(dfa);
        }
    }
    if limits.lazy_cache_bytes > 0 {
        let built = hybrid::dfa::Builder::new()
            .configure(
                hybrid::dfa::Config::new()
                    .match_kind(MatchKind::LeftmostFirst)
                    .cache_capacity(limits.lazy_cache_bytes)
                    .skip_cache_capacity_check(true)
                    .minimum_cache_clear_count(Some(LAZY_MIN_CACHE_CLEARS))
                    .minimum_bytes_per_state(Some(LAZY_MIN_BYTES_PER_STATE)),
            )
            .build_from_nfa(nfa.clone());
        if let Ok(dfa) = built {
            let for_pool = dfa.clone();
            let create: CacheFn<hybrid::dfa::Cache> = Box::new(move || for_pool.create_cache());
            return Primary::Lazy {
                dfa,
                caches: Pool::new(create),
            };
        }
    }
    Primary::PikeVm
}

fn build_pikevm(nfa: &NFA, kind: MatchKind) -> Result<PikeVM, PatternError> {
    pikevm::Builder::new()
        .configure(pikevm::Config::new().match_kind(kind))
        .build_from_nfa(nfa.clone())
        .map_err(|err| PatternError::build(err.to_string()))
}

fn pikevm_pool(vm: &PikeVM) -> CachePool<pikevm::Cache> {
    let vm = vm.clone();
    Pool::new(Box::new(move || vm.create_cache()))
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

/// One regex per distinct pattern of `ranked` (a file may repeat a rule thousands of times), in
/// order of its best rank, with the ranks of all the rules that share it.
fn distinct_patterns(
    ranked: &[Ranked<'_>],
    syntax: PatternSyntax,
) -> (Vec<Vec<usize>>, Vec<String>) {
    let mut ranks: Vec<Vec<usize>> = Vec::new();
    let mut regexes: Vec<String> = Vec::new();
    let mut seen: HashMap<&[u8], usize> = HashMap::new();
    for &(rank, pattern) in ranked {
        match seen.entry(pattern) {
            Entry::Occupied(id) => ranks
                .get_mut(*id.get())
                .into_iter()
                .for_each(|r| r.push(rank)),
            Entry::Vacant(slot) => {
                slot.insert(regexes.len());
                regexes.push(to_regex(pattern, syntax));
                ranks.push(vec![rank]);
            }
        }
    }
    (ranks, regexes)
}

/// A pattern with no wildcard and no end anchor under `syntax`: it matches exactly the targets
/// it is a prefix of.
fn is_literal(pattern: &[u8], syntax: PatternSyntax) -> bool {
    !syntax.wildcards || (!pattern.contains(&b'*') && pattern.last() != Some(&b'$'))
}

/// Upper-case hex digits for `\xNN` escapes.
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Translates one pattern into regex syntax (compiled without Unicode, over raw bytes).
///
/// Every literal byte is written either as an ASCII letter or digit or as a `\xNN` escape, so no
/// byte of a pattern can ever be read as regex syntax. A run of `*` becomes one non-greedy
/// any-byte loop; a final `$` becomes `\z` (end of the target). The prefix semantics need no
/// trailing loop: the search is anchored at the start and a match may end anywhere. Each regex
/// starts with `\A` (see the comment inside).
fn to_regex(pattern: &[u8], syntax: PatternSyntax) -> String {
    let (body, end_anchor) = match pattern.split_last() {
        Some((b'$', body)) if syntax.wildcards => (body, true),
        _ => (pattern, false),
    };
    // `\A` is redundant for the anchored leftmost-first searches of `decide`, but
    // `PikeVM::which_overlapping_matches` (regex-automata 0.4.19) re-seeds the start state at
    // every position of an anchored search while other threads are alive, which would report
    // patterns matching in the middle of the target. `\A` makes such threads die at once.
    let mut regex = String::with_capacity(body.len() * 4 + 4);
    regex.push_str(r"\A");
    let mut in_star_run = false;
    for &byte in body {
        if syntax.wildcards && byte == b'*' {
            if !in_star_run {
                regex.push_str(ANY_RUN);
            }
            in_star_run = true;
            continue;
        }
        in_star_run = false;
        if byte.is_ascii_alphanumeric() {
            regex.push(char::from(byte));
        } else {
            regex.push_str("\\x");
            regex.extend(
                HEX_UPPER
                    .get(usize::from(byte >> 4))
                    .map(|&d| char::from(d)),
            );
            regex.extend(
                HEX_UPPER
                    .get(usize::from(byte & 0x0F))
                    .map(|&d| char::from(d)),
            );
        }
    }
    if end_anchor {
        regex.push_str(r"\z");
    }
    regex
}

#[cfg(test)]
mod tests {
    use super::*;

    const WILD: PatternSyntax = PatternSyntax { wildcards: true };
    const LITERAL: PatternSyntax = PatternSyntax { wildcards: false };

    #[test]
    fn translation() {
        assert_eq!(to_regex(b"/a", WILD), r"\A\x2Fa");
        assert_eq!(to_regex(b"/a**b$", WILD), r"\A\x2Fa(?s-u:.)*?b\z");
        assert_eq!(to_regex(b"/a$b", WILD), r"\A\x2Fa\x24b");
        assert_eq!(to_regex(b"$", WILD), r"\A\z");
        assert_eq!(to_regex(b"$$", WILD), r"\A\x24\z");
        assert_eq!(to_regex(b"/*$", LITERAL), r"\A\x2F\x2A\x24");
        assert_eq!(to_regex(b"\x00\xff(", LITERAL), r"\A\x00\xFF\x28");
        assert_eq!(to_regex(b"", WILD), r"\A");
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

    #[test]
    fn error_display_names_the_limit() {
        let big = vec![b'a'; 10_000];
        let rules = [(RuleKind::Disallow, &big[..])];
        let limits = MatcherLimits {
            nfa_bytes: 1_000,
            prefix_table_min_rules: usize::MAX,
            ..MatcherLimits::default()
        };
        let err =
            RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits).unwrap_err();
        assert_eq!(err.kind(), PatternErrorKind::NfaSizeLimit { limit: 1_000 });
        let message = err.to_string();
        assert!(message.contains("1000 bytes"), "{message}");
        assert!(message.contains("nfa_bytes"), "{message}");
    }
}
