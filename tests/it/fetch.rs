//! `robotspec::fetch` against a real HTTP server (tiny_http) on 127.0.0.1, port chosen at run
//! time: every status, redirect chains, size limit, timeouts and broken connections, with the
//! state asserted under every variant. No network beyond loopback.
#![cfg(feature = "fetch")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use robotspec::access::cache::RobotsCache;
use robotspec::access::fetch::{fetch, FetchError, FetchOptions, Fetched};
use robotspec::access::{
    AccessOptions, AccessReason, AccessState, FetchOutcome, LifetimeSource, Misconfigured5xx,
};
use robotspec::AgentQuery;
use robotspec::{Code, Variant};

/// What the server does for a path.
#[derive(Clone)]
enum Reply {
    /// Status, body, extra headers.
    Status(u16, Vec<u8>, Vec<(&'static str, String)>),
    /// A redirect.
    Redirect(u16, String),
    /// Waits, then answers 200 with a rule.
    Slow(Duration),
}

type Handler = dyn Fn(&str) -> Reply + Send + Sync;

/// A server on 127.0.0.1:0 answering in a thread; stopped when dropped.
struct TestServer {
    server: Arc<tiny_http::Server>,
    thread: Option<JoinHandle<()>>,
    host: &'static str,
    port: u16,
}

impl TestServer {
    fn start(handler: impl Fn(&str) -> Reply + Send + Sync + 'static) -> TestServer {
        TestServer::start_on("127.0.0.1", handler)
    }

    /// A server on `host` (a loopback address: all of 127.0.0.0/8 is this machine's).
    fn start_on(
        host: &'static str,
        handler: impl Fn(&str) -> Reply + Send + Sync + 'static,
    ) -> TestServer {
        let server = Arc::new(tiny_http::Server::http(format!("{host}:0")).unwrap());
        let port = server.server_addr().to_ip().unwrap().port();
        let handler: Arc<Handler> = Arc::new(handler);
        let accept = Arc::clone(&server);
        let thread = thread::spawn(move || {
            for request in accept.incoming_requests() {
                let handler = Arc::clone(&handler);
                // One thread per request, so a slow answer holds up nothing else.
                thread::spawn(move || answer(request, &*handler));
            }
        });
        TestServer {
            server,
            thread: Some(thread),
            host,
            port,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}:{}{path}", self.host, self.port)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn answer(request: tiny_http::Request, handler: &Handler) {
    let header = |name: &str, value: &str| {
        tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).unwrap()
    };
    let _ = match handler(request.url()) {
        Reply::Status(code, body, headers) => {
            let mut response = tiny_http::Response::from_data(body).with_status_code(code);
            for (name, value) in headers {
                response = response.with_header(header(name, &value));
            }
            request.respond(response)
        }
        Reply::Redirect(code, location) => request
            .respond(tiny_http::Response::empty(code).with_header(header("Location", &location))),
        Reply::Slow(delay) => {
            thread::sleep(delay);
            request.respond(tiny_http::Response::from_string(
                "User-agent: *\nDisallow: /\n",
            ))
        }
    };
}

const RULES: &str = "User-agent: *\nDisallow: /private\n";

fn ok(body: &str) -> Reply {
    Reply::Status(200, body.as_bytes().to_vec(), Vec::new())
}

fn options() -> FetchOptions {
    FetchOptions::default().with_timeout(Duration::from_secs(5))
}

fn fetch_all(page: &str, options: &FetchOptions) -> Vec<Fetched> {
    Variant::ALL
        .iter()
        .map(|v| fetch(page, *v, options).unwrap())
        .collect()
}

/// The state names per variant, in `Variant::ALL` order (1994, 1996-draft, rep-draft-2019,
/// rfc9309, google).
fn states(fetched: &[Fetched]) -> Vec<&'static str> {
    fetched.iter().map(|f| f.access.state.name()).collect()
}

const ALL_RULES: [&str; 5] = ["rules"; 5];
const ALL_ALLOW: [&str; 5] = ["allow-all"; 5];
const ALL_UNREACHABLE: [&str; 5] = ["unreachable"; 5];

fn single(reply: Reply) -> TestServer {
    TestServer::start(move |path| match path {
        "/robots.txt" => reply.clone(),
        _ => Reply::Status(404, Vec::new(), Vec::new()),
    })
}

fn disallows_private(fetched: &Fetched) -> bool {
    !fetched
        .access
        .allows(&AgentQuery::new("foobot"), "http://x/private/a")
}

#[test]
fn ok_200_is_parsed_and_obeyed_by_every_variant() {
    let server = single(ok(RULES));
    let fetched = fetch_all(&server.url("/some/page"), &options());
    assert_eq!(states(&fetched), ALL_RULES);
    for f in &fetched {
        assert!(disallows_private(f), "{}", f.access.profile);
        assert_eq!(f.robots_url.as_str(), server.url("/robots.txt"));
        assert!(f.redirects.is_empty());
        assert_eq!(f.access.reason, AccessReason::Success(200));
    }
    // 1994/1996 cache for 7 days, the others for 24 hours.
    let days: Vec<u64> = fetched
        .iter()
        .map(|f| f.access.lifetime.as_secs())
        .collect();
    assert_eq!(days, [604_800, 604_800, 86_400, 86_400, 86_400]);
}

#[test]
fn cache_control_and_expires_set_the_lifetime() {
    let headers = vec![
        ("Cache-Control", "public, max-age=172800".to_owned()),
        ("Date", "Sun, 06 Nov 1994 08:49:37 GMT".to_owned()),
    ];
    let server = single(Reply::Status(200, RULES.as_bytes().to_vec(), headers));
    let lifetimes: Vec<u64> = fetch_all(&server.url("/"), &options())
        .iter()
        .map(|f| f.access.lifetime.as_secs())
        .collect();
    // 2019 and RFC 9309 cap at 24 h; Google has no cap.
    assert_eq!(lifetimes, [172_800, 172_800, 86_400, 86_400, 172_800]);

    let headers = vec![
        ("Date", "Sun, 06 Nov 1994 08:49:37 GMT".to_owned()),
        ("Expires", "Sun, 06 Nov 1994 09:49:37 GMT".to_owned()),
    ];
    let server = single(Reply::Status(200, RULES.as_bytes().to_vec(), headers));
    let lifetimes: Vec<u64> = fetch_all(&server.url("/"), &options())
        .iter()
        .map(|f| f.access.lifetime.as_secs())
        .collect();
    // Only the 1996 reading (and 1994, which borrows it) honours Expires.
    assert_eq!(lifetimes, [3600, 3600, 86_400, 86_400, 86_400]);
}

/// `Date` and an `Expires` two hours later in each HTTP-date form (RFC 9110 §5.6.7: a recipient
/// reads all three): IMF-fixdate, the obsolete RFC 850 form and asctime.
const DATE_FORMS: [(&str, &str, &str); 3] = [
    (
        "IMF-fixdate",
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 10:49:37 GMT",
    ),
    (
        "RFC 850",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sunday, 06-Nov-94 10:49:37 GMT",
    ),
    (
        "asctime",
        "Sun Nov  6 08:49:37 1994",
        "Sun Nov  6 10:49:37 1994",
    ),
];

#[test]
fn expires_is_read_in_every_http_date_form() {
    for (form, date, expires) in DATE_FORMS {
        let headers = vec![("Date", date.to_owned()), ("Expires", expires.to_owned())];
        let server = single(Reply::Status(200, RULES.as_bytes().to_vec(), headers));
        let fetched = fetch(&server.url("/"), Variant::Draft1996, &options()).unwrap();
        assert_eq!(
            (fetched.access.lifetime, fetched.access.lifetime_source),
            (Duration::from_secs(7200), LifetimeSource::Expires),
            "{form}"
        );
        let json = serde_json::to_value(&fetched).unwrap();
        assert_eq!(
            json["lifetime"],
            serde_json::json!({"seconds": 7200, "source": "expires"}),
            "{form}"
        );
    }
}

#[test]
fn retry_after_is_read_as_a_date_in_every_form() {
    for (form, date, later) in DATE_FORMS {
        let headers = vec![("Date", date.to_owned()), ("Retry-After", later.to_owned())];
        let server = single(Reply::Status(503, Vec::new(), headers));
        for f in fetch_all(&server.url("/"), &options()) {
            assert_eq!(
                (f.access.lifetime, f.access.lifetime_source),
                (Duration::from_secs(7200), LifetimeSource::Retry),
                "{form} {}",
                f.access.profile
            );
        }
    }
}

/// A server where `/robots.txt` starts a chain of `hops` redirects with `status`, ending at a
/// file of rules.
fn chain(status: u16, hops: usize) -> TestServer {
    TestServer::start(move |path| {
        let at: usize = match path {
            "/robots.txt" => 0,
            p => match p.strip_prefix("/hop/") {
                Some(n) => n.parse().unwrap(),
                None => return ok("# nothing here\n"),
            },
        };
        if at < hops {
            Reply::Redirect(status, format!("/hop/{}", at + 1))
        } else {
            ok(RULES)
        }
    })
}

#[test]
fn redirects_of_every_kind_are_followed_up_to_five_hops() {
    for status in [301, 302, 307, 308] {
        for hops in 1..=5 {
            let server = chain(status, hops);
            let fetched = fetch_all(&server.url("/page"), &options());
            assert_eq!(states(&fetched), ALL_RULES, "{status} × {hops}");
            for f in &fetched {
                assert_eq!(f.redirects.len(), hops);
                assert!(f.redirects.iter().all(|h| h.status == status));
                assert!(disallows_private(f));
                assert_eq!(f.final_url.as_str(), server.url(&format!("/hop/{hops}")));
            }
        }
    }
}

#[test]
fn a_sixth_redirect_means_unavailable_allow_all() {
    for status in [301, 302, 307, 308] {
        let server = chain(status, 6);
        let fetched = fetch_all(&server.url("/page"), &options());
        assert_eq!(states(&fetched), ALL_ALLOW, "{status}");
        for f in &fetched {
            assert_eq!(f.outcome, FetchOutcome::TooManyRedirects { hops: 5 });
            assert_eq!(f.access.reason, AccessReason::TooManyRedirects(5));
        }
    }
}

#[test]
fn cross_host_redirects_apply_the_rules_to_the_original_origin() {
    let target = single(ok(RULES));
    let location = target.url("/robots.txt");
    let first = TestServer::start(move |_| Reply::Redirect(301, location.clone()));
    let fetched = fetch_all(&first.url("/page"), &options());
    assert_eq!(states(&fetched), ALL_RULES);
    for f in &fetched {
        assert_eq!(f.origin.to_string(), first.url(""));
        assert_eq!(f.final_url.as_str(), target.url("/robots.txt"));
        assert!(disallows_private(f));
    }
}

fn status_states(code: u16) -> Vec<&'static str> {
    let server = single(Reply::Status(
        code,
        b"User-agent: *\nDisallow: /\n".to_vec(),
        Vec::new(),
    ));
    states(&fetch_all(&server.url("/"), &options()))
}

