"""``python -m robotspec.study``: the study's command line (docs/study.md).

    python -m robotspec.study --warc PATH… --out DIR [--agents A,B] [--paths /,/x]
                              [--variants V,W] [--master URL] [--size-limit N]
    python -m robotspec.study blocking --study DIR [--out DIR] [--variant V]
                              [--warc PATH… (runs the job into --study first)] [--master URL]
    python -m robotspec.study restrictions --methods exact,imc25,consent-in-crisis
                              --study DIR [--warc PATH…] [--reading google] [--agents imc25]
    python -m robotspec.study history (--warc PATH… | --captures FOLDER) --out DIR
                              [--period month] [--fold] [--variants google]
    python -m robotspec.study warc FOLDER --out FILE.warc[.gz]

The first form runs the job and writes the Parquet tables (``verdicts``, ``files``,
``disagreements``, ``changes``) and ``settings.json`` under DIR; ``blocking`` aggregates them into
the study of how much of each site robots.txt blocks for AI crawlers (CSV files and
``blocking.png``, the tables printed; ``restrictions``, its name before 0.2, still runs it and
says that it is deprecated); with ``--methods`` it sets published methods of measuring it
beside the exact answer (``methods/``); ``history`` follows sites' captures through time,
crawler by crawler (``history.py``); ``warc`` makes a WARC file of 200 captures from a folder
of robots.txt files named after their hosts (the vendored corpus sample is one), for trying
the job without a crawl. Every folder of tables written gets a ``_provenance.json``
(``provenance.py``).
"""

from __future__ import annotations

import argparse
import errno
import gzip
import json
import os
import sys
import time
from contextlib import contextmanager
from typing import Iterator, List, NoReturn, Optional, Sequence, Tuple

from .._robotspec import VARIANTS
from . import parts, provenance
from .capture import (DEFAULT_AGENTS, DEFAULT_PATHS, DEFAULT_SIZE_LIMIT, Settings, holds_surrogate,
                      parsed_bytes)
from .notice import notice

SETTINGS_FILE = "settings.json"
# The job's tables, each a Parquet folder under --out.
JOB_TABLES = ("verdicts", "files", "disagreements", "changes")
# What the `study` extra installs (python/pyproject.toml), by the name each is imported as.
STUDY_EXTRA = ("pyspark", "fastwarc", "pyarrow", "pandas", "numpy", "matplotlib")
# ``--agents imc25``: the 24 AI user agents of the IMC 2025 paper's run.sh.
IMC_AGENTS_NAME = "imc25"


def _refuse(message: str) -> NoReturn:
    """Ends the command with ``message`` on standard error and status 2: what it was asked to
    read is not there, or not what it needs (as argparse's refusals)."""
    notice(message)
    raise SystemExit(2)


def _list(text: str) -> List[str]:
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        raise argparse.ArgumentTypeError(f"an empty entry in {text!r}")
    return items


def _folder(text: str) -> str:
    """A folder Spark and pyarrow write or read: its name must be text they can spell (UTF-8);
    one with bytes that are not (a lone surrogate, as Python reads such a name) is refused."""
    if holds_surrogate(text):
        shown = os.fsencode(text).decode("utf-8", "backslashreplace")
        raise argparse.ArgumentTypeError(
            f"`{shown}` holds bytes that are not UTF-8, and Spark and pyarrow name files in "
            "UTF-8")
    return text


def _count(text: str) -> int:
    """A number of files: 0 or more."""
    try:
        count = int(text)
    except ValueError:
        count = -1
    if count < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, not {text!r}")
    return count


def _settings(parser: argparse.ArgumentParser, **fields) -> Settings:
    """The study's settings from the arguments, or the parser's refusal (status 2) of the one
    that is wrong — before Spark starts."""
    try:
        return Settings(**fields)
    except ValueError as refused:
        parser.error(str(refused))


