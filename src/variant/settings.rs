//! Composed readings: a variant with single decisions changed, such as
//! `rfc9309+agent-matching=substring`.
//!
//! Each decision a reader may change is one [`Setting`]: a stable name, the values it takes
//! (stable names too) and the profile field it reads and writes. The settings are listed once,
//! in [`SETTINGS`]; a profile's name is its variant followed by the settings whose value
//! differs from the variant's, so a name read back gives the same profile.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use super::named::{UnknownVariant, Variant};
use super::profile::{
    AgentMatching, AgentValue, GroupSelection, KeyMatching, Profile, TargetEncoding,
};
use crate::source::ByteOrderMark;
use crate::vocab::access::AccessState;
use crate::vocab::pattern::{PatternEncoding, Precedence};

/// One decision of a [`Profile`] that [`Profile::with`] can change.
#[derive(Debug)]
pub struct Setting {
    name: &'static str,
    description: &'static str,
    choices: fn() -> Vec<Choice>,
    get: fn(&Profile) -> Cow<'static, str>,
    set: fn(&mut Profile, &str) -> bool,
    /// Whether two profiles take the same value: what `get` would say, without writing it.
    same: fn(&Profile, &Profile) -> bool,
}

impl Setting {
    /// The stable name, as `--with NAME=VALUE` writes it.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// What the setting decides, with the ambiguity of docs/spec/VARIANTS.md it answers.
    pub fn description(&self) -> &'static str {
        self.description.trim()
    }

    /// The values it takes, each with what it means (for a number: a description of the
    /// numbers in place of a name).
    pub fn choices(&self) -> Vec<Choice> {
        (self.choices)()
    }

    /// Its value in `profile`.
    pub fn value(&self, profile: &Profile) -> Cow<'static, str> {
        (self.get)(profile)
    }
}

/// A value a setting takes: its name and what it means.
pub type Choice = (Cow<'static, str>, &'static str);

/// A value a setting takes, written as a stable name.
trait SettingValue: Sized {
    fn write(&self) -> Cow<'static, str>;
    fn read(text: &str) -> Option<Self>;
    fn choices() -> Vec<Choice>;
}

macro_rules! named_values {
    ($($ty:ty),*) => {$(
        impl SettingValue for $ty {
            fn write(&self) -> Cow<'static, str> {
                Cow::Borrowed(self.name())
            }
            fn read(text: &str) -> Option<Self> {
                Self::from_name(text)
            }
            fn choices() -> Vec<Choice> {
                Self::ALL
                    .iter()
                    .map(|value| (Cow::Borrowed(value.name()), value.description()))
                    .collect()
            }
        }
    )*};
}

named_values!(
    AgentMatching,
    AgentValue,
    GroupSelection,
    KeyMatching,
    ByteOrderMark,
    TargetEncoding,
    PatternEncoding,
    Precedence
);

impl SettingValue for bool {
    fn write(&self) -> Cow<'static, str> {
        Cow::Borrowed(if *self { "yes" } else { "no" })
    }
    fn read(text: &str) -> Option<Self> {
        match text {
            "yes" => Some(true),
            "no" => Some(false),
            _ => None,
        }
    }
    fn choices() -> Vec<Choice> {
        vec![(Cow::Borrowed("yes"), "on"), (Cow::Borrowed("no"), "off")]
    }
}

/// A byte count or `none` (no limit).
impl SettingValue for Option<usize> {
    fn write(&self) -> Cow<'static, str> {
        self.map_or(Cow::Borrowed("none"), |n| Cow::Owned(n.to_string()))
    }
    fn read(text: &str) -> Option<Self> {
        match text {
            "none" => Some(None),
            _ => text.parse().ok().filter(|&n| n > 0).map(Some),
        }
    }
    fn choices() -> Vec<Choice> {
        vec![
            (Cow::Borrowed("none"), "no limit"),
            (Cow::Borrowed("N"), "a number of bytes, at least 1"),
        ]
    }
}

/// What an access outcome means: a policy never maps an outcome to the rules of a body it did
/// not get, so `rules` is not a choice.
impl SettingValue for AccessState {
    fn write(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.name())
    }
    fn read(text: &str) -> Option<Self> {
        Self::from_name(text).filter(|state| *state != AccessState::Rules)
    }
    fn choices() -> Vec<Choice> {
        Self::ALL
            .iter()
            .filter(|state| **state != AccessState::Rules)
            .map(|state| (Cow::Borrowed(state.name()), state.description()))
            .collect()
    }
}

