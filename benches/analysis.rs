//! The exact analysis over a corpus (docs/performance.md, "Exact analysis"): every file × the
//! study's 17 default agents × the five variants, reach and dead rules (`analyze`); then
//! `compare` of two readings per file (`rfc9309` with `google`, `draft-1996` with `rfc9309`) for
//! Googlebot and for a crawler the file does not name.
//!
//! `cargo bench --bench analysis` (release), or `… -- analyze` / `… -- compare` for one part.
//! The corpus is `ROBOTSPEC_CORPUS`, else `../shared/corpus/real`, else the vendored sample
//! `tests/corpus/real`. It prints how many analyses were decided within the default budget,
//! the slowest single one, what was not decided, and for `compare` how many files differ with
//! three examples; run it under `/usr/bin/time -v` for the process's CPU time and peak memory.
#![allow(clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use robotspec::analysis::{self, Reach};
use robotspec::{AgentQuery, Robots, Variant};

/// The study's default agents (python/robotspec/study/capture.py).
const AGENTS: &[&str] = &[
    "GPTBot",
    "ChatGPT-User",
    "OAI-SearchBot",
    "ClaudeBot",
    "anthropic-ai",
    "CCBot",
    "Google-Extended",
    "Googlebot",
    "Bingbot",
    "PerplexityBot",
    "Applebot",
    "Applebot-Extended",
    "Bytespider",
    "meta-externalagent",
    "Amazonbot",
    "cohere-ai",
    "*",
];

fn corpus() -> PathBuf {
    if let Some(dir) = std::env::var_os("ROBOTSPEC_CORPUS") {
        return dir.into();
    }
    let shared = Path::new("../shared/corpus/real");
    if shared.is_dir() {
        return shared.into();
    }
    println!("../shared/corpus/real is missing: using the vendored sample tests/corpus/real");
    "tests/corpus/real".into()
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("corpus directory")
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_file())
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(entry.path()).expect("corpus file"))
        })
        .collect();
    files.sort();
    files
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let only = |part: &str| {
        let parts = ["analyze", "compare"];
        let named: Vec<&String> = args
            .iter()
            .filter(|a| parts.contains(&a.as_str()))
            .collect();
        named.is_empty() || named.iter().any(|a| *a == part)
    };
    let files = files(&corpus());
    if only("analyze") {
        analyze(&files);
    }
    if only("compare") {
        compare(&files);
    }
}

fn analyze(files: &[(String, Vec<u8>)]) {
    let queries: Vec<AgentQuery> = AGENTS.iter().map(|a| AgentQuery::new(*a)).collect();
    let mut analyses = 0usize;
    let mut undecided = Vec::new();
    let mut not_shortest = 0usize;
    let mut slowest = (Duration::ZERO, String::new());
    let started = Instant::now();
    for (name, body) in files {
        for &variant in Variant::ALL {
            let robots = Robots::parse(body, variant);
            let applicables: Vec<_> = queries.iter().map(|q| robots.applicable(q)).collect();
            let began = Instant::now();
            let results = analysis::analyze_each(&applicables);
            let took = began.elapsed();
            if took > Duration::from_millis(500) {
                eprintln!("slow: {name} {variant} {:.3} s", took.as_secs_f64());
            }
            if took > slowest.0 {
                slowest = (took, format!("{name} {variant}"));
            }
            analyses += results.len();
            for (agent, result) in AGENTS.iter().zip(&results) {
                if result.reach() == Reach::Undecided || result.dead_rules().is_none() {
                    undecided.push(format!(
                        "{name} {variant} {agent}: {:?}",
                        result.undecided()
                    ));
                } else if result.undecided().is_some() {
                    not_shortest += 1;
                }
            }
        }
    }
    let total = started.elapsed();
    println!(
        "analyze: {} files, {analyses} analyses (file x variant x agent) in {:.2} s; reach and dead rules decided in {} ({:.3} %), examples proven shortest in {} ({:.3} %); slowest file x variant {:.3} s ({})",
        files.len(),
        total.as_secs_f64(),
        analyses - undecided.len(),
        percent(analyses - undecided.len(), analyses),
        analyses - undecided.len() - not_shortest,
        percent(analyses - undecided.len() - not_shortest, analyses),
        slowest.0.as_secs_f64(),
        slowest.1,
    );
    for line in undecided.iter().take(40) {
        println!("undecided: {line}");
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// `compare` of two readings per file, for Googlebot and an unnamed crawler.
fn compare(files: &[(String, Vec<u8>)]) {
    let pairs = [
        (Variant::Rfc9309, Variant::Google),
        (Variant::Draft1996, Variant::Rfc9309),
    ];
    for (first, second) in pairs {
        for agent in ["Googlebot", "(unnamed)"] {
            let started = Instant::now();
            let (mut differ, mut equivalent, mut undecided) = (0, 0, 0);
            let mut slowest = (Duration::ZERO, String::new());
            let mut examples = Vec::new();
            for (name, body) in files {
                let (a, b) = (Robots::parse(body, first), Robots::parse(body, second));
                let (a, b) = match agent {
                    "(unnamed)" => (a.unnamed(), b.unnamed()),
                    token => {
                        let query = AgentQuery::new(token);
                        (a.applicable(&query), b.applicable(&query))
                    }
                };
                let began = Instant::now();
                let equivalence = analysis::compare(&a, &b);
                let took = began.elapsed();
                if took > slowest.0 {
                    slowest = (took, name.clone());
                }
                match equivalence.equivalent() {
                    Some(true) => equivalent += 1,
                    Some(false) => {
                        differ += 1;
                        if examples.len() < 3 {
                            let witnesses: Vec<String> = equivalence
                                .differences()
                                .map(|d| format!("{} ({} / {})", d.path(), d.in_old(), d.in_new()))
                                .collect();
                            examples.push(format!("{name}: {}", witnesses.join("; ")));
                        }
                    }
                    None => undecided += 1,
                }
            }
            println!(
                "compare {first},{second} for {agent}: {} files in {:.2} s: {differ} differ, {equivalent} equivalent, {undecided} undecided; slowest {:.3} s ({})",
                files.len(),
                started.elapsed().as_secs_f64(),
                slowest.0.as_secs_f64(),
                slowest.1
            );
            for example in examples {
                println!("  {example}");
            }
        }
    }
}