#[test]
fn unauthorized_and_forbidden_split_the_variants() {
    for code in [401, 403] {
        assert_eq!(
            status_states(code),
            [
                "disallow-all",
                "disallow-all",
                "allow-all",
                "allow-all",
                "allow-all"
            ],
            "{code}"
        );
    }
}

#[test]
fn not_found_and_gone_allow_everything() {
    for code in [404, 410] {
        assert_eq!(status_states(code), ALL_ALLOW, "{code}");
    }
}

#[test]
fn too_many_requests_is_a_4xx_only_for_the_2019_texts() {
    assert_eq!(
        status_states(429),
        [
            "unreachable",
            "unreachable",
            "allow-all",
            "allow-all",
            "unreachable"
        ]
    );
}

#[test]
fn server_errors_are_unreachable() {
    for code in [500, 503] {
        assert_eq!(status_states(code), ALL_UNREACHABLE, "{code}");
    }
}

#[test]
fn retry_after_sets_when_to_try_again() {
    let headers = vec![("Retry-After", "120".to_owned())];
    let server = single(Reply::Status(503, Vec::new(), headers));
    for f in fetch_all(&server.url("/"), &options()) {
        assert_eq!(f.access.lifetime, Duration::from_secs(120));
    }
}

#[test]
fn a_body_over_the_size_limit_is_cut_at_the_last_whole_line() {
    let mut body = String::from("User-agent: *\nDisallow: /private\n");
    while body.len() < 600_000 {
        body.push_str("# padding padding padding padding padding padding padding\n");
    }
    body.push_str("Disallow: /late\n");
    let server = single(ok(&body));
    let fetched = fetch_all(&server.url("/"), &options());
    assert_eq!(states(&fetched), ALL_RULES);
    for f in &fetched {
        let cut = f.access.diagnostics[0].span.start;
        assert!(cut <= 512_000);
        assert_eq!(body.as_bytes()[cut - 1], b'\n');
        assert!(disallows_private(f));
        let late = f.access.allows(&AgentQuery::new("foobot"), "http://x/late");
        assert!(
            late,
            "{}: a rule after the limit is ignored",
            f.access.profile
        );
        assert_eq!(f.access.diagnostics.len(), 1);
        assert_eq!(f.access.diagnostics[0].code, Code::SizeLimit);
    }
}

