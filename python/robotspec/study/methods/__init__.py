"""Published methods beside the exact answer (docs/study.md, "Methods beside the exact answer").

Two measurement papers each classify (site, crawler) as blocked fully, partly or not at all
with a shortcut of their own: "Somesite I Used To Crawl" (IMC 2025, ``imc25``: probes asked of
Google's library) and "Consent in Crisis" (2024, ``consent-in-crisis``; the code as changed in
2025, ``consent-in-crisis-2025``: a hand-written parser and a rule count). Each is reproduced
here from its published code at a pinned commit, quirks included (``imc25.py``,
``consent.py``), and set beside ``exact``: the library's own answer, ``Access.blocked`` under
one reading — the word ``robotspec analyze`` prints for a 200 capture.

``judge_capture`` answers one capture for every agent and method, and, for every method that
differs from the exact answer, says why with the library's evidence (``evidence.py``): the
shortest path the method missed with its rule, or the rules it counted and why none decides.
``study.py`` runs it over WARC files on Spark and aggregates.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from ..._robotspec import Robots
from ..capture import Capture, access_of, parsed_bytes, redirect_of, rules_of
from . import consent, imc25
from .evidence import explain

EXACT = "exact"
METHODS: Tuple[str, ...] = (EXACT, imc25.NAME, consent.NAME_2024, consent.NAME_2025)
"""The methods ``--methods`` accepts: the exact answer and the published methods."""

# The published pipelines judged bodies of 200 responses (docs/study.md): another status gives
# IMC no judgement (its data held no body) and Consent in Crisis no text ("none").
_JUDGED_STATUS = 200


def column(method: str) -> str:
    """The table column of ``method``: its name with ``-`` as ``_``."""
    return method.replace("-", "_")


def check_methods(methods: Sequence[str]) -> List[str]:
    """``methods`` validated, ``exact`` first (it is always computed: the others are set
    beside it)."""
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        raise ValueError(f"unknown methods {unknown}: choose among {', '.join(METHODS)}")
    published = [m for m in dict.fromkeys(methods) if m != EXACT]
    if not published:
        raise ValueError(f"name a published method beside {EXACT}: {', '.join(METHODS[1:])}")
    return [EXACT] + published


def judge_capture(capture: Capture, agents: Sequence[str], methods: Sequence[str],
                  reading: str, size_limit: int) -> List[dict]:
    """One row per agent: the exact answer under ``reading`` with its witnesses, and each
    method's judgement with its evidence where it differs (see the module)."""
    if redirect_of(capture) is not None:
        return [_row(agent, "redirect", "redirect", None) for agent in agents]
    access = access_of(capture, reading, size_limit)
    rows = []
    robots = rules_of(capture, access, reading, size_limit)
    if robots is not None:
        # `blocked` under rules is the analysis's (the library holds the two equal).
        analyses = robots.analyze_each(agents)
        blocked = [analysis.blocked for analysis in analyses]
    else:
        analyses, blocked = [None] * len(agents), access.blocked(agents)
    context = _Context(capture, parsed_bytes([reading], size_limit))
    for agent, exact, analysis in zip(agents, blocked, analyses):
        row = _row(agent, access.state, exact, analysis)
        for method in methods[1:]:
            judgement, counted = context.judge(method, agent)
            row[column(method)] = judgement
            row[column(method) + "_evidence"] = (
                explain(method, judgement, exact, analysis, robots, agent, counted)
                if judgement is not None and judgement != exact else None
            )
        rows.append(row)
    return rows


def _row(agent: str, state: str, exact: str, analysis) -> dict:
    row = {"agent": agent, "state": state, EXACT: exact}
    for side in ("allowed", "disallowed"):
        witness = getattr(analysis, f"{side}_example", None) if analysis is not None else None
        row[f"{side}_path"] = witness.path if witness is not None else None
        row[f"{side}_line"] = witness.line if witness is not None else None
        row[f"{side}_rule"] = witness.rule if witness is not None else None
    return row


class _Context:
    """What the methods need of one capture, made once and only when a method asks: the file
    as each pipeline read it, of which the first ``parsed`` bytes (what the exact answer's
    reading parses)."""

    def __init__(self, capture: Capture, parsed: int) -> None:
        self.capture = capture
        self.judged = capture.http_status == _JUDGED_STATUS and capture.failure is None
        self.body = capture.body[:parsed] if self.judged else b""
        self._imc: Optional[imc25.Prober] = None
        self._parsed: Dict[str, consent.Parsed] = {}

    def _imc_prober(self) -> imc25.Prober:
        """The IMC method's questions: the file the script handed to Google's command (read
        by robotspec's google reading), the values it probes and the site."""
        if self._imc is None:
            text = self.body.decode("utf-8", errors="replace")
            # The script wrote its text back to a file (UTF-8) for the command to read.
            robots = Robots(text.encode("utf-8"), "google")
            site = imc25.site_url(self.capture.robots_url)
            self._imc = imc25.Prober(robots, imc25.values(text), site)
        return self._imc

    def judge(self, method: str, agent: str):
        """The method's judgement (None: none) and what it counted, for the evidence."""
        if method == imc25.NAME:
            if not self.judged:
                return None, None
            judgement = self._imc_prober().judge(agent)
            return judgement.blocked, judgement
        parsed = self._parsed.get(method)
        if parsed is None:
            text = consent.text_of(self.body, self.capture.headers)
            parsed = self._parsed[method] = consent.PARSERS[method](text)
        judgement = consent.judge(parsed, agent)
        return judgement.blocked, (judgement, parsed)
