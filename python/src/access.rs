//! `robotspec.Access`: what one fetch of robots.txt means under a variant's access policy, and
//! the grid calls a corpus study makes on it.
//!
//! A study holds captures — a status code, headers and a body, as a crawl archive stores them —
//! not parsed files. What a crawler may do with a capture depends on the variant twice: its
//! access policy turns the status code into "obey the rules", "allow all", "disallow all" or
//! "unreachable" (docs/access.md), and its reading of the body gives the rules. `Access` wraps
//! the library's `robotspec::access::evaluate`, so both come from the library, and answers a
//! whole grid of (agent, URL) queries, how much of the site is blocked for several agents
//! (`robotspec::analysis::Blocked`, the word the analysis answers in too), or where two
//! variants' rules part for several agents, in one call with the interpreter released: a Spark
//! task asks ~100 questions per capture, and one crossing per capture instead of one per
//! question is most of the speed of the study.
//!
//! `redirect_target` is the library's test of whether a response is a redirect a fetcher
//! follows (and where to): an archive stores each hop as its own capture. `robots_txt_url` is
//! the library's scope: the robots.txt that governs a URL, whose scheme and authority are the
//! site a study's history follows.

use std::sync::Arc;
use std::time::SystemTime;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use robotspec::access::blocking::Blocking;
use robotspec::access::{self, AccessOptions, FetchOutcome, HeaderMap, HeaderName, HeaderValue};
use robotspec::{AgentQuery, Verdict as LibraryVerdict};

use crate::analysis::{searched, Equivalence};
use crate::answers::{self, Verdict};
use crate::detach::run_detached_if_long;
use crate::input;

/// One answer of `Access.answers`: allowed, the deciding rule's line and text, and the agent
/// token whose groups applied (`"*"` for the `*` groups; None when no group applies or the
/// access state decided without rules).
pub(crate) type Answer = (bool, Option<u32>, Option<String>, Option<String>);

/// What a fetch of robots.txt means for crawling under one reading: the library's access
/// policy (docs/access.md) applied to a status code, headers and a body. `profile` names the
/// reading, as for `Robots` (`variant=`, its former name, still works and warns).
///
/// `status` is the HTTP status code of the response, an int from 0 to 65535 (another is a
/// `ValueError`: a crawl's `-1` for "no response" is None here), or None when no response came
/// (then `failure` says why: a network error, which every variant treats as unreachable). A
/// 2xx body is parsed by the variant (only its first `size_limit` bytes: 512,000 by default,
/// the policy's); any other status decides by itself, whatever the body. `headers` (a
/// mapping, or pairs of str) feed the lifetime (`Cache-Control`, `Expires`, `Date`, `Age`,
/// `Retry-After`; dates in any of the three HTTP-date forms); a pair that is no valid header
/// (a name that is not a token, a value with a control character or a lone surrogate) is left
/// out, as an HTTP client refuses it. A redirect status reaches the policy as a status it
/// leaves undefined (unreachable): a fetcher follows redirects first (`redirect_target`).
///
/// >>> Access(403, profile="draft-1996").state, Access(403, profile="rfc9309").state
/// ('disallow-all', 'allow-all')
/// >>> access = Access(200, b"User-agent: *\nDisallow: /private\n", "rfc9309")
/// >>> access.state, access.allows("FooBot", "/private/x")
/// ('rules', False)
/// >>> access.answers(["FooBot"], ["/", "/private/x"])
/// [(True, None, None, '*'), (False, 2, 'Disallow: /private', '*')]
/// >>> Access(503).allows("FooBot", "/")
/// False
#[pyclass(frozen, name = "Access", module = "robotspec")]
pub(crate) struct Access {
    inner: access::Access,
    status: Option<u16>,
    body_bytes: usize,
}

impl Access {
    /// What is blocked for each agent, with witnesses (the library's `Access::blocking_each`:
    /// agents to whom the same groups apply share one analysis).
    fn blocking_of(&self, agents: &[Arc<AgentQuery>]) -> Vec<Blocking> {
        self.inner
            .blocking_each(agents.iter().map(|agent| &**agent))
    }
}