def _inputs(parser: argparse.ArgumentParser, args) -> List[str]:
    """The WARC locations (``_locations``, each as it can pass through Spark: ``passable``),
    refused when there are none; under a local master, a local file that does not exist, or
    is a folder, is refused too, before Spark starts (on a cluster the executors open it, and
    what the driver sees proves nothing)."""
    from .warc import local_path, passable  # fastwarc, which the tasks need too

    locations = [passable(location) for location in _locations(args)]
    if not locations:
        parser.error("no WARC file given (--warc or --warc-list)")
    if args.master.startswith("local"):
        for location in locations:
            path = local_path(location)
            if path is None:
                continue
            if not os.path.exists(path):
                raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), location)
            if os.path.isdir(path):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), location)
    return locations


def _locations(args) -> List[str]:
    """The WARC locations of ``--warc`` and of the ``--warc-list`` files (one per line, gzip
    or not, blank lines and ``#`` comments skipped), each prefixed with ``--prefix``. A
    listing is UTF-8 (a byte order mark skipped); a byte that is not is kept as the file
    system keeps it in a name (``surrogateescape``), so a local file so named is found."""
    locations = list(args.warc or [])
    for listing in args.warc_list or []:
        opener = gzip.open if listing.endswith(".gz") else open
        with opener(listing, "rt", encoding="utf-8-sig", errors="surrogateescape") as lines:
            locations += [
                line.strip() for line in lines if line.strip() and not line.startswith("#")
            ]
    if args.prefix:
        locations = [
            location if "://" in location else args.prefix + location for location in locations
        ]
    if args.limit_files is not None:
        locations = locations[: args.limit_files]
    return locations


def _agents(args) -> List[str]:
    """``--agents``, where ``imc25`` stands for the IMC 2025 paper's 24 agents."""
    if IMC_AGENTS_NAME not in args.agents:
        return list(args.agents)
    from .methods.imc25 import AGENTS

    return [agent for named in args.agents
            for agent in (AGENTS if named == IMC_AGENTS_NAME else (named,))]


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
    group.add_argument("--limit-files", type=_count, metavar="N",
                       help="read only the first N locations")
    group.add_argument("--agents", type=_list, default=list(DEFAULT_AGENTS),
                       help="comma-separated agents; imc25 stands for the IMC 2025 paper's "
                            "24 (default: %(default)s)")
    group.add_argument("--paths", type=_list, default=list(DEFAULT_PATHS),
                       help="comma-separated paths or URLs asked about (default: /)")
    group.add_argument("--variants", type=_list, default=list(VARIANTS),
                       help="comma-separated variants or composed readings such as "
                            "google+agent-matching=substring (default: the five variants)")
    group.add_argument("--size-limit", type=int, default=DEFAULT_SIZE_LIMIT,
                       help="bytes of a body the access policy parses; RFC 9309 and the 2019 "
                            "draft never fewer than 512000 (default: %(default)s)")


def _add_spark(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--master", default="local[*]",
                        help="Spark master: local[*] (default), local[N], spark://HOST:7077, "
                             "yarn, k8s://… ")
    parser.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE",
                        help="a Spark setting, e.g. spark.executor.memory=4g; may be repeated")


@contextmanager
def _spark(args) -> Iterator:
    """A Spark session from --master and --conf, stopped when the command ends. A session
    Spark cannot start (an unknown master) ends the command with Spark's own words and one
    line, status 2."""
    from pyspark.errors import PySparkRuntimeError

    from .job import session

    conf = {}
    for setting in args.conf:
        key, sep, value = setting.partition("=")
        if not sep or not key.strip():
            _refuse(f"--conf expects KEY=VALUE, not {setting!r}")
        conf[key] = value
    try:
        spark = session(args.master, **conf)
    except PySparkRuntimeError as failed:
        _refuse(f"Spark did not start (--master {args.master}): {failed}")
    try:
        spark.sparkContext.setLogLevel("WARN")
        yield spark
    finally:
        spark.stop()


