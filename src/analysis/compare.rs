//! Two files under one reading, or one file under two readings: equivalent over every request
//! path, or a shortest path allowed only by one side, in each direction.

use std::sync::{Arc, OnceLock};

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::analyze;
use super::blocked;
use super::budget::{Budget, Exceeded};
use super::generic::Generic;
use super::normaliser::Normaliser;
use super::paths::{witness_order, Paths};
use super::ranking::{Ranking, Ruling};
use super::search::{search, Control, Outcome, Side};
use super::shared::{once_per_key, Contents};
use super::witness::{RulingOf, UndecidedBy, Witness};
use crate::limits::Limit;
use crate::query::Applicable;
use crate::vocab::access::Blocked;

/// A request path on which two sides part: allowed by one, disallowed by the other.
#[derive(Debug, Clone)]
pub struct Difference<'a, 'b> {
    old: Witness<'a>,
    new: Witness<'b>,
}

impl<'a, 'b> Difference<'a, 'b> {
    /// The path.
    pub fn path(&self) -> &str {
        self.old.path()
    }

    /// How the first side (the old file, or the first reading) decides it.
    pub fn in_old(&self) -> &Witness<'a> {
        &self.old
    }

    /// How the second side (the new file, or the second reading) decides it.
    pub fn in_new(&self) -> &Witness<'b> {
        &self.new
    }
}

impl<'a, 'b> Difference<'a, 'b> {
    /// The same difference seen from the other side: its new side as the old one.
    fn swapped(self) -> Difference<'b, 'a> {
        Difference {
            old: self.new,
            new: self.old,
        }
    }

    /// The same path, with `old` as the old side: an old side whose rules say the same as this
    /// one's decides it alike.
    fn old_side(&self, old: &Applicable<'a>) -> Difference<'a, 'b> {
        Difference {
            old: self.old.asked_of(old),
            new: self.new.clone(),
        }
    }
}

impl Serialize for Difference<'_, '_> {
    /// `{"path", "old": {"allowed", "decision", "line", "rule"}, "new": {…}}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Difference", 3)?;
        s.serialize_field("path", self.path())?;
        s.serialize_field("old", &RulingOf(&self.old))?;
        s.serialize_field("new", &RulingOf(&self.new))?;
        s.end()
    }
}

/// Whether two sides allow the same request paths: [`compare`].
///
/// Whether they are equivalent is known when it is made; where a difference was found at once
/// (at the generic paths of their patterns, docs/analysis.md), the shortest differences are
/// searched for the first time one is asked for, so a caller that needs only the answer (or
/// [`Equivalence::example`]) never pays for that search.
#[non_exhaustive]
#[derive(Debug, Clone)]
pub struct Equivalence<'a, 'b> {
    equivalent: Option<bool>,
    /// A difference found before any search, if one was.
    example: Option<Difference<'a, 'b>>,
    /// Shared by the clones and by the sides whose rules say the same ([`compare_each`]):
    /// searched for once.
    shortest: Arc<LazyDifferences<'a, 'b>>,
}

/// The shortest differences, found on first ask.
#[derive(Debug, Clone)]
struct LazyDifferences<'a, 'b> {
    /// The differences, and the limit that stopped their search (then they are real, not
    /// proven the shortest).
    known: OnceLock<(Differences<'a, 'b>, Option<Limit>)>,
    /// The nearest differences ([`Equivalence::nearest`]), when asked before the others: a
    /// search that stops past the length of the first difference it finds.
    nearest: OnceLock<(Differences<'a, 'b>, Option<Limit>)>,
    /// Where they come from when not known at once.
    from: Option<DifferencesFrom<'a, 'b>>,
}

/// Where the shortest differences come from.
#[derive(Debug, Clone)]
enum DifferencesFrom<'a, 'b> {
    /// A search from both sides, the paths compared, the differences found at the generic
    /// paths, and what is left of the budget.
    Search(Box<Pending<'a, 'b>>),
    /// The differences of a comparison whose old side's rules say the same as this one's
    /// (`shared.rs`): their paths, asked of this old side.
    Like(Arc<LazyDifferences<'a, 'b>>, Applicable<'a>),
}

impl<'a, 'b> LazyDifferences<'a, 'b> {
    fn known(differences: Differences<'a, 'b>, limit: Option<Limit>) -> Self {
        LazyDifferences {
            known: OnceLock::from((differences, limit)),
            nearest: OnceLock::new(),
            from: None,
        }
    }

