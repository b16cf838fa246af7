"""Shared fixtures: the repository's data, and the command-line tool the binding is held to.

The binding must answer exactly as the ``robotspec`` command does, so many tests run both. The
command is ``$ROBOTSPEC_CLI`` when set, else the repository's debug or release build, else it is
built here (``cargo build -p robotspec-cli``) once per session.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "tests" / "examples" / "bodies"
CORPUS = REPO / "tests" / "corpus" / "real"
SHARED_CORPUS = REPO.parent / "shared" / "corpus" / "real"


def find_cli():
    """The robotspec command to compare with, built when none is there."""
    given = os.environ.get("ROBOTSPEC_CLI")
    if given:
        return Path(given)
    for profile in ("debug", "release"):
        built = REPO / "target" / profile / "robotspec"
        if built.exists():
            return built
    subprocess.run(["cargo", "build", "-p", "robotspec-cli"], cwd=REPO, check=True)
    return REPO / "target" / "debug" / "robotspec"


class Cli:
    """Runs the robotspec command."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, stdin=None):
        """The completed process of ``robotspec ARGS`` (exit status not checked)."""
        return subprocess.run(
            [str(self.path), *map(str, args)], input=stdin, capture_output=True, timeout=120
        )

    def json(self, *args):
        """The JSON a ``--format json`` run prints."""
        return json.loads(self.run(*args, "--format", "json").stdout)

    def batch(self, corpus, queries, variant):
        """``batch --format json`` answers to (file, agent, url) queries, one dict per query."""
        lines = "".join(f"{f}\t{a}\t{u}\n" for f, a, u in queries).encode("utf-8")
        done = self.run("batch", "--format", "json", "--variant", variant, "--corpus", corpus,
                        stdin=lines)
        return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture(scope="session")
def cli():
    return Cli(find_cli())


def example(name):
    """An example body of tests/examples/bodies, as bytes."""
    return (EXAMPLES / name).read_bytes()
