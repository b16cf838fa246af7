//! The library's answers as JS objects: the verdict, built field by field as the hot path
//! needs it, and everything else as the library's serialisation with JavaScript's key case
//! ([`crate::objects`]), which is what `robotspec … --format json` prints.
//!
//! Nothing is decided or formatted here: a verdict's `text` is the library's `Display` (what
//! `robotspec check` prints after the URL), every other field the library's own value.

use robotspec::lint::Finding;
use robotspec::Profile;
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::objects::to_camel_js;

/// A verdict as the package hands it: `allowed`, `decision`, `line`, `rule`, `agent` (`"*"`
/// for the `*` groups), `groups` and `text`.
#[derive(Serialize)]
struct VerdictObject {
    allowed: bool,
    decision: &'static str,
    line: Option<u32>,
    rule: Option<String>,
    agent: Option<String>,
    groups: Vec<u32>,
    text: String,
}

/// `verdict` as a JS object.
pub(crate) fn verdict(verdict: &robotspec::Verdict<'_>) -> Result<JsValue, JsValue> {
    let rule = verdict.rule();
    let applicable = verdict.applicable();
    let groups: Vec<u32> = applicable.groups().map(|group| group.line()).collect();
    let agent = match applicable.agent() {
        Some(agent) => Some(agent.to_string()),
        None if !groups.is_empty() => Some("*".to_owned()),
        None => None,
    };
    to_camel_js(&VerdictObject {
        allowed: verdict.allowed(),
        decision: verdict.decision().name(),
        line: rule.map(|r| r.line()),
        rule: rule.map(|r| r.to_string()),
        agent,
        groups,
        text: verdict.to_string(),
    })
}

/// `value`'s serialisation, camelCased, as a JS object.
pub(crate) fn serialised<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    to_camel_js(value)
}

/// A lint finding as the package hands it: the fields `robotspec lint --format json` prints
/// for one, in JavaScript's names — `column` for the CLI's `col`, `profiles` for its
/// `readings` (the package calls a reading a profile everywhere) — and `file` when the caller
/// named one.
#[derive(Serialize)]
struct FindingObject<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    code: &'a robotspec::lint::FindingCode,
    severity: &'a robotspec::Severity,
    line: Option<u32>,
    column: Option<u32>,
    message: &'a str,
    profiles: Vec<String>,
    fix: Option<&'a str>,
}

/// Every finding of `findings` as JS objects, each naming `file` when given.
pub(crate) fn findings(findings: &[Finding], file: Option<&str>) -> Result<JsValue, JsValue> {
    let objects: Vec<FindingObject<'_>> = findings
        .iter()
        .map(|finding| FindingObject {
            file,
            code: &finding.code,
            severity: &finding.severity,
            line: finding.line,
            column: finding.col,
            message: &finding.message,
            profiles: finding.readings.iter().map(Profile::name).collect(),
            fix: finding.fix.as_deref(),
        })
        .collect();
    to_camel_js(&objects)
}
