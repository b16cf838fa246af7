//! Dead rules: rules of a crawler's groups that decide no request path at all, and why.
//!
//! A rule decides some path exactly when it decides the generic path of its pattern
//! (`generic.rs`), and the rules that outrank it and match there are exactly those that match
//! every path it matches: one query of the matcher per pattern settles it. Where no generic
//! path can be made (the patterns hold every byte one could be made of), a complete search
//! gives the rules that decide somewhere, and the others are dead without the rules that
//! shadow them.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::budget::{Budget, Exceeded};
use super::generic::{Generic, Instance, Probe};
use super::ranking::Ranking;
use super::search::is_path_byte;
use super::shared::Rebase;
use crate::model::{Rule, RuleOrigin};
use crate::pattern::decides;
use crate::query::Applicable;
use crate::vocab::pattern::RuleKind;

crate::names::stable_names! {
    /// Why a rule decides no path.
    pub enum DeadCause {
        /// Its value is empty: it matches nothing (every reading ignores it).
        Empty = "empty",
        /// An `allow` under a reading where only a `disallow` decides (1994's precedence: the
        /// first matching `disallow` decides; with none the path is allowed).
        NeverDecides = "never-decides",
        /// No request path matches its pattern.
        NeverMatches = "never-matches",
        /// An earlier rule of the same kind has the same pattern and is reported wherever both
        /// match.
        Duplicate = "duplicate",
        /// Rules that rank above it match every path it matches ([`DeadRule::shadowed_by`]).
        Shadowed = "shadowed",
    }
}

/// How many of the rules that shadow a dead rule it keeps (a rule repeated a thousand times is
/// shadowed by every earlier copy: naming them all would make the answer quadratic).
const SHADOWS_KEPT: usize = 8;

/// A rule that decides no request path, and why.
#[non_exhaustive]
#[derive(Debug, Clone)]
pub struct DeadRule<'r> {
    rule: Rule<'r>,
    cause: DeadCause,
    shadowed_by: Option<Vec<Rule<'r>>>,
    shadows: usize,
    why: String,
}

impl<'r> DeadRule<'r> {
    /// The rule.
    pub fn rule(&self) -> Rule<'r> {
        self.rule
    }

    /// Why it decides nothing.
    pub fn cause(&self) -> DeadCause {
        self.cause
    }

    /// The rules that rank above it and match every path it matches — wherever it matches, the
    /// first of them that matches decides — in file order, the first eight of them
    /// ([`DeadRule::shadowed_by_count`] says how many there are); empty when it matches no
    /// path. `None` when not asked ([`DeadCause::Empty`], [`DeadCause::NeverDecides`]) or not
    /// known (see docs/analysis.md: a file whose patterns hold every byte a generic path could
    /// be made of).
    pub fn shadowed_by(&self) -> Option<&[Rule<'r>]> {
        self.shadowed_by.as_deref()
    }

    /// How many rules shadow it ([`DeadRule::shadowed_by`] names the first eight).
    pub fn shadowed_by_count(&self) -> usize {
        self.shadows
    }

    /// Why, in a sentence.
    pub fn why(&self) -> &str {
        &self.why
    }

    /// The same dead rule of another crawler whose rules say the same (`rebase` pairs them):
    /// the same cause, naming that crawler's rules.
    pub(super) fn rebased(&self, rebase: &Rebase<'r>) -> DeadRule<'r> {
        let rule = rebase.rule(self.rule);
        let shadowed_by: Option<Vec<Rule<'r>>> = self
            .shadowed_by
            .as_ref()
            .map(|rules| rules.iter().map(|&r| rebase.rule(r)).collect());
        let why = match self.cause {
            DeadCause::Duplicate | DeadCause::Shadowed => {
                shadowed_text(rule, shadowed_by.as_deref(), self.shadows, self.cause)
            }
            DeadCause::Empty | DeadCause::NeverDecides | DeadCause::NeverMatches => {
                self.why.clone()
            }
        };
        DeadRule {
            rule,
            cause: self.cause,
            shadowed_by,
            shadows: self.shadows,
            why,
        }
    }
}

impl Serialize for DeadRule<'_> {
    /// `{"line", "rule", "cause", "why", "shadowed_by": [{"line", "rule"}] or null,
    /// "shadowed_by_count"}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("DeadRule", 6)?;
        s.serialize_field("line", &self.rule.line())?;
        s.serialize_field("rule", &self.rule.to_string())?;
        s.serialize_field("cause", &self.cause)?;
        s.serialize_field("why", &self.why)?;
        let shadowed_by = self.shadowed_by.as_ref().map(|rules| {
            rules
                .iter()
                .map(|rule| RuleRef {
                    line: rule.line(),
                    rule: rule.to_string(),
                })
                .collect::<Vec<_>>()
        });
        s.serialize_field("shadowed_by", &shadowed_by)?;
        s.serialize_field("shadowed_by_count", &self.shadows)?;
        s.end()
    }
}

