//! The library's answers as Python objects: `Verdict`, `Explanation`, `Usage` and `Comparison`.
//!
//! Nothing is formatted or derived here. An answer keeps two things the library made: its
//! `Display` text (`str(answer)`, what the command line prints) and its serde serialisation,
//! built as Python objects when the answer is made (`crate::objects`: dicts in the CLI's field
//! order, what `--format json` prints), from which `answer.to_dict()` and the attributes give
//! copies. A `Verdict`, asked for by the thousand, keeps typed fields instead. A library answer
//! borrows the parsed file; these own their copies, so they outlive it and cross threads.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};
use serde::Serialize;

pub(crate) use crate::objects::to_python;

/// JSON text as Python objects (`json.loads`): only for the lossless tree, which the library
/// writes as JSON text itself (`Parsed.tree`).
pub(crate) fn loads<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    LOADS.import(py, "json", "loads")?.call1((json,))
}

/// A copy of a serialised answer (or of one of its fields) for the caller, who may change it:
/// the answer's own stays as it was made.
fn copy<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    static DEEPCOPY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    DEEPCOPY
        .import(value.py(), "copy", "deepcopy")?
        .call1((value,))
}

/// An answer's serialisation, made once as Python objects (a dict with the CLI's fields in the
/// CLI's order).
pub(crate) struct Serialised(Py<PyDict>);

impl Serialised {
    pub(crate) fn of(py: Python<'_>, value: &impl Serialize) -> PyResult<Serialised> {
        Ok(Serialised(
            to_python(py, value)?.cast_into::<PyDict>()?.unbind(),
        ))
    }

    /// A copy of field `key`.
    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        copy(&self.0.bind(py).as_any().get_item(key)?)
    }

    /// A copy of list field `key`, which the serialisation leaves out when it is empty.
    fn list<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.0.bind(py).get_item(key)? {
            Some(value) => copy(&value),
            None => Ok(PyList::empty(py).into_any()),
        }
    }

    /// A copy of the whole.
    pub(crate) fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        copy(self.0.bind(py).as_any())
    }
}

/// May the URL be fetched, and why: the answer of `Robots.check`.
///
/// `str(verdict)` is the line the command line's `check` prints after the URL;
/// `verdict.to_dict()` is the verdict of `check --format json`.
///
/// >>> robots = Robots(b"User-agent: *\nDisallow: /private\n")
/// >>> verdict = robots.check("FooBot", "https://example.com/private/x")
/// >>> verdict.allowed, verdict.line, verdict.rule
/// (False, 2, 'Disallow: /private')
/// >>> str(verdict)
/// 'disallowed by line 2: Disallow: /private [`*` group at line 1]'
#[pyclass(frozen, eq, hash, name = "Verdict", module = "robotspec")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Verdict {
    /// True when the URL may be fetched.
    #[pyo3(get)]
    allowed: bool,
    /// What decided: `"rule"`, `"no-matching-rule"`, `"no-group"` or `"robots-txt"`.
    #[pyo3(get)]
    decision: &'static str,
    /// The deciding rule's line number, or None when no rule decided.
    #[pyo3(get)]
    line: Option<u32>,
    /// The deciding rule's line as written (trimmed), or None when no rule decided.
    #[pyo3(get)]
    rule: Option<String>,
    /// The agent token the applied groups name (lower-cased), `"*"` for the `*` groups, or
    /// None when no group applies.
    #[pyo3(get)]
    agent: Option<String>,
    /// The first lines of the groups whose rules were used.
    #[pyo3(get)]
    groups: Vec<u32>,
    text: String,
}

impl Verdict {
    /// Copies the library's verdict: the fields of its serialisation (docs/cli.md, "Verdict"),
    /// read from its accessors.
    pub(crate) fn of(verdict: &robotspec::Verdict<'_>) -> PyResult<Verdict> {
        let rule = verdict.rule();
        let applicable = verdict.applicable();
        let groups: Vec<u32> = applicable.groups().map(|group| group.line()).collect();
        let agent = match applicable.agent() {
            Some(agent) => Some(agent.to_string()),
            None if !groups.is_empty() => Some("*".to_owned()),
            None => None,
        };
        Ok(Verdict {
            allowed: verdict.allowed(),
            decision: verdict.decision().name(),
            line: rule.map(|r| r.line()),
            rule: rule.map(|r| r.to_string()),
            agent,
            groups,
            text: verdict.to_string(),
        })
    }
}

