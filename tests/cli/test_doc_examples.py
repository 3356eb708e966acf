"""Every Python example in README.md and docs/*.md runs as written.

Each ```python block is compiled; each one is also run, in a fresh copy of a small workspace (made
with ``mem init``, the fixture terms ingested as ``refund-v3.pdf`` and the next edition
``refund-v4.pdf`` beside them, pages ``refunds``, ``shipping``…; the current folder, a
client home of its own, ``MEM_SEMANTIC=off``), unless the line before its fence says why it cannot
run here: ``<!-- example: compile only (REASON) -->`` (it needs a server, a model, a network…).
Two examples failed as written (a ``Conversation`` without its ``service``, a ``Path`` never imported).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_PDF = ROOT / "tests" / "fixtures" / "service-terms.pdf"
BLOCK = re.compile(r"^```(?:python|py)[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
COMPILE_ONLY = re.compile(r"<!--\s*example:\s*compile only\s*\((.+?)\)\s*-->\s*$")


def _examples() -> list[tuple[str, int, str, str | None]]:
    """``(file, line, code, reason it only compiles or None)`` of every python block."""
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            before = text[:match.start()].rstrip("\n").rsplit("\n", 1)[-1]
            marker = COMPILE_ONLY.search(before)
            found.append((path.relative_to(ROOT).as_posix(), line, match.group(1), marker and marker.group(1)))
    return found


EXAMPLES = _examples()


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEM_")}
    env.update(MEM_HOME=str(home), MEM_SEMANTIC="off", PYTHONPATH=os.pathsep.join(sys.path))
    return env


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("doc-examples")
    env = _env(root / "home")
    mem = [sys.executable, "-m", "mem"]
    subprocess.run([*mem, "init", str(root / "ws")], check=True, capture_output=True, env=env)
    shutil.copyfile(FIXTURE_PDF, root / "refund-v3.pdf")
    subprocess.run([*mem, "--workspace", str(root / "ws"), "ingest", str(root / "refund-v3.pdf")], check=True,
                   capture_output=True, env=env)
    shutil.copyfile(FIXTURE_PDF, root / "ws" / "refund-v4.pdf")  # docs/ingest.md ingests the next edition
    return root / "ws"


def test_the_docs_have_python_examples():
    assert len(EXAMPLES) >= 7 and any(reason for *_, reason in EXAMPLES)


@pytest.mark.parametrize("where, line, code, reason", EXAMPLES, ids=[f"{w}:{n}" for w, n, _, _ in EXAMPLES])
def test_python_example_runs_as_written(where, line, code, reason, template, tmp_path):
    compile(code, f"{where}:{line}", "exec")  # every block, also the ones that cannot run here
    if reason:
        pytest.skip(f"compile only: {reason}")
    workspace = tmp_path / "ws"
    shutil.copytree(template, workspace, symlinks=True)
    run = subprocess.run([sys.executable, "-c", code], cwd=workspace, env=_env(tmp_path / "home"),
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"{where}:{line} failed:\n{run.stderr[-2000:]}"
