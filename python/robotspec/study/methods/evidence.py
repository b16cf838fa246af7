"""Why a published method's judgement differs from the exact answer, in the library's words.

For one (capture, crawler) where a method's judgement is not the exact category, one line of
text:

* the exact answer is ``some``: the shortest path of the verdict the method missed — the
  shortest disallowed path where it said ``none``, the shortest allowed one where it said
  ``all`` — with the rule that decides it (the ``Analysis`` witnesses, as ``robotspec analyze``
  prints them), and what the method did with that rule's line;
* the exact answer is ``all``: the rule that closes everything (the one deciding ``/``), and
  what the method did with its line;
* the exact answer is ``none``: the rules the method counted, and why none decides a path in
  the reading — ``dead (shadowed: …)``, ``another group's``, ``not a rule`` in the reading;
* another exact answer (``unreachable``, ``undecided``): the state says it.

"What the method did" is the method's own trace: for Consent in Crisis, the fate of the line
in its parser (``disallow of *``, ``ends the group``, ``dropped: holds ?``, …) and whether the
crawler's judgement used it; for IMC, whether a probe asked for the path.
"""

from __future__ import annotations

from typing import Dict

from . import imc25


def explain(method: str, judgement: str, exact: str, analysis, robots, agent: str,
            counted) -> str:
    """The evidence text for one disagreement (see the module)."""
    if analysis is None:
        return f"exact: {exact} (the access policy decides: no rules)"
    if exact == "undecided":
        return f"exact: undecided ({analysis.undecided})"
    if exact == "none":
        return "exact: none; counted: " + _counted(method, counted, analysis, robots, agent)
    if exact == "all" or judgement == "none":
        witness, missed = analysis.disallowed_example, "disallowed"
    else:
        witness, missed = analysis.allowed_example, "allowed"
    lead = ("closes everything" if exact == "all" else f"missed {missed}")
    return f"exact: {exact}; {lead}: {_witness(witness)}; {method}: " + _fate(
        method, witness, counted, agent)


def _witness(witness) -> str:
    verdict = "allowed" if witness.allowed else "disallowed"
    if witness.line is not None:
        return f"{witness.path} {verdict} by line {witness.line}: {witness.rule}"
    why = "no rule matches" if witness.decision == "no-matching-rule" else "no group applies"
    return f"{witness.path} {verdict} ({why})"


def _fate(method: str, witness, counted, agent: str) -> str:
    """What the method did with the witness's rule."""
    if method == imc25.NAME:
        urls = [p.url for p in counted.probes]
        asked = f"{len(urls)} probes: {urls[:4]}{' …' if len(urls) > 4 else ''}"
        if witness.line is None:
            return f"decided by its {asked}"
        return (f"no probe asks for {witness.path} ({asked}; the agent passed as "
                f"{imc25.probe_agent(agent)!r})")
    judgement, parsed = counted
    if witness.line is None:
        return f"judged {judgement.blocked}; {_whose(judgement, agent)}"
    used = {line for line, _ in judgement.disallow + judgement.allow}
    dropped = {line for line, _ in judgement.dropped}
    if witness.line in dropped:
        fate = "dropped (holds `?`)"
    elif witness.line in used:
        fate = "counted, but its count cannot say which paths it decides"
    else:
        fate = parsed.fate.get(witness.line, "not read")
    return f"line {witness.line}: {fate}; {_whose(judgement, agent)}"


def _whose(judgement, agent: str) -> str:
    """Whose rules the judgement counted."""
    if judgement.group is None:
        return "no entry of its own and none for `*`: no rules"
    if judgement.group == "*" and agent != "*":
        return f"no entry named exactly {agent!r}: the rules of `*`"
    return f"the rules of {judgement.group!r}"


def _counted(method: str, counted, analysis, robots, agent: str) -> str:
    if method == imc25.NAME:
        # "some": the probe that parted from "/"; "all": "/" itself, disallowed.
        decisive = counted.probes[-1] if counted.blocked == "some" else counted.probes[0]
        return (f"probe {decisive.url} {'allowed' if decisive.allowed else 'disallowed'} by "
                f"line {decisive.line}: {decisive.rule} under google, the agent passed as "
                f"{imc25.probe_agent(agent)!r}")
    judgement, _ = counted
    lines = [(line, value) for line, value in judgement.disallow + judgement.allow]
    if not lines:
        return "no rule"
    why = _why_nothing(analysis, robots, agent)
    return "; ".join(f"line {line} `{value}`: {why.get(line, 'not a rule in the reading')}"
                     for line, value in sorted(lines)[:8])


def _why_nothing(analysis, robots, agent: str) -> Dict[int, str]:
    """Per rule line of the file, why it blocks no path for ``agent`` in the reading: dead
    (its cause), another group's, or an allow (the answer is ``none``: no rule disallows);
    a line that is no rule of any group is not listed."""
    why: Dict[int, str] = {}
    applies = {group["line"] for group in robots.applicable(agent)["groups"]}
    for group in robots.groups:
        for rule in group["rules"]:
            why[rule["line"]] = (
                f"{rule['kind']}: decides only allowed paths" if group["line"] in applies
                else f"another group's (the group at line {group['line']})"
            )
    for dead in analysis.dead_rules or ():
        why[dead.line] = f"dead ({dead.cause}: {dead.why})"
    return why
