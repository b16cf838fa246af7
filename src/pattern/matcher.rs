//! The matcher of one group's rules: literal rules in a prefix table, wildcard rules in one
//! automaton (`automaton.rs`) with the linear glob matcher behind it, and the priority order
//! that decides between their answers.
//!
//! How the pieces fit and why: `docs/matcher.md`; the comments here say what each piece does.

use std::cmp::Reverse;
use std::fmt;
use std::sync::OnceLock;

use super::automaton::{build_nfa, choose_automaton, Automaton, Engine, PatternError};
use super::glob::{glob_matches, star_runs, GlobSet};
use super::prefix::PrefixTable;
use super::rental::{test_cost, Rental};
use crate::vocab::pattern::{MatcherLimits, PatternSyntax, Precedence, RuleKind};
/// A wildcard pattern with more runs of `*` than this is left out of the automaton and always
/// answered by the glob matcher: each run keeps a thread alive at every target byte, so such a
/// pattern makes every DFA state large, and the lazy DFA would spend long building states
/// before giving up (0.6 s for one rule of 30,000 `*a`). Real patterns have a handful.
const AUTOMATON_MAX_STAR_RUNS: usize = 16;

/// What pattern ID `i` of the automaton stands for.
#[derive(Debug, Clone, Copy)]
struct Slot {
    /// Index of the rule in the slice given to [`RuleMatcher::compile`].
    rule: usize,
    kind: RuleKind,
}

/// The estimated cost of building the automaton, in bytes scanned ([`super::rental`]): a
/// fixed part (the NFA's and the lazy DFA's set-up) and a part per byte of the patterns it
/// holds, which covers the states its first searches build (a fresh lazy DFA's first searches
/// cost several times the glob matcher's: 0.6 µs against 0.1 µs for two patterns, 72 µs
/// against 4 µs for 128). Until the glob matcher's searches have cost that much more than the
/// automaton's would, they answer; from then on the automaton does.
const AUTOMATON_BASE: usize = 1 << 16;
const AUTOMATON_PER_BYTE: usize = 256;

/// The fixed cost of one search of the automaton, in bytes scanned, beyond one a byte of the
/// target: its cache taken from the pool and given back, its start state, a state looked up a
/// byte. On the corpus's queries a group's automaton of fewer than about ten wildcard patterns
/// answers no faster than the glob matcher (docs/performance.md, issue 32).
const AUTOMATON_SEARCH: usize = 512;

/// The automaton over a matcher's wildcard patterns, or why there is none.
struct AutomatonBuilt {
    /// `None` when there are no patterns for it, when both DFAs are disabled, or when the NFA
    /// could not be built (then `error` says why).
    automaton: Option<Automaton>,
    /// Why the automaton could not be built, if it could not.
    #[cfg_attr(not(test), allow(dead_code))]
    error: Option<PatternError>,
}

