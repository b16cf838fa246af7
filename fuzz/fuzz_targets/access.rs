//! The access policy with arbitrary outcomes: statuses, headers, bodies, redirect counts,
//! errors, evaluation times and options, under every variant.
//!
//! Invariants: a 2xx response always yields rules (reason `Success`) parsed from the body cut at
//! the size limit — the whole body when it fits, else a prefix ending at a line end, no longer
//! than the limit, with one `size-limit` diagnostic; every other outcome yields no rules and no
//! diagnostics; a lifetime read from a cache header never exceeds the ceiling in force.
#![no_main]

use std::time::{Duration, UNIX_EPOCH};

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use robotspec::access::{
    evaluate, size_limit, AccessOptions, AccessState, LifetimeSource, FetchOutcome, AccessReason,
};
use robotspec::agent::AgentQuery;
use robotspec::{Code, Robots, Variant};

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
            headers: input.headers,
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
    let options = AccessOptions {
        size_limit: input.size_limit.map(usize::from),
        max_redirects: None,
        max_lifetime: input
            .max_lifetime
            .map(|s| Duration::from_secs(u64::from(s))),
        ..AccessOptions::default()
    };
    let now = UNIX_EPOCH + Duration::from_secs(u64::from(input.now));
    let access = evaluate(variant, &outcome, now, &options);
    assert_eq!(access.variant, variant);
    let _ = access.reason.to_string();
    let _ = access.allows(&AgentQuery::new("foobot"), "/a");

    match (&outcome, &access.state) {
        (FetchOutcome::Response { status, body, .. }, AccessState::Rules(robots))
            if (200..=299).contains(status) =>
        {
            assert_eq!(access.reason, AccessReason::Success(*status));
            let limit = size_limit(variant, &options);
            let whole = Robots::parse(body, variant);
            if body.len() <= limit {
                assert_eq!(
                    robots.model(),
                    whole.model(),
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
                    robots.model(),
                    prefix.model(),
                    "the rules come from the prefix"
                );
            }
        }
        (FetchOutcome::Response { status, .. }, state) => {
            assert!(
                !(200..=299).contains(status),
                "a 2xx response without rules: {}",
                state.name()
            );
            assert!(state.robots().is_none(), "rules from a {status} response");
            assert!(access.diagnostics.is_empty());
        }
        (_, state) => {
            assert!(state.robots().is_none(), "rules without a response");
            assert!(access.diagnostics.is_empty());
        }
    }

    let ceiling = options
        .max_lifetime
        .or(variant.profile().access.max_lifetime);
    if let (
        Some(ceiling),
        LifetimeSource::MaxAge | LifetimeSource::Expires | LifetimeSource::Capped,
    ) = (ceiling, access.lifetime_source)
    {
        assert!(access.lifetime <= ceiling, "lifetime above the ceiling");
    }
});
