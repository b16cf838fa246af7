//! Conformance: one named test per vector of the vendored collections, per variant.
//!
//! - `tests/conformance/google-robots-test.jsonl` (Google's library unit tests): every kind for
//!   `google`; the `allowed` vectors of tests named `ID_*` (protocol requirements) for `rfc9309`.
//! - `tests/conformance/ctc-{correctness,stress}.jsonl` (Google's compliance collection): every
//!   case for `google`; the cases not marked `GOOGLE_SPECIFIC` for `rfc9309`.
//! - `tests/examples/worked.jsonl` (docs/spec/VARIANTS.md E1–E29): the `google` column.
//! - `tests/conformance/google-report-corpus.jsonl` (Google's current per-line report,
//!   `RobotsParsingReporter`, on real files): every line of every file it lists, which
//!   `tests/corpus/real/` holds; and every line of all 4,231 files of the shared corpus against
//!   `../shared/conformance/google-report-corpus.jsonl` when that folder is there (the trial
//!   says `SKIPPED` when it is not).
//!
//! Vectors listed in `tests/conformance/expected-failures.txt` must still fail (so the list
//! cannot go stale); each line there gives the reason. Vectors where RFC 9309 and Google's
//! reading disagree are listed in `tests/conformance/rfc9309-divergences.txt` with the verdict
//! RFC 9309 gives and why; the `rfc9309` trial checks that verdict and says so in its name.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use std::collections::HashMap;

use base64::Engine as _;
use libtest_mimic::{Arguments, Failed, Trial};
use robotspec::internals::{is_valid_product_token, normalise, path_params_query, PatternEncoding};
use robotspec::report::{GoogleReport, Tag};
use robotspec::{parse, parse_strict, Mode, ParseOptions, Robots, Variant};
use serde_json::Value;

type Check = Box<dyn FnOnce() -> Result<(), Failed> + Send>;

fn main() {
    let args = Arguments::from_args();
    let expected_failures = listed("expected-failures.txt", 2);
    let divergences = listed("rfc9309-divergences.txt", 3);
    let mut trials = Vec::new();
    let mut add = |name: String, check: Check| {
        let trial = match expected_failures.get(&name) {
            Some(fields) => {
                let reason = fields[1].clone();
                Trial::test(
                    format!("{name} (expected failure: {reason})"),
                    move || match check() {
                        Ok(()) => Err("passes now: remove it from expected-failures.txt".into()),
                        Err(_) => Ok(()),
                    },
                )
            }
            None => Trial::test(name, check),
        };
        trials.push(trial);
    };
    google_library_vectors(&mut add, &divergences);
    compliance_collection(&mut add, &divergences);
    worked_examples(&mut add);
    google_report_corpus(&mut add);
    libtest_mimic::run(&args, trials).exit();
}

/// A `name -- field -- …` list from `tests/conformance/`, keyed by name (all fields kept).
fn listed(file: &str, fields: usize) -> HashMap<String, Vec<String>> {
    let text = std::fs::read_to_string(common::tests_dir().join("conformance").join(file)).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<String> = l
                .splitn(fields, " -- ")
                .map(|p| p.trim().to_owned())
                .collect();
            assert_eq!(parts.len(), fields, "{file}: malformed line {l}");
            (parts[0].clone(), parts)
        })
        .collect()
}

fn jsonl(path: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(common::tests_dir().join(path)).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A field that may be stored as `<field>_base64` when it is not UTF-8.
fn bytes(v: &Value, field: &str) -> Vec<u8> {
    match v.get(format!("{field}_base64")) {
        Some(b64) => base64::engine::general_purpose::STANDARD
            .decode(b64.as_str().unwrap())
            .unwrap(),
        None => v[field].as_str().unwrap_or_default().as_bytes().to_vec(),
    }
}

fn text(v: &Value, field: &str) -> String {
    String::from_utf8(bytes(v, field)).unwrap()
}

fn verdict_check(
    robots_txt: Vec<u8>,
    agent: String,
    url: String,
    allowed: bool,
    variant: Variant,
) -> Check {
    Box::new(move || {
        let robots = Robots::parse(&robots_txt, variant);
        let verdict = robots.check(&agent, &url);
        if verdict.allowed() == allowed {
            Ok(())
        } else {
            Err(format!(
                "{variant}: agent {agent:?}, url {url:?}: expected {}, got {verdict}",
                if allowed { "allowed" } else { "disallowed" }
            )
            .into())
        }
    })
}

fn equal<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), Failed> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}").into())
    }
}

