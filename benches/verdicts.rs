//! robotspec against its peers, `texting_robots` 0.2 and `robotstxt` 0.3, on the same inputs in
//! the same run: parsing, the first (cold) verdict, warm verdicts, and `robotspec batch` end to
//! end (the CLI of `cli/`, built beforehand: `cargo build --release -p robotspec-cli`). A
//! summary at the end prints each measurement and the ratios against the targets of
//! docs/performance.md, computed from the very samples criterion took.
//!
//! Inputs: the vendored sample `tests/corpus/real` always; the full corpus too when present
//! (`$ROBOTSPEC_CORPUS`, else `../shared/corpus/real` next to the repository). Queries: for every
//! file, targets derived from its own rules (each pattern with `*` replaced by a segment and a
//! final `$` dropped, plus `/` and a miss), asked for the file's first user-agent token and for
//! an unknown agent. Cold, warm and batch run on the sample. The batch group runs `benches/queries.py` (needs `python3`) to make its
//! query file.
//!
//! `cargo bench --bench verdicts`; figures and method in docs/performance.md.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{Bencher, Criterion, SamplingMode, Throughput};
use robotspec::model::Agent;
use robotspec::{Robots, Variant};
use robotstxt::DefaultMatcher;
use texting_robots::Robot;

const VARIANT: Variant = Variant::Google;

struct File {
    host: String,
    bytes: Vec<u8>,
    /// robotstxt reads `&str`: the bytes, invalid UTF-8 replaced (done once, outside timing).
    text: String,
}

struct Query {
    file: usize,
    agent: String,
    url: String,
    path: String,
}

struct Corpus {
    name: &'static str,
    dir: PathBuf,
    files: Vec<File>,
    bytes: usize,
}

fn load(name: &'static str, dir: PathBuf) -> Corpus {
    let mut files: Vec<File> = std::fs::read_dir(&dir)
        .expect("corpus folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            File {
                host: p.file_name().unwrap().to_string_lossy().into_owned(),
                text: String::from_utf8_lossy(&bytes).into_owned(),
                bytes,
            }
        })
        .collect();
    files.sort_by(|a, b| a.host.cmp(&b.host));
    let bytes = files.iter().map(|f| f.bytes.len()).sum();
    Corpus {
        name,
        dir,
        files,
        bytes,
    }
}

/// The vendored sample, and the full corpus when present.
fn corpora() -> Vec<Corpus> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut corpora = vec![load("sample", root.join("tests/corpus/real"))];
    let full = std::env::var_os("ROBOTSPEC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus/real"));
    if full.is_dir() {
        corpora.push(load("full", full));
    } else {
        eprintln!("note: no full corpus at {}: sample only", full.display());
    }
    corpora
}

fn queries(files: &[File]) -> Vec<Query> {
    let mut queries = Vec::new();
    for (index, file) in files.iter().enumerate() {
        let robots = Robots::parse(&file.bytes, VARIANT);
        let agent = robots
            .groups()
            .flat_map(|g| g.agents())
            .find_map(|a| match a.agent() {
                Agent::Named(name) if !name.is_empty() => Some(name.to_owned()),
                _ => None,
            })
            .unwrap_or_else(|| "Googlebot".to_owned());
        let mut paths: Vec<String> = robots
            .rules()
            .take(14)
            .map(|r| {
                let p = String::from_utf8_lossy(r.pattern()).replace('*', "abc/");
                p.strip_suffix('$').unwrap_or(&p).to_owned() + "x.html"
            })
            .collect();
        paths.extend([
            "/".to_owned(),
            "/no/rule/matches/this/path.html?q=1".to_owned(),
        ]);
        for (i, path) in paths.into_iter().enumerate() {
            let agent = if i % 2 == 0 {
                agent.clone()
            } else {
                "RandomBot".to_owned()
            };
            let url = format!("https://{}{}", file.host, path);
            queries.push(Query {
                file: index,
                agent,
                url,
                path,
            });
        }
    }
    queries
}

