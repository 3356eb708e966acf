"""`mem ask` and `mem chat` through the CLI on a small real workspace and client home."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture
def workspace(refund_workspace: Path) -> Path:
    return refund_workspace


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
    assert "1. service context: 3 items injected as instructions" in result.stdout
    assert "lookup_policy('refund?') → refund-policy" in result.stdout


def test_ask_json_shape(mem, workspace):
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--json", "--no-learn", "refund within 14 days?")
    data = json.loads(result.stdout)
    assert set(data) >= {"answer", "citations", "injected", "retrieved", "warnings", "tokens", "steps", "conflicts"}
    assert data["citations"][0]["quote"] == "Refunds are accepted within 14 days of purchase."
    assert data["tokens"]["method"].startswith("estimate")
    # exactly what the engine was given as reference data: the marked blocks, counted as the reference tokens
    from mem.agent.tokens import estimate_tokens

    marker = data["injected"]["marker"]
    assert data["reference_data"].startswith(f"<<DATA {marker} [1] memory=policy id=refund-policy version=1")
    assert data["reference_data"].endswith(f"<<END {marker}>>")
    assert all(r["text"] in data["reference_data"] for r in data["retrieved"])
    assert data["tokens"]["reference"] == estimate_tokens(data["reference_data"])


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


def test_script_with_a_byte_order_mark_and_from_standard_input(mem, workspace, tmp_path):
    # a file saved by a Windows tool starts with a BOM: `log import` accepted it, `--script` did not
    lines = '{"text": "What is the refund policy?"}\n{"text": "Thanks!"}\n'
    script = tmp_path / "bom.jsonl"
    script.write_bytes(b"\xef\xbb\xbf" + lines.encode("utf-8"))
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--script", script, "--no-learn", "--json")
    assert result.exit_code == 0, result.stderr
    assert [t["question"] for t in json.loads(result.stdout)["turns"]] == ["What is the refund policy?", "Thanks!"]
    piped = mem("--workspace", workspace, "ask", "-c", "c2", "--script", "-", "--no-learn", "--json",
                input="\ufeff" + lines)
    assert piped.exit_code == 0, piped.stderr
    assert [t["question"] for t in json.loads(piped.stdout)["turns"]] == ["What is the refund policy?", "Thanks!"]
    empty = mem("--workspace", workspace, "ask", "-c", "c2", "--script", "-", input="")
    assert empty.exit_code == 2 and empty.stderr == "Error: standard input: no customer messages\n"


def test_a_script_is_read_as_log_import_reads_its_file(mem, workspace, tmp_path, monkeypatch):
    # --script said a bare "not UTF-8 text" for Notepad's UTF-16, cut json's message ("Invalid control
    # character at") and waited on a terminal for someone to type JSON
    import io

    from mem.agent.conversation import read_script
    from mem.core.errors import InvalidInput

    utf16 = tmp_path / "utf16.jsonl"
    utf16.write_bytes('{"text": "Hello"}\n'.encode("utf-16"))
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--script", utf16)
    assert result.exit_code == 2 and "UTF-16" in result.stderr and "re-save it as UTF-8" in result.stderr
    control = tmp_path / "control.jsonl"
    control.write_bytes(b'{"text": "a\tb"}\n')
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--script", control)
    assert result.exit_code == 2 and "Invalid control character at column 12" in result.stderr

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Terminal())
    with pytest.raises(InvalidInput, match="standard input, which is a terminal"):
        read_script(Path("-"))


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


def test_a_failed_request_writes_nothing(mem, workspace, isolated_env, scripted_model, monkeypatch):
    """Bad options, an empty question or a model failing mid-answer leave no unanswered turn to learn from."""
    from mem.customers.store import CustomerStore

    def ask(*args: str):
        return mem("--workspace", workspace, "ask", "-c", "c1", *args)

    assert ask("   ").exit_code == 2
    assert not (isolated_env / "customers" / "c1").exists()  # not even an empty store for the customer
    assert ask("--model", "no-such-model", "refund?").exit_code == 2
    bogus = ask("--retrieval", "bogus", "refund?")
    assert bogus.exit_code == 2 and bogus.stderr == "Error: unknown retrieval mode 'bogus' (use auto, tools, pre)\n"

    def broken(prompt: str) -> str:
        raise RuntimeError("connection reset")

    scripted_model.script(broken)
    failed = ask("--model", "scripted", "--retrieval", "pre", "refund?")
    assert failed.exit_code == 2 and failed.stderr.startswith("Error: ")
    assert ask("--no-learn", "refund?").exit_code == 0  # the one request that worked
    with CustomerStore.open(isolated_env, "c1") as store:
        assert [[t.role for t in c.turns] for c in store.log.conversations()] == [["customer", "agent"]]


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
    from mem.wiki.service_memory import WorkspaceServiceMemory

    config = Config.load(workspace=workspace, home=isolated_env, env={})
    messages = iter(["What is the refund policy?", "and after 20 days?", None])
    opened = []

    def read_message():
        with CustomerStore.open(isolated_env, "c1", lock_timeout=0.2) as other:
            opened.append(len(other.log.conversations()))
        return next(messages)

    answers, learning = run_chat(config, "c1", read_message, service=WorkspaceServiceMemory(workspace), learn=True)
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


SLOW_LEARNING = """
import os, sys, time
import mem.customers.extract as extract

