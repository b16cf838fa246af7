//! Hostile inputs through the CLI, whole process, as a user runs it: every command that reads a
//! robots.txt file, under every variant it takes, each run under `/usr/bin/time` (wall seconds,
//! peak resident set of that child), `timeout` and an address-space cap so that a runaway case
//! cannot endanger a shared machine. One row per (input, command, variant) with PASS/MISS
//! against the targets:
//!
//! - sized inputs: peak ≤ 16 × input size + 32 MB; wall ≤ 2 s for inputs of 5 MB or less;
//! - `Disallow: /*a*a…*a$` (30,000 `*`) against a 100 kB URL: ≤ 50 ms per verdict (the whole
//!   process's time is an upper bound of the verdict's);
//! - `/dev/zero` as FILE, default limits: ≤ 5 s and < 160 MB; with `--max-input-bytes 1000`:
//!   ≤ 1 s and < 16 MB; `/dev/zero` as the standard input of `batch`: as default limits.
//!
//! A run ends PASS when it exits normally (0, 1 or 2: allowed, disallowed, reported error; 3 from
//! `analyze` or `compare`: undecided within the budget) within
//! both targets; a timeout, a crash, or an allocation failure under the cap is a MISS.
//!
//! `cargo bench --bench hostile_cli` (needs `/usr/bin/time`, `timeout`, `prlimit`). Environment:
//! - `ROBOTSPEC_HOSTILE_CASES`: comma-separated case names to run, `zero*` for a prefix (default
//!   all: 5mb-empty-lines, 20mb-newlines, 60mb-newlines, 5mb-small-groups, 2mb-line, 30k-stars,
//!   zero-file, zero-file-1000, zero-stdin-batch);
//! - `ROBOTSPEC_HOSTILE_COMMANDS`: among check,explain,parse-strict,parse-json,diff,batch,
//!   analyze,compare (`compare` sets the variant's reading against `rfc9309`'s);
//! - `ROBOTSPEC_HOSTILE_VARIANTS`: among 1994,1996-draft,rep-draft-2019,rfc9309,google;
//! - `ROBOTSPEC_HOSTILE_TIMEOUT`: seconds per run (default 30);
//! - `ROBOTSPEC_HOSTILE_CAP`: address-space cap per run in bytes (default 4 GiB; 0: none);
//! - `ROBOTSPEC_BIN`: the CLI to measure (default `target/release/robotspec`).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

#[path = "support/process.rs"]
mod process;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use process::{Ended, Input, Run, Spec};

const MIB: usize = 1 << 20;
const VARIANTS: [&str; 5] = ["1994", "1996-draft", "rep-draft-2019", "rfc9309", "google"];
const COMMANDS: [&str; 8] = [
    "check",
    "explain",
    "parse-strict",
    "parse-json",
    "diff",
    "batch",
    "analyze",
    "compare",
];

