//! `robotspec.Robots`: a parsed robots.txt file, ready to answer queries.
//!
//! It holds the library's `Robots` (which keeps the model, not the input, and compiles a group's
//! rules once testing them one by one has cost as much, or at once for a batch call) and is
//! shared freely between Python threads: the library's object is `Send + Sync`. The batch calls (`is_allowed_many`, `check_many`) read their arguments, then
//! answer with the interpreter released, so other threads run meanwhile; a large body is parsed
//! released too.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use robotspec::Robots as Library;

use crate::analysis::{searched, searched_analysis, Analysis, Equivalence};
use crate::answers::{self, Explanation, Usage, Verdict};
use crate::detach::run_detached_if_large;
use crate::input::{self, ReadingArgs};
use crate::parsed::strict_error;

/// A parsed robots.txt file: parse once, ask many times, and know why.
///
/// `body` is the file: bytes as fetched (any bytes: invalid UTF-8, NULs and stray byte order
/// marks are read as the variant reads them) or a str (encoded as UTF-8). `profile` names the
/// reading: one of `robotspec.VARIANTS` (the default, "google", is the command line's) or a
/// composed reading, a variant with single decisions changed
/// ("rfc9309+agent-matching=substring"; `robotspec.SETTINGS`); `variant=`, its former name,
/// still works and warns that it is deprecated. Lenient mode
/// never fails; `mode="strict"` raises `StrictError` when the file breaks the variant's
/// grammar. `collect="all"` runs the grammar checks, so that `diagnostics` holds every finding;
/// the default, `collect="limits"`, collects only what a limit cut, as the command line's
/// `check` does (the library's `Collect`; `lint=True`, its former name, still works and warns
/// that it is deprecated). The limits
/// (`robotspec.LIMITS`: `input_bytes=`, `groups=`, `rules_per_group=`, …) are keyword
/// arguments; what a limit cuts is reported in `diagnostics`.
///
/// An agent is a product token ("Googlebot"), several comma-separated, most specific first
/// ("Googlebot-Image, Googlebot"), or a whole User-Agent header, whose product token is used.
/// A URL is a full URL or a path ("/a?b").
///
/// >>> robots = Robots(b"User-agent: *\nDisallow: /private\nAllow: /private/press\n")
/// >>> robots.is_allowed("FooBot", "https://example.com/private/plans.html")
/// False
/// >>> robots.is_allowed_many("FooBot", ["/", "/private/x", "/private/press/2026"])
/// [True, False, True]
/// >>> str(robots.check("FooBot", "/private/x"))
/// 'disallowed by line 2: Disallow: /private [`*` group at line 1]'
#[pyclass(frozen, name = "Robots", module = "robotspec")]
pub(crate) struct Robots {
    inner: Library,
}

#[pymethods]
impl Robots {
    #[new]
    #[pyo3(
        signature = (body, profile = None, *, variant = None, mode = "lenient", collect = None, lint = None, drop_invalid_utf8 = false, **limits),
        text_signature = "(body, profile='google', *, variant=None, mode='lenient', collect=None, lint=None, drop_invalid_utf8=False, **limits)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        body: &Bound<'_, PyAny>,
        profile: Option<&str>,
        variant: Option<&str>,
        mode: &str,
        collect: Option<&str>,
        lint: Option<bool>,
        drop_invalid_utf8: bool,
        limits: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Robots> {
        let body = input::body(body)?;
        let profile = input::profile(py, profile, variant)?;
        let options = ReadingArgs {
            mode,
            collect: input::collect(py, collect, lint)?,
            drop_invalid_utf8,
            limits,
        }
        .options()?;
        let parse = |bytes: &[u8]| Library::parse_with(bytes, profile, &options);
        let parsed = run_detached_if_large(py, body.as_bytes(), parse);
        parsed
            .map(|inner| Robots { inner })
            .map_err(|rejected| strict_error(py, &rejected))
    }

    /// The reading that read the file: its variant's name, or a composed reading's
    /// (`rfc9309+agent-matching=substring`).
    #[getter]
    fn profile(&self) -> String {
        self.inner.profile().name()
    }

    /// May `agent` fetch `url`?
    ///
    /// >>> Robots(b"User-agent: *\nDisallow: /x\n").is_allowed("bot", "/x/y")
    /// False
    fn is_allowed(&self, agent: &Bound<'_, PyAny>, url: &Bound<'_, PyAny>) -> PyResult<bool> {
        let agents = input::agent(agent)?;
        let url = input::text(url, "url")?;
        Ok(self.inner.applicable(&agents).is_allowed(&url))
    }

