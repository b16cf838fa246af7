//! Resource limits: how much of a file is read, and how much of it is turned into rules.
//!
//! Parsing is linear in the input and matching linear in the target whatever the limits, so the
//! limits are not there to keep time in check; they bound the memory a hostile file can make
//! the library hold (shadow text, lines, model, automata) and say so when they cut. Every limit
//! has a safe default and can be changed through [`Limits`] (in
//! [`ParseOptions`](crate::ParseOptions)).
//!
//! What happens at each limit (see `docs/robustness.md`):
//!
//! | limit | what is ignored | code |
//! |---|---|---|
//! | [`input_bytes`](Limit::InputBytes) | everything from the line the limit cuts on | `limit-exceeded` |
//! | [`line_bytes`](Limit::LineBytes) | the rest of the line, as with Google's own line limit | `limit-exceeded` |
//! | [`groups`](Limit::Groups) | every later group, with its rules | `limit-exceeded` |
//! | [`rules_per_group`](Limit::RulesPerGroup) | the group's later rules | `limit-exceeded` |
//! | [`pattern_bytes`](Limit::PatternBytes) | the rule whose pattern is longer | `limit-exceeded` |
//! | [`nfa_bytes`](Limit::NfaBytes) and the other matcher limits | nothing: past `nfa_bytes` no automaton is built and the linear glob matcher answers | — |
//! | [`diagnostics`](Limit::Diagnostics) | later diagnostics: counted, not kept | `limit-exceeded` |
//!
//! The diagnostic is a warning in lenient mode and an error in strict mode: a file that only a
//! limit stops from being read whole is not accepted as valid.
//!
//! ```
//! use robotspec::{Code, Limit, Limits, ParseOptions, Robots, Variant};
//!
//! let limits = Limits::default().with(Limit::RulesPerGroup, 1);
//! let options = ParseOptions::default().with_limits(limits);
//! let text = b"User-agent: *\nDisallow: /a\nDisallow: /b\n";
//! let robots = Robots::parse_with(text, Variant::Rfc9309, &options)?;
//! assert!(robots.is_allowed("bot", "/b"));
//! assert_eq!(robots.diagnostics()[0].code, Code::LimitExceeded);
//! assert_eq!(robots.diagnostics()[0].line, 3);
//! # Ok::<(), robotspec::StrictError>(())
//! ```

use crate::diagnostic::Code;
use crate::source::Span;
use crate::vocab::pattern::MatcherLimits;

/// The limits a file is read under. `Limits::default()` is safe for untrusted input; change one
/// with [`Limits::with`], read one with [`Limits::get`]:
///
/// ```
/// use robotspec::{Limit, Limits};
/// let limits = Limits::default().with(Limit::RulesPerGroup, 10);
/// assert_eq!(limits.get(Limit::RulesPerGroup), 10);
/// assert_eq!(limits.get(Limit::Groups), Limits::DEFAULT_GROUPS);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    // What each limit means is written once, on its `Limit` (which `--help` of the command-line
    // tool and the Python binding read through `Limit::description`).
    /// [`Limit::InputBytes`].
    pub(crate) input_bytes: usize,
    /// [`Limit::LineBytes`]; `None`: the variant's own limit only.
    pub(crate) line_bytes: Option<usize>,
    /// [`Limit::Groups`].
    pub(crate) groups: usize,
    /// [`Limit::RulesPerGroup`].
    pub(crate) rules_per_group: usize,
    /// [`Limit::PatternBytes`].
    pub(crate) pattern_bytes: usize,
    /// [`Limit::DenseDfaBytes`], [`Limit::LazyCacheBytes`], [`Limit::NfaBytes`] and
    /// [`Limit::PrefixTableMinRules`]: the automata built from each group's rules.
    pub(crate) matcher: MatcherLimits,
    /// [`Limit::Diagnostics`].
    pub(crate) diagnostics: usize,
    /// [`Limit::AnalysisStates`].
    pub(crate) analysis_states: usize,
}

impl Limits {
    /// Default for [`Limit::InputBytes`]: 64 MiB.
    pub const DEFAULT_INPUT_BYTES: usize = 64 << 20;
    /// Default for [`Limit::Groups`].
    pub const DEFAULT_GROUPS: usize = 100_000;
    /// Default for [`Limit::RulesPerGroup`].
    pub const DEFAULT_RULES_PER_GROUP: usize = 200_000;
    /// Default for [`Limit::PatternBytes`]: 64 KiB.
    pub const DEFAULT_PATTERN_BYTES: usize = 64 << 10;
    /// Default for [`Limit::Diagnostics`].
    pub const DEFAULT_DIAGNOSTICS: usize = 10_000;
    /// Default for [`Limit::AnalysisStates`].
    pub const DEFAULT_ANALYSIS_STATES: usize = 10_000_000;

