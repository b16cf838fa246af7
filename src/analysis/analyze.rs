//! How much of a site a crawler's rules block — all, some or none of it — with the shortest
//! allowed and disallowed paths, and the rules that never decide.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::budget::{Budget, Exceeded};
use super::dead::{self, DeadRule};
use super::generic::Generic;
use super::minimal;
use super::normaliser::Normaliser;
use super::paths::Paths;
use super::ranking::Ranking;
use super::search::{first_toward, search, Control, Outcome, Side, Tried};
use super::shared::{once_per_key, Contents, Rebase};
use super::witness::{Examples, RulingOf, UndecidedBy, Witness};
use crate::limits::Limit;
use crate::model::Agent;
use crate::query::{Applicable, Robots};
use crate::vocab::access::Blocked;

/// The exact analysis of one crawler's rules under one reading: [`analyze`].
///
/// What is blocked and the dead rules are known when it is made; the shortest examples are searched
/// for the first time one is asked for (with [`Analysis::undecided`] or serialisation), so a
/// caller that needs only what is blocked or the dead rules never pays for that search.
#[non_exhaustive]
#[derive(Debug, Clone)]
pub struct Analysis<'r> {
    blocked: Blocked,
    dead_rules: Option<Vec<DeadRule<'r>>>,
    /// The limit that stopped what is blocked or the dead rules, if one did.
    stopped: Option<Limit>,
    /// Shared by the clones ([`analyze_each`] hands one analysis to every crawler of the same
    /// groups): searched for once.
    examples: Arc<LazyExamples<'r>>,
}

/// The shortest examples, found on first ask.
#[derive(Debug, Clone)]
struct LazyExamples<'r> {
    /// The examples, and the limit that stopped their search (then they are real paths, not
    /// proven the shortest).
    known: OnceLock<(Examples<'r>, Option<Limit>)>,
    /// Where they come from when not known at once.
    from: Option<ExamplesFrom<'r>>,
}

/// Where the shortest examples come from.
#[derive(Debug, Clone)]
enum ExamplesFrom<'r> {
    /// A search from the crawler's groups, the examples the generic paths gave, and what is
    /// left of the analysis's budget.
    Search(Applicable<'r>, Examples<'r>, Budget),
    /// Another crawler's examples, whose rules say the same (`shared.rs`): its paths, asked of
    /// these groups.
    Like(Arc<LazyExamples<'r>>, Applicable<'r>),
}

impl<'r> LazyExamples<'r> {
    fn known(examples: Examples<'r>, limit: Option<Limit>) -> LazyExamples<'r> {
        LazyExamples {
            known: OnceLock::from((examples, limit)),
            from: None,
        }
    }

    fn get(&self) -> &(Examples<'r>, Option<Limit>) {
        self.known.get_or_init(|| match &self.from {
            Some(ExamplesFrom::Search(applicable, found, budget)) => {
                shortest_or(applicable, found, budget.clone())
            }
            Some(ExamplesFrom::Like(other, applicable)) => {
                let ((allowed, disallowed), limit) = other.get();
                let ask = |w: &Option<Witness<'r>>| w.as_ref().map(|w| w.asked_of(applicable));
                ((ask(allowed), ask(disallowed)), *limit)
            }
            None => ((None, None), None),
        })
    }
}

impl<'r> Analysis<'r> {
    /// How much of the site the rules block: [`Blocked::All`], [`Blocked::Some`],
    /// [`Blocked::None`] or, past the analysis's limit, [`Blocked::Undecided`] (never
    /// [`Blocked::Unreachable`], which only a fetch says).
    pub fn blocked(&self) -> Blocked {
        self.blocked
    }

    /// The shortest allowed path (the smallest in byte order among the shortest), if any path
    /// is allowed — or, when a limit stopped the search for it ([`Analysis::undecided`]), an
    /// allowed path that is not proven the shortest.
    pub fn allowed_example(&self) -> Option<&Witness<'r>> {
        self.examples.get().0 .0.as_ref()
    }

