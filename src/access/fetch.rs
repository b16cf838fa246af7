//! Fetching robots.txt over HTTP(S): the crate's only network I/O (cargo feature `fetch`).
//!
//! [`fetch`] derives the robots.txt URL of a page URL, requests it with
//! [ureq](https://docs.rs/ureq) (rustls for TLS), follows redirects itself one hop at a time
//! according to the variant's policy ([`crate::access::redirect_target`],
//! [`crate::access::max_redirects`]) rather than letting the client follow them, stops reading
//! the body (of a 2xx, or of a 5xx when a misconfigured-5xx hook wants to see it) one byte past
//! the size limit, applies a timeout to the whole exchange, and hands
//! what happened to [`crate::access::evaluate`]. Whatever the network does, the answer is an
//! [`FetchOutcome`]; only a URL that has no robots.txt is an error.

use std::error::Error;
use std::fmt;
use std::io::{self, Read};
use std::net::IpAddr;
use std::time::{Duration, SystemTime};

use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};
use url::Url;

use super::options::AccessOptions;
use super::policy::{
    evaluate, max_redirects, redirect_target, scheme_supported, size_limit, Access, FetchOutcome,
};
use super::scope::{robots_txt_url, Origin, TargetError};
use crate::variant::{Profile, Variant};
use ::http::HeaderMap;

/// How to fetch: `FetchOptions::default()` sends `User-Agent: robotspec/VERSION`, waits at
/// most 10 s per request and keeps the variant's access policy.
#[non_exhaustive]
#[derive(Debug, Clone)]
pub struct FetchOptions {
    /// The `User-Agent` header sent.
    pub(crate) user_agent: String,
    /// The longest a request may take, body included; applies to each hop.
    pub(crate) timeout: Duration,
    /// Overrides of the variant's access policy (size limit, redirects, lifetime ceiling).
    pub(crate) access: AccessOptions,
    /// The addresses connections may go to (`None`: any).
    pub(crate) addresses: Option<fn(IpAddr) -> bool>,
}

impl FetchOptions {
    /// The `User-Agent` header sent. A value that is not a valid header value (a control
    /// character, say) makes [`fetch`] fail with [`FetchError::UserAgent`].
    #[must_use]
    pub fn with_user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.user_agent = user_agent.into();
        self
    }

    /// The longest a request may take, body included; applies to each hop.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Overrides of the variant's access policy (size limit, redirects, lifetime ceiling).
    #[must_use]
    pub fn with_access(mut self, access: AccessOptions) -> Self {
        self.access = access;
        self
    }

    /// Connects only to the addresses `allowed` accepts: the name of every hop is resolved
    /// once, its addresses filtered, and the connection made to what is left — the check and
    /// the connection see the same addresses, so a name that resolves differently the second
    /// time (DNS rebinding) cannot slip past. A host with no allowed address is a network
    /// error (`FetchOutcome::NetworkError`, "no allowed address"). A server fetching what its
    /// callers name uses this against server-side request forgery.
    #[must_use]
    pub fn with_address_filter(mut self, allowed: fn(IpAddr) -> bool) -> Self {
        self.addresses = Some(allowed);
        self
    }
}

/// The default resolver, its answers filtered by [`FetchOptions::with_address_filter`].
#[derive(Debug)]
struct FilteringResolver {
    inner: DefaultResolver,
    allowed: fn(IpAddr) -> bool,
}

impl Resolver for FilteringResolver {
    fn resolve(
        &self,
        uri: &ureq::http::Uri,
        config: &ureq::config::Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let resolved = self.inner.resolve(uri, config, timeout)?;
        let mut kept = self.empty();
        for address in resolved.iter().filter(|a| (self.allowed)(a.ip())) {
            // As many as were resolved fit: never full.
            let _ = kept.try_push(*address);
        }
        if kept.is_empty() {
            let host = uri.host().unwrap_or_default();
            return Err(ureq::Error::Other(
                format!("no allowed address: every address of {host} is refused").into(),
            ));
        }
        Ok(kept)
    }
}

