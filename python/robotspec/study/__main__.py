"""``python -m robotspec.study``: the study's command line (docs/study.md).

    python -m robotspec.study --warc PATH… --out DIR [--agents A,B] [--paths /,/x]
                              [--variants V,W] [--master URL] [--size-limit N]
    python -m robotspec.study blocking --study DIR [--out DIR] [--variant V]
                              [--warc PATH… (runs the job into --study first)] [--master URL]
    python -m robotspec.study warc FOLDER --out FILE.warc[.gz]

The first form runs the job and writes the Parquet tables (``verdicts``, ``files``,
``disagreements``, ``changes``) and ``settings.json`` under DIR; ``blocking`` aggregates them into
the study of how much of each site robots.txt blocks for AI crawlers (CSV files and
``blocking.png``, the tables printed; ``restrictions``, its name before 0.2, still runs it and
says that it is deprecated);
``warc`` makes a WARC file of 200 captures from a folder of robots.txt files named after their
hosts (the vendored corpus sample is one), for trying the job without a crawl.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from contextlib import contextmanager
from typing import Iterator, List, Optional, Sequence

from .._robotspec import VARIANTS
from .capture import DEFAULT_AGENTS, DEFAULT_PATHS, DEFAULT_SIZE_LIMIT, Settings

SETTINGS_FILE = "settings.json"


def _list(text: str) -> List[str]:
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        raise argparse.ArgumentTypeError(f"an empty entry in {text!r}")
    return items


def _locations(args) -> List[str]:
    """The WARC locations of ``--warc`` and of the ``--warc-list`` files (one per line, gzip
    or not, blank lines and ``#`` comments skipped), each prefixed with ``--prefix``."""
    locations = list(args.warc or [])
    for listing in args.warc_list or []:
        opener = gzip.open if listing.endswith(".gz") else open
        with opener(listing, "rt", encoding="utf-8") as lines:
            locations += [
                line.strip() for line in lines if line.strip() and not line.startswith("#")
            ]
    if args.prefix:
        locations = [
            location if "://" in location else args.prefix + location for location in locations
        ]
    return locations


def _add_input(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("input")
    group.add_argument("--warc", nargs="+", metavar="PATH",
                       help="WARC files (.warc or .warc.gz): local paths, file://, http(s):// "
                            "or any URI pyarrow opens (s3://, gs://, hdfs://)")
    group.add_argument("--warc-list", action="append", metavar="FILE",
                       help="a file listing WARC locations, one per line (gzip or not), such "
                            "as Common Crawl's robotstxt.paths.gz; may be repeated")
    group.add_argument("--prefix", default="",
                       help="prepended to every location without a scheme (e.g. "
                            "https://data.commoncrawl.org/ for a Common Crawl path list)")
    group.add_argument("--limit-files", type=int, metavar="N",
                       help="read only the first N locations")
    group.add_argument("--agents", type=_list, default=list(DEFAULT_AGENTS),
                       help="comma-separated agents (default: %(default)s)")
    group.add_argument("--paths", type=_list, default=list(DEFAULT_PATHS),
                       help="comma-separated paths or URLs asked about (default: /)")
    group.add_argument("--variants", type=_list, default=list(VARIANTS),
                       help="comma-separated variants or composed readings such as "
                            "google+agent-matching=substring (default: the five variants)")
    group.add_argument("--size-limit", type=int, default=DEFAULT_SIZE_LIMIT,
                       help="bytes of a body the access policy parses (default: %(default)s)")


def _add_spark(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--master", default="local[*]",
                        help="Spark master: local[*] (default), local[N], spark://HOST:7077, "
                             "yarn, k8s://… ")
    parser.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE",
                        help="a Spark setting, e.g. spark.executor.memory=4g; may be repeated")


@contextmanager
def _spark(args) -> Iterator:
    """A Spark session from --master and --conf, stopped when the command ends."""
    from .job import session

    conf = {}
    for setting in args.conf:
        key, sep, value = setting.partition("=")
        if not sep:
            raise SystemExit(f"robotspec.study: --conf expects KEY=VALUE, not {setting!r}")
        conf[key] = value
    spark = session(args.master, **conf)
    try:
        spark.sparkContext.setLogLevel("WARN")
        yield spark
    finally:
        spark.stop()


def _run_job(args, spark, out: str) -> None:
    from .job import run

    locations = _locations(args)
    if args.limit_files is not None:
        locations = locations[: args.limit_files]
    if not locations:
        raise SystemExit("robotspec.study: no WARC file given (--warc or --warc-list)")
    settings = Settings(
        agents=tuple(args.agents),
        paths=tuple(args.paths),
        variants=tuple(args.variants),
        size_limit=args.size_limit,
    )
    started = time.monotonic()
    tables = run(spark, locations, out, settings)
    captures = tables.captures.count()
    errors = tables.read_errors.value if tables.read_errors is not None else 0
    tables.unpersist()
    elapsed = time.monotonic() - started
    with open(os.path.join(out, SETTINGS_FILE), "w", encoding="utf-8") as file:
        json.dump(
            {
                "agents": settings.agents,
                "paths": settings.paths,
                "variants": settings.variants,
                "size_limit": settings.size_limit,
                "warc_files": len(locations),
                "captures": captures,
                "unreadable_files": errors,
                "seconds": round(elapsed, 3),
                "master": args.master,
            },
            file,
            indent=2,
        )
    print(f"robotspec.study: {captures} captures from {len(locations)} WARC files in "
          f"{elapsed:.1f} s -> {out}/{{verdicts,files,disagreements,changes}}")
    if errors:
        print(f"robotspec.study: {errors} files stopped being readable (see the executors' "
              "standard error)", file=sys.stderr)


def main_job(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m robotspec.study",
        description="Every variant's verdict for every agent and path, for every robots.txt "
                    "capture of WARC files, as Parquet tables (docs/study.md). Sub-commands: "
                    "blocking, warc (python -m robotspec.study blocking --help).",
    )
    _add_input(parser)
    parser.add_argument("--out", required=True, help="output folder (overwritten)")
    _add_spark(parser)
    args = parser.parse_args(argv)
    with _spark(args) as spark:
        _run_job(args, spark, args.out)
    return 0


def main_blocking(argv: Sequence[str]) -> int:
    from . import blocking

    parser = argparse.ArgumentParser(
        prog="python -m robotspec.study blocking",
        description="How many sites block all of the site, some of it or none for each "
                    "crawler, per variant, and why variants disagree: tables, CSV files and "
                    "a PNG (docs/study.md).",
    )
    parser.add_argument("--study", required=True,
                        help="the job's output folder (with --warc: where to write it first)")
    parser.add_argument("--out", help="where to write the CSV files and the PNG "
                                      "(default: STUDY/blocking)")
    parser.add_argument("--variant", default="rfc9309",
                        help="the variant of panel (a) and of the first table (default: rfc9309)")
    parser.add_argument("--title", default="", help="the plot's title")
    _add_input(parser)
    _add_spark(parser)
    args = parser.parse_args(argv)
    out = args.out or os.path.join(args.study, "blocking")
    with _spark(args) as spark:
        if args.warc or args.warc_list:
            _run_job(args, spark, args.study)
        settings = {}
        settings_path = os.path.join(args.study, SETTINGS_FILE)
        if os.path.exists(settings_path):
            with open(settings_path, encoding="utf-8") as file:
                settings = json.load(file)
        verdicts = spark.read.parquet(os.path.join(args.study, "verdicts"))
        disagreements = spark.read.parquet(os.path.join(args.study, "disagreements"))
        changes = spark.read.parquet(os.path.join(args.study, "changes"))
        result = blocking.study(
            verdicts, disagreements, changes, settings.get("variants"), settings.get("agents")
        )
        if args.variant not in set(result.counts["variant"]):
            raise SystemExit(f"robotspec.study: the study has no variant {args.variant!r}")
        print(blocking.report(result, args.variant))
        for path in blocking.write(result, out, args.variant, args.title):
            print(f"wrote {path}")
    return 0


def main_warc(argv: Sequence[str]) -> int:
    from .warcwrite import records_from_folder, write_warc

    parser = argparse.ArgumentParser(
        prog="python -m robotspec.study warc",
        description="A WARC file of 200 captures of the robots.txt files in FOLDER, each named "
                    "after its host (as tests/corpus/real/ is), for trying the study.",
    )
    parser.add_argument("folder")
    parser.add_argument("--out", required=True, help="the WARC file (.gz: compressed)")
    parser.add_argument("--scheme", default="https", choices=["http", "https"])
    args = parser.parse_args(argv)
    count = write_warc(args.out, records_from_folder(args.folder, args.scheme))
    print(f"wrote {count} captures to {args.out}")
    return 0


def main_restrictions(argv: Sequence[str]) -> int:
    """``restrictions``, the name of ``blocking`` before 0.2 (issue 33: one word for how much of
    a site is blocked, the library's): still runs it, for one release, and says so."""
    print("robotspec.study: `restrictions` is deprecated: use `blocking` (the same command)",
          file=sys.stderr)
    return main_blocking(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = {"blocking": main_blocking, "restrictions": main_restrictions, "warc": main_warc}
    if argv and argv[0] in commands:
        return commands[argv[0]](argv[1:])
    return main_job(argv)


if __name__ == "__main__":
    sys.exit(main())
