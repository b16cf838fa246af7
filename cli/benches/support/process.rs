//! Whole-process runs for the CLI benches (`cli/benches/cold.rs`, `cli/benches/hostile_cli.rs`):
//! locate the `robotspec` binary, run a program under `/usr/bin/time` (peak RSS of that very child),
//! optionally under `timeout` and an address-space cap (`prlimit --as`), and report how it ended
//! and the CPU time (user + system) it took, as the kernel accounts it (`getrusage` of the
//! waited-for children, before and after the run).
#![allow(dead_code)]

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The `robotspec` CLI to measure: `$ROBOTSPEC_BIN` when set, else `target/release/robotspec`
/// next to this bench executable (which lives in `target/release/deps/`). Exits with a message
/// when it is missing.
pub(crate) fn robotspec_bin() -> PathBuf {
    if let Some(bin) = std::env::var_os("ROBOTSPEC_BIN") {
        let bin = PathBuf::from(bin);
        if bin.is_file() {
            return bin;
        }
        eprintln!("error: ROBOTSPEC_BIN={} is not a file", bin.display());
        std::process::exit(2);
    }
    let exe = std::env::current_exe().expect("path of this bench executable");
    let bin = exe
        .parent()
        .and_then(Path::parent)
        .map(|release| release.join("robotspec"))
        .filter(|p| p.is_file());
    match bin {
        Some(bin) => bin,
        None => {
            eprintln!(
                "error: no robotspec CLI next to {} (expected target/release/robotspec): \
                 run `cargo build --release -p robotspec-cli` first, or set ROBOTSPEC_BIN",
                exe.display()
            );
            std::process::exit(2);
        }
    }
}

/// `/usr/bin/time` when present: it gives each child's own peak resident set.
pub(crate) fn gnu_time() -> Option<PathBuf> {
    let time = PathBuf::from("/usr/bin/time");
    time.is_file().then_some(time)
}

/// `std::env::var(name)` parsed, or `default`.
pub(crate) fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// The machine's load average line (`/proc/loadavg`), or `?`.
pub(crate) fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|_| "?".to_owned())
}

/// Where the child's standard input comes from.
pub(crate) enum Input<'a> {
    Null,
    File(&'a Path),
}

/// What one run looks like from outside.
pub(crate) struct Spec<'a> {
    pub program: &'a Path,
    pub args: Vec<OsString>,
    pub env: Vec<(&'a str, &'a str)>,
    pub stdin: Input<'a>,
    /// Keep standard output (else it goes to /dev/null).
    pub capture_stdout: bool,
    /// Kill after this long (`timeout`, then SIGKILL 5 s later).
    pub timeout: Option<Duration>,
    /// Address-space cap in bytes (`prlimit --as`).
    pub cap_bytes: Option<u64>,
    /// Folder for the scratch files (time's report, the child's standard error).
    pub scratch: &'a Path,
    /// Run under `/usr/bin/time` for the peak resident set (when present). Without it the
    /// program is the child itself, so that its CPU time holds no other process's.
    pub peak: bool,
}

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Ended {
    Exited(i32),
    Signal(i32),
    TimedOut,
}

/// One measured run.
pub(crate) struct Run {
    /// Wall clock seen by this process, seconds (spawn to exit; includes `time`'s own exec).
    pub wall: f64,
    /// CPU time of the child and the processes it waited for, user + system, seconds (with
    /// `peak`, `/usr/bin/time`'s own share included).
    pub cpu: f64,
    /// Peak resident set of the child, KiB (`None` without `/usr/bin/time`).
    pub peak_kib: Option<u64>,
    pub ended: Ended,
    pub stdout: Vec<u8>,
    /// The first bytes of the child's standard error, and its full length.
    pub stderr_head: String,
    pub stderr_bytes: u64,
}

impl Run {
    /// The child ran out of its address-space cap (Rust's allocation-failure message).
    pub(crate) fn capped(&self) -> bool {
        self.stderr_head.contains("memory allocation of")
            || self.stderr_head.contains("capacity overflow")
            || self.stderr_head.contains("out of memory")
    }

    pub(crate) fn peak_mb(&self) -> Option<f64> {
        self.peak_kib.map(|k| k as f64 / 1024.0)
    }
}

