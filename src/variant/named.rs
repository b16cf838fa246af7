//! The five named variants, and reading their names.

use std::fmt;
use std::str::FromStr;

crate::names::stable_names! {
    /// A reading of robots.txt. The names (`rfc9309`, `draft-1996`, …) are the Rust names in
    /// kebab case, as the command line and JSON write them; parsing also accepts the older
    /// spellings `1994` and `1996-draft`, and any ASCII case.
    ///
    /// ```
    /// use robotspec::Variant;
    /// assert_eq!(Variant::Draft1996.name(), "draft-1996");
    /// assert_eq!("1996-draft".parse::<Variant>(), Ok(Variant::Draft1996));
    /// assert_eq!("RFC9309".parse::<Variant>(), Ok(Variant::Rfc9309));
    /// assert!("rfc9310".parse::<Variant>().is_err());
    /// assert_eq!(Variant::ALL.len(), 5);
    /// ```
    pub enum Variant {
        /// The 1994 convention, "A Standard for Robot Exclusion" (records, Disallow only).
        Convention1994 = "convention-1994",
        /// Koster's November 1996 draft, "A Method for Robots Exclusion" (Allow, first match).
        Draft1996 = "draft-1996",
        /// draft-koster-rep-00 (July 2019), the Internet-Draft that became RFC 9309.
        RepDraft2019 = "rep-draft-2019",
        /// RFC 9309 (September 2022), the published standard.
        Rfc9309 = "rfc9309",
        /// Google's reference library, behaviour for behaviour.
        Google = "google",
    }
}

/// The error of parsing an unknown variant name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        write!(
            f,
            "unknown variant `{}` (expected one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .or(match s {
                "1994" => Some(Variant::Convention1994),
                "1996-draft" => Some(Variant::Draft1996),
                _ => None,
            })
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}
