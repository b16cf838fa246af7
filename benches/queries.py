#!/usr/bin/env python3
"""Generate a `robotspec batch` query file (FILE<TAB>AGENT<TAB>URL) from a robots.txt corpus.

For every file (sorted by name) it takes up to 30 queries built from the file's own rules, so
they exercise real patterns: each rule's path as written, with `*` replaced by a sample segment
and a final `$` dropped, the same path extended, and a truncated one; agents are the file's own
user-agent tokens plus `Googlebot` and an unknown `RandomBot`. Deterministic (fixed seed).

usage: benches/queries.py CORPUS_DIR > queries.tsv
"""
import os
import random
import re
import sys

PER_FILE = 30
TOKEN = re.compile(rb"[A-Za-z_-]+")


def rules_and_agents(data):
    paths, agents = [], []
    for raw in re.split(rb"\r\n|\r|\n", data):
        line = raw.split(b"#", 1)[0].strip()
        key, sep, value = line.partition(b":")
        if not sep:
            continue
        key, value = key.strip().lower(), value.strip()
        if key == b"user-agent":
            token = TOKEN.match(value)
            if token and token.group().decode() not in agents:
                agents.append(token.group().decode())
        elif key in (b"allow", b"disallow") and value.startswith(b"/"):
            paths.append(value)
    return paths, agents


def url_path(pattern, rng):
    path = pattern[:-1] if pattern.endswith(b"$") else pattern
    path = path.replace(b"*", rng.choice([b"", b"abc", b"x/y"]))
    return path.decode("utf-8", "replace").replace("\t", "%09").replace(" ", "%20")


def main():
    corpus = sys.argv[1]
    rng = random.Random(9309)
    out = sys.stdout
    for name in sorted(os.listdir(corpus)):
        with open(os.path.join(corpus, name), "rb") as f:
            paths, agents = rules_and_agents(f.read())
        agents = agents[:3] + ["Googlebot", "RandomBot"]
        candidates = []
        for p in paths:
            base = url_path(p, rng)
            candidates += [base, base + "x.html", base[: max(1, len(base) // 2)]]
        candidates += ["/", "/index.html", "/search?q=robots"]
        for _ in range(PER_FILE):
            path = rng.choice(candidates)
            out.write(f"{name}\t{rng.choice(agents)}\thttps://{name}{path}\n")


if __name__ == "__main__":
    main()
