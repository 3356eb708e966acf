"""HTTP abuse: per-account quotas answered 413 / 429 / 507 with a JSON body, counted atomically,
and unfinished uploads swept (the attack: one token kept 384 MiB of never-finished uploads for
14 days, and the evidence endpoint took 7 MB per request)."""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from mem.client.connection import ServerClient
from mem.core import clock
from mem.core.config import Config
from mem.core.errors import QuotaExceeded
from mem.server.accounts import add_account
from mem.server.storage import open_store

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
SLOT = "a" * 32


@pytest.fixture
def frozen():
    clock.freeze(NOW)
    yield
    clock.freeze(None)


def _site(tmp_path, live_server, **quota):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    tokens = {name: add_account(workspace, name) for name in ("alice", "bob")}
    config = Config.load(workspace=workspace).overlay({"quota": quota})
    return workspace, live_server(workspace, config), tokens


def _evidence(n: int, quote: str = "I agree to the refund.") -> dict:
    return {"records": [{"fact_id": f"f{i}", "customer_id": "cust-1", "date": "2026-12-01", "quotes": [quote]}
                        for i in range(n)]}


def _post(server, token: str, path: str, body) -> httpx.Response:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return httpx.post(server.url + path, content=data, headers={"Authorization": f"Bearer {token}",
                                                                "Content-Type": "application/json"})


def test_evidence_request_over_its_record_or_byte_limit_is_413_with_a_json_body(tmp_path, live_server, frozen):
    workspace, server, tokens = _site(tmp_path, live_server, evidence_request_records=5,
                                      evidence_request_bytes=4096)
    answer = _post(server, tokens["alice"], "/v1/evidence", _evidence(6))
    assert answer.status_code == 413
    error = answer.json()["error"]
    assert error["kind"] == "quota" and error["quota"] == "evidence_request_records"
    assert error["limit"] == 5 and error["used"] == 6
    big = _post(server, tokens["alice"], "/v1/evidence", _evidence(2, "x" * 1900) | {"pad": "y" * 5000})
    assert big.status_code == 413 and big.json()["error"]["quota"] == "evidence_request_bytes"
    assert open_store(workspace).evidence() == []  # nothing of a refused request was kept
    assert _post(server, tokens["alice"], "/v1/evidence", _evidence(5)).status_code == 200


def test_seven_megabytes_of_evidence_are_refused_before_they_are_all_read(tmp_path, live_server, frozen):
    workspace, server, tokens = _site(tmp_path, live_server)
    body = json.dumps(_evidence(3500, "z" * 1990)).encode()
    assert len(body) > 7_000_000
    answer = _post(server, tokens["alice"], "/v1/evidence", body)
    assert answer.status_code == 413 and answer.json()["error"]["quota"] == "evidence_request_bytes"


def test_daily_evidence_allowance_is_429_with_retry_after_and_renews_the_next_day(tmp_path, live_server, frozen):
    workspace, server, tokens = _site(tmp_path, live_server, evidence_day_records=8)
    assert _post(server, tokens["alice"], "/v1/evidence", _evidence(5)).status_code == 200
    refused = _post(server, tokens["alice"], "/v1/evidence", _evidence(4))
    assert refused.status_code == 429
    assert refused.json()["error"]["quota"] == "evidence_day_records"
    assert refused.headers["Retry-After"] == str(15 * 3600) == str(refused.json()["error"]["retry_after"])
    assert len(open_store(workspace).evidence()) == 5
    assert _post(server, tokens["bob"], "/v1/evidence", _evidence(4)).status_code == 200  # per account
    clock.freeze(NOW + timedelta(days=1))
    assert _post(server, tokens["alice"], "/v1/evidence", _evidence(4)).status_code == 200


def test_share_intake_is_bounded_per_request_and_per_day(tmp_path, live_server, frozen):
    workspace, server, tokens = _site(tmp_path, live_server, share_request_records=3, share_day_records=4)
    record = {"condition": "order arrived damaged", "decision": "full refund", "policy_refs": [], "month": "2026-11"}
    records = [{**record, "pseudonym": f"pseudonym-{i:04d}", "fact_ref": f"fact-ref-{i:04d}"} for i in range(4)]
    too_many = _post(server, tokens["alice"], "/v1/share", {"records": records})
    assert too_many.status_code == 413 and too_many.json()["error"]["quota"] == "share_request_records"
    assert _post(server, tokens["alice"], "/v1/share", {"records": records[:3]}).status_code == 200
    again = _post(server, tokens["alice"], "/v1/share", {"records": records[3:] + records[:1]})
    assert again.status_code == 429 and again.json()["error"]["quota"] == "share_day_records"


def test_the_client_reports_a_quota_in_one_line(tmp_path, live_server, frozen):
    _, server, tokens = _site(tmp_path, live_server, evidence_day_records=1)
    with ServerClient(server.url, token=tokens["alice"]) as client:
        client.post_json("/v1/evidence", _evidence(1))
        with pytest.raises(QuotaExceeded) as caught:
            client.post_json("/v1/evidence", _evidence(1))
    message = str(caught.value)
    assert "\n" not in message and "quota.evidence_day_records" in message and "00:00 UTC" in message


def _create(client: httpx.Client, slot: str = SLOT) -> str:
    answer = client.post("/vault/backups", json={"slot": slot, "kdf": {"salt": "AA=="},
                                                 "authenticator": base64.b64encode(bytes(32)).decode()})
    assert answer.status_code == 201, answer.text
    return answer.json()["backup_id"]


