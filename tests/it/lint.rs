//! The linter (`robotspec::lint`, docs/lint.md): docs/lint.md's table of codes generated from
//! the library; what needs generated inputs (a line over Google's limit, a file over 500 KiB,
//! limits below the defaults); the robots.txt ai.robots.txt generates from its list; and any
//! bytes linted without a panic, every position inside the file. One file per code with its
//! expected findings: tests/corpus/lint/ (run by tests/corpus.rs).

use proptest::prelude::*;
use robotspec::lint::{lint, FindingCode, LintCode, LintOptions};
use robotspec::Severity;
use robotspec::{Code, Limit, Limits, Variant};

use crate::common;

const BEGIN: &str = "<!-- BEGIN generated from FindingCode::all() by tests/it/lint.rs: \
                     UPDATE_DOCS=1 cargo test --test it lint::the_table -->\n";
const END: &str = "<!-- END generated -->\n";

/// One row per code: its name, default severity, whether it is a reading's diagnostic or the
/// linter's own, and its description (the code's documentation in the library).
fn render() -> String {
    let mut table = String::from("| code | severity | from | meaning |\n|---|---|---|---|\n");
    for code in FindingCode::all() {
        let from = match code {
            FindingCode::Diagnostic(_) => "a reading (docs/diagnostics.md)",
            FindingCode::Lint(
                LintCode::DeadRule
                | LintCode::DeadGroup
                | LintCode::ReadingsDiffer
                | LintCode::EscapesDiffer
                | LintCode::AnalysisUndecided
                | LintCode::BlocksEverything,
            ) => "the exact analysis",
            FindingCode::Lint(_) => "the linter",
        };
        let meaning = code.description().replace('\n', " ");
        table.push_str(&format!(
            "| `{code}` | {} | {from} | {meaning} |\n",
            code.default_severity()
        ));
    }
    table
}

#[test]
fn the_table_of_codes_is_the_librarys() {
    let path = common::repo_root().join("docs/lint.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let start = doc.find(BEGIN).expect("the BEGIN marker in docs/lint.md") + BEGIN.len();
    let end = start
        + doc[start..]
            .find(END)
            .expect("the END marker in docs/lint.md");
    let table = render();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, format!("{}{table}{}", &doc[..start], &doc[end..])).unwrap();
        return;
    }
    assert!(
        doc[start..end] == table,
        "docs/lint.md differs from the table of FindingCode::all(); run \
         `UPDATE_DOCS=1 cargo test --test it lint::the_table` and review the change"
    );
}

fn codes_at(
    findings: &[robotspec::lint::Finding],
    code: FindingCode,
) -> Vec<(Option<u32>, Option<u32>)> {
    findings
        .iter()
        .filter(|f| f.code == code)
        .map(|f| (f.line, f.col))
        .collect()
}

#[test]
fn a_line_past_googles_buffer_is_an_error_for_google_only() {
    let mut input = b"User-agent: *\nDisallow: /".to_vec();
    input.extend(std::iter::repeat_n(b'a', 17_000));
    input.extend(b"\n");
    let findings = lint(&input, &LintOptions::default());
    let cut: Vec<_> = findings
        .iter()
        .filter(|f| f.code == FindingCode::Diagnostic(Code::LineTooLong))
        .collect();
    assert_eq!(cut.len(), 1);
    assert_eq!((cut[0].line, cut[0].severity), (Some(2), Severity::Error));
    assert_eq!(cut[0].readings, [Variant::Google.into()]);
    let report = codes_at(&findings, LintCode::GoogleReport.into());
    assert_eq!(report, [(Some(2), Some(1))]);
}

#[test]
fn a_file_over_500_kib_is_an_error_naming_the_line_google_stops_at() {
    let line = b"Disallow: /a-path-of-some-length/\n";
    let mut input = b"User-agent: *\n".to_vec();
    while input.len() <= 520_000 {
        input.extend(line);
    }
    let findings = lint(&input, &LintOptions::default());
    let large: Vec<_> = findings
        .iter()
        .filter(|f| f.code == LintCode::FileTooLarge.into())
        .collect();
    assert_eq!(large.len(), 1);
    assert_eq!((large[0].line, large[0].severity), (None, Severity::Error));
    // 512,000 bytes: the first line is 14 bytes, each rule 34.
    let stop = (512_000 - 14) / 34 + 2;
    assert!(
        large[0].message.contains(&format!("from line {stop} ")),
        "{}",
        large[0].message
    );
    assert!(lint(&input[..512_000], &LintOptions::default())
        .iter()
        .all(|f| f.code != LintCode::FileTooLarge.into()));
}

