"""Export/import of one customer's memory: the fast paths keep every field, the history and the checks."""

from __future__ import annotations

import gzip
import json
from datetime import date
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.errors import InvalidInput
from mem.customers import CustomerStore, Evidence, Fact, PolicyRef, export_customer, import_customer
from mem.customers.fact_record import Recheck
from mem.customers.portable import FORMAT
from mem.customers.store import RESTORE_PREFIX, compact_record, expand_record, record_json


@pytest.fixture
def home(isolated_env: Path) -> Path:
    return isolated_env


def _varied_facts() -> list[Fact]:
    """Facts with every field away from its default at least once (and at it once)."""
    plain = Fact.new("event", "Ordered a blue bicycle", valid_at=date(2024, 9, 28))
    rich = Fact.new(
        "decision", "Agreed a 50% partial refund — 例外として返金",
        valid_at=date(2025, 1, 2),
        evidence=[Evidence("c1", "c1-0001", "customer", "could I get half back?", speaker="Kim"),
                  Evidence("c1", "c1-0002", "agent", "「半額返金」で対応します")],
        policy_refs=[PolicyRef("refund", 3), PolicyRef("shipping", 1)],
        confirmed=True, sensitive="finance", agreement=True,
    )
    trait = Fact.new("trait", "Usually buys in winter", origin="inferred", support=[plain.id, rich.id])
    flagged = Fact.new("preference", "Wants \"quoted\" answers\nwith a newline").replace(
        recheck=Recheck(flag=True, reason="recheck needed: policy refund v3 → v4",
                        since=clock.parse_datetime("2026-01-05T10:00:00Z")),
        status="replaced", supersedes="01OLD", superseded_by="01NEW")
    undated = Fact.new("request", "Call back tomorrow").replace(recorded_at=None, valid_at=None)
    return [plain, rich, trait, flagged, undated]


def test_compact_and_expanded_records_are_the_full_fact():
    for fact in _varied_facts():
        full = fact.to_dict()
        stored = record_json(fact)
        assert compact_record(full) == stored  # byte-for-byte the stored form
        assert expand_record(json.loads(stored)) == full
        assert Fact.from_dict(json.loads(compact_record({**full, "unknown": 1}))) == fact


def _fill(home: Path) -> list[Fact]:
    facts = _varied_facts()
    with CustomerStore.open(home, "acme") as store:
        store.consent.set(allow=["finance"], share=True)
        conv = store.log.new_conversation(session="s1")
        store.log.append_turn(conv, role="customer", text="could I get half back?", meta={"k": [1, "é"]})
        for f in facts:
            store.facts.add(f)
        store.facts.edit(facts[0].id, text="Ordered a red bicycle")  # history snapshots that differ from the fact
        store.facts.retract(facts[4].id, reason="done")
        store.context.add("Answer in Japanese", source="customer", budget_chars=200)
    return facts


def _decoded(data: bytes) -> dict:
    return json.loads(gzip.decompress(data))


def test_export_holds_full_records_of_facts_and_every_snapshot(home):
    _fill(home)
    exported = _decoded(export_customer(home, "acme"))
    assert exported["format"] == FORMAT
    with CustomerStore.open(home, "acme") as store:
        facts = {f.id: f for f in store.facts.list(statuses=None)}
        assert {r["id"]: r for r in exported["facts"]} == {i: f.to_dict() for i, f in facts.items()}
        expected_history = [
            {"fact_id": h.fact_id, "at": clock.isoformat(h.at), "action": h.action, "actor": h.actor,
             "reason": h.reason, "snapshot": h.fact.to_dict() if h.fact else None}
            for fid in sorted(facts) for h in store.facts.history(fid)
        ]
    def order(h: dict) -> tuple:
        return h["fact_id"], h["at"], h["action"]

    assert sorted(exported["history"], key=order) == sorted(expected_history, key=order)
    assert len(exported["history"]) == 5 + 2


