//! robotspec for Python: the extension module `robotspec._robotspec`, which the Python package
//! `robotspec` re-exports (python/robotspec/__init__.py).
//!
//! A thin layer over the robotspec crate, so that Python and the command line cannot drift
//! apart: every answer is the library's, every text is the library's `Display` (what the CLI
//! prints), every dict is the library's serde serialisation (what the CLI's `--format json`
//! prints). What the binding adds is the crossing:
//!
//! * `input` — Python values in, each kind read in one place (a variant name, a body, a URL, an
//!   agent, the reading options), with an exception naming the argument when one cannot be;
//! * `answers`, `parsed`, `robots` — the library's objects out, as Python classes that own
//!   their data;
//! * the interpreter released where Rust works long: the batch calls and large bodies.
//!
//! No code here panics (no `unwrap`, no indexing), so no panic can reach Python; every library
//! error becomes a Python exception.

mod analysis;
mod answers;
mod input;
mod lint;
mod objects;
// Corpus studies (issue 15): the access policy and grid calls.
mod access;
mod grid;
mod parsed;
mod robots;

use pyo3::prelude::*;
use robotspec::diff::Comparer;

use answers::Comparison;

/// `work` on `bytes`, with the interpreter released when `bytes` is large
/// ([`input::DETACH_BYTES`]), so that other Python threads run while a big file is read.
fn run_detached_if_large<T: Send>(
    py: Python<'_>,
    bytes: &[u8],
    work: impl FnOnce(&[u8]) -> T + Send,
) -> T {
    if bytes.len() >= input::DETACH_BYTES {
        py.detach(|| work(bytes))
    } else {
        work(bytes)
    }
}

/// Every variant's verdict for `agent` on `url`, with the reason wherever two disagree.
/// `variants` is a list of names (variants or composed readings), or one comma-separated str;
/// default: all five variants, in `VARIANTS` order. Each reads `body` leniently with the
/// default limits.
///
/// >>> body = b"User-Agent: foobot\nAllow: /page/\nDisallow: /page/x.gif\n"
/// >>> comparison = diff(body, "foobot", "/page/x.gif")
/// >>> comparison.disagrees
/// True
/// >>> [(a["variant"], a["allowed"]) for a in comparison.answers][:2]
/// [('convention-1994', False), ('draft-1996', True)]
#[pyfunction]
#[pyo3(signature = (body, agent, url, variants = None))]
fn diff(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    agent: &Bound<'_, PyAny>,
    url: &Bound<'_, PyAny>,
    variants: Option<&Bound<'_, PyAny>>,
) -> PyResult<Comparison> {
    let body = input::body(body)?;
    let agents = input::agent(agent)?;
    let url = input::text(url, "url")?;
    let variants = input::variants(variants)?;
    let compare = |bytes: &[u8]| Comparer::new(bytes, &variants).compare_query(&agents, &url);
    Comparison::of(py, &run_detached_if_large(py, body.as_bytes(), compare))
}

/// robots.txt in every form it has had — 1994, the 1996 draft, the 2019 draft, RFC 9309 and
/// Google's reading — parsed strictly or leniently, with explained verdicts.
#[pymodule]
mod _robotspec {
    use pyo3::prelude::*;
    use pyo3::types::{PyDict, PyTuple};
    use robotspec::{Limit, Profile, Variant};

    #[pymodule_export]
    use super::analysis::{Analysis, DeadRule, Difference, Equivalence, Witness};
    #[pymodule_export]
    use super::answers::{Comparison, Explanation, Usage, Verdict};
    #[pymodule_export]
    use super::diff;
    #[pymodule_export]
    use super::input::AgentError;
    #[pymodule_export]
    use super::lint::{lint, Finding};
    #[pymodule_export]
    use super::parsed::{google_report, parse, Diagnostic, Parsed, StrictError};
    #[pymodule_export]
    use super::robots::Robots;
    // Corpus studies (issue 15).
    #[pymodule_export]
    use super::access::{redirect_target, Access};
    #[pymodule_export]
    use super::grid::diff_many;

    #[pymodule_init]
    fn init(module: &Bound<'_, PyModule>) -> PyResult<()> {
        let py = module.py();
        let variants = Variant::ALL.iter().map(|v| v.name());
        let limits = Limit::ALL.iter().map(|l| l.name());
        module.add("VARIANTS", PyTuple::new(py, variants)?)?;
        module.add("LIMITS", PyTuple::new(py, limits)?)?;
        let settings = PyDict::new(py);
        for setting in Profile::settings() {
            let choices = setting.choices().into_iter().map(|(name, _)| name);
            settings.set_item(setting.name(), PyTuple::new(py, choices)?)?;
        }
        module.add("SETTINGS", settings)?;
        module.add("DEFAULT_VARIANT", super::input::DEFAULT_VARIANT)?;
        Ok(())
    }
}
