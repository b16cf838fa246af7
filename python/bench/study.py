"""Scale figures of the corpus study (docs/performance.md, "Corpus studies on Spark"): a
benchmark, not a test.

A synthetic crawl is made from a folder of robots.txt files (``--corpus``; by default the
vendored sample of 195): COPIES copies of its files, each copy under other host names, as
status-200 captures in FILES gzip-compressed WARC files (one Spark partition each). Three ways of answering "may agent A fetch / on this site?" are timed
over it, each from the WARC files to its answers:

* ``study``: ``robotspec.study`` (``from_warcs`` and its four Parquet tables written), all
  five variants and 17 agents (the defaults), and ``google`` alone;
* ``regex``: a job in the style of Common Crawl's robotstxt-experiments statistics job —
  regular expressions over each line, groups tracked by hand, "Disallow: /" in the agent's
  group (or `*`'s) read as "disallowed" — written here for the comparison, in the same Spark
  set-up with the same reader (fastwarc) and writing its answers as Parquet;
* ``batch``: ``robotspec batch`` on one core over the same bodies as files (17 agents × /),
  per variant: the command line's own speed, without WARC reading.

Spark jobs run in local mode with 1 and then 2 task slots (``local[1]``, ``local[2]``); each
is timed from after the session started (the session's start, ~10 s, is paid once per run of a
study, not per capture), as wall time and as the CPU time of the whole process tree (the
JVM, the Python workers, the command line): captures per CPU second is the rate per core. The load of the machine (``uptime``) is printed
before and after: the figures are only comparable under the same load.

    cargo build --release -p robotspec-cli   # the command line measured beside the job
    python python/bench/study.py [--corpus DIR] [--copies 16] [--files 4] [--cli target/release/robotspec]

``--methods`` measures instead the methods table's rows (``restrictions --methods``) in one
process: CPU per capture for each set of methods, over ``--corpus``, ``--rounds`` times;
``--history`` the history's rows, over sites whose captures are drawn from ``--corpus``.

``--slope`` measures instead what a capture costs at the margin (issue 35): the corpus once (N
captures) and the same captures ``--times`` times (kN, default 8), each in ``--files`` WARC
files, the job run on both in one Spark session (``local[2]``), interleaved, ``--rounds`` times;
the marginal CPU per capture is (CPU(kN) − CPU(N)) / (k − 1)N of the whole process tree — the
session's start, the warm-up and every cost per job or per file cancel. The same for
``robotspec batch`` over N and kN files. Medians of the rounds; every round is printed.

    python python/bench/study.py --slope --corpus /work/shared/corpus/real --files 2 \
        [--rounds 3] [--times 8] [--studies google,five]
"""

from __future__ import annotations

import argparse
import inspect
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "corpus" / "real"

from robotspec.study import DEFAULT_AGENTS, Settings, from_warcs, session  # noqa: E402
from robotspec.study.warcwrite import response_record, write_warc  # noqa: E402


