//! `robotspec.lint`: the library's linter (`robotspec::lint`), its findings as `Finding`
//! objects — what `robotspec lint --format json` prints for each, without the file name.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use robotspec::lint::{FindingCode, LintOptions};

use crate::{detach, input, objects};

/// One finding of the linter: its stable code, severity, position, message, the readings it
/// applies to, and a fix when one is certain.
///
/// >>> finding = lint(b"User-agent: AI2Bot\nDisallow: /\n")[0]
/// >>> finding.code, finding.severity, finding.line, finding.col
/// ('agent-misread', 'error', 1, 13)
/// >>> finding.readings
/// ['google', 'rfc9309']
#[pyclass(frozen, eq, name = "Finding", module = "robotspec")]
#[derive(PartialEq)]
pub(crate) struct Finding {
    inner: robotspec::lint::Finding,
}

#[pymethods]
impl Finding {
    /// The stable code, e.g. `"agent-misread"` (docs/lint.md).
    #[getter]
    fn code(&self) -> &'static str {
        self.inner.code.name()
    }

    /// `"error"`, `"warning"` or `"note"`.
    #[getter]
    fn severity(&self) -> &'static str {
        self.inner.severity.name()
    }

    /// 1-based line, or `None` for a finding about the whole file.
    #[getter]
    fn line(&self) -> Option<u32> {
        self.inner.line
    }

    /// 1-based column in characters, or `None` for a finding about the whole file.
    #[getter]
    fn col(&self) -> Option<u32> {
        self.inner.col
    }

    /// A sentence for people: what each reading does with the line.
    #[getter]
    fn message(&self) -> &str {
        &self.inner.message
    }

    /// The readings the finding applies to, by name.
    #[getter]
    fn readings(&self) -> Vec<String> {
        self.inner.readings.iter().map(|p| p.name()).collect()
    }

    /// The change that fixes it, when one is certain, else `None`.
    #[getter]
    fn fix(&self) -> Option<&str> {
        self.inner.fix.as_deref()
    }

    /// The finding as a dict: `line`, `col`, `severity`, `code`, `message`, `readings`, `fix` —
    /// the CLI's JSON without `file`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        objects::to_python(py, &self.inner)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Finding {}>", self.inner)
    }
}

/// The linter's findings on `body` (bytes or str), in file order: every reading's diagnostics,
/// the extension records, crawler names a reading cuts, file-level trouble and Google's report
/// (docs/lint.md). `profiles`: the readings, a list or one comma-separated str (default
/// `google` and `rfc9309`; `variants=`, its former name, still works and warns); `allow`: codes
/// to silence; `deny`: codes raised to errors.
///
/// >>> [(f.code, f.line) for f in lint(b"User-agent: *\nDisallow:\n", allow=["empty-disallow"])]
/// []
/// >>> [(f.code, f.severity) for f in lint(b"Sitemap: /s.xml\n", "google")]
/// [('sitemap-not-absolute', 'error')]
#[pyfunction]
#[pyo3(signature = (body, profiles = None, *, variants = None, allow = Vec::new(), deny = Vec::new()))]
pub(crate) fn lint(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    profiles: Option<&Bound<'_, PyAny>>,
    variants: Option<&Bound<'_, PyAny>>,
    allow: Vec<String>,
    deny: Vec<String>,
) -> PyResult<Vec<Py<Finding>>> {
    let body = input::body(body)?;
    let mut options = LintOptions::default();
    if let Some(readings) = input::profiles(py, profiles, variants)? {
        options = options.with_readings(readings);
    }
    for name in &allow {
        options = options.allow(code(name)?);
    }
    for name in &deny {
        options = options.deny(code(name)?);
    }
    let work = |bytes: &[u8]| robotspec::lint::lint(bytes, &options);
    let findings = detach::run_detached_if_large(py, body.as_bytes(), work);
    findings
        .into_iter()
        .map(|inner| Py::new(py, Finding { inner }))
        .collect()
}

fn code(name: &str) -> PyResult<FindingCode> {
    FindingCode::from_name(name)
        .ok_or_else(|| PyValueError::new_err(format!("unknown finding code `{name}`")))
}