def _job_settings(parser: argparse.ArgumentParser, args) -> Settings:
    """The job's settings from ``_add_input``'s arguments (``_settings``)."""
    return _settings(parser, agents=tuple(_agents(args)), paths=tuple(args.paths),
                     variants=tuple(args.variants), size_limit=args.size_limit)


def _run_job(job: Tuple[Settings, List[str]], args, spark, out: str,
             argv: Sequence[str]) -> None:
    """The job over the WARC files ``locations`` with ``settings`` (``job``), into ``out``."""
    from .job import from_warcs

    settings, locations = job
    started = time.monotonic()
    tables = from_warcs(spark, locations, settings, out)
    captures, errors = tables.captures, tables.read_errors
    elapsed = time.monotonic() - started
    written = {
        "agents": settings.agents,
        "paths": settings.paths,
        "variants": settings.variants,
        "size_limit": settings.size_limit,
        "warc_files": len(locations),
        "captures": captures,
        "unreadable_files": errors,
        "seconds": round(elapsed, 3),
        "master": args.master,
    }
    parts.write_text(out, SETTINGS_FILE, json.dumps(written, indent=2))
    made = provenance.record(
        readings=settings.variants, agents=settings.agents, methods=["exact"],
        inputs=locations, tables=list(JOB_TABLES), command=argv, paths=settings.paths,
        size_limit=settings.size_limit, captures=captures, unreadable_files=errors,
    )
    for name in JOB_TABLES:
        provenance.write(os.path.join(out, name), made)
    print(f"robotspec.study: {provenance.counted(captures, 'capture')} from "
          f"{provenance.counted(len(locations), 'WARC file')} in "
          f"{elapsed:.1f} s -> {out}/{{verdicts,files,disagreements,changes}}")
    _say_unreadable(errors)


def _say_unreadable(files: int) -> None:
    """Says how many WARC files could not be read whole, if any (each is reported on its
    executor's standard error)."""
    if files:
        notice(f"{provenance.counted(files, 'file')} could not be read whole (see the "
               "executors' standard error)")


def main_job(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m robotspec.study",
        description="Every variant's verdict for every agent and path, for every robots.txt "
                    "capture of WARC files, as Parquet tables (docs/study.md). Sub-commands: "
                    "blocking (--methods: published methods beside the exact answer), "
                    "history, warc (python -m robotspec.study blocking --help).",
    )
    _add_input(parser)
    parser.add_argument("--out", required=True, type=_folder,
                        help="output folder (overwritten)")
    _add_spark(parser)
    args = parser.parse_args(argv)
    job = (_job_settings(parser, args), _inputs(parser, args))
    with _spark(args) as spark:
        _run_job(job, args, spark, args.out, argv)
    return 0


