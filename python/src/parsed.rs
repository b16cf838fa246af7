//! `robotspec.parse`: the file itself — its lossless tree and every problem found — and the
//! types that report problems, `Diagnostic` and the exception `StrictError`.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use robotspec::report::{GoogleReport, LineReport};
use robotspec::tree::JsonLayout;
use robotspec::{Collect, Mode, ParseOptions, Profile};

use crate::answers;
use crate::detach::run_detached_if_large;
use crate::input::{self, ReadingArgs};

pyo3::create_exception!(
    robotspec,
    StrictError,
    pyo3::exceptions::PyValueError,
    "The file does not conform to the variant's grammar (strict mode), or a limit stopped part \
     of it from being read. `diagnostics` holds every problem found, in input order, each an \
     error; `str()` of the exception is the first of them."
);

/// The Python exception for a file rejected in strict mode, carrying all its diagnostics.
pub(crate) fn strict_error(py: Python<'_>, rejected: &robotspec::StrictError) -> PyErr {
    let error = StrictError::new_err(rejected.to_string());
    let attached = diagnostics(py, rejected.diagnostics())
        .and_then(|list| error.value(py).setattr("diagnostics", list));
    match attached {
        Ok(()) => error,
        Err(failed) => failed,
    }
}

/// The library's diagnostics as Python objects.
pub(crate) fn diagnostics(
    py: Python<'_>,
    found: &[robotspec::Diagnostic],
) -> PyResult<Vec<Py<Diagnostic>>> {
    found
        .iter()
        .map(|d| Py::new(py, Diagnostic { inner: d.clone() }))
        .collect()
}

/// One finding of the reading, positioned in the input: a stable `code` (docs/diagnostics.md),
/// a `severity` (`"error"` in strict mode for a grammar violation, `"warning"` otherwise), the
/// 1-based `line` and `col` (in characters) where it starts, its byte `span` (start, end) and a
/// `message`. `str()` of it is the command line's `LINE:COL: SEVERITY[CODE]: MESSAGE`.
///
/// >>> parsed = parse(b"User-agent: *\nDisallow /x\n", "rfc9309")
/// >>> first = parsed.diagnostics[0]
/// >>> first.code, first.line, first.col
/// ('missing-colon', 2, 9)
/// >>> str(first)
/// '2:9: warning[missing-colon]: missing `:` between key and value'
#[pyclass(frozen, eq, name = "Diagnostic", module = "robotspec")]
#[derive(PartialEq)]
pub(crate) struct Diagnostic {
    inner: robotspec::Diagnostic,
}

#[pymethods]
impl Diagnostic {
    /// The stable code, e.g. `"missing-colon"`.
    #[getter]
    fn code(&self) -> &'static str {
        self.inner.code.name()
    }

    /// `"error"` or `"warning"`.
    #[getter]
    fn severity(&self) -> String {
        self.inner.severity.to_string()
    }

    /// 1-based line where the finding starts.
    #[getter]
    fn line(&self) -> u32 {
        self.inner.line
    }

    /// 1-based column where it starts, in characters (an invalid byte counts as one).
    #[getter]
    fn col(&self) -> u32 {
        self.inner.col
    }

    /// The bytes concerned, (start, end) into the input.
    #[getter]
    fn span(&self) -> (usize, usize) {
        (self.inner.span.start, self.inner.span.end)
    }

    /// A sentence for people.
    #[getter]
    fn message(&self) -> &str {
        &self.inner.message
    }

    /// The diagnostic as a dict: `code`, `severity`, `span` ([start, end]), `line`, `col`,
    /// `message` — the CLI's JSON.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        answers::to_python(py, &self.inner)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Diagnostic {}>", self.inner)
    }
}

/// A parsed file: its diagnostics, and its lossless tree.
///
/// `tree` is the tree as nested dicts — the JSON of the command line's `parse --format json`:
/// each node has `kind`, `span`, `line`, `col`, and `children` or (a leaf) `text`; the leaves
/// hold every byte of the input, in order.
///
/// >>> parsed = parse(b"User-agent: *\nDisalow: /x\n")
/// >>> [d.code for d in parsed.diagnostics]
/// ['typo-directive']
/// >>> [line["kind"] for line in parsed.tree["children"]]
/// ['user_agent_line', 'disallow_line']
#[pyclass(frozen, name = "Parsed", module = "robotspec")]
pub(crate) struct Parsed {
    input: Py<PyBytes>,
    profile: Profile,
    options: ParseOptions,
    diagnostics: Vec<robotspec::Diagnostic>,
}

impl Parsed {
    /// The tree as JSON, compact or indented as `parse --format json` prints it.
    fn json(&self, py: Python<'_>, layout: JsonLayout) -> PyResult<String> {
        // The tree does not depend on the mode or the checks, only on the input limit.
        let options = self
            .options
            .with_mode(Mode::Lenient)
            .with_collect(Collect::Limits);
        let profile = self.profile;
        let write = |bytes: &[u8]| -> Result<Vec<u8>, String> {
            let parsed =
                robotspec::parse_with(bytes, profile, &options).map_err(|e| e.to_string())?;
            let mut out = Vec::new();
            parsed
                .write_json(&mut out, layout)
                .map_err(|e| e.to_string())?;
            Ok(out)
        };
        let out = run_detached_if_large(py, self.input.bind(py).as_bytes(), write)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("robotspec: {e}")))?;
        String::from_utf8(out)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("robotspec: {e}")))
    }
}

