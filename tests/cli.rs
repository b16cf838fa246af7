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
    assert!(lines[1].contains("1996-draft") && lines[1].contains("allowed     line 2"));
    assert!(lines[2].starts_with("  ≠ google") && lines[2].contains("disallowed  line 3"));
    assert!(lines[3].starts_with("  DIFFERS: 1996-draft ≠ google: first-match vs longest-match"));
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
    robotspec_with_input(
        &[
            "diff",
            "--variants",
            "1994,1996-draft,google",
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
    assert_eq!(count("1994", "1996-draft"), 1);
    assert_eq!(count("1994", "google"), 2);
    assert_eq!(count("1996-draft", "google"), 3);
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
        "fetch", &base, "--agent", "foobot", "--check", &private, &public,
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let expected = format!(
        "robots.txt: {base}/robots.txt\nvariant:    google\nstate:      rules\n\
         reason:     200: the file is obeyed\nlifetime:   86400s (default)\n\
         diagnostics: 1\n  3:1: warning[unknown-directive]: "
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

/// Every command that prints results, with its output pipe closed after the first line (as
/// `… | head -1` does): it ends quietly with status 0, never with a panic.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read as _;
    use std::process::Stdio;
    let urls: Vec<String> = (0..20_000).map(|i| format!("/p{i}")).collect();
    for command in ["check", "explain"] {
        let mut args = vec![command, "--agent", "a", "tests/examples/bodies/E14.txt"];
        args.extend(urls.iter().map(String::as_str));
        let mut child = Command::new(env!("CARGO_BIN_EXE_robotspec"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The read end is dropped here: later writes fail with a broken pipe.
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{command}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{command}: {stderr}");
    }
}

/// A full disk is an error the user hears about: exit 2 and a message, not a panic.
#[test]
fn a_full_disk_is_an_error() {
    for command in ["check", "explain"] {
        let full = std::fs::File::create("/dev/full").unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
            .args([
                command,
                "--agent",
                "a",
                "tests/examples/bodies/E14.txt",
                "/x",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.starts_with("robotspec: cannot write output: "),
            "{stderr}"
        );
    }
}
