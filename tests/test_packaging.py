"""The distribution ships every package of the source tree (``pip install memtrust`` is not editable).

``[tool.setuptools] packages`` is an explicit list because the repository root is the ``mem``
package (``package-dir = {"mem" = "."}``): automatic discovery would also pick up tests/ and
scripts/. A sub-package left out of the list still works in an editable install, which is all the
test suite and CI use, and breaks only a real install: ``mem.core.text`` was missing once, and every
command failed with "No module named 'mem.core.text'".
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_SHIPPED = {"tests", "scripts", ".venv", "build", "docs"}


def source_packages() -> set[str]:
    found = set()
    for init in ROOT.rglob("__init__.py"):
        parts = init.relative_to(ROOT).parent.parts
        if parts and (parts[0] in NOT_SHIPPED or parts[0].startswith(".") or parts[0].endswith(".egg-info")):
            continue
        found.add(".".join(("mem", *parts)))
    return found


def test_every_source_package_is_listed_for_the_distribution():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    assert "mem.core.text" in source_packages()  # the walk sees nested packages
    assert source_packages() - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed - source_packages() == set(), "these are listed but have no __init__.py"


def test_every_doc_travels_with_the_package():
    # docs link to each other (ask.md → measurements/ask.md); a page left out of the package data is a
    # broken link in every real install, where `mem help` reads the shipped copies
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["mem"]
    docs = {path.relative_to(ROOT) for path in (ROOT / "docs").rglob("*.md")}
    shipped = {path.relative_to(ROOT) for pattern in patterns for path in ROOT.glob(pattern)}
    assert docs - shipped == set(), "add these to [tool.setuptools.package-data] mem in pyproject.toml"
