//! The exact answers over every URL (`robotspec::analysis`, docs/analysis.md) as Python objects:
//! `Analysis` (the answer of `Robots.analyze`: how much is blocked, the shortest allowed and disallowed
//! paths, the dead rules) and `Equivalence` (of `Robots.compare`: another file or another
//! reading, equivalent or where they part), with the `Witness`, `DeadRule` and `Difference`
//! they are made of.
//!
//! As in `answers.rs`, nothing is decided here: each object copies the library's answer into
//! typed fields, and `to_dict()` is the library's serialisation (what `robotspec analyze` and
//! `robotspec compare --format json` print), built as Python objects.

use pyo3::prelude::*;

use crate::answers::Serialised;

/// `analysis` with its shortest examples searched for. The library searches for them when they
/// are first asked for; callers ask here, inside `Python::detach`, so that the search runs with
/// the interpreter released rather than in `Analysis::of`, which holds it.
pub(crate) fn searched_analysis(
    analysis: robotspec::analysis::Analysis<'_>,
) -> robotspec::analysis::Analysis<'_> {
    analysis.undecided();
    analysis
}

/// `equivalence` with its shortest differences searched for, as `searched_analysis`.
pub(crate) fn searched<'a, 'b>(
    equivalence: robotspec::analysis::Equivalence<'a, 'b>,
) -> robotspec::analysis::Equivalence<'a, 'b> {
    equivalence.undecided();
    equivalence
}

/// A request path and how the reading decides it: an example of an `Analysis`, one side of a
/// `Difference`.
///
/// >>> witness = Robots(b"User-agent: *\nDisallow: /x\n").analyze().disallowed_example
/// >>> witness.path, witness.allowed, witness.line, witness.rule
/// ('/x', False, 2, 'Disallow: /x')
/// >>> str(witness)
/// '/x: disallowed by line 2: Disallow: /x'
#[pyclass(frozen, eq, hash, name = "Witness", module = "robotspec")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Witness {
    /// The path, as a client puts it after the host: `/`, then printable ASCII but `#`. One
    /// that starts with `//` is asked for as `"http://example.com" + path` (a bare `//x` names
    /// the host `x`); `str()` shows it so.
    #[pyo3(get)]
    path: String,
    /// True when the reading allows it.
    #[pyo3(get)]
    allowed: bool,
    /// What decides it: `"rule"`, `"no-matching-rule"` or `"no-group"`.
    #[pyo3(get)]
    decision: &'static str,
    /// The deciding rule's line number, or None when no rule decides.
    #[pyo3(get)]
    line: Option<u32>,
    /// The deciding rule's line as written (trimmed), or None when no rule decides.
    #[pyo3(get)]
    rule: Option<String>,
    text: String,
}

impl Witness {
    fn of(witness: &robotspec::analysis::Witness<'_>) -> Witness {
        let rule = witness.rule();
        Witness {
            path: witness.path().to_owned(),
            allowed: witness.allowed(),
            decision: witness.decision().name(),
            line: rule.map(|r| r.line()),
            rule: rule.map(|r| r.to_string()),
            text: witness.to_string(),
        }
    }

    /// The witness as a Python object, if there is one.
    fn optional(
        py: Python<'_>,
        witness: Option<&robotspec::analysis::Witness<'_>>,
    ) -> PyResult<Option<Py<Witness>>> {
        witness.map(|w| Py::new(py, Witness::of(w))).transpose()
    }
}

#[pymethods]
impl Witness {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<Witness {}>", self.text)
    }
}

/// A rule that decides no request path at all, and why: an entry of `Analysis.dead_rules`.
///
/// >>> dead = Robots(b"User-agent: *\nDisallow: /a\nAllow: /a\n").analyze().dead_rules[0]
/// >>> dead.line, dead.rule, dead.cause, dead.shadowed_by
/// (2, 'Disallow: /a', 'shadowed', [(3, 'Allow: /a')])
#[pyclass(frozen, eq, name = "DeadRule", module = "robotspec")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DeadRule {
    /// The rule's line number.
    #[pyo3(get)]
    line: u32,
    /// The rule's line as written (trimmed).
    #[pyo3(get)]
    rule: String,
    /// Why it decides nothing: `"empty"`, `"never-decides"`, `"never-matches"`,
    /// `"duplicate"` or `"shadowed"`.
    #[pyo3(get)]
    cause: &'static str,
    /// Why, in a sentence.
    #[pyo3(get)]
    why: String,
    /// The rules that rank above it and match every path it matches, as (line, rule), in file
    /// order (empty when it matches no path); None when not asked or not known.
    #[pyo3(get)]
    shadowed_by: Option<Vec<(u32, String)>>,
}

