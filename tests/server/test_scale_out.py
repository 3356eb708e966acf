"""Many workers on one PostgreSQL database: `mem serve --workers N`, two servers side by side, the
ASGI app from the environment, /ready, and `kill -9` of a worker under load."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from mem.core.config import Config
from mem.server.accounts import add_account
from mem.server.storage import open_store

GOOD = base64.b64encode(b"\x01" * 32).decode()
BAD = base64.b64encode(b"\x02" * 32).decode()


class Served:
    """``mem serve --port 0 [--workers N]`` (or any command printing the URL) in a child process."""

    def __init__(self, args: list[str], env: dict[str, str], *, timeout: float = 60) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "mem.cli.main", *args], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.url = ""
        deadline = time.monotonic() + timeout
        for line in self.process.stderr:  # "serving WS on http://127.0.0.1:PORT (Ctrl-C stops)"
            found = re.search(r"on (http://\S+)", line)
            if found:
                self.url = found.group(1)
                break
        if not self.url:
            self.stop()
            raise RuntimeError("mem serve did not say where it listens")
        threading.Thread(target=self.process.stderr.read, daemon=True).start()  # never block on a full pipe
        while True:  # every worker must be up: /ready answers through whichever accepts
            try:
                if httpx.get(self.url + "/ready", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise RuntimeError("mem serve did not become ready")
            time.sleep(0.2)

    def workers(self) -> list[int]:
        """Pids of the uvicorn worker processes (children of the supervisor)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        return [int(pid) for pid in children if "spawn_main" in _cmdline(int(pid))]

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


@pytest.fixture
def deployment(tmp_path, migrated_pg_url):
    """A workspace with a signed bundle, an account, and its settings pointing at PostgreSQL."""
    from mem.server.bundle import build_bundle
    from mem.server.keys import init_keys
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    init_keys(ws)
    env = {**os.environ, "MEM_DATABASE_URL": migrated_pg_url}
    config = Config.load(workspace=ws, env=env)
    build_bundle(ws, config=config)
    token = add_account(ws, "shop-a", store=open_store(ws, config))
    return ws, env, config, token


