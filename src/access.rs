//! The access policy: what a fetch of robots.txt means for crawling, per variant. No I/O.
//!
//! Given what happened — a status code, headers and a body, a redirect chain that went on too
//! long, a timeout or a network error — [`evaluate`] says what a crawler may do: obey the rules
//! parsed from the body, crawl everything, crawl nothing, or crawl nothing and try again soon;
//! why; and for how long the answer holds. The per-variant decisions are data in
//! [`AccessProfile`]; docs/access.md tabulates them with the
//! sentence each rests on (VARIANTS.md A31–A36, A47, A49).
//!
//! Redirects are followed by the fetcher, one hop at a time: [`redirect_target`] says whether a
//! response is a redirect to follow and where to, [`max_redirects`] how many hops are allowed.
//! The rules found at the end of a chain apply to the *original* origin (A32): the caller keys
//! the result by the origin of the first robots.txt URL. [`governs`] says which page URLs a
//! robots.txt URL governs.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use url::Url;

use crate::agent::AgentQuery;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::robots::Robots;
use crate::source::Span;
use crate::target::Origin;
use crate::variant::{AccessProfile, CacheHeaders, StateKind, Variant};

/// What happened when robots.txt was requested (after any redirects were followed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A complete response. Headers keep their order; names compare ignoring ASCII case.
    Response {
        /// The status code.
        status: u16,
        /// The response headers, `(name, value)`.
        headers: Vec<(String, String)>,
        /// The body as received (possibly only its first `size limit + 1` bytes).
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

/// What a crawler may do.
#[derive(Debug)]
pub enum AccessState {
    /// Obey these rules.
    Rules(Box<Robots>),
    /// No restrictions.
    AllowAll,
    /// The whole site is off limits.
    DisallowAll,
    /// No definite answer: crawl nothing, fetch again after the lifetime.
    Unreachable,
}

impl AccessState {
    /// The state without its rules (`None` for [`AccessState::Rules`]).
    pub fn kind(&self) -> Option<StateKind> {
        match self {
            AccessState::Rules(_) => None,
            AccessState::AllowAll => Some(StateKind::AllowAll),
            AccessState::DisallowAll => Some(StateKind::DisallowAll),
            AccessState::Unreachable => Some(StateKind::Unreachable),
        }
    }

    /// The rules, when there are any.
    pub fn robots(&self) -> Option<&Robots> {
        match self {
            AccessState::Rules(robots) => Some(robots),
            _ => None,
        }
    }

    /// Short name: `rules`, `allow-all`, `disallow-all`, `unreachable`.
    pub fn name(&self) -> &'static str {
        match self {
            AccessState::Rules(_) => "rules",
            AccessState::AllowAll => "allow-all",
            AccessState::DisallowAll => "disallow-all",
            AccessState::Unreachable => "unreachable",
        }
    }

    fn from_kind(kind: StateKind) -> AccessState {
        match kind {
            StateKind::AllowAll => AccessState::AllowAll,
            StateKind::DisallowAll => AccessState::DisallowAll,
            StateKind::Unreachable => AccessState::Unreachable,
        }
    }
}

/// Why the state is what it is.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
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
    /// A status the variant does not define (1xx, an unfollowable 3xx, ≥ 600).
    OtherStatus(u16),
    /// More redirects than allowed.
    TooManyRedirects(usize),
    /// A timeout.
    Timeout,
    /// A network error.
    NetworkError(String),
    /// A refresh failed (the boxed reason); the last good copy is still used (A33).
    KeptAfterError(Box<Reason>),
    /// Errors have lasted longer than the variant's outage limit and there is no good copy:
    /// no restrictions (A33).
    OutageWithoutCopy(Box<Reason>),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Success(status) => write!(f, "{status}: the file is obeyed"),
            Reason::Unauthorized(status) => write!(f, "{status}: access to the file refused"),
            Reason::TooManyRequests => f.write_str("429 Too Many Requests"),
            Reason::ClientError(status) => write!(f, "{status}: no robots.txt (client error)"),
            Reason::ServerError(status) => write!(f, "{status}: server error"),
            Reason::OtherStatus(status) => {
                write!(f, "{status}: status the protocol leaves undefined")
            }
            Reason::TooManyRedirects(hops) => {
                write!(f, "more than {hops} redirects: treated as unavailable")
            }
            Reason::Timeout => f.write_str("timed out"),
            Reason::NetworkError(message) => write!(f, "network error: {message}"),
            Reason::KeptAfterError(error) => {
                write!(f, "refresh failed ({error}); the last good copy is used")
            }
            Reason::OutageWithoutCopy(error) => {
                write!(f, "errors for longer than the outage limit ({error}) and no copy: no restrictions")
            }
        }
    }
}

