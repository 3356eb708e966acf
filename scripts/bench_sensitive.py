"""Precision and recall of the sensitive-topic classifier on a labelled set (en / ko / ja).

    python scripts/bench_sensitive.py [--json]

The set is ``tests/fixtures/sensitive_corpus.py``: sensitive sentences and ordinary support
sentences that share their words. For each category, precision is the share of sentences the
classifier put in it that belong there, recall the share of its sentences it found; "sensitive"
is the yes/no question the consent gate asks (any category vs ``none``). The misses are listed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "sensitive_corpus.py"


def load_cases() -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("sensitive_corpus", CORPUS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.SENSITIVE_CASES)


def measure(classify, cases: list[tuple[str, str]]) -> dict:
    """Per category (and ``sensitive`` as a whole): true positives, predicted, actual, and the misses."""
    got = [(text, want, classify(text)) for text, want in cases]
    categories = sorted({want for _, want, _ in got} - {"none"})
    table = {}
    for category in [*categories, "sensitive"]:
        def hit(label: str, category: str = category) -> bool:
            return label != "none" if category == "sensitive" else label == category
        tp = sum(1 for _, want, have in got if hit(want) and hit(have))
        table[category] = {"tp": tp, "predicted": sum(1 for *_, have in got if hit(have)),
                           "actual": sum(1 for _, want, _ in got if hit(want))}
    wrong = [{"text": text, "want": want, "got": have} for text, want, have in got if want != have]
    return {"cases": len(cases), "table": table, "wrong": wrong}


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f}%" if b else "–"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from mem.core.text.sensitive import sensitive_category

    result = measure(sensitive_category, load_cases())
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return
    print("| category | precision | recall |")
    print("|---|---|---|")
    for category, row in result["table"].items():
        print(f"| {category} | {row['tp']} / {row['predicted']} ({_pct(row['tp'], row['predicted'])}) "
              f"| {row['tp']} / {row['actual']} ({_pct(row['tp'], row['actual'])}) |")
    for miss in result["wrong"]:
        print(f"- want {miss['want']}, got {miss['got']}: {miss['text']}")


if __name__ == "__main__":
    main()
