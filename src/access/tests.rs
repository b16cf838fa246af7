#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use super::cache_control::CacheControl;
use super::http::http_date;
use super::*;
use crate::diagnostic::Code;
use crate::variant::{Profile, Variant};
use proptest::prelude::*;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use url::Url;

fn now() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_700_000_000)
}

fn response(status: u16, headers: &[(&str, &str)], body: &[u8]) -> FetchOutcome {
    FetchOutcome::Response {
        status,
        headers: headers
            .iter()
            .map(|(n, v)| {
                (
                    HeaderName::from_bytes(n.as_bytes()).unwrap(),
                    HeaderValue::from_str(v).unwrap(),
                )
            })
            .collect(),
        body: body.to_vec(),
    }
}

fn state(variant: Variant, outcome: &FetchOutcome) -> &'static str {
    evaluate(variant, outcome, now(), &AccessOptions::default())
        .state
        .name()
}

fn per_variant(outcome: &FetchOutcome) -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| state(*v, outcome)).collect()
}

#[test]
fn status_table() {
    let r = "rules";
    let a = "allow-all";
    let d = "disallow-all";
    let u = "unreachable";
    let cases: &[(u16, [&str; 5])] = &[
        (200, [r; 5]),
        (204, [r; 5]),
        (401, [d, d, a, a, a]),
        (403, [d, d, a, a, a]),
        (404, [a; 5]),
        (410, [a; 5]),
        (418, [a; 5]),
        (429, [u, u, a, a, u]),
        (500, [u; 5]),
        (503, [u; 5]),
        (100, [u; 5]),
        (304, [u; 5]),
        (300, [u; 5]),
        (600, [u; 5]),
    ];
    for (status, expected) in cases {
        assert_eq!(
            per_variant(&response(*status, &[], b"")),
            expected,
            "{status}"
        );
    }
    assert_eq!(per_variant(&FetchOutcome::Timeout), [u; 5]);
    let network = FetchOutcome::NetworkError {
        message: "reset".into(),
    };
    assert_eq!(per_variant(&network), [u; 5]);
    assert_eq!(
        per_variant(&FetchOutcome::TooManyRedirects { hops: 5 }),
        [a; 5]
    );
}

#[test]
fn lifetimes() {
    let life = |v: Variant, headers: &[(&str, &str)]| {
        evaluate(
            v,
            &response(200, headers, b""),
            now(),
            &AccessOptions::default(),
        )
        .lifetime
    };
    let day = Duration::from_secs(86_400);
    assert_eq!(life(Variant::Draft1996, &[]), 7 * day);
    assert_eq!(life(Variant::Convention1994, &[]), 7 * day);
    assert_eq!(life(Variant::Rfc9309, &[]), day);
    assert_eq!(
        life(Variant::Google, &[("cache-control", "max-age=60")]),
        Duration::from_secs(60)
    );
    assert_eq!(
        life(Variant::Google, &[("Cache-Control", "max-age=999999")]),
        Duration::from_secs(999_999)
    );
    assert_eq!(
        life(
            Variant::RepDraft2019,
            &[("Cache-Control", "max-age=999999")]
        ),
        day
    );
    // Expires without Date counts from `now`; an invalid Expires has expired.
    let in_an_hour = "Tue, 14 Nov 2023 23:13:20 GMT";
    assert_eq!(
        life(Variant::Draft1996, &[("Expires", in_an_hour)]),
        Duration::from_secs(3600)
    );
    assert_eq!(
        life(Variant::Draft1996, &[("Expires", "0")]),
        Duration::ZERO
    );
    assert_eq!(life(Variant::Google, &[("Expires", in_an_hour)]), day);
    // A caller's ceiling.
    let options = AccessOptions {
        max_lifetime: Some(Duration::from_secs(100)),
        ..AccessOptions::default()
    };
    let capped = evaluate(
        Variant::Google,
        &response(200, &[("cache-control", "max-age=5000")], b""),
        now(),
        &options,
    );
    assert_eq!(
        (capped.lifetime, capped.lifetime_source),
        (Duration::from_secs(100), LifetimeSource::Capped)
    );
}

