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
//! (`robotspec fetch --format json`) and Python compute it alike: [`Access::restriction`] (how
//! much the result keeps an agent out, [`restriction`]) and [`Access::summary`] (the result in
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

use std::fmt;
use std::time::{Duration, SystemTime};

use url::Url;

use crate::diagnostic::Diagnostic;
use crate::limits::{Limit, Limits};
use crate::query::AgentQuery;
use crate::query::Robots;
use crate::syntax::ParseOptions;
use crate::variant::Profile;
use http::{lifetime, retry_after};

pub mod cache;
mod cache_control;
#[cfg(feature = "fetch")]
pub mod fetch;
mod http;
mod options;
pub mod restriction;
mod scope;
pub mod summary;

pub use crate::vocab::access::AccessState;
pub use ::http::{HeaderMap, HeaderName, HeaderValue};
pub use options::{AccessOptions, LifetimeSource, Misconfigured5xx};
pub use scope::{robots_txt_url, Origin, TargetError};

/// What happened when robots.txt was requested (after any redirects were followed).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FetchOutcome {
    /// A complete response.
    Response {
        /// The status code.
        status: u16,
        /// The response headers ([`http::HeaderMap`](::http::HeaderMap), re-exported as
        /// [`HeaderMap`]: names ignore ASCII case, repeated headers keep their order). It is the
        /// map ureq, reqwest and hyper hand over.
        headers: HeaderMap,
        /// The body as received (possibly only its first `size limit + 1` bytes). `fetch` reads
        /// it for 2xx, and for 5xx when a [`Misconfigured5xx`] hook is set; else it is empty.
        body: Vec<u8>,
    },
    /// More redirects than the policy follows.
    TooManyRedirects {
        /// The redirects that were followed.
        hops: usize,
    },
    /// The request or the body took longer than allowed.
    Timeout,
    /// DNS failure, refused or reset connection, a body cut short, an invalid response, TLS
    /// failure.
    NetworkError {
        /// What went wrong, for people.
        message: String,
    },
}

impl FetchOutcome {
    /// Why nothing was fetched, or `None` when a response came (whatever its status).
    pub fn failure(&self) -> Option<String> {
        match self {
            FetchOutcome::Response { .. } => None,
            FetchOutcome::TooManyRedirects { hops } => Some(format!("more than {hops} redirects")),
            FetchOutcome::Timeout => Some("timed out".to_owned()),
            FetchOutcome::NetworkError { message } => Some(message.clone()),
        }
    }
}

impl serde::Serialize for Access {
    /// `{"variant", "state", "reason": text, "lifetime": {"seconds", "source"},
    /// "diagnostics": [Diagnostic…]}` (every diagnostic: the access stage's, then the parse's).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let diagnostics: Vec<&Diagnostic> = self.all_diagnostics().collect();
        let lifetime = serde_json::json!({
            "seconds": self.lifetime.as_secs(),
            "source": self.lifetime_source,
        });
        let mut s = serializer.serialize_struct("Access", 5)?;
        s.serialize_field("variant", &self.profile)?;
        s.serialize_field("state", &self.state)?;
        s.serialize_field("reason", &self.reason.to_string())?;
        s.serialize_field("lifetime", &lifetime)?;
        s.serialize_field("diagnostics", &diagnostics)?;
        s.end()
    }
}

/// Why the state is what it is.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccessReason {
    /// A 2xx response: its body was parsed.
    Success(u16),
    /// 401 or 403.
    Unauthorized(u16),
    /// 429.
    TooManyRequests,
    /// Another 4xx.
    ClientError(u16),
    /// A 5xx.
    ServerError(u16),
    /// A 5xx that the caller's [`Misconfigured5xx`] hook says is really a 404 (A34).
    ServerErrorAsNotFound(u16),
    /// A status the variant does not define (1xx, an unfollowable 3xx, ≥ 600).
    OtherStatus(u16),
    /// More redirects than allowed.
    TooManyRedirects(usize),
    /// A timeout.
    Timeout,
    /// A network error.
    NetworkError(String),
    /// A refresh failed (the boxed reason); the last good copy is still used (A33).
    KeptAfterError(Box<AccessReason>),
    /// Errors have lasted longer than the variant's outage limit and there is no good copy:
    /// no restrictions (A33).
    OutageWithoutCopy(Box<AccessReason>),
}

