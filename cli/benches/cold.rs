//! Whole-process comparison with the peers, as a user runs it: `robotspec batch` (the real CLI,
//! `target/release/robotspec`) against batch programs built on `texting_robots` 0.2 and
//! `robotstxt` 0.3 (this very executable, re-run with `ROBOTSPEC_PEER=texting_robots|robotstxt
//! --corpus DIR`), on two query files over the corpus:
//!
//! - **cold**: 3 queries per file — the path a crawler takes on a new host: its agent (the
//!   file's first named agent on even-numbered files, an unknown `RandomBot` on odd ones) asks
//!   for `/`, for a path derived from the file's first rule, and for a path no rule matches;
//! - **all**: the query set of `benches/queries.py` (30 per file; needs `python3`).
//!
//! Every program reads `FILE<TAB>AGENT<TAB>URL` lines on standard input, reads each file once
//! per run of consecutive queries on it, and prints `1`/`0` per query. Each (program, query set)
//! runs N times, round-robin across programs so that machine noise hits all of them alike; the
//! table gives the median wall time, the ratio peer time ÷ robotspec time (how many times faster
//! robotspec is), and the peak resident set of each child (`/usr/bin/time -f %M`). A first
//! untimed round checks the answers: robotspec against robotstxt (both follow Google) and
//! texting_robots; disagreements are counted, never fatal.
//!
//! `cargo bench --bench cold`. Environment: `ROBOTSPEC_CORPUS` (default
//! `../shared/corpus/real`, else the vendored sample), `ROBOTSPEC_COLD_RUNS` (default 5),
//! `ROBOTSPEC_ALL_RUNS` (default 3), `ROBOTSPEC_COLD_SETS` (default `cold,all`), `ROBOTSPEC_BIN`
//! (the CLI; default `target/release/robotspec`).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

#[path = "support/process.rs"]
mod process;

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use process::{Ended, Input, Run, Spec};

const PEERS: [&str; 2] = ["texting_robots", "robotstxt"];

// ---------------------------------------------------------------------------------------------
// Peer mode: this executable as a batch program answering with a peer library.

/// robotstxt 0.3 panics on some real files: such a query counts as allowed.
fn robotstxt_allowed(text: &str, agent: &str, url: &str) -> bool {
    std::panic::catch_unwind(|| {
        robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(text, agent, url)
    })
    .unwrap_or(true)
}

/// The file of the current run of queries, read once, with what each peer keeps of it.
struct Current {
    name: String,
    bytes: Vec<u8>,
    /// robotstxt reads `&str`: the bytes, invalid UTF-8 replaced.
    text: String,
    /// texting_robots binds the agent when it parses: one `Robot` per agent asked about.
    robots: HashMap<String, Option<texting_robots::Robot>>,
}

fn peer(which: &str) -> ! {
    let args: Vec<String> = std::env::args().collect();
    let corpus = match args.iter().position(|a| a == "--corpus") {
        Some(at) if at + 1 < args.len() => PathBuf::from(&args[at + 1]),
        _ => {
            eprintln!("{which} peer: usage: ROBOTSPEC_PEER={which} cold --corpus DIR < queries");
            std::process::exit(2);
        }
    };
    std::panic::set_hook(Box::new(|_| {}));
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut current: Option<Current> = None;
    for (index, line) in stdin.split(b'\n').enumerate() {
        let line = line.expect("read standard input");
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        let text = String::from_utf8_lossy(line);
        let mut fields = text.splitn(3, '\t');
        let (Some(file), Some(agent), Some(url)) = (fields.next(), fields.next(), fields.next())
        else {
            eprintln!(
                "{which} peer: line {}: expected FILE<TAB>AGENT<TAB>URL",
                index + 1
            );
            std::process::exit(2);
        };
        if current.as_ref().is_none_or(|c| c.name != file) {
            let bytes = std::fs::read(corpus.join(file)).unwrap_or_else(|e| {
                eprintln!("{which} peer: cannot read {file}: {e}");
                std::process::exit(2);
            });
            let text = if which == "robotstxt" {
                String::from_utf8_lossy(&bytes).into_owned()
            } else {
                String::new()
            };
            current = Some(Current {
                name: file.to_owned(),
                bytes,
                text,
                robots: HashMap::new(),
            });
        }
        let c = current.as_mut().unwrap();
        let allowed = if which == "robotstxt" {
            robotstxt_allowed(&c.text, agent, url)
        } else {
            let bytes = &c.bytes;
            c.robots
                .entry(agent.to_owned())
                .or_insert_with(|| texting_robots::Robot::new(agent, bytes).ok())
                .as_ref()
                .is_none_or(|r| r.allowed(url))
        };
        out.write_all(if allowed { b"1\n" } else { b"0\n" })
            .expect("write standard output");
    }
    out.flush().expect("write standard output");
    std::process::exit(0);
}

// ---------------------------------------------------------------------------------------------
// Query files.

