//! The generic path of a pattern: the one path that decides, for every rule at once, whether the
//! rule ever decides anything — and so whether any path is allowed or disallowed at all.
//!
//! A pattern is literal blocks between runs of `*`, perhaps ending in `$`: `s0*s1*…*sk[$]`.
//! Take a byte `z` that no pattern of the file holds (a *fresh* byte) and write the pattern's
//! generic path `s0 z s1 z … z sk`, plus a final `z` when there is no `$` (a pattern that starts
//! with `*` gets the `/` every path starts with in front; one that starts with `*/` has a second
//! generic path, [`empty_star`]). Then for any other pattern `Q`:
//!
//! > if `Q` matches the generic path of `P`, then `Q` matches every path `P` matches.
//!
//! Proof: `Q` holds no `z`, so each of its literal blocks lies inside one block `sᵢ` of the
//! generic path (the `z`s separate them), its first block inside `s0` at the start, and a final
//! `$` can only close `Q` after a `*` (a final `z` ends the generic path) or inside `sk` at the
//! end (when `P` ends in `$`, every path of `P` ends in `sk` too). Any path `t` of `P` holds the
//! same blocks in the same order, the first at the start (and the last at the end, with `$`),
//! so `Q`'s blocks fit in `t` at the same places and `Q`'s `*`s take what lies between. ∎
//!
//! So a rule decides some path exactly when it decides its own generic path: if a rule that
//! outranks it matched there, that rule would match everywhere it does. Each rule is settled by
//! one query of the real matcher, whatever its wildcards, and the rules that match the generic
//! path and outrank it are exactly the rules that shadow it everywhere. A path that no rule
//! matches exists exactly when no rule matches the generic path of `*` (`/zz`). The generic
//! path is a normalised target; the request path a client sends for it is found by
//! [`Normaliser::preimage`]. (docs/analysis.md, "Why it is exact".)

use super::budget::{Budget, Exceeded};
use super::normaliser::Normaliser;
use super::paths::{witness_order, Paths};
use super::ranking::{Ranking, Ruling};
use super::witness::{Examples, Witness};
use crate::pattern::split_end_anchor;
use crate::query::Applicable;
use crate::vocab::pattern::PatternSyntax;

/// Bytes tried as the fresh byte, in order: printable, never special to a normalisation (no
/// `%`, hex digit, `*`, `$`), not in `/robots.txt` (so no generic path is `/robots.txt` but
/// the one of a pattern that is nothing else), not `#`.
const FRESH: &[u8] = b"!\"'(),-;<=>?@[\\]^_`{|}~ghijklmnpquvwyzGHIJKLMNOPQRSTUVWXYZ";

/// Which bytes some pattern holds.
#[derive(Clone)]
struct Used([bool; 256]);

impl Used {
    fn add(&mut self, pattern: &[u8]) {
        for &byte in pattern {
            if let Some(mark) = self.0.get_mut(usize::from(byte)) {
                *mark = true;
            }
        }
    }

    /// The first byte of [`FRESH`] no pattern added holds.
    fn fresh(&self) -> Option<u8> {
        FRESH
            .iter()
            .copied()
            .find(|&byte| !self.0.get(usize::from(byte)).copied().unwrap_or(true))
    }
}

/// A generic path as a request path, and what the reading decides there (kept small: a file
/// of a hundred thousand patterns has as many).
#[derive(Debug, Clone)]
pub(super) struct Probe<'r> {
    pub(super) path: Box<str>,
    pub(super) ruling: Ruling<'r>,
}

/// What a generic path comes to.
#[derive(Debug, Clone)]
pub(super) enum Instance<'r> {
    /// A request path has it as its target: the verdict there.
    Path(Probe<'r>),
    /// No request path has it as its target: the pattern matches no request path.
    NoPath,
    /// It is `/robots.txt`, left out of every question: the pattern matches nothing else.
    RobotsTxt,
}

/// The generic paths of a crawler's patterns and of `*`, with the verdicts there.
pub(super) struct Generic<'r> {
    /// Per distinct pattern, in the ranking's order (each with a byte no pattern of its rank or
    /// above holds).
    pub(super) patterns: Vec<Instance<'r>>,
    /// The second generic path of each pattern that has one ([`empty_star`]), with the
    /// pattern's number.
    pub(super) second: Vec<(u32, Instance<'r>)>,
    /// The generic path of `*` (with a byte no pattern holds): no rule matches it exactly when
    /// some path is matched by no rule.
    pub(super) everywhere: Instance<'r>,
}

/// A generic path before it is asked of the matcher: the normalised target, or `/robots.txt`.
#[derive(Debug, Clone)]
pub(super) enum Target {
    /// A normalised target other than `/robots.txt`.
    Bytes(Vec<u8>),
    /// `/robots.txt`, left out of every question.
    RobotsTxt,
}

