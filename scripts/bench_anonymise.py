"""Recall of the share anonymiser on a hand-written corpus of personal data (en / ko / ja).

    python scripts/bench_anonymise.py [--json]

For every case of ``tests/fixtures/personal_data_corpus.py`` the decision text is scrubbed the way
``mem share`` does (``mem.knowhow.anonymise.scrub`` with the customer's id and the default
``lint.customer_id_pattern``, no operator name list), and each secret substring that is still in
the output counts as a miss. Prints a markdown table: per kind and language, secrets removed /
secrets, recall, and the texts with a miss (so the gaps are visible, not averaged away).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "personal_data_corpus.py"


def load_cases() -> list[tuple[str, str, str, list[str], str]]:
    spec = importlib.util.spec_from_file_location("personal_data_corpus", CORPUS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CASES


def measure() -> dict:
    """``{"rows": [{kind, lang, secrets, removed, recall, missed: [scrubbed texts]}], "total": {...}}``."""
    from mem.core.config import Config
    from mem.knowhow.anonymise import scrub

    pattern = Config().lint.customer_id_pattern
    groups: dict[tuple[str, str], dict] = defaultdict(lambda: {"secrets": 0, "removed": 0, "missed": []})
    for lang, kind, text, secrets, customer_id in load_cases():
        out = scrub(text, customer_ids=[customer_id], customer_id_pattern=pattern)
        group = groups[(kind, lang)]
        left = [s for s in secrets if s.lower() in out.lower()]
        group["secrets"] += len(secrets)
        group["removed"] += len(secrets) - len(left)
        if left:
            group["missed"].append(out)
    rows = [{"kind": kind, "lang": lang, **g, "recall": g["removed"] / g["secrets"]}
            for (kind, lang), g in groups.items()]
    total_secrets = sum(r["secrets"] for r in rows)
    total_removed = sum(r["removed"] for r in rows)
    return {"rows": rows, "total": {"secrets": total_secrets, "removed": total_removed,
                                    "recall": total_removed / total_secrets}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT.parent))
    result = measure()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    print("| kind | lang | secrets removed | recall | still there after scrubbing |")
    print("|---|---|---|---|---|")
    for r in result["rows"]:
        missed = "<br>".join(f"`{m}`" for m in r["missed"]) or "–"
        print(f"| {r['kind']} | {r['lang']} | {r['removed']} / {r['secrets']} | {r['recall']:.0%} | {missed} |")
    t = result["total"]
    print(f"| **all** | | **{t['removed']} / {t['secrets']}** | **{t['recall']:.0%}** | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
