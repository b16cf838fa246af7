"""The study's tables as Parquet part files, written by the tasks themselves.

Each Spark task answers its captures (``capture.Batch``), explodes every batch into the four
flat tables (``capture.explode``) and writes them with pyarrow's Parquet writer (C++), one part
file per table: ``OUT/verdicts/part-00007.parquet`` and so on, named after the task's
partition. The rows never cross into the JVM; Spark only schedules the partitions and collects
one row of counts per task. So ``OUT`` must be a file system every executor can write and the
driver can read: a local folder in local mode (or on a one-machine cluster), otherwise
``s3://``, ``gs://``, ``hdfs://`` or another URI pyarrow's file systems open (``s3a://`` and
``s3n://``, Hadoop's names for S3, are read as ``s3://``).

Commit: a task writes each part under a hidden temporary name in the same folder
(``.part-00007.parquet.<random>.tmp``; readers skip names starting with ``.``) and renames it
to its final name once the file is complete. A retried or speculative attempt of the same
partition writes the same rows to the same final name, so it replaces the part or, where the
file system does not rename over a file (HDFS), leaves the part that is there: never a
duplicate. The driver empties the table folders before the job and removes the temporary files
of attempts that died after it; a job that fails leaves the parts written so far.
"""

from __future__ import annotations

import posixpath
import uuid
from pathlib import Path
from typing import Dict, Iterable, Optional, Tuple
from urllib.parse import urlsplit

from .capture import TABLE_ROWS, explode, table_schema

TABLES: Tuple[str, ...] = tuple(TABLE_ROWS)
"""The tables, in the order they are written: verdicts, files, disagreements, changes."""

STATISTICS: Tuple[str, ...] = ("warc_file",)
"""The columns whose minimum and maximum each row group records. A part holds its task's WARC
files' captures in file order, so a reader's filter on the WARC file can skip row groups; every
row group holds every agent, reading and verdict, so the other columns' ranges could skip none,
and computing them was a fifth of the Parquet writes of five readings. (The fetch time is an
INT96 timestamp, as Spark writes it, for which Parquet keeps no range.)"""

_HADOOP_S3 = ("s3a", "s3n")


def location(out: str) -> str:
    """``out`` as a URI the executors (pyarrow) and Spark's reader open alike: a path without
    a scheme becomes an absolute ``file://`` URI (a task's working folder is not the driver's,
    and Spark would read a bare path from its default file system, HDFS on some clusters)."""
    if "://" in out:
        return out.rstrip("/")
    return Path(out).resolve().as_uri()


def _file_system(out: str):
    """pyarrow's file system for ``out`` and the path in it."""
    from pyarrow import fs

    scheme = urlsplit(out).scheme
    if scheme in _HADOOP_S3:
        out = "s3" + out[len(scheme):]
    return fs.FileSystem.from_uri(out)


def prepare(out: str) -> None:
    """Empties (or creates) ``out``'s four table folders: the output is overwritten."""
    system, path = _file_system(out)
    for table in TABLES:
        folder = posixpath.join(path, table)
        system.create_dir(folder, recursive=True)
        system.delete_dir_contents(folder, missing_dir_ok=True)


def sweep(out: str) -> None:
    """Removes the temporary files attempts that died left in the table folders."""
    from pyarrow import fs

    system, path = _file_system(out)
    for table in TABLES:
        selector = fs.FileSelector(posixpath.join(path, table), allow_not_found=True)
        for info in system.get_file_info(selector):
            if info.base_name.startswith(".part-"):
                system.delete_file(info.path)


def write(out: str, partition: int, batches: Iterable) -> Dict[str, int]:
    """Writes the record batches of ``CAPTURE_ROW`` (``capture.Batch.record_batch``) of one
    partition as its part of each table under ``out``; the number of captures and of each
    table's rows."""
    import pyarrow.parquet as pq

    system, path = _file_system(out)
    name = f"part-{partition:05d}.parquet"
    temporary = f".{name}.{uuid.uuid4().hex}.tmp"
    parts = {table: posixpath.join(path, table, name) for table in TABLES}
    pending = {table: posixpath.join(path, table, temporary) for table in TABLES}
    counts = dict.fromkeys(("captures",) + TABLES, 0)
    # Timestamps as INT96, as Spark's own writer stores them (spark.sql.parquet.
    # outputTimestampType): the files are the ones Spark wrote before the tasks did. No Arrow
    # schema in the files' metadata: a reader takes the dictionary-encoded strings of
    # ``explode`` (``capture.table_schema``) as the strings Parquet stores, as Spark does.
    writers = {table: pq.ParquetWriter(pending[table], table_schema(table), filesystem=system,
                                       use_deprecated_int96_timestamps=True,
                                       write_statistics=list(STATISTICS), store_schema=False)
               for table in TABLES}
    try:
        for record in batches:
            counts["captures"] += record.num_rows
            for table, rows in explode(record).items():
                writers[table].write_batch(rows)
                counts[table] += rows.num_rows
    finally:
        for writer in writers.values():
            writer.close()
    for table in TABLES:
        _commit(system, pending[table], parts[table])
    return counts


def _commit(system, pending: str, part: str) -> None:
    """Renames the finished ``pending`` file to ``part``; where another attempt's ``part`` is
    already there and the file system does not replace it, that one (the same rows) stays."""
    from pyarrow import fs

    try:
        system.move(pending, part)
    except OSError:
        if system.get_file_info(part).type != fs.FileType.File:
            raise
        system.delete_file(pending)


# The files beside the tables (settings.json, _provenance.json), through the same file systems,
# so that an `out` on S3 or HDFS holds them too.


def write_text(folder: str, name: str, text: str) -> str:
    """Writes ``text`` as UTF-8 to the file ``name`` in ``folder`` (a path, or a URI as
    ``location`` takes it), creating the folder; returns the file's location as ``folder``
    names it."""
    system, path = _file_system(location(folder))
    system.create_dir(path, recursive=True)
    with system.open_output_stream(posixpath.join(path, name)) as stream:
        stream.write(text.encode("utf-8"))
    return posixpath.join(folder, name)


def read_text(folder: str, name: str) -> Optional[str]:
    """The text of the file ``name`` in ``folder`` (as ``write_text`` names them), or ``None``
    when there is no such file."""
    from pyarrow import fs

    system, path = _file_system(location(folder))
    file = posixpath.join(path, name)
    if system.get_file_info(file).type != fs.FileType.File:
        return None
    with system.open_input_stream(file) as stream:
        return stream.read().decode("utf-8")