#[test]
fn http_dates() {
    let t = http_date("Sun, 06 Nov 1994 08:49:37 GMT").unwrap();
    assert_eq!(t.duration_since(UNIX_EPOCH).unwrap().as_secs(), 784_111_777);
    assert_eq!(http_date("Tue, 14 Nov 2023 22:13:20 GMT"), Some(now()));
    // The obsolete forms a recipient must also read (RFC 9110 §5.6.7).
    assert_eq!(http_date("Sunday, 06-Nov-94 08:49:37 GMT"), Some(t));
    assert_eq!(http_date("Sun Nov  6 08:49:37 1994"), Some(t));
    assert_eq!(http_date("Sun, 32 Nov 1994 08:49:37 GMT"), None);
    assert_eq!(http_date(""), None);
}

#[test]
fn size_limit_cuts_at_a_line_end_and_is_configurable() {
    let mut body = b"User-agent: *\nDisallow: /a\n".to_vec();
    body.extend_from_slice(b"Disallow: /b\n");
    let options = AccessOptions {
        size_limit: Some(30),
        ..AccessOptions::default()
    };
    // Google accepts any limit: the first 30 bytes end inside `Disallow: /b`, which goes.
    let google = evaluate(Variant::Google, &response(200, &[], &body), now(), &options);
    let robots = google.robots().unwrap();
    let kept: Vec<&[u8]> = robots.rules().map(|r| r.pattern()).collect();
    assert_eq!(kept, [b"/a"]);
    assert!(
        robots.diagnostics().is_empty(),
        "the cut is the access stage's"
    );
    assert_eq!(google.diagnostics[0].code, Code::SizeLimit);
    assert_eq!(google.diagnostics[0].line, 3);
    assert_eq!(google.diagnostics[0].span.start, 27);
    // RFC 9309 raises a limit below 500 KiB to 500 KiB: nothing is cut.
    let rfc = evaluate(
        Variant::Rfc9309,
        &response(200, &[], &body),
        now(),
        &options,
    );
    assert_eq!(rfc.robots().unwrap().rules().len(), 2);
    assert!(rfc.diagnostics.is_empty());
    assert_eq!(
        size_limit(Variant::Rfc9309, &AccessOptions::default()),
        512_000
    );
}

#[test]
fn redirects() {
    let base = Url::parse("http://a.example/robots.txt").unwrap();
    for status in [301, 302, 303, 307, 308] {
        assert_eq!(
            redirect_target(status, Some("/x"), &base).unwrap().as_str(),
            "http://a.example/x"
        );
    }
    assert_eq!(redirect_target(300, Some("/x"), &base), None);
    assert_eq!(redirect_target(304, Some("/x"), &base), None);
    assert_eq!(redirect_target(301, None, &base), None);
    assert_eq!(redirect_target(301, Some("mailto:x@y"), &base), None);
    assert_eq!(
        redirect_target(302, Some("https://b.example:8443/r.txt"), &base)
            .unwrap()
            .as_str(),
        "https://b.example:8443/r.txt"
    );
    assert_eq!(max_redirects(Variant::Google, &AccessOptions::default()), 5);
}

/// Scope per variant beyond Google's table (which `tests/scope.rs` checks row by row from the
/// vendored `tests/examples/scope.jsonl`): the older texts define robots.txt over HTTP only
/// (A47); 2019 and RFC 9309 any scheme.
#[test]
fn schemes_in_scope_per_variant() {
    let https = Url::parse("https://example.com/robots.txt").unwrap();
    assert!(!governs(Variant::Draft1996, &https, "https://example.com/"));
    assert!(governs(Variant::Google, &https, "https://example.com/a"));
    let ftp = Url::parse("ftp://example.com/robots.txt").unwrap();
    assert!(governs(Variant::Rfc9309, &ftp, "ftp://example.com/a"));
}

