"""Train the learned slot recogniser, validate it leave-one-writer-out on the update benchmark, write its weights.

Data: every update-case file (scripts/update_cases*.json), each written by one hand (one writer). From each case,
the customer's sentences (split as ``slot_model`` splits a message): the sentence that holds the case's old
value, or its new one when the case is an update, is labelled with the case's slot (the files' names for it
mapped to the model's classes: ``plan`` → tier, ``order_ref`` / ``reference_number`` … → order,
``standing_wish`` / ``retraction`` → wish); every other customer sentence of the cases is "none" — among them
the later sentences of the kept cases (someone else's move, a what-if, a second address).

The model (``mem.customers.slot_model``): a softmax over the hashed features of ``mem.core.text.hashed``, AdaGrad
with an L2 penalty, seeded shuffles (a run is repeatable to the bit).

Validation, the point of the script: for each writer in turn, train on every other file, choose the threshold on
those training files only (out-of-fold scores of an inner split of the training writers into three groups: the
lowest threshold at which at most ``--fp`` of their "none" sentences is placed in a single-valued slot), then run
scripts/bench_updates.py on the held-out file twice, the rules alone and the rules with the fold's model, and
report the pass counts, the kept cases among them, and the mean over writers. The final weights are trained on
every file, the threshold chosen the same way.

    python scripts/train_slots.py [--fp 0.02] [--epochs 6] [--dim 16] [--l2 0.001] [--no-write] [--quick]
                                  [--only FILE] [--final-only] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_updates  # noqa: E402  (the benchmark the validation runs, in this process)

from mem.core.text.hashed import Softmax, features  # noqa: E402
from mem.customers import slot_model  # noqa: E402
from mem.customers.slot_model import CLASSES, NONE, PLACED, WEIGHTS, SlotModel, kept_out, normal  # noqa: E402

SCRIPTS = Path(__file__).resolve().parent
# the files' names for a slot → the model's class
CANONICAL = {"plan": "tier", "order_ref": "order", "reference": "order", "order_number": "order",
             "reference_number": "order", "channel": "contact_channel", "delivery_preference": "delivery",
             "answer_language": "language", "standing_wish": "wish", "retraction": "wish"}
GRAMS = (2, 4)


def load_rows(path: Path) -> list[dict]:
    """The labelled customer sentences of one file."""
    rows = []
    for case in json.loads(path.read_text(encoding="utf-8")):
        label = CANONICAL.get(case["slot"], case["slot"])
        label = label if label in CLASSES else None  # ("kept" names no slot: its sentences teach nothing)
        if label is None:
            continue
        values = [v for v in (case.get("old"), None if case.get("expect") == "kept" else case.get("new")) if v]
        for conversation in case["conversations"]:
            for turn in conversation:
                if turn["role"] != "customer":
                    continue
                for sentence in slot_model._SENTENCE.split(turn["text"]):
                    if sentence.strip():
                        holds = any(value in sentence for value in values)
                        rows.append({"text": sentence, "y": CLASSES.index(label if holds else NONE)})
    return rows


def train(rows: list[dict], dim: int, epochs: int, seed: int, l2: float) -> Softmax:
    model = Softmax(dim, len(CLASSES))
    model.fit([(row["slots"], row["y"]) for row in rows], epochs, random.Random(seed), 0.1, l2)
    return model


def as_slot_model(model: Softmax, threshold: float) -> SlotModel:
    return SlotModel(model.weights, model.bias, threshold, CLASSES, GRAMS)


def placed_score(model: SlotModel, row: dict) -> float:
    """The probability of the likeliest single-valued slot, as the runtime reads it (0 for a sentence kept out)."""
    if row["kept_out"]:
        return 0.0
    name, p = model.best(row["text"])
    return p if name in PLACED else 0.0


def choose_threshold(by_writer: dict[str, list[dict]], dim: int, epochs: int, seed: int, l2: float,
                     fp: float) -> tuple[float, float]:
    """The lowest threshold placing at most ``fp`` of the "none" sentences, out of fold (three groups of the
    training writers), and the share of the slot sentences it places in their own slot."""
    writers = sorted(by_writer)
    groups = [writers[k::3] for k in range(3)]
    scored: list[tuple[float, dict, str]] = []
    for group in groups:
        model = as_slot_model(train([r for w in writers if w not in group for r in by_writer[w]], dim, epochs, seed,
                                    l2), 1.0)
        for writer in group:
            for row in by_writer[writer]:
                name, _ = model.best(row["text"])
                scored.append((placed_score(model, row), row, name))
    clean = sorted((s for s, r, _ in scored if r["y"] == 0), reverse=True)
    allowed = int(fp * len(clean))
    threshold = min(clean[allowed] + 1e-6, 0.999) if len(clean) > allowed else 0.5
    slotted = [(s, r, n) for s, r, n in scored if CLASSES[r["y"]] in PLACED]
    recall = sum(1 for s, r, n in slotted if s >= threshold and n == CLASSES[r["y"]]) / max(1, len(slotted))
    return threshold, recall


def bench(path: Path, model: SlotModel | None) -> list[bench_updates.CaseResult]:
    slot_model.model = lambda: model  # type: ignore[assignment]  # the fold's model, or the rules alone
    return bench_updates.run_all(bench_updates.load_cases(path))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fp", type=float, default=0.02, help="share of 'none' sentences the threshold may place")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--dim", type=int, default=16, help="log2 of the hashed feature table")
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", help="validate on this file alone (its stem)")
    parser.add_argument("--no-write", action="store_true", help="validate only")
    parser.add_argument("--quick", action="store_true", help="skip the final model")
    parser.add_argument("--final-only", action="store_true", help="skip the validation, train the final model")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args()
    dim = 1 << args.dim
    start = time.process_time()
    by_writer = {path.stem: load_rows(path) for path in sorted(SCRIPTS.glob("update_cases*.json"))}
    for rows in by_writer.values():
        for row in rows:
            row["slots"] = features(normal(row["text"]), dim, GRAMS)
            row["kept_out"] = kept_out(row["text"])
    total = sum(len(rows) for rows in by_writer.values())
    print(f"{total} sentences from {len(by_writer)} writers, "
          f"{sum(r['y'] != 0 for rows in by_writer.values() for r in rows)} stating a slot", file=sys.stderr)
    lines = []
    sums = [0, 0, 0, 0, 0]
    for writer in sorted(by_writer):
        if args.only and writer != args.only or args.final_only:
            continue
        training = {w: rows for w, rows in by_writer.items() if w != writer}
        threshold, recall = choose_threshold(training, dim, args.epochs, args.seed, args.l2, args.fp)
        fold = as_slot_model(train([r for rows in training.values() for r in rows], dim, args.epochs, args.seed,
                                   args.l2), threshold)
        path = SCRIPTS / f"{writer}.json"
        rules, both = bench(path, None), bench(path, fold)
        kept = [k for k, r in enumerate(rules) if r.case.get("expect") == "kept"]
        counts = (len(rules), sum(r.passed for r in rules), sum(r.passed for r in both),
                  sum(rules[k].passed for k in kept), sum(both[k].passed for k in kept))
        lost = [r.case["id"] for r, m in zip(rules, both, strict=True) if r.passed and not m.passed]
        won = [r.case["id"] for r, m in zip(rules, both, strict=True) if m.passed and not r.passed]
        sums = [a + b for a, b in zip(sums, counts, strict=True)]
        line = (f"| {writer} | {counts[0]} | {counts[1]} | {counts[2]} | {counts[3]}/{len(kept)} → "
                f"{counts[4]}/{len(kept)} | {threshold:.2f} | {recall:.0%} |")
        lines.append(line)
        print(line, f"won {won} lost {lost}", f"({time.process_time() - start:.0f} s CPU)", file=sys.stderr)
    if lines:
        print(f"leave-one-writer-out: train on every other file, threshold from inner folds (<= {args.fp:.0%} of "
              "'none' sentences placed); pass counts of scripts/bench_updates.py on the held-out file")
        print("| held-out writer | cases | rules alone | rules + model | kept cases | threshold | inner recall |")
        print("|---|---|---|---|---|---|---|")
        print("\n".join(lines))
        n = len(lines)
        print(f"| **mean of {n} writers** | {sums[0] / n:.1f} | {sums[1] / n:.2f} | {sums[2] / n:.2f} | "
              f"{sums[3] / n:.2f} → {sums[4] / n:.2f} | | |")
    if args.quick or args.only:
        return
    threshold, recall = choose_threshold(by_writer, dim, args.epochs, args.seed, args.l2, args.fp)
    final = as_slot_model(train([r for rows in by_writer.values() for r in rows], dim, args.epochs, args.seed,
                                args.l2), threshold)
    print(f"\nfinal model: every file, threshold {threshold:.3f} (inner recall {recall:.0%})")
    if not args.no_write:
        final.dump(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
