"""One robots.txt capture in, the study's rows out: the part of the job that knows robots.txt.

Spark is not needed here (the tests call it directly): ``analyse`` takes a ``Capture`` — what a
crawl archive stores about one fetch of robots.txt: its URL, status code, headers and body — and
returns one nested row, the row of the job's intermediate table (one row per capture; see
``CAPTURE_ROW``). The four output tables are that row exploded (``job.py``).

Every answer comes from the library through the binding: ``robotspec.Access`` applies the
variant's access policy to the status code and parses a 2xx body (one parsed object per capture
and variant), answers the agent × path grid and how much of the site is blocked for each agent
(``Access.blocked``: all, some, none, unreachable or undecided; exact, over every URL) in one
call each, finds where two variants' rules part (``Access.compare``) and summarises
the file; ``robotspec.diff_many`` says why two variants disagree. A capture is parsed once per
variant by ``Access``, and again by ``diff_many`` only when two variants that both obey the file
disagree on a query or block different amounts of the site for an agent.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Dict, List, Optional, Sequence, Tuple
from urllib.parse import urlsplit

from .._robotspec import VARIANTS, Access, diff_many, redirect_target

DEFAULT_AGENTS: Tuple[str, ...] = (
    "GPTBot",
    "ChatGPT-User",
    "OAI-SearchBot",
    "ClaudeBot",
    "anthropic-ai",
    "CCBot",
    "Google-Extended",
    "Googlebot",
    "Bingbot",
    "PerplexityBot",
    "Applebot",
    "Applebot-Extended",
    "Bytespider",
    "meta-externalagent",
    "Amazonbot",
    "cohere-ai",
    "*",
)
"""The crawlers the study asks about by default: AI crawlers (training, search and assistants)
and the two big search engines, each as the product token its operator documents for
robots.txt, and ``*`` (a crawler no group names). Documented in docs/study.md."""

DEFAULT_PATHS: Tuple[str, ...] = ("/",)
"""The paths (or URLs) the study asks about by default: the site's root."""

DEFAULT_SIZE_LIMIT = 512_000
"""The access stage's size limit (docs/access.md: 512,000 bytes for every variant): a study
reads at most one byte more of a body, whatever its length, so memory stays bounded."""

# The state of a capture whose status is a redirect a fetcher follows: the answer is the end
# of the chain, another capture (docs/study.md).
REDIRECT = "redirect"

# The reasons a disagreement can have beyond the library's diff reasons (docs/study.md).
ACCESS_POLICY = "access-policy"
BEYOND_SIZE_LIMIT = "beyond-size-limit"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class Settings:
    """What the study asks of every capture."""

    agents: Tuple[str, ...] = DEFAULT_AGENTS
    paths: Tuple[str, ...] = DEFAULT_PATHS
    variants: Tuple[str, ...] = tuple(VARIANTS)
    size_limit: int = DEFAULT_SIZE_LIMIT

    def __post_init__(self) -> None:
        for name in ("agents", "paths", "variants"):
            values = getattr(self, name)
            if isinstance(values, str) or not values:
                raise ValueError(f"{name} must be a non-empty sequence of str, not {values!r}")
            if len(set(values)) != len(values):
                raise ValueError(f"{name} names an entry twice: {values!r}")
        for variant in self.variants:
            # A variant or a composed reading (``rfc9309+agent-matching=substring``), read as
            # the binding reads it; its message lists what is accepted.
            try:
                Access(200, b"", variant)
            except ValueError as refused:
                raise ValueError(f"variants: {refused}") from None
        if self.size_limit < 1:
            raise ValueError(f"size_limit must be positive, not {self.size_limit}")