/// A rule as JSON: its line and text.
#[derive(Serialize)]
struct RuleRef {
    line: u32,
    rule: String,
}

/// What is known of a rule that decides nothing, besides its cause.
enum Known<'r> {
    /// Nothing more is asked.
    Nothing,
    /// The rules that shadow it (none: it matches nothing).
    ShadowedBy(Vec<Rule<'r>>),
    /// Not known.
    Unknown,
}

/// The dead rules of `applicable`, from the generic paths of its patterns; each dead rule's
/// query of the matcher (every rule matching its generic path) charged to `budget`.
pub(super) fn from_generic<'r>(
    applicable: &Applicable<'r>,
    ranking: &Ranking<'r>,
    generic: &Generic<'r>,
    budget: &mut Budget,
) -> Result<Vec<DeadRule<'r>>, Exceeded> {
    let mut exceeded = false;
    let dead = dead_rules(applicable, ranking, |rule, _, pattern, duplicate| {
        // Its generic path, and its second one when it has two (`generic::empty_star`; the
        // second ones are in pattern order).
        let second = generic
            .second
            .binary_search_by_key(&pattern, |(id, _)| *id)
            .ok()
            .and_then(|at| generic.second.get(at))
            .map(|(_, instance)| instance);
        let instances: Vec<&Instance<'r>> = generic
            .patterns
            .get(pattern as usize)
            .into_iter()
            .chain(second)
            .collect();
        let probes: Vec<&Probe<'r>> = instances
            .iter()
            .filter_map(|instance| match instance {
                Instance::Path(probe) => Some(probe),
                _ => None,
            })
            .collect();
        if probes.is_empty() {
            let robots_txt = instances
                .iter()
                .any(|instance| matches!(instance, Instance::RobotsTxt));
            return Some((
                DeadCause::NeverMatches,
                Known::ShadowedBy(Vec::new()),
                robots_txt,
            ));
        }
        if probes.iter().any(|probe| probe.ruling.rule == Some(rule)) {
            return None;
        }
        let cost = (ranking.rules.len() + ranking.query_cost()).saturating_mul(probes.len());
        if exceeded || budget.charge(cost).is_err() {
            exceeded = true;
            return None;
        }
        // Every rule the matcher ranks above this one at each of its generic paths shadows it.
        let above = |probe: &&Probe<'r>| -> Vec<Rule<'r>> {
            let matching = applicable.matching_request_path(&probe.path);
            matching.into_iter().take_while(|r| *r != rule).collect()
        };
        let mut shadows = probes.iter().map(above);
        let mut both = shadows.next().unwrap_or_default();
        for others in shadows {
            both.retain(|r| others.contains(r));
        }
        // With two generic paths, the rules above it at both match every path it matches; it
        // may be shadowed by none alone, one half by one rule and the rest by another.
        let known = if both.is_empty() && probes.len() > 1 {
            Known::Unknown
        } else {
            Known::ShadowedBy(both)
        };
        Some((cause_of(duplicate), known, false))
    });
    if exceeded {
        return Err(Exceeded);
    }
    Ok(dead)
}

/// The dead rules of `applicable` given the patterns that decide somewhere (`winners`, from a
/// complete search): what is known without generic paths.
pub(super) fn from_winners<'r>(
    applicable: &Applicable<'r>,
    ranking: &Ranking<'r>,
    winners: &HashSet<Option<u32>>,
) -> Vec<DeadRule<'r>> {
    let live: HashSet<usize> = winners
        .iter()
        .flatten()
        .filter_map(|&pattern| ranking.deciding_rule(pattern))
        .collect();
    dead_rules(applicable, ranking, |_, index, _, duplicate| {
        (!live.contains(&index)).then_some((cause_of(duplicate), Known::Unknown, false))
    })
}

/// Every written rule of `applicable` that `dead` finds dead — given the rule, its index in the
/// ranking, its pattern and whether an earlier rule of its kind has the same pattern; returning the cause, what is known
/// and whether it matches `/robots.txt` only — after the causes that need no search: empty, and
/// kinds that never decide.
fn dead_rules<'r>(
    applicable: &Applicable<'r>,
    ranking: &Ranking<'r>,
    mut dead: impl FnMut(Rule<'r>, usize, u32, bool) -> Option<(DeadCause, Known<'r>, bool)>,
) -> Vec<DeadRule<'r>> {
    let mut found = Vec::new();
    // `ranking.rules` are the non-empty rules of `applicable.rules()`, in the same order.
    let mut deciding = ranking.rules.iter().enumerate().peekable();
    let mut first_of: HashMap<(RuleKind, &[u8]), usize> = HashMap::new();
    for rule in applicable.rules() {
        let index = match deciding.peek() {
            Some(&(index, r)) if *r == rule => {
                deciding.next();
                Some(index)
            }
            _ => None,
        };
        if rule.origin() != RuleOrigin::Written {
            continue;
        }
        if rule.is_empty() {
            found.push(dead_rule(
                rule,
                DeadCause::Empty,
                Known::Nothing,
                ranking,
                false,
            ));
            continue;
        }
        if !decides(ranking.profile.precedence, rule.kind()) {
            found.push(dead_rule(
                rule,
                DeadCause::NeverDecides,
                Known::Nothing,
                ranking,
                false,
            ));
            continue;
        }
        let Some(index) = index else { continue };
        let first = *first_of
            .entry((rule.kind(), rule.pattern()))
            .or_insert(index);
        let Some(pattern) = ranking.pattern_of(index) else {
            continue;
        };
        if let Some((cause, known, robots_txt)) = dead(rule, index, pattern, first != index) {
            found.push(dead_rule(rule, cause, known, ranking, robots_txt));
        }
    }
    found
}

