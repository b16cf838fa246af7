//! The command-line tool, run as a user would: exit statuses and output contracts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use std::process::{Command, Output};

/// Runs `robotspec` with `input` on its standard input.
fn robotspec_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Runs `robotspec` under `timeout 60` (status 124 if it has not finished by then), `input`
/// written to its standard input from another thread; also the bytes written before the command
/// closed its input (it may stop reading early: that is what bounded reading is about).
fn robotspec_fed(args: &[&str], input: Vec<u8>) -> (Output, usize) {
    use std::process::Stdio;
    let mut child = Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_robotspec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || write_counting(stdin, &input));
    let output = child.wait_with_output().unwrap();
    (output, writer.join().unwrap())
}

/// Writes `input` to `to` in 8 KiB pieces until it is all written or a write fails (the reader
/// has gone); the bytes written.
fn write_counting(mut to: impl std::io::Write, input: &[u8]) -> usize {
    let mut written = 0;
    for piece in input.chunks(8192) {
        if to.write_all(piece).is_err() {
            break;
        }
        written += piece.len();
    }
    written
}

fn robotspec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn json_leaf_spans(node: &serde_json::Value, out: &mut Vec<(u64, u64)>) {
    match node.get("children") {
        Some(children) => children
            .as_array()
            .unwrap()
            .iter()
            .for_each(|c| json_leaf_spans(c, out)),
        None => out.push((
            node["span"][0].as_u64().unwrap(),
            node["span"][1].as_u64().unwrap(),
        )),
    }
}

#[test]
fn parse_report_google_json_is_googles_report_whatever_the_variant() {
    let input = "User-agent: *\nDisalow /x # c\nCrawl-delay: 5\n";
    let output = robotspec_with_input(
        &["parse", "--report", "google", "--format", "json", "-"],
        input,
    );
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        json["lines"][1],
        serde_json::json!({"line": 2, "tag": "disallow", "is_typo": true, "is_empty": false,
            "has_comment": true, "is_comment": false, "has_directive": true,
            "is_acceptable_typo": true, "is_line_too_long": false,
            "is_missing_colon_separator": true})
    );
    let tags: Vec<&str> = json["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["tag"].as_str().unwrap())
        .collect();
    assert_eq!(tags, ["user-agent", "disallow", "unused", "unknown"]);
    assert_eq!(json["valid_directives"], 2);
    assert_eq!(json["unused_directives"], 1);
    assert_eq!(json["last_line_seen"], 4);
    // Flat, in this order: the lines, then the counts.
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    let at = |key: &str| text.find(&format!("\"{key}\":")).unwrap();
    assert!(at("lines") < at("valid_directives"));
    assert!(at("valid_directives") < at("unused_directives"));
    assert!(at("unused_directives") < at("last_line_seen"));
    assert!(at("line") < at("tag") && at("tag") < at("is_typo"));
    // Google's view whatever `--variant` says, and `--compact` prints the same on one line.
    for args in [
        ["--variant", "convention-1994"],
        ["--compact", "--variant=rfc9309"],
    ] {
        let mut all = vec!["parse", "--report", "google", "--format", "json"];
        all.extend(args);
        all.push("-");
        let other = robotspec_with_input(&all, input);
        assert!(other.status.success());
        let other: serde_json::Value = serde_json::from_slice(&other.stdout).unwrap();
        assert_eq!(other, json);
    }
}

#[test]
fn parse_report_google_text_names_the_flags_of_each_line() {
    let input = "User-agent: *\nDisallow /x # y\nCrawl-delay: 5\n";
    let output = robotspec_with_input(&["parse", "--report", "google", "-"], input);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "1  user-agent  has_directive\n\
         2  disallow    has_comment has_directive is_missing_colon_separator\n\
         3  unused      has_directive\n\
         4  unknown     is_empty\n\
         valid directives: 2, unused directives: 1, last line seen: 4\n"
    );
}

