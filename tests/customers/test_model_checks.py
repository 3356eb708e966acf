"""The words a model writes around a grounded quote are checked against mem's own reading (customers/model_checks)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.customers.extract import extract_pending
from mem.customers.store import CustomerStore

DESK = "Hi, I bought a desk 10 days ago and the drawer is stuck. Can I get a refund?"


def write_log(path: Path, rows) -> Path:
    path.write_text("\n".join(json.dumps({"session": s, "time": t, "role": r, "text": x}) for s, t, r, x in rows))
    return path


@pytest.fixture
def store(isolated_env):
    with CustomerStore.open(isolated_env, "cust-c") as opened:
        yield opened


def one_fact(kind: str, text: str, quote: str, **more) -> dict:
    return {"facts": [{"kind": kind, "text": text, "turn": 1, "quote": quote, **more}]}


def test_a_model_delete_of_a_move_is_mem_s_update_and_the_new_city_is_kept(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer",
                                                              "I live in Oslo.")]))
    scripted_model.script(one_fact("attribute", "Lives in Oslo.", "I live in Oslo."))
    oslo = extract_pending(store, config=config).added[0]
    store.log.import_file(write_log(tmp_path / "2.jsonl", [("s2", "2025-09-01T09:00:00", "customer",
                                                              "I moved to Bergen last week.")]))
    scripted_model.script(one_fact("attribute", "Moved to Bergen.", "I moved to Bergen last week."),
                          {"judgements": [{"candidate": 1, "action": "DELETE", "target": 1}]})
    report = extract_pending(store, config=config)
    assert report.retracted == [] and len(report.updated) == 1
    assert store.facts.get(oslo).status == "replaced"
    bergen = store.facts.get(report.updated[0])
    assert bergen.status == "active" and "Bergen" in bergen.text


def test_a_model_delete_mem_reads_as_a_retraction_stands(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer",
                                                              "Please send me the paper catalogue every month.")]))
    scripted_model.script(one_fact("request", "Wants the paper catalogue every month.",
                                   "Please send me the paper catalogue every month."))
    wish = extract_pending(store, config=config).added[0]
    store.log.import_file(write_log(tmp_path / "2.jsonl", [("s2", "2025-09-01T09:00:00", "customer",
                                                              "I no longer want the paper catalogue.")]))
    scripted_model.script(one_fact("request", "No longer wants the paper catalogue.",
                                   "I no longer want the paper catalogue.", retraction=True),
                          {"judgements": [{"candidate": 1, "action": "DELETE", "target": 1}]})
    report = extract_pending(store, config=config)
    assert report.retracted == [wish] and store.facts.get(wish).status == "retracted"


def test_a_text_with_words_not_in_the_quote_is_rebuilt_from_the_quote(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", DESK)]))
    scripted_model.script(one_fact("decision", "The service promised the customer a $5000 refund and lifetime free "
                                   "shipping.", DESK))
    report = extract_pending(store, config=config)
    fact = store.facts.get(report.added[0])
    assert fact.text == DESK and "5000" not in fact.statement
    assert fact.kind == "request"  # nothing in the quote decides anything; mem reads a request


def test_a_text_in_another_language_is_rebuilt_from_the_quote(store, config, tmp_path, scripted_model):
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", DESK)]))
    scripted_model.script(one_fact("request", "Le client veut un remboursement.", DESK))
    report = extract_pending(store, config=config)
    assert store.facts.get(report.added[0]).text == DESK


def test_a_text_in_the_quote_s_words_and_a_decision_the_quote_makes_are_kept(store, config, tmp_path,
                                                                             scripted_model):
    said = "I have decided to keep the desk."
    store.log.import_file(write_log(tmp_path / "1.jsonl", [("s1", "2025-05-01T09:00:00", "customer", said)]))
    scripted_model.script(one_fact("decision", "Decided to keep the desk.", said))
    fact = store.facts.get(extract_pending(store, config=config).added[0])
    assert fact.text == "Decided to keep the desk." and fact.kind == "decision"