#[pymethods]
impl Parsed {
    /// The lossless tree as nested dicts (see the class).
    #[getter]
    fn tree<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        answers::loads(py, &self.json(py, JsonLayout::Compact)?)
    }

    /// The tree as JSON text: compact, or indented as `robotspec parse --format json` prints it.
    #[pyo3(signature = (pretty = false))]
    fn to_json(&self, py: Python<'_>, pretty: bool) -> PyResult<String> {
        let layout = if pretty {
            JsonLayout::Pretty
        } else {
            JsonLayout::Compact
        };
        self.json(py, layout)
    }

    /// Every finding, in input order (`robotspec.Diagnostic`): warnings in lenient mode.
    #[getter]
    fn diagnostics(&self, py: Python<'_>) -> PyResult<Vec<Py<Diagnostic>>> {
        diagnostics(py, &self.diagnostics)
    }

    /// The reading that read the file (a variant's name, or a composed reading's).
    #[getter]
    fn profile(&self) -> String {
        self.profile.name()
    }

    /// `"lenient"` or `"strict"`.
    #[getter]
    fn mode(&self) -> &'static str {
        self.options.mode().name()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Parsed profile={} mode={} diagnostics={}>",
            self.profile,
            self.options.mode(),
            self.diagnostics.len()
        )
    }
}

/// Parses `body` as `profile` reads it (a variant or a composed reading, as for `Robots`;
/// `variant=`, its former name, still works and warns) in `mode` (`"lenient"`, never fails, problems are warnings; or
/// `"strict"`, which raises `StrictError` with every problem when the file breaks the variant's
/// grammar). Every finding of the grammar checks is collected. Limits are keyword arguments,
/// as for `Robots`.
///
/// >>> parse(b"User-agent: *\nDisallow /private\n", "rfc9309", "strict")
/// Traceback (most recent call last):
///   ...
/// robotspec.StrictError: 2:9: error[missing-colon]: missing `:` between key and value
#[pyfunction]
#[pyo3(
    signature = (body, profile = None, mode = "lenient", *, variant = None, drop_invalid_utf8 = false, **limits),
    text_signature = "(body, profile='google', mode='lenient', *, variant=None, drop_invalid_utf8=False, **limits)"
)]
pub(crate) fn parse(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    profile: Option<&str>,
    mode: &str,
    variant: Option<&str>,
    drop_invalid_utf8: bool,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Parsed> {
    let body = input::body(body)?;
    let profile = input::profile(py, profile, variant)?;
    let options = ReadingArgs {
        mode,
        collect: Collect::All,
        drop_invalid_utf8,
        limits,
    }
    .options()?;
    let read = |bytes: &[u8]| {
        robotspec::parse_with(bytes, profile, &options).map(|parsed| parsed.diagnostics().to_vec())
    };
    let diagnostics = run_detached_if_large(py, body.as_bytes(), read)
        .map_err(|rejected| strict_error(py, &rejected))?;
    Ok(Parsed {
        input: body.unbind(),
        profile,
        options,
        diagnostics,
    })
}

/// Google's per-line report of `body` (its reporting library's `RobotsParsingReporter`): a dict
/// `{"lines": [...], "valid_directives": int, "unused_directives": int, "last_line_seen": int}`,
/// one dict per line of the file (the empty line after a final line end included) with its
/// `line` number, its `tag` (`"user-agent"`, `"allow"`, `"disallow"`, `"sitemap"`, `"unused"`
/// for a record Google recognises but does not use, or `"unknown"`) and the flags of Google's
/// `LineMetadata`. It is Google's view of the file whatever variant one reads it with; the
/// command line prints the same with `robotspec parse --report google --format json`.
///
/// >>> report = google_report(b"User-agent: *\nCrawl-delay: 5\n")
/// >>> [(line["line"], line["tag"]) for line in report["lines"]]
/// [(1, 'user-agent'), (2, 'unused'), (3, 'unknown')]
/// >>> report["valid_directives"], report["unused_directives"], report["last_line_seen"]
/// (1, 1, 3)
#[pyfunction]
pub(crate) fn google_report<'py>(
    py: Python<'py>,
    body: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let body = input::body(body)?;
    let report = run_detached_if_large(py, body.as_bytes(), GoogleReport::new);
    let lines = report
        .lines
        .iter()
        .map(|line| line_dict(py, line))
        .collect::<PyResult<Vec<_>>>()?;
    let dict = PyDict::new(py);
    dict.set_item("lines", lines)?;
    dict.set_item("valid_directives", report.valid_directives)?;
    dict.set_item("unused_directives", report.unused_directives)?;
    dict.set_item("last_line_seen", report.last_line_seen)?;
    Ok(dict)
}

/// One line of Google's report, with the keys (in the order) of the command line's JSON.
fn line_dict<'py>(py: Python<'py>, line: &LineReport) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("line", line.line)?;
    dict.set_item("tag", line.tag.name())?;
    for (name, value) in [
        ("is_typo", line.is_typo),
        ("is_empty", line.is_empty),
        ("has_comment", line.has_comment),
        ("is_comment", line.is_comment),
        ("has_directive", line.has_directive),
        ("is_acceptable_typo", line.is_acceptable_typo),
        ("is_line_too_long", line.is_line_too_long),
        (
            "is_missing_colon_separator",
            line.is_missing_colon_separator,
        ),
    ] {
        dict.set_item(name, value)?;
    }
    Ok(dict)
}
