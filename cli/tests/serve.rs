//! `robotspec serve` as a client meets it: the built binary on a free loopback port, every
//! endpoint and every refusal, the limits, the time bound and the fetch rules — and the API's
//! answers held equal to the CLI's `--format json` for the same file, agent and URLs.
#![cfg(feature = "serve")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A `robotspec serve` process on 127.0.0.1, port chosen by the system; killed when dropped.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start(flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_robotspec"))
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let base = first
            .trim()
            .strip_prefix("robotspec serve: listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {first:?}"))
            .trim_end_matches('/')
            .to_owned();
        Server { child, base }
    }

    fn agent() -> ureq::Agent {
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into()
    }

    /// GET `path`: status, content type, body.
    fn get(&self, path: &str) -> (u16, String, String) {
        let mut response = Self::agent()
            .get(format!("{}{path}", self.base))
            .call()
            .unwrap();
        let kind = header(&response, "content-type");
        let body = response.body_mut().read_to_string().unwrap();
        (response.status().as_u16(), kind, body)
    }

    /// POST `body` to `path` as `content_type`: status and JSON answer.
    fn post_raw(&self, path: &str, content_type: &str, body: &[u8]) -> (u16, Value) {
        let mut response = Self::agent()
            .post(format!("{}{path}", self.base))
            .header("Content-Type", content_type)
            .send(body)
            .unwrap();
        assert_eq!(header(&response, "content-type"), "application/json");
        let text = response
            .body_mut()
            .with_config()
            .limit(1 << 30)
            .read_to_string()
            .unwrap();
        let value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", &text[..text.len().min(300)]));
        (response.status().as_u16(), value)
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        self.post_raw(path, "application/json", body.to_string().as_bytes())
    }

    /// POST, expecting 200.
    fn ok(&self, path: &str, body: &Value) -> Value {
        let (status, answer) = self.post(path, body);
        assert_eq!(status, 200, "{answer}");
        answer
    }

    /// POST, expecting a refusal with `status` and `code`; its message.
    fn refused(&self, path: &str, body: &Value, status: u16, code: &str) -> String {
        let (got, answer) = self.post(path, body);
        assert_refusal(got, &answer, status, code)
    }

    fn port(&self) -> u16 {
        self.base.rsplit(':').next().unwrap().parse().unwrap()
    }

    fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn header(response: &ureq::http::Response<ureq::Body>, name: &str) -> String {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// Asserts the error shape; returns the message.
fn assert_refusal(got: u16, answer: &Value, status: u16, code: &str) -> String {
    assert_eq!(got, status, "{answer}");
    assert_eq!(answer["error"]["status"], status, "{answer}");
    assert_eq!(answer["error"]["code"], code, "{answer}");
    answer["error"]["message"].as_str().unwrap().to_owned()
}

/// Runs the CLI: stdout, stderr.
fn cli(args: &[&str]) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(args)
        .current_dir(repo_root())
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The repository's root (this crate is `cli/` in it), where the test data is.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn example(name: &str) -> PathBuf {
    repo_root().join("tests/examples/bodies").join(name)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// A file of the test's own, in the system's temporary folder.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("robotspec-serve-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

const VARIANTS: [&str; 5] = [
    "convention-1994",
    "draft-1996",
    "rep-draft-2019",
    "rfc9309",
    "google",
];

/// Files, agents and URLs whose answers differ between variants in many ways.
fn cases() -> Vec<(PathBuf, &'static str, Vec<&'static str>)> {
    vec![
        (
            example("E11.txt"),
            "foobot",
            vec!["/example/page/disallowed.gif", "/example/page/", "/x"],
        ),
        (
            example("E08.txt"),
            "webcrawler",
            vec!["https://x.com/tmp/ok.html", "/tmp/other", "/user/foo"],
        ),
        (
            example("E14.txt"),
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            vec!["/includes/site.js", "/robots.txt"],
        ),
        (
            temp_file(
                "mixed.txt",
                "User-agent: *\nDisallow /private\nallow: /private/press\n\ndisalow: /typo\nDisallow: /fish*\nCrawl-delay: 5\nUser-agent: a\n\nDisallow: /a\n",
            ),
            "a,b",
            vec!["/private/press/1", "/fish.html", "/typo", "/a", "/robots.txt"],
        ),
    ]
}

#[test]
fn the_page_and_its_assets_come_from_the_server_alone() {
    let server = Server::start(&[]);
    let (status, kind, html) = server.get("/");
    assert_eq!(status, 200);
    assert_eq!(kind, "text/html; charset=utf-8");
    assert!(html.contains(r#"<script type="module" src="app.js"></script>"#));
    assert!(html.contains(r#"<link rel="stylesheet" href="style.css">"#));
    let (status, kind, script) = server.get("/app.js");
    assert_eq!(
        (status, kind.as_str()),
        (200, "text/javascript; charset=utf-8")
    );
    assert!(script.contains(r#"import { engine } from "./engine.js";"#));
    // The engine served here is the HTTP one: it asks this server's API.
    let (status, kind, engine) = server.get("/engine.js");
    assert_eq!(
        (status, kind.as_str()),
        (200, "text/javascript; charset=utf-8")
    );
    assert!(engine.contains("/api/inspect"));
    let (status, kind, style) = server.get("/style.css");
    assert_eq!((status, kind.as_str()), (200, "text/css; charset=utf-8"));
    // Nothing loaded from elsewhere: no external source, link, import or font.
    for text in [&html, &script, &engine, &style] {
        for external in [
            "src=\"http",
            "href=\"http",
            "@import",
            "url(http",
            "//cdn",
            "fetch(\"http",
        ] {
            assert!(!text.contains(external), "{external}");
        }
    }
    let response = Server::agent()
        .get(format!("{}/", server.base))
        .call()
        .unwrap();
    assert!(header(&response, "content-security-policy").starts_with("default-src 'self'"));
    assert_eq!(header(&response, "x-content-type-options"), "nosniff");
}

#[test]
fn info_names_the_librarys_variants_and_the_limits() {
    let server = Server::start(&["--max-input-bytes", "5000", "--timeout", "3"]);
    let (status, _, body) = server.get("/api/info");
    assert_eq!(status, 200);
    let info: Value = serde_json::from_str(&body).unwrap();
    let names: Vec<&str> = info["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, VARIANTS);
    assert_eq!(info["default_variant"], "google");
    assert_eq!(info["limits"]["input_bytes"], 5000);
    assert_eq!(info["limits"]["body_bytes"], 2 * 5000 + 65536);
    assert_eq!(info["limits"]["timeout_seconds"], 3.0);
    assert_eq!(info["fetch"], json!({"enabled": false, "private": false}));
}

/// Every verdict equals `check --format json`'s for that variant (its text line too), and
/// every disagreement `diff --format json`'s.
#[test]
fn inspect_answers_as_check_and_diff_do() {
    let server = Server::start(&[]);
    for (file, agent, urls) in cases() {
        let answer = server.ok(
            "/api/inspect",
            &json!({"robots_txt": read(&file), "agent": agent, "urls": urls}),
        );
        assert_eq!(answer["variants"], json!(VARIANTS));
        let file = file.to_str().unwrap();
        let verdicts = answer["verdicts"].as_array().unwrap();
        assert_eq!(verdicts.len(), urls.len() * VARIANTS.len());
        for variant in VARIANTS {
            let mut args = vec!["check", "--format", "json", "--variant", variant];
            args.extend(["--agent", agent, file]);
            args.extend(&urls);
            let check: Value = serde_json::from_str(&cli(&args).0).unwrap();
            assert_eq!(answer["agents"], check["agents"]);
            args[2] = "text";
            let text = cli(&args).0;
            let ours: Vec<&Value> = verdicts
                .iter()
                .filter(|v| v["variant"] == variant)
                .collect();
            for ((result, row), line) in check["results"]
                .as_array()
                .unwrap()
                .iter()
                .zip(&ours)
                .zip(text.lines())
            {
                assert_eq!(row["url"], result["url"]);
                let mut verdict = (*row).clone();
                let object = verdict.as_object_mut().unwrap();
                for field in ["url", "variant", "reason"] {
                    object.remove(field);
                }
                assert_eq!(verdict, result["verdict"], "{file} {variant}");
                assert_eq!(
                    format!(
                        "{}\t{}",
                        row["url"].as_str().unwrap(),
                        row["reason"].as_str().unwrap()
                    ),
                    line
                );
            }
        }
        let mut args = vec!["diff", "--format", "json", "--agent", agent, file];
        args.extend(&urls);
        let diff: Value = serde_json::from_str(&cli(&args).0).unwrap();
        let expected: Vec<Value> = diff
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|comparison| {
                let url = comparison["url"].clone();
                comparison["disagreements"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(move |d| {
                        let mut d = d.clone();
                        d["url"] = url.clone();
                        d["variants"] = json!([d["left"], d["right"]]);
                        d
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(answer["disagreements"], json!(expected), "{file}");
    }
}

/// Each variant's diagnostics are what `parse --warnings` (lenient) and `parse --mode strict`
/// print for it, in the same order, at the same line:col.
#[test]
fn diagnostics_are_parses_in_both_modes() {
    let server = Server::start(&[]);
    let mut seen_rejection = false;
    for (file, _, _) in cases() {
        for mode in ["lenient", "strict"] {
            let answer = server.ok(
                "/api/inspect",
                &json!({"robots_txt": read(&file), "mode": mode}),
            );
            assert_eq!(answer["mode"], mode);
            let name = file.to_str().unwrap();
            for variant in VARIANTS {
                let (_, stderr) = cli(&[
                    "parse",
                    "--warnings",
                    "--mode",
                    mode,
                    "--variant",
                    variant,
                    name,
                ]);
                let ours: Vec<String> = answer["diagnostics"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|d| d["variants"].as_array().unwrap().contains(&json!(variant)))
                    .map(|d| {
                        format!(
                            "{name}:{}:{}: {}[{}]: {}",
                            d["line"],
                            d["col"],
                            d["severity"].as_str().unwrap(),
                            d["code"].as_str().unwrap(),
                            d["message"].as_str().unwrap()
                        )
                    })
                    .collect();
                let mut theirs: Vec<&str> = stderr.lines().collect();
                // The API lists findings by line, column and code across variants.
                theirs.sort_by_key(|l| position(l, name));
                assert_eq!(ours, theirs, "{name} {variant} {mode}");
                let rejected = answer["rejected"]
                    .as_array()
                    .unwrap()
                    .contains(&json!(variant));
                assert_eq!(
                    rejected,
                    mode == "strict" && !theirs.is_empty(),
                    "{name} {variant}"
                );
                seen_rejection |= rejected;
                if rejected {
                    assert!(!answer["verdicts"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|v| v["variant"] == variant));
                    assert!(!answer["records"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|r| r["variant"] == variant));
                }
            }
        }
    }
    assert!(seen_rejection);
}

/// Line, column and code of a `FILE:LINE:COL: SEVERITY[CODE]: MESSAGE` line.
fn position(line: &str, name: &str) -> (u32, u32, String) {
    let mut parts = line[name.len() + 1..].splitn(3, ':');
    let mut number = || parts.next().and_then(|n| n.parse().ok()).unwrap_or(0);
    let (line_number, col) = (number(), number());
    let code = line
        .split('[')
        .nth(1)
        .unwrap_or_default()
        .split(']')
        .next()
        .unwrap_or_default();
    (line_number, col, code.to_owned())
}

#[test]
fn parse_answers_the_clis_tree_byte_for_byte() {
    let server = Server::start(&[]);
    let big = "User-agent: *\nDisallow: /x\n# comment\n\n".repeat(20_000);
    let big_file = temp_file("big.txt", &big);
    let mut files: Vec<PathBuf> = cases().into_iter().map(|(file, _, _)| file).collect();
    files.push(big_file);
    for file in files {
        for variant in ["convention-1994", "google"] {
            let name = file.to_str().unwrap();
            let (tree, _) = cli(&[
                "parse",
                "--format",
                "json",
                "--compact",
                "--variant",
                variant,
                name,
            ]);
            let mut response = Server::agent()
                .post(format!("{}/api/parse", server.base))
                .header("Content-Type", "application/json")
                .send(json!({"robots_txt": read(&file), "variant": variant}).to_string())
                .unwrap();
            assert_eq!(response.status().as_u16(), 200);
            let ours = response
                .body_mut()
                .with_config()
                .limit(1 << 30)
                .read_to_string()
                .unwrap();
            assert_eq!(ours, tree.trim_end(), "{name} {variant}");
        }
    }
    // Without a variant, the CLI's default.
    let answer = server.ok("/api/parse", &json!({"robots_txt": "Disalow: /x\n"}));
    assert_eq!(answer["children"][0]["kind"], "disallow_line");
}

#[test]
fn parse_in_strict_mode_refuses_with_every_problem() {
    let server = Server::start(&[]);
    let text = "User-agent: *\nDisallow /x\nfoo\n";
    let body = json!({"robots_txt": text, "variant": "rfc9309", "mode": "strict"});
    let (status, answer) = server.post("/api/parse", &body);
    let message = assert_refusal(status, &answer, 422, "rejected");
    assert_eq!(message, "rejected in strict mode by rfc9309");
    let codes: Vec<&str> = answer["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["missing-colon", "invalid-line"]);
    assert_eq!(answer["diagnostics"][0]["severity"], "error");
    // The problems `parse --mode strict` prints, at the same places.
    let file = temp_file("strict.txt", text);
    let name = file.to_str().unwrap();
    let (_, stderr) = cli(&["parse", "--mode", "strict", "--variant", "rfc9309", name]);
    let ours: Vec<String> = answer["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{name}:{}:{}: error[{}]: {}",
                d["line"],
                d["col"],
                d["code"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(ours, stderr.lines().collect::<Vec<_>>());
}

#[test]
fn lines_carry_their_kind_and_the_variants_that_differ() {
    let server = Server::start(&[]);
    let answer = server.ok(
        "/api/inspect",
        &json!({"robots_txt": "User-agent: *\nAllow: /a\n# note\n\nDisalow: /b\nSitemap: /s.xml\nnonsense", "urls": []}),
    );
    let lines = answer["lines"].as_array().unwrap();
    let kinds: Vec<&str> = lines.iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "user_agent_line",
            "allow_line",
            "comment_line",
            "blank_line",
            "record_line",
            "sitemap_line",
            "invalid_line"
        ]
    );
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[6]["line"], 7);
    assert!(lines[0].get("except").is_none());
    assert_eq!(
        lines[1]["except"],
        json!([{"variant": "convention-1994", "kind": "record_line"}])
    );
    assert_eq!(
        lines[4]["except"],
        json!([{"variant": "google", "kind": "disallow_line"}])
    );
    assert!(answer["verdicts"].as_array().unwrap().is_empty());
    assert_eq!(answer["agents"], json!(["*"]));
}

#[test]
fn records_show_sitemaps_crawl_delay_and_usage_per_group() {
    let server = Server::start(&[]);
    let text = "User-agent: *\nCrawl-delay: 5\nContent-Usage: train-ai=n\nDisallow: /x\n\nUser-agent: bot\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nSitemap: https://example.com/s.xml\nHost: example.com\n";
    let answer = server.ok(
        "/api/inspect",
        &json!({"robots_txt": text, "agent": "bot", "variants": ["rfc9309", "GOOGLE"]}),
    );
    assert_eq!(answer["variants"], json!(["rfc9309", "google"]));
    let records = &answer["records"][0];
    assert_eq!(records["variant"], "rfc9309");
    assert_eq!(
        records["sitemaps"],
        json!([{"line": 10, "url": "https://example.com/s.xml"}])
    );
    assert_eq!(records["crawl_delay"], Value::Null);
    let groups = records["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0]["applies"], false);
    assert_eq!(groups[0]["records"][0]["extension"], "crawl-delay");
    assert_eq!(groups[0]["records"][0]["typed"], 5.0);
    assert_eq!(
        groups[0]["records"][1]["typed"],
        json!({"path": null, "statement": "train-ai=n", "preferences": {"train-ai": "n"}})
    );
    assert_eq!(groups[1]["applies"], true);
    assert_eq!(groups[1]["agents"], json!([{"line": 6, "agent": "bot"}]));
    assert_eq!(groups[1]["records"][0]["extension"], "content-signal");
    // The records are explain's: the same objects for the groups that apply.
    let file = temp_file("records.txt", text);
    let (out, _) = cli(&[
        "explain",
        "--format",
        "json",
        "--variant",
        "rfc9309",
        "--agent",
        "bot",
        file.to_str().unwrap(),
        "/",
    ]);
    let explain: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(explain["results"][0]["records"], groups[1]["records"]);
    let star = server.ok(
        "/api/inspect",
        &json!({"robots_txt": text, "variants": ["rfc9309"]}),
    );
    assert_eq!(star["records"][0]["crawl_delay"], 5.0);
}

#[test]
fn malformed_requests_are_400_with_a_message() {
    let server = Server::start(&[]);
    let (status, answer) =
        server.post_raw("/api/inspect", "application/json", b"{\"robots_txt\": ");
    let message = assert_refusal(status, &answer, 400, "bad-json");
    assert!(message.contains("line 1"), "{message}");
    let (status, answer) = server.post_raw(
        "/api/inspect",
        "application/json",
        b"{\"robots_txt\": \"\xff\"}",
    );
    assert_refusal(status, &answer, 400, "bad-json");
    let (status, answer) = server.post_raw(
        "/api/parse",
        "application/json; charset=utf-8",
        b"{\"robots_txt\": \"x\", ",
    );
    assert_refusal(status, &answer, 400, "bad-json");
    for (body, needle) in [
        (json!({}), "missing field `robots_txt`"),
        (json!({"robots_txt": 3}), "invalid type"),
        (
            json!({"robots_txt": "", "varaints": []}),
            "unknown field `varaints`",
        ),
        (
            json!({"robots_txt": "", "variants": ["rfc9310"]}),
            "unknown variant `rfc9310`",
        ),
        (
            json!({"robots_txt": "", "variants": ["google", "Google"]}),
            "names google twice",
        ),
        (
            json!({"robots_txt": "", "variants": []}),
            "names no variant",
        ),
        (
            json!({"robots_txt": "", "mode": "picky"}),
            "unknown mode `picky`",
        ),
        (
            json!({"robots_txt": "", "agent": " , "}),
            "names no crawler",
        ),
        (
            json!({"robots_txt": "", "agent": "a\tb"}),
            "control character",
        ),
        (
            json!({"robots_txt": "", "urls": ["private/a"]}),
            "did you mean /private/a ?",
        ),
        (
            json!({"robots_txt": "", "urls": ["example.com/a"]}),
            "did you mean https://example.com/a or /example.com/a ?",
        ),
        (
            json!({"robots_txt": "", "urls": vec!["/"; 1001]}),
            "at most 1000",
        ),
    ] {
        let message = server.refused("/api/inspect", &body, 400, "bad-request");
        assert!(message.contains(needle), "{message} ∌ {needle}");
    }
    // The CLI refuses the same URL with the same words.
    let (_, stderr) = cli(&["check", "--agent", "a", "-", "private/a"]);
    assert!(stderr.contains("not a URL or path: \"private/a\" (did you mean /private/a ?)"));
    let message = server.refused(
        "/api/parse",
        &json!({"robots_txt": "", "variant": "x"}),
        400,
        "bad-request",
    );
    assert!(message.starts_with("unknown variant `x`"));
    let message = server.refused(
        "/api/parse",
        &json!({"robots_txt": "", "urls": []}),
        400,
        "bad-request",
    );
    assert!(message.contains("unknown field `urls`"));
}

#[test]
fn other_refusals_are_json_too() {
    let server = Server::start(&[]);
    let (status, answer) = server.post_raw("/api/inspect", "text/plain", br#"{"robots_txt": ""}"#);
    assert_refusal(status, &answer, 415, "unsupported-media-type");
    let (status, answer) = server.post_raw(
        "/api/inspect",
        "application/x-www-form-urlencoded",
        b"robots_txt=",
    );
    assert_refusal(status, &answer, 415, "unsupported-media-type");
    let (status, _, body) = server.get("/api/inspect");
    assert_refusal(
        status,
        &serde_json::from_str(&body).unwrap(),
        405,
        "method-not-allowed",
    );
    let (status, _, body) = server.get("/api/nothing");
    assert_refusal(
        status,
        &serde_json::from_str(&body).unwrap(),
        404,
        "not-found",
    );
    let message = server.refused(
        "/api/fetch",
        &json!({"url": "https://example.com/"}),
        403,
        "fetch-disabled",
    );
    assert!(message.contains("--fetch"));
}

#[test]
fn the_input_and_body_limits_are_413() {
    let server = Server::start(&["--max-input-bytes", "1000"]);
    let fits = "Disallow: /x\n".repeat(76); // 988 bytes
    server.ok("/api/inspect", &json!({"robots_txt": fits}));
    server.ok("/api/parse", &json!({"robots_txt": fits}));
    let over = "x".repeat(1001);
    for path in ["/api/inspect", "/api/parse"] {
        let message = server.refused(path, &json!({"robots_txt": over}), 413, "input-too-large");
        assert_eq!(
            message,
            "robots_txt is 1001 bytes long; this server reads at most 1000"
        );
    }
    // The body limit: twice the input limit plus 64 KiB, whatever the body holds.
    let huge = json!({"robots_txt": "", "agent": "a".repeat(2 * 1000 + 65536)});
    let message = server.refused("/api/inspect", &huge, 413, "body-too-large");
    assert_eq!(message, "the request body is longer than 67536 bytes");
    // Also when it comes in chunks, without a length.
    let chunks = std::iter::repeat_n(b' ', 70_000).collect::<Vec<u8>>();
    let mut stream = TcpStream::connect(("127.0.0.1", server.port())).unwrap();
    write!(stream, "POST /api/inspect HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n").unwrap();
    for piece in chunks.chunks(10_000) {
        if write!(stream, "{:x}\r\n", piece.len()).is_err()
            || stream.write_all(piece).is_err()
            || stream.write_all(b"\r\n").is_err()
        {
            break;
        }
    }
    let _ = stream.write_all(b"0\r\n\r\n");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains(r#""code":"body-too-large""#), "{answer}");
}

/// A client that sends half a body and stops is answered 408 once the time bound passes, and
/// the server goes on answering others meanwhile.
#[test]
fn a_request_that_takes_too_long_is_408() {
    let server = Server::start(&["--timeout", "1"]);
    let mut stream = TcpStream::connect(("127.0.0.1", server.port())).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let start = Instant::now();
    write!(stream, "POST /api/inspect HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"robots_txt\": ").unwrap();
    let (status, _, _) = server.get("/api/info");
    assert_eq!(status, 200);
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let took = start.elapsed();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#"{"error":{"status":408,"code":"timeout","message":"the request took longer than 1 s"}}"#), "{answer}");
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(10),
        "{took:?}"
    );
}

/// Hostile and random bodies: every answer is JSON with a status the API documents, and the
/// server is still up at the end.
#[test]
fn no_input_brings_the_server_down() {
    let mut server = Server::start(&["--max-input-bytes", "200000"]);
    let hostile = [
        "\0\0\0User-agent: *\0Disallow: /\0".to_owned(),
        "\r\r\r\nUser-agent:\r*\rDisallow:\r/".to_owned(),
        "\u{feff}\u{feff}User-agent: *\nDisallow: /\u{fffd}\n".to_owned(),
        format!("User-agent: *\nDisallow: /{}\n", "*a".repeat(60_000)),
        "User-agent: a\nDisallow: /\n".repeat(7000),
        format!(
            "User-agent: *\n{}",
            "Allow: /$\nDisallow: /*$*$\n".repeat(5000)
        ),
        "Disallow: /\n".repeat(16_000),
        "\n".repeat(199_999),
        "é".repeat(99_999),
    ];
    for text in &hostile {
        for mode in ["lenient", "strict"] {
            let answer = server.ok(
                "/api/inspect",
                &json!({"robots_txt": text, "agent": "a", "mode": mode, "urls": ["/", "/a*$", "//x/%zz?\u{0}"]}),
            );
            assert!(answer["lines"].as_array().is_some());
            let (status, _) = server.post("/api/parse", &json!({"robots_txt": text, "mode": mode}));
            assert!(status == 200 || status == 422, "{status}");
        }
    }
    // Random bytes, random JSON-ish text: a documented refusal or an answer, never a crash.
    let mut seed: u64 = 0x9309_2022;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"{}[]\":,\\ 0123456789abcdefnrtu-+.eE\x00\xff\n";
    for round in 0..150 {
        let length = (next() % 300) as usize;
        let body: Vec<u8> = (0..length)
            .map(|_| {
                let pick = next();
                if round % 2 == 0 {
                    alphabet[(pick % alphabet.len() as u64) as usize]
                } else {
                    pick as u8
                }
            })
            .collect();
        for path in ["/api/inspect", "/api/parse", "/api/fetch"] {
            let (status, answer) = server.post_raw(path, "application/json", &body);
            assert!([200, 400, 403, 422].contains(&status), "{status} {answer}");
        }
    }
    assert!(server.is_running());
    assert_eq!(server.get("/api/info").0, 200);
}

#[test]
fn fetch_never_reaches_a_private_address_unless_told_to() {
    let server = Server::start(&["--fetch"]);
    let (_, _, info) = server.get("/api/info");
    assert_eq!(
        serde_json::from_str::<Value>(&info).unwrap()["fetch"],
        json!({"enabled": true, "private": false})
    );
    // A site on this machine that would answer: the guard must refuse before any request.
    let (site, hits) = robots_site(Site::Rules);
    for (url, kind) in [
        (format!("http://127.0.0.1:{site}/"), "loopback"),
        (format!("http://localhost:{site}/page"), "loopback"),
        ("http://[::1]/".to_owned(), "loopback"),
        ("http://[::ffff:127.0.0.1]/".to_owned(), "loopback"),
        ("http://10.1.2.3/".to_owned(), "private"),
        ("http://192.168.0.1/".to_owned(), "private"),
        (
            "http://169.254.169.254/latest/meta-data/".to_owned(),
            "link-local",
        ),
        ("http://0.0.0.0/".to_owned(), "this-network"),
        ("http://[fd00::1]/".to_owned(), "unique local (private)"),
        ("http://2130706433/".to_owned(), "loopback"),
    ] {
        let message = server.refused("/api/fetch", &json!({"url": url}), 403, "address-refused");
        assert!(
            message.contains(&format!("a {kind} address")),
            "{url}: {message}"
        );
        assert!(message.contains("--fetch-private"), "{message}");
    }
    assert_eq!(hits.load(Ordering::SeqCst), 0);
    for (body, needle) in [
        (
            json!({"url": "example.com"}),
            "cannot fetch the robots.txt of \"example.com\"",
        ),
        (json!({"url": "mailto:a@example.com"}), "no host"),
        (
            json!({"url": "https://example.com/", "variant": "nope"}),
            "unknown variant",
        ),
        (
            json!({"link": "https://example.com/"}),
            "unknown field `link`",
        ),
    ] {
        let message = server.refused("/api/fetch", &body, 400, "bad-request");
        assert!(message.contains(needle), "{message} ∌ {needle}");
    }
}

#[test]
fn fetch_private_fetches_from_this_machine_and_follows_redirects() {
    let server = Server::start(&["--fetch", "--fetch-private"]);
    let (site, _) = robots_site(Site::Rules);
    let answer = server.ok(
        "/api/fetch",
        &json!({"url": format!("http://127.0.0.1:{site}/any/page"), "variant": "rfc9309"}),
    );
    assert_eq!(
        answer["robots_url"],
        format!("http://127.0.0.1:{site}/robots.txt")
    );
    assert_eq!(answer["state"], "rules");
    assert_eq!(answer["variant"], "rfc9309");
    assert_eq!(answer["robots_txt"], ROBOTS);
    assert_eq!(answer["lossy"], false);
    assert_eq!(answer["redirects_followed"], true);
    // A redirect, followed as the variant says.
    let (moved, hits) = robots_site(Site::Redirect);
    let answer = server.ok(
        "/api/fetch",
        &json!({"url": format!("http://127.0.0.1:{moved}/")}),
    );
    assert_eq!(answer["redirects"][0]["status"], 301);
    assert_eq!(
        answer["final_url"],
        format!("http://127.0.0.1:{moved}/elsewhere.txt")
    );
    assert_eq!(answer["robots_txt"], ROBOTS);
    assert_eq!(hits.load(Ordering::SeqCst), 2);
    // A 404: no file, allow-all, no text for the editor.
    let (missing, _) = robots_site(Site::NotFound);
    let answer = server.ok(
        "/api/fetch",
        &json!({"url": format!("http://127.0.0.1:{missing}/")}),
    );
    assert_eq!(answer["state"], "allow-all");
    assert_eq!(answer["robots_txt"], Value::Null);
}

const ROBOTS: &str = "User-agent: *\nDisallow: /private\n";

/// What a test site answers for /robots.txt.
#[derive(Clone, Copy)]
enum Site {
    /// 200 with ROBOTS.
    Rules,
    /// 301 to /elsewhere.txt, which is ROBOTS.
    Redirect,
    /// 404.
    NotFound,
}

/// A site on 127.0.0.1; its port and the count of requests it got.
fn robots_site(kind: Site) -> (u16, Arc<AtomicUsize>) {
    let site = tiny_http::Server::http("127.0.0.1:0").unwrap();
    let port = site.server_addr().to_ip().unwrap().port();
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&hits);
    std::thread::spawn(move || {
        for request in site.incoming_requests() {
            counted.fetch_add(1, Ordering::SeqCst);
            let rules = tiny_http::Response::from_string(ROBOTS);
            let response = match (kind, request.url()) {
                (Site::NotFound, _) => rules.with_status_code(404),
                (Site::Redirect, "/robots.txt") => rules.with_status_code(301).with_header(
                    tiny_http::Header::from_bytes("Location", "/elsewhere.txt").unwrap(),
                ),
                _ => rules,
            };
            let _ = request.respond(response);
        }
    });
    (port, hits)
}

#[test]
fn fetch_private_needs_fetch() {
    let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(["serve", "--fetch-private"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--fetch"));
}

/// Composed readings are variants like the others: named in `variants`, answered and compared
/// by name, as `diff --variants` does.
#[test]
fn inspect_takes_composed_readings() {
    let server = Server::start(&[]);
    let text = "User-agent: bot\nDisallow: /\n";
    let answer = server.ok(
        "/api/inspect",
        &json!({"robots_txt": text, "agent": "Googlebot", "urls": ["/x"],
                "variants": ["rfc9309", "rfc9309+agent-matching=substring"]}),
    );
    assert_eq!(
        answer["variants"],
        json!(["rfc9309", "rfc9309+agent-matching=substring"])
    );
    let allowed: Vec<&Value> = answer["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| &v["allowed"])
        .collect();
    assert_eq!(allowed, [&json!(true), &json!(false)]);
    assert_eq!(answer["disagreements"][0]["reason"], "user-agent-matching");
    let message = server.refused(
        "/api/inspect",
        &json!({"robots_txt": text, "variants": ["rfc9309+agent-matching=fuzzy"]}),
        400,
        "bad-request",
    );
    assert!(
        message.contains("expected one of: exact, substring"),
        "{message}"
    );
}

/// The playground's findings are `lint --format json`'s for the same readings, file for file,
/// without the file name (docs/serve.md).
#[test]
fn findings_are_the_linters() {
    let server = Server::start(&[]);
    for (path, _, _) in cases() {
        let text = read(&path);
        for variants in [vec!["google", "rfc9309"], VARIANTS.to_vec()] {
            let answer = server.ok(
                "/api/inspect",
                &json!({"robots_txt": text, "variants": variants}),
            );
            let (out, _) = cli(&[
                "lint",
                "--no-config",
                "--format",
                "json",
                "--variants",
                &variants.join(","),
                path.to_str().unwrap(),
            ]);
            let mut linted: Value = serde_json::from_str(&out).unwrap();
            let findings = linted["findings"].as_array_mut().unwrap();
            for finding in findings.iter_mut() {
                finding.as_object_mut().unwrap().remove("file");
            }
            assert_eq!(
                answer["findings"],
                Value::Array(findings.clone()),
                "{path:?}"
            );
        }
    }
}

/// Over every URL: `POST /api/analyze` answers, per variant, what `robotspec analyze --agent A
/// --variant V --format json` prints, and `POST /api/compare` what `robotspec compare` prints
/// for the same two files (its `agent` left out, the `variant` added).
#[test]
fn analyze_and_compare_answer_as_the_cli_does() {
    let server = Server::start(&[]);
    let cases = cases();
    for (i, (file, agent, _)) in cases.iter().enumerate() {
        let text = read(file);
        let (next, _, _) = &cases[(i + 1) % cases.len()];
        let analysed = server.ok("/api/analyze", &json!({"robots_txt": text, "agent": agent}));
        let compared = server.ok(
            "/api/compare",
            &json!({"robots_txt": text, "new_robots_txt": read(next), "agent": agent}),
        );
        let (old, new) = (file.to_str().unwrap(), next.to_str().unwrap());
        for (n, variant) in VARIANTS.iter().enumerate() {
            let common = ["--format", "json", "--variant", variant, "--agent", agent];
            let (out, _) = cli(&[&["analyze"], &common[..], &[old]].concat());
            let expected: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(analysed["analyses"][n], expected, "{old} {variant}");
            let (out, _) = cli(&[&["compare"], &common[..], &[old, new]].concat());
            let mut expected: Value = serde_json::from_str(&out).unwrap();
            expected.as_object_mut().unwrap().remove("agent");
            let mut ours = compared["comparisons"][n].clone();
            let ours_variant = ours.as_object_mut().unwrap().remove("variant");
            assert_eq!(ours_variant, Some(json!(variant)));
            assert_eq!(ours, expected, "{old} {new} {variant}");
        }
    }
    // A client of the playground's old `POST /api/analyze` (the reading URL by URL, now
    // `/api/inspect`) is told its request is not this one's, not answered something else.
    let message = server.refused(
        "/api/analyze",
        &json!({"robots_txt": "", "urls": ["/"]}),
        400,
        "bad-request",
    );
    assert!(message.contains("unknown field `urls`"), "{message}");
}