impl Default for FetchOptions {
    fn default() -> Self {
        FetchOptions {
            user_agent: concat!("robotspec/", env!("CARGO_PKG_VERSION")).to_owned(),
            timeout: Duration::from_secs(10),
            access: AccessOptions::default(),
            addresses: None,
        }
    }
}

/// A redirect that was followed (or, last in a too-long chain, refused).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Hop {
    /// The URL requested.
    pub url: Url,
    /// Its redirect status.
    pub status: u16,
    /// Where it pointed.
    pub location: Url,
}

/// Everything a fetch found out. Serialised as `{"robots_url", "final_url", "redirects":
/// [Hop…], "failure"}` and the fields of its [`Access`], flattened.
#[non_exhaustive]
#[derive(Debug, serde::Serialize)]
pub struct Fetched {
    /// The robots.txt URL of the page URL.
    pub robots_url: Url,
    /// The origin the result applies to: the first URL's, wherever redirects led (A32).
    #[serde(skip)]
    pub origin: Origin,
    /// The redirects, in order.
    pub redirects: Vec<Hop>,
    /// The URL of the last request.
    pub final_url: Url,
    /// What happened.
    #[serde(rename = "failure", serialize_with = "failure")]
    pub outcome: FetchOutcome,
    /// What it means.
    #[serde(flatten)]
    pub access: Access,
}

impl Fetched {
    /// Why nothing was fetched — too many redirects, a timeout, a network error — or `None`
    /// when a response came (whatever its status).
    pub fn failure(&self) -> Option<String> {
        self.outcome.failure()
    }
}

fn failure<S: serde::Serializer>(outcome: &FetchOutcome, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_some(&outcome.failure())
}

/// Why nothing could be fetched.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FetchError {
    /// The page URL has no robots.txt location.
    Target(TargetError),
    /// The variant does not define robots.txt for the scheme, or the client cannot fetch it.
    UnsupportedScheme {
        /// The scheme.
        scheme: String,
        /// The variant.
        variant: Variant,
    },
    /// The `User-Agent` header value is not a valid header value (it holds a control
    /// character, a line break, …).
    UserAgent {
        /// The value.
        user_agent: String,
    },
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FetchError::Target(error) => error.fmt(f),
            FetchError::UnsupportedScheme { scheme, variant } => write!(
                f,
                "cannot fetch robots.txt over `{scheme}` under variant {variant} \
                 (http and https are fetched; convention-1994 and draft-1996 define http only)"
            ),
            FetchError::UserAgent { user_agent } => write!(
                f,
                "cannot send {user_agent:?} as a User-Agent header: control characters and \
                 line breaks are not allowed in a header value"
            ),
        }
    }
}

impl Error for FetchError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            FetchError::Target(error) => Some(error),
            FetchError::UnsupportedScheme { .. } | FetchError::UserAgent { .. } => None,
        }
    }
}

