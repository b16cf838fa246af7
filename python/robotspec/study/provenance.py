"""What every table the study writes was made from, in a sidecar JSON file.

Every table's folder gets ``_provenance.json`` — the Parquet tables' own folders (Spark skips
files whose names start with ``_`` when it reads them) and the folders of CSV files and plots:
the robotspec version (the installed package's),
the readings, agents and methods, the input list (WARC locations, or the files of a history),
the tables and files it covers, when and by which command line they were written — so that a
table found later says how to make it again. A sidecar rather than Parquet metadata: the same
record covers the CSV files and the plot beside the Parquet tables, and any reader opens it.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from importlib import metadata
from typing import Optional, Sequence

from . import parts

FILE = "_provenance.json"


def version() -> str:
    """The installed robotspec's version, or ``unknown`` (a source tree not installed)."""
    try:
        return metadata.version("robotspec")
    except metadata.PackageNotFoundError:
        return "unknown"


def record(*, readings: Sequence[str], agents: Sequence[str], methods: Sequence[str],
           inputs: Sequence[str], tables: Sequence[str], command: Sequence[str],
           **figures) -> dict:
    """The provenance record; ``command`` is the command line's arguments, ``figures`` adds
    counts and settings (captures, sites, period, …)."""
    return {
        "robotspec_version": version(),
        "readings": list(readings),
        "agents": list(agents),
        "methods": list(methods),
        "inputs": list(inputs),
        "tables": list(tables),
        **figures,
        "written": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "command": " ".join(["python -m robotspec.study", *command]),
    }


def write(folder: str, provenance: dict) -> str:
    """Writes ``_provenance.json`` under ``folder`` (a path or a URI: ``parts.write_text``);
    returns its location."""
    return parts.write_text(folder, FILE, json.dumps(provenance, indent=2, default=str))


def read(folder: str) -> Optional[dict]:
    """The ``_provenance.json`` under ``folder``, or ``None`` when it has none."""
    text = parts.read_text(folder, FILE)
    return None if text is None else json.loads(text)


def counted(count: int, noun: str) -> str:
    """"1 site", "3 sites": a count and its noun (a regular one), for what the study prints."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def shown(frame, **options) -> str:
    """A pandas ``frame`` as the study prints it (``DataFrame.to_string`` with ``options``), or
    "(none)" when it has no row: not pandas' picture of an empty frame."""
    return frame.to_string(**options) if len(frame) else "(none)"


def input_files(provenance: dict) -> str:
    """"1 input file", "3 input files": the inputs of a record, for a summary, and how many
    of them could not be read whole when any could not ("3 input files, 1 not read whole")."""
    inputs = counted(len(provenance["inputs"]), "input file")
    unreadable = provenance.get("unreadable_files") or 0
    return f"{inputs}, {unreadable} not read whole" if unreadable else inputs
