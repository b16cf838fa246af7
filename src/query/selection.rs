//! The selection engine behind [`Robots`](super::Robots): which groups apply to which agent
//! token (the agent index), and each selection's rules, tested one by one for its first
//! queries and compiled once that has cost as much as compiling them would (`pattern::rental`).
//! It reads the model it is given and nothing else; `robots.rs` builds it beside the model, and
//! the answers (`verdict.rs`, `usage.rs`) ask it.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

use crate::model::{Agent, Model, Rule};
use crate::pattern::{decide_one_by_one, normalise_target, test_cost, Rental, RuleMatcher};
use crate::variant::{AgentMatching, GroupSelection, Profile, TargetEncoding};
use crate::vocab::pattern::{MatcherLimits, RuleKind};

/// The groups that apply to each agent token under a profile, and each selection's rules.
#[derive(Debug)]
pub(super) struct Selector {
    profile: Profile,
    matcher_limits: MatcherLimits,
    index: AgentIndex,
}

impl Selector {
    /// The selector of `model` read as `profile`, compiling with `matcher_limits`.
    pub(super) fn of(model: &Model, profile: Profile, matcher_limits: MatcherLimits) -> Selector {
        Selector {
            profile,
            matcher_limits,
            index: AgentIndex::of(model, profile.group_selection),
        }
    }

    /// The reading the selector follows.
    pub(super) fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The selection at `index` (as [`Selector::named`] gives it).
    pub(super) fn selection(&self, index: usize) -> Option<&Selection> {
        self.index.selections.get(index)
    }

    /// The selection of the `*` groups, if the file has any.
    pub(super) fn global(&self) -> Option<&Selection> {
        self.index.global.and_then(|i| self.index.selections.get(i))
    }

    /// Heap memory held by the agent index, in bytes (compiled matchers, which are built on
    /// first use, not included).
    pub(super) fn memory_usage(&self) -> usize {
        let index = &self.index;
        index.tokens.len()
            + index.by_agent.len() * std::mem::size_of::<NamedToken>()
            + index.selections.capacity() * std::mem::size_of::<Selection>()
            + index.groups.len() * std::mem::size_of::<u32>()
    }

