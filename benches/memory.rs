//! Memory of a parsed, queryable `Robots`: heap bytes it holds per byte of input, counted by a
//! counting global allocator (`stats_alloc`), over every file of the vendored sample and of the
//! full corpus when present (`$ROBOTSPEC_CORPUS`, else `../shared/corpus/real`).
//!
//! Three figures per corpus: right after `Robots::parse` (what a cache of parsed files holds;
//! the input copy itself is 1×), after one query per agent group (every automaton the queries
//! need compiled), and texting_robots' `Robot` for one agent, for comparison.
//!
//! `cargo bench --bench memory`; target (≤ 4×) and figures in docs/performance.md.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::alloc::System;
use std::path::{Path, PathBuf};

use robotspec::model::Agent;
use robotspec::{Robots, Variant};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Heap bytes live now that were not live when `region` started. (`stats_alloc` already
/// counts a reallocation's growth in `bytes_allocated` and its shrinking in
/// `bytes_deallocated`; adding `bytes_reallocated` would count it twice.)
fn live(region: &Region<'_, System>) -> i64 {
    let s = region.change();
    s.bytes_allocated as i64 - s.bytes_deallocated as i64
}

fn files(dir: &Path) -> Vec<Vec<u8>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn agents(robots: &Robots) -> Vec<String> {
    let mut agents: Vec<String> = robots
        .groups()
        .flat_map(|g| g.agents())
        .filter_map(|a| match a.agent() {
            Agent::Named(name) => Some(name.to_owned()),
            _ => None,
        })
        .collect();
    agents.push("RandomBot".to_owned());
    agents
}

struct Totals {
    input: i64,
    parsed: i64,
    compiled: i64,
    texting: i64,
    worst_parsed: f64,
    worst_compiled: f64,
    per_file_parsed: Vec<f64>,
}

fn measure(name: &str, dir: &Path) {
    let files = files(dir);
    let mut t = Totals {
        input: 0,
        parsed: 0,
        compiled: 0,
        texting: 0,
        worst_parsed: 0.0,
        worst_compiled: 0.0,
        per_file_parsed: Vec::new(),
    };
    for bytes in &files {
        if bytes.is_empty() {
            continue;
        }
        let region = Region::new(GLOBAL);
        let robots = Robots::parse(bytes, Variant::Google);
        let parsed = live(&region);
        let agents = agents(&robots);
        for agent in &agents {
            robots.check(agent, "/a/b/c.html?q=1");
        }
        let compiled = live(&region);
        drop(robots);

        let region = Region::new(GLOBAL);
        let robot = texting_robots::Robot::new("Googlebot", bytes);
        let texting = live(&region);
        drop(robot);

        let n = bytes.len() as i64;
        t.input += n;
        t.parsed += parsed;
        t.compiled += compiled;
        t.texting += texting;
        let per_byte = parsed as f64 / n as f64;
        t.per_file_parsed.push(per_byte);
        t.worst_parsed = t.worst_parsed.max(per_byte);
        t.worst_compiled = t.worst_compiled.max(compiled as f64 / n as f64);
    }
    t.per_file_parsed.sort_by(f64::total_cmp);
    let median = t.per_file_parsed[t.per_file_parsed.len() / 2];
    let ratio = |x: i64| x as f64 / t.input as f64;
    println!(
        "{name:<7} {:>5} files {:>7.2} MB input | parsed Robots {:>5.2}× (median file {:.2}×, worst {:.2}×) | \
         with automata {:>5.2}× (worst {:.2}×) | texting_robots Robot {:>5.2}×",
        files.len(),
        t.input as f64 / 1e6,
        ratio(t.parsed),
        median,
        t.worst_parsed,
        ratio(t.compiled),
        t.worst_compiled,
        ratio(t.texting),
    );
}

/// A 5 MB file: bytes held once parsed.
fn large() {
    let unit = b"User-agent: *\nDisallow: /a/b/c\nAllow: /a/*.html$\n# comment\n\n";
    let bytes: Vec<u8> = unit.iter().copied().cycle().take(5 << 20).collect();
    let per_byte = |x: i64| x as f64 / bytes.len() as f64;
    let region = Region::new(GLOBAL);
    let parsed = robotspec::parse(&bytes, Variant::Google);
    let lines = live(&region);
    let region = Region::new(GLOBAL);
    let model = Robots::from_parsed(&parsed);
    let model_bytes = live(&region);
    drop((parsed, model));
    let region = Region::new(GLOBAL);
    let robots = Robots::parse(&bytes, Variant::Google);
    let held = live(&region);
    println!(
        "5 MB file of small groups ({} rules): parsed Robots holds {:.2}× its input; \
         of which the model {:.2}×; the syntax stage's lines (transient) {:.2}×",
        robots.rules().len(),
        per_byte(held),
        per_byte(model_bytes),
        per_byte(lines),
    );
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    measure("sample", &root.join("tests/corpus/real"));
    let full = std::env::var_os("ROBOTSPEC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus/real"));
    if full.is_dir() {
        measure("full", &full);
    }
    large();
}
