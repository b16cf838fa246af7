//! How a file is read: mode, limits and optional readings, the flags every reading command
//! shares (see `robotspec::ParseOptions` and docs/robustness.md).

use robotspec::{Limits, Mode, ParseOptions};

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
        let default = Limits::default();
        let mut limits = Limits {
            input_bytes: self.max_input_bytes.unwrap_or(default.input_bytes),
            line_bytes: self.max_line_bytes,
            groups: self.max_groups.unwrap_or(default.groups),
            rules_per_group: self.max_rules_per_group.unwrap_or(default.rules_per_group),
            pattern_bytes: self.max_pattern_bytes.unwrap_or(default.pattern_bytes),
            matcher: default.matcher,
            diagnostics: self.max_diagnostics.unwrap_or(default.diagnostics),
        };
        if let Some(bytes) = self.max_automaton_bytes {
            limits.matcher.nfa_bytes = bytes;
        }
        ParseOptions {
            mode: self.mode,
            limits,
            drop_invalid_utf8: self.drop_invalid_utf8,
            ..ParseOptions::default()
        }
    }
}
