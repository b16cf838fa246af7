#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

// pest_derive without its `std` feature generates code that names `alloc`.
extern crate alloc;

// The vocabulary every stage shares.
mod diagnostic;
mod findings;
mod limits;
mod names;
mod variant;
mod vocab;

// The pipeline, in the order data flows: bytes → source → syntax → model → pattern → query.
pub mod model;
mod pattern;
mod query;
mod source;
mod syntax;

// The crawler's side: what a fetch means, for how long, and the fetcher.
pub mod access;

// Tools built on the pipeline.
pub mod diff;
pub mod report;

pub use diagnostic::{Code, Diagnostic, Severity};
pub use limits::{Limit, Limits};
pub use pattern::Engine;
pub use query::{
    AgentError, AgentQuery, Applicable, Decision, Explanation, Robots, SignalScope, Usage, Verdict,
};
pub use source::Span;
pub use syntax::{
    parse, parse_strict, parse_with, Collect, Mode, ParseOptions, Parsed, StrictError,
};
pub use variant::{Choice, Profile, ProfileError, Setting, UnknownVariant, Variant};

/// The lossless parse tree of [`Parsed::tree`]: every byte of the input in exactly one leaf.
pub mod tree {
    pub use crate::syntax::tree::{Node, NodeKind, Tree};
}

/// Internal functions the fuzz targets and the conformance tests call directly (feature
/// `internals`, which the tests turn on). Not part of the API: no stability promise, no
/// documentation.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    pub use crate::model::agent::is_valid_product_token;
    pub use crate::pattern::{normalise, normalise_target, RuleMatcher};
    pub use crate::query::target::path_params_query;
    pub use crate::syntax::grammar_agrees;
    pub use crate::vocab::pattern::{MatcherLimits, PatternEncoding, PatternSyntax, Precedence};
}