    /// Differences yet to be found, from `from`.
    fn from(from: DifferencesFrom<'a, 'b>) -> Self {
        LazyDifferences {
            known: OnceLock::new(),
            nearest: OnceLock::new(),
            from: Some(from),
        }
    }

    /// The differences as short as the shortest (`Equivalence::nearest`): from the shortest
    /// of each direction when they are known, else by a search that stops past that length.
    fn nearest(&self) -> (Differences<'a, 'b>, Option<Limit>) {
        if let Some((differences, limit)) = self.known.get() {
            return (nearest_of(differences, *limit), *limit);
        }
        self.nearest
            .get_or_init(|| match &self.from {
                Some(DifferencesFrom::Like(other, old)) => {
                    let ((only_old, only_new), limit) = other.nearest();
                    let ask = |d: Option<Difference<'a, 'b>>| d.map(|d| d.old_side(old));
                    ((ask(only_old), ask(only_new)), limit)
                }
                Some(DifferencesFrom::Search(pending)) => pending.searched(Reach::Nearest),
                None => ((None, None), None),
            })
            .clone()
    }

    fn get(&self) -> &(Differences<'a, 'b>, Option<Limit>) {
        self.known.get_or_init(|| match &self.from {
            Some(DifferencesFrom::Like(other, old)) => {
                let ((only_old, only_new), limit) = other.get();
                let ask = |d: &Option<Difference<'a, 'b>>| d.as_ref().map(|d| d.old_side(old));
                ((ask(only_old), ask(only_new)), *limit)
            }
            Some(DifferencesFrom::Search(pending)) => pending.searched(Reach::Each),
            None => ((None, None), None),
        })
    }
}

/// Of `differences` (one per direction), those as short as the shorter — both when a limit
/// stopped their search (then they are what was found, and neither is proven the shortest).
fn nearest_of<'a, 'b>(
    differences: &Differences<'a, 'b>,
    limit: Option<Limit>,
) -> Differences<'a, 'b> {
    let length = |d: &Option<Difference<'a, 'b>>| d.as_ref().map(|d| d.path().len());
    let shortest = [length(&differences.0), length(&differences.1)]
        .into_iter()
        .flatten()
        .min();
    let keep = |d: &Option<Difference<'a, 'b>>| {
        d.clone()
            .filter(|_| limit.is_some() || length(d) == shortest)
    };
    (keep(&differences.0), keep(&differences.1))
}

/// Both sides, the paths they are compared on, the differences already found, and what is left
/// of the comparison's budget.
#[derive(Debug, Clone)]
struct Pending<'a, 'b> {
    old: Applicable<'a>,
    new: Applicable<'b>,
    paths: Paths,
    found: Differences<'a, 'b>,
    budget: Budget,
}

impl<'a, 'b> Pending<'a, 'b> {
    /// The shortest differences as far as `reach`, with what is left of the budget; when a
    /// limit stops the search, the differences already found, with that limit.
    fn searched(&self, reach: Reach) -> (Differences<'a, 'b>, Option<Limit>) {
        let sides = (Ranking::new(&self.old), Ranking::new(&self.new));
        let mut budget = self.budget.clone();
        let (old, new) = ((&self.old, &sides.0), (&self.new, &sides.1));
        match shortest(old, new, self.paths, reach, &mut budget) {
            Ok(shortest) => (shortest, None),
            Err(limit) => (self.found.clone(), Some(limit)),
        }
    }
}

/// How far the search for the shortest differences goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Until it has the shortest difference of each direction, or has visited every path
    /// (then a direction it has none of has none).
    Each,
    /// Until it is past the length of the first difference it finds: each direction's
    /// shortest when it is that short.
    Nearest,
}

impl<'a, 'b> Equivalence<'a, 'b> {
    /// `Some(true)`: both allow exactly the same paths; `Some(false)`: they part on some path
    /// (the differences say where); `None`: a limit stopped the search first
    /// ([`Equivalence::undecided`]) and no difference was found before it.
    pub fn equivalent(&self) -> Option<bool> {
        self.equivalent
    }