#[test]
fn a_slow_server_trips_the_timeout() {
    let server = single(Reply::Slow(Duration::from_millis(1500)));
    let options = FetchOptions::default().with_timeout(Duration::from_millis(300));
    let fetched = fetch_all(&server.url("/"), &options);
    assert_eq!(states(&fetched), ALL_UNREACHABLE);
    for f in &fetched {
        assert_eq!(f.outcome, FetchOutcome::Timeout, "{}", f.access.profile);
    }
}

/// tiny_http keeps a connection open when a response breaks off, so this case is served by a
/// bare `TcpListener` that writes half a response and closes the socket (five requests, one per
/// variant, then it stops).
#[test]
fn a_connection_closed_mid_body_is_a_network_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = thread::spawn(move || {
        for _ in 0..Variant::ALL.len() {
            let (mut stream, _) = listener.accept().unwrap();
            let mut request = [0u8; 1024];
            let _ = std::io::Read::read(&mut stream, &mut request);
            let _ = std::io::Write::write_all(
                &mut stream,
                b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nUser-agent: *\nDisa",
            );
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    });
    let fetched = fetch_all(&format!("http://127.0.0.1:{port}/"), &options());
    server.join().unwrap();
    assert_eq!(states(&fetched), ALL_UNREACHABLE);
    for f in &fetched {
        assert!(
            matches!(f.outcome, FetchOutcome::NetworkError { .. }),
            "{:?}",
            f.outcome
        );
    }
}