/// Where a lifetime came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LifetimeSource {
    /// The variant's default.
    Default,
    /// `Cache-Control: max-age`.
    MaxAge,
    /// `Expires` (relative to `Date`, else to the time of evaluation).
    Expires,
    /// The header's value, cut to the variant's (or the caller's) ceiling.
    Capped,
    /// The retry interval of an unreachable result (or its `Retry-After`).
    Retry,
}

/// Settings that override the variant's profile.
#[derive(Debug, Clone, Default)]
pub struct AccessOptions {
    /// Bytes of the body that are parsed (default: the profile's, 512 000). Raised to the
    /// variant's minimum (2019/RFC 9309: 512 000) when lower.
    pub size_limit: Option<usize>,
    /// Redirects followed (default: the profile's, 5).
    pub max_redirects: Option<usize>,
    /// A ceiling on lifetimes from cache headers (default: the profile's).
    pub max_lifetime: Option<Duration>,
}

/// The result of [`evaluate`].
#[derive(Debug)]
pub struct Access {
    /// The variant whose policy decided.
    pub variant: Variant,
    /// What a crawler may do.
    pub state: AccessState,
    /// Why.
    pub reason: Reason,
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
        match &self.state {
            AccessState::Rules(robots) => robots.check_query(agents, url).allowed(),
            AccessState::AllowAll => true,
            AccessState::DisallowAll | AccessState::Unreachable => false,
        }
    }
}

/// The size limit in force for `variant` under `options`.
pub fn size_limit(variant: Variant, options: &AccessOptions) -> usize {
    let profile = &variant.profile().access;
    options
        .size_limit
        .unwrap_or(profile.size_limit)
        .max(profile.min_size_limit)
}

/// The number of redirects followed for `variant` under `options`.
pub fn max_redirects(variant: Variant, options: &AccessOptions) -> usize {
    options
        .max_redirects
        .unwrap_or(variant.profile().access.max_redirects)
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
/// defines (A47; VARIANTS.md E22).
pub fn governs(variant: Variant, robots_url: &Url, page_url: &str) -> bool {
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
pub fn scheme_supported(variant: Variant, scheme: &str) -> bool {
    match variant.profile().access.schemes {
        Some(schemes) => schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme)),
        None => true,
    }
}

/// What `outcome` means under `variant`. `now` is the time of the evaluation (it turns an
/// `Expires` date without a `Date` header into a lifetime).
pub fn evaluate(
    variant: Variant,
    outcome: &Outcome,
    now: SystemTime,
    options: &AccessOptions,
) -> Access {
    let profile = &variant.profile().access;
    let (kind, reason, headers) = match outcome {
        Outcome::Response {
            status,
            headers,
            body,
        } => {
            let status = *status;
            let classified = match status {
                200..=299 => None,
                401 | 403 => Some((profile.unauthorized, Reason::Unauthorized(status))),
                429 => Some((profile.too_many_requests, Reason::TooManyRequests)),
                400..=499 => Some((profile.client_error, Reason::ClientError(status))),
                500..=599 => Some((profile.server_error, Reason::ServerError(status))),
                _ => Some((profile.other_status, Reason::OtherStatus(status))),
            };
            match classified {
                Some((kind, reason)) => (kind, reason, headers.as_slice()),
                None => return parse_body(variant, status, headers, body, now, options),
            }
        }
        Outcome::TooManyRedirects { hops } => (
            profile.too_many_redirects,
            Reason::TooManyRedirects(*hops),
            &[][..],
        ),
        Outcome::Timeout => (profile.network_error, Reason::Timeout, &[][..]),
        Outcome::NetworkError { message } => (
            profile.network_error,
            Reason::NetworkError(message.clone()),
            &[][..],
        ),
    };
    let (lifetime, lifetime_source) = match kind {
        StateKind::Unreachable => match header(headers, "retry-after").and_then(parse_seconds) {
            Some(seconds) => (Duration::from_secs(seconds), LifetimeSource::Retry),
            None => (profile.retry_interval, LifetimeSource::Retry),
        },
        _ => lifetime(profile, headers, now, options),
    };
    Access {
        variant,
        state: AccessState::from_kind(kind),
        reason,
        lifetime,
        lifetime_source,
        diagnostics: Vec::new(),
    }
}

fn parse_body(
    variant: Variant,
    status: u16,
    headers: &[(String, String)],
    body: &[u8],
    now: SystemTime,
    options: &AccessOptions,
) -> Access {
    let profile = &variant.profile().access;
    let limit = size_limit(variant, options);
    let mut diagnostics = Vec::new();
    let used = match body.get(..limit) {
        Some(head) if body.len() > limit => {
            // A36: the first `limit` bytes, without the line the limit cuts through.
            let keep = head
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |end| end + 1);
            let kept = head.get(..keep).unwrap_or_default();
            diagnostics.push(size_diagnostic(kept, body.len(), limit));
            kept
        }
        _ => body,
    };
    let (lifetime, lifetime_source) = lifetime(profile, headers, now, options);
    Access {
        variant,
        state: AccessState::Rules(Box::new(Robots::parse(used, variant))),
        reason: Reason::Success(status),
        lifetime,
        lifetime_source,
        diagnostics,
    }
}

