"""A hostile message of one shape, end to end: `mem log import`, `mem extract`, and a `mem ask` that waits meanwhile.

A customer (or a broken client) can send a message of up to ``[extract] max_message_bytes`` (256 KiB) of spaces, of
digits, or of "1 a ? " runs. Each pattern now reads such a run once (``scripts/scan_patterns.py``); this checks the
whole path in real processes: the import, the extraction of that one message (one transaction under the
customer's lock), and a `mem ask` for the same customer started while the extraction runs — it must get in within
the lock wait `mem ask` allows (15 s; docs/extraction.md "The customer's lock and long messages"). Then a
question of 10 KB of digits is asked, with the lexical engine (`MEM_SEMANTIC=off`) and as configured (`auto`: the
semantic layer when it is installed).

Builds the reference demo (`mem demo`) in a temporary folder, so the workspace has real policy pages.

    python scripts/check_long_messages.py                  # 256 KiB less a little, three shapes
    python scripts/check_long_messages.py --bytes 65536 --shapes mixed

Prints one markdown table; exit status 1 when an extraction fails, or a waiting `mem ask` is refused or waits
longer than ``--ask-limit`` seconds.
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

SHAPES = {"spaces": " ", "digits": "1", "mixed": "1 a ? ", "newlines": "\n", "nbsp": "\u00a0"}
ASK_LOCK_WAIT = 15.0  # seconds `mem ask` waits for the customer's lock (docs/customers.md, lock_timeout)


def _mem(*args: str, env: dict[str, str] | None = None, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mem", *args], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def message(shape: str, size: int) -> str:
    """A message of about ``size`` UTF-8 bytes: a greeting, the run, a thanks (an all-blank message is skipped)."""
    unit = SHAPES[shape]
    count = (size - 16) // len(unit.encode())
    return "Hi " + unit * count + " thanks"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bytes", type=int, default=262_000, help="bytes of each message (the limit is 262,144)")
    parser.add_argument("--shapes", default="spaces,digits,mixed", help=f"comma-separated, of {', '.join(SHAPES)}")
    parser.add_argument("--ask-after", type=float, default=1.0, help="seconds after the extraction starts")
    parser.add_argument("--ask-limit", type=float, default=ASK_LOCK_WAIT, help="the longest a waiting ask may take")
    parser.add_argument("--keep", type=Path, help="build the demo here (an empty folder) and keep it")
    args = parser.parse_args(argv)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="mem-long-messages-"))
    built = _mem("demo", "--dir", str(folder))
    if built.returncode != 0:
        print(built.stderr, file=sys.stderr)
        return 2
    where = ["--workspace", str(folder / "workspace"), "--home", str(folder / "home")]
    failed = False
    print("| message | import (wall s) | extract (wall s / CPU s) | `mem ask` meanwhile (wall s, exit) |")
    print("|---|---|---|---|")
    for shape in args.shapes.split(","):
        customer = f"long-{shape}"
        log = folder / f"{shape}.jsonl"
        log.write_text(json.dumps({"session": shape, "time": "2026-11-01T10:00:00Z", "role": "customer",
                                   "text": message(shape, args.bytes)}) + "\n", encoding="utf-8")
        start = time.monotonic()
        imported = _mem(*where, "log", "import", "--customer", customer, str(log))
        import_wall = time.monotonic() - start
        if imported.returncode != 0:
            print(f"| {shape} | failed: {imported.stderr.strip()[:80]} | | |")
            failed = True
            continue
        cpu_before = _children_cpu()
        start = time.monotonic()
        extract = subprocess.Popen([sys.executable, "-m", "mem", *where, "extract", "--customer", customer],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        time.sleep(args.ask_after)
        asked = time.monotonic()
        ask = _mem(*where, "ask", "--customer", customer, "--no-learn", "Can I get a refund?",
                   env={"MEM_SEMANTIC": "off"})
        ask_wall = time.monotonic() - asked
        _, err = extract.communicate()
        extract_wall = time.monotonic() - start
        extract_cpu = _children_cpu() - cpu_before  # both children: the ask's share is under a second
        print(f"| {len(message(shape, args.bytes).encode()):,} bytes of {SHAPES[shape]!r} | {import_wall:.1f} | "
              f"{extract_wall:.1f} / {extract_cpu:.1f} (with the ask) | {ask_wall:.1f}, {ask.returncode} |")
        if extract.returncode != 0 or ask.returncode != 0 or ask_wall > args.ask_limit:
            failed = True
            print((err or ask.stderr).strip()[:200], file=sys.stderr)
    question = "1" * 10_240
    for semantic in ("off", "auto"):
        cpu_before = _children_cpu()
        start = time.monotonic()
        ask = _mem(*where, "ask", "--customer", "cust-a", "--no-learn", question, env={"MEM_SEMANTIC": semantic})
        print(f"| question of 10,240 digits, semantic {semantic} | | | {time.monotonic() - start:.2f} wall s, "
              f"{_children_cpu() - cpu_before:.2f} CPU s, exit {ask.returncode} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
