"""What the request log keeps of an answer and what `mem export` gives of it (NEWUSER_REPORT20 #4), and
asking without writing to the customer's memory or silently from another source (#5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.agent.answer_record import source_line
from mem.client.service_source import open_service_memory
from mem.core.config import Config
from mem.core.errors import NotFound
from mem.wiki.service_memory import ServiceStatus

QUESTION = "Can I get a refund after 20 days?"


@pytest.fixture
def workspace(refund_workspace: Path) -> Path:
    return refund_workspace


def _git_head(ws: Path) -> str:
    import subprocess

    return subprocess.run(["git", "-C", str(ws), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_logged_answer_keeps_its_quotes_and_source_and_export_carries_them(mem, workspace, isolated_env, tmp_path):
    assert mem("--workspace", workspace, "ask", "-c", "c1", "--no-learn", QUESTION).exit_code == 0
    [log] = list((isolated_env / "customers" / "c1" / "logs").glob("*.jsonl"))
    answer = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    meta = answer["meta"]
    assert meta["policy_refs"] == [{"page": "refund-policy", "version": 1}] and meta["engine"] == "deterministic"
    assert {"number": 1, "memory": "policy", "id": "refund-policy", "version": 1,
            "quote": "Refunds are accepted within 14 days of purchase."} in meta["quotes"]
    assert meta["service"]["source"] == "workspace" and _git_head(workspace).startswith(meta["service"]["commit"])

    out = tmp_path / "export.json"
    assert mem("export", "-c", "c1", "--out", out).exit_code == 0
    turn = json.loads(out.read_text(encoding="utf-8"))["conversations"][-1]["turns"][-1]
    assert turn["role"] == "agent" and turn["meta"]["quotes"] == meta["quotes"]
    assert turn["meta"]["service"] == meta["service"]
    assert {"policy_refs", "knowhow_refs", "fact_refs", "engine"} <= set(turn["meta"])


def test_dry_run_answers_and_logs_nothing(mem, workspace, isolated_env):
    result = mem("--workspace", workspace, "ask", "-c", "new-one", "--dry-run", QUESTION)
    assert result.exit_code == 0, result.stderr
    assert "Refunds are accepted within 14 days of purchase." in result.stdout
    assert "dry run (--dry-run): nothing was logged or learnt" in result.stderr
    assert not (isolated_env / "customers" / "new-one").exists()  # no memory made for a customer it never had

    assert mem("--workspace", workspace, "ask", "-c", "c1", QUESTION).exit_code == 0
    before = mem("--json", "log", "list", "-c", "c1").stdout
    facts = mem("--json", "facts", "list", "-c", "c1").stdout
    assert mem("--workspace", workspace, "ask", "-c", "c1", "--dry-run", "My e-mail is x@y.example. " + QUESTION
               ).exit_code == 0
    assert mem("--json", "log", "list", "-c", "c1").stdout == before
    assert mem("extract", "-c", "c1").exit_code == 0  # nothing pending from the dry run
    assert mem("--json", "facts", "list", "-c", "c1").stdout == facts


class _Bundle:
    def status(self) -> ServiceStatus:
        return ServiceStatus(source="bundle", location="/h/bundle", version="7", verified=True)

    def commit(self) -> str:
        return "b21ae2c75d78aa"


class _Workspace:
    def status(self) -> ServiceStatus:
        return ServiceStatus(source="workspace", location="/ws", version="5d72285e")


def test_a_bundle_answering_instead_of_the_given_workspace_is_said_in_one_line():
    line = source_line(_Bundle(), Path("/tmp/old-commit"))  # type: ignore[arg-type]
    assert line is not None and "\n" not in line
    assert "policy from the verified bundle v7, commit b21ae2c75d78 in the home, not from --workspace /tmp/old-commit" \
        in line and "--from-workspace" in line
    assert source_line(_Bundle(), None) is None  # no --workspace given: nothing to say  # type: ignore[arg-type]
    assert source_line(_Workspace(), Path("/ws")) is None  # type: ignore[arg-type]


def test_from_workspace_needs_a_workspace(isolated_env):
    with pytest.raises(NotFound, match="--from-workspace needs a workspace"):
        open_service_memory(Config.load(home=isolated_env), from_workspace=True)