    /// The value of `limit` (`usize::MAX` for an unset [`Limit::LineBytes`]).
    pub fn get(&self, limit: Limit) -> usize {
        let m = &self.matcher;
        match limit {
            Limit::InputBytes => self.input_bytes,
            Limit::LineBytes => self.line_bytes.unwrap_or(usize::MAX),
            Limit::Groups => self.groups,
            Limit::RulesPerGroup => self.rules_per_group,
            Limit::PatternBytes => self.pattern_bytes,
            Limit::Diagnostics => self.diagnostics,
            Limit::DenseDfaBytes => m.dense_dfa_bytes,
            Limit::LazyCacheBytes => m.lazy_cache_bytes,
            Limit::NfaBytes => m.nfa_bytes,
            Limit::PrefixTableMinRules => m.prefix_table_min_rules,
            Limit::AnalysisStates => self.analysis_states,
        }
    }

    /// These limits with `limit` set to `value` (`usize::MAX` for [`Limit::LineBytes`]: no
    /// limit beyond the variant's own).
    #[must_use]
    pub fn with(mut self, limit: Limit, value: usize) -> Self {
        let m = &mut self.matcher;
        match limit {
            Limit::InputBytes => self.input_bytes = value,
            Limit::LineBytes => self.line_bytes = (value != usize::MAX).then_some(value),
            Limit::Groups => self.groups = value,
            Limit::RulesPerGroup => self.rules_per_group = value,
            Limit::PatternBytes => self.pattern_bytes = value,
            Limit::Diagnostics => self.diagnostics = value,
            Limit::DenseDfaBytes => m.dense_dfa_bytes = value,
            Limit::LazyCacheBytes => m.lazy_cache_bytes = value,
            Limit::NfaBytes => m.nfa_bytes = value,
            Limit::PrefixTableMinRules => m.prefix_table_min_rules = value,
            Limit::AnalysisStates => self.analysis_states = value,
        }
        self
    }

    /// The line-length limit in force when the variant's own is `variant_limit`: the smaller of
    /// the two, and which one it is.
    pub(crate) fn line_limit(&self, variant_limit: Option<usize>) -> Option<LineLimit> {
        match (variant_limit, self.line_bytes) {
            (Some(own), Some(configured)) if configured < own => {
                Some(LineLimit::Configured(configured))
            }
            (Some(own), _) => Some(LineLimit::Variant(own)),
            (None, configured) => configured.map(LineLimit::Configured),
        }
    }
}

/// The line-length limit in force, and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineLimit {
    /// The variant's own (Google's buffer): part of its reading, a `line-too-long` warning.
    Variant(usize),
    /// [`Limits::line_bytes`]: a `limit-exceeded` diagnostic.
    Configured(usize),
}

impl LineLimit {
    /// Bytes of a line that are read.
    pub(crate) fn bytes(self) -> usize {
        match self {
            LineLimit::Variant(bytes) | LineLimit::Configured(bytes) => bytes,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            input_bytes: Self::DEFAULT_INPUT_BYTES,
            line_bytes: None,
            groups: Self::DEFAULT_GROUPS,
            rules_per_group: Self::DEFAULT_RULES_PER_GROUP,
            pattern_bytes: Self::DEFAULT_PATTERN_BYTES,
            matcher: MatcherLimits::default(),
            diagnostics: Self::DEFAULT_DIAGNOSTICS,
            analysis_states: Self::DEFAULT_ANALYSIS_STATES,
        }
    }
}