/// Seconds per iteration of every sample criterion took, by measurement, and what one
/// iteration processes.
#[derive(Default)]
struct Recorder {
    samples: RefCell<BTreeMap<String, Vec<f64>>>,
    work: RefCell<BTreeMap<String, (f64, &'static str)>>,
}

impl Recorder {
    /// Times `routine` for criterion and keeps the per-iteration time under `key`.
    fn time(&self, key: &str, b: &mut Bencher<'_>, mut routine: impl FnMut()) {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                routine();
            }
            let elapsed = start.elapsed();
            self.samples
                .borrow_mut()
                .entry(key.to_owned())
                .or_default()
                .push(elapsed.as_secs_f64() / iters as f64);
            elapsed
        });
    }

    fn work(&self, key: &str, amount: f64, unit: &'static str) {
        self.work
            .borrow_mut()
            .insert(key.to_owned(), (amount, unit));
    }

    /// Median seconds per iteration.
    fn median(&self, key: &str) -> Option<f64> {
        let mut s = self.samples.borrow().get(key)?.clone();
        s.sort_by(f64::total_cmp);
        s.get(s.len() / 2).copied()
    }
}

/// robotstxt 0.3's answer. It panics on some real files (slicing a line inside a multi-byte
/// character): such a query counts as allowed, and `main` reports how many files do it.
fn robotstxt_allowed(text: &str, agent: &str, url: &str) -> bool {
    std::panic::catch_unwind(|| {
        DefaultMatcher::default().one_agent_allowed_by_robots(text, agent, url)
    })
    .unwrap_or(true)
}

fn robotstxt_panics(text: &str) -> bool {
    std::panic::catch_unwind(|| {
        DefaultMatcher::default().one_agent_allowed_by_robots(text, "Googlebot", "/")
    })
    .is_err()
}

fn parse_group(c: &mut Criterion, rec: &Recorder, corpus: &Corpus) {
    let mut group = c.benchmark_group(format!("parse/{}", corpus.name));
    group.throughput(Throughput::Bytes(corpus.bytes as u64));
    group.sampling_mode(SamplingMode::Flat);
    let files = &corpus.files;
    let key = |what: &str| format!("parse/{}/{what}", corpus.name);
    for what in [
        "robotspec",
        "texting_robots",
        "robotstxt_one_query",
        "memchr_newlines",
        "memchr_line_by_line",
    ] {
        rec.work(&key(what), corpus.bytes as f64 / 1e6, "MB");
    }
    group.bench_function("robotspec", |b| {
        rec.time(&key("robotspec"), b, || {
            for f in files {
                black_box(Robots::parse(&f.bytes, VARIANT));
            }
        })
    });
    // texting_robots binds the agent at construction and keeps only that agent's rules.
    group.bench_function("texting_robots", |b| {
        rec.time(&key("texting_robots"), b, || {
            for f in files {
                black_box(Robot::new("Googlebot", &f.bytes).is_ok());
            }
        })
    });
    // robotstxt has no parsed object: every query parses the file again. This is its cost of
    // one query per file, the closest it has to "parse".
    group.bench_function("robotstxt_one_query", |b| {
        rec.time(&key("robotstxt_one_query"), b, || {
            for f in files {
                black_box(robotstxt_allowed(&f.text, "Googlebot", "/"));
            }
        })
    });
    // The floor: one pass that finds every line end.
    group.bench_function("memchr_newlines", |b| {
        rec.time(&key("memchr_newlines"), b, || {
            for f in files {
                black_box(memchr::memchr_iter(b'\n', &f.bytes).count());
            }
        })
    });
    // The floor of any reader that yields one line at a time: one search for the next CR or LF
    // per line, and nothing else (robotspec's reader starts each line with this search).
    group.bench_function("memchr_line_by_line", |b| {
        rec.time(&key("memchr_line_by_line"), b, || {
            for f in files {
                black_box(line_by_line(&f.bytes));
            }
        })
    });
    group.finish();
}

/// How many lines `bytes` holds, found one line end (CR, LF or CR LF) at a time. Never inlined,
/// so that callgrind counts it apart (docs/performance.md).
#[inline(never)]
fn line_by_line(bytes: &[u8]) -> usize {
    let (mut lines, mut rest) = (0, bytes);
    while !rest.is_empty() {
        lines += 1;
        let end = memchr::memchr2(b'\r', b'\n', rest).unwrap_or(rest.len());
        let newline = if rest.get(end..end + 2) == Some(b"\r\n") {
            2
        } else {
            1
        };
        rest = rest.get(end + newline..).unwrap_or_default();
    }
    lines
}

