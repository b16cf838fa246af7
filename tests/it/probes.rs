//! What a corpus study counts as blocked (`Access::blocking`, docs/study.md),
//! decided exactly over every request path by the analysis, held against the method the study
//! used before: *probes* — `/` and, for every non-empty rule of the agent's groups, its value,
//! the value without `*` and a final `$`, and that followed by `/` — each asked of the matcher.
//!
//! A probe is a real path, so its verdict can never contradict the exact answer: a probe
//! disallowed means the reach is not `nothing`, a probe allowed that it is not `everything`.
//! Over every file of the vendored corpus sample and of the shared corpus (when it is beside the
//! repository; said on standard error when it is not), every study agent and every variant,
//! that holds; and where the two differ, the probes missed a path of the other verdict (they can
//! only call `some` by finding both), which the exact witness shows and `check` confirms. The
//! categories the exact answer moves are counted and printed with examples (`cargo test --test
//! it probes -- --nocapture`): docs/study.md quotes them.
#![allow(clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use robotspec::access::blocking::Blocking;
use robotspec::access::{evaluate, Access, AccessOptions, FetchOutcome};
use robotspec::analysis::Blocked;
use robotspec::{AgentQuery, Variant};

use crate::common;
use crate::common::study_agents::STUDY_AGENTS;

/// The study's default agents as the Rust tests list them (`common::study_agents`) are the
/// study's own (python/robotspec/study/capture.py, `DEFAULT_AGENTS`): the categories counted
/// here are the study's.
#[test]
fn the_study_agents_are_the_studys() {
    let source =
        std::fs::read_to_string(common::repo_root().join("python/robotspec/study/capture.py"))
            .expect("the study's source");
    let start = source
        .find("DEFAULT_AGENTS: Tuple[str, ...] = (")
        .expect("DEFAULT_AGENTS in capture.py");
    let list = &source[start..];
    let list = &list[..list.find("\n)").expect("the end of DEFAULT_AGENTS")];
    let agents: Vec<&str> = list
        .lines()
        .skip(1)
        .filter_map(|line| line.trim().strip_prefix('"')?.strip_suffix("\","))
        .collect();
    assert_eq!(agents, STUDY_AGENTS);
}

/// What the probes find: the first probe disallowed and the first allowed.
fn probed(access: &Access, agent: &AgentQuery) -> (Option<String>, Option<String>) {
    let Some(robots) = access.robots() else {
        return (None, None);
    };
    let applicable = robots.applicable(agent);
    let mut found: (Option<String>, Option<String>) = (None, None);
    let mut probes = vec!["/".to_owned()];
    for rule in applicable.rules().filter(|rule| !rule.is_empty()) {
        probes.extend(probes_of(rule.value()));
    }
    for probe in probes {
        let slot = if applicable.is_allowed(&probe) {
            &mut found.1
        } else {
            &mut found.0
        };
        slot.get_or_insert(probe);
    }
    found
}

/// A rule value's probes: as written, without `*` and a final `$`, and that with a `/` after.
fn probes_of(value: &[u8]) -> Vec<String> {
    let plain: Vec<u8> = value
        .strip_suffix(b"$")
        .unwrap_or(value)
        .iter()
        .copied()
        .filter(|&b| b != b'*')
        .collect();
    let mut out = vec![as_path(value)];
    if !plain.is_empty() {
        let path = as_path(&plain);
        if !path.ends_with('/') {
            out.push(format!("{path}/"));
        }
        out.push(path);
    }
    out
}

/// Bytes as a request path: a leading `/` when missing, anything but printable ASCII (and `#`,
/// and a `%` that starts no escape) percent-encoded.
fn as_path(bytes: &[u8]) -> String {
    let mut path = String::from(if bytes.first() == Some(&b'/') {
        ""
    } else {
        "/"
    });
    for (i, &byte) in bytes.iter().enumerate() {
        let escape = byte == b'%'
            && bytes
                .get(i + 1..i + 3)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        if byte.is_ascii_graphic() && byte != b'#' && (byte != b'%' || escape) {
            path.push(char::from(byte));
        } else {
            let _ = write!(path, "%{byte:02X}");
        }
    }
    path
}

/// The probes' category.
fn category((disallowed, allowed): &(Option<String>, Option<String>)) -> Blocked {
    match (disallowed, allowed) {
        (Some(_), Some(_)) => Blocked::Some,
        (Some(_), None) => Blocked::All,
        _ => Blocked::None,
    }
}