/// The trial name and verdict of a vector under `rfc9309`: Google's expectation, unless
/// `rfc9309-divergences.txt` lists the trial, with RFC 9309's verdict and the sentence.
fn rfc9309_reading(
    divergences: &HashMap<String, Vec<String>>,
    name: String,
    google_allowed: bool,
) -> (String, bool) {
    match divergences.get(&name) {
        Some(fields) => (
            format!("{name} (RFC 9309 differs: {})", fields[2]),
            fields[1] == "allowed",
        ),
        None => (name, google_allowed),
    }
}

fn google_library_vectors(
    add: &mut impl FnMut(String, Check),
    divergences: &HashMap<String, Vec<String>>,
) {
    let mut counters: HashMap<String, usize> = HashMap::new();
    let mut reused_reporter_lines = 0;
    for v in jsonl("conformance/google-robots-test.jsonl") {
        let kind = v["kind"].as_str().unwrap().to_owned();
        let test = v["test"]
            .as_str()
            .unwrap()
            .trim_start_matches("RobotsUnittest.")
            .to_owned();
        let n = counters.entry(format!("{kind}/{test}")).or_default();
        *n += 1;
        let name = |variant: &str| format!("{variant}/library/{kind}/{test}#{n}");
        match kind.as_str() {
            "allowed" => {
                let (robots_txt, agent, url) = (
                    bytes(&v, "robots_txt"),
                    text(&v, "user_agent"),
                    text(&v, "url"),
                );
                let allowed = v["allowed"].as_bool().unwrap();
                if test.starts_with("ID_") {
                    let (name, rfc_allowed) =
                        rfc9309_reading(divergences, name("rfc9309"), allowed);
                    add(
                        name,
                        verdict_check(
                            robots_txt.clone(),
                            agent.clone(),
                            url.clone(),
                            rfc_allowed,
                            Variant::Rfc9309,
                        ),
                    );
                }
                add(
                    name("google"),
                    verdict_check(robots_txt, agent, url, allowed, Variant::Google),
                );
            }
            "path_of_url" => {
                let (input, output) = (bytes(&v, "input"), bytes(&v, "output"));
                add(
                    name("google"),
                    Box::new(move || equal("path", path_params_query(&input).to_vec(), output)),
                );
            }
            "escape_pattern" => {
                let (input, output) = (bytes(&v, "input"), bytes(&v, "output"));
                add(
                    name("google"),
                    Box::new(move || {
                        equal(
                            "escaped",
                            normalise(&input, PatternEncoding::GoogleEscape).to_vec(),
                            output,
                        )
                    }),
                );
            }
            "valid_user_agent" => {
                let (input, valid) = (bytes(&v, "input"), v["valid"].as_bool().unwrap());
                add(
                    name("google"),
                    Box::new(move || equal("valid", is_valid_product_token(&input), valid)),
                );
            }
            "line_metadata" => add(name("google"), line_metadata_check(&v)),
            "parse_stats" => add(name("google"), parse_stats_check(&v)),
            "parse_report" => {
                let check = parse_report_check(&v, reused_reporter_lines);
                reused_reporter_lines = reused_reporter_lines.max(v["num_lines"].as_u64().unwrap());
                add(name("google"), check);
            }
            other => panic!("unknown vector kind {other}"),
        }
    }
}

fn report(robots_txt: &[u8]) -> GoogleReport {
    GoogleReport::of(&parse(robots_txt, Variant::Google))
}

/// Google's per-line report on the vendored real files, one trial per file, and on the whole
/// shared corpus in one trial.
fn google_report_corpus(add: &mut impl FnMut(String, Check)) {
    for want in jsonl("conformance/google-report-corpus.jsonl") {
        let file = want["file"].as_str().unwrap().to_owned();
        let path = common::tests_dir().join("corpus/real").join(&file);
        add(
            format!("google_report_corpus::{file}"),
            Box::new(move || report_agrees(&std::fs::read(path).unwrap(), &want)),
        );
    }
    add(
        "google_report_corpus::shared_corpus".to_owned(),
        Box::new(shared_corpus_report_check),
    );
}

/// Every file of the shared corpus against Google's report of it; every differing file named.
fn shared_corpus_report_check() -> Result<(), Failed> {
    let test = "conformance::google_report_corpus::shared_corpus";
    let Some(dir) = common::shared_real_corpus(test) else {
        return Ok(());
    };
    let expected = dir.join("../../conformance/google-report-corpus.jsonl");
    let Ok(text) = std::fs::read_to_string(&expected) else {
        common::skipped(test, &format!("{} not found", expected.display()));
        return Ok(());
    };
    let mut files = 0;
    let mut differ = Vec::new();
    for line in text.lines() {
        let want: Value = serde_json::from_str(line).unwrap();
        let file = want["file"].as_str().unwrap();
        let input = std::fs::read(dir.join(file)).unwrap();
        files += 1;
        if let Err(why) = report_agrees(&input, &want) {
            differ.push(format!("{file}: {}", why.message().unwrap_or_default()));
        }
    }
    equal("files", files, 4231)?;
    if differ.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} of {files} files differ:\n{}",
            differ.len(),
            differ.join("\n")
        )
        .into())
    }
}

