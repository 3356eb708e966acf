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


def test_add_get_and_duplicate(home):
    with CustomerStore.open(home, "acme") as store:
        f = store.add(fact(evidence=[Evidence("c1", "t1", "customer", "refund please")]))
        assert store.get(f.id) == f
        with pytest.raises(Conflict):
            store.add(f)
    assert list_customers(home) == ["acme"]


def test_open_missing_customer_without_create(home):
    with pytest.raises(NotFound):
        CustomerStore.open(home, "nobody", create=False)


def test_update_keeps_old_as_replaced_with_links_and_history(home):
    with CustomerStore.open(home, "acme") as store:
        old = store.add(fact("Prefers email"))
        new = store.update(old.id, fact("Prefers phone calls"))
        old_now = store.get(old.id)
        assert old_now.status == "replaced" and old_now.superseded_by == new.id
        assert new.supersedes == old.id and new.status == "active"
        assert [h.action for h in store.history(old.id)] == ["added", "replaced"]
        assert store.history(old.id)[0].fact.text == "Prefers email"
        with pytest.raises(Conflict):
            store.update(old.id, fact("again"))


def test_edit_keeps_history_and_retract_confirm(home):
    with CustomerStore.open(home, "acme") as store:
        f = store.add(fact("Lives in Osaka", kind="attribute"))
        edited = store.edit(f.id, text="Lives in Kyoto", reason="moved")
        assert edited.id == f.id and store.get(f.id).text == "Lives in Kyoto"
        history = store.history(f.id)
        assert [h.action for h in history] == ["added", "edited"]
        assert history[0].fact.text == "Lives in Osaka" and history[1].reason == "moved"
        with pytest.raises(InvalidInput):
            store.edit(f.id)
        assert store.confirm(f.id).confirmed
        retracted = store.retract(f.id, reason="wrong")
        assert retracted.status == "retracted"
        assert store.list_facts() == []
        assert [x.id for x in store.list_facts(statuses=None)] == [f.id]
        with pytest.raises(Conflict):
            store.retract(f.id)