    /// The target as the variant compares it.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(super) fn prepared<'t>(&self, target: &'t [u8]) -> Cow<'t, [u8]> {
        let profile = &self.profile;
        match profile.target_encoding {
            TargetEncoding::AsGiven => Cow::Borrowed(target),
            TargetEncoding::AsPatterns => normalise_target(target, profile.pattern_encoding),
        }
    }

    /// The token some group names that names the crawler token `agent`, with its selection,
    /// as the profile compares agents.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(super) fn named(&self, agent: &[u8]) -> Option<(&[u8], usize)> {
        let index = &self.index;
        match self.profile.agent_matching {
            AgentMatching::Exact => index.find(agent),
            AgentMatching::Substring => {
                // Several tokens may occur in the crawler's: the group selection picks one,
                // deterministically.
                let agent = agent.to_ascii_lowercase();
                let first_group = |selection: usize| {
                    let groups = index.selections.get(selection).map(|s| index.groups_of(s));
                    groups.and_then(|g| g.first().copied()).unwrap_or(u32::MAX)
                };
                let found = index.entries().filter(|&(token, _)| {
                    !token.is_empty() && memchr::memmem::find(&agent, token).is_some()
                });
                match self.profile.group_selection {
                    GroupSelection::FirstRecord => {
                        found.min_by_key(|&(token, index)| (first_group(index), token))
                    }
                    GroupSelection::MergeAll | GroupSelection::MergeNamedFirstGlobal => found
                        .max_by_key(|&(token, index)| {
                            (token.len(), std::cmp::Reverse((first_group(index), token)))
                        }),
                }
            }
        }
    }

    /// The rule that decides the prepared target `target` among the selection's rules, with
    /// its kind. The first queries test the rules one by one, which costs a crawler's two or
    /// three questions to a host a fraction of compiling them; once one more would take what
    /// testing has cost past what compiling is estimated to cost ([`compile_estimate`]: a
    /// ski rental), the rules are compiled and answer from then on. So the first `k` queries
    /// cost at most about twice what compiling at the first would.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(super) fn decide_in<'s>(
        &'s self,
        model: &'s Model,
        selection: &'s Selection,
        target: &[u8],
    ) -> Option<(Decided<'s>, RuleKind)> {
        if let Some(compiled) = selection.compiled.get() {
            return compiled.decide(target);
        }
        let count = self.rule_count(model, selection);
        let cost = test_cost(count, target.len());
        if selection.tested.rent(cost, compile_estimate(count)) {
            let profile = &self.profile;
            let rules = self
                .rules_of(model, selection)
                .map(|(id, rule)| (id, rule.kind(), rule.pattern()));
            let found =
                decide_one_by_one(rules, profile.pattern_syntax, profile.precedence, target);
            return found.map(|(id, kind)| (Decided::Rule(id), kind));
        }
        self.compiled(model, selection).decide(target)
    }

    /// Compiles the selection's rules now when testing them one by one against targets of
    /// `lengths` bytes (a batch of questions) would cost more than compiling them is estimated
    /// to: such a batch pays for the build alone, so it skips the tests a rental would pay
    /// first. A smaller batch is left to the rental ([`Selector::decide_in`]).
    pub(super) fn compile_for_batch(
        &self,
        model: &Model,
        selection: &Selection,
        lengths: impl Iterator<Item = usize>,
    ) {
        if selection.compiled.get().is_some() {
            return;
        }
        let count = self.rule_count(model, selection);
        let cost = lengths.fold(0, |sum: usize, len| {
            sum.saturating_add(test_cost(count, len))
        });
        if cost > compile_estimate(count) {
            self.compiled(model, selection);
        }
    }

    /// How many rules the selection's groups hold (empty ones included).
    fn rule_count(&self, model: &Model, selection: &Selection) -> usize {
        let groups = self.groups_of(selection);
        let groups = groups.iter().filter_map(|&g| model.group(g as usize));
        groups.map(|g| g.rule_range().len()).sum()
    }

    /// The indices of the selection's groups, in file order.
    pub(super) fn groups_of(&self, selection: &Selection) -> &[u32] {
        self.index.groups_of(selection)
    }

    /// The selection's usable rules (empty patterns left out) with their indices in the model,
    /// in file order.
    fn rules_of<'s>(
        &'s self,
        model: &'s Model,
        selection: &'s Selection,
    ) -> impl Iterator<Item = (usize, Rule<'s>)> + 's {
        let groups = self.groups_of(selection);
        let ids = groups.iter().filter_map(|&g| model.group(g as usize));
        ids.flat_map(|g| g.rule_range())
            .filter_map(|id| Some((id, model.rule(id)?)))
            .filter(|(_, rule)| !rule.is_empty())
    }

    /// The indices of the selection's rules a verdict is decided by, in file order: its groups'
    /// rules without the empty ones, which never match.
    pub(super) fn deciding_rules<'s>(
        &'s self,
        model: &'s Model,
        selection: &'s Selection,
    ) -> impl Iterator<Item = u32> + 's {
        self.rules_of(model, selection)
            .filter_map(|(id, _)| u32::try_from(id).ok())
    }

    /// The selection's rules, compiled on first call.
    pub(super) fn compiled<'s>(&self, model: &Model, selection: &'s Selection) -> &'s Compiled {
        selection.compiled.get_or_init(|| {
            let rules: Box<[u32]> = self.deciding_rules(model, selection).collect();
            let patterns: Vec<(RuleKind, &[u8])> = self
                .rules_of(model, selection)
                .map(|(_, rule)| (rule.kind(), rule.pattern()))
                .collect();
            let profile = &self.profile;
            let matcher = RuleMatcher::compile(
                &patterns,
                profile.pattern_syntax,
                profile.precedence,
                &self.matcher_limits,
            );
            Box::new(Compiled {
                rules,
                matcher,
                usage: OnceLock::new(),
            })
        })
    }
}

/// Which groups apply to which agent token.
///
/// The tokens are sorted and found by binary search: a file names a handful, a search is a
/// few comparisons of short strings with no hashing, and, as the tokens come from the file, no
/// order of insertion can make it slow.
#[derive(Debug, Default)]
struct AgentIndex {
    /// The distinct lower-cased agent tokens, sorted, one after the other.
    tokens: Box<[u8]>,
    /// Per token, in the same order: where it lies in `tokens`, and its selection.
    by_agent: Box<[NamedToken]>,
    /// Index into `selections` of the merged `*` groups, if any.
    global: Option<usize>,
    selections: Vec<Selection>,
    /// Every selection's groups, one selection after the other (one allocation for them all:
    /// a file of 50,000 groups has as many selections).
    groups: Box<[u32]>,
}