impl fmt::Display for AccessReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccessReason::Success(status) => write!(f, "{status}: the file is obeyed"),
            AccessReason::Unauthorized(status) => write!(f, "{status}: access to the file refused"),
            AccessReason::TooManyRequests => f.write_str("429 Too Many Requests"),
            AccessReason::ClientError(status) => {
                write!(f, "{status}: no robots.txt (client error)")
            }
            AccessReason::ServerError(status) => write!(f, "{status}: server error"),
            AccessReason::ServerErrorAsNotFound(status) => write!(
                f,
                "{status}: server error taken as 404 by the misconfigured-5xx hook: no robots.txt"
            ),
            AccessReason::OtherStatus(status) => {
                write!(f, "{status}: status the protocol leaves undefined")
            }
            AccessReason::TooManyRedirects(hops) => {
                write!(f, "more than {hops} redirects: treated as unavailable")
            }
            AccessReason::Timeout => f.write_str("timed out"),
            AccessReason::NetworkError(message) => write!(f, "network error: {message}"),
            AccessReason::KeptAfterError(error) => {
                write!(f, "refresh failed ({error}); the last good copy is used")
            }
            AccessReason::OutageWithoutCopy(error) => {
                write!(f, "errors for longer than the outage limit ({error}) and no copy: no restrictions")
            }
        }
    }
}

/// The result of [`evaluate`].
#[non_exhaustive]
#[derive(Debug)]
pub struct Access {
    /// The reading whose policy decided: a variant, or a variant with settings changed.
    pub profile: Profile,
    /// What a crawler may do.
    pub state: AccessState,
    /// The rules, exactly when the state is [`AccessState::Rules`].
    robots: Option<Box<Robots>>,
    /// Why.
    pub reason: AccessReason,
    /// How long the result may be used from the time of evaluation.
    pub lifetime: Duration,
    /// Where the lifetime came from.
    pub lifetime_source: LifetimeSource,
    /// Findings of the access stage (`size-limit`); the parse diagnostics are in the rules.
    pub diagnostics: Vec<Diagnostic>,
}

impl Access {
    /// May `agents` crawl `url` under this result? Unreachable and disallow-all say no,
    /// allow-all yes, rules decide otherwise.
    pub fn allows(&self, agents: &AgentQuery, url: &str) -> bool {
        match (self.state, &self.robots) {
            (AccessState::Rules, Some(robots)) => robots.check_query(agents, url).allowed(),
            (AccessState::AllowAll, _) => true,
            _ => false,
        }
    }

    /// The rules, when the state is [`AccessState::Rules`].
    pub fn robots(&self) -> Option<&Robots> {
        self.robots.as_deref()
    }

    /// Every diagnostic: the access stage's (`size-limit`), then the parse's.
    pub fn all_diagnostics(&self) -> impl Iterator<Item = &Diagnostic> + '_ {
        let parse = self.robots().map(Robots::diagnostics).unwrap_or_default();
        self.diagnostics.iter().chain(parse)
    }

    /// A result without rules (a state the policy gives to a response or an error).
    pub(crate) fn without_rules(
        profile: Profile,
        state: AccessState,
        reason: AccessReason,
        (lifetime, lifetime_source): (Duration, LifetimeSource),
    ) -> Access {
        Access {
            profile,
            state,
            robots: None,
            reason,
            lifetime,
            lifetime_source,
            diagnostics: Vec::new(),
        }
    }
}

/// The size limit in force for `variant` (a [`Variant`](crate::Variant) or a [`Profile`])
/// under `options`.
pub fn size_limit(variant: impl Into<Profile>, options: &AccessOptions) -> usize {
    let profile = variant.into().access;
    options
        .size_limit
        .unwrap_or(profile.size_limit)
        .max(profile.min_size_limit)
}

/// The ceiling on lifetimes from cache headers for `variant` under `options` (`None`: none).
pub fn max_lifetime(variant: impl Into<Profile>, options: &AccessOptions) -> Option<Duration> {
    options.max_lifetime.or(variant.into().access.max_lifetime)
}

/// The number of redirects followed for `variant` under `options`.
pub fn max_redirects(variant: impl Into<Profile>, options: &AccessOptions) -> usize {
    options
        .max_redirects
        .unwrap_or(variant.into().access.max_redirects)
}

/// Where a response redirects to, when it is a redirect the fetcher should follow: status 301,
/// 302, 303, 307 or 308 with a `Location` that resolves against `current` to an `http` or
/// `https` URL. Other 3xx (300, 304, …) and unusable locations are not followed; they reach
/// [`evaluate`] as responses of an undefined status.
pub fn redirect_target(status: u16, location: Option<&str>, current: &Url) -> Option<Url> {
    if !matches!(status, 301 | 302 | 303 | 307 | 308) {
        return None;
    }
    let next = current.join(location?.trim()).ok()?;
    matches!(next.scheme(), "http" | "https").then_some(next)
}