#[pymethods]
impl Access {
    #[new]
    #[pyo3(
        signature = (status, body = None, profile = None, *, variant = None, headers = None, failure = None, size_limit = None),
        text_signature = "(status, body=None, profile='google', *, variant=None, headers=None, failure=None, size_limit=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        status: Option<&Bound<'_, PyAny>>,
        body: Option<&Bound<'_, PyAny>>,
        profile: Option<&str>,
        variant: Option<&str>,
        headers: Option<&Bound<'_, PyAny>>,
        failure: Option<&str>,
        size_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Access> {
        let status = status.map(input::status).transpose()?;
        let size_limit = size_limit
            .map(|limit| input::whole_number(limit, "size_limit", usize::MAX))
            .transpose()?;
        let profile = input::profile(py, profile, variant)?;
        let body = match body {
            Some(value) if !value.is_none() => input::body(value)?.as_bytes().to_vec(),
            _ => Vec::new(),
        };
        let body_bytes = body.len();
        let outcome = match (status, failure) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "give a status (a response came) or a failure (none came), not both",
                ))
            }
            (Some(status), None) => FetchOutcome::Response {
                status,
                headers: header_map(headers)?,
                body,
            },
            (None, failure) => FetchOutcome::NetworkError {
                message: failure.unwrap_or("no response").to_owned(),
            },
        };
        let mut options = AccessOptions::default();
        if let Some(bytes) = size_limit {
            options = options.with_size_limit(bytes);
        }
        let evaluate = || access::evaluate(profile, &outcome, SystemTime::now(), &options);
        let inner = run_detached_if_long(py, body_bytes, evaluate);
        Ok(Access {
            inner,
            status,
            body_bytes,
        })
    }

    /// The reading whose policy decided: a variant's name, or a composed reading's.
    #[getter]
    fn profile(&self) -> String {
        self.inner.profile.name()
    }

    /// The status code given, or None when no response came.
    #[getter]
    fn status(&self) -> Option<u16> {
        self.status
    }

    /// `"rules"` (obey the parsed file), `"allow-all"`, `"disallow-all"` or `"unreachable"`
    /// (no answer: crawl nothing, fetch again later).
    #[getter]
    fn state(&self) -> &'static str {
        self.inner.state.name()
    }

    /// Why, in words: `"403: access to the file refused"`, `"200: the file is obeyed"`, …
    #[getter]
    fn reason(&self) -> String {
        self.inner.reason.to_string()
    }

    /// How long the answer holds, in seconds.
    #[getter]
    fn lifetime(&self) -> f64 {
        self.inner.lifetime.as_secs_f64()
    }

    /// Where the lifetime came from: `default`, `max-age`, `expires`, `capped`, `retry`,
    /// `no-store` or `no-cache`.
    #[getter]
    fn lifetime_source(&self) -> &'static str {
        self.inner.lifetime_source.name()
    }

    /// Every diagnostic: the policy's (`size-limit`), then the parse's (all the grammar
    /// checks' findings, as warnings).
    #[getter]
    fn diagnostics(&self, py: Python<'_>) -> PyResult<Vec<Py<crate::parsed::Diagnostic>>> {
        let all: Vec<robotspec::Diagnostic> = self.inner.all_diagnostics().cloned().collect();
        crate::parsed::diagnostics(py, &all)
    }

    /// May `agent` crawl `url`? Rules decide under `"rules"`; otherwise `"allow-all"` says
    /// yes and the other states say no.
    fn allows(&self, agent: &Bound<'_, PyAny>, url: &Bound<'_, PyAny>) -> PyResult<bool> {
        let agents = input::agent(agent)?;
        let url = input::text(url, "url")?;
        Ok(self.inner.allows(&agents, &url))
    }

    /// The rules' verdict for `agent` and `url` when the state is `"rules"`; None when the
    /// state decides by itself.
    fn check(&self, agent: &Bound<'_, PyAny>, url: &Bound<'_, PyAny>) -> PyResult<Option<Verdict>> {
        let agents = input::agent(agent)?;
        let url = input::text(url, "url")?;
        match self.inner.robots() {
            Some(robots) => Verdict::of(&robots.check_query(&agents, &url)).map(Some),
            None => Ok(None),
        }
    }

    /// Every agent of `agents` asked about every URL of `urls` (agents outer, URLs inner): one
    /// tuple per query, `(allowed, line, rule, group_agent)` — the deciding rule's line and
    /// text as `Verdict.line` and `Verdict.rule` give them, and the agent token whose groups
    /// applied (`"*"` for the `*` groups, None when no group applies). Without rules (a state
    /// other than `"rules"`) the state decides and the last three are None. The interpreter
    /// is released while the queries are answered.
    fn answers(
        &self,
        py: Python<'_>,
        agents: &Bound<'_, PyAny>,
        urls: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Answer>> {
        let agents = input::agents(agents)?;
        let urls = input::texts(urls, "urls")?;
        let inner = &self.inner;
        Ok(py.detach(|| {
            let mut out = Vec::with_capacity(agents.len() * urls.len());
            for agent in &agents {
                // The agent's groups are looked up once for all the URLs.
                match inner.robots().map(|robots| robots.applicable(agent)) {
                    Some(applicable) => {
                        out.extend(applicable.check_many(&urls).iter().map(answer));
                    }
                    None => out.extend(
                        urls.iter()
                            .map(|url| (inner.allows(agent, url), None, None, None)),
                    ),
                }
            }
            out
        }))
    }

    /// How much of the site is blocked for each agent of `agents`, one word per agent, decided
    /// exactly over every request path but `/robots.txt` (the library's analysis,
    /// docs/analysis.md; docs/study.md) — the words of `Analysis.blocked`:
    ///
    /// * `"all"`: the state is `"disallow-all"`, or under `"rules"` every path is disallowed;
    /// * `"none"`: the state is `"allow-all"`, or under `"rules"` every path is allowed;
    /// * `"some"`: under `"rules"`, some paths are allowed and others disallowed;
    /// * `"unreachable"`: the state is `"unreachable"` (crawl nothing for now);
    /// * `"undecided"`: under `"rules"`, the analysis reached its limit (`analysis_states`)
    ///   before it could tell.
    ///
    /// Agents to whom the same groups apply share one analysis. The interpreter is released.
    ///
    /// >>> body = b"User-agent: *\nDisallow: /\nAllow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n"
    /// >>> Access(200, body, "rfc9309").blocked(["GPTBot", "FooBot", "*"])
    /// ['all', 'some', 'some']
    fn blocked(&self, py: Python<'_>, agents: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
        let agents = input::agents(agents)?;
        let found = py.detach(|| self.blocking_of(&agents));
        Ok(found.iter().map(|b| b.blocked.name()).collect())
    }

    /// What is blocked for `agent`, with witnesses: `(blocked, disallowed, allowed)`, the word
    /// of `blocked` and the shortest path the agent may not fetch and the shortest it may (None
    /// when there is none, or when the state decided without rules) — the library's
    /// `Access::blocking`. The interpreter is released.
    ///
    /// >>> body = b"User-agent: *\nDisallow: /\nAllow: /blog/\n"
    /// >>> Access(200, body, "rfc9309").blocking("FooBot")
    /// ('some', '/', '/blog/')
    fn blocking(&self, py: Python<'_>, agent: &Bound<'_, PyAny>) -> PyResult<Witnessed> {
        let agent = input::agent(agent)?;
        Ok(witnessed(py.detach(|| self.inner.blocking(&agent))))
    }

    /// `blocking` for each agent of `agents`, in order — the library's `Access::blocking_each`:
    /// agents to whom the same groups apply share one analysis. The interpreter is released.
    ///
    /// >>> body = b"User-agent: *\nDisallow: /\nAllow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n"
    /// >>> Access(200, body, "rfc9309").blocking_each(["FooBot", "GPTBot"])
    /// [('some', '/', '/blog/'), ('all', '/', None)]
    fn blocking_each(&self, py: Python<'_>, agents: &Bound<'_, PyAny>) -> PyResult<Vec<Witnessed>> {
        let agents = input::agents(agents)?;
        let found = py.detach(|| self.blocking_of(&agents));
        Ok(found.into_iter().map(witnessed).collect())
    }

    /// For each agent of `agents`, where this result's rules and `other`'s part (another
    /// variant's reading of the same capture, usually): the library's exact comparison over
    /// every request path (`Robots.compare`), an `Equivalence` whose differences are the
    /// shortest path allowed only by this side and the shortest allowed only by `other`; None
    /// when the state of either is not `"rules"` (the status code decided: there are no rules
    /// to compare). Agents to whom the same groups apply on both sides share one comparison;
    /// the interpreter is released.
    ///
    /// >>> body = b"User-agent: *\n\nDisallow: /private\n"
    /// >>> [e.allowed_only_by_old.path for e in Access(200, body, "draft-1996").compare(Access(200, body, "rfc9309"), ["FooBot"])]
    /// ['/private']
    fn compare(
        &self,
        py: Python<'_>,
        other: &Bound<'_, Access>,
        agents: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Option<Equivalence>>> {
        let agents = input::agents(agents)?;
        let (Some(old), Some(new)) = (rules(&self.inner), rules(&other.get().inner)) else {
            return Ok(agents.iter().map(|_| None).collect());
        };
        let found = py.detach(|| {
            let found = compare_each(old, new, &agents);
            found.into_iter().map(searched).collect::<Vec<_>>()
        });
        found
            .iter()
            .map(|equivalence| Equivalence::of(py, equivalence).map(Some))
            .collect()
    }

    /// The file as the variant read it, in figures, as a dict: `body_bytes` (the body given),
    /// `state`, `groups`, `rules`, `sitemaps` (URLs as written), `diagnostics` (code → count,
    /// every finding: the policy's `size-limit`, then the grammar checks'), `ignored_rules`
    /// (rules outside every group) and `extensions`: every record of an extension the variant
    /// knows (docs/extensions.md), as dicts `line`, `key`, `value`, `extension`, `group_line`
    /// (the first line of the group it is in, or None) and `error` (why its value is malformed,
    /// or None). Without rules, the counts are 0 and the lists empty.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let summary = PyDict::new(py);
        summary.set_item("body_bytes", self.body_bytes)?;
        // The library's figures (`Access::summary`), in its order after `body_bytes`.
        let figures = answers::to_python(py, &self.inner.summary())?;
        summary.update(figures.cast::<pyo3::types::PyMapping>()?)?;
        Ok(summary)
    }

    /// The result as a dict, the library's serialisation: `variant` (the profile's name, as the
    /// command line's JSON names it), `state`, `reason`, `lifetime` (`seconds`, `source`) and
    /// `diagnostics`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        answers::to_python(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Access profile={} state={} reason={:?}>",
            self.inner.profile,
            self.inner.state.name(),
            self.inner.reason.to_string()
        )
    }
}