/// One token of an [`AgentIndex`]: where it lies in the index's `tokens`, and the index of its
/// selection.
#[derive(Debug, Clone, Copy)]
struct NamedToken {
    start: u32,
    end: u32,
    selection: u32,
}

/// The groups that apply to one agent token (or to `*`), and their rules, compiled once testing
/// them one by one has cost as much as compiling them would.
#[derive(Debug)]
pub(super) struct Selection {
    /// Where its groups' indices (file order) lie in the index's `groups`.
    groups: (u32, u32),
    /// What the queries answered by testing the rules one by one cost so far.
    tested: Rental,
    compiled: OnceLock<Box<Compiled>>,
}

/// A selection's usable rules (empty patterns left out) and the matcher compiled from them.
#[derive(Debug)]
pub(super) struct Compiled {
    /// Indices into the model's rules, file order; the matcher's rule `i` is `rules[i]`.
    pub(super) rules: Box<[u32]>,
    pub(super) matcher: RuleMatcher,
    /// The selection's Content-Usage rules, read and compiled on the first usage query.
    pub(super) usage: OnceLock<Box<super::usage_rules::UsageRules>>,
}

impl Compiled {
    /// The rule that decides the prepared target `target`, with its kind.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn decide(&self, target: &[u8]) -> Option<(Decided<'_>, RuleKind)> {
        let (i, kind) = self.matcher.decide_with_kind(target)?;
        Some((Decided::Compiled(self, i), kind))
    }
}

/// The rule that decided a target, as whoever decided names it; [`Decided::rule`] looks up
/// its index in the model only when asked (a caller that wants to know whether the target is
/// allowed reads the kind beside it and no rule list).
pub(super) enum Decided<'s> {
    /// The rule at this index in the model.
    Rule(usize),
    /// The compiled rules' rule at this index.
    Compiled(&'s Compiled, usize),
}

impl Decided<'_> {
    /// The rule's index in the model.
    pub(super) fn rule(&self) -> Option<usize> {
        match *self {
            Decided::Rule(id) => Some(id),
            Decided::Compiled(compiled, i) => compiled.rules.get(i).map(|&id| id as usize),
        }
    }
}

/// The estimated cost of compiling a selection's rules, in bytes scanned (`pattern::rental`):
/// a fixed part (the matcher's tables and their allocations) and a part per rule (sorting it
/// into priority order, copying its pattern). Until testing the rules one by one has cost as
/// much, queries are answered that way; from then on by the compiled rules. Calibrated by
/// timing both (docs/performance.md, issue 32): a test scans about two bytes a nanosecond, and
/// compiling costs about 0.5 µs plus 0.13 µs a rule.
const COMPILE_BASE: usize = 1 << 10;
const COMPILE_PER_RULE: usize = 256;

/// What compiling `rules` rules is estimated to cost, in bytes scanned.
pub(super) fn compile_estimate(rules: usize) -> usize {
    rules
        .saturating_mul(COMPILE_PER_RULE)
        .saturating_add(COMPILE_BASE)
}

impl AgentIndex {
    /// Indexes the groups by the agent tokens they name, and the `*` groups, keeping only the
    /// groups `selection` lets apply together.
    fn of(model: &Model, selection: GroupSelection) -> AgentIndex {
        // Every agent line naming a token: the token lower-cased (one after the other in
        // `written`) and its group, in file order; the `*` groups apart.
        let lines: usize = model.groups().map(|group| group.agents().len()).sum();
        let mut written: Vec<u8> = Vec::new();
        let mut named: Vec<(Range<usize>, u32)> = Vec::with_capacity(lines);
        let mut global = Vec::new();
        for group in model.groups() {
            let group_index = u32::try_from(group.index()).unwrap_or(u32::MAX);
            for agent_line in group.agents() {
                match agent_line.agent() {
                    Agent::Global => {
                        add_group(&mut global, group_index, selection, Named::Global, 0)
                    }
                    Agent::Named(token) => {
                        let start = written.len();
                        written.extend(token.bytes().map(|b| b.to_ascii_lowercase()));
                        named.push((start..written.len(), group_index));
                    }
                }
            }
        }
        let token = |range: &Range<usize>| written.get(range.clone()).unwrap_or_default();
        // By token, then in file order: by group, not by where the token lies in `written` (an
        // empty token takes no room, so many share one place); two lines of one group naming
        // one token are one entry of the selection.
        named.sort_unstable_by(|a, b| token(&a.0).cmp(token(&b.0)).then(a.1.cmp(&b.1)));
        let mut index = AgentIndex::default();
        let mut tokens: Vec<u8> = Vec::with_capacity(written.len());
        let mut by_agent: Vec<NamedToken> = Vec::with_capacity(named.len());
        let mut groups = Vec::with_capacity(named.len() + global.len());
        for run in named.chunk_by(|a, b| token(&a.0) == token(&b.0)) {
            let start = groups.len();
            for &(_, group) in run {
                add_group(&mut groups, group, selection, Named::Token, start);
            }
            let start_of_token = tokens.len();
            tokens.extend_from_slice(run.first().map_or(&[][..], |(range, _)| token(range)));
            by_agent.push(NamedToken {
                start: to_u32(start_of_token),
                end: to_u32(tokens.len()),
                selection: to_u32(index.selections.len()),
            });
            index.selections.push(Selection::of(start..groups.len()));
        }
        if !global.is_empty() {
            let start = groups.len();
            groups.extend_from_slice(&global);
            index.global = Some(index.selections.len());
            index.selections.push(Selection::of(start..groups.len()));
        }
        index.groups = groups.into();
        index.tokens = tokens.into();
        index.by_agent = by_agent.into();
        index.selections.shrink_to_fit();
        index
    }

