"""The worked example: how much of each site robots.txt blocks for AI crawlers, and how much
the variant matters.

From the job's tables (``verdicts``, ``changes``, ``disagreements``), per agent and variant, the
number of sites whose robots.txt blocks all of the site for the agent, some of it, or none —
the ``blocked`` column, which ``Access.blocked`` decides exactly, over every URL, in the
library's words (docs/study.md defines them; ``undecided`` where the analysis's limit stopped
it) — plus the sites the access policy leaves unreachable (5xx and the like: no answer, crawl
nothing for now). Then how much the variant changes the answer: the sites whose ``blocked``
differs between variants, per agent and per pair, and why — the reasons of those changes (the library's ``diff`` reason at the shortest path where
the two variants' rules part) and of the verdict disagreements on the asked paths, aggregated
(and ``access-policy`` where a status code decided).

A site is a host with a capture of its top-level ``/robots.txt``. A host with several (http
and https, or several fetches) counts once, by the latest (ties go to https, then to the
smaller capture id). When that capture is a redirect, the capture of the URL it redirects to
answers for the site (the latest capture of that URL in the tables, followed up to 5 hops, as
the access policy follows them); a site whose chain ends outside the tables, or goes on past
5 hops, is not counted (``unresolved``).

Aggregation runs on Spark (the tables may hold 10⁸ captures); what comes back to the driver —
a few hundred numbers — goes to pandas, CSV files and a matplotlib PNG.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import List, Optional, Sequence

from .provenance import shown

# The values of the ``blocked`` column, the library's ``Blocked`` (``Analysis.blocked``,
# ``Access.blocked``), in the order the tables and the plot show them.
BLOCKED = ("all", "some", "none", "unreachable", "undecided")
# Colours a reader takes in at a glance: red for all blocked, amber for some, green for none,
# grey for no answer, violet for no exact answer within the limit.
COLOURS = {
    "all": "#c0392b",
    "some": "#f0a830",
    "none": "#5aa469",
    "unreachable": "#9e9e9e",
    "undecided": "#8e44ad",
}


@dataclass
class Study:
    """The blocking study's results, as pandas DataFrames."""

    # One row per (agent, variant): sites per value of ``blocked`` (a column each), and their
    # total.
    counts: object
    # One row per agent: sites whose ``blocked`` differs between at least two variants, and per
    # pair of variants (columns "LEFT vs RIGHT").
    changes: object
    # One row per (left, right, reason): sites × agents whose ``blocked`` differs between two
    # variants, and why.
    change_reasons: object
    # One row per (left, right, reason): verdict disagreements (site, agent, path) between two
    # variants, and why.
    reasons: object
    # Sites counted, sites whose redirects lead to no capture, captures read.
    sites: int
    unresolved: int
    captures: int


