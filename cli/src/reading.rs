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
    // Each limit's help is the library's description of it (`Limit::description`), and each
    // flag is `--max-` and the limit's name: one text and one name per limit.
    #[arg(long, value_name = "BYTES", default_value_t = default(Limit::InputBytes),
          help = described(Limit::InputBytes))]
    max_input_bytes: usize,
    #[arg(long, value_name = "BYTES", help = described(Limit::LineBytes))]
    max_line_bytes: Option<usize>,
    #[arg(long, value_name = "N", default_value_t = default(Limit::Groups),
          help = described(Limit::Groups))]
    max_groups: usize,
    #[arg(long, value_name = "N", default_value_t = default(Limit::RulesPerGroup),
          help = described(Limit::RulesPerGroup))]
    max_rules_per_group: usize,
    #[arg(long, value_name = "BYTES", default_value_t = default(Limit::PatternBytes),
          help = described(Limit::PatternBytes))]
    max_pattern_bytes: usize,
    // `--max-automaton-bytes`, its name until the flags took the limits' names, still works.
    #[arg(long, value_name = "BYTES", default_value_t = default(Limit::NfaBytes),
          alias = "max-automaton-bytes", help = described(Limit::NfaBytes))]
    max_nfa_bytes: usize,
    #[arg(long, value_name = "N", default_value_t = default(Limit::Diagnostics),
          help = described(Limit::Diagnostics))]
    max_diagnostics: usize,
    /// Leave bytes that are not UTF-8 out of every value (docs/spec/VARIANTS.md A45; Google "may drop
    /// non-UTF-8 characters"). Default: keep and percent-encode them.
    #[arg(long)]
    drop_invalid_utf8: bool,
}

/// `--max-analysis-states`, the budget of the commands that answer over every URL (`analyze`,
/// `compare`): a flag of its own, since the commands that answer URL by URL never use it.
#[derive(clap::Args)]
pub struct AnalysisArgs {
    #[arg(long, value_name = "N", default_value_t = default(Limit::AnalysisStates),
          help = described(Limit::AnalysisStates))]
    max_analysis_states: usize,
}

impl AnalysisArgs {
    /// `options` with this budget.
    pub fn apply(&self, options: ParseOptions) -> ParseOptions {
        let limits = options
            .limits()
            .with(Limit::AnalysisStates, self.max_analysis_states);
        options.with_limits(limits)
    }
}

/// What `limit` limits, as the library documents it, on one line for `--help`.
fn described(limit: Limit) -> String {
    limit
        .description()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
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
            (Limit::NfaBytes, Some(self.max_nfa_bytes)),
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