    /// The indices of `selection`'s groups, in file order.
    fn groups_of(&self, selection: &Selection) -> &[u32] {
        let (start, end) = selection.groups;
        self.groups
            .get(start as usize..end as usize)
            .unwrap_or_default()
    }

    /// The token of `entry`.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn token(&self, entry: &NamedToken) -> &[u8] {
        let range = entry.start as usize..entry.end as usize;
        self.tokens.get(range).unwrap_or_default()
    }

    /// Every token with its selection, in token order.
    fn entries(&self) -> impl Iterator<Item = (&[u8], usize)> + '_ {
        self.by_agent
            .iter()
            .map(|entry| (self.token(entry), entry.selection as usize))
    }

    /// The token (and its selection) that equals `agent`, ignoring ASCII case.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn find(&self, agent: &[u8]) -> Option<(&[u8], usize)> {
        // The agent lower-cased once (on the stack when short, as agent tokens are), then
        // compared as bytes.
        let mut short = [0u8; 64];
        let long;
        let lower: &[u8] = match short.get_mut(..agent.len()) {
            Some(buffer) => {
                for (to, from) in buffer.iter_mut().zip(agent) {
                    *to = from.to_ascii_lowercase();
                }
                buffer
            }
            None => {
                long = agent.to_ascii_lowercase();
                &long
            }
        };
        let found = self
            .by_agent
            .binary_search_by(|entry| self.token(entry).cmp(lower))
            .ok()?;
        let entry = self.by_agent.get(found)?;
        Some((self.token(entry), entry.selection as usize))
    }
}

impl Selection {
    /// Whether the selection's rules are compiled.
    #[cfg(test)]
    pub(super) fn is_compiled(&self) -> bool {
        self.compiled.get().is_some()
    }

    /// The selection of the groups at `groups` in the index's `groups`, compiled when first
    /// asked.
    fn of(groups: Range<usize>) -> Selection {
        Selection {
            groups: (to_u32(groups.start), to_u32(groups.end)),
            tested: Rental::default(),
            compiled: OnceLock::new(),
        }
    }
}

/// Which groups of one agent a selection takes: the `*` groups or those naming one token.
#[derive(Clone, Copy)]
enum Named {
    /// The groups of `*`.
    Global,
    /// The groups that name one token.
    Token,
}

/// Adds the group at `group` (file order) to the selection made of `groups[start..]`, as
/// `selection` lets groups of `named` apply together: every group, or (for `*` under
/// `merge-named-first-global`, and under `first-record`) the first only.
fn add_group(
    groups: &mut Vec<u32>,
    group: u32,
    selection: GroupSelection,
    named: Named,
    start: usize,
) {
    let merge = match (selection, named) {
        (GroupSelection::MergeAll, _) => true,
        (GroupSelection::MergeNamedFirstGlobal, Named::Token) => true,
        (GroupSelection::MergeNamedFirstGlobal, Named::Global) => false,
        (GroupSelection::FirstRecord, _) => false,
    };
    if (groups.len() == start || merge)
        && groups.get(start..).and_then(<[u32]>::last) != Some(&group)
    {
        groups.push(group);
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
