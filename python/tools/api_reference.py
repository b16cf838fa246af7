"""The Python API reference (docs/python-api.md), generated so that it cannot drift.

Every public name of ``robotspec`` (its ``__all__``), ``robotspec.scrapy.RobotParser`` and the
public names of ``robotspec.study``, each with its signature, its docstring and then its public
members, in the order of ``__all__`` and of the source. Docstrings are the installed package's
own, the ones ``help()`` shows and the tests run. Signatures and types are read with ``ast``
from where each name is declared: the type stubs (``_robotspec.pyi``) for the compiled module —
the stubs are the typed truth, ``inspect.signature`` has no types there — and the source for
pure-Python modules, whose annotations are strings under ``from __future__ import annotations``
(some only imported for type checking). Importing ``robotspec.study`` needs no PySpark: the job
imports it when it runs.

    python python/tools/api_reference.py > docs/python-api.md   # refresh
    python python/tools/api_reference.py --check                # exit 1, with a diff, if stale

Needs nothing but the package installed (``pip install "./python[scrapy]"``).
"""

import argparse
import ast
import dataclasses
import difflib
import importlib
import importlib.util
import inspect
import sys
from pathlib import Path

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "python-api.md"
REFRESH = "python python/tools/api_reference.py > docs/python-api.md"
WIDTH = 99  # a longer signature gets one parameter per line

#: (module, its documented names or None for its ``__all__``, the stub whose type aliases its
#: signatures use), in the reference's order.
MODULES = (
    ("robotspec", None, "robotspec._robotspec"),
    ("robotspec.scrapy", ["RobotParser"], None),
    ("robotspec.study", None, None),
)

HEADER = f"""# Python API reference

Generated from the installed package's docstrings and type stubs by
`python/tools/api_reference.py`; do not edit. Refresh it with

```sh
{REFRESH}
```

(the Python suite fails when it is out of date). The overview is in
[python/README.md](../python/README.md#api-reference).
"""


def source(module_name: str) -> str:
    """The text declaring ``module_name``: its stub when one sits beside it, else its source."""
    origin = Path(importlib.util.find_spec(module_name).origin)
    stub = origin.with_name(module_name.rpartition(".")[2] + ".pyi")
    return (stub if stub.exists() else origin).read_text(encoding="utf-8")


def declarations(body: list) -> dict:
    """Name → (node, attribute docstring or None) of the defs and assignments of ``body``."""
    found = {}
    for node, after in zip(body, body[1:] + [None]):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found[node.name] = node, None
        elif isinstance(node, (ast.AnnAssign, ast.Assign)):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            is_doc = isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
            found[target.id] = node, inspect.cleandoc(after.value.value) if is_doc else None
    return found


def declaration(module_name: str, name: str) -> tuple:
    """(node, attribute docstring) declaring ``name`` of ``module_name``, through its imports."""
    body = ast.parse(source(module_name)).body
    found = declarations(body).get(name)
    if found:
        return found
    package = importlib.util.find_spec(module_name).parent
    for node in body:
        for alias in node.names if isinstance(node, ast.ImportFrom) else ():
            if (alias.asname or alias.name) == name:
                relative = "." * node.level + (node.module or "")
                return declaration(importlib.util.resolve_name(relative, package), alias.name)
    raise LookupError(f"{module_name}.{name} is declared nowhere")


def parameter(name: str, annotation, default) -> str:
    """``name: annotation = default`` as PEP 8 writes it; annotation and default are nodes."""
    text = name + (f": {ast.unparse(annotation)}" if annotation else "")
    if default is not None:
        text += f" = {ast.unparse(default)}" if annotation else f"={ast.unparse(default)}"
    return text


def parameters(args: ast.arguments, method: bool) -> list:
    """The parameters of a ``def`` as written; a method's ``self`` or ``cls`` left out."""
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + args.defaults
    written = [parameter(a.arg, a.annotation, d) for a, d in zip(positional, defaults)]
    if args.posonlyargs:
        written.insert(len(args.posonlyargs), "/")
    if args.vararg:
        written.append("*" + parameter(args.vararg.arg, args.vararg.annotation, None))
    elif args.kwonlyargs:
        written.append("*")
    keywords = zip(args.kwonlyargs, args.kw_defaults)
    written += [parameter(a.arg, a.annotation, d) for a, d in keywords]
    if args.kwarg:
        written.append("**" + parameter(args.kwarg.arg, args.kwarg.annotation, None))
    return written[1:] if method else written


def call(name: str, written: list, returns: str = "") -> str:
    """``name(written…) returns`` on one line, or one parameter per line when too long."""
    line = f"{name}({', '.join(written)}){returns}"
    if len(line) <= WIDTH:
        return line
    return f"{name}(\n" + "".join(f"    {p},\n" for p in written) + f"){returns}"


