//! `robotspec._robotspec._analyse_captures`: a batch of robots.txt captures in, the corpus
//! study's nested rows out as Arrow columns — one crossing per batch (python/robotspec/study,
//! docs/study.md).
//!
//! The study asks, of every capture and every reading, the access policy's state, the agent ×
//! path grid of verdicts, how much of the site is blocked for each agent, the file in figures,
//! every pair of readings whose verdicts differ (with the library's diff reason) and every pair
//! whose `blocked` differs (with the shortest path where their rules part). Asked through the
//! Python classes (`Access`, `diff_many`), that is one crossing per question and a few Python
//! objects per answer, which cost more than the answers. Here the whole batch is answered with
//! the interpreter released and written into Arrow buffers (`columns`), so Python touches
//! neither a capture's answers nor a row.
//!
//! The readings of a capture parse it in one pass (`access::evaluate_each`: each line is shaped
//! once, and read, checked and modelled by each reading, within its size limit), and every
//! agent and path is asked of each reading's parse — once for agents the file gives the same groups
//! under the same token, and `blocked` of every reading at once, so that readings that match
//! paths alike share it (`analysis::blocked_each`); where two readings that both obey the file
//! disagree, the library's diff explains why from the same parses (`diff::compare_parsed`) — as
//! `diff_many` does, and with the same answers. Only a body past a reading's size limit is read
//! once more, whole, by a `diff::Comparer`, as `diff_many` reads it.
//!
//! The rows are the study's `CAPTURE_ROW` (python/robotspec/study/capture.py), less the columns
//! Python passes through (the capture's id, URL, host, time, status…): this module computes
//! `content_type`, `redirect_location`, `readings`, `disagreements` and `changes`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::SystemTime;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyDict, PyString};
use robotspec::access::{self, AccessOptions, AccessState, FetchOutcome};
use robotspec::analysis::{self, Equivalence};
use robotspec::diff::{self, Comparer, Comparison};
use robotspec::model::Agent;
use robotspec::{AgentQuery, Profile};

use crate::access::{answer, header_map_of, rules};
use crate::columns::{Bools, Columns, Dictionary, Ints, Lists, Strings};
use crate::input;

/// The state of a capture whose status is a redirect a fetcher follows: the answer is the end
/// of the chain, another capture.
const REDIRECT: &str = "redirect";
const REDIRECT_REASON: &str = "redirect: the answer is the end of the chain";
/// Reasons beyond the library's diff reasons (docs/study.md).
const ACCESS_POLICY: &str = "access-policy";
const BEYOND_SIZE_LIMIT: &str = "beyond-size-limit";
const UNDECIDED: &str = "undecided";

/// The study's columns for a batch of captures, each list holding one entry per capture:
/// `urls` (the robots.txt URL), `statuses` (the status code, None when no response came),
/// `bodies` (bytes; read up to one byte past the most any reading parses: [`parsed_bytes`]),
/// `headers` (lists of (name, value) pairs of str; a pair with a lone surrogate is left out,
/// as `Access` leaves it) and `failures` (why the response gives no answer, or None; then the
/// policy reads a network error). `agents`, `paths` and `profiles` are what the study asks (a
/// profile is a variant or a composed reading, as `Access` reads one).
///
/// Returns a dict of column path → (length, buffers), which
/// `robotspec.study.capture.record_batch` assembles with pyarrow (python/src/columns.rs).
/// The interpreter is released while the batch is answered.
#[pyfunction(name = "_analyse_captures")]
#[pyo3(signature = (urls, statuses, bodies, headers, failures, agents, paths, profiles, size_limit))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn analyse_captures<'py>(
    py: Python<'py>,
    urls: Vec<PyBackedStr>,
    statuses: Vec<Option<u16>>,
    bodies: Vec<PyBackedBytes>,
    headers: Vec<Vec<(Bound<'py, PyString>, Bound<'py, PyString>)>>,
    failures: Vec<Option<PyBackedStr>>,
    agents: &Bound<'py, PyAny>,
    paths: &Bound<'py, PyAny>,
    profiles: Vec<PyBackedStr>,
    size_limit: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let count = urls.len();
    if [statuses.len(), bodies.len(), headers.len(), failures.len()] != [count; 4] {
        return Err(PyValueError::new_err(
            "urls, statuses, bodies, headers and failures must be as long as each other",
        ));
    }
    let headers: Vec<Vec<(String, String)>> = headers
        .iter()
        .map(|pairs| pairs.iter().filter_map(input::header_pair).collect())
        .collect();
    let readings: Vec<Profile> = profiles
        .iter()
        .map(|name| input::reading(name))
        .collect::<PyResult<_>>()?;
    let options = AccessOptions::default().with_size_limit(size_limit);
    let ask = Ask {
        agents: input::agents(agents)?,
        agent_names: input::texts(agents, "agents")?,
        paths: input::texts(paths, "paths")?,
        kept_bytes: most_parsed(&readings, &options).saturating_add(1),
        profiles: readings,
        reading_names: profiles,
        options,
    };
    let columns = py.detach(|| {
        let now = SystemTime::now();
        let mut out = Out::default();
        for (i, url) in urls.iter().enumerate() {
            let (Some(body), Some(headers)) = (bodies.get(i), headers.get(i)) else {
                continue;
            };
            let capture = Capture {
                url,
                status: statuses.get(i).copied().flatten(),
                body: body.get(..ask.kept_bytes).unwrap_or(body),
                headers,
                failure: failures.get(i).and_then(|f| f.as_deref()),
            };
            out.capture(&ask, &capture, now)?;
        }
        Ok::<_, PyErr>(out.columns())
    })?;
    columns.into_python(py)
}