#[test]
fn what_a_limit_cuts_is_an_error() {
    let options = LintOptions::default().with_limits(Limits::default().with(Limit::Groups, 1));
    let findings = lint(
        b"User-agent: a\nDisallow: /\nUser-agent: b\nDisallow: /\n",
        &options,
    );
    let cut = codes_at(&findings, Code::LimitExceeded.into());
    assert_eq!(cut.len(), 1);
    assert_eq!(cut[0].0, Some(3));
    assert!(findings
        .iter()
        .any(|f| f.code == Code::LimitExceeded.into() && f.severity == Severity::Error));
}

/// A file whose patterns hold every byte a generic path could be made of is analysed by a
/// complete search; a budget too small for it is said, once per reading, with the crawlers it
/// left open.
#[test]
fn an_analysis_stopped_by_its_budget_is_a_finding() {
    let options =
        LintOptions::default().with_limits(Limits::default().with(Limit::AnalysisStates, 40));
    let every_byte = "!\"'(),-;<=>?@[\\]^_`{|}~ghijklmnpquvwyzGHIJKLMNOPQRSTUVWXYZ";
    let body = format!("User-agent: *\nDisallow: /{every_byte}\nAllow: /x\n");
    let body = body.as_bytes();
    let findings = lint(body, &options);
    let undecided = codes_at(&findings, LintCode::AnalysisUndecided.into());
    assert_eq!(undecided, [(None, None)], "{findings:#?}");
    let plenty = lint(body, &LintOptions::default());
    assert!(codes_at(&plenty, LintCode::AnalysisUndecided.into()).is_empty());
}

#[test]
fn allow_silences_and_deny_raises() {
    let body = b"User-agent: *\nDisallow:\nCrawl-delay: 5\n";
    let default = lint(body, &LintOptions::default());
    assert!(default
        .iter()
        .any(|f| f.code == LintCode::EmptyDisallow.into() && f.severity == Severity::Note));
    let options = LintOptions::default()
        .allow(LintCode::ExtensionRecord.into())
        .deny(LintCode::EmptyDisallow.into());
    let configured = lint(body, &options);
    assert!(configured
        .iter()
        .all(|f| f.code != LintCode::ExtensionRecord.into()));
    assert!(configured
        .iter()
        .any(|f| f.code == LintCode::EmptyDisallow.into() && f.severity == Severity::Error));
}

/// ai.robots.txt's generated robots.txt (tests/lint/ai-robots-txt.txt, vendored from
/// github.com/ai-robots-txt/ai.robots.txt at 738c80d, MIT): every name that is not a product
/// token — found here with the RFC's character class, not by the library — gets a finding that
/// says what the readings make of it, and no product token does.
#[test]
fn every_name_ai_robots_txt_writes_that_a_reading_cuts_has_a_finding() {
    let body = std::fs::read(common::repo_root().join("tests/lint/ai-robots-txt.txt")).unwrap();
    let text = String::from_utf8(body.clone()).unwrap();
    let agents: Vec<(u32, &str)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, line)| Some((i as u32 + 1, line.strip_prefix("User-agent: ")?.trim())))
        .collect();
    let is_token = |name: &str| {
        name.bytes()
            .all(|b| b.is_ascii_alphabetic() || b == b'-' || b == b'_')
    };
    let cut: Vec<u32> = agents
        .iter()
        .filter(|(_, n)| !is_token(n))
        .map(|(l, _)| *l)
        .collect();
    assert_eq!(
        cut.len(),
        21,
        "the list's 21 names that are not product tokens"
    );
    let findings = lint(&body, &LintOptions::default());
    let about_agents = [
        LintCode::AgentMisread,
        LintCode::AgentShortened,
        LintCode::AgentNeverMatches,
    ]
    .map(FindingCode::from);
    let mut found: Vec<u32> = findings
        .iter()
        .filter(|f| about_agents.contains(&f.code))
        .filter_map(|f| f.line)
        .collect();
    found.dedup();
    assert_eq!(found, cut);
    for finding in findings.iter().filter(|f| about_agents.contains(&f.code)) {
        let name = agents
            .iter()
            .find(|(l, _)| Some(*l) == finding.line)
            .unwrap()
            .1;
        assert!(finding.message.contains(&format!("`{name}`")), "{finding}");
        assert_eq!(finding.readings.len(), 2, "{finding}");
    }
    let misread = findings
        .iter()
        .find(|f| f.code == LintCode::AgentMisread.into() && f.message.contains("`AI2Bot`"))
        .unwrap();
    assert!(misread.message.contains("as `AI`"), "{misread}");
}

