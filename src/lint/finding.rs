//! One finding, and the collector the checks report to: findings that only differ in the
//! reading they come from become one finding with every reading named.

use std::collections::BTreeMap;
use std::fmt;

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use super::code::FindingCode;
use super::options::LintOptions;
use crate::diagnostic::Severity;
use crate::variant::Profile;

/// What the linter found, where, for which readings, and how to fix it when that is certain.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What was found (a stable name).
    pub code: FindingCode,
    /// How much it matters (the code's default, unless configured otherwise).
    pub severity: Severity,
    /// 1-based line; `None` for a finding about the whole file.
    pub line: Option<u32>,
    /// 1-based column, in characters; `None` for a finding about the whole file.
    pub col: Option<u32>,
    /// A sentence for people: what each reading does with the line.
    pub message: String,
    /// The readings it applies to, in the order they were asked for.
    pub readings: Vec<Profile>,
    /// The change that fixes it, when one is certain.
    pub fix: Option<String>,
}

impl fmt::Display for Finding {
    /// `LINE:COL: SEVERITY[CODE]: MESSAGE`, or `SEVERITY[CODE]: MESSAGE` for the whole file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(line), Some(col)) = (self.line, self.col) {
            write!(f, "{line}:{col}: ")?;
        }
        write!(f, "{}[{}]: {}", self.severity, self.code, self.message)
    }
}

impl Serialize for Finding {
    /// `{"line", "col", "severity", "code", "message", "readings": [name…], "fix"}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Finding", 7)?;
        s.serialize_field("line", &self.line)?;
        s.serialize_field("col", &self.col)?;
        s.serialize_field("severity", &self.severity)?;
        s.serialize_field("code", &self.code)?;
        s.serialize_field("message", &self.message)?;
        s.serialize_field("readings", &self.readings)?;
        s.serialize_field("fix", &self.fix)?;
        s.end()
    }
}

/// Where a finding lies: a line and column, or the whole file.
pub(crate) type At = Option<(u32, u32)>;

/// What the checks report, merged by everything but the reading.
#[derive(Debug, Default)]
pub(crate) struct Collector {
    found: BTreeMap<(At, FindingCode, String, Option<String>), Vec<usize>>,
}

impl Collector {
    /// A finding of `code` at `at` under the readings numbered `readings` (their positions in
    /// the options' list).
    pub(crate) fn add(
        &mut self,
        code: impl Into<FindingCode>,
        at: At,
        readings: &[usize],
        message: String,
        fix: Option<String>,
    ) {
        let entry = self
            .found
            .entry((at, code.into(), message, fix))
            .or_default();
        entry.extend_from_slice(readings);
    }

    /// The findings, each with its severity as `options` set it (silenced codes left out), in
    /// file order (whole-file findings first), then by column, severity and code.
    pub(crate) fn finish(self, options: &LintOptions) -> Vec<Finding> {
        let mut findings: Vec<Finding> = self
            .found
            .into_iter()
            .filter_map(|((at, code, message, fix), mut readings)| {
                readings.sort_unstable();
                readings.dedup();
                Some(Finding {
                    code,
                    severity: options.severity(code)?,
                    line: at.map(|(line, _)| line),
                    col: at.map(|(_, col)| col),
                    message,
                    readings: readings
                        .iter()
                        .filter_map(|r| options.readings().get(*r).copied())
                        .collect(),
                    fix,
                })
            })
            .collect();
        findings.sort_by(|a, b| {
            (a.line, a.col, a.severity, a.code).cmp(&(b.line, b.col, b.severity, b.code))
        });
        findings
    }
}
