//! The caller's settings over a variant's access policy, and where a lifetime came from.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

crate::names::stable_names! {
    /// Where a lifetime came from. Names: `default`, `max-age`, `expires`, `capped`, `retry`,
    /// `no-store`, `no-cache`.
    pub enum LifetimeSource {
        /// The variant's default.
        Default = "default",
        /// `Cache-Control: max-age`, less `Age` (zero when the value is not a number).
        MaxAge = "max-age",
        /// `Expires` (relative to `Date`, else to the time of evaluation), less `Age`.
        Expires = "expires",
        /// The header's value, cut to the variant's (or the caller's) ceiling.
        Capped = "capped",
        /// The retry interval of an unreachable result (or its `Retry-After`).
        Retry = "retry",
        /// `Cache-Control: no-store`: lifetime zero, and [`crate::access::cache::RobotsCache`] does not
        /// keep the result.
        NoStore = "no-store",
        /// `Cache-Control: no-cache`: lifetime zero (stale at once: fetch again before reuse).
        NoCache = "no-cache",
    }
}

/// The caller's test for a site that answers 5xx where it means 404 (docs/spec/VARIANTS.md A34: Google
/// treats a 5xx whose page says "not found" as a 404, without saying how it tells). Called
/// with the status, the headers and the body (read up to the size limit); `true` turns the 5xx
/// into the variant's 4xx outcome.
#[derive(Clone)]
pub struct Misconfigured5xx(Arc<Test5xx>);

/// The function behind a [`Misconfigured5xx`]: status, headers, body → "a 404 in disguise".
type Test5xx = dyn Fn(u16, &[(String, String)], &[u8]) -> bool + Send + Sync;

impl Misconfigured5xx {
    /// A hook from a function of status, headers and body.
    pub fn new(
        test: impl Fn(u16, &[(String, String)], &[u8]) -> bool + Send + Sync + 'static,
    ) -> Misconfigured5xx {
        Misconfigured5xx(Arc::new(test))
    }

    /// Whether the response is a 404 in disguise.
    pub fn applies(&self, status: u16, headers: &[(String, String)], body: &[u8]) -> bool {
        (self.0)(status, headers, body)
    }
}

impl fmt::Debug for Misconfigured5xx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Misconfigured5xx(..)")
    }
}

/// Settings that override the variant's access policy: `AccessOptions::default()` keeps it
/// whole; each `with_*` changes one setting.
#[non_exhaustive]
#[derive(Debug, Clone, Default)]
pub struct AccessOptions {
    /// Bytes of the body that are parsed (default: the profile's, 512 000). Raised to the
    /// variant's minimum (2019/RFC 9309: 512 000) when lower.
    pub(crate) size_limit: Option<usize>,
    /// Redirects followed (default: the profile's, 5).
    pub(crate) max_redirects: Option<usize>,
    /// A ceiling on lifetimes from cache headers (default: the profile's).
    pub(crate) max_lifetime: Option<Duration>,
    /// A33: a server or network error means full disallow even when a good copy is cached,
    /// until errors have lasted longer than the outage limit (30 days). Read by
    /// [`crate::access::cache::RobotsCache::with_options`]; a no-op for variants that never keep a
    /// copy after an error (1994, 1996).
    pub(crate) strict_unreachable: bool,
    /// A34: which 5xx responses are really 404s (default: none).
    pub(crate) treat_5xx_as_404: Option<Misconfigured5xx>,
}

impl AccessOptions {
    /// Bytes of the body that are parsed (default: the variant's, 512 000). Raised to the
    /// variant's minimum (2019/RFC 9309: 512 000) when lower; see [`size_limit`](super::size_limit).
    #[must_use]
    pub fn with_size_limit(mut self, bytes: usize) -> Self {
        self.size_limit = Some(bytes);
        self
    }

    /// Redirects followed (default: the variant's, 5); see [`max_redirects`](super::max_redirects).
    #[must_use]
    pub fn with_max_redirects(mut self, redirects: usize) -> Self {
        self.max_redirects = Some(redirects);
        self
    }

    /// A ceiling on lifetimes from cache headers (default: the variant's); see
    /// [`max_lifetime`](super::max_lifetime).
    #[must_use]
    pub fn with_max_lifetime(mut self, ceiling: Duration) -> Self {
        self.max_lifetime = Some(ceiling);
        self
    }

    /// A server or network error means full disallow even when a good copy is cached, until
    /// errors have lasted longer than the outage limit (docs/spec/VARIANTS.md A33). Read by
    /// [`RobotsCache::with_options`](super::cache::RobotsCache::with_options); a no-op for variants that never keep a copy after
    /// an error (1994, 1996).
    #[must_use]
    pub fn with_strict_unreachable(mut self, strict: bool) -> Self {
        self.strict_unreachable = strict;
        self
    }

    /// Which 5xx responses are really 404s (A34; default: none).
    #[must_use]
    pub fn with_treat_5xx_as_404(mut self, test: Misconfigured5xx) -> Self {
        self.treat_5xx_as_404 = Some(test);
        self
    }

    /// Whether a server or network error means full disallow even with a good copy cached.
    pub fn strict_unreachable(&self) -> bool {
        self.strict_unreachable
    }

    pub(super) fn is_misconfigured_404(
        &self,
        status: u16,
        headers: &[(String, String)],
        body: &[u8],
    ) -> bool {
        self.treat_5xx_as_404
            .as_ref()
            .is_some_and(|hook| hook.applies(status, headers, body))
    }
}
