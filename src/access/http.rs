//! HTTP for the access policy: reading response headers, the freshness lifetime they give a
//! fetched robots.txt (RFC 9111), and HTTP dates.
//!
//! The rules RFC 9111 sets for a private cache — which is what a crawler's robots.txt cache
//! is — are quoted in docs/access.md; `cache_control` reads the `Cache-Control` header itself.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::cache_control::{parse_seconds, CacheControl};
use super::options::{AccessOptions, LifetimeSource};
use crate::variant::{AccessProfile, CacheHeaders};

/// The first value of a header, by case-insensitive name.
pub(super) fn header<'h>(headers: &'h [(String, String)], name: &str) -> Option<&'h str> {
    headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim())
}

/// Every value of a header, in order, by case-insensitive name.
fn header_values<'h>(
    headers: &'h [(String, String)],
    name: &'h str,
) -> impl Iterator<Item = &'h str> + 'h {
    headers
        .iter()
        .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// The lifetime cache headers give, most restrictive first: `no-store`, `no-cache`, `max-age`,
/// `Expires` (per the variant), else the variant's default. `Age` is subtracted from a lifetime
/// the headers give (RFC 9111 §4.2.3); the ceiling applies after that.
pub(super) fn lifetime(
    profile: &AccessProfile,
    headers: &[(String, String)],
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
    headers: &[(String, String)],
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

/// An HTTP date in the preferred IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`).
/// The obsolete RFC 850 and asctime forms are not read (they count as invalid).
pub(crate) fn http_date(text: &str) -> Option<SystemTime> {
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
