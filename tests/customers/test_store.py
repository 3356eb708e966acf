"""CustomerStore: facts and their history, ids, locking, crash repair, evidence outbox, export/import."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from datetime import date
from pathlib import Path

import pytest

from mem.core.errors import Conflict, InvalidInput, LockTimeout, NotFound, Refused
from mem.customers import CustomerStore, Evidence, Fact, PolicyRef, export_customer, import_customer, list_customers
from mem.customers.store import TRASH_PREFIX


@pytest.fixture
def home(isolated_env: Path) -> Path:
    return isolated_env


def fact(text: str = "Asked for a partial refund", kind: str = "event", **kw) -> Fact:
    kw.setdefault("valid_at", date(2024, 9, 28))
    return Fact.new(kind, text, **kw)


def run_python(code: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "MEM_HOME": str(home)}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("bad", ["../x", "/etc", "", ".hidden", "a/b", "..", "a\\b", "x" * 65, "-rf", "a..b"])
def test_path_trick_ids_are_refused(home, bad):
    with pytest.raises(InvalidInput):
        CustomerStore.open(home, bad)
    assert list_customers(home) == []
    assert not (home.parent / "x").exists()


def test_an_id_that_differs_only_in_case_from_a_customer_is_refused(home):
    # on macOS and Windows customers/DANA is customers/dana: `-c DANA` opened dana's memory there, and on
    # Linux it made a second store; the wall must not depend on the file system
    with CustomerStore.open(home, "dana") as store:
        store.facts.add(fact())
    exported = export_customer(home, "dana")
    for spelling in ("DANA", "Dana"):
        for create in (True, False):
            with pytest.raises(InvalidInput, match=r"'Dana' differs only in case from 'dana'|'DANA' differs only"):
                CustomerStore.open(home, spelling, create=create)
    with pytest.raises(InvalidInput, match="differs only in case"):
        import_customer(home, "DANA", _reexport(exported, "DANA"))
    assert sorted(p.name for p in (home / "customers").iterdir() if not p.name.startswith(".")) == ["dana"]
    with CustomerStore.open(home, "dana") as store:
        assert len(store.facts.list()) == 1


def test_case_twins_made_before_the_rule_keep_working(home):
    # a Linux client may hold both from an earlier version: each opens its own folder, nothing is merged
    for name in ("dana", "Dana"):
        (home / "customers" / name).mkdir(parents=True)
    for name in ("dana", "Dana"):
        with CustomerStore.open(home, name) as store:
            store.facts.add(fact(f"Fact of {name}"))
    with CustomerStore.open(home, "Dana") as store:
        assert [f.text for f in store.facts.list()] == ["Fact of Dana"]
    with pytest.raises(InvalidInput, match="differs only in case"):
        CustomerStore.open(home, "DANA")


def _reexport(data: bytes, customer_id: str) -> bytes:
    import gzip
    import json

    payload = json.loads(gzip.decompress(data))
    payload["customer_id"] = customer_id
    return gzip.compress(json.dumps(payload).encode())


def test_one_status_or_kind_may_be_a_plain_string(home):
    # statuses="active" was read letter by letter: "unknown status 'a'"
    with CustomerStore.open(home, "acme") as store:
        added = store.facts.add(fact())
        assert [f.id for f in store.facts.list(statuses="active", kinds="event")] == [added.id]
        assert store.facts.list(statuses="replaced") == []
        with pytest.raises(InvalidInput, match="unknown status 'activ'"):
            store.facts.list(statuses="activ")


def test_search_and_list_arguments_of_the_wrong_type_are_one_line_errors(home):
    # search(None) and limit="3" were TypeErrors deep in the index, limit=10**20 an OverflowError in SQLite
    with CustomerStore.open(home, "acme") as store:
        added = store.facts.add(fact())
        for bad in (None, 42, b"refund"):
            with pytest.raises(InvalidInput, match="query must be a string"):
                store.facts.search(bad)
        for limit in ("3", True, 2.5):
            with pytest.raises(InvalidInput, match="limit must be a whole number"):
                store.facts.search("refund", limit=limit)
            with pytest.raises(InvalidInput, match="limit must be a whole number"):
                store.facts.list(limit=limit)
        for limit in (0, -1, 10**20):
            with pytest.raises(InvalidInput, match="limit must be from 1 to 100,000"):
                store.facts.search("refund", limit=limit)
            with pytest.raises(InvalidInput, match="limit must be from 1 to 100,000"):
                store.facts.list(limit=limit)
        hits = store.facts.search("refund", limit=3, statuses="active", kinds="event")
        assert [h.fact.id for h in hits] == [added.id]
        assert [f.id for f in store.facts.list(limit=100_000)] == [added.id]


def test_add_get_and_duplicate(home):
    with CustomerStore.open(home, "acme") as store:
        f = store.facts.add(fact(evidence=[Evidence("c1", "t1", "customer", "refund please")]))
        assert store.facts.get(f.id) == f
        with pytest.raises(Conflict):
            store.facts.add(f)
    assert list_customers(home) == ["acme"]


def test_open_missing_customer_without_create(home):
    with pytest.raises(NotFound):
        CustomerStore.open(home, "nobody", create=False)


def test_update_keeps_old_as_replaced_with_links_and_history(home):
    with CustomerStore.open(home, "acme") as store:
        old = store.facts.add(fact("Prefers email"))
        new = store.facts.update(old.id, fact("Prefers phone calls"))
        old_now = store.facts.get(old.id)
        assert old_now.status == "replaced" and old_now.superseded_by == new.id
        assert new.supersedes == old.id and new.status == "active"
        assert [h.action for h in store.facts.history(old.id)] == ["added", "replaced"]
        assert store.facts.history(old.id)[0].fact.text == "Prefers email"
        with pytest.raises(Conflict):
            store.facts.update(old.id, fact("again"))


def test_edit_keeps_history_and_retract_confirm(home):
    with CustomerStore.open(home, "acme") as store:
        f = store.facts.add(fact("Lives in Osaka", kind="attribute"))
        edited = store.facts.edit(f.id, text="Lives in Kyoto", reason="moved")
        assert edited.id == f.id and store.facts.get(f.id).text == "Lives in Kyoto"
        history = store.facts.history(f.id)
        assert [h.action for h in history] == ["added", "edited"]
        assert history[0].fact.text == "Lives in Osaka" and history[1].reason == "moved"
        with pytest.raises(InvalidInput):
            store.facts.edit(f.id)
        assert store.facts.confirm(f.id).confirmed
        retracted = store.facts.retract(f.id, reason="wrong")
        assert retracted.status == "retracted"
        assert store.facts.list() == []
        assert [x.id for x in store.facts.list(statuses=None)] == [f.id]
        with pytest.raises(Conflict):
            store.facts.retract(f.id)


def test_erase_is_a_hard_delete_with_tombstone_and_redaction(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.log.new_conversation(session="s1")
        turn = store.log.append_turn(conv, role="customer", text="My doctor said I have asthma, keep it in mind.")
        store.consent.set(allow=["health"])
        with store.transaction():
            f = store.facts.add(fact("Has asthma", kind="attribute", sensitive="health", agreement=True,
                                     evidence=[Evidence(conv, turn.id, "customer", "My doctor said I have asthma")]))
            store.facts.add(fact("Likes green tea", kind="preference"))
        assert store.facts.search("asthma")
        store.facts.erase(f.id)
        searcher = store.facts.search_index.index().index.searcher()
        assert searcher.terms_with_prefix("text", "asthma") == []  # not just hidden: gone from the terms
        for path in (home / "customers" / "acme").rglob("*"):
            if path.is_file():
                assert b"asthma" not in path.read_bytes().lower(), f"erased text left in {path.name}"
        with pytest.raises(NotFound, match="erased"):
            store.facts.get(f.id)
        history = store.facts.history(f.id)
        assert [(h.action, h.fact) for h in history] == [("erased", None)]
        assert store.facts.search("asthma") == []
        assert store.outbox.pending() == []
        assert "asthma" not in store.log.get(conv).turns[0].text
        assert "[erased]" in store.log.get(conv).turns[0].text
    for path in (home / "customers" / "acme").rglob("*"):
        if path.is_file():
            assert b"asthma" not in path.read_bytes().lower(), f"erased text left in {path.name}"


def test_flag_recheck_names_versions(home):
    with CustomerStore.open(home, "acme") as store:
        a = store.facts.add(fact("Agreed a 50% partial refund", kind="decision", policy_refs=[PolicyRef("refund", 3)]))
        b = store.facts.add(fact("Asked about shipping", policy_refs=[PolicyRef("shipping", 2)]))
        assert store.facts.flag_recheck("refund", 3) == []
        assert store.facts.flag_recheck("refund", 4) == [a.id]
        assert store.facts.get(a.id).recheck.reason == "recheck needed: policy refund v3 → v4"
        assert store.facts.flag_recheck("refund", 4) == []
        assert not store.facts.get(b.id).recheck.flag
        both = store.facts.add(fact("Made under v3, confirmed under v4",
                                    policy_refs=[PolicyRef("refund", 3), PolicyRef("refund", 4)]))
        assert store.facts.flag_recheck("refund", 4) == []
        assert set(store.facts.flag_recheck("refund", 5)) == {a.id, both.id}
        assert store.facts.get(a.id).recheck.reason == "recheck needed: policy refund v3 → v5"
        assert store.facts.get(both.id).recheck.reason == "recheck needed: policy refund v4 → v5"
        assert {x.id for x in store.facts.list(recheck_only=True)} == {a.id, both.id}
        store.facts.clear_recheck(a.id)
        assert [x.id for x in store.facts.list(recheck_only=True)] == [both.id]


def test_evidence_outbox(home):
    with CustomerStore.open(home, "acme") as store:
        f = store.facts.add(fact("Agreed a 50% refund", kind="decision", agreement=True,
                                 evidence=[Evidence("c", "t", "customer", "annual contract, so 50%")]))
        store.facts.add(fact("Asked about hours"))
        pending = store.outbox.pending()
        assert [(p.fact_id, p.customer_id, p.date) for p in pending] == [(f.id, "acme", "2024-09-28")]
        assert pending[0].quotes[0]["quote"] == "annual contract, so 50%"
        assert pending[0].to_dict() == {
            "id": pending[0].id, "fact_id": f.id, "customer_id": "acme", "date": "2024-09-28",
            # the agreement's evidence sentences, not the fact's own text (newuser24 #2)
            "kind": "decision", "text": "annual contract, so 50%", "quotes": list(pending[0].quotes),
            "policy_refs": [], "queued_at": pending[0].queued_at,
        }
        store.outbox.mark_sent([pending[0].id])
        assert store.outbox.pending() == []


def test_sensitive_fact_needs_consent(home):
    with CustomerStore.open(home, "acme") as store:
        with pytest.raises(Refused, match="consent"):
            store.facts.add(fact("Is in debt", sensitive="finance"))
        assert store.facts.list() == []


def test_transaction_rolls_back_everything(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.log.new_conversation()
        store.log.append_turn(conv, role="customer", text="hello")
        with pytest.raises(RuntimeError), store.transaction():
            store.facts.add(fact("one"))
            store.log.mark_extracted(conv, 1)
            raise RuntimeError("boom")
        assert store.facts.list() == []
        assert [c.id for c in store.log.pending()] == [conv]
        assert store.facts.search("one") == []


def test_inner_savepoint_failure_keeps_the_rest(home):
    with CustomerStore.open(home, "acme") as store, store.transaction():
        store.facts.add(fact("kept fact"))
        with pytest.raises(Refused):
            store.facts.add(fact("dropped", sensitive="health"))
    with CustomerStore.open(home, "acme") as store:
        assert [f.text for f in store.facts.list()] == ["kept fact"]


def test_lock_timeout_has_a_clear_message(home):
    with CustomerStore.open(home, "acme"), pytest.raises(LockTimeout, match="busy"):
        CustomerStore.open(home, "acme", lock_timeout=0.2)
    with CustomerStore.open(home, "acme", lock_timeout=0.2):
        pass  # released on close


def test_other_customers_are_not_blocked(home):
    with CustomerStore.open(home, "acme"), CustomerStore.open(home, "globex", lock_timeout=0.2) as other:
        assert other.customer_id == "globex"


def test_two_processes_write_one_customer_safely(home):
    code = """
        import sys
        from datetime import date
        from mem.customers import CustomerStore, Fact
        who = sys.argv[1]
        for i in range(15):
            with CustomerStore.open(sys.argv[2], "acme", lock_timeout=60) as store, store.transaction():
                store.facts.add(Fact.new("event", f"{who} wrote refund note {i}", valid_at=date(2024, 1, 1)))
    """
    env = {**os.environ, "MEM_HOME": str(home)}
    procs = [subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), who, str(home)], env=env,
                              stderr=subprocess.PIPE, text=True) for who in ("alpha", "beta")]
    for p in procs:
        assert p.wait(timeout=120) == 0, p.stderr.read()
    with CustomerStore.open(home, "acme") as store:
        assert len(store.facts.list()) == 30
        assert len(store.facts.search("refund note", limit=100)) == 30


def test_crash_between_sqlite_and_index_is_repaired_on_open(home):
    result = run_python(f"""
        import os
        from datetime import date
        from mem.customers import CustomerStore, Fact
        from mem.customers import fact_index
        with CustomerStore.open({str(home)!r}, "acme") as store:
            store.facts.add(Fact.new("event", "Booked a flight to Lisbon", valid_at=date(2024, 5, 1)))
            fact_index.FactIndex.apply = lambda self, changes: os._exit(9)   # killed after the SQLite commit
            store.facts.add(Fact.new("event", "Cancelled the hotel in Porto", valid_at=date(2024, 5, 2)))
    """, home)
    assert result.returncode == 9, result.stderr
    with CustomerStore.open(home, "acme") as store:
        assert store.conn.execute("SELECT COUNT(*) FROM index_ops").fetchone()[0] == 0
        assert [h.fact.text for h in store.facts.search("Porto hotel")] == ["Cancelled the hotel in Porto"]
        assert [h.fact.text for h in store.facts.search("Lisbon")] == ["Booked a flight to Lisbon"]


def test_kill_inside_a_transaction_leaves_nothing_half_done(home):
    result = run_python(f"""
        import os
        from mem.customers import CustomerStore, Fact
        with CustomerStore.open({str(home)!r}, "acme") as store:
            conv = store.log.new_conversation()
            store.log.append_turn(conv, role="customer", text="I want a refund")
            with store.transaction():
                store.facts.add(Fact.new("request", "Wants a refund"))
                store.log.mark_extracted(conv, 1)
                os._exit(9)
    """, home)
    assert result.returncode == 9, result.stderr
    with CustomerStore.open(home, "acme") as store:
        assert store.facts.list() == []
        assert len(store.log.pending()) == 1
        assert store.facts.search("refund") == []


def test_lost_or_foreign_index_is_rebuilt(home):
    with CustomerStore.open(home, "acme") as store:
        store.facts.add(fact("Ordered a blue bicycle"))
    import shutil

    shutil.rmtree(home / "customers" / "acme" / "index")
    with CustomerStore.open(home, "acme") as store:
        assert [h.fact.text for h in store.facts.search("bicycle")] == ["Ordered a blue bicycle"]
    (home / "customers" / "acme" / "index" / "STAMP").write_text("facts-1 somebody-else\n")
    with CustomerStore.open(home, "acme") as store:
        assert store.facts.search("bicycle")
        assert store.facts.reindex() == 1


def test_export_import_round_trip_and_atomic_replace(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.log.new_conversation(session="s1")
        store.log.append_turn(conv, role="customer", text="Please answer in Japanese")
        f = store.facts.add(fact("Prefers Japanese answers", kind="preference"))
        store.facts.edit(f.id, text="Prefers answers in Japanese")
        store.context.add("Enterprise tier", source="service", budget_chars=100)
        store.consent.set(allow=["finance"], share=True)
    data = export_customer(home, "acme")
    with CustomerStore.open(home, "acme") as store:
        store.facts.add(fact("Something added after the backup"))
    counts = import_customer(home, "acme", data)
    assert counts["facts"] == 1 and counts["turns"] == 1
    with CustomerStore.open(home, "acme") as store:
        assert [x.text for x in store.facts.list()] == ["Prefers answers in Japanese"]
        assert [h.action for h in store.facts.history(f.id)] == ["added", "edited"]
        assert [i.text for i in store.context.items()] == ["Enterprise tier"]
        assert store.consent.current().allowed == {"finance"} and store.consent.current().share
        assert store.log.conversations()[0].turns[0].text == "Please answer in Japanese"
        assert store.facts.search("Japanese")
    with pytest.raises(InvalidInput, match="belongs to customer"):
        import_customer(home, "globex", data)
    with pytest.raises(InvalidInput):
        import_customer(home, "acme", b"not a backup")
    without_logs = export_customer(home, "acme", include_logs=False)
    assert import_customer(home, "acme", without_logs)["turns"] == 0


def test_interrupted_restore_swap_is_recovered(home):
    with CustomerStore.open(home, "acme") as store:
        store.facts.add(fact("Still here"))
    root = home / "customers"
    os.replace(root / "acme", root / f"{TRASH_PREFIX}acme-XYZ")  # crash right after moving the live folder away
    with CustomerStore.open(home, "acme") as store:
        assert [f.text for f in store.facts.list()] == ["Still here"]
    assert not list(root.glob(f"{TRASH_PREFIX}*"))


def test_logging_and_context_do_not_load_the_index(home):
    result = run_python(f"""
        import sys
        from mem.customers import CustomerStore
        with CustomerStore.open({str(home)!r}, "acme") as store:
            conv = store.log.new_conversation()
            store.log.append_turn(conv, role="customer", text="hello")
            store.context.add("Enterprise tier", source="service", budget_chars=100)
        print("tantivy" in sys.modules)
    """, home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_schema_1_database_is_upgraded(home):
    import sqlite3

    with CustomerStore.open(home, "acme") as store:
        store.facts.add(fact("Kept across the upgrade"))
    path = home / "customers" / "acme" / "memory.db"
    conn = sqlite3.connect(path)
    conn.execute("DROP INDEX facts_by_kind")
    conn.execute("PRAGMA user_version=1")
    conn.commit()
    conn.close()
    with CustomerStore.open(home, "acme") as store:
        assert [f.text for f in store.facts.list(kinds=["event"])] == ["Kept across the upgrade"]
        assert store.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'facts_by_kind'").fetchone()


def test_complete_restore_left_beside_a_missing_live_folder_is_moved_in(home):
    from mem.customers.store import COMPLETE_MARKER, RESTORE_PREFIX

    with CustomerStore.open(home, "acme") as store:
        store.facts.add(fact("Old memory"))
    data = export_customer(home, "acme")
    with CustomerStore.open(home, "acme") as store:
        store.facts.add(fact("Newer memory"))
    root = home / "customers"
    import_customer(home, "acme", data)  # a real restore, then replay its crash point by hand:
    os.replace(root / "acme", root / f"{RESTORE_PREFIX}acme-ABC")
    (root / f"{RESTORE_PREFIX}acme-ABC" / COMPLETE_MARKER).write_text("complete\n")
    (root / f"{RESTORE_PREFIX}acme-DEF").mkdir()  # an incomplete one is thrown away
    with CustomerStore.open(home, "acme") as store:
        assert [f.text for f in store.facts.list()] == ["Old memory"]
    assert not list(root.glob(f"{RESTORE_PREFIX}*"))


def test_reads_reuse_a_parsed_record_only_while_its_stored_json_is_unchanged(home):
    with CustomerStore.open(home, "acme") as store:
        added = store.facts.add(fact("Prefers email", evidence=[Evidence("c1", "t1", "customer", "email me")]))
        first = store.facts.load(added.id)
        assert store.facts.load_many([added.id])[added.id] is first  # parsed once, reused
        # another writer (a second process, or a raw repair) changes the row behind this store's back
        row = store.conn.execute("SELECT data FROM facts WHERE id = ?", (added.id,)).fetchone()[0]
        with store.conn:
            store.conn.execute("UPDATE facts SET data = ? WHERE id = ?",
                               (row.replace('"Prefers email"', '"Prefers phone calls"'), added.id))
        assert store.facts.load(added.id).text == "Prefers phone calls"
        with pytest.raises(RuntimeError), store.transaction():
            store.facts.update(added.id, fact("Prefers letters"))
            assert store.facts.load(added.id).status == "replaced"
            raise RuntimeError("rolled back")
        assert store.facts.load(added.id).status == "active"  # the rolled-back write is not remembered


def test_an_open_that_fails_for_want_of_space_says_the_disk_is_full(tmp_path, monkeypatch):
    # SQLite rolls the schema transaction back itself when a write fails for want of space; the second
    # ROLLBACK failed ("cannot rollback - no transaction is active") and was all the user saw
    import sqlite3

    from mem.core import fsio
    from mem.core.errors import StorageError
    from mem.customers import db

    path = tmp_path / "memory.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version=2")
    conn.close()

    def full(conn, logs):
        conn.execute("ROLLBACK")  # what SQLite does on SQLITE_FULL / SQLITE_IOERR inside a transaction
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(db, "date_evidence", full)
    monkeypatch.setattr(fsio, "free_bytes", lambda folder: 64 << 20)  # not the test machine's free space
    with pytest.raises(StorageError) as caught:
        db.connect(path)
    assert caught.value.message == f"cannot open customer memory {path}: disk I/O error"  # room left: as said
    monkeypatch.setattr(fsio, "free_bytes", lambda folder: 12 * 1024)
    with pytest.raises(StorageError) as caught:
        db.connect(path)
    assert caught.value.message == (f"cannot open customer memory {path}: the disk holding {tmp_path} is full "
                                    "(12 KB free): free some space and run the command again")