/// Where the robots.txt comes from.
enum Source {
    /// A generated file in the scratch folder.
    File { name: &'static str },
    /// `/dev/zero` as FILE (through a symlink in the corpus folder for `batch`).
    Zero,
    /// `/dev/zero` as the query lines on `batch`'s standard input.
    ZeroStdin,
}

struct Case {
    name: &'static str,
    what: String,
    source: Source,
    url: String,
    /// Extra flags given to every command that accepts them.
    flags: Vec<&'static str>,
    /// Wall target in seconds for one verdict-free run; `None`: none stated.
    wall: Option<f64>,
    /// Wall target per verdict (the 30k-`*` case), for commands that give verdicts.
    per_verdict: Option<f64>,
    /// Peak memory target, MB.
    peak_mb: f64,
}

/// A deterministic pseudo-random sequence (64-bit LCG), enough to vary group shapes.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Writes the generated inputs into `dir`; returns the cases in report order.
fn cases(dir: &Path, selected: &dyn Fn(&str) -> bool) -> Vec<Case> {
    let mut cases = Vec::new();
    let sized = |name: &'static str, what: String, bytes: Vec<u8>, url: &str| -> Case {
        let size = bytes.len();
        std::fs::write(dir.join(name), &bytes).expect("write a generated input");
        let size_mb = size as f64 / MIB as f64;
        Case {
            name,
            what: format!("{what} ({size_mb:.2} MB)"),
            source: Source::File { name },
            url: url.to_owned(),
            flags: Vec::new(),
            // "The 5 MB inputs": 5 MiB of content plus a few header bytes, or less.
            wall: (size < 6 * MIB).then_some(2.0),
            per_verdict: None,
            peak_mb: 16.0 * size_mb + 32.0,
        }
    };
    if selected("5mb-empty-lines") {
        let mut bytes = b"User-agent: *\n".to_vec();
        bytes.resize(bytes.len() + 5 * MIB, b'\n');
        bytes.extend(b"Disallow: /end\n");
        cases.push(sized(
            "5mb-empty-lines",
            "empty lines between `User-agent: *` and `Disallow: /end`".to_owned(),
            bytes,
            "/end",
        ));
    }
    for (name, mb) in [("20mb-newlines", 20), ("60mb-newlines", 60)] {
        if selected(name) {
            cases.push(sized(
                name,
                "newlines only".to_owned(),
                vec![b'\n'; mb * MIB],
                "/end",
            ));
        }
    }
    if selected("5mb-small-groups") {
        let mut bytes = Vec::with_capacity(5 * MIB + 4096);
        let mut rng = Lcg(9309);
        let mut groups = 0;
        let mut rules = 0;
        while bytes.len() < 5 * MIB {
            writeln!(bytes, "User-agent: bot{groups}").unwrap();
            let n = 5 + rng.next() % 36;
            for m in 0..n {
                let kind = if rng.next().is_multiple_of(4) {
                    "Allow"
                } else {
                    "Disallow"
                };
                writeln!(bytes, "{kind}: /p{groups}/q{m}/page.html").unwrap();
            }
            bytes.push(b'\n');
            groups += 1;
            rules += n;
        }
        cases.push(sized(
            "5mb-small-groups",
            format!("{groups} groups `User-agent: botN`, {rules} rules (5–40 each)"),
            bytes,
            "/end",
        ));
    }
    if selected("2mb-line") {
        let mut bytes = b"User-agent: *\nDisallow: /".to_vec();
        bytes.resize(bytes.len() + 2 * MIB, b'x');
        bytes.push(b'\n');
        cases.push(sized(
            "2mb-line",
            "`User-agent: *` then one 2 MB `Disallow: /xxx…` line".to_owned(),
            bytes,
            "/end",
        ));
    }
    if selected("30k-stars") {
        let mut bytes = b"User-agent: *\nDisallow: /".to_vec();
        bytes.extend(b"*a".repeat(30_000));
        bytes.extend(b"$\n");
        let mut case = sized(
            "30k-stars",
            "`Disallow: /` + `*a`×30,000 + `$` vs URL `/` + `a`×100,000 + `b`".to_owned(),
            bytes,
            "",
        );
        case.url = format!("/{}b", "a".repeat(100_000));
        case.per_verdict = Some(0.050);
        cases.push(case);
    }
    let zero = |name: &'static str, what: &str, source: Source, flags, wall, peak_mb| Case {
        name,
        what: what.to_owned(),
        source,
        url: "/end".to_owned(),
        flags,
        wall: Some(wall),
        per_verdict: None,
        peak_mb,
    };
    if selected("zero-file") {
        cases.push(zero(
            "zero-file",
            "/dev/zero as FILE, default limits",
            Source::Zero,
            Vec::new(),
            5.0,
            160.0,
        ));
    }
    if selected("zero-file-1000") {
        cases.push(zero(
            "zero-file-1000",
            "/dev/zero as FILE, --max-input-bytes 1000",
            Source::Zero,
            vec!["--max-input-bytes", "1000"],
            1.0,
            16.0,
        ));
    }
    if selected("zero-stdin-batch") {
        cases.push(zero(
            "zero-stdin-batch",
            "/dev/zero as batch's standard input (target assumed: as default limits)",
            Source::ZeroStdin,
            Vec::new(),
            5.0,
            160.0,
        ));
    }
    cases
}

