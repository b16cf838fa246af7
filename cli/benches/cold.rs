//! Whole-process comparison with the peers, as a user runs it: `robotspec batch` (the real CLI,
//! `target/release/robotspec`) against batch programs built on `texting_robots` 0.2 and
//! `robotstxt` 0.3 (this very executable, re-run with `ROBOTSPEC_PEER=texting_robots|robotstxt
//! --corpus DIR`), Google's C++ library when a batch program built on it is given
//! (`ROBOTSPEC_GOOGLE_BATCH`), and the floor: GNU `wc -l --files0-from=LIST` over the same files
//! in one process (open, read, count lines — what any reader of the files pays), on two query
//! files over the corpus:
//!
//! - **cold**: 3 queries per file — the path a crawler takes on a new host: its agent (the
//!   file's first named agent on even-numbered files, an unknown `RandomBot` on odd ones) asks
//!   for `/`, for a path derived from the file's first rule, and for a path no rule matches;
//! - **all**: the query set of `benches/queries.py` (30 per file; needs `python3`).
//!
//! Every program reads `FILE<TAB>AGENT<TAB>URL` lines on standard input, reads each file once
//! per run of consecutive queries on it, and prints `1`/`0` per query. Each (program, query set)
//! runs N times, round-robin across programs so that machine noise hits all of them alike. The
//! table gives each program's median CPU time (user + system, the kernel's accounting of the
//! child: `getrusage`) and wall time, and the ratios to robotspec: the median over rounds of
//! each round's peer time ÷ robotspec time (how many times faster robotspec is), or for the
//! floor robotspec time ÷ floor time (how far above the floor robotspec is). A first untimed
//! round checks the answers — robotspec against robotstxt and Google's library (both follow
//! Google), texting_robots and, when given, the build before (`ROBOTSPEC_BEFORE_BIN`: its
//! answers must be identical) — and measures each child's peak resident set
//! (`/usr/bin/time -f %M`); the timed rounds run each program as a direct child.
//!
//! `cargo bench --bench cold`. Environment: `ROBOTSPEC_CORPUS` (default
//! `../shared/corpus/real`, else the vendored sample), `ROBOTSPEC_COLD_RUNS` (default 11),
//! `ROBOTSPEC_ALL_RUNS` (default 5), `ROBOTSPEC_COLD_SETS` (default `cold,all`), `ROBOTSPEC_BIN`
//! (the CLI; default `target/release/robotspec`), `ROBOTSPEC_BEFORE_BIN` (another build of the
//! CLI, measured in the same rounds), `ROBOTSPEC_GOOGLE_BATCH` (a batch program on Google's
//! library: `PROGRAM --corpus DIR < queries`, answering as above; benches/README.md),
//! `ROBOTSPEC_COLD_KEEP` (a folder to leave each query file in, for `benches/identical.py`).
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

/// What a program is in the comparison.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The build measured: `robotspec batch`.
    Ours,
    /// Another build of the CLI, whose answers must be ours.
    Before,
    /// A peer library's batch program.
    Peer,
    /// `wc -l --files0-from`: reads the files, answers nothing.
    Floor,
}

struct Program {
    name: &'static str,
    role: Role,
    exe: PathBuf,
    args: Vec<OsString>,
    env: Vec<(&'static str, &'static str)>,
}

/// One run of `program` on the query file `queries` (the floor reads `files`, the NUL-separated
/// list of the files the queries name, instead); under `/usr/bin/time` when `peak`.
fn spawn(program: &Program, queries: &Path, files: &Path, scratch: &Path, peak: bool) -> Run {
    let mut args = program.args.clone();
    let stdin = if program.role == Role::Floor {
        let mut list = OsString::from("--files0-from=");
        list.push(files);
        args.push(list);
        Input::Null
    } else {
        Input::File(queries)
    };
    process::run(&Spec {
        program: &program.exe,
        args,
        env: program.env.clone(),
        stdin,
        capture_stdout: true,
        timeout: None,
        cap_bytes: None,
        scratch,
        peak,
    })
}

fn answers(run: &Run) -> Vec<bool> {
    run.stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| l == b"1")
        .collect()
}