@dataclass(frozen=True)
class Capture:
    """One fetch of robots.txt as an archive stores it.

    ``failure`` says why the response gives no answer when it does not: a body whose
    Content-Encoding cannot be decoded, a response without a status line; the access policy
    then treats the fetch as a network error. ``body`` holds at most the first
    ``size_limit + 1`` bytes; ``body_bytes`` is the whole body's length.
    """

    robots_url: str
    http_status: Optional[int]
    body: bytes = b""
    headers: Tuple[Tuple[str, str], ...] = ()
    capture_id: str = ""
    warc_file: Optional[str] = None
    fetch_time: Optional[datetime] = None
    body_bytes: Optional[int] = None
    truncated: Optional[str] = None
    failure: Optional[str] = None

    def header(self, name: str) -> Optional[str]:
        """The first value of header ``name`` (any case), or None."""
        wanted = name.lower()
        return next((v for k, v in self.headers if k.lower() == wanted), None)


# The rows, as Spark DDL: (name, type) pairs, in the order the tuples below hold them.
VERDICT_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("agent", "string"),
    ("path", "string"),
    ("allowed", "boolean"),
    ("line", "int"),
    ("rule", "string"),
    ("group_agent", "string"),
    ("blocked", "string"),
)
EXTENSION_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("line", "int"),
    ("extension", "string"),
    ("key", "string"),
    ("value", "string"),
    ("group_line", "int"),
    ("error", "string"),
)
_EXTENSION = "struct<" + ",".join(f"{n}:{t}" for n, t in EXTENSION_FIELDS) + ">"
READING_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("variant", "string"),
    ("state", "string"),
    ("reason", "string"),
    ("groups", "int"),
    ("rules", "int"),
    ("ignored_rules", "int"),
    ("diagnostics", "map<string,int>"),
    ("sitemaps", "array<string>"),
    ("content_usage", "array<string>"),
    ("content_signal", "array<string>"),
    ("extensions", f"array<{_EXTENSION}>"),
    ("verdicts", "array<struct<" + ",".join(f"{n}:{t}" for n, t in VERDICT_FIELDS) + ">>"),
)
DISAGREEMENT_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("agent", "string"),
    ("path", "string"),
    ("left", "string"),
    ("right", "string"),
    ("left_allowed", "boolean"),
    ("right_allowed", "boolean"),
    ("reason", "string"),
    ("evidence_line", "int"),
    ("evidence", "string"),
)
CAPTURE_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("capture_id", "string"),
    ("warc_file", "string"),
    ("robots_url", "string"),
    ("host", "string"),
    ("fetch_time", "timestamp"),
    ("http_status", "int"),
    ("failure", "string"),
    ("redirect_location", "string"),
    ("content_type", "string"),
    ("body_bytes", "long"),
    ("truncated", "string"),
)
CHANGE_FIELDS: Tuple[Tuple[str, str], ...] = (
    ("agent", "string"),
    ("left", "string"),
    ("right", "string"),
    ("left_blocked", "string"),
    ("right_blocked", "string"),
    ("path", "string"),
    ("reason", "string"),
    ("evidence_line", "int"),
    ("evidence", "string"),
)


def _array(fields: Sequence[Tuple[str, str]]) -> str:
    return "array<struct<" + ",".join(f"{n}:{t}" for n, t in fields) + ">>"


CAPTURE_ROW: Tuple[Tuple[str, str], ...] = CAPTURE_FIELDS + (
    ("readings", _array(READING_FIELDS)),
    ("disagreements", _array(DISAGREEMENT_FIELDS)),
    ("changes", _array(CHANGE_FIELDS)),
)


def host_of(url: str) -> Optional[str]:
    """The host of ``url``, lower-cased, or None when it has none."""
    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


def redirect_of(capture: Capture) -> Optional[str]:
    """Where the capture redirects to, when it is a redirect a fetcher follows."""
    if capture.http_status is None or not 300 <= capture.http_status < 400:
        return None
    try:
        return redirect_target(capture.http_status, capture.header("Location"), capture.robots_url)
    except ValueError:
        return None


