//! The pattern vocabulary: what a rule is (allow or disallow), which bytes of a pattern are
//! operators, how patterns are normalised, which rule wins, and the memory bounds of a matcher.
//!
//! The profiles name these, and the limits carry the matcher's bounds, so they lie on the ground
//! floor, below the matcher (`src/pattern/`) that acts on them. `RuleKind` is public in
//! `robotspec::model`; the rest in `internals` only.

#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

/// Whether a rule allows or disallows the URLs its pattern matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleKind {
    /// An `Allow:` line.
    Allow,
    /// A `Disallow:` line.
    Disallow,
}

/// Which bytes of a pattern are operators rather than literals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PatternSyntax {
    /// `true`: `*` matches any run of bytes and a final `$` anchors the end of the target
    /// (`rep-draft-2019`, RFC 9309, `google`). `false`: every byte is literal (`1994`,
    /// `1996-draft`).
    pub wildcards: bool,
}

crate::names::stable_names! {
    /// How the deciding rule is chosen among the rules that match a target.
    pub enum Precedence {
        /// RFC 9309, `rep-draft-2019`, `google`: the matching rule with the longest pattern wins,
        /// length measured in bytes of the normalised pattern with `*` and `$` counted as bytes. On
        /// equal length an Allow beats a Disallow; among rules of equal length and kind the earlier
        /// one is reported.
        LongestMatch = "longest-match",
        /// The 1996 draft: the first matching rule in file order decides.
        FirstMatch = "first-match",
        /// 1994: the first matching Disallow decides; an Allow never decides.
        AnyDisallow = "any-disallow",
    }
}

crate::names::stable_names! {
    /// Which percent-encoding treatment to apply before patterns are compiled.
    ///
    /// The choice belongs to the variant's semantics profile. The treatment is applied to each
    /// pattern *before* `RuleMatcher::compile`; the length used by
    /// longest-match precedence is the length of the normalised pattern.
    pub enum PatternEncoding {
        /// Bytes are used exactly as written (1994: no normalisation of any kind).
        Verbatim = "verbatim",
        /// Google's reference library: the hex digits of every existing `%xx` escape are
        /// upper-cased, every byte ≥ 0x80 is written as `%XX` (upper-case hex), and nothing is
        /// decoded. A `%` that is not followed by two hex digits stays as it is.
        GoogleEscape = "google-escape",
        /// The 1996 draft: one left-to-right pass in which every valid `%hh` escape becomes the byte
        /// it denotes, except `%2F`/`%2f`, which becomes `%2F` (a slash keeps its structural meaning
        /// only when written raw). Decoded bytes are never decoded again. The caller applies the same
        /// function to the target.
        Decode1996 = "decode-1996",
        /// draft-koster-rep-00 as docs/spec/VARIANTS.md A19 reads it (RFC 3986 normalisation), applied the
        /// same way to patterns and targets: an escape of an unreserved character
        /// (`A–Z a–z 0–9 - . _ ~`) is decoded, every other escape is kept with upper-case hex, and
        /// every byte ≥ 0x80, and every `%` that starts no escape, is written as `%XX`. In targets
        /// (`normalise_target`) a raw `*` or `$` is also escaped (`%2A`, `%24`), so that a pattern
        /// can match them literally only by writing the escape (A29), while in patterns they stay
        /// operators — except a `$` that is not the pattern's last byte, a literal, written `%24`
        /// so that it matches the target's. RFC 9309 §2.2.2 prescribes the same treatment, so
        /// `rfc9309` uses it too (docs/variants.md A20).
        Rfc3986 = "rfc3986",
    }
}