    /// The shortest path the old side allows and the new one disallows, if there is one (or,
    /// when a limit stopped the search for it, such a path not proven the shortest).
    pub fn allowed_only_by_old(&self) -> Option<&Difference<'a, 'b>> {
        self.shortest.get().0 .0.as_ref()
    }

    /// The shortest path the new side allows and the old one disallows, likewise.
    pub fn allowed_only_by_new(&self) -> Option<&Difference<'a, 'b>> {
        self.shortest.get().0 .1.as_ref()
    }

    /// The differences: at most one per direction, old-only first.
    pub fn differences(&self) -> impl Iterator<Item = &Difference<'a, 'b>> + '_ {
        let (only_old, only_new) = &self.shortest.get().0;
        only_old.iter().chain(only_new.iter())
    }

    /// The differences as short as the shortest, old-only first: of [`Equivalence::differences`],
    /// those no longer than the other — with the limit that stopped the search, if one did
    /// (then both of what was found, as [`Equivalence::differences`] gives them, neither proven
    /// the shortest).
    ///
    /// A caller that wants only where the sides part first asks here: the search stops past
    /// the length of the first difference, where [`Equivalence::differences`] goes on for the
    /// other direction's shortest — and when a direction has none, visits every path to know
    /// it.
    ///
    /// ```
    /// use robotspec::{analysis, Robots, Variant};
    ///
    /// let file = b"User-agent: *\nDisallow: /*.php$\n";
    /// let rfc = Robots::parse(file, Variant::Rfc9309);
    /// let draft = Robots::parse(file, Variant::Draft1996);
    /// let parted = analysis::compare(&rfc.unnamed(), &draft.unnamed());
    /// let (nearest, limit) = parted.nearest();
    /// let paths: Vec<&str> = nearest.iter().map(|d| d.path()).collect();
    /// assert_eq!((paths, limit), (vec!["/.php"], None));
    /// ```
    pub fn nearest(&self) -> (Vec<Difference<'a, 'b>>, Option<Limit>) {
        let ((only_old, only_new), limit) = self.shortest.nearest();
        (only_old.into_iter().chain(only_new).collect(), limit)
    }

    /// A difference, without searching for the shortest: the first found at the generic paths
    /// when one was, else the first the search found; `None` when they are equivalent (or
    /// undecided).
    pub fn example(&self) -> Option<&Difference<'a, 'b>> {
        self.example.as_ref().or_else(|| {
            self.shortest
                .known
                .get()
                .and_then(|(d, _)| d.0.as_ref().or(d.1.as_ref()))
        })
    }

    /// The limit that stopped the search before it covered every path (then the answer is
    /// `None` or the differences not proven the shortest); `None` when every answer is exact.
    pub fn undecided(&self) -> Option<Limit> {
        self.shortest.get().1
    }
}

impl Serialize for Equivalence<'_, '_> {
    /// `{"equivalent": true|false|null, "differences": [Difference, …], "undecided": …}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Equivalence", 3)?;
        s.serialize_field("equivalent", &self.equivalent)?;
        s.serialize_field("differences", &self.differences().collect::<Vec<_>>())?;
        s.serialize_field("undecided", &self.undecided().map(UndecidedBy))?;
        s.end()
    }
}

/// Compares the rules that apply on two sides — two files under one reading, one file under
/// two readings (each [`Robots`](crate::Robots) carries its own), or two crawlers' groups of
/// one file — over every request path, each side read as its own reading reads it (a path
/// either side reads as `/robots.txt` is left out). The budget is the smaller of the two
/// files' [`Limit::AnalysisStates`].
///
/// ```
/// use robotspec::{analysis, Robots, Variant};
///
/// let file = b"User-agent: *\nDisallow: /*.php$\n";
/// let rfc = Robots::parse(file, Variant::Rfc9309);
/// let draft = Robots::parse(file, Variant::Draft1996);
/// let parted = analysis::compare(&rfc.unnamed(), &draft.unnamed());
/// assert_eq!(parted.equivalent(), Some(false));
/// // The 1996 draft reads `*` and `$` as plain bytes.
/// assert_eq!(parted.allowed_only_by_new().unwrap().path(), "/.php");
/// assert_eq!(parted.allowed_only_by_old().unwrap().path(), "/*.php$");
/// ```
pub fn compare<'a, 'b>(old: &Applicable<'a>, new: &Applicable<'b>) -> Equivalence<'a, 'b> {
    compare_within(old, new, Paths::All)
}

