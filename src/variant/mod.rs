//! Variants of the Robots Exclusion Protocol, each described as data: a `Profile`
//! (`profile.rs`).
//!
//! The stages never ask "which variant is this?"; they read the profile's fields (how keys are
//! recognised, which keys exist, which strict grammar applies, …). Adding a variant means
//! adding a profile, not touching the stages.

mod key;
mod named;
mod profile;
mod settings;

pub(crate) use key::find_in_first_16;
pub use named::{UnknownVariant, Variant};
pub use profile::*;
pub use settings::{Choice, ProfileError, Setting};

#[cfg(test)]
mod tests;