/// Fetches the robots.txt governing `page_url` and evaluates it under `profile` (a
/// [`Variant`] or a [`Profile`]).
///
/// # Errors
///
/// Only when there is nothing to fetch: the URL has no host, or its scheme is not one the
/// variant defines and the client speaks (http, https), or the user agent cannot be sent as a
/// header ([`FetchError::UserAgent`]). Network failures are outcomes.
pub fn fetch(
    page_url: &str,
    profile: impl Into<Profile>,
    options: &FetchOptions,
) -> Result<Fetched, FetchError> {
    let profile: Profile = profile.into();
    let robots_url = robots_txt_url(page_url).map_err(FetchError::Target)?;
    let scheme = robots_url.scheme();
    if !scheme_supported(profile, scheme) || !matches!(scheme, "http" | "https") {
        return Err(FetchError::UnsupportedScheme {
            scheme: scheme.to_owned(),
            variant: profile.variant(),
        });
    }
    let origin = Origin::of(&robots_url).map_err(FetchError::Target)?;
    if ureq::http::HeaderValue::from_str(&options.user_agent).is_err() {
        return Err(FetchError::UserAgent {
            user_agent: options.user_agent.clone(),
        });
    }
    let config = ureq::Agent::config_builder()
        .max_redirects(0)
        .http_status_as_error(false)
        .timeout_global(Some(options.timeout))
        .user_agent(options.user_agent.as_str())
        .build();
    let agent = match options.addresses {
        None => ureq::Agent::new_with_config(config),
        Some(allowed) => ureq::Agent::with_parts(
            config,
            DefaultConnector::default(),
            FilteringResolver {
                inner: DefaultResolver::default(),
                allowed,
            },
        ),
    };
    let limit = size_limit(profile, &options.access);
    let allowed_hops = max_redirects(profile, &options.access);
    let mut redirects = Vec::new();
    let mut url = robots_url.clone();
    let outcome = loop {
        let mut response = match agent.get(url.as_str()).call() {
            Ok(response) => response,
            Err(error) => break outcome_of_error(&error),
        };
        let status = response.status().as_u16();
        let location = response
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok());
        if let Some(next) = redirect_target(status, location, &url) {
            redirects.push(Hop {
                url: url.clone(),
                status,
                location: next.clone(),
            });
            if redirects.len() > allowed_hops {
                break FetchOutcome::TooManyRedirects { hops: allowed_hops };
            }
            url = next;
            continue;
        }
        let headers = response.headers().clone();
        if let Some(encoding) = undecodable(&headers) {
            break FetchOutcome::NetworkError {
                message: format!("the body's Content-Encoding `{encoding}` cannot be decoded"),
            };
        }
        let mut body = Vec::new();
        // A 5xx body is read only for the misconfigured-5xx hook to look at (A34).
        let hook_reads = (500..600).contains(&status) && options.access.treat_5xx_as_404.is_some();
        if (200..300).contains(&status) || hook_reads {
            // One byte past the limit tells a file at the limit from a larger one.
            let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
            let read = response
                .body_mut()
                .as_reader()
                .take(cap)
                .read_to_end(&mut body);
            if let Err(error) = read {
                break outcome_of_io(&error);
            }
        }
        break FetchOutcome::Response {
            status,
            headers,
            body,
        };
    };
    let access = evaluate(profile, &outcome, SystemTime::now(), &options.access);
    Ok(Fetched {
        robots_url,
        origin,
        redirects,
        final_url: url,
        outcome,
        access,
    })
}

/// The `Content-Encoding` of a response when it is one the client does not decode. ureq decodes
/// gzip (asked for with `Accept-Encoding: gzip`); a body in any other encoding — sent although
/// not asked for — is bytes that are not the file, so nothing was fetched (docs/access.md).
fn undecodable(headers: &HeaderMap) -> Option<String> {
    let value = headers.get("content-encoding")?;
    let encoding = String::from_utf8_lossy(value.as_bytes());
    let encoding = encoding.trim();
    let decoded = ["", "identity", "gzip", "x-gzip"];
    (!decoded.iter().any(|d| encoding.eq_ignore_ascii_case(d))).then(|| encoding.to_owned())
}

fn outcome_of_error(error: &ureq::Error) -> FetchOutcome {
    match error {
        ureq::Error::Timeout(_) => FetchOutcome::Timeout,
        ureq::Error::Io(io) => outcome_of_io(io),
        other => FetchOutcome::NetworkError {
            message: other.to_string(),
        },
    }
}

fn outcome_of_io(error: &io::Error) -> FetchOutcome {
    let inner = error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<ureq::Error>());
    match inner {
        Some(ureq::Error::Timeout(_)) => FetchOutcome::Timeout,
        _ if matches!(
            error.kind(),
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
        ) =>
        {
            FetchOutcome::Timeout
        }
        Some(other) => FetchOutcome::NetworkError {
            message: other.to_string(),
        },
        None => FetchOutcome::NetworkError {
            message: error.to_string(),
        },
    }
}