fn cold_group(c: &mut Criterion, rec: &Recorder, corpus: &Corpus, queries: &[Query]) {
    // The first query of each file: parse, compile the group used, answer.
    let firsts: Vec<&Query> = queries
        .iter()
        .enumerate()
        .filter(|(i, q)| *i == 0 || queries[i - 1].file != q.file)
        .map(|(_, q)| q)
        .collect();
    let files = &corpus.files;
    let mut group = c.benchmark_group(format!("cold_verdict/{}", corpus.name));
    group.throughput(Throughput::Elements(firsts.len() as u64));
    group.sampling_mode(SamplingMode::Flat);
    let key = |what: &str| format!("cold_verdict/{}/{what}", corpus.name);
    for what in ["robotspec", "texting_robots", "robotstxt"] {
        rec.work(&key(what), firsts.len() as f64, "files");
    }
    group.bench_function("robotspec", |b| {
        rec.time(&key("robotspec"), b, || {
            for q in &firsts {
                let robots = Robots::parse(&files[q.file].bytes, VARIANT);
                black_box(robots.check(&q.agent, &q.url).allowed());
            }
        })
    });
    group.bench_function("texting_robots", |b| {
        rec.time(&key("texting_robots"), b, || {
            for q in &firsts {
                let robot = Robot::new(&q.agent, &files[q.file].bytes);
                black_box(robot.map(|r| r.allowed(&q.url)).unwrap_or(true));
            }
        })
    });
    group.bench_function("robotstxt", |b| {
        rec.time(&key("robotstxt"), b, || {
            for q in &firsts {
                black_box(robotstxt_allowed(&files[q.file].text, &q.agent, &q.url));
            }
        })
    });
    group.finish();
}

fn warm_group(c: &mut Criterion, rec: &Recorder, corpus: &Corpus, queries: &[Query]) {
    let files = &corpus.files;
    let parsed: Vec<Robots> = files
        .iter()
        .map(|f| Robots::parse(&f.bytes, VARIANT))
        .collect();
    // texting_robots: one Robot per (file, agent), built here, as robotspec has one Robots per
    // file; `robots[i]` answers query i.
    let mut built: BTreeMap<(usize, &str), usize> = BTreeMap::new();
    let mut robots: Vec<Option<Robot>> = Vec::new();
    let robot_of: Vec<usize> = queries
        .iter()
        .map(|q| {
            *built.entry((q.file, q.agent.as_str())).or_insert_with(|| {
                robots.push(Robot::new(&q.agent, &files[q.file].bytes).ok());
                robots.len() - 1
            })
        })
        .collect();
    for q in queries {
        parsed[q.file].check(&q.agent, &q.url); // compile every automaton used
    }
    let mut group = c.benchmark_group(format!("warm_verdicts/{}", corpus.name));
    group.throughput(Throughput::Elements(queries.len() as u64));
    let key = |what: &str| format!("warm_verdicts/{}/{what}", corpus.name);
    for (kind, url_of) in [
        (
            "full_urls",
            (|q: &Query| q.url.as_str()) as fn(&Query) -> &str,
        ),
        ("paths", |q: &Query| q.path.as_str()),
    ] {
        let name = format!("robotspec_{kind}");
        rec.work(&key(&name), queries.len() as f64, "queries");
        group.bench_function(&name, |b| {
            rec.time(&key(&name), b, || {
                for q in queries {
                    black_box(parsed[q.file].check(&q.agent, url_of(q)).allowed());
                }
            })
        });
        let name = format!("texting_robots_{kind}");
        rec.work(&key(&name), queries.len() as f64, "queries");
        group.bench_function(&name, |b| {
            rec.time(&key(&name), b, || {
                for (q, &r) in queries.iter().zip(&robot_of) {
                    black_box(robots[r].as_ref().is_none_or(|r| r.allowed(url_of(q))));
                }
            })
        });
    }
    // robotstxt has no warm state: each query parses the file again.
    let name = "robotstxt_full_urls";
    rec.work(&key(name), queries.len() as f64, "queries");
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function(name, |b| {
        rec.time(&key(name), b, || {
            for q in queries {
                black_box(robotstxt_allowed(&files[q.file].text, &q.agent, &q.url));
            }
        })
    });
    group.finish();
}