/// The generic targets of a crawler's patterns and of `*`, made and paid for as [`Generic::of`]
/// makes and pays for them, none yet asked of the matcher: a caller that needs only some of
/// their verdicts (`blocked.rs`) asks only those, at the same charge to the budget, so its
/// answers and its limits are [`Generic`]'s.
pub(super) struct Targets {
    /// Per distinct pattern, in the ranking's order.
    pub(super) patterns: Vec<Target>,
    /// The second generic target of each pattern that has one ([`empty_star`]), with the
    /// pattern's number.
    pub(super) second: Vec<(u32, Target)>,
    /// The generic target of `*`.
    pub(super) everywhere: Target,
}

impl Targets {
    /// The generic targets of `ranking`'s patterns (and the second of each pattern that has
    /// two, [`empty_star`]); `Ok(None)` when some pattern, or `*`, finds no fresh byte (the
    /// patterns hold every byte of [`FRESH`]). Every query of the matcher is charged to
    /// `budget` before the first target is made, at what it may cost (one, and one more per
    /// wildcard pattern it may test one by one), and each target at its length.
    pub(super) fn of(
        ranking: &Ranking<'_>,
        budget: &mut Budget,
    ) -> Result<Option<Targets>, Exceeded> {
        let syntax = ranking.profile.pattern_syntax;
        let seconds = ranking
            .patterns
            .iter()
            .filter(|p| empty_star(p, syntax).is_some())
            .count();
        let queries = ranking
            .patterns
            .len()
            .saturating_add(1)
            .saturating_add(seconds);
        budget.charge(queries.saturating_mul(ranking.query_cost()))?;
        let mut target = |bytes: Vec<u8>| -> Result<Target, Exceeded> {
            if bytes == b"/robots.txt" {
                return Ok(Target::RobotsTxt);
            }
            budget.charge(bytes.len())?;
            Ok(Target::Bytes(bytes))
        };
        let mut used = Used([false; 256]);
        let mut patterns = Vec::with_capacity(ranking.patterns.len());
        let mut second = Vec::with_capacity(seconds);
        for (id, pattern) in (0..).zip(&ranking.patterns) {
            used.add(pattern);
            let Some(z) = used.fresh() else {
                return Ok(None);
            };
            patterns.push(target(generic_target(pattern, syntax, z))?);
            if let Some(rest) = empty_star(pattern, syntax) {
                second.push((id, target(generic_target(rest, syntax, z))?));
            }
        }
        let any = PatternSyntax { wildcards: true };
        let Some(z) = used.fresh() else {
            return Ok(None);
        };
        let everywhere = target(generic_target(b"*", any, z))?;
        Ok(Some(Targets {
            patterns,
            second,
            everywhere,
        }))
    }
}

impl Target {
    /// What the generic path comes to among `paths`: the request path whose target it is, with
    /// the verdict there (one query of the matcher), or why there is none.
    pub(super) fn instance<'r>(
        &self,
        applicable: &Applicable<'r>,
        normaliser: &Normaliser,
        paths: Paths,
    ) -> Instance<'r> {
        let Target::Bytes(target) = self else {
            return Instance::RobotsTxt;
        };
        match normaliser.preimage(target, paths) {
            Some(path) => {
                let ruling = Ruling::of(&applicable.check_request_path(&path));
                Instance::Path(Probe {
                    path: path.into(),
                    ruling,
                })
            }
            None => Instance::NoPath,
        }
    }

    /// What the reading decides where the generic path comes to a request path among `paths`,
    /// or `None` where it comes to none ([`Target::instance`], without the path: a target that
    /// is its own request path is asked as it is, with no search for the smallest).
    pub(super) fn ruling<'r>(
        &self,
        applicable: &Applicable<'r>,
        normaliser: &Normaliser,
        paths: Paths,
    ) -> Option<Ruling<'r>> {
        let Target::Bytes(target) = self else {
            return None;
        };
        if normaliser.is_own_preimage(target, paths) {
            let path = String::from_utf8_lossy(target);
            return Some(Ruling::of(&applicable.check_request_path(&path)));
        }
        match self.instance(applicable, normaliser, paths) {
            Instance::Path(probe) => Some(probe.ruling),
            Instance::NoPath | Instance::RobotsTxt => None,
        }
    }
}

