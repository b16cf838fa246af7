//! The command-line tool, run as a user would: exit statuses and output contracts. Commands run
//! from the repository's root, so paths to test data read as in the docs (`tests/...`).
//!
//! Most of the contract is data: the cases of `tests/cmd/` (arguments, standard input, exact
//! output and exit status), run by [`the_command_contract_holds_case_by_case`]. What stays here
//! cannot be data: walks over the corpus folders, generated, endless and over-long inputs,
//! pipes, FIFOs, `/dev/zero` and full devices, local HTTP servers, and the help, man page and
//! completions checked against the library's own lists.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

#[path = "../../tests/common/mod.rs"]
mod common;

use std::process::{Command, Output};

/// Runs `robotspec` with `input` on its standard input.
fn robotspec_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(args)
        .current_dir(common::repo_root())
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
        .current_dir(common::repo_root())
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
        .current_dir(common::repo_root())
        .output()
        .unwrap()
}

/// The command contract as data: every case of `tests/cmd/` (`NAME.toml`: the arguments and the
/// exit status; `NAME.stdin`, `NAME.stdout`, `NAME.stderr`: standard input and the exact output
/// expected), run from the repository's root. `TRYCMD=overwrite` rewrites the expected output
/// after a deliberate change (review the diff); `TRYCMD=dump` shows what the commands print.
#[test]
fn the_command_contract_holds_case_by_case() {
    trycmd::TestCases::new()
        .register_bin(
            "robotspec",
            std::path::PathBuf::from(env!("CARGO_BIN_EXE_robotspec")),
        )
        .case("tests/cmd/*.toml");
}

