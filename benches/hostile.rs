//! Hostile inputs (`tests/common/hostile.rs`, whose verdicts `tests/it/hostile.rs` asserts): time to
//! parse, time of the first verdict after parsing (compiling the group's automaton included),
//! time of a warm verdict, and peak memory, at scale 1 (the size named) and 2 (twice it), so
//! that the ratio time(2N)/time(N) shows how each cost grows (≈ 2 when linear).
//!
//! Each case runs in its own child process (this binary, re-run with `--case NAME --scale K`),
//! which reports its peak resident set (`VmHWM` in /proc/self/status): the whole process —
//! program, generated input and URL included — not an estimate. Medians of a few runs.
//!
//! `cargo bench --bench hostile`; targets and figures in docs/performance.md.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

#[path = "../tests/common/hostile.rs"]
mod cases;
#[path = "support/peak.rs"]
mod peak;
use peak::peak_kib;

use std::hint::black_box;
use std::process::Command;
use std::time::Instant;

use robotspec::Robots;

const RUNS: usize = 5;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn millis(f: impl FnOnce()) -> f64 {
    let start = Instant::now();
    f();
    start.elapsed().as_secs_f64() * 1e3
}

/// In the child: measure one case, print one line of numbers.
fn child(name: &str, scale: usize) {
    let case = cases::case(name, scale).expect("known case");
    let q = &case.queries[0];
    let before = peak_kib();
    let parse = median(
        (0..RUNS)
            .map(|_| millis(|| drop(black_box(Robots::parse(&case.robots, case.variant)))))
            .collect(),
    );
    // First verdict: a fresh object each run, so the automaton is compiled every time.
    let mut first = Vec::new();
    let mut warm = Vec::new();
    let mut answer = "right";
    for _ in 0..RUNS {
        let robots = Robots::parse(&case.robots, case.variant);
        first.push(millis(|| {
            let verdict = robots.check(&q.agent, &q.url);
            if verdict.allowed() != q.allowed {
                answer = "WRONG";
            }
        }));
        warm.push(millis(|| {
            black_box(robots.check(&q.agent, &q.url).allowed());
        }));
    }
    println!(
        "{} {parse} {} {} {before} {} {answer}",
        case.robots.len(),
        median(first),
        median(warm),
        peak_kib()
    );
}

struct Measured {
    input: usize,
    parse: f64,
    first: f64,
    warm: f64,
    before_kib: u64,
    peak_kib: u64,
    answer: String,
}

fn run_child(name: &str, scale: usize) -> Measured {
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--case", name, "--scale", &scale.to_string()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name} ×{scale}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let answer = fields.pop().unwrap().to_owned();
    let v: Vec<f64> = fields.iter().map(|x| x.parse().unwrap()).collect();
    Measured {
        input: v[0] as usize,
        parse: v[1],
        first: v[2],
        warm: v[3],
        before_kib: v[4] as u64,
        peak_kib: v[5] as u64,
        answer,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--case") {
        let name = &args[at + 1];
        let scale = args[at + 3].parse().unwrap();
        child(name, scale);
        return;
    }
    // `cargo bench -- NAME` runs the cases whose name contains NAME.
    let filter = args.iter().skip(1).find(|a| !a.starts_with('-'));
    println!(
        "{:<22} {:<24} {:>9} | {:>9} {:>5} | {:>9} {:>5} | {:>9} | {:>9} {:>9} | answer; targets (<50 ms verdict, <64 MB)",
        "case",
        "N is",
        "input N",
        "parse N",
        "2N/N",
        "1st vrd N",
        "2N/N",
        "warm N",
        "peak N",
        "peak 2N",
    );
    for name in cases::NAMES {
        if filter.is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        let grows = cases::case(name, 1).unwrap().grows;
        let n = run_child(name, 1);
        let n2 = run_child(name, 2);
        let mb = |kib: u64| kib as f64 / 1024.0;
        let verdict_ok = n.first < 50.0;
        let memory_ok = mb(n.peak_kib) < 64.0;
        println!(
            "{name:<22} {grows:<24} {:>8.2}M | {:>7.2}ms {:>5.2} | {:>7.2}ms {:>5.2} | {:>7.3}ms | {:>7.1}MB {:>7.1}MB | {} {}; verdict {} memory {} (before parsing {:.1} MB)",
            n.input as f64 / 1e6,
            n.parse,
            n2.parse / n.parse,
            n.first,
            n2.first / n.first,
            n.warm,
            mb(n.peak_kib),
            mb(n2.peak_kib),
            n.answer,
            n2.answer,
            if verdict_ok { "ok" } else { "MISSED" },
            if memory_ok { "ok" } else { "MISSED" },
            mb(n.before_kib),
        );
    }
}