/// Writes [`SETTINGS`]: per setting, its doc comment (the description), its name and the
/// profile field (a path of field names) it reads and writes; then the settings written by
/// hand.
macro_rules! settings {
    ($(
        $(#[doc = $doc:literal])*
        $name:literal => $($field:ident).+ : $ty:ty,
    )* ; $($by_hand:expr),*) => {
        /// Every setting, in the order names are written.
        pub(crate) static SETTINGS: &[Setting] = &[$(
            Setting {
                name: $name,
                description: concat!($($doc, "\n",)*),
                choices: <$ty as SettingValue>::choices,
                get: |profile| SettingValue::write(&profile.$($field).+),
                set: |profile, text| match <$ty as SettingValue>::read(text) {
                    Some(value) => {
                        profile.$($field).+ = value;
                        true
                    }
                    None => false,
                },
                same: |profile, other| profile.$($field).+ == other.$($field).+,
            },
        )* $($by_hand),*];
    };
}

settings! {
    /// How keys are recognised: exactly (ignoring case), or by prefix with Google's accepted
    /// misspellings (`Disallowed`, `dissallow`; A15).
    "key-matching" => key_matching: KeyMatching,
    /// How a leading byte order mark is recognised: as UTF-8 characters (a truncated mark is
    /// skipped only where its bytes begin no character, so `EF BF BD` is U+FFFD, content), or
    /// byte by byte, as Google's library skips the leading bytes that match it.
    "byte-order-mark" => byte_order_mark: ByteOrderMark,
    /// Bytes of a line that are read; the rest is ignored (Google: 16,663; A46).
    "max-line-bytes" => max_line_bytes: Option<usize>,
    /// A NUL byte ends a line's content, as in Google's library (docs/spec/GOOGLE-BEHAVIOUR.md).
    "nul-ends-line" => nul_ends_line: bool,
    /// How a `user-agent` value names a crawler: its leading token (Google, RFC 9309; A8), the
    /// whole value (2019 draft; A9), or the name before a `/version` (1994, 1996; A6).
    "agent-value" => agent_value: AgentValue,
    /// How the token a group names is compared with the crawler's: equal, or a substring of it
    /// (A6: `urllib.robotparser`'s reading).
    "agent-matching" => agent_matching: AgentMatching,
    /// Which groups apply when several name the crawler, or several are `*` (A3–A5).
    "group-selection" => group_selection: GroupSelection,
    /// A blank line ends a record (1994, 1996; A11).
    "blank-line-ends-group" => blank_line_ends_group: bool,
    /// `*` and a final `$` are operators (2019, RFC 9309, Google; A26, A27).
    "wildcards" => pattern_syntax.wildcards: bool,
    /// How rule patterns are percent-normalised (A19, A20, A22).
    "pattern-encoding" => pattern_encoding: PatternEncoding,
    /// Whether the URL's path is normalised as the patterns are, or used as given (A21).
    "target-encoding" => target_encoding: TargetEncoding,
    /// Which matching rule decides: the longest, the first in file order, or any Disallow
    /// (A24, A25).
    "precedence" => precedence: Precedence,
    /// `/robots.txt` is always allowed, whatever the rules say (A30).
    "robots-txt-always-allowed" => robots_txt_always_allowed: bool,
    /// An `allow` of `/d/index.htm…` also allows `/d/`, as Google's library does
    /// (docs/spec/GOOGLE-BEHAVIOUR.md).
    "index-htm-allows-directory" => index_htm_allows_directory: bool,
    /// What a 401 or 403 response means (A31).
    "unauthorized" => access.unauthorized: AccessState,
    /// What a 429 response means (A31).
    "too-many-requests" => access.too_many_requests: AccessState,
    /// What a 5xx response means (A31).
    "server-error" => access.server_error: AccessState,
    ;
    AIPREF
}

/// `aipref`: the strict grammar with draft-ietf-aipref-attach §3's `rule =/ content-usage`.
/// Only RFC 9309's ABNF has that extension (so `rfc9309` and `google`, which is validated
/// against it); for the other grammars `yes` is refused.
const AIPREF: Setting = Setting {
    name: "aipref",
    description: "Strict mode admits Content-Usage rules inside groups, as \
        draft-ietf-aipref-attach §3 extends RFC 9309's ABNF (`rule =/ content-usage`; \
        docs/extensions.md): `content-usage` lines are then rules, not `known-extension` \
        records. Only RFC 9309's grammar (that of rfc9309 and google) has the extension.",
    choices: <bool as SettingValue>::choices,
    get: |profile| profile.strict_grammar.admits_content_usage().write(),
    set: |profile, text| {
        let grammar = bool::read(text).and_then(|on| profile.strict_grammar.with_content_usage(on));
        grammar
            .map(|grammar| profile.strict_grammar = grammar)
            .is_some()
    },
    same: |profile, other| {
        profile.strict_grammar.admits_content_usage() == other.strict_grammar.admits_content_usage()
    },
};

/// Why a profile could not be built: an unknown variant or setting, or a value the setting
/// does not take. The message names what is accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProfileError {
    /// The name before the first `+` is not a variant.
    UnknownVariant(UnknownVariant),
    /// No setting has this name.
    UnknownSetting(String),
    /// The setting does not take this value.
    InvalidValue {
        /// The setting.
        setting: &'static str,
        /// The value given.
        value: String,
    },
    /// The value exists but does not apply to this reading (`aipref=yes` to a grammar the
    /// draft does not extend).
    NotApplicable {
        /// The setting.
        setting: &'static str,
        /// The value given.
        value: String,
        /// The reading's variant.
        variant: Variant,
    },
    /// A `+` part is not `NAME=VALUE` (or `NAME` alone for a yes/no setting).
    Malformed(String),
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProfileError::UnknownVariant(error) => error.fmt(f),
            ProfileError::UnknownSetting(name) => {
                let names: Vec<&str> = SETTINGS.iter().map(Setting::name).collect();
                write!(
                    f,
                    "unknown setting `{name}` (expected one of: {})",
                    names.join(", ")
                )
            }
            ProfileError::InvalidValue { setting, value } => {
                let choices = find(setting).map(Setting::choices).unwrap_or_default();
                let names: Vec<&str> = choices.iter().map(|(name, _)| &**name).collect();
                write!(
                    f,
                    "`{value}` is not a value of `{setting}` (expected one of: {})",
                    names.join(", ")
                )
            }
            ProfileError::NotApplicable {
                setting,
                value,
                variant,
            } => {
                let why = find(setting).map_or("", Setting::description);
                write!(f, "`{setting}={value}` does not apply to {variant}: {why}")
            }
            ProfileError::Malformed(part) => write!(
                f,
                "`{part}` is not a setting: write NAME=VALUE (see `robotspec settings`)"
            ),
        }
    }
}

