//! Parsing and verdict throughput on real robots.txt files.
//!
//! Inputs: the vendored sample `tests/corpus/real` (or `$ROBOTSPEC_CORPUS`, e.g. the shared
//! corpus of 4,231 files). Queries: for every file, targets derived from its own rules (each
//! pattern with `*` replaced by a segment and a final `$` dropped, plus `/` and a miss), asked
//! for the file's first user-agent token and for an unknown agent.
//!
//! `cargo bench --bench verdicts`; figures and method in docs/performance.md.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use robotspec::model::Agent;
use robotspec::{Robots, Variant};

struct File {
    host: String,
    bytes: Vec<u8>,
}

struct Query {
    file: usize,
    agent: String,
    url: String,
    path: String,
}

fn corpus() -> Vec<File> {
    let dir = std::env::var_os("ROBOTSPEC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/real"));
    let mut files: Vec<File> = std::fs::read_dir(&dir)
        .expect("corpus folder")
        .map(|e| e.unwrap().path())
        .map(|p| File {
            host: p.file_name().unwrap().to_string_lossy().into_owned(),
            bytes: std::fs::read(&p).unwrap(),
        })
        .collect();
    files.sort_by(|a, b| a.host.cmp(&b.host));
    files
}

fn queries(files: &[File], variant: Variant) -> Vec<Query> {
    let mut queries = Vec::new();
    for (index, file) in files.iter().enumerate() {
        let robots = Robots::parse(&file.bytes, variant);
        let agent = robots
            .groups()
            .iter()
            .flat_map(|g| g.agents.iter())
            .find_map(|a| match &a.agent {
                Agent::Named(name) if !name.is_empty() => {
                    Some(String::from_utf8_lossy(name).into_owned())
                }
                _ => None,
            })
            .unwrap_or_else(|| "Googlebot".to_owned());
        let mut paths: Vec<String> = robots
            .rules()
            .iter()
            .take(14)
            .map(|r| {
                let p = String::from_utf8_lossy(&r.pattern).replace('*', "abc/");
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

fn benches(c: &mut Criterion) {
    let files = corpus();
    let bytes: usize = files.iter().map(|f| f.bytes.len()).sum();
    let variant = Variant::Google;

    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(10);
    group.bench_function("bytes_to_queryable_robots", |b| {
        b.iter(|| {
            for file in &files {
                std::hint::black_box(Robots::parse(&file.bytes, variant));
            }
        })
    });
    group.finish();

    let queries = queries(&files, variant);
    let parsed: Vec<Robots> = files
        .iter()
        .map(|f| Robots::parse(&f.bytes, variant))
        .collect();
    for q in &queries {
        parsed[q.file].check(&q.agent, &q.url); // warm: compile every automaton used
    }
    let mut group = c.benchmark_group("warm_verdicts");
    group.throughput(Throughput::Elements(queries.len() as u64));
    group.bench_function("full_urls", |b| {
        b.iter(|| {
            for q in &queries {
                std::hint::black_box(parsed[q.file].check(&q.agent, &q.url).allowed());
            }
        })
    });
    group.bench_function("paths", |b| {
        b.iter(|| {
            for q in &queries {
                std::hint::black_box(parsed[q.file].check(&q.agent, &q.path).allowed());
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("cold_verdict");
    group.throughput(Throughput::Elements(files.len() as u64));
    group.sample_size(10);
    group.bench_function("parse_compile_first_check", |b| {
        b.iter_batched(
            || (),
            |()| {
                for (file, q) in files.iter().zip(queries.iter().step_by(16)) {
                    let robots = Robots::parse(&file.bytes, variant);
                    std::hint::black_box(robots.check(&q.agent, &q.url).allowed());
                }
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(verdict_benches, benches);
criterion_main!(verdict_benches);