    /// The shortest disallowed path, likewise.
    pub fn disallowed_example(&self) -> Option<&Witness<'r>> {
        self.examples.get().0 .1.as_ref()
    }

    /// Every rule of the crawler's groups that decides no path at all, in file order, with why
    /// (the rules that shadow it wherever it matches); `None` when the analysis was stopped by a
    /// limit before it could tell ([`Analysis::undecided`]).
    pub fn dead_rules(&self) -> Option<&[DeadRule<'r>]> {
        self.dead_rules.as_deref()
    }

    /// The limit that stopped part of the analysis: what is blocked and the dead rules (then what is
    /// blocked is [`Blocked::Undecided`] or the dead rules `None`), or only the search for the
    /// shortest examples (then the examples are real paths, not proven the shortest). `None`
    /// when every answer is exact and complete.
    pub fn undecided(&self) -> Option<Limit> {
        self.stopped.or(self.examples.get().1)
    }

    /// This analysis told for `to`, whose rules say the same as the ones it was made for
    /// (`rebase` pairs them): the same answers, naming `to`'s rules.
    fn like(&self, to: &Applicable<'r>, rebase: &Rebase<'r>) -> Analysis<'r> {
        Analysis {
            blocked: self.blocked,
            dead_rules: self
                .dead_rules
                .as_ref()
                .map(|dead| dead.iter().map(|d| d.rebased(rebase)).collect()),
            stopped: self.stopped,
            examples: Arc::new(LazyExamples {
                known: OnceLock::new(),
                from: Some(ExamplesFrom::Like(Arc::clone(&self.examples), to.clone())),
            }),
        }
    }
}

impl Serialize for Analysis<'_> {
    /// `{"blocked", "allowed_example", "allowed_by", "disallowed_example", "disallowed_by",
    /// "dead_rules", "undecided"}`: examples are paths (or null), `*_by` their rulings, and
    /// `undecided` the limit that stopped the analysis (or null).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (allowed, disallowed) = (self.allowed_example(), self.disallowed_example());
        let mut s = serializer.serialize_struct("Analysis", 7)?;
        s.serialize_field("blocked", &self.blocked)?;
        s.serialize_field("allowed_example", &allowed.map(Witness::path))?;
        s.serialize_field("allowed_by", &allowed.map(RulingOf))?;
        s.serialize_field("disallowed_example", &disallowed.map(Witness::path))?;
        s.serialize_field("disallowed_by", &disallowed.map(RulingOf))?;
        s.serialize_field("dead_rules", &self.dead_rules)?;
        s.serialize_field("undecided", &self.undecided().map(UndecidedBy))?;
        s.end()
    }
}

/// The exact analysis of the rules that apply to a crawler ([`Robots::applicable`]) — or to a
/// crawler the file does not name ([`Robots::unnamed`]): its [`Blocked`] with a shortest allowed
/// and a shortest disallowed path, and its dead rules.
///
/// [`Robots::applicable`]: crate::Robots::applicable
/// [`Robots::unnamed`]: crate::Robots::unnamed
///
/// ```
/// use robotspec::analysis::{self, Blocked};
/// use robotspec::{Robots, Variant};
///
/// let robots = Robots::parse(b"User-agent: *\nDisallow: /\nAllow: /$\n", Variant::Google);
/// let analysis = analysis::analyze(&robots.unnamed());
/// assert_eq!(analysis.blocked(), Blocked::Some);
/// assert_eq!(analysis.allowed_example().unwrap().to_string(), "/: allowed by line 3: Allow: /$");
/// assert_eq!(analysis.disallowed_example().unwrap().path(), "/!");
/// ```
pub fn analyze<'r>(applicable: &Applicable<'r>) -> Analysis<'r> {
    let ranking = Ranking::new(applicable);
    let mut budget = ranking.budget();
    match Generic::of(applicable, &ranking, Paths::All, &mut budget) {
        Ok(Some(generic)) => from_generic(applicable, &ranking, &generic, budget),
        Ok(None) => exhaustive(applicable, &ranking, budget),
        Err(Exceeded) => undecided(Limit::AnalysisStates, (None, None)),
    }
}

