"""The Spark job: WARC files (or a DataFrame of captures) in, the study's tables out.

Work is partitioned by file: the list of WARC locations becomes a DataFrame with one partition
per file, and each task streams its file (``warc.py``), collects ``BATCH_CAPTURES`` captures at
a time and has the binding answer them in one call (``capture.Batch``), which hands Spark one
nested row per capture as an Arrow record batch (``mapInArrow``: columnar, no per-row
pickling, no Python object per answer) — so a task holds one batch of captures' bodies (each at
most ``size_limit + 1`` bytes) and their rows at a time, whatever the file's size.
That nested table (``CAPTURE_ROW``) is persisted (memory, spilling to disk) and exploded into
the four output tables, so each capture is read and parsed once:

* ``verdicts``: one row per (capture, variant, agent, path);
* ``files``: one row per (capture, variant): the reading in figures;
* ``disagreements``: one row per (capture, agent, path, pair of variants whose verdicts differ);
* ``changes``: one row per (capture, agent, pair of variants whose ``blocked`` differs: all,
  some, none, unreachable or undecided), with the reason.

``analyse`` does the same for captures someone already holds in a DataFrame (from Common
Crawl's columnar index and range requests, say), and ``run`` writes the tables as Parquet.
The same code runs in local mode and on a cluster: nothing here depends on the master.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Iterable, Iterator, List, Optional, Sequence

from .capture import (
    CAPTURE_FIELDS,
    CAPTURE_ROW,
    CHANGE_FIELDS,
    DISAGREEMENT_FIELDS,
    READING_FIELDS,
    VERDICT_FIELDS,
    Batch,
    Capture,
    Settings,
    arrow_schema,
    field_names,
)


def ddl(fields) -> str:
    """Spark DDL for ``fields``."""
    return ", ".join(f"`{name}` {kind}" for name, kind in fields)


@dataclass
class Tables:
    """The study's tables (Spark DataFrames) and the nested table they come from."""

    captures: object
    verdicts: object
    files: object
    disagreements: object
    changes: object
    read_errors: Optional[object] = None

    def write(self, out: str, mode: str = "overwrite") -> None:
        """Writes the four tables as Parquet under ``out``: ``verdicts/``, ``files/``,
        ``disagreements/`` and ``changes/``."""
        for name in ("verdicts", "files", "disagreements", "changes"):
            getattr(self, name).write.mode(mode).parquet(os.path.join(out, name))

    def unpersist(self) -> None:
        """Frees the persisted nested table."""
        self.captures.unpersist()


def session(master: str = "local[*]", app: str = "robotspec.study", **conf):
    """A Spark session for the study. In local mode the Python workers run the interpreter
    that runs this (so they find robotspec); on a cluster the executors need robotspec
    installed in theirs (docs/study.md)."""
    from pyspark.sql import SparkSession

    if master.startswith("local"):
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
        # One machine: the driver and executors talk over the loopback interface only.
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        # One machine: Spark's 200 shuffle partitions are 200 tiny tasks for the aggregations.
        conf.setdefault("spark.sql.shuffle.partitions", "8")
    builder = SparkSession.builder.master(master).appName(app)
    for key, value in conf.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()


def _explode(nested):
    """The four tables of the nested capture table."""
    from pyspark.sql import functions as F

    head = [F.col(name) for name in field_names(CAPTURE_FIELDS)]
    readings = nested.select(*head, F.explode("readings").alias("r"))
    reading_columns = [
        F.col(f"r.{name}").alias(name) for name in field_names(READING_FIELDS) if name != "verdicts"
    ]
    files = readings.select(*head, *reading_columns)
    verdicts = readings.select(
        *head, F.col("r.variant").alias("variant"), F.col("r.state").alias("state"),
        F.explode("r.verdicts").alias("v"),
    ).select(
        *head, "variant", "state",
        *[F.col(f"v.{name}").alias(name) for name in field_names(VERDICT_FIELDS)],
    )
    disagreements = nested.select(*head, F.explode("disagreements").alias("d")).select(
        *head, *[F.col(f"d.{name}").alias(name) for name in field_names(DISAGREEMENT_FIELDS)]
    )
    changes = nested.select(*head, F.explode("changes").alias("c")).select(
        *head, *[F.col(f"c.{name}").alias(name) for name in field_names(CHANGE_FIELDS)]
    )
    return verdicts, files, disagreements, changes


# Captures are answered, and cross from the Python workers to Spark, in Arrow record batches
# of at most this many captures and (past the capture that crosses it) this many body bytes:
# one call to the binding each, a few dozen pyarrow calls to assemble its columns whatever
# their rows, and a bound on what a task holds however long the bodies are.
BATCH_CAPTURES = 256
BATCH_BYTES = 8_000_000


