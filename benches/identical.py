#!/usr/bin/env python3
"""Check that two builds of the CLI answer alike, byte for byte: standard output, standard error
and exit status of every run compared.

Three sections, all run unless `--sections` names fewer:

* `batch`: `robotspec batch` under every variant (and a composed reading), as text and as JSON
  Lines, over `benches/queries.py`'s queries on the corpus, plus any other query file given with
  `--extra FILE` (repeatable; `ROBOTSPEC_COLD_KEEP=DIR cargo bench -p robotspec-cli --bench
  cold` leaves the cold bench's query files in DIR). One line per (reading, format).
* `files`: the commands that read one file (or two), on a sample of the corpus — every Nth file
  by name (`--every N`, default 20; `--all-files` for every one), deterministic: `analyze` (text,
  JSON, one agent, strict, a small analysis budget), `compare` (two readings of a file, the file
  against the next one sampled, text and JSON, strict, a small input limit), `lint` (text, JSON,
  SARIF, GitHub), `parse` (tree, JSON, compact JSON, `--mode strict`, `--warnings`,
  `--report google` as text and JSON), `usage`, `check`, `explain` and `diff` (text and JSON, on
  `/`, the file's first Disallow path and a full URL), and standard input (`-`). One line per
  case: on how many files it was identical.
* `fixed`: what reads no file — `--help` and every subcommand's, `--version`, `man`, every
  shell's completions, `settings`, and a few refused arguments.

Prints a summary; exits 1 when any run differs.

`--renames FILE` compares against the earlier build's output with the renames a release made on
purpose applied first: FILE holds one `old<TAB>new` per line (text, replaced in order, in
standard output and standard error; `#` starts a comment line), so that what remains different
is what the renames do not account for. benches/renames-0.2.0.tsv lists 0.2.0's (CHANGELOG.md).

usage: benches/identical.py BEFORE_BIN AFTER_BIN [CORPUS] [--extra QUERIES.tsv]
           [--sections batch,files,fixed] [--every N | --all-files] [--jobs N]
           [--renames RENAMES.tsv]

Example, the build of main against this checkout's:
    git worktree add ../main-build main && cargo build --release -p robotspec-cli \\
        --manifest-path ../main-build/Cargo.toml
    benches/identical.py ../main-build/target/release/robotspec target/release/robotspec
"""

import argparse
import concurrent.futures
import hashlib
import os
import re
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
SECTIONS = ["batch", "files", "fixed"]
# A run that takes longer is stopped; both builds stopping compares as alike.
TIMEOUT = 300

# Per file: (case name, arguments). `{file}` is the file, `{next}` the next file of the sample,
# `{urls}` three URLs (spliced in as separate arguments), `-` reads the file from standard input.
FILE_CASES = [
    ("analyze", ["analyze", "{file}"]),
    ("analyze json", ["analyze", "--format", "json", "{file}"]),
    ("analyze agent json", ["analyze", "--agent", "Googlebot", "--format", "json", "{file}"]),
    ("analyze rfc9309 strict", ["analyze", "--variant", "rfc9309", "--mode", "strict", "{file}"]),
    ("analyze small budget", ["analyze", "--max-analysis-states", "2000", "{file}"]),
    ("analyze stdin json", ["analyze", "--format", "json", "-"]),
    ("compare readings", ["compare", "--variants", "rfc9309,google", "{file}"]),
    ("compare readings json", ["compare", "--variants", "rfc9309,google", "--format", "json",
                               "{file}"]),
    ("compare files", ["compare", "{file}", "{next}"]),
    ("compare files json", ["compare", "--format", "json", "{file}", "{next}"]),
    ("compare agent strict", ["compare", "--agent", "Googlebot", "--mode", "strict",
                              "--variants", "rep-draft-2019,rfc9309", "{file}"]),
    ("compare stdin cut", ["compare", "--max-input-bytes", "300", "-", "{next}"]),
    ("lint", ["lint", "{file}"]),
    ("lint json", ["lint", "--format", "json", "{file}"]),
    ("lint sarif", ["lint", "--format", "sarif", "{file}"]),
    ("lint github", ["lint", "--format", "github", "--variants", "rfc9309,draft-1996", "{file}"]),
    ("parse tree", ["parse", "{file}"]),
    ("parse json", ["parse", "--format", "json", "{file}"]),
    ("parse json compact", ["parse", "--format", "json", "--compact", "{file}"]),
    ("parse strict", ["parse", "--mode", "strict", "--variant", "rfc9309", "{file}"]),
    ("parse warnings", ["parse", "--warnings", "--variant", "draft-1996", "{file}"]),
    ("parse report google", ["parse", "--report", "google", "{file}"]),
    ("parse report google json", ["parse", "--report", "google", "--format", "json", "{file}"]),
    ("usage", ["usage", "{file}", "{urls}"]),
    ("usage json agent", ["usage", "--format", "json", "--agent", "GPTBot", "{file}", "{urls}"]),
    ("check", ["check", "--agent", "Googlebot", "{file}", "{urls}"]),
    ("check json cut", ["check", "--format", "json", "--max-input-bytes", "200", "--agent",
                        "Googlebot", "{file}", "{urls}"]),
    ("check strict stdin", ["check", "--mode", "strict", "--variant", "rfc9309", "--agent",
                            "Googlebot", "-", "{urls}"]),
    ("explain", ["explain", "--agent", "Googlebot-Image,Googlebot", "{file}", "{urls}"]),
    ("explain json", ["explain", "--format", "json", "--agent", "Googlebot", "{file}", "{urls}"]),
    ("diff", ["diff", "--agent", "Googlebot", "{file}", "{urls}"]),
    ("diff json", ["diff", "--format", "json", "--agent", "RandomBot", "{file}", "{urls}"]),
]

