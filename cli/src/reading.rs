//! How a file is read: mode, limits and optional readings, the flags every reading command
//! shares (see `robotspec::ParseOptions` and docs/robustness.md). Each limit's default is the
//! library's (`Limits::default()`), shown by `--help`.

use robotspec::{Limit, Limits, Mode, ParseOptions};

use crate::values::modes;

/// Flags that set the `ParseOptions`.
#[derive(clap::Args)]
pub struct ReadingArgs {
    /// How problems in the file are treated.
    #[arg(long, value_parser = modes(), default_value_t = Mode::Lenient)]
    pub mode: Mode,
    /// Bytes of input read; the rest is ignored (`limit-exceeded`) and never read, even from
    /// standard input or a pipe.
    #[arg(long, value_name = "BYTES", default_value_t = default(Limit::InputBytes))]
    max_input_bytes: usize,
    /// Bytes of a line read; the rest is ignored [default: the variant's own limit (google:
    /// 16663), none for the others].
    #[arg(long, value_name = "BYTES")]
    max_line_bytes: Option<usize>,
    /// Groups kept; later ones are ignored.
    #[arg(long, value_name = "N", default_value_t = default(Limit::Groups))]
    max_groups: usize,
    /// Rules kept per group; later ones are ignored.
    #[arg(long, value_name = "N", default_value_t = default(Limit::RulesPerGroup))]
    max_rules_per_group: usize,
    /// Longest pattern kept; a rule with a longer one is ignored.
    #[arg(long, value_name = "BYTES", default_value_t = default(Limit::PatternBytes))]
    max_pattern_bytes: usize,
    /// Largest automaton (NFA) built from one group's wildcard rules; past it, no automaton is
    /// built and the linear glob matcher answers them (same verdicts).
    #[arg(long, value_name = "BYTES", default_value_t = default(Limit::NfaBytes))]
    max_automaton_bytes: usize,
    /// Diagnostics kept; past it they are counted and reported as one `limit-exceeded`.
    #[arg(long, value_name = "N", default_value_t = default(Limit::Diagnostics))]
    max_diagnostics: usize,
    /// Leave bytes that are not UTF-8 out of every value (docs/spec/VARIANTS.md A45; Google "may drop
    /// non-UTF-8 characters"). Default: keep and percent-encode them.
    #[arg(long)]
    drop_invalid_utf8: bool,
}

/// The library's default value of `limit`.
fn default(limit: Limit) -> usize {
    Limits::default().get(limit)
}

impl ReadingArgs {
    /// The options these flags describe.
    pub fn options(&self) -> ParseOptions {
        let given = [
            (Limit::InputBytes, Some(self.max_input_bytes)),
            (Limit::LineBytes, self.max_line_bytes),
            (Limit::Groups, Some(self.max_groups)),
            (Limit::RulesPerGroup, Some(self.max_rules_per_group)),
            (Limit::PatternBytes, Some(self.max_pattern_bytes)),
            (Limit::NfaBytes, Some(self.max_automaton_bytes)),
            (Limit::Diagnostics, Some(self.max_diagnostics)),
        ];
        let limits = given
            .into_iter()
            .filter_map(|(limit, value)| Some((limit, value?)))
            .fold(Limits::default(), |limits, (limit, value)| {
                limits.with(limit, value)
            });
        ParseOptions::default()
            .with_mode(self.mode)
            .with_limits(limits)
            .with_drop_invalid_utf8(self.drop_invalid_utf8)
    }
}