/// What the study asks of every capture.
struct Ask {
    agents: Vec<Arc<AgentQuery>>,
    agent_names: Vec<PyBackedStr>,
    paths: Vec<PyBackedStr>,
    /// The readings.
    profiles: Vec<Profile>,
    /// Each reading's name as given (the tables name readings so).
    reading_names: Vec<PyBackedStr>,
    options: AccessOptions,
    /// The bytes of a body kept: one past the most any reading parses, which tells a body
    /// past its limit from one that ends there.
    kept_bytes: usize,
}

/// `robotspec._robotspec._parsed_bytes`: the most bytes of a 2xx body that any of the readings
/// `profiles` parses under the size limit `size_limit` — the limit, or a reading's own minimum
/// where that is larger: RFC 9309 and the 2019 draft parse at least 512,000 bytes, whatever
/// the limit (docs/access.md). What the study keeps of a body, less one byte
/// (`robotspec.study.capture.parsed_bytes`).
#[pyfunction(name = "_parsed_bytes")]
pub(crate) fn parsed_bytes(
    profiles: Vec<PyBackedStr>,
    size_limit: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    let size_limit = input::whole_number(size_limit, "size_limit", usize::MAX)?;
    let readings: Vec<Profile> = profiles
        .iter()
        .map(|name| input::reading(name))
        .collect::<PyResult<_>>()?;
    let options = AccessOptions::default().with_size_limit(size_limit);
    Ok(most_parsed(&readings, &options))
}

/// The most bytes of a 2xx body any of `readings` parses under `options`' size limit.
fn most_parsed(readings: &[Profile], options: &AccessOptions) -> usize {
    let parsed = readings
        .iter()
        .map(|profile| access::size_limit(*profile, options));
    parsed.max().unwrap_or(0)
}

/// One capture, as the batch holds it.
struct Capture<'a> {
    url: &'a str,
    status: Option<u16>,
    body: &'a [u8],
    headers: &'a [(String, String)],
    failure: Option<&'a str>,
}

impl Capture<'_> {
    /// The first value of header `name` (any ASCII case).
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// Where the capture redirects to, when it is a redirect a fetcher follows.
    fn redirect(&self) -> Option<String> {
        let status = self.status.filter(|s| (300..400).contains(s))?;
        let url = url::Url::parse(self.url).ok()?;
        access::redirect_target(status, self.header("Location"), &url).map(String::from)
    }

    /// The fetch's outcome, which every reading's access policy evaluates.
    fn outcome(&self) -> FetchOutcome {
        match (self.failure, self.status) {
            (None, Some(status)) => FetchOutcome::Response {
                status,
                headers: header_map_of(self.headers),
                body: self.body.to_vec(),
            },
            (failure, _) => FetchOutcome::NetworkError {
                message: failure.unwrap_or("no response").to_owned(),
            },
        }
    }

    /// The status as the tables' texts show it (`None` when no response came).
    fn status_text(&self) -> String {
        self.status
            .map_or_else(|| "None".to_owned(), |status| status.to_string())
    }
}

/// One reading of a capture: the policy's result, its grid of answers (agents outer, paths
/// inner) and what is blocked for each agent.
struct Reading<'a> {
    name: &'a str,
    profile: Profile,
    access: access::Access,
    /// Read through `asked_as` (`Reading::answer`): only the first agent of each set of groups
    /// has its cells filled.
    grid: Vec<crate::access::Answer>,
    /// For each agent, the first agent the file gives the same groups under the same token:
    /// its answers are that agent's (`grid`).
    asked_as: Vec<usize>,
    /// Asked of every reading of the capture at once (`blocked_each`), once all are read.
    blocked: Vec<&'static str>,
}

impl Reading<'_> {
    fn obeys_rules(&self) -> bool {
        self.access.state == AccessState::Rules
    }

    /// The answer for agent `agent` and path `path` of `paths` paths: the first agent's whose
    /// answers it shares.
    fn answer(&self, agent: usize, path: usize, paths: usize) -> Option<&crate::access::Answer> {
        let first = *self.asked_as.get(agent)?;
        self.grid.get(first * paths + path)
    }
}

