"""The allowed imports between the top-level packages (docs/architecture.md), read off the source.

Every module of the ``mem`` package is parsed (ast, nothing imported) and every ``mem.<package>``
it names — at the top, inside a function, or under ``TYPE_CHECKING`` — must be allowed for its own
package. This is what makes "the server never touches customer memory" and "the agent knows no
network" visible in the imports rather than promised in prose.
"""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ANYTHING = None  # cli and demo sit above every package
ALLOWED: dict[str, set[str] | None] = {
    "core": set(),
    "wiki": {"core"},
    "policies": {"wiki", "core"},
    # wire: the share record know-how's intake builds is the POST /v1/share format (mem.wire.share)
    "knowhow": {"wiki", "core", "wire"},
    "customers": {"core"},
    "wire": {"core"},
    "server": {"wiki", "policies", "knowhow", "core", "wire"},
    # knowhow: the anonymiser that turns decision facts into share records runs on the device
    "client": {"customers", "wiki", "knowhow", "core", "wire"},
    # wiki includes the ServiceMemory protocol (mem.wiki.service_memory), below both agent and client
    "agent": {"customers", "wiki", "policies", "knowhow", "core"},
    "cli": ANYTHING,
    "demo": ANYTHING,
}
# The package root (mem/__init__.py, mem/__main__.py) only starts the CLI.
ROOT_MODULES = {"__init__.py": {"cli"}, "__main__.py": {"cli"}}


def _source_files() -> list[Path]:
    files = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in ("tests", "scripts", ".venv", "build") or rel.parts[0].startswith("."):
            continue
        files.append(rel)
    return files


def _module_name(rel: Path) -> str:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["mem", *parts])


def imported_packages(rel: Path) -> dict[str, int]:
    """Top-level ``mem`` package → first line that imports it, for the module at ``rel``."""
    tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"), filename=str(rel))
    module = _module_name(rel)
    is_package = rel.name == "__init__.py"
    found: dict[str, int] = {}

    def note(name: str, line: int) -> None:
        parts = name.split(".")
        if parts[0] == "mem" and len(parts) > 1 and parts[1] in ALLOWED:  # not mem.__version__, "mem.toml"
            found.setdefault(parts[1], line)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                note(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == "mem":
                for alias in node.names:  # from mem import cli
                    note(f"mem.{alias.name}", node.lineno)
            else:
                note(target, node.lineno)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in (
                "import_module",):
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                note(node.args[0].value, node.lineno)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("mem.")
              and node.value.replace(".", "").replace("_", "").isalnum()):
            # lazy export tables ("name": "mem.server.app") name the module they import later
            note(node.value, node.lineno)
    return found


def violations() -> list[str]:
    problems = []
    for rel in _source_files():
        package = rel.parts[0] if len(rel.parts) > 1 else None
        if package is None:
            allowed = ROOT_MODULES.get(rel.name, set())
        else:
            if package not in ALLOWED:
                problems.append(f"{rel}: package {package!r} has no rule in ALLOWED (add it, with its layer)")
                continue
            allowed = ALLOWED[package]
        if allowed is ANYTHING:
            continue
        for imported, line in sorted(imported_packages(rel).items()):
            if imported != package and imported not in allowed:
                problems.append(f"{rel}:{line}: {package or 'mem'} may not import mem.{imported}")
    return problems


def test_every_package_imports_only_what_its_layer_allows():
    assert violations() == []


def test_the_checker_sees_every_kind_of_import(tmp_path):
    """A checker that missed function-level, TYPE_CHECKING, relative or lazy-table imports would pass
    on a broken layering: plant one of each in a fake server module and see every one reported."""
    fake = tmp_path / "server"
    fake.mkdir()
    (fake / "__init__.py").write_text('_EXPORTS = {"x": "mem.customers.store"}\n')
    (fake / "bad.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from mem.agent.answer import Answer\n"
        "def f():\n    import mem.client.sync\n    from mem import demo\n"
        "from ..customers import store\n"
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        found = violations()
    finally:
        ROOT = saved
    assert any("server/__init__.py" in p and "mem.customers" in p for p in found)
    for name in ("agent", "client", "demo", "customers"):
        assert any("server/bad.py" in p and f"mem.{name}" in p for p in found), (name, found)


def test_the_server_package_never_names_customer_memory():
    """The issue's own check: ``grep -rn "mem.customers" server/`` finds nothing."""
    result = subprocess.run(["grep", "-rn", "mem.customers", "server/"], cwd=ROOT, capture_output=True, text=True)
    assert result.stdout == ""


def test_the_architecture_page_states_the_same_rules():
    """docs/architecture.md's folder table ("may import") is the rule above, word for word."""
    import re

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    stated = {}
    for match in re.finditer(r"^\| `(\w+)/` \|[^\n]*\| ([^|\n]+) \|$", text, re.M):
        cell = match.group(2).strip()
        stated[match.group(1)] = (ANYTHING if cell == "everything" else
                                  set() if cell == "nothing of ours" else set(re.findall(r"`(\w+)`", cell)))
    assert stated == ALLOWED


# Where mem may write to the terminal: the CLI (and the demo it runs), and the server's entry points,
# which hand their access log a stream. Everything else returns, raises or warns (MemWarning).
TERMINAL_WRITERS = ("cli/", "demo/", "server/serve.py", "server/asgi.py", "__main__.py")


def test_library_code_never_writes_to_the_terminal():
    """A library caller decides what reaches stderr: a damaged log record was printed from
    ``mem.customers.log_files``, into the output of a program embedding mem."""
    found = []
    for rel in _source_files():
        if str(rel).startswith(TERMINAL_WRITERS):
            continue
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"), filename=str(rel))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
                found.append(f"{rel}:{node.lineno}: print()")
            elif (isinstance(node, ast.Attribute) and node.attr in ("stdout", "stderr", "__stdout__", "__stderr__")
                  and getattr(node.value, "id", None) == "sys"):
                found.append(f"{rel}:{node.lineno}: sys.{node.attr}")
    assert found == []