#[pymethods]
impl Verdict {
    /// The verdict as a dict: `allowed`, `decision`, `line`, `rule`, `agent`, `groups`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("allowed", self.allowed)?;
        dict.set_item("decision", self.decision)?;
        dict.set_item("line", self.line)?;
        dict.set_item("rule", &self.rule)?;
        dict.set_item("agent", &self.agent)?;
        dict.set_item("groups", &self.groups)?;
        Ok(dict)
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<Verdict: {}>", self.text)
    }
}

/// A verdict with everything that went into it: the answer of `Robots.explain`.
///
/// `str(explanation)` is the block the command line's `explain` prints: the target, the groups
/// chosen, every matching rule in priority order, the verdict and why the winner won.
///
/// >>> robots = Robots(b"User-agent: *\nDisallow: /a\nAllow: /a/b\n")
/// >>> explanation = robots.explain("bot", "/a/b/c")
/// >>> explanation.verdict.allowed, explanation.why
/// (True, 'longest match: 4 bytes beat 2 (line 2)')
/// >>> [rule["line"] for rule in explanation.matching]
/// [3, 2]
#[pyclass(frozen, name = "Explanation", module = "robotspec")]
pub(crate) struct Explanation {
    verdict: Py<Verdict>,
    serialised: Serialised,
    text: String,
}

impl Explanation {
    /// Copies the library's explanation.
    pub(crate) fn of(
        py: Python<'_>,
        explanation: &robotspec::Explanation<'_>,
    ) -> PyResult<Explanation> {
        Ok(Explanation {
            verdict: Py::new(py, Verdict::of(explanation.verdict())?)?,
            serialised: Serialised::of(py, explanation)?,
            text: explanation.to_string(),
        })
    }
}

#[pymethods]
impl Explanation {
    /// The verdict.
    #[getter]
    fn verdict(&self, py: Python<'_>) -> Py<Verdict> {
        self.verdict.clone_ref(py)
    }

    /// The URL (or path) asked about, as given.
    #[getter]
    fn url<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "url")
    }

    /// The reading that read the file: a variant's name, or a composed reading's (the JSON's
    /// `variant`).
    #[getter]
    fn profile<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "variant")
    }

    /// What the rules were matched against: the URL's path, params and query, prepared as the
    /// variant compares them.
    #[getter]
    fn target<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "target")
    }

    /// Every matching rule of the applied groups in priority order (the first decides), each a
    /// dict: `line`, `kind`, `text`, `pattern`, `origin`.
    #[getter]
    fn matching<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "matching")
    }

    /// Why the verdict is what it is, in the variant's terms.
    #[getter]
    fn why<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "why")
    }

    /// The engine that answered the applied groups' rules (`"prefix-table"`, `"lazy-dfa"`, …,
    /// `"none"` when no group applies).
    #[getter]
    fn engine<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "engine")
    }

    /// The extension records (Crawl-delay, Content-Usage, …) of the applied groups, as dicts.
    #[getter]
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "records")
    }

    /// The explanation as a dict, as the command line's `explain --format json` prints each
    /// result.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.to_dict(py)
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<Explanation: {}>", self.verdict.get().text)
    }
}

/// The usage preferences (Content-Usage, Content-Signal) that apply to a URL for a crawler:
/// the answer of `Robots.usage` (docs/extensions.md).
///
/// `str(usage)` is the line the command line's `usage` prints; the attributes are the fields of
/// `usage --format json`.
///
/// >>> robots = Robots(b"User-Agent: *\nAllow: /\nContent-Usage: train-ai=n\n", "rfc9309")
/// >>> usage = robots.usage("bot", "/page")
/// >>> usage.content_usage, usage.content_usage_line
/// ({'train-ai': 'n'}, 3)
#[pyclass(frozen, name = "Usage", module = "robotspec")]
pub(crate) struct Usage {
    verdict: Py<Verdict>,
    serialised: Serialised,
    text: String,
}

impl Usage {
    /// Copies the library's answer.
    pub(crate) fn of(py: Python<'_>, usage: &robotspec::Usage<'_>) -> PyResult<Usage> {
        Ok(Usage {
            verdict: Py::new(py, Verdict::of(usage.verdict())?)?,
            serialised: Serialised::of(py, usage)?,
            text: usage.to_string(),
        })
    }
}

