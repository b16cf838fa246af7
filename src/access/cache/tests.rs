#![allow(clippy::unwrap_used)]

use super::*;
use crate::access::{evaluate, AccessOptions, FetchOutcome};
use crate::variant::Variant;
use std::time::SystemTime;

const DAY: Duration = Duration::from_secs(86_400);

fn origin() -> Origin {
    Origin::of(&url::Url::parse("https://example.com/").unwrap()).unwrap()
}

fn result(variant: Variant, status: u16) -> Access {
    with_headers(variant, status, &[])
}

#[test]
fn fresh_then_stale_or_fetch() {
    let t0 = Instant::now();
    for (variant, lifetime, stale_usable) in [
        (Variant::Google, DAY, true),
        (Variant::Rfc9309, DAY, true),
        (Variant::Draft1996, 7 * DAY, false),
    ] {
        let cache = RobotsCache::new(variant);
        assert!(matches!(cache.lookup(&origin(), t0), Lookup::Fetch));
        cache.store(origin(), result(variant, 200), t0);
        assert!(matches!(
            cache.lookup(&origin(), t0 + lifetime / 2),
            Lookup::Fresh(_)
        ));
        let later = cache.lookup(&origin(), t0 + lifetime);
        assert_eq!(matches!(later, Lookup::Stale(_)), stale_usable, "{variant}");
        assert_eq!(matches!(later, Lookup::Fetch), !stale_usable, "{variant}");
    }
}

#[test]
fn failed_refresh_keeps_the_last_good_copy_where_the_variant_allows() {
    let t0 = Instant::now();
    let google = RobotsCache::new(Variant::Google);
    google.store(origin(), result(Variant::Google, 200), t0);
    let used = google.store(origin(), result(Variant::Google, 503), t0 + DAY);
    assert!(matches!(used.access.state, AccessState::Rules));
    assert!(matches!(used.reason, AccessReason::KeptAfterError(_)));
    assert_eq!(used.expires_at, t0 + DAY + Duration::from_secs(3600));

    // 1996: a temporary failure defers visits, whatever was cached.
    let draft = RobotsCache::new(Variant::Draft1996);
    draft.store(origin(), result(Variant::Draft1996, 200), t0);
    let used = draft.store(origin(), result(Variant::Draft1996, 503), t0 + 8 * DAY);
    assert!(matches!(used.access.state, AccessState::Unreachable));
}

#[test]
fn outage_beyond_thirty_days_without_a_copy_allows_everything() {
    let t0 = Instant::now();
    let cache = RobotsCache::new(Variant::Google);
    let first = cache.store(origin(), result(Variant::Google, 500), t0);
    assert!(matches!(first.access.state, AccessState::Unreachable));
    let day29 = cache.store(origin(), result(Variant::Google, 500), t0 + 29 * DAY);
    assert!(matches!(day29.access.state, AccessState::Unreachable));
    let day31 = cache.store(origin(), result(Variant::Google, 500), t0 + 31 * DAY);
    assert!(matches!(day31.access.state, AccessState::AllowAll));
    assert!(matches!(day31.reason, AccessReason::OutageWithoutCopy(_)));
    // A success ends the outage.
    let ok = cache.store(origin(), result(Variant::Google, 200), t0 + 32 * DAY);
    assert!(matches!(ok.access.state, AccessState::Rules));
    assert_eq!(cache.len(), 1);
}

#[test]
fn shared_between_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<RobotsCache>();
    let cache = std::sync::Arc::new(RobotsCache::new(Variant::Google));
    let t0 = Instant::now();
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let cache = std::sync::Arc::clone(&cache);
            std::thread::spawn(move || {
                let origin =
                    Origin::of(&url::Url::parse(&format!("http://h{i}.example/")).unwrap())
                        .unwrap();
                cache.store(origin.clone(), result(Variant::Google, 404), t0);
                matches!(cache.lookup(&origin, t0), Lookup::Fresh(_))
            })
        })
        .collect();
    assert!(handles.into_iter().all(|h| h.join().unwrap()));
    assert_eq!(cache.len(), 4);
    cache.remove(&origin());
    assert!(!cache.is_empty());
}

fn with_headers(variant: Variant, status: u16, headers: &[(&str, &str)]) -> Access {
    let outcome = FetchOutcome::Response {
        status,
        headers: headers
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect(),
        body: b"User-agent: *\nDisallow: /private\n".to_vec(),
    };
    evaluate(
        variant,
        &outcome,
        SystemTime::UNIX_EPOCH,
        &AccessOptions::default(),
    )
}

