"""Fact-quality audit: a random sample of one LoCoMo conversation's facts, or a score against labels.

The sample is what a person reads to judge extraction: for each fact its kind, date, the fact's
text, its short normalised statement and the customer's verbatim quote. docs/measurements/extraction.md
holds the table of that reading (how
many of the 50 are junk: not a statement about the person, or carrying machine text as evidence).
The script also counts, over *all* facts of the conversation, two things a machine can check:
quotes holding the import format's caption text, and facts whose quote is only a reaction or
pleasantry by ``mem.customers.kinds``' own rules.

Usage: ``python scripts/audit_facts.py [--data PATH] [--conversation 1] [--sample 50] [--seed 10]``.

**Labelled mode** (``--labelled FILE.jsonl`` or a folder of them): the conversation, in ``mem log import``'s
format (lines ``{"id", "time", "role": "customer"|"agent", "text", "session"}``), is imported and extracted
as ``mem log import`` + ``mem extract`` do (the customer consented to every sensitive category: what is
scored is distillation, not consent), and the facts are scored against ``FILE.labels.jsonl``, whose lines
``{"turn": id, "sentence": "…", "label": "fact"|"junk", "why": "…"}`` label verbatim sentences of customer
messages. A labelled sentence is **covered** by a fact when the fact's customer evidence quote (in that
turn) overlaps at least half of the shorter of the two. Printed per file and over all files:

- **junk share**: facts whose covered labelled sentences are all ``junk``, over the facts that cover a
  labelled sentence (a fact covering none is counted apart as *unlabelled*, not in the share);
- **recall**: ``fact`` sentences covered by some fact's evidence, over all ``fact`` sentences — so storing
  nothing cannot win.

``--show`` lists each junk fact and each missed ``fact`` sentence (what to read while tuning).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_locomo import DEFAULT_DATA, import_lines  # noqa: E402

from mem.core.config import Config  # noqa: E402
from mem.core.errors import InvalidInput, MemError  # noqa: E402
from mem.core.text.sensitive import CATEGORIES as SENSITIVE_CATEGORIES  # noqa: E402
from mem.customers.extract import extract_pending  # noqa: E402
from mem.customers.store import CustomerStore  # noqa: E402

LABELS = ("fact", "junk")


def extract_file(log: Path, home: Path) -> list:
    """Every fact (any status, traits left out) extraction makes of one import file, on a fresh customer."""
    with CustomerStore.open(home, "audit") as store:
        store.consent.set(allow=SENSITIVE_CATEGORIES)
        # labelled sets are written with made-up dates, some after today (held-out 5's ja-15 is dated 2027-01-03):
        # not a device clock ahead, so they are imported as given
        store.log.import_file(log, allow_future=True)
        extract_pending(store, config=Config.load(home=home, env={}))
        return [f for f in store.facts.list(statuses=None) if f.kind != "trait"]


def extract(sample: dict) -> list:
    lines = import_lines(sample["conversation"])
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        log = home / "import.jsonl"
        log.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
        return extract_file(log, home)


@dataclass(frozen=True)
class Label:
    """One labelled sentence: where it is in its customer turn, and whether it is a fact about the customer."""

    turn: str
    start: int
    end: int
    sentence: str
    label: str
    why: str


@dataclass
class FileScore:
    """The score of one labelled conversation (or of several added together)."""

    name: str
    facts: int = 0
    junk: int = 0
    unlabelled: int = 0
    fact_sentences: int = 0
    covered: int = 0
    junk_facts: list[str] = field(default_factory=list)
    missed: list[Label] = field(default_factory=list)

    @property
    def labelled_facts(self) -> int:
        return self.facts - self.unlabelled

    @property
    def junk_share(self) -> float:
        return self.junk / self.labelled_facts if self.labelled_facts else 0.0

    @property
    def recall(self) -> float:
        return self.covered / self.fact_sentences if self.fact_sentences else 1.0

    def add(self, other: FileScore) -> None:
        self.facts += other.facts
        self.junk += other.junk
        self.unlabelled += other.unlabelled
        self.fact_sentences += other.fact_sentences
        self.covered += other.covered


def json_lines(path: Path) -> Iterator[tuple[int, object]]:
    """``(line number, parsed JSON)`` for each non-blank line of ``path`` (split on ``\\n`` only, as import does)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInput(f"{path}: line {number}: not valid JSON ({exc.msg})") from exc


def read_conversation(path: Path) -> dict[str, tuple[str, str]]:
    """Turn id → (role, text) of an import file; a line without an id cannot be labelled and is refused."""
    turns: dict[str, tuple[str, str]] = {}
    for number, data in json_lines(path):
        if not isinstance(data.get("id"), str) or not isinstance(data.get("text"), str):
            raise InvalidInput(f"{path}: line {number}: a labelled conversation needs \"id\" and \"text\" strings")
        turns[data["id"]] = (str(data.get("role", "customer")), data["text"])
    return turns


