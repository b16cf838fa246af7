"""The parser and judgement of "Consent in Crisis" (Longpre et al. 2024), reproduced from its
published code: Data-Provenance-Initiative/Data-Provenance-Collection,
``src/web_analysis/parse_robots.py`` — ``parse_robots_txt``, ``interpret_agent`` and
``interpret_robots`` — at 257a063 (2024-05-01, the code behind the paper's tables:
``consent-in-crisis``) and at 60c189c (2025-03-21: ``consent-in-crisis-2025``), and
``extract_robots.py`` at 257a063 for what a fetch gives it. Written here from that code's
behaviour; none of it is copied.

At 257a063 (``parse_2024``), over the lines of ``str.splitlines()``, each stripped:

* ``User-agent:`` (exactly so written, at the start) *replaces* the current agents with its
  value (so of ``User-agent: a`` / ``User-agent: b`` only ``b`` gets the rules that follow);
* ``Allow:``, ``Disallow:``, ``Crawl-delay:`` (as written) append the rest of the line after
  the first ``:``, stripped — ``#`` and what follows included — to each current agent's list
  of that key, merging every group of the same name;
* a ``sitemap:`` line (any case) changes nothing; a blank line or one starting with ``#`` ends
  the group; any other line (``user-agent:``, ``DISALLOW:``, …) is an error that changes nothing
  — the rules after it still go to the current agents.

At 60c189c (``parse_2025``): a comment is cut at the first ``#``, blank lines are skipped (they
end nothing); keys are matched in any case (``user-agent:``, ``allow:``, ``disallow:``,
``crawl-delay:``, ``sitemap:``, each directly followed by ``:``); consecutive ``User-agent``
lines share the rules that follow only until the first rule, crawl-delay or sitemap line of
the file — after it, each ``User-agent`` line replaces the current agents again; an agent's
rules are stored under the first spelling of its name.

The judgement (``interpret_agent``, the same at both commits): rules containing ``?`` are
dropped; "none" if no Disallow is left, or the Disallows are exactly ``[""]``, or the Allow list
equals the Disallow list (order included); else "all" if a Disallow is ``/`` (stripped) and no
Allow is left; else "some". An agent is looked up by its name exactly (case-sensitive), and one
without rules of its own takes the judgement of ``*`` (``interpret_robots``).

Where the published parser stops with an exception, the file gets no judgement (``None``): its
pipeline (``parallel_parse_robots``) prints the error and leaves the URL out. That happens where
an agent is named as one of the parser's own keys, which share the dictionary of agents: its list
of error lines ``ERRORS`` and its list of sitemaps ``Sitemaps`` (exactly so written). At 257a063
a rule line of ``User-agent: ERRORS``, or of ``User-agent: Sitemaps`` after a sitemap line,
indexes a list by the key; a sitemap line after ``User-agent: Sitemaps`` appends to that agent's
rules. At 60c189c an agent first spelt ``ERRORS`` or ``Sitemaps`` replaces that list with its
rules, and the next error line (or rule with no agent) or sitemap line appends to them.

What a fetch gives it (``extract_robots.py``): ``requests``' ``response.text`` of a 200
response, else nothing — and no text (none fetched, or empty) is "none" for every agent. The
text is decoded as ``requests`` decodes it: the ``charset`` of ``Content-Type``, else
ISO-8859-1 for a type that contains ``text`` as written (``TEXT/PLAIN`` does not), else
(``charset_normalizer``'s guess, here) UTF-8.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple

NAME_2024 = "consent-in-crisis"
NAME_2025 = "consent-in-crisis-2025"

# A value the method keeps: (line number, value as stored).
Value = Tuple[int, str]

# The published parser's own keys, in the dictionary that holds the agents' rules.
_ERRORS = "ERRORS"
_SITEMAPS = "Sitemaps"


@dataclass
class Rules:
    """What the parser stores for one agent name: its Allow and Disallow values, with the line
    each came from (the line numbers are ours, for evidence; the published code keeps only the
    values)."""

    allow: List[Value] = field(default_factory=list)
    disallow: List[Value] = field(default_factory=list)


@dataclass
class Parsed:
    """The parser's output: rules per agent name as stored, the fate of every line (what the
    parser did with it: ``rule of a, b``, ``user-agent``, ``error``, ``ends group``, …), and
    the line where the published parser stops with an exception, if it does (then the file has
    no judgement; see the module)."""

    agents: Dict[str, Rules] = field(default_factory=dict)
    fate: Dict[int, str] = field(default_factory=dict)
    stopped: Optional[int] = None
    #: The judgements made so far (``judge``), by the name whose rules decided.
    judged: Dict[str, "Judgement"] = field(default_factory=dict)

    def stop(self, number: int, why: str) -> "Parsed":
        """The parse as it ends at line ``number``, where the published parser raises."""
        self.fate[number] = f"the published parser stops here: {why}"
        self.stopped = number
        return self


@dataclass(frozen=True)
class Judgement:
    """The method's answer ("all", "some", "none"; None where the published parser stops), the
    name whose rules decided (``*`` when the agent has no rules of its own), and the values it
    counted, with their lines."""

    blocked: Optional[str]
    group: Optional[str]
    disallow: Tuple[Value, ...]
    allow: Tuple[Value, ...]
    dropped: Tuple[Value, ...]


def _lines(text: str):
    return enumerate(text.splitlines(), start=1)


def _append(parsed: Parsed, agents: List[str], key: str, number: int, value: str) -> None:
    for agent in agents:
        rules = parsed.agents[agent]
        (rules.allow if key == "allow" else rules.disallow).append((number, value))
    parsed.fate[number] = f"{key} of {', '.join(agents)}"


def parse_2024(text: str) -> Parsed:
    """``parse_robots_txt`` at 257a063 (see the module)."""
    parsed = Parsed()
    current: List[str] = []
    # What the key "Sitemaps" holds: None (nothing yet), "sitemaps" (the list of a sitemap
    # line) or "agent" (the rules of `User-agent: Sitemaps`): whichever came first stays.
    sitemaps: Optional[str] = None
    for number, raw in _lines(text):
        line = raw.strip()
        if line.startswith("User-agent:"):
            agent = line.split(":", 1)[1].strip()
            if agent == _SITEMAPS and sitemaps is None:
                sitemaps = "agent"
            parsed.agents.setdefault(agent, Rules())
            current = [agent]
            parsed.fate[number] = "user-agent (replaces the group)"
        elif line.startswith(("Allow:", "Disallow:", "Crawl-delay:")) and current:
            if current == [_ERRORS] or (current == [_SITEMAPS] and sitemaps == "sitemaps"):
                return parsed.stop(number, f"{current[0]} is its own list, not an agent's rules")
            key = line.split(":", 1)[0].lower()
            value = line.split(":", 1)[1].strip()
            if key == "crawl-delay":
                parsed.fate[number] = "crawl-delay"
            else:
                _append(parsed, current, key, number, value)
        elif line.lower().startswith("sitemap:"):
            if sitemaps == "agent":
                return parsed.stop(number, f"{_SITEMAPS} holds an agent's rules, not a list")
            sitemaps = "sitemaps"
            parsed.fate[number] = "sitemap"
        elif line == "" or line.startswith("#"):
            current = []
            parsed.fate[number] = "ends the group"
        elif line.startswith(("Allow:", "Disallow:", "Crawl-delay:")):
            parsed.fate[number] = "not read (no current agent: an error line)"
        else:
            parsed.fate[number] = "not read (an error line; the group goes on)"
    return parsed


def parse_2025(text: str) -> Parsed:
    """``parse_robots_txt`` at 60c189c (see the module)."""
    parsed = Parsed()
    spelling: Dict[str, str] = {}
    current: List[str] = []
    seen_rule = False
    # The parser's own keys whose lists an agent's rules replaced (first spelt so).
    taken: Set[str] = set()

    def stop_if_taken(number: int, key: str) -> bool:
        if key in taken:
            parsed.stop(number, f"{key} holds an agent's rules, not its list")
        return key in taken

    for number, raw in _lines(text):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        lowered = line.lower()
        value = line.split(":", 1)[1].strip() if ":" in line else ""
        if lowered.startswith("user-agent:"):
            if value.lower() not in spelling and value in (_ERRORS, _SITEMAPS):
                taken.add(value)
            first = spelling.setdefault(value.lower(), value)
            parsed.agents.setdefault(first, Rules())
            current = [first] if seen_rule else current + [first]
            parsed.fate[number] = "user-agent"
        elif lowered.startswith(("allow:", "disallow:")):
            seen_rule = True
            if current:
                _append(parsed, current, lowered.split(":", 1)[0], number, value)
            elif stop_if_taken(number, _ERRORS):
                return parsed
            else:
                parsed.fate[number] = "not read (no user-agent before it)"
        elif lowered.startswith(("crawl-delay:", "sitemap:")):
            seen_rule = True
            if lowered.startswith("sitemap:") and stop_if_taken(number, _SITEMAPS):
                return parsed
            parsed.fate[number] = lowered.split(":", 1)[0]
        elif stop_if_taken(number, _ERRORS):
            return parsed
        else:
            parsed.fate[number] = "not read (an error line)"
    return parsed


def _interpret(rules: Optional[Rules], group: Optional[str]) -> Judgement:
    rules = rules or Rules()
    disallow = tuple(v for v in rules.disallow if "?" not in v[1])
    allow = tuple(v for v in rules.allow if "?" not in v[1])
    dropped = tuple(v for v in rules.disallow + rules.allow if "?" in v[1])
    disallows = [v for _, v in disallow]
    if not disallows or disallows == [""] or [v for _, v in allow] == disallows:
        blocked = "none"
    elif any(v.strip() == "/" for v in disallows) and not allow:
        blocked = "all"
    else:
        blocked = "some"
    return Judgement(blocked, group, disallow, allow, dropped)


def judge(parsed: Parsed, agent: str) -> Judgement:
    """``interpret_robots`` for one agent: its own rules, looked up by exact name, else
    ``*``'s; no judgement where the published parser stops. Each name's rules are
    interpreted once (``Parsed.judged``): most agents fall to ``*``'s."""
    if parsed.stopped is not None:
        return Judgement(None, None, (), (), ())
    name = agent if agent != "*" and agent in parsed.agents else "*"
    judged = parsed.judged.get(name)
    if judged is None:
        rules = parsed.agents.get(name)
        judged = _interpret(rules, name if rules is not None else None)
        parsed.judged[name] = judged
    return judged


