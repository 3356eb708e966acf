"""`mem ask --model`: the customer's lock is not held while the model thinks (newuser17 #9)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from mem.core.config import Config, ModelSettings
from mem.core.errors import LockTimeout
from mem.customers.store import CustomerStore


@pytest.fixture
def setting(mem, tmp_path: Path, isolated_env: Path):
    from mem.wiki.service_memory import WorkspaceServiceMemory

    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    (tmp_path / "refund.md").write_text("# Refund policy\n\nRefunds are accepted within 14 days of purchase.\n",
                                        encoding="utf-8")
    assert mem("-w", ws, "ingest", tmp_path / "refund.md", "--id", "refund-policy").exit_code == 0
    with CustomerStore.open(isolated_env, "c1"):
        pass  # the customer has memory already
    config = dataclasses.replace(Config.load(workspace=ws, home=isolated_env, env={}),
                                 model=ModelSettings(name="scripted"))
    return config, WorkspaceServiceMemory(ws)


def _reads(home: Path, seen: list) -> None:
    try:
        with CustomerStore.open(home, "c1", lock_timeout=0.3) as other:
            seen.append(len(other.facts.list()))
    except LockTimeout:
        seen.append("busy")


@pytest.mark.parametrize("mode", ["pre", "tools"])
def test_another_command_reads_the_customer_while_the_model_answers(setting, scripted_model, isolated_env, mode):
    from mem.agent.conversation import ask_once

    config, service = setting
    seen: list = []

    def answer(prompt: str) -> str:
        _reads(isolated_env, seen)
        return "Refunds are accepted within 14 days [1]."

    if mode == "tools":  # a tool round first: the tool reads the store, then the lock is free again
        scripted_model.script({"tool_calls": [{"name": "search_facts", "arguments": {"query": "refund"}}]}, answer)
    else:
        scripted_model.script(answer)
    answer_, _ = ask_once(config, "c1", "Can I get a refund?", service=service, learn=False, model="scripted",
                          retrieval_mode=mode)
    assert seen == [0]  # before: "busy", the lock was held for the whole model call
    assert "14 days" in answer_.text
    with CustomerStore.open(isolated_env, "c1") as store:  # both turns logged after the answer
        assert sum(len(c.turns) for c in store.log.conversations()) == 2


def test_a_fact_erased_while_the_model_answers_is_never_written_back(setting, scripted_model, isolated_env):
    """Review 17 #1: the answer, made from memory read before `mem facts erase`, quoted the erased fact."""
    from mem.agent.conversation import ask_once
    from mem.core.errors import Conflict
    from mem.customers.erase import erase_fact
    from mem.customers.fact_record import Fact

    config, service = setting
    with CustomerStore.open(isolated_env, "c1") as store:
        fact = store.facts.add(Fact.new("attribute", "Lives in Bostonville."), actor="test")

    def answer(prompt: str) -> str:
        with CustomerStore.open(isolated_env, "c1", lock_timeout=1) as other:  # the lock is free meanwhile
            erase_fact(other, fact.id)
        return "We have you living in Bostonville [1]."

    scripted_model.script(answer)
    with pytest.raises(Conflict, match="erased"):
        ask_once(config, "c1", "Where do you have me living?", service=service, learn=False, model="scripted",
                 retrieval_mode="pre")
    with CustomerStore.open(isolated_env, "c1") as store:  # nothing logged: no erased words, no fact_refs
        assert sum(len(c.turns) for c in store.log.conversations()) == 0
        rows = store.conn.execute("SELECT * FROM fact_history WHERE fact_id = ?", (fact.id,)).fetchall()
        assert [row["action"] for row in rows][-1] == "erased"