real = extract.extract_pending

def slow(*args, **kwargs):
    time.sleep(3)
    with open(os.environ["MEM_TEST_LEARNT_AT"], "w") as fh:  # when the slow part of learning ended
        fh.write(repr(time.time()))
    return real(*args, **kwargs)

extract.extract_pending = slow
from mem.cli.main import run

sys.argv = ["mem", *sys.argv[1:]]
run()
"""


@pytest.mark.parametrize("mode", ["text", "json", "script"])
def test_a_piped_reply_arrives_before_learning_ends(workspace, isolated_env, tmp_path, mode):
    """Learning never delays the reply, even when stdout is a pipe (block-buffered) and extraction is slow."""
    import os
    import subprocess
    import sys
    import time

    as_json = mode == "json"
    script = tmp_path / "conversation.jsonl"
    script.write_text('{"text": "refund?"}\n{"text": "and after 20 days?"}\n', encoding="utf-8")
    question = ["--script", str(script)] if mode == "script" else ["refund?"]
    args = ["--workspace", str(workspace), "ask", "-c", "c1", *(["--json"] if as_json else []), *question]
    learnt_at = tmp_path / "learnt-at"
    env = {**os.environ, "MEM_HOME": str(isolated_env), "NO_COLOR": "1", "MEM_TEST_LEARNT_AT": str(learnt_at)}
    process = subprocess.Popen([sys.executable, "-c", SLOW_LEARNING, *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = process.stdout.readline()  # blocks until the CLI flushes
        read_at = time.time()
        assert first.strip() and process.poll() is None, "the reply came only when the process ended"
    finally:
        rest, err = process.stdout.read(), process.stderr.read()
        process.wait(timeout=60)
    assert process.returncode == 0, err
    # compared with the moment learning's slow part ended, not with a wall-clock budget: a loaded
    # machine may start Python slowly, but the reply must still be out before learning is done
    assert read_at < float(learnt_at.read_text()), "the reply waited for learning"
    assert "learnt after the conversation" in err
    if as_json:
        assert json.loads(first + rest)["citations"][0]["id"] == "refund-policy"
    if mode == "script":
        transcript = first + rest
        assert first.startswith("customer> refund?") and "customer> and after 20 days?" in transcript
        assert transcript.count("Sources:") == 2


NO_LEARN_IMPORTS = """
import atexit, sys

def loaded():
    sys.stderr.write("\\nLOADED " + " ".join(sorted(m for m in sys.modules if m.startswith("mem."))) + "\\n")

atexit.register(loaded)
from mem.cli.main import run

sys.argv = ["mem", *sys.argv[1:]]
run()
"""


def test_ask_with_no_learn_never_loads_extraction(workspace, isolated_env):
    """Start-up cost: `mem ask --no-learn` imports neither the extraction modules nor llm (docs/ask.md)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "MEM_HOME": str(isolated_env), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", NO_LEARN_IMPORTS, "--workspace", str(workspace), "ask", "-c", "c1",
                           "--no-learn", "--json", "refund?"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = done.stderr.split("LOADED ", 1)[1].split()
    assert "mem.agent.answering" in loaded and "mem.customers.store" in loaded
    assert not {"mem.customers.extract", "mem.customers.fact_candidates", "mem.core.model"} & set(loaded)
    assert json.loads(done.stdout)["citations"][0]["id"] == "refund-policy"


