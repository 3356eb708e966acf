"""Load from one account: a flood of concurrent requests stays inside the account's quotas and the
server keeps answering everyone else."""

from __future__ import annotations

import base64
import json
from concurrent.futures import ThreadPoolExecutor

import httpx

from mem.core.config import Config
from mem.server.accounts import add_account
from mem.server.storage import open_store


def test_a_concurrent_evidence_flood_gets_exactly_the_daily_allowance(tmp_path, live_server):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    tokens = {name: add_account(workspace, name) for name in ("flood", "quiet")}
    config = Config.load(workspace=workspace).overlay({"quota": {"evidence_day_records": 60}})
    server = live_server(workspace, config)

    def post(i: int) -> int:
        body = {"records": [{"fact_id": f"f{i}-{k}", "customer_id": "cust-1", "date": None,
                             "quotes": ["Yes, refund half."]} for k in range(3)]}
        with httpx.Client(base_url=server.url, timeout=60) as client:
            return client.post("/v1/evidence", content=json.dumps(body),
                               headers={"Authorization": f"Bearer {tokens['flood']}"}).status_code

    with ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(post, range(80)))
    assert statuses.count(200) == 20 and statuses.count(429) == 60  # 20 × 3 records = the 60 allowed
    assert len(open_store(workspace).evidence(limit=1000)) == 60
    quiet = httpx.post(f"{server.url}/v1/evidence", headers={"Authorization": f"Bearer {tokens['quiet']}"},
                       json={"records": [{"fact_id": "q", "customer_id": "cust-9", "quotes": ["ok"]}]})
    assert quiet.status_code == 200


def test_a_concurrent_flood_of_unfinished_uploads_is_bounded(tmp_path, live_server):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    token = add_account(workspace, "flood")
    config = Config.load(workspace=workspace).overlay({"quota": {"unfinished_count": 5,
                                                                 "unfinished_bytes": 8 * 1024 * 1024}})
    server = live_server(workspace, config)
    headers = {"Authorization": f"Bearer {token}"}

    def start_and_fill(i: int) -> tuple[int, int]:
        with httpx.Client(base_url=server.url, headers=headers, timeout=60) as client:
            created = client.post("/vault/backups", json={"slot": f"{i:032x}", "kdf": {},
                                                          "authenticator": base64.b64encode(bytes(32)).decode()})
            if created.status_code != 201:
                return created.status_code, 0
            part = client.put(f"/vault/backups/{created.json()['backup_id']}/parts/0", content=b"\0" * 3 * 1024 * 1024)
            return 201, part.status_code

    with ThreadPoolExecutor(max_workers=12) as pool:
        results = list(pool.map(start_and_fill, range(30)))
    created = [r for r in results if r[0] == 201]
    assert len(created) == 5 and all(r[0] == 507 for r in results if r[0] != 201)
    assert sorted(r[1] for r in created).count(200) == 2  # 2 × 3 MiB fit in 8 MiB, a third does not
    usage = open_store(workspace).backup_usage("flood")
    assert usage.unfinished_count == 5 and usage.unfinished_bytes == 6 * 1024 * 1024
    stored = sum(p.stat().st_size for p in (workspace / ".mem" / "blobs").rglob("*") if p.is_file()
                 and p.name != ".gitignore")
    assert stored == 6 * 1024 * 1024