/// Google's report of `input` (one line of a `google-report-corpus.jsonl`) equals ours, line
/// by line: `[line, tag, is_typo, is_empty, has_comment, is_comment, has_directive,
/// is_acceptable_typo, is_line_too_long, is_missing_colon_separator]`, flags as 0 or 1.
fn report_agrees(input: &[u8], want: &Value) -> Result<(), Failed> {
    let report = GoogleReport::new(input);
    let flag = u8::from;
    let got: Vec<Value> = report
        .lines
        .iter()
        .map(|l| {
            serde_json::json!([
                l.line,
                l.tag.name(),
                flag(l.is_typo),
                flag(l.is_empty),
                flag(l.has_comment),
                flag(l.is_comment),
                flag(l.has_directive),
                flag(l.is_acceptable_typo),
                flag(l.is_line_too_long),
                flag(l.is_missing_colon_separator),
            ])
        })
        .collect();
    let want_lines = want["lines"].as_array().unwrap();
    if let Some((g, w)) = got.iter().zip(want_lines).find(|(g, w)| g != w) {
        return Err(format!("line {}: got {g}, want {w}", w[0]).into());
    }
    equal("lines", got.len(), want_lines.len())?;
    equal(
        "valid",
        report.valid_directives as u64,
        want["valid"].as_u64().unwrap(),
    )?;
    equal(
        "unused",
        report.unused_directives as u64,
        want["unused"].as_u64().unwrap(),
    )?;
    equal(
        "last_line",
        u64::from(report.last_line_seen),
        want["last_line"].as_u64().unwrap(),
    )
}

fn line_metadata_check(v: &Value) -> Check {
    let robots_txt = bytes(v, "robots_txt");
    let line = v["line_num"].as_u64().unwrap();
    let want = v.clone();
    Box::new(move || {
        let report = report(&robots_txt);
        let got = report
            .lines
            .iter()
            .find(|l| u64::from(l.line) == line)
            .ok_or_else(|| format!("no line {line} in the report"))?;
        let tag = match got.tag {
            Tag::Unknown => "Unknown",
            Tag::UserAgent => "UserAgent",
            Tag::Allow => "Allow",
            Tag::Disallow => "Disallow",
            Tag::Sitemap => "Sitemap",
            Tag::Unused => "Unused",
            _ => "a tag Google's tests do not know",
        };
        equal("tag_name", tag, want["tag_name"].as_str().unwrap())?;
        for (field, value) in [
            ("is_typo", got.is_acceptable_typo),
            ("is_acceptable_typo", got.is_acceptable_typo),
            ("is_empty", got.is_empty),
            ("has_comment", got.has_comment),
            ("is_comment", got.is_comment),
            ("has_directive", got.has_directive),
            ("is_line_too_long", got.is_line_too_long),
            ("is_missing_colon_separator", got.is_missing_colon_separator),
        ] {
            equal(field, value, want[field].as_bool().unwrap())?;
        }
        Ok(())
    })
}

fn parse_report_check(v: &Value, previous_lines: u64) -> Check {
    let robots_txt = bytes(v, "robots_txt");
    let want = v.clone();
    Box::new(move || {
        let report = report(&robots_txt);
        let lines = report.lines.len() as u64;
        equal(
            "valid_directives",
            report.valid_directives as u64,
            want["valid_directives"].as_u64().unwrap(),
        )?;
        equal(
            "unused_directives",
            report.unused_directives as u64,
            want["unused_directives"].as_u64().unwrap(),
        )?;
        equal("num_lines", lines, want["num_lines"].as_u64().unwrap())?;
        equal(
            "last_line_seen",
            lines,
            want["last_line_seen"].as_u64().unwrap(),
        )?;
        if let Some(reused) = want.get("num_lines_with_reused_reporter") {
            // Google's test reuses one reporter, whose per-line map keeps earlier files' lines.
            equal(
                "num_lines_with_reused_reporter",
                lines.max(previous_lines),
                reused.as_u64().unwrap(),
            )?;
        }
        Ok(())
    })
}