/// Every (command, variant) pair a case runs: `diff` compares all five itself.
fn runs_of(case: &Case, commands: &[String], variants: &[String]) -> Vec<(String, String)> {
    let mut runs = Vec::new();
    for command in commands {
        if matches!(case.source, Source::ZeroStdin) && command != "batch" {
            continue;
        }
        if command == "diff" {
            runs.push((command.clone(), "all five".to_owned()));
        } else {
            for variant in variants {
                runs.push((command.clone(), variant.clone()));
            }
        }
    }
    runs
}

struct Context {
    bin: PathBuf,
    dir: PathBuf,
    timeout: Duration,
    cap: Option<u64>,
    /// Commands whose `--help` lists `--max-input-bytes`.
    takes_limits: Vec<String>,
}

fn subcommand(command: &str) -> &str {
    command.split('-').next().unwrap_or(command)
}

/// The arguments of one run, and its standard input; `None` when the command cannot take the
/// case's flags.
fn invocation(
    ctx: &Context,
    case: &Case,
    command: &str,
    variant: &str,
) -> Option<(Vec<OsString>, Option<PathBuf>)> {
    let sub = subcommand(command);
    if !case.flags.is_empty() && !ctx.takes_limits.iter().any(|c| c == sub) {
        return None;
    }
    let mut args: Vec<OsString> = vec![sub.into()];
    match command {
        "parse-strict" => args.extend(["--mode", "strict"].map(OsString::from)),
        "parse-json" => args.extend(["--format", "json"].map(OsString::from)),
        _ => {}
    }
    match command {
        "diff" => {}
        // The variant's reading against RFC 9309's (Google's, for RFC 9309 itself).
        "compare" => {
            let other = if variant == "rfc9309" {
                "google"
            } else {
                "rfc9309"
            };
            args.extend(["--variants".into(), format!("{variant},{other}").into()]);
        }
        _ => args.extend(["--variant", variant].map(OsString::from)),
    }
    args.extend(case.flags.iter().map(OsString::from));
    let file: OsString = match &case.source {
        Source::File { name, .. } => ctx.dir.join(name).into(),
        Source::Zero | Source::ZeroStdin => "/dev/zero".into(),
    };
    let mut stdin = None;
    match command {
        "check" | "explain" | "diff" => {
            args.extend([
                "--agent".into(),
                "bot".into(),
                file,
                case.url.clone().into(),
            ]);
        }
        "analyze" | "compare" => args.extend(["--agent".into(), "bot".into(), file]),
        "batch" => {
            args.push("--corpus".into());
            args.push(ctx.dir.clone().into());
            stdin = Some(match &case.source {
                Source::ZeroStdin => PathBuf::from("/dev/zero"),
                Source::File { name, .. } => query_file(ctx, name, &case.url),
                Source::Zero => query_file(ctx, "zero", &case.url),
            });
        }
        _ => args.push(file),
    }
    Some((args, stdin))
}

/// A one-line query file for `batch` asking about `name` in the corpus folder.
fn query_file(ctx: &Context, name: &str, url: &str) -> PathBuf {
    let path = ctx.dir.join(format!("{name}.query"));
    if !path.exists() {
        std::fs::write(&path, format!("{name}\tbot\t{url}\n")).expect("write a query file");
    }
    path
}

fn verdicts(command: &str) -> usize {
    match command {
        "check" | "explain" | "batch" => 1,
        "diff" => VARIANTS.len(),
        _ => 0,
    }
}

struct Row {
    pass: Option<bool>,
    timed_out: bool,
    capped: bool,
}

