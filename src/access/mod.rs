//! The access policy: what a fetch of robots.txt means for crawling, per variant. No I/O.
//!
//! Use it when you crawl. [`fetch::fetch`] does it all for one site (the only network I/O of
//! the crate, cargo feature `fetch`); a crawler that fetches with its own client hands what
//! happened ([`FetchOutcome`]) to [`evaluate`]; [`cache::RobotsCache`] keeps the results per
//! [`Origin`] and applies the variant's rules for errors and staleness. To parse a body you
//! already hold, you need none of this: [`Robots::parse`](crate::Robots::parse).
//!
//! ```
//! use std::time::SystemTime;
//! use robotspec::access::{evaluate, AccessOptions, AccessState, FetchOutcome};
//! use robotspec::{AgentQuery, Variant};
//!
//! let not_found = FetchOutcome::Response { status: 404, headers: Default::default(), body: vec![] };
//! let access = evaluate(Variant::Rfc9309, &not_found, SystemTime::now(), &AccessOptions::default());
//! assert_eq!(access.state, AccessState::AllowAll);
//! assert!(access.allows(&AgentQuery::new("bot"), "/anything"));
//! let down = FetchOutcome::Response { status: 503, headers: Default::default(), body: vec![] };
//! let access = evaluate(Variant::Rfc9309, &down, SystemTime::now(), &AccessOptions::default());
//! assert_eq!(access.state, AccessState::Unreachable); // crawl nothing, try again soon
//! ```
//!
//! Given what happened — a status code, headers and a body, a redirect chain that went on too
//! long, a timeout or a network error — [`evaluate`] says what a crawler may do: obey the rules
//! parsed from the body, crawl everything, crawl nothing, or crawl nothing and try again soon;
//! why; and for how long the answer holds. The per-variant decisions are data in
//! the profile (`src/variant/profile.rs`); docs/access.md tabulates them with the
//! sentence each rests on (docs/spec/VARIANTS.md A31–A36, A47, A49).
//!
//! Redirects are followed by the fetcher, one hop at a time: [`redirect_target`] says whether a
//! response is a redirect to follow and where to, [`max_redirects`] how many hops are allowed.
//! The rules found at the end of a chain apply to the *original* origin (A32): the caller keys
//! the result by the origin of the first robots.txt URL. [`governs`] says which page URLs a
//! robots.txt URL governs.
//!
//! What a corpus study records per result is here too, so Rust, the command line
//! (`robotspec fetch --format json`) and Python compute it alike: [`Access::blocking`] (how
//! much of the site the result blocks for an agent, [`blocking`]) and [`Access::summary`] (the result in
//! figures, [`summary`]).
//!
// A link to an item behind a feature resolves only where the feature is on (see the crate root).
#![cfg_attr(
    feature = "fetch",
    doc = "[`fetch::fetch`]: crate::access::fetch::fetch"
)]
#![cfg_attr(
    not(feature = "fetch"),
    doc = "[`fetch::fetch`]: https://docs.rs/robotspec/latest/robotspec/access/fetch/fn.fetch.html"
)]

pub mod blocking;
pub mod cache;
mod cache_control;
#[cfg(feature = "fetch")]
pub mod fetch;
mod http;
mod options;
mod policy;
mod scope;
pub mod summary;

pub use crate::vocab::access::AccessState;
pub use ::http::{HeaderMap, HeaderName, HeaderValue};
pub use options::{AccessOptions, LifetimeSource, Misconfigured5xx};
pub use policy::{
    evaluate, evaluate_each, governs, max_lifetime, max_redirects, redirect_target,
    scheme_supported, size_limit, Access, AccessReason, FetchOutcome,
};
pub use scope::{robots_txt_url, Origin, TargetError};

#[cfg(test)]
mod tests;
