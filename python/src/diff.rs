//! `robotspec.diff`: where the variants disagree on one query, and `robotspec.diff_many`: the
//! same over a grid of agents and URLs for one body, each variant reading the body once.
//!
//! `diff` parses the body once per variant for one query; a corpus study asks a dozen agents
//! about a few paths for each file, so the grid form parses once and compares every query,
//! with the interpreter released while it does.

use pyo3::prelude::*;
use robotspec::diff::Comparer;

use crate::answers::Comparison;
use crate::detach::run_detached_if_large;
use crate::input;

/// Every reading's verdict for `agent` on `url`, with the reason wherever two disagree.
/// `profiles` is a list of names (variants or composed readings), or one comma-separated str;
/// default: all five variants, in `VARIANTS` order (`variants=`, its former name, still works
/// and warns). Each reads `body` leniently with the default limits.
///
/// >>> body = b"User-Agent: foobot\nAllow: /page/\nDisallow: /page/x.gif\n"
/// >>> comparison = diff(body, "foobot", "/page/x.gif")
/// >>> comparison.disagrees
/// True
/// >>> [(a["variant"], a["allowed"]) for a in comparison.answers][:2]
/// [('convention-1994', False), ('draft-1996', True)]
#[pyfunction]
#[pyo3(signature = (body, agent, url, profiles = None, *, variants = None))]
pub(crate) fn diff(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    agent: &Bound<'_, PyAny>,
    url: &Bound<'_, PyAny>,
    profiles: Option<&Bound<'_, PyAny>>,
    variants: Option<&Bound<'_, PyAny>>,
) -> PyResult<Comparison> {
    let body = input::body(body)?;
    let agents = input::agent(agent)?;
    let url = input::text(url, "url")?;
    let profiles = input::profiles(py, profiles, variants)?.unwrap_or_else(input::every_variant);
    let compare = |bytes: &[u8]| Comparer::new(bytes, &profiles).compare_query(&agents, &url);
    Comparison::of(py, &run_detached_if_large(py, body.as_bytes(), compare))
}

/// Every reading's verdict for each agent of `agents` on each URL of `urls` (agents outer, URLs
/// inner), with the reason wherever two disagree: one `Comparison` per query, as `diff` gives
/// it, but each reading reads `body` once for the whole grid. `profiles` as for `diff`.
///
/// >>> body = b"User-Agent: foobot\nAllow: /page/\nDisallow: /page/x.gif\n"
/// >>> grid = diff_many(body, ["foobot", "other"], ["/page/x.gif"], ["draft-1996", "google"])
/// >>> [c.verdicts for c in grid]
/// [{'draft-1996': True, 'google': False}, {'draft-1996': True, 'google': True}]
#[pyfunction]
#[pyo3(signature = (body, agents, urls, profiles = None, *, variants = None))]
pub(crate) fn diff_many(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    agents: &Bound<'_, PyAny>,
    urls: &Bound<'_, PyAny>,
    profiles: Option<&Bound<'_, PyAny>>,
    variants: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Comparison>> {
    let body = input::body(body)?;
    let agents = input::agents(agents)?;
    let urls = input::texts(urls, "urls")?;
    let profiles = input::profiles(py, profiles, variants)?.unwrap_or_else(input::every_variant);
    let bytes = body.as_bytes();
    let compared = py.detach(|| {
        let comparer = Comparer::new(bytes, &profiles);
        let mut out = Vec::with_capacity(agents.len() * urls.len());
        for agent in &agents {
            for url in &urls {
                out.push(comparer.compare_query(agent, url));
            }
        }
        out
    });
    compared
        .iter()
        .map(|comparison| Comparison::of(py, comparison))
        .collect()
}