/// The readings' comparisons of a capture, made when first needed, one per (agent, path)
/// asked: the library's diff, with `diff_many`'s answers. Agents that every reading gives the
/// same groups under the same token share one comparison, when the readings' own parses are
/// compared.
struct Explained<'a> {
    files: Files<'a>,
    /// The `asked_as` of each reading compared, when the readings' parses are.
    asked_as: Vec<&'a [usize]>,
    /// Keyed by the agent each reading asks in its place (the agent itself when the body is
    /// read again), and the path.
    found: HashMap<(Vec<usize>, String), Comparison>,
}

/// The files the diff compares.
enum Files<'a> {
    /// The readings' own parses, when each read the whole body (`diff::compare_parsed`): the
    /// capture is not parsed again.
    Parsed(Vec<&'a robotspec::Robots>),
    /// A body past a reading's size limit, read again, whole, by a `Comparer` made when first
    /// needed (as `diff_many` reads it).
    Whole {
        body: &'a [u8],
        profiles: Vec<Profile>,
        comparer: Option<Comparer>,
    },
}

impl<'a> Explained<'a> {
    /// The comparisons of `readings` of `capture`.
    fn of_readings(ask: &Ask, capture: &Capture<'a>, readings: &'a [Reading<'_>]) -> Self {
        let obeying = || readings.iter().filter(|r| r.obeys_rules());
        let whole_read =
            obeying().all(|r| capture.body.len() <= access::size_limit(r.profile, &ask.options));
        let (files, asked_as) = if whole_read {
            let files = obeying().filter_map(|r| rules(&r.access)).collect();
            let asked_as = obeying().map(|r| r.asked_as.as_slice()).collect();
            (Files::Parsed(files), asked_as)
        } else {
            let files = Files::Whole {
                body: capture.body,
                profiles: readings.iter().map(|r| r.profile).collect(),
                comparer: None,
            };
            (files, Vec::new())
        };
        Explained {
            files,
            asked_as,
            found: HashMap::new(),
        }
    }

    fn of(&mut self, ask: &Ask, agent: usize, path: &str) -> Option<&Comparison> {
        let in_place_of = self.asked_as.iter();
        let agents = in_place_of.map(|asked_as| asked_as.get(agent).copied().unwrap_or(agent));
        let agents = match &self.files {
            Files::Parsed(_) => agents.collect(),
            Files::Whole { .. } => vec![agent],
        };
        let key = (agents, path.to_owned());
        if !self.found.contains_key(&key) {
            let query = ask.agents.get(agent)?;
            let comparison = match &mut self.files {
                Files::Parsed(files) => diff::compare_parsed(files.iter().copied(), query, path),
                Files::Whole {
                    body,
                    profiles,
                    comparer,
                } => comparer
                    .get_or_insert_with(|| Comparer::new(body, profiles.iter().copied()))
                    .compare_query(query, path),
            };
            self.found.insert(key.clone(), comparison);
        }
        self.found.get(&key)
    }
}

/// A disagreement's reason and evidence (line, text).
type Reason = (&'static str, Option<u32>, Option<String>);

/// The pair's reason in `comparison`, when the comparison gives the pair these verdicts
/// (`verdicts`: None to take any).
fn pair_reason(
    comparison: &Comparison,
    left: Profile,
    right: Profile,
    verdicts: Option<(bool, bool)>,
) -> Option<Reason> {
    let allowed = |profile: Profile| {
        comparison
            .answers
            .iter()
            .find(|answer| answer.variant == profile)
            .map(|answer| answer.allowed)
    };
    if let Some((l, r)) = verdicts {
        if (allowed(left), allowed(right)) != (Some(l), Some(r)) {
            return None;
        }
    }
    let found = comparison
        .disagreements
        .iter()
        .find(|d| d.left == left && d.right == right)?;
    let evidence = found.evidence.as_ref();
    Some((
        found.reason.name(),
        evidence.map(|e| e.line),
        evidence.map(|e| e.text.clone()),
    ))
}

/// The shortest path of an equivalence's differences (the smaller in byte order of two as
/// long; length in characters, as Python counts it). Only the differences as short as the
/// shortest are searched for (`Equivalence::nearest`): the longer direction's, which the row
/// does not show, can cost a search of every path.
fn witness(equivalence: &Equivalence<'_, '_>) -> Option<String> {
    let (nearest, _) = equivalence.nearest();
    nearest
        .iter()
        .map(|d| d.path())
        .min_by(|a, b| (a.chars().count(), a.as_bytes()).cmp(&(b.chars().count(), b.as_bytes())))
        .map(str::to_owned)
}

/// The output columns, filled capture by capture.
#[derive(Default)]
struct Out {
    content_type: Strings,
    redirect_location: Strings,
    readings: ReadingColumns,
    disagreements: DisagreementColumns,
    changes: ChangeColumns,
}

#[derive(Default)]
struct ReadingColumns {
    rows: Lists,
    count: usize,
    variant: Strings,
    state: Strings,
    reason: Strings,
    groups: Ints,
    rules: Ints,
    ignored_rules: Ints,
    diagnostics: Lists,
    diagnostic_count: usize,
    diagnostic_code: Strings,
    diagnostic_value: Ints,
    sitemaps: Lists,
    sitemap: Strings,
    sitemap_count: usize,
    content_usage: Lists,
    usage: Strings,
    usage_count: usize,
    content_signal: Lists,
    signal: Strings,
    signal_count: usize,
    extensions: Lists,
    extension_count: usize,
    extension_line: Ints,
    extension: Strings,
    extension_key: Strings,
    extension_value: Strings,
    extension_group_line: Ints,
    extension_error: Strings,
    verdicts: Lists,
    verdict_count: usize,
    verdict_agent: Dictionary,
    verdict_path: Dictionary,
    /// The index of each agent's name in `verdict_agent`, of each path in `verdict_path`
    /// (`Ask`'s order), interned at the batch's first verdict.
    agent_indices: Vec<i32>,
    path_indices: Vec<i32>,
    verdict_allowed: Bools,
    verdict_line: Ints,
    verdict_rule: Dictionary,
    verdict_group_agent: Dictionary,
    verdict_blocked: Dictionary,
}

#[derive(Default)]
struct DisagreementColumns {
    rows: Lists,
    count: usize,
    agent: Dictionary,
    path: Dictionary,
    left: Dictionary,
    right: Dictionary,
    left_allowed: Bools,
    right_allowed: Bools,
    reason: Dictionary,
    evidence_line: Ints,
    evidence: Dictionary,
}

#[derive(Default)]
struct ChangeColumns {
    rows: Lists,
    count: usize,
    agent: Dictionary,
    left: Dictionary,
    right: Dictionary,
    left_blocked: Dictionary,
    right_blocked: Dictionary,
    path: Dictionary,
    reason: Dictionary,
    evidence_line: Ints,
    evidence: Dictionary,
}

impl Out {
    /// One capture's row.
    fn capture(&mut self, ask: &Ask, capture: &Capture<'_>, now: SystemTime) -> PyResult<()> {
        self.content_type.push(capture.header("Content-Type"))?;
        let location = capture.redirect();
        self.redirect_location.push(location.as_deref())?;
        if location.is_some() {
            for name in &ask.reading_names {
                self.readings.redirect(ask, name)?;
            }
            self.readings.close()?;
            self.disagreements.close()?;
            return self.changes.close();
        }
        let outcome = capture.outcome();
        let accesses = access::evaluate_each(&ask.profiles, &outcome, now, &ask.options);
        let mut readings: Vec<Reading<'_>> = accesses
            .into_iter()
            .zip(&ask.reading_names)
            .map(|(access, name)| read(ask, access, name))
            .collect();
        let blocked = blocked_each(&readings, &ask.agents);
        for (reading, blocked) in readings.iter_mut().zip(blocked) {
            reading.blocked = blocked;
        }
        for reading in &readings {
            self.readings.reading(ask, reading)?;
        }
        self.readings.close()?;
        let mut explained = Explained::of_readings(ask, capture, &readings);
        self.disagreements(ask, capture, &readings, &mut explained)?;
        self.changes(ask, capture, &readings, &mut explained)
    }

    /// Every (agent, path, pair of readings) whose verdicts differ, with the reason: the
    /// library's diff reason when both readings obey the file, `access-policy` when the status
    /// code decided for one of them.
    fn disagreements(
        &mut self,
        ask: &Ask,
        capture: &Capture<'_>,
        readings: &[Reading<'_>],
        explained: &mut Explained<'_>,
    ) -> PyResult<()> {
        let columns = &mut self.disagreements;
        let width = ask.paths.len();
        for (a, agent) in ask.agent_names.iter().enumerate() {
            for (p, path) in ask.paths.iter().enumerate() {
                for (i, left) in readings.iter().enumerate() {
                    for right in readings.iter().skip(i + 1) {
                        let (Some(l), Some(r)) =
                            (left.answer(a, p, width), right.answer(a, p, width))
                        else {
                            continue;
                        };
                        if l.0 == r.0 {
                            continue;
                        }
                        let reason = if left.obeys_rules() && right.obeys_rules() {
                            explained
                                .of(ask, a, path)
                                .and_then(|c| {
                                    pair_reason(c, left.profile, right.profile, Some((l.0, r.0)))
                                })
                                .unwrap_or((BEYOND_SIZE_LIMIT, None, None))
                        } else {
                            (ACCESS_POLICY, None, Some(policy_text(capture, left, right)))
                        };
                        columns.row(agent, path, (left, right), (l.0, r.0), reason)?;
                    }
                }
            }
        }
        columns.close()
    }

    /// Every (agent, pair of readings) whose `blocked` differs, with why: the shortest path
    /// where the readings' rules part (the library's exact comparison) and the diff reason
    /// there; `access-policy` when the status code decided for one of them; `undecided` when a
    /// limit stopped the comparison before it found such a path.
    fn changes(
        &mut self,
        ask: &Ask,
        capture: &Capture<'_>,
        readings: &[Reading<'_>],
        explained: &mut Explained<'_>,
    ) -> PyResult<()> {
        // (agent, left, right, the comparison's number when both obey rules): every agent and
        // pair of readings whose `blocked` differs; the comparisons are made at once, sharing
        // what the pairs of a reading share (`analysis::compare_pairs`).
        let mut asked: Vec<(usize, usize, usize, Option<usize>)> = Vec::new();
        let mut pairs = Vec::new();
        for (i, left) in readings.iter().enumerate() {
            for (j, right) in readings.iter().enumerate().skip(i + 1) {
                for (a, agent) in ask.agents.iter().enumerate() {
                    if left.blocked.get(a) == right.blocked.get(a) {
                        continue;
                    }
                    let compared = match (rules(&left.access), rules(&right.access)) {
                        (Some(old), Some(new)) => {
                            pairs.push((old.applicable(agent), new.applicable(agent)));
                            Some(pairs.len() - 1)
                        }
                        _ => None,
                    };
                    asked.push((a, i, j, compared));
                }
            }
        }
        let compared = analysis::compare_pairs(&pairs);
        // Each row's path and evidence are kept in the columns' dictionaries as the row is
        // found: the rows of a capture hold a rule's text once, not once per agent.
        let columns = &mut self.changes;
        let mut rows: Vec<(usize, usize, usize, KeptChange)> = Vec::new();
        for (a, i, j, number) in asked {
            let (Some(left), Some(right)) = (readings.get(i), readings.get(j)) else {
                continue;
            };
            let Some(equivalence) = number.and_then(|n| compared.get(n)) else {
                let text = policy_text(capture, left, right);
                let kept = columns.keep(None, (ACCESS_POLICY, None, Some(text)))?;
                rows.push((a, i, j, kept));
                continue;
            };
            let Some(path) = witness(equivalence) else {
                rows.push((a, i, j, columns.keep(None, (UNDECIDED, None, None))?));
                continue;
            };
            // The diff reads the whole body; the access stage its first size_limit bytes.
            let reason = explained
                .of(ask, a, &path)
                .and_then(|c| pair_reason(c, left.profile, right.profile, None))
                .unwrap_or((BEYOND_SIZE_LIMIT, None, None));
            rows.push((a, i, j, columns.keep(Some(&path), reason)?));
        }
        rows.sort_by_key(|&(a, i, j, _)| (a, i, j));
        for (a, i, j, kept) in rows {
            let (Some(agent), Some(left), Some(right)) =
                (ask.agent_names.get(a), readings.get(i), readings.get(j))
            else {
                continue;
            };
            let blocked = (left.blocked.get(a).copied(), right.blocked.get(a).copied());
            columns.row(agent, (left.name, right.name), blocked, kept)?;
        }
        columns.close()
    }

    fn columns(self) -> Columns {
        let mut out = Columns::default();
        out.strings("content_type", self.content_type);
        out.strings("redirect_location", self.redirect_location);
        self.readings.into_columns(&mut out);
        self.disagreements.into_columns(&mut out);
        self.changes.into_columns(&mut out);
        out
    }
}

/// One reading of a capture: its access policy's result `access`, asked what the study asks.
fn read<'a>(ask: &Ask, access: access::Access, name: &'a str) -> Reading<'a> {
    let (grid, asked_as) = grid(ask, &access);
    Reading {
        name,
        profile: access.profile,
        access,
        grid,
        asked_as,
        blocked: Vec::new(),
    }
}

/// The answers of every agent (outer) and path (inner) under `access`, and for each agent the
/// first agent whose answers it shares. Agents the file gives the same groups, under the same
/// token, get the same answers: each such set of groups is asked once (the study's crawlers
/// mostly fall to the `*` groups), and its answers are held at the first agent's cells only.
fn grid(ask: &Ask, access: &access::Access) -> (Vec<crate::access::Answer>, Vec<usize>) {
    let width = ask.paths.len();
    let mut grid = Vec::with_capacity(ask.agents.len() * width);
    let mut asked_as = Vec::with_capacity(ask.agents.len());
    // Each (token, groups' lines) asked so far and its first agent: a few, searched in order.
    let mut firsts: Vec<(Option<Agent<'_>>, Vec<u32>, usize)> = Vec::new();
    for (a, agent) in ask.agents.iter().enumerate() {
        let Some(applicable) = access.robots().map(|robots| robots.applicable(agent)) else {
            let allows = |path: &PyBackedStr| (access.allows(agent, path), None, None, None);
            grid.extend(ask.paths.iter().map(allows));
            asked_as.push(a);
            continue;
        };
        let token = applicable.agent();
        let lines = || applicable.groups().map(|group| group.line());
        let known = firsts
            .iter()
            .find(|(other, groups, _)| *other == token && groups.iter().copied().eq(lines()));
        let first = match known {
            Some(&(_, _, first)) => first,
            None => {
                firsts.push((token, lines().collect(), a));
                a
            }
        };
        asked_as.push(first);
        if first == a {
            grid.extend(applicable.check_many(&ask.paths).iter().map(answer));
        } else {
            // Read at the first agent's cells (`Reading::answer`): a rule's text is not copied
            // for every agent it decides for.
            grid.extend(ask.paths.iter().map(|_| UNASKED));
        }
    }
    (grid, asked_as)
}

/// The cells of an agent asked as another (`Reading::asked_as`).
const UNASKED: crate::access::Answer = (true, None, None, None);

/// The index of `text` in `column`'s dictionary, or None.
fn intern(column: &mut Dictionary, text: Option<&str>) -> PyResult<Option<i32>> {
    text.map(|text| column.intern(text)).transpose()
}

/// A verdict row's values: its strings as indices into their columns' dictionaries
/// (`Dictionary::intern`), each null where the verdict has none.
#[derive(Clone, Copy, Default)]
struct Found {
    allowed: Option<bool>,
    line: Option<usize>,
    rule: Option<i32>,
    group_agent: Option<i32>,
    blocked: Option<i32>,
}

/// How much of the site is blocked for each agent under each reading: the word of
/// `Access::blocking_each`. Under rules it is the library's `analysis::blocked_each`, the
/// analysis's `blocked` alone — the study keeps neither witness paths nor dead rules, so the
/// analysis asks only the few generic paths that settle the word — asked once for every
/// reading's agents, so that readings that match paths alike (RFC 9309 and the 2019 draft)
/// share the answer wherever they give an agent the same rules. An agent asked as another
/// (`Reading::asked_as`: the same groups) has that agent's answer, and is not asked.
fn blocked_each(readings: &[Reading<'_>], agents: &[Arc<AgentQuery>]) -> Vec<Vec<&'static str>> {
    let applicables: Vec<_> = readings
        .iter()
        .filter_map(|reading| Some((reading, rules(&reading.access)?)))
        .flat_map(|(reading, robots)| {
            let asked = reading.asked_as.iter().enumerate();
            asked
                .filter(|&(agent, first)| agent == *first)
                .filter_map(move |(agent, _)| Some(robots.applicable(agents.get(agent)?)))
        })
        .collect();
    let mut under_rules = analysis::blocked_each(&applicables).into_iter();
    readings
        .iter()
        .map(|reading| match rules(&reading.access) {
            Some(_) => {
                let mut words: Vec<&'static str> = Vec::with_capacity(agents.len());
                for (agent, &first) in reading.asked_as.iter().enumerate() {
                    let word = if first == agent {
                        under_rules.next().map(|blocked| blocked.name())
                    } else {
                        words.get(first).copied()
                    };
                    words.push(word.unwrap_or(UNDECIDED));
                }
                words
            }
            None => reading
                .access
                .blocking_each(agents.iter().map(|agent| &**agent))
                .iter()
                .map(|b| b.blocked.name())
                .collect(),
        })
        .collect()
}

/// Why the status code decided, in words: `403: google allow-all, draft-1996 disallow-all`.
fn policy_text(capture: &Capture<'_>, left: &Reading<'_>, right: &Reading<'_>) -> String {
    format!(
        "{}: {} {}, {} {}",
        capture.status_text(),
        left.name,
        left.access.state.name(),
        right.name,
        right.access.state.name()
    )
}

impl ReadingColumns {
    fn reading(&mut self, ask: &Ask, reading: &Reading<'_>) -> PyResult<()> {
        let summary = reading.access.summary();
        self.count += 1;
        self.variant.push(Some(reading.name))?;
        self.state.push(Some(reading.access.state.name()))?;
        self.reason.push(Some(&reading.access.reason.to_string()))?;
        self.groups.push(Some(summary.groups))?;
        self.rules.push(Some(summary.rules))?;
        self.ignored_rules.push(Some(summary.ignored_rules))?;
        for (code, count) in &summary.diagnostics {
            self.diagnostic_code.push(Some(code))?;
            self.diagnostic_value.push(Some(*count))?;
            self.diagnostic_count += 1;
        }
        self.diagnostics.close(self.diagnostic_count)?;
        for sitemap in &summary.sitemaps {
            self.sitemap.push(Some(sitemap))?;
            self.sitemap_count += 1;
        }
        self.sitemaps.close(self.sitemap_count)?;
        for record in &summary.extensions {
            if record.extension == "content-usage" {
                self.usage.push(Some(&record.value))?;
                self.usage_count += 1;
            }
            if record.extension == "content-signal" {
                self.signal.push(Some(&record.value))?;
                self.signal_count += 1;
            }
            self.extension_line.push(Some(record.line as usize))?;
            self.extension.push(Some(record.extension))?;
            self.extension_key.push(Some(&record.key))?;
            self.extension_value.push(Some(&record.value))?;
            self.extension_group_line
                .push(record.group_line.map(|line| line as usize))?;
            self.extension_error.push(record.error.as_deref())?;
            self.extension_count += 1;
        }
        self.content_usage.close(self.usage_count)?;
        self.content_signal.close(self.signal_count)?;
        self.extensions.close(self.extension_count)?;
        self.verdicts_of(ask, reading)?;
        self.verdicts.close(self.verdict_count)
    }

    /// The verdict rows of `reading`: one per agent and path. A cell's rule and group agent are
    /// interned once, at the first agent that reads the cell: the agents asked as another read
    /// its cells (`Reading::answer`), so a rule's text is looked up once per reading, not once
    /// per agent it decides for.
    fn verdicts_of(&mut self, ask: &Ask, reading: &Reading<'_>) -> PyResult<()> {
        let width = ask.paths.len();
        let mut interned: Vec<Option<(Option<i32>, Option<i32>)>> = vec![None; reading.grid.len()];
        for a in 0..ask.agents.len() {
            let Some(&first) = reading.asked_as.get(a) else {
                continue;
            };
            let blocked = intern(&mut self.verdict_blocked, reading.blocked.get(a).copied())?;
            for p in 0..width {
                let cell = first * width + p;
                let Some((allowed, line, rule, group_agent)) = reading.grid.get(cell) else {
                    continue;
                };
                let (rule, group_agent) = match interned.get(cell).copied().flatten() {
                    Some(indices) => indices,
                    None => {
                        let indices = (
                            intern(&mut self.verdict_rule, rule.as_deref())?,
                            intern(&mut self.verdict_group_agent, group_agent.as_deref())?,
                        );
                        if let Some(slot) = interned.get_mut(cell) {
                            *slot = Some(indices);
                        }
                        indices
                    }
                };
                let found = Found {
                    allowed: Some(*allowed),
                    line: line.map(|l| l as usize),
                    rule,
                    group_agent,
                    blocked,
                };
                self.verdict(ask, (a, p), found)?;
            }
        }
        Ok(())
    }

    /// The reading of a redirect: no verdicts of its own (allowed is null), no file.
    fn redirect(&mut self, ask: &Ask, name: &str) -> PyResult<()> {
        self.count += 1;
        self.variant.push(Some(name))?;
        self.state.push(Some(REDIRECT))?;
        self.reason.push(Some(REDIRECT_REASON))?;
        for column in [&mut self.groups, &mut self.rules, &mut self.ignored_rules] {
            column.push(Some(0))?;
        }
        self.diagnostics.close(self.diagnostic_count)?;
        self.sitemaps.close(self.sitemap_count)?;
        self.content_usage.close(self.usage_count)?;
        self.content_signal.close(self.signal_count)?;
        self.extensions.close(self.extension_count)?;
        let found = Found {
            blocked: Some(self.verdict_blocked.intern(REDIRECT)?),
            ..Found::default()
        };
        for a in 0..ask.agents.len() {
            for p in 0..ask.paths.len() {
                self.verdict(ask, (a, p), found)?;
            }
        }
        self.verdicts.close(self.verdict_count)
    }

    /// The verdict of agent `a` and path `p` of `ask`.
    fn verdict(&mut self, ask: &Ask, (a, p): (usize, usize), found: Found) -> PyResult<()> {
        if self.agent_indices.is_empty() {
            for name in &ask.agent_names {
                self.agent_indices.push(self.verdict_agent.intern(name)?);
            }
            for path in &ask.paths {
                self.path_indices.push(self.verdict_path.intern(path)?);
            }
        }
        self.verdict_agent
            .push_index(self.agent_indices.get(a).copied());
        self.verdict_path
            .push_index(self.path_indices.get(p).copied());
        self.verdict_allowed.push(found.allowed);
        self.verdict_line.push(found.line)?;
        self.verdict_rule.push_index(found.rule);
        self.verdict_group_agent.push_index(found.group_agent);
        self.verdict_blocked.push_index(found.blocked);
        self.verdict_count += 1;
        Ok(())
    }

    /// Ends a capture's list of readings.
    fn close(&mut self) -> PyResult<()> {
        self.rows.close(self.count)
    }

    fn into_columns(self, out: &mut Columns) {
        out.lists("readings", self.rows);
        out.structs("readings[]", self.count);
        out.strings("readings[].variant", self.variant);
        out.strings("readings[].state", self.state);
        out.strings("readings[].reason", self.reason);
        out.ints("readings[].groups", self.groups);
        out.ints("readings[].rules", self.rules);
        out.ints("readings[].ignored_rules", self.ignored_rules);
        out.lists("readings[].diagnostics", self.diagnostics);
        out.structs("readings[].diagnostics[]", self.diagnostic_count);
        out.strings("readings[].diagnostics[].key", self.diagnostic_code);
        out.ints("readings[].diagnostics[].value", self.diagnostic_value);
        out.lists("readings[].sitemaps", self.sitemaps);
        out.strings("readings[].sitemaps[]", self.sitemap);
        out.lists("readings[].content_usage", self.content_usage);
        out.strings("readings[].content_usage[]", self.usage);
        out.lists("readings[].content_signal", self.content_signal);
        out.strings("readings[].content_signal[]", self.signal);
        out.lists("readings[].extensions", self.extensions);
        out.structs("readings[].extensions[]", self.extension_count);
        out.ints("readings[].extensions[].line", self.extension_line);
        out.strings("readings[].extensions[].extension", self.extension);
        out.strings("readings[].extensions[].key", self.extension_key);
        out.strings("readings[].extensions[].value", self.extension_value);
        out.ints(
            "readings[].extensions[].group_line",
            self.extension_group_line,
        );
        out.strings("readings[].extensions[].error", self.extension_error);
        out.lists("readings[].verdicts", self.verdicts);
        out.structs("readings[].verdicts[]", self.verdict_count);
        out.dictionary("readings[].verdicts[].agent", self.verdict_agent);
        out.dictionary("readings[].verdicts[].path", self.verdict_path);
        out.bools("readings[].verdicts[].allowed", self.verdict_allowed);
        out.ints("readings[].verdicts[].line", self.verdict_line);
        out.dictionary("readings[].verdicts[].rule", self.verdict_rule);
        out.dictionary(
            "readings[].verdicts[].group_agent",
            self.verdict_group_agent,
        );
        out.dictionary("readings[].verdicts[].blocked", self.verdict_blocked);
    }
}

impl DisagreementColumns {
    fn row(
        &mut self,
        agent: &str,
        path: &str,
        (left, right): (&Reading<'_>, &Reading<'_>),
        (left_allowed, right_allowed): (bool, bool),
        (reason, line, evidence): Reason,
    ) -> PyResult<()> {
        self.agent.push(Some(agent))?;
        self.path.push(Some(path))?;
        self.left.push(Some(left.name))?;
        self.right.push(Some(right.name))?;
        self.left_allowed.push(Some(left_allowed));
        self.right_allowed.push(Some(right_allowed));
        self.reason.push(Some(reason))?;
        self.evidence_line.push(line.map(|l| l as usize))?;
        self.evidence.push(evidence.as_deref())?;
        self.count += 1;
        Ok(())
    }

    fn close(&mut self) -> PyResult<()> {
        self.rows.close(self.count)
    }

    fn into_columns(self, out: &mut Columns) {
        out.lists("disagreements", self.rows);
        out.structs("disagreements[]", self.count);
        out.dictionary("disagreements[].agent", self.agent);
        out.dictionary("disagreements[].path", self.path);
        out.dictionary("disagreements[].left", self.left);
        out.dictionary("disagreements[].right", self.right);
        out.bools("disagreements[].left_allowed", self.left_allowed);
        out.bools("disagreements[].right_allowed", self.right_allowed);
        out.dictionary("disagreements[].reason", self.reason);
        out.ints("disagreements[].evidence_line", self.evidence_line);
        out.dictionary("disagreements[].evidence", self.evidence);
    }
}

/// A change's path, reason, evidence line and evidence, the texts kept in the columns'
/// dictionaries (`ChangeColumns::keep`).
type KeptChange = (Option<i32>, &'static str, Option<u32>, Option<i32>);

impl ChangeColumns {
    /// Keeps a change's path and evidence in the columns' dictionaries, for a row pushed
    /// later.
    fn keep(
        &mut self,
        path: Option<&str>,
        (reason, line, evidence): Reason,
    ) -> PyResult<KeptChange> {
        let path = path.map(|path| self.path.intern(path)).transpose()?;
        let evidence = evidence
            .map(|text| self.evidence.intern(&text))
            .transpose()?;
        Ok((path, reason, line, evidence))
    }

    fn row(
        &mut self,
        agent: &str,
        (left, right): (&str, &str),
        (left_blocked, right_blocked): (Option<&str>, Option<&str>),
        (path, reason, line, evidence): KeptChange,
    ) -> PyResult<()> {
        self.agent.push(Some(agent))?;
        self.left.push(Some(left))?;
        self.right.push(Some(right))?;
        self.left_blocked.push(left_blocked)?;
        self.right_blocked.push(right_blocked)?;
        self.path.push_index(path);
        self.reason.push(Some(reason))?;
        self.evidence_line.push(line.map(|l| l as usize))?;
        self.evidence.push_index(evidence);
        self.count += 1;
        Ok(())
    }

    fn close(&mut self) -> PyResult<()> {
        self.rows.close(self.count)
    }

    fn into_columns(self, out: &mut Columns) {
        out.lists("changes", self.rows);
        out.structs("changes[]", self.count);
        out.dictionary("changes[].agent", self.agent);
        out.dictionary("changes[].left", self.left);
        out.dictionary("changes[].right", self.right);
        out.dictionary("changes[].left_blocked", self.left_blocked);
        out.dictionary("changes[].right_blocked", self.right_blocked);
        out.dictionary("changes[].path", self.path);
        out.dictionary("changes[].reason", self.reason);
        out.ints("changes[].evidence_line", self.evidence_line);
        out.dictionary("changes[].evidence", self.evidence);
    }
}
