//! The findings as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), the
//! form code scanning and editors read: one run of the tool `robotspec`, a rule per finding
//! code (its help text the code's description, its level what the options make of it), a result
//! per finding. The command line (`robotspec lint --format sarif`), the JavaScript package
//! (`lintSarif`) and its GitHub Action all write this one log.

use serde_json::{json, Value};

use super::code::FindingCode;
use super::finding::Finding;
use super::options::LintOptions;
use crate::diagnostic::Severity;

/// The SARIF log of `files`, each a name (the artifact's URI) and its findings, linted with
/// `options`.
///
/// ```
/// use robotspec::lint::{lint, sarif, LintOptions};
///
/// let options = LintOptions::default();
/// let findings = lint(b"User-agent: AI2Bot\nDisallow: /\n", &options);
/// let log = sarif(&[("robots.txt", findings.as_slice())], &options);
/// assert_eq!(log["version"], "2.1.0");
/// assert_eq!(log["runs"][0]["results"][0]["ruleId"], "agent-misread");
/// ```
pub fn sarif(files: &[(&str, &[Finding])], options: &LintOptions) -> Value {
    let codes: Vec<FindingCode> = FindingCode::all().collect();
    let rules: Vec<Value> = codes.iter().map(|code| rule(*code, options)).collect();
    let codes = codes.as_slice();
    let results: Vec<Value> = files
        .iter()
        .flat_map(|(name, findings)| findings.iter().map(move |f| result(name, f, codes)))
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "robotspec",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
        }],
    })
}

/// A rule: the code, its description (the first sentence short), its level under `options`.
fn rule(code: FindingCode, options: &LintOptions) -> Value {
    let description = code.description().replace('\n', " ");
    let short = description
        .split_once(". ")
        .map_or(description.as_str(), |(first, _)| first);
    let level = options.severity(code).map_or("none", Severity::name);
    json!({
        "id": code.name(),
        "shortDescription": {"text": short},
        "fullDescription": {"text": description},
        "help": {"text": description},
        "defaultConfiguration": {"level": level},
    })
}

/// A result: the finding's code, level, message and place in the file named `name`.
fn result(name: &str, finding: &Finding, codes: &[FindingCode]) -> Value {
    let mut location = json!({"artifactLocation": {"uri": name}});
    if let (Some(line), Some(col), Value::Object(map)) = (finding.line, finding.col, &mut location)
    {
        map.insert(
            "region".to_owned(),
            json!({"startLine": line, "startColumn": col}),
        );
    }
    let readings: Vec<String> = finding.readings.iter().map(|p| p.name()).collect();
    json!({
        "ruleId": finding.code.name(),
        "ruleIndex": codes.iter().position(|c| *c == finding.code).unwrap_or(0),
        "level": finding.severity.name(),
        "message": {"text": finding.message},
        "locations": [{"physicalLocation": location}],
        "properties": {"readings": readings, "fix": finding.fix},
    })
}
