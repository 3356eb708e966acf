"""Every evidence quote carries the day its turn was said; stores written before that still open and get it."""

from __future__ import annotations

import json
import sqlite3
from datetime import date

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import InvalidInput
from mem.customers.db import SCHEMA_VERSION
from mem.customers.extract import extract_pending
from mem.customers.fact_record import Evidence, Fact
from mem.customers.fact_rows import compact_record, expand_record, record_json
from mem.customers.log_files import DamagedRecord
from mem.customers.store import CustomerStore

from .test_extract import write_log

AGREEMENT = [
    ("a2", "2025-09-28T23:59:00", "customer", "Because of our annual contract, can I get 50% back as an exception?"),
    ("a2", "2025-09-29T00:01:00", "agent", "Yes, we can offer 50% as an exception. Anything else?"),
]


@pytest.fixture
def config(isolated_env):
    clock.freeze(clock.parse_datetime("2025-11-01T00:00:00Z"))
    return Config.load(home=isolated_env, env={})


def _agreement(home, config, tmp_path) -> Fact:
    with CustomerStore.open(home, "cust-a") as store:
        store.log.import_file(write_log(tmp_path / "log.jsonl", AGREEMENT))
        return store.facts.get(extract_pending(store, config=config).added[0])


def test_extraction_dates_each_quote_with_its_own_turn(isolated_env, config, tmp_path):
    fact = _agreement(isolated_env, config, tmp_path)
    assert [(e.role, e.said_on) for e in fact.evidence] == [("customer", date(2025, 9, 28)),
                                                             ("agent", date(2025, 9, 29))]
    with CustomerStore.open(isolated_env, "cust-a") as store:
        [queued] = store.outbox.pending()
    assert [q["said_on"] for q in queued.quotes] == ["2025-09-28", "2025-09-29"]


def test_the_day_survives_the_stored_and_the_exported_form():
    evidence = Evidence(log_id="c1", turn="c1-0001", role="customer", quote="Refund, please.",
                        said_on=date(2025, 9, 28))
    fact = Fact.new("request", "Refund, please.", evidence=[evidence])
    stored = record_json(fact)
    assert Fact.from_dict(json.loads(stored)).evidence == (evidence,)
    assert expand_record(json.loads(stored)) == fact.to_dict()
    assert compact_record(fact.to_dict()) == stored
    undated = Fact.new("request", "Refund, please.",
                       evidence=[Evidence("c1", "c1-0001", "customer", "Refund, please.")])
    assert "said_on" not in record_json(undated)  # a null day is not stored, like a null speaker
    assert Fact.from_dict(json.loads(record_json(undated))).evidence[0].said_on is None


def test_a_malformed_day_is_refused_naming_the_field():
    with pytest.raises(InvalidInput, match="evidence.said_on"):
        Evidence.from_dict({"log_id": "c1", "turn": "t", "role": "customer", "quote": "q", "said_on": "28/09/2025"})


def _make_schema_2(home) -> None:
    """Turn a store into what the previous mem wrote: schema 2, evidence without a day."""
    db_path = home / "customers" / "cust-a" / "memory.db"
    conn = sqlite3.connect(db_path, isolation_level=None)
    for fact_id, data in conn.execute("SELECT id, data FROM facts").fetchall():
        record = json.loads(data)
        for evidence in record.get("evidence", []):
            evidence.pop("said_on", None)
        conn.execute("UPDATE facts SET data = ? WHERE id = ?", (json.dumps(record), fact_id))
    conn.execute("PRAGMA user_version=2")
    conn.close()


def test_a_store_of_the_previous_schema_opens_and_its_evidence_gets_the_turns_days(isolated_env, config, tmp_path):
    fact = _agreement(isolated_env, config, tmp_path)
    _make_schema_2(isolated_env)
    with CustomerStore.open(isolated_env, "cust-a") as store:
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        migrated = store.facts.get(fact.id)
        assert [e.said_on for e in migrated.evidence] == [date(2025, 9, 28), date(2025, 9, 29)]
        assert migrated.replace(evidence=fact.evidence) == fact  # nothing else changed
        assert [hit.fact.id for hit in store.facts.search("annual contract exception")] == [fact.id]
        # the history keeps what was stored then: the migration is no change of the fact
        assert [entry.action for entry in store.facts.history(fact.id)] == ["added"]


def test_a_previous_store_with_a_lost_log_still_opens_with_undated_evidence(isolated_env, config, tmp_path):
    fact = _agreement(isolated_env, config, tmp_path)
    _make_schema_2(isolated_env)
    for log in (isolated_env / "customers" / "cust-a" / "logs").glob("*.jsonl"):
        log.write_text("not json\n", encoding="utf-8")
    conn = sqlite3.connect(isolated_env / "customers" / "cust-a" / "memory.db")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()
    with pytest.warns(DamagedRecord, match="record 1 cannot be read"), \
            CustomerStore.open(isolated_env, "cust-a") as store:
        assert [e.said_on for e in store.facts.get(fact.id).evidence] == [None, None]