def test_erase_is_a_hard_delete_with_tombstone_and_redaction(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.new_conversation(session="s1")
        turn = store.append_turn(conv, role="customer", text="My doctor said I have asthma, keep it in mind.")
        store.set_consent(allow=["health"])
        with store.transaction():
            f = store.add(fact("Has asthma", kind="attribute", sensitive="health", agreement=True,
                               evidence=[Evidence(conv, turn.id, "customer", "My doctor said I have asthma")]))
            store.add(fact("Likes green tea", kind="preference"))
        assert store.search("asthma")
        store.erase(f.id)
        searcher = store._get_index().index.searcher()
        assert searcher.terms_with_prefix("text", "asthma") == []  # not just hidden: gone from the terms
        for path in (home / "customers" / "acme").rglob("*"):
            if path.is_file():
                assert b"asthma" not in path.read_bytes().lower(), f"erased text left in {path.name}"
        with pytest.raises(NotFound, match="erased"):
            store.get(f.id)
        history = store.history(f.id)
        assert [(h.action, h.fact) for h in history] == [("erased", None)]
        assert store.search("asthma") == []
        assert store.pending_evidence() == []
        assert "asthma" not in store.conversation(conv).turns[0].text
        assert "[erased]" in store.conversation(conv).turns[0].text
    for path in (home / "customers" / "acme").rglob("*"):
        if path.is_file():
            assert b"asthma" not in path.read_bytes().lower(), f"erased text left in {path.name}"


def test_flag_recheck_names_versions(home):
    with CustomerStore.open(home, "acme") as store:
        a = store.add(fact("Agreed a 50% partial refund", kind="decision", policy_refs=[PolicyRef("refund", 3)]))
        b = store.add(fact("Asked about shipping", policy_refs=[PolicyRef("shipping", 2)]))
        assert store.flag_recheck("refund", 3) == []
        assert store.flag_recheck("refund", 4) == [a.id]
        assert store.get(a.id).recheck.reason == "recheck needed: policy refund v3 → v4"
        assert store.flag_recheck("refund", 4) == []
        assert not store.get(b.id).recheck.flag
        both = store.add(fact("Made under v3, confirmed under v4",
                              policy_refs=[PolicyRef("refund", 3), PolicyRef("refund", 4)]))
        assert store.flag_recheck("refund", 4) == []
        assert set(store.flag_recheck("refund", 5)) == {a.id, both.id}
        assert store.get(a.id).recheck.reason == "recheck needed: policy refund v3 → v5"
        assert store.get(both.id).recheck.reason == "recheck needed: policy refund v4 → v5"
        assert {x.id for x in store.list_facts(recheck_only=True)} == {a.id, both.id}
        store.clear_recheck(a.id)
        assert [x.id for x in store.list_facts(recheck_only=True)] == [both.id]


def test_evidence_outbox(home):
    with CustomerStore.open(home, "acme") as store:
        f = store.add(fact("Agreed a 50% refund", kind="decision", agreement=True,
                           evidence=[Evidence("c", "t", "customer", "annual contract, so 50%")]))
        store.add(fact("Asked about hours"))
        pending = store.pending_evidence()
        assert [(p.fact_id, p.customer_id, p.date) for p in pending] == [(f.id, "acme", "2024-09-28")]
        assert pending[0].quotes[0]["quote"] == "annual contract, so 50%"
        store.mark_evidence_sent([pending[0].id])
        assert store.pending_evidence() == []


def test_sensitive_fact_needs_consent(home):
    with CustomerStore.open(home, "acme") as store:
        with pytest.raises(Refused, match="consent"):
            store.add(fact("Is in debt", sensitive="finance"))
        assert store.list_facts() == []


def test_transaction_rolls_back_everything(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.new_conversation()
        store.append_turn(conv, role="customer", text="hello")
        with pytest.raises(RuntimeError), store.transaction():
            store.add(fact("one"))
            store.mark_extracted(conv, 1)
            raise RuntimeError("boom")
        assert store.list_facts() == []
        assert [c.id for c in store.pending_conversations()] == [conv]
        assert store.search("one") == []


def test_inner_savepoint_failure_keeps_the_rest(home):
    with CustomerStore.open(home, "acme") as store, store.transaction():
        store.add(fact("kept fact"))
        with pytest.raises(Refused):
            store.add(fact("dropped", sensitive="health"))
    with CustomerStore.open(home, "acme") as store:
        assert [f.text for f in store.list_facts()] == ["kept fact"]


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
                store.add(Fact.new("event", f"{who} wrote refund note {i}", valid_at=date(2024, 1, 1)))
    """
    env = {**os.environ, "MEM_HOME": str(home)}
    procs = [subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), who, str(home)], env=env,
                              stderr=subprocess.PIPE, text=True) for who in ("alpha", "beta")]
    for p in procs:
        assert p.wait(timeout=120) == 0, p.stderr.read()
    with CustomerStore.open(home, "acme") as store:
        assert len(store.list_facts()) == 30
        assert len(store.search("refund note", limit=100)) == 30


def test_crash_between_sqlite_and_index_is_repaired_on_open(home):
    result = run_python(f"""
        import os
        from datetime import date
        from mem.customers import CustomerStore, Fact
        from mem.customers import index
        with CustomerStore.open({str(home)!r}, "acme") as store:
            store.add(Fact.new("event", "Booked a flight to Lisbon", valid_at=date(2024, 5, 1)))
            index.FactIndex.apply = lambda self, changes: os._exit(9)   # killed after the SQLite commit
            store.add(Fact.new("event", "Cancelled the hotel in Porto", valid_at=date(2024, 5, 2)))
    """, home)
    assert result.returncode == 9, result.stderr
    with CustomerStore.open(home, "acme") as store:
        assert store._conn.execute("SELECT COUNT(*) FROM index_ops").fetchone()[0] == 0
        assert [h.fact.text for h in store.search("Porto hotel")] == ["Cancelled the hotel in Porto"]
        assert [h.fact.text for h in store.search("Lisbon")] == ["Booked a flight to Lisbon"]


def test_kill_inside_a_transaction_leaves_nothing_half_done(home):
    result = run_python(f"""
        import os
        from mem.customers import CustomerStore, Fact
        with CustomerStore.open({str(home)!r}, "acme") as store:
            conv = store.new_conversation()
            store.append_turn(conv, role="customer", text="I want a refund")
            with store.transaction():
                store.add(Fact.new("request", "Wants a refund"))
                store.mark_extracted(conv, 1)
                os._exit(9)
    """, home)
    assert result.returncode == 9, result.stderr
    with CustomerStore.open(home, "acme") as store:
        assert store.list_facts() == []
        assert len(store.pending_conversations()) == 1
        assert store.search("refund") == []


def test_lost_or_foreign_index_is_rebuilt(home):
    with CustomerStore.open(home, "acme") as store:
        store.add(fact("Ordered a blue bicycle"))
    import shutil

    shutil.rmtree(home / "customers" / "acme" / "index")
    with CustomerStore.open(home, "acme") as store:
        assert [h.fact.text for h in store.search("bicycle")] == ["Ordered a blue bicycle"]
    (home / "customers" / "acme" / "index" / "STAMP").write_text("facts-1 somebody-else\n")
    with CustomerStore.open(home, "acme") as store:
        assert store.search("bicycle")
        assert store.reindex() == 1


def test_export_import_round_trip_and_atomic_replace(home):
    with CustomerStore.open(home, "acme") as store:
        conv = store.new_conversation(session="s1")
        store.append_turn(conv, role="customer", text="Please answer in Japanese")
        f = store.add(fact("Prefers Japanese answers", kind="preference"))
        store.edit(f.id, text="Prefers answers in Japanese")
        store.add_context("Enterprise tier", source="service", budget_chars=100)
        store.set_consent(allow=["finance"], share=True)
    data = export_customer(home, "acme")
    with CustomerStore.open(home, "acme") as store:
        store.add(fact("Something added after the backup"))
    counts = import_customer(home, "acme", data)
    assert counts["facts"] == 1 and counts["turns"] == 1
    with CustomerStore.open(home, "acme") as store:
        assert [x.text for x in store.list_facts()] == ["Prefers answers in Japanese"]
        assert [h.action for h in store.history(f.id)] == ["added", "edited"]
        assert [i.text for i in store.context_items()] == ["Enterprise tier"]
        assert store.consent().allowed == {"finance"} and store.consent().share
        assert store.conversations()[0].turns[0].text == "Please answer in Japanese"
        assert store.search("Japanese")
    with pytest.raises(InvalidInput, match="belongs to customer"):
        import_customer(home, "globex", data)
    with pytest.raises(InvalidInput):
        import_customer(home, "acme", b"not a backup")
    without_logs = export_customer(home, "acme", include_logs=False)
    assert import_customer(home, "acme", without_logs)["turns"] == 0


def test_interrupted_restore_swap_is_recovered(home):
    with CustomerStore.open(home, "acme") as store:
        store.add(fact("Still here"))
    root = home / "customers"
    os.replace(root / "acme", root / f"{TRASH_PREFIX}acme-XYZ")  # crash right after moving the live folder away
    with CustomerStore.open(home, "acme") as store:
        assert [f.text for f in store.list_facts()] == ["Still here"]
    assert not list(root.glob(f"{TRASH_PREFIX}*"))


def test_logging_and_context_do_not_load_the_index(home):
    result = run_python(f"""
        import sys
        from mem.customers import CustomerStore
        with CustomerStore.open({str(home)!r}, "acme") as store:
            conv = store.new_conversation()
            store.append_turn(conv, role="customer", text="hello")
            store.add_context("Enterprise tier", source="service", budget_chars=100)
        print("tantivy" in sys.modules)
    """, home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_schema_1_database_is_upgraded(home):
    import sqlite3

    with CustomerStore.open(home, "acme") as store:
        store.add(fact("Kept across the upgrade"))
    path = home / "customers" / "acme" / "memory.db"
    conn = sqlite3.connect(path)
    conn.execute("DROP INDEX facts_by_kind")
    conn.execute("PRAGMA user_version=1")
    conn.commit()
    conn.close()
    with CustomerStore.open(home, "acme") as store:
        assert [f.text for f in store.list_facts(kinds=["event"])] == ["Kept across the upgrade"]
        assert store._conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'facts_by_kind'").fetchone()


def test_complete_restore_left_beside_a_missing_live_folder_is_moved_in(home):
    from mem.customers.store import COMPLETE_MARKER, RESTORE_PREFIX

    with CustomerStore.open(home, "acme") as store:
        store.add(fact("Old memory"))
    data = export_customer(home, "acme")
    with CustomerStore.open(home, "acme") as store:
        store.add(fact("Newer memory"))
    root = home / "customers"
    import_customer(home, "acme", data)  # a real restore, then replay its crash point by hand:
    os.replace(root / "acme", root / f"{RESTORE_PREFIX}acme-ABC")
    (root / f"{RESTORE_PREFIX}acme-ABC" / COMPLETE_MARKER).write_text("complete\n")
    (root / f"{RESTORE_PREFIX}acme-DEF").mkdir()  # an incomplete one is thrown away
    with CustomerStore.open(home, "acme") as store:
        assert [f.text for f in store.list_facts()] == ["Old memory"]
    assert not list(root.glob(f"{RESTORE_PREFIX}*"))