def test_import_restores_facts_history_and_index_exactly(home, tmp_path):
    facts = _fill(home)
    data = export_customer(home, "acme")
    other = tmp_path / "other-home"
    counts = import_customer(other, "acme", data)
    assert counts == {"facts": 5, "context_items": 1, "conversations": 1, "turns": 1}
    again = _decoded(export_customer(other, "acme"))
    original = _decoded(data)
    for key in ("facts", "history", "context", "context_log", "consent", "consent_log", "evidence_outbox",
                "conversations"):
        assert again[key] == original[key], key
    with CustomerStore.open(other, "acme") as store:
        assert [h.fact.id for h in store.facts.search("half back", limit=3)][:1] == [facts[1].id]
        assert [h.fact.text for h in store.facts.search("bicycle")] == ["Ordered a red bicycle"]
        assert store.facts.search_index.index().num_docs() == 5
        assert store.conn.execute("SELECT COUNT(*) FROM index_ops").fetchone()[0] == 0
        rows = store.conn.execute("SELECT page, version FROM fact_policy ORDER BY page").fetchall()
        assert [tuple(r) for r in rows] == [("refund", 3), ("shipping", 1)]


@pytest.mark.parametrize("breakage", [
    lambda p: p["facts"][0].update(kind="rumour"),
    lambda p: p["history"][0]["snapshot"].update(status="lost"),
    lambda p: p["history"][1].update(at=None),
    lambda p: p["history"][2].pop("fact_id"),
    lambda p: p["facts"].append(dict(p["facts"][0])),
    lambda p: p["history"][0].pop("action"),
])
def test_a_malformed_export_writes_nothing(home, breakage):
    _fill(home)
    payload = _decoded(export_customer(home, "acme"))
    breakage(payload)
    before = _decoded(export_customer(home, "acme"))
    with pytest.raises(InvalidInput):
        import_customer(home, "acme", gzip.compress(json.dumps(payload).encode()))
    assert not list((home / "customers").glob(f"{RESTORE_PREFIX}*"))
    after = _decoded(export_customer(home, "acme"))
    assert after["facts"] == before["facts"] and after["history"] == before["history"]


def test_flag_recheck_after_import_flags_and_records_like_set_recheck(home, tmp_path):
    facts = _fill(home)
    other = tmp_path / "other-home"
    import_customer(other, "acme", export_customer(home, "acme"))
    clock.freeze(clock.parse_datetime("2026-12-02T10:00:00Z"))
    with CustomerStore.open(other, "acme") as store:
        assert store.facts.flag_recheck("refund", 4) == [facts[1].id]  # facts[3] is not active
        assert store.facts.flag_recheck("refund", 4) == []  # already flagged for the same versions
        flagged = store.facts.get(facts[1].id)
        reason = "recheck needed: policy refund v3 → v4"
        assert flagged.recheck == Recheck(flag=True, reason=reason, since=clock.parse_datetime("2026-12-02T10:00:00Z"))
        last = store.facts.history(facts[1].id)[-1]
        assert (last.action, last.actor, last.reason, last.fact) == ("recheck", "sync", reason, flagged)
        assert [f.id for f in store.facts.list(recheck_only=True)] == [facts[1].id]
        assert flagged.replace(recheck=Recheck()) == facts[1]
        assert [h.fact.id for h in store.facts.search("half back", limit=1)] == [facts[1].id]
    with CustomerStore.open(other, "acme") as store:  # a reopen finds the index consistent, no rebuild
        assert store.facts.search_index.index().num_docs() == 5


def test_the_format_is_2_and_a_format_1_export_is_still_read(home, tmp_path):
    # New-user report 15, item 7: /1 gained erased_decisions, erased_turns and conversation_keys, which an
    # older mem (reading /1) dropped without a word on restore — an erased fact came back. /2 makes the
    # older mem refuse the file; this mem still reads the older exports.
    _fill(home)
    exported = _decoded(export_customer(home, "acme"))
    assert FORMAT == "mem-customer-memory/2" and exported["format"] == FORMAT
    older = {k: v for k, v in exported.items() if k not in ("erased_decisions", "erased_turns", "conversation_keys")}
    older["format"] = "mem-customer-memory/1"
    other = tmp_path / "other-home"
    other.mkdir()
    counts = import_customer(other, "acme", gzip.compress(json.dumps(older).encode()))
    assert counts["facts"] == len(exported["facts"])


def test_an_export_from_a_newer_mem_is_refused_in_one_line(home):
    _fill(home)
    newer = {**_decoded(export_customer(home, "acme")), "format": "mem-customer-memory/3"}
    with pytest.raises(InvalidInput, match=r"made by a newer mem \(format mem-customer-memory/3") as err:
        import_customer(home, "acme", gzip.compress(json.dumps(newer).encode()))
    assert "\n" not in str(err.value)
    with CustomerStore.open(home, "acme") as store:  # nothing replaced
        assert store.facts.list(statuses=None)
