"""Benchmark `mem mcp`: start-up of the real command over stdio, and the latency of each tool.

Builds the reference scenario once with `mem demo --dir` (policy v4, know-how, customers A–D), then
starts `mem mcp --customer cust-a` as an agent host would — a fresh process over stdio, driven by
the MCP SDK's own client — and measures, for each run: the time from spawning the process to the
first tool list (start-up), then one call of each read-only tool. Prints a markdown table of
medians and p90 over the runs, with the load average (the machine is shared).

    python scripts/bench_mcp.py [--runs 7] [--keep DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CALLS = [
    ("lookup_policy", {"query": "refund after 18 days"}),
    ("search_knowhow", {"query": "partial refund over 14 days Enterprise"}),
    ("search_facts", {"query": "refund annual contract exception"}),
    ("get_customer_context", {}),
    ("ask", {"question": "Like last time, can I get a partial refund for a purchase 18 days ago?"}),
]


def build(folder: Path) -> tuple[Path, Path]:
    subprocess.run([sys.executable, "-m", "mem", "demo", "--dir", str(folder)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workspaces = [p.parent for p in folder.rglob("mem.toml")]
    homes = [p.parent.parent for p in folder.rglob("customers") if (p / "cust-a").is_dir()]
    if not workspaces or not homes:
        sys.exit(f"mem demo did not leave a workspace and a client home with cust-a in {folder}")
    return workspaces[0], homes[0]


async def one_run(workspace: Path, home: Path) -> dict[str, float]:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable, env={**os.environ, "MEM_HOME": str(home)},
        args=["-m", "mem", "-w", str(workspace), "mcp", "--customer", "cust-a", "--no-learn"])
    times: dict[str, float] = {}
    start = time.perf_counter()
    async with Client(params) as client:
        await client.list_tools()
        times["start-up (spawn → tool list)"] = time.perf_counter() - start
        for name, arguments in CALLS:
            begin = time.perf_counter()
            result = await client.call_tool(name, arguments)
            times[name] = time.perf_counter() - begin
            if result.is_error:
                sys.exit(f"{name} failed: {result.content[0].text}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="build the scenario here and keep it")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench-mcp-"))
    try:
        workspace, home = build(folder)
        runs = []
        with open(os.devnull, "w") as devnull:
            for _ in range(args.runs):
                stderr, sys.stderr = sys.stderr, devnull  # the servers' stderr (learning notes) is not data
                try:
                    runs.append(asyncio.run(one_run(workspace, home)))
                finally:
                    sys.stderr = stderr
        load = os.getloadavg()[0]
        print(f"{args.runs} runs, cust-a of the reference scenario, "
              f"load average {load:.1f} on {os.cpu_count()} cores\n")
        print("| step | median (s) | p90 (s) |")
        print("|---|---|---|")
        for step in runs[0]:
            values = sorted(run[step] for run in runs)
            p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
            print(f"| {step} | {statistics.median(values):.3f} | {p90:.3f} |")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
