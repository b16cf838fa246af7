//! The values flags take — variant, settings, mode, output format — as clap sees them, so that
//! `--help` lists each flag's possible values and default and shell completions offer them.
//!
//! The variant and setting names are the library's (`Variant::ALL`, `Profile::settings`), never
//! a second list here: a variant or setting added to the library appears on the command line by
//! itself. One default variant, the library's [`Variant::DEFAULT`], serves every command (why:
//! docs/cli.md).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use robotspec::{Mode, Profile, Variant};

/// `--variant V [--with SETTING=VALUE]…`, shared by every command that reads a robots.txt
/// file: the reading used, a variant with single decisions changed if asked.
#[derive(clap::Args)]
pub struct VariantArg {
    /// The variant whose reading (grammar, matching, access policy) is used; a composed name
    /// such as `rfc9309+agent-matching=substring` is read as `--with` would.
    #[arg(long, value_parser = profiles(), default_value_t = Profile::from(Variant::DEFAULT))]
    variant: Profile,
    /// Changes one decision of the variant (repeatable): `agent-matching=substring`,
    /// `wildcards=no`, … — `robotspec settings` lists every setting and value.
    #[arg(long = "with", value_name = "SETTING=VALUE", value_parser = setting)]
    with: Vec<(String, String)>,
}

impl VariantArg {
    /// The reading: the variant with every `--with` applied, in order.
    pub fn profile(&self) -> Result<Profile, String> {
        self.with
            .iter()
            .try_fold(self.variant, |profile, (name, value)| {
                profile.with(name, value)
            })
            .map_err(|e| e.to_string())
    }
}

/// A `--with` value: `SETTING=VALUE`, both checked against the library's settings.
fn setting(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not SETTING=VALUE (see `robotspec settings`)"))?;
    Profile::from(Variant::DEFAULT)
        .with(name, value)
        .map_err(|e| e.to_string())?;
    Ok((name.to_owned(), value.to_owned()))
}

/// The values of `--variant` and `--variants`: the library's variant names and descriptions for
/// `--help` and completions; parsed with the library's `FromStr` for profiles, which takes the
/// older spellings and composed names (`rfc9309+agent-matching=substring`) too.
pub fn profiles() -> Named<Profile> {
    Named {
        all: PROFILES.as_slice(),
        name: |profile| profile.variant().name(),
        description: |profile| profile.variant().description(),
        parse: |text| {
            text.parse()
                .map_err(|e: robotspec::ProfileError| e.to_string())
        },
    }
}

/// Every variant's own profile, in [`Variant::ALL`] order.
static PROFILES: std::sync::LazyLock<Vec<Profile>> =
    std::sync::LazyLock::new(|| Variant::ALL.iter().map(Profile::from).collect());

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

impl<T: 'static> Named<T> {
    /// The parser of the values `all`, by their names.
    pub fn new(
        all: &'static [T],
        name: fn(T) -> &'static str,
        description: fn(T) -> &'static str,
        parse: fn(&str) -> Result<T, String>,
    ) -> Self {
        Named {
            all,
            name,
            description,
            parse,
        }
    }
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
