//! When to build what makes later answers fast: a group's compiled rules, their automaton.
//!
//! Each is a ski-rental problem. Until it is built, answers are given the slow way (rules
//! tested one by one, wildcard rules by the glob matcher), each at a known cost; building costs
//! an estimated amount once. A [`Rental`] keeps the running cost of the slow answers and says
//! to build as soon as one more would take it past the estimate. So however many questions
//! come, answering the first `k` costs at most about twice what building at the first question
//! would (the slow answers paid, at most the estimate, plus the build), while a caller asking a
//! few cheap questions, as a crawler does of a host, never builds.
//!
//! Costs are counted in *bytes scanned*: a test of `n` patterns against a target of `len`
//! bytes costs `n × (len + PER_PATTERN)`, what comparing each pattern with the target reads at
//! worst, plus a fixed allowance for setting each test up ([`test_cost`]). A build's estimate
//! is in the same unit, calibrated by timing both on the corpus (docs/performance.md, issue 32).

use std::sync::atomic::{AtomicUsize, Ordering};

/// The fixed cost of testing one pattern, in bytes scanned: reaching the pattern, its kind and
/// its priority.
const PER_PATTERN: usize = 16;

/// What testing `patterns` patterns against a target of `target` bytes costs, in bytes scanned.
pub(crate) fn test_cost(patterns: usize, target: usize) -> usize {
    patterns.saturating_mul(target.saturating_add(PER_PATTERN))
}

/// The running cost of the answers given without a build, against the build's estimate.
#[derive(Debug, Default)]
pub(crate) struct Rental {
    /// What the answers given the slow way cost so far, in bytes scanned.
    spent: AtomicUsize,
}

impl Rental {
    /// Whether to answer the slow way at `cost` (in bytes scanned): yes while the answers so
    /// far and this one cost no more than `build`, the build's estimate; no once they would,
    /// and from then on (the caller builds). Counted under concurrent callers too.
    pub(crate) fn rent(&self, cost: usize, build: usize) -> bool {
        let add = |spent: usize| Some(spent.saturating_add(cost));
        let spent = self
            .spent
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, add)
            .unwrap_or(usize::MAX);
        spent.saturating_add(cost) <= build
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rented while the total stays within the estimate, then never again.
    #[test]
    fn rents_until_the_estimate_then_builds() {
        let rental = Rental::default();
        assert!(rental.rent(40, 100));
        assert!(rental.rent(60, 100));
        assert!(!rental.rent(1, 100));
        assert!(!rental.rent(0, 100));
        let rental = Rental::default();
        assert!(!rental.rent(101, 100), "one answer dearer than the build");
        let rental = Rental::default();
        assert!(!rental.rent(usize::MAX, 100));
        assert!(!rental.rent(usize::MAX, usize::MAX - 1));
        assert_eq!(test_cost(3, 4), 60);
        assert_eq!(test_cost(usize::MAX, 2), usize::MAX);
    }
}