/// [`compare`] over the request paths of `paths` only: with [`Paths::Plain`], two readings that
/// part only on how they read escapes are equivalent.
///
/// ```
/// use robotspec::analysis::{self, Paths};
/// use robotspec::{Robots, Variant};
///
/// let file = b"User-agent: *\nDisallow: /cgi/\n";
/// let (rfc, google) = (Robots::parse(file, Variant::Rfc9309), Robots::parse(file, Variant::Google));
/// let every = analysis::compare(&rfc.unnamed(), &google.unnamed());
/// // RFC 9309 decodes `%63` to `c`; Google compares the path as sent.
/// assert_eq!(every.allowed_only_by_new().unwrap().path(), "/%63gi/");
/// let plain = analysis::compare_within(&rfc.unnamed(), &google.unnamed(), Paths::Plain);
/// assert_eq!(plain.equivalent(), Some(true));
/// ```
pub fn compare_within<'a, 'b>(
    old: &Applicable<'a>,
    new: &Applicable<'b>,
    paths: Paths,
) -> Equivalence<'a, 'b> {
    let rankings = (Ranking::new(old), Ranking::new(new));
    compare_ranked(
        Ranked::alone(old, &rankings.0),
        Ranked::alone(new, &rankings.1),
        paths,
        &mut Afresh,
    )
}

/// [`compare_within`] of two ranked sides, asking `one_sided` what each side says alone.
pub(super) fn compare_ranked<'a, 'b>(
    old: Ranked<'_, 'a>,
    new: Ranked<'_, 'b>,
    paths: Paths,
    one_sided: &mut impl OneSided,
) -> Equivalence<'a, 'b> {
    if old.ranking.decides_as(new.ranking, paths) {
        return Equivalence {
            equivalent: Some(true),
            example: None,
            shortest: Arc::new(LazyDifferences::known((None, None), None)),
        };
    }
    let mut budget = Budget::new(budget_of(old.ranking, new.ranking));
    let uniform = match paths {
        Paths::All => against_uniform(old, new, &mut budget, one_sided),
        Paths::Plain => None,
    };
    if let Some(differences) = uniform {
        return Equivalence {
            equivalent: Some(differences.0.is_none() && differences.1.is_none()),
            example: differences.0.clone().or(differences.1.clone()),
            shortest: Arc::new(LazyDifferences::known(differences, None)),
        };
    }
    let (old, new) = (old.pair(), new.pair());
    let found = at_generic_paths(old, new, paths, &mut budget);
    if found.0.is_some() || found.1.is_some() {
        return Equivalence {
            equivalent: Some(false),
            example: found.0.clone().or(found.1.clone()),
            shortest: Arc::new(LazyDifferences::from(DifferencesFrom::Search(Box::new(
                Pending {
                    old: old.0.clone(),
                    new: new.0.clone(),
                    paths,
                    found,
                    budget,
                },
            )))),
        };
    }
    let (equivalent, shortest) = match shortest(old, new, paths, Reach::Each, &mut budget) {
        Ok(shortest) => (
            Some(shortest.0.is_none() && shortest.1.is_none()),
            LazyDifferences::known(shortest, None),
        ),
        Err(limit) => (None, LazyDifferences::known((None, None), Some(limit))),
    };
    Equivalence {
        equivalent,
        example: None,
        shortest: Arc::new(shortest),
    }
}

