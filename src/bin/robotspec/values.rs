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
    #[arg(long, value_parser = variants(), default_value_t = DEFAULT_VARIANT)]
    pub variant: Variant,
}

/// The values of `--variant`: the library's names and descriptions; parsed with the library's
/// `FromStr`, which also takes the older spellings.
pub fn variants() -> Named<Variant> {
    Named {
        all: Variant::ALL,
        name: Variant::name,
        description: Variant::description,
        parse: |text| {
            text.parse()
                .map_err(|e: robotspec::UnknownVariant| e.to_string())
        },
    }
}

/// The values of `--mode`: the library's names and descriptions.
pub fn modes() -> Named<Mode> {
    Named {
        all: Mode::ALL,
        name: Mode::name,
        description: Mode::description,
        parse: |text| Mode::from_name(text).ok_or_else(|| format!("unknown mode `{text}`")),
    }
}

/// A flag's value that is one of a library enum's stable names: clap parses it with the
/// library's parser and lists the library's names, each with its description, in `--help` and
/// in shell completions. One parser for every such enum, and no second list of names here.
#[derive(Clone, Copy)]
pub struct Named<T: 'static> {
    all: &'static [T],
    name: fn(T) -> &'static str,
    description: fn(T) -> &'static str,
    parse: fn(&str) -> Result<T, String>,
}

impl<T: Copy + Send + Sync + 'static> TypedValueParser for Named<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        (self.parse)(&value.to_string_lossy())
            .map_err(|e| clap::Error::raw(ErrorKind::InvalidValue, format!("{e}\n")).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.all.iter().map(|&value| {
            PossibleValue::new((self.name)(value)).help((self.description)(value))
        })))
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