/// robotstxt answering a query file the way `robotspec batch` does: read each file once per
/// run of consecutive queries on it; one answer per line.
fn robotstxt_batch(dir: &Path, queries: &str) -> Vec<bool> {
    let mut current: Option<(&str, String)> = None;
    let mut answers = Vec::new();
    for line in queries.lines() {
        let mut fields = line.splitn(3, '\t');
        let (Some(file), Some(agent), Some(url)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let text = match &current {
            Some((name, text)) if *name == file => text,
            _ => {
                let bytes = std::fs::read(dir.join(file)).unwrap();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                &current.insert((file, text)).1
            }
        };
        answers.push(robotstxt_allowed(text, agent, url));
    }
    answers
}

/// The `robotspec` CLI (its own crate, `cli/`): `$ROBOTSPEC_BIN` when set, else
/// `target/release/robotspec` next to this bench executable (in `target/release/deps/`), when
/// built (`cargo build --release -p robotspec-cli`).
fn robotspec_bin() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("ROBOTSPEC_BIN") {
        return Some(PathBuf::from(bin));
    }
    let exe = std::env::current_exe().ok()?;
    exe.parent()?
        .parent()
        .map(|release| release.join("robotspec"))
        .filter(|p| p.is_file())
}

fn robotspec_batch(bin: &Path, dir: &Path, queries: &Path, stdout: Stdio) -> std::process::Output {
    Command::new(bin)
        .args(["batch", "--variant", "google", "--corpus"])
        .arg(dir)
        .stdin(std::fs::File::open(queries).unwrap())
        .stdout(stdout)
        .output()
        .unwrap()
}

