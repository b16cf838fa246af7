"""The study's verdicts held to `robotspec batch` over a whole folder of robots.txt files.

The Spark suite (.ci/test-study) checks every verdict row against the command line on the
vendored sample; this script does the same, by hand, on any folder named after its hosts (the
shared corpus of 4,231 files, say), which is too large to vendor: it writes the folder as one
WARC file, runs ``python -m robotspec.study`` on it, and compares every row of the ``verdicts``
table with ``robotspec batch --format json`` on the same file, agent and path (allowed, the
deciding line and rule, the group's agent), variant by variant. Exits 1 when a row differs.

    cargo build --release -p robotspec-cli   # the command line compared with
    python python/tools/study_vs_batch.py FOLDER [--cli target/release/robotspec] [--master local[2]]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

SIZE_LIMIT = "512000"  # the access policy's, which the study parses up to


def run_study(folder: str, work: Path, master: str) -> Path:
    """The study's tables for the files of ``folder``, under ``work``."""
    warc, out = work / "corpus.warc.gz", work / "study"
    study = [sys.executable, "-m", "robotspec.study"]
    subprocess.run([*study, "warc", folder, "--out", str(warc)], check=True)
    subprocess.run([*study, "--warc", str(warc), "--out", str(out), "--master", master],
                   check=True)
    return out


def file_name(robots_url: str) -> str:
    """The corpus file a capture came from (``host`` or ``host_port``)."""
    return robots_url.split("://", 1)[1].split("/", 1)[0].replace(":", "_")


def differing_rows(rows, folder: str, cli: str, variant: str) -> list:
    """The rows of one variant whose answer is not batch's."""
    queries = "".join(f"{file_name(r.robots_url)}\t{r.agent}\t{r.path}\n" for r in rows.itertuples())
    done = subprocess.run(
        [cli, "batch", "--format", "json", "--variant", variant, "--corpus", folder,
         "--max-input-bytes", SIZE_LIMIT],
        input=queries.encode(), capture_output=True, check=True)
    answers = [json.loads(line)["verdict"] for line in done.stdout.splitlines()]
    if len(answers) != len(rows):
        raise SystemExit(f"{variant}: batch gave {len(answers)} answers for {len(rows)} rows")
    differ = []
    for row, answer in zip(rows.itertuples(), answers):
        line = None if row.line is None or row.line != row.line else int(row.line)  # NaN
        got = (bool(row.allowed), line, row.rule, row.group_agent)
        want = (answer["allowed"], answer["line"], answer["rule"], answer["agent"])
        if got != want:
            differ.append((row.robots_url, row.agent, row.path, got, want))
    return differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--cli", default="target/release/robotspec")
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args()
    import pyarrow.parquet as pq

    with tempfile.TemporaryDirectory(prefix="robotspec-study-check-") as work:
        verdicts = pq.read_table(run_study(args.folder, Path(work), args.master) / "verdicts")
        table = verdicts.to_pandas()
    differ = []
    for variant, rows in table.groupby("variant"):
        if not (rows["state"] == "rules").all():
            raise SystemExit(f"{variant}: a capture of a folder should be read for its rules")
        differ += differing_rows(rows, args.folder, args.cli, variant)
    for row in differ[:10]:
        print("differs:", *row)
    print(f"{len(table):,} verdict rows ({table['capture_id'].nunique():,} captures, "
          f"{table['variant'].nunique()} variants) compared with robotspec batch: "
          f"{len(differ):,} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