fn size_diagnostic(kept: &[u8], received: usize, limit: usize) -> Diagnostic {
    let lf = kept.iter().filter(|&&b| b == b'\n').count();
    let lone_cr = kept
        .windows(2)
        .filter(|w| w.first() == Some(&b'\r') && w.get(1) != Some(&b'\n'))
        .count()
        + usize::from(kept.last() == Some(&b'\r'));
    let line = u32::try_from(lf + lone_cr + 1).unwrap_or(u32::MAX);
    Diagnostic {
        code: Code::SizeLimit,
        severity: Severity::Warning,
        span: Span {
            start: kept.len(),
            end: received,
        },
        line,
        col: 1,
        message: format!(
            "the file is larger than the size limit of {limit} bytes: everything from byte {} \
             (the line the limit cuts included) is ignored",
            kept.len()
        ),
    }
}

/// The first value of a header, by case-insensitive name.
fn header<'h>(headers: &'h [(String, String)], name: &str) -> Option<&'h str> {
    headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim())
}

fn parse_seconds(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Very long numbers saturate (RFC 9111 §1.2.2).
    Some(text.parse().unwrap_or(u64::MAX))
}

/// `max-age=N` from a `Cache-Control` header value.
fn max_age(cache_control: &str) -> Option<u64> {
    cache_control.split(',').find_map(|directive| {
        let (name, value) = directive.split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("max-age")
            .then(|| parse_seconds(value.trim().trim_matches('"')))
            .flatten()
    })
}

fn lifetime(
    profile: &AccessProfile,
    headers: &[(String, String)],
    now: SystemTime,
    options: &AccessOptions,
) -> (Duration, LifetimeSource) {
    let from_max_age = header(headers, "cache-control")
        .and_then(max_age)
        .map(|s| (Duration::from_secs(s), LifetimeSource::MaxAge));
    let from_expires = match profile.cache_headers {
        CacheHeaders::MaxAgeOrExpires => header(headers, "expires").map(|expires| {
            let base = header(headers, "date").and_then(http_date).unwrap_or(now);
            // An Expires that is not a date means "already expired" (RFC 9111 §5.3).
            let remaining = http_date(expires)
                .and_then(|at| at.duration_since(base).ok())
                .unwrap_or_default();
            (remaining, LifetimeSource::Expires)
        }),
        CacheHeaders::MaxAge => None,
    };
    let Some((found, source)) = from_max_age.or(from_expires) else {
        return (profile.default_lifetime, LifetimeSource::Default);
    };
    match options.max_lifetime.or(profile.max_lifetime) {
        Some(ceiling) if found > ceiling => (ceiling, LifetimeSource::Capped),
        _ => (found, source),
    }
}

/// An HTTP date in the preferred IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`).
/// The obsolete RFC 850 and asctime forms are not read (they count as invalid).
pub fn http_date(text: &str) -> Option<SystemTime> {
    let (_, rest) = text.trim().split_once(", ")?;
    let parts: Vec<&str> = rest.split(' ').collect();
    let [day, month, year, time, "GMT"] = parts.as_slice() else {
        return None;
    };
    let day: u64 = day.parse().ok()?;
    let month = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    .iter()
    .position(|m| m == month)?;
    let year: u64 = year.parse().ok()?;
    let hms: Vec<u64> = time
        .split(':')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let [h, m, s] = hms.as_slice() else {
        return None;
    };
    if !(1..=31).contains(&day) || year < 1970 || *h > 23 || *m > 59 || *s > 60 {
        return None;
    }
    let days = days_since_epoch(year, month as u64 + 1, day)?;
    let seconds = days
        .checked_mul(86_400)?
        .checked_add(h * 3600 + m * 60 + s)?;
    UNIX_EPOCH.checked_add(Duration::from_secs(seconds))
}

/// Days from 1970-01-01 to a proleptic Gregorian date (year ≥ 1970).
fn days_since_epoch(year: u64, month: u64, day: u64) -> Option<u64> {
    let leap = |y: u64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let mut days: u64 = 0;
    for y in 1970..year {
        days = days.checked_add(if leap(y) { 366 } else { 365 })?;
        if days > 3_000_000 {
            return None;
        }
    }
    let month_days = [
        31,
        if leap(year) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let before: u64 = month_days
        .iter()
        .take(usize::try_from(month - 1).ok()?)
        .sum();
    Some(days + before + day - 1)
}

#[cfg(test)]
mod tests;
