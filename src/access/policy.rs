//! The access policy itself: what happened when robots.txt was requested ([`FetchOutcome`]),
//! what it means for crawling under a profile ([`evaluate`] → [`Access`]: state, reason,
//! lifetime), and the policy's single decisions a fetcher asks (size limit, redirects, scope).

use std::fmt;
use std::time::{Duration, SystemTime};

use url::Url;

use super::http::{lifetime, retry_after};
use super::options::{AccessOptions, LifetimeSource};
use super::scope::Origin;
use crate::diagnostic::Diagnostic;
use crate::limits::{Limit, Limits};
use crate::query::AgentQuery;
use crate::query::Robots;
use crate::syntax::ParseOptions;
use crate::variant::Profile;
use crate::vocab::access::AccessState;
use ::http::HeaderMap;

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
        /// it for 2xx, and for 5xx when a [`Misconfigured5xx`](super::Misconfigured5xx) hook is set; else it is empty.
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
    /// A 5xx that the caller's [`Misconfigured5xx`](super::Misconfigured5xx) hook says is really a 404 (A34).
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

/// The size limit in force for `profile` (a [`Variant`](crate::Variant) or a [`Profile`])
/// under `options`.
pub fn size_limit(profile: impl Into<Profile>, options: &AccessOptions) -> usize {
    let policy = profile.into().access;
    options
        .size_limit
        .unwrap_or(policy.size_limit)
        .max(policy.min_size_limit)
}

/// The ceiling on lifetimes from cache headers for `profile` under `options` (`None`: none).
pub fn max_lifetime(profile: impl Into<Profile>, options: &AccessOptions) -> Option<Duration> {
    options.max_lifetime.or(profile.into().access.max_lifetime)
}

/// The number of redirects followed for `profile` under `options`.
pub fn max_redirects(profile: impl Into<Profile>, options: &AccessOptions) -> usize {
    options
        .max_redirects
        .unwrap_or(profile.into().access.max_redirects)
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

/// Whether the robots.txt at `robots_url` governs `page_url` under `profile`: same scheme,
/// host (case-insensitive, IDN ≡ punycode, an IP address only itself) and effective port
/// (default port ≡ none), the file at the top level (`/robots.txt`), and a scheme the variant
/// defines (A47; docs/spec/VARIANTS.md E22).
pub fn governs(profile: impl Into<Profile>, robots_url: &Url, page_url: &str) -> bool {
    let Ok(page) = Url::parse(page_url) else {
        return false;
    };
    if robots_url.path() != "/robots.txt" || !scheme_supported(profile, robots_url.scheme()) {
        return false;
    }
    match (Origin::of(robots_url), Origin::of(&page)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Whether `profile`'s variant defines robots.txt for this scheme.
pub fn scheme_supported(profile: impl Into<Profile>, scheme: &str) -> bool {
    match profile.into().access.schemes {
        Some(schemes) => schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme)),
        None => true,
    }
}

/// What `outcome` means under `profile`. `now` is the time of the evaluation (it turns an
/// `Expires` date without a `Date` header into a lifetime).
pub fn evaluate(
    profile: impl Into<Profile>,
    outcome: &FetchOutcome,
    now: SystemTime,
    options: &AccessOptions,
) -> Access {
    let profile = profile.into();
    let policy = &profile.access;
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
                401 | 403 => Some((policy.unauthorized, AccessReason::Unauthorized(status))),
                429 => Some((policy.too_many_requests, AccessReason::TooManyRequests)),
                400..=499 => Some((policy.client_error, AccessReason::ClientError(status))),
                500..=599 if options.is_misconfigured_404(status, headers, body) => Some((
                    policy.client_error,
                    AccessReason::ServerErrorAsNotFound(status),
                )),
                500..=599 => Some((policy.server_error, AccessReason::ServerError(status))),
                _ => Some((policy.other_status, AccessReason::OtherStatus(status))),
            };
            match classified {
                Some((kind, reason)) => (kind, reason, headers),
                None => {
                    let options_of_body = body_options(size_limit(profile, options));
                    let robots = Robots::parse_lenient(body, profile, &options_of_body);
                    return with_rules(profile, robots, status, headers, now, options);
                }
            }
        }
        FetchOutcome::TooManyRedirects { hops } => (
            policy.too_many_redirects,
            AccessReason::TooManyRedirects(*hops),
            &no_headers,
        ),
        FetchOutcome::Timeout => (policy.network_error, AccessReason::Timeout, &no_headers),
        FetchOutcome::NetworkError { message } => (
            policy.network_error,
            AccessReason::NetworkError(message.clone()),
            &no_headers,
        ),
    };
    let (lifetime, lifetime_source) = match kind {
        AccessState::Unreachable => (
            retry_after(headers, now).unwrap_or(policy.retry_interval),
            LifetimeSource::Retry,
        ),
        _ => lifetime(policy, headers, now, options),
    };
    Access::without_rules(profile, kind, reason, (lifetime, lifetime_source))
}

/// What every reading of `outcome` in `profiles` means, in their order: [`evaluate`] of each,
/// except that a response whose body the readings parse is read once for all those that read
/// it alike — within the same size limit, with the same reading of a byte order mark — each
/// line of it shaped once for all of them (a study of every reading of a crawl pays one scan
/// of each file, not one per reading). The answers are [`evaluate`]'s.
pub fn evaluate_each(
    profiles: &[Profile],
    outcome: &FetchOutcome,
    now: SystemTime,
    options: &AccessOptions,
) -> Vec<Access> {
    let FetchOutcome::Response {
        status: status @ 200..=299,
        headers,
        body,
    } = outcome
    else {
        let each = profiles.iter();
        return each.map(|p| evaluate(*p, outcome, now, options)).collect();
    };
    let readings: Vec<(Profile, ParseOptions)> = profiles
        .iter()
        .map(|profile| (*profile, body_options(size_limit(*profile, options))))
        .collect();
    let parsed = Robots::parse_lenient_each(body, &readings);
    let each = profiles.iter().zip(parsed);
    each.map(|(profile, robots)| with_rules(*profile, robots, *status, headers, now, options))
        .collect()
}

/// The options a response body is parsed with under a size limit of `limit` bytes. A36: the
/// first `limit` bytes, without the line the limit cuts through: the syntax stage's input
/// limit, whose cut it reports (and positions) like any other, as the access stage's
/// `size-limit`, which is the access stage's finding rather than the file's.
fn body_options(limit: usize) -> ParseOptions {
    let limits = Limits::default().with(Limit::InputBytes, limit);
    ParseOptions::default()
        .with_limits(limits)
        .with_size_limit_cut()
}

/// The result of a response with status `status` whose body `profile` parsed into `robots`.
fn with_rules(
    profile: Profile,
    mut robots: Robots,
    status: u16,
    headers: &HeaderMap,
    now: SystemTime,
    options: &AccessOptions,
) -> Access {
    let diagnostics = robots.take_size_limit().into_iter().collect();
    let (lifetime, lifetime_source) = lifetime(&profile.access, headers, now, options);
    Access {
        profile,
        state: AccessState::Rules,
        robots: Some(Box::new(robots)),
        reason: AccessReason::Success(status),
        lifetime,
        lifetime_source,
        diagnostics,
    }
}