impl DeadRule {
    fn of(dead: &robotspec::analysis::DeadRule<'_>) -> DeadRule {
        let rule = dead.rule();
        DeadRule {
            line: rule.line(),
            rule: rule.to_string(),
            cause: dead.cause().name(),
            why: dead.why().to_owned(),
            shadowed_by: dead
                .shadowed_by()
                .map(|rules| rules.iter().map(|r| (r.line(), r.to_string())).collect()),
        }
    }
}

#[pymethods]
impl DeadRule {
    fn __repr__(&self) -> String {
        format!(
            "<DeadRule line {} ({}): {}>",
            self.line, self.cause, self.why
        )
    }
}

/// The exact analysis of one crawler's rules over every request path but `/robots.txt`: the
/// answer of `Robots.analyze`.
///
/// `to_dict()` is what `robotspec analyze --format json` prints of it (without the crawler,
/// the reading and the groups, which the call gives).
///
/// >>> robots = Robots(b"User-agent: *\nDisallow: /\nAllow: /$\n")
/// >>> analysis = robots.analyze("FooBot")
/// >>> analysis.blocked, analysis.allowed_example.path, analysis.disallowed_example.path
/// ('some', '/', '/!')
/// >>> analysis.dead_rules, analysis.undecided
/// ([], None)
#[pyclass(frozen, name = "Analysis", module = "robotspec")]
pub(crate) struct Analysis {
    blocked: &'static str,
    allowed_example: Option<Py<Witness>>,
    disallowed_example: Option<Py<Witness>>,
    dead_rules: Option<Vec<Py<DeadRule>>>,
    undecided: Option<&'static str>,
    serialised: Serialised,
}

impl Analysis {
    /// Copies the library's analysis.
    pub(crate) fn of(
        py: Python<'_>,
        analysis: &robotspec::analysis::Analysis<'_>,
    ) -> PyResult<Analysis> {
        let dead_rules = analysis
            .dead_rules()
            .map(|dead| dead.iter().map(|d| Py::new(py, DeadRule::of(d))).collect())
            .transpose()?;
        Ok(Analysis {
            blocked: analysis.blocked().name(),
            allowed_example: Witness::optional(py, analysis.allowed_example())?,
            disallowed_example: Witness::optional(py, analysis.disallowed_example())?,
            dead_rules,
            undecided: analysis.undecided().map(|limit| limit.name()),
            serialised: Serialised::of(py, analysis)?,
        })
    }
}

#[pymethods]
impl Analysis {
    /// How much of the site the rules block: `"all"` (every path is disallowed), `"some"`,
    /// `"none"` (every path is allowed), or `"undecided"` when a limit stopped the analysis
    /// before it could tell (`undecided` names it) — the library's `Blocked`, the words
    /// `Access.blocked` answers in too.
    #[getter]
    fn blocked(&self) -> &'static str {
        self.blocked
    }

    /// The shortest allowed path (the smallest in byte order among the shortest), or None when
    /// no path is allowed (or, undecided, none was found).
    #[getter]
    fn allowed_example(&self, py: Python<'_>) -> Option<Py<Witness>> {
        self.allowed_example.as_ref().map(|w| w.clone_ref(py))
    }

    /// The shortest disallowed path, likewise.
    #[getter]
    fn disallowed_example(&self, py: Python<'_>) -> Option<Py<Witness>> {
        self.disallowed_example.as_ref().map(|w| w.clone_ref(py))
    }

    /// Every rule of the crawler's groups that decides no path, in file order; None when a
    /// limit stopped the analysis before it could tell.
    #[getter]
    fn dead_rules(&self, py: Python<'_>) -> Option<Vec<Py<DeadRule>>> {
        self.dead_rules
            .as_ref()
            .map(|dead| dead.iter().map(|d| d.clone_ref(py)).collect())
    }

    /// The limit that stopped the analysis before every answer was exact (`"analysis_states"`,
    /// a keyword argument of `Robots`), or None.
    #[getter]
    fn undecided(&self) -> Option<&'static str> {
        self.undecided
    }

    /// The analysis as a dict: `blocked`, `allowed_example`, `allowed_by`, `disallowed_example`,
    /// `disallowed_by`, `dead_rules`, `undecided` — as `robotspec analyze --format json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.to_dict(py)
    }

    fn __repr__(&self) -> String {
        format!("<Analysis blocked={}>", self.blocked)
    }
}

/// A request path on which two sides part, and how each decides it: an entry of
/// `Equivalence.differences`.
#[pyclass(frozen, name = "Difference", module = "robotspec")]
pub(crate) struct Difference {
    old: Py<Witness>,
    new: Py<Witness>,
}