impl std::error::Error for ProfileError {}

fn find(name: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|setting| setting.name == name)
}

impl From<Variant> for Profile {
    fn from(variant: Variant) -> Profile {
        *variant.profile()
    }
}

impl From<&Variant> for Profile {
    fn from(variant: &Variant) -> Profile {
        *variant.profile()
    }
}

impl From<&Profile> for Profile {
    fn from(profile: &Profile) -> Profile {
        *profile
    }
}

impl Profile {
    /// The variant this reading starts from.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// This reading with the setting `name` set to `value` (a stable name of
    /// [`Setting::choices`]).
    pub fn with(mut self, name: &str, value: &str) -> Result<Profile, ProfileError> {
        let setting = find(name).ok_or_else(|| ProfileError::UnknownSetting(name.to_owned()))?;
        if (setting.set)(&mut self, value) {
            return Ok(self);
        }
        let value = value.to_owned();
        let known = setting.choices().iter().any(|(choice, _)| *choice == value);
        Err(match known {
            true => ProfileError::NotApplicable {
                setting: setting.name,
                value,
                variant: self.variant,
            },
            false => ProfileError::InvalidValue {
                setting: setting.name,
                value,
            },
        })
    }

    /// Every setting [`Profile::with`] accepts.
    pub fn settings() -> &'static [Setting] {
        SETTINGS
    }

    /// The settings whose value differs from the variant's, with their values here.
    pub fn changes(&self) -> impl Iterator<Item = (&'static str, Cow<'static, str>)> + '_ {
        let base = self.variant.profile();
        SETTINGS.iter().filter_map(move |setting| {
            let value = setting.value(self);
            (value != setting.value(base)).then_some((setting.name, value))
        })
    }

    /// The reading's name: the variant's, then `+NAME=VALUE` per changed setting, in
    /// [`Profile::settings`] order (`rfc9309+agent-matching=substring`). Parsing it gives this
    /// profile back.
    pub fn name(&self) -> String {
        let mut name = self.variant.name().to_owned();
        for (setting, value) in self.changes() {
            name.push('+');
            name.push_str(setting);
            name.push('=');
            name.push_str(&value);
        }
        name
    }
}

impl PartialEq for Profile {
    /// Two readings are equal when they start from the same variant and every setting agrees.
    fn eq(&self, other: &Profile) -> bool {
        self.variant == other.variant && SETTINGS.iter().all(|setting| (setting.same)(self, other))
    }
}

impl Eq for Profile {}

impl fmt::Display for Profile {
    /// The name ([`Profile::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl serde::Serialize for Profile {
    /// As its name.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

impl FromStr for Profile {
    type Err = ProfileError;

    /// Reads `VARIANT(+NAME=VALUE)*`, the form [`Profile::name`] writes; `+NAME` alone sets a
    /// yes/no setting to `yes`.
    fn from_str(text: &str) -> Result<Profile, ProfileError> {
        let mut parts = text.split('+');
        let variant = parts.next().unwrap_or_default();
        let variant: Variant = variant.parse().map_err(ProfileError::UnknownVariant)?;
        parts.try_fold(Profile::from(variant), |profile, part| {
            match part.split_once('=') {
                Some((name, value)) => profile.with(name, value),
                None if !part.is_empty() => profile.with(part, "yes"),
                None => Err(ProfileError::Malformed(part.to_owned())),
            }
        })
    }
}
