//! The exact analysis over a corpus (docs/performance.md, "Exact analysis"): every file × the
//! study's 17 default agents × the five variants, reach and dead rules (`analyze`); then
//! `compare` of two readings per file (`rfc9309` with `google`, `draft-1996` with `rfc9309`) for
//! Googlebot and for a crawler the file does not name.
//!
//! Then `hostile`: the hostile inputs of `tests/common/hostile.rs` (cases and inputs, each in
//! a child process that reports its peak resident set), and the 30,000-`*` rule, through `analyze` and `compare` of the
//! case's reading with `rfc9309`, examples and differences asked for: the time, the peak
//! memory, and whether the answer is exact or undecided (target: 2 s, 16 × input + 32 MB).
//!
//! `cargo bench --bench analysis` (release), or `… -- analyze` / `compare` / `hostile` for one
//! part.
//! The corpus is `ROBOTSPEC_CORPUS`, else `../shared/corpus/real`, else the vendored sample
//! `tests/corpus/real`. It prints how many analyses were decided within the default budget,
//! the slowest single one, what was not decided, and for `compare` how many files differ with
//! three examples; run it under `/usr/bin/time -v` for the process's CPU time and peak memory.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic
)]

#[path = "../tests/common/hostile.rs"]
mod cases;
#[path = "support/peak.rs"]
mod peak;
use peak::peak_kib;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use robotspec::analysis::{self, Blocked};
use robotspec::{AgentQuery, Robots, Variant};

#[path = "../tests/common/study_agents.rs"]
mod study_agents;
use study_agents::STUDY_AGENTS as AGENTS;

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
    if let Some(at) = args.iter().position(|a| a == "--hostile") {
        hostile_child(args.get(at + 1).map_or("", String::as_str));
        return;
    }
    let only = |part: &str| {
        let parts = ["analyze", "compare", "hostile"];
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
    if only("hostile") {
        hostile();
    }
}

/// Every hostile case and input, each in a child process.
fn hostile() {
    let names: Vec<String> = cases::NAMES
        .iter()
        .map(|n| format!("case:{n}"))
        .chain(
            cases::inputs()
                .into_iter()
                .map(|(n, _)| format!("input:{n}")),
        )
        .chain(["rule:30k-stars".to_owned()])
        .collect();
    for name in names {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--hostile", &name])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let verdict = match out.status.success() {
            true => text.trim().to_owned(),
            false => format!("FAILED: {}", String::from_utf8_lossy(&out.stderr).trim()),
        };
        println!("hostile {name}: {verdict}");
    }
}

/// docs/performance.md's 30,000-`*` rule: `Disallow: /` + `*a`×30,000 + `$`.
fn thirty_thousand_stars() -> Vec<u8> {
    let mut bytes = b"User-agent: *\nDisallow: /".to_vec();
    bytes.extend(b"*a".repeat(30_000));
    bytes.extend(b"$\n");
    bytes
}

/// What `robotspec` holds before it reads a file (its peak resident set on an empty one), MB.
const CLI_BASELINE_MB: f64 = 4.0;

/// The parse options of every measured file: the default limits, but for
/// `ROBOTSPEC_ANALYSIS_STATES` (the analysis budget), to see what another budget decides.
fn parse_options() -> robotspec::ParseOptions {
    let mut limits = robotspec::Limits::default();
    if let Some(states) = std::env::var("ROBOTSPEC_ANALYSIS_STATES")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        limits = limits.with(robotspec::Limit::AnalysisStates, states);
    }
    robotspec::ParseOptions::for_verdicts().with_limits(limits)
}

/// In the child: one hostile input through `analyze` and `compare`, with every answer asked
/// for (serialised), timed; prints one line.
fn hostile_child(name: &str) {
    let (bytes, variant, agent) = match name.split_once(':') {
        Some(("case", case)) => {
            let case = cases::case(case, 1).unwrap();
            let agent = case.queries[0].agent.clone();
            (case.robots, case.variant, agent)
        }
        Some(("input", input)) => {
            let (_, bytes) = cases::inputs()
                .into_iter()
                .find(|(n, _)| *n == input)
                .unwrap();
            (bytes, Variant::Google, "Googlebot".to_owned())
        }
        Some(("rule", "30k-stars")) => (thirty_thousand_stars(), Variant::Rfc9309, "bot".into()),
        _ => panic!("unknown hostile input {name}"),
    };
    let query = AgentQuery::new(agent);
    let before = peak_kib() as f64 / 1024.0;
    let options = parse_options();
    let started = Instant::now();
    let robots = Robots::parse_with(&bytes, variant, &options).unwrap();
    let parsed = started.elapsed();
    let other = Robots::parse_with(&bytes, Variant::Rfc9309, &options).unwrap();
    let parsed_peak = peak_kib() as f64 / 1024.0;
    let began = Instant::now();
    let analysis = analysis::analyze(&robots.applicable(&query));
    let analysis_json = serde_json::to_string(&analysis).unwrap();
    let analyzed = began.elapsed();
    let analyzed_peak = peak_kib() as f64 / 1024.0;
    let began = Instant::now();
    let equivalence = analysis::compare(&robots.applicable(&query), &other.applicable(&query));
    let compare_json = serde_json::to_string(&equivalence).unwrap();
    let compared = began.elapsed();
    // The process's own peak, less what making the input took (the bench makes every hostile
    // input at once) plus what the command-line tool holds before it reads a file.
    let peak = peak_kib() as f64 / 1024.0 - before + CLI_BASELINE_MB;
    let budget = 16.0 * bytes.len() as f64 / 1_048_576.0 + 32.0;
    let within = analyzed.as_secs_f64() <= 2.0 && compared.as_secs_f64() <= 2.0 && peak <= budget;
    println!(
        "{:.2} MB {variant}: parse {:.3} s, analyze {:.3} s (reach {}, undecided {:?}), compare with rfc9309 {:.3} s (equivalent {:?}, undecided {:?}); peak {peak:.1} MB of {budget:.0} MB (parsed {parsed_peak:.1}, analysed {analyzed_peak:.1}); {} ({} + {} bytes of JSON)",
        bytes.len() as f64 / 1e6,
        parsed.as_secs_f64(),
        analyzed.as_secs_f64(),
        analysis.blocked(),
        analysis.undecided(),
        compared.as_secs_f64(),
        equivalence.equivalent(),
        equivalence.undecided(),
        if within { "ok" } else { "MISSED" },
        analysis_json.len(),
        compare_json.len(),
    );
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
            let robots = Robots::parse_with(body, variant, &parse_options()).unwrap();
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
                if result.blocked() == Blocked::Undecided || result.dead_rules().is_none() {
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
                let options = parse_options();
                let (a, b) = (
                    Robots::parse_with(body, first, &options).unwrap(),
                    Robots::parse_with(body, second, &options).unwrap(),
                );
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
