//! The rules of a crawler's groups ranked as the matcher ranks them, and what a winning pattern
//! means: allowed or not, and by which rule.

use regex_automata::nfa::thompson::NFA;

use super::budget::{Budget, Exceeded};
use super::dfa::Dfa;
use super::paths::Paths;
use crate::limits::Limit;
use crate::model::Rule;
use crate::pattern::{build_nfa, decides, distinct_patterns, priority_order, PatternRanks};
use crate::query::{Applicable, Decision};
use crate::variant::Profile;
use crate::vocab::pattern::RuleKind;

/// One crawler's rules in priority order, their distinct patterns, and the NFA of those.
pub(super) struct Ranking<'r> {
    /// The rules a verdict is decided by, file order.
    pub(super) rules: Vec<Rule<'r>>,
    /// By rank (priority order): the rule's index in `rules`, and its kind.
    slots: Vec<(usize, RuleKind)>,
    /// The distinct patterns in order of their best rank: pattern ID `i` of the NFA.
    pub(super) patterns: Vec<&'r [u8]>,
    /// The ranks of the rules whose pattern is each pattern, best first.
    ranks: PatternRanks,
    /// `pattern_of[i]`: the pattern of `rules[i]`.
    pattern_of: Vec<u32>,
    /// `outcome_groups[i]`: the run of patterns, in priority order, that decide alike which
    /// pattern `i` is in; `group_allows[g]`: whether run `g` allows.
    outcome_groups: Vec<u32>,
    group_allows: Vec<bool>,
    pub(super) profile: Profile,
    /// Whether any group applies (else nothing decides: `no-group`).
    has_groups: bool,
    /// The file's limits: [`Limit::NfaBytes`] for the NFA, [`Limit::AnalysisStates`] for the
    /// search.
    pub(super) limits: crate::limits::Limits,
    /// How many patterns hold a wildcard (`*`, or a final `$`): the most a query of the
    /// matcher may test one by one.
    wildcard_patterns: usize,
}

/// What decides a path: allowed or not, how, and the rule.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ruling<'r> {
    pub(super) allowed: bool,
    pub(super) decision: Decision,
    pub(super) rule: Option<Rule<'r>>,
}