def _backup(client: httpx.Client, slot: str) -> str:
    created = client.post("/vault/backups", json={"slot": hashlib.sha256(slot.encode()).hexdigest()[:32],
                                                  "authenticator": GOOD, "kdf": {}}).json()
    bid = created["backup_id"]
    data = b"ciphertext " * 50
    assert client.put(f"/vault/backups/{bid}/parts/0", content=data).status_code == 200
    done = client.post(f"/vault/backups/{bid}/complete",
                       json={"parts": 1, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    assert done.status_code == 200, done.text
    return bid


def _guess(url: str, token: str, bid: str, proof: str) -> str:
    # A fresh connection per guess, so the kernel spreads them over the workers.
    answer = httpx.post(f"{url}/vault/backups/{bid}/unlock", json={"authenticator": proof},
                        headers={"Authorization": f"Bearer {token}"}, timeout=60)
    if answer.status_code == 404:
        return "gone"
    body = answer.json()
    assert answer.status_code == 200, body
    if body["ok"]:
        return "ok"
    return "destroyed" if body["destroyed"] else f"wrong:{body['remaining_attempts']}"


def test_four_workers_count_fifty_concurrent_wrong_guesses_exactly_ten(deployment):
    ws, env, config, token = deployment
    served = Served(["--workspace", str(ws), "serve", "--port", "0", "--workers", "4"], env)
    try:
        assert len(served.workers()) == 4
        with httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {token}"}) as client:
            bid = _backup(client, "slot-1")
        with ThreadPoolExecutor(max_workers=25) as pool:
            outcomes = list(pool.map(lambda _: _guess(served.url, token, bid, BAD), range(50)))
        assert sorted(o for o in outcomes if o.startswith("wrong")) == sorted(f"wrong:{n}" for n in range(1, 10))
        assert outcomes.count("destroyed") == 1 and outcomes.count("gone") == 40
        from mem.server.vault import Vault

        vault = Vault.open(ws, config=config)
        assert bid not in vault.keys.known_ids() and bid not in vault.blobs.ids()  # key and blob destroyed

        # Evidence sent at once through every worker is stored once, and seen by any other process.
        record = {"fact_id": "F1", "customer_id": "cust-a", "date": "2026-09-28", "quotes": ["Yes, refund it."]}

        def send(_: int) -> int:
            answer = httpx.post(served.url + "/v1/evidence", json={"records": [record]},
                                headers={"Authorization": f"Bearer {token}"}, timeout=60)
            assert answer.status_code == 200, answer.text
            return answer.json()["added"]

        with ThreadPoolExecutor(max_workers=10) as pool:
            assert sorted(pool.map(send, range(20))) == [0] * 19 + [1]
        assert [r["fact_id"] for r in open_store(ws, config).evidence()] == ["F1"]
    finally:
        served.stop()


def test_two_servers_on_one_database_share_accounts_counters_and_evidence(deployment):
    ws, env, config, token = deployment
    first = Served(["--workspace", str(ws), "serve", "--port", "0"], env)
    second = Served(["--workspace", str(ws), "serve", "--port", "0"], env)
    try:
        with httpx.Client(base_url=first.url, headers={"Authorization": f"Bearer {token}"}) as client:
            bid = _backup(client, "slot-2")
            record = {"fact_id": "F2", "customer_id": "cust-b", "date": None, "quotes": ["Cancel it, yes."]}
            assert client.post("/v1/evidence", json={"records": [record]}).json()["added"] == 1
        # A restore racing the last wrong guess, each on its own server: never the secret after a destroy.
        for _ in range(9):
            assert _guess(first.url, token, bid, BAD).startswith("wrong")
        with ThreadPoolExecutor(max_workers=2) as pool:
            owner = pool.submit(_guess, second.url, token, bid, GOOD)
            thief = pool.submit(_guess, first.url, token, bid, BAD)
            assert thief.result() == "destroyed"
            assert owner.result() in ("ok", "gone")
        with httpx.Client(base_url=second.url, headers={"Authorization": f"Bearer {token}"}) as client:
            again = client.post("/v1/evidence", json={"records": [record]}).json()
            assert again == {"received": 1, "added": 0}  # the first server's copy is the one kept
    finally:
        first.stop()
        second.stop()


def test_kill_9_of_a_worker_under_load_loses_and_corrupts_nothing(deployment):
    ws, env, config, token = deployment
    served = Served(["--workspace", str(ws), "serve", "--port", "0", "--workers", "2"], env)
    acknowledged: list[str] = []
    stop = threading.Event()

    def load(worker: int) -> None:
        n = 0
        while not stop.is_set() and n < 400:
            n += 1
            fact = f"W{worker}-{n}"
            record = {"fact_id": fact, "customer_id": "cust-k", "date": None, "quotes": ["Agreed."]}
            try:
                answer = httpx.post(served.url + "/v1/evidence", json={"records": [record]},
                                    headers={"Authorization": f"Bearer {token}"}, timeout=30)
            except httpx.HTTPError:
                continue  # the connection went down with the worker: not acknowledged
            if answer.status_code == 200 and answer.json()["added"] == 1:
                acknowledged.append(fact)

    try:
        victim = served.workers()[0]
        threads = [threading.Thread(target=load, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        time.sleep(1.5)
        os.kill(victim, signal.SIGKILL)
        time.sleep(1.5)
        stop.set()
        for t in threads:
            t.join()
        assert len(acknowledged) > 10
        stored = {r["fact_id"] for r in open_store(ws, config).evidence(limit=10_000)}
        assert set(acknowledged) <= stored  # every acknowledged record is there
        assert len(stored) == len(set(stored))
        deadline = time.monotonic() + 30  # the supervisor replaces the dead worker
        while victim in served.workers() or len(served.workers()) < 2:
            assert time.monotonic() < deadline, "the killed worker was not replaced"
            time.sleep(0.2)
        assert httpx.get(served.url + "/ready", timeout=10).status_code == 200
    finally:
        stop.set()
        served.stop()


def test_the_asgi_app_is_configured_from_the_environment(deployment, tmp_path):
    ws, env, config, token = deployment
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "uvicorn", "mem.server.asgi:app", "--port", str(port),
                                "--workers", "2", "--log-level", "warning"],
                               env={**env, "MEM_WORKSPACE": str(ws)}, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/ready", timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and process.poll() is None, "uvicorn did not start"
                time.sleep(0.2)
        assert answer.json() == {"status": "ready"}
        accounts = httpx.get(f"http://127.0.0.1:{port}/vault/backups",
                             headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert accounts.json() == {"backups": []}  # the token was found in PostgreSQL
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_a_worker_refuses_to_start_on_an_unknown_schema(tmp_path, pg_url):
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    env = {**os.environ, "MEM_DATABASE_URL": pg_url, "MEM_WORKSPACE": str(ws)}
    done = subprocess.run([sys.executable, "-m", "uvicorn", "mem.server.asgi:app", "--port", "0"], env=env,
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode != 0
    assert "run `mem server migrate`" in done.stderr
    served = subprocess.run([sys.executable, "-m", "mem.cli.main", "serve", "--port", "0"], env=env,
                            capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert served.returncode != 0 and served.stderr.count("\n") == 1 and "mem server migrate" in served.stderr


def test_ready_lists_what_is_missing(tmp_path):
    from starlette.testclient import TestClient

    from mem.server.app import create_app
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    with TestClient(create_app(ws, config=Config.load(workspace=ws, env={}))) as client:
        assert client.get("/health").json()["status"] == "ok"
        answer = client.get("/ready")
    assert answer.status_code == 503
    assert answer.json()["problems"] == ["no public signing key: run `mem keys init`",
                                         "no bundle published: run `mem bundle build`"]
