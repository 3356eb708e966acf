"""Benchmark: `mem backup` / `mem restore` time for a customer with 1k and 100k facts.

Facts are generated through the customer store API (one transaction per batch), then backed up and
restored through the real HTTP vault (a `mem serve` app on loopback) with the production Argon2id
cost. The Argon2id derivation is timed on its own and shown separately; the backup and restore
columns include it once each, and the share of the customer store's export / import (F's code) is
shown beside them. Prints a markdown table (medians of --repeat runs).

    python scripts/bench_backup.py [--sizes 1000,100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path


def _generate(home: Path, customer: str, count: int) -> None:
    from mem.customers import CustomerStore, Fact, PolicyRef

    kinds = ("event", "decision", "preference", "request")
    with CustomerStore.open(home, customer) as store:
        batch = 2000
        for start in range(0, count, batch):
            with store.transaction():
                for n in range(start, min(count, start + batch)):
                    store.facts.add(Fact.new(
                        kinds[n % 4], f"Order {n}: asked about delivery window {n % 17} and refund case {n % 101}.",
                        valid_at=date(2026, 1, 1) + timedelta(days=n % 300),
                        policy_refs=[PolicyRef(page="refund", version=3)] if n % 10 == 0 else [],
                    ))
        store.context.add("Enterprise plan; answer in Japanese.", source="customer", budget_chars=600)


class Stages:
    """An ``on_progress`` callback that remembers when each stage started, to time one of them."""

    def __init__(self) -> None:
        self.marks: list[tuple[str, float]] = []

    def __call__(self, done: int, total: int, what: str) -> None:
        self.marks.append((what, time.perf_counter()))

    def took(self, stage: str) -> float:
        for (what, at), (_, after) in zip(self.marks, self.marks[1:], strict=False):
            if what == stage:
                return after - at
        return 0.0


def _serve(workspace: Path):
    import socket
    import threading

    import uvicorn

    from mem.core.config import Config
    from mem.server.app import create_app

    config = Config.load(workspace=workspace)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(workspace, config=config), log_level="warning",
                                           access_log=False, lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    return server, thread, f"http://127.0.0.1:{sock.getsockname()[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,100000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    from mem.client.connection import ServerClient
    from mem.client.vault_client import VaultClient
    from mem.customers import backup_crypto as bc
    from mem.customers.backup import create_backup, restore_backup
    from mem.server.accounts import add_account

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        workspace = root / "ws"
        workspace.mkdir()
        token = add_account(workspace, "bench")
        server, thread, url = _serve(workspace)
        argon = []
        for _ in range(max(3, args.repeat)):
            started = time.perf_counter()
            bc.pin_key("731946", salt=bc.random_bytes(16), kdf=bc.STANDARD)
            argon.append(time.perf_counter() - started)
        try:
            with ServerClient(url, token=token, timeout=120) as client:
                vault = VaultClient(client)
                for size in (int(s) for s in args.sizes.split(",")):
                    home = root / f"home-{size}"
                    started = time.perf_counter()
                    _generate(home, "cust-bench", size)
                    generated = time.perf_counter() - started
                    backups, restores, exports, imports, cipher = [], [], [], [], 0
                    for run in range(args.repeat):
                        stages = Stages()
                        started = time.perf_counter()
                        receipt = create_backup(home, "cust-bench", "731946", vault=vault, include_logs=False,
                                                on_progress=stages)
                        backups.append(time.perf_counter() - started)
                        exports.append(stages.took("exporting memory"))
                        cipher = receipt.ciphertext_bytes
                        stages = Stages()
                        started = time.perf_counter()
                        restore_backup(root / f"new-{size}-{run}", "cust-bench", "731946", vault=vault,
                                       policy_versions={"refund": 4}, on_progress=stages)
                        restores.append(time.perf_counter() - started)
                        imports.append(stages.took("writing memory"))
                    rows.append((size, generated, cipher, statistics.median(backups), statistics.median(exports),
                                 statistics.median(restores), statistics.median(imports)))
                    print(f"  {size} facts done", file=sys.stderr)
        finally:
            server.should_exit = True
            thread.join(timeout=10)

    kdf = bc.STANDARD
    print(f"Argon2id ({kdf.iterations} passes, {kdf.lanes} lanes, {kdf.memory_kib // 1024} MiB), "
          f"one derivation: median {statistics.median(argon) * 1000:.0f} ms\n")
    print("| facts | generate (store API) | ciphertext | backup | of which export | restore "
          "| of which import + recheck |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for size, generated, cipher, b, e, r, i in rows:
        print(f"| {size:,} | {generated:.1f} s | {cipher / 1024 / 1024:.2f} MiB | {b:.2f} s | {e:.2f} s "
              f"| {r:.2f} s | {i:.2f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
