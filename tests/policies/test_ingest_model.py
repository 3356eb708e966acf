"""Ingest with a model: the model writes the page, and its answer is checked before anything is written."""

from __future__ import annotations

import pytest

from mem.core.config import Config
from mem.core.errors import ModelError
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.store import Wiki

DOC = "# Refund policy\n\nEffective: 2026-03-01\n\nRefunds are granted within 14 days of purchase.\n"


def test_model_writes_title_summary_and_body(ws, doc, scripted_model):
    scripted_model.script({"title": "Refunds", "summary": "Refunds within 14 days of purchase.",
                           "body": "A customer can get a refund within 14 days of purchase (from March 1, 2026)."})
    [result] = ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={}), model="scripted")
    page = Wiki(ws).get(result.pages[0].id)
    assert page.title == "Refunds" and page.summary == "Refunds within 14 days of purchase."
    assert page.meta["generated"]["by"] == "model:scripted"
    assert page.body.startswith("A customer can get a refund within 14 days")
    assert "Source: sources/refund.md[^1]" in page.body
    system, prompt, schema, _ = scripted_model.prompts[0]
    assert "DATA" in system and "Refunds are granted within 14 days" in prompt and schema["required"]


def test_model_from_config(ws, doc, scripted_model, monkeypatch):
    monkeypatch.setenv("MEM_MODEL", "scripted")
    scripted_model.script({"title": "Refunds", "summary": "Within 14 days.", "body": "Within 14 days."})
    [result] = ingest_documents(ws, [doc], config=Config.load(workspace=ws))
    assert result.commit and Wiki(ws).get("refund-policy").meta["generated"]["by"] == "model:scripted"


@pytest.mark.parametrize("answer, reason", [
    ({"title": "Refunds", "summary": "Within 30 days.", "body": "Refunds within 30 days."}, "30"),
    ({"title": "Refunds", "summary": "Within 14 days.", "body": "Since 2026-04-01."}, "2026-04-01"),
    ({"title": "Refunds", "summary": "", "body": "x"}, "'summary' is missing or empty"),
    ({"title": "Refunds", "summary": "s", "body": "x [^1]"}, "footnotes"),
    ({"title": "Refunds", "summary": "s", "body": "x", "extra": 1}, "unexpected fields"),
    (["not", "an", "object"], "JSON object"),
    ("not json at all", "valid JSON"),
])
def test_bad_model_output_is_rejected_and_nothing_written(ws, doc, scripted_model, answer, reason):
    scripted_model.script(answer)
    before = gitrepo._run(ws, "log", "--format=%H")
    with pytest.raises(ModelError, match=reason):
        ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={}), model="scripted")
    assert gitrepo._run(ws, "log", "--format=%H") == before
    assert not list((ws / "policies").glob("*.md"))
    assert not (ws / "sources" / "refund.md").exists()


def test_explicit_empty_model_uses_the_deterministic_engine(ws, doc, monkeypatch):
    monkeypatch.setenv("MEM_MODEL", "scripted")  # would fail: no scripted model is registered here
    ingest_documents(ws, [doc], config=Config.load(workspace=ws), model="")
    assert Wiki(ws).get("refund-policy").meta["generated"]["by"] == "mem ingest (deterministic)"


def test_identical_reingest_with_a_model_asks_nothing_and_changes_nothing(ws, doc, scripted_model):
    scripted_model.script({"title": "Refunds", "summary": "Within 14 days.", "body": "Within 14 days."})
    config = Config.load(workspace=ws, env={})
    ingest_documents(ws, [doc], config=config, model="scripted")
    [again] = ingest_documents(ws, [doc], config=config, model="scripted")  # the queue is empty: no call allowed
    assert again.commit is None and [p.change for p in again.pages] == ["unchanged"]
    assert len(scripted_model.prompts) == 1