/// The docs' transcripts that cases of `tests/cmd/` hold — the README's examples of `analyze`
/// and `compare`, docs/lint.md's example — show the case's arguments and exactly its standard
/// output, so that a change of output that updates the case cannot leave the docs behind.
#[test]
fn the_docs_show_what_their_cases_print() {
    let root = common::repo_root();
    let cases = [
        ("README.md", "readme-analyze"),
        ("README.md", "readme-compare"),
        ("docs/lint.md", "lint-the-docs-example"),
    ];
    for (doc, case) in cases {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        let read = |ext: &str| {
            std::fs::read_to_string(root.join(format!("cli/tests/cmd/{case}.{ext}"))).unwrap()
        };
        let toml = read("toml");
        let args = toml
            .lines()
            .find_map(|line| line.strip_prefix("args = "))
            .unwrap();
        let mut args: Vec<String> = serde_json::from_str(args).unwrap();
        // The docs leave out what only keeps the case from reading a configuration file.
        args.retain(|arg| arg != "--no-config");
        let shown = format!("$ robotspec {}\n{}", args.join(" "), read("stdout"));
        assert!(
            text.contains(&shown),
            "{doc} does not show the case {case}:\n{shown}"
        );
    }
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
fn batch_reads_a_long_line_to_the_end_of_the_input_without_keeping_it() {
    // Five million NUL bytes and no line end, then the end of the input: one line, too long,
    // answered `E`, read to its end (within the 64 MiB read on).
    let (output, written) = robotspec_fed(
        &["batch", "--corpus", "tests/examples/bodies"],
        vec![0; 5_000_000],
    );
    assert_eq!(written, 5_000_000);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "E\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "robotspec: line 1: query longer than 2097152 bytes (ignored)\n\
         robotspec: 1 query line ignored\n"
    );
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

#[test]
fn diff_corpus_summarises_the_queries_before_a_line_with_no_end_in_sight() {
    let mut input = DIFF_QUERIES.as_bytes().to_vec();
    input.resize(input.len() + MAX_SKIPPED + (1 << 20), b'a');
    let args = [
        "diff",
        "--format",
        "json",
        "--corpus",
        "tests/examples/bodies",
    ];
    let (output, _) = robotspec_fed(&args, input);
    assert_eq!(output.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["queries"], 4);
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "robotspec: line 5: query longer than 2097152 bytes (ignored)\n\
         robotspec: line 5 has no line end within 67108864 bytes: the rest of <stdin> is not read\n"
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

/// `robotspec fetch --format json` reads `Expires` (relative to `Date`) in each of the three
/// HTTP-date forms (RFC 9110 §5.6.7), served two hours apart by a real server; its report has
/// what it blocks for the agent and the file's summary.
#[test]
fn fetch_reads_expires_in_every_http_date_form() {
    let forms = [
        (
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 10:49:37 GMT",
        ),
        (
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sunday, 06-Nov-94 10:49:37 GMT",
        ),
        ("Sun Nov  6 08:49:37 1994", "Sun Nov  6 10:49:37 1994"),
    ];
    let server = std::sync::Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
    let port = server.server_addr().to_ip().unwrap().port();
    let serving = std::sync::Arc::clone(&server);
    let thread = std::thread::spawn(move || {
        for (served, request) in serving.incoming_requests().enumerate() {
            // One fetch per form, in order: the n-th request gets the n-th form.
            let Some(&(date, expires)) = forms.get(served) else {
                break;
            };
            let header = |name: &str, value: &str| {
                tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).unwrap()
            };
            let response = tiny_http::Response::from_string("User-agent: *\nDisallow: /private\n")
                .with_header(header("Date", date))
                .with_header(header("Expires", expires));
            let _ = request.respond(response);
        }
    });
    let base = format!("http://127.0.0.1:{port}/");
    for (date, _) in forms {
        let output = robotspec(&[
            "fetch",
            "--variant",
            "draft-1996",
            "--format",
            "json",
            &base,
        ]);
        assert_eq!(output.status.code(), Some(0), "{date}");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(
            json["lifetime"],
            serde_json::json!({"seconds": 7200, "source": "expires"}),
            "{date}"
        );
        // What a corpus study records, for `--agent` (default `robotspec`: the `*` group).
        assert_eq!(
            json["blocking"],
            serde_json::json!({"blocked": "some", "disallowed": "/private", "allowed": "/"})
        );
        assert_eq!(
            (&json["summary"]["state"], &json["summary"]["rules"]),
            (&serde_json::json!("rules"), &serde_json::json!(1))
        );
    }
    server.unblock();
    thread.join().unwrap();
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

/// The most bytes of one query line `batch` reads on to find its end: 64 MiB.
const MAX_SKIPPED: usize = 64 << 20;

#[test]
fn batch_stops_at_a_query_line_with_no_end_in_sight() {
    // A query, then a line whose first 64 MiB hold no line end, then a query never read.
    let mut input = b"E08.txt\twebcrawler\t/tmp/ok.html\n".to_vec();
    input.resize(input.len() + MAX_SKIPPED + (1 << 20), b'a');
    input.extend_from_slice(b"\nE08.txt\twebcrawler\t/tmp/x\n");
    let total = input.len();
    let (output, written) = robotspec_fed(&["batch", "--corpus", "tests/examples/bodies"], input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "1\nE\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "robotspec: line 2: query longer than 2097152 bytes (ignored)\n\
         robotspec: line 2 has no line end within 67108864 bytes: the rest of <stdin> is not read\n"
    );
    assert!(
        written < total,
        "{written} of {total} bytes written: all were read"
    );
}

#[test]
fn batch_on_dev_zero_ends() {
    // Under `timeout 60` (status 124): an endless line must not be read to its end.
    let output = Command::new("timeout")
        .args([
            "60",
            env!("CARGO_BIN_EXE_robotspec"),
            "batch",
            "--corpus",
            ".",
        ])
        .current_dir(common::repo_root())
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "E\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.ends_with("robotspec: line 1 has no line end within 67108864 bytes: the rest of <stdin> is not read\n"),
        "{stderr}"
    );
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
    // A block of `analyze` and of `compare` per crawler the file names (names of letters: a
    // reading may take a product token up to its first digit).
    let crawlers: String = (0..3_000_u32)
        .map(|i| {
            let name: String = [i / 676, i / 26 % 26, i % 26]
                .iter()
                .map(|&d| char::from(b'a' + u8::try_from(d % 26).unwrap()))
                .collect();
            format!("User-agent: bot{name}\nDisallow: /x{i}\n")
        })
        .collect();
    vec![
        (with_paths(&["check", "--agent", "a", body]), Vec::new()),
        (with_paths(&["explain", "--agent", "a", body]), Vec::new()),
        (with_paths(&["diff", "--agent", "a", body]), Vec::new()),
        (fetch, Vec::new()),
        (vec!["parse".into(), "-".into()], rules),
        (
            vec!["analyze".into(), "-".into()],
            crawlers.clone().into_bytes(),
        ),
        (
            ["compare", "--variants", "google,rfc9309", "-"]
                .map(String::from)
                .to_vec(),
            crawlers.into_bytes(),
        ),
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
        .current_dir(common::repo_root())
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

const SUBCOMMANDS: [&str; 13] = [
    "parse",
    "check",
    "explain",
    "usage",
    "batch",
    "diff",
    "analyze",
    "compare",
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

/// The analysis budget is a flag of the commands that answer over every URL, named after the
/// library's limit and defaulting to its default; the commands that answer URL by URL, which
/// never use it, do not offer it.
#[test]
fn the_analysis_budget_is_a_flag_of_the_commands_that_analyse() {
    use robotspec::{Limit, Limits};
    let default = format!(
        "[default: {}]",
        Limits::default().get(Limit::AnalysisStates)
    );
    for command in ["analyze", "compare"] {
        let text = help(command, 100);
        assert!(
            text.contains("--max-analysis-states <N>"),
            "{command}: {text}"
        );
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let described = Limit::AnalysisStates.description();
        let described = described.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(&described), "{command}: {text}");
        assert!(text.contains(&default), "{command}: {text}");
    }
    for command in ["check", "parse", "batch"] {
        assert!(
            !help(command, 100).contains("--max-analysis-states"),
            "{command}"
        );
    }
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

/// Standard output parsed as one JSON document.
fn json_of(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap()
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

#[test]
fn usage_output_to_a_full_device_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(["usage", "tests/extensions/attach-e2.txt", "/test"])
        .current_dir(common::repo_root())
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// A file name per body (bodies differ; collisions would only reuse an identical file).
fn fxhash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[test]
fn every_verdict_case_holds_through_with_on_the_command_line() {
    for case in common::profile_cases::cases() {
        let with = format!("{}={}", case.setting, case.value);
        let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
            .args([
                "check",
                "--variant",
                case.base,
                "--with",
                &with,
                "--agent",
                case.agent,
            ])
            .arg(write_body(&case.body))
            .arg(&case.url)
            .output()
            .unwrap();
        let expected = if case.allowed { 0 } else { 1 };
        assert_eq!(
            output.status.code(),
            Some(expected),
            "{} --with {with}",
            case.base
        );
    }
}

/// Writes `body` to a file of its own in the temporary directory; its path.
fn write_body(body: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("robotspec-profiles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{:x}.txt", fxhash(body)));
    std::fs::write(&file, body).unwrap();
    file
}

#[test]
fn the_command_line_refuses_unknown_settings_and_lists_them() {
    let output = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(["check", "--with", "agent-matching=fuzzy", "--agent", "a"])
        .arg(write_body(""))
        .arg("/x")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("expected one of: exact, substring"),
        "{stderr}"
    );
    let listed = Command::new(env!("CARGO_BIN_EXE_robotspec"))
        .args(["settings", "--format", "json"])
        .output()
        .unwrap();
    let settings: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    let names: Vec<&str> = settings
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let library: Vec<&str> = robotspec::Profile::settings()
        .iter()
        .map(|s| s.name())
        .collect();
    assert_eq!(names, library);
}

/// `robotspec lint --fetch URL` lints the robots.txt governing URL, fetched through the access
/// policy, named by its URL; a 404 has no file to lint (said on standard error, exit 0); a
/// fetch with no answer is a failure (exit 2).
#[test]
fn lint_fetches_the_robots_txt_of_a_url() {
    fn site(path: &str) -> Reply {
        match path {
            "/robots.txt" => tiny_http::Response::from_string("User-agent: AI2Bot\nDisallow: /\n"),
            _ => tiny_http::Response::from_string("").with_status_code(404),
        }
    }
    let server = Server::start(site);
    let page = format!("{}/some/page", server.base);
    let output = robotspec(&["lint", "--no-config", "--format", "json", "--fetch", &page]);
    assert_eq!(output.status.code(), Some(1));
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let first = &answer["findings"][0];
    assert_eq!(first["file"], format!("{}/robots.txt", server.base));
    assert_eq!(first["code"], "agent-misread");
    server.stop();

    let missing = Server::start(|_| tiny_http::Response::from_string("").with_status_code(404));
    let output = robotspec(&["lint", "--no-config", "--fetch", &missing.base]);
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("404, no file to lint"), "{stderr}");
    missing.stop();

    // Nothing listens on the port a stopped server had.
    let gone = Server::start(site);
    let base = gone.base.clone();
    gone.stop();
    let output = robotspec(&["lint", "--no-config", "--fetch", &base]);
    assert_eq!(output.status.code(), Some(2));
}