#[test]
fn a_refused_connection_is_a_network_error() {
    let port = {
        let server = single(ok(RULES));
        server.port
    };
    let fetched = fetch_all(&format!("http://127.0.0.1:{port}/"), &options());
    assert_eq!(states(&fetched), ALL_UNREACHABLE);
}

#[test]
fn html_served_as_robots_txt_is_parsed_for_what_rules_it_holds() {
    let html = "<!DOCTYPE html>\n<html><body>\nUser-agent: *\nDisallow: /private\n</body></html>\n";
    let server = single(Reply::Status(
        200,
        html.as_bytes().to_vec(),
        vec![("Content-Type", "text/html".to_owned())],
    ));
    let fetched = fetch_all(&server.url("/"), &options());
    assert_eq!(states(&fetched), ALL_RULES);
    for f in &fetched {
        assert!(disallows_private(f), "{}", f.access.profile);
        let robots = f.access.robots().unwrap();
        assert!(!robots.diagnostics().is_empty());
    }
}

#[test]
fn schemes_the_variant_does_not_define_are_refused() {
    assert!(fetch("https://127.0.0.1:1/", Variant::Draft1996, &options()).is_err());
    assert!(fetch("mailto:a@b.c", Variant::Google, &options()).is_err());
    assert!(matches!(
        fetch("ftp://127.0.0.1:1/", Variant::Google, &options()),
        Err(robotspec::access::fetch::FetchError::UnsupportedScheme { .. })
    ));
}

