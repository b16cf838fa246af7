//! Many pairs of sides compared at once, each answered as [`compare`] answers it alone, with
//! what the pairs share asked once (docs/analysis.md, "Pairs that share sides").
//!
//! The study compares one file under five readings pair by pair, for each crawler whose
//! `blocked` differs. Where a 1994 or 1996 record allows everything, each comparison is one
//! search of the later side alone, and the same later side meets both older readings, while RFC
//! 9309 and the 2019 draft read most groups alike: the same search, up to six times. Here each
//! distinct side is ranked once, and the sides that decide every path alike by construction
//! (`Ranking::decides_as`, the same limits) form a class whose one-sided answers are asked once.

use super::budget::Budget;
use super::compare::{compare, compare_ranked, Afresh, Equivalence, OneSided, Ranked};
use super::paths::Paths;
use super::ranking::Ranking;
use super::witness::Witness;
use crate::query::Applicable;

/// [`compare`] of each of several pairs of sides — one crawler's rules under every pair of
/// several readings, say — with the same answers, and what the pairs share asked once. Each
/// side is ranked once. Sides that decide every path alike (one file's group under RFC 9309
/// and under the 2019 draft) are asked once whether they decide every path alike and, against
/// a side that does, once for their shortest path of the other verdict: the search that costs
/// most where a 1994 or 1996 record allows everything. A pair compared before is not
/// compared again.
///
/// ```
/// use robotspec::{analysis, Robots, Variant};
///
/// let file = b"User-agent: *\nDisallow: *\n";
/// // The 1994 convention reads the pattern `*` as written: no path starts with it.
/// let [old, rfc, google] =
///     [Variant::Convention1994, Variant::Rfc9309, Variant::Google].map(|v| Robots::parse(file, v));
/// let pairs = [
///     (old.unnamed(), rfc.unnamed()),
///     (old.unnamed(), google.unnamed()),
///     (rfc.unnamed(), google.unnamed()),
/// ];
/// let compared = analysis::compare_pairs(&pairs);
/// let paths: Vec<_> = compared.iter().map(|c| c.example().map(|d| d.path())).collect();
/// assert_eq!(paths, [Some("/"), Some("/"), None]);
/// ```
pub fn compare_pairs<'r>(pairs: &[(Applicable<'r>, Applicable<'r>)]) -> Vec<Equivalence<'r, 'r>> {
    let mut sides = Sides::default();
    let indices: Vec<(usize, usize)> = pairs
        .iter()
        .map(|(old, new)| (sides.index(old), sides.index(new)))
        .collect();
    let mut one_sided = Shared::default();
    let mut compared: foldhash::HashMap<(usize, usize), Equivalence<'r, 'r>> =
        foldhash::HashMap::default();
    pairs
        .iter()
        .zip(indices)
        .map(|((old, new), key)| {
            compared
                .entry(key)
                .or_insert_with(|| match (sides.ranked(key.0), sides.ranked(key.1)) {
                    (Some(old), Some(new)) => compare_ranked(old, new, Paths::All, &mut one_sided),
                    _ => compare(old, new),
                })
                .clone()
        })
        .collect()
}

/// The distinct sides of [`compare_pairs`], each ranked once, with its class.
#[derive(Default)]
struct Sides<'r> {
    /// A side's file (by address) and its groups' lines, and its number.
    numbers: foldhash::HashMap<(usize, Vec<u32>), usize>,
    /// Each side, its ranking and its class.
    sides: Vec<(Applicable<'r>, Ranking<'r>, usize)>,
}

impl<'r> Sides<'r> {
    /// The number of `applicable`'s side, ranked and classed when first seen.
    fn index(&mut self, applicable: &Applicable<'r>) -> usize {
        let file = std::ptr::from_ref(applicable.robots()) as usize;
        let lines = applicable.groups().map(|group| group.line()).collect();
        let Sides { numbers, sides } = self;
        *numbers.entry((file, lines)).or_insert_with(|| {
            let ranking = Ranking::new(applicable);
            let number = sides.len();
            let class = sides
                .iter()
                .find(|(_, other, _)| {
                    other.decides_as(&ranking, Paths::All) && other.limits == ranking.limits
                })
                .map_or(number, |&(_, _, class)| class);
            sides.push((applicable.clone(), ranking, class));
            number
        })
    }

    fn ranked(&self, index: usize) -> Option<Ranked<'_, 'r>> {
        self.sides
            .get(index)
            .map(|(applicable, ranking, class)| Ranked {
                applicable,
                ranking,
                class: *class,
            })
    }
}

/// One-sided answers kept per class of sides and budget ([`compare_pairs`]): a class's sides
/// decide every path alike, so its answers are one, each witness asked of its own side's rules.
#[derive(Default)]
struct Shared {
    uniform: foldhash::HashMap<(usize, Budget), Option<bool>>,
    searched: foldhash::HashMap<(usize, bool, Budget), Searched>,
}

/// A one-sided search's answer — the path found, none, or `None` when it ran out of budget —
/// and the budget it left.
type Searched = (Option<Option<String>>, Budget);

impl OneSided for Shared {
    fn uniform_verdict(&mut self, side: Ranked<'_, '_>, budget: &Budget) -> Option<bool> {
        *self
            .uniform
            .entry((side.class, budget.clone()))
            .or_insert_with(|| Afresh.uniform_verdict(side, budget))
    }

    fn of_the_other_verdict<'r>(
        &mut self,
        side: Ranked<'_, 'r>,
        allowed: bool,
        budget: &mut Budget,
    ) -> Option<Option<Witness<'r>>> {
        let key = (side.class, allowed, budget.clone());
        if let Some((found, left)) = self.searched.get(&key) {
            budget.clone_from(left);
            let asked = |path: &String| Witness::asked(path.clone(), side.applicable);
            return found.as_ref().map(|path| path.as_ref().map(asked));
        }
        let found = Afresh.of_the_other_verdict(side, allowed, budget);
        let paths = found
            .as_ref()
            .map(|witness| witness.as_ref().map(|w| w.path().to_owned()));
        self.searched.insert(key, (paths, budget.clone()));
        found
    }
}