def make_crawl(folder: Path, corpus: Path, copies: int, files: int):
    """The synthetic crawl's WARC files, and its bodies as files for batch."""
    bodies = [(p.name.replace("_", "-"), p.read_bytes()) for p in sorted(corpus.iterdir())]
    records = []
    plain = folder / "bodies"
    plain.mkdir()
    for copy in range(copies):
        for name, body in bodies:
            host = f"c{copy}.{name}"
            records.append(response_record(f"https://{host}/robots.txt", 200, body))
            (plain / host).write_bytes(body)
    per_file = -(-len(records) // files)
    paths = []
    for index in range(files):
        path = folder / f"crawl-{index}.warc.gz"
        write_warc(str(path), records[index * per_file:(index + 1) * per_file])
        paths.append(str(path))
    return paths, plain, len(records)


# The regex counterpart: each line matched against a few patterns, as the statistics job of
# robotstxt-experiments does, groups tracked with an "in a block of rules" flag.
COMMENT = re.compile(rb"^\s*#")
BLANK = re.compile(rb"^\s*$")
DIRECTIVE = re.compile(rb"^\s*(user-agent|disallow|allow|crawl-delay|sitemap)\s*:\s*([^\r#]*)",
                       re.IGNORECASE | re.ASCII)


def regex_answers(body: bytes, agents):
    """Per agent: True when "Disallow: /" is in the group naming it (or in `*`'s)."""
    rules = {}
    current = set()
    in_rules = False
    for line in body.split(b"\n"):
        if COMMENT.match(line) or BLANK.match(line):
            continue
        match = DIRECTIVE.match(line)
        if not match:
            continue
        key = match.group(1).lower()
        value = match.group(2).strip().decode("utf-8", "replace")
        if key == b"user-agent":
            if in_rules:
                current, in_rules = set(), False
            current.add(value.lower())
            rules.setdefault(value.lower(), [])
        elif key in (b"allow", b"disallow"):
            in_rules = True
            for agent in current:
                rules[agent].append((key, value))
    answers = []
    for agent in agents:
        group = rules.get(agent.lower(), rules.get("*", []))
        answers.append((b"disallow", "/") in group and (b"allow", "/") not in group)
    return answers


def regex_job(spark, locations, out, agents):
    """The regex counterpart as a Spark job: WARC files in, (url, agent, disallowed) rows out."""
    def per_file(location):
        from robotspec.study.warc import captures

        for capture in captures(location, 512_000):
            if capture.http_status != 200:
                continue
            for agent, disallowed in zip(agents, regex_answers(capture.body, agents)):
                yield (capture.robots_url, agent, disallowed)

    rows = spark.sparkContext.parallelize(locations, len(locations)).flatMap(per_file)
    frame = spark.createDataFrame(rows, "robots_url string, agent string, disallowed boolean")
    frame.write.mode("overwrite").parquet(out)


def tree_cpu() -> float:
    """CPU seconds used so far by this process and every process below it (Spark's JVM, its
    Python workers, robotspec batch): live ones' own time, ended ones' as their parents reaped
    it. Spark keeps more than one core busy even in ``local[1]`` (the JVM's task thread and the
    Python worker run side by side, plus the JVM's own threads), so the rate per core is
    captures per CPU second, not per task slot."""
    ticks = os.sysconf("SC_CLK_TCK")
    parents, times = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = sum(int(f) for f in fields[11:15]) / ticks
    mine, changed = {os.getpid()}, True
    while changed:  # a child's pid may be lower than its parent's: grow to a fixpoint
        changed = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                changed = True
    return sum(times.get(pid, 0.0) for pid in mine)


def timed(work):
    """(wall seconds, CPU seconds of the process tree) of ``work()``."""
    started, cpu = time.monotonic(), tree_cpu()
    work()
    return time.monotonic() - started, tree_cpu() - cpu


def load():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def write_crawl(folder: Path, bodies, copies: int, files: int, name: str):
    """``copies`` times the captures of ``bodies`` in ``files`` WARC files, and the bodies as
    files for batch (each copy under other host names there: batch reads a folder)."""
    records = [response_record(f"https://{host}/robots.txt", 200, body) for host, body in bodies]
    records = records * copies
    plain = folder / f"{name}-bodies"
    plain.mkdir()
    for copy in range(copies):
        for host, body in bodies:
            (plain / f"c{copy}.{host}").write_bytes(body)
    per_file = -(-len(records) // files)
    paths = []
    for index in range(files):
        path = folder / f"{name}-{index}.warc.gz"
        write_warc(str(path), records[index * per_file:(index + 1) * per_file])
        paths.append(str(path))
    return paths, plain, len(records)


def write(spark, locations, settings, out: str) -> None:
    """The job over ``locations``, its four tables written as Parquet under ``out``. Also runs
    the job as it was before its tasks wrote the tables (main up to 32ff183: lazy tables,
    persisted, written by Spark), so the same script measures before and after."""
    if "out" in inspect.signature(from_warcs).parameters:
        from_warcs(spark, locations, settings, out)
    else:
        tables = from_warcs(spark, locations, settings)
        tables.write(out)
        tables.unpersist()


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


SLOPE_STUDIES = {"google": ("study, google", ("google",)),
                 "five": ("study, 5 variants", None)}


def slope(args) -> int:
    """The marginal CPU per capture of the job and of batch (see the module)."""
    agents = list(DEFAULT_AGENTS)
    bodies = [(p.name.replace("_", "-"), p.read_bytes()) for p in sorted(args.corpus.iterdir())]
    folder = Path(tempfile.mkdtemp(prefix="robotspec-study-slope-"))
    try:
        small, small_plain, n = write_crawl(folder, bodies, 1, args.files, "small")
        large, large_plain, nk = write_crawl(folder, bodies, args.times, args.files, "large")
        print(f"captures: {n} and {nk}, each in {args.files} WARC files; load before: {load()}",
              flush=True)
        print(f"{'approach':36} {'CPU s, N':>9} {'CPU s, kN':>10} {'µs/capture':>11} "
              f"{'captures per CPU s':>19}", flush=True)

        def report(label, measured):
            for cpu_small, cpu_large in measured:
                per = (cpu_large - cpu_small) / (nk - n)
                print(f"  {label:34} {cpu_small:9.2f} {cpu_large:10.2f} {per * 1e6:11.1f} "
                      f"{1 / per:19.0f}", flush=True)
            per = median([(large - small) / (nk - n) for small, large in measured])
            print(f"{label:36} {'':9} {'median':>10} {per * 1e6:11.1f} {1 / per:19.0f}",
                  flush=True)

        for variant in ("google", "rfc9309"):
            def batch(plain, variant=variant):
                queries = "".join(f"{host}\t{agent}\t/\n" for host in sorted(os.listdir(plain))
                                  for agent in agents).encode()
                return lambda: subprocess.run(
                    [args.cli, "batch", "--variant", variant, "--corpus", str(plain)],
                    input=queries, capture_output=True, check=True)
            report(f"robotspec batch --variant {variant}",
                   rounds(args.rounds, batch(small_plain), batch(large_plain)))
        spark = session("local[2]", **{"spark.ui.enabled": "false",
                                        "spark.ui.showConsoleProgress": "false"})
        spark.sparkContext.setLogLevel("ERROR")
        for name in args.studies.split(","):
            label, variants = SLOPE_STUDIES[name]
            settings = Settings(variants=variants) if variants else Settings()

            def job(locations, settings=settings):
                write(spark, locations, settings, str(folder / "out"))

            job(small)  # warm-up: Python workers started, robotspec imported, JIT warm
            report(label, rounds(args.rounds, lambda: job(small), lambda: job(large)))
        spark.stop()
        print(f"load after: {load()}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


def rounds(count: int, small, large):
    """(CPU of ``small()``, CPU of ``large()``) ``count`` times, the order alternating."""
    measured = []
    for round_ in range(count):
        order = (small, large) if round_ % 2 == 0 else (large, small)
        cpu = {work: timed(work)[1] for work in order}
        measured.append((cpu[small], cpu[large]))
    return measured


METHOD_SETS = ("exact,imc25", "exact,consent-in-crisis",
               "exact,imc25,consent-in-crisis,consent-in-crisis-2025")


def methods_rows(args) -> int:
    """The CPU per capture of the methods table's rows (``restrictions --methods``), in one
    process: each file of the corpus a 200 capture, judged by ``methods.judge_capture`` for
    the 17 default agents under ``google``, for each set of methods; medians of the rounds.
    The rows are Python work per capture (the published methods are Python), so this is most
    of the table's cost; Spark's is the job's, above."""
    from robotspec.study import Capture
    from robotspec.study.methods import check_methods, judge_capture

    agents = list(DEFAULT_AGENTS)
    captures = [Capture(robots_url=f"https://{p.name.replace('_', '-')}/robots.txt",
                        http_status=200, body=p.read_bytes(), capture_id=p.name)
                for p in sorted(args.corpus.iterdir())]
    print(f"{len(captures)} captures, {len(agents)} agents; load before: {load()}", flush=True)
    for names in METHOD_SETS:
        methods = check_methods(names.split(","))
        per = []
        for _ in range(args.rounds):
            started = time.process_time()
            for capture in captures:
                judge_capture(capture, agents, methods, "google", Settings().size_limit)
            per.append((time.process_time() - started) / len(captures))
        rounds_ = " ".join(f"{p * 1e6:.0f}" for p in per)
        print(f"{names:55} {median(per) * 1e6:7.0f} µs/capture (rounds: {rounds_})", flush=True)
    print(f"load after: {load()}")
    return 0


def history_rows(args) -> int:
    """The CPU per capture of the history's rows (``history``), in one process: 60 sites of 12
    monthly captures each, drawn from the corpus — a site's file kept from month to month
    with probability 0.7, else another file of the corpus (seed 1) — compared pair by pair for
    the 17 default agents under ``google``; medians of the rounds."""
    import random
    from datetime import datetime, timezone

    from robotspec.study import Capture
    from robotspec.study import history

    files = sorted(args.corpus.iterdir())
    draw = random.Random(1)
    sites = []
    for site in range(60):
        own = files[site * 7 % len(files)].read_bytes()
        sites.append([Capture(robots_url=f"https://s{site}.example/robots.txt", http_status=200,
                              body=own if draw.random() < 0.7 else draw.choice(files).read_bytes(),
                              capture_id=f"{site}-{month}",
                              fetch_time=datetime(2024, month, 1, tzinfo=timezone.utc))
                      for month in range(1, 13)])
    agents = list(DEFAULT_AGENTS)
    captures = sum(len(captured) for captured in sites)
    print(f"{len(sites)} sites, {captures} captures, {len(agents)} agents; load before: {load()}",
          flush=True)
    per = []
    for _ in range(args.rounds):
        started = time.process_time()
        for captured in sites:
            for _row in history.site_rows(captured[0].robots_url, captured, agents, ["google"],
                                          "month", Settings().size_limit):
                pass
        per.append((time.process_time() - started) / captures)
    rounds_ = " ".join(f"{p * 1e6:.0f}" for p in per)
    print(f"history rows {median(per) * 1e6:7.0f} µs/capture (rounds: {rounds_})")
    print(f"load after: {load()}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS,
                        help="a folder of robots.txt files (default: the vendored sample)")
    parser.add_argument("--copies", type=int, default=16)
    parser.add_argument("--files", type=int, default=4)
    parser.add_argument("--cli", default=str(REPO / "target" / "release" / "robotspec"))
    parser.add_argument("--cores", default="1,2")
    parser.add_argument("--slope", action="store_true",
                        help="the marginal CPU per capture instead (see the module)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--times", type=int, default=8,
                        help="--slope: the large input is the corpus this many times")
    parser.add_argument("--studies", default="google,five",
                        help="--slope: google (one reading), five (all five), or both")
    parser.add_argument("--methods", action="store_true",
                        help="the CPU per capture of the methods table's rows instead")
    parser.add_argument("--history", action="store_true",
                        help="the CPU per capture of the history's rows instead")
    args = parser.parse_args()
    if args.slope:
        return slope(args)
    if args.methods:
        return methods_rows(args)
    if args.history:
        return history_rows(args)
    agents = list(DEFAULT_AGENTS)
    folder = Path(tempfile.mkdtemp(prefix="robotspec-study-bench-"))
    try:
        locations, plain, captures = make_crawl(folder, args.corpus, args.copies, args.files)
        print(f"crawl: {captures} captures in {args.files} WARC files "
              f"({sum(os.path.getsize(p) for p in locations):,} bytes gzip)")
        print(f"load before: {load()}")
        results = []
        for cores in [int(c) for c in args.cores.split(",")]:
            spark = session(f"local[{cores}]", **{"spark.ui.enabled": "false"})
            spark.sparkContext.setLogLevel("ERROR")
            # Warm-up: the Python workers start and import robotspec once per session.
            write(spark, locations[:1], Settings(variants=("google",)), str(folder / "out"))
            for label, settings in (("study, 5 variants", Settings()),
                                    ("study, google", Settings(variants=("google",)))):
                out = folder / "out"

                def study():
                    write(spark, locations, settings, str(out))

                results.append((label, cores, timed(study)))
            results.append(("regex (robotstxt-experiments style)", cores,
                            timed(lambda: regex_job(spark, locations, str(folder / "rx"),
                                                             agents))))
            spark.stop()
        queries = "".join(f"{host}\t{agent}\t/\n" for host in sorted(os.listdir(plain))
                          for agent in agents).encode()
        for variant in ("google", "rfc9309"):
            took = timed(lambda: subprocess.run(
                [args.cli, "batch", "--variant", variant, "--corpus", str(plain)],
                input=queries, capture_output=True, check=True))
            results.append((f"robotspec batch --variant {variant}", 1, took))
        print(f"load after: {load()}")
        print()
        print(f"{'approach':40} {'slots':>5} {'seconds':>8} {'captures/s':>11} "
              f"{'CPU s':>7} {'per CPU s':>10}")
        for label, cores, (seconds, cpu) in results:
            print(f"{label:40} {cores:>5} {seconds:8.2f} {captures / seconds:11.0f} "
                  f"{cpu:7.2f} {captures / cpu:10.0f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
