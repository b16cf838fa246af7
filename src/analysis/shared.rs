//! Analyses and comparisons shared by what the rules say, not by which lines say it.
//!
//! Every answer of the analysis about a crawler depends on its rules only as the reading reads
//! them: their kinds, patterns and origins in file order, whether any group applies, how the
//! reading decides a path once its rules are known (`PathMatching`) and the limits. A bad-bot
//! list names hundreds of crawlers, each in a group of its own that says `Disallow: /`: their
//! groups are different lines, their content is one. One file read under RFC 9309 and under the
//! 2019 draft gives most crawlers the same rules, which both readings match alike. So crawlers
//! of the same [`Content`], of one file or of several, share one analysis and one comparison,
//! each told in its own rules' lines: a [`Rebase`] pairs one crawler's rules with another's,
//! position by position, and what an answer names (a dead rule, the rules that shadow it, a
//! witness's deciding rule) is carried over by it — a witness by asking its path of the other
//! crawler's rules, which decide it alike by construction.

use std::hash::Hash;

use crate::limits::Limits;
use crate::model::{Rule, RuleOrigin};
use crate::query::Applicable;
use crate::variant::PathMatching;
use crate::vocab::pattern::RuleKind;

/// What an analysis of one crawler's rules depends on, and nothing else: how its file's reading
/// decides a path once the rules are known and the file's limits (numbered by [`Contents`]),
/// and the contents of its groups in file order — none when no group applies. Equal contents
/// mean the same rules, kind, origin and pattern as the reading reads them, in the same order.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(super) struct Content {
    reading: u32,
    groups: Vec<u32>,
}

/// The rules of one group as an analysis reads them.
type GroupRules<'r> = Vec<(RuleKind, RuleOrigin, &'r [u8])>;

/// Group contents, each read once: a crawler's [`Content`] costs its groups, not their rules,
/// so four hundred crawlers of one group of a thousand rules read those rules once.
#[derive(Default)]
pub(super) struct Contents<'r> {
    /// A file (by address) and the number of how it is read.
    reading_of_file: foldhash::HashMap<usize, u32>,
    /// Each distinct way of reading the files seen: its path matching and limits.
    readings: Vec<(PathMatching, Limits)>,
    /// A group (its file, its first line) and the number of its content.
    of_group: foldhash::HashMap<(usize, u32), u32>,
    /// Each distinct content of a group, and its number.
    numbers: foldhash::HashMap<GroupRules<'r>, u32>,
}

impl<'r> Contents<'r> {
    /// The content of the rules that apply on `applicable`.
    pub(super) fn of(&mut self, applicable: &Applicable<'r>) -> Content {
        let robots = applicable.robots();
        let file = std::ptr::from_ref(robots) as usize;
        let Contents {
            reading_of_file,
            readings,
            of_group,
            numbers,
        } = self;
        let reading = *reading_of_file.entry(file).or_insert_with(|| {
            let read = (robots.profile().path_matching(), *robots.options().limits());
            let at = readings.iter().position(|known| *known == read);
            let at = at.unwrap_or_else(|| {
                readings.push(read);
                readings.len() - 1
            });
            u32::try_from(at).unwrap_or(u32::MAX)
        });
        let groups = applicable
            .groups()
            .map(|group| {
                *of_group.entry((file, group.line())).or_insert_with(|| {
                    let rules = group
                        .rules()
                        .map(|rule| (rule.kind(), rule.origin(), rule.pattern()))
                        .collect();
                    let next = u32::try_from(numbers.len()).unwrap_or(u32::MAX);
                    *numbers.entry(rules).or_insert(next)
                })
            })
            .collect();
        Content { reading, groups }
    }
}

/// One crawler's rules paired with another's of the same [`Content`], position by position.
pub(super) struct Rebase<'r> {
    from: Vec<Rule<'r>>,
    to: Vec<Rule<'r>>,
}

impl<'r> Rebase<'r> {
    /// The pairing of `from`'s rules with `to`'s (of the same content).
    pub(super) fn between(from: &Applicable<'r>, to: &Applicable<'r>) -> Rebase<'r> {
        Rebase {
            from: from.rules().collect(),
            to: to.rules().collect(),
        }
    }

    /// The rule of the other crawler at `rule`'s position (`rule` itself when it is not one of
    /// the first crawler's, which a caller never asks).
    pub(super) fn rule(&self, rule: Rule<'r>) -> Rule<'r> {
        // File order: the rules of one line (a written rule and what Google derives from it)
        // stand together, so a search by line finds the few to compare.
        let first = self.from.partition_point(|r| r.line() < rule.line());
        let at = self
            .from
            .iter()
            .skip(first)
            .take_while(|r| r.line() == rule.line())
            .position(|r| *r == rule);
        at.and_then(|at| self.to.get(first + at))
            .copied()
            .unwrap_or(rule)
    }
}

/// `answer` of each item of `items`, once per distinct key (`key` of the item): the first item
/// of a key gets `answer`'s, the others `like`'s of that answer — the same answer told for them.
pub(super) fn once_per_key<I, K: Hash + Eq, A: Clone>(
    items: &[I],
    mut key: impl FnMut(&I) -> K,
    mut answer: impl FnMut(&I) -> A,
    like: impl Fn(&A, &I, &I) -> A,
) -> Vec<A> {
    let mut first: foldhash::HashMap<K, usize> = foldhash::HashMap::default();
    let mut answers: Vec<A> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let known = *first.entry(key(item)).or_insert(i);
        let shared = answers
            .get(known)
            .zip(items.get(known))
            .filter(|_| known != i);
        let found = match shared {
            Some((done, original)) => like(done, original, item),
            None => answer(item),
        };
        answers.push(found);
    }
    answers
}
