//! HTTP for the access policy: reading response headers, the freshness lifetime they give a
//! fetched robots.txt (RFC 9111), and HTTP dates.
//!
//! The rules RFC 9111 sets for a private cache — which is what a crawler's robots.txt cache
//! is — are quoted in docs/access.md; `cache_control` reads the `Cache-Control` header itself.

use std::time::{Duration, SystemTime};

use ::http::{HeaderMap, HeaderValue};

use super::cache_control::{parse_seconds, CacheControl};
use super::options::{AccessOptions, LifetimeSource};
use crate::variant::{AccessProfile, CacheHeaders};

/// The first value of a header, trimmed. A value that is not UTF-8 counts as absent (every
/// header read here is ASCII by its grammar).
pub(super) fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers.get(name).and_then(text).map(str::trim)
}

/// Every value of a header, in order (those that are not UTF-8 left out).
fn header_values<'h>(headers: &'h HeaderMap, name: &str) -> impl Iterator<Item = &'h str> + 'h {
    headers.get_all(name).into_iter().filter_map(text)
}

/// A header value as text, when it is UTF-8 (`HeaderValue::to_str` refuses all non-ASCII).
fn text(value: &HeaderValue) -> Option<&str> {
    std::str::from_utf8(value.as_bytes()).ok()
}

/// The lifetime cache headers give, most restrictive first: `no-store`, `no-cache`, `max-age`,
/// `Expires` (per the variant), else the variant's default. `Age` is subtracted from a lifetime
/// the headers give (RFC 9111 §4.2.3); the ceiling applies after that.
pub(super) fn lifetime(
    profile: &AccessProfile,
    headers: &HeaderMap,
    now: SystemTime,
    options: &AccessOptions,
) -> (Duration, LifetimeSource) {
    let control = CacheControl::parse(header_values(headers, "cache-control"));
    if control.no_store {
        return (Duration::ZERO, LifetimeSource::NoStore);
    }
    if control.no_cache {
        return (Duration::ZERO, LifetimeSource::NoCache);
    }
    let Some((found, source)) = explicit_lifetime(profile, &control, headers, now) else {
        return (profile.default_lifetime, LifetimeSource::Default);
    };
    // A missing or invalid Age counts as zero.
    let age = header(headers, "age")
        .and_then(parse_seconds)
        .map_or(Duration::ZERO, Duration::from_secs);
    let found = found.saturating_sub(age);
    match options.max_lifetime.or(profile.max_lifetime) {
        Some(ceiling) if found > ceiling => (ceiling, LifetimeSource::Capped),
        _ => (found, source),
    }
}

/// The freshness lifetime from `max-age`, else (where the variant reads it) `Expires`.
fn explicit_lifetime(
    profile: &AccessProfile,
    control: &CacheControl,
    headers: &HeaderMap,
    now: SystemTime,
) -> Option<(Duration, LifetimeSource)> {
    if let Some(seconds) = control.max_age {
        // A max-age that is not a number makes the response stale (RFC 9111 §4.2.1).
        let seconds = seconds.unwrap_or(0);
        return Some((Duration::from_secs(seconds), LifetimeSource::MaxAge));
    }
    match profile.cache_headers {
        CacheHeaders::MaxAgeOrExpires => header(headers, "expires").map(|expires| {
            let base = header(headers, "date").and_then(http_date).unwrap_or(now);
            // An Expires that is not a date means "already expired" (RFC 9111 §5.3).
            let remaining = http_date(expires)
                .and_then(|at| at.duration_since(base).ok())
                .unwrap_or_default();
            (remaining, LifetimeSource::Expires)
        }),
        CacheHeaders::MaxAge => None,
    }
}

/// When a response that is unreachable may be fetched again, from `Retry-After` (RFC 9110
/// §10.2.3: delay-seconds, or an HTTP-date counted from `Date`, else from `now`; a date already
/// past means at once). `None`: no `Retry-After`, or one that is neither.
pub(super) fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let value = header(headers, "retry-after")?;
    if let Some(seconds) = parse_seconds(value) {
        return Some(Duration::from_secs(seconds));
    }
    let at = http_date(value)?;
    let base = header(headers, "date").and_then(http_date).unwrap_or(now);
    Some(at.duration_since(base).unwrap_or_default())
}

/// An HTTP date (RFC 9110 §5.6.7) in any of its three forms, as a recipient must read them: the
/// preferred IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`) forms. Anything
/// else is not a date (`None`).
pub(crate) fn http_date(text: &str) -> Option<SystemTime> {
    httpdate::parse_http_date(text.trim()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    /// 1994-11-06 08:49:37 UTC.
    const SUNDAY: u64 = 784_111_777;

    #[test]
    fn the_three_date_forms_are_read_alike() {
        let at = UNIX_EPOCH + Duration::from_secs(SUNDAY);
        for text in [
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
            "  Sun, 06 Nov 1994 08:49:37 GMT ",
        ] {
            assert_eq!(http_date(text), Some(at), "{text:?}");
        }
        for text in [
            "",
            "0",
            "yesterday",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 32 Nov 1994 08:49:37 GMT",
        ] {
            assert_eq!(http_date(text), None, "{text:?}");
        }
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(n, v)| {
                (
                    ::http::HeaderName::from_static(n),
                    HeaderValue::from_static(v),
                )
            })
            .collect()
    }

    #[test]
    fn retry_after_is_seconds_or_a_date() {
        let now = UNIX_EPOCH + Duration::from_secs(SUNDAY);
        let retry = |pairs| retry_after(&headers(pairs), now);
        assert_eq!(
            retry(&[("retry-after", "120")]),
            Some(Duration::from_secs(120))
        );
        // A date counts from `Date` when there is one, else from now.
        let date = [
            ("date", "Sun, 06 Nov 1994 07:49:37 GMT"),
            ("retry-after", "Sunday, 06-Nov-94 08:49:37 GMT"),
        ];
        assert_eq!(retry(&date), Some(Duration::from_secs(3600)));
        let no_date = [("retry-after", "Sun Nov  6 08:59:37 1994")];
        assert_eq!(retry(&no_date), Some(Duration::from_secs(600)));
        // Past dates mean at once; what is neither form is ignored.
        let past = [("retry-after", "Sun, 06 Nov 1994 07:00:00 GMT")];
        assert_eq!(retry(&past), Some(Duration::ZERO));
        assert_eq!(retry(&[("retry-after", "soon")]), None);
        assert_eq!(retry(&[]), None);
    }

    #[test]
    fn repeated_and_non_ascii_values_are_read() {
        let mut map = headers(&[("cache-control", "public"), ("cache-control", "max-age=60")]);
        assert_eq!(header_values(&map, "Cache-Control").count(), 2);
        map.insert(
            "x-note",
            HeaderValue::from_bytes("caf\u{e9}".as_bytes()).unwrap_or(HeaderValue::from_static("")),
        );
        assert_eq!(header(&map, "X-Note"), Some("caf\u{e9}"));
    }
}
