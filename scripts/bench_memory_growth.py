"""Benchmark: how one customer's memory grows with their history — turns imported → memory.db size, the
export a backup encrypts, and the peak memory of backup (export) and restore (import).

A long-lived customer is generated as a request log over three years (``--turns`` in all, half of them the
customer's): the same few habits come back week after week (replacements sent, invoices asked for, morning
delivery preferred), so traits grow as they do for a real customer. The log is imported and extracted through
the store API; each backup and restore runs in a fresh process so its peak RSS is its own. Prints a markdown
table with the doubling ratios (docs/customers.md, "A trait's growth is one history row").

    python scripts/bench_memory_growth.py [--turns 5000,10000,20000]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ITEMS = ["kettle", "toaster", "lamp", "blender", "heater", "fan", "mixer", "scale", "grill", "iron"]
ASKS = [
    ("Could you send a replacement for order {n}? The {item} arrived with a cracked lid.",
     "Yes, we will send a replacement for order {n} today."),
    ("Please send me the invoice for order {n}, I need it for our accounts.",
     "Sure, the invoice for order {n} is on its way."),
    ("I prefer delivery in the morning, please deliver order {n} before noon.",
     "Noted, order {n} will come in the morning."),
    ("The {item} from order {n} stopped working after a week, can I get a refund?",
     "I am sorry to hear that; we can refund order {n} in full."),
    ("Where is my order {n}? The tracking page shows nothing since {day}.",
     "Order {n} left our warehouse yesterday."),
]


def write_log(path: Path, turns: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    start = datetime(2023, 12, 1, 9, 0)
    span = timedelta(days=3 * 365)
    lines = []
    for i in range(turns // 2):
        when = start + span * i / max(turns // 2, 1)
        ask, reply = rng.choice(ASKS)
        values = {"n": 10000 + i, "item": rng.choice(ITEMS), "day": (when - timedelta(days=3)).strftime("%B %d")}
        session = f"c{i}"
        lines.append({"session": session, "time": when.isoformat(timespec="seconds"), "role": "customer",
                      "text": ask.format(**values)})
        lines.append({"session": session, "time": (when + timedelta(minutes=2)).isoformat(timespec="seconds"),
                      "role": "agent", "text": reply.format(**values)})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def _child(code: str, *args: str) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of ``code`` run in a fresh interpreter."""
    script = ("import resource, sys, time\nstart = time.perf_counter()\n" + code +
              "\nprint(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", script, *args], check=True, capture_output=True, text=True).stdout
    seconds, rss_kb = out.split()[-2:]
    return float(seconds), int(rss_kb) / 1024


EXPORT = """
from pathlib import Path
from mem.customers.portable import export_customer
data = export_customer(Path(sys.argv[1]), "long-lived", include_logs=False)
Path(sys.argv[2]).write_bytes(data)
"""
IMPORT = """
from pathlib import Path
from mem.customers.portable import import_customer
import_customer(Path(sys.argv[1]), "long-lived", Path(sys.argv[2]).read_bytes())
"""


def run(turns: int, folder: Path) -> dict[str, float]:
    from mem.core import clock
    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.store import CustomerStore

    home = folder / f"home-{turns}"
    log = folder / f"log-{turns}.jsonl"
    write_log(log, turns)
    clock.freeze(clock.parse_datetime("2026-12-01T12:00:00Z"))
    config = Config.load(home=home, env={})
    with CustomerStore.open(home, "long-lived") as store:
        store.log.import_file(log)
        start = time.perf_counter()
        extract_pending(store, config=config)
        extract = time.perf_counter() - start
        conn = store.conn
        db = store.folder / "memory.db"
        traits = conn.execute("SELECT COUNT(*), COALESCE(SUM(LENGTH(data)), 0) FROM facts "
                              "WHERE kind = 'trait'").fetchone()
        history = conn.execute("SELECT COUNT(*), COALESCE(SUM(LENGTH(snapshot)), 0) FROM fact_history").fetchone()
        facts = conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0]
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    clock.freeze(None)
    export_path = folder / f"export-{turns}.bin"
    export_s, export_rss = _child(EXPORT, str(home), str(export_path))
    restore_home = folder / f"restored-{turns}"
    restore_s, restore_rss = _child(IMPORT, str(restore_home), str(export_path))
    return {"turns": turns, "facts": facts, "traits": traits[0], "trait_mb": traits[1] / 1e6,
            "history_rows": history[0], "history_mb": history[1] / 1e6, "db_mb": db.stat().st_size / 1e6,
            "export_mb": export_path.stat().st_size / 1e6, "extract_s": extract, "export_s": export_s,
            "export_rss": export_rss, "restore_s": restore_s, "restore_rss": restore_rss}


def _grew(r: dict[str, float], before: dict[str, float] | None, key: str) -> str:
    """The figure over the one at half the turns (2.0: linear), when the previous size was half."""
    if before is None or before["turns"] * 2 != r["turns"]:
        return ""
    return f" (×{r[key] / max(before[key], 1e-9):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", default="5000,10000,20000", help="comma-separated turn counts")
    args = parser.parse_args()
    print("| turns | facts (traits) | memory.db (×2) | trait records | fact_history | backup export | extract (×2) | "
          "backup: time / peak RSS (×2) | restore: time / peak RSS |")
    print("|---|---|---|---|---|---|---|---|---|")
    before: dict[str, float] | None = None
    with tempfile.TemporaryDirectory() as tmp:
        for turns in (int(t) for t in args.turns.split(",")):
            r = run(turns, Path(tmp))
            print(f"| {r['turns']:,} | {r['facts']:,} ({r['traits']:,}) | {r['db_mb']:.1f} MB"
                  f"{_grew(r, before, 'db_mb')} | {r['trait_mb']:.1f} MB | "
                  f"{r['history_rows']:,} rows, {r['history_mb']:.1f} MB | {r['export_mb']:.1f} MB | "
                  f"{r['extract_s']:.1f} s{_grew(r, before, 'extract_s')} | "
                  f"{r['export_s']:.1f} s / {r['export_rss']:.0f} MB{_grew(r, before, 'export_rss')} | "
                  f"{r['restore_s']:.1f} s / {r['restore_rss']:.0f} MB |", flush=True)
            before = r


if __name__ == "__main__":
    main()