def class_signature(name: str, node: ast.ClassDef, value) -> str:
    """A class as it is built: its dataclass fields, its ``__init__`` or ``__new__``, or else
    its bases."""
    members = declarations(node.body)
    if dataclasses.is_dataclass(value):
        fields = [(n.target.id, n.annotation, n.value) for n, _ in members.values()
                  if isinstance(n, ast.AnnAssign)]
        return call(f"class {name}", [parameter(*field) for field in fields])
    # A compiled class is built by `__new__` (the stubs say so, as stubtest holds them to).
    for constructor in ("__init__", "__new__"):
        if constructor in members:
            return call(f"class {name}", parameters(members[constructor][0].args, True))
    bases = ", ".join(ast.unparse(b) for b in node.bases)
    return f"class {name}({bases})" if bases else f"class {name}"


def function_signature(name: str, node: ast.FunctionDef, method: bool) -> str:
    """A function or method as it is called, or a property as what it holds."""
    decorators = {ast.unparse(d) for d in node.decorator_list}
    returns = ast.unparse(node.returns) if node.returns else None
    if "property" in decorators:
        return f"{name}: {returns}" if returns else name
    written = parameters(node.args, method and "staticmethod" not in decorators)
    return call(name, written, f" -> {returns}" if returns else "")


def signature(name: str, node, value, method: bool = False) -> str:
    """How ``name`` is called or what it holds, as its declaring source types it."""
    if isinstance(node, ast.ClassDef):
        return class_signature(name, node, value)
    if isinstance(node, ast.FunctionDef):
        return function_signature(name, node, method)
    if getattr(node, "annotation", None):
        return f"{name}: {ast.unparse(node.annotation)}"
    return f"{name}: {type(value).__name__}"


def markdown(doc: str) -> list:
    """A docstring's lines, its doctest examples fenced as ```pycon blocks."""
    lines, example = [], False
    for line in doc.splitlines():
        if line.startswith(">>>") and not example:
            lines.append("```pycon")
            example = True
        elif example and not line.strip():
            lines.append("```")
            example = False
        lines.append(line)
    return lines + ["```"] * example


def entry(level: int, title: str, code: str, doc) -> list:
    """A heading, the signature in a ```python block and the docstring."""
    lines = [f"{'#' * level} `{title}`", "", "```python", code, "```", ""]
    return lines + (markdown(doc) + [""] if doc else [])


def members(title: str, node: ast.ClassDef, value) -> list:
    """The public members of a class, in source order (a dataclass's fields are its signature)."""
    lines = []
    for name, (member, attribute_doc) in declarations(node.body).items():
        is_attribute = not isinstance(member, ast.FunctionDef)
        if name.startswith("_") or (is_attribute and dataclasses.is_dataclass(value)):
            continue
        doc = attribute_doc if is_attribute else inspect.getdoc(getattr(value, name))
        qualified = f"{title}.{name}"
        code = signature(qualified, member, vars(value).get(name), method=True)
        lines += entry(4, qualified, code, doc)
    return lines


def is_typed_dict(node) -> bool:
    """Whether ``node`` is a class of the stubs that names the shape of a returned dict."""
    return isinstance(node, ast.ClassDef) and any(
        isinstance(base, ast.Name) and base.id == "TypedDict" for base in node.bases)


def shape(node: ast.ClassDef) -> str:
    """A TypedDict's source without its docstring."""
    fields = [field for field in node.body if isinstance(field, ast.AnnAssign)]
    return ast.unparse(ast.ClassDef(name=node.name, bases=node.bases, keywords=[], body=fields,
                                    decorator_list=[], type_params=[]))


def aliases(stub: str) -> list:
    """The type aliases of ``stub`` (its plain assignments) and the dict shapes it names
    (its TypedDicts), each with its docstring."""
    found = declarations(ast.parse(source(stub)).body).items()
    lines = []
    for name, (node, doc) in found:
        if name.startswith("_"):
            continue
        if isinstance(node, ast.Assign):
            lines += entry(3, name, ast.unparse(node), doc)
        elif is_typed_dict(node):
            lines += entry(3, name, shape(node), ast.get_docstring(node))
    return lines


def module_section(module_name: str, names, stub) -> list:
    """A module's docstring, its stub's type aliases, each documented name and its members."""
    module = importlib.import_module(module_name)
    lines = [f"## `{module_name}`", ""] + markdown(inspect.getdoc(module)) + [""]
    lines += aliases(stub) if stub else []
    for name in names or module.__all__:
        value = getattr(module, name)
        node, attribute_doc = declaration(module_name, name)
        is_def = isinstance(node, (ast.ClassDef, ast.FunctionDef))
        doc = inspect.getdoc(value) if is_def else attribute_doc
        lines += entry(3, f"{module_name}.{name}", signature(name, node, value), doc)
        if isinstance(node, ast.ClassDef):
            lines += members(name, node, value)
    return lines


def render() -> str:
    """The whole reference, as docs/python-api.md holds it."""
    lines = [HEADER]
    for module in MODULES:
        lines += module_section(*module)
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 with a diff when {REFERENCE.name} is out of date")
    if not parser.parse_args().check:
        sys.stdout.write(render())
        return 0
    committed = REFERENCE.read_text(encoding="utf-8").splitlines(keepends=True)
    diff = list(difflib.unified_diff(committed, render().splitlines(keepends=True),
                                     "docs/python-api.md", "generated"))
    sys.stdout.writelines(diff)
    if diff:
        print(f"docs/python-api.md is out of date; refresh it: {REFRESH}", file=sys.stderr)
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
