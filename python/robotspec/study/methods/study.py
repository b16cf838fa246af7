"""The methods study on Spark: every capture of WARC files judged by each method beside the
exact answer (``judge_capture``), as a table, and the confusion of each method with the exact
answer per crawler.

The ``methods`` table has one row per (capture, crawler): the capture's columns, ``reading``,
``state`` (the access policy's, or ``redirect``), ``exact`` (the library's ``blocked``) with the
shortest allowed and disallowed paths and their rules, then per method a column of its
judgement (``imc25``, ``consent_in_crisis``, ``consent_in_crisis_2025``; null where the method
gives none) and ``<method>_evidence`` where it differs from ``exact``. Work is partitioned by
WARC file, as the job's is; rows cross to Spark as Python rows (the methods are per-capture
Python by nature: IMC asks up to hundreds of probes a file).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, List, Sequence

from ..capture import Capture, host_of, parsed_bytes
from ..job import warc_captures
from ..provenance import counted, input_files
from . import EXACT, column, judge_capture

CAPTURE_COLUMNS = (
    ("capture_id", "string"),
    ("warc_file", "string"),
    ("robots_url", "string"),
    ("host", "string"),
    ("fetch_time", "timestamp"),
    ("http_status", "int"),
)
EXACT_COLUMNS = (
    ("reading", "string"),
    ("agent", "string"),
    ("state", "string"),
    (EXACT, "string"),
    ("allowed_path", "string"),
    ("allowed_line", "int"),
    ("allowed_rule", "string"),
    ("disallowed_path", "string"),
    ("disallowed_line", "int"),
    ("disallowed_rule", "string"),
)
# Categories in the order the tables show them (the library's, and "redirect").
CATEGORIES = ("all", "some", "none", "unreachable", "undecided", "redirect")


def columns(methods: Sequence[str]) -> List[tuple]:
    """The ``methods`` table's columns, as (name, Spark type)."""
    extra = []
    for method in methods[1:]:
        extra += [(column(method), "string"), (column(method) + "_evidence", "string")]
    return list(CAPTURE_COLUMNS) + list(EXACT_COLUMNS) + extra


def rows_of(captures: Iterator[Capture], agents: Sequence[str], methods: Sequence[str],
            reading: str, size_limit: int) -> Iterator[tuple]:
    """The table's rows for ``captures``, as tuples in ``columns`` order."""
    names = [name for name, _ in columns(methods)]
    for capture in captures:
        head = {
            "capture_id": capture.capture_id,
            "warc_file": capture.warc_file,
            "robots_url": capture.robots_url,
            "host": host_of(capture.robots_url),
            "fetch_time": capture.fetch_time,
            "http_status": capture.http_status,
            "reading": reading,
        }
        for row in judge_capture(capture, agents, methods, reading, size_limit):
            row.update(head)
            yield tuple(row.get(name) for name in names)


def table(spark, locations: Sequence[str], agents: Sequence[str], methods: Sequence[str],
          reading: str, size_limit: int):
    """The ``methods`` table of the captures in the WARC files at ``locations``, and a Spark
    accumulator of the files that could not be read whole (``job.warc_captures``)."""
    ddl = ", ".join(f"`{name}` {kind}" for name, kind in columns(methods))
    captures, unreadable = warc_captures(spark, locations, parsed_bytes([reading], size_limit))
    rows = captures.mapPartitions(
        lambda read: rows_of(read, agents, methods, reading, size_limit))
    return spark.createDataFrame(rows, ddl), unreadable


def disagreements(methods_table, methods: Sequence[str]):
    """Every (capture, crawler, method) whose judgement differs from ``exact``, with the
    evidence: one row each (a Spark DataFrame)."""
    from functools import reduce

    from pyspark.sql import functions as F

    head = ["capture_id", "robots_url", "host", "fetch_time", "http_status", "reading", "agent",
            "state", EXACT]
    parts = [
        methods_table.where(f"state != 'redirect' and `{column(m)}` is not null "
                            f"and `{column(m)}` != {EXACT}")
        .select(*head, F.lit(m).alias("method"), F.col(column(m)).alias("judgement"),
                F.col(column(m) + "_evidence").alias("evidence"))
        for m in methods[1:]
    ]
    return reduce(lambda left, right: left.unionByName(right), parts)


