"""With ``--json``, a failure is a JSON object on stdout too (NEWUSER_REPORT18 #9).

Before, stdout was empty and only ``Error: …`` reached stderr, so ``x=$(mem … --json | jq …)`` quietly gave
an empty value. Now stdout holds ``{"error": {"kind", "message", "exit_code"}}`` (the kinds of ``mem serve``),
stderr keeps its one line, and the exit code is unchanged.
"""

from __future__ import annotations

import json

import pytest


def _error(result) -> dict:
    document = json.loads(result.stdout)
    assert set(document) == {"error"}
    return document["error"]


@pytest.mark.parametrize("args, kind, code", [
    (["facts", "search", "--json", "-c", "ghost", "refund"], "not_found", 2),
    (["--json", "facts", "list", "-c", "ghost"], "not_found", 2),  # the global --json
    (["log", "list", "--json", "-c", "../x"], "invalid_input", 2),
    (["facts", "list", "--json", "--bogus"], "usage", 2),
    (["-w", "/nonexistent-mem-ws", "lint", "--json"], "not_found", 2),
])
def test_a_failure_with_json_is_a_json_error_on_stdout(mem, isolated_env, args, kind, code):
    result = mem(*args)
    assert result.exit_code == code
    error = _error(result)  # before: stdout empty
    assert error["kind"] == kind and error["exit_code"] == code
    assert result.stderr.startswith("Error: ") and error["message"] in result.stderr  # the same one line
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_refusal_carries_its_exit_code(mem, isolated_env, tmp_path):
    assert mem("init", tmp_path / "ws").exit_code == 0
    result = mem("init", "--json", tmp_path / "ws")  # a workspace is there already: Refused/Conflict, exit 1
    assert result.exit_code == 1
    assert _error(result)["exit_code"] == 1


def test_without_json_stdout_stays_empty(mem, isolated_env):
    result = mem("facts", "search", "-c", "ghost", "refund")
    assert result.exit_code == 2 and result.stdout == ""


def test_json_as_a_value_or_after_double_dash_is_not_the_flag(mem, isolated_env, tmp_path):
    result = mem("log", "import", "-c", "acme", "--", "--json")  # a file named --json, which is not there
    assert result.exit_code == 2 and result.stdout == ""


class _Answer:
    session = "s1"

    def to_dict(self) -> dict:
        return {"session": self.session, "answer": "Yes [1]"}


def test_a_failure_after_the_json_result_writes_no_second_document(mem, isolated_env, monkeypatch):
    """Review of #9: `mem ask --json` printed the answer, then its learning failed: stdout held the answer and
    then an error object — two documents where a script reads one. Now the error is the stderr line and the exit
    code only."""
    from mem import agent
    from mem.client import service_source
    from mem.core.errors import StorageError

    def ask_once(*args, on_answer, **kwargs):
        on_answer(_Answer())
        raise StorageError("learning failed: the disk is full")

    monkeypatch.setattr(agent, "ask_once", ask_once)
    monkeypatch.setattr(service_source, "open_service_memory", lambda config, **kwargs: None)
    result = mem("ask", "--json", "-c", "acme", "Can I get a refund?")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {"session": "s1", "answer": "Yes [1]"}  # before: "Extra data" (2 documents)
    assert result.stderr.strip() == "Error: learning failed: the disk is full"


def test_sync_whose_recheck_failed_keeps_one_json_document(mem, isolated_env, monkeypatch):
    from mem.client import sync

    result_of_sync = {"status": "up-to-date", "version": 3, "files": 2, "flagged": {},
                      "recheck_failed": {"acme": "its memory is busy"}}
    monkeypatch.setattr(sync, "sync", lambda *args, **kwargs: result_of_sync)
    result = mem("sync", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == result_of_sync
    assert "not flagged for recheck yet" in result.stderr
    # the next run in this process writes its error object again: the mark is per run
    assert _error(mem("facts", "search", "--json", "-c", "ghost", "refund"))["kind"] == "not_found"