fn parse_stats_check(v: &Value) -> Check {
    let robots_txt = bytes(v, "robots_txt");
    let want = v.clone();
    Box::new(move || {
        let report = report(&robots_txt);
        let robots = Robots::parse(&robots_txt, Variant::Google);
        let unknown = report
            .lines
            .iter()
            .filter(|l| l.has_directive && matches!(l.tag, Tag::Unknown | Tag::Unused))
            .count();
        let sitemap = robots
            .sitemaps()
            .next()
            .map(|s| String::from_utf8_lossy(s.url).into_owned())
            .unwrap_or_default();
        for field in want["asserted"].as_array().unwrap() {
            match field.as_str().unwrap() {
                "valid_directives" => equal(
                    "valid_directives",
                    report.valid_directives as u64,
                    want["valid_directives"].as_u64().unwrap(),
                )?,
                "unknown_directives" => equal(
                    "unknown_directives",
                    unknown as u64,
                    want["unknown_directives"].as_u64().unwrap(),
                )?,
                "last_line_seen" => equal(
                    "last_line_seen",
                    u64::from(report.last_directive_line()),
                    want["last_line_seen"].as_u64().unwrap(),
                )?,
                "sitemap" => equal(
                    "sitemap",
                    sitemap.as_str(),
                    want["sitemap"].as_str().unwrap(),
                )?,
                other => return Err(format!("unknown asserted field {other}").into()),
            }
        }
        Ok(())
    })
}

fn compliance_collection(
    add: &mut impl FnMut(String, Check),
    divergences: &HashMap<String, Vec<String>>,
) {
    for suite in ["correctness", "stress"] {
        for v in jsonl(&format!("conformance/ctc-{suite}.jsonl")) {
            let case = v["case"].as_str().unwrap().to_owned();
            let (robots_txt, agent, url) = (
                bytes(&v, "robots_txt"),
                text(&v, "user_agent"),
                text(&v, "url"),
            );
            let allowed = v["allowed"].as_bool().unwrap();
            if v["test_type"] != "GOOGLE_SPECIFIC" {
                let (name, rfc_allowed) =
                    rfc9309_reading(divergences, format!("rfc9309/ctc-{suite}/{case}"), allowed);
                add(
                    name,
                    verdict_check(
                        robots_txt.clone(),
                        agent.clone(),
                        url.clone(),
                        rfc_allowed,
                        Variant::Rfc9309,
                    ),
                );
            }
            add(
                format!("google/ctc-{suite}/{case}"),
                verdict_check(robots_txt, agent, url, allowed, Variant::Google),
            );
        }
    }
}

/// The worked examples E1–E29 (docs/spec/VARIANTS.md §6) for every variant, in both modes.
///
/// The data gives a column per variant; `rfc9309`'s is derived by `generate.py` (the digest has
/// none): Google's answer (same grouping, agent tokens and precedence) except on the
/// percent-encoding rows, where RFC 9309 §2.2.2 normalises as the 2019 draft does (A20), and
/// `/robots.txt`, always allowed (§2.5).
/// In strict mode a body the variant's grammar rejects gets no verdict: its trial checks the
/// rejection instead (the full diagnostics are pinned by the `strict@…` snapshots).
fn worked_examples(add: &mut impl FnMut(String, Check)) {
    let mut counters: HashMap<String, usize> = HashMap::new();
    for v in jsonl("examples/worked.jsonl") {
        let example = v["example"].as_str().unwrap().to_owned();
        let n = counters.entry(example.clone()).or_default();
        *n += 1;
        let (robots_txt, agent, target) = (
            bytes(&v, "robots_txt"),
            text(&v, "agent"),
            text(&v, "target"),
        );
        for &variant in Variant::ALL {
            let column = v["expected"][variant.name()]
                .as_str()
                .unwrap_or_else(|| panic!("worked.jsonl: no {variant} column in {v}"));
            let allowed = column == "A";
            let row = v["row"].as_str().unwrap();
            let verdict = || {
                verdict_check(
                    robots_txt.clone(),
                    agent.clone(),
                    target.clone(),
                    allowed,
                    variant,
                )
            };
            add(
                format!("{variant}/worked/lenient/{example}#{n} {row}"),
                verdict(),
            );
            let name = format!("{variant}/worked/strict/{example}#{n} {row}");
            match Robots::parse_with(&robots_txt, variant, &ParseOptions::new(Mode::Strict)) {
                Ok(_) => add(name, verdict()),
                Err(rejected) => {
                    let codes: Vec<&str> = rejected
                        .diagnostics()
                        .iter()
                        .map(|d| d.code.name())
                        .collect();
                    let name = format!("{name} (rejected: {})", codes.join(", "));
                    let body = robots_txt.clone();
                    add(
                        name,
                        Box::new(move || {
                            equal(
                                "strict rejection",
                                parse_strict(&body, variant).is_err(),
                                true,
                            )
                        }),
                    );
                }
            }
        }
    }
}
