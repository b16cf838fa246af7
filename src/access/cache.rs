//! A cache of access results keyed by origin, for a crawler to hold and share between threads.
//!
//! [`RobotsCache::store`] records the result of a fetch ([`crate::access::evaluate`]) and
//! returns the result to use, which is not always the new one: when a refresh fails, variants
//! that allow it keep the last good copy (docs/spec/VARIANTS.md A33), and once errors have lasted longer
//! than the variant's outage limit (30 days for 2019, RFC 9309 and Google) the last good copy is
//! used, else everything is allowed. [`RobotsCache::lookup`] says whether an entry is
//! [`Lookup::Fresh`], [`Lookup::Stale`] (expired but usable while a refresh is under way) or must
//! be fetched ([`Lookup::Fetch`]).
//!
//! With [`AccessOptions::strict_unreachable`] ([`RobotsCache::with_options`]) a failed refresh
//! gives full disallow instead of the last good copy until the outage limit is passed. A result
//! whose headers say `Cache-Control: no-store` ([`LifetimeSource::NoStore`]) is returned but not
//! kept: the entry for its origin is dropped, so the next lookup says fetch.
//!
//! The clock is the caller's: every call takes `now: Instant`, so tests need no sleeping.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use super::options::{AccessOptions, LifetimeSource};
use super::policy::{Access, AccessReason};
use super::scope::Origin;
use crate::variant::{AccessProfile, Profile};
use crate::vocab::access::AccessState;

/// A result in use for an origin.
#[derive(Debug, Clone)]
pub struct Cached {
    /// The result whose state is used (the last good copy after a failed refresh).
    pub access: Arc<Access>,
    /// Why this result is used (differs from `access.reason` after a failed refresh).
    pub reason: AccessReason,
    /// When it was stored.
    pub stored_at: Instant,
    /// When it stops being fresh.
    pub expires_at: Instant,
}

/// What [`RobotsCache::lookup`] found.
#[derive(Debug, Clone)]
pub enum Lookup {
    /// Use it.
    Fresh(Cached),
    /// Expired: fetch again, but the variant lets this copy be used until the fetch is done
    /// (2019, RFC 9309, Google: a cached copy stays usable while the file cannot be refreshed).
    Stale(Cached),
    /// Nothing usable: fetch before crawling (no entry, or an expired one in a variant that
    /// must check freshness before use — 1994, 1996).
    Fetch,
}

#[derive(Debug, Clone)]
struct Entry {
    current: Cached,
    /// The last definite result (rules, allow-all, disallow-all).
    last_good: Option<Arc<Access>>,
    /// When the current run of failures began.
    failing_since: Option<Instant>,
}

/// Access results by origin (scheme, host, port) for one variant. `Send + Sync`.
#[derive(Debug)]
pub struct RobotsCache {
    profile: Profile,
    /// A33's `strict_unreachable`: no copy is kept after an error within the outage limit.
    strict_unreachable: bool,
    entries: RwLock<HashMap<Origin, Entry>>,
}

/// A long way off, for lifetimes that overflow `Instant`.
fn later(now: Instant, lifetime: Duration) -> Instant {
    now.checked_add(lifetime)
        .or_else(|| now.checked_add(Duration::from_secs(100 * 365 * 86_400)))
        .unwrap_or(now)
}

impl RobotsCache {
    /// An empty cache applying `profile`'s policy (a [`Variant`](crate::Variant) or a
    /// [`Profile`]).
    pub fn new(profile: impl Into<Profile>) -> RobotsCache {
        RobotsCache::with_options(profile, &AccessOptions::default())
    }

    /// An empty cache applying `profile`'s policy as `options` change it (the cache reads
    /// [`AccessOptions::strict_unreachable`]).
    pub fn with_options(profile: impl Into<Profile>, options: &AccessOptions) -> RobotsCache {
        RobotsCache {
            profile: profile.into(),
            strict_unreachable: options.strict_unreachable,
            entries: RwLock::new(HashMap::new()),
        }
    }

    /// The reading whose policy applies.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The entry for `origin` at time `now`.
    pub fn lookup(&self, origin: &Origin, now: Instant) -> Lookup {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        let Some(entry) = entries.get(origin) else {
            return Lookup::Fetch;
        };
        if now < entry.current.expires_at {
            return Lookup::Fresh(entry.current.clone());
        }
        let access = &self.profile.access;
        let within_outage = entry
            .failing_since
            .is_none_or(|since| !outage_over(access, since, now));
        let usable = !matches!(entry.current.access.state, AccessState::Unreachable);
        if access.keep_cache_on_error && usable && within_outage {
            Lookup::Stale(entry.current.clone())
        } else {
            Lookup::Fetch
        }
    }

    /// Records the result of a fetch for `origin` at time `now`, and returns the result to use.
    /// A `no-store` result is returned and the origin's entry dropped.
    pub fn store(&self, origin: Origin, access: Access, now: Instant) -> Cached {
        let profile = &self.profile.access;
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        let previous = entries.remove(&origin);
        let failed = matches!(access.state, AccessState::Unreachable);
        if access.lifetime_source == LifetimeSource::NoStore && !failed {
            let reason = access.reason.clone();
            return Cached {
                access: Arc::new(access),
                reason,
                stored_at: now,
                expires_at: now,
            };
        }
        let keep_on_error = profile.keep_cache_on_error && !self.strict_unreachable;
        let lifetime = access.lifetime;
        let reason = access.reason.clone();
        let access = Arc::new(access);
        let cached = |access, reason| Cached {
            access,
            reason,
            stored_at: now,
            expires_at: later(now, lifetime),
        };
        let entry = if failed {
            let last_good = previous.as_ref().and_then(|p| p.last_good.clone());
            let failing_since = previous
                .as_ref()
                .and_then(|p| p.failing_since)
                .unwrap_or(now);
            let over = outage_over(profile, failing_since, now);
            let current = match &last_good {
                Some(good) if over || keep_on_error => cached(
                    Arc::clone(good),
                    AccessReason::KeptAfterError(Box::new(reason)),
                ),
                None if over => {
                    let allow = Access::without_rules(
                        self.profile,
                        AccessState::AllowAll,
                        AccessReason::OutageWithoutCopy(Box::new(reason.clone())),
                        (lifetime, LifetimeSource::Retry),
                    );
                    cached(
                        Arc::new(allow),
                        AccessReason::OutageWithoutCopy(Box::new(reason)),
                    )
                }
                _ => cached(access, reason),
            };
            Entry {
                current,
                last_good,
                failing_since: Some(failing_since),
            }
        } else {
            Entry {
                current: cached(Arc::clone(&access), reason),
                last_good: Some(access),
                failing_since: None,
            }
        };
        let current = entry.current.clone();
        entries.insert(origin, entry);
        current
    }

    /// Forgets an origin.
    pub fn remove(&self, origin: &Origin) {
        self.entries
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(origin);
    }

    /// The number of origins held.
    pub fn len(&self) -> usize {
        self.entries.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// True when no origin is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Have failures that began at `since` lasted longer than the variant's outage limit at `now`?
fn outage_over(profile: &AccessProfile, since: Instant, now: Instant) -> bool {
    profile
        .outage_limit
        .is_some_and(|limit| now.saturating_duration_since(since) > limit)
}

#[cfg(test)]
mod tests;