fn strict(variant: Variant) -> RobotsCache {
    let options = AccessOptions {
        strict_unreachable: true,
        ..AccessOptions::default()
    };
    RobotsCache::with_options(variant, &options)
}

#[test]
fn strict_unreachable_disallows_despite_a_copy_for_thirty_days() {
    let t0 = Instant::now();
    for variant in [Variant::Google, Variant::Rfc9309, Variant::RepDraft2019] {
        let cache = strict(variant);
        cache.store(origin(), result(variant, 200), t0);
        let day1 = cache.store(origin(), result(variant, 503), t0 + DAY);
        assert!(
            matches!(day1.access.state, AccessState::Unreachable),
            "{variant}"
        );
        assert_eq!(day1.reason, AccessReason::ServerError(503));
        // Not usable while the next fetch is under way either.
        let after_retry = t0 + DAY + Duration::from_secs(3601);
        assert!(matches!(
            cache.lookup(&origin(), after_retry),
            Lookup::Fetch
        ));
        let day30 = cache.store(origin(), result(variant, 500), t0 + 30 * DAY);
        assert!(matches!(day30.access.state, AccessState::Unreachable));
        // Errors since day 1: past 30 days the last good copy is used again.
        let day32 = cache.store(origin(), result(variant, 500), t0 + 32 * DAY);
        assert!(
            matches!(day32.access.state, AccessState::Rules),
            "{variant}"
        );
        assert!(matches!(day32.reason, AccessReason::KeptAfterError(_)));
    }
    // The same failure without the flag keeps the copy from the start.
    let lenient = RobotsCache::new(Variant::Google);
    lenient.store(origin(), result(Variant::Google, 200), t0);
    let day1 = lenient.store(origin(), result(Variant::Google, 503), t0 + DAY);
    assert!(matches!(day1.access.state, AccessState::Rules));
}

#[test]
fn strict_unreachable_without_a_copy_still_allows_all_after_the_outage_limit() {
    let t0 = Instant::now();
    let cache = strict(Variant::Google);
    cache.store(origin(), result(Variant::Google, 500), t0);
    let day31 = cache.store(origin(), result(Variant::Google, 500), t0 + 31 * DAY);
    assert!(matches!(day31.access.state, AccessState::AllowAll));
    // 1996 never keeps a copy: the flag changes nothing.
    let draft = strict(Variant::Draft1996);
    draft.store(origin(), result(Variant::Draft1996, 200), t0);
    let used = draft.store(origin(), result(Variant::Draft1996, 503), t0 + 40 * DAY);
    assert!(matches!(used.access.state, AccessState::Unreachable));
}

#[test]
fn no_store_results_are_used_once_and_not_kept() {
    let t0 = Instant::now();
    let cache = RobotsCache::new(Variant::Google);
    cache.store(origin(), result(Variant::Google, 200), t0);
    let fresh = with_headers(Variant::Google, 200, &[("Cache-Control", "no-store")]);
    let used = cache.store(origin(), fresh, t0 + DAY);
    assert!(matches!(used.access.state, AccessState::Rules));
    assert_eq!(used.expires_at, t0 + DAY);
    // The older copy went too: nothing is left to fall back on.
    assert!(cache.is_empty());
    assert!(matches!(cache.lookup(&origin(), t0 + DAY), Lookup::Fetch));
    let failed = cache.store(origin(), result(Variant::Google, 503), t0 + 2 * DAY);
    assert!(matches!(failed.access.state, AccessState::Unreachable));
}

#[test]
fn no_cache_results_are_stale_at_once() {
    let t0 = Instant::now();
    for (variant, stale_usable) in [(Variant::Google, true), (Variant::Draft1996, false)] {
        let cache = RobotsCache::new(variant);
        let access = with_headers(variant, 200, &[("Cache-Control", "no-cache")]);
        cache.store(origin(), access, t0);
        let found = cache.lookup(&origin(), t0);
        assert_eq!(matches!(found, Lookup::Stale(_)), stale_usable, "{variant}");
        assert_eq!(matches!(found, Lookup::Fetch), !stale_usable, "{variant}");
        // Unlike no-store, the copy stays as the last good one.
        let failed = cache.store(origin(), result(variant, 503), t0 + DAY);
        assert_eq!(
            matches!(failed.access.state, AccessState::Rules),
            stale_usable
        );
    }
}
