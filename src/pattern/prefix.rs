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

/// Below this many candidate entries the walk compares each with the target directly.
const DIRECT_COMPARISON: usize = 8;

/// The literal rules of a group, sorted by pattern, then by priority rank.
#[derive(Debug)]
pub(super) struct PrefixTable {
    /// Every pattern's bytes, one after the other.
    bytes: Vec<u8>,
    /// `(start, end, rank)` of each pattern in `bytes`; sorted by pattern, then rank.
    entries: Vec<(usize, usize, usize)>,
}

impl PrefixTable {
    /// A table of `(rank, pattern)` pairs (rank: the rule's place in priority order).
    pub(super) fn new<'p>(rules: impl Iterator<Item = (usize, &'p [u8])>) -> PrefixTable {
        let mut bytes = Vec::new();
        let mut entries = Vec::new();
        for (rank, pattern) in rules {
            let start = bytes.len();
            bytes.extend_from_slice(pattern);
            entries.push((start, bytes.len(), rank));
        }
        entries.sort_by(|a, b| {
            pattern_of(&bytes, a)
                .cmp(pattern_of(&bytes, b))
                .then(a.2.cmp(&b.2))
        });
        PrefixTable { bytes, entries }
    }

    fn pattern(&self, entry: &(usize, usize, usize)) -> &[u8] {
        pattern_of(&self.bytes, entry)
    }

    /// The best (lowest) rank among the rules that are prefixes of `target`.
    pub(super) fn best(&self, target: &[u8]) -> Option<usize> {
        let mut best: Option<usize> = None;
        self.walk(target, |run| {
            // A run of equal patterns is sorted by rank: its first entry is its best.
            if let Some(&(_, _, rank)) = run.first() {
                best = Some(best.map_or(rank, |b| b.min(rank)));
            }
        });
        best
    }

    /// The ranks of every rule that is a prefix of `target`, in no particular order.
    pub(super) fn all(&self, target: &[u8]) -> Vec<usize> {
        let mut ranks = Vec::new();
        self.walk(target, |run| {
            ranks.extend(run.iter().map(|&(_, _, rank)| rank))
        });
        ranks
    }

    /// Calls `found` with runs of entries whose pattern is a prefix of `target` (every such
    /// entry in exactly one run; a run of equal patterns sorted by rank).
    fn walk(&self, target: &[u8], mut found: impl FnMut(&[(usize, usize, usize)])) {
        let mut range = self.entries.as_slice();
        for depth in 0..=target.len() {
            // Few entries left: comparing each with the target beats more binary searches.
            if range.len() <= DIRECT_COMPARISON {
                for entry in range {
                    if target.starts_with(self.pattern(entry)) {
                        found(std::slice::from_ref(entry));
                    }
                }
                return;
            }
            let matched = range.partition_point(|e| self.pattern(e).len() == depth);
            if let Some(run) = range.get(..matched).filter(|run| !run.is_empty()) {
                found(run);
            }
            let Some(&byte) = target.get(depth) else {
                return;
            };
            let key = |e: &(usize, usize, usize)| self.pattern(e).get(depth).copied();
            let start = range.partition_point(|e| key(e) < Some(byte));
            let end = range.partition_point(|e| key(e) <= Some(byte));
            range = range.get(start..end).unwrap_or_default();
            if range.is_empty() {
                return;
            }
        }
    }

    /// Heap memory held, in bytes.
    pub(super) fn memory_usage(&self) -> usize {
        self.bytes.capacity()
            + self.entries.capacity() * std::mem::size_of::<(usize, usize, usize)>()
    }
}

/// The bytes of the pattern `entry` stands for.
fn pattern_of<'b>(bytes: &'b [u8], &(start, end, _): &(usize, usize, usize)) -> &'b [u8] {
    bytes.get(start..end).unwrap_or_default()
}
