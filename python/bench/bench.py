#!/usr/bin/env python3
"""robotspec against protego and urllib.robotparser, in one process and one run.

Measures, over a corpus of real robots.txt files and the queries ``benches/queries.py``
generates from them (up to 30 per file, built from each file's own rules and agents):

* parse throughput (MB/s of robots.txt bytes): ``robotspec.Robots(body)``,
  ``Protego.parse(text)``, ``RobotFileParser.parse(lines)``;
* per-call queries/s: ``Robots.is_allowed(agent, url)``, ``Protego.can_fetch(url, agent)``,
  ``RobotFileParser.can_fetch(agent, url)``, each file parsed beforehand;
* batch queries/s: ``Robots.is_allowed_many(agent, urls)`` once per file and agent (protego and
  urllib have no batch call; the ratio is against their per-call rate);
* the crawler's cold path, files/s: per file, parse it and ask about the URLs of its first
  three queries as the agent of the first (``Robots(body)`` + 3 ``is_allowed``,
  ``Protego.parse(text)`` + 3 ``can_fetch``, …), as a crawler meeting a new host does.

Queries are timed in passes over the same parsed files: *cold* is the first pass, *second pass*
the second, and *warm* the best of the last three passes. robotspec defers work by ski rental
(docs/performance.md, issue 32): a group's rules are tested one by one until that has cost as
much as compiling them is estimated to (a crawler asking a host a few questions never compiles
them; ``is_allowed_many`` compiles them at once), and its wildcard rules are searched by the glob
matcher until that has cost as much more than their automaton would as building it. robotspec
runs 24 passes, so that its warm passes come after that work, however few of the queries a group
answers; the peers, which defer no work, run 5. Each figure is the best of ``--repeat`` runs.

*First k questions* bounds what the deferral costs: per file, the CPU time of its first k
questions asked one by one (the agent of its first query, its own URLs in turn), divided by the
time of the same questions with the rules compiled at the first (that one asked as
``is_allowed_many`` of one URL), on freshly parsed files. Ski rental keeps it below 2 plus one
tested question, whatever k. Protego and urllib
take text, so each body is decoded (UTF-8, undecodable bytes dropped, as Scrapy does) before
the clock starts; robotspec reads the bytes as served. The clock is the process's CPU time (user
+ system, ``time.process_time``): everything measured runs on the calling thread, and CPU time
moves far less with the machine's load than wall time. The machine's load (``uptime``) is
printed with the figures: compare ratios from one run, never figures from different runs.

usage: python/bench/bench.py [CORPUS_DIR] [--repeat N] [--variant V]
"""

import argparse
import os
import subprocess
import sys
import time
import urllib.robotparser
from collections import defaultdict

import protego
import robotspec

HERE = os.path.dirname(os.path.abspath(__file__))
QUERIES_PY = os.path.join(HERE, "..", "..", "benches", "queries.py")
TARGETS = {"parse": 10, "is_allowed": 5, "is_allowed_many": 30, "cold path": 15}
# Query passes per library (see the module's docstring): robotspec's last three come after its
# deferred work.
PASSES = {"robotspec": 24, "protego": 5, "urllib.robotparser": 5}
# How many first questions a file is asked, for the first-k measure.
FIRST_K = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32)


def load(corpus):
    """Every file of the corpus, by name, as bytes and as the text protego and urllib read."""
    files = {}
    for name in sorted(os.listdir(corpus)):
        with open(os.path.join(corpus, name), "rb") as f:
            body = f.read()
        files[name] = (body, body.decode("utf-8", "ignore"))
    return files


def queries(corpus):
    """The corpus's queries (benches/queries.py), grouped by file: name → [(agent, url)]."""
    tsv = subprocess.run(
        [sys.executable, QUERIES_PY, corpus], check=True, capture_output=True, text=True
    ).stdout
    by_file = defaultdict(list)
    for line in tsv.splitlines():
        name, agent, url = line.split("\t")
        by_file[name].append((agent, url))
    return by_file