fn batch_group(c: &mut Criterion, rec: &Recorder, corpus: &Corpus) {
    let Some(bin) = robotspec_bin() else {
        eprintln!(
            "note: no robotspec CLI (cargo build --release -p robotspec-cli, or set \
             ROBOTSPEC_BIN): no batch benchmark"
        );
        return;
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/queries.py");
    let generated = Command::new("python3")
        .arg(&script)
        .arg(&corpus.dir)
        .output();
    let text = match generated {
        Ok(out) if out.status.success() => String::from_utf8(out.stdout).unwrap(),
        _ => {
            eprintln!("note: python3 benches/queries.py failed: no batch benchmark");
            return;
        }
    };
    let path = std::env::temp_dir().join(format!(
        "robotspec-bench-queries-{}-{}.tsv",
        corpus.name,
        std::process::id()
    ));
    std::fs::write(&path, &text).unwrap();
    let count = text.lines().count();

    // Same questions, same answers? (Informative: the two read some files differently.)
    let ours = robotspec_batch(&bin, &corpus.dir, &path, Stdio::piped());
    assert!(ours.status.success(), "robotspec batch failed");
    let theirs = robotstxt_batch(&corpus.dir, &text);
    let agree = String::from_utf8_lossy(&ours.stdout)
        .lines()
        .zip(&theirs)
        .filter(|(a, &b)| (*a == "1") == b)
        .count();
    println!(
        "batch/{}: {count} queries; robotspec and robotstxt agree on {agree} ({:.2} %)",
        corpus.name,
        100.0 * agree as f64 / count as f64
    );

    let mut group = c.benchmark_group(format!("batch/{}", corpus.name));
    group.throughput(Throughput::Elements(count as u64));
    group.sampling_mode(SamplingMode::Flat);
    let key = |what: &str| format!("batch/{}/{what}", corpus.name);
    rec.work(&key("robotspec_cli"), count as f64, "queries");
    rec.work(&key("robotstxt"), count as f64, "queries");
    group.bench_function("robotspec_cli", |b| {
        rec.time(&key("robotspec_cli"), b, || {
            let out = robotspec_batch(&bin, &corpus.dir, &path, Stdio::null());
            assert!(out.status.success());
        })
    });
    group.bench_function("robotstxt", |b| {
        rec.time(&key("robotstxt"), b, || {
            black_box(robotstxt_batch(&corpus.dir, &text));
        })
    });
    group.finish();
    std::fs::remove_file(&path).ok();
}

fn summary(rec: &Recorder) {
    println!("\n== summary (median of criterion's samples; ratios from this run) ==");
    for (key, &(amount, unit)) in rec.work.borrow().iter() {
        if let Some(t) = rec.median(key) {
            println!(
                "{key:<52} {:>12.3} ms/iter {:>14.1} {unit}/s",
                t * 1e3,
                amount / t
            );
        }
    }
    println!("\n== ratios: how many times faster robotspec is (target) ==");
    let ratio = |label: &str, ours: &str, theirs: &str, target: &str| {
        if let (Some(a), Some(b)) = (rec.median(ours), rec.median(theirs)) {
            println!("{label:<60} {:>8.2}×   {target}", b / a);
        }
    };
    for corpus in ["sample", "full"] {
        let k = |s: &str| format!("{s}/{corpus}/");
        let (p, w, c, b) = (
            k("parse"),
            k("warm_verdicts"),
            k("cold_verdict"),
            k("batch"),
        );
        ratio(
            &format!("parse {corpus}: vs texting_robots"),
            &format!("{p}robotspec"),
            &format!("{p}texting_robots"),
            "(≥ 3)",
        );
        ratio(
            &format!("parse {corpus}: vs robotstxt one query per file"),
            &format!("{p}robotspec"),
            &format!("{p}robotstxt_one_query"),
            "",
        );
        // The floor the other way round: how many times slower than a newline count.
        ratio(
            &format!("parse {corpus}: memchr newline count (floor) vs robotspec"),
            &format!("{p}memchr_newlines"),
            &format!("{p}robotspec"),
            "(distance to the floor)",
        );
        ratio(
            &format!("parse {corpus}: one memchr2 a line (a line reader's floor) vs robotspec"),
            &format!("{p}memchr_line_by_line"),
            &format!("{p}robotspec"),
            "(distance to a line reader's floor)",
        );
        ratio(
            &format!("cold verdict {corpus}: vs texting_robots"),
            &format!("{c}robotspec"),
            &format!("{c}texting_robots"),
            "",
        );
        ratio(
            &format!("cold verdict {corpus}: vs robotstxt"),
            &format!("{c}robotspec"),
            &format!("{c}robotstxt"),
            "",
        );
        ratio(
            &format!("warm full URLs {corpus}: vs texting_robots"),
            &format!("{w}robotspec_full_urls"),
            &format!("{w}texting_robots_full_urls"),
            "(≥ 5)",
        );
        ratio(
            &format!("warm paths {corpus}: vs texting_robots"),
            &format!("{w}robotspec_paths"),
            &format!("{w}texting_robots_paths"),
            "",
        );
        ratio(
            &format!("warm full URLs {corpus}: vs robotstxt (re-parses)"),
            &format!("{w}robotspec_full_urls"),
            &format!("{w}robotstxt_full_urls"),
            "",
        );
        ratio(
            &format!("batch {corpus}: robotspec CLI vs robotstxt in-process"),
            &format!("{b}robotspec_cli"),
            &format!("{b}robotstxt"),
            "(≥ 10)",
        );
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10)
        .configure_from_args();
    let rec = Recorder::default();
    let corpora = corpora();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for corpus in &corpora {
        let panics = corpus
            .files
            .iter()
            .filter(|f| robotstxt_panics(&f.text))
            .count();
        println!(
            "{}: {} files, {:.2} MB; robotstxt panics on {panics} of them (answered as allowed)",
            corpus.name,
            corpus.files.len(),
            corpus.bytes as f64 / 1e6
        );
    }
    for corpus in &corpora {
        parse_group(&mut c, &rec, corpus);
    }
    // Verdicts and batch on the sample: robotstxt re-parses the file for every query, which
    // over the full corpus's 127k batch queries would take minutes per iteration.
    let sample = &corpora[0];
    let queries = queries(&sample.files);
    cold_group(&mut c, &rec, sample, &queries);
    warm_group(&mut c, &rec, sample, &queries);
    batch_group(&mut c, &rec, sample);
    std::panic::set_hook(hook);
    c.final_summary();
    summary(&rec);
}
