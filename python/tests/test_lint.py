"""The linter from Python (``robotspec.lint``) and from the command line (``robotspec lint``):
the binding's findings are the command's JSON; the SARIF output validates against the OASIS
SARIF 2.1.0 schema (vendored: tests/sarif-schema-2.1.0.json, from oasis-tcs/sarif-spec); and the
pre-commit hook of the repository's root installs and runs (``pre-commit try-repo``)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import robotspec
from conftest import REPO

LINT_CORPUS = REPO / "tests" / "corpus" / "lint"
SCHEMA = Path(__file__).parent / "sarif-schema-2.1.0.json"
BAD = b"User-agent: AI2Bot\nDisallow: /\nSitemap: /sitemap.xml\n"


def lint_files():
    return sorted(LINT_CORPUS.glob("*.txt")) + [REPO / "tests" / "lint" / "ai-robots-txt.txt"]


def test_findings_are_typed_objects():
    findings = robotspec.lint(BAD)
    first = findings[0]
    assert isinstance(first, robotspec.Finding)
    assert (first.code, first.severity, first.line, first.col) == ("agent-misread", "error", 1, 13)
    assert first.readings == ["google", "rfc9309"]
    assert str(first).startswith("1:13: error[agent-misread]: google and rfc9309 read `AI2Bot`")
    assert first.to_dict()["code"] == "agent-misread"
    sitemap = [f for f in findings if f.code == "sitemap-not-absolute"][0]
    assert sitemap.fix.startswith("write the full URL")


def test_readings_allow_and_deny():
    only_google = robotspec.lint(BAD, "google")
    assert {tuple(f.readings) for f in only_google} == {("google",)}
    silenced = robotspec.lint(BAD, allow=["agent-misread", "invalid-product-token"])
    assert all(f.code not in ("agent-misread", "invalid-product-token") for f in silenced)
    raised = robotspec.lint(b"User-agent: *\nDisallow:\n", deny=["empty-disallow"])
    assert [(f.code, f.severity) for f in raised] == [("empty-disallow", "error")]
    with pytest.raises(ValueError, match="unknown finding code `nonsense`"):
        robotspec.lint(BAD, allow=["nonsense"])


@pytest.mark.parametrize("path", lint_files(), ids=lambda p: p.name)
def test_the_binding_says_what_the_command_says(cli, path):
    body = path.read_bytes()
    done = cli.run("lint", "--no-config", "--format", "json", path)
    assert done.returncode in (0, 1), done.stderr
    command = json.loads(done.stdout)["findings"]
    for finding in command:
        assert finding.pop("file") == str(path)
    assert [f.to_dict() for f in robotspec.lint(body)] == command
    failed = any(f["severity"] == "error" for f in command)
    assert done.returncode == int(failed)


def test_sarif_validates_against_the_oasis_schema(cli):
    schema = json.loads(SCHEMA.read_text())
    validator = jsonschema.Draft4Validator(schema)
    done = cli.run("lint", "--no-config", "--format", "sarif", *lint_files())
    assert done.returncode == 1, done.stderr
    log = json.loads(done.stdout)
    errors = sorted(validator.iter_errors(log), key=str)
    assert not errors, "\n".join(str(e) for e in errors[:5])
    run = log["runs"][0]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert len(rules) == len(set(rules)) and "agent-misread" in rules
    assert all(rules[r["ruleIndex"]] == r["ruleId"] for r in run["results"])
    assert len(run["results"]) > len(lint_files())


def run_git(*args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_the_pre_commit_hook_installs_and_runs(tmp_path):
    """pre-commit installs the hook as a site's repository would (``try-repo`` clones this one
    and pip-installs its root, building the binary with maturin), then passes a good robots.txt
    and fails a bad one."""
    site = tmp_path / "site"
    site.mkdir()
    run_git("init", "-q", cwd=site)
    (site / "robots.txt").write_bytes(b"User-agent: *\nDisallow: /private/\n")
    run_git("add", "robots.txt", cwd=site)
    env = dict(
        os.environ,
        PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"),
        # The workspace's own target folder and its dev profile (maturin's build backend takes
        # its arguments from this variable): the hook's command is the one the suites compare
        # with, compiled once for all of them, where a release build compiled the command
        # line's dependencies a second time (3 min on a 2-core machine) for this test alone.
        CARGO_TARGET_DIR=str(REPO / "target"),
        MATURIN_PEP517_ARGS="--profile dev",
        # The clone's own crates (the library and the command line) compile wherever it is
        # (their path is part of their identity), every time; without optimisation they take
        # half the time (32 s against 70 here), and the hook answers two tiny files. The
        # dependencies keep their level (`profile.dev.package."*"`), so they are reused.
        CARGO_PROFILE_DEV_OPT_LEVEL="0",
    )
    pre_commit = [sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "robotspec-lint"]

    def hook(*files):
        return subprocess.run([*pre_commit, "--files", *files], cwd=site, env=env,
                              capture_output=True, text=True, timeout=1800)

    good = hook("robots.txt")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "robotspec lint" in good.stdout and "Passed" in good.stdout
    (site / "robots.txt").write_bytes(BAD)
    bad = hook("robots.txt")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "error[agent-misread]" in bad.stdout