SUBCOMMANDS = ["parse", "check", "explain", "usage", "batch", "diff", "analyze", "compare",
               "lint", "fetch", "settings", "serve", "completions", "man"]
FIXED_CASES = (
    [["--help"], ["-h"], ["--version"], []]
    + [[command, "--help"] for command in SUBCOMMANDS]
    + [["man"], ["settings"], ["settings", "--format", "json"]]
    + [["completions", shell] for shell in ["bash", "zsh", "fish", "elvish", "powershell"]]
    + [
        ["check", "--agent", "Googlebot", "/nonexistent/robots.txt", "/"],
        ["analyze", "--with", "no-such-setting=1", "/nonexistent/robots.txt"],
        ["compare", "--variants", "google,google", "-"],
        ["compare", "-", "-"],
        ["compare", "-"],
        ["check", "--agent", "", "-", "/"],
        ["check", "--agent", "Googlebot", "-", "example.com/a"],
        ["parse", "--format", "yaml", "-"],
    ]
)

SIMPLE_PATH = re.compile(rb"^/[\x21-\x7e]{0,200}$")


def run(binary, arguments, stdin_path=None, cwd=None):
    """One run: (exit status, stdout, stderr)."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        done = subprocess.run(
            [binary] + arguments,
            stdin=stdin,
            capture_output=True,
            check=False,
            timeout=TIMEOUT,
            cwd=cwd,
        )
        return done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""
    finally:
        if stdin_path:
            stdin.close()


def read_renames(path):
    """The `old<TAB>new` pairs of a renames file, in order, as bytes."""
    if path is None:
        return []
    pairs = []
    with open(path, "rb") as f:
        for line in f.read().splitlines():
            if line and not line.startswith(b"#"):
                old, new = line.split(b"\t")
                pairs.append((old, new))
    return pairs


def renamed(result, renames):
    """An earlier build's run with the renames applied to its output."""
    status, out, err = result
    for old, new in renames:
        out, err = out.replace(old, new), err.replace(old, new)
    return status, out, err


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


def batch_section(args, corpus, scratch):
    """`batch` over the generated queries and the `--extra` files: (compared, differing)."""
    generated = os.path.join(scratch, "queries.tsv")
    with open(generated, "wb") as out:
        subprocess.run(
            [sys.executable, os.path.join(HERE, "queries.py"), corpus], stdout=out, check=True
        )
    differ = 0
    compared = 0
    for queries in [generated] + args.extra:
        with open(queries, "rb") as f:
            count = sum(1 for _ in f)
        print(f"# batch, {os.path.basename(queries)}: {count} queries over {corpus}")
        for reading in READINGS:
            for fmt in FORMATS:
                arguments = ["batch", "--variant", reading, "--format", fmt, "--corpus", corpus]
                before = renamed(run(args.before, arguments, queries), args.renames)
                after = run(args.after, arguments, queries)
                same = before == after
                compared += 1
                differ += not same
                lines = after[1].count(b"\n")
                print(
                    f"{'identical' if same else 'DIFFERENT'}  {reading:<34} {fmt:<4}  "
                    f"{lines} answer lines, exit {after[0]}, stdout {digest(after[1])}"
                    + ("" if same else f" (before: exit {before[0]}, {digest(before[1])})")
                )
    return compared, differ


def sample(corpus, every, all_files):
    """The files compared: every `every`th by name, or all of them."""
    names = sorted(
        name for name in os.listdir(corpus) if os.path.isfile(os.path.join(corpus, name))
    )
    chosen = names if all_files else names[::every]
    return [os.path.join(corpus, name) for name in chosen]


def urls_of(path):
    """Three URLs for a file: `/`, its first Disallow path that is plain printable ASCII (or
    `/private/`), and a full URL."""
    with open(path, "rb") as f:
        data = f.read(1 << 20)
    first = b"/private/"
    for raw in re.split(rb"\r\n|\r|\n", data):
        key, sep, value = raw.split(b"#", 1)[0].partition(b":")
        value = value.strip()
        if sep and key.strip().lower() == b"disallow" and SIMPLE_PATH.match(value):
            first = value
            break
    return ["/", first.decode("ascii"), "https://example.com/search?q=robots"]


