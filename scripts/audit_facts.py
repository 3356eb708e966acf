"""Fact-quality audit: extract one LoCoMo conversation and print a random sample of its facts.

The sample is what a person reads to judge extraction: for each fact its kind, date, the fact's
text, its short normalised statement and the customer's verbatim quote. docs/extraction.md holds
the table of that reading (how
many of the 50 are junk: not a statement about the person, or carrying machine text as evidence).
The script also counts, over *all* facts of the conversation, two things a machine can check:
quotes holding the import format's caption text, and facts whose quote is only a reaction or
pleasantry by ``mem.customers.kinds``' own rules.

Usage: ``python scripts/audit_facts.py [--data PATH] [--conversation 1] [--sample 50] [--seed 10]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_locomo import DEFAULT_DATA, import_lines  # noqa: E402

from mem.core.config import Config  # noqa: E402
from mem.customers.extract import extract_pending  # noqa: E402
from mem.customers.store import CustomerStore  # noqa: E402


def extract(sample: dict) -> list:
    lines = import_lines(sample["conversation"])
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        log = home / "import.jsonl"
        log.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
        with CustomerStore.open(home, "audit") as store:
            store.consent.set(allow=["health", "relationship", "finance"])
            store.log.import_file(log)
            extract_pending(store, config=Config.load(home=home, env={}))
            return store.facts.list(statuses=None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--conversation", type=int, default=1, help="1-based, in file order")
    parser.add_argument("--sample", type=int, default=50)
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"no LoCoMo data at {args.data}: pass --data PATH", file=sys.stderr)
        return 2
    sample = json.loads(args.data.read_text(encoding="utf-8"))[args.conversation - 1]
    facts = [f for f in extract(sample) if f.kind != "trait"]
    quotes = [" ".join(e.quote for e in f.evidence if e.role == "customer") for f in facts]
    captions = sum("shared a photo" in q for q in quotes)
    print(f"conversation {args.conversation}: {len(facts)} facts; quotes with caption text: {captions}; "
          f"whole-turn facts: {sum(1 for f in facts if f.text.startswith('('))}")
    picked = random.Random(args.seed).sample(facts, min(args.sample, len(facts)))
    for number, fact in enumerate(picked, start=1):
        quote = quotes[facts.index(fact)]
        print(f"{number:2}. [{fact.kind}{', instruction-like' if fact.instruction_like else ''}] {fact.valid_at} "
              f"{fact.text[:160]!r}\n    statement: {fact.statement!r}\n    quote: {quote[:160]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
