#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use super::*;

fn now() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_700_000_000)
}

fn response(status: u16, headers: &[(&str, &str)], body: &[u8]) -> Outcome {
    Outcome::Response {
        status,
        headers: headers
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect(),
        body: body.to_vec(),
    }
}

fn state(variant: Variant, outcome: &Outcome) -> &'static str {
    evaluate(variant, outcome, now(), &AccessOptions::default())
        .state
        .name()
}

fn per_variant(outcome: &Outcome) -> Vec<&'static str> {
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
    assert_eq!(per_variant(&Outcome::Timeout), [u; 5]);
    let network = Outcome::NetworkError {
        message: "reset".into(),
    };
    assert_eq!(per_variant(&network), [u; 5]);
    assert_eq!(per_variant(&Outcome::TooManyRedirects { hops: 5 }), [a; 5]);
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
    assert_eq!(http_date("Sunday, 06-Nov-94 08:49:37 GMT"), None);
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
    let robots = google.state.robots().unwrap();
    assert_eq!(robots.input(), b"User-agent: *\nDisallow: /a\n");
    assert_eq!(google.diagnostics[0].code, Code::SizeLimit);
    assert_eq!(google.diagnostics[0].line, 3);
    // RFC 9309 raises a limit below 500 KiB to 500 KiB: nothing is cut.
    let rfc = evaluate(
        Variant::Rfc9309,
        &response(200, &[], &body),
        now(),
        &options,
    );
    assert_eq!(rfc.state.robots().unwrap().input(), &body[..]);
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
