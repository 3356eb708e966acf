"""No public function of the package takes or returns ``Any`` without a comment saying why.

Every module is parsed (ast, nothing imported), like tests/test_layering.py. A public function is a
module-level function or a method of a public class whose name does not start with ``_`` (dunder
methods count: ``__init__`` and ``__call__`` take what callers hand over), in a module whose name
does not start with ``_``. If any annotation of its parameters or return names ``Any``, a comment
that mentions ``Any`` must stand right above it (above its decorators) or on its signature lines:

    # Any: untrusted JSON from the wire, whose every field this function checks.
    def validate_evidence(records: Any, ...) -> list[EvidenceRecord]:

Shapes that cross packages have types of their own (docs/architecture.md, "Typed hand-offs");
``mem.core.json_types.JsonObject`` names a JSON object rendered or stored whole, and carries its
why-comment once, where it is defined.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_FOLDERS = ("tests", "scripts", ".venv", "build")


def _names_any(annotation: ast.expr) -> bool:
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name) and node.id == "Any":
            return True
        if isinstance(node, ast.Attribute) and node.attr == "Any":  # typing.Any
            return True
        if isinstance(node, ast.Constant) and isinstance(node.value, str):  # a quoted annotation
            try:
                if _names_any(ast.parse(node.value, mode="eval").body):
                    return True
            except SyntaxError:
                continue
    return False


def _annotations(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    args = function.args
    found = [a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.annotation]
    found += [a.annotation for a in (args.vararg, args.kwarg) if a is not None and a.annotation]
    if function.returns is not None:
        found.append(function.returns)
    return found


def _says_why(function: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> bool:
    first = min([d.lineno for d in function.decorator_list] + [function.lineno])
    above = []
    index = first - 2  # the line above, 0-based
    while index >= 0 and lines[index].lstrip().startswith("#"):
        above.append(lines[index])
        index -= 1
    body_start = function.body[0].lineno - 1 if function.body else function.lineno
    signature = [line.split("#", 1)[1] for line in lines[function.lineno - 1:body_start] if "#" in line]
    return any("Any" in text for text in above + signature)


def unexplained_any(source: str, where: str) -> list[str]:
    """``where:line name`` of each public function in ``source`` whose signature names ``Any`` unexplained."""
    tree = ast.parse(source, filename=where)
    lines = source.splitlines()
    problems: list[str] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef) and not child.name.startswith("_"):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                dunder = child.name.startswith("__") and child.name.endswith("__")
                if child.name.startswith("_") and not dunder:
                    continue
                if any(_names_any(a) for a in _annotations(child)) and not _says_why(child, lines):
                    problems.append(f"{where}:{child.lineno} {prefix}{child.name}")

    visit(tree, "")
    return problems


def _modules() -> list[Path]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in SKIPPED_FOLDERS or any(p.startswith(".") for p in rel.parts):
            continue
        if rel.name.startswith("_") and rel.name != "__init__.py":
            continue
        found.append(rel)
    return found


def test_no_public_signature_takes_or_returns_any_without_saying_why():
    problems = []
    for rel in _modules():
        problems += unexplained_any((ROOT / rel).read_text(encoding="utf-8"), str(rel))
    assert problems == [], "name the type, or say in a comment above the def why it is Any:\n" + "\n".join(problems)


def test_the_check_sees_any_wherever_it_hides():
    """A checker that missed a nested, quoted, method or dunder ``Any`` would pass on anything."""
    source = (
        "from typing import Any\nimport typing\n"
        "def plain(x: Any) -> int: ...\n"
        "def nested(x: dict[str, Any]) -> None: ...\n"
        "def quoted(x: 'list[Any]') -> None: ...\n"
        "def returned() -> typing.Any: ...\n"
        "def star(*args: Any, **kw: Any) -> None: ...\n"
        "class Store:\n    def rows(self) -> list[dict[str, Any]]: ...\n"
        "    def __call__(self, scope: Any) -> None: ...\n"
        "    @property\n    def meta(self) -> Any: ...\n"
        "async def later(x: Any) -> None: ...\n"
    )
    found = {p.split(" ")[1] for p in unexplained_any(source, "m.py")}
    assert found == {"plain", "nested", "quoted", "returned", "star", "Store.rows", "Store.__call__",
                     "Store.meta", "later"}


def test_a_why_comment_or_a_private_name_is_accepted():
    source = (
        "from typing import Any\n"
        "# Any: untrusted JSON, checked field by field below.\n"
        "def checked(body: Any) -> None: ...\n"
        "# Any: as checked\n@decorator\ndef decorated(body: Any) -> None: ...\n"
        "def inline(body: Any,  # Any: parsed TOML, checked by overlay\n           x: int) -> None: ...\n"
        "def _private(x: Any) -> Any: ...\n"
        "class _Hidden:\n    def rows(self) -> Any: ...\n"
        "def typed(x: int) -> str: ...\n"
        "# a comment that does not say why\ndef unexplained(x: Any) -> None: ...\n"
    )
    assert [p.split(" ")[1] for p in unexplained_any(source, "m.py")] == ["unexplained"]
