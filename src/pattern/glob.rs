//! Wildcard rules answered one by one, in time linear in the target: the matcher's answer when
//! no automaton is built or the lazy DFA gives up on a search, and the source of
//! [`RuleMatcher::matching`](super::RuleMatcher::matching).
//!
//! With wildcards on, a pattern is literal segments separated by runs of `*`, optionally
//! followed by a final `$`. It matches a prefix of the target when:
//!
//! * the first segment is a prefix of the target;
//! * each following segment occurs after the end of the previous one. Taking the **leftmost**
//!   occurrence each time is enough: a `*` can absorb any bytes, so the earliest end for a
//!   segment leaves the longest rest of the target for the segments after it, and any match
//!   of the rest from a later end is also a match from the earlier one;
//! * with a final `$`, the last segment instead ends at the end of the target, and starts no
//!   earlier than where the segment before it ended. (With no `*` at all, `$` demands that the
//!   pattern *is* the target.)
//!
//! Each segment is searched once with `memchr::memmem` (linear in the bytes searched plus the
//! segment), from where the previous one ended, so one pattern costs O(target + pattern) —
//! whatever its number of `*`. With wildcards off a pattern is a plain prefix test.

use memchr::memmem;

use crate::vocab::pattern::PatternSyntax;

/// The distinct wildcard patterns of a group, in the order of the automaton's pattern IDs
/// (priority order).
#[derive(Debug)]
pub(super) struct GlobSet {
    /// Every pattern's bytes, one after the other.
    bytes: Vec<u8>,
    /// The end of each pattern in `bytes` (its start is the previous one's end).
    ends: Vec<usize>,
    syntax: PatternSyntax,
}

impl GlobSet {
    /// The patterns, in pattern-ID order.
    pub(super) fn new<'p>(patterns: impl Iterator<Item = &'p [u8]>, syntax: PatternSyntax) -> Self {
        let mut bytes = Vec::new();
        let mut ends = Vec::new();
        for pattern in patterns {
            bytes.extend_from_slice(pattern);
            ends.push(bytes.len());
        }
        GlobSet {
            bytes,
            ends,
            syntax,
        }
    }

    /// The patterns, in pattern-ID order.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(super) fn patterns(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.ends.iter().scan(0, |start, &end| {
            let pattern = self.bytes.get(*start..end).unwrap_or_default();
            *start = end;
            Some(pattern)
        })
    }

    /// Pattern `id`, empty if there is none.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(super) fn get(&self, id: usize) -> &[u8] {
        let start = match id.checked_sub(1) {
            Some(previous) => self.ends.get(previous).copied().unwrap_or(0),
            None => 0,
        };
        let end = self.ends.get(id).copied().unwrap_or(start);
        self.bytes.get(start..end).unwrap_or_default()
    }

    /// Does pattern `id` match a prefix of `target`?
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(super) fn is_match(&self, id: usize, target: &[u8]) -> bool {
        id < self.len() && glob_matches(self.get(id), target, self.syntax)
    }

    /// The number of patterns.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The first pattern (lowest ID) matching a prefix of `target`.
    #[cfg_attr(robotspec_hot_paths, optimize(speed))]
    pub(super) fn first(&self, target: &[u8]) -> Option<usize> {
        self.patterns()
            .position(|pattern| glob_matches(pattern, target, self.syntax))
    }

    /// The IDs of every pattern matching a prefix of `target`, ascending.
    pub(super) fn all(&self, target: &[u8]) -> Vec<usize> {
        self.patterns()
            .enumerate()
            .filter(|&(_, pattern)| glob_matches(pattern, target, self.syntax))
            .map(|(id, _)| id)
            .collect()
    }

    /// Heap memory held, in bytes.
    pub(super) fn memory_usage(&self) -> usize {
        self.bytes.capacity() + self.ends.capacity() * std::mem::size_of::<usize>()
    }
}

/// A pattern's body and whether it ends with the end anchor `$` (wildcards on only).
pub(crate) fn split_end_anchor(pattern: &[u8], syntax: PatternSyntax) -> (&[u8], bool) {
    match pattern.split_last() {
        Some((b'$', body)) if syntax.wildcards => (body, true),
        _ => (pattern, false),
    }
}

/// The number of runs of `*` in `pattern` under `syntax`.
pub(super) fn star_runs(pattern: &[u8], syntax: PatternSyntax) -> usize {
    if !syntax.wildcards {
        return 0;
    }
    let starts = pattern
        .windows(2)
        .filter(|pair| pair.get(1) == Some(&b'*') && pair.first() != Some(&b'*'))
        .count();
    starts + usize::from(pattern.first() == Some(&b'*'))
}

/// Does `pattern` match a prefix of `target`? Linear in `target.len() + pattern.len()`.
///
/// The pattern's literal head (up to its first `*`) is compared byte by byte with the target
/// first: most rules a question meets differ from the path within a few bytes, and a pattern
/// without `*` is decided by that comparison alone, without searching it for a wildcard.
#[cfg_attr(robotspec_hot_paths, optimize(speed))]
pub(super) fn glob_matches(pattern: &[u8], target: &[u8], syntax: PatternSyntax) -> bool {
    if !syntax.wildcards {
        return target.starts_with(pattern);
    }
    let (body, end_anchor) = split_end_anchor(pattern, syntax);
    let head = body
        .iter()
        .zip(target)
        .take_while(|&(&p, &t)| p == t && p != b'*')
        .count();
    let rest = target.get(head..).unwrap_or_default();
    match body.get(head..).unwrap_or_default() {
        // No `*`: the body is a prefix of the target, and `$` means nothing may follow it.
        [] => !end_anchor || rest.is_empty(),
        stars @ [b'*', ..] => after_star_matches(stars, rest, end_anchor),
        // A byte that differs, or a target shorter than the literal head.
        _ => false,
    }
}

/// Does `body`, which starts with `*`, match a prefix of `target` (all of it when
/// `end_anchor`)? Each literal segment between stars is placed at its first occurrence, the
/// leftmost placement leaving the most room for the rest.
fn after_star_matches(body: &[u8], target: &[u8], end_anchor: bool) -> bool {
    let mut segments = body.split(|&byte| byte == b'*');
    // `body` starts with `*`: its first segment is empty, and there is a last one.
    segments.next();
    let last = segments.next_back().unwrap_or_default();
    let mut rest = target;
    for segment in segments.filter(|s| !s.is_empty()) {
        let Some(at) = find(rest, segment) else {
            return false;
        };
        rest = rest.get(at + segment.len()..).unwrap_or_default();
    }
    if end_anchor {
        rest.ends_with(last)
    } else {
        find(rest, last).is_some()
    }
}

/// Where `segment` first occurs in `target`. A segment of one byte (`*?`, `*=`, `*.`) is
/// searched with `memchr`: `memmem` sets a searcher up first, which for the short targets of
/// robots.txt questions cost more than the search (a CPU profile of the warm questions in
/// WebAssembly, js/bench/native.mjs).
fn find(target: &[u8], segment: &[u8]) -> Option<usize> {
    match segment {
        [] => Some(0),
        [byte] => memchr::memchr(*byte, target),
        _ => memmem::find(target, segment),
    }
}