    /// May `agent` fetch each of `urls` (any iterable of str)? One bool per URL, in order; the
    /// interpreter is released while they are answered.
    ///
    /// >>> Robots(b"User-agent: *\nDisallow: /x\n").is_allowed_many("bot", ["/x", "/y"])
    /// [False, True]
    fn is_allowed_many(
        &self,
        py: Python<'_>,
        agent: &Bound<'_, PyAny>,
        urls: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<bool>> {
        let agents = input::agent(agent)?;
        let urls = input::texts(urls, "urls")?;
        let applicable = self.inner.applicable(&agents);
        Ok(py.detach(|| applicable.is_allowed_many(&urls)))
    }

    /// The verdict for `agent` and `url`: allowed or not, the deciding rule and the groups used.
    ///
    /// >>> verdict = Robots(b"User-agent: *\nDisallow: /x\n").check("bot", "/x/y")
    /// >>> verdict.allowed, verdict.line, verdict.rule, verdict.groups
    /// (False, 2, 'Disallow: /x', [1])
    fn check(&self, agent: &Bound<'_, PyAny>, url: &Bound<'_, PyAny>) -> PyResult<Verdict> {
        let agents = input::agent(agent)?;
        let url = input::text(url, "url")?;
        Verdict::of(&self.inner.check_query(&agents, &url))
    }

    /// The verdict for each of `urls`, in order; the interpreter is released while they are
    /// answered.
    fn check_many(
        &self,
        py: Python<'_>,
        agent: &Bound<'_, PyAny>,
        urls: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Verdict>> {
        let agents = input::agent(agent)?;
        let urls = input::texts(urls, "urls")?;
        let applicable = self.inner.applicable(&agents);
        py.detach(|| {
            applicable
                .check_many(&urls)
                .iter()
                .map(Verdict::of)
                .collect()
        })
    }

    /// The verdict with every matching rule of the applied groups, in priority order, and why
    /// the winner won; `str()` of it is the command line's `explain` text.
    fn explain(
        &self,
        py: Python<'_>,
        agent: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<Explanation> {
        let agents = input::agent(agent)?;
        let url = input::text(url, "url")?;
        Explanation::of(py, &self.inner.explain(&agents, &url))
    }

    /// The usage preferences (Content-Usage, Content-Signal) that apply to `url` for `agent`.
    fn usage(
        &self,
        py: Python<'_>,
        agent: &Bound<'_, PyAny>,
        url: &Bound<'_, PyAny>,
    ) -> PyResult<Usage> {
        let agents = input::agent(agent)?;
        let url = input::text(url, "url")?;
        Usage::of(py, &self.inner.usage(&agents, &url))
    }

    /// The exact analysis of `agent`'s rules over every URL — every request path but
    /// `/robots.txt`, decided on the automata, never by sampling (docs/analysis.md): how much of
    /// the site they block (`blocked`), the shortest allowed and disallowed paths with the rules
    /// that decide them, and the rules that never decide anything. `agent` None: a crawler no
    /// group names (the `*` groups). The interpreter is released while it runs; the
    /// `analysis_states` limit bounds it (past it the answer says `undecided`, never a guess).
    ///
    /// >>> robots = Robots(b"User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /private\n")
    /// >>> robots.analyze().blocked, robots.analyze("GPTBot").blocked
    /// ('all', 'some')
    /// >>> str(robots.analyze("GPTBot").disallowed_example)
    /// '/private: disallowed by line 5: Disallow: /private'
    #[pyo3(signature = (agent = None))]
    fn analyze(&self, py: Python<'_>, agent: Option<&Bound<'_, PyAny>>) -> PyResult<Analysis> {
        let agents = agent.map(input::agent).transpose()?;
        let applicable = match &agents {
            Some(agents) => self.inner.applicable(agents),
            None => self.inner.unnamed(),
        };
        let analysis = py.detach(|| searched_analysis(robotspec::analysis::analyze(&applicable)));
        Analysis::of(py, &analysis)
    }

    /// `analyze` for each crawler of `agents` (an iterable of str, None for a crawler no group
    /// names), in order. Crawlers whose rules say the same — a bad-bot list's hundred groups of
    /// `Disallow: /` — are analysed once, each answer naming its own rules' lines: with
    /// `named_agents + [None]`, every crawler whose answers can differ, at the cost of the
    /// distinct rule sets. Released and bounded as `analyze` is.
    ///
    /// >>> robots = Robots(b"User-agent: a\nDisallow: /\n\nUser-agent: b\nDisallow: /\n")
    /// >>> [(a.blocked, a.disallowed_example and a.disallowed_example.line)
    /// ...  for a in robots.analyze_each(robots.named_agents + [None])]
    /// [('all', 2), ('all', 5), ('none', None)]
    fn analyze_each(&self, py: Python<'_>, agents: &Bound<'_, PyAny>) -> PyResult<Vec<Analysis>> {
        let crawlers = input::crawlers(agents)?;
        let applicables: Vec<robotspec::Applicable<'_>> = crawlers
            .iter()
            .map(|crawler| match crawler {
                Some(agents) => self.inner.applicable(agents),
                None => self.inner.unnamed(),
            })
            .collect();
        let analyses = py.detach(|| {
            let analyses = robotspec::analysis::analyze_each(&applicables);
            analyses
                .into_iter()
                .map(searched_analysis)
                .collect::<Vec<_>>()
        });
        analyses.iter().map(|a| Analysis::of(py, a)).collect()
    }

    /// Whether `other` — another file, or this file read another way (`Robots(body,
    /// "rfc9309").compare(Robots(body, "google"))`) — allows `agent` exactly the same URLs as
    /// this one, over every request path; if not, the shortest path each allows alone, with
    /// both sides' deciding rules. `agent` None: a crawler no group names. Released and
    /// bounded as `analyze` is (the smaller of the two files' `analysis_states`).
    ///
    /// >>> old = Robots(b"User-agent: *\nDisallow: /private\n")
    /// >>> new = Robots(b"User-agent: *\nDisallow: /private\nAllow: /private/press\n")
    /// >>> change = old.compare(new, "FooBot")
    /// >>> change.equivalent, change.allowed_only_by_new.path, change.allowed_only_by_old
    /// (False, '/private/press', None)
    #[pyo3(signature = (other, agent = None))]
    fn compare(
        &self,
        py: Python<'_>,
        other: &Bound<'_, Robots>,
        agent: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Equivalence> {
        let agents = agent.map(input::agent).transpose()?;
        let other = &other.get().inner;
        let (old, new) = match &agents {
            Some(agents) => (self.inner.applicable(agents), other.applicable(agents)),
            None => (self.inner.unnamed(), other.unnamed()),
        };
        let equivalence = py.detach(|| searched(robotspec::analysis::compare(&old, &new)));
        Equivalence::of(py, &equivalence)
    }

    /// Every agent token the groups name, as the reading reads them, lower-cased, each once, in
    /// file order: with None (a crawler no group names), the crawlers whose answers can differ.
    ///
    /// >>> Robots(b"User-agent: FooBot\nUser-agent: *\nDisallow: /\n").named_agents
    /// ['foobot']
    #[getter]
    fn named_agents(&self) -> Vec<String> {
        robotspec::analysis::named_agents(&self.inner)
    }

    /// The groups that apply to `agent`, as a dict: `agent` (the token they name, `"*"`, or
    /// None), `groups` (as in `Robots.groups`) and `crawl_delay` (seconds or None).
    fn applicable<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let agents = input::agent(agent)?;
        answers::to_python(py, &self.inner.applicable(&agents))
    }

    /// The first Crawl-delay of the groups that apply to `agent`, in seconds; None when there
    /// is none that is a number. No variant defines it (Google ignores it).
    ///
    /// >>> Robots(b"User-agent: *\nCrawl-delay: 2.5\n").crawl_delay("bot")
    /// 2.5
    fn crawl_delay(&self, agent: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        let agents = input::agent(agent)?;
        let delay = self.inner.applicable(&agents).crawl_delay();
        Ok(delay.map(|d| d.as_secs_f64()))
    }

    /// The first Request-rate of the groups that apply to `agent`, as (requests, seconds);
    /// None when there is none.
    fn request_rate(&self, agent: &Bound<'_, PyAny>) -> PyResult<Option<(u32, f64)>> {
        let agents = input::agent(agent)?;
        let rate = self.inner.applicable(&agents).request_rate();
        Ok(rate.map(|(requests, period)| (requests, period.as_secs_f64())))
    }

    /// Every group in file order, as dicts: `line`, `agents` (`{"line", "agent"}`), `rules`
    /// (`{"line", "kind", "text", "pattern", "origin"}`) and `records`.
    #[getter]
    fn groups<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let groups: Vec<_> = self.inner.groups().collect();
        answers::to_python(py, &groups)
    }

    /// The Sitemap URLs, as written, in file order.
    ///
    /// >>> Robots(b"Sitemap: https://example.com/sitemap.xml\n").sitemaps
    /// ['https://example.com/sitemap.xml']
    #[getter]
    fn sitemaps(&self) -> Vec<String> {
        self.inner
            .sitemaps()
            .map(|sitemap| String::from_utf8_lossy(sitemap.url).into_owned())
            .collect()
    }

    /// The records of the file rather than of a group (those outside every group, and
    /// file-wide extensions such as Host), as dicts: `line`, `key`, `value`, `extension`,
    /// `typed`, `error`. A group's own records are in `groups`.
    #[getter]
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let records: Vec<_> = self.inner.file_records().collect();
        answers::to_python(py, &records)
    }

    /// What the reading found, in input order (`robotspec.Diagnostic`): what a limit cut, and
    /// with `collect="all"` or in strict mode every finding of the grammar checks.
    #[getter]
    fn diagnostics(&self, py: Python<'_>) -> PyResult<Vec<Py<crate::parsed::Diagnostic>>> {
        crate::parsed::diagnostics(py, self.inner.diagnostics())
    }

    /// The file as the profile reads it, as a dict: `variant` (the profile's name, as the
    /// command line's JSON names it), `groups`, `sitemaps`, `records`,
    /// `ignored_rules` (lines of rules outside every group) and `diagnostics`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        answers::to_python(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Robots profile={} groups={} rules={}>",
            self.inner.profile(),
            self.inner.groups().len(),
            self.inner.rules().len()
        )
    }
}