fn not_found_hook() -> FetchOptions {
    let hook = Misconfigured5xx::new(|_, _, body| {
        String::from_utf8_lossy(body).contains("Page not found")
    });
    options().with_access(AccessOptions::default().with_treat_5xx_as_404(hook))
}

#[test]
fn the_misconfigured_5xx_hook_sees_the_body_and_makes_it_a_404() {
    let page = b"<html><h1>Page not found</h1></html>".to_vec();
    let server = single(Reply::Status(500, page, Vec::new()));
    let fetched = fetch_all(&server.url("/"), &not_found_hook());
    assert_eq!(states(&fetched), ALL_ALLOW);
    for f in &fetched {
        assert_eq!(f.access.reason, AccessReason::ServerErrorAsNotFound(500));
        let FetchOutcome::Response { body, .. } = &f.outcome else {
            panic!("{:?}", f.outcome);
        };
        assert!(body.starts_with(b"<html>"));
    }
    // Without the hook: a server error, and the body is not read.
    let fetched = fetch_all(&server.url("/"), &options());
    assert_eq!(states(&fetched), ALL_UNREACHABLE);
    assert!(matches!(
        &fetched[0].outcome,
        FetchOutcome::Response { body, .. } if body.is_empty()
    ));
    // A 5xx page that says something else stays a server error.
    let busy = single(Reply::Status(503, b"Overloaded".to_vec(), Vec::new()));
    let fetched = fetch_all(&busy.url("/"), &not_found_hook());
    assert_eq!(states(&fetched), ALL_UNREACHABLE);
}

#[test]
fn a_no_store_file_is_obeyed_but_not_cached() {
    let headers = vec![("Cache-Control", "max-age=3600, No-Store".to_owned())];
    let server = single(Reply::Status(200, RULES.as_bytes().to_vec(), headers));
    let now = std::time::Instant::now();
    for &variant in Variant::ALL {
        let fetched = fetch(&server.url("/"), variant, &options()).unwrap();
        assert!(disallows_private(&fetched), "{variant}");
        assert_eq!(fetched.access.lifetime, Duration::ZERO);
        assert_eq!(fetched.access.lifetime_source, LifetimeSource::NoStore);
        let cache = RobotsCache::new(variant);
        let used = cache.store(fetched.origin.clone(), fetched.access, now);
        assert!(matches!(used.access.state, AccessState::Rules));
        assert!(cache.is_empty(), "{variant}");
    }
}

#[test]
fn age_shortens_max_age() {
    let headers = vec![
        ("Cache-Control", "max-age=600".to_owned()),
        ("Age", "150".to_owned()),
    ];
    let server = single(Reply::Status(200, RULES.as_bytes().to_vec(), headers));
    for f in fetch_all(&server.url("/"), &options()) {
        assert_eq!(f.access.lifetime, Duration::from_secs(450));
    }
}