/// The analysis from the generic paths: what is blocked and the dead rules exact at the cost of one
/// query of the matcher per pattern (and per dead rule); the shortest examples of what exists
/// are searched for when asked, with what is left of the budget.
fn from_generic<'r>(
    applicable: &Applicable<'r>,
    ranking: &Ranking<'r>,
    generic: &Generic<'r>,
    mut budget: Budget,
) -> Analysis<'r> {
    let found = generic.examples();
    let blocked = blocked_of((found.0.is_some(), found.1.is_some()));
    match dead::from_generic(applicable, ranking, generic, &mut budget) {
        Ok(dead_rules) => Analysis {
            blocked,
            dead_rules: Some(dead_rules),
            stopped: None,
            examples: Arc::new(LazyExamples {
                known: OnceLock::new(),
                from: Some(ExamplesFrom::Search(applicable.clone(), found, budget)),
            }),
        },
        Err(Exceeded) => Analysis {
            blocked,
            dead_rules: None,
            stopped: Some(Limit::AnalysisStates),
            examples: Arc::new(LazyExamples::known(found, Some(Limit::AnalysisStates))),
        },
    }
}

/// The shortest examples of the kinds `found` has one of, by a search within `budget`; when a
/// limit stops it, `found` (real examples, not proven the shortest) with that limit.
fn shortest_or<'r>(
    applicable: &Applicable<'r>,
    found: &Examples<'r>,
    mut budget: Budget,
) -> (Examples<'r>, Option<Limit>) {
    let ranking = Ranking::new(applicable);
    let wanted = (found.0.is_some(), found.1.is_some());
    match shortest(applicable, &ranking, wanted, &mut budget) {
        Ok(shortest) if (shortest.0.is_some(), shortest.1.is_some()) == wanted => (shortest, None),
        Ok(_) => (found.clone(), Some(Limit::AnalysisStates)),
        Err(limit) => (found.clone(), Some(limit)),
    }
}

/// What is blocked when an allowed and a disallowed path exist or not.
fn blocked_of(exist: (bool, bool)) -> Blocked {
    match exist {
        (true, true) => Blocked::Some,
        (false, true) => Blocked::All,
        _ => Blocked::None,
    }
}

/// The shortest allowed and disallowed paths, each looked for only when `wanted` asks for it,
/// by a search for that verdict alone (`search::first_toward`), both on one DFA: `None` where
/// there is none.
pub(super) fn shortest<'r>(
    applicable: &Applicable<'r>,
    ranking: &Ranking<'r>,
    wanted: (bool, bool),
    budget: &mut Budget,
) -> Result<Examples<'r>, Limit> {
    // The disallowed path read off the patterns where they settle it (`minimal.rs`): then no
    // automaton is built unless an allowed path is wanted too.
    let read_off = if wanted.1 {
        minimal::shortest_disallowed(applicable, ranking)
    } else {
        None
    };
    if !wanted.0 && read_off.is_some() {
        return Ok((None, read_off));
    }
    let dfa = ranking.outcome_dfa(budget)?;
    let mut sides = [Side::new(Normaliser::of(&ranking.profile), dfa)];
    let tried = Tried::of(&sides, Paths::All);
    let mut first = |allowed: bool| -> Result<Option<Witness<'r>>, Limit> {
        let found = first_toward(
            &mut sides,
            &tried,
            |winner| ranking.allows(winner) == allowed,
            budget,
        )
        .map_err(|Exceeded| Limit::AnalysisStates)?;
        Ok(found.map(|path| Witness::asked(path, applicable)))
    };
    let allowed = if wanted.0 { first(true)? } else { None };
    let disallowed = if read_off.is_some() || !wanted.1 {
        read_off
    } else {
        first(false)?
    };
    Ok((allowed, disallowed))
}

