//! The corpus: every file of `tests/corpus/{ok,err,warn,real}` and `tests/examples/bodies`,
//! under every variant, in both modes, as one named trial each
//! (`corpus::ok/simple.txt::rfc9309::strict`).
//!
//! What each trial asserts:
//!
//! * **Always** (any file, variant and mode): lenient parsing never fails and reports only
//!   warnings, positioned inside the input; the tree is lossless (its leaves tile the input) and
//!   written one line at a time it is byte for byte the tree built whole; the one-pass model is
//!   the model of the parsed lines; strict parsing succeeds exactly when the lenient reading has
//!   no violation (`Code::is_violation`), and then keeps the lenient model and diagnostics,
//!   while a rejection carries the lenient diagnostics with every violation as an error; queries
//!   and their explanations follow the variant's precedence (`common::check_explained`).
//! * **What the header states.** `# variant: V` names the file's own variant (default
//!   `rfc9309`; a composed reading such as `rfc9309+aipref` is run besides the five), for which the folder says what holds: `ok/` — no diagnostic at all, accepted
//!   strictly; `err/` — rejected strictly with each `# expect: CODE LINE:COL` (a warning in
//!   lenient mode); `warn/` — each `# expect:` as a warning in both modes, accepted strictly.
//!   Every other variant reads the file the same way unless the header says otherwise with
//!   `# expect@V: CODE LINE:COL, CODE LINE:COL, …` (all the diagnostics V reports, in both
//!   modes: rejected strictly when one of them is a violation) or `# expect@V: none` (V finds
//!   nothing at all: accepted strictly). (`ok/leading-bom.txt` has its line at the end: its
//!   byte order mark must come first.)
//!   `real/` and `examples/bodies/` state nothing: only the properties above hold for them.
//! * **Lint findings** (`lint/`, `corpus/lint.rs`): each file states, with `# lint: CODE
//!   LINE:COL` (`CODE -` for the whole file), the findings `robotspec::lint` gives it under the
//!   default readings (or those of `# lint-readings: A,B`); for every code it states, the
//!   findings of that code are exactly those. Every finding code has a file, except those listed
//!   with their reason as ignored trials. The lint files run through the trials above too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;
#[path = "corpus/lint.rs"]
mod lint;

use std::path::Path;
use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};
use robotspec::tree::JsonLayout;
use robotspec::{
    parse, parse_strict, Code, Diagnostic, Mode, Parsed, Profile, Robots, Severity, Variant,
};

use common::{
    check_explained, check_lossless, files_in, header, relative, variant_of, AGENTS, URLS,
};

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let mut stated = Vec::new();
    for folder in ["corpus/ok", "corpus/err", "corpus/warn"] {
        let files = files_in(folder);
        assert!(!files.is_empty(), "tests/{folder} is empty");
        for path in files {
            let file = Arc::new(File::read(&path, Some(folder)));
            stated.push(Arc::clone(&file));
            add_trials(&mut trials, &file);
        }
    }
    let mut unstated = files_in("corpus/real");
    assert!(unstated.len() > 100, "vendored real sample missing");
    unstated.extend(files_in("examples/bodies"));
    let linted = files_in("corpus/lint");
    assert!(!linted.is_empty(), "tests/corpus/lint is empty");
    unstated.extend(linted.iter().cloned());
    for path in unstated {
        add_trials(&mut trials, &Arc::new(File::read(&path, None)));
    }
    lint::add_trials(&mut trials, &linted);
    trials.push(Trial::test(
        "corpus::every-violation-has-an-err-file",
        move || every_violation_has_an_err_file(&stated),
    ));
    libtest_mimic::run(&args, trials).exit();
}

/// A diagnostic as a header states it: code name, line, column.
type Stated = (String, u32, u32);

/// What the header says one variant finds in the file.
#[derive(Debug, Clone)]
enum Expect {
    /// No diagnostic at all.
    Nothing,
    /// At least these diagnostics (strictly rejected when one of them is a violation).
    These(Vec<Stated>),
    /// These diagnostics and no other (idem).
    Exactly(Vec<Stated>),
}

/// One corpus file and what its header states.
struct File {
    name: String,
    bytes: Vec<u8>,
    /// The folder (`corpus/ok`, …) for stated files, `None` for the others.
    folder: Option<&'static str>,
    own: Profile,
}

impl File {
    fn read(path: &Path, folder: Option<&'static str>) -> File {
        let bytes = std::fs::read(path).unwrap();
        let own = if folder.is_some() {
            variant_of(&bytes)
        } else {
            Profile::from(Variant::Rfc9309)
        };
        let name = relative(path);
        File {
            name: name.strip_prefix("corpus/").unwrap_or(&name).to_owned(),
            bytes,
            folder,
            own,
        }
    }

