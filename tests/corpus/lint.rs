//! The linter's corpus: `tests/corpus/lint/`, one file per finding code (docs/lint.md), each
//! stating its findings in `# lint: CODE LINE:COL` headers (`CODE -` for a finding about the
//! whole file) and, when not the default ones, its readings in `# lint-readings: A,B`.

use std::collections::BTreeSet;
use std::path::PathBuf;

use libtest_mimic::{Failed, Trial};
use robotspec::lint::{lint, FindingCode, LintOptions};
use robotspec::Profile;

use crate::common::{header, relative};

/// A finding as a header states it: its code name and where (`None`: the whole file).
type Stated = (String, Option<(u32, u32)>);

/// Codes no file here can show, and why: they are covered elsewhere or not produced yet.
const ELSEWHERE: &[(&str, &str)] = &[
    (
        "syntax",
        "never produced: the strict grammar's safety net (tests/corpus.rs)",
    ),
    (
        "size-limit",
        "the access stage's cut, never the parser's (tests/it/fetch.rs)",
    ),
    (
        "limit-exceeded",
        "needs limits below the defaults (tests/it/lint.rs)",
    ),
    ("line-too-long", "a 16,664-byte line (tests/it/lint.rs)"),
    ("file-too-large", "a file over 500 KiB (tests/it/lint.rs)"),
    (
        "analysis-undecided",
        "needs a budget below the default (tests/it/lint.rs)",
    ),
];

pub(crate) fn add_trials(trials: &mut Vec<Trial>, files: &[PathBuf]) {
    let mut covered = BTreeSet::new();
    for path in files {
        let bytes = std::fs::read(path).unwrap();
        covered.extend(stated(&bytes).into_iter().map(|(code, _)| code));
        let name = format!(
            "corpus::{}::lint",
            relative(path).trim_start_matches("corpus/")
        );
        trials.push(Trial::test(name, move || {
            check(&bytes).map_err(Failed::from)
        }));
    }
    for code in FindingCode::all() {
        let name = format!("corpus::lint-code::{code}");
        match ELSEWHERE.iter().find(|(c, _)| *c == code.name()) {
            Some((_, why)) => trials
                .push(Trial::test(format!("{name} ({why})"), || Ok(())).with_ignored_flag(true)),
            None => {
                let found = covered.contains(code.name());
                trials.push(Trial::test(name, move || match found {
                    true => Ok(()),
                    false => Err(format!("no file in tests/corpus/lint states {code}").into()),
                }));
            }
        }
    }
}

fn stated(bytes: &[u8]) -> Vec<Stated> {
    header(bytes, "lint")
        .iter()
        .map(|text| {
            let (code, at) = text.split_once(' ').expect("`code line:col` or `code -`");
            assert!(
                FindingCode::from_name(code).is_some(),
                "unknown code {code}"
            );
            let at = (at != "-").then(|| {
                let (line, col) = at.split_once(':').expect("`line:col`");
                (line.parse().unwrap(), col.parse().unwrap())
            });
            (code.to_owned(), at)
        })
        .collect()
}

/// For every code the header states, the findings of that code are exactly the stated ones.
fn check(bytes: &[u8]) -> Result<(), String> {
    let mut options = LintOptions::default();
    if let Some(names) = header(bytes, "lint-readings").first() {
        let readings: Vec<Profile> = names
            .split(',')
            .map(|n| n.trim().parse().unwrap())
            .collect();
        options = options.with_readings(readings);
    }
    let findings = lint(bytes, &options);
    let stated = stated(bytes);
    if stated.is_empty() {
        return Err("the file states no `# lint:` finding".to_owned());
    }
    let codes: BTreeSet<&str> = stated.iter().map(|(code, _)| code.as_str()).collect();
    for code in codes {
        let mut want: Vec<_> = stated
            .iter()
            .filter(|(c, _)| c == code)
            .map(|(_, at)| *at)
            .collect();
        let mut got: Vec<_> = findings
            .iter()
            .filter(|f| f.code.name() == code)
            .map(|f| f.line.zip(f.col))
            .collect();
        want.sort();
        got.sort();
        got.dedup();
        if want != got {
            let all: Vec<String> = findings.iter().map(ToString::to_string).collect();
            return Err(format!(
                "{code}: expected {want:?}, got {got:?}; all findings:\n{}",
                all.join("\n")
            ));
        }
    }
    Ok(())
}