def _vault(server, token: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {token}"})


def test_unfinished_uploads_are_bounded_with_507_and_swept_after_their_short_expiry(tmp_path, live_server, frozen):
    workspace, server, tokens = _site(tmp_path, live_server, unfinished_bytes=3 * 1024 * 1024,
                                      unfinished_minutes=30)
    with _vault(server, tokens["alice"]) as alice:
        ids = [_create(alice, slot=f"{i:032x}") for i in range(4)]
        chunk = b"\0" * (1024 * 1024)
        for backup_id in ids[:3]:
            assert alice.put(f"/vault/backups/{backup_id}/parts/0", content=chunk).status_code == 200
        full = alice.put(f"/vault/backups/{ids[3]}/parts/0", content=chunk)
        assert full.status_code == 507
        error = full.json()["error"]
        assert error["kind"] == "quota" and error["quota"] == "unfinished_bytes" and error["used"] == 3 * 1024 * 1024
        assert "30 minutes" in error["message"]
        # the same part sent again replaces the earlier copy: it does not count twice
        assert alice.put(f"/vault/backups/{ids[0]}/parts/0", content=chunk).status_code == 200
        with _vault(server, tokens["bob"]) as bob:  # another account is not affected
            assert bob.put(f"/vault/backups/{_create(bob)}/parts/0", content=chunk).status_code == 200

        clock.freeze(NOW + timedelta(minutes=31))  # past quota.unfinished_minutes: all four expired
        assert alice.put(f"/vault/backups/{ids[3]}/parts/0", content=chunk).status_code == 404
        fresh = _create(alice)  # creating sweeps when the account is full; here it simply fits
        assert alice.put(f"/vault/backups/{fresh}/parts/0", content=chunk).status_code == 200
    server.app.state.server.extras["vault"].sweep()
    parts = [p for p in (workspace / ".mem" / "blobs").rglob("*") if p.is_file() and p.name != ".gitignore"]
    assert [p.parent.name for p in parts] == [f".{fresh}.parts"]  # only the live upload's part is left
    assert open_store(workspace).backup_usage("alice").unfinished_count == 1


def test_backup_count_and_bytes_are_bounded_per_account(tmp_path, live_server, frozen):
    _, server, tokens = _site(tmp_path, live_server, backup_count=2, backup_bytes=1500)
    with _vault(server, tokens["alice"]) as alice:
        first = _create(alice, slot="1" * 32)
        data = b"c" * 1000
        assert alice.put(f"/vault/backups/{first}/parts/0", content=data).status_code == 200
        done = alice.post(f"/vault/backups/{first}/complete",
                          json={"parts": 1, "size": 1000, "sha256": hashlib.sha256(data).hexdigest()})
        assert done.status_code == 200 and done.json()["state"] == "ready"
        second = _create(alice, slot="2" * 32)
        over = alice.put(f"/vault/backups/{second}/parts/0", content=data)
        assert over.status_code == 507 and over.json()["error"]["quota"] == "backup_bytes"
        third = alice.post("/vault/backups", json={"slot": "3" * 32, "kdf": {},
                                                   "authenticator": base64.b64encode(bytes(32)).decode()})
        assert third.status_code == 507 and third.json()["error"]["quota"] == "backup_count"
        assert alice.delete(f"/vault/backups/{first}").status_code == 200  # deleting frees its share
        assert alice.put(f"/vault/backups/{second}/parts/0", content=data).status_code == 200


def test_concurrent_charges_never_pass_a_daily_limit_together(tmp_path):
    store = open_store(tmp_path / "ws")
    accepted: list[bool] = []

    def charge() -> None:
        for _ in range(10):
            accepted.append(store.charge_daily("alice", "evidence", day="2026-12-01", records=3, nbytes=10,
                                               max_records=50, max_bytes=10**9).accepted)

    threads = [threading.Thread(target=charge) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert accepted.count(True) == 16  # 16 × 3 = 48 ≤ 50; a 17th would pass the limit
    usage = store.charge_daily("alice", "evidence", day="2026-12-01", records=0, nbytes=0, max_records=50,
                               max_bytes=10**9)
    assert usage.records == 48


def test_a_restarted_server_sweeps_uploads_left_unfinished_by_its_clock(tmp_path, served):
    """MEM_NOW decides: 29 minutes later the upload is still there, 31 minutes later it is gone."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "mem.toml").write_text("[quota]\nunfinished_minutes = 30\n")
    token = add_account(workspace, "alice")
    server = served(workspace, now="2026-12-01T09:00:00Z")
    with _vault(server, token) as alice:
        backup_id = _create(alice)
        assert alice.put(f"/vault/backups/{backup_id}/parts/0", content=b"p" * 4096).status_code == 200
    server.stop()
    parts = workspace / ".mem" / "blobs"
    assert len(list(parts.rglob(f".{backup_id}.parts/*"))) == 1

    served(workspace, now="2026-12-01T09:29:00Z").stop()
    assert len(list(parts.rglob(f".{backup_id}.parts/*"))) == 1
    server = served(workspace, now="2026-12-01T09:31:00Z")  # the sweeper runs as the server starts
    try:
        with _vault(server, token) as alice:
            assert alice.get(f"/vault/backups/{backup_id}").status_code == 404
    finally:
        server.stop()
    assert list(parts.rglob(f".{backup_id}.parts*")) == []
    assert open_store(workspace).reserved_backups() == set()
