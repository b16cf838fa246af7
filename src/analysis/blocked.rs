//! What is blocked for a crawler — all, some or none of the site — and nothing else: the
//! answer of [`analyze`]'s [`Analysis::blocked`](super::Analysis::blocked), without the dead
//! rules or the shortest examples, at the cost of the few generic paths that settle it.
//!
//! [`analyze`] asks the matcher about the generic path of every pattern (`generic.rs`): an
//! allowed path exists exactly when one of those probes is allowed, a disallowed one exactly
//! when one is disallowed. Not every probe can be the one that shows it. Say the probe of
//! pattern `P` is disallowed: the pattern `Q` that wins there is one that disallows when it
//! wins, and `Q` then wins its own generic path too (a pattern that outranked `Q` there would
//! match every path `Q` matches, the probe of `P` included — `generic.rs`, "Why it is exact"),
//! so `Q`'s own probe is disallowed. Likewise an allowed probe is won by a pattern that allows
//! when it wins, whose own probe is then allowed, or by no pattern, and then no pattern matches
//! the generic path of `*` either. So:
//!
//! - a disallowed path exists exactly when the probe of some pattern that disallows when it
//!   wins is disallowed (one of its two probes, for a pattern that has two:
//!   `generic::empty_star`) — none such pattern: nothing is blocked, and no query is asked;
//! - an allowed path exists exactly when the probe of `*`, or of some pattern that allows when
//!   it wins, is allowed.
//!
//! Each side stops at its first witness, the most likely first (the best ranked patterns,
//! `*` before the allowing patterns), so a file that blocks some of the site — most files — is
//! settled by two queries, where [`analyze`] asks one per pattern and more for the dead rules.
//! The targets are made and paid for exactly as [`analyze`] makes them (`Targets::of`): the
//! same budget, the same [`Blocked::Undecided`] where it runs out, and the same complete search
//! where no generic path can be made. `tests/it/analysis.rs` holds every answer to
//! [`analyze`]'s, on generated files and on the corpus.

use super::analyze::analyze;
use super::budget::{Budget, Exceeded};
use super::generic::{Target, Targets};
use super::normaliser::Normaliser;
use super::paths::Paths;
use super::ranking::Ranking;
use super::shared::{once_per_key, Contents};
use crate::query::Applicable;
use crate::vocab::access::Blocked;

/// What is blocked for each of several crawlers: [`analyze_each`](super::analyze_each)'s
/// [`Analysis::blocked`](super::Analysis::blocked) for each, the same answer, without the
/// rest of the analysis — once for crawlers whose rules say the same.
///
/// ```
/// use robotspec::analysis::{self, Blocked};
/// use robotspec::{AgentQuery, Robots, Variant};
///
/// let robots = Robots::parse(
///     b"User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n",
///     Variant::Rfc9309,
/// );
/// let crawlers = [
///     robots.applicable(&AgentQuery::new("GPTBot")),
///     robots.applicable(&AgentQuery::new("Googlebot")),
/// ];
/// assert_eq!(analysis::blocked_each(&crawlers), [Blocked::All, Blocked::Some]);
/// ```
pub fn blocked_each(applicables: &[Applicable<'_>]) -> Vec<Blocked> {
    let mut contents = Contents::default();
    once_per_key(
        applicables,
        |crawler| contents.of(crawler),
        blocked,
        |blocked, _, _| *blocked,
    )
}

/// What is blocked for one crawler.
fn blocked(applicable: &Applicable<'_>) -> Blocked {
    let ranking = Ranking::new(applicable);
    match by_generic_paths(applicable, &ranking, &mut ranking.budget()) {
        Ok(Some(blocked)) => blocked,
        // No fresh byte: the analysis searches every path.
        Ok(None) => analyze(applicable).blocked(),
        Err(Exceeded) => Blocked::Undecided,
    }
}

/// What is blocked for the crawler of `applicable`, by the few generic paths that settle it,
/// charged to `budget`; `Ok(None)` when no generic path can be made (no fresh byte).
pub(super) fn by_generic_paths(
    applicable: &Applicable<'_>,
    ranking: &Ranking<'_>,
    budget: &mut Budget,
) -> Result<Option<Blocked>, Exceeded> {
    let Some(targets) = Targets::of(ranking, budget)? else {
        return Ok(None);
    };
    let normaliser = Normaliser::of(&ranking.profile);
    // Whether the probe of `target` exists and is decided `allowed`.
    let decided = |target: &Target, allowed: bool| {
        let ruling = target.ruling(applicable, &normaliser, Paths::All);
        ruling.is_some_and(|ruling| ruling.allowed == allowed)
    };
    // The patterns' generic targets in the ranking's order, then their second ones, each with
    // what its pattern decides where it wins.
    let allows = |pattern: u32| ranking.ruling(Some(pattern)).allowed;
    let patterns = (0..)
        .zip(&targets.patterns)
        .chain(
            targets
                .second
                .iter()
                .map(|(pattern, target)| (*pattern, target)),
        )
        .map(|(pattern, target)| (target, allows(pattern)));
    let disallowed = patterns
        .clone()
        .filter(|&(_, allows)| !allows)
        .any(|(target, _)| decided(target, false));
    if !disallowed {
        return Ok(Some(Blocked::None));
    }
    let allowing = patterns
        .filter(|&(_, allows)| allows)
        .map(|(target, _)| target);
    let allowed = std::iter::once(&targets.everywhere)
        .chain(allowing)
        .any(|target| decided(target, true));
    Ok(Some(if allowed { Blocked::Some } else { Blocked::All }))
}
