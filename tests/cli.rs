//! The command-line tool, run as a user would: exit statuses and output contracts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use std::process::{Command, Output};

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
        let output = robotspec(&["parse", "--mode", "strict", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(0), "{}", path.display());
    }
}

#[test]
fn unreadable_file_is_an_error() {
    let output = robotspec(&["parse", "no/such/file"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read no/such/file"));
}