/// draft-ietf-aipref-vocab-08's labels (`ai-use` current again) are not reported; a dropped
/// label names the last numbered revision that had it; a label no numbered revision had is
/// reported as unknown.
#[test]
fn content_usage_labels_are_judged_by_vocab_08_and_their_history() {
    let body = b"User-agent: *\nContent-Usage: train-ai=n, ai-use=n, search=y, bots=n, \
                 train-genai=n, ai-input=n\nAllow: /\n";
    let findings = lint(body, &LintOptions::default());
    let labels: Vec<&str> = findings
        .iter()
        .filter(|f| f.code == LintCode::ContentUsageLabel.into())
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    for current in ["`train-ai`", "`ai-use`", "`search`"] {
        assert!(labels.iter().all(|m| !m.starts_with(current)), "{labels:?}");
    }
    let about = |label: &str| {
        labels
            .iter()
            .find(|m| m.starts_with(&format!("`{label}`")))
            .unwrap()
            .to_string()
    };
    assert!(about("bots").contains("dropped after draft-ietf-aipref-vocab-04"));
    assert!(about("train-genai").contains("dropped after draft-ietf-aipref-vocab-03"));
    assert!(about("ai-input").contains("an unknown label"));
    assert!(about("ai-input").contains("draft-ietf-aipref-vocab-08 has `train-ai`, `ai-use`"));
}

/// `LLMs-txt:`, `LLMs-full-txt:` and `LLM-Policy:` (and aptos's `LLMs:`, `LLMs-full:`) are
/// reported as pointers to a file with where they come from, not as unknown directives.
#[test]
fn lines_pointing_at_a_file_for_llms_are_not_unknown_directives() {
    let body = b"LLM-Policy: /llms.txt\nLLMs-txt: https://example.com/llms.txt\n\
                 LLMs-full-txt: https://example.com/llms-full.txt\nllms: /llms.txt\n\
                 User-agent: *\nAllow: /\nLLMs-Full: /llms-full.txt\nLLM-Policys: /x\n";
    let findings = lint(body, &LintOptions::default());
    let lines = |code: FindingCode| -> Vec<u32> {
        let mut lines: Vec<u32> = findings
            .iter()
            .filter(|f| f.code == code)
            .filter_map(|f| f.line)
            .collect();
        lines.dedup();
        lines
    };
    assert_eq!(lines(LintCode::LlmsRecord.into()), [1, 2, 3, 4, 7]);
    assert_eq!(lines(Code::UnknownDirective.into()), [8]);
    let message = |line: u32| {
        findings
            .iter()
            .find(|f| f.code == LintCode::LlmsRecord.into() && f.line == Some(line))
            .unwrap()
            .message
            .clone()
    };
    assert!(message(1).contains("crawler-commons#569"), "{}", message(1));
    assert!(
        message(2).contains("datum-cloud/datum.net#1208"),
        "{}",
        message(2)
    );
    assert!(
        message(4).contains("aptos-labs/explorer#1445"),
        "{}",
        message(4)
    );
    assert!(message(2).starts_with("`LLMs-txt`: a non-standard record pointing at an llms.txt"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any bytes: no panic, every finding on a line of the file, whole-file findings without a
    /// column, and the readings among those asked for.
    #[test]
    fn any_bytes_lint_without_a_panic(bytes in crate::strategies::robots_like_bytes()) {
        let options = LintOptions::default()
            .with_readings([Variant::Google, Variant::Rfc9309, Variant::Draft1996]);
        let lines = bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count() as u32 + 1;
        for finding in lint(&bytes, &options) {
            prop_assert_eq!(finding.line.is_some(), finding.col.is_some());
            prop_assert!(finding.line.is_none_or(|l| l >= 1 && l <= lines), "{}", finding);
            prop_assert!(finding.col.is_none_or(|c| c >= 1));
            prop_assert!(!finding.readings.is_empty());
            prop_assert!(finding.readings.iter().all(|r| options.readings().contains(r)));
        }
    }
}
