"""One suite, two engines: the server store, key service and blob store behave the same on SQLite and
PostgreSQL, and every guarantee (PIN limit, destruction, TTL, ownership, write-once, idempotent
evidence) holds under concurrent callers. PostgreSQL runs against the database .ci/run starts."""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from datetime import timedelta

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Conflict, InvalidInput, NotFound, Refused, StorageError
from mem.server.storage import open_store
from mem.server.vault import Vault

GOOD, BAD = b"\x01" * 32, b"\x02" * 32
NOW = clock.parse_datetime("2026-10-01T12:00:00Z")
SLOT = "0123456789abcdef0123456789abcdef"  # a keyed digest, as the client sends


@pytest.fixture(params=["sqlite", "postgresql"])
def config(request, tmp_path) -> Config:
    base = Config(workspace=tmp_path)
    if request.param == "sqlite":
        return base
    url = request.getfixturevalue("migrated_pg_url")
    return dataclasses.replace(base, server=dataclasses.replace(base.server, database=url))


@pytest.fixture
def store(config, tmp_path):
    return open_store(tmp_path, config)


@pytest.fixture
def vault(config, tmp_path) -> Vault:
    return Vault.open(tmp_path, config=config)


def _ready(vault: Vault, account: str = "alice", slot: str = "slot-a") -> str:
    created = vault.keys.create(account=account, slot=slot, authenticator=GOOD, kdf="{}")
    vault.keys.mark_ready(account=account, backup_id=created.record.backup_id)
    return created.record.backup_id


