"""Real files: every query benches/queries.py makes from a corpus gets the command line's verdict,
under every variant — the vendored sample always, the shared corpus of 4,231 files when it is
beside the repository."""

import subprocess
import sys

import pytest

import robotspec
from conftest import CORPUS, REPO, SHARED_CORPUS


def queries(corpus):
    """(file, agent, url) queries of benches/queries.py for `corpus`."""
    tsv = subprocess.run([sys.executable, REPO / "benches" / "queries.py", corpus],
                         check=True, capture_output=True, text=True).stdout
    return [tuple(line.split("\t")) for line in tsv.splitlines()]


def disagreements(cli, corpus, variant):
    """The queries whose verdict differs between the binding and `robotspec batch`."""
    asked = queries(corpus)
    printed = cli.batch(corpus, asked, variant)
    assert len(printed) == len(asked)
    parsed = {}
    differ = []
    for (name, agent, url), answer in zip(asked, printed):
        if name not in parsed:
            parsed[name] = robotspec.Robots((corpus / name).read_bytes(), variant)
        if parsed[name].check(agent, url).to_dict() != answer["verdict"]:
            differ.append((name, agent, url))
    return len(asked), differ


@pytest.mark.parametrize("variant", robotspec.VARIANTS)
def test_vendored_corpus(cli, variant):
    count, differ = disagreements(cli, CORPUS, variant)
    assert count > 5000
    assert differ == []


@pytest.mark.skipif(not SHARED_CORPUS.is_dir(), reason=f"no shared corpus at {SHARED_CORPUS}")
def test_shared_corpus(cli):
    count, differ = disagreements(cli, SHARED_CORPUS, "google")
    assert count > 100_000
    assert differ == []
