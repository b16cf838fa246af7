#!/usr/bin/env python3
"""Check that two builds of the CLI answer every corpus query alike: `robotspec batch` under
every variant (and a composed reading), as text and as JSON Lines, byte for byte.

The queries are `benches/queries.py`'s over the corpus, plus any other query file given with
`--extra FILE` (repeatable; `ROBOTSPEC_COLD_KEEP=DIR cargo bench -p robotspec-cli --bench cold`
leaves the cold bench's query files in DIR). Each (variant, format) runs
both builds on the same query file and compares their standard output, exit status and
standard error. Prints one line per comparison and a summary; exits 1 when any differs.

usage: benches/identical.py BEFORE_BIN AFTER_BIN [CORPUS] [--extra QUERIES.tsv]

Example, the build of main against this checkout's:
    git worktree add ../main-build main && cargo build --release -p robotspec-cli \\
        --manifest-path ../main-build/Cargo.toml
    benches/identical.py ../main-build/target/release/robotspec target/release/robotspec
"""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
READINGS = [
    "convention-1994",
    "draft-1996",
    "rep-draft-2019",
    "rfc9309",
    "google",
    "rfc9309+agent-matching=substring",
]
FORMATS = ["text", "json"]


def run(binary, reading, fmt, corpus, queries):
    """One batch run: (exit status, stdout, stderr)."""
    with open(queries, "rb") as stdin:
        done = subprocess.run(
            [binary, "batch", "--variant", reading, "--format", fmt, "--corpus", corpus],
            stdin=stdin,
            capture_output=True,
            check=False,
        )
    return done.returncode, done.stdout, done.stderr


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument(
        "corpus",
        nargs="?",
        default=os.environ.get(
            "ROBOTSPEC_CORPUS", os.path.join(HERE, "..", "..", "shared", "corpus", "real")
        ),
    )
    parser.add_argument("--extra", action="append", default=[], help="another query file")
    args = parser.parse_args()
    corpus = os.path.abspath(args.corpus)
    if not os.path.isdir(corpus):
        sys.exit(f"no corpus at {corpus}")

    with tempfile.TemporaryDirectory() as scratch:
        generated = os.path.join(scratch, "queries.tsv")
        with open(generated, "wb") as out:
            subprocess.run(
                [sys.executable, os.path.join(HERE, "queries.py"), corpus], stdout=out, check=True
            )
        query_files = [generated] + args.extra
        differ = 0
        compared = 0
        for queries in query_files:
            with open(queries, "rb") as f:
                count = sum(1 for _ in f)
            print(f"# {os.path.basename(queries)}: {count} queries over {corpus}")
            for reading in READINGS:
                for fmt in FORMATS:
                    before = run(args.before, reading, fmt, corpus, queries)
                    after = run(args.after, reading, fmt, corpus, queries)
                    same = before == after
                    compared += 1
                    differ += not same
                    lines = after[1].count(b"\n")
                    print(
                        f"{'identical' if same else 'DIFFERENT'}  {reading:<34} {fmt:<4}  "
                        f"{lines} answer lines, exit {after[0]}, stdout {digest(after[1])}"
                        + ("" if same else f" (before: exit {before[0]}, {digest(before[1])})")
                    )
        print(f"\n{compared - differ} of {compared} comparisons identical")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