def expand(template, path, following, urls):
    """The arguments of one case on one file."""
    arguments = []
    for part in template:
        if part == "{urls}":
            arguments.extend(urls)
        else:
            arguments.append(part.replace("{file}", path).replace("{next}", following))
    return arguments


def one_file(args, path, following, cwd):
    """Every case on one file: [(case name, identical?, before, after)]."""
    urls = urls_of(path)
    found = []
    for name, template in FILE_CASES:
        arguments = expand(template, path, following, urls)
        stdin = path if "-" in arguments else None
        before = renamed(run(args.before, arguments, stdin, cwd), args.renames)
        after = run(args.after, arguments, stdin, cwd)
        found.append((name, before == after, before, after))
    return path, found


def files_section(args, corpus, scratch):
    """The per-file commands over the sample: (compared, differing)."""
    files = sample(corpus, args.every, args.all_files)
    how = "every file" if args.all_files else f"every {args.every}th file"
    print(f"\n# files: {len(files)} of {corpus} ({how}), {len(FILE_CASES)} cases each")
    pairs = [(path, files[(i + 1) % len(files)]) for i, path in enumerate(files)]
    same = {name: 0 for name, _ in FILE_CASES}
    exits = {name: {} for name, _ in FILE_CASES}
    different = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        jobs = [pool.submit(one_file, args, path, following, scratch) for path, following in pairs]
        for job in jobs:
            path, found = job.result()
            for name, identical, before, after in found:
                same[name] += identical
                exits[name][after[0]] = exits[name].get(after[0], 0) + 1
                if not identical:
                    different.append((name, path, before, after))
    for name, _ in FILE_CASES:
        statuses = ", ".join(f"{n}× exit {code}" for code, n in sorted(exits[name].items(), key=str))
        mark = "identical" if same[name] == len(files) else "DIFFERENT"
        print(f"{mark}  {name:<26} {same[name]} of {len(files)} files  ({statuses})")
    for name, path, before, after in different[:20]:
        print(
            f"  differs: {name} on {path}: exit {before[0]} → {after[0]}, stdout "
            f"{digest(before[1])} → {digest(after[1])}, stderr {digest(before[2])} → "
            f"{digest(after[2])}"
        )
    return len(files) * len(FILE_CASES), len(different)


def fixed_section(args, scratch):
    """What reads no file: (compared, differing)."""
    print(f"\n# fixed: {len(FIXED_CASES)} runs that read no file")
    differ = 0
    for arguments in FIXED_CASES:
        before = renamed(run(args.before, arguments, None, scratch), args.renames)
        after = run(args.after, arguments, None, scratch)
        same = before == after
        differ += not same
        shown = " ".join(arguments) or "(no arguments)"
        print(
            f"{'identical' if same else 'DIFFERENT'}  {shown:<44} exit {after[0]}, "
            f"stdout {digest(after[1])}, stderr {digest(after[2])}"
        )
    return len(FIXED_CASES), differ


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
    parser.add_argument(
        "--sections",
        default=",".join(SECTIONS),
        help=f"comma-separated, of {','.join(SECTIONS)} (default: all)",
    )
    parser.add_argument("--every", type=int, default=20, help="files: every Nth file by name")
    parser.add_argument("--all-files", action="store_true", help="files: every file")
    parser.add_argument("--jobs", type=int, default=2, help="files compared at once")
    parser.add_argument(
        "--renames", help="old<TAB>new per line, applied to BEFORE's output (deliberate renames)"
    )
    args = parser.parse_args()
    args.renames = read_renames(args.renames)
    # The runs start in a scratch folder (no configuration file of this one is read by `lint`).
    args.before, args.after = (
        os.path.abspath(binary) if os.sep in binary else binary
        for binary in (args.before, args.after)
    )
    corpus = os.path.abspath(args.corpus)
    if not os.path.isdir(corpus):
        sys.exit(f"no corpus at {corpus}")
    sections = args.sections.split(",")
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown or args.every < 1:
        sys.exit(f"unknown section {unknown}" if unknown else "--every must be at least 1")

    compared = 0
    differ = 0
    with tempfile.TemporaryDirectory() as scratch:
        if "batch" in sections:
            done = batch_section(args, corpus, scratch)
            compared, differ = compared + done[0], differ + done[1]
        if "files" in sections:
            done = files_section(args, corpus, scratch)
            compared, differ = compared + done[0], differ + done[1]
        if "fixed" in sections:
            done = fixed_section(args, scratch)
            compared, differ = compared + done[0], differ + done[1]
    print(f"\n{compared - differ} of {compared} comparisons identical")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