#[pymethods]
impl Usage {
    /// The crawl verdict the preferences depend on (none apply to a disallowed URL).
    #[getter]
    fn verdict(&self, py: Python<'_>) -> Py<Verdict> {
        self.verdict.clone_ref(py)
    }

    /// The URL (or path) asked about, as given.
    #[getter]
    fn url<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "url")
    }

    /// The deciding Content-Usage preferences, label → `"y"` or `"n"`; None when the URL may
    /// not be fetched or no rule applies.
    #[getter]
    fn content_usage<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "content_usage")
    }

    /// The line of the first deciding Content-Usage rule, or None.
    #[getter]
    fn content_usage_line<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "content_usage_line")
    }

    /// The lines of every deciding Content-Usage rule.
    #[getter]
    fn content_usage_lines<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "content_usage_lines")
    }

    /// The Content-Signal of the groups that apply, key → value as written; None when none.
    #[getter]
    fn content_signal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "content_signal")
    }

    /// The lines of `content_signal`.
    #[getter]
    fn content_signal_lines<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "content_signal_lines")
    }

    /// The Content-Signal of the whole file (every line, as crawler-commons reads it).
    #[getter]
    fn content_signal_file<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "content_signal_file")
    }

    /// The lines of `content_signal_file`.
    #[getter]
    fn content_signal_file_lines<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "content_signal_file_lines")
    }

    /// The preferences policy tokens state for the URL (`__usage_ai-training`,
    /// draft-kelley-aipref-training-preference-signal-00), one dict per token a group names:
    /// `token`, `category`, `preference` (`"n"` where the token is disallowed) and the token's
    /// `verdict`; empty when the file names none.
    #[getter]
    fn policy_tokens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.list(py, "policy_tokens")
    }

    /// The answer as a dict, as the command line's `usage --format json` prints each result.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.to_dict(py)
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<Usage: {}>", self.text)
    }
}

/// Every variant's verdict on one query, and the pairs that disagree with the reason: the
/// answer of `robotspec.diff`.
///
/// >>> body = b"User-Agent: foobot\nAllow: /page/\nDisallow: /page/x.gif\n"
/// >>> comparison = diff(body, "foobot", "/page/x.gif", ["draft-1996", "google"])
/// >>> comparison.verdicts
/// {'draft-1996': True, 'google': False}
/// >>> comparison.disagreements[0]["reason"]
/// 'first-match-vs-longest-match'
#[pyclass(frozen, name = "Comparison", module = "robotspec")]
pub(crate) struct Comparison {
    disagrees: bool,
    serialised: Serialised,
}

impl Comparison {
    /// Copies the library's comparison.
    pub(crate) fn of(
        py: Python<'_>,
        comparison: &robotspec::diff::Comparison,
    ) -> PyResult<Comparison> {
        Ok(Comparison {
            disagrees: comparison.disagrees(),
            serialised: Serialised::of(py, comparison)?,
        })
    }
}

#[pymethods]
impl Comparison {
    /// The URL (or path) asked about, as given.
    #[getter]
    fn url<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "url")
    }

    /// One answer per variant, in the order asked: dicts with `variant`, `allowed`, `decision`,
    /// `rule` (`{"line", "text"}` or None) and `groups`.
    #[getter]
    fn answers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "answers")
    }

    /// One dict per pair of variants whose verdicts differ: `left`, `right`, `reason`,
    /// `evidence`, `left_rule`, `right_rule`.
    #[getter]
    fn disagreements<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.field(py, "disagreements")
    }

    /// True when some variants allow the URL and others do not.
    #[getter]
    fn disagrees(&self) -> bool {
        self.disagrees
    }

    /// Variant name → allowed, in the order asked.
    #[getter]
    fn verdicts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let verdicts = PyDict::new(py);
        for answer in self.answers(py)?.try_iter()? {
            let answer = answer?;
            verdicts.set_item(answer.get_item("variant")?, answer.get_item("allowed")?)?;
        }
        Ok(verdicts)
    }

    /// The comparison as a dict, as the command line's `diff --format json` prints each URL's.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.to_dict(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("<Comparison: {}>", self.verdicts(py)?.repr()?))
    }
}
