"""Update judgement benchmark: does a changed slot replace the old value, in English, Korean and Japanese?

Runs every case of ``scripts/update_cases.json`` (written for this benchmark, not tuned on any
data set) on a fresh customer: each conversation of the case is imported on its own day and
extracted with the deterministic engine, exactly as ``mem log import`` + ``mem extract`` do. A case
passes when all of these hold:

- **history kept** — the facts quoting the ``old`` value (and not the new one) exist and none of
  them is active any more: they are ``replaced`` or ``retracted``. The value is looked for in the customer's
  words, and only when no fact holds it there, in the agent's confirmation of an agreement (the case format
  lets ``old`` be a substring of the confirming turn: "신상품 입고 알림 신청 완료했습니다");
- **not an update** — a case with ``"expect": "kept"`` ("my sister moved to Paris", "I grew up in
  Oslo", "if we moved to Tokyo…", a question about the store's address) passes when a fact quoting
  ``old`` is still active;
- **latest first** — when the case has a ``new`` value, the case's ``query`` (a question phrased
  about the slot, in the case's language: "where does the customer live", "어디 살아요", "住所は")
  returns, as its first hit, an active fact whose customer words hold the new value — or, for an
  agreement, its evidence: the new value may be stated by the agent and agreed to by the customer
  ("I've switched you to the Dedicated Desk plan", "So the new address is 14 Elm Row?" – "yes"), as
  ``old`` may be found in the agent's confirmation.

Prints one line per failing case, then a table of pass counts per slot and language.
Usage: ``python scripts/bench_updates.py [--cases FILE] [--half odd|even] [--verbose]``; exit 0 when ≥ 95 %
pass. ``--half`` splits a file by case order — ``odd`` the 1st, 3rd, … cases, ``even`` the 2nd, 4th, … — so
rules can be tuned on one half and checked on the other (docs/measurements/extraction.md: held-out 5 is split so).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

CASES = Path(__file__).with_name("update_cases.json")
TARGET = 0.95
_FIRST_DAY = date(2025, 3, 3)


@dataclass(frozen=True)
class CaseResult:
    case: dict[str, Any]
    passed: bool
    why: str


def load_cases(path: Path = CASES, half: str | None = None) -> list[dict[str, Any]]:
    """The cases of ``path``; with ``half`` only the odd-numbered (1st, 3rd, …) or even-numbered ones."""
    cases = json.loads(path.read_text(encoding="utf-8"))
    if half is None:
        return cases
    return cases[0::2] if half == "odd" else cases[1::2]


def run_case(case: dict[str, Any], home: Path) -> CaseResult:
    """Import and extract the case's conversations for a fresh customer in ``home``, then check it."""
    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.store import CustomerStore

    config = Config.load(home=home, env={})
    with CustomerStore.open(home, f"case-{case['id']}") as store:
        for number, conversation in enumerate(case["conversations"]):
            day = _FIRST_DAY + timedelta(days=30 * number)
            log = home / f"{case['id']}-{number}.jsonl"
            log.write_text("".join(
                json.dumps({"session": f"s{number}", "time": f"{day.isoformat()}T10:{k:02d}:00Z",
                            "role": turn["role"], "text": turn["text"]}, ensure_ascii=False) + "\n"
                for k, turn in enumerate(conversation)), encoding="utf-8")
            store.log.import_file(log)
            extract_pending(store, config=config)
        return CaseResult(case, *_check(store, case))


def _customer_words(fact: Any) -> str:
    return " ".join(e.quote for e in fact.evidence if e.role == "customer")


def _evidence_words(fact: Any) -> str:
    """Every quote of the fact: the customer's words and, for an agreement, the agent's confirming sentence —
    the case format lets ``old`` be a substring of either ("신상품 입고 알림 신청 완료했습니다" confirms "신상품
    들어오면 알림 문자 받고 싶어요")."""
    return " ".join(e.quote for e in fact.evidence)


def _check(store: Any, case: dict[str, Any]) -> tuple[bool, str]:
    old, new = case.get("old"), case.get("new")
    if case.get("expect") == "kept":
        # not an update ("my sister moved to Paris", "if we moved to Tokyo…"): the old value stays active
        active = [f for f in store.facts.list(statuses=["active"]) if old in _customer_words(f)
                  or f.agreement and old in _evidence_words(f)]
        return (True, "ok") if active else (False, f"the value {old!r} is no longer active")
    if old:
        everything = store.facts.list(statuses=["active", "replaced", "retracted"])
        stale = [f for f in everything if old in _customer_words(f) and not (new and new in _customer_words(f))] \
            or [f for f in everything if f.agreement and old in _evidence_words(f)
                and not (new and new in _customer_words(f))]
        if not stale:
            return False, f"no fact holds the old value {old!r}"
        still = [f for f in stale if f.status == "active"]
        if still:
            return False, f"the old value is still active: {still[0].text!r}"
    if new:
        hits = store.facts.search(case["query"], limit=10)
        if not hits:
            return False, f"{case['query']!r} finds nothing"
        first = hits[0].fact
        if new not in _customer_words(first) and not (first.agreement and new in _evidence_words(first)):
            return False, f"{case['query']!r} ranks {first.text!r} first"
    return True, "ok"


def run_all(cases: list[dict[str, Any]]) -> list[CaseResult]:
    results = []
    with tempfile.TemporaryDirectory(prefix="mem-bench-updates-") as tmp:
        for case in cases:
            results.append(run_case(case, Path(tmp)))
    return results


def table(results: list[CaseResult]) -> str:
    langs = sorted({r.case["lang"] for r in results})
    slots = list(dict.fromkeys(r.case["slot"] for r in results))
    lines = ["| slot | " + " | ".join(langs) + " | all |", "|---" * (len(langs) + 2) + "|"]

    def cell(rows: list[CaseResult]) -> str:
        return f"{sum(r.passed for r in rows)}/{len(rows)}" if rows else "–"

    for slot in [*slots, None]:
        rows = [r for r in results if slot is None or r.case["slot"] == slot]
        cells = [cell([r for r in rows if r.case["lang"] == lang]) for lang in langs]
        lines.append(f"| {slot or '**all**'} | " + " | ".join(cells) + f" | {cell(rows)} |")
    confirmed = [r for r in results if r.case["agent_confirms"]]
    lines.append(f"\nwith the agent confirming: {cell(confirmed)}; "
                 f"without: {cell([r for r in results if not r.case['agent_confirms']])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=CASES)
    parser.add_argument("--half", choices=("odd", "even"),
                        help="only the odd-numbered (1st, 3rd, …) or even-numbered cases of the file")
    parser.add_argument("--verbose", action="store_true", help="also print passing cases")
    args = parser.parse_args(argv)
    results = run_all(load_cases(args.cases, args.half))
    for result in results:
        if args.verbose or not result.passed:
            print(f"{'PASS' if result.passed else 'FAIL'} {result.case['id']}: {result.why}")
    print(table(results))
    share = sum(r.passed for r in results) / len(results)
    print(f"\n{share:.1%} of {len(results)} cases pass (target {TARGET:.0%})")
    return 0 if share >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
