//! Variants of the Robots Exclusion Protocol, each described as data: a `Profile`
//! (`profile.rs`).
//!
//! The stages never ask "which variant is this?"; they read the profile's fields (how keys are
//! recognised, which keys exist, which strict grammar applies, …). Adding a variant means
//! adding a profile, not touching the stages.

mod named;
mod profile;
mod settings;

pub use named::{UnknownVariant, Variant};
pub use profile::*;
pub use settings::{Choice, ProfileError, Setting};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_keys_ignore_case_only() {
        let p = Variant::Rfc9309.profile();
        assert_eq!(p.classify_key(b"USER-AGENT").0, Directive::UserAgent);
        assert_eq!(p.classify_key(b"Disallowed").0, Directive::Other);
        assert_eq!(p.classify_key(b"dissallow").0, Directive::Other);
    }

    #[test]
    fn google_keys_match_by_prefix_and_typo() {
        let p = Variant::Google.profile();
        assert_eq!(
            p.classify_key(b"Disallowed"),
            (Directive::Disallow, Spelling::Prefix)
        );
        assert_eq!(
            p.classify_key(b"disallaw"),
            (Directive::Disallow, Spelling::Typo)
        );
        assert_eq!(
            p.classify_key(b"User Agent"),
            (Directive::UserAgent, Spelling::Typo)
        );
        assert_eq!(
            p.classify_key(b"site-map"),
            (Directive::Sitemap, Spelling::Typo)
        );
        assert_eq!(p.classify_key(b"alow").0, Directive::Other);
        assert_eq!(p.classify_key(b"user_agent").0, Directive::Other);
    }

    #[test]
    fn names_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(*v));
        }
        assert!("nope".parse::<Variant>().is_err());
    }
}