/// [`compare`] of each of several sides with one: each crawler's rules with those of a crawler
/// the file does not name, say. Sides whose rules say the same are compared once — four
/// hundred crawlers of a bad-bot list whose groups each say `Disallow: /` make one comparison
/// — each answer naming its own side's rules.
///
/// ```
/// use robotspec::{analysis, AgentQuery, Robots, Variant};
///
/// let robots = Robots::parse(b"User-agent: a\nDisallow: /\n\nUser-agent: b\nDisallow: /\n", Variant::Google);
/// let crawlers = [robots.applicable(&AgentQuery::new("a")), robots.applicable(&AgentQuery::new("b"))];
/// let compared = analysis::compare_each(&crawlers, &robots.unnamed());
/// let lines: Vec<_> = compared
///     .iter()
///     .map(|c| c.allowed_only_by_new().unwrap().in_old().rule().unwrap().line())
///     .collect();
/// assert_eq!(lines, [2, 5]);
/// ```
pub fn compare_each<'a, 'b>(
    olds: &[Applicable<'a>],
    new: &Applicable<'b>,
) -> Vec<Equivalence<'a, 'b>> {
    let mut contents = Contents::default();
    once_per_key(
        olds,
        |old| contents.of(old),
        |old| compare(old, new),
        |equivalence, _, old| equivalence.old_side(old),
    )
}

impl<'a, 'b> Equivalence<'a, 'b> {
    /// This comparison with `old` as the old side, whose rules say the same as the old side's
    /// it was made with: the same answers, naming `old`'s rules.
    fn old_side(&self, old: &Applicable<'a>) -> Equivalence<'a, 'b> {
        Equivalence {
            equivalent: self.equivalent,
            example: self.example.as_ref().map(|d| d.old_side(old)),
            shortest: Arc::new(LazyDifferences::from(DifferencesFrom::Like(
                Arc::clone(&self.shortest),
                old.clone(),
            ))),
        }
    }
}

/// The differences, when one side decides every path alike — `Disallow: /`, or no rule that
/// decides: then the two part exactly on the other side's paths of the other verdict, less
/// those either side leaves out, and the shortest is found by a search of that side alone,
/// without the generic paths of both (a bad-bot group's `Disallow: /` against a `*` group of a
/// thousand rules; a 1996 record a blank line emptied against Google's group). The search
/// leaves out the paths its own side reads as `/robots.txt`; when the readings normalise
/// differently, a witness either side reads so is no difference. `None` then, when neither
/// side is uniform, or when a search ran out of budget: the general comparison runs.
fn against_uniform<'a, 'b>(
    old: Ranked<'_, 'a>,
    new: Ranked<'_, 'b>,
    budget: &mut Budget,
    one_sided: &mut impl OneSided,
) -> Option<Differences<'a, 'b>> {
    let differences = old_uniform(old, new, budget, one_sided).or_else(|| {
        // The new side decides every path alike: the same question with the sides swapped.
        let (only_new, only_old) = old_uniform(new, old, budget, one_sided)?;
        Some((
            only_old.map(Difference::swapped),
            only_new.map(Difference::swapped),
        ))
    })?;
    let normalisers = [
        Normaliser::of(&old.ranking.profile),
        Normaliser::of(&new.ranking.profile),
    ];
    let left_out = |difference: &Option<Difference<'a, 'b>>| {
        difference.as_ref().is_some_and(|d| {
            let path = d.path().as_bytes();
            normalisers
                .iter()
                .any(|normaliser| normaliser.normalise(path) == b"/robots.txt")
        })
    };
    (!left_out(&differences.0) && !left_out(&differences.1)).then_some(differences)
}

/// [`against_uniform`] where the old side is the one that decides every path alike.
fn old_uniform<'a, 'b>(
    old: Ranked<'_, 'a>,
    new: Ranked<'_, 'b>,
    budget: &mut Budget,
    one_sided: &mut impl OneSided,
) -> Option<Differences<'a, 'b>> {
    // Asked on a copy of the budget: a side that turns out not to decide every path alike
    // leaves the general comparison the budget it had.
    let allowed = one_sided.uniform_verdict(old, budget)?;
    // Where the old side allows every path, they part where the new side disallows.
    let other = one_sided.of_the_other_verdict(new, allowed, budget)?;
    let difference = other.map(|w| Difference {
        old: w.asked_of(old.applicable),
        new: w,
    });
    Some(if allowed {
        (difference, None)
    } else {
        (None, difference)
    })
}

/// One side of a comparison: its rules, their ranking, and (in [`compare_pairs`](super::compare_pairs)) its class —
/// the first of the sides compared that decides every path as it does.
#[derive(Clone, Copy)]
pub(super) struct Ranked<'s, 'r> {
    pub(super) applicable: &'s Applicable<'r>,
    pub(super) ranking: &'s Ranking<'r>,
    pub(super) class: usize,
}

impl<'s, 'r> Ranked<'s, 'r> {
    /// A side compared alone, its own class.
    fn alone(applicable: &'s Applicable<'r>, ranking: &'s Ranking<'r>) -> Self {
        Ranked {
            applicable,
            ranking,
            class: 0,
        }
    }

    fn pair(self) -> (&'s Applicable<'r>, &'s Ranking<'r>) {
        (self.applicable, self.ranking)
    }
}

/// What a comparison asks of one side alone: whether it decides every path alike, and its
/// shortest path of a verdict. [`compare`] asks afresh ([`Afresh`]);
/// [`compare_pairs`](super::compare_pairs) once per class of sides (`pairs.rs`).
pub(super) trait OneSided {
    /// Whether every request path is allowed (`Some(true)`) or every one disallowed
    /// (`Some(false)`) by `side`, asked on a copy of `budget`; `None` when neither, or when it
    /// cannot tell so.
    fn uniform_verdict(&mut self, side: Ranked<'_, '_>, budget: &Budget) -> Option<bool>;

    /// The shortest path `side` decides otherwise than `allowed` (`Ok(None)`: there is none),
    /// charged to `budget`; `None` when the search ran out of budget.
    fn of_the_other_verdict<'r>(
        &mut self,
        side: Ranked<'_, 'r>,
        allowed: bool,
        budget: &mut Budget,
    ) -> Option<Option<Witness<'r>>>;
}

