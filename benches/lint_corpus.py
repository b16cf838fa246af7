#!/usr/bin/env python3
"""`robotspec lint` over a corpus in one process, then what it found: the figures of docs/lint.md
("Over the corpus") — the most frequent finding codes with their counts and three real examples
each, and the share of files with at least one error.

    /usr/bin/time -v target/release/robotspec lint --no-config --format json \\
        ../shared/corpus/real/* > target/lint-corpus.json     # CPU time and peak memory
    python3 benches/lint_corpus.py target/lint-corpus.json   # the tables

The first command is the measurement (docs/performance.md); this script only reads its output.
"""

import collections
import json
import sys
from pathlib import Path

TOP = 20
EXAMPLES = 3


def line_of(path, number):
    """Line `number` of the file at `path` as text (lossy), cut to 80 characters."""
    if number is None:
        return "(the whole file)"
    try:
        data = Path(path).read_bytes()
    except OSError:
        return "?"
    lines = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    text = lines[number - 1].decode("utf-8", "replace") if number <= len(lines) else ""
    text = text.replace("|", "\\|").replace("`", "'")
    return text if len(text) <= 80 else text[:77] + "..."


def main(report):
    findings = json.loads(Path(report).read_text())["findings"]
    files = {f["file"] for f in findings}
    counts = collections.Counter(f["code"] for f in findings)
    severity = {f["code"]: f["severity"] for f in findings}
    in_files = collections.defaultdict(set)
    examples = collections.defaultdict(list)
    for f in findings:
        in_files[f["code"]].add(f["file"])
        seen = {e["file"] for e in examples[f["code"]]}
        if len(examples[f["code"]]) < EXAMPLES and f["file"] not in seen:
            examples[f["code"]].append(f)
    with_error = {f["file"] for f in findings if f["severity"] == "error"}
    total = int(sys.argv[2]) if len(sys.argv) > 2 else len(files)
    print(f"{len(findings)} findings in {len(files)} of {total} files; "
          f"{len(with_error)} files ({100 * len(with_error) / total:.1f} %) with at least one error.\n")
    print("| code | severity | findings | files | three examples (file:line: the line) |")
    print("|---|---|---|---|---|")
    for code, count in counts.most_common(TOP):
        shown = "<br>".join(
            f"`{Path(e['file']).name}:{e['line'] or '-'}`: `{line_of(e['file'], e['line'])}`"
            for e in examples[code])
        print(f"| `{code}` | {severity[code]} | {count} | {len(in_files[code])} | {shown} |")
    errors = collections.Counter(f["code"] for f in findings if f["severity"] == "error")
    print("\nFiles with an error, by code:", ", ".join(
        f"`{code}` {len({f['file'] for f in findings if f['code'] == code})}"
        for code, _ in errors.most_common()))


if __name__ == "__main__":
    main(sys.argv[1])
