"""docs/architecture.md's "memory / movement → module" table points at modules that exist and define its entries."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORIES = ("policy", "operational know-how", "service context", "customer context", "customer facts", "request log")


def _rows() -> list[tuple[str, str, str]]:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Memory / movement → module", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("memory / movement", "---"):
            rows.append((cells[0], cells[1], cells[2]))
    return rows


def _defined(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def test_every_memory_and_movement_has_a_row():
    subjects = [row[0] for row in _rows()]
    for memory in MEMORIES:
        assert any(s.startswith(memory) for s in subjects), memory
    assert [s.split(".")[0] for s in subjects if s[0].isdigit()] == ["1", "2", "3", "4", "5", "6"]


def test_every_module_exists_and_defines_its_entries():
    for subject, modules, entries in _rows():
        paths = [ROOT / p for p in re.findall(r"`([\w/]+\.py)`", modules)]
        assert paths, subject
        for path in paths:
            assert path.is_file(), f"{subject}: {path.relative_to(ROOT)} does not exist"
        defined = set().union(*(_defined(p) for p in paths))
        for name in re.findall(r"`([\w.]+)`", entries) + re.findall(r"\(`(\w+)`\)", entries):
            if name.startswith("store."):  # a part of CustomerStore, named by its class beside it
                continue
            assert name.split(".")[-1] in defined, f"{subject}: {name} is not defined in {modules}"