fn measure(ctx: &Context, case: &Case, command: &str, variant: &str) -> Row {
    let label = format!("| {:<16} | {:<12} | {:<14} |", case.name, command, variant);
    let Some((args, stdin)) = invocation(ctx, case, command, variant) else {
        println!(
            "{label} {:>8} | {:>9} | {:>6} | {:<16} | n/a  | the command has no such flag: {}",
            "–",
            "–",
            "–",
            "–",
            case.flags.join(" ")
        );
        return Row {
            pass: None,
            timed_out: false,
            capped: false,
        };
    };
    let run = process::run(&Spec {
        program: &ctx.bin,
        args,
        env: Vec::new(),
        stdin: stdin.as_deref().map_or(Input::Null, Input::File),
        capture_stdout: false,
        timeout: Some(ctx.timeout),
        cap_bytes: ctx.cap,
        scratch: &ctx.dir,
        peak: true,
    });
    let (wall_target, kind) = match (case.per_verdict, verdicts(command)) {
        (Some(per), n) if n > 0 => (
            Some(per * n as f64),
            format!("≤{:.0} ms", per * n as f64 * 1e3),
        ),
        (Some(_), _) => (None, "–".to_owned()),
        (None, _) => (
            case.wall,
            case.wall.map_or("–".to_owned(), |w| format!("≤{w} s")),
        ),
    };
    let target = format!("{kind}, ≤{:.0} MB", case.peak_mb);
    let peak = run.peak_mb();
    // `analyze` and `compare` exit 3 when their budget leaves an answer undecided.
    let normal = matches!(run.ended, Ended::Exited(0..=2))
        || (matches!(command, "analyze" | "compare") && run.ended == Ended::Exited(3));
    let wall_ok = wall_target.is_none_or(|t| run.wall <= t);
    let peak_ok = peak.is_none_or(|p| p <= case.peak_mb);
    let pass = normal && wall_ok && peak_ok;
    let exit = match run.ended {
        Ended::Exited(code) => code.to_string(),
        Ended::Signal(sig) => format!("sig{sig}"),
        Ended::TimedOut => "killed".to_owned(),
    };
    let note = note(ctx, &run, wall_ok, peak_ok);
    println!(
        "{label} {:>8.3} | {:>9} | {:>6} | {:<16} | {:<4} | {note}",
        run.wall,
        peak.map_or("?".to_owned(), |p| format!("{p:.1}")),
        exit,
        target,
        if pass { "PASS" } else { "MISS" },
    );
    std::io::stdout().flush().ok();
    Row {
        pass: Some(pass),
        timed_out: run.ended == Ended::TimedOut,
        capped: run.capped(),
    }
}

fn note(ctx: &Context, run: &Run, wall_ok: bool, peak_ok: bool) -> String {
    let mut notes = Vec::new();
    if run.ended == Ended::TimedOut {
        notes.push(format!("killed at {} s", ctx.timeout.as_secs()));
    }
    if run.capped() {
        notes.push(format!(
            "capped: allocation failed under the {} address-space cap",
            ctx.cap.map_or("?".to_owned(), gib)
        ));
    }
    if !wall_ok && run.ended != Ended::TimedOut {
        notes.push("over time".to_owned());
    }
    if !peak_ok {
        notes.push("over memory".to_owned());
    }
    let first = run
        .stderr_head
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    if !first.is_empty() {
        let dir = format!("{}/", ctx.dir.display());
        let cut: String = first.replace(&dir, "").chars().take(100).collect();
        notes.push(format!("stderr: {cut}"));
    }
    if run.stderr_bytes > 1 << 20 {
        notes.push(format!(
            "stderr {:.1} MB",
            run.stderr_bytes as f64 / MIB as f64
        ));
    }
    notes.join("; ")
}

fn gib(bytes: u64) -> String {
    format!("{:.0} GiB", bytes as f64 / (1u64 << 30) as f64)
}

/// A comma-separated list from the environment, or `default`.
fn list(name: &str, default: &[&str]) -> Vec<String> {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v.split(',').map(|s| s.trim().to_owned()).collect(),
        _ => default.iter().map(|s| (*s).to_owned()).collect(),
    }
}

