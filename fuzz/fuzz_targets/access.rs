//! The access policy with arbitrary outcomes: statuses, headers, bodies, redirect counts,
//! errors, evaluation times and options, under every variant.
//!
//! Invariants: a 2xx response always yields rules (reason `Success`) parsed from the body cut at
//! the size limit — the whole body when it fits, else a prefix ending at a line end, no longer
//! than the limit, with one `size-limit` diagnostic; every other outcome yields no rules and no
//! diagnostics; a lifetime read from a cache header never exceeds the ceiling in force; every
//! variant at once (`evaluate_each`, one pass over the body, in an order the input picks)
//! answers what each alone answers: the result, its rules and its figures.
#![no_main]

use std::time::{Duration, UNIX_EPOCH};

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use robotspec::access::{
    evaluate, evaluate_each, max_lifetime, size_limit, Access, AccessOptions, AccessReason,
    AccessState, FetchOutcome, LifetimeSource,
};
use robotspec::AgentQuery;
use robotspec::{Code, Robots, Variant};

/// What a parsed file says: its groups, sitemaps and records (diagnostics left out).
fn summary(robots: &Robots) -> serde_json::Value {
    let mut value = serde_json::to_value(robots).unwrap_or_default();
    value["diagnostics"] = serde_json::Value::Null;
    value
}

#[derive(Debug, Arbitrary)]
enum Kind {
    Response,
    TooManyRedirects(u8),
    Timeout,
    NetworkError,
}

#[derive(Debug, Arbitrary)]
struct Input {
    variant: u8,
    kind: Kind,
    status: u16,
    headers: Vec<(String, String)>,
    now: u32,
    size_limit: Option<u16>,
    max_lifetime: Option<u32>,
    body: Vec<u8>,
}

fuzz_target!(|input: Input| {
    let variant = Variant::ALL[usize::from(input.variant) % Variant::ALL.len()];
    let outcome = match input.kind {
        Kind::Response => FetchOutcome::Response {
            status: input.status,
            // Pairs that are not a valid header name and value are what no client hands over.
            headers: input
                .headers
                .iter()
                .filter_map(|(name, value)| {
                    Some((
                        robotspec::access::HeaderName::from_bytes(name.as_bytes()).ok()?,
                        robotspec::access::HeaderValue::from_str(value).ok()?,
                    ))
                })
                .collect(),
            body: input.body,
        },
        Kind::TooManyRedirects(hops) => FetchOutcome::TooManyRedirects {
            hops: usize::from(hops),
        },
        Kind::Timeout => FetchOutcome::Timeout,
        Kind::NetworkError => FetchOutcome::NetworkError {
            message: String::from_utf8_lossy(&input.body).into_owned(),
        },
    };
    let mut options = AccessOptions::default();
    if let Some(bytes) = input.size_limit {
        options = options.with_size_limit(usize::from(bytes));
    }
    if let Some(seconds) = input.max_lifetime {
        options = options.with_max_lifetime(Duration::from_secs(u64::from(seconds)));
    }
    let now = UNIX_EPOCH + Duration::from_secs(u64::from(input.now));
    let access = evaluate(variant, &outcome, now, &options);
    assert_eq!(access.profile, robotspec::Profile::from(variant));
    let _ = access.reason.to_string();
    let _ = access.allows(&AgentQuery::new("foobot"), "/a");

    assert_eq!(
        access.robots().is_some(),
        access.state == AccessState::Rules,
        "rules exactly in the rules state"
    );
    match (&outcome, access.robots()) {
        (FetchOutcome::Response { status, body, .. }, Some(robots))
            if (200..=299).contains(status) =>
        {
            assert_eq!(access.reason, AccessReason::Success(*status));
            let limit = size_limit(variant, &options);
            let whole = Robots::parse(body, variant);
            if body.len() <= limit {
                assert_eq!(
                    summary(robots),
                    summary(&whole),
                    "a body within the limit is used whole"
                );
                assert!(access.diagnostics.is_empty());
            } else {
                assert_eq!(access.diagnostics.len(), 1);
                let cut = &access.diagnostics[0];
                assert_eq!(cut.code, Code::SizeLimit);
                assert!(cut.line >= 1);
                let used = &body[..cut.span.start];
                assert!(used.len() <= limit, "more than the limit was used");
                assert!(
                    used.is_empty() || matches!(used.last(), Some(b'\n' | b'\r')),
                    "the cut is at a line end"
                );
                let prefix = Robots::parse(used, variant);
                assert_eq!(
                    summary(robots),
                    summary(&prefix),
                    "the rules come from the prefix"
                );
            }
        }
        (FetchOutcome::Response { status, .. }, robots) => {
            assert!(
                !(200..=299).contains(status),
                "a 2xx response without rules: {}",
                access.state
            );
            assert!(robots.is_none(), "rules from a {status} response");
            assert!(access.diagnostics.is_empty());
        }
        (_, robots) => {
            assert!(robots.is_none(), "rules without a response");
            assert!(access.diagnostics.is_empty());
        }
    }

    let ceiling = max_lifetime(variant, &options);
    if let (
        Some(ceiling),
        LifetimeSource::MaxAge | LifetimeSource::Expires | LifetimeSource::Capped,
    ) = (ceiling, access.lifetime_source)
    {
        assert!(access.lifetime <= ceiling, "lifetime above the ceiling");
    }

    let mut profiles: Vec<robotspec::Profile> = Variant::ALL
        .iter()
        .map(|&v| robotspec::Profile::from(v))
        .collect();
    profiles.rotate_left(usize::from(input.variant) % Variant::ALL.len());
    if input.variant >= 128 {
        profiles.reverse();
    }
    let json = |access: &Access| {
        (
            serde_json::to_string(access).ok(),
            serde_json::to_string(&access.robots()).ok(),
            serde_json::to_string(&access.summary()).ok(),
        )
    };
    let each = evaluate_each(&profiles, &outcome, now, &options);
    assert_eq!(each.len(), profiles.len());
    for (profile, at_once) in profiles.iter().zip(&each) {
        let alone = evaluate(*profile, &outcome, now, &options);
        assert_eq!(
            json(at_once),
            json(&alone),
            "{profile}: every reading at once"
        );
    }
});
