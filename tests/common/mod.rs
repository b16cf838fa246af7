//! Helpers shared by the integration tests (`tests/it`, the conformance and corpus runners, and
//! the command-line tool's tests in `cli/tests`): locating test data and reading its headers.
//! The property-test strategies (`strategies.rs`, which needs proptest) are a module of
//! `tests/it` only.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::path::{Path, PathBuf};

use robotspec::model::Rule;
use robotspec::AgentQuery;
use robotspec::{Parsed, Profile, Robots, Variant};

pub(crate) mod hostile;
pub(crate) mod profile_cases;
pub(crate) mod study_agents;

/// The repository's root: the library crate's folder, also when the command-line crate's tests
/// (in `cli/`) include this file.
pub(crate) fn repo_root() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    if dir.join("tests/common").is_dir() {
        dir.to_path_buf()
    } else {
        dir.join("..")
    }
}

/// `tests/` in this repository.
pub(crate) fn tests_dir() -> PathBuf {
    repo_root().join("tests")
}

/// The one folder walker: every file under `dir`, at any depth, sorted (empty when the folder
/// does not exist).
pub(crate) fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.map(|e| e.expect("readable folder entry").path()) {
            if path.is_dir() {
                pending.push(path);
            } else if path.is_file() {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The files under `tests/<dir>`, at any depth, sorted.
pub(crate) fn files_in(dir: &str) -> Vec<PathBuf> {
    files_below(&tests_dir().join(dir))
}

/// A path relative to `tests/`, with `/` separators, for test names and messages.
pub(crate) fn relative(path: &Path) -> String {
    let rel = path.strip_prefix(tests_dir()).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The shared material's real corpus (`../shared/corpus/real` next to the repository, or
/// `$ROBOTSPEC_SHARED/corpus/real`), when it exists. When it does not, says so on standard
/// error with [`skipped`], so that a run without it cannot pass for a run with it.
pub(crate) fn shared_real_corpus(test: &str) -> Option<PathBuf> {
    let shared = std::env::var_os("ROBOTSPEC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared"));
    let dir = shared.join("corpus/real");
    if dir.is_dir() {
        Some(dir)
    } else {
        skipped(test, &format!("{} not found", dir.display()));
        None
    }
}

/// Prints `SKIPPED <test>: <why>` on standard error, past the test harness's output capture
/// (which takes `print!`/`eprint!`, not direct writes), so the line shows in a normal run.
pub(crate) fn skipped(test: &str, why: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

/// The value of a `# name: value` header line in a test file, if any.
pub(crate) fn header<'a>(bytes: &'a [u8], name: &str) -> Vec<&'a str> {
    let prefix = format!("# {name}: ");
    bytes
        .split(|&b| b == b'\n')
        .filter_map(|line| std::str::from_utf8(line).ok())
        .filter_map(|line| line.strip_prefix(prefix.as_str()))
        .map(str::trim)
        .collect()
}

/// The reading named by a `# variant:` header (a variant, or a composed profile such as
/// `rfc9309+aipref`), else RFC 9309.
pub(crate) fn variant_of(bytes: &[u8]) -> Profile {
    header(bytes, "variant")
        .first()
        .map(|name| name.parse().expect("known variant in test header"))
        .unwrap_or(Profile::from(Variant::Rfc9309))
}

/// Checks that the tree is lossless: its leaves tile the input in order, none empty, with no gap
/// or overlap, and give the input back byte for byte.
pub(crate) fn check_lossless(parsed: &Parsed<'_>, bytes: &[u8]) -> Result<(), String> {
    let tree = parsed.tree();
    let root = tree.root();
    let mut at = 0;
    for leaf in root.leaves() {
        if std::ptr::eq(leaf, root) {
            // Only the empty file's root has no children: it is its own (empty) leaf.
            if !bytes.is_empty() || leaf.span.start != 0 || leaf.span.end != 0 {
                return Err(format!(
                    "childless root {:?} for {} bytes",
                    leaf.span,
                    bytes.len()
                ));
            }
            continue;
        }
        if leaf.span.start != at {
            return Err(format!("gap or overlap at byte {at}"));
        }
        if leaf.span.end <= leaf.span.start {
            return Err(format!("empty leaf at byte {at}"));
        }
        at = leaf.span.end;
    }
    if at != bytes.len() {
        return Err(format!("leaves stop at byte {at} of {}", bytes.len()));
    }
    if tree.reassemble() != bytes {
        return Err("the leaves do not give the input back".to_owned());
    }
    Ok(())
}

/// Whether a rule allows (an Allow rule) or disallows. Read from the rule kind's name so that
/// the tests do not depend on the module the kind lives in.
pub(crate) fn is_allow(rule: &Rule<'_>) -> bool {
    format!("{:?}", rule.kind()) == "Allow"
}

/// Characters for which every variant's pattern and target encodings are the identity and no
/// variant gives a special meaning: a pattern made of them matches a target made of them
/// exactly when it is a prefix of it.
fn plain(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .all(|b| b.is_ascii_alphanumeric() || b"/._-?=&".contains(b))
}

/// What a parsed file says — groups, rules, sitemaps, records — as its public summary, so two
/// readings can be compared (diagnostics left out: they depend on how the file was read).
pub(crate) fn model(robots: &Robots) -> serde_json::Value {
    let mut summary = serde_json::to_value(robots).unwrap();
    summary["diagnostics"] = serde_json::Value::Null;
    summary
}

/// Checks `explain` against `check` and against the variant's precedence, computed here from
/// the rules `explain` lists (docs/variants.md), not by the code under test:
///
/// * every listed rule belongs to a group the verdict applied and has a pattern;
/// * for plain patterns and targets (see [`plain`]), a rule of the applied groups is listed
///   exactly when its pattern is a prefix of the target;
/// * the list is in the variant's priority order — 1994: any matching Disallow decides (the
///   first in file order is reported); 1996 draft: file order; the others: the longest pattern,
///   Allow before Disallow at equal length, then file order — and its head decides;
/// * `/robots.txt` is always allowed except by `google`;
/// * `check` gives the same verdict and the same deciding rule.
pub(crate) fn check_explained(robots: &Robots, agent: &str, url: &str) -> Result<(), String> {
    let variant = robots.profile().variant();
    let at = |what: &str| format!("{variant} {agent:?} {url:?}: {what}");
    let explanation = robots.explain(&AgentQuery::new(agent), url);
    let verdict = explanation.verdict();
    let matching = explanation.matching();
    let applied: Vec<Rule<'_>> = verdict.applicable().rules().collect();
    for rule in matching {
        if !applied.contains(rule) {
            return Err(at(&format!(
                "line {} is not in an applied group",
                rule.line()
            )));
        }
        if rule.pattern().is_empty() {
            return Err(at(&format!("line {} has an empty pattern", rule.line())));
        }
    }
    if plain(explanation.target()) {
        for rule in applied
            .iter()
            .filter(|r| !r.pattern().is_empty() && plain(r.pattern()))
        {
            let prefix = explanation.target().starts_with(rule.pattern());
            if prefix != matching.contains(rule) {
                return Err(at(&format!(
                    "line {} (pattern {:?}) is a prefix of the target: {prefix}, listed: {}",
                    rule.line(),
                    String::from_utf8_lossy(rule.pattern()),
                    !prefix
                )));
            }
        }
    }
    // Smaller keys first: the variant's priority order.
    let key = |rule: &Rule<'_>| -> (i64, bool, u32) {
        match variant {
            Variant::Convention1994 => (0, is_allow(rule), rule.line()),
            Variant::Draft1996 => (0, false, rule.line()),
            _ => (-(rule.pattern().len() as i64), !is_allow(rule), rule.line()),
        }
    };
    if matching.windows(2).any(|w| key(&w[0]) > key(&w[1])) {
        let lines: Vec<u32> = matching.iter().map(|r| r.line()).collect();
        return Err(at(&format!(
            "matching rules out of priority order: lines {lines:?}"
        )));
    }
    let winner = match variant {
        Variant::Convention1994 => matching.iter().find(|r| !is_allow(r)),
        _ => matching.first(),
    };
    let robots_txt = variant != Variant::Google && explanation.target() == b"/robots.txt";
    let (allowed, rule) = if robots_txt {
        (true, None)
    } else {
        (winner.is_none_or(|r| is_allow(r)), winner.copied())
    };
    if verdict.allowed() != allowed || verdict.rule() != rule {
        return Err(at(&format!(
            "explain says {verdict}, its matching rules say allowed={allowed} by {:?}",
            rule.map(|r| r.line())
        )));
    }
    let checked = robots.check(agent, url);
    if checked.allowed() != allowed || checked.rule() != rule {
        return Err(at(&format!("check says {checked}, explain {verdict}")));
    }
    Ok(())
}

/// Agents and URLs asked of every file, besides targets made from its own rules.
pub(crate) const AGENTS: &[&str] = &["Googlebot", "foobot", "*", ""];
pub(crate) const URLS: &[&str] = &[
    "/",
    "/private/x.html",
    "https://example.com/a/b?c=d",
    "/robots.txt",
    "/%7Ejoe/caf%C3%A9",
    "/zz?x#y",
];
