"""Benchmark the customer part of `mem sync` with many customers: the evidence and withdrawal queues it drains
(new-user report 23 #5: every sync opened every customer's store, about 33 ms of CPU each).

Builds a home of N customers (one template store of a logged conversation and two facts, copied N times and each
copy given its own id), then times ``push_evidence`` and ``push_withdrawals`` — what `mem sync` runs after the bundle —
three times: the first sync (no customer marked drained yet: every store is opened, which is what every sync did
before this round), a second with nothing changed, and a third after K customers were written to (a fact each).
Nothing is sent: no customer has queued evidence or withdrawals, so no server is reached (the client points at a
closed port). Prints a markdown table of stores opened, wall and CPU seconds per run.

    python scripts/bench_sync_customers.py [--customers 2000] [--changed 20]
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path


def build_home(home: Path, customers: int) -> list[str]:
    from mem.customers import CustomerStore, Fact

    with CustomerStore.open(home, "template") as store:
        conversation = store.log.new_conversation(session="s1")
        store.log.append_turn(conversation, role="customer", text="I moved to Lisbon, please update my address.")
        store.log.append_turn(conversation, role="agent", text="Done, updated.")
        store.facts.add(Fact.new("attribute", "Lives in Lisbon."))
        store.facts.add(Fact.new("preference", "Prefers e-mail."))
    template = home / "customers" / "template"
    ids = [f"c{n:05d}" for n in range(customers)]
    for customer_id in ids:
        folder = home / "customers" / customer_id
        shutil.copytree(template, folder)
        conn = sqlite3.connect(folder / "memory.db")
        with conn:
            conn.execute("UPDATE meta SET value = ? WHERE key = 'customer_id'", (customer_id,))
        conn.close()
    shutil.rmtree(template)
    return ids


def drain(home: Path) -> tuple[int, float, float]:
    """One sync's customer part: (stores opened, wall s, CPU s)."""
    from mem.client.connection import ServerClient
    from mem.client.evidence_push import push_evidence
    from mem.client.share_upload import push_withdrawals
    from mem.core.config import Config

    config = Config.load(home=home)
    client = ServerClient("http://127.0.0.1:9")  # never reached: nothing is queued
    opened = 0
    import mem.customers.store as store_module

    real_init = store_module.CustomerStore.__init__

    def counting_init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal opened
        opened += 1
        real_init(self, *args, **kwargs)

    store_module.CustomerStore.__init__ = counting_init  # type: ignore[method-assign]
    try:
        cpu, start = time.process_time(), time.perf_counter()
        push_evidence(home, client=client)
        push_withdrawals(home, config=config, client=client)
        return opened, time.perf_counter() - start, time.process_time() - cpu
    finally:
        store_module.CustomerStore.__init__ = real_init  # type: ignore[method-assign]
        client.close()


def touch(home: Path, ids: list[str]) -> None:
    from mem.customers import CustomerStore, Fact

    for customer_id in ids:
        with CustomerStore.open(home, customer_id, create=False) as store:
            store.facts.add(Fact.new("preference", "Prefers a call after 6 pm."))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--customers", type=int, default=2000)
    parser.add_argument("--changed", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        ids = build_home(home, args.customers)
        rows = [("first sync (nothing marked yet: every store opened, as every sync did before)", *drain(home))]
        rows.append(("second sync, nothing changed", *drain(home)))
        changed = ids[:: max(1, len(ids) // max(1, args.changed))][: args.changed]
        touch(home, changed)
        rows.append((f"third sync, {len(changed)} customers written to since", *drain(home)))
    print(f"{args.customers} customers, no evidence or withdrawal queued\n")
    print("| sync | stores opened | wall s | CPU s | CPU ms / customer |")
    print("|---|---:|---:|---:|---:|")
    for name, opened, wall, cpu in rows:
        print(f"| {name} | {opened} | {wall:.2f} | {cpu:.2f} | {cpu * 1000 / args.customers:.2f} |")


if __name__ == "__main__":
    main()