@dataclass
class Confusion:
    """Per method, crawler, judgement and exact category, the (capture, crawler) pairs; and
    per method the pairs judged and those that differ."""

    counts: object
    rates: object


def confusion(methods_table, methods: Sequence[str], agents: Sequence[str] = ()) -> Confusion:
    """The confusion of each method with ``exact`` (pandas DataFrames), crawlers in the order of
    ``agents`` (others after them, by name); redirects and pairs a method does not judge are left
    out of its rates."""
    import pandas as pd

    parts, rates = [], []
    for method in methods[1:]:
        name = column(method)
        counts = (
            methods_table.where(f"state != 'redirect' and `{name}` is not null")
            .groupBy("agent", name, EXACT).count().toPandas()
            .rename(columns={name: "judgement"})
        )
        counts.insert(0, "method", method)
        parts.append(counts)
        judged = int(counts["count"].sum())
        differ = int(counts.loc[counts["judgement"] != counts[EXACT], "count"].sum())
        rates.append({"method": method, "pairs": judged, "differ": differ,
                      "percent": round(100 * differ / judged, 3) if judged else 0.0})
    counts = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(
        columns=["method", "agent", "judgement", EXACT, "count"])
    order = {agent: position for position, agent in enumerate(agents)}
    counts["position"] = counts["agent"].map(lambda agent: order.get(agent, len(order)))
    counts = counts.sort_values(["method", "position", "agent", "judgement", EXACT],
                                ignore_index=True).drop(columns="position")
    return Confusion(counts, pd.DataFrame(rates))


def matrix(counts, method: str, agent: str = None):
    """One method's confusion as a matrix: its judgement (rows) × exact (columns), for one
    crawler or summed over all."""
    rows = counts[counts["method"] == method]
    if agent is not None:
        rows = rows[rows["agent"] == agent]
    table = rows.pivot_table(index="judgement", columns=EXACT, values="count", aggfunc="sum",
                             fill_value=0)
    order = [c for c in CATEGORIES if c in table.columns] + [
        c for c in table.columns if c not in CATEGORIES]
    index = [c for c in CATEGORIES if c in table.index]
    return table.reindex(index=index, columns=order, fill_value=0).astype(int)


def report(result: Confusion, methods: Sequence[str]) -> str:
    """The confusion tables as text: per method, summed over crawlers, then per crawler."""
    lines = [result.rates.to_string(index=False), ""]
    for method in methods[1:]:
        summed = matrix(result.counts, method)
        lines += [f"{method} (rows) × exact (columns), all crawlers:",
                  summed.to_string() if not summed.empty else "(no pair judged)", ""]
        for agent in dict.fromkeys(result.counts.loc[result.counts["method"] == method, "agent"]):
            lines += [f"  {method} × exact for {agent}:",
                      "    " + matrix(result.counts, method, agent).to_string()
                      .replace("\n", "\n    ")]
        lines.append("")
    return "\n".join(lines)


def markdown(result: Confusion, methods: Sequence[str], provenance: dict) -> str:
    """A short Markdown summary for a paper's appendix."""
    lines = [
        f"**Published methods beside the exact answer** (robotspec "
        f"{provenance['robotspec_version']}, reading `{provenance['readings'][0]}`; "
        f"{counted(provenance['captures'], 'capture')} from {input_files(provenance)}; "
        f"{counted(len(provenance['agents']), 'crawler')}).",
        "",
        "| method | (capture, crawler) pairs | differ from exact | % "
        "| most frequent (method → exact) |",
        "|---|---:|---:|---:|---|",
    ]
    for rate in result.rates.itertuples():
        rows = result.counts[(result.counts["method"] == rate.method)
                             & (result.counts["judgement"] != result.counts[EXACT])]
        top = rows.groupby(["judgement", EXACT])["count"].sum().sort_values(ascending=False)
        common = ", ".join(f"{j} → {e} ({n})" for (j, e), n in top.head(3).items()) or "—"
        lines.append(f"| `{rate.method}` | {rate.pairs} | {rate.differ} | {rate.percent:.2f} "
                     f"| {common} |")
    lines += ["", "Exact: the library's `blocked` over every URL (`robotspec analyze`). "
              "Agents: " + ", ".join(f"`{a}`" for a in provenance["agents"]) + "."]
    return "\n".join(lines)