/// Each side asked afresh.
pub(super) struct Afresh;

impl OneSided for Afresh {
    /// By the generic paths that settle what is blocked (`blocked::by_generic_paths`: two
    /// queries of the matcher when some paths are blocked, one per pattern when none or all
    /// are, which then saves the search of both sides).
    fn uniform_verdict(&mut self, side: Ranked<'_, '_>, budget: &Budget) -> Option<bool> {
        match blocked::by_generic_paths(side.applicable, side.ranking, &mut budget.clone()) {
            Ok(Some(Blocked::None)) => Some(true),
            Ok(Some(Blocked::All)) => Some(false),
            _ => None,
        }
    }

    /// By a search for that verdict alone (`analyze::shortest`).
    fn of_the_other_verdict<'r>(
        &mut self,
        side: Ranked<'_, 'r>,
        allowed: bool,
        budget: &mut Budget,
    ) -> Option<Option<Witness<'r>>> {
        let wanted = (!allowed, allowed);
        let (allowed_example, disallowed_example) =
            analyze::shortest(side.applicable, side.ranking, wanted, budget).ok()?;
        Some(if allowed {
            disallowed_example
        } else {
            allowed_example
        })
    }
}

/// The smaller of the two sides' budgets.
fn budget_of(old: &Ranking<'_>, new: &Ranking<'_>) -> usize {
    let states = |ranking: &Ranking<'_>| ranking.limits.get(Limit::AnalysisStates);
    states(old).min(states(new))
}

type Differences<'a, 'b> = (Option<Difference<'a, 'b>>, Option<Difference<'a, 'b>>);

/// Differences at the generic paths of both sides' patterns (each side's own, and each with
/// its first letter or digit escaped — where two readings read escapes differently, that is
/// where they part): real witnesses, not always the shortest, the shortest such path per
/// direction, found with a query of each side per path (charged to `budget`; none when it runs
/// out).
fn at_generic_paths<'a, 'b>(
    (old, old_ranking): (&Applicable<'a>, &Ranking<'a>),
    (new, new_ranking): (&Applicable<'b>, &Ranking<'b>),
    paths: Paths,
    budget: &mut Budget,
) -> Differences<'a, 'b> {
    let normalisers = (
        Normaliser::of(&old_ranking.profile),
        Normaliser::of(&new_ranking.profile),
    );
    let cost = old_ranking.query_cost() + new_ranking.query_cost();
    let mut found: Differences<'a, 'b> = (None, None);
    let mut try_path = |path: String| {
        let left_out =
            |normaliser: &Normaliser| normaliser.normalise(path.as_bytes()) == b"/robots.txt";
        if left_out(&normalisers.0) || left_out(&normalisers.1) {
            return;
        }
        let (a, b) = (old.check_request_path(&path), new.check_request_path(&path));
        if a.allowed() == b.allowed() {
            return;
        }
        let slot = if a.allowed() {
            &mut found.0
        } else {
            &mut found.1
        };
        let shorter = slot
            .as_ref()
            .is_none_or(|d: &Difference<'a, 'b>| witness_order(&path) < witness_order(d.path()));
        if shorter {
            *slot = Some(Difference {
                old: Witness::new(path.clone(), Ruling::of(&a)),
                new: Witness::new(path, Ruling::of(&b)),
            });
        }
    };
    let mut run = |budget: &mut Budget| -> Result<(), Exceeded> {
        let old_paths = probe_paths(old, old_ranking, paths, budget)?;
        let new_paths = probe_paths(new, new_ranking, paths, budget)?;
        // Up to three candidates a probe, each asked of both sides: paid for before the first.
        let candidates_count = 3 * (old_paths.len() + new_paths.len());
        budget.charge(candidates_count.saturating_mul(cost))?;
        for probe in old_paths.iter().chain(&new_paths) {
            candidates(probe, paths).into_iter().for_each(&mut try_path);
        }
        Ok(())
    };
    match run(budget) {
        Ok(()) => found,
        Err(Exceeded) => (None, None),
    }
}