def main_blocking(argv: Sequence[str]) -> int:
    from . import blocking

    parser = argparse.ArgumentParser(
        prog="python -m robotspec.study blocking",
        description="How many sites block all of the site, some of it or none for each "
                    "crawler, per variant, and why variants disagree: tables, CSV files and "
                    "a PNG (docs/study.md). With --methods: published methods of measuring "
                    "it beside the exact answer, with the evidence of every disagreement.",
    )
    parser.add_argument("--study", required=True, type=_folder,
                        help="the job's output folder (with --warc: where to write it first)")
    parser.add_argument("--out", type=_folder,
                        help="where to write the CSV files and the PNG (default: "
                             "STUDY/blocking; with --methods, STUDY/restrictions)")
    parser.add_argument("--variant", default="rfc9309",
                        help="the variant of panel (a) and of the first table (default: rfc9309)")
    parser.add_argument("--title", default="", help="the plot's title")
    parser.add_argument("--methods", type=_list, metavar="M,M",
                        help="instead of the variants' study: these methods beside the exact "
                             "answer, among exact, imc25, consent-in-crisis, "
                             "consent-in-crisis-2025 (with --warc: computed into "
                             "STUDY/methods first)")
    parser.add_argument("--reading", default="google",
                        help="the reading of the exact answer beside the methods "
                             "(default: google)")
    _add_input(parser)
    _add_spark(parser)
    args = parser.parse_args(argv)
    if args.methods:
        return _main_methods(parser, args, argv)
    out = args.out or os.path.join(args.study, "blocking")
    job = None
    if args.warc or args.warc_list:
        job = (_job_settings(parser, args), _inputs(parser, args))
    else:
        _require_study(args.study, "verdicts")
    with _spark(args) as spark:
        if job:
            _run_job(job, args, spark, args.study, argv)
        written = parts.read_text(args.study, SETTINGS_FILE)
        settings = {} if written is None else json.loads(written)
        verdicts = spark.read.parquet(os.path.join(args.study, "verdicts"))
        disagreements = spark.read.parquet(os.path.join(args.study, "disagreements"))
        changes = spark.read.parquet(os.path.join(args.study, "changes"))
        result = blocking.study(
            verdicts, disagreements, changes, settings.get("variants"), settings.get("agents")
        )
        if args.variant not in set(result.counts["variant"]):
            _refuse(f"the study has no variant {args.variant!r}")
        print(blocking.report(result, args.variant))
        for path in blocking.write(result, out, args.variant, args.title):
            print(f"wrote {path}")
        made = provenance.record(
            readings=settings.get("variants") or sorted(set(result.counts["variant"])),
            agents=settings.get("agents") or list(dict.fromkeys(result.counts["agent"])),
            methods=["exact"], inputs=[os.path.join(args.study, t) for t in JOB_TABLES],
            tables=["blocking.csv", "changes.csv", "change_reasons.csv", "reasons.csv",
                    "blocking.png"], command=argv, sites=result.sites,
        )
        print(f"wrote {provenance.write(out, made)}")
    return 0


def _require_study(study: str, table: str) -> None:
    """Refuses a local study folder without the table ``table``, before Spark starts (a
    remote one, ``s3://…``, is Spark's to read)."""
    if "://" not in study and not os.path.isdir(os.path.join(study, table)):
        _refuse(f"{study} holds no {table}/ table: run the study into it first (--warc or "
                "--warc-list)")


def _main_methods(parser: argparse.ArgumentParser, args, argv: Sequence[str]) -> int:
    """``restrictions --methods``: the methods beside the exact answer (methods/study.py)."""
    from .methods import check_methods
    from .methods import study as methods_study

    try:
        methods = check_methods(args.methods)
    except ValueError as refused:
        parser.error(str(refused))
    agents = list(_settings(parser, agents=tuple(_agents(args)), variants=(args.reading,),
                            size_limit=args.size_limit).agents)
    table_path = os.path.join(args.study, "methods")
    out = args.out or os.path.join(args.study, "restrictions")
    locations = None
    if args.warc or args.warc_list:
        locations = _inputs(parser, args)
    else:
        _require_study(args.study, "methods")
    with _spark(args) as spark:
        if locations:
            judged, unreadable = methods_study.table(spark, locations, agents, methods,
                                                     args.reading, args.size_limit)
            judged.write.mode("overwrite").parquet(table_path)
            _say_unreadable(unreadable.value)
            made = provenance.record(readings=[args.reading], agents=agents, methods=methods,
                                     inputs=locations, tables=["methods"], command=argv,
                                     size_limit=args.size_limit,
                                     unreadable_files=unreadable.value)
            provenance.write(table_path, made)
        made = provenance.read(table_path)
        if made is None:
            _refuse(f"{table_path} has no {provenance.FILE}: run the methods (--warc or "
                    "--warc-list) first")
        methods = [m for m in made["methods"] if m in methods]
        table = spark.read.parquet(table_path)
        result = methods_study.confusion(table, methods, made["agents"])
        made.update(captures=table.select("capture_id").distinct().count(), command=" ".join(
            ["python -m robotspec.study", *argv]), tables=[
            "rates.csv", "confusion.csv", "disagreements", "summary.md"])
        print(methods_study.report(result, methods))
        os.makedirs(out, exist_ok=True)
        result.rates.to_csv(os.path.join(out, "rates.csv"), index=False)
        result.counts.to_csv(os.path.join(out, "confusion.csv"), index=False)
        disagreements = methods_study.disagreements(table, methods)
        disagreements.write.mode("overwrite").parquet(os.path.join(out, "disagreements"))
        provenance.write(os.path.join(out, "disagreements"), made)
        summary = methods_study.markdown(result, methods, made)
        with open(os.path.join(out, "summary.md"), "w", encoding="utf-8") as file:
            file.write(summary + "\n")
        provenance.write(out, made)
        print("\n" + summary)
        print(f"\nwrote {out}/{{rates.csv,confusion.csv,disagreements,summary.md}}")
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
    print(f"wrote {provenance.counted(count, 'capture')} to {args.out}")
    return 0


