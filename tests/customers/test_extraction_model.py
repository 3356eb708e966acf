"""The model engine: structured candidates and judgements, small integer ids, everything validated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.customers.extract import extract_pending
from mem.customers.store import CustomerStore

SEOUL = "Hi. I live in Seoul and I'd like invoices by email."
BUSAN = "I moved to Busan last month."


def write_log(path: Path, rows) -> Path:
    path.write_text("\n".join(json.dumps({"session": s, "time": t, "role": r, "text": x}) for s, t, r, x in rows))
    return path


@pytest.fixture
def store(isolated_env):
    with CustomerStore.open(isolated_env, "cust-m") as opened:
        yield opened


def seoul_answer(quote: str = "I live in Seoul") -> dict:
    return {"facts": [{"kind": "attribute", "text": "Lives in Seoul.", "turn": 1, "quote": quote,
                       "valid_at": None, "sensitive": "none", "agreement": False, "retraction": False}]}


def test_candidates_from_the_model_are_stored_with_their_quote(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))
    scripted_model.script(seoul_answer())
    report = extract_pending(store, config=config)
    assert report.engine == "model:scripted" and report.rejected == []
    fact = store.facts.get(report.added[0])
    assert fact.text == "Lives in Seoul." and fact.evidence[0].quote == "I live in Seoul"
    assert fact.valid_at.isoformat() == "2025-05-01"
    system, prompt, schema, _ = scripted_model.prompts[0]
    assert schema["required"] == ["facts"] and "2025-05-01" in prompt and SEOUL in prompt


def test_update_through_small_ids_and_no_real_id_is_shown(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))
    scripted_model.script(seoul_answer())
    old_id = extract_pending(store, config=config).added[0]
    store.log.import_file(write_log(tmp_path / "2.jsonl", [("s2", "2025-09-01T09:00:00", "customer", BUSAN)]))
    scripted_model.script(
        {"facts": [{"kind": "attribute", "text": "Lives in Busan.", "turn": 1, "quote": "I moved to Busan"}]},
        {"judgements": [{"candidate": 1, "action": "UPDATE", "target": 1}]},
    )
    report = extract_pending(store, config=config)
    assert len(report.updated) == 1 and store.facts.get(old_id).status == "replaced"
    judge_prompt = scripted_model.prompts[-1][1]
    assert "F1" in judge_prompt and old_id not in judge_prompt
    assert all(old_id not in prompt for _, prompt, _, _ in scripted_model.prompts)


@pytest.mark.parametrize(
    "answer",
    [
        "this is not json",
        {"facts": "nope"},
        {"facts": [{"kind": "gossip", "text": "x", "turn": 1, "quote": "I live in Seoul"}]},
        {"facts": [{"kind": "attribute", "text": "x", "turn": 7, "quote": "I live in Seoul"}]},
        {"facts": [{"kind": "attribute", "text": "x", "turn": 1, "quote": "I live in Seoul", "valid_at": "soon"}]},
        {"facts": [{"kind": "attribute", "text": "x" * 501, "turn": 1, "quote": "I live in Seoul"}]},
        {"facts": [{"kind": "attribute", "text": "x", "turn": 1, "quote": "I live in Seoul", "agreement": "yes"}]},
    ],
)
def test_malformed_answer_writes_nothing(store, config, tmp_path, scripted_model, answer):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))
    scripted_model.script(answer)
    report = extract_pending(store, config=config)
    assert report.added == [] and len(report.rejected) == 1
    assert store.facts.list(statuses=None) == []
    assert len(store.log.pending()) == 1  # left for a later run


def test_ungrounded_answer_writes_nothing_and_is_counted(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))
    answer = seoul_answer()
    answer["facts"].append({"kind": "preference", "text": "Wants a refund.", "turn": 1,
                            "quote": "I want my money back"})  # invented
    scripted_model.script(answer)
    report = extract_pending(store, config=config)
    assert report.dropped_ungrounded == 1 and report.added == []
    assert "ungrounded" in report.rejected[0]["reason"]
    assert store.facts.list(statuses=None) == []


def test_agreement_needs_a_real_agent_confirmation(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [
        ("s1", "2025-05-01T09:00:00", "customer", "Can I get 50% back as an exception?"),
        ("s1", "2025-05-01T09:01:00", "agent", "Let me check with the team."),
    ]))
    scripted_model.script({"facts": [{"kind": "decision", "text": "Agreed 50% refund.", "turn": 1,
                                      "quote": "Can I get 50% back as an exception?", "agreement": True,
                                      "confirmation_turn": 2, "confirmation_quote": "Yes, 50% is fine."}]})
    report = extract_pending(store, config=config)
    assert report.added == [] and report.dropped_ungrounded == 1


def test_unknown_fact_number_writes_nothing(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))
    scripted_model.script(seoul_answer())
    old_id = extract_pending(store, config=config).added[0]
    store.log.import_file(write_log(tmp_path / "2.jsonl", [("s2", "2025-09-01T09:00:00", "customer", BUSAN)]))
    scripted_model.script(
        {"facts": [{"kind": "attribute", "text": "Lives in Busan.", "turn": 1, "quote": "I moved to Busan"}]},
        {"judgements": [{"candidate": 1, "action": "DELETE", "target": 42}]},
    )
    report = extract_pending(store, config=config)
    assert "not shown" in report.rejected[0]["reason"]
    assert store.facts.get(old_id).status == "active" and len(store.facts.list(statuses=None)) == 1


def test_missing_judgement_writes_nothing(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", SEOUL)]))
    scripted_model.script(seoul_answer())
    extract_pending(store, config=config)
    store.log.import_file(write_log(tmp_path / "2.jsonl", [("s2", "2025-09-01T09:00:00", "customer", BUSAN)]))
    scripted_model.script(
        {"facts": [{"kind": "attribute", "text": "Lives in Busan.", "turn": 1, "quote": "I moved to Busan"}]},
        {"judgements": []},
    )
    report = extract_pending(store, config=config)
    assert report.rejected and len(store.facts.list(statuses=None)) == 1


def test_a_rejected_chunk_holds_back_the_rest_of_its_conversation(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [
        ("s1", "2025-05-01T09:00:00", "customer", SEOUL),
        ("s1", "2025-05-01T09:01:00", "customer", BUSAN),
    ]))
    scripted_model.script("{not json")
    seen = []
    report = extract_pending(store, config=config.overlay({"extract": {"recent_turns": 1}}),
                             on_progress=lambda done, total, what: seen.append((done, total)))
    assert len(report.rejected) == 1 and len(scripted_model.prompts) == 1  # the second chunk was not asked
    assert store.log.pending()[0].extracted == 0
    assert seen[-1] == (2, 2)
