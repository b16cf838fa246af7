//! robots.txt in every form it has had — the 1994 convention, Koster's 1996 draft, the 2019
//! Internet-Draft, RFC 9309 and Google's reading — parsed exactly, and asked what a crawler may
//! fetch.
//!
//! Every function takes the reading to apply: a [`Variant`] (one of the five), or a [`Profile`]
//! composed from one with settings changed (`"rfc9309+agent-matching=substring".parse()`).
//! Nothing here does I/O unless the `fetch` feature is on; nothing panics on input, whatever its
//! bytes or size: every resource limit ([`Limits`]) is bounded by default and reported when it
//! cuts.
//!
//! # Which entry point
//!
//! One entry point per job; each reads the file in the same single pass.
//!
//! | you want | use |
//! |---|---|
//! | may this agent fetch this URL (a crawler) | [`Robots::parse`] (lenient, collecting only what a limit cut), then [`Robots::is_allowed`] or [`Robots::check`] (a [`Verdict`] naming the deciding line) |
//! | why: the groups chosen and every matching rule | [`Robots::explain`] |
//! | the AI usage preferences (Content-Usage, Content-Signal) for a URL | [`Robots::usage`] |
//! | the file itself: list every problem with `line:col`, or walk its lossless tree | [`parse`] (lenient: never fails), then [`Parsed::diagnostics`], [`Parsed::tree`] |
//! | validate the file against its variant's grammar | [`parse_strict`] (a `Result` holding every problem) |
//! | any of these with the mode, the limits or what to collect chosen at run time | [`ParseOptions`], then [`parse_with`] or [`Robots::parse_with`] |
//! | how much of a site a crawler's rules block, over every URL; which rules never decide; what an edit changes | [`analysis`]: [`analysis::analyze`], [`analysis::compare`] |
//! | what a fetch of robots.txt means (404, 503, redirects, `Expires`), and a cache per origin | [`access`]: [`access::evaluate`], [`access::cache`], and with the `fetch` feature the fetcher |
//! | where the variants disagree on a file, and why | [`diff::Comparer`] |
//! | Google's per-line report (`reporting_robots`): each line's tag and flags | [`report`] |
//!
//! # A crawler's questions
//!
//! Parse once, ask many times. A [`Robots`] is `Send + Sync`; lenient parsing never fails, and
//! what it had to skip is in [`Robots::diagnostics`].
//!
//! ```
//! use robotspec::{Robots, Variant};
//!
//! let robots = Robots::parse(b"User-agent: *\nDisallow: /private\n", Variant::Rfc9309);
//! assert!(robots.is_allowed("FooBot", "https://example.com/"));
//!
//! let verdict = robots.check("FooBot", "https://example.com/private/plans.html");
//! assert!(!verdict.allowed());
//! assert_eq!(verdict.to_string(), "disallowed by line 2: Disallow: /private [`*` group at line 1]");
//! ```
//!
//! # The file itself
//!
//! [`parse_strict`] reads the file as a variant's grammar says and rejects a file that does
//! not conform, with every problem; [`parse`] (lenient) keeps going, never fails, and reports
//! the problems as warnings. The tree is lossless: every input byte lies in exactly one leaf.
//!
//! ```
//! use robotspec::{parse, parse_strict, Code, Variant};
//!
//! let text = b"User-agent: *\nDisallow /private\n";
//! let rejected = parse_strict(text, Variant::Rfc9309).unwrap_err();
//! assert_eq!(rejected.diagnostics()[0].code, Code::MissingColon);
//!
//! let parsed = parse(text, Variant::Rfc9309);
//! assert_eq!(parsed.tree().reassemble(), text);
//! ```
//!
//! # Feature flags
//!
//! - `internals` (off; for this crate's own tests and fuzz targets): a few internal functions,
//!   with no stability promise.
//! - `lint` (off by default): [`lint`], the linter — every reading's problems,
//!   the extension records people write, crawler names a reading cuts, file-level trouble and
//!   Google's per-line report, as findings with stable codes (docs/lint.md). It carries a
//!   crawler catalogue (ai.robots.txt's list and operators' pages).
//! - `fetch` (off by default): `access::fetch`, which fetches a robots.txt over HTTP(S) (ureq
//!   with rustls), follows redirects as the variant says, and evaluates the outcome. Without it
//!   the crate has no network code; the access policy and the cache work on outcomes you fetched
//!   yourself.
//!
//! The command-line tool and its browser playground are the crate `robotspec-cli` (binary
//! `robotspec`), and the Python binding is its own package: neither is compiled into a program
//! that depends on this library.
//!
//! Items behind a feature say so on docs.rs ("Available on crate feature … only").
//!
// A link to an item behind a feature resolves only where the feature is on: elsewhere (a
// dependent's `cargo doc` with the default features) it points at the published docs.
#![cfg_attr(feature = "lint", doc = "[`lint`]: crate::lint")]
#![cfg_attr(
    not(feature = "lint"),
    doc = "[`lint`]: https://docs.rs/robotspec/latest/robotspec/lint/index.html"
)]
#![cfg_attr(docsrs, feature(doc_cfg))]
// `--cfg robotspec_hot_paths` (js/build's route that builds the standard library, where the
// library is compiled for size, `opt-level = "z"`): the functions a crawler's questions and the
// lenient parse run through are marked `optimize(speed)` (an unstable attribute that route may
// use), so the WebAssembly module is small without making its hot paths slow. Other builds
// compile every function alike and are unaffected.
#![cfg_attr(robotspec_hot_paths, feature(optimize_attribute))]
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
pub mod analysis;
pub mod diff;
pub mod report;

// The linter, on top of everything (feature `lint`).
#[cfg(feature = "lint")]
pub mod lint;

pub use diagnostic::{Code, Diagnostic, Severity};
pub use limits::{Limit, Limits};
pub use pattern::Engine;
pub use query::{
    AgentError, AgentQuery, Applicable, Decision, Explanation, PolicyPreference, Robots,
    SignalScope, Usage, Verdict,
};
pub use source::Span;
pub use syntax::{
    parse, parse_strict, parse_with, Collect, Mode, ParseOptions, Parsed, StrictError,
};
pub use variant::{Choice, Profile, ProfileError, Setting, UnknownVariant, Variant};

/// The lossless parse tree of [`Parsed::tree`]: every byte of the input in exactly one leaf.
pub mod tree {
    pub use crate::syntax::tree::{JsonLayout, Node, NodeKind, Tree};
}

/// The README's examples, compiled and run as doc tests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

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
