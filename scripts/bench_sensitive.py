"""Precision and recall of the sensitive-topic classifier on a labelled set (en / ko / ja).

    python scripts/bench_sensitive.py [--set corpus|check|health] [--json]

The default set is ``tests/fixtures/sensitive_corpus.py``: sensitive sentences and ordinary support
sentences that share their words; ``check`` is ``tests/fixtures/sensitive_check.py`` and ``health``
``tests/fixtures/health_check.py`` (health details in everyday words and their look-alikes), whose
odd rows (1, 3, … counting from 1) and even rows are also measured apart: the health classes were
chosen on the odd half, and the even half is the one to report. For each category, precision is
the share of sentences the classifier put in it that belong there, recall the share of its
sentences it found; "sensitive" is the yes/no question the consent gate asks (any category vs
``none``). The misses are listed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
CORPUS = FIXTURES / "sensitive_corpus.py"
#: set name -> (file, the list it holds)
SETS = {
    "corpus": (CORPUS, "SENSITIVE_CASES"),
    "check": (FIXTURES / "sensitive_check.py", "SENSITIVE_CASES"),
    "health": (FIXTURES / "health_check.py", "HEALTH_CASES"),
}


def load_cases(name: str = "corpus") -> list[tuple[str, str]]:
    path, attribute = SETS[name]
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(getattr(module, attribute))


def halves(cases: list[tuple[str, str]]) -> dict[str, list[tuple[str, str]]]:
    """The odd rows (1, 3, … counting from 1: the half rules are chosen on) and the even rows (reported)."""
    return {"odd": cases[0::2], "even": cases[1::2]}


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
    parser.add_argument("--set", choices=sorted(SETS), default="corpus", help="which labelled set")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from mem.core.text.sensitive import sensitive_category

    cases = load_cases(args.set)
    result = measure(sensitive_category, cases)
    if args.set != "corpus":
        result["halves"] = {name: measure(sensitive_category, part)["table"] for name, part in halves(cases).items()}
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return
    if "halves" in result:
        print("| half | sensitive: precision | recall | ordinary sentences flagged |")
        print("|---|---|---|---|")
        for name, part in halves(cases).items():
            row = result["halves"][name]["sensitive"]
            ordinary = sum(1 for _, want in part if want == "none")
            flagged = row["predicted"] - row["tp"]
            print(f"| {name} | {row['tp']} / {row['predicted']} ({_pct(row['tp'], row['predicted'])}) "
                  f"| {row['tp']} / {row['actual']} ({_pct(row['tp'], row['actual'])}) "
                  f"| {flagged} / {ordinary} ({_pct(flagged, ordinary)}) |")
        print()
    print("| category | precision | recall |")
    print("|---|---|---|")
    for category, row in result["table"].items():
        print(f"| {category} | {row['tp']} / {row['predicted']} ({_pct(row['tp'], row['predicted'])}) "
              f"| {row['tp']} / {row['actual']} ({_pct(row['tp'], row['actual'])}) |")
    for miss in result["wrong"]:
        print(f"- want {miss['want']}, got {miss['got']}: {miss['text']}")


if __name__ == "__main__":
    main()