/// A user agent that cannot be a header value is an error before any request, never a panic.
#[test]
fn a_user_agent_with_a_control_character_is_an_error() {
    for bad in [
        "robot\nspec",
        "robot\0",
        "robot\x7f",
        "robot\r\nX-Injected: 1",
    ] {
        let options = FetchOptions::default().with_user_agent(bad);
        let error = fetch("http://127.0.0.1:9/", Variant::Google, &options).unwrap_err();
        assert_eq!(
            error,
            FetchError::UserAgent {
                user_agent: bad.to_owned()
            }
        );
        assert!(error.to_string().contains("User-Agent"), "{error}");
    }
    // A tab is allowed in a header value (RFC 9110 §5.5), and non-ASCII is sent as its bytes.
    for fine in ["robot\tspec", "robotspec-é"] {
        let options = FetchOptions::default()
            .with_user_agent(fine)
            .with_timeout(Duration::from_millis(200));
        assert!(
            fetch("http://127.0.0.1:9/", Variant::Google, &options).is_ok(),
            "{fine:?}"
        );
    }
}

/// A gzip body (ureq asks for gzip and decodes it) is the file; a body in an encoding nothing
/// decodes is not: nothing was fetched, a network error for every variant (docs/access.md).
#[test]
fn a_compressed_body_is_decoded_or_refused() {
    use std::io::Write as _;
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(RULES.as_bytes()).unwrap();
    let compressed = gzip.finish().unwrap();
    let encoded = |encoding: &'static str| {
        let body = compressed.clone();
        single(Reply::Status(
            200,
            body,
            vec![("Content-Encoding", encoding.to_owned())],
        ))
    };
    let server = encoded("gzip");
    for f in fetch_all(&server.url("/"), &options()) {
        assert!(disallows_private(&f), "{}", f.access.profile);
    }
    let server = encoded("br");
    let fetched = fetch_all(&server.url("/"), &options());
    assert_eq!(states(&fetched), ALL_UNREACHABLE);
    for f in &fetched {
        let failure = f.failure().unwrap();
        assert!(failure.contains("Content-Encoding `br`"), "{failure}");
    }
}

/// The address filter is applied where the connection is made, at every hop: a refused
/// address is never connected to (the server sees no request), even when a redirect leads
/// there; an accepted one is fetched as usual.
#[test]
fn the_address_filter_refuses_connections_it_does_not_allow() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&hits);
    let server = TestServer::start(move |_| {
        counted.fetch_add(1, Ordering::SeqCst);
        ok(RULES)
    });
    let public_only = options().with_address_filter(|ip| !ip.is_loopback());
    let refused = fetch(&server.url("/a"), Variant::Rfc9309, &public_only).unwrap();
    match &refused.outcome {
        FetchOutcome::NetworkError { message } => {
            assert!(message.contains("no allowed address"), "{message}");
        }
        other => panic!("expected a refused connection, got {other:?}"),
    }
    assert_eq!(refused.access.state.name(), "unreachable");
    assert_eq!(
        hits.load(Ordering::SeqCst),
        0,
        "a refused address was connected to"
    );

    let loopback = options().with_address_filter(|ip| ip.is_loopback());
    let fetched = fetch(&server.url("/a"), Variant::Rfc9309, &loopback).unwrap();
    assert!(disallows_private(&fetched));
    assert_eq!(hits.load(Ordering::SeqCst), 1);

    // A redirect to a refused address is refused at its hop: the second server, on another
    // loopback address, sees no request.
    let second_hits = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&second_hits);
    let second = TestServer::start_on("127.0.0.2", move |_| {
        counted.fetch_add(1, Ordering::SeqCst);
        ok(RULES)
    });
    let target = second.url("/robots.txt");
    let first = TestServer::start(move |_| Reply::Redirect(301, target.clone()));
    let first_only = options().with_address_filter(|ip| ip.to_string() == "127.0.0.1");
    let redirected = fetch(&first.url("/a"), Variant::Rfc9309, &first_only).unwrap();
    assert_eq!(redirected.redirects.len(), 1, "{:?}", redirected.outcome);
    assert!(
        matches!(&redirected.outcome, FetchOutcome::NetworkError { message } if message.contains("no allowed address")),
        "{:?}",
        redirected.outcome
    );
    assert_eq!(second_hits.load(Ordering::SeqCst), 0);
}
