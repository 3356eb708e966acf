"""Recall and false positives of the prompt-injection detector (``mem.core.instructions``).

Corpus: scripts/data/injection_corpus.jsonl, written for this benchmark — injected sentences
(rewordings, line breaks, confusable letters, zero-width characters, full-width and spaced-out
letters, leetspeak; English, Korean, Japanese) and ordinary policy sentences that must stay clean
(including handbook rules for human agents: "The agent must…", "You should deny…").

Rows with an odd id are the tuning half (the detector was adjusted while looking at them); rows with
an even id are held out. Rows marked ``"set": "fresh"`` were written after the detector's second
version and measured once before any change (docs/lint.md records that first figure); they are
reported apart. The table reports each part and all rows; ``--misses`` lists the errors of one part
(``tune`` by default: looking at held-out errors turns them into tuning data).

    python scripts/bench_injection.py [--misses tune|held-out|all]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from mem.core.instructions import is_instruction_like

CORPUS = Path(__file__).resolve().parent / "data" / "injection_corpus.jsonl"


def load() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def score(rows: list[dict]) -> tuple[int, int, int, int]:
    """(injected, caught, clean, false positives)"""
    injected = [r for r in rows if r["label"] == "injected"]
    clean = [r for r in rows if r["label"] == "clean"]
    return (len(injected), sum(r["flagged"] for r in injected), len(clean), sum(r["flagged"] for r in clean))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", choices=["tune", "held-out", "fresh", "all"], default="tune")
    args = parser.parse_args()
    rows = load()
    for row in rows:
        row["flagged"] = is_instruction_like(row["text"])
        row["half"] = "fresh" if row.get("set") == "fresh" else "tune" if row["id"] % 2 else "held-out"
    print(f"{'rows':<18} {'injected':>8} {'recall':>8} {'clean':>6} {'false pos.':>10} {'FP rate':>8}")
    groups = [("tune half", "tune", None), ("held-out half", "held-out", None), ("fresh set", "fresh", None),
              ("all", None, None)]
    groups += [(f"all, {lang}", None, lang) for lang in ("en", "ko", "ja")]
    for name, half, lang in groups:
        chosen = [r for r in rows if (half is None or r["half"] == half) and (lang is None or r["lang"] == lang)]
        injected, caught, clean, false = score(chosen)
        recall = caught / injected if injected else 1.0
        rate = false / clean if clean else 0.0
        print(f"{name:<18} {injected:>8} {recall:>8.1%} {clean:>6} {false:>10} {rate:>8.1%}")
    wrong = [r for r in rows if r["flagged"] != (r["label"] == "injected")
             and (args.misses == "all" or r["half"] == args.misses)]
    if wrong:
        print(f"\nerrors in the {args.misses} rows:")
        for r in wrong:
            kind = "missed" if r["label"] == "injected" else "false positive"
            print(f"  {r['id']:>4} {kind:<15} {r['text']!r}")


if __name__ == "__main__":
    main()