def test_ask_json_dates_every_evidence_quote_with_its_turn(mem, workspace, tmp_path):
    """A fact's evidence carries the day its turn was said, in the prompt block and in ``--json``."""
    log = tmp_path / "past.jsonl"
    log.write_text(json.dumps({"session": "s1", "time": "2026-09-28T10:00:00Z", "role": "customer",
                               "text": "I want a refund for my broken laptop."}) + "\n", encoding="utf-8")
    assert mem("log", "import", "-c", "c1", log).exit_code == 0
    assert mem("extract", "-c", "c1").exit_code == 0
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--json", "--no-learn", "refund for my laptop?")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    facts = [block for block in data["retrieved"] if block["memory"] == "fact"]
    assert facts, data["retrieved"]
    assert [e["date"] for e in facts[0]["data"]["evidence"]] == ["2026-09-28"]
    assert 'Evidence (2026-09-28, customer): "I want a refund for my broken laptop."' in data["reference_data"]
    assert "Evidence (?" not in data["reference_data"]


def test_the_same_question_gets_the_same_answer_whatever_the_hash_seed(mem, tmp_path: Path):
    """Coverage was a float sum over a set, whose order follows the process's string hashing: one
    held-out question was answered under one seed and told "no rule" under another (fsum now)."""
    import os
    import subprocess
    import sys

    source = Path(__file__).resolve().parents[2] / "scripts" / "data" / "policy_qa" / "heldout4" / "A"
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    documents = sorted(p for p in source.iterdir() if p.suffix in (".md", ".txt", ".html", ".pdf"))
    result = mem("--workspace", ws, "ingest", *documents)
    assert result.exit_code == 0, result.stderr
    answers = set()
    for seed in ("0", "1"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "MEM_HOME": str(tmp_path / "home")}
        run = subprocess.run([sys.executable, "-m", "mem", "--workspace", str(ws), "ask", "-c", "c1", "--no-learn",
                              "--json", "I'm on universal credit — can I get your cheaper broadband?"],
                             env=env, capture_output=True, text=True, check=True)
        data = json.loads(run.stdout)
        answers.add(json.dumps([data.get("text"), data.get("citations")], sort_keys=True))
    assert len(answers) == 1


def test_a_message_over_the_import_limit_is_refused_before_anything_is_logged(mem, workspace, isolated_env, tmp_path):
    """`mem log import` refused a message over [extract] max_message_bytes, but `ask` and `--script`
    answered it (154 s for 420 KB) and logged it; now the same one-line refusal, and nothing written."""
    (workspace / "mem.toml").write_text("[extract]\nmax_message_bytes = 100\n", encoding="utf-8")
    long = "Can I get a refund? " * 10
    result = mem("--workspace", workspace, "ask", "-c", "c1", long)
    assert result.exit_code == 2
    assert result.stderr == ("Error: the message is 200 bytes, over the limit of 100 ([extract] max_message_bytes "
                             "in mem.toml)\n")
    script = tmp_path / "s.jsonl"
    script.write_text(json.dumps({"text": "Hello"}) + "\n" + json.dumps({"text": long}) + "\n", encoding="utf-8")
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--script", script)
    assert result.exit_code == 2 and "s.jsonl: line 2: the message is 200 bytes" in result.stderr
    assert not (isolated_env / "customers" / "c1").exists()


def test_an_empty_session_tag_is_refused_like_other_bad_tags(mem, workspace, isolated_env):
    result = mem("--workspace", workspace, "ask", "-c", "c1", "--session", "", "refund?")
    assert result.exit_code == 2 and result.stderr.startswith("Error: invalid session tag ''")
    assert not (isolated_env / "customers" / "c1").exists()


def test_chat_refuses_a_message_over_the_size_limit_and_goes_on(mem, workspace):
    (workspace / "mem.toml").write_text((workspace / "mem.toml").read_text().replace(
        "max_message_bytes = 262144", "max_message_bytes = 1000"))
    result = mem("--workspace", workspace, "chat", "-c", "c1", "--no-learn",
                 input="x" * 2000 + "\nWhat is the refund policy?\n/end\n")
    assert result.exit_code == 0, result.stderr
    assert "over the limit of 1,000" in result.stderr and "the message was not sent" in result.stderr
    assert result.stdout.count("Sources:") == 1  # the next message was answered


