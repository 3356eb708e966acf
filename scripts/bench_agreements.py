"""Agreement benchmark: does a request the agent confirms become an agreement, and a declined one not?

Each pair of ``scripts/data/agreement_pairs.json`` (tuning) or ``agreement_pairs_heldout.json``
and ``agreement_pairs_heldout2.json``
(held out: written before the rule, never tuned on) is one conversation of a fresh customer: the
customer's request, then the agent's reply, imported and extracted with the deterministic engine
exactly as ``mem log import`` + ``mem extract`` do. A pair passes when the stored fact of the
request is an agreement (kind ``decision``, ``agreement=True``, the agent's sentence in its
evidence) exactly when the pair says the agent agreed; a declined request or a question the agent
only answered must stay a request (or no fact at all).

Prints one line per failing pair, then pass counts per language and per expected outcome.
Usage: ``python scripts/bench_agreements.py [--pairs FILE]… [--verbose] [--counts-only]``; exit 0 when at
least 90 % of the pairs pass.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data")
TARGET = 0.9
FILES = (DATA / "agreement_pairs.json", DATA / "agreement_pairs_heldout.json", DATA / "agreement_pairs_heldout2.json")


@dataclass(frozen=True)
class PairResult:
    pair: dict[str, Any]
    passed: bool
    why: str


def load_pairs(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["pairs"]


def run_pair(pair: dict[str, Any], home: Path, name: str) -> PairResult:
    """Import and extract the pair for a fresh customer in ``home``, then check the stored facts."""
    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.store import CustomerStore

    config = Config.load(home=home, env={})
    with CustomerStore.open(home, f"pair-{name}-{pair['id']}") as store:
        log = home / f"{name}-{pair['id']}.jsonl"
        log.write_text("".join(json.dumps({"session": "s1", "time": f"2025-03-03T10:0{k}:00Z", "role": role,
                                           "text": text}, ensure_ascii=False) + "\n"
                               for k, (role, text) in enumerate((("customer", pair["customer"]),
                                                                 ("agent", pair["agent"])))), encoding="utf-8")
        store.log.import_file(log)
        extract_pending(store, config=config)
        facts = store.facts.list()
    agreed = [f for f in facts if f.agreement]
    if pair["agreement"]:
        if not agreed:
            return PairResult(pair, False, "not an agreement: " + "; ".join(f"{f.kind} {f.text!r}" for f in facts))
        agent = [e.quote for e in agreed[0].evidence if e.role == "agent"]
        if agreed[0].kind != "decision" or not agent:
            return PairResult(pair, False, f"agreement without the agent's words: {agreed[0].text!r}")
        return PairResult(pair, True, f"agreement: {agreed[0].text!r}")
    if agreed:
        return PairResult(pair, False, f"agreed though the agent did not: {agreed[0].text!r}")
    return PairResult(pair, True, "no agreement: " + "; ".join(f"{f.kind} {f.text!r}" for f in facts))


def run_file(path: Path) -> list[PairResult]:
    with tempfile.TemporaryDirectory(prefix="mem-bench-agreements-") as tmp:
        return [run_pair(pair, Path(tmp), path.stem) for pair in load_pairs(path)]


def table(results_by_file: dict[str, list[PairResult]]) -> str:
    langs = sorted({r.pair["lang"] for results in results_by_file.values() for r in results})
    lines = ["| pairs | expected | " + " | ".join(langs) + " | all |", "|---" * (len(langs) + 3) + "|"]

    def cell(rows: list[PairResult]) -> str:
        return f"{sum(r.passed for r in rows)}/{len(rows)}" if rows else "–"

    for name, results in results_by_file.items():
        for expected, label in ((True, "agreement"), (False, "no agreement"), (None, "**all**")):
            rows = [r for r in results if expected is None or r.pair["agreement"] is expected]
            cells = [cell([r for r in rows if r.pair["lang"] == lang]) for lang in langs]
            lines.append(f"| {name} | {label} | " + " | ".join(cells) + f" | {cell(rows)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=Path, action="append", help="a pairs file (default: both)")
    parser.add_argument("--verbose", action="store_true", help="also print passing pairs")
    parser.add_argument("--counts-only", action="store_true",
                        help="print only the table (a held-out file's failures stay unread)")
    args = parser.parse_args(argv)
    results_by_file = {path.stem: run_file(path) for path in (args.pairs or FILES)}
    for name, results in results_by_file.items():
        for result in results:
            if not args.counts_only and (args.verbose or not result.passed):
                print(f"{'PASS' if result.passed else 'FAIL'} {name} {result.pair['id']}: {result.why}")
    print(table(results_by_file))
    every = [r for results in results_by_file.values() for r in results]
    passed = sum(r.passed for r in every)
    print(f"\n{passed}/{len(every)} pairs pass (target {TARGET:.0%})")
    return 0 if passed >= TARGET * len(every) else 1


if __name__ == "__main__":
    sys.exit(main())