fn lifetime_of(variant: Variant, headers: &[(&str, &str)]) -> (u64, LifetimeSource) {
    let access = evaluate(
        variant,
        &response(200, headers, b""),
        now(),
        &AccessOptions::default(),
    );
    (access.lifetime.as_secs(), access.lifetime_source)
}

#[test]
fn cache_control_directives_are_read_whatever_their_spelling() {
    let parse = |lines: &[&str]| CacheControl::parse(lines.iter().copied());
    let parsed = parse(&["Public, MAX-AGE=60", "No-Store"]);
    assert_eq!(parsed.max_age, Some(Some(60)));
    assert!(parsed.no_store && !parsed.no_cache);
    // Quoted values, odd whitespace, empty list elements.
    assert_eq!(
        parse(&[" , max-age = \"120\" ,, "]).max_age,
        Some(Some(120))
    );
    // A comma inside a quoted string does not split; escapes are removed.
    let quoted = parse(&["private=\"a, max-age=5\", no-cache=\"x\\\"y\", max-age=7"]);
    assert_eq!(quoted.max_age, Some(Some(7)));
    assert!(quoted.no_cache);
    // The first max-age counts, even when a later one is valid.
    assert_eq!(parse(&["max-age=10, max-age=20"]).max_age, Some(Some(10)));
    assert_eq!(parse(&["max-age=x", "max-age=20"]).max_age, Some(None));
    for bad in [
        "max-age=-1",
        "max-age=",
        "max-age",
        "max-age=1.5",
        "max-age=60s",
    ] {
        assert_eq!(parse(&[bad]).max_age, Some(None), "{bad}");
    }
    // Huge numbers saturate; s-maxage and unknown directives are not max-age.
    assert_eq!(
        parse(&["max-age=99999999999999999999999"]).max_age,
        Some(Some(u64::MAX))
    );
    assert_eq!(
        parse(&["s-maxage=5, no-transform"]),
        CacheControl::default()
    );
    assert_eq!(parse(&["no-storex, xno-cache"]), CacheControl::default());
}

#[test]
fn no_store_and_no_cache_give_lifetime_zero_in_every_variant() {
    for &variant in Variant::ALL {
        assert_eq!(
            lifetime_of(variant, &[("Cache-Control", "max-age=600, no-store")]),
            (0, LifetimeSource::NoStore),
            "{variant}"
        );
        assert_eq!(
            lifetime_of(variant, &[("cache-control", "NO-CACHE"), ("Expires", "0")]),
            (0, LifetimeSource::NoCache),
            "{variant}"
        );
        // no-store wins over no-cache, on separate header lines too.
        assert_eq!(
            lifetime_of(
                variant,
                &[("Cache-Control", "no-cache"), ("Cache-Control", "no-store")]
            ),
            (0, LifetimeSource::NoStore)
        );
    }
    // A 404 with no-store: allow-all, not to be kept.
    let gone = evaluate(
        Variant::Google,
        &response(404, &[("Cache-Control", "no-store")], b""),
        now(),
        &AccessOptions::default(),
    );
    assert_eq!(gone.state.name(), "allow-all");
    assert_eq!(gone.lifetime_source, LifetimeSource::NoStore);
    // Unreachable results keep their retry interval whatever the cache headers say.
    let down = evaluate(
        Variant::Google,
        &response(503, &[("Cache-Control", "no-store")], b""),
        now(),
        &AccessOptions::default(),
    );
    assert_eq!(
        (down.lifetime.as_secs(), down.lifetime_source),
        (3600, LifetimeSource::Retry)
    );
}

#[test]
fn s_maxage_is_for_shared_caches_and_ignored() {
    assert_eq!(
        lifetime_of(
            Variant::Google,
            &[("Cache-Control", "s-maxage=10, max-age=100")]
        ),
        (100, LifetimeSource::MaxAge)
    );
    assert_eq!(
        lifetime_of(Variant::Google, &[("Cache-Control", "s-maxage=10")]),
        (86_400, LifetimeSource::Default)
    );
}

