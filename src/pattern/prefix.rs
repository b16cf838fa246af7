//! Literal rules — no `*`, no end anchor — answered without an automaton.
//!
//! A literal rule matches exactly the targets it is a prefix of. Most rules of real files are
//! literal, and a file of hundreds of thousands of them would need an NFA far over any sane size
//! limit, while a sorted table answers "which of these are prefixes of the target" in one walk:
//! at depth `d` the entries that share the target's first `d` bytes form one contiguous range of
//! the sorted table, the ones exactly `d` bytes long come first in it (they match), and the
//! range for depth `d + 1` is found by two binary searches on byte `d`. Time per query:
//! O(min(target length, longest pattern) × log rules); memory: the pattern bytes and one entry
//! per rule.

use std::ops::Range;

/// Below this many candidate entries the walk compares each with the target directly.
const DIRECT_COMPARISON: usize = 8;

/// The literal rules of a group, sorted by pattern, then by priority rank.
///
/// Laid out for the walk, which reads the table cold when a crawler moves on to another site's
/// rules: the patterns' bytes in table order, so that the entries a binary search visits have
/// their bytes close together, and their ends apart from their ranks, which only a match reads.
#[derive(Debug)]
pub(super) struct PrefixTable {
    /// Every pattern's bytes, one after the other, in table order.
    bytes: Box<[u8]>,
    /// `ends[i]`: where entry `i`'s pattern ends in `bytes` (it starts where entry `i - 1`'s
    /// ends).
    ends: Box<[usize]>,
    /// `ranks[i]`: the priority rank of entry `i`'s rule.
    ranks: Box<[usize]>,
}

impl PrefixTable {
    /// A table of `(rank, pattern)` pairs (rank: the rule's place in priority order).
    pub(super) fn new<'p>(rules: impl Iterator<Item = (usize, &'p [u8])>) -> PrefixTable {
        let mut sorted: Vec<(&[u8], usize)> =
            rules.map(|(rank, pattern)| (pattern, rank)).collect();
        sorted.sort_unstable();
        let mut end = 0;
        PrefixTable {
            bytes: sorted
                .iter()
                .flat_map(|(pattern, _)| pattern.iter().copied())
                .collect(),
            ends: sorted
                .iter()
                .map(|(pattern, _)| {
                    end += pattern.len();
                    end
                })
                .collect(),
            ranks: sorted.iter().map(|&(_, rank)| rank).collect(),
        }
    }

    /// The pattern of entry `i`.
    // Inlined into the walk's binary searches: a call a probe cost a tenth of a warm question
    // in WebAssembly (js/bench/native.mjs).
    #[inline(always)]
    fn pattern(&self, i: usize) -> &[u8] {
        let start = i.checked_sub(1).and_then(|before| self.ends.get(before));
        let start = start.copied().unwrap_or(0);
        let end = self.ends.get(i).copied().unwrap_or(start);
        self.bytes.get(start..end).unwrap_or_default()
    }

    /// The best (lowest) rank among the rules that are prefixes of `target`.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(super) fn best(&self, target: &[u8]) -> Option<usize> {
        let mut best: Option<usize> = None;
        self.walk(target, |run| {
            // A run of equal patterns is sorted by rank: its first entry is its best.
            if let Some(&rank) = self.ranks.get(run.start) {
                best = Some(best.map_or(rank, |b| b.min(rank)));
            }
        });
        best
    }

    /// The ranks of every rule that is a prefix of `target`, in no particular order.
    pub(super) fn all(&self, target: &[u8]) -> Vec<usize> {
        let mut ranks = Vec::new();
        self.walk(target, |run| {
            ranks.extend(self.ranks.get(run).unwrap_or_default())
        });
        ranks
    }

    /// Calls `found` with runs of entries whose pattern is a prefix of `target` (every such
    /// entry in exactly one run; a run of equal patterns sorted by rank).
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    fn walk(&self, target: &[u8], mut found: impl FnMut(Range<usize>)) {
        let mut range = 0..self.ends.len();
        let mut depth = 0;
        loop {
            // Few entries left: comparing each with the target beats more binary searches.
            if range.len() <= DIRECT_COMPARISON {
                for i in range {
                    if target.starts_with(self.pattern(i)) {
                        found(i..i + 1);
                    }
                }
                return;
            }
            // The range's entries all hold the prefix its first and last share (the table is
            // sorted), so none ends before that prefix does: the target must hold it too, and
            // the walk goes on past it at once (`/wp-content/…` rules: one step, not eleven).
            let first = self.pattern(range.start);
            let last = self.pattern(range.end - 1);
            let shared = first.iter().zip(last).take_while(|(a, b)| a == b).count();
            if shared > depth {
                if target.get(depth..shared) != first.get(depth..shared) {
                    return;
                }
                depth = shared;
            }
            let matched = partition(range.clone(), |i| self.pattern(i).len() == depth);
            if matched > range.start {
                found(range.start..matched);
            }
            let Some(&byte) = target.get(depth) else {
                return;
            };
            let key = |i: usize| self.pattern(i).get(depth).copied();
            let start = partition(range.clone(), |i| key(i) < Some(byte));
            let end = partition(start..range.end, |i| key(i) <= Some(byte));
            range = start..end;
            if range.is_empty() {
                return;
            }
            depth += 1;
        }
    }

    /// Heap memory held, in bytes.
    pub(super) fn memory_usage(&self) -> usize {
        self.bytes.len() + (self.ends.len() + self.ranks.len()) * std::mem::size_of::<usize>()
    }
}

/// The first index of `range` at which `holds` is false, `holds` being true on a prefix of it.
#[inline(always)]
fn partition(range: Range<usize>, holds: impl Fn(usize) -> bool) -> usize {
    let (mut low, mut high) = (range.start, range.end);
    while low < high {
        let middle = low + (high - low) / 2;
        if holds(middle) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    low
}
