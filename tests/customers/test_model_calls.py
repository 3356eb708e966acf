"""A model is asked with the customer's lock free, and never waited for longer than ``[model] timeout``."""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from pathlib import Path

import pytest

from mem.core.config import Config, ModelSettings
from mem.core.errors import LockTimeout, ModelError
from mem.core.model import complete_json
from mem.customers.extract import extract_pending
from mem.customers.store import CustomerStore

MODEL_DELAY = 30  # seconds a model that "does not answer in time" takes

SEOUL = "Hi. I live in Seoul and I'd like invoices by email."


def write_log(path: Path, rows) -> Path:
    path.write_text("\n".join(json.dumps({"session": s, "time": t, "role": r, "text": x}) for s, t, r, x in rows))
    return path


def _other_process_reads(home: Path, customer: str, seen: list) -> None:
    """What another `mem facts list` does while the model thinks: open the customer's store (its own lock)."""
    try:
        with CustomerStore.open(home, customer, lock_timeout=0.3) as other:
            seen.append(len(other.facts.list()))
    except LockTimeout:
        seen.append("busy")


def test_extraction_asks_the_model_with_the_customer_s_lock_free(isolated_env, config, tmp_path, scripted_model):
    seen: list = []
    with CustomerStore.open(isolated_env, "cust-l") as store:
        store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))

        def answer(prompt: str) -> dict:
            _other_process_reads(isolated_env, "cust-l", seen)
            return {"facts": [{"kind": "attribute", "text": "Lives in Seoul.", "turn": 1, "quote": "I live in Seoul"}]}

        scripted_model.script(answer)
        report = extract_pending(store, config=config)
        assert report.rejected == [] and len(report.added) == 1
    assert seen == [0]  # before: "busy" — the lock was held for the whole model call
    assert len(scripted_model.prompts) == 1  # the answer was asked once and used when the chunk ran again


def test_a_fact_another_process_wrote_while_the_model_thought_is_judged_against(isolated_env, config, tmp_path,
                                                                                 scripted_model):
    with CustomerStore.open(isolated_env, "cust-l") as store:
        store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))
        scripted_model.script({"facts": [{"kind": "attribute", "text": "Lives in Seoul.", "turn": 1,
                                          "quote": "I live in Seoul"}]})
        first = extract_pending(store, config=config).added[0]
        store.log.import_file(write_log(tmp_path / "2.jsonl", [("s2", "2025-09-01T09:00:00", "customer",
                                                                  "I moved to Busan last month.")]))

        def busan(prompt: str) -> dict:
            return {"facts": [{"kind": "attribute", "text": "Moved to Busan.", "turn": 1, "quote": "I moved to Busan"}]}

        def judged(prompt: str) -> dict:
            if not judged.retracted:  # another process retracts the Seoul fact while the model judges
                judged.retracted = True
                with CustomerStore.open(isolated_env, "cust-l", lock_timeout=1) as other:
                    other.facts.retract(first, actor="test", reason="the customer asked")
            return {"judgements": [{"candidate": 1, "action": "UPDATE", "target": 1}]}

        judged.retracted = False
        scripted_model.script(busan, judged)
        report = extract_pending(store, config=config)
        # the judgement was made on a memory that changed before it was written: not used, and the chunk runs on what
        # the memory is now (the retracted fact is no longer shown; no second judgement is needed)
        assert store.facts.get(first).status == "retracted"
        assert report.rejected == [] and len(report.added) == 1 and report.updated == []


def test_a_model_that_does_not_answer_in_time_is_one_line_and_the_conversation_stays_pending(
        isolated_env, config, tmp_path, scripted_model):
    slow = dataclasses.replace(config, model=ModelSettings(name="scripted", timeout=0.3))
    with CustomerStore.open(isolated_env, "cust-l") as store:
        store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))
        # the model answers only after MODEL_DELAY s: giving up at the 0.3 s [model] timeout takes a fraction of it,
        # waiting for the model all of it (a bound of 1.5 s against a 2 s model failed on a loaded machine)
        answer = threading.Event()
        scripted_model.script(lambda prompt: (answer.wait(MODEL_DELAY), {"facts": []})[1])
        started = time.monotonic()
        try:
            report = extract_pending(store, config=slow)
        finally:
            answer.set()
        assert time.monotonic() - started < MODEL_DELAY / 2
        assert "did not answer within 0.3 s ([model] timeout" in report.rejected[0]["reason"]
        assert len(store.log.pending()) == 1


def test_complete_json_times_out_and_zero_waits(scripted_model):
    scripted_model.script(lambda prompt: time.sleep(0.5) or {"a": 1}, lambda prompt: time.sleep(0.2) or {"b": 2})
    with pytest.raises(ModelError, match=r"did not answer within 0.1 s"):
        complete_json("scripted", "slow", timeout=0.1)
    time.sleep(0.5)  # the abandoned call finishes in its own thread
    assert complete_json("scripted", "no limit", timeout=0) == {"b": 2}


def test_the_model_timeout_setting_has_a_default_and_is_read_from_mem_toml(tmp_path):
    assert Config().model.timeout == 120.0
    (tmp_path / "mem.toml").write_text("[model]\ntimeout = 7.5\n", encoding="utf-8")
    assert Config.load(workspace=tmp_path, home=tmp_path / "home", env={}).model.timeout == 7.5