/// Whether the robots.txt at `robots_url` governs `page_url` under `variant`: same scheme,
/// host (case-insensitive, IDN ≡ punycode, an IP address only itself) and effective port
/// (default port ≡ none), the file at the top level (`/robots.txt`), and a scheme the variant
/// defines (A47; docs/spec/VARIANTS.md E22).
pub fn governs(variant: impl Into<Profile>, robots_url: &Url, page_url: &str) -> bool {
    let Ok(page) = Url::parse(page_url) else {
        return false;
    };
    if robots_url.path() != "/robots.txt" || !scheme_supported(variant, robots_url.scheme()) {
        return false;
    }
    match (Origin::of(robots_url), Origin::of(&page)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Whether the variant defines robots.txt for this scheme.
pub fn scheme_supported(variant: impl Into<Profile>, scheme: &str) -> bool {
    match variant.into().access.schemes {
        Some(schemes) => schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme)),
        None => true,
    }
}

/// What `outcome` means under `variant`. `now` is the time of the evaluation (it turns an
/// `Expires` date without a `Date` header into a lifetime).
pub fn evaluate(
    variant: impl Into<Profile>,
    outcome: &FetchOutcome,
    now: SystemTime,
    options: &AccessOptions,
) -> Access {
    let variant = variant.into();
    let profile = &variant.access;
    let no_headers = HeaderMap::new();
    let (kind, reason, headers) = match outcome {
        FetchOutcome::Response {
            status,
            headers,
            body,
        } => {
            let status = *status;
            let classified = match status {
                200..=299 => None,
                401 | 403 => Some((profile.unauthorized, AccessReason::Unauthorized(status))),
                429 => Some((profile.too_many_requests, AccessReason::TooManyRequests)),
                400..=499 => Some((profile.client_error, AccessReason::ClientError(status))),
                500..=599 if options.is_misconfigured_404(status, headers, body) => Some((
                    profile.client_error,
                    AccessReason::ServerErrorAsNotFound(status),
                )),
                500..=599 => Some((profile.server_error, AccessReason::ServerError(status))),
                _ => Some((profile.other_status, AccessReason::OtherStatus(status))),
            };
            match classified {
                Some((kind, reason)) => (kind, reason, headers),
                None => return parse_body(variant, status, headers, body, now, options),
            }
        }
        FetchOutcome::TooManyRedirects { hops } => (
            profile.too_many_redirects,
            AccessReason::TooManyRedirects(*hops),
            &no_headers,
        ),
        FetchOutcome::Timeout => (profile.network_error, AccessReason::Timeout, &no_headers),
        FetchOutcome::NetworkError { message } => (
            profile.network_error,
            AccessReason::NetworkError(message.clone()),
            &no_headers,
        ),
    };
    let (lifetime, lifetime_source) = match kind {
        AccessState::Unreachable => (
            retry_after(headers, now).unwrap_or(profile.retry_interval),
            LifetimeSource::Retry,
        ),
        _ => lifetime(profile, headers, now, options),
    };
    Access::without_rules(variant, kind, reason, (lifetime, lifetime_source))
}

fn parse_body(
    variant: Profile,
    status: u16,
    headers: &HeaderMap,
    body: &[u8],
    now: SystemTime,
    options: &AccessOptions,
) -> Access {
    let profile = &variant.access;
    let limit = size_limit(variant, options);
    // A36: the first `limit` bytes, without the line the limit cuts through: the syntax stage's
    // input limit, whose cut it reports (and positions) like any other, as the access stage's
    // `size-limit`, which is the access stage's finding rather than the file's.
    let limits = Limits::default().with(Limit::InputBytes, limit);
    let parse_options = ParseOptions::default()
        .with_limits(limits)
        .with_size_limit_cut();
    let mut robots = Robots::lenient(body, variant, &parse_options);
    let diagnostics = robots.take_size_limit().into_iter().collect();
    let (lifetime, lifetime_source) = lifetime(profile, headers, now, options);
    Access {
        profile: variant,
        state: AccessState::Rules,
        robots: Some(Box::new(robots)),
        reason: AccessReason::Success(status),
        lifetime,
        lifetime_source,
        diagnostics,
    }
}

#[cfg(test)]
mod tests;