#[test]
fn an_invalid_max_age_is_stale_at_once() {
    for value in ["max-age=soon", "max-age=-5", "max-age"] {
        assert_eq!(
            lifetime_of(Variant::Google, &[("Cache-Control", value)]),
            (0, LifetimeSource::MaxAge),
            "{value}"
        );
    }
    // …and it beats Expires, as any max-age does.
    let expires = [
        ("Cache-Control", "max-age=x"),
        ("Expires", "Tue, 14 Nov 2023 23:13:20 GMT"),
    ];
    assert_eq!(
        lifetime_of(Variant::Draft1996, &expires),
        (0, LifetimeSource::MaxAge)
    );
}

#[test]
fn age_is_subtracted_from_a_lifetime_the_headers_give() {
    let google = |headers: &[(&str, &str)]| lifetime_of(Variant::Google, headers);
    assert_eq!(
        google(&[("Cache-Control", "max-age=600"), ("Age", "100")]),
        (500, LifetimeSource::MaxAge)
    );
    assert_eq!(
        google(&[("Cache-Control", "max-age=600"), ("age", " 900 ")]),
        (0, LifetimeSource::MaxAge)
    );
    // An invalid Age counts as zero; the variant's default is not aged.
    for bad in ["-1", "ten", "1e3", ""] {
        assert_eq!(
            google(&[("Cache-Control", "max-age=600"), ("Age", bad)]),
            (600, LifetimeSource::MaxAge),
            "{bad}"
        );
    }
    assert_eq!(google(&[("Age", "100")]), (86_400, LifetimeSource::Default));
    // Expires is aged too (1996).
    let expires = [("Expires", "Tue, 14 Nov 2023 23:13:20 GMT"), ("Age", "600")];
    assert_eq!(
        lifetime_of(Variant::Draft1996, &expires),
        (3000, LifetimeSource::Expires)
    );
    // The 24-hour ceiling applies after the age: 100 000 s less 90 000 s is under it.
    let old = [("Cache-Control", "max-age=100000"), ("Age", "90000")];
    assert_eq!(
        lifetime_of(Variant::Rfc9309, &old),
        (10_000, LifetimeSource::MaxAge)
    );
    let young = [("Cache-Control", "max-age=100000"), ("Age", "10")];
    assert_eq!(
        lifetime_of(Variant::Rfc9309, &young),
        (86_400, LifetimeSource::Capped)
    );
}

fn not_found_hook() -> AccessOptions {
    AccessOptions {
        treat_5xx_as_404: Some(Misconfigured5xx::new(|status, headers, body| {
            status == 500 && headers.contains_key("X-Page") && body.starts_with(b"not found")
        })),
        ..AccessOptions::default()
    }
}

#[test]
fn the_misconfigured_5xx_hook_turns_a_5xx_into_the_4xx_outcome() {
    let page = response(500, &[("X-Page", "1")], b"not found here");
    for &variant in Variant::ALL {
        let access = evaluate(variant, &page, now(), &not_found_hook());
        assert_eq!(access.state.name(), "allow-all", "{variant}");
        assert_eq!(access.reason, AccessReason::ServerErrorAsNotFound(500));
        assert!(access.reason.to_string().contains("misconfigured-5xx hook"));
        // A 4xx lifetime, not the retry interval.
        assert_eq!(access.lifetime_source, LifetimeSource::Default);
        // Without the hook the same response is a server error.
        let plain = evaluate(variant, &page, now(), &AccessOptions::default());
        assert_eq!(plain.state.name(), "unreachable");
        assert_eq!(plain.reason, AccessReason::ServerError(500));
    }
    // The hook sees status, headers and body: when it says no, the 5xx stands.
    for other in [
        response(503, &[("X-Page", "1")], b"not found here"),
        response(500, &[], b"not found here"),
        response(500, &[("X-Page", "1")], b"overloaded"),
    ] {
        let access = evaluate(Variant::Google, &other, now(), &not_found_hook());
        assert_eq!(access.state.name(), "unreachable");
    }
    // It is never asked about other statuses.
    let ok = evaluate(
        Variant::Google,
        &response(200, &[("X-Page", "1")], b"not found"),
        now(),
        &not_found_hook(),
    );
    assert_eq!(ok.state.name(), "rules");
    assert_eq!(
        format!("{:?}", not_found_hook().treat_5xx_as_404),
        "Some(Misconfigured5xx(..))"
    );
}

