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