/// The file's first named user-agent token (letters, `_` and `-`, as benches/queries.py takes
/// it) and the path of its first rule.
fn first_agent_and_rule(bytes: &[u8]) -> (Option<String>, Option<String>) {
    let mut agent = None;
    let mut rule = None;
    for raw in bytes.split(|&b| b == b'\n' || b == b'\r') {
        let line = raw.split(|&b| b == b'#').next().unwrap_or(&[]);
        let line = String::from_utf8_lossy(line);
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
        if key == "user-agent" && agent.is_none() {
            let token: String = value
                .chars()
                .take_while(|c| c.is_ascii_alphabetic() || *c == '_' || *c == '-')
                .collect();
            if !token.is_empty() {
                agent = Some(token);
            }
        } else if (key == "allow" || key == "disallow") && rule.is_none() && value.starts_with('/')
        {
            let path = value
                .strip_suffix('$')
                .unwrap_or(value)
                .replace('*', "abc/");
            rule = Some(path + "x.html");
        }
        if agent.is_some() && rule.is_some() {
            break;
        }
    }
    (agent, rule)
}

/// Tabs and spaces would break the query line or the URL: percent-encoded as queries.py does.
fn clean(path: &str) -> String {
    path.replace('\t', "%09").replace(' ', "%20")
}

