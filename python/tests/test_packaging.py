"""The package's metadata: the `study` extra names what the study suite installs."""

import re
import sys
from pathlib import Path

import pytest

PYTHON = Path(__file__).resolve().parents[1]

if sys.version_info < (3, 11):
    pytest.skip("tomllib is Python 3.11's", allow_module_level=True)

import tomllib  # noqa: E402


def pins(lines):
    """name → version of `name==version` lines (comments and blank lines ignored)."""
    found = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        match = re.fullmatch(r"([A-Za-z0-9_.\-]+)==(\S+)", line)
        if match:
            found[match[1].lower()] = match[2]
    return found


def test_the_study_extra_pins_what_the_study_suite_installs():
    project = tomllib.loads((PYTHON / "pyproject.toml").read_text())["project"]
    extra = pins(project["optional-dependencies"]["study"])
    suite = pins((PYTHON / "requirements-study.txt").read_text().splitlines())
    assert extra, "the study extra names nothing"
    assert {name: suite.get(name) for name in extra} == extra
    # What robotspec.study imports is in the extra.
    assert {"pyspark", "fastwarc", "pyarrow", "pandas", "matplotlib"} <= set(extra)
