"""A site's robots.txt through time, crawler by crawler: ``python -m robotspec.study history``.

Input: captures of the same hosts at different times — WARC files of several crawls (Common
Crawl's monthly robots.txt subsets), or a folder of files fetched from the Wayback Machine laid
out as ``FOLDER/HOST/TIMESTAMP[.STATUS]`` (``captures_from_folder``).

A *site* is the captured scheme + host (``https://example.com``); ``fold`` makes ``www.`` and
the bare host, http and https one site (``example.com``). Captures fall into periods (a day, a
month or a year of their fetch time); of several captures of a site in one period the latest
counts (a capture that redirects counts only when the period has no other: with ``fold`` the
http capture that redirects to https gives way to the https one), ties going to https, then to
the smaller capture id. A capture's meaning is the access policy's, under each reading: a 200
body is its rules; a 404 allows everything, a 5xx leaves the site unreachable, and so on
(docs/access.md) — so a status change is history too.

For every site, crawler, reading and consecutive pair of periods, one row: the category
(``all``/``some``/``none``/``unreachable``/``undecided``, the library's ``blocked``) before
and after, and whether they allow the same paths — ``equivalent``, or the shortest path the
later capture opened and the shortest it closed, with each side's rule: the library's exact
comparison, ``Access.compare`` (``robotspec compare OLD NEW --agent A`` on two local files).
Where a side's status decides (no rules), the paths come from the other side's analysis:
from allow-all to rules, the shortest path the rules disallow was closed; from
unreachable or disallow-all to rules, the shortest path they allow was opened; between
allow-all and unreachable/disallow-all, ``/``.

The timeline counts per crawler and period the sites that *closed* to it (``all`` after, not
before), *opened* (``all`` before, not after) and *changed partly* (any other pair that is not
equivalent).
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Dict, Iterator, List, Optional, Sequence, Tuple
from urllib.parse import urlsplit

from .._robotspec import Access, Robots, robots_txt_url
from .capture import DEFAULT_SIZE_LIMIT, Capture, access_of, can_be_a_host, redirect_of, rules_of
from .notice import notice
from .provenance import counted, input_files

PERIODS = {"day": "%Y-%m-%d", "month": "%Y-%m", "year": "%Y"}
# How often each period comes, as the summary says it.
EVERY = {"day": "daily", "month": "monthly", "year": "yearly"}
# States under which no path may be fetched.
_CLOSED_STATES = ("disallow-all", "unreachable")
_TIMESTAMP = re.compile(r"([0-9]{4,14})(?:\.([0-9]{3}))?")  # ASCII digits, as Wayback's

COLUMNS = (
    ("site", "string"),
    ("agent", "string"),
    ("reading", "string"),
    ("before_period", "string"),
    ("after_period", "string"),
    ("before_time", "timestamp"),
    ("after_time", "timestamp"),
    ("before_url", "string"),
    ("after_url", "string"),
    ("before_status", "int"),
    ("after_status", "int"),
    ("before_state", "string"),
    ("after_state", "string"),
    ("before", "string"),
    ("after", "string"),
    ("change", "string"),
    ("opened_path", "string"),
    ("opened_before", "string"),
    ("opened_after", "string"),
    ("closed_path", "string"),
    ("closed_before", "string"),
    ("closed_after", "string"),
)


def site_of(url: str, fold: bool) -> Optional[str]:
    """The site of a robots.txt URL: what its rules speak for, the scheme, host and port (RFC
    9309 2.3: the file's scheme and authority) as the library's scope spells them
    (``robotspec.robots_txt_url``: the host lower-cased, an internationalised one as its
    punycode by UTS 46, a default port none) — ``https://example.com``,
    ``https://example.com:8443`` — or (``fold``) the host without ``www.``, with such a port,
    for http and https alike (``example.com``). None when ``url`` names no site: it is not an
    absolute URL (a port past 65535 included), or has no host."""
    try:
        robots = robots_txt_url(url)
    except ValueError:
        return None
    site = robots[: -len("/robots.txt")]
    if not fold:
        return site
    authority = site.split("://", 1)[-1]
    bare = authority[4:] if authority.startswith("www.") else ""
    return bare if bare[:1] not in ("", ".", ":") else authority


def captures_from_folder(folder: str, scheme: str = "https",
                         size_limit: int = DEFAULT_SIZE_LIMIT) -> Iterator[Capture]:
    """The captures of a Wayback-style folder: ``FOLDER/HOST/TIMESTAMP`` holds the body of a
    200 capture of ``SCHEME://HOST/robots.txt`` fetched at ``TIMESTAMP`` (the Wayback
    Machine's ``YYYYMMDDhhmmss``, or a prefix of it: ``202405``), ``TIMESTAMP.STATUS`` the body
    of a capture with another status (``20240501000000.404``). Other files are skipped; a
    timestamp that names no time, and a folder whose name cannot be a host
    (``capture.can_be_a_host``), are skipped and said. Of each body the first ``size_limit +
    1`` bytes are kept (the most the readings parse: ``capture.parsed_bytes``), as of a WARC
    record's. (``hosts_of_folder`` and ``captures_of_host``, one host at a time.)"""
    for host in hosts_of_folder(folder):
        yield from captures_of_host(folder, host, scheme, size_limit)


def hosts_of_folder(folder: str) -> List[str]:
    """The hosts of a Wayback-style folder (``captures_from_folder``): its folders, in name
    order, but those whose name cannot be a host, which are skipped and said."""
    hosts = []
    for host in sorted(os.listdir(folder)):
        directory = os.path.join(folder, host)
        if not os.path.isdir(directory):
            continue
        if not can_be_a_host(host):
            notice(f"{directory}: skipped: its name is no host")
            continue
        hosts.append(host)
    return hosts


def captures_of_host(folder: str, host: str, scheme: str = "https",
                     size_limit: int = DEFAULT_SIZE_LIMIT) -> Iterator[Capture]:
    """The captures in ``FOLDER/HOST`` of a Wayback-style folder (``captures_from_folder``),
    in name order: one body read at a time, its first ``size_limit + 1`` bytes kept. A name
    of a capture that cannot be read (a folder, a file gone or not readable) is skipped and
    said."""
    directory = os.path.join(folder, host)
    for name in sorted(os.listdir(directory)):
        matched = _TIMESTAMP.fullmatch(name)
        if matched is None:
            continue
        path = os.path.join(directory, name)
        when = _fetch_time(matched.group(1))
        if when is None:
            notice(f"{path}: skipped: its name is no time")
            continue
        try:
            with open(path, "rb") as file:
                body = file.read(size_limit + 1)
                size = max(os.fstat(file.fileno()).st_size, len(body))
        except OSError as error:  # a folder so named, a file gone or not readable
            notice(f"{path}: skipped: {error.strerror or error}")
            continue
        yield Capture(
            robots_url=f"{scheme}://{host}/robots.txt",
            http_status=int(matched.group(2) or 200),
            body=body,
            capture_id=path,
            warc_file=path,
            fetch_time=when,
            body_bytes=size,
        )


def _fetch_time(stamp: str) -> Optional[datetime]:
    """The UTC time of a Wayback timestamp of 4 to 14 digits, whose omitted parts read as the
    first month, day, hour, minute and second (a month or day of ``00`` as the first too); or
    None when the digits name no time (a thirteenth month, a 30 February, a year 0)."""
    digits = stamp.ljust(14, "0")
    bounds = (0, 4, 6, 8, 10, 12, 14)
    year, month, day, hour, minute, second = (
        int(digits[start:end]) for start, end in zip(bounds, bounds[1:])
    )
    try:
        return datetime(year, month or 1, day or 1, hour, minute, second, tzinfo=timezone.utc)
    except ValueError:
        return None


@dataclass(frozen=True)
class Side:
    """One capture read under one reading (within ``size_limit``): its access result (None for
    a redirect) and each agent's ``blocked`` word, asked once for all of them."""

    capture: Capture
    reading: str
    size_limit: int
    access: Optional[Access]
    blocked: Dict[str, str]

    @functools.cached_property
    def robots(self) -> Optional[Robots]:
        """The file, under rules: read when first asked, for the analyses of a change a status
        decides (``Access.compare`` compares two files of rules)."""
        if self.access is None:
            return None
        return rules_of(self.capture, self.access, self.reading, self.size_limit)


def latest_per_period(captures: Sequence[Capture], period: str) -> List[Tuple[str, Capture]]:
    """Of a site's captures (each with its time), the one that counts in each period (see the
    module), oldest period first."""
    chosen: dict = {}
    for capture in captures:
        key = capture.fetch_time.strftime(PERIODS[period])
        chosen[key] = _later(chosen[key], capture) if key in chosen else capture
    return [(key, chosen[key]) for key in sorted(chosen)]


def _later(one: Capture, other: Capture) -> Capture:
    """Of two captures of a site in one period, the one that counts there."""
    return one if _rank(one) >= _rank(other) else other


def _rank(capture: Capture) -> tuple:
    """How a capture ranks among its site's captures of a period: the highest counts."""
    return (
        redirect_of(capture) is None,
        capture.fetch_time,
        capture.robots_url.startswith("https:"),
        # The smaller capture id wins a tie: compare its negation byte by byte.
        tuple(-ord(c) for c in capture.capture_id),
    )


def _side(capture: Capture, reading: str, size_limit: int, agents: Sequence[str]) -> Side:
    if redirect_of(capture) is not None:
        return Side(capture, reading, size_limit, None, dict.fromkeys(agents, "redirect"))
    access = access_of(capture, reading, size_limit)
    blocked = dict(zip(agents, access.blocked(list(agents))))
    return Side(capture, reading, size_limit, access, blocked)


def _rule(witness) -> str:
    if witness.line is not None:
        return f"{'allowed' if witness.allowed else 'disallowed'} by line {witness.line}: " \
               f"{witness.rule}"
    return f"{'allowed' if witness.allowed else 'disallowed'} ({witness.decision})"


def _state_words(side: Side) -> str:
    return f"{side.access.state} ({side.access.reason})"


def compare_each(before: Side, after: Side, agents: Sequence[str]) -> List[dict]:
    """The change between two sides for each of ``agents``: ``change`` and the paths opened
    and closed with each side's rule (see the module). Where both obey rules, the agents are
    compared in one call (``Access.compare``), which compares the agents whose groups are the
    same on both sides once."""
    if before.access is None or after.access is None:
        compared = [None] * len(agents)
    else:
        compared = before.access.compare(after.access, list(agents))
    return [_compare(before, after, agent, found) for agent, found in zip(agents, compared)]


def _compare(before: Side, after: Side, agent: str, found) -> dict:
    """The change for ``agent``, ``found`` the exact comparison of its rules (None unless both
    sides obey rules)."""
    row = {"before": before.blocked[agent], "after": after.blocked[agent]}
    if before.access is None or after.access is None:
        row["change"] = "redirect"  # its answer is another capture, not in this period
        return row
    if found is not None:
        if found.equivalent is None:
            row["change"] = "undecided"
            return row
        for name, difference in (("opened", found.allowed_only_by_new),
                                 ("closed", found.allowed_only_by_old)):
            if difference is not None:
                row[f"{name}_path"] = difference.path
                row[f"{name}_before"] = _rule(difference.old)
                row[f"{name}_after"] = _rule(difference.new)
    else:
        _status_change(row, before, after, agent)
    opened, closed = row.get("opened_path") is not None, row.get("closed_path") is not None
    row["change"] = {(False, False): "equivalent", (True, False): "opened",
                     (False, True): "closed", (True, True): "opened and closed"}[(opened, closed)]
    return row


def _status_change(row: dict, before: Side, after: Side, agent: str) -> None:
    """Paths opened and closed when a status decides at least one side (see the module)."""
    def allows_all(side):
        return side.access.state == "allow-all"

    def allows_none(side):
        return side.access.state in _CLOSED_STATES

    def example(side, allowed):
        analysis = side.robots.analyze(agent)
        return analysis.allowed_example if allowed else analysis.disallowed_example

    for name, left, right in (("opened", before, after), ("closed", after, before)):
        # A path ``right`` allows and ``left`` does not: opened (before → after) or closed.
        if allows_none(left) and not allows_none(right):
            witness = example(right, True) if right.robots is not None else None
        elif allows_all(right) and not allows_all(left):
            witness = example(left, False) if left.robots is not None else None
        else:
            continue
        if witness is None and (left.robots is not None or right.robots is not None):
            continue  # the rules side allows (or blocks) every path too: nothing parts
        words = _rule(witness) if witness is not None else None
        left_words = _state_words(left) if left.robots is None else words
        right_words = _state_words(right) if right.robots is None else words
        row[f"{name}_path"] = witness.path if witness is not None else "/"
        row[f"{name}_before"], row[f"{name}_after"] = (
            (left_words, right_words) if name == "opened" else (right_words, left_words))


def site_rows(site: str, captures: Sequence[Capture], agents: Sequence[str],
              readings: Sequence[str], period: str, size_limit: int) -> Iterator[tuple]:
    """The history rows of one site, as tuples in ``COLUMNS`` order."""
    chosen = latest_per_period(captures, period)
    names = [name for name, _ in COLUMNS]
    for reading in readings:
        sides = [(key, _side(capture, reading, size_limit, agents)) for key, capture in chosen]
        for (before_key, before), (after_key, after) in zip(sides, sides[1:]):
            for agent, row in zip(agents, compare_each(before, after, agents)):
                row.update(site=site, agent=agent, reading=reading,
                           before_period=before_key, after_period=after_key)
                for prefix, side in (("before", before), ("after", after)):
                    row[f"{prefix}_time"] = side.capture.fetch_time
                    row[f"{prefix}_url"] = side.capture.robots_url
                    row[f"{prefix}_status"] = side.capture.http_status
                    row[f"{prefix}_state"] = (side.access.state if side.access is not None
                                              else "redirect")
                yield tuple(row.get(name) for name in names)


def _top_level(url: str) -> bool:
    """Whether ``url`` is a site's own ``/robots.txt`` (an archive also holds the targets of
    redirects, which may be any URL)."""
    try:
        return urlsplit(url).path == "/robots.txt"
    except ValueError:
        return False


def table(spark, captures_rdd, agents: Sequence[str], readings: Sequence[str], period: str,
          fold: bool, size_limit: int):
    """The history table (a Spark DataFrame) of an RDD of ``Capture``: one task per site; and
    two Spark accumulators of the captures of a ``/robots.txt`` left out, whose values are
    known once the table is: for want of a time (a WARC record without a valid ``WARC-Date``
    has no place in a history), and for want of a site (a URL the library's scope cannot read:
    ``site_of``)."""
    ddl = ", ".join(f"`{name}` {kind}" for name, kind in COLUMNS)
    untimed = spark.sparkContext.accumulator(0)
    siteless = spark.sparkContext.accumulator(0)

    def keyed(capture: Capture):
        if not _top_level(capture.robots_url):
            return []
        site = site_of(capture.robots_url, fold)
        if site is None:
            siteless.add(1)
            return []
        if capture.fetch_time is None:
            untimed.add(1)
            return []
        return [((site, capture.fetch_time.strftime(PERIODS[period])), capture)]

    def rows(item):
        site, captures = item
        return site_rows(site, list(captures), agents, readings, period, size_limit)

    # Each site and period keeps its one capture that counts before the site's are brought
    # together: a site holds a capture a period, however many an archive made of it.
    latest = captures_rdd.flatMap(keyed).reduceByKey(_later)
    grouped = latest.map(lambda item: (item[0][0], item[1])).groupByKey()
    return spark.createDataFrame(grouped.flatMap(rows), ddl), untimed, siteless


def timeline(history):
    """Per reading, crawler and period (the later of each pair): the sites that closed to the
    crawler, opened, changed partly, or stayed equivalent (a pandas DataFrame)."""
    from pyspark.sql import functions as F

    kind = (
        F.when(F.col("change") == "equivalent", "unchanged")
        .when((F.col("after") == "all") & (F.col("before") != "all"), "closed")
        .when((F.col("before") == "all") & (F.col("after") != "all"), "opened")
        .otherwise("partly")
    )
    counts = (history.withColumn("kind", kind)
              .groupBy("reading", "agent", F.col("after_period").alias("period"), "kind")
              .count().toPandas())
    table = counts.pivot_table(index=["reading", "agent", "period"], columns="kind",
                               values="count", aggfunc="sum", fill_value=0)
    table = table.reindex(columns=["closed", "opened", "partly", "unchanged"], fill_value=0)
    return table.astype(int).reset_index()


def plot(timeline_table, path: str, reading: str, agents: Sequence[str]) -> None:
    """The timeline as a PNG: per crawler (in the order of ``agents``), the sites that closed,
    opened and changed partly in each period, under ``reading``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.ticker import MaxNLocator

    rows = timeline_table[timeline_table["reading"] == reading]
    agents = [agent for agent in agents if agent in set(rows["agent"])]
    periods = sorted(set(rows["period"]))
    width = max(1, min(4, len(agents)))
    height = max(1, (len(agents) + width - 1) // width)
    # At least 7 inches wide: the title's width.
    figure, axes = plt.subplots(height, width, figsize=(max(4 * width, 7), 2.6 * height + 0.8),
                                dpi=100, squeeze=False, sharex=True)
    colours = {"closed": "#c0392b", "opened": "#5aa469", "partly": "#f0a830"}
    x = np.arange(len(periods))
    for axis, agent in zip(axes.flat, agents):
        mine = rows[rows["agent"] == agent].set_index("period").reindex(periods, fill_value=0)
        bottom = np.zeros(len(periods))
        for kind, colour in colours.items():
            axis.bar(x, mine[kind].to_numpy(), bottom=bottom, color=colour, label=kind)
            bottom += mine[kind].to_numpy()
        axis.set_title(agent, fontsize=9, loc="left")
        axis.set_ylabel("sites", fontsize=8)
        axis.yaxis.set_major_locator(MaxNLocator(integer=True))  # sites are whole
        axis.set_xticks(x, periods, rotation=45, ha="right", fontsize=7)
    for axis in list(axes.flat)[len(agents):]:
        axis.set_visible(False)
    if agents:
        axes.flat[0].legend(fontsize=7, frameon=False)
    else:
        axes.flat[0].set_visible(True)
        axes.flat[0].set_axis_off()
        axes.flat[0].text(0.5, 0.5, "no site was captured in two periods", ha="center",
                          va="center", fontsize=9)
    figure.suptitle(f"Sites that closed, opened or changed partly, per crawler and period "
                    f"({reading})", x=0.01, ha="left", fontsize=10)
    figure.tight_layout(rect=(0, 0, 1, 0.96))
    figure.savefig(path)
    plt.close(figure)


def markdown(timeline_table, history_counts: dict, provenance: dict) -> str:
    """A short Markdown summary for a paper's appendix."""
    reading = provenance["readings"][0]
    rows = timeline_table[timeline_table["reading"] == reading]
    totals = rows.groupby("agent")[["closed", "opened", "partly", "unchanged"]].sum()
    totals = totals.reindex([a for a in provenance["agents"] if a in totals.index])
    lines = [
        f"**robots.txt history per crawler** (robotspec {provenance['robotspec_version']}, "
        f"reading `{reading}`; {counted(history_counts['sites'], 'site')}, "
        f"{counted(history_counts['pairs'], 'consecutive pair')} of "
        f"{EVERY[provenance['period']]} captures; sites "
        f"{'folded (www./bare, http/https)' if provenance['fold'] else 'as scheme + host'}; "
        f"{input_files(provenance)}).",
        "",
        "| crawler | closed (→ all) | opened (all →) | changed partly | unchanged |",
        "|---|---:|---:|---:|---:|",
    ]
    for agent, row in totals.iterrows():
        lines.append(f"| `{agent}` | {row.closed} | {row.opened} | {row.partly} "
                     f"| {row.unchanged} |")
    if totals.empty:
        lines[-2:] = ["No site was captured in two periods: there is no change to count."]
    lines += ["", "Each pair compared exactly over every URL (`Access.compare`, as "
              "`robotspec compare OLD NEW`); statuses read by the access policy."]
    return "\n".join(lines)