def sites_of(verdicts, hops: int = 5):
    """Per host, the capture that answers for it (see the module): a DataFrame of
    (host, capture_id). Hosts whose redirects lead to no capture are left out."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    captures = verdicts.select(
        "host", "capture_id", "fetch_time", "robots_url", "redirect_location"
    ).distinct()
    latest = [
        F.col("fetch_time").desc_nulls_last(),
        F.col("robots_url").startswith("https:").desc(),
        F.col("capture_id"),
    ]
    # A site's own captures: its top-level /robots.txt (an archive also holds the targets of
    # redirects, which may be any URL).
    own = captures.where(F.expr("parse_url(robots_url, 'PATH')") == "/robots.txt")
    chosen = (
        own.withColumn("rank", F.row_number().over(Window.partitionBy("host").orderBy(*latest)))
        .where(F.col("rank") == 1)
        .select("host", "capture_id", "redirect_location")
    )
    # The latest capture of each URL, to follow redirects to.
    by_url = (
        captures.withColumn(
            "rank", F.row_number().over(Window.partitionBy("robots_url").orderBy(*latest))
        )
        .where(F.col("rank") == 1)
        .select(
            F.col("robots_url").alias("next"),
            F.col("capture_id").alias("target"),
            F.col("redirect_location").alias("then"),
        )
    )
    answered = chosen.where(F.col("redirect_location").isNull()).select("host", "capture_id")
    pending = chosen.where(F.col("redirect_location").isNotNull()).select(
        "host", F.col("redirect_location").alias("next")
    )
    for _ in range(hops):
        followed = pending.join(by_url, "next")
        answered = answered.unionByName(
            followed.where(F.col("then").isNull()).select(
                "host", F.col("target").alias("capture_id")
            )
        )
        pending = followed.where(F.col("then").isNotNull()).select(
            "host", F.col("then").alias("next")
        )
    return answered


def study(
    verdicts,
    disagreements,
    changes,
    variants: Optional[Sequence[str]] = None,
    agents: Optional[Sequence[str]] = None,
) -> Study:
    """The study of the job's ``verdicts``, ``disagreements`` and ``changes`` tables (Spark
    DataFrames).
    ``variants`` and ``agents`` order the rows (default: the variants in ``robotspec.VARIANTS``
    order, then composed readings by name; the agents in the order of their first row)."""
    from pyspark.sql import functions as F

    from .._robotspec import VARIANTS

    chosen = sites_of(verdicts).cache()
    answers = verdicts.drop("host")
    per_site = (
        answers.join(chosen, "capture_id")
        .select("host", "variant", "agent", "blocked")
        .distinct()
        .cache()
    )
    counts = per_site.groupBy("agent", "variant", "blocked").count().toPandas()
    found = set(counts["variant"]) if len(counts) else set()
    order = list(variants) if variants else (
        [v for v in VARIANTS if v in found] + sorted(found - set(VARIANTS)))
    agents = list(agents) if agents else _agent_order(verdicts)
    counts_table = _counts_table(counts, agents, order)

    by_site = per_site.groupBy("host", "agent").agg(
        F.map_from_entries(F.collect_list(F.struct("variant", "blocked"))).alias("by_variant")
    )
    pair_columns = []
    for i, left in enumerate(order):
        for right in order[i + 1 :]:
            differs = F.col("by_variant")[left] != F.col("by_variant")[right]
            pair_columns.append(F.sum(differs.cast("int")).alias(f"{left} vs {right}"))
    any_change = F.size(F.array_distinct(F.map_values("by_variant"))) > 1
    changed = (
        by_site.groupBy("agent")
        .agg(F.count("*").alias("sites"), F.sum(any_change.cast("int")).alias("changed"), *pair_columns)
        .toPandas()
    )
    changed = changed.set_index("agent").reindex(agents).fillna(0).reset_index()

    def reasons_of(table):
        return (
            table.drop("host")
            .join(chosen, "capture_id")
            .groupBy("left", "right", "reason")
            .count()
            .orderBy(F.col("count").desc(), "left", "right", "reason")
            .toPandas()
        )

    change_reasons = reasons_of(changes)
    reasons = reasons_of(disagreements)
    sites = chosen.count()
    own_hosts = (
        verdicts.where(F.expr("parse_url(robots_url, 'PATH')") == "/robots.txt")
        .select("host")
        .distinct()
        .count()
    )
    captures = verdicts.select("capture_id").distinct().count()
    per_site.unpersist()
    chosen.unpersist()
    return Study(
        counts_table, changed, change_reasons, reasons, sites, own_hosts - sites, captures
    )


def _agent_order(verdicts) -> List[str]:
    """The agents in the order the job asked them (first appearance in the table)."""
    from pyspark.sql import functions as F

    rows = (
        verdicts.withColumn("position", F.monotonically_increasing_id())
        .groupBy("agent")
        .agg(F.min("position").alias("first"))
        .orderBy("first")
        .collect()
    )
    return [row["agent"] for row in rows]


def _counts_table(counts, agents: List[str], variants: List[str]):
    """(agent, variant) rows with one column per value of ``blocked``, zeros filled in."""
    import pandas as pd

    table = (
        counts.pivot_table(
            index=["agent", "variant"], columns="blocked", values="count", aggfunc="sum"
        )
        if len(counts)
        else pd.DataFrame(columns=list(BLOCKED), dtype="int64")
    )
    index = pd.MultiIndex.from_product([agents, variants], names=["agent", "variant"])
    table = table.reindex(index=index, columns=list(BLOCKED)).fillna(0).astype(int)
    table["sites"] = table[list(BLOCKED)].sum(axis=1)
    return table.reset_index()


def plot(result: Study, path: str, variant: str, title: str = "") -> None:
    """The study as one PNG: (a) per agent, the share of sites per value of ``blocked`` under
    ``variant``; (b) per agent and variant, the share of sites that block all of the site for
    the agent; (c) how often the variant changes ``blocked``, and (d) why."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    counts = result.counts
    agents = list(dict.fromkeys(counts["agent"]))
    variants = list(dict.fromkeys(counts["variant"]))
    if not agents:  # a study of no capture, asked without its agents
        figure = plt.figure(figsize=(8, 1.5), dpi=110)
        figure.text(0.5, 0.5, "No site to show: the study read no capture.", ha="center",
                    va="center", fontsize=12)
        _save(figure, path)
        return
    height = max(4.5, 0.38 * len(agents) + 1.8)
    figure = plt.figure(figsize=(17, height + 3.8), dpi=110)
    grid = figure.add_gridspec(2, 3, width_ratios=[1.25, 1.1, 0.9], height_ratios=[height, 3.8])

    # (a) stacked shares under the chosen variant.
    axis = figure.add_subplot(grid[0, 0])
    chosen = counts[counts["variant"] == variant].set_index("agent").reindex(agents)
    totals = chosen["sites"].replace(0, np.nan)
    left = np.zeros(len(agents))
    y = np.arange(len(agents))
    for blocked in BLOCKED:
        share = (chosen[blocked] / totals * 100).fillna(0).to_numpy()
        axis.barh(y, share, left=left, color=COLOURS[blocked], label=blocked, edgecolor="white")
        for row, (start, width) in enumerate(zip(left, share)):
            if width >= 7:
                axis.text(start + width / 2, row, f"{width:.0f}%", ha="center", va="center",
                          fontsize=8, color="white" if blocked != "some" else "black")
        left += share
    axis.set_yticks(y, agents)
    axis.invert_yaxis()
    axis.set_xlim(0, 100)
    axis.set_xlabel(f"share of sites (%) per value of blocked — {variant}")
    axis.set_title(f"(a) How much each crawler is blocked ({variant})", loc="left", fontsize=10,
                   pad=20)
    axis.legend(ncol=5, loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False, fontsize=8)

    # (b) heat map: share of sites that block all of the site for the agent, per variant.
    axis = figure.add_subplot(grid[0, 1])
    shares = np.zeros((len(agents), len(variants)))
    for j, name in enumerate(variants):
        rows = counts[counts["variant"] == name].set_index("agent").reindex(agents)
        shares[:, j] = (rows["all"] / rows["sites"].replace(0, np.nan) * 100).fillna(0)
    image = axis.imshow(shares, cmap="Reds", aspect="auto", vmin=0, vmax=max(1.0, shares.max()))
    for i in range(len(agents)):
        for j in range(len(variants)):
            value = shares[i, j]
            axis.text(j, i, f"{value:.1f}", ha="center", va="center", fontsize=7.5,
                      color="white" if value > shares.max() * 0.6 else "black")
    axis.set_xticks(range(len(variants)), variants, rotation=25, ha="right", fontsize=8)
    axis.set_yticks(range(len(agents)), agents)
    axis.set_title("(b) Sites that block all for the crawler (%), per variant", loc="left",
                   fontsize=10)
    figure.colorbar(image, ax=axis, fraction=0.04, pad=0.02)

    # (c) sites whose ``blocked`` depends on the variant.
    axis = figure.add_subplot(grid[0, 2])
    changes = result.changes.set_index("agent").reindex(agents)
    changed = (changes["changed"] / changes["sites"].replace(0, np.nan) * 100).fillna(0).to_numpy()
    axis.barh(y, changed, color="#6c5b7b")
    for row, value in enumerate(changed):
        count = int(changes["changed"].iloc[row])
        axis.text(value, row, f" {value:.1f}% ({count})", va="center", fontsize=8)
    axis.set_yticks(y, [""] * len(agents))
    axis.invert_yaxis()
    axis.set_xlim(0, max(5.0, changed.max() * 1.45))
    axis.set_xlabel("sites whose blocked varies (%)")
    axis.set_title("(c) Does the variant change the answer?", loc="left", fontsize=10)

    # (d) why ``blocked`` changes.
    axis = figure.add_subplot(grid[1, :])
    reasons = result.change_reasons.groupby("reason")["count"].sum().sort_values(ascending=True)
    if len(reasons):
        axis.barh(range(len(reasons)), reasons.to_numpy(), color="#355c7d")
        axis.set_yticks(range(len(reasons)), reasons.index)
        for row, value in enumerate(reasons.to_numpy()):
            axis.text(value, row, f" {value:,}", va="center", fontsize=8)
        axis.set_xlim(0, reasons.max() * 1.15)
    else:
        axis.text(0.5, 0.5, "blocked depends on no variant", ha="center", va="center",
                  transform=axis.transAxes)
        axis.set_yticks([])
    axis.set_xlabel("sites × agents × pairs of variants whose blocked differs")
    axis.set_title("(d) Why blocked changes (robotspec diff reasons at the shortest path "
                   "where the variants part; access-policy = the status code)", loc="left",
                   fontsize=10)

    figure.suptitle(
        title or f"What robots.txt blocks on {result.sites:,} sites ({result.captures:,} captures)",
        x=0.01, ha="left", fontsize=13, fontweight="bold",
    )
    figure.tight_layout(rect=(0, 0, 1, 0.97))
    _save(figure, path)


