"""The rules both storage engines share are written once (server/store_rows.py, server/keyservice_rules.py,
server/blobstore_rules.py).

The engines' behaviour is tested against SQLite and PostgreSQL alike in test_store_backends.py; here
the shared rules are tested on their own, and the engine modules are read to see they hold no copy
of them (a copy is how the two engines would drift apart).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core.errors import Conflict, InvalidInput, NotFound, Refused
from mem.server.blobstore_rules import check_fits, check_intact, check_part_count, owner_of
from mem.server.keyservice_rules import check_unlockable, judge, owned, pending_to_replace
from mem.server.store_rows import BackupUsage, decision_row, decision_values, reserve

ROOT = Path(__file__).resolve().parents[2]
LIMITS = {"max_bytes": 100, "max_count": 2, "max_unfinished_bytes": 50, "max_unfinished_count": 1}


def test_a_reservation_names_the_first_limit_it_would_pass_and_changes_nothing():
    empty = BackupUsage(0, 0, 0, 0)
    assert reserve(empty, new=True, nbytes=0, **LIMITS) == BackupUsage(0, 1, 0, 1)
    one_unfinished = BackupUsage(10, 1, 10, 1)
    assert reserve(one_unfinished, new=True, nbytes=0, **LIMITS).refused == "unfinished_count"
    full = BackupUsage(90, 2, 0, 0)
    assert reserve(full, new=True, nbytes=0, **LIMITS).refused == "backup_count"  # count is checked first
    refused = reserve(BackupUsage(90, 1, 40, 1), new=False, nbytes=20, **LIMITS)
    assert refused == BackupUsage(90, 1, 40, 1, refused="backup_bytes")
    assert reserve(BackupUsage(10, 1, 40, 1), new=False, nbytes=20, **LIMITS).refused == "unfinished_bytes"
    assert reserve(BackupUsage(10, 1, 10, 1), new=False, nbytes=20, **LIMITS) == BackupUsage(30, 1, 30, 1)


def test_a_decision_row_is_the_record_it_came_as_plus_sender_and_arrival():
    record = {"pseudonym": "p-12345678", "fact_ref": "abcdefgh", "condition": "late", "decision": "refund",
              "policy_refs": [{"page": "refunds", "version": 2}], "month": "2026-09"}
    account, pseudonym, fact_ref, text, received = decision_values("alice", record, "2026-09-02T00:00:00Z")
    row = decision_row({"record": text, "account": account, "received_at": received})
    assert (pseudonym, fact_ref) == ("p-12345678", "abcdefgh")
    assert row == {**record, "account": "alice", "received_at": "2026-09-02T00:00:00Z"}


def test_a_proof_is_judged_the_same_for_both_key_services():
    row = {"attempts": 3, "max_attempts": 5, "secret": b"s" * 32, "state": "ready", "account": "alice"}
    assert judge(row, good=True) == (3, judge(row, good=True)[1])  # a correct proof does not reset or count
    assert judge(row, good=True)[1].ok and judge(row, good=True)[1].remaining == 2
    attempts, wrong = judge(row, good=False)
    assert (attempts, wrong.ok, wrong.remaining, wrong.destroyed) == (4, False, 1, False)
    _, last = judge({**row, "attempts": 4}, good=False)
    assert last.destroyed and last.remaining == 0 and last.secret is None
    assert check_unlockable({**row, "attempts": 5}).destroyed  # an interrupted destroy is finished
    with pytest.raises(Refused):
        check_unlockable({**row, "state": "pending"})
    with pytest.raises(NotFound):
        owned(row, "mallory")
    with pytest.raises(NotFound):
        owned(None, "alice")
    assert pending_to_replace([("a", "pending"), ("b", "ready")], replace=True) == ["a"]
    with pytest.raises(Conflict):
        pending_to_replace([("b", "ready")], replace=False)


def test_a_blob_is_filed_by_owner_and_checked_the_same_in_both_blob_stores():
    bid = "01J0000000000000000000000A"
    assert owner_of("alice", bid) == owner_of("alice", "01J0000000000000000000000B") != owner_of("bob", bid)
    assert len(owner_of("alice", bid)) == 32
    with pytest.raises(InvalidInput):
        owner_of("alice", "../../etc")
    check_fits(60, 40, max_bytes=100)
    with pytest.raises(InvalidInput, match="larger than"):
        check_fits(61, 40, max_bytes=100)
    for parts in (0, 10_001):
        with pytest.raises(InvalidInput, match="incomplete"):
            check_part_count(parts)
    check_intact(total=3, digest="ab", size=3, sha256="ab")
    with pytest.raises(InvalidInput, match="damaged"):
        check_intact(total=3, digest="ab", size=4, sha256="ab")


@pytest.mark.parametrize(("engines", "shared"), [
    (("storage.py", "storage_pg.py"), ['refused = "', "usage.count + 1", "json.loads", 'r["by_name"]']),
    (("vault_keyservice.py", "vault_keyservice_pg.py"),
     ["must be at least 1", "written once", "never completed", "already exists", "compare_digest", "hmac.new"]),
    (("vault_blobstore.py", "vault_blobstore_pg.py"),
     ["mem-blob-owner", "compare_digest", "part number must be", "written once", "no such backup", "larger than"]),
])
def test_the_engines_hold_no_copy_of_the_shared_rules(engines, shared):
    for engine in engines:
        text = (ROOT / "server" / engine).read_text(encoding="utf-8")
        assert [s for s in shared if s in text] == [], engine