impl<'r> Generic<'r> {
    /// The generic paths of `ranking`'s patterns, as paths of `paths`, each asked of the
    /// matcher; `Ok(None)` when some pattern, or `*`, finds no fresh byte ([`Targets::of`],
    /// which pays for every query before the first is asked: where the budget cannot pay for
    /// them all, nothing is built, not even the matcher, which the first query compiles).
    pub(super) fn of(
        applicable: &Applicable<'r>,
        ranking: &Ranking<'r>,
        paths: Paths,
        budget: &mut Budget,
    ) -> Result<Option<Generic<'r>>, Exceeded> {
        let Some(targets) = Targets::of(ranking, budget)? else {
            return Ok(None);
        };
        let normaliser = Normaliser::of(&ranking.profile);
        let instance = |target: &Target| target.instance(applicable, &normaliser, paths);
        Ok(Some(Generic {
            patterns: targets.patterns.iter().map(instance).collect(),
            second: targets
                .second
                .iter()
                .map(|(pattern, target)| (*pattern, instance(target)))
                .collect(),
            everywhere: instance(&targets.everywhere),
        }))
    }

    /// Every request path the generic paths came to, with its verdict.
    pub(super) fn probes(&self) -> impl Iterator<Item = &Probe<'r>> + '_ {
        self.patterns
            .iter()
            .chain(self.second.iter().map(|(_, instance)| instance))
            .chain(std::iter::once(&self.everywhere))
            .filter_map(|instance| match instance {
                Instance::Path(probe) => Some(probe),
                _ => None,
            })
    }

    /// The shortest (then smallest) probe path the reading allows, and the one it disallows:
    /// real witnesses, though not always the shortest paths there are. One of each exists
    /// exactly when an allowed, or a disallowed, path exists at all.
    pub(super) fn examples(&self) -> Examples<'r> {
        let smallest = |allowed: bool| {
            self.probes()
                .filter(|probe| probe.ruling.allowed == allowed)
                .min_by(|a, b| witness_order(&a.path).cmp(&witness_order(&b.path)))
                .map(|probe| Witness::new(probe.path.to_string(), probe.ruling))
        };
        (smallest(true), smallest(false))
    }
}

/// The pattern a `pattern` that starts with `*` and then `/` is when its `*` matches nothing:
/// `/a` for `*/a`. Such a pattern has two generic paths. Its `*` may take nothing and leave its
/// `/` to be the path's first byte — `*/a` matches `/a` as well as `/x/a` — so it matches the
/// paths of `/a` and those of `/*/a`, and no one path stands for both: `/a` is matched by `/a`,
/// which misses `/x/a`; `/z/a` by `/*/a`, which misses `/a`. The generic path of each stands
/// for its half, and the rule decides some path exactly when it decides one of the two.
pub(super) fn empty_star(pattern: &[u8], syntax: PatternSyntax) -> Option<&[u8]> {
    let after_stars = pattern.iter().position(|&b| b != b'*')?;
    let rest = pattern.get(after_stars..)?;
    (syntax.wildcards && after_stars > 0 && rest.starts_with(b"/")).then_some(rest)
}

/// The generic path of `pattern` (normalised, read under `syntax`) with the fresh byte `z`: a
/// normalised target.
pub(super) fn generic_target(pattern: &[u8], syntax: PatternSyntax, z: u8) -> Vec<u8> {
    let (body, end_anchor) = split_end_anchor(pattern, syntax);
    let mut target = Vec::with_capacity(body.len() + 4);
    if syntax.wildcards && body.starts_with(b"*") {
        // Every path starts with `/`, which the leading `*` takes. (A pattern that starts with
        // neither is kept as written: its generic path shows that it cannot match.)
        target.push(b'/');
    }
    // Each run of `*` is one `z`; every other byte stays.
    let mut after_star = false;
    for &byte in body {
        let star = syntax.wildcards && byte == b'*';
        if !star {
            target.push(byte);
        } else if !after_star {
            target.push(z);
        }
        after_star = star;
    }
    if !end_anchor {
        target.push(z);
    }
    target
}

#[cfg(test)]
mod tests {
    use super::*;

    const WILD: PatternSyntax = PatternSyntax { wildcards: true };

    fn generic(pattern: &str) -> String {
        String::from_utf8(generic_target(pattern.as_bytes(), WILD, b'!')).unwrap()
    }

    #[test]
    fn generic_paths() {
        assert_eq!(generic("/a"), "/a!");
        assert_eq!(generic("/a$"), "/a");
        assert_eq!(generic("/a*b"), "/a!b!");
        assert_eq!(generic("/a**b$"), "/a!b");
        assert_eq!(generic("/*"), "/!!");
        assert_eq!(generic("*"), "/!!");
        assert_eq!(generic("*.php$"), "/!.php");
        assert_eq!(generic("/a*$"), "/a!");
        assert_eq!(generic("a"), "a!");
        let literal = PatternSyntax { wildcards: false };
        assert_eq!(generic_target(b"/a*b$", literal, b'!'), b"/a*b$!");
    }

    #[test]
    fn a_leading_star_before_a_slash_may_match_nothing() {
        assert_eq!(empty_star(b"*/", WILD), Some(&b"/"[..]));
        assert_eq!(empty_star(b"**/a$", WILD), Some(&b"/a$"[..]));
        for pattern in ["*", "*.php", "/*/a", "/a*"] {
            assert_eq!(empty_star(pattern.as_bytes(), WILD), None, "{pattern}");
        }
        let literal = PatternSyntax { wildcards: false };
        assert_eq!(empty_star(b"*/", literal), None);
        assert_eq!(generic("*/a"), "/!/a!");
        assert_eq!(generic("/a"), "/a!");
    }

    #[test]
    fn fresh_bytes() {
        let mut used = Used([false; 256]);
        used.add(b"/!\"");
        used.add(b"/'");
        assert_eq!(used.fresh(), Some(b'('));
        used.add(FRESH);
        assert_eq!(used.fresh(), None);
    }
}
