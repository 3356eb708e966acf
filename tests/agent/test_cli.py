"""`mem ask` and `mem chat` through the CLI on a small real workspace and client home."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

POLICY = "# Refund policy\n\nRefunds are accepted within 14 days of purchase.\n"


@pytest.fixture
def workspace(mem, tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "refund.md"
    doc.write_text(POLICY, encoding="utf-8")
    result = mem("--workspace", ws, "ingest", doc, "--id", "refund-policy", "--title", "Refund policy")
    assert result.exit_code == 0, result.stderr
    return ws


def test_ask_prints_answer_and_sources(mem, workspace):
    result = mem("--workspace", workspace, "ask", "--customer", "c1", "Can I get a refund after 20 days?")
    assert result.exit_code == 0, result.stderr
    assert 'Refund policy (refund-policy, version 1) says: "Refunds are accepted within 14 days of purchase." [1]' \
        in result.stdout
    assert "Your case (20 days) is beyond the 14-day window" in result.stdout
    assert "Sources:\n  [1] policy refund-policy v1" in result.stdout


def test_ask_explain_shows_assembly_steps(mem, workspace):
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--explain", "--no-learn", "refund?")
    assert "Context assembly:" in result.stdout
    assert "1. service context: 3 item(s) injected as instructions" in result.stdout
    assert "lookup_policy('refund?') → refund-policy" in result.stdout


def test_ask_json_shape(mem, workspace):
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--json", "--no-learn", "refund within 14 days?")
    data = json.loads(result.stdout)
    assert set(data) >= {"answer", "citations", "injected", "retrieved", "warnings", "tokens", "steps", "conflicts"}
    assert data["citations"][0]["quote"] == "Refunds are accepted within 14 days of purchase."
    assert data["tokens"]["method"].startswith("estimate")


def test_chat_keeps_history_and_ends_on_end(mem, workspace):
    result = mem("--workspace", workspace, "chat", "-c", "c1", "--no-learn",
                 input="What is the refund policy?\nand after 20 days?\n/end\nnever asked\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("Sources:") == 2
    # the short follow-up leaned on the previous question and found the policy again
    assert "Your case (20 days) is beyond the 14-day window" in result.stdout
    assert "never asked" not in result.stdout


def test_chat_ends_on_eof_and_learns_once(mem, workspace):
    result = mem("--workspace", workspace, "chat", "-c", "c1", input="From now on, please answer in Japanese.\n")
    assert result.exit_code == 0, result.stderr
    assert "learnt after the conversation" in result.stderr
    again = mem("--workspace", workspace, "ask", "-c", "c1", "--no-learn", "refund?")
    assert "現行の規定" in again.stdout  # the direct request became customer context


def test_script_plays_a_transcript(mem, workspace, tmp_path):
    script = tmp_path / "s.jsonl"
    script.write_text('{"text": "What is the refund policy?"}\n{"role": "agent", "text": "skipped"}\n'
                      '{"text": "Thanks!"}\n', encoding="utf-8")
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--script", script, "--no-learn", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [t["question"] for t in data["turns"]] == ["What is the refund policy?", "Thanks!"]
    assert data["turns"][0]["session"] == data["turns"][1]["session"]


def test_bad_inputs_are_one_line_errors(mem, workspace, tmp_path):
    both = mem("--workspace", workspace, "ask", "-c", "c1", "--script", tmp_path / "x.jsonl", "question")
    assert both.exit_code == 2 and both.stderr == "Error: give either a QUESTION or --script FILE\n"
    trick = mem("--workspace", workspace, "ask", "-c", "../other", "hi")
    assert trick.exit_code == 2 and trick.stderr.startswith("Error: invalid customer id")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{nope\n", encoding="utf-8")
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--script", bad)
    assert result.exit_code == 2 and "line 1: not valid JSON" in result.stderr


def test_no_service_memory_is_a_clear_error(mem, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = mem("ask", "-c", "c1", "hi")
    assert result.exit_code == 2
    assert result.stderr == ("Error: no service memory: run `mem sync` to fetch the signed bundle, "
                             "or pass --workspace DIR\n")


def test_unknown_model_is_a_one_line_error(mem, workspace):
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--model", "no-such-model", "--no-learn", "refund?")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: unknown model 'no-such-model'")
    assert len(result.stderr.strip().splitlines()) == 1


def test_public_api_is_exactly_all():
    import mem.agent

    assert all(hasattr(mem.agent, name) for name in mem.agent.__all__)
    public = {n for n in vars(mem.agent) if not n.startswith("_")} - set(mem.agent.__all__)
    # submodules are attributes of the package too; nothing else is public
    import types
    assert all(isinstance(getattr(mem.agent, n), types.ModuleType) for n in public)


def test_chat_frees_the_customer_between_turns(workspace, isolated_env):
    """While a person types, other mem processes (mem sync's recheck, mem facts) can open the customer."""
    from mem.agent import run_chat
    from mem.core.config import Config
    from mem.customers.store import CustomerStore

    config = Config.load(workspace=workspace, home=isolated_env, env={})
    messages = iter(["What is the refund policy?", "and after 20 days?", None])
    opened = []

    def read_message():
        with CustomerStore.open(isolated_env, "c1", lock_timeout=0.2) as other:
            opened.append(len(other.conversations()))
        return next(messages)

    answers, learning = run_chat(config, "c1", read_message, learn=True)
    assert len(answers) == 2 and opened == [0, 1, 1]
    assert learning.extracted is not None


def test_model_with_pre_retrieved_blocks_from_the_cli(mem, workspace, scripted_model):
    scripted_model.script("Refunds are accepted within 14 days [1].")
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--model", "scripted", "--retrieval", "pre",
                 "--no-learn", "--json", "refund after 20 days?")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["engine"] == "scripted" and data["citations"][0]["id"] == "refund-policy"
    assert "<<DATA " in scripted_model.prompts[0][1]  # the blocks were in the prompt, no tools needed
