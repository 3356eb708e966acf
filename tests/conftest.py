"""Shared fixtures: every test runs with its own client home and no MEM_* settings from outside."""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point MEM_HOME at a fresh folder, clear every other MEM_* variable, unfreeze the clock."""
    for name in list(os.environ):
        if name.startswith("MEM_"):
            monkeypatch.delenv(name)
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MEM_HOME", str(home))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("LLM_USER_PATH", str(tmp_path_factory.mktemp("llm-user")))
    from mem.core import clock

    clock.freeze(None)
    yield home
    clock.freeze(None)


@dataclass
class Result:
    exit_code: int
    stdout: str
    stderr: str


def _run(*args: str, input: str | None = None) -> Result:
    """Run ``mem ARGS…`` in this process, capturing stdout/stderr and the exit code."""
    from mem.cli.main import main

    old = sys.stdout, sys.stderr, sys.stdin
    out, err = io.StringIO(), io.StringIO()
    sys.stdout, sys.stderr = out, err
    sys.stdin = io.StringIO(input or "")
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:  # a command may still call sys.exit
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdout, sys.stderr, sys.stdin = old
    return Result(code, out.getvalue(), err.getvalue())


@pytest.fixture
def mem():
    """``mem(*args, input=None) -> Result``: the CLI in-process, with error mapping as in production."""
    return _run