/// Duplicate when an earlier rule of the same kind has the same pattern, else shadowed.
fn cause_of(duplicate: bool) -> DeadCause {
    if duplicate {
        DeadCause::Duplicate
    } else {
        DeadCause::Shadowed
    }
}

fn dead_rule<'r>(
    rule: Rule<'r>,
    cause: DeadCause,
    known: Known<'r>,
    ranking: &Ranking<'r>,
    robots_txt: bool,
) -> DeadRule<'r> {
    let mut shadowed_by = match known {
        Known::ShadowedBy(rules) => Some(rules),
        Known::Nothing | Known::Unknown => None,
    };
    let shadows = shadowed_by.as_ref().map_or(0, Vec::len);
    if let Some(rules) = shadowed_by.as_mut() {
        rules.sort_by_key(Rule::line);
        rules.truncate(SHADOWS_KEPT);
        // A thousand copies of a rule each shadowed by every earlier one: keep what is kept.
        rules.shrink_to_fit();
    }
    let why = match cause {
        DeadCause::Empty => "an empty value matches no path".to_owned(),
        DeadCause::NeverDecides => format!(
            "an {} never decides under {} precedence: the first matching disallow decides, \
             and without one the path is allowed",
            kind_name(rule.kind()),
            ranking.profile.precedence
        ),
        DeadCause::NeverMatches if robots_txt => {
            "it matches only `/robots.txt`, which a crawler may always fetch".to_owned()
        }
        DeadCause::NeverMatches => never_matches(rule.pattern(), ranking),
        DeadCause::Duplicate | DeadCause::Shadowed => {
            shadowed_text(rule, shadowed_by.as_deref(), shadows, cause)
        }
    };
    DeadRule {
        rule,
        cause,
        shadowed_by,
        shadows,
        why,
    }
}

/// "line 3 (Allow: /a) outranks it and matches every path it matches", or for a duplicate "it
/// repeats line 3, which decides wherever both match".
fn shadowed_text(
    rule: Rule<'_>,
    shadowed_by: Option<&[Rule<'_>]>,
    shadows: usize,
    cause: DeadCause,
) -> String {
    let rules = shadowed_by.unwrap_or_default();
    if cause == DeadCause::Duplicate {
        let twin = rules
            .iter()
            .find(|r| r.kind() == rule.kind() && r.pattern() == rule.pattern());
        return match twin {
            Some(twin) => format!(
                "it repeats line {}, which is reported wherever both match",
                twin.line()
            ),
            None => "it repeats an earlier rule, which is reported wherever both match".to_owned(),
        };
    }
    if rules.is_empty() {
        return "wherever it matches, a rule that outranks it decides".to_owned();
    }
    let mut text = String::new();
    for (n, shadow) in rules.iter().take(3).enumerate() {
        let sep = if n == 0 { "" } else { ", " };
        let _ = write!(text, "{sep}line {} ({shadow})", shadow.line());
    }
    if shadows > 3 {
        let _ = write!(text, " and {} more", shadows - 3);
    }
    let verb = if shadows == 1 {
        " outranks it and matches"
    } else {
        " outrank it and match"
    };
    text.push_str(verb);
    text.push_str(" every path it matches");
    text
}

/// Why no request path matches `pattern` (normalised), as far as its bytes tell.
fn never_matches(pattern: &[u8], ranking: &Ranking<'_>) -> String {
    let wildcards = ranking.profile.pattern_syntax.wildcards;
    let first = pattern.first().copied();
    if first != Some(b'/') && !(wildcards && first == Some(b'*')) {
        return "no request path matches it: it does not start with `/`, as every path does"
            .to_owned();
    }
    let outside = pattern
        .iter()
        .find(|&&b| !(is_path_byte(b) || wildcards && b == b'*'));
    match outside {
        Some(byte) => format!(
            "no request path matches it: byte {byte:#04x} reaches a path only percent-encoded, \
             and the reading compares escapes as written"
        ),
        None => "no request path matches it as the reading normalises paths".to_owned(),
    }
}

fn kind_name(kind: RuleKind) -> &'static str {
    match kind {
        RuleKind::Allow => "allow",
        RuleKind::Disallow => "disallow",
    }
}