fn corpus_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("corpus folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Three queries per file, one agent per file: `/`, a rule-derived path, a miss.
fn cold_queries(dir: &Path) -> String {
    let mut out = String::new();
    for (i, name) in corpus_files(dir).iter().enumerate() {
        let bytes = std::fs::read(dir.join(name)).expect("corpus file");
        let (agent, rule) = first_agent_and_rule(&bytes);
        let agent = if i % 2 == 0 {
            agent.unwrap_or_else(|| "Googlebot".to_owned())
        } else {
            "RandomBot".to_owned()
        };
        let rule = rule.unwrap_or_else(|| "/index.html".to_owned());
        for path in ["/", &rule, "/no/rule/matches/this/path.html?q=1"] {
            out.push_str(&format!("{name}\t{agent}\thttps://{name}{}\n", clean(path)));
        }
    }
    out
}

/// `python3 benches/queries.py DIR`, or `None` (with a note) when it cannot run.
fn all_queries(dir: &Path) -> Option<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../benches/queries.py");
    match Command::new("python3").arg(&script).arg(dir).output() {
        Ok(out) if out.status.success() => Some(String::from_utf8(out.stdout).unwrap()),
        Ok(out) => {
            eprintln!(
                "note: benches/queries.py failed ({}): no \"all\" set",
                String::from_utf8_lossy(&out.stderr).trim()
            );
            None
        }
        Err(e) => {
            eprintln!("note: cannot run python3 ({e}): no \"all\" set");
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Measuring.

struct Program {
    name: &'static str,
    exe: PathBuf,
    args: Vec<OsString>,
    env: Vec<(&'static str, &'static str)>,
}

fn spawn(program: &Program, queries: &Path, scratch: &Path) -> Run {
    process::run(&Spec {
        program: &program.exe,
        args: program.args.clone(),
        env: program.env.clone(),
        stdin: Input::File(queries),
        capture_stdout: true,
        timeout: None,
        cap_bytes: None,
        scratch,
    })
}

fn answers(run: &Run) -> Vec<bool> {
    run.stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| l == b"1")
        .collect()
}

/// Runs each program once, checks that it answered every query, and compares the answers.
fn check_answers(programs: &[Program], queries: &Path, text: &str, scratch: &Path) {
    let lines: Vec<&str> = text.lines().collect();
    let mut all = Vec::new();
    for program in programs {
        let run = spawn(program, queries, scratch);
        let got = answers(&run);
        if run.ended != Ended::Exited(0) || got.len() != lines.len() {
            println!(
                "  WARNING: {} ended {:?} with {} answers for {} queries: {}",
                program.name,
                run.ended,
                got.len(),
                lines.len(),
                run.stderr_head.lines().next().unwrap_or("")
            );
        }
        all.push(got);
    }
    for (other, against) in [
        (2, "robotstxt (Google's reading too)"),
        (1, "texting_robots"),
    ] {
        let (ours, theirs) = (&all[0], &all[other]);
        let differ: Vec<usize> = (0..ours.len().min(theirs.len()))
            .filter(|&i| ours[i] != theirs[i])
            .collect();
        println!(
            "  answers: robotspec and {against} disagree on {} of {} queries ({:.2} %)",
            differ.len(),
            lines.len(),
            100.0 * differ.len() as f64 / lines.len().max(1) as f64
        );
        for &i in differ.iter().take(3) {
            let line: String = lines[i].chars().take(140).collect();
            println!(
                "    e.g. robotspec {} vs {} for {line}",
                u8::from(ours[i]),
                u8::from(theirs[i])
            );
        }
    }
}

struct Sample {
    wall: Vec<f64>,
    peak_kib: Vec<u64>,
    failed: usize,
}

fn measure_set(name: &str, text: &str, runs: usize, programs: &[Program], scratch: &Path) {
    let path = scratch.join(format!("{name}.tsv"));
    std::fs::write(&path, text).expect("write the query file");
    let count = text.lines().count();
    let files = text
        .lines()
        .map(|l| l.split('\t').next().unwrap_or(""))
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    println!("\n## {name}: {count} queries over {files} files, {runs} runs each (round-robin)");
    check_answers(programs, &path, text, scratch);

    let mut samples: Vec<Sample> = programs
        .iter()
        .map(|_| Sample {
            wall: Vec::new(),
            peak_kib: Vec::new(),
            failed: 0,
        })
        .collect();
    for round in 0..runs {
        // Rotate who goes first so that no program always follows the same one.
        for k in 0..programs.len() {
            let p = (round + k) % programs.len();
            let run = spawn(&programs[p], &path, scratch);
            if run.ended != Ended::Exited(0) {
                samples[p].failed += 1;
            }
            samples[p].wall.push(run.wall);
            samples[p].peak_kib.extend(run.peak_kib);
        }
    }

    let ours = process::median(&samples[0].wall);
    println!(
        "\n| {name:<5} | {:<15} | {:>9} | {:>15} | {:>11} | {:>9} | {:>22} |",
        "program", "median s", "min–max s", "queries/s", "peak MB", "robotspec ÷ peer (speed)"
    );
    println!("|-------|-----------------|-----------|-----------------|-------------|-----------|------------------------|");
    for (program, s) in programs.iter().zip(&samples) {
        let med = process::median(&s.wall);
        let min = s.wall.iter().copied().fold(f64::INFINITY, f64::min);
        let max = s.wall.iter().copied().fold(0.0, f64::max);
        let peak = s.peak_kib.iter().copied().max();
        let ratio = if program.name == "robotspec" {
            "–".to_owned()
        } else {
            format!("{:.2}×", med / ours)
        };
        println!(
            "| {name:<5} | {:<15} | {med:>9.3} | {:>7.3}–{:<7.3} | {:>11.0} | {:>9} | {ratio:>22} |{}",
            program.name,
            min,
            max,
            count as f64 / med,
            peak.map_or("?".to_owned(), |k| format!("{:.1}", k as f64 / 1024.0)),
            if s.failed > 0 {
                format!(" {} runs failed", s.failed)
            } else {
                String::new()
            }
        );
    }
}

fn corpus_dir() -> PathBuf {
    let root = &Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let full = std::env::var_os("ROBOTSPEC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus/real"));
    if full.is_dir() {
        full
    } else {
        eprintln!(
            "note: no corpus at {}: the vendored sample tests/corpus/real instead",
            full.display()
        );
        root.join("tests/corpus/real")
    }
}

fn main() {
    if let Ok(which) = std::env::var("ROBOTSPEC_PEER") {
        if PEERS.contains(&which.as_str()) {
            peer(&which);
        }
        eprintln!("ROBOTSPEC_PEER must be one of {PEERS:?}");
        std::process::exit(2);
    }
    let bin = process::robotspec_bin();
    if process::gnu_time().is_none() {
        eprintln!("note: no /usr/bin/time (apt-get install time): peak memory not measured");
    }
    let corpus = corpus_dir();
    let corpus = corpus.canonicalize().unwrap_or(corpus);
    let scratch = std::env::temp_dir().join(format!("robotspec-cold-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch folder");
    let me = std::env::current_exe().expect("path of this bench executable");
    let dir: OsString = corpus.clone().into();
    let mut programs = vec![Program {
        name: "robotspec",
        exe: bin.clone(),
        args: vec![
            "batch".into(),
            "--variant".into(),
            "google".into(),
            "--corpus".into(),
            dir.clone(),
        ],
        env: Vec::new(),
    }];
    for name in PEERS {
        programs.push(Program {
            name,
            exe: me.clone(),
            args: vec!["--corpus".into(), dir.clone()],
            env: vec![("ROBOTSPEC_PEER", name)],
        });
    }

    let files = corpus_files(&corpus);
    let bytes: u64 = files
        .iter()
        .map(|f| std::fs::metadata(corpus.join(f)).map_or(0, |m| m.len()))
        .sum();
    println!("# whole-process batch runs: robotspec CLI vs texting_robots 0.2 and robotstxt 0.3");
    println!(
        "corpus: {} ({} files, {:.1} MB); robotspec: {}",
        corpus.display(),
        files.len(),
        bytes as f64 / 1e6,
        bin.display()
    );
    println!("load at start: {}", process::loadavg());

    let sets = std::env::var("ROBOTSPEC_COLD_SETS").unwrap_or_else(|_| "cold,all".to_owned());
    for set in sets.split(',').map(str::trim) {
        match set {
            "cold" => {
                let runs = process::env_or("ROBOTSPEC_COLD_RUNS", 5);
                measure_set("cold", &cold_queries(&corpus), runs, &programs, &scratch);
            }
            "all" => {
                if let Some(text) = all_queries(&corpus) {
                    let runs = process::env_or("ROBOTSPEC_ALL_RUNS", 3);
                    measure_set("all", &text, runs, &programs, &scratch);
                }
            }
            other => eprintln!("note: unknown set {other:?} (cold, all)"),
        }
    }
    println!("\nload at end: {}", process::loadavg());
    std::fs::remove_dir_all(&scratch).ok();
}