crate::names::stable_names! {
    /// One of the [`Limits`]. Its name (`rules_per_group`) is what diagnostics cite and what
    /// the command line's options are named after (`--max-rules-per-group`). Its description
    /// ([`Limit::description`], this documentation) is the one text of what it limits: the
    /// command line's `--help` shows it.
    pub enum Limit {
        /// Bytes of input that are read. The line the limit cuts through and everything after
        /// it are ignored (kept in the tree as one `ignored` leaf) and never read. Default:
        /// 64 MiB, 128 times what Google reads of a file.
        InputBytes = "input_bytes",
        /// Bytes of a line that are read; the rest of a longer line is ignored. Unset (the
        /// default): no limit beyond the variant's own (google: 16,663 bytes, reported as
        /// `line-too-long`); no text limits the line length for the others
        /// (docs/spec/VARIANTS.md A46).
        LineBytes = "line_bytes",
        /// Groups that are kept; later groups and their rules are ignored. Default: 100,000.
        Groups = "groups",
        /// Rules kept in one group; its later rules are ignored. Default: 200,000.
        RulesPerGroup = "rules_per_group",
        /// Longest pattern (after the variant's normalisation) a rule may have; a rule with a
        /// longer one is ignored. Default: 64 KiB, eight times the longest URL common clients
        /// accept.
        PatternBytes = "pattern_bytes",
        /// Diagnostics kept; later ones are counted and reported as one `limit-exceeded`, so
        /// that a file of a million bad lines cannot hold a million messages. Default: 10,000.
        Diagnostics = "diagnostics",
        /// Largest dense DFA built from a group's wildcard rules (docs/matcher.md). Default: 0,
        /// none: the lazy DFA is as fast once warm; a crawler asking millions of questions of
        /// one group may set it (16 KiB fits a few dozen rules).
        DenseDfaBytes = "dense_dfa_bytes",
        /// Capacity of the lazy DFA's state cache, per thread searching one group (raised to
        /// the few states any search needs). `0` with no dense DFA: the linear glob matcher
        /// answers. Default: 8 MiB.
        LazyCacheBytes = "lazy_cache_bytes",
        /// Largest automaton (Thompson NFA) built from a group's wildcard rules; past it no
        /// automaton is built and the linear glob matcher answers them, with the same verdicts
        /// (nothing is ignored). Default: 32 MiB, about a megabyte of patterns in one group.
        NfaBytes = "nfa_bytes",
        /// From how many literal rules in a group on they are answered from a sorted prefix
        /// table instead of the automaton. Default: 1 (always); `usize::MAX`: never.
        PrefixTableMinRules = "prefix_table_min_rules",
        /// The work and memory one exact analysis over every URL may spend
        /// (`robotspec::analysis`, docs/analysis.md), counted in automaton states: each state it
        /// builds for what it holds (about four bytes a unit), each transition for the states it
        /// reads, each query of the matcher for what it may test. Past it the answer is
        /// `undecided`, never a guess; the count does not depend on time, so the answer is the
        /// same on every machine. Default: 10,000,000 — at most about 40 MB and half a second.
        AnalysisStates = "analysis_states",
    }
}

/// Whose limit the input limit is, and so how its cut is reported, from the moment it is found:
/// the reader's own [`Limit::InputBytes`] (`limit-exceeded`), or the size limit of the access
/// stage, which reads a fetched body up to it (`size-limit`, docs/access.md A36).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) enum InputCut {
    /// [`Limit::InputBytes`], set by the reader.
    #[default]
    InputLimit,
    /// The access stage's size limit.
    SizeLimit,
}

impl InputCut {
    /// The code of the cut.
    pub(crate) fn code(self) -> Code {
        match self {
            InputCut::InputLimit => Code::LimitExceeded,
            InputCut::SizeLimit => Code::SizeLimit,
        }
    }

    /// What the cut at `span`, by a limit of `limit` bytes, says to people.
    pub(crate) fn message(self, limit: usize, span: Span) -> String {
        match self {
            InputCut::InputLimit => LimitHit::new(Limit::InputBytes, limit, span).message(),
            InputCut::SizeLimit => format!(
                "the file is larger than the size limit of {limit} bytes: everything from byte {} \
                 (the line the limit cuts included) is ignored",
                span.start
            ),
        }
    }
}

/// A place where the model stopped reading because of a limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LimitHit {
    /// Which limit.
    pub limit: Limit,
    /// Its value.
    pub value: usize,
    /// The first line ignored because of it (a `user-agent` line for [`Limit::Groups`], a rule
    /// otherwise).
    pub span: Span,
    /// How many groups or rules were ignored from there on (1 for [`Limit::PatternBytes`]).
    pub ignored: usize,
}

impl LimitHit {
    /// A hit of `limit`, set to `value`, at `span`, ignoring one line so far.
    pub(crate) fn new(limit: Limit, value: usize, span: Span) -> Self {
        LimitHit {
            limit,
            value,
            span,
            ignored: 1,
        }
    }

    /// A sentence for people: what was ignored and which option raises the limit.
    pub(crate) fn message(&self) -> String {
        let Self { limit, value, .. } = self;
        let what = match limit {
            Limit::Groups => format!("more than {value} groups: {} ignored", self.count("group")),
            Limit::RulesPerGroup => format!(
                "more than {value} rules in this group: {} ignored",
                self.count("rule")
            ),
            Limit::PatternBytes => {
                format!("pattern longer than {value} bytes: the rule is ignored")
            }
            Limit::InputBytes => format!("input longer than {value} bytes: the rest is ignored"),
            Limit::LineBytes => format!("line longer than {value} bytes: the rest is ignored"),
            Limit::DenseDfaBytes
            | Limit::LazyCacheBytes
            | Limit::NfaBytes
            | Limit::PrefixTableMinRules => {
                format!("a matcher limit of {value} was reached")
            }
            Limit::AnalysisStates => {
                format!("the analysis would build more than {value} automaton states")
            }
            Limit::Diagnostics => format!(
                "more than {value} diagnostics: {} more not reported",
                self.ignored
            ),
        };
        format!("{what} (limit `{limit}`)")
    }

    fn count(&self, noun: &str) -> String {
        match self.ignored {
            1 => format!("this {noun} is"),
            n => format!("this and {} later {noun}s are", n - 1),
        }
    }
}
