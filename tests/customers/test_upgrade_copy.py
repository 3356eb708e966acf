"""Upgrading a customer's store (NEWUSER_REPORT18 #1, #2): the upgrade says so in one line, keeps the store as it
was (``memory.db.schemaN``) for going back, and screens the stored facts by today's sensitive-category rules —
as does ``mem extract --again`` on a store already of today's schema."""

from __future__ import annotations

import sqlite3
import warnings
from datetime import date
from pathlib import Path

import pytest

from mem.core.errors import MemWarning, StorageError
from mem.customers.erase import erase_fact
from mem.customers.fact_record import Evidence, Fact
from mem.customers.rejudge import rejudge
from mem.customers.store import CustomerStore

PEANUTS = "Also I'm allergic to peanuts."


def _db(home: Path, customer: str = "acme") -> Path:
    return home / "customers" / customer / "memory.db"


def _seed(home: Path) -> tuple[Fact, Fact]:
    """What an older mem stored: a health sentence marked ``none`` (no consent asked), and an ordinary fact."""
    with CustomerStore.open(home, "acme") as store:
        health = store.facts.add(Fact.new("attribute", PEANUTS, valid_at=date(2026, 11, 30), evidence=[
            Evidence("c1", "t1", "customer", PEANUTS, said_on=date(2026, 11, 30))]))
        city = store.facts.add(Fact.new("attribute", "I live in Boston.", valid_at=date(2026, 11, 30), evidence=[
            Evidence("c1", "t2", "customer", "I live in Boston.", said_on=date(2026, 11, 30))]))
    return health, city


def _schema(home: Path, version: int) -> None:
    conn = sqlite3.connect(_db(home), isolation_level=None)
    conn.execute(f"PRAGMA user_version={version}")
    conn.close()


def test_an_upgrade_says_so_once_keeps_the_older_store_and_screens_its_facts(isolated_env):
    health, city = _seed(isolated_env)
    _schema(isolated_env, 4)
    with pytest.warns(MemWarning) as caught, CustomerStore.open(isolated_env, "acme") as store:
        assert store.facts.get(health.id).sensitive == "health"
        assert store.facts.get(city.id).sensitive == "none"
        assert store.consent.current().to_dict()["stored_sensitive"] == {"health": 1}
    notices = [str(w.message) for w in caught if issubclass(w.category, MemWarning)]
    assert len(notices) == 1
    assert notices[0].startswith("upgraded the memory of customer 'acme' from schema 4 to 5: an older mem cannot "
                                 "open it now; the schema-4 copy is kept as memory.db.schema4")
    assert "1 health" in notices[0]
    copy = _db(isolated_env).with_name("memory.db.schema4")
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 4  # what the older mem opens again
    assert conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0] == 2
    conn.close()
    with warnings.catch_warnings():  # the next open: nothing to say
        warnings.simplefilter("error")
        CustomerStore.open(isolated_env, "acme").close()


def test_an_erase_deletes_the_copy_kept_before_the_upgrade(isolated_env):
    health, _ = _seed(isolated_env)
    _schema(isolated_env, 4)
    with pytest.warns(MemWarning), CustomerStore.open(isolated_env, "acme") as store:
        erase_fact(store, health.id)
    assert not list(_db(isolated_env).parent.glob("memory.db.schema*"))


def test_extract_again_screens_a_store_of_todays_schema_and_says_what_it_marked(isolated_env):
    health, city = _seed(isolated_env)  # schema 5 already (an older mem of the same schema)
    with CustomerStore.open(isolated_env, "acme") as store:
        report = rejudge(store)
        assert report.screened == [{"id": health.id, "sensitive": "health", "consented": False}]
        assert store.facts.get(health.id).sensitive == "health"
        assert store.facts.get(city.id).sensitive == "none"
        assert [e.action for e in store.facts.history(health.id)][-1] == "edited"
        assert rejudge(store).screened == []  # twice: nothing more


def test_a_fact_without_customer_quotes_keeps_the_category_it_was_given(isolated_env):
    with CustomerStore.open(isolated_env, "acme") as store:
        by_hand = store.facts.add(Fact.new("attribute", PEANUTS, valid_at=date(2026, 11, 30)))
        assert rejudge(store).screened == []
        assert store.facts.get(by_hand.id).sensitive == "none"


def test_no_room_for_the_copy_leaves_the_store_unupgraded_with_one_line(isolated_env):
    _seed(isolated_env)
    _schema(isolated_env, 4)
    # the copy cannot be written (a folder where its temporary file goes: as a full or read-only disk would)
    (_db(isolated_env).parent / "memory.db.schema4.partial").mkdir()
    with pytest.raises(StorageError, match="cannot keep a copy of customer memory .* before upgrading it from schema"):
        CustomerStore.open(isolated_env, "acme")
    conn = sqlite3.connect(_db(isolated_env))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 4  # not upgraded without its copy
    conn.close()
    assert not (_db(isolated_env).parent / "memory.db.schema4").exists()
