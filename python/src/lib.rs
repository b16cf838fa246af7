//! robotspec for Python: the extension module `robotspec._robotspec`, which the Python package
//! `robotspec` re-exports (python/robotspec/__init__.py).
//!
//! A thin layer over the robotspec crate, so that Python and the command line cannot drift
//! apart: every answer is the library's, every text is the library's `Display` (what the CLI
//! prints), every dict is the library's serde serialisation (what the CLI's `--format json`
//! prints). What the binding adds is the crossing:
//!
//! * `input` — Python values in, each kind read in one place (a profile name, a body, a URL, an
//!   agent, the reading options), with an exception naming the argument when one cannot be;
//! * `answers`, `parsed`, `robots` — the library's objects out, as Python classes that own
//!   their data;
//! * the interpreter released where Rust works long: the batch calls and large bodies
//!   (`detach`).
//!
//! This file is the module's face: it declares the modules and hands their classes and
//! functions to Python, and defines nothing they import.
//!
//! No code here panics (no `unwrap`, no indexing), so no panic can reach Python; every library
//! error becomes a Python exception.

// The floors, from the ground up (docs/architecture.md, "The binding's stack"): a module
// imports only from its own floor or those below; this file only declares them and hands
// their classes and functions to Python.
mod columns;
mod detach;
mod input;
mod objects;

mod answers;

mod analysis;
mod parsed;

// Corpus studies (issue 15): the access policy and the grid calls (`Access`, `diff_many`).
mod access;
mod diff;
mod lint;
mod robots;

// The study's batch call (issue 35): a batch of captures in, Arrow columns out.
mod study;

use pyo3::prelude::*;

/// The module's Rust allocations come from mimalloc, not the C library's malloc. A study's
/// batch makes and drops millions of small values (parses, answers, search nodes): with
/// glibc's allocator, its malloc, free and the page faults of returning memory to the system
/// were in a quarter of the call's samples (docs/performance.md, "The binding's allocator").
/// Python's own objects keep Python's allocator; nothing allocated on one side is freed on the
/// other.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    use super::diff::{diff, diff_many};
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
    use super::access::{redirect_target, robots_txt_url, Access};

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
        // The study's batch call and the bytes it keeps of a body (issue 35), private to
        // robotspec.study: set as attributes, not added, so that they stay out of `__all__`
        // and the stubs.
        let analyse = wrap_pyfunction!(super::study::analyse_captures, module)?;
        module.setattr("_analyse_captures", analyse)?;
        let parsed_bytes = wrap_pyfunction!(super::study::parsed_bytes, module)?;
        module.setattr("_parsed_bytes", parsed_bytes)?;
        Ok(())
    }
}