/// Memory bounds for compiling one rule set.
///
/// All values are bytes of heap memory. The defaults were chosen by measurement on 4,231 real
/// robots.txt files (see `docs/matcher.md`): the dense DFA only where it is cheap to build, the
/// lazy DFA — nearly as fast once warm and almost free to build — everywhere else, and a
/// hostile file held to tens of megabytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatcherLimits {
    /// Largest dense DFA to build, and the most scratch memory its construction may use. When
    /// determinization would exceed it, it stops and the lazy DFA is used instead; the time
    /// spent before stopping grows with this limit (up to about a second per MiB for groups
    /// full of wildcards), so raise it only for groups queried very often. `0` disables the
    /// dense DFA. Default: 0 ([`MatcherLimits::DEFAULT_DENSE_DFA_BYTES`]): the automaton holds
    /// only wildcard rules, on which the lazy DFA is as fast once warm; a crawler asking
    /// millions of questions of one group may set it (16 KiB fits a few dozen rules).
    pub dense_dfa_bytes: usize,
    /// Capacity of the lazy DFA's state cache. There is one cache per thread searching the same
    /// matcher concurrently, and it only grows as states are built, so the memory used is at
    /// most this times the number of such threads. A cache must be able to hold a handful of
    /// states; when this capacity is below that minimum (which is proportional to the size of
    /// the NFA, so itself bounded by [`nfa_bytes`](Self::nfa_bytes)) the minimum is used
    /// instead. `0` disables the lazy DFA (with the dense DFA also off, no automaton is built
    /// and the glob matcher answers). Default: 8 MiB
    /// ([`MatcherLimits::DEFAULT_LAZY_CACHE_BYTES`]).
    pub lazy_cache_bytes: usize,
    /// Largest Thompson NFA to build. Both DFAs are built from this NFA, so when the wildcard
    /// rules' NFA would exceed the limit no automaton is built: those rules are answered by the
    /// glob matcher (each rule tested in time linear in the target) and
    /// `RuleMatcher::automaton_error` says why ([`Explanation::engine`](crate::Explanation::engine)
    /// is then `glob`). The NFA takes a few tens of bytes per byte of
    /// pattern. Default: 32 MiB
    /// ([`MatcherLimits::DEFAULT_NFA_BYTES`]), about a megabyte of patterns in one group —
    /// twice what fits in the 500 KiB that Google reads of a robots.txt file.
    pub nfa_bytes: usize,
    /// From how many literal rules (no `*`, no end anchor) in a group on they are answered from
    /// a sorted prefix table instead of the automaton: no NFA to build for them, memory
    /// proportional to their bytes, so groups of hundreds of thousands of plain rules compile
    /// at once. `0` or `1`: always (the default, [`MatcherLimits::DEFAULT_PREFIX_TABLE_MIN_RULES`];
    /// measured faster both to build and to query than the automaton on real files);
    /// `usize::MAX`: never, every rule in the automaton.
    pub prefix_table_min_rules: usize,
}

impl MatcherLimits {
    /// Default for [`MatcherLimits::dense_dfa_bytes`]: 0, no dense DFA (see `docs/matcher.md`
    /// §3.1: with literal rules in the prefix table, the lazy DFA answers as fast and costs
    /// nothing to build).
    pub const DEFAULT_DENSE_DFA_BYTES: usize = 0;
    /// Default for [`MatcherLimits::lazy_cache_bytes`]: 8 MiB.
    pub const DEFAULT_LAZY_CACHE_BYTES: usize = 8 << 20;
    /// Default for [`MatcherLimits::nfa_bytes`]: 32 MiB.
    pub const DEFAULT_NFA_BYTES: usize = 32 << 20;
    /// Default for [`MatcherLimits::prefix_table_min_rules`].
    pub const DEFAULT_PREFIX_TABLE_MIN_RULES: usize = 1;
}

impl MatcherLimits {
    /// Whether any automaton is wanted at all (else the wildcard rules go to the glob matcher
    /// and no NFA is built).
    pub(crate) fn wants_automaton(&self) -> bool {
        self.dense_dfa_bytes > 0 || self.lazy_cache_bytes > 0
    }
}

impl Default for MatcherLimits {
    fn default() -> Self {
        MatcherLimits {
            dense_dfa_bytes: Self::DEFAULT_DENSE_DFA_BYTES,
            lazy_cache_bytes: Self::DEFAULT_LAZY_CACHE_BYTES,
            nfa_bytes: Self::DEFAULT_NFA_BYTES,
            prefix_table_min_rules: Self::DEFAULT_PREFIX_TABLE_MIN_RULES,
        }
    }
}