/// Found by the `access` fuzz target (tests/fuzz-regressions/access/): a body over the size
/// limit whose first part already holds more diagnostics than the diagnostics limit keeps.
/// The cut is still reported, once, as the size limit.
#[test]
fn the_size_cut_is_reported_past_the_diagnostics_limit() {
    // Over every variant's limit: 65,535 bytes, raised to 512,000 for the 2019 texts.
    let body = b"\xff\xff\n".repeat(200_000);
    let options = AccessOptions::default().with_size_limit(65_535);
    for &variant in Variant::ALL {
        let access = evaluate(variant, &response(200, &[], &body), now(), &options);
        assert_eq!(access.diagnostics.len(), 1, "{variant}");
        assert_eq!(access.diagnostics[0].code, Code::SizeLimit, "{variant}");
        let robots = access.robots().unwrap();
        assert!(robots.diagnostics().len() > 10_000 || variant == Variant::Convention1994);
    }
}

/// Bodies made of pieces that part the readings: byte order marks whole, truncated and as
/// the start of a character (`EF BF BD`), NUL, vertical tab, lone CR, misspelt keys, lines
/// longer than Google's limit, invalid UTF-8.
fn parting_body() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"User-agent: *\n".to_vec()),
        Just(b"User-agent: bot/1.0 x\n".to_vec()),
        Just(b"Disallow: /a\n".to_vec()),
        Just(b"Allow: /a$\n".to_vec()),
        Just(b"dissallow: /b\n".to_vec()),
        Just(b"Crawl-delay: 1\n".to_vec()),
        Just(b"Sitemap: https://example.com/s.xml\n".to_vec()),
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just(b"\xEF".to_vec()),
        Just(b"\xEF\xBF\xBD".to_vec()),
        Just(b"\0".to_vec()),
        Just(b"\x0B".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"# c".to_vec()),
        Just(b"\xFF".to_vec()),
        Just([b"Disallow: /".as_slice(), &[b'x'; 16_700]].concat()),
    ];
    proptest::collection::vec(piece, 0..10).prop_map(|pieces| pieces.concat())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Every reading at once answers what each reading alone answers: the rules, the
    /// diagnostics and the figures, whatever the body, the status and the size limit (under
    /// which RFC 9309 and the 2019 draft, with their least limit, read more than the others).
    #[test]
    fn every_reading_at_once_is_each_reading(
        body in parting_body(),
        status in proptest::sample::select(vec![200_u16, 204, 404, 503]),
        limit in proptest::option::of(proptest::sample::select(vec![0_usize, 12, 40])),
        order in Just(Variant::ALL.to_vec()).prop_shuffle(),
    ) {
        let profiles: Vec<Profile> = order.iter().map(|v| Profile::from(*v)).collect();
        let options = match limit {
            Some(limit) => AccessOptions::default().with_size_limit(limit),
            None => AccessOptions::default(),
        };
        let outcome = response(status, &[], &body);
        let each = evaluate_each(&profiles, &outcome, now(), &options);
        proptest::prop_assert_eq!(each.len(), profiles.len());
        for (profile, access) in profiles.iter().zip(&each) {
            let one = evaluate(*profile, &outcome, now(), &options);
            let json = |access: &Access| {
                let robots = serde_json::to_string(&access.robots()).unwrap();
                let summary = serde_json::to_string(&access.summary()).unwrap();
                (serde_json::to_string(access).unwrap(), robots, summary)
            };
            proptest::prop_assert_eq!(json(access), json(&one));
        }
    }
}
