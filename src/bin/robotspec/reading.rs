//! How a file is read: mode, limits and optional readings, the flags every reading command
//! shares (see `robotspec::ParseOptions` and docs/robustness.md). Each limit's default is the
//! library's (`Limits::default()`), shown by `--help`.

use robotspec::{Limits, ParseOptions};

use crate::values::ModeArg;

/// Flags that set the `ParseOptions`.
#[derive(clap::Args)]
pub struct ReadingArgs {
    /// How problems in the file are treated.
    #[arg(long, value_enum, default_value_t = ModeArg::Lenient)]
    pub mode: ModeArg,
    /// Bytes of input read; the rest is ignored (`limit-exceeded`) and never read, even from
    /// standard input or a pipe.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().input_bytes)]
    max_input_bytes: usize,
    /// Bytes of a line read; the rest is ignored [default: the variant's own limit (google:
    /// 16663), none for the others].
    #[arg(long, value_name = "BYTES")]
    max_line_bytes: Option<usize>,
    /// Groups kept; later ones are ignored.
    #[arg(long, value_name = "N", default_value_t = Limits::default().groups)]
    max_groups: usize,
    /// Rules kept per group; later ones are ignored.
    #[arg(long, value_name = "N", default_value_t = Limits::default().rules_per_group)]
    max_rules_per_group: usize,
    /// Longest pattern kept; a rule with a longer one is ignored.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().pattern_bytes)]
    max_pattern_bytes: usize,
    /// Largest automaton (NFA) built from one group's wildcard rules; past it, no automaton is
    /// built and the linear glob matcher answers them (same verdicts).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().matcher.nfa_bytes)]
    max_automaton_bytes: usize,
    /// Diagnostics kept; past it they are counted and reported as one `limit-exceeded`.
    #[arg(long, value_name = "N", default_value_t = Limits::default().diagnostics)]
    max_diagnostics: usize,
    /// Leave bytes that are not UTF-8 out of every value (VARIANTS.md A45; Google "may drop
    /// non-UTF-8 characters"). Default: keep and percent-encode them.
    #[arg(long)]
    drop_invalid_utf8: bool,
}

impl ReadingArgs {
    /// The options these flags describe.
    pub fn options(&self) -> ParseOptions {
        let default = Limits::default();
        let mut limits = Limits {
            input_bytes: self.max_input_bytes,
            line_bytes: self.max_line_bytes,
            groups: self.max_groups,
            rules_per_group: self.max_rules_per_group,
            pattern_bytes: self.max_pattern_bytes,
            matcher: default.matcher,
            diagnostics: self.max_diagnostics,
        };
        limits.matcher.nfa_bytes = self.max_automaton_bytes;
        ParseOptions {
            mode: self.mode.into(),
            limits,
            drop_invalid_utf8: self.drop_invalid_utf8,
            ..ParseOptions::default()
        }
    }
}