def best(repeat, run):
    """The shortest of `repeat` timings of `run()`, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def parsers(variant):
    """Per library: how it parses a (bytes, text) body, and how it answers one query."""
    def urllib_parse(_body, text):
        parser = urllib.robotparser.RobotFileParser()
        parser.parse(text.splitlines())
        return parser

    return {
        "robotspec": (
            lambda body, _text: robotspec.Robots(body, variant),
            lambda robots, agent, url: robots.is_allowed(agent, url),
        ),
        "protego": (
            lambda _body, text: protego.Protego.parse(text),
            lambda robots, agent, url: robots.can_fetch(url, agent),
        ),
        "urllib.robotparser": (
            urllib_parse,
            lambda robots, agent, url: robots.can_fetch(agent, url),
        ),
    }


def queried(repeat, fresh, ask_all, passes):
    """Timings of `ask_all(parsed)` on freshly parsed files, in `passes` passes: the first pass
    (cold), the second pass on the same objects, and the best of the last three (warm), each
    the shortest of `repeat`; and the answers."""
    cold, second, warm = [], [], []
    for _ in range(repeat):
        parsed = fresh()
        times = []
        for _ in range(passes):
            start = time.process_time()
            answers = ask_all(parsed)
            times.append(time.process_time() - start)
        cold.append(times[0])
        second.append(times[1])
        warm.append(min(times[-3:]))
    return min(cold), min(second), min(warm), answers


def measure(files, by_file, repeat, variant):
    """Rates per library and measure: parse MB/s, per-call queries/s (cold and warm), and
    robotspec's batch queries/s (cold and warm)."""
    megabytes = sum(len(body) for body, _ in files.values()) / 1e6
    count = sum(len(q) for q in by_file.values())
    rates, answers = {}, {}
    for library, (parse, ask) in parsers(variant).items():
        seconds = best(repeat, lambda: [parse(*files[name]) for name in files])
        rates[(library, "parse")] = megabytes / seconds
        cold, second, warm, answers[library] = queried(
            repeat,
            lambda: {name: parse(*files[name]) for name in by_file},
            lambda parsed: [ask(parsed[n], a, u) for n, qs in by_file.items() for a, u in qs],
            PASSES[library],
        )
        rates[(library, "is_allowed, cold")] = count / cold
        rates[(library, "is_allowed, second pass")] = count / second
        rates[(library, "is_allowed, warm")] = count / warm
    # One crawler per file (the agent of its first query) asking about its first three URLs.
    first = {name: [(qs[0][0], url) for _, url in qs[:3]] for name, qs in by_file.items()}
    for library, (parse, ask) in parsers(variant).items():
        def cold_path(parse=parse, ask=ask):
            for name, qs in first.items():
                robots = parse(*files[name])
                for agent, url in qs:
                    ask(robots, agent, url)
        rates[(library, "cold path")] = len(first) / best(repeat, cold_path)
    batches = [
        (name, agent, [u for a, u in qs if a == agent])
        for name, qs in by_file.items()
        for agent in dict.fromkeys(a for a, _ in qs)
    ]
    cold, second, warm, many = queried(
        repeat,
        lambda: {name: robotspec.Robots(files[name][0], variant) for name in by_file},
        lambda parsed: [parsed[n].is_allowed_many(agent, urls) for n, agent, urls in batches],
        PASSES["robotspec"],
    )
    rates[("robotspec", "is_allowed_many, cold")] = count / cold
    rates[("robotspec", "is_allowed_many, second pass")] = count / second
    rates[("robotspec", "is_allowed_many, warm")] = count / warm
    assert [x for batch in many for x in batch] == [
        answers["robotspec"][i] for i in batch_order(by_file)]
    rates[("robotspec", "first k")] = first_questions(files, by_file, repeat, variant)
    return rates, answers, megabytes, count, len(batches)