impl Difference {
    /// The difference as a Python object, if there is one.
    fn optional(
        py: Python<'_>,
        difference: Option<&robotspec::analysis::Difference<'_, '_>>,
    ) -> PyResult<Option<Py<Difference>>> {
        difference
            .map(|d| {
                Py::new(
                    py,
                    Difference {
                        old: Py::new(py, Witness::of(d.in_old()))?,
                        new: Py::new(py, Witness::of(d.in_new()))?,
                    },
                )
            })
            .transpose()
    }
}

#[pymethods]
impl Difference {
    /// The path.
    #[getter]
    fn path(&self) -> &str {
        &self.old.get().path
    }

    /// How the first side (the `Robots` compared) decides it.
    #[getter]
    fn old(&self, py: Python<'_>) -> Py<Witness> {
        self.old.clone_ref(py)
    }

    /// How the second side (the other `Robots`) decides it.
    #[getter(new)]
    fn new_side(&self, py: Python<'_>) -> Py<Witness> {
        self.new.clone_ref(py)
    }

    fn __repr__(&self) -> String {
        let (old, new) = (self.old.get(), self.new.get());
        let verdict = |w: &Witness| if w.allowed { "allowed" } else { "disallowed" };
        format!(
            "<Difference {}: {} then {}>",
            old.path,
            verdict(old),
            verdict(new)
        )
    }
}

/// Whether two sides — two files under one reading, or one file under two readings — allow
/// the same request paths: the answer of `Robots.compare`.
///
/// `to_dict()` is what `robotspec compare --format json` prints (without the crawler).
///
/// >>> body = b"User-agent: *\nDisallow: /*.php$\n"
/// >>> parted = Robots(body, "rfc9309").compare(Robots(body, "draft-1996"))
/// >>> parted.equivalent
/// False
/// >>> parted.allowed_only_by_old.path, parted.allowed_only_by_new.path
/// ('/*.php$', '/.php')
#[pyclass(frozen, name = "Equivalence", module = "robotspec")]
pub(crate) struct Equivalence {
    equivalent: Option<bool>,
    only_old: Option<Py<Difference>>,
    only_new: Option<Py<Difference>>,
    undecided: Option<&'static str>,
    serialised: Serialised,
}

impl Equivalence {
    /// Copies the library's comparison.
    pub(crate) fn of(
        py: Python<'_>,
        equivalence: &robotspec::analysis::Equivalence<'_, '_>,
    ) -> PyResult<Equivalence> {
        Ok(Equivalence {
            equivalent: equivalence.equivalent(),
            only_old: Difference::optional(py, equivalence.allowed_only_by_old())?,
            only_new: Difference::optional(py, equivalence.allowed_only_by_new())?,
            undecided: equivalence.undecided().map(|limit| limit.name()),
            serialised: Serialised::of(py, equivalence)?,
        })
    }
}

#[pymethods]
impl Equivalence {
    /// True: both allow exactly the same paths; False: they part on some path (the differences
    /// say where); None: a limit stopped the search before it found a difference or covered
    /// every path (`undecided` names it).
    #[getter]
    fn equivalent(&self) -> Option<bool> {
        self.equivalent
    }

    /// The shortest path the first side allows and the second does not, or None.
    #[getter]
    fn allowed_only_by_old(&self, py: Python<'_>) -> Option<Py<Difference>> {
        self.only_old.as_ref().map(|d| d.clone_ref(py))
    }

    /// The shortest path the second side allows and the first does not, or None.
    #[getter]
    fn allowed_only_by_new(&self, py: Python<'_>) -> Option<Py<Difference>> {
        self.only_new.as_ref().map(|d| d.clone_ref(py))
    }

    /// The differences found, at most one per direction, `allowed_only_by_old` first.
    #[getter]
    fn differences(&self, py: Python<'_>) -> Vec<Py<Difference>> {
        self.only_old
            .iter()
            .chain(&self.only_new)
            .map(|d| d.clone_ref(py))
            .collect()
    }

    /// The limit that stopped the search before it covered every path, or None.
    #[getter]
    fn undecided(&self) -> Option<&'static str> {
        self.undecided
    }

    /// The comparison as a dict: `equivalent`, `differences` (`path`, `old`, `new`: `allowed`,
    /// `decision`, `line`, `rule`), `undecided` — as `robotspec compare --format json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.serialised.to_dict(py)
    }

    fn __repr__(&self) -> String {
        let answer = match self.equivalent {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!("<Equivalence equivalent={answer}>")
    }
}