/// Runs each program once (under `/usr/bin/time`: the peak resident set), checks that it
/// answered every query, and compares the answers with ours. Returns each program's peak.
fn check_answers(
    programs: &[Program],
    (queries, files): (&Path, &Path),
    text: &str,
    scratch: &Path,
) -> Vec<Option<u64>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut all = Vec::new();
    let mut peaks = Vec::new();
    for program in programs {
        let run = spawn(program, queries, files, scratch, true);
        let got = answers(&run);
        let complete = program.role == Role::Floor || got.len() == lines.len();
        if run.ended != Ended::Exited(0) || !complete {
            println!(
                "  WARNING: {} ended {:?} with {} answers for {} queries: {}",
                program.name,
                run.ended,
                got.len(),
                lines.len(),
                run.stderr_head.lines().next().unwrap_or("")
            );
        }
        peaks.push(run.peak_kib);
        all.push(got);
    }
    let ours = &all[0];
    for (program, theirs) in programs.iter().zip(&all).skip(1) {
        if program.role == Role::Floor {
            continue;
        }
        let differ: Vec<usize> = (0..ours.len().min(theirs.len()))
            .filter(|&i| ours[i] != theirs[i])
            .collect();
        println!(
            "  answers: robotspec and {} disagree on {} of {} queries ({:.2} %){}",
            program.name,
            differ.len(),
            lines.len(),
            100.0 * differ.len() as f64 / lines.len().max(1) as f64,
            if program.role == Role::Before && (differ.is_empty() && ours.len() == theirs.len()) {
                " — identical"
            } else {
                ""
            }
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
    peaks
}

#[derive(Default)]
struct Sample {
    cpu: Vec<f64>,
    wall: Vec<f64>,
    failed: usize,
}

/// The median over rounds of `f(theirs, ours)` (each round's ratio).
fn paired(theirs: &[f64], ours: &[f64], f: impl Fn(f64, f64) -> f64) -> f64 {
    let ratios: Vec<f64> = theirs.iter().zip(ours).map(|(&t, &o)| f(t, o)).collect();
    process::median(&ratios)
}

/// The NUL-separated list of the files `text`'s queries name, in order, each once.
fn file_list(text: &str, corpus: &Path) -> (usize, Vec<u8>) {
    let mut seen = std::collections::HashSet::new();
    let mut list = Vec::new();
    for file in text.lines().map(|l| l.split('\t').next().unwrap_or("")) {
        if seen.insert(file) {
            list.extend_from_slice(corpus.join(file).as_os_str().as_encoded_bytes());
            list.push(0);
        }
    }
    (seen.len(), list)
}

fn measure_set(
    name: &str,
    text: &str,
    runs: usize,
    programs: &[Program],
    corpus: &Path,
    scratch: &Path,
) {
    let path = scratch.join(format!("{name}.tsv"));
    std::fs::write(&path, text).expect("write the query file");
    if let Some(keep) = std::env::var_os("ROBOTSPEC_COLD_KEEP") {
        let kept = Path::new(&keep).join(format!("{name}.tsv"));
        std::fs::write(&kept, text).expect("write the query file to ROBOTSPEC_COLD_KEEP");
        println!("query file kept: {}", kept.display());
    }
    let (files, list) = file_list(text, corpus);
    let list_path = scratch.join(format!("{name}.files"));
    std::fs::write(&list_path, list).expect("write the file list");
    let count = text.lines().count();
    println!("\n## {name}: {count} queries over {files} files, {runs} runs each (round-robin)");
    let peaks = check_answers(programs, (&path, &list_path), text, scratch);

    let mut samples: Vec<Sample> = programs.iter().map(|_| Sample::default()).collect();
    for round in 0..runs {
        // Rotate who goes first so that no program always follows the same one.
        for k in 0..programs.len() {
            let p = (round + k) % programs.len();
            let run = spawn(&programs[p], &path, &list_path, scratch, false);
            if run.ended != Ended::Exited(0) {
                samples[p].failed += 1;
            }
            samples[p].cpu.push(run.cpu);
            samples[p].wall.push(run.wall);
        }
    }

    println!(
        "\n| {name} | program | CPU s (median) | CPU min–max | wall s (median) | queries/s (CPU) | peak MB | ratio, CPU | ratio, wall |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let ours = &samples[0];
    for ((program, s), peak) in programs.iter().zip(&samples).zip(&peaks) {
        let cpu = process::median(&s.cpu);
        let min = s.cpu.iter().copied().fold(f64::INFINITY, f64::min);
        let max = s.cpu.iter().copied().fold(0.0, f64::max);
        let (ratio_cpu, ratio_wall) = match program.role {
            Role::Ours => ("–".to_owned(), "–".to_owned()),
            Role::Floor => (
                format!(
                    "robotspec is {:.2}× the floor",
                    paired(&s.cpu, &ours.cpu, |t, o| o / t)
                ),
                format!("{:.2}×", paired(&s.wall, &ours.wall, |t, o| o / t)),
            ),
            Role::Before | Role::Peer => (
                format!(
                    "robotspec {:.2}× faster",
                    paired(&s.cpu, &ours.cpu, |t, o| t / o)
                ),
                format!("{:.2}×", paired(&s.wall, &ours.wall, |t, o| t / o)),
            ),
        };
        println!(
            "| {name} | {} | {cpu:.3} | {min:.3}–{max:.3} | {:.3} | {:.0} | {} | {ratio_cpu} | {ratio_wall} |{}",
            program.name,
            process::median(&s.wall),
            count as f64 / cpu,
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

/// `ROBOTSPEC_GOOGLE_BATCH`, when it names a file; otherwise a visible note that Google's
/// library is not in the comparison.
fn google_batch() -> Option<PathBuf> {
    match std::env::var_os("ROBOTSPEC_GOOGLE_BATCH").map(PathBuf::from) {
        Some(exe) if exe.is_file() => Some(exe),
        Some(exe) => {
            println!(
                "note: ROBOTSPEC_GOOGLE_BATCH={} is not a file: Google's C++ library skipped",
                exe.display()
            );
            None
        }
        None => {
            println!(
                "note: ROBOTSPEC_GOOGLE_BATCH not set: Google's C++ library skipped \
                 (benches/README.md says how to give it)"
            );
            None
        }
    }
}

/// GNU `wc`, when it reads a NUL-separated list of files (`--files0-from`).
fn floor() -> Option<Program> {
    let works = Command::new("wc")
        .args(["-l", "--files0-from=/dev/null"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !works {
        println!("note: no GNU wc with --files0-from: the floor skipped");
        return None;
    }
    Some(Program {
        name: "floor: wc -l --files0-from",
        role: Role::Floor,
        exe: PathBuf::from("wc"),
        args: vec!["-l".into()],
        env: Vec::new(),
    })
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
    let batch = |name, role, exe: PathBuf| Program {
        name,
        role,
        exe,
        args: vec![
            "batch".into(),
            "--variant".into(),
            "google".into(),
            "--corpus".into(),
            dir.clone(),
        ],
        env: Vec::new(),
    };
    let mut programs = vec![batch("robotspec", Role::Ours, bin.clone())];
    let before = std::env::var_os("ROBOTSPEC_BEFORE_BIN").map(PathBuf::from);
    if let Some(before) = before.clone().filter(|b| b.is_file()) {
        programs.push(batch("robotspec before", Role::Before, before));
    }
    for name in PEERS {
        programs.push(Program {
            name,
            role: Role::Peer,
            exe: me.clone(),
            args: vec!["--corpus".into(), dir.clone()],
            env: vec![("ROBOTSPEC_PEER", name)],
        });
    }
    if let Some(exe) = google_batch() {
        programs.push(Program {
            name: "Google's C++ library",
            role: Role::Peer,
            exe,
            args: vec!["--corpus".into(), dir.clone()],
            env: Vec::new(),
        });
    }
    programs.extend(floor());

    let files = corpus_files(&corpus);
    let bytes: u64 = files
        .iter()
        .map(|f| std::fs::metadata(corpus.join(f)).map_or(0, |m| m.len()))
        .sum();
    println!("# whole-process batch runs: robotspec CLI vs its peers and the floor");
    println!(
        "corpus: {} ({} files, {:.1} MB); robotspec: {}{}",
        corpus.display(),
        files.len(),
        bytes as f64 / 1e6,
        bin.display(),
        before.map_or(String::new(), |b| format!("; before: {}", b.display()))
    );
    println!("load at start: {}", process::loadavg());

    let sets = std::env::var("ROBOTSPEC_COLD_SETS").unwrap_or_else(|_| "cold,all".to_owned());
    for set in sets.split(',').map(str::trim) {
        match set {
            "cold" => {
                let runs = process::env_or("ROBOTSPEC_COLD_RUNS", 11);
                let text = cold_queries(&corpus);
                measure_set("cold", &text, runs, &programs, &corpus, &scratch);
            }
            "all" => {
                if let Some(text) = all_queries(&corpus) {
                    let runs = process::env_or("ROBOTSPEC_ALL_RUNS", 5);
                    measure_set("all", &text, runs, &programs, &corpus, &scratch);
                }
            }
            other => eprintln!("note: unknown set {other:?} (cold, all)"),
        }
    }
    println!("\nload at end: {}", process::loadavg());
    std::fs::remove_dir_all(&scratch).ok();
}
