"""The probe method of "Somesite I Used To Crawl" (IMC 2025), reproduced from its published
code: ucsdsysnet/ai-crawler-imc-25 at 4de8f33, ``robotstxt-parser/robots_analysis_final.py``
(``get_all_paths_from_robots``, ``check_bot_access``, ``get_judgement_amortized``) and
``run.sh`` (the 24 user agents). Written here from that code's behaviour; none of it is copied.

The method asks Google's ``robots`` command (google/robotstxt's ``robots_main``: exit 0
allowed, 1 disallowed, anything else no answer) whether the agent may fetch the site URL +
``/``, then the site URL + each *value* it finds in the file, plus a dummy path:

* values (``get_all_paths_from_robots``): the file is split at ``\\n`` only; on a line whose
  lower-cased text contains ``allow: `` anywhere (``disallow: `` contains it too; commented-out
  lines count) the second whitespace-separated word, if there is one; else, on a line whose
  lower-cased text contains ``allow:``, the text between the first and the second ``:``,
  unstripped (a ``\\r`` of a CRLF file stays in it);
* each value loses one final ``$``; ``*`` stays as written; the value is appended to the site
  URL as it is, so a value without a leading ``/`` lands in the host part (``*.pdf`` asks
  ``https://example.com*.pdf``, whose path Google's library takes as ``/``);
* ``/`` is allowed: any disallowed probe makes it "partially" (``some``), none "no
  restrictions" (``none``); ``/`` disallowed: any allowed probe makes it ``some``, none
  "fully" (``all``); no answer for ``/``: no judgement (the function returns None).

Each probe's verdict comes from robotspec's ``google`` reading, which reproduces Google's
library (docs/google.md) — with the command's two ways of calling it: the URL is passed whole
(the library takes path, params and query from it without normalising anything, as robotspec's
``google`` target does), and the user agent is passed unshortened, so an agent that is not a
bare product token (``Kangaroo Bot``: a space) equals no ``user-agent`` line's token and gets the
``*`` groups; robotspec would read its product token, ``Kangaroo``, so this module asks for a
crawler no group names instead. The command reads the file the script wrote from its text: the
body decoded as UTF-8 (invalid bytes replaced) and written back as UTF-8.

A probe URL that holds NUL, or is longer than an argument may be (131,072 bytes on Linux), cannot
be passed to the command: the published script stops with an exception there (unless a probe
drawn earlier from its set decided first, which depends on the set's order). Such a file gets no
judgement here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Optional, Tuple

from ..._robotspec import Robots

NAME = "imc25"

# run.sh's USER_AGENTS, in its order (a fact of the published code).
AGENTS: Tuple[str, ...] = (
    "Amazonbot", "AI2Bot", "anthropic-ai", "Applebot", "Applebot-Extended", "Bytespider",
    "CCBot", "ChatGPT-User", "Claude-Web", "ClaudeBot", "cohere-ai", "Diffbot", "FacebookBot",
    "Google-Extended", "GPTBot", "Kangaroo Bot", "Meta-ExternalAgent", "Meta-ExternalFetcher",
    "OAI-SearchBot", "omgili", "PerplexityBot", "Timpibot", "Webzio-Extended", "YouBot",
)

# get_judgement_amortized's probe for "everything disallowed but /$".
DUMMY_PATH = "/dummy-testing-path-54321"

# Google's library compares the caller's agent whole with a line's token, which holds only
# these characters: any other agent names no group.
_TOKEN = re.compile(r"[A-Za-z_-]+")
# What robotspec reads as a crawler no group names (docs/study.md: `*`).
_UNNAMED = "*"
# Linux's MAX_ARG_STRLEN: the longest single argument a command may get.
_ARGUMENT_BYTES = 131_072


@dataclass(frozen=True)
class Probe:
    """One question the method asked: the value found in the file (None for the root and the
    dummy path), the URL, and the answer with robotspec's deciding rule."""

    value: Optional[str]
    url: str
    allowed: bool
    line: Optional[int]
    rule: Optional[str]


@dataclass(frozen=True)
class Judgement:
    """The method's answer — "all", "some", "none", or None (no judgement) — and the probes it
    asked, ``/`` first: up to the one that made it "some", else all of them."""

    blocked: Optional[str]
    probes: Tuple[Probe, ...]


def values(text: str) -> List[str]:
    """The values the method probes, in first-seen order, ``/`` last (the published code
    collects them in a set; the judgement does not depend on the order)."""
    found = {}
    for line in text.split("\n"):
        lowered = line.lower()
        if "allow: " in lowered:
            words = line.split()
            if len(words) >= 2:
                found.setdefault(words[1], None)
        elif "allow:" in lowered:
            found.setdefault(line.split(":")[1], None)
    found.setdefault("/", None)
    return list(found)


def site_url(robots_url: str) -> str:
    """The site URL the method prefixes: scheme and host of the robots.txt URL, no trailing
    slash (the published code strips one)."""
    scheme, _, rest = robots_url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


def probe_agent(agent: str) -> str:
    """The agent robotspec is asked for so that it matches groups as the command does."""
    return agent if _TOKEN.fullmatch(agent) else _UNNAMED


def _passable(url: str) -> bool:
    """Whether the command can be given ``url`` as an argument."""
    return "\x00" not in url and len(url.encode("utf-8", "surrogatepass")) < _ARGUMENT_BYTES


def _path(value: str) -> str:
    """The probe's path: the value without one final ``$``."""
    return value[:-1] if value.endswith("$") else value


class Prober:
    """The method's questions about one file at one site, made once for every agent: the file
    (``robots``: robotspec's ``google`` reading), the URLs it probes — the site URL
    (``site_url``) + ``/``, then + each of ``found`` (the file's ``values``) and the dummy
    path — and whether the command can be given them."""

    def __init__(self, robots: Robots, found: List[str], site: str) -> None:
        probed = [value for value in found + [DUMMY_PATH] if value != "/"]
        self._robots = robots
        self._values = [None] + [None if value == DUMMY_PATH else value for value in probed]
        self._urls = [site + "/"] + [site + _path(value) for value in probed]
        self._passable = all(_passable(url) for url in self._urls[1:])

    def judge(self, agent: str) -> Judgement:
        """The method's judgement of the file for ``agent``: the probes asked in turn, up to
        the first whose answer differs from ``/``'s, where the method stops (most files
        stop within a few probes)."""
        if not self._passable:
            return Judgement(None, ())
        asked = probe_agent(agent)
        probes = []
        for value, url in zip(self._values, self._urls):
            verdict = self._robots.check(asked, url)
            probes.append(Probe(value, url, verdict.allowed, verdict.line, verdict.rule))
            if verdict.allowed != probes[0].allowed:
                return Judgement("some", tuple(probes))
        return Judgement("none" if probes[0].allowed else "all", tuple(probes))
