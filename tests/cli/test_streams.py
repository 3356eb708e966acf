"""A terminal or locale that is not UTF-8, and a reader that leaves the pipe (new-user report 21, #10 and #12).

Run as a real process: the encoding of stdout and of the arguments is the interpreter's, set at its start.
"""

from __future__ import annotations

import errno
import importlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.policies.ingest import ingest_documents
from mem.wiki.workspace import init_workspace

CAFE = "# Café vouchers\n\n## Refunds\n\nCafé vouchers are refundable within 14 days — after that, no refund.\n"


@pytest.fixture(scope="module")
def ws(tmp_path_factory) -> Path:
    clock.freeze(clock.parse_datetime("2026-12-01T10:00:00Z"))
    try:
        root = tmp_path_factory.mktemp("streams")
        ws = init_workspace(root / "ws")
        (root / "cafe.md").write_text(CAFE, encoding="utf-8")
        ingest_documents(ws, [root / "cafe.md"], config=Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"}))
    finally:
        clock.freeze(None)
    return ws


def _env(ws: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIO", "PYTHONUTF8", "LANG"))}
    env.update(MEM_NOW="2026-12-01T10:00:00Z", MEM_SEMANTIC="off", MEM_HOME=str(ws.parent / "home"), **extra)
    return env


def _mem(ws: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "mem", "-w", str(ws), *args], capture_output=True, env=env,
                          timeout=120)


@pytest.mark.parametrize("setting", [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"},
                                     {"PYTHONUTF8": "0", "LC_ALL": "C"}])
def test_a_stdout_that_cannot_encode_a_character_escapes_it(ws, setting):
    """``internal error: UnicodeEncodeError`` and an empty stdout, for the first "é" or "—"."""
    env = _env(ws, **setting)
    listed = _mem(ws, env, "pages", "list")
    assert listed.returncode == 0, listed.stderr
    assert b"Caf\\xe9 vouchers" in listed.stdout or "Café vouchers".encode("latin-1") in listed.stdout
    asked = _mem(ws, env, "ask", "--customer", "zoe", "--dry-run", "Are café vouchers refundable after 20 days?")
    assert asked.returncode == 0 and b"internal error" not in asked.stderr, asked.stderr
    answer = _mem(ws, env, "--json", "ask", "--customer", "zoe", "--dry-run", "Are café vouchers refundable?")
    assert answer.returncode == 0, answer.stderr
    data = json.loads(answer.stdout.decode("ascii"))  # valid JSON, in ASCII
    assert "café" in data["question"].lower() or "café" in json.dumps(data, ensure_ascii=False)


def test_a_utf8_argument_under_an_ascii_locale_is_read_as_its_text(ws):
    """``PYTHONUTF8=0 LC_ALL=C``: "café" was called "not UTF-8 text"; bytes that are not UTF-8 still are."""
    env = _env(ws, PYTHONUTF8="0", LC_ALL="C")
    asked = _mem(ws, env, "--json", "ask", "--customer", "zoe", "--dry-run", "Are café vouchers refundable?")
    assert asked.returncode == 0, asked.stderr
    assert json.loads(asked.stdout)["question"] == "Are café vouchers refundable?"
    latin = subprocess.run([sys.executable, "-m", "mem", "-w", str(ws), "ask", "--customer", "zoe", "--dry-run",
                            b"caf\xe9?"], capture_output=True, env=env, timeout=120)
    assert latin.returncode == 2 and b"is not UTF-8 text" in latin.stderr


@pytest.mark.parametrize("args", [("pages", "list"), ("ask", "--customer", "zoe", "--dry-run", "café refund?"),
                                  ("--json", "ask", "--customer", "zoe", "--dry-run", "café refund?")])
def test_a_reader_that_leaves_the_pipe_is_not_an_error(ws, args):
    """``mem … | head -1``: exit 1 (rich's broken-pipe exit) or 0 by timing, nothing on stderr."""
    env = _env(ws, LANG="C.UTF-8")
    for _ in range(3):
        process = subprocess.Popen([sys.executable, "-m", "mem", "-w", str(ws), *args], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, env=env)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(5)
        process.stdout.close()
        error = process.stderr.read()
        assert process.wait(timeout=120) == 0, error
        assert b"Error" not in error and b"Traceback" not in error


def test_a_full_disk_at_the_last_flush_is_an_error_not_a_success(monkeypatch):
    """The flush at exit swallowed every OSError: output cut short by a full disk ended with exit 0."""
    cli_main = importlib.import_module("mem.cli.main")

    class FullDisk(io.StringIO):
        def flush(self) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(sys, "stdout", FullDisk())
    with pytest.raises(OSError):
        cli_main._flush_stdout()


def test_output_to_a_full_disk_exits_with_one_line_error(ws):
    env = _env(ws, LANG="C.UTF-8")
    for args in (("pages", "list"), ("--json", "pages", "list")):
        with open("/dev/full", "wb") as full:
            process = subprocess.run([sys.executable, "-m", "mem", "-w", str(ws), *args], stdout=full,
                                     stderr=subprocess.PIPE, env=env, timeout=120)
        assert process.returncode == 2, process.stderr
        assert b"the disk is full" in process.stderr and b"Traceback" not in process.stderr
