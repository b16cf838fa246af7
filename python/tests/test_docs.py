"""The documentation: every docstring example runs, the stubs name what the module has, and
the API reference (docs/python-api.md) is what python/tools/api_reference.py generates."""

import ast
import doctest
import importlib.util
import inspect
import re
from pathlib import Path

import pytest

import robotspec
import robotspec.scrapy
from robotspec import _robotspec

PACKAGE = Path(robotspec.__file__).parent
README = Path(__file__).resolve().parents[1] / "README.md"
API_REFERENCE_TOOL = Path(__file__).resolve().parents[1] / "tools" / "api_reference.py"


def documented():
    """(name, docstring, module) of the package, its public names and their public members."""
    for module, names in ((robotspec, robotspec.__all__), (robotspec.scrapy, ["RobotParser"])):
        yield module.__name__, module.__doc__, module
        for name in names:
            value = getattr(module, name)
            if inspect.isclass(value) or callable(value):
                yield name, value.__doc__, module
                for member, attribute in vars(value).items() if inspect.isclass(value) else ():
                    if not member.startswith("_"):
                        yield f"{name}.{member}", getattr(attribute, "__doc__", None), module


EXAMPLES = [(name, doc, module) for name, doc, module in documented() if doc and ">>>" in doc]


@pytest.mark.parametrize("name, doc, module", EXAMPLES, ids=[name for name, *_ in EXAMPLES])
def test_docstring_examples_run(name, doc, module):
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    test = parser.get_doctest(doc, dict(vars(module)), name, None, 0)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed"


def test_enough_examples():
    assert len(EXAMPLES) >= 15


def test_the_readme_examples_run():
    """The README's ```pycon blocks, in order, as one session."""
    blocks = re.findall(r"^```pycon\n(.*?)^```", README.read_text(), re.S | re.M)
    test = doctest.DocTestParser().get_doctest("".join(blocks), {}, "README.md", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples and runner.failures == 0


def stubbed():
    """Name → set of member names, as the stub file declares them."""
    tree = ast.parse((PACKAGE / "_robotspec.pyi").read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Name) and base.id == "TypedDict" for base in node.bases):
            continue  # a shape the stubs name for a returned dict: no class of the module
        if isinstance(node, ast.ClassDef):
            names[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            names[node.name] |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = set()
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = set()
    return names


def test_the_stubs_declare_what_the_module_has():
    declared = stubbed()
    public = {name for name in dir(_robotspec) if not name.startswith("_")}
    assert set(declared) == public
    for name in public:
        value = getattr(_robotspec, name)
        if inspect.isclass(value) and not issubclass(value, Exception):
            members = {m for m in vars(value) if not m.startswith("_")}
            assert members == declared[name] - {"__new__", "__init__", "__eq__", "__hash__"}, name
    assert set(robotspec.__all__) == public


def test_every_public_callable_is_documented():
    for name, doc, _ in documented():
        assert doc and doc.strip(), name


def test_the_api_reference_is_up_to_date():
    spec = importlib.util.spec_from_file_location("api_reference", API_REFERENCE_TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    committed = tool.REFERENCE.read_text(encoding="utf-8")
    stale = f"docs/python-api.md is out of date; refresh it (from the repository's root): "
    assert tool.render() == committed, stale + tool.REFRESH


def test_the_stubs_match_the_built_module(tmp_path):
    """mypy's stubtest: every name, signature (parameters, their kinds and defaults) and
    property of the stubs against the built module, run where the sources cannot shadow it."""
    import subprocess
    import sys

    allowlist = Path(__file__).resolve().parent / "stubtest-allowlist.txt"
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "robotspec._robotspec",
         "--allowlist", str(allowlist), "--ignore-disjoint-bases"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