def first_questions(files, by_file, repeat, variant):
    """Per k of FIRST_K: the time of each file's first k questions asked one by one, divided by
    the time of the same questions with the rules compiled at the first (asked as a batch of
    one URL, which compiles them), each on freshly parsed files, best of `repeat`."""
    urls = {name: [url for _, url in qs] for name, qs in by_file.items()}
    ratios = {}
    for k in FIRST_K:
        asked = {name: (qs[0][0], [urls[name][i % len(qs)] for i in range(k)])
                 for name, qs in by_file.items()}

        def one_by_one(parsed, asked=asked):
            for name, (agent, us) in asked.items():
                robots = parsed[name]
                for url in us:
                    robots.is_allowed(agent, url)

        def compiled_first(parsed, asked=asked):
            for name, (agent, us) in asked.items():
                robots = parsed[name]
                robots.is_allowed_many(agent, us[:1])
                for url in us[1:]:
                    robots.is_allowed(agent, url)

        times = {one_by_one: [], compiled_first: []}
        for _ in range(repeat):
            for ask in times:
                parsed = {name: robotspec.Robots(files[name][0], variant) for name in by_file}
                start = time.process_time()
                ask(parsed)
                times[ask].append(time.process_time() - start)
        ratios[k] = min(times[one_by_one]) / min(times[compiled_first])
    return ratios


def batch_order(by_file):
    """The indices of the per-call answers in the order the batches answer them."""
    order, offset = [], 0
    for qs in by_file.values():
        for agent in dict.fromkeys(a for a, _ in qs):
            order += [offset + i for i, (a, _) in enumerate(qs) if a == agent]
        offset += len(qs)
    return order


def agreement(answers, library):
    """The share of queries on which `library` gives robotspec's answer."""
    same = sum(a == b for a, b in zip(answers["robotspec"], answers[library]))
    return same / len(answers["robotspec"])


def report(rates, answers, sizes, args):
    megabytes, count, batches = sizes
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"corpus: {args.corpus}: {megabytes:.1f} MB, {count} queries ({batches} batches)")
    print(f"variant: {args.variant}; best of {args.repeat}; Python {sys.version.split()[0]}")
    print(f"uptime: {load}")
    print()
    print("| measure | robotspec | protego | urllib.robotparser | robotspec ÷ protego | target |")
    print("|---|---|---|---|---|---|")
    units = {"parse": ("MB/s", "{:.1f}"), "cold path": ("files/s", "{:,.0f}")}
    for measure in ("parse", "is_allowed, cold", "is_allowed, second pass", "is_allowed, warm",
                    "is_allowed_many, cold", "is_allowed_many, second pass",
                    "is_allowed_many, warm", "cold path"):
        # The peers have no batch call: their per-call rate is the baseline.
        peer = measure.replace("is_allowed_many", "is_allowed")
        unit, fmt = units.get(measure, ("queries/s", "{:,.0f}"))
        cells = [fmt.format(rates[("robotspec", measure)])] + [
            fmt.format(rates[(lib, peer)]) + (" (per call)" if peer != measure else "")
            for lib in ("protego", "urllib.robotparser")]
        ratio = rates[("robotspec", measure)] / rates[("protego", peer)]
        target = TARGETS[measure.split(",")[0]]
        held = "holds" if ratio >= target else "missed"
        print(f"| {measure} ({unit}) | " + " | ".join(cells)
              + f" | {ratio:.1f}× | ≥ {target}× — {held} |")
    print()
    first = rates[("robotspec", "first k")]
    print("first k questions, one by one ÷ compiled at the first (CPU time; ski rental's bound: "
          "2, plus one tested question a file): "
          + ", ".join(f"k={k} {r:.2f}" for k, r in first.items())
          + f"; at most {max(first.values()):.2f}")
    print()
    for library in ("protego", "urllib.robotparser"):
        print(f"{library} agrees with robotspec ({args.variant}) on "
              f"{agreement(answers, library):.2%} of the queries")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default="/work/shared/corpus/real")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--variant", default=robotspec.DEFAULT_VARIANT)
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        sys.exit(f"no corpus at {args.corpus} (give a folder of robots.txt files)")
    files = load(args.corpus)
    by_file = queries(args.corpus)
    rates, answers, *sizes = measure(files, by_file, args.repeat, args.variant)
    report(rates, answers, sizes, args)


if __name__ == "__main__":
    main()