/// The rules of `access`, when its state is that they decide.
pub(crate) fn rules(access: &access::Access) -> Option<&robotspec::Robots> {
    access
        .robots()
        .filter(|_| access.state == access::AccessState::Rules)
}

/// Where `old`'s rules and `new`'s part, for each agent of `agents`: the library's exact
/// comparison, its shortest differences not yet searched for (the caller asks for what it
/// needs, with the interpreter released). Agents to whom the same groups apply on both sides
/// share one comparison: a study asks about a dozen agents, most of them the `*` groups'.
pub(crate) fn compare_each<'a>(
    old: &'a robotspec::Robots,
    new: &'a robotspec::Robots,
    agents: &[Arc<AgentQuery>],
) -> Vec<robotspec::analysis::Equivalence<'a, 'a>> {
    let pairs: Vec<_> = agents
        .iter()
        .map(|agent| (old.applicable(agent), new.applicable(agent)))
        .collect();
    robotspec::analysis::compare_pairs(&pairs)
}

/// What is blocked for an agent, with its witnesses: (blocked, the shortest disallowed path, the
/// shortest allowed path) — the library's `Blocking`.
type Witnessed = (&'static str, Option<String>, Option<String>);

/// The library's `Blocking` as the tuple Python gets.
fn witnessed(blocking: Blocking) -> Witnessed {
    (
        blocking.blocked.name(),
        blocking.disallowed,
        blocking.allowed,
    )
}

/// Where a response to a request for `url` redirects to, when a fetcher follows it: status 301,
/// 302, 303, 307 or 308 with a `location` that resolves against `url` to an http or https URL
/// (the library's `access::redirect_target`). None otherwise — another status, no or an
/// unusable location — and the response is then the answer (docs/access.md).
///
/// >>> redirect_target(301, "https://example.com/robots.txt", "http://example.com/robots.txt")
/// 'https://example.com/robots.txt'
/// >>> redirect_target(302, "/elsewhere.txt", "http://example.com/robots.txt")
/// 'http://example.com/elsewhere.txt'
/// >>> redirect_target(200, "/x", "http://example.com/robots.txt") is None
/// True
#[pyfunction]
#[pyo3(signature = (status, location, url))]
pub(crate) fn redirect_target(
    status: &Bound<'_, PyAny>,
    location: Option<&str>,
    url: &str,
) -> PyResult<Option<String>> {
    let status = input::status(status)?;
    let current = url::Url::parse(url)
        .map_err(|e| PyValueError::new_err(format!("url is not an absolute URL ({e}): {url:?}")))?;
    Ok(access::redirect_target(status, location, &current).map(String::from))
}

/// The robots.txt URL that governs `url` (the library's `access::robots_txt_url`): its scheme,
/// host (lower-cased, an internationalised name as punycode by UTS 46, as the `url` crate and
/// browsers spell it) and port (none when it is the scheme's default), path `/robots.txt`, no
/// user, query or fragment. ValueError when `url` is not an absolute URL or has no host.
///
/// >>> robots_txt_url("HTTPS://user@WWW.Example.com:443/folder/page?q#f")
/// 'https://www.example.com/robots.txt'
/// >>> robots_txt_url("http://stra\u00dfe.example:8080/a")
/// 'http://xn--strae-oqa.example:8080/robots.txt'
#[pyfunction]
pub(crate) fn robots_txt_url(url: &Bound<'_, PyAny>) -> PyResult<String> {
    let url = input::text(url, "url")?;
    access::robots_txt_url(&url)
        .map(String::from)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One grid answer from the rules' verdict.
pub(crate) fn answer(verdict: &LibraryVerdict<'_>) -> Answer {
    let rule = verdict.rule();
    let applicable = verdict.applicable();
    let group_agent = match applicable.agent() {
        Some(agent) => Some(agent.to_string()),
        None if applicable.groups().next().is_some() => Some("*".to_owned()),
        None => None,
    };
    (
        verdict.allowed(),
        rule.map(|r| r.line()),
        rule.map(|r| r.to_string()),
        group_agent,
    )
}

/// Response headers as a map: None, a mapping (its `items()`), or an iterable of (name, value)
/// pairs of str. A pair an HTTP client would refuse — a name that is not a token, a value with
/// a control character — is left out: no client hands it over, and no header the policy reads
/// can be valid with it.
fn header_map(headers: Option<&Bound<'_, PyAny>>) -> PyResult<HeaderMap> {
    let Some(headers) = headers.filter(|h| !h.is_none()) else {
        return Ok(HeaderMap::new());
    };
    let pairs = if headers.hasattr("items")? {
        headers.call_method0("items")?
    } else {
        headers.clone()
    };
    let refuse = || {
        PyTypeError::new_err(
            "headers must be a mapping or an iterable of (name, value) pairs of str",
        )
    };
    let mut read = Vec::new();
    for pair in pairs.try_iter().map_err(|_| refuse())? {
        let pair: (Bound<'_, PyString>, Bound<'_, PyString>) =
            pair?.extract().map_err(|_| refuse())?;
        read.extend(input::header_pair(&pair));
    }
    Ok(header_map_of(&read))
}

/// The pairs an HTTP client would take, as a map (see `header_map`).
pub(crate) fn header_map_of(pairs: &[(String, String)]) -> HeaderMap {
    let mut out = HeaderMap::new();
    for (name, value) in pairs {
        if let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_bytes(value.as_bytes()),
        ) {
            out.append(name, value);
        }
    }
    out
}