/// The request paths of a side's generic paths (none when it has no fresh byte).
fn probe_paths(
    applicable: &Applicable<'_>,
    ranking: &Ranking<'_>,
    paths: Paths,
    budget: &mut Budget,
) -> Result<Vec<Box<str>>, Exceeded> {
    let generic = Generic::of(applicable, ranking, paths, budget)?;
    Ok(generic.map_or_else(Vec::new, |g| g.probes().map(|p| p.path.clone()).collect()))
}

/// A probe path, and the same with its first letter or digit after the leading `/` written as
/// an escape (upper- and lower-case hex) when the paths may hold escapes.
fn candidates(path: &str, paths: Paths) -> Vec<String> {
    let mut found = vec![path.to_owned()];
    let escapable = path
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphanumeric());
    if let Some((at, c)) = escapable.filter(|_| paths.holds(b'%')) {
        for escape in [
            format!("%{:02X}", u32::from(c)),
            format!("%{:02x}", u32::from(c)),
        ] {
            let mut escaped = path.to_owned();
            escaped.replace_range(at..at + 1, &escape);
            found.push(escaped);
        }
    }
    found
}

/// The shortest path allowed only by each side, by a search of both sides' automata at once
/// that stops when it has both — or, as far as `reach` says, past the length of the first.
fn shortest<'a, 'b>(
    (old, old_ranking): (&Applicable<'a>, &Ranking<'a>),
    (new, new_ranking): (&Applicable<'b>, &Ranking<'b>),
    paths: Paths,
    reach: Reach,
    budget: &mut Budget,
) -> Result<Differences<'a, 'b>, Limit> {
    let mut sides = [
        Side::new(
            Normaliser::of(&old_ranking.profile),
            old_ranking.outcome_dfa(budget)?,
        ),
        Side::new(
            Normaliser::of(&new_ranking.profile),
            new_ranking.outcome_dfa(budget)?,
        ),
    ];
    let mut found: (Option<String>, Option<String>) = (None, None);
    // The length of the first difference, past which a search for the nearest stops.
    let mut first: Option<usize> = None;
    let outcome = search(&mut sides, paths, budget, |[a, b], trail, node| {
        let past = |length: usize| reach == Reach::Nearest && trail.len(node) > length;
        if first.is_some_and(past) {
            return Control::Stop;
        }
        let allowed = (old_ranking.allows(a.winner), new_ranking.allows(b.winner));
        if allowed.0 != allowed.1 {
            let path = if allowed.0 {
                &mut found.0
            } else {
                &mut found.1
            };
            if path.is_none() {
                let witness = trail.path(node);
                first.get_or_insert(witness.len());
                *path = Some(witness);
            }
        }
        if found.0.is_some() && found.1.is_some() {
            Control::Stop
        } else {
            Control::Continue
        }
    });
    if outcome == Outcome::Exceeded {
        return Err(Limit::AnalysisStates);
    }
    let difference = |path: String| Difference {
        old: Witness::asked(path.clone(), old),
        new: Witness::asked(path, new),
    };
    Ok((found.0.map(difference), found.1.map(difference)))
}