def _save(figure, path: str) -> None:
    """Writes ``figure`` as the PNG at ``path`` (its folder made) and lets it go."""
    import matplotlib.pyplot as plt

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    figure.savefig(path)
    plt.close(figure)


def report(result: Study, variant: str) -> str:
    """The study as text: the counts under ``variant``, every variant's "all" count, the
    changes and the reasons."""
    lines = [
        f"sites: {result.sites} (captures read: {result.captures}; "
        f"sites whose redirects lead to no capture, not counted: {result.unresolved})",
        "",
        f"Sites per value of blocked under {variant}:",
    ]
    counts = result.counts
    chosen = counts[counts["variant"] == variant]
    lines.append(shown(chosen.drop(columns=["variant"]), index=False))
    lines += ["", "Sites that block all for the agent (blocked: all), per variant:"]
    lines.append(shown(counts.pivot(index="agent", columns="variant", values="all")
                        .reindex(list(dict.fromkeys(counts["agent"])))
                        .reindex(columns=list(dict.fromkeys(counts["variant"])))))
    lines += ["", "Sites whose blocked differs between at least two variants:"]
    changes = result.changes
    share = (changes["changed"] / changes["sites"].where(changes["sites"] > 0) * 100).round(1)
    lines.append(shown(changes[["agent", "sites", "changed"]].assign(percent=share.fillna(0)),
                        index=False))
    pairs = [c for c in changes.columns if " vs " in c]
    if pairs:
        lines += ["", "Sites × agents whose blocked differs, per pair of variants:"]
        totals = changes[pairs].sum().astype(int)
        lines.append(totals.rename_axis("pair").reset_index(name="count").to_string(index=False))
    lines += ["", "Why blocked changes (robotspec diff reasons at the shortest path where "
              "the variants part):"]
    lines.append(_by_reason(result.change_reasons))
    lines += ["", "Why verdicts differ on the asked paths (robotspec diff reasons):"]
    lines.append(_by_reason(result.reasons))
    return "\n".join(lines)


def _by_reason(table) -> str:
    """Counts per reason, then per reason and pair."""
    if not len(table):
        return "(none)"
    totals = table.groupby("reason")["count"].sum().sort_values(ascending=False)
    return (totals.rename_axis("reason").reset_index(name="count").to_string(index=False)
            + "\n\n" + table.to_string(index=False))


def write(result: Study, out: str, variant: str, title: str = "") -> List[str]:
    """Writes ``blocking.csv``, ``changes.csv``, ``change_reasons.csv``, ``reasons.csv``
    and ``blocking.png`` under ``out``; returns their paths."""
    os.makedirs(out, exist_ok=True)
    paths = []
    for name, table in (("blocking", result.counts), ("changes", result.changes),
                        ("change_reasons", result.change_reasons), ("reasons", result.reasons)):
        path = os.path.join(out, f"{name}.csv")
        table.to_csv(path, index=False)
        paths.append(path)
    png = os.path.join(out, "blocking.png")
    plot(result, png, variant, title)
    paths.append(png)
    return paths
