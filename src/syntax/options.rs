//! How a file is read: strict or lenient ([`Mode`]), which findings a lenient reading collects
//! ([`Collect`]), and the one options value that carries them with the limits
//! ([`ParseOptions`]).

use crate::limits::{InputCut, Limits};

crate::names::stable_names! {
    /// Strict or lenient parsing.
    pub enum Mode {
        /// Validate against the variant's formal grammar; fail with every problem found.
        Strict = "strict",
        /// Never fail (Postel's law); problems are warnings.
        Lenient = "lenient",
    }
}

impl Default for Mode {
    /// Lenient.
    fn default() -> Self {
        Mode::Lenient
    }
}

/// Which diagnostics a lenient reading collects (strict mode always collects all of them).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Collect {
    /// Every finding of the grammar checks, and every limit hit.
    #[default]
    All,
    /// Only what a limit cut (`limit-exceeded`, `line-too-long`): the grammar checks are not
    /// run at all, so a reader that only wants verdicts pays nothing for them.
    Limits,
}

/// How a file is read: the mode, the resource limits, and the optional readings the spec
/// leaves to the implementer. Start from `ParseOptions::default()` (lenient, every finding,
/// safe limits) and change what you need:
///
/// ```
/// use robotspec::{Collect, Limit, Limits, Mode, ParseOptions};
/// let options = ParseOptions::default()
///     .with_mode(Mode::Strict)
///     .with_limits(Limits::default().with(Limit::Groups, 100));
/// assert_eq!(options.mode(), Mode::Strict);
/// assert_eq!(options.limits().get(Limit::Groups), 100);
/// assert_eq!(options.collect(), Collect::All);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ParseOptions {
    pub(crate) mode: Mode,
    pub(crate) limits: Limits,
    pub(crate) drop_invalid_utf8: bool,
    pub(crate) collect: Collect,
    /// Whose limit the input limit is (the access stage sets its size limit through it).
    pub(crate) input_cut: InputCut,
}

impl ParseOptions {
    /// The options of [`Robots::parse`](crate::Robots::parse), a crawler's reading: the
    /// default ones, lenient, collecting only what a limit cut ([`Collect::Limits`]), so that
    /// no grammar check runs. `ParseOptions::default()` collects every finding.
    pub fn for_verdicts() -> Self {
        ParseOptions::default().with_collect(Collect::Limits)
    }

    /// The default options in `mode`.
    pub fn new(mode: Mode) -> Self {
        ParseOptions::default().with_mode(mode)
    }

    /// Strict or lenient (default).
    #[must_use]
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// Resource limits; the defaults are safe for untrusted input.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Leave the bytes that are not UTF-8 out of every value before it is read
    /// (docs/spec/VARIANTS.md A45: Google "may drop non-UTF-8 characters", so a rule may change
    /// or become empty). Off by default: octets are kept and percent-encoded, so a Latin-1 rule
    /// still matches the Latin-1 URL. The tree is unchanged (lossless).
    #[must_use]
    pub fn with_drop_invalid_utf8(mut self, drop: bool) -> Self {
        self.drop_invalid_utf8 = drop;
        self
    }

    /// Which diagnostics a lenient reading collects (default: all).
    #[must_use]
    pub fn with_collect(mut self, collect: Collect) -> Self {
        self.collect = collect;
        self
    }

    /// The input limit is the access stage's size limit: its cut is a `size-limit`.
    #[must_use]
    pub(crate) fn with_size_limit_cut(mut self) -> Self {
        self.input_cut = InputCut::SizeLimit;
        self
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether bytes that are not UTF-8 are left out of values.
    pub fn drop_invalid_utf8(&self) -> bool {
        self.drop_invalid_utf8
    }

    /// Which diagnostics a lenient reading collects.
    pub fn collect(&self) -> Collect {
        self.collect
    }

    /// What the reading collects in its mode: strict mode always every finding.
    pub(super) fn collected(&self) -> Collect {
        match self.mode {
            Mode::Strict => Collect::All,
            Mode::Lenient => self.collect,
        }
    }
}