def test_bytes_that_are_not_utf8_in_chat_and_script_become_replacement_characters(mem, workspace, isolated_env,
                                                                                  tmp_path):
    # Python keeps undecodable stdin bytes as lone surrogates ("\udcff" for b"\xff"), and JSON an escaped
    # half emoji: nothing could log them, so chat and --script ended in an internal UnicodeEncodeError and
    # the earlier turns of the chat were never learnt. They become U+FFFD, as log import does.
    from mem.customers import CustomerStore

    chat = mem("--workspace", workspace, "chat", "-c", "ch6", input="I live in Lisbon.\nI live in \udcff\udcfe Rome.\n")
    assert chat.exit_code == 0, chat.stderr
    assert "not UTF-8 text" in chat.stderr and "internal error" not in chat.stderr
    assert "learnt after the conversation" in chat.stderr
    with CustomerStore.open(isolated_env, "ch6") as store:
        [conversation] = store.log.conversations()
        assert not conversation.pending  # every turn was learnt from
        assert [t.text for t in conversation.turns if t.role == "customer"] == [
            "I live in Lisbon.", "I live in \ufffd\ufffd Rome."]
    script = tmp_path / "s.jsonl"
    script.write_text('{"text": "refund \\ud800 policy?"}\n', encoding="utf-8")
    played = mem("--workspace", workspace, "ask", "-c", "x", "--script", script, "--no-learn", "--json")
    assert played.exit_code == 0, played.stderr
    assert json.loads(played.stdout)["turns"][0]["question"] == "refund \ufffd policy?"



def test_ask_learns_its_own_conversation_and_leaves_an_imported_backlog_to_extract(mem, workspace, isolated_env,
                                                                                    tmp_path):
    """NEWUSER_REPORT11 #10: the first ask after an import of 12k turns extracted them all before exiting
    (23.8 s); docs/ask.md promises a few hundred milliseconds. The backlog is mem extract's job."""
    from mem.customers import CustomerStore

    backlog = tmp_path / "backlog.jsonl"
    backlog.write_text("".join(json.dumps({"role": "user", "text": f"I live in Oslo, order {n}.",
                                           "conversation": f"b{n}", "time": f"2026-11-0{n + 1}T10:00:00Z"}) + "\n"
                               for n in range(3)))
    assert mem("log", "import", "-c", "c1", backlog).exit_code == 0
    result = mem("--workspace", workspace, "ask", "-c", "c1", "I moved to Bergen. Can I get a refund?")
    assert result.exit_code == 0, result.stderr
    assert "learnt after the conversation: conversations 1, turns 2" in result.stderr
    assert "3 other conversations of this customer wait for extraction (mem extract -c c1)" in result.stderr
    with CustomerStore.open(isolated_env, "c1") as store:
        assert len(store.log.pending()) == 3 and len(store.log.conversations()) == 4
    assert mem("extract", "-c", "c1").exit_code == 0
    with CustomerStore.open(isolated_env, "c1") as store:
        assert store.log.pending() == []


def test_a_script_message_holding_a_line_separator_stays_one_message(tmp_path):
    # U+2028 is legal inside a JSON string; str.splitlines() cut the line there and the half was not JSON
    from mem.agent.conversation import read_script

    script = tmp_path / "script.jsonl"
    script.write_text('{"text": "first part\u2028second part"}\r\n{"text": "next"}\n', encoding="utf-8")
    assert read_script(script) == ["first part\u2028second part", "next"]


@pytest.mark.parametrize(("days", "said"), [
    (18, "Your case (18 days) is within the 14–30-day window in this rule."),
    (40, "Your case (40 days) is beyond the 14–30-day window in this rule."),
    (10, "Your case (10 days) is short of the 14 days from which this rule applies."),
])
def test_a_window_bounded_on_both_sides_places_the_case_between_them(mem, tmp_path, days, said):
    # "After 14 days … up to 30 days": 18 days was said to be "within the 14-day window" (a new user's report)
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "refund-window.md"
    doc.write_text("# Refund window\n\nFull refunds are given within 14 days of purchase. After 14 days, a partial "
                   "refund of 50% is possible up to 30 days after purchase.\n", encoding="utf-8")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    result = mem("--workspace", ws, "ask", "-c", "c1", "--no-learn",
                 f"Can I get a partial refund for a purchase {days} days ago?")
    assert result.exit_code == 0, result.stderr
    assert said in result.stdout, result.stdout