def _batches(captures: Iterable[Capture], settings: Settings) -> Iterator:
    """``captures``' rows (``CAPTURE_ROW``) as Arrow record batches (``BATCH_CAPTURES``,
    ``BATCH_BYTES``)."""
    schema = arrow_schema()
    batch, held = Batch(), 0
    for capture in captures:
        batch.add(capture)
        held += min(len(capture.body), settings.size_limit + 1)
        if len(batch) == BATCH_CAPTURES or held >= BATCH_BYTES:
            yield batch.record_batch(settings, schema)
            batch, held = Batch(), 0
    if len(batch):
        yield batch.record_batch(settings, schema)


def _tables(nested, errors=None) -> Tables:
    from pyspark import StorageLevel

    nested = nested.persist(StorageLevel.MEMORY_AND_DISK)
    verdicts, files, disagreements, changes = _explode(nested)
    return Tables(nested, verdicts, files, disagreements, changes, errors)


def from_warcs(spark, locations: Sequence[str], settings: Settings = Settings()) -> Tables:
    """The study of the captures in the WARC files at ``locations``: one Spark partition per
    file. Files that stop being readable are reported on the executors' standard error and
    counted in ``Tables.read_errors`` (a Spark accumulator, read after an action)."""
    locations = list(locations)
    if not locations:
        raise ValueError("no WARC file given")
    context = spark.sparkContext
    errors = context.accumulator(0)

    def analyse_files(batches) -> Iterator:
        from .warc import captures as warc_captures  # fastwarc, on the executors only

        for located in batches:
            for location in located.column(0).to_pylist():
                problems: List[str] = []
                read = warc_captures(location, settings.size_limit, problems)
                yield from _batches(read, settings)
                if problems:
                    errors.add(len(problems))

    files = context.parallelize([(location,) for location in locations], len(locations))
    nested = spark.createDataFrame(files, "location string").mapInArrow(
        analyse_files, ddl(CAPTURE_ROW)
    )
    return _tables(nested, errors)


# The columns `analyse` reads from a DataFrame of captures; the first three are required.
CAPTURE_COLUMNS = (
    "robots_url",
    "http_status",
    "body",
    "headers",
    "capture_id",
    "warc_file",
    "fetch_time",
    "body_bytes",
    "truncated",
    "failure",
)


def analyse(captures, settings: Settings = Settings()) -> Tables:
    """The study of a DataFrame of captures, one row each: ``robots_url`` (string),
    ``http_status`` (int; null when no response came) and ``body`` (binary) are required;
    ``headers`` (a map of string to string, or an array of (name, value) structs),
    ``capture_id``, ``warc_file``, ``fetch_time``, ``body_bytes`` (when ``body`` holds only
    the start of the body), ``truncated`` and ``failure`` are read when present. A missing
    ``capture_id`` becomes the URL with the row's partition and position."""
    present = [c for c in CAPTURE_COLUMNS if c in captures.columns]
    missing = [c for c in CAPTURE_COLUMNS[:3] if c not in present]
    if missing:
        raise ValueError(f"the captures lack the columns {missing}")

    def to_capture(values: dict, partition: int, position: int) -> Capture:
        headers = values.get("headers") or ()
        if isinstance(headers, dict):
            headers = tuple(headers.items())
        else:
            # A map arrives as (key, value) pairs, a struct as a dict of its two fields.
            headers = tuple(
                tuple(h.values())[:2] if isinstance(h, dict) else (h[0], h[1]) for h in headers
            )
        body = bytes(values.get("body") or b"")
        url = values["robots_url"] or ""
        return Capture(
            robots_url=url,
            http_status=values["http_status"],
            body=body,
            headers=headers,
            capture_id=values.get("capture_id") or f"{url}#{partition}.{position}",
            warc_file=values.get("warc_file"),
            fetch_time=values.get("fetch_time"),
            body_bytes=values["body_bytes"] if values.get("body_bytes") is not None else len(body),
            truncated=values.get("truncated"),
            failure=values.get("failure"),
        )

    def analyse_batches(batches) -> Iterator:
        from pyspark import TaskContext

        partition = TaskContext.get().partitionId()

        def read():
            position = 0
            for batch in batches:
                for values in batch.to_pylist():
                    yield to_capture(values, partition, position)
                    position += 1

        yield from _batches(read(), settings)

    nested = captures.select(*present).mapInArrow(analyse_batches, ddl(CAPTURE_ROW))
    return _tables(nested)


def run(spark, locations: Sequence[str], out: str, settings: Settings = Settings()) -> Tables:
    """``from_warcs``, written as Parquet under ``out``; the tables (still persisted) are
    returned for further use."""
    tables = from_warcs(spark, locations, settings)
    tables.write(out)
    return tables