    /// What the header says `variant` finds, if it says anything.
    fn expect(&self, variant: Profile) -> Option<Expect> {
        let folder = self.folder?;
        let specific: Vec<&str> = header(&self.bytes, &format!("expect@{variant}"));
        if variant != self.own && !specific.is_empty() {
            return Some(if specific == ["none"] {
                Expect::Nothing
            } else {
                Expect::Exactly(
                    specific
                        .iter()
                        .flat_map(|line| line.split(", "))
                        .map(stated)
                        .collect(),
                )
            });
        }
        let own: Vec<Stated> = header(&self.bytes, "expect")
            .iter()
            .map(|s| stated(s))
            .collect();
        Some(match folder {
            "corpus/ok" => Expect::Nothing,
            _ => Expect::These(own),
        })
    }
}

/// `CODE LINE:COL`.
fn stated(text: &str) -> Stated {
    let (code, at) = text.split_once(' ').expect("`code line:col`");
    let (line, col) = at.split_once(':').expect("`line:col`");
    assert!(
        Code::ALL.iter().any(|c| c.name() == code),
        "unknown code {code}"
    );
    (code.to_owned(), line.parse().unwrap(), col.parse().unwrap())
}

fn add_trials(trials: &mut Vec<Trial>, file: &Arc<File>) {
    // Every variant, and the file's own reading when it is a composed one.
    let mut readings: Vec<Profile> = Variant::ALL.iter().map(Profile::from).collect();
    if !readings.contains(&file.own) {
        readings.push(file.own);
    }
    for variant in readings {
        for mode in [Mode::Lenient, Mode::Strict] {
            let name = format!("corpus::{}::{variant}::{mode}", file.name);
            let file = Arc::clone(file);
            trials.push(Trial::test(name, move || {
                let expect = file.expect(variant);
                if mode == Mode::Strict {
                    strict_trial(&file.bytes, variant, expect)
                } else {
                    lenient_trial(&file.bytes, variant, expect)
                }
                .map_err(Failed::from)
            }));
        }
    }
}

fn lenient_trial(bytes: &[u8], variant: Profile, expect: Option<Expect>) -> Result<(), String> {
    let parsed = parse(bytes, variant);
    let diagnostics = parsed.diagnostics();
    check_positions(diagnostics, bytes.len())?;
    if let Some(d) = diagnostics.iter().find(|d| d.severity != Severity::Warning) {
        return Err(format!("lenient mode reports an error: {d}"));
    }
    check_lossless(&parsed, bytes)?;
    check_streams_as_built(&parsed)?;
    if !robotspec::internals::grammar_agrees(bytes, variant.variant()) {
        return Err("the line reader and the lenient grammar read different lines".to_owned());
    }
    let lenient = Robots::from_parsed(&parsed);
    if common::model(&Robots::parse(bytes, variant)) != common::model(&lenient) {
        return Err("the one-pass model is not the model of the parsed lines".to_owned());
    }
    if let Some(expect) = expect {
        check_expected(diagnostics, &expect)?;
    }
    let mut targets: Vec<String> = URLS.iter().map(|u| (*u).to_owned()).collect();
    targets.extend(
        lenient
            .rules()
            .take(10)
            .map(|r| String::from_utf8_lossy(r.pattern()).replace('*', "a/") + "b"),
    );
    for agent in AGENTS {
        for url in &targets {
            check_explained(&lenient, agent, url)?;
        }
    }
    Ok(())
}

fn strict_trial(bytes: &[u8], variant: Profile, expect: Option<Expect>) -> Result<(), String> {
    let lenient = parse(bytes, variant);
    let violation = lenient.diagnostics().iter().find(|d| d.code.is_violation());
    let strict = parse_strict(bytes, variant);
    let diagnostics = match (&strict, violation) {
        (Ok(accepted), None) => {
            let diagnostics = accepted.diagnostics();
            if diagnostics != lenient.diagnostics() {
                return Err(format!(
                    "accepted with {diagnostics:?}, lenient mode finds {:?}",
                    lenient.diagnostics()
                ));
            }
            check_lossless(accepted, bytes)?;
            if common::model(&Robots::from_parsed(accepted))
                != common::model(&Robots::from_parsed(&lenient))
            {
                return Err("the strict model differs from the lenient one".to_owned());
            }
            diagnostics
        }
        (Err(rejected), Some(_)) => {
            let diagnostics = rejected.diagnostics();
            let as_errors: Vec<Diagnostic> = lenient
                .diagnostics()
                .iter()
                .map(|d| {
                    let mut as_error = d.clone();
                    as_error.severity = if d.code.is_violation() {
                        Severity::Error
                    } else {
                        Severity::Warning
                    };
                    as_error
                })
                .collect();
            if diagnostics != as_errors {
                return Err(format!(
                    "rejected with {diagnostics:#?}, expected the lenient findings as errors: \
                     {as_errors:#?}"
                ));
            }
            diagnostics
        }
        (Ok(_), Some(d)) => return Err(format!("accepted strictly despite {d}")),
        (Err(rejected), None) => {
            return Err(format!(
                "rejected strictly without any violation in lenient mode: {:#?}",
                rejected.diagnostics()
            ))
        }
    };
    check_positions(diagnostics, bytes.len())?;
    if let Some(expect) = expect {
        check_expected(diagnostics, &expect)?;
        let stated_violation = match &expect {
            Expect::Nothing => false,
            Expect::These(these) | Expect::Exactly(these) => these
                .iter()
                .any(|(code, ..)| code_named(code).is_violation()),
        };
        if stated_violation == strict.is_ok() {
            return Err(format!(
                "the header says {}, the strict parser {}",
                if stated_violation {
                    "rejected"
                } else {
                    "accepted"
                },
                if strict.is_ok() { "accepts" } else { "rejects" }
            ));
        }
    }
    Ok(())
}