def analyse(capture: Capture, settings: Settings) -> tuple:
    """The capture's row (``CAPTURE_ROW``): what it is, each variant's reading and verdicts,
    and every pair of variants that disagrees on a query, with the reason."""
    location = redirect_of(capture)
    body_bytes = capture.body_bytes if capture.body_bytes is not None else len(capture.body)
    head = (
        capture.capture_id,
        capture.warc_file,
        capture.robots_url,
        host_of(capture.robots_url),
        capture.fetch_time,
        capture.http_status,
        capture.failure,
        location,
        capture.header("Content-Type"),
        body_bytes,
        capture.truncated,
    )
    if location is not None:
        return head + (_redirect_readings(settings), [], [])
    grids: Dict[str, List[tuple]] = {}
    accesses: Dict[str, Access] = {}
    blocked: Dict[str, List[str]] = {}
    readings = []
    for variant in settings.variants:
        access = Access(
            None if capture.failure is not None else capture.http_status,
            capture.body,
            variant,
            headers=capture.headers,
            failure=capture.failure,
            size_limit=settings.size_limit,
        )
        grid = access.answers(settings.agents, settings.paths)
        grids[variant] = grid
        accesses[variant] = access
        blocked[variant] = access.blocked(settings.agents)
        readings.append(_reading(variant, access, grid, blocked[variant], settings))
    states = {variant: access.state for variant, access in accesses.items()}
    return head + (
        readings,
        _disagreements(capture, settings, grids, states),
        _changes(capture, settings, accesses, blocked),
    )


def _reading(variant: str, access: Access, grid, blocked, settings: Settings) -> tuple:
    """One variant's row of the file table, with its verdicts."""
    summary = access.summary()
    extensions = [
        (e["line"], e["extension"], e["key"], e["value"], e["group_line"], e["error"])
        for e in summary["extensions"]
    ]
    verdicts = []
    paths = settings.paths
    for a, agent in enumerate(settings.agents):
        for p, path in enumerate(paths):
            allowed, line, rule, group_agent = grid[a * len(paths) + p]
            verdicts.append((agent, path, allowed, line, rule, group_agent, blocked[a]))
    return (
        variant,
        access.state,
        access.reason,
        summary["groups"],
        summary["rules"],
        summary["ignored_rules"],
        summary["diagnostics"],
        summary["sitemaps"],
        [e[3] for e in extensions if e[1] == "content-usage"],
        [e[3] for e in extensions if e[1] == "content-signal"],
        extensions,
        verdicts,
    )


def _redirect_readings(settings: Settings) -> list:
    """The readings of a redirect: no verdicts of its own (allowed is null), no file."""
    verdicts = [
        (agent, path, None, None, None, None, REDIRECT)
        for agent in settings.agents
        for path in settings.paths
    ]
    reason = "redirect: the answer is the end of the chain"
    return [
        (variant, REDIRECT, reason, 0, 0, 0, {}, [], [], [], [], verdicts)
        for variant in settings.variants
    ]


def _disagreements(capture: Capture, settings: Settings, grids, states) -> list:
    """Every (agent, path, pair of variants) whose verdicts differ, with the reason: the
    library's diff reason when both variants obey the file, ``access-policy`` when the status
    code decided for one of them."""
    variants = settings.variants
    paths = settings.paths
    pending = []
    for a, agent in enumerate(settings.agents):
        for p, path in enumerate(paths):
            index = a * len(paths) + p
            for i, left in enumerate(variants):
                for right in variants[i + 1 :]:
                    left_allowed = grids[left][index][0]
                    right_allowed = grids[right][index][0]
                    if left_allowed != right_allowed:
                        pending.append((index, agent, path, left, right, left_allowed, right_allowed))
    if not pending:
        return []
    comparisons = None
    if any(states[left] == "rules" and states[right] == "rules" for _, _, _, left, right, _, _ in pending):
        comparisons = diff_many(capture.body, settings.agents, settings.paths, list(variants))
    rows = []
    for index, agent, path, left, right, left_allowed, right_allowed in pending:
        if states[left] == "rules" and states[right] == "rules" and comparisons is not None:
            reason, line, text = _diff_reason(comparisons[index], left, right, left_allowed, right_allowed)
        else:
            reason, line = ACCESS_POLICY, None
            text = f"{capture.http_status}: {left} {states[left]}, {right} {states[right]}"
        rows.append((agent, path, left, right, left_allowed, right_allowed, reason, line, text))
    return rows


