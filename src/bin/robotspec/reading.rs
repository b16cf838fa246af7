//! How a file is read: mode, limits and optional readings, the flags every reading command
//! shares (see `robotspec::ParseOptions` and docs/robustness.md).

use robotspec::{Limit, Limits, Mode, ParseOptions};

/// Flags that set the `ParseOptions`.
#[derive(clap::Args)]
pub struct ReadingArgs {
    /// strict: validate against the variant's formal grammar and the limits, fail with every
    /// problem; lenient: never fail.
    #[arg(long, default_value = "lenient")]
    pub mode: Mode,
    /// Bytes of input read; the rest is ignored (`limit-exceeded`) and never read, even from
    /// standard input or a pipe. Default: 64 MiB.
    #[arg(long, value_name = "BYTES")]
    max_input_bytes: Option<usize>,
    /// Bytes of a line read; the rest is ignored. Default: the variant's own limit (google:
    /// 16,663), none for the others.
    #[arg(long, value_name = "BYTES")]
    max_line_bytes: Option<usize>,
    /// Groups kept; later ones are ignored. Default: 100,000.
    #[arg(long, value_name = "N")]
    max_groups: Option<usize>,
    /// Rules kept per group; later ones are ignored. Default: 200,000.
    #[arg(long, value_name = "N")]
    max_rules_per_group: Option<usize>,
    /// Longest pattern kept; a rule with a longer one is ignored. Default: 65,536.
    #[arg(long, value_name = "BYTES")]
    max_pattern_bytes: Option<usize>,
    /// Largest automaton (NFA) built from one group's wildcard rules; past it, no automaton is
    /// built and the linear glob matcher answers them (same verdicts). Default: 32 MiB.
    #[arg(long, value_name = "BYTES")]
    max_automaton_bytes: Option<usize>,
    /// Diagnostics kept; past it they are counted and reported as one `limit-exceeded`.
    /// Default: 10,000.
    #[arg(long, value_name = "N")]
    max_diagnostics: Option<usize>,
    /// Leave bytes that are not UTF-8 out of every value (VARIANTS.md A45; Google "may drop
    /// non-UTF-8 characters"). Default: keep and percent-encode them.
    #[arg(long)]
    drop_invalid_utf8: bool,
}

impl ReadingArgs {
    /// The options these flags describe.
    pub fn options(&self) -> ParseOptions {
        let given = [
            (Limit::InputBytes, self.max_input_bytes),
            (Limit::LineBytes, self.max_line_bytes),
            (Limit::Groups, self.max_groups),
            (Limit::RulesPerGroup, self.max_rules_per_group),
            (Limit::PatternBytes, self.max_pattern_bytes),
            (Limit::NfaBytes, self.max_automaton_bytes),
            (Limit::Diagnostics, self.max_diagnostics),
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