def text_of(body: bytes, headers: Sequence[Tuple[str, str]]) -> str:
    """The body as ``requests``' ``response.text`` gives it (see the module)."""
    if not body:
        return ""
    try:
        return str(body, _encoding_of(headers) or "utf-8", errors="replace")
    except (LookupError, TypeError):
        return str(body, "utf-8", errors="replace")
    except ValueError:
        # A charset no codec can even be looked up by (a NUL or a lone surrogate in it):
        # `response.text` raises, and `extract_robots.py` records the fetch as failed: no text.
        return ""


# What ``requests`` strips from each end of a ``Content-Type`` parameter's name and value.
_PARAMETER_ENDS = "\"' "


def _encoding_of(headers: Sequence[Tuple[str, str]]) -> Optional[str]:
    """The encoding ``requests`` takes from the headers (None: it guesses): every
    ``Content-Type`` field joined with ``, `` (as urllib3 holds repeated fields); the type is the
    text before the first ``;``; a parameter with ``=`` has its name and value stripped of quotes
    and spaces, and its name lower-cased — the last ``charset`` wins, stripped of quotes once
    more; without one, a type that contains ``text`` (case-sensitively) is ISO-8859-1."""
    field = ", ".join(value for name, value in headers if name.lower() == "content-type")
    if not field:
        return None
    kind, *parameters = field.split(";")
    charset = None
    for parameter in parameters:
        parameter = parameter.strip()
        name, equals, value = parameter.partition("=")
        if equals and name.strip(_PARAMETER_ENDS).lower() == "charset":
            charset = value.strip(_PARAMETER_ENDS)
    if charset is not None:
        return charset.strip("'\"")
    return "ISO-8859-1" if "text" in kind else None


PARSERS = {NAME_2024: parse_2024, NAME_2025: parse_2025}