/// Runs `spec` once and measures it.
pub(crate) fn run(spec: &Spec<'_>) -> Run {
    let time_file = spec
        .scratch
        .join(format!("time-{}.txt", std::process::id()));
    let err_file = spec
        .scratch
        .join(format!("stderr-{}.txt", std::process::id()));
    let mut argv: Vec<OsString> = Vec::new();
    let time = gnu_time().filter(|_| spec.peak);
    if let Some(time) = &time {
        argv.push(time.into());
        argv.extend(["-o".into(), time_file.clone().into_os_string()]);
        argv.extend(["-f".into(), "%e %M %x".into()]);
    }
    if let Some(limit) = spec.timeout {
        argv.extend(["timeout", "-k", "5"].map(OsString::from));
        argv.push(format!("{}s", limit.as_secs_f64()).into());
    }
    if let Some(cap) = spec.cap_bytes {
        argv.push("prlimit".into());
        argv.push(format!("--as={cap}").into());
        argv.push("--".into());
    }
    argv.push(spec.program.into());
    argv.extend(spec.args.iter().cloned());

    let mut command = Command::new(&argv[0]);
    command.args(&argv[1..]);
    for (key, value) in &spec.env {
        command.env(key, value);
    }
    command.stdin(match spec.stdin {
        Input::Null => Stdio::null(),
        Input::File(path) => Stdio::from(std::fs::File::open(path).expect("stdin file")),
    });
    command.stdout(if spec.capture_stdout {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    command.stderr(Stdio::from(
        std::fs::File::create(&err_file).expect("scratch stderr file"),
    ));

    let cpu_before = children_cpu();
    let start = Instant::now();
    let mut child = command.spawn().expect("spawn the measured program");
    let mut stdout = Vec::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_end(&mut stdout).expect("read child stdout");
    }
    let status = child.wait().expect("wait for the measured program");
    let wall = start.elapsed().as_secs_f64();
    let cpu = children_cpu() - cpu_before;

    let stderr_bytes = std::fs::metadata(&err_file).map(|m| m.len()).unwrap_or(0);
    let mut head = Vec::new();
    if let Ok(f) = std::fs::File::open(&err_file) {
        f.take(600).read_to_end(&mut head).ok();
    }
    std::fs::remove_file(&err_file).ok();
    let stderr_head = String::from_utf8_lossy(&head).into_owned();

    let (peak_kib, ended) = if time.is_some() {
        let report = std::fs::read_to_string(&time_file).unwrap_or_default();
        std::fs::remove_file(&time_file).ok();
        parse_time_report(&report)
    } else {
        let ended = match status.code() {
            Some(code) => Ended::Exited(code),
            None => Ended::Signal(-1),
        };
        (None, ended)
    };
    // `timeout` exits 124 when it stopped the child with SIGTERM, 137 when SIGKILL was needed.
    let timed_out = spec
        .timeout
        .is_some_and(|limit| wall >= limit.as_secs_f64() - 0.05);
    let ended = match ended {
        Ended::Exited(124 | 137) | Ended::Signal(9 | 15) if timed_out => Ended::TimedOut,
        other => other,
    };
    Run {
        wall,
        cpu,
        peak_kib,
        ended,
        stdout,
        stderr_head,
        stderr_bytes,
    }
}

/// User + system seconds of every child this process has waited for so far.
fn children_cpu() -> f64 {
    use nix::sys::resource::{getrusage, UsageWho};
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage(RUSAGE_CHILDREN)");
    let seconds = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 + t.tv_usec() as f64 / 1e6;
    seconds(usage.user_time()) + seconds(usage.system_time())
}

/// `/usr/bin/time -f '%e %M %x'` output: an optional "Command terminated by signal N" or
/// "Command exited with non-zero status N" line, then the format line.
fn parse_time_report(report: &str) -> (Option<u64>, Ended) {
    let mut signal = None;
    let mut last = "";
    for line in report.lines() {
        if let Some(n) = line.strip_prefix("Command terminated by signal ") {
            signal = n.trim().parse().ok();
        } else if !line.trim().is_empty() {
            last = line;
        }
    }
    let fields: Vec<&str> = last.split_whitespace().collect();
    let peak = fields.get(1).and_then(|m| m.parse().ok());
    let code = fields.get(2).and_then(|x| x.parse().ok()).unwrap_or(-1);
    let ended = match signal {
        Some(sig) => Ended::Signal(sig),
        None => Ended::Exited(code),
    };
    (peak, ended)
}

/// Median of `xs` (the upper one for an even count); NaN when empty.
pub(crate) fn median(xs: &[f64]) -> f64 {
    let mut xs = xs.to_vec();
    xs.sort_by(f64::total_cmp);
    xs.get(xs.len() / 2).copied().unwrap_or(f64::NAN)
}
