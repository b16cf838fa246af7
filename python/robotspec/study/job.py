"""The Spark job: WARC files (or a DataFrame of captures) in, the study's tables out.

Work is partitioned by file: the list of WARC locations becomes a DataFrame with one partition
per file, and each task streams its file (``warc.py``), collects ``BATCH_CAPTURES`` captures at
a time and has the binding answer them in one call (``capture.Batch``: one Arrow record batch
of nested rows, ``CAPTURE_ROW``, no Python object per answer), explodes them with pyarrow
(``capture.explode``) and writes the four tables as Parquet itself (``parts.py``): one part
file per table and task under ``out``. A task holds one batch of captures' bodies (each at most
one byte more than the readings parse: ``capture.parsed_bytes``) and their rows at a time,
whatever the file's size; the rows never cross into the JVM. Spark schedules the tasks and
collects one row of counts from each; the tables it hands back (``Tables``) read the written
Parquet lazily:

* ``verdicts``: one row per (capture, variant, agent, path);
* ``files``: one row per (capture, variant): the reading in figures;
* ``disagreements``: one row per (capture, agent, path, pair of variants whose verdicts differ);
* ``changes``: one row per (capture, agent, pair of variants whose ``blocked`` differs: all,
  some, none, unreachable or undecided), with the reason.

``analyse`` does the same for captures someone already holds in a DataFrame (from Common
Crawl's columnar index and range requests, say). The same code runs in local mode and on a
cluster, where ``out`` must be a file system every executor writes (``parts.py``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from typing import Iterable, Iterator, List, Optional, Sequence

from . import parts
from .capture import TABLE_ROWS, Batch, Capture, Settings, arrow_schema, parsed_bytes


def ddl(fields) -> str:
    """Spark DDL for ``fields``."""
    return ", ".join(f"`{name}` {kind}" for name, kind in fields)


@dataclass
class Tables:
    """The study's tables as written under ``out`` (a URI): ``verdicts``, ``files``,
    ``disagreements`` and ``changes`` are Spark DataFrames that read its Parquet files
    lazily; ``captures`` is the number of captures answered, ``read_errors`` the number of
    WARC files that could not be read whole (reported on the executors' standard error)."""

    out: str
    verdicts: object
    files: object
    disagreements: object
    changes: object
    captures: int
    read_errors: int = 0


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


# Captures are answered in Arrow record batches of at most this many captures and (past the
# capture that crosses it) this many body bytes: one call to the binding each, a few dozen
# pyarrow calls to assemble and explode its columns and one Parquet row group per table,
# whatever their rows, and a bound on what a task holds however long the bodies are. 1,024
# rather than 256: ~10 us a capture less in the task (fewer, larger row groups above all;
# docs/performance.md), the rows of 1,024 captures (17 agents x 5 readings: 87,040 verdicts)
# still a few tens of MB.
BATCH_CAPTURES = 1024
BATCH_BYTES = 8_000_000

# The row each task hands Spark: its partition, and what it wrote and read.
COUNTS = "partition int, captures long, unreadable long"


def _batches(captures: Iterable[Capture], settings: Settings) -> Iterator:
    """``captures``' rows (``CAPTURE_ROW``) as Arrow record batches (``BATCH_CAPTURES``,
    ``BATCH_BYTES``)."""
    schema = arrow_schema()
    kept = parsed_bytes(settings.variants, settings.size_limit) + 1
    batch, held = Batch(), 0
    for capture in captures:
        batch.add(capture)
        held += min(len(capture.body), kept)
        if len(batch) == BATCH_CAPTURES or held >= BATCH_BYTES:
            yield batch.record_batch(settings, schema)
            batch, held = Batch(), 0
    if len(batch):
        yield batch.record_batch(settings, schema)


def warc_captures(spark, locations: Sequence[str], size_limit: int):
    """An RDD of the captures of the WARC files at ``locations``, one partition per file, each
    body read to one byte past ``size_limit`` (the most the readings parse:
    ``capture.parsed_bytes``), for the commands that read captures as Python objects
    (``history``, the methods); and a Spark accumulator of the files that could not be read
    whole (each reported on its executor's standard error), whose value is known once the RDD
    is."""
    unreadable = spark.sparkContext.accumulator(0)

    def read(location: str) -> Iterator[Capture]:
        from .warc import captures  # fastwarc, on the executors only

        problems: List[str] = []
        yield from captures(location, size_limit, problems)
        unreadable.add(len(problems))

    files = spark.sparkContext.parallelize(list(locations), len(locations))
    return files.flatMap(read), unreadable


def _counts(partition: int, captures: int, unreadable: int):
    """A task's row of ``COUNTS``."""
    import pyarrow as pa

    return pa.RecordBatch.from_pydict(
        {"partition": [partition], "captures": [captures], "unreadable": [unreadable]},
        schema=pa.schema([("partition", pa.int32()), ("captures", pa.int64()),
                          ("unreadable", pa.int64())]))


def _output(out: Optional[str]) -> str:
    """Where the tables go: ``out``, or a new temporary folder (local mode)."""
    return parts.location(out if out is not None else tempfile.mkdtemp(prefix="robotspec-study-"))


def _run(spark, tasks, out: str) -> Tables:
    """Runs ``tasks`` (a DataFrame of ``COUNTS``, one row per partition, whose tasks write the
    parts under ``out``) and reads the tables back."""
    parts.prepare(out)
    counted = tasks.collect()
    parts.sweep(out)
    read = {table: spark.read.schema(ddl(fields)).parquet(f"{out}/{table}")
            for table, fields in TABLE_ROWS.items()}
    return Tables(out=out, captures=sum(row.captures for row in counted),
                  read_errors=sum(row.unreadable for row in counted), **read)


def from_warcs(spark, locations: Sequence[str], settings: Settings = Settings(),
               out: Optional[str] = None) -> Tables:
    """The study of the captures in the WARC files at ``locations``, one Spark partition per
    file, written as Parquet under ``out`` (overwritten; ``verdicts/``, ``files/``,
    ``disagreements/``, ``changes/``) — by default a new temporary folder, ``Tables.out``
    (left for the caller to remove: the DataFrames read it), which only local mode can use:
    on a cluster give a location every executor writes (docs/study.md, "On a cluster").
    Files that cannot be opened or stop being readable are reported on the executors'
    standard error and counted in ``Tables.read_errors``."""
    locations = list(locations)
    if not locations:
        raise ValueError("no WARC file given")
    out = _output(out)
    parsed = parsed_bytes(settings.variants, settings.size_limit)

    def analyse_files(located) -> Iterator:
        from pyspark import TaskContext

        from .warc import captures as warc_captures  # fastwarc, on the executors only

        partition = TaskContext.get().partitionId()
        problems: List[str] = []

        def read():
            for batch in located:
                for location in batch.column(0).to_pylist():
                    yield from warc_captures(location, parsed, problems)

        written = parts.write(out, partition, _batches(read(), settings))
        yield _counts(partition, written["captures"], len(problems))

    files = spark.sparkContext.parallelize([(location,) for location in locations],
                                           len(locations))
    tasks = spark.createDataFrame(files, "location string").mapInArrow(analyse_files, COUNTS)
    return _run(spark, tasks, out)


def _check_types(schema, present: Sequence[str]) -> None:
    """Refuses, before any task runs, a DataFrame of captures whose columns ``present`` are
    not of the kinds ``analyse`` reads (``CAPTURE_KINDS``), naming each."""
    wrong = []
    for name in present:
        kind = schema[name].dataType
        wanted = CAPTURE_KINDS[name]
        if _kind_of(kind) != wanted:
            wrong.append(f"`{name}` must be {wanted}, not {kind.simpleString()}")
    if wrong:
        raise TypeError("the captures' columns: " + "; ".join(wrong))


def _kind_of(kind) -> str:
    """The kind of a Spark data type, as ``CAPTURE_KINDS`` names it."""
    from pyspark.sql import types as t

    def text(data_type) -> bool:
        return isinstance(data_type, t.StringType)

    if text(kind):
        return "a string"
    if isinstance(kind, t.IntegralType):
        return "an integer"
    if isinstance(kind, t.BinaryType):
        return "binary"
    if isinstance(kind, (t.TimestampType, t.TimestampNTZType)):
        return "a timestamp"
    if isinstance(kind, t.MapType) and text(kind.keyType) and text(kind.valueType):
        return _HEADERS
    if isinstance(kind, t.ArrayType) and isinstance(kind.elementType, t.StructType):
        fields = kind.elementType.fields
        if len(fields) == 2 and all(text(f.dataType) for f in fields):
            return _HEADERS
    return kind.simpleString()


# The columns `analyse` reads from a DataFrame of captures, and the kind of each; the first
# three are required.
_HEADERS = "a map of string to string or an array of (name, value) structs of two strings"
CAPTURE_KINDS = {
    "robots_url": "a string",
    "http_status": "an integer",
    "body": "binary",
    "headers": _HEADERS,
    "capture_id": "a string",
    "warc_file": "a string",
    "fetch_time": "a timestamp",
    "body_bytes": "an integer",
    "truncated": "a string",
    "failure": "a string",
}
CAPTURE_COLUMNS = tuple(CAPTURE_KINDS)


def analyse(captures, settings: Settings = Settings(), out: Optional[str] = None) -> Tables:
    """The study of a DataFrame of captures, one row each, written as ``from_warcs`` writes
    (one part per partition of ``captures``): ``robots_url`` (string),
    ``http_status`` (int; null when no response came, as is a number no status code is, such
    as -1) and ``body`` (binary) are required; ``headers`` (a map of string to string, or an
    array of (name, value) structs), ``capture_id``, ``warc_file``, ``fetch_time``,
    ``body_bytes`` (when ``body`` holds only the start of the body), ``truncated`` and
    ``failure`` are read when present (``CAPTURE_KINDS``: another kind is a ``TypeError``
    before any task runs). A missing ``capture_id`` becomes the URL with the row's partition
    and position; a header with a null name or value is left out."""
    present = [c for c in CAPTURE_COLUMNS if c in captures.columns]
    missing = [c for c in CAPTURE_COLUMNS[:3] if c not in present]
    if missing:
        raise ValueError(f"the captures lack the columns {missing}")
    _check_types(captures.schema, present)
    out = _output(out)

    def to_capture(values: dict, partition: int, position: int) -> Capture:
        headers = values.get("headers") or ()
        if isinstance(headers, dict):
            headers = headers.items()
        else:
            # A map arrives as (key, value) pairs, a struct as a dict of its two fields.
            headers = (tuple(h.values())[:2] if isinstance(h, dict) else (h[0], h[1])
                       for h in headers if h is not None)
        # A pair with a null name or value is no header: left out, as Access leaves one out.
        headers = tuple(h for h in headers if None not in h)
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

        written = parts.write(out, partition, _batches(read(), settings))
        yield _counts(partition, written["captures"], 0)

    tasks = captures.select(*present).mapInArrow(analyse_batches, COUNTS)
    return _run(captures.sparkSession, tasks, out)
