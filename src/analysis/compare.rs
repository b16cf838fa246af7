//! Two files under one reading, or one file under two readings: equivalent over every request
//! path, or a shortest path allowed only by one side, in each direction.

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::generic::Generic;
use super::normaliser::Normaliser;
use super::ranking::{Ranking, Ruling};
use super::search::{search, Control, Outcome, Side};
use super::witness::{RulingOf, UndecidedBy, Witness};
use super::Budget;
use crate::limits::Limit;
use crate::query::Applicable;

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
#[non_exhaustive]
#[derive(Debug, Clone)]
pub struct Equivalence<'a, 'b> {
    equivalent: Option<bool>,
    only_old: Option<Difference<'a, 'b>>,
    only_new: Option<Difference<'a, 'b>>,
    undecided: Option<Limit>,
}

impl<'a, 'b> Equivalence<'a, 'b> {
    /// `Some(true)`: both allow exactly the same paths; `Some(false)`: they part on some path
    /// (the differences say where); `None`: a limit stopped the search first
    /// ([`Equivalence::undecided`]) and no difference was found before it.
    pub fn equivalent(&self) -> Option<bool> {
        self.equivalent
    }

    /// The shortest path the old side allows and the new one disallows, if there is one (or,
    /// undecided, if one was found).
    pub fn allowed_only_by_old(&self) -> Option<&Difference<'a, 'b>> {
        self.only_old.as_ref()
    }

    /// The shortest path the new side allows and the old one disallows, likewise.
    pub fn allowed_only_by_new(&self) -> Option<&Difference<'a, 'b>> {
        self.only_new.as_ref()
    }

    /// The differences found: at most one per direction, old-only first.
    pub fn differences(&self) -> impl Iterator<Item = &Difference<'a, 'b>> + '_ {
        self.only_old.iter().chain(self.only_new.iter())
    }

    /// The limit that stopped the search before it covered every path; `None` when the answer
    /// is exact.
    pub fn undecided(&self) -> Option<Limit> {
        self.undecided
    }
}

impl Serialize for Equivalence<'_, '_> {
    /// `{"equivalent": true|false|null, "differences": [Difference, …], "undecided": …}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Equivalence", 3)?;
        s.serialize_field("equivalent", &self.equivalent)?;
        s.serialize_field("differences", &self.differences().collect::<Vec<_>>())?;
        s.serialize_field("undecided", &self.undecided.map(UndecidedBy))?;
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
    let sides = (Ranking::new(old), Ranking::new(new));
    let states = sides
        .0
        .limits
        .get(Limit::AnalysisStates)
        .min(sides.1.limits.get(Limit::AnalysisStates));
    let mut budget = Budget::new(states);
    let found = at_generic_paths((old, &sides.0), (new, &sides.1));
    match shortest((old, &sides.0), (new, &sides.1), &mut budget) {
        Ok((only_old, only_new)) => Equivalence {
            equivalent: Some(only_old.is_none() && only_new.is_none()),
            only_old,
            only_new,
            undecided: None,
        },
        Err(limit) => undecided(limit, found.0, found.1),
    }
}

type Differences<'a, 'b> = (Option<Difference<'a, 'b>>, Option<Difference<'a, 'b>>);

/// Differences at the generic paths of both sides' patterns (each side's own): real witnesses,
/// not always the shortest, for when the search cannot finish.
fn at_generic_paths<'a, 'b>(
    (old, old_ranking): (&Applicable<'a>, &Ranking<'a>),
    (new, new_ranking): (&Applicable<'b>, &Ranking<'b>),
) -> Differences<'a, 'b> {
    let old_paths = Generic::of(old, old_ranking)
        .map(|g| paths_of(&g))
        .unwrap_or_default();
    let new_paths = Generic::of(new, new_ranking)
        .map(|g| paths_of(&g))
        .unwrap_or_default();
    let (old_normaliser, new_normaliser) = (
        Normaliser::of(&old_ranking.profile),
        Normaliser::of(&new_ranking.profile),
    );
    let mut paths: Vec<String> = old_paths.into_iter().chain(new_paths).collect();
    paths.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    let mut found: Differences<'a, 'b> = (None, None);
    for path in paths {
        let left_out =
            |normaliser: &Normaliser| normaliser.normalise(path.as_bytes()) == b"/robots.txt";
        if left_out(&old_normaliser) || left_out(&new_normaliser) {
            continue;
        }
        let (a, b) = (old.check(&path), new.check(&path));
        if a.allowed() == b.allowed() {
            continue;
        }
        let slot = if a.allowed() {
            &mut found.0
        } else {
            &mut found.1
        };
        if slot.is_none() {
            *slot = Some(Difference {
                old: Witness::new(path.clone(), Ruling::of(&a)),
                new: Witness::new(path, Ruling::of(&b)),
            });
        }
    }
    found
}

fn paths_of(generic: &Generic<'_>) -> Vec<String> {
    generic.probes().map(|probe| probe.path.clone()).collect()
}

/// The shortest path allowed only by each side, by a search of both sides' automata at once
/// that stops when it has both.
fn shortest<'a, 'b>(
    (old, old_ranking): (&Applicable<'a>, &Ranking<'a>),
    (new, new_ranking): (&Applicable<'b>, &Ranking<'b>),
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
    let mut paths: (Option<String>, Option<String>) = (None, None);
    let outcome = search(&mut sides, budget, |[a, b], trail, node| {
        let allowed = (old_ranking.allows(a.winner), new_ranking.allows(b.winner));
        if allowed.0 != allowed.1 {
            let path = if allowed.0 {
                &mut paths.0
            } else {
                &mut paths.1
            };
            if path.is_none() {
                *path = Some(trail.path(node));
            }
        }
        if paths.0.is_some() && paths.1.is_some() {
            Control::Stop
        } else {
            Control::Continue
        }
    });
    if outcome == Outcome::Exceeded {
        return Err(Limit::AnalysisStates);
    }
    // The search tells allowed from disallowed; what decides is each matcher's to say.
    let difference = |path: String| Difference {
        old: Witness::new(path.clone(), Ruling::of(&old.check(&path))),
        new: Witness::new(path.clone(), Ruling::of(&new.check(&path))),
    };
    Ok((paths.0.map(difference), paths.1.map(difference)))
}

/// A comparison stopped by `limit`: not equivalent if a difference was found, else unknown.
fn undecided<'a, 'b>(
    limit: Limit,
    only_old: Option<Difference<'a, 'b>>,
    only_new: Option<Difference<'a, 'b>>,
) -> Equivalence<'a, 'b> {
    let found = only_old.is_some() || only_new.is_some();
    Equivalence {
        equivalent: if found { Some(false) } else { None },
        only_old,
        only_new,
        undecided: Some(limit),
    }
}
