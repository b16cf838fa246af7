//! The values flags take — variant, mode, output format — as clap sees them, so that `--help`
//! lists each flag's possible values and default and shell completions offer them.
//!
//! The variant names are the library's (`Variant::ALL`, `Variant::name`), never a second list
//! here: a variant added to the library appears on the command line by itself. One default
//! variant, [`DEFAULT_VARIANT`], serves every command (why: docs/cli.md).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use robotspec::{Mode, Variant};

/// The variant every command uses when `--variant` is not given: the one crawlers need exactly
/// (Google's reading is what sites are tested against), and which differs from RFC 9309 only
/// where docs/google.md says it does.
pub const DEFAULT_VARIANT: Variant = Variant::Google;

/// `--variant V`, shared by every command that reads a robots.txt file.
#[derive(clap::Args)]
pub struct VariantArg {
    /// The variant whose reading (grammar, matching, access policy) is used.
    #[arg(long, value_parser = VariantParser, default_value_t = DEFAULT_VARIANT)]
    pub variant: Variant,
}

/// Parses a variant name with the library's `FromStr` (which also takes the older spellings)
/// and offers the library's names as the possible values, each with its description.
#[derive(Clone, Copy)]
pub struct VariantParser;

impl TypedValueParser for VariantParser {
    type Value = Variant;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Variant, clap::Error> {
        let text = value.to_string_lossy();
        text.parse::<Variant>()
            .map_err(|e| clap::Error::raw(ErrorKind::InvalidValue, format!("{e}\n")).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(Variant::ALL.iter().map(|variant| {
            PossibleValue::new(variant.name()).help(variant.description())
        })))
    }
}

/// `--mode`: the library's `Mode`, as a closed set of values for `--help`.
#[derive(Clone, Copy, Default, clap::ValueEnum)]
pub enum ModeArg {
    /// Never fail (Postel's law); problems are warnings.
    #[default]
    Lenient,
    /// Validate against the variant's formal grammar and the limits; fail with every problem.
    Strict,
}

impl From<ModeArg> for Mode {
    fn from(mode: ModeArg) -> Mode {
        match mode {
            ModeArg::Lenient => Mode::Lenient,
            ModeArg::Strict => Mode::Strict,
        }
    }
}

/// `--format` of the commands that print verdicts or reports (`check`, `explain`, `batch`,
/// `fetch`, `diff`); `parse` has its own (`tree` or `json`).
#[derive(Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// For people: the layout docs/cli.md shows.
    #[default]
    Text,
    /// For programs: the JSON docs/cli.md describes.
    Json,
}