def read_labels(path: Path, turns: dict[str, tuple[str, str]]) -> list[Label]:
    """The labels of ``path``, each placed in its turn (a repeated sentence takes the next occurrence)."""
    if not path.is_file():
        raise InvalidInput(f"{path}: no labels file beside the conversation")
    labels: list[Label] = []
    searched_from: dict[tuple[str, str], int] = {}
    for number, data in json_lines(path):
        if not isinstance(data, dict):
            raise InvalidInput(f"{path}: line {number}: each line must be a JSON object")
        turn, sentence, label = data.get("turn"), data.get("sentence"), data.get("label")
        if not isinstance(turn, str) or turn not in turns:
            raise InvalidInput(f"{path}: line {number}: turn {turn!r} is not in the conversation")
        if turns[turn][0] != "customer":
            raise InvalidInput(f"{path}: line {number}: turn {turn!r} is not a customer turn")
        if label not in LABELS:
            raise InvalidInput(f"{path}: line {number}: label must be \"fact\" or \"junk\", not {label!r}")
        if not isinstance(sentence, str) or not sentence.strip():
            raise InvalidInput(f"{path}: line {number}: \"sentence\" must be a non-empty string")
        text = turns[turn][1]
        start = text.find(sentence, searched_from.get((turn, sentence), 0))
        if start < 0:
            raise InvalidInput(f"{path}: line {number}: the sentence is not verbatim in turn {turn!r}")
        searched_from[(turn, sentence)] = start + len(sentence)
        labels.append(Label(turn, start, start + len(sentence), sentence, label, str(data.get("why", ""))))
    return labels


def covers(quote: tuple[int, int], label: Label) -> bool:
    """The quote overlaps at least half of the shorter of it and the labelled sentence."""
    overlap = min(quote[1], label.end) - max(quote[0], label.start)
    return overlap > 0 and 2 * overlap >= min(quote[1] - quote[0], label.end - label.start)


def score(facts: list, turns: dict[str, tuple[str, str]], labels: list[Label], name: str) -> FileScore:
    """Junk share and recall of ``facts`` against ``labels`` (see the module docstring)."""
    by_turn: dict[str, list[Label]] = {}
    for label in labels:
        by_turn.setdefault(label.turn, []).append(label)
    result = FileScore(name, facts=len(facts), fact_sentences=sum(label.label == "fact" for label in labels))
    found: set[Label] = set()
    for fact in facts:
        hit: list[Label] = []
        for evidence in fact.evidence:
            if evidence.role != "customer" or evidence.turn not in turns:
                continue
            start = turns[evidence.turn][1].find(evidence.quote)
            if start < 0:
                continue  # grounding allows whitespace differences; such a quote is counted as unlabelled
            hit += [label for label in by_turn.get(evidence.turn, []) if covers((start, start + len(evidence.quote)),
                                                                               label)]
        found.update(hit)
        if not hit:
            result.unlabelled += 1
        elif all(label.label == "junk" for label in hit):
            result.junk += 1
            quote = " ".join(e.quote for e in fact.evidence if e.role == "customer")
            result.junk_facts.append(f"[{fact.kind}] {quote[:160]!r} ({'; '.join(label.why for label in hit)})")
    result.missed = [label for label in labels if label.label == "fact" and label not in found]
    result.covered = result.fact_sentences - len(result.missed)
    return result


def labelled_files(target: Path) -> list[Path]:
    """The conversations to score: ``target`` itself, or every ``*.jsonl`` of a folder but the labels files."""
    if target.is_dir():
        files = sorted(p for p in target.glob("*.jsonl") if not p.name.endswith(".labels.jsonl"))
        if not files:
            raise InvalidInput(f"{target}: no conversation (*.jsonl) in the folder")
        return files
    if not target.is_file():
        raise InvalidInput(f"{target}: no such file or folder")
    return [target]


def score_file(path: Path) -> FileScore:
    turns = read_conversation(path)
    labels = read_labels(path.with_name(path.name.removesuffix(".jsonl") + ".labels.jsonl"), turns)
    with tempfile.TemporaryDirectory() as folder:
        facts = extract_file(path, Path(folder))
    return score(facts, turns, labels, path.name.removesuffix(".jsonl"))


def print_scores(scores: list[FileScore], *, show: bool) -> None:
    total = FileScore("**all**")
    print("| conversation | facts | junk | junk share | unlabelled facts | fact sentences | covered | recall |")
    print("|---|---|---|---|---|---|---|---|")
    for item in scores:
        total.add(item)
    for item in [*scores, total]:
        print(f"| {item.name} | {item.facts} | {item.junk} | {item.junk_share:.1%} | {item.unlabelled} | "
              f"{item.fact_sentences} | {item.covered} | {item.recall:.1%} |")
    if show:
        for item in scores:
            for line in item.junk_facts:
                print(f"{item.name}: junk fact {line}")
            for label in item.missed:
                print(f"{item.name}: missed {label.turn} {label.sentence[:160]!r} ({label.why})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--conversation", type=int, default=1, help="1-based, in file order")
    parser.add_argument("--sample", type=int, default=50)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--labelled", type=Path, metavar="FILE_OR_FOLDER",
                        help="score extraction against FILE.labels.jsonl (a folder: every conversation in it)")
    parser.add_argument("--show", action="store_true", help="with --labelled: list junk facts and missed sentences")
    args = parser.parse_args(argv)
    if args.labelled is not None:
        try:
            scores = [score_file(path) for path in labelled_files(args.labelled)]
        except MemError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print_scores(scores, show=args.show)
        return 0
    if not args.data.is_file():
        print(f"no LoCoMo data at {args.data}: pass --data PATH", file=sys.stderr)
        return 2
    sample = json.loads(args.data.read_text(encoding="utf-8"))[args.conversation - 1]
    facts = extract(sample)
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