def _threads(target, count: int) -> None:
    threads = [threading.Thread(target=target) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


# --- server store -------------------------------------------------------------------------------

def test_accounts_are_unique_and_found_by_token_hash(store):
    store.add_account("shop-a", "h1", created_at="2026-10-01T00:00:00Z")
    with pytest.raises(Conflict):
        store.add_account("shop-a", "h2", created_at="2026-10-01T00:00:00Z")
    store.add_account("shop-b", "h3", created_at="2026-10-02T00:00:00Z")
    assert store.account_for_token_hash("h3") == "shop-b"
    assert store.account_for_token_hash("nope") is None
    assert [a["name"] for a in store.accounts()] == ["shop-a", "shop-b"]


def test_a_replaced_token_hash_stops_the_old_token(store):
    store.add_account("shop-a", "h1", created_at="2026-10-01T00:00:00Z")
    store.replace_token_hash("shop-a", "h2")
    assert store.account_for_token_hash("h1") is None
    assert store.account_for_token_hash("h2") == "shop-a"
    store.replace_token_hash("shop-a", "revoked:2026-10-02T00:00:00Z:ab")
    assert store.accounts() == [{"name": "shop-a", "created_at": "2026-10-01T00:00:00Z", "status": "revoked",
                                 "revoked_at": "2026-10-02T00:00:00Z"}]
    with pytest.raises(NotFound):
        store.replace_token_hash("nobody", "h3")


def test_evidence_intake_is_idempotent_even_from_concurrent_senders(store):
    record = {"fact_id": "F1", "customer_id": "cust-a", "date": "2026-09-28", "quotes": ["Yes, refund it."]}
    added: list[int] = []
    _threads(lambda: added.append(store.add_evidence("shop-a", [record], received_at="t")), 8)
    assert sorted(added) == [0] * 7 + [1]
    assert store.add_evidence("shop-b", [record], received_at="t") == 1  # another account's copy is its own
    rows = store.evidence(customer_id="cust-a")
    assert [r["account"] for r in rows] == ["shop-b", "shop-a"]  # newest first
    assert store.evidence_item(rows[1]["id"])["quotes"] == ["Yes, refund it."]
    assert store.evidence(customer_id="cust-zzz") == []
    with pytest.raises(NotFound):
        store.evidence_item(999_999)


def test_shared_decisions_are_replaced_and_removed_per_account(store):
    first = {"pseudonym": "p1", "fact_ref": "r1", "decision": "refund"}
    assert store.add_decisions("shop-a", [first], received_at="t1") == 1
    store.add_decisions("shop-a", [{**first, "decision": "exchange"}], received_at="t2")
    assert [(d["decision"], d["received_at"]) for d in store.decisions()] == [("exchange", "t2")]
    assert store.remove_decisions("shop-b", ["r1"]) == 0  # not theirs
    assert store.remove_decisions("shop-a", ["r1"]) == 1
    assert store.decisions() == []


def test_a_customer_withdrawn_in_full_leaves_the_know_how_counts(store, config):
    # mem consent --share off withdraws every decision ref of that customer (new-user report 12, item 7)
    from mem.knowhow.candidates import detect_candidates

    def record(customer: int) -> dict:
        return {"pseudonym": f"p-{customer:016x}", "fact_ref": f"{customer:016x}", "condition": "the purchase was "
                "over 14 days ago on an Enterprise plan", "decision": "We agreed to negotiate a partial refund",
                "policy_refs": [], "month": None}

    store.add_decisions("shop-a", [record(i) for i in range(3)], received_at="t1")
    [candidate] = detect_candidates(store.decisions(), settings=config.knowhow)
    assert candidate.customers == 3
    assert store.remove_decisions("shop-a", [record(0)["fact_ref"]]) == 1
    [candidate] = detect_candidates(store.decisions(), settings=config.knowhow)
    assert candidate.customers == 2


def test_reviews_keep_the_latest_decision(store):
    store.record_review("c1", decision="approved", by="op", at="t1", page_id="p1", signature="s1")
    store.record_review("c1", decision="rejected", by="op2", at="t2", page_id=None, signature="s2")
    assert store.reviews() == {"c1": {"decision": "rejected", "by": "op2", "at": "t2", "page_id": None,
                                      "signature": "s2"}}
    store.ready()


# --- key service --------------------------------------------------------------------------------

def test_wrong_proofs_count_down_and_the_tenth_destroys(vault):
    created = vault.keys.create(account="alice", slot="s", authenticator=GOOD, kdf="{}")
    bid = created.record.backup_id
    with pytest.raises(Refused):  # no blob yet: nothing can be unlocked
        vault.keys.unlock(account="alice", backup_id=bid, authenticator=GOOD)
    vault.keys.mark_ready(account="alice", backup_id=bid)
    remaining = [vault.keys.unlock(account="alice", backup_id=bid, authenticator=BAD).remaining for _ in range(9)]
    assert remaining == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    right = vault.keys.unlock(account="alice", backup_id=bid, authenticator=GOOD)
    assert right.ok and right.secret == created.secret and right.remaining == 1  # a right proof resets nothing
    last = vault.keys.unlock(account="alice", backup_id=bid, authenticator=BAD)
    assert last.destroyed and not last.ok
    with pytest.raises(NotFound):
        vault.keys.unlock(account="alice", backup_id=bid, authenticator=GOOD)
    assert bid not in vault.keys.known_ids()


def test_fifty_concurrent_wrong_proofs_count_exactly_ten(vault):
    bid = _ready(vault)
    outcomes: list[str] = []

    def attempt() -> None:
        try:
            result = vault.keys.unlock(account="alice", backup_id=bid, authenticator=BAD)
            outcomes.append("destroyed" if result.destroyed else f"wrong:{result.remaining}")
        except NotFound:
            outcomes.append("gone")

    _threads(attempt, 50)
    assert sorted(o for o in outcomes if o.startswith("wrong")) == sorted(f"wrong:{n}" for n in range(1, 10))
    assert outcomes.count("destroyed") == 1 and outcomes.count("gone") == 40


def test_a_restore_racing_the_last_wrong_guess_never_gets_both(vault):
    for round_ in range(4):
        bid = _ready(vault, slot=f"race-{round_}")
        for _ in range(9):
            vault.keys.unlock(account="alice", backup_id=bid, authenticator=BAD)
        results: dict[str, object] = {}

        def guess(proof: bytes, name: str, backup_id: str = bid, results: dict = results) -> None:
            try:
                results[name] = vault.keys.unlock(account="alice", backup_id=backup_id, authenticator=proof)
            except NotFound:
                results[name] = "gone"

        threads = [threading.Thread(target=guess, args=(GOOD, "owner")),
                   threading.Thread(target=guess, args=(BAD, "thief"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        owner, thief = results["owner"], results["thief"]
        # One after the other, in either order: the owner's proof first (secret released, one try
        # left, then the thief's tenth wrong guess destroys), or the thief's first (destroyed, and the
        # owner finds nothing). Never a destroyed backup that still hands out its secret.
        assert thief != "gone" and thief.destroyed
        assert owner == "gone" or (owner.ok and owner.remaining == 1)


def test_ownership_ttl_and_slots(vault):
    clock.freeze(NOW)
    bid = _ready(vault)
    for call in (vault.keys.get, vault.keys.delete):
        with pytest.raises(NotFound):
            call(account="mallory", backup_id=bid)
    with pytest.raises(NotFound):
        vault.keys.unlock(account="mallory", backup_id=bid, authenticator=BAD)
    assert vault.keys.get(account="alice", backup_id=bid).remaining == 10  # mallory counted nothing
    with pytest.raises(Conflict):  # a ready backup is never replaced by a new one
        vault.keys.create(account="alice", slot="slot-a", authenticator=GOOD, kdf="{}")
    pending = vault.keys.create(account="alice", slot="slot-b", authenticator=GOOD, kdf="{}")
    again = vault.keys.create(account="alice", slot="slot-b", authenticator=GOOD, kdf="{}")
    assert again.replaced == [pending.record.backup_id]
    assert [r.backup_id for r in vault.keys.list(account="alice", slot="slot-b")] == [again.record.backup_id]
    clock.freeze(NOW + timedelta(days=14, seconds=1))
    with pytest.raises(NotFound):
        vault.keys.get(account="alice", backup_id=bid)
    assert vault.keys.known_ids() == set()


def test_delete_after_restore_removes_key_and_blob(vault):
    bid = vault.create(account="alice", slot=SLOT, authenticator="AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
                       kdf={})["backup_id"]
    vault.upload(account="alice", backup_id=bid, data=b"ciphertext")
    assert vault.unlock(account="alice", backup_id=bid,
                        authenticator="AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")["ok"]
    assert vault.download(account="alice", backup_id=bid) == b"ciphertext"
    vault.delete(account="alice", backup_id=bid)
    with pytest.raises(NotFound):
        vault.download(account="alice", backup_id=bid)
    assert bid not in vault.blobs.ids()


# --- quotas ---------------------------------------------------------------------------------------

def test_a_daily_allowance_is_never_passed_by_concurrent_requests(store):
    answers = []
    _threads(lambda: answers.append(store.charge_daily("shop-a", "evidence", day="2026-10-01", records=3, nbytes=10,
                                                       max_records=20, max_bytes=1000)), 12)
    assert sum(a.accepted for a in answers) == 6  # 6 × 3 = 18 ≤ 20; a seventh would make 21
    assert max(a.records for a in answers if a.accepted) == 18
    refused = store.charge_daily("shop-a", "evidence", day="2026-10-01", records=3, nbytes=10, max_records=20,
                                 max_bytes=1000)
    assert (refused.accepted, refused.records, refused.bytes) == (False, 18, 60)
    assert store.charge_daily("shop-a", "evidence", day="2026-10-02", records=3, nbytes=10, max_records=20,
                              max_bytes=1000).accepted  # a new day
    assert not store.charge_daily("shop-b", "share", day="2026-10-01", records=30, nbytes=1, max_records=20,
                                  max_bytes=1000).accepted  # one request over the day's limit
    assert store.purge_daily(before_day="2026-10-02") == 1


def test_backup_reservations_hold_every_limit_under_concurrency(store):
    limits = {"max_bytes": 1000, "max_count": 5, "max_unfinished_bytes": 500, "max_unfinished_count": 3}
    store.reserve_backup("shop-a", "B" * 26, nbytes=0, started_at="t", **limits)
    ids = [f"{i:026d}" for i in range(8)]
    results: dict[str, object] = {}

    def reserve(bid: str) -> None:
        results[bid] = store.reserve_backup("shop-a", bid, nbytes=0, started_at="t", **limits)

    threads = [threading.Thread(target=reserve, args=(bid,)) for bid in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    accepted = [bid for bid, usage in results.items() if usage.refused is None]
    assert len(accepted) == 2  # three unfinished at most, one was reserved before
    assert {results[b].refused for b in ids if b not in accepted} == {"unfinished_count"}
    grown = store.reserve_backup("shop-a", accepted[0], nbytes=600, started_at="t", **limits)
    assert grown.refused == "unfinished_bytes"
    store.reserve_backup("shop-a", accepted[0], nbytes=400, started_at="t", **limits)
    store.finish_backup("shop-a", accepted[0], nbytes=400)
    usage = store.backup_usage("shop-a")
    assert (usage.bytes, usage.count, usage.unfinished_bytes, usage.unfinished_count) == (400, 3, 0, 2)
    assert store.release_backups(accepted) == 2
    assert store.reserved_backups() == {"B" * 26}


# --- blob store ---------------------------------------------------------------------------------

def test_blobs_are_assembled_checked_and_written_once(vault):
    blobs = vault.blobs
    bid = _ready(vault)
    blobs.put_part(account="alice", backup_id=bid, index=1, data=b"world")
    with pytest.raises(InvalidInput):
        blobs.complete(account="alice", backup_id=bid, parts=2, sha256="0" * 64, size=10)
    blobs.put_part(account="alice", backup_id=bid, index=0, data=b"hello")
    with pytest.raises(InvalidInput):  # damaged in transit
        blobs.complete(account="alice", backup_id=bid, parts=2, sha256="0" * 64, size=10)
    blobs.complete(account="alice", backup_id=bid, parts=2, sha256=hashlib.sha256(b"helloworld").hexdigest(), size=10)
    assert blobs.get(account="alice", backup_id=bid) == b"helloworld"
    with pytest.raises(NotFound):
        blobs.get(account="mallory", backup_id=bid)
    with pytest.raises(Conflict):
        blobs.put_part(account="alice", backup_id=bid, index=0, data=b"again")
    with pytest.raises(Conflict):
        blobs.put(account="alice", backup_id=bid, data=b"again")
    assert bid in blobs.ids()
    assert blobs.delete_id(bid) and bid not in blobs.ids()


def test_blob_size_limit_counts_every_part(vault):
    vault.blobs.max_bytes = 8
    bid = _ready(vault)
    vault.blobs.put_part(account="alice", backup_id=bid, index=0, data=b"12345")
    with pytest.raises(InvalidInput):
        vault.blobs.put_part(account="alice", backup_id=bid, index=1, data=b"6789")
    vault.blobs.put_part(account="alice", backup_id=bid, index=0, data=b"1234")  # a part re-sent replaces itself
    vault.blobs.put_part(account="alice", backup_id=bid, index=1, data=b"5678")


def test_sweep_removes_blobs_whose_key_is_gone(vault):
    clock.freeze(NOW)
    bid = vault.create(account="alice", slot=SLOT, authenticator="AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=",
                       kdf={})["backup_id"]
    vault.upload(account="alice", backup_id=bid, data=b"ciphertext")
    clock.freeze(NOW + timedelta(days=15))
    assert vault.sweep() == [bid]
    assert vault.blobs.ids() == set()
    vault.ready()


# --- PostgreSQL schema versions ------------------------------------------------------------------

def test_a_server_refuses_a_schema_it_does_not_know(pg_url, tmp_path):
    import psycopg

    from mem.server.migrations import MIGRATIONS, migrate, version

    config = dataclasses.replace(Config(workspace=tmp_path), server=dataclasses.replace(Config().server,
                                                                                          database=pg_url))
    with pytest.raises(StorageError, match="run `mem server migrate`"):
        open_store(tmp_path, config)
    with pytest.raises(StorageError, match="mem server migrate"):
        Vault.open(tmp_path, config=config)
    applied = migrate(pg_url, list(MIGRATIONS))
    assert {(a.component, a.before, a.after) for a in applied} == {("store", 0, 1), ("keyservice", 0, 1),
                                                                  ("blobstore", 0, 1)}
    assert {(a.before, a.after) for a in migrate(pg_url, list(MIGRATIONS))} == {(1, 1)}  # nothing twice
    open_store(tmp_path, config).ready()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE mem_schema SET version = 99 WHERE component = 'store'")
    assert version(pg_url, "store") == 99
    with pytest.raises(StorageError, match="newer than this mem knows"):
        open_store(tmp_path, config)
    with pytest.raises(StorageError, match="newer than this mem knows"):
        migrate(pg_url, ["store"])


def test_concurrent_migrations_apply_each_step_once(pg_url):
    from mem.server.migrations import MIGRATIONS, migrate, version

    errors: list[Exception] = []

    def run() -> None:
        try:
            migrate(pg_url, list(MIGRATIONS))
        except Exception as exc:  # noqa: BLE001 - the assertion below names it
            errors.append(exc)

    _threads(run, 4)
    assert errors == []
    assert all(version(pg_url, c) == 1 for c in MIGRATIONS)


def test_an_unreachable_database_is_one_clear_error(tmp_path):
    config = dataclasses.replace(Config(workspace=tmp_path), server=dataclasses.replace(
        Config().server, database="postgresql://nobody:secret@127.0.0.1:1/none"))
    with pytest.raises(StorageError, match="cannot reach database") as caught:
        open_store(tmp_path, config)
    assert "secret" not in str(caught.value)  # the password never reaches a message


def test_a_database_setting_that_is_not_postgresql_is_refused(tmp_path):
    config = dataclasses.replace(Config(workspace=tmp_path), server=dataclasses.replace(
        Config().server, database="mysql://x"))
    with pytest.raises(InvalidInput, match="server.database"):
        open_store(tmp_path, config)


def test_the_key_service_moved_to_its_own_database_leaves_no_secret_in_the_workspace(migrated_pg_url, tmp_path):
    base = Config(workspace=tmp_path)
    config = dataclasses.replace(base, backup=dataclasses.replace(base.backup, keyservice_database=migrated_pg_url))
    vault = Vault.open(tmp_path, config=config)  # the store and the blobs stay in the workspace
    created = vault.keys.create(account="alice", slot="s", authenticator=GOOD, kdf="{}")
    vault.blobs.put(account="alice", backup_id=created.record.backup_id, data=b"ciphertext")
    vault.keys.mark_ready(account="alice", backup_id=created.record.backup_id)
    assert type(vault.keys).__name__ == "PostgresKeyService" and type(vault.blobs).__name__ == "BlobStore"
    assert not (tmp_path / ".mem" / "keyservice").exists()
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert created.secret not in path.read_bytes() and vault.keys._key not in path.read_bytes()
    assert vault.unlock(account="alice", backup_id=created.record.backup_id,
                        authenticator="AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")["ok"]


@pytest.fixture
def own_cluster():
    """A PostgreSQL cluster of this test's own (it is restarted, which the shared one must never be)."""
    from tests.server.conftest import TEST_DATABASE_URL

    if not TEST_DATABASE_URL:  # the PostgreSQL tests run where a cluster can be made, as in CI
        pytest.skip("no PostgreSQL: set MEM_TEST_DATABASE_URL")
    import importlib.util
    import shutil
    import tempfile
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "scripts" / "pg_cluster.py"
    spec = importlib.util.spec_from_file_location("pg_cluster", script)
    assert spec and spec.loader
    pg_cluster = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pg_cluster)
    folder = Path(tempfile.mkdtemp(prefix="mem-test-pg."))  # not under pytest's 0700 folder: postgres runs it
    try:
        url = pg_cluster.start(folder, durable=False)
        yield url, lambda: pg_cluster.restart(folder)
    finally:
        from mem.server.database import close_pools

        close_pools()
        pg_cluster.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


def test_pooled_connections_broken_by_a_database_restart_are_replaced_not_failed(own_cluster, tmp_path):
    """A failover or maintenance restart ends every pooled connection; each was one 500 later
    ("terminating connection due to administrator command"). The pool now checks a connection it hands out."""
    from mem.server.database import transaction
    from mem.server.migrations import MIGRATIONS, migrate

    url, restart = own_cluster
    migrate(url, list(MIGRATIONS))
    base = Config(workspace=tmp_path)
    config = dataclasses.replace(base, server=dataclasses.replace(base.server, database=url))
    store = open_store(tmp_path, config)

    def hold() -> None:  # eight at once: the pool opens all eight of its connections
        with transaction(url, size=store.pool_size) as conn:
            conn.execute("SELECT pg_sleep(0.2)")

    _threads(hold, 8)
    restart()
    failed: list[str] = []
    counter = iter(range(1000))

    def send() -> None:
        record = {"fact_id": f"F{next(counter)}", "customer_id": "cust-a", "date": "2026-09-28", "quotes": ["Yes."]}
        try:
            store.add_evidence("shop-a", [record], received_at="t")
        except StorageError as exc:
            failed.append(str(exc))

    _threads(send, 16)
    assert failed == []
    assert len(store.evidence(customer_id="cust-a")) == 16


def test_evidence_is_purged_by_customer_or_by_the_date_it_was_received(store):
    # new-user report 20 #8: nothing deleted a customer's evidence when the legal period ended
    def record(fact, customer):
        return {"fact_id": fact, "customer_id": customer, "date": "2026-09-28", "quotes": ["Yes, refund it."]}

    store.add_evidence("shop-a", [record("F1", "cust-a"), record("F2", "cust-b")], received_at="2025-01-10T09:00:00Z")
    store.add_evidence("shop-a", [record("F3", "cust-a"), record("F4", "cust-b")], received_at="2026-11-10T09:00:00Z")
    with pytest.raises(ValueError):
        store.purge_evidence()
    assert store.purge_evidence(received_before="2026-01-01") == 2
    assert sorted(r["fact_id"] for r in store.evidence()) == ["F3", "F4"]
    assert store.purge_evidence(customer_id="cust-a") == 1
    assert [r["fact_id"] for r in store.evidence()] == ["F4"]
    assert store.purge_evidence(customer_id="cust-b", received_before="2026-01-01") == 0


def test_an_evidence_purge_can_keep_to_one_account(store):
    """A customer id is one client account's: "c1" of shop-a and "c1" of shop-b are two people."""
    def record(fact):
        return {"fact_id": fact, "customer_id": "c1", "date": "2026-09-28", "quotes": ["Yes."]}

    store.add_evidence("shop-a", [record("F1")], received_at="2026-11-10T09:00:00Z")
    store.add_evidence("shop-b", [record("F2")], received_at="2026-11-10T09:00:00Z")
    assert store.purge_evidence(customer_id="c1", account="shop-a") == 1
    assert [(r["account"], r["fact_id"]) for r in store.evidence()] == [("shop-b", "F2")]
