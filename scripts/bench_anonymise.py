"""Recall and false positives of the share anonymiser on hand-written corpora of personal data (en / ko / ja).

    python scripts/bench_anonymise.py [--part tuning|held-out|both] [--json]

Two parts, reported apart: the TUNING part (``tests/fixtures/personal_data_corpus.py``), which the
name heuristics were fitted to, and the HELD-OUT part (``tests/fixtures/personal_data_heldout.py``),
written before that tuning and never read while doing it. For every case the decision text is
scrubbed the way ``mem share`` does (``mem.knowhow.anonymise.scrub`` with the customer's id and the
default ``lint.customer_id_pattern``, no operator name list), and each secret substring that is
still in the output counts as a miss. Each part also has clean sentences (ordinary policy and
decision text): any change ``scrub`` makes to one is a false positive. Prints, per part, a markdown
table per kind and language (secrets removed / secrets, recall, the texts with a miss, so the gaps
are visible, not averaged away) and the false positives.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = {
    "tuning": ROOT / "tests" / "fixtures" / "personal_data_corpus.py",
    "held-out": ROOT / "tests" / "fixtures" / "personal_data_heldout.py",
}


def load_part(part: str):
    """``(CASES, CLEAN)`` of one part."""
    spec = importlib.util.spec_from_file_location(f"personal_data_{part.replace('-', '_')}", PARTS[part])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CASES, module.CLEAN


def load_cases() -> list[tuple[str, str, str, list[str], str]]:
    """The tuning part's cases (what the tests hold the anonymiser to)."""
    return load_part("tuning")[0]


BARE_NAME_RULES = ("scrub_titled_names", "scrub_english_names", "scrub_vocative_names", "scrub_korean_names",
                   "scrub_japanese_names")


@contextlib.contextmanager
def without_bare_name_rules():
    """Switch off the rules of ``mem.core.text.names`` (names with no honorific and no capital), to show
    what they add: ``scrub`` looks them up on that module at each call."""
    from mem.core.text import names

    saved = {rule: getattr(names, rule) for rule in BARE_NAME_RULES}
    try:
        for rule in BARE_NAME_RULES:
            setattr(names, rule, lambda text: text)
        yield
    finally:
        for rule, function in saved.items():
            setattr(names, rule, function)


def name_secrets(result: dict) -> tuple[int, int]:
    rows = [r for r in result["rows"] if r["kind"].startswith("name")]
    return sum(r["removed"] for r in rows), sum(r["secrets"] for r in rows)


def measure(part: str = "tuning") -> dict:
    """``{"rows": [{kind, lang, secrets, removed, recall, missed}], "total": {...}, "clean": {...}}``."""
    from mem.core.config import Config
    from mem.knowhow.anonymise import scrub

    pattern = Config().lint.customer_id_pattern
    cases, clean = load_part(part)
    groups: dict[tuple[str, str], dict] = defaultdict(lambda: {"secrets": 0, "removed": 0, "missed": []})
    for lang, kind, text, secrets, customer_id in cases:
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
    changed = []
    for lang, text in clean:
        out = scrub(text, customer_ids=["c-000"], customer_id_pattern=pattern)
        if out != text:
            changed.append({"lang": lang, "text": text, "scrubbed": out})
    return {"part": part, "rows": rows,
            "total": {"secrets": total_secrets, "removed": total_removed, "recall": total_removed / total_secrets},
            "clean": {"sentences": len(clean), "changed": len(changed), "false_positives": changed}}


def table(result: dict) -> list[str]:
    lines = ["| kind | lang | secrets removed | recall | still there after scrubbing |", "|---|---|---|---|---|"]
    for r in result["rows"]:
        missed = "<br>".join(f"`{m}`" for m in r["missed"]) or "–"
        lines.append(f"| {r['kind']} | {r['lang']} | {r['removed']} / {r['secrets']} | {r['recall']:.0%} | {missed} |")
    t, c = result["total"], result["clean"]
    lines.append(f"| **all** | | **{t['removed']} / {t['secrets']}** | **{t['recall']:.0%}** | |")
    changed = "<br>".join(f"`{f['text']}` → `{f['scrubbed']}`" for f in c["false_positives"]) or "–"
    lines.append(f"| clean sentences changed (false positives) | | {c['changed']} / {c['sentences']} | "
                 f"{c['changed'] / c['sentences']:.0%} | {changed} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["tuning", "held-out", "both"], default="both")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT.parent))
    parts = ["tuning", "held-out"] if args.part == "both" else [args.part]
    results = [measure(part) for part in parts]
    with without_bare_name_rules():
        for result in results:
            result["without_bare_name_rules"] = measure(result["part"])
    if args.json:
        print(json.dumps(results, ensure_ascii=False, indent=2))
        return 0
    out: list[str] = []
    for result in results:
        source = PARTS[result["part"]].relative_to(ROOT)
        out += ["", f"**{result['part']} part** (`{source}`)", "", *table(result), ""]
        before = result["without_bare_name_rules"]
        (was, of), (now, _) = name_secrets(before), name_secrets(result)
        out.append(f"Name secrets removed: {now} / {of} ({now / of:.0%}); without the bare-name rules of "
                   f"`mem.core.text.names` {was} / {of} ({was / of:.0%}), with "
                   f"{before['clean']['changed']} / {before['clean']['sentences']} clean sentences changed.")
    print("\n".join(out).strip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