fn code_named(name: &str) -> Code {
    *Code::ALL.iter().find(|c| c.name() == name).unwrap()
}

fn check_positions(diagnostics: &[Diagnostic], len: usize) -> Result<(), String> {
    for d in diagnostics {
        if d.line < 1 || d.col < 1 || d.span.end > len || d.span.start > d.span.end {
            return Err(format!("position of {d}: span {:?}", d.span));
        }
    }
    if diagnostics
        .windows(2)
        .any(|w| w[0].span.start > w[1].span.start)
    {
        return Err("diagnostics out of input order".to_owned());
    }
    Ok(())
}

/// The stated diagnostics are there, at their positions (with the severity the mode gives);
/// `Nothing` means there is none at all.
fn check_expected(diagnostics: &[Diagnostic], expect: &Expect) -> Result<(), String> {
    match expect {
        Expect::Nothing if !diagnostics.is_empty() => {
            Err(format!("expected no diagnostic, got {diagnostics:#?}"))
        }
        Expect::Nothing => Ok(()),
        Expect::These(these) if these.is_empty() => {
            Err("the header states no `# expect:` line".to_owned())
        }
        Expect::Exactly(these) => {
            let mut got: Vec<Stated> = diagnostics
                .iter()
                .map(|d| (d.code.name().to_owned(), d.line, d.col))
                .collect();
            let mut want = these.clone();
            got.sort();
            want.sort();
            if got == want {
                Ok(())
            } else {
                Err(format!("expected exactly {want:?}, got {got:?}"))
            }
        }
        Expect::These(these) => {
            for (code, line, col) in these {
                if !diagnostics
                    .iter()
                    .any(|d| d.code.name() == code && d.line == *line && d.col == *col)
                {
                    return Err(format!("no {code} at {line}:{col} in {diagnostics:#?}"));
                }
            }
            Ok(())
        }
    }
}

/// The tree written one line at a time is byte for byte the tree built whole (and serde's).
fn check_streams_as_built(parsed: &Parsed<'_>) -> Result<(), String> {
    let tree = parsed.tree();
    let root = tree.root();
    if (root.span.start, root.span.end) != (0, parsed.input().len()) {
        return Err(format!("root span {:?}", root.span));
    }
    let serde_pretty = serde_json::to_string_pretty(&tree).unwrap();
    if tree.to_json() != serde_pretty {
        return Err("Tree::to_json is not serde's JSON".to_owned());
    }
    let mut pretty = Vec::new();
    parsed.write_json(&mut pretty, JsonLayout::Pretty).unwrap();
    if pretty != serde_pretty.as_bytes() {
        return Err("streamed JSON differs".to_owned());
    }
    let mut compact = Vec::new();
    parsed
        .write_json(&mut compact, JsonLayout::Compact)
        .unwrap();
    if compact != serde_json::to_vec(&tree).unwrap() {
        return Err("streamed compact JSON differs".to_owned());
    }
    let mut dump = Vec::new();
    parsed.write_dump(&mut dump).unwrap();
    if dump != tree.dump().as_bytes() {
        return Err("streamed dump differs".to_owned());
    }
    Ok(())
}

/// One `err/` file per grammar-violation code, stated for the file's own variant. `syntax` is
/// the strict grammar's own verdict, a safety net for anything the line checks miss: the
/// strict trials above and the grammar property in `src/syntax/grammar_tests.rs` show they miss
/// nothing, so no file can produce it. `limit-exceeded` needs limits below the defaults, which
/// these files are not read with: tests/it/limits.rs covers it.
fn every_violation_has_an_err_file(files: &[Arc<File>]) -> Result<(), Failed> {
    let mut covered = Vec::new();
    for file in files.iter().filter(|f| f.folder == Some("corpus/err")) {
        if let Some(Expect::These(these)) = file.expect(file.own) {
            covered.extend(these.into_iter().map(|(code, ..)| code));
        }
    }
    for code in Code::ALL
        .iter()
        .filter(|c| c.is_violation() && !matches!(c, Code::Syntax | Code::LimitExceeded))
    {
        if !covered.iter().any(|c| c == code.name()) {
            return Err(format!("no err file for {code}").into());
        }
    }
    Ok(())
}