/// The rules of one group compiled for queries.
///
/// Build it with [`RuleMatcher::compile`], then ask [`RuleMatcher::decide`] which rule decides a
/// target. A `RuleMatcher` is `Send` and `Sync`: share it between threads by reference or
/// `Arc`. Its wildcard rules' first searches are answered by the glob matcher, then (once) it
/// builds their automaton; the answers are the same. The lazy DFA takes its scratch space from
/// an internal pool for the duration of one search (no lock is held during a search, and no
/// search waits for another); the dense DFA, the prefix table and the glob matcher need no
/// scratch space at all.
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
    /// The automaton over the patterns of `globs` listed in `automaton_ids`, built once the
    /// glob matcher's searches would cost more than `automaton_estimate` (and for
    /// [`RuleMatcher::engine`]).
    automaton: OnceLock<AutomatonBuilt>,
    /// What the glob matcher's searches cost before the automaton was built.
    glob_searches: Rental,
    /// The estimated cost of building the automaton, in bytes scanned.
    automaton_estimate: usize,
    syntax: PatternSyntax,
    limits: MatcherLimits,
    /// `automaton_ids[i]`: the pattern of `globs` that is the automaton's pattern `i`
    /// (ascending).
    automaton_ids: Box<[usize]>,
    /// The patterns of `globs` left out of the automaton (too many `*` runs), ascending.
    glob_only: Box<[usize]>,
    /// `automaton_ranks.of(i)`: the ranks (indices into `slots`, best first) of the rules whose
    /// pattern is pattern `i` of `globs`.
    automaton_ranks: PatternRanks,
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
    /// needs only the pattern bytes. The automaton is built when the glob matcher has answered
    /// the wildcard rules' first searches (at once for a long target, and by
    /// [`engine`](Self::engine)): a group asked a few questions is answered without it.
    ///
    /// An empty pattern is allowed and matches every target with length 0 (callers normally
    /// drop empty rules before, as every variant gives them no effect). An empty rule set is
    /// allowed and builds no automaton.
    ///
    /// Compilation cannot fail: when the wildcard rules' NFA would exceed
    /// [`MatcherLimits::nfa_bytes`] (or the automaton library refuses the rule set for another
    /// reason, e.g. more rules than it can number), no automaton is built, the wildcard rules
    /// are answered by the linear glob matcher, and a verdict's explanation names that engine.
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
        let pattern_bytes: usize = automaton_ids.iter().map(|&id| globs.get(id).len()).sum();
        RuleMatcher {
            slots,
            precedence,
            literals,
            globs,
            automaton: OnceLock::new(),
            glob_searches: Rental::default(),
            automaton_estimate: pattern_bytes
                .saturating_mul(AUTOMATON_PER_BYTE)
                .saturating_add(AUTOMATON_BASE),
            syntax,
            limits: *limits,
            automaton_ids: automaton_ids.into(),
            glob_only: glob_only.into(),
            automaton_ranks,
            #[cfg(test)]
            lazy_gave_up: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// The automaton of the wildcard patterns, built on first call.
    fn automaton(&self) -> &AutomatonBuilt {
        self.automaton.get_or_init(|| {
            if self.automaton_ids.is_empty() || !self.limits.wants_automaton() {
                return AutomatonBuilt {
                    automaton: None,
                    error: None,
                };
            }
            let patterns = self.automaton_ids.iter().map(|&id| self.globs.get(id));
            match build_nfa(patterns, self.syntax, self.limits.nfa_bytes) {
                Ok(nfa) => AutomatonBuilt {
                    automaton: choose_automaton(nfa, &self.limits),
                    error: None,
                },
                Err(err) => AutomatonBuilt {
                    automaton: None,
                    error: Some(PatternError::from_nfa(&err)),
                },
            }
        })
    }

    /// The index (into the `rules` given to [`compile`](Self::compile)) of the rule that decides
    /// `target`, or `None` when no rule decides — then the target is allowed in every variant.
    ///
    /// One left-to-right pass over at most the whole target; with the dense DFA it allocates
    /// nothing and takes no lock. When there is no automaton, or the lazy DFA gives up on this
    /// target, the wildcard rules are tested one by one in priority order, each in time linear
    /// in the target.
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
    #[must_use]
    pub fn decide(&self, target: &[u8]) -> Option<usize> {
        self.deciding(target).map(|slot| slot.rule)
    }

    /// The rule that decides `target` ([`decide`](Self::decide)) with its kind: all a caller
    /// needs to know whether the target is allowed, read without looking the rule up.
    #[must_use]
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(crate) fn decide_with_kind(&self, target: &[u8]) -> Option<(usize, RuleKind)> {
        self.deciding(target).map(|slot| (slot.rule, slot.kind))
    }

    /// The slot of the rule that decides `target`, if one does.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn deciding(&self, target: &[u8]) -> Option<Slot> {
        let literal = self.literals.as_ref().and_then(|t| t.best(target));
        // The wildcard patterns are in order of their best rank: when the literal winner
        // outranks the first, no wildcard rule can win and the automaton is not searched.
        let best_wildcard = self.automaton_ranks.best(0);
        let automaton = match (literal, best_wildcard) {
            (Some(literal), Some(wildcard)) if literal < wildcard => None,
            _ => self
                .winner(target)
                .and_then(|id| self.automaton_ranks.best(id)),
        };
        let winner = match (literal, automaton) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        let slot = *self.slots.get(winner)?;
        decides(self.precedence, slot.kind).then_some(slot)
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
                .flat_map(|id| self.automaton_ranks.of(id)),
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
        match &self.automaton().automaton {
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
    pub(crate) fn automaton_error(&self) -> Option<&PatternError> {
        self.automaton().error.as_ref()
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
        let built = self
            .automaton
            .get()
            .and_then(|built| built.automaton.as_ref());
        let automaton = built.map_or(0, Automaton::memory_usage);
        table + self.globs.memory_usage() + automaton
    }

    /// The number of rules compiled.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are no rules (the fuzz targets ask).
    #[cfg_attr(not(feature = "internals"), allow(dead_code))]
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
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn winner(&self, target: &[u8]) -> Option<usize> {
        if self.globs.len() == 0 {
            return None;
        }
        // The automaton once built (one look at the cell on the warm path), or the glob
        // matcher for the first searches, or the automaton built now.
        let built = match self.automaton.get() {
            Some(built) => built,
            None if self.globs_first(target) => return self.globs.first(target),
            None => self.automaton(),
        };
        let Some(automaton) = self.automaton_winner(built, target) else {
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

    /// Whether the glob matcher answers this search, the automaton not being built yet: while
    /// what its searches cost beyond the automaton's, this one included, stays within what
    /// building the automaton would cost. A search of a few patterns against a short target
    /// costs it no more than the automaton's would, so they never build it.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn globs_first(&self, target: &[u8]) -> bool {
        let globs = test_cost(self.automaton_ids.len(), target.len());
        let automaton = target.len().saturating_add(AUTOMATON_SEARCH);
        let cost = globs.saturating_sub(automaton);
        self.glob_searches.rent(cost, self.automaton_estimate)
    }

    /// The answer of the automaton `built` (as an ID in `globs`): `None` when there is no
    /// automaton or it gave up, `Some(None)` when no pattern of the automaton matches.
    #[allow(clippy::option_option)]
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn automaton_winner(&self, built: &AutomatonBuilt, target: &[u8]) -> Option<Option<usize>> {
        match built.automaton.as_ref()?.search(target) {
            Ok(found) => Some(found.and_then(|id| self.automaton_ids.get(id).copied())),
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

/// Whether a rule of `kind` that comes out on top of every matching rule decides the target
/// under `precedence`. Under [`Precedence::AnyDisallow`] Allows are ranked after every
/// Disallow, so an Allow on top means that no Disallow matched: no rule decides.
pub(crate) fn decides(precedence: Precedence, kind: RuleKind) -> bool {
    !(precedence == Precedence::AnyDisallow && kind == RuleKind::Allow)
}

/// The rules in priority order: `(rule index, kind, pattern)`, highest priority first.
pub(crate) fn priority_order<'r>(
    rules: &[(RuleKind, &'r [u8])],
    precedence: Precedence,
) -> Vec<(usize, RuleKind, &'r [u8])> {
    let mut order: Vec<(usize, RuleKind, &[u8])> = rules
        .iter()
        .enumerate()
        .map(|(index, &(kind, pattern))| (index, kind, pattern))
        .collect();
    order.sort_unstable_by_key(|&(index, kind, pattern)| {
        Priority::of(precedence, index, kind, pattern.len())
    });
    order
}

/// The rule of `rules` (`(id, kind, pattern)` in file order) that decides `target`: its `id`
/// and kind, what [`RuleMatcher::decide`] answers, found by testing each rule that could still
/// win, with nothing built. A crawler asks a host's robots.txt two or three questions and
/// moves on; for those, testing the rules of a group costs a fraction of compiling them (a
/// typical group: well under a microsecond a query, against ~20 µs to compile). Each literal
/// rule is a prefix comparison, each wildcard rule the glob matcher's test, linear in the
/// target; under the longest match, a rule shorter than the best match so far is not tested.
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
pub(crate) fn decide_one_by_one<'p, Id>(
    rules: impl IntoIterator<Item = (Id, RuleKind, &'p [u8])>,
    syntax: PatternSyntax,
    precedence: Precedence,
    target: &[u8],
) -> Option<(Id, RuleKind)> {
    let mut best: Option<(Priority, Id, RuleKind)> = None;
    for (rule, (id, kind, pattern)) in rules.into_iter().enumerate() {
        let priority = Priority::of(precedence, rule, kind, pattern.len());
        if best.as_ref().is_some_and(|(b, _, _)| *b <= priority) {
            continue;
        }
        if glob_matches(pattern, target, syntax) {
            best = Some((priority, id, kind));
        }
    }
    let (_, id, kind) = best?;
    decides(precedence, kind).then_some((id, kind))
}

/// A rule's place in the priority order (the one definition of it: [`priority_order`] sorts by
/// it, [`decide_one_by_one`] compares by it without sorting): smaller is better, and among the
/// matching rules the smallest decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Priority {
    /// Longest match: longer first.
    length: Reverse<usize>,
    /// Longest match: Allow before Disallow on equal length; any Disallow: every Disallow
    /// (file order) before every Allow, so an Allow can only come out on top when no Disallow
    /// matched.
    kind: bool,
    /// Then file order.
    rule: usize,
}

impl Priority {
    fn of(precedence: Precedence, rule: usize, kind: RuleKind, length: usize) -> Priority {
        match precedence {
            Precedence::LongestMatch => Priority {
                length: Reverse(length),
                kind: kind == RuleKind::Disallow,
                rule,
            },
            Precedence::FirstMatch => Priority {
                length: Reverse(0),
                kind: false,
                rule,
            },
            Precedence::AnyDisallow => Priority {
                length: Reverse(0),
                kind: kind == RuleKind::Allow,
                rule,
            },
        }
    }
}

/// A pattern and its rank (its rule's place in priority order).
pub(crate) type Ranked<'p> = (usize, &'p [u8]);

/// The ranks of the rules that share each distinct pattern ([`distinct_patterns`]), best
/// first: one list for all the patterns, not one allocation each.
#[derive(Debug, Default)]
pub(crate) struct PatternRanks {
    /// The ranks of pattern 0's rules, then pattern 1's, and so on.
    ranks: Box<[usize]>,
    /// `ends[i]`: where pattern `i`'s ranks end in `ranks`.
    ends: Box<[usize]>,
}

impl PatternRanks {
    /// The ranks of the rules whose pattern is pattern `pattern`, best first (none for a
    /// pattern out of range).
    pub(crate) fn of(&self, pattern: usize) -> &[usize] {
        let start = match pattern.checked_sub(1) {
            Some(before) => self.ends.get(before).copied().unwrap_or(usize::MAX),
            None => 0,
        };
        let end = self.ends.get(pattern).copied().unwrap_or(0);
        self.ranks.get(start..end).unwrap_or_default()
    }

    /// The best rank of pattern `pattern`'s rules.
    pub(crate) fn best(&self, pattern: usize) -> Option<usize> {
        self.of(pattern).first().copied()
    }
}

/// The distinct patterns of `ranked` (a file may repeat a rule thousands of times), in order of
/// their best rank, with the ranks of all the rules that share each.
pub(crate) fn distinct_patterns<'p>(ranked: &[Ranked<'p>]) -> (PatternRanks, Vec<&'p [u8]>) {
    // Equal patterns side by side, each run best rank first (ranks are distinct); found by
    // sorting, not hashing: the patterns come from the file.
    let mut by_pattern = ranked.to_vec();
    by_pattern.sort_unstable_by(|a, b| a.1.cmp(b.1).then(a.0.cmp(&b.0)));
    // Each run (its best rank, where it starts and ends in `by_pattern`), in order of best rank.
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    let mut start = 0;
    for run in by_pattern.chunk_by(|a, b| a.1 == b.1) {
        let best = run.first().map_or(0, |&(rank, _)| rank);
        runs.push((best, start, start + run.len()));
        start += run.len();
    }
    runs.sort_unstable();
    let mut ranks = Vec::with_capacity(by_pattern.len());
    let mut ends = Vec::with_capacity(runs.len());
    let mut patterns = Vec::with_capacity(runs.len());
    for &(_, start, end) in &runs {
        let run = by_pattern.get(start..end).unwrap_or_default();
        ranks.extend(run.iter().map(|&(rank, _)| rank));
        ends.push(ranks.len());
        patterns.extend(run.first().map(|&(_, pattern)| pattern));
    }
    let ranks = PatternRanks {
        ranks: ranks.into(),
        ends: ends.into(),
    };
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
    use crate::pattern::automaton::PatternErrorKind;

    const WILD: PatternSyntax = PatternSyntax { wildcards: true };

    #[test]
    fn distinct_patterns_share_ranks_in_order_of_the_best() {
        // Ranks are given out of order, and `/b` is repeated: its rules share a pattern.
        let ranked: [Ranked<'_>; 5] = [(3, b"/a"), (1, b"/b"), (4, b"/c"), (0, b"/c"), (2, b"/b")];
        let (ranks, patterns) = distinct_patterns(&ranked);
        assert_eq!(patterns, [&b"/c"[..], b"/b", b"/a"]);
        let all: Vec<&[usize]> = (0..4).map(|pattern| ranks.of(pattern)).collect();
        assert_eq!(all, [&[0, 4][..], &[1, 2], &[3], &[]]);
        assert_eq!(ranks.best(1), Some(1));
        assert_eq!(ranks.best(3), None);
        let (none, empty) = distinct_patterns(&[]);
        assert!(empty.is_empty() && none.of(0).is_empty());
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

    /// The glob matcher answers while its searches cost no more beyond the automaton's than
    /// building the automaton would; the search that would take them past it builds it.
    #[test]
    fn the_automaton_is_built_once_the_glob_matcher_has_cost_as_much() {
        let patterns: Vec<Vec<u8>> = (0..40).map(|i| format!("/{i}*b").into_bytes()).collect();
        let rules: Vec<(RuleKind, &[u8])> = patterns
            .iter()
            .map(|p| (RuleKind::Disallow, &p[..]))
            .collect();
        let limits = MatcherLimits::default();
        let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
        let target = b"/39xb";
        let excess = test_cost(40, target.len()) - (target.len() + AUTOMATON_SEARCH);
        let searches = m.automaton_estimate / excess;
        assert!(searches > 3, "{searches}");
        for search in 0..searches {
            assert_eq!(m.decide(target), Some(39));
            assert!(m.automaton.get().is_none(), "built after {search} searches");
        }
        assert_eq!(m.decide(target), Some(39));
        assert!(m.automaton.get().is_some());

        // A search on a long target builds it at once.
        let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
        let long = [&b"/7"[..], &vec![b'x'; m.automaton_estimate], b"b"].concat();
        assert_eq!(m.decide(&long), Some(7));
        assert!(m.automaton.get().is_some());
        assert_eq!(m.engine(), Engine::LazyDfa);
    }

    /// One wildcard pattern costs the glob matcher no more than the automaton, however long
    /// the target and however many searches: it is never built for them.
    #[test]
    fn one_wildcard_pattern_builds_no_automaton() {
        let rules: [(RuleKind, &[u8]); 2] =
            [(RuleKind::Disallow, b"/a*b"), (RuleKind::Allow, b"/a")];
        let limits = MatcherLimits::default();
        let m = RuleMatcher::compile(&rules, WILD, Precedence::LongestMatch, &limits);
        let long = [&b"/a"[..], &vec![b'x'; 1 << 20], b"b"].concat();
        for _ in 0..1000 {
            assert_eq!(m.decide(b"/axb"), Some(0));
            assert_eq!(m.decide(b"/ax"), Some(1));
        }
        assert_eq!(m.decide(&long), Some(0));
        assert!(m.automaton.get().is_none());
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