#[test]
fn parse_report_google_agrees_with_googles_report_on_utf16() {
    // store.usps.com is served as UTF-16: to Google's C strings each line ends at its first NUL.
    let path = "tests/corpus/real/store.usps.com";
    let output = robotspec(&["parse", "--report", "google", "--format", "json", path]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let lines = json["lines"].as_array().unwrap();
    assert!(lines.iter().skip(1).all(|l| l["is_empty"] == true));
    assert!(lines.iter().all(|l| l["has_directive"] == false));
    assert_eq!(json["valid_directives"], 0);
}

#[test]
fn parse_json_leaves_tile_every_real_sample_file() {
    let files = common::files_in("corpus/real");
    assert!(files.len() > 100);
    // Every fifth file keeps the test quick; the library tests cover all of them.
    for path in files.iter().step_by(5) {
        let output = robotspec(&["parse", "--format", "json", path.to_str().unwrap()]);
        assert!(output.status.success(), "{}", path.display());
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let mut spans = Vec::new();
        json_leaf_spans(&json, &mut spans);
        let len = std::fs::metadata(path).unwrap().len();
        let mut at = 0;
        for (start, end) in spans {
            if len == 0 {
                break;
            }
            assert_eq!(start, at, "{}", path.display());
            at = end;
        }
        assert_eq!(at, len, "{}", path.display());
    }
}

#[test]
fn strict_rejection_prints_every_problem_and_exits_2() {
    let output = robotspec(&[
        "parse",
        "--mode",
        "strict",
        "tests/corpus/err/whitespace-in-value.txt",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "tests/corpus/err/whitespace-in-value.txt:3:14: error[whitespace-in-value]: \
         whitespace inside a value (write it as %20)\n"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn strict_acceptance_prints_the_tree_and_exits_0() {
    let output = robotspec(&["parse", "--mode", "strict", "tests/corpus/ok/simple.txt"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("robots_txt 1:1 0..62\n  user_agent_line 1:1 0..14\n"));
}

#[test]
fn every_err_file_is_rejected_and_every_ok_file_accepted_from_the_cli() {
    for path in common::files_in("corpus/err") {
        let bytes = std::fs::read(&path).unwrap();
        let variant = common::variant_of(&bytes).to_string();
        let path = path.to_str().unwrap();
        let output = robotspec(&["parse", "--mode", "strict", "--variant", &variant, path]);
        assert_eq!(output.status.code(), Some(2), "{path}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        for expect in common::header(&bytes, "expect") {
            let (code, at) = expect.split_once(' ').unwrap();
            assert!(
                stderr.contains(&format!("{path}:{at}: error[{code}]")),
                "{path}: {stderr}"
            );
        }
    }
    for path in common::files_in("corpus/ok") {
        // ok files are only valid under the variant their header names (1994's unknown
        // fields, for one, are violations elsewhere).
        let variant = common::variant_of(&std::fs::read(&path).unwrap()).to_string();
        let args = ["parse", "--mode", "strict", "--variant", &variant];
        let output = robotspec(&[&args[..], &[path.to_str().unwrap()]].concat());
        assert_eq!(output.status.code(), Some(0), "{}", path.display());
    }
}

#[test]
fn unreadable_file_is_an_error() {
    let output = robotspec(&["parse", "no/such/file"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read no/such/file"));
}

#[test]
fn check_prints_one_line_per_url_and_exits_1_when_any_is_disallowed() {
    let output = robotspec(&[
        "check",
        "--agent",
        "webcrawler",
        "tests/examples/bodies/E08.txt",
        "https://x.com/tmp/ok.html",
        "/tmp/other",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "https://x.com/tmp/ok.html\tallowed by line 3: Allow: /tmp/ok.html [group for `webcrawler` at line 1]\n\
         /tmp/other\tdisallowed by line 4: Disallow: /tmp [group for `webcrawler` at line 1]\n"
    );
}

#[test]
fn check_exits_0_when_every_url_is_allowed() {
    let output = robotspec(&[
        "check",
        "--agent",
        "excite",
        "tests/examples/bodies/E08.txt",
        "/tmp",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "/tmp\tallowed: no group applies\n"
    );
}

#[test]
fn check_takes_the_token_from_a_user_agent_header() {
    let output = robotspec(&[
        "check",
        "--agent",
        "Mozilla/5.0 (compatible; infoseek/2.1; +http://example.com/bot)",
        "tests/examples/bodies/E08.txt",
        "/tmp/x",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("`infoseek`"));
}

#[test]
fn explain_lists_every_matching_rule_in_priority_order() {
    let output = robotspec(&[
        "explain",
        "--agent",
        "other",
        "tests/examples/bodies/E29.txt",
        "http://www.fict.org/org/plans.html",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rules: Vec<&str> = stdout.lines().filter(|l| l.starts_with("  line")).collect();
    assert_eq!(rules.len(), 3, "{stdout}");
    assert!(rules[0].contains("disallow /org/plans.html"));
    assert!(rules[1].contains("allow    /org/"));
    assert!(rules[2].contains("disallow /"));
    assert!(stdout.contains("why:      longest match: 15 bytes beat 5 (line 13)"));
}

#[test]
fn batch_answers_each_query_in_order() {
    let queries = "E08.txt\twebcrawler\t/tmp/ok.html\nE08.txt\twebcrawler\t/tmp/x\n\
                   E29.txt\tunhipbot\thttp://www.fict.org/\nE08.txt\tnobody\t/tmp/x\n";
    let output = robotspec_with_input(
        &[
            "batch",
            "--variant",
            "google",
            "--corpus",
            "tests/examples/bodies",
        ],
        queries,
    );
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "1\n0\n0\n1\n");
}

#[test]
fn batch_answers_e_for_a_malformed_query_and_goes_on() {
    let output = robotspec_with_input(
        &["batch", "--corpus", "tests/examples/bodies"],
        "E08.txt\twebcrawler\t/tmp/x\nno tabs here\nE08.txt\tnobody\t/tmp/x\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "0\nE\n1\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "robotspec: line 2: expected FILE<TAB>AGENT<TAB>URL (ignored)\n\
         robotspec: 1 query line ignored\n"
    );
}

/// The longest query line `batch` reads, without its line end: 2 MiB.
const MAX: usize = 2 << 20;

/// A query line of `bytes` bytes (without its `\n`) on E08.txt.
fn long_query(bytes: usize) -> String {
    let head = "E08.txt\twebcrawler\t/tmp/";
    format!("{head}{}", "a".repeat(bytes - head.len()))
}

#[test]
fn batch_answers_e_for_an_over_long_query_and_goes_on() {
    // 2 MiB (with a `\r` before the `\n`) is the longest query read; one more is too long.
    let queries = format!(
        "E08.txt\twebcrawler\t/tmp/ok.html\n{}\r\n{}\nE08.txt\twebcrawler\t/tmp/x\n\
         E08.txt\tnobody\t/tmp/x\n{}\n",
        long_query(MAX),
        long_query(MAX + 1),
        long_query(MAX + 100_000)
    );
    let output = robotspec_with_input(&["batch", "--corpus", "tests/examples/bodies"], &queries);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "1\n0\nE\n0\n1\nE\n"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "robotspec: line 3: query longer than 2097152 bytes (ignored)\n\
         robotspec: line 6: query longer than 2097152 bytes (ignored)\n\
         robotspec: 2 query lines ignored\n"
    );
}

#[test]
fn batch_reads_an_endless_line_to_its_end_without_keeping_it() {
    // Five million NUL bytes and no line end: one line, too long, answered `E`.
    let (output, written) = robotspec_fed(
        &["batch", "--corpus", "tests/examples/bodies"],
        vec![0; 5_000_000],
    );
    assert_eq!(written, 5_000_000);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "E\n");
    assert!(String::from_utf8(output.stderr)
        .unwrap()
        .starts_with("robotspec: line 1: query longer than 2097152 bytes (ignored)\n"));
}

#[test]
fn diff_marks_the_variants_that_differ_and_exits_1() {
    let output = robotspec(&[
        "diff",
        "--variants",
        // The older spelling of draft-1996 is still accepted.
        "1996-draft,google",
        "--agent",
        "foobot",
        "tests/examples/bodies/E11.txt",
        "/example/page/disallowed.gif",
        "/example/page/",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "/example/page/disallowed.gif");
    assert!(lines[1].contains("draft-1996") && lines[1].contains("allowed     line 2"));
    assert!(lines[2].starts_with("  ≠ google") && lines[2].contains("disallowed  line 3"));
    assert!(lines[3].starts_with("  DIFFERS: draft-1996 ≠ google: first-match-vs-longest-match"));
    assert_eq!(stdout.matches("DIFFERS").count(), 1, "{stdout}");
    assert_eq!(lines[4], "/example/page/");
}

#[test]
fn diff_exits_0_when_the_variants_agree() {
    let output = robotspec(&[
        "diff",
        "--agent",
        "anybot",
        "tests/examples/bodies/E03.txt",
        "/x",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    // All five variants, none marked.
    assert_eq!(stdout.lines().count(), 6, "{stdout}");
    assert!(!stdout.contains('≠'));
}

#[test]
fn diff_rejects_an_unknown_variant() {
    let output = robotspec(&[
        "diff",
        "--variants",
        "google,nope",
        "--agent",
        "a",
        "tests/examples/bodies/E03.txt",
        "/x",
    ]);
    assert_eq!(output.status.code(), Some(2));
}

fn diff_corpus(format: &str, queries: &str) -> Output {
    diff_corpus_with("convention-1994,draft-1996,google", format, queries)
}

fn diff_corpus_with(variants: &str, format: &str, queries: &str) -> Output {
    robotspec_with_input(
        &[
            "diff",
            "--variants",
            variants,
            "--format",
            format,
            "--corpus",
            "tests/examples/bodies",
        ],
        queries,
    )
}

const DIFF_QUERIES: &str = "E11.txt\tfoobot\t/example/page/disallowed.gif\n\
                            E11.txt\tfoobot\t/example/page/\n\
                            E03.txt\tanybot\t/robots.txt\n\
                            E24.txt\tfoo\t/private\n";

#[test]
fn diff_corpus_json_counts_every_pair() {
    let output = diff_corpus("json", DIFF_QUERIES);
    assert_eq!(output.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["queries"], 4);
    assert_eq!(json["files"], 3);
    assert_eq!(json["disagreeing_queries"], 3);
    let pairs = json["pairs"].as_array().unwrap();
    let count = |left: &str, right: &str| {
        pairs
            .iter()
            .find(|p| p["left"] == left && p["right"] == right)
            .unwrap()["disagreements"]
            .as_u64()
            .unwrap()
    };
    // E11: 1994 and google disallow, 1996 allows; /robots.txt: google alone disallows;
    // E24: the blank line leaves 1994 and 1996 without the rule.
    assert_eq!(count("convention-1994", "draft-1996"), 1);
    assert_eq!(count("convention-1994", "google"), 2);
    assert_eq!(count("draft-1996", "google"), 3);
    let reasons: Vec<&str> = pairs[2]["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons,
        [
            "robots-txt-implicitly-allowed",
            "blank-line-ends-record",
            "first-match-vs-longest-match"
        ]
    );
    assert_eq!(pairs[2]["reasons"][1]["examples"][0]["file"], "E24.txt");
    assert_eq!(pairs[2]["reasons"][1]["examples"][0]["line"], 2);
}

#[test]
fn diff_corpus_text_summary_and_agreement() {
    let output = diff_corpus("text", DIFF_QUERIES);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("queries: 4 on 3 files; 3 with some disagreement\n"));
    assert!(
        stdout.contains("E11.txt:2: Allow : /example/page/"),
        "{stdout}"
    );
    let agree = diff_corpus("text", "E03.txt\tanybot\t/x\n");
    assert_eq!(agree.status.code(), Some(0));
    let bad = diff_corpus("text", "E03.txt only\n");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn diff_corpus_ignores_over_long_and_malformed_lines_and_exits_2() {
    let queries = format!(
        "{}\n{}\nE03.txt only\n{}",
        long_query(MAX + 10_000),
        DIFF_QUERIES.trim_end(),
        "E08.txt\twebcrawler\t/tmp/x\n"
    );
    let output = diff_corpus("json", &queries);
    assert_eq!(output.status.code(), Some(2));
    // The summary of the five good queries is printed all the same.
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["queries"], 5);
    assert_eq!(json["files"], 4);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "robotspec: line 1: query longer than 2097152 bytes (ignored)\n\
         robotspec: line 6: expected FILE<TAB>AGENT<TAB>URL (ignored)\n\
         robotspec: 2 query lines ignored\n"
    );
}

/// `robotspec fetch` against a real server on 127.0.0.1 (port chosen at run time): state,
/// reason, lifetime, verdicts, and `check`'s exit statuses.
#[test]
fn fetch_reports_the_state_and_checks_pages_against_a_local_server() {
    let server = std::sync::Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
    let port = server.server_addr().to_ip().unwrap().port();
    let serving = std::sync::Arc::clone(&server);
    let thread = std::thread::spawn(move || {
        for request in serving.incoming_requests() {
            let response = match request.url() {
                "/robots.txt" => tiny_http::Response::from_string(
                    "User-agent: *\nDisallow: /private\nCrawl-delay: 5\n",
                ),
                _ => tiny_http::Response::from_string("").with_status_code(404),
            };
            let _ = request.respond(response);
        }
    });
    let base = format!("http://127.0.0.1:{port}");
    let private = format!("{base}/private/a");
    let public = format!("{base}/public");

    let output = robotspec(&[
        "fetch", &base, "--agent", "foobot", "--check", &private, "--check", &public,
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let expected = format!(
        "robots.txt: {base}/robots.txt\nvariant:    google\nstate:      rules\n\
         reason:     200: the file is obeyed\nlifetime:   86400s (default)\n\
         diagnostics: 1\n  3:1: warning[known-extension]: "
    );
    assert!(stdout.starts_with(&expected), "{stdout}");
    assert!(stdout.contains(&format!(
        "{private}\tdisallowed by line 2: Disallow: /private [`*` group at line 1]\n"
    )));
    assert!(stdout.contains(&format!("{public}\tallowed")));

    let output = robotspec(&[
        "fetch",
        "--variant",
        "1996-draft",
        &base,
        "--check",
        &public,
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8(output.stdout)
        .unwrap()
        .contains("lifetime:   604800s (default)"));

    let output = robotspec(&["fetch", "mailto:someone@example.com"]);
    assert_eq!(output.status.code(), Some(2));

    server.unblock();
    thread.join().unwrap();
}

#[test]
fn limits_are_flags_and_cuts_are_reported() {
    let text = "user-agent: *\ndisallow: /a\ndisallow: /b\n";
    let out = robotspec_with_input(
        &[
            "check",
            "--agent",
            "bot",
            "--max-rules-per-group",
            "1",
            "-",
            "/a",
            "/b",
        ],
        text,
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("/b\tallowed"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("<stdin>:3:11: warning[limit-exceeded]")
            && stderr.contains("rules_per_group"),
        "{stderr}"
    );
    let strict = robotspec_with_input(
        &[
            "check",
            "--agent",
            "bot",
            "--mode",
            "strict",
            "--max-rules-per-group",
            "1",
            "-",
            "/a",
        ],
        text,
    );
    assert_eq!(strict.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&strict.stderr).contains("<stdin>:3:11: error[limit-exceeded]"));
    let parse = robotspec_with_input(
        &["parse", "--mode", "strict", "--max-input-bytes", "20", "-"],
        text,
    );
    assert_eq!(parse.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&parse.stderr).contains("<stdin>:2:1: error[limit-exceeded]"));
}

#[test]
fn invalid_utf8_can_be_dropped_from_the_command_line() {
    let file = std::env::temp_dir().join(format!("robotspec-latin1-{}.txt", std::process::id()));
    std::fs::write(&file, b"user-agent: *\ndisallow: /caf\xE9\n").unwrap();
    let path = file.to_str().unwrap();
    let kept = robotspec(&["check", "--agent", "bot", path, "/cafe"]);
    let dropped = robotspec(&[
        "check",
        "--agent",
        "bot",
        "--drop-invalid-utf8",
        path,
        "/cafe",
    ]);
    std::fs::remove_file(&file).unwrap();
    assert_eq!(kept.status.code(), Some(0));
    assert_eq!(dropped.status.code(), Some(1));
}

/// `robotspec fetch --5xx-not-found TEXT`: a 5xx page containing TEXT counts as a 404.
#[test]
fn fetch_takes_a_5xx_whose_page_says_not_found_for_a_404() {
    let server = std::sync::Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
    let port = server.server_addr().to_ip().unwrap().port();
    let serving = std::sync::Arc::clone(&server);
    let thread = std::thread::spawn(move || {
        for request in serving.incoming_requests() {
            let page = tiny_http::Response::from_string("<h1>Page NOT FOUND</h1>");
            let _ = request.respond(page.with_status_code(500));
        }
    });
    let base = format!("http://127.0.0.1:{port}");
    let page = format!("{base}/a");
    let with_hook = robotspec(&[
        "fetch",
        &base,
        "--5xx-not-found",
        "page not found",
        "--check",
        &page,
    ]);
    assert_eq!(with_hook.status.code(), Some(0));
    let stdout = String::from_utf8(with_hook.stdout).unwrap();
    assert!(stdout.contains("state:      allow-all\n"), "{stdout}");
    assert!(stdout.contains("misconfigured-5xx hook"), "{stdout}");
    assert!(stdout.contains("lifetime:   86400s (default)"), "{stdout}");

    let without = robotspec(&["fetch", &base, "--check", &page]);
    assert_eq!(without.status.code(), Some(1));
    let stdout = String::from_utf8(without.stdout).unwrap();
    assert!(stdout.contains("state:      unreachable\n"), "{stdout}");
    assert!(stdout.contains("lifetime:   3600s (retry)"), "{stdout}");

    server.unblock();
    thread.join().unwrap();
}

/// A robots.txt of about 3 MB: `/a` disallowed at the top, `/z` at the very end, comments between.
fn three_megabytes() -> Vec<u8> {
    let mut text = b"User-agent: *\nDisallow: /a\n".to_vec();
    while text.len() < 3_000_000 {
        text.extend_from_slice(b"# filler filler filler filler filler filler filler filler\n");
    }
    text.extend_from_slice(b"Disallow: /z\n");
    text
}

#[test]
fn check_reads_no_more_of_dev_zero_than_the_input_limit() {
    let args = ["check", "--max-input-bytes", "1000", "--agent", "a"];
    // Under `timeout`: reading /dev/zero to its end never finishes.
    let (lenient, _) = robotspec_fed(&[&args[..], &["/dev/zero", "/"]].concat(), Vec::new());
    // Lenient: the cut is a warning, nothing was read, so `/` is allowed.
    assert_eq!(lenient.status.code(), Some(0));
    let stderr = String::from_utf8(lenient.stderr).unwrap();
    assert!(
        stderr.starts_with("/dev/zero:") && stderr.contains("warning[limit-exceeded]"),
        "{stderr}"
    );
    let strict_args = [&args[..], &["--mode", "strict", "/dev/zero", "/"]].concat();
    let (strict, _) = robotspec_fed(&strict_args, Vec::new());
    assert_eq!(strict.status.code(), Some(2));
    let stderr = String::from_utf8(strict.stderr).unwrap();
    assert!(stderr.contains("error[limit-exceeded]"), "{stderr}");
    assert!(
        stderr.ends_with("robotspec: /dev/zero: rejected in strict mode\n"),
        "{stderr}"
    );
}

#[test]
fn a_pipe_is_read_up_to_the_input_limit_and_no_further() {
    let text = three_megabytes();
    let (output, written) = robotspec_fed(
        &[
            "check",
            "--max-input-bytes",
            "1000",
            "--agent",
            "a",
            "-",
            "/a",
            "/z",
        ],
        text.clone(),
    );
    // The command closed its input long before the end (a pipe holds 64 KiB by default).
    assert!(written < text.len() / 2, "{written} bytes written");
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("/a\tdisallowed"), "{stdout}");
    assert!(stdout.contains("/z\tallowed"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("<stdin>:") && stderr.contains("warning[limit-exceeded]"),
        "{stderr}"
    );
}

#[test]
fn a_fifo_is_read_up_to_the_input_limit_and_no_further() {
    let fifo = std::env::temp_dir().join(format!("robotspec-fifo-{}", std::process::id()));
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let path = fifo.clone();
    let text = three_megabytes();
    let total = text.len();
    let (sent, written) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let fifo = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        let _ = sent.send(write_counting(fifo, &text));
    });
    let fifo_name = fifo.to_str().unwrap();
    let output = Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_robotspec"))
        .args(["parse", "--mode", "strict", "--max-input-bytes", "1000"])
        .arg(fifo_name)
        .output()
        .unwrap();
    let written = written
        .recv_timeout(std::time::Duration::from_secs(60))
        .unwrap();
    std::fs::remove_file(&fifo).unwrap();
    assert!(written < total / 2, "{written} bytes written");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(fifo_name) && stderr.contains("error[limit-exceeded]"),
        "{stderr}"
    );
}

#[test]
fn strict_parse_rejects_a_file_longer_than_the_input_limit() {
    let path = "tests/corpus/ok/simple.txt";
    let args = ["parse", "--mode", "strict", "--max-input-bytes"];
    let cut = robotspec(&[&args[..], &["10", path]].concat());
    assert_eq!(cut.status.code(), Some(2));
    assert!(cut.stdout.is_empty());
    let stderr = String::from_utf8(cut.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("{path}:")) && stderr.contains("error[limit-exceeded]"),
        "{stderr}"
    );
    // The same file under a limit it fits in is accepted.
    let whole = robotspec(&[&args[..], &["100000", path]].concat());
    assert_eq!(whole.status.code(), Some(0));
}

/// A local HTTP server on 127.0.0.1 (port chosen at run time) answering every request with
/// `respond(path)`; stopped by [`Server::stop`].
struct Server {
    server: std::sync::Arc<tiny_http::Server>,
    thread: std::thread::JoinHandle<()>,
    base: String,
}

type Reply = tiny_http::Response<std::io::Cursor<Vec<u8>>>;

impl Server {
    fn start(respond: fn(&str) -> Reply) -> Server {
        let server = std::sync::Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
        let port = server.server_addr().to_ip().unwrap().port();
        let serving = std::sync::Arc::clone(&server);
        let thread = std::thread::spawn(move || {
            for request in serving.incoming_requests() {
                let response = respond(request.url());
                let _ = request.respond(response);
            }
        });
        Server {
            server,
            thread,
            base: format!("http://127.0.0.1:{port}"),
        }
    }

    fn stop(self) {
        self.server.unblock();
        self.thread.join().unwrap();
    }
}

/// A robots.txt disallowing `/private` for everyone.
fn private_robots_txt(path: &str) -> Reply {
    match path {
        "/robots.txt" => tiny_http::Response::from_string("User-agent: *\nDisallow: /private\n"),
        _ => tiny_http::Response::from_string("").with_status_code(404),
    }
}

/// The arguments and standard input of every command that prints results, each with enough
/// output that it cannot all fit in a pipe (64 KiB) at once; `base` is a local server's URL.
fn every_command(base: &str) -> Vec<(Vec<String>, Vec<u8>)> {
    let body = "tests/examples/bodies/E14.txt";
    let paths: Vec<String> = (0..20_000).map(|i| format!("/p{i}")).collect();
    let with_paths = |head: &[&str]| -> Vec<String> {
        head.iter()
            .map(|s| (*s).to_owned())
            .chain(paths.iter().cloned())
            .collect()
    };
    let mut fetch = vec!["fetch".to_owned(), base.to_owned()];
    for path in &paths {
        fetch.extend(["--check".to_owned(), path.clone()]);
    }
    let queries = "E14.txt\ta\t/x\n".repeat(40_000).into_bytes();
    let rules = "Disallow: /x\n".repeat(20_000).into_bytes();
    vec![
        (with_paths(&["check", "--agent", "a", body]), Vec::new()),
        (with_paths(&["explain", "--agent", "a", body]), Vec::new()),
        (with_paths(&["diff", "--agent", "a", body]), Vec::new()),
        (fetch, Vec::new()),
        (vec!["parse".into(), "-".into()], rules),
        (
            ["batch", "--corpus", "tests/examples/bodies"]
                .map(String::from)
                .to_vec(),
            queries.clone(),
        ),
        // JSON is written the same way.
        (
            with_paths(&["check", "--format", "json", "--agent", "a", body]),
            Vec::new(),
        ),
        (
            [
                "batch",
                "--format",
                "json",
                "--corpus",
                "tests/examples/bodies",
            ]
            .map(String::from)
            .to_vec(),
            queries,
        ),
    ]
}

/// Runs `robotspec` with `args`, `input` on standard input (written from another thread, its
/// failures ignored) and standard output going to `stdout`, or read for 16 bytes and then
/// closed when `stdout` is `None`.
fn run_with_output(args: &[String], input: Vec<u8>, stdout: Option<std::fs::File>) -> Output {
    use std::io::Read as _;
    use std::process::Stdio;
    let piped = stdout.is_none();
    let mut child = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(stdout.map_or_else(Stdio::piped, Stdio::from))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || write_counting(stdin, &input));
    if piped {
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The read end is dropped here: later writes fail with a broken pipe.
    }
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// Every command that prints results, with its output pipe closed after the first bytes (as
/// `… | head -1` does): it ends quietly with status 0, never with a panic.
#[test]
fn a_closed_pipe_ends_quietly() {
    let server = Server::start(private_robots_txt);
    for (args, input) in every_command(&server.base) {
        let output = run_with_output(&args, input, None);
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{}: {stderr}", args[0]);
        assert_eq!(output.status.code(), Some(0), "{}: {stderr}", args[0]);
    }
    server.stop();
}

/// A full disk is an error the user hears about: exit 2 and a message, not a panic — for every
/// command, `man` and `completions` included.
#[test]
fn a_full_disk_is_an_error() {
    let server = Server::start(private_robots_txt);
    let mut commands = every_command(&server.base);
    commands.push((vec!["man".into()], Vec::new()));
    // Its summary is short: only a full disk, never a closed pipe, can fail writing it.
    let corpus = ["diff", "--corpus", "tests/examples/bodies"].map(String::from);
    commands.push((corpus.to_vec(), DIFF_QUERIES.as_bytes().to_vec()));
    commands.push((vec!["completions".into(), "bash".into()], Vec::new()));
    for (args, input) in commands {
        let full = std::fs::File::create("/dev/full").unwrap();
        let output = run_with_output(&args, input, Some(full));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{}: {stderr}", args[0]);
        assert!(
            stderr.starts_with("robotspec: cannot write output: "),
            "{}: {stderr}",
            args[0]
        );
    }
    server.stop();
}

const SUBCOMMANDS: [&str; 11] = [
    "parse",
    "check",
    "explain",
    "usage",
    "batch",
    "diff",
    "fetch",
    "settings",
    "serve",
    "completions",
    "man",
];

#[test]
fn completions_cover_every_subcommand_in_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let output = robotspec(&["completions", shell]);
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        assert!(script.len() > 1000, "{shell}: {script}");
        for subcommand in SUBCOMMANDS {
            assert!(script.contains(subcommand), "{shell} lacks {subcommand}");
        }
        // Values come from the definition: the variant names are offered (PowerShell's script
        // completes flags and subcommands only).
        if shell != "powershell" {
            assert!(script.contains("rep-draft-2019"), "{shell}");
        }
    }
    let bad = robotspec(&["completions", "tcsh"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn man_prints_a_roff_page_naming_every_subcommand() {
    let output = robotspec(&["man"]);
    assert_eq!(output.status.code(), Some(0));
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{page}");
    assert!(page.contains("\n.TH robotspec 1 "), "{page}");
    for subcommand in SUBCOMMANDS {
        // Listed, and described in a section of its own with its options.
        assert!(
            page.contains(&format!("robotspec\\-{subcommand}(1)")),
            "{subcommand}"
        );
        let section = format!("\n.SH \"ROBOTSPEC {}\"\n", subcommand.to_uppercase());
        let (_, rest) = page.split_once(&section).unwrap();
        let synopsis = format!("\\fBrobotspec {subcommand}\\fR");
        assert!(rest.contains(&synopsis), "{subcommand}");
    }
    for flag in [
        "\\-\\-variant",
        "\\-\\-max\\-input\\-bytes",
        "\\-\\-5xx\\-not\\-found",
    ] {
        assert!(page.contains(flag), "{flag}");
    }
}

/// `robotspec COMMAND --help` with the terminal `columns` wide.
fn help(command: &str, columns: usize) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args([command, "--help"])
        .env("COLUMNS", columns.to_string())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{command}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn help_lists_possible_values_and_defaults() {
    for command in ["parse", "check", "explain", "batch", "fetch"] {
        let text = help(command, 100);
        // The one default variant, and every variant the library has, with its title.
        assert!(text.contains("[default: google]"), "{command}: {text}");
        for variant in robotspec::Variant::ALL {
            let entry = format!("- {}: {}", variant.name(), variant.description());
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains(&entry), "{command} lacks {entry}: {text}");
        }
    }
    for command in ["parse", "check", "explain", "batch"] {
        let text = help(command, 100);
        assert!(
            text.contains("- lenient:") && text.contains("- strict:"),
            "{text}"
        );
        assert!(text.contains("[default: lenient]"), "{command}: {text}");
        assert!(text.contains("[default: 67108864]"), "{command}: {text}");
    }
    let parse = help("parse", 100);
    assert!(
        parse.contains("- tree:") && parse.contains("[default: tree]"),
        "{parse}"
    );
    let diff = help("diff", 100);
    assert!(
        diff.contains("- text:") && diff.contains("- json:"),
        "{diff}"
    );
    assert!(diff.contains("[default: text]"), "{diff}");
    let fetch = help("fetch", 100);
    assert!(fetch.contains("[default: robotspec]"), "{fetch}");
    assert!(fetch.contains("[default: 10]"), "{fetch}");
}

#[test]
fn help_wraps_to_the_terminal_width() {
    for command in ["check", "fetch", "diff"] {
        // The usage line is not wrapped (its words cannot be broken); the rest is.
        let widest = |text: &str| {
            text.lines()
                .filter(|l| !l.starts_with("Usage:"))
                .map(|l| l.chars().count())
                .max()
                .unwrap()
        };
        let narrow = help(command, 60);
        let widest_narrow = widest(&narrow);
        assert!(
            widest_narrow <= 60,
            "{command}: {widest_narrow} columns:\n{narrow}"
        );
        let widest_wide = widest(&help(command, 100));
        assert!(
            widest_wide > 60 && widest_wide <= 100,
            "{command}: {widest_wide}"
        );
    }
}

#[test]
fn every_command_reads_under_google_by_default() {
    // Google's reading takes the `dissallow` typo for `disallow`; RFC 9309's does not.
    let text = "user-agent: *\ndissallow: /x\n";
    let tree = |extra: &[&str]| {
        let args = [&["parse"][..], extra, &["-"]].concat();
        String::from_utf8(robotspec_with_input(&args, text).stdout).unwrap()
    };
    assert!(tree(&[]).contains("disallow_line 2:1"), "{}", tree(&[]));
    assert_eq!(tree(&[]), tree(&["--variant", "google"]));
    assert_ne!(tree(&[]), tree(&["--variant", "rfc9309"]));
    for command in ["check", "explain"] {
        let output = robotspec_with_input(&[command, "--agent", "a", "-", "/x"], text);
        assert_eq!(output.status.code(), Some(1), "{command}");
    }
    let corpus = std::env::temp_dir().join(format!("robotspec-typo-{}", std::process::id()));
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::write(corpus.join("typo.txt"), text).unwrap();
    let batch = |extra: &[&str]| {
        let args = [&["batch", "--corpus", corpus.to_str().unwrap()][..], extra].concat();
        String::from_utf8(robotspec_with_input(&args, "typo.txt\ta\t/x\n").stdout).unwrap()
    };
    assert_eq!(batch(&[]), "0\n");
    assert_eq!(batch(&["--variant", "rfc9309"]), "1\n");
    std::fs::remove_dir_all(&corpus).unwrap();
}

#[test]
fn fetch_takes_one_page_per_check_flag() {
    let server = Server::start(private_robots_txt);
    let private = format!("{}/private/a", server.base);
    // The URL after `--check PAGE` is the site's, not a second page.
    let output = robotspec(&["fetch", "--check", &private, &server.base]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with(&format!("robots.txt: {}/robots.txt\n", server.base)));
    assert!(stdout.ends_with(&format!(
        "\n{private}\tdisallowed by line 2: Disallow: /private [`*` group at line 1]\n"
    )));
    let output = robotspec(&[
        "fetch",
        &server.base,
        "--check",
        "/public",
        "--check",
        "/private/b",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let pages: Vec<&str> = stdout.lines().rev().take(2).collect();
    assert!(pages[1].starts_with("/public\tallowed"), "{stdout}");
    assert!(pages[0].starts_with("/private/b\tdisallowed"), "{stdout}");
    server.stop();
}

/// The first line of standard error (clap's `error: …`, or `robotspec: …`).
fn error_line(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    stderr.lines().next().unwrap_or_default().to_owned()
}

#[test]
fn a_url_that_is_not_one_suggests_the_fix() {
    let output = robotspec(&["fetch", "example.com"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(error_line(&output)
        .ends_with("not a URL: \"example.com\" (did you mean https://example.com/robots.txt ?)"));
    let output = robotspec(&["fetch", "localhost:8000/a"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(error_line(&output).ends_with("(did you mean https://localhost:8000/robots.txt ?)"));
    let output = robotspec(&["fetch", "/a"]);
    assert!(
        error_line(&output).ends_with("(expected an absolute URL such as https://example.com/)")
    );
    let output = robotspec(&["fetch", "mailto:someone@example.com"]);
    assert!(error_line(&output).ends_with("has no host, so no robots.txt governs it"));

    let body = "tests/examples/bodies/E08.txt";
    for (page, fix) in [
        ("tmp/x", "(did you mean /tmp/x ?)"),
        (
            "x.com/tmp/x",
            "(did you mean https://x.com/tmp/x or /x.com/tmp/x ?)",
        ),
    ] {
        for command in ["check", "explain", "diff"] {
            let output = robotspec(&[command, "--agent", "a", body, "/ok", page]);
            assert_eq!(output.status.code(), Some(2), "{command}");
            assert!(output.stdout.is_empty(), "{command}");
            let error = error_line(&output);
            assert!(
                error.ends_with(&format!("not a URL or path: \"{page}\" {fix}")),
                "{command}: {error}"
            );
        }
        let output = robotspec(&["fetch", "http://127.0.0.1:9/", "--check", page]);
        assert!(error_line(&output).ends_with(fix));
    }
    // Paths and absolute URLs are what they always were.
    let output = robotspec(&[
        "check",
        "--agent",
        "a",
        body,
        "/tmp/x",
        "https://x.com/tmp/x",
    ]);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn fetch_that_gets_no_answer_exits_2() {
    // Nothing listens on a port just freed.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let refused = robotspec(&["fetch", &format!("http://127.0.0.1:{port}/")]);
    assert_eq!(refused.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&refused.stdout);
    assert!(stdout.contains("state:      unreachable\n"), "{stdout}");
    let robots = format!("http://127.0.0.1:{port}/robots.txt");
    assert!(
        error_line(&refused).starts_with(&format!("robotspec: could not fetch {robots}: ")),
        "{}",
        error_line(&refused)
    );

    // A listener that never answers.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/", silent.local_addr().unwrap());
    let timed_out = robotspec(&["fetch", "--timeout", "0.5", &url]);
    assert_eq!(timed_out.status.code(), Some(2));
    assert!(
        error_line(&timed_out).ends_with(": timed out"),
        "{}",
        error_line(&timed_out)
    );
    drop(silent);

    // A redirect to itself, for ever.
    let server = Server::start(|_| {
        let to = tiny_http::Header::from_bytes("Location", "/robots.txt").unwrap();
        tiny_http::Response::from_string("")
            .with_status_code(301)
            .with_header(to)
    });
    let looping = robotspec(&["fetch", &server.base]);
    assert_eq!(looping.status.code(), Some(2));
    assert!(
        error_line(&looping).ends_with(": more than 5 redirects"),
        "{}",
        error_line(&looping)
    );
    server.stop();

    // A 5xx is an answer: the site is unreachable by the policy, but it was fetched.
    let server = Server::start(|_| tiny_http::Response::from_string("").with_status_code(503));
    let answered = robotspec(&["fetch", &server.base]);
    assert_eq!(answered.status.code(), Some(0));
    server.stop();
}

#[test]
fn an_agent_that_names_no_crawler_is_an_error() {
    let body = "tests/examples/bodies/E08.txt";
    for (agent, why) in [
        ("", "names no crawler"),
        ("   ", "names no crawler"),
        (" , ,", "names no crawler"),
        ("a\tb", "holds a control character (U+0009 at byte 1)"),
        ("bot\r\n", "holds a control character (U+000D at byte 3)"),
        ("b\u{7f}", "holds a control character (U+007F at byte 1)"),
    ] {
        let runs = [
            robotspec(&["check", "--agent", agent, body, "/x"]),
            robotspec(&["explain", "--agent", agent, body, "/x"]),
            robotspec(&["diff", "--agent", agent, body, "/x"]),
            // Refused before any request: ureq would panic on the header.
            robotspec(&["fetch", "--agent", agent, "http://127.0.0.1:9/"]),
        ];
        for output in runs {
            assert_eq!(output.status.code(), Some(2), "{agent:?}");
            assert!(output.stdout.is_empty(), "{agent:?}");
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert!(!stderr.contains("panicked"), "{stderr}");
            assert!(
                stderr.contains(&format!(
                    "for '--agent <AGENT>': the agent {why}: {agent:?}"
                )),
                "{stderr}"
            );
        }
    }
}

#[test]
fn batch_and_diff_corpus_take_a_blank_or_control_agent_for_a_malformed_line() {
    let queries = "E08.txt\twebcrawler\t/tmp/x\nE08.txt\t\t/tmp/x\nE08.txt\t \t/tmp/x\n\
                   E08.txt\tbot\u{1}\t/tmp/x\nE08.txt\tnobody\t/tmp/x\n";
    let expected_errors = "robotspec: line 2: the agent names no crawler: \"\" (ignored)\n\
                           robotspec: line 3: the agent names no crawler: \" \" (ignored)\n\
                           robotspec: line 4: the agent holds a control character \
                           (U+0001 at byte 3): \"bot\\u{1}\" (ignored)\n\
                           robotspec: 3 query lines ignored\n";
    let batch = robotspec_with_input(&["batch", "--corpus", "tests/examples/bodies"], queries);
    assert_eq!(batch.status.code(), Some(2));
    assert_eq!(String::from_utf8(batch.stdout).unwrap(), "0\nE\nE\nE\n1\n");
    assert_eq!(String::from_utf8(batch.stderr).unwrap(), expected_errors);
    let diff = diff_corpus("json", queries);
    assert_eq!(diff.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&diff.stdout).unwrap();
    assert_eq!(json["queries"], 2);
    assert_eq!(String::from_utf8(diff.stderr).unwrap(), expected_errors);
}

#[test]
fn diff_needs_two_distinct_variants() {
    let body = "tests/examples/bodies/E03.txt";
    for (variants, error) in [
        ("google", "robotspec: diff needs at least two variants\n"),
        (
            "google,google",
            "robotspec: --variants names google twice\n",
        ),
        (
            "rfc9309,google,rfc9309",
            "robotspec: --variants names rfc9309 twice\n",
        ),
    ] {
        let output = robotspec(&["diff", "--variants", variants, "--agent", "a", body, "/x"]);
        assert_eq!(output.status.code(), Some(2), "{variants}");
        assert!(output.stdout.is_empty());
        assert_eq!(String::from_utf8(output.stderr).unwrap(), error);
        let args = [
            "diff",
            "--variants",
            variants,
            "--corpus",
            "tests/examples/bodies",
        ];
        let (corpus, _) = robotspec_fed(&args, b"E03.txt\ta\t/x\n".to_vec());
        assert_eq!(corpus.status.code(), Some(2), "{variants}");
        assert_eq!(String::from_utf8(corpus.stderr).unwrap(), error);
    }
}

/// Standard input is `-` on the command line and `<stdin>` in every message.
#[test]
fn standard_input_is_named_stdin_in_every_message() {
    let text = "user-agent: *\ndisallow: /a\ndisallow: /b\n";
    let cut = ["--max-input-bytes", "20"];
    let runs = [
        robotspec_with_input(
            &[&["check", "--agent", "a"][..], &cut, &["-", "/a"]].concat(),
            text,
        ),
        robotspec_with_input(
            &[&["explain", "--agent", "a"][..], &cut, &["-", "/a"]].concat(),
            text,
        ),
        robotspec_with_input(&[&["parse", "--warnings"][..], &cut, &["-"]].concat(), text),
        robotspec_with_input(
            &[&["parse", "--mode", "strict"][..], &cut, &["-"]].concat(),
            text,
        ),
        robotspec_with_input(
            &[
                &["check", "--mode", "strict", "--agent", "a"][..],
                &cut,
                &["-", "/a"],
            ]
            .concat(),
            text,
        ),
        robotspec_fed(&["diff", "--agent", "a", "-", "/a"], vec![b'#'; 65 << 20]).0,
    ];
    for output in runs {
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.is_empty());
        for line in stderr.lines() {
            assert!(
                line.starts_with("<stdin>:") || line.starts_with("robotspec: <stdin>: "),
                "{line}"
            );
        }
    }
}

/// Standard output parsed as one JSON document.
fn json_of(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn check_json_has_one_verdict_per_url() {
    let output = robotspec(&[
        "check",
        "--format",
        "json",
        "--agent",
        "webcrawler",
        "tests/examples/bodies/E08.txt",
        "https://x.com/tmp/ok.html",
        "/tmp/other",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let json = json_of(&output);
    assert_eq!(json["file"], "tests/examples/bodies/E08.txt");
    assert_eq!(json["variant"], "google");
    assert_eq!(json["agents"], serde_json::json!(["webcrawler"]));
    assert_eq!(json["diagnostics"], serde_json::json!([]));
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    let ok = &results[0];
    assert_eq!(ok["url"], "https://x.com/tmp/ok.html");
    assert_eq!(ok["verdict"]["allowed"], true);
    assert_eq!(ok["verdict"]["decision"], "rule");
    assert_eq!(ok["verdict"]["line"], 3);
    assert_eq!(ok["verdict"]["rule"], "Allow: /tmp/ok.html");
    assert_eq!(ok["verdict"]["agent"], "webcrawler");
    assert_eq!(ok["verdict"]["groups"], serde_json::json!([1]));
    let other = &results[1];
    assert_eq!(other["url"], "/tmp/other");
    assert_eq!(other["verdict"]["allowed"], false);
    assert_eq!(other["verdict"]["line"], 4);
    assert_eq!(other["verdict"]["rule"], "Disallow: /tmp");

    // No group applies: no rule, no agent, no groups.
    let output = robotspec(&[
        "check",
        "--format",
        "json",
        "--agent",
        "excite",
        "tests/examples/bodies/E08.txt",
        "/tmp",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let verdict = &json_of(&output)["results"][0]["verdict"];
    assert_eq!(verdict["allowed"], true);
    assert_eq!(verdict["decision"], "no-group");
    assert_eq!(verdict["line"], serde_json::Value::Null);
    assert_eq!(verdict["rule"], serde_json::Value::Null);
    assert_eq!(verdict["agent"], serde_json::Value::Null);
    assert_eq!(verdict["groups"], serde_json::json!([]));
}

#[test]
fn check_json_names_stdin_and_carries_the_limit_cuts() {
    let output = robotspec_with_input(
        &[
            "check",
            "--format",
            "json",
            "--max-rules-per-group",
            "1",
            "--agent",
            "a",
            "-",
            "/b",
        ],
        "user-agent: *\ndisallow: /a\ndisallow: /b\n",
    );
    assert_eq!(output.status.code(), Some(0));
    let json = json_of(&output);
    assert_eq!(json["file"], "<stdin>");
    let cut = &json["diagnostics"][0];
    assert_eq!(cut["code"], "limit-exceeded");
    assert_eq!(cut["severity"], "warning");
    assert_eq!(
        (cut["line"].as_u64(), cut["col"].as_u64()),
        (Some(3), Some(11))
    );
    assert!(cut["message"].as_str().unwrap().contains("rules_per_group"));
    let verdict = &json["results"][0]["verdict"];
    assert_eq!(verdict["decision"], "no-matching-rule");
    assert_eq!(verdict["agent"], "*");
    assert_eq!(verdict["groups"], serde_json::json!([1]));
}

#[test]
fn explain_json_has_the_matching_rules_and_why() {
    let output = robotspec(&[
        "explain",
        "--format",
        "json",
        "--agent",
        "other",
        "tests/examples/bodies/E29.txt",
        "http://www.fict.org/org/plans.html",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let json = json_of(&output);
    assert_eq!(json["file"], "tests/examples/bodies/E29.txt");
    assert_eq!(json["agents"], serde_json::json!(["other"]));
    let result = &json["results"][0];
    assert_eq!(result["url"], "http://www.fict.org/org/plans.html");
    assert_eq!(result["variant"], "google");
    assert_eq!(result["target"], "/org/plans.html");
    assert_eq!(result["verdict"]["allowed"], false);
    assert_eq!(result["verdict"]["line"], 12);
    assert_eq!(result["verdict"]["agent"], "*");
    assert_eq!(result["verdict"]["groups"], serde_json::json!([11]));
    let matching = result["matching"].as_array().unwrap();
    let summary: Vec<(u64, &str, &str)> = matching
        .iter()
        .map(|r| {
            (
                r["line"].as_u64().unwrap(),
                r["kind"].as_str().unwrap(),
                r["pattern"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (12, "disallow", "/org/plans.html"),
            (13, "allow", "/org/"),
            (16, "disallow", "/")
        ]
    );
    assert_eq!(matching[0]["text"], "Disallow: /org/plans.html");
    assert_eq!(matching[0]["origin"], "written");
    assert_eq!(result["why"], "longest match: 15 bytes beat 5 (line 13)");
    // Literal rules only: the prefix table answers.
    assert_eq!(result["engine"], "prefix-table");
}

#[test]
fn batch_json_is_one_object_per_input_line() {
    let queries = "E08.txt\twebcrawler\t/tmp/ok.html\nno tabs here\nE08.txt\tnobody\t/tmp/x\n\
                   E08.txt\t\t/tmp/x\n";
    let output = robotspec_with_input(
        &[
            "batch",
            "--format",
            "json",
            "--corpus",
            "tests/examples/bodies",
        ],
        queries,
    );
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    let first = &lines[0];
    assert_eq!(first["line"], 1);
    assert_eq!(first["file"], "E08.txt");
    assert_eq!(first["agent"], "webcrawler");
    assert_eq!(first["url"], "/tmp/ok.html");
    assert_eq!(first["verdict"]["allowed"], true);
    assert_eq!(first["verdict"]["line"], 3);
    assert_eq!(first["verdict"]["rule"], "Allow: /tmp/ok.html");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["error"], "expected FILE<TAB>AGENT<TAB>URL");
    assert_eq!(lines[1].get("verdict"), None);
    assert_eq!(lines[2]["line"], 3);
    assert_eq!(lines[2]["verdict"]["allowed"], true);
    assert_eq!(lines[2]["verdict"]["decision"], "no-group");
    assert_eq!(lines[3]["error"], "the agent names no crawler: \"\"");
    // Standard error says the same as in text mode.
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.ends_with("robotspec: 2 query lines ignored\n"),
        "{stderr}"
    );
}

#[test]
fn diff_json_has_each_variants_answer_and_the_disagreements() {
    let output = robotspec(&[
        "diff",
        "--format",
        "json",
        "--variants",
        "draft-1996,google",
        "--agent",
        "foobot",
        "tests/examples/bodies/E11.txt",
        "/example/page/disallowed.gif",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let json = json_of(&output);
    let comparison = &json[0];
    assert_eq!(comparison["url"], "/example/page/disallowed.gif");
    let answers = comparison["answers"].as_array().unwrap();
    assert_eq!(answers[0]["variant"], "draft-1996");
    assert_eq!(answers[0]["allowed"], true);
    assert_eq!(answers[0]["rule"]["line"], 2);
    assert_eq!(answers[1]["variant"], "google");
    assert_eq!(answers[1]["allowed"], false);
    assert_eq!(answers[1]["decision"], "rule");
    let disagreement = &comparison["disagreements"][0];
    assert_eq!(disagreement["left"], "draft-1996");
    assert_eq!(disagreement["right"], "google");
    assert_eq!(disagreement["reason"], "first-match-vs-longest-match");
}

#[test]
fn fetch_json_reports_the_state_and_each_page() {
    let server = Server::start(|path| match path {
        "/robots.txt" => tiny_http::Response::from_string("")
            .with_status_code(301)
            .with_header(tiny_http::Header::from_bytes("Location", "/real.txt").unwrap()),
        "/real.txt" => {
            tiny_http::Response::from_string("User-agent: *\nDisallow: /private\nCrawl-delay: 5\n")
        }
        _ => tiny_http::Response::from_string("").with_status_code(404),
    });
    let base = &server.base;
    let output = robotspec(&[
        "fetch",
        "--format",
        "json",
        base,
        "--check",
        "/private/a",
        "--check",
        "/public",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let json = json_of(&output);
    assert_eq!(json["robots_url"], format!("{base}/robots.txt"));
    assert_eq!(json["variant"], "google");
    let hop = &json["redirects"][0];
    assert_eq!(hop["status"], 301);
    assert_eq!(hop["url"], format!("{base}/robots.txt"));
    assert_eq!(hop["location"], format!("{base}/real.txt"));
    assert_eq!(json["final_url"], format!("{base}/real.txt"));
    assert_eq!(json["state"], "rules");
    assert_eq!(json["reason"], "200: the file is obeyed");
    assert_eq!(json["lifetime"]["seconds"], 86400);
    assert_eq!(json["lifetime"]["source"], "default");
    assert_eq!(json["diagnostics"][0]["code"], "known-extension");
    assert_eq!(json["diagnostics"][0]["line"], 3);
    assert_eq!(json["failure"], serde_json::Value::Null);
    let private = &json["results"][0];
    assert_eq!(private["url"], "/private/a");
    assert_eq!(private["allowed"], false);
    assert_eq!(private["verdict"]["rule"], "Disallow: /private");
    assert_eq!(private["verdict"]["line"], 2);
    assert_eq!(json["results"][1]["allowed"], true);
    assert_eq!(
        json["results"][1]["verdict"]["decision"],
        "no-matching-rule"
    );
    server.stop();

    // No answer: the state decides every page, and `failure` says why (exit 2).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}/");
    let output = robotspec(&["fetch", "--format", "json", &url, "--check", "/a"]);
    assert_eq!(output.status.code(), Some(2));
    let json = json_of(&output);
    assert_eq!(json["state"], "unreachable");
    assert_eq!(json["lifetime"]["source"], "retry");
    assert!(
        json["failure"].as_str().unwrap().contains("refused"),
        "{json}"
    );
    assert_eq!(json["results"][0]["allowed"], false);
    assert_eq!(json["results"][0]["verdict"], serde_json::Value::Null);
}

/// One reading of the agent everywhere: a comma list and a User-Agent header give the same
/// verdict through `check`, `explain`, `batch` and `diff --corpus` (issue: `batch` used to pass
/// `download,ninja` on as one token and answer allowed).
#[test]
fn every_command_reads_the_agent_the_same_way() {
    let dir = std::env::temp_dir().join(format!("robotspec-agents-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("ninja.txt"),
        "User-agent: Download Ninja\nDisallow: /index.html\n",
    )
    .unwrap();
    let file = dir.join("ninja.txt");
    let file = file.to_str().unwrap();
    let corpus = dir.to_str().unwrap();
    for agent in ["download,ninja", "Mozilla/5.0 (compatible; Download/1.0)"] {
        let check = robotspec(&["check", "--agent", agent, file, "/index.html"]);
        assert_eq!(check.status.code(), Some(1), "check {agent}");
        let explain = robotspec(&["explain", "--agent", agent, file, "/index.html"]);
        assert_eq!(explain.status.code(), Some(1), "explain {agent}");
        let query = format!("ninja.txt\t{agent}\t/index.html\n");
        let batch = robotspec_with_input(&["batch", "--corpus", corpus], &query);
        assert_eq!(
            String::from_utf8(batch.stdout).unwrap(),
            "0\n",
            "batch {agent}"
        );
        let corpus_diff = robotspec_with_input(&["diff", "--corpus", corpus], &query);
        assert_ne!(corpus_diff.status.code(), Some(2), "diff --corpus {agent}");
        assert!(corpus_diff.stderr.is_empty(), "diff --corpus {agent}");
        let diff = robotspec(&[
            "diff",
            "--format",
            "json",
            "--agent",
            agent,
            file,
            "/index.html",
        ]);
        let json: serde_json::Value = serde_json::from_slice(&diff.stdout).unwrap();
        let google = json[0]["answers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["variant"] == "google")
            .unwrap();
        assert_eq!(google["allowed"], false, "diff {agent}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_prints_the_preferences_and_their_line() {
    let file = "tests/extensions/attach-e2.txt";
    let output = robotspec(&["usage", file, "/test", "/never/test", "/ai-ok/test"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "/test\tcontent-usage: train-ai=n (line 5)");
    assert!(lines[1].starts_with("/never/test\tcontent-usage: none (disallowed by line 4"));
    assert_eq!(lines[2], "/ai-ok/test\tcontent-usage: train-ai=y (line 6)");
}

#[test]
fn usage_json_has_one_object_per_url() {
    let output = robotspec(&[
        "usage",
        "--variant",
        "rfc9309",
        "--agent",
        "GPTBot",
        "--format",
        "json",
        "tests/extensions/cf-feature-enabled.txt",
        "https://www.crawlstop.com/",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["variant"], "rfc9309");
    let result = &json["results"][0];
    assert_eq!(result["url"], "https://www.crawlstop.com/");
    assert_eq!(result["verdict"]["allowed"], false);
    assert_eq!(result["content_usage"], serde_json::Value::Null);
    assert_eq!(result["content_usage_line"], serde_json::Value::Null);
    assert_eq!(result["content_signal"], serde_json::Value::Null);
    let file = serde_json::json!({"search": "yes", "ai-train": "no"});
    assert_eq!(result["content_signal_file"], file);
    assert_eq!(result["content_signal_file_lines"], serde_json::json!([17]));
    let output = robotspec(&[
        "usage",
        "--format",
        "json",
        "tests/extensions/attach-e2.txt",
        "/ai-ok/x",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let result = &json["results"][0];
    assert_eq!(
        result["content_usage"],
        serde_json::json!({"train-ai": "y"})
    );
    assert_eq!(result["content_usage_line"], 6);
    assert_eq!(result["content_usage_lines"], serde_json::json!([6]));
}

#[test]
fn usage_output_to_a_full_device_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(["usage", "tests/extensions/attach-e2.txt", "/test"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn explain_shows_the_extension_records_of_the_chosen_groups() {
    let args = [
        "explain",
        "--agent",
        "bot",
        "tests/extensions/attach-e2.txt",
        "/test",
    ];
    let output = robotspec(&args);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("extension records of these groups:\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  content-usage (line 5): train-ai=n\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  content-usage (line 6): /ai-ok/ train-ai=y\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("line 10"), "{stdout}");
    let output = robotspec(&[&args[..], &["--format", "json"]].concat());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let records = json["results"][0]["records"].as_array().unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(records[1]["line"], 6);
    assert_eq!(records[1]["extension"], "content-usage");
    assert_eq!(records[1]["typed"]["preferences"]["train-ai"], "y");
}