def _changes(capture: Capture, settings: Settings, accesses, blocked) -> list:
    """Every (agent, pair of variants) whose ``blocked`` differs, with why: the
    shortest path where the two variants' rules part (the library's exact comparison,
    ``Access.compare``) and the library's diff reason there; ``access-policy`` when the status
    code decided for one of them; ``undecided`` when no such path was found before a limit
    stopped the comparison (or the analysis that put one variant in ``undecided``)."""
    variants = settings.variants
    pending: Dict[Tuple[str, str], List[int]] = {}
    for i, left in enumerate(variants):
        for right in variants[i + 1 :]:
            differing = [
                a for a in range(len(settings.agents))
                if blocked[left][a] != blocked[right][a]
            ]
            if differing:
                pending[(left, right)] = differing
    if not pending:
        return []
    witnesses = {}
    for (left, right), agents in pending.items():
        asked = [settings.agents[a] for a in agents]
        compared = accesses[left].compare(accesses[right], asked)
        for a, equivalence in zip(agents, compared):
            witnesses[(a, left, right)] = equivalence
    paths = {
        _witness(e): None for e in witnesses.values() if e is not None and e.differences
    }
    asked_agents = list(dict.fromkeys(settings.agents[a] for a, _, _ in witnesses))
    comparisons = {}
    if paths:
        grid = diff_many(capture.body, asked_agents, list(paths), list(variants))
        for n, agent in enumerate(asked_agents):
            for m, path in enumerate(paths):
                comparisons[(agent, path)] = grid[n * len(paths) + m]
    rows = []
    # Agent by agent, pairs in the order of ``variants``.
    order = sorted(witnesses, key=lambda k: (k[0], variants.index(k[1]), variants.index(k[2])))
    for a, left, right in order:
        equivalence = witnesses[(a, left, right)]
        agent = settings.agents[a]
        path, reason, line, text = None, None, None, None
        if equivalence is None:
            reason = ACCESS_POLICY
            states = f"{left} {accesses[left].state}, {right} {accesses[right].state}"
            text = f"{capture.http_status}: {states}"
        elif not equivalence.differences:
            reason = UNDECIDED
        else:
            path = _witness(equivalence)
            found = _pair(comparisons[(agent, path)], left, right)
            if found is None:
                # The diff reads the whole body; the access stage its first size_limit bytes.
                reason = BEYOND_SIZE_LIMIT
            else:
                evidence = found["evidence"] or {}
                reason, line, text = found["reason"], evidence.get("line"), evidence.get("text")
        rows.append((agent, left, right, blocked[left][a], blocked[right][a], path,
                     reason, line, text))
    return rows


def _witness(equivalence) -> str:
    """The shortest path where the two sides part (the smaller in byte order of two as long)."""
    return min((d.path for d in equivalence.differences), key=lambda p: (len(p), p.encode()))


def _pair(comparison, left: str, right: str):
    """The disagreement of ``left`` and ``right`` in ``comparison``, or None."""
    for found in comparison.disagreements:
        if (found["left"], found["right"]) == (left, right):
            return found
    return None


def _diff_reason(comparison, left: str, right: str, left_allowed: bool, right_allowed: bool):
    """The library's reason for the pair, when its reading of the whole body gives the same
    verdicts as the access stage's (which reads only the first ``size_limit`` bytes)."""
    answers = comparison.verdicts
    for found in comparison.disagreements:
        if (found["left"], found["right"]) == (left, right) and (
            answers[left],
            answers[right],
        ) == (left_allowed, right_allowed):
            evidence = found["evidence"] or {}
            return found["reason"], evidence.get("line"), evidence.get("text")
    return BEYOND_SIZE_LIMIT, None, None


def field_names(fields: Sequence[Tuple[str, str]]) -> List[str]:
    """The names of ``fields``."""
    return [name for name, _ in fields]