impl<'r> Ruling<'r> {
    /// What `verdict` says.
    pub(super) fn of(verdict: &crate::query::Verdict<'r>) -> Ruling<'r> {
        Ruling {
            allowed: verdict.allowed(),
            decision: verdict.decision(),
            rule: verdict.rule(),
        }
    }
}

impl<'r> Ranking<'r> {
    pub(super) fn new(applicable: &Applicable<'r>) -> Ranking<'r> {
        let profile = *applicable.robots().profile();
        let rules = applicable.deciding_rules();
        let kinded: Vec<(RuleKind, &[u8])> =
            rules.iter().map(|r| (r.kind(), r.pattern())).collect();
        let order = priority_order(&kinded, profile.precedence);
        let slots = order.iter().map(|&(rule, kind, _)| (rule, kind)).collect();
        let ranked: Vec<(usize, &[u8])> = order
            .iter()
            .enumerate()
            .map(|(rank, &(_, _, pattern))| (rank, pattern))
            .collect();
        let (ranks, patterns) = distinct_patterns(&ranked);
        let mut pattern_of = vec![0; rules.len()];
        for pattern in 0..patterns.len() {
            for &rank in ranks.of(pattern) {
                let rule = order.get(rank).map(|&(rule, _, _)| rule);
                if let Some(cell) = rule.and_then(|rule| pattern_of.get_mut(rule)) {
                    *cell = u32::try_from(pattern).unwrap_or(u32::MAX);
                }
            }
        }
        let mut ranking = Ranking {
            rules,
            slots,
            patterns,
            ranks,
            pattern_of,
            outcome_groups: Vec::new(),
            group_allows: Vec::new(),
            profile,
            has_groups: applicable.groups().next().is_some(),
            limits: *applicable.robots().options().limits(),
            wildcard_patterns: 0,
        };
        let syntax = profile.pattern_syntax;
        ranking.wildcard_patterns = ranking
            .patterns
            .iter()
            .filter(|p| syntax.wildcards && (p.contains(&b'*') || p.last() == Some(&b'$')))
            .count();
        for pattern in 0..ranking.patterns.len() {
            let allowed = ranking.ruling(u32::try_from(pattern).ok()).allowed;
            if ranking.group_allows.last() != Some(&allowed) {
                ranking.group_allows.push(allowed);
            }
            let group = ranking.group_allows.len().saturating_sub(1);
            ranking
                .outcome_groups
                .push(u32::try_from(group).unwrap_or(u32::MAX));
        }
        ranking
    }

    /// What one query of the matcher may cost, in the budget's units — a unit is about one
    /// step of the search: 64 for the query, and three more per wildcard pattern, which it may
    /// test one by one when its automaton gives up.
    pub(super) fn query_cost(&self) -> usize {
        64 + 3 * self.wildcard_patterns
    }

    /// The budget an analysis of these rules starts with ([`Limit::AnalysisStates`]).
    pub(super) fn budget(&self) -> Budget {
        Budget::new(self.limits.get(Limit::AnalysisStates))
    }

    /// The leftmost-first DFA of these patterns that tells each pattern apart, within the
    /// matcher's NFA limit and `budget`: its groups are the patterns.
    pub(super) fn pattern_dfa(&self, budget: &mut Budget) -> Result<Dfa, Limit> {
        let groups = (0..self.patterns.len())
            .map(|p| u32::try_from(p).unwrap_or(u32::MAX))
            .collect();
        self.dfa(groups, budget)
    }

    /// The leftmost-first DFA of these patterns that tells only allowed from disallowed: its
    /// groups are the runs of patterns, in priority order, that decide alike ([`Ranking::allows`]
    /// reads them). Far fewer states: it keeps no thread that cannot change the outcome.
    pub(super) fn outcome_dfa(&self, budget: &mut Budget) -> Result<Dfa, Limit> {
        self.dfa(self.outcome_groups.clone(), budget)
    }

    fn dfa(&self, groups: Vec<u32>, budget: &mut Budget) -> Result<Dfa, Limit> {
        let nfa = nfa(self.patterns.iter().copied(), &self.profile, &self.limits)?;
        Dfa::new(nfa, groups, budget).map_err(|Exceeded| Limit::AnalysisStates)
    }

    /// Whether `other` decides every path of `paths` as this ranking does, by construction: the
    /// same rules (kinds and patterns) in the same priority order, read with the same wildcards
    /// and precedence, of targets both normalise alike on those paths (every normalisation
    /// leaves a plain path as it is). Then no search is needed to know they are equivalent.
    pub(super) fn decides_as(&self, other: &Ranking<'_>, paths: Paths) -> bool {
        let (a, b) = (&self.profile, &other.profile);
        let same_targets = match paths {
            Paths::Plain => true,
            Paths::All => {
                a.target_encoding == b.target_encoding
                    && (a.target_encoding == crate::variant::TargetEncoding::AsGiven
                        || a.pattern_encoding == b.pattern_encoding)
            }
        };
        same_targets
            && a.pattern_syntax == b.pattern_syntax
            && a.precedence == b.precedence
            && self.patterns == other.patterns
            && self.outcome_groups == other.outcome_groups
            && self.group_allows == other.group_allows
    }

    /// Whether a path on which group `group` of [`Ranking::outcome_dfa`] comes out on top (or
    /// none) is allowed.
    pub(super) fn allows(&self, group: Option<u32>) -> bool {
        group.is_none_or(|group| {
            self.group_allows
                .get(group as usize)
                .copied()
                .unwrap_or(true)
        })
    }

    /// What a path on which pattern `winner` (or none) comes out on top decides.
    pub(super) fn ruling(&self, winner: Option<u32>) -> Ruling<'r> {
        let slot = winner.and_then(|pattern| self.best_slot(pattern));
        match slot {
            Some((index, kind)) if decides(self.profile.precedence, kind) => Ruling {
                allowed: kind == RuleKind::Allow,
                decision: Decision::Rule,
                rule: self.rules.get(index).copied(),
            },
            _ => Ruling {
                allowed: true,
                decision: if self.has_groups {
                    Decision::NoMatchingRule
                } else {
                    Decision::NoGroup
                },
                rule: None,
            },
        }
    }

    /// The rule (index into `rules`) that pattern `pattern` stands for when it wins: its best
    /// ranked rule, and that rule's kind.
    fn best_slot(&self, pattern: u32) -> Option<(usize, RuleKind)> {
        let rank = self.ranks.best(pattern as usize)?;
        self.slots.get(rank).copied()
    }

    /// The rule (index into `rules`) a winning `pattern` makes decide, if one does.
    pub(super) fn deciding_rule(&self, pattern: u32) -> Option<usize> {
        let (index, kind) = self.best_slot(pattern)?;
        decides(self.profile.precedence, kind).then_some(index)
    }

    /// The NFA pattern ID of `rules[index]`'s pattern.
    pub(super) fn pattern_of(&self, index: usize) -> Option<u32> {
        self.pattern_of.get(index).copied()
    }
}

/// The NFA of `patterns`, as the matcher builds it for `profile`, within a quarter of its NFA
/// limit: the analysis may hold the automata of two sides and their determinised states at
/// once, where a matcher holds one automaton.
pub(super) fn nfa<'p>(
    patterns: impl Iterator<Item = &'p [u8]>,
    profile: &Profile,
    limits: &crate::limits::Limits,
) -> Result<NFA, Limit> {
    let limit = limits.get(Limit::NfaBytes) / 4;
    build_nfa(patterns, profile.pattern_syntax, limit).map_err(|_| Limit::NfaBytes)
}
