//! Resource limits: how much of a file is read, and how much of it is turned into rules.
//!
//! Parsing is linear in the input and matching linear in the target whatever the limits, so the
//! limits are not there to keep time in check; they bound the memory a hostile file can make
//! the library hold (shadow text, lines, model, automata) and say so when they cut. Every limit
//! has a safe default and can be changed through [`Limits`] (in
//! [`ParseOptions`](crate::syntax::ParseOptions)).
//!
//! What happens at each limit (see `docs/robustness.md`):
//!
//! | limit | what is ignored | code |
//! |---|---|---|
//! | [`input_bytes`](Limits::input_bytes) | everything from the line the limit cuts on | `limit-exceeded` |
//! | [`line_bytes`](Limits::line_bytes) | the rest of the line, as with Google's own line limit | `limit-exceeded` |
//! | [`groups`](Limits::groups) | every later group, with its rules | `limit-exceeded` |
//! | [`rules_per_group`](Limits::rules_per_group) | the group's later rules | `limit-exceeded` |
//! | [`pattern_bytes`](Limits::pattern_bytes) | the rule whose pattern is longer | `limit-exceeded` |
//! | [`matcher`](Limits::matcher) | nothing: past `nfa_bytes` no automaton is built and the linear glob matcher answers | — |
//! | [`diagnostics`](Limits::diagnostics) | later diagnostics: counted, not kept | `limit-exceeded` |
//!
//! The diagnostic is a warning in lenient mode and an error in strict mode: a file that only a
//! limit stops from being read whole is not accepted as valid.
//!
//! ```
//! use robotspec::{Code, Limits, ParseOptions, Robots, Variant};
//!
//! let options = ParseOptions { limits: Limits { rules_per_group: 1, ..Limits::default() },
//!                              ..ParseOptions::default() };
//! let text = b"User-agent: *\nDisallow: /a\nDisallow: /b\n";
//! let robots = Robots::parse_with(text, Variant::Rfc9309, &options)?;
//! assert!(robots.is_allowed("bot", "/b"));
//! assert_eq!(robots.diagnostics()[0].code, Code::LimitExceeded);
//! assert_eq!(robots.diagnostics()[0].line, 3);
//! # Ok::<(), robotspec::StrictError>(())
//! ```

use std::fmt;

use crate::pattern::MatcherLimits;
use crate::source::Span;

/// The limits a file is read under. `Limits::default()` is safe for untrusted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of input that are read. The line the limit cuts through and everything after it
    /// are ignored (kept in the tree as one `ignored` leaf). Default: 64 MiB
    /// ([`Limits::DEFAULT_INPUT_BYTES`]), 128 times what Google reads of a file.
    pub input_bytes: usize,
    /// Bytes of a line that are read; the rest of a longer line is ignored. `None` (the
    /// default): no limit beyond the variant's own (Google: 16,663 bytes, reported as
    /// `line-too-long`); no text limits the line length for the others (VARIANTS.md A46).
    pub line_bytes: Option<usize>,
    /// Groups that are kept; later groups and their rules are ignored. Default: 100,000
    /// ([`Limits::DEFAULT_GROUPS`]).
    pub groups: usize,
    /// Rules kept in one group; its later rules are ignored. Default: 200,000
    /// ([`Limits::DEFAULT_RULES_PER_GROUP`]).
    pub rules_per_group: usize,
    /// Longest pattern (after the variant's normalisation) a rule may have; a rule with a longer
    /// one is ignored. Default: 64 KiB ([`Limits::DEFAULT_PATTERN_BYTES`]), eight times the
    /// longest URL common clients accept.
    pub pattern_bytes: usize,
    /// Sizes of the automata built from each group's rules.
    pub matcher: MatcherLimits,
    /// Diagnostics kept; later ones are counted and reported as one `limit-exceeded`, so that a
    /// file of a million bad lines cannot hold a million messages. Default: 10,000
    /// ([`Limits::DEFAULT_DIAGNOSTICS`]).
    pub diagnostics: usize,
}

impl Limits {
    /// Default for [`Limits::input_bytes`]: 64 MiB.
    pub const DEFAULT_INPUT_BYTES: usize = 64 << 20;
    /// Default for [`Limits::groups`].
    pub const DEFAULT_GROUPS: usize = 100_000;
    /// Default for [`Limits::rules_per_group`].
    pub const DEFAULT_RULES_PER_GROUP: usize = 200_000;
    /// Default for [`Limits::pattern_bytes`]: 64 KiB.
    pub const DEFAULT_PATTERN_BYTES: usize = 64 << 10;
    /// Default for [`Limits::diagnostics`].
    pub const DEFAULT_DIAGNOSTICS: usize = 10_000;

    /// The value of `limit` (`usize::MAX` for an unset line limit).
    pub fn value(&self, limit: Limit) -> usize {
        match limit {
            Limit::InputBytes => self.input_bytes,
            Limit::LineBytes => self.line_bytes.unwrap_or(usize::MAX),
            Limit::Groups => self.groups,
            Limit::RulesPerGroup => self.rules_per_group,
            Limit::PatternBytes => self.pattern_bytes,
            Limit::Diagnostics => self.diagnostics,
        }
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
        }
    }
}

/// One of the [`Limits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// [`Limits::input_bytes`].
    InputBytes,
    /// [`Limits::line_bytes`].
    LineBytes,
    /// [`Limits::groups`].
    Groups,
    /// [`Limits::rules_per_group`].
    RulesPerGroup,
    /// [`Limits::pattern_bytes`].
    PatternBytes,
    /// [`Limits::diagnostics`].
    Diagnostics,
}

impl Limit {
    /// The field of [`Limits`] that sets it, e.g. `rules_per_group`.
    pub fn name(self) -> &'static str {
        match self {
            Limit::InputBytes => "input_bytes",
            Limit::LineBytes => "line_bytes",
            Limit::Groups => "groups",
            Limit::RulesPerGroup => "rules_per_group",
            Limit::PatternBytes => "pattern_bytes",
            Limit::Diagnostics => "diagnostics",
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A place where the model stopped reading because of a limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitHit {
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
    pub fn new(limit: Limit, value: usize, span: Span) -> Self {
        LimitHit {
            limit,
            value,
            span,
            ignored: 1,
        }
    }

    /// A sentence for people: what was ignored and which option raises the limit.
    pub fn message(&self) -> String {
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
