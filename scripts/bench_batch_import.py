"""Benchmark `mem log import` over many customers: one process per customer file (the loop an operator wrote before
there was a batch form) against one `mem log import DIR` (newuser22 #15), per customer, process start included.

Writes N customer files of T turns each (synthetic, deterministic: a move, an order, small talk) into a temp folder,
then imports them both ways into two fresh homes and prints a markdown table of wall and CPU seconds per customer.
With ``--extract`` it also times `mem extract --customer ID` per customer (one process each: extraction has no batch
form; its time is the larger part of a customer's day one and is not changed by the batch import).

    python scripts/bench_batch_import.py [--customers 40] [--turns 36] [--extract]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CITIES = ["Phoenix", "Portland", "Denver", "Boulder", "Austin", "Seattle", "Tucson", "Reno"]


def write_customers(folder: Path, customers: int, turns: int) -> list[Path]:
    files = []
    for n in range(1, customers + 1):
        name = f"c{n:04d}"
        rows = []
        for t in range(turns):
            conversation = f"{name}-t{t // 12 + 1}"
            stamp = f"2026-0{1 + t // 12}-{2 + (t % 12):02d}T09:{t % 60:02d}:00Z"
            if t % 2:
                text = "Thanks, let me check that for you." if t % 4 == 1 else "Done, updated."
                rows.append({"conversation": conversation, "time": stamp, "role": "agent", "text": text})
                continue
            text = [f"Hi, I live in {CITIES[n % len(CITIES)]}. My order {name.upper()}-{t} is late.",
                    f"Actually I moved to {CITIES[(n + 1) % len(CITIES)]} last week, please update my address.",
                    "Please e-mail me rather than call.", "Ok thanks!"][(t // 2) % 4]
            rows.append({"conversation": conversation, "time": stamp, "role": "customer", "text": text})
        path = folder / f"{name}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        files.append(path)
    return files


def run(args: list[str], home: Path) -> None:
    env = {**os.environ, "MEM_HOME": str(home), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "mem", *args], env=env, check=False, capture_output=True, text=True)
    if done.returncode != 0 or "imported" not in done.stderr + done.stdout and args[0] == "log":
        raise SystemExit(f"mem {' '.join(args[:3])}: exit {done.returncode}: {done.stderr.strip()[-300:]}")


def timed(work) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    work()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--customers", type=int, default=40)
    parser.add_argument("--turns", type=int, default=36)
    parser.add_argument("--extract", action="store_true", help="also time mem extract per customer")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folder = root / "export"
        folder.mkdir()
        files = write_customers(folder, options.customers, options.turns)
        one_by_one = timed(lambda: [run(["log", "import", "--customer", f.stem, str(f)], root / "home1")
                                    for f in files])
        batch = timed(lambda: run(["log", "import", str(folder)], root / "home2"))
        rows = [("one `mem log import` per customer", one_by_one), ("one `mem log import DIR`", batch)]
        if options.extract:
            rows.append(("`mem extract` per customer (either way)",
                         timed(lambda: [run(["extract", "--customer", f.stem], root / "home2") for f in files])))
    n = options.customers
    print(f"{n} customers, {options.turns} turns each\n")
    print("| how | wall s / customer | CPU s / customer |\n|---|---|---|")
    for label, (wall, cpu) in rows:
        print(f"| {label} | {wall / n:.3f} | {cpu / n:.3f} |")


if __name__ == "__main__":
    main()