/// Examples kept per move.
const EXAMPLES: usize = 8;

/// Counts over a corpus: cases, undecided, and the moves from the probes' category to the
/// exact one, with examples.
#[derive(Default)]
struct Tally {
    cases: usize,
    undecided: usize,
    moved: BTreeMap<(&'static str, &'static str), (usize, Vec<String>)>,
}

/// Holds one (file, agent, variant), whose exact category is `exact`, and counts it.
fn check_one(
    tally: &mut Tally,
    (name, variant): (&str, Variant),
    access: &Access,
    agent: &AgentQuery,
    exact: &Blocking,
) {
    let probes = probed(access, agent);
    tally.cases += 1;
    if exact.blocked == Blocked::Undecided {
        tally.undecided += 1;
        return;
    }
    let here = format!("{name} {agent} {variant}");
    if probes.0.is_some() {
        assert_ne!(exact.blocked, Blocked::None, "{here}: probe {probes:?}");
    }
    if probes.1.is_some() {
        assert_ne!(exact.blocked, Blocked::All, "{here}: probe {probes:?}");
    }
    let before = category(&probes);
    if before == exact.blocked {
        return;
    }
    // The probes missed the other verdict: the exact witness of it is a real path.
    let robots = access.robots().expect("rules");
    let missed = if before == Blocked::None {
        exact.disallowed.clone().expect("a disallowed witness")
    } else {
        exact.allowed.clone().expect("an allowed witness")
    };
    // A request path, asked as the URL that asks for it (a bare `//x` names the host `x`).
    let allowed = robots
        .applicable(agent)
        .is_allowed(&format!("http://example.com{missed}"));
    assert_eq!(allowed, before == Blocked::All, "{here}: {missed}");
    let (count, examples) = tally
        .moved
        .entry((before.name(), exact.blocked.name()))
        .or_default();
    *count += 1;
    if examples.len() < EXAMPLES {
        examples.push(format!("{here}: {missed}"));
    }
}

/// Every file of `dir` (a folder of robots.txt bodies, as fetched with status 200) × agent ×
/// variant.
fn tally(dir: &Path) -> Tally {
    let agents: Vec<AgentQuery> = STUDY_AGENTS
        .iter()
        .map(|agent| AgentQuery::read(agent).expect("a study agent"))
        .collect();
    let mut tally = Tally::default();
    let files: Vec<PathBuf> = common::files_below(dir);
    for path in &files {
        let body = std::fs::read(path).expect("a corpus file");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for &variant in Variant::ALL {
            let outcome = FetchOutcome::Response {
                status: 200,
                headers: Default::default(),
                body: body.clone(),
            };
            let access = evaluate(
                variant,
                &outcome,
                SystemTime::UNIX_EPOCH,
                &AccessOptions::default(),
            );
            // Agents to whom the same groups apply share one analysis, as in a study.
            let exact = access.blocking_each(&agents);
            for (agent, exact) in agents.iter().zip(&exact) {
                check_one(&mut tally, (&name, variant), &access, agent, exact);
            }
        }
    }
    tally
}

/// The tally for people: the moves, most first, with their examples.
fn report(corpus: &str, tally: &Tally) -> String {
    let moved: usize = tally.moved.values().map(|(n, _)| n).sum();
    let mut out = format!(
        "{corpus}: {} (file, agent, variant) categories; the exact answer moves {moved} from \
         the probes' (undecided: {})\n",
        tally.cases, tally.undecided
    );
    for ((from, to), (count, examples)) in &tally.moved {
        let _ = writeln!(out, "  {from} -> {to}: {count}");
        for example in examples {
            let _ = writeln!(out, "    {example}");
        }
    }
    out
}

#[test]
fn probes_never_contradict_the_exact_categories_of_the_vendored_sample() {
    let found = tally(&common::tests_dir().join("corpus/real"));
    eprint!("{}", report("tests/corpus/real", &found));
    assert!(found.cases > 10_000, "{}", found.cases);
    assert_eq!(found.undecided, 0);
}

#[test]
fn probes_never_contradict_the_exact_categories_of_the_shared_corpus() {
    let test = "probes_never_contradict_the_exact_categories_of_the_shared_corpus";
    let Some(dir) = common::shared_real_corpus(test) else {
        return;
    };
    let found = tally(&dir);
    eprint!("{}", report("shared corpus", &found));
    assert!(found.cases > 300_000, "{}", found.cases);
}