/// The analysis by a complete search, where no generic path can be made: what is blocked, the
/// shortest examples, and the rules that decide somewhere — the others dead, without the rules
/// that shadow them.
fn exhaustive<'r>(
    applicable: &Applicable<'r>,
    ranking: &Ranking<'r>,
    mut budget: Budget,
) -> Analysis<'r> {
    let budget = &mut budget;
    let dfa = match ranking.pattern_dfa(budget) {
        Ok(dfa) => dfa,
        Err(limit) => return undecided(limit, (None, None)),
    };
    let mut sides = [Side::new(Normaliser::of(&ranking.profile), dfa)];
    let mut examples: Examples<'r> = (None, None);
    let mut winners: HashSet<Option<u32>> = HashSet::new();
    let outcome = search(&mut sides, Paths::All, budget, |[ending], trail, node| {
        winners.insert(ending.winner);
        let ruling = ranking.ruling(ending.winner);
        let example = if ruling.allowed {
            &mut examples.0
        } else {
            &mut examples.1
        };
        if example.is_none() {
            *example = Some(Witness::new(trail.path(node), ruling));
        }
        Control::Continue
    });
    if outcome != Outcome::Complete {
        return undecided(Limit::AnalysisStates, examples);
    }
    Analysis {
        blocked: blocked_of((examples.0.is_some(), examples.1.is_some())),
        dead_rules: Some(dead::from_winners(applicable, ranking, &winners)),
        stopped: None,
        examples: Arc::new(LazyExamples::known(examples, None)),
    }
}

/// An analysis stopped by `limit`; a found example of each kind still stands, and with both
/// what is blocked is known.
fn undecided<'r>(limit: Limit, examples: Examples<'r>) -> Analysis<'r> {
    let blocked = match &examples {
        (Some(_), Some(_)) => Blocked::Some,
        _ => Blocked::Undecided,
    };
    Analysis {
        blocked,
        dead_rules: None,
        stopped: Some(limit),
        examples: Arc::new(LazyExamples::known(examples, Some(limit))),
    }
}

/// [`analyze`] for each of several crawlers, once for crawlers whose rules say the same: a
/// file that names forty crawlers in one group, or a bad-bot list of four hundred groups that
/// each say `Disallow: /`, is analysed once for them all — each answer naming the crawler's own
/// rules.
///
/// ```
/// use robotspec::{analysis, AgentQuery, Robots, Variant};
///
/// let robots = Robots::parse(b"User-agent: a\nDisallow: /\n\nUser-agent: b\nDisallow: /\n", Variant::Google);
/// let crawlers = [robots.applicable(&AgentQuery::new("a")), robots.applicable(&AgentQuery::new("b"))];
/// let analyses = analysis::analyze_each(&crawlers);
/// let lines: Vec<_> = analyses.iter().map(|a| a.disallowed_example().unwrap().rule().unwrap().line()).collect();
/// assert_eq!(lines, [2, 5]);
/// ```
pub fn analyze_each<'r>(applicables: &[Applicable<'r>]) -> Vec<Analysis<'r>> {
    let mut contents = Contents::default();
    let content = |crawler: &Applicable<'r>| contents.of(crawler);
    once_per_key(applicables, content, analyze, |analysis, from, to| {
        if from.same_groups(to) {
            analysis.clone()
        } else {
            analysis.like(to, &Rebase::between(from, to))
        }
    })
}

/// Every agent token the file's groups name, as the reading reads them, lower-cased, each once,
/// in file order: with [`Robots::unnamed`](crate::Robots::unnamed) for the crawlers it does
/// not name, the crawlers whose answers can differ.
///
/// ```
/// use robotspec::{analysis, Robots, Variant};
/// let robots = Robots::parse(b"User-agent: FooBot\nUser-agent: *\nUser-agent: foobot\nDisallow: /\n",
///                            Variant::Google);
/// assert_eq!(analysis::named_agents(&robots), ["foobot"]);
/// ```
pub fn named_agents(robots: &Robots) -> Vec<String> {
    let mut agents: Vec<String> = Vec::new();
    let lines = robots.groups().flat_map(|group| group.agents());
    for line in lines {
        if let Agent::Named(token) = line.agent() {
            let token = token.to_ascii_lowercase();
            if !token.is_empty() && !agents.contains(&token) {
                agents.push(token);
            }
        }
    }
    agents
}