def main_restrictions(argv: Sequence[str]) -> int:
    """``restrictions``, the name of ``blocking`` before 0.2 (issue 33: one word for how much of
    a site is blocked, the library's): still runs it, ``--methods`` included, and says so."""
    print("robotspec.study: `restrictions` is deprecated: use `blocking` (the same command)",
          file=sys.stderr)
    return main_blocking(argv)


def main_history(argv: Sequence[str]) -> int:
    from . import history

    parser = argparse.ArgumentParser(
        prog="python -m robotspec.study history",
        description="The captures of each site through time, crawler by crawler: per "
                    "consecutive pair of periods, the category before and after and the "
                    "shortest path opened and closed (robotspec compare), and a timeline "
                    "(docs/study.md).",
    )
    source = parser.add_argument_group("input")
    source.add_argument("--warc", nargs="+", metavar="PATH", help="WARC files of several crawls")
    source.add_argument("--warc-list", action="append", metavar="FILE",
                        help="a file listing WARC locations, one per line; may be repeated")
    source.add_argument("--prefix", default="", help="prepended to locations without a scheme")
    source.add_argument("--limit-files", type=_count, metavar="N",
                        help="the first N locations")
    source.add_argument("--captures", metavar="FOLDER",
                        help="a Wayback-style folder: FOLDER/HOST/TIMESTAMP[.STATUS]")
    source.add_argument("--scheme", default="https", choices=["http", "https"],
                        help="the scheme of --captures' hosts (default: https)")
    parser.add_argument("--out", required=True, type=_folder, help="output folder")
    parser.add_argument("--agents", type=_list, default=list(DEFAULT_AGENTS),
                        help="comma-separated agents; imc25 stands for the IMC 2025 paper's "
                             "24 (default: the study's 17)")
    parser.add_argument("--variants", type=_list, default=["google"],
                        help="readings (default: google); the timeline and plot show the first")
    parser.add_argument("--period", choices=sorted(history.PERIODS), default="month",
                        help="of several captures in one period the latest counts "
                             "(default: month)")
    parser.add_argument("--fold", action="store_true",
                        help="one site for www. and the bare host, http and https")
    parser.add_argument("--size-limit", type=int, default=DEFAULT_SIZE_LIMIT,
                        help="bytes of a body parsed; RFC 9309 and the 2019 draft never fewer "
                             "than 512000 (default: %(default)s)")
    _add_spark(parser)
    args = parser.parse_args(argv)
    agents = list(_settings(parser, agents=tuple(_agents(args)), variants=tuple(args.variants),
                            size_limit=args.size_limit).agents)
    if args.captures:
        inputs = [args.captures]
        hosts = history.hosts_of_folder(args.captures)
    elif args.warc or args.warc_list:
        inputs = _inputs(parser, args)
    else:
        parser.error("no input (--warc, --warc-list or --captures)")
    parsed = parsed_bytes(args.variants, args.size_limit)
    with _spark(args) as spark:
        from .job import warc_captures

        unreadable = None
        if args.captures:
            # The executors read the captures, a host at a time: the driver holds names only.
            folder, scheme = os.path.abspath(args.captures), args.scheme
            rdd = spark.sparkContext.parallelize(hosts).flatMap(
                lambda host: history.captures_of_host(folder, host, scheme, parsed))
        else:
            rdd, unreadable = warc_captures(spark, inputs, parsed)
        table, untimed, siteless = history.table(spark, rdd, agents, args.variants,
                                                 args.period, args.fold, args.size_limit)
        table = table.cache()
        table.write.mode("overwrite").parquet(os.path.join(args.out, "history"))
        timeline = history.timeline(table)
        counts = {"sites": table.select("site").distinct().count(),
                  "pairs": table.select("site", "after_period").distinct().count()}
        table.unpersist()
    if untimed.value:
        notice(f"{provenance.counted(untimed.value, 'capture')} without a time (no valid "
               "WARC-Date) left out")
    if siteless.value:
        notice(f"{provenance.counted(siteless.value, 'capture')} whose URL names no site (not an "
               "absolute URL with a host) left out")
    if unreadable is not None:
        counts["unreadable_files"] = unreadable.value
        _say_unreadable(unreadable.value)
    made = provenance.record(readings=args.variants, agents=agents, methods=["exact"],
                             inputs=inputs, tables=["history", "timeline.csv", "timeline.png",
                                                    "summary.md"], command=argv,
                             period=args.period, fold=args.fold, **counts)
    provenance.write(os.path.join(args.out, "history"), made)
    timeline.to_csv(os.path.join(args.out, "timeline.csv"), index=False)
    history.plot(timeline, os.path.join(args.out, "timeline.png"), args.variants[0], agents)
    summary = history.markdown(timeline, counts, made)
    with open(os.path.join(args.out, "summary.md"), "w", encoding="utf-8") as file:
        file.write(summary + "\n")
    provenance.write(args.out, made)
    print(provenance.shown(timeline, index=False))
    print("\n" + summary)
    print(f"\nwrote {args.out}/{{history,timeline.csv,timeline.png,summary.md}}")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int | str | None:
    """Runs the command ``argv`` names, as the command line does (``robotspec``'s, cli/src/
    output.rs): a closed pipe (``… | head -1``) ends it quietly with status 0, since the reader
    has what it wanted; a file that cannot be read or written (a full disk, a missing folder,
    no permission) is reported in one line on standard error, with status 2; so is a missing
    package of the ``study`` extra. Returns the exit status (``sys.exit``'s argument)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = {"blocking": main_blocking, "restrictions": main_restrictions,
                "history": main_history, "warc": main_warc}
    if argv and not argv[0].startswith("-") and argv[0] not in commands:
        return _unknown_command(argv[0], commands)
    command, rest = (commands[argv[0]], argv[1:]) if argv and argv[0] in commands \
        else (main_job, argv)
    try:
        try:
            status = command(rest)
        except SystemExit as done:  # argparse's --help, and its refusals
            status = done.code
        # Written now, while a failure can still be reported: at exit Python would only say
        # that it was ignored.
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _stdout_to_null()
        return 0
    except ModuleNotFoundError as missing:
        if (missing.name or "").partition(".")[0] not in STUDY_EXTRA:
            raise
        notice(f"{missing}: the study needs the `study` extra (pip install "
               "'robotspec[study]', docs/study.md)")
        return 2
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        notice(f"{where}{error.strerror or error}")
        return 2


def _unknown_command(word: str, commands) -> int:
    """Refuses a first argument that names no command (the job itself takes options only),
    as argparse refuses, naming the nearest command when one is near: status 2."""
    import difflib

    near = difflib.get_close_matches(word, list(commands), n=1)
    hint = f"did you mean {near[0]!r}? " if near else ""
    print(f"python -m robotspec.study: error: unknown command {word!r} ({hint}the commands: "
          f"{', '.join(sorted(commands))}; the job itself takes options: --help)",
          file=sys.stderr)
    return 2


def _stdout_to_null() -> None:
    """Standard output pointed at the null device: what is still buffered for a closed pipe is
    dropped, not written (and refused) again when Python exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):  # standard output is not a file (a test's capture)
        pass


if __name__ == "__main__":
    sys.exit(main())