fn main() {
    let bin = process::robotspec_bin();
    for tool in ["timeout", "prlimit"] {
        if std::process::Command::new(tool)
            .arg("--version")
            .output()
            .is_err()
        {
            eprintln!("error: `{tool}` is needed (coreutils / util-linux)");
            std::process::exit(2);
        }
    }
    if process::gnu_time().is_none() {
        eprintln!("note: no /usr/bin/time (apt-get install time): peak memory not measured");
    }
    let wanted = list("ROBOTSPEC_HOSTILE_CASES", &[]);
    let commands = list("ROBOTSPEC_HOSTILE_COMMANDS", &COMMANDS);
    let variants = list("ROBOTSPEC_HOSTILE_VARIANTS", &VARIANTS);
    let timeout = Duration::from_secs_f64(process::env_or("ROBOTSPEC_HOSTILE_TIMEOUT", 30.0));
    let cap = match process::env_or("ROBOTSPEC_HOSTILE_CAP", 4u64 << 30) {
        0 => None,
        cap => Some(cap),
    };
    let dir = std::env::temp_dir().join(format!("robotspec-hostile-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero")).expect("symlink to /dev/zero");

    let takes_limits = [
        "check", "explain", "parse", "diff", "batch", "analyze", "compare",
    ]
    .into_iter()
    .filter(|sub| {
        std::process::Command::new(&bin)
            .args([sub, "--help"])
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("--max-input-bytes"))
    })
    .map(str::to_owned)
    .collect();
    let version = std::process::Command::new(&bin)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    let ctx = Context {
        bin,
        dir,
        timeout,
        cap,
        takes_limits,
    };
    // Exact names; a trailing `*` selects every name with that prefix.
    let selected = |name: &str| {
        wanted.is_empty()
            || wanted.iter().any(|w| match w.strip_suffix('*') {
                Some(prefix) => name.starts_with(prefix),
                None => name == w,
            })
    };
    let cases = cases(&ctx.dir, &selected);

    println!("# hostile inputs through the CLI, whole process");
    println!(
        "binary: {} ({version}); timeout {} s per run; address-space cap {}; load at start: {}",
        ctx.bin.display(),
        ctx.timeout.as_secs_f64(),
        ctx.cap.map_or("none".to_owned(), gib),
        process::loadavg()
    );
    println!(
        "commands with --max-input-bytes: {}",
        ctx.takes_limits.join(", ")
    );
    println!();
    for case in &cases {
        println!("- {}: {}", case.name, case.what);
    }
    println!();
    println!(
        "| {:<16} | {:<12} | {:<14} | {:>8} | {:>9} | {:>6} | {:<16} | {:<4} | note",
        "input", "command", "variant", "wall s", "peak MB", "exit", "target", "res"
    );
    println!(
        "|{}|{}|{}|{}|{}|{}|{}|{}|---",
        "-".repeat(18),
        "-".repeat(14),
        "-".repeat(16),
        "-".repeat(10),
        "-".repeat(11),
        "-".repeat(8),
        "-".repeat(18),
        "-".repeat(6)
    );
    let start = Instant::now();
    let (mut pass, mut miss, mut na, mut killed, mut capped) = (0, 0, 0, 0, 0);
    for case in &cases {
        for (command, variant) in runs_of(case, &commands, &variants) {
            let row = measure(&ctx, case, &command, &variant);
            match row.pass {
                Some(true) => pass += 1,
                Some(false) => miss += 1,
                None => na += 1,
            }
            killed += usize::from(row.timed_out);
            capped += usize::from(row.capped);
        }
    }
    println!();
    println!(
        "{pass} PASS, {miss} MISS, {na} n/a; {killed} killed at the timeout, {capped} capped; \
         {:.0} s in all; load at end: {}",
        start.elapsed().as_secs_f64(),
        process::loadavg()
    );
    std::fs::remove_dir_all(&ctx.dir).ok();
}
