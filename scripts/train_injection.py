"""Train the injection detector's learned second opinion, validate it leave-one-writer-out, write its weights.

Data: every labelled row of scripts/data/injection_*.jsonl — the six external red-teamers' sets
(``external`` … ``external6``, one writer each) and the project's own corpora and probes (one more group,
``project``). A row's place is its ``where`` (the page corpus is ``policy``, the customer corpus
``customer``). Beside them, ordinary text no one labelled, all clean (``load_background``): the customer
turns of scripts/data/conversations and the sentences of the policy-QA tuning pages and the demo's pages —
always training data, never held out, never used to choose the threshold.

The model (``mem.core.instructions.learned``): logistic regression over hashed features of each normalised
sentence, trained with AdaGrad and an L2 penalty (seeded shuffles, so a run is repeatable to the bit). A row
is flagged when any of its sentences (the detector's unit, ``sentences``) scores at or over the threshold; an
attack row of several sentences teaches the model as a whole in a first pass, then with the sentence the first
pass scores highest; a clean row teaches it with every sentence.

Validation, the point of the script: for each external writer, train on every other row, choose the threshold
on those training rows only (out-of-fold scores of an inner leave-one-group-out over the remaining writers and
the project's corpora: the lowest threshold whose false positives on clean rows stay within ``--fp`` in each
place where the model is shipped — ``--places``, customer messages), then report on the writer's set: the rules
alone, the model alone, rules OR model, and what ships (rules OR model on customer messages, the rules alone on
pages), by place, and the mean over the six writers. The rules were tuned on external 1–4 in earlier rounds,
so their figures there are not a stranger's; external 5 and 6 have not been tuned on. The final weights are trained on
every row, the threshold chosen the same way.

    python scripts/train_injection.py [--fp 0.005] [--l2 0.001] [--epochs 8] [--dim 18] [--grams 2,4]
                                      [--places customer] [--no-background] [--no-write] [--quick] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

from mem.core.instructions import is_instruction_like, learned, normalize, sentences
from mem.core.instructions.learned import WEIGHTS, Model, features
from mem.customers.screening import instruction_like as customer_instruction_like

DATA = Path(__file__).resolve().parent / "data"
WRITERS = {"injection_heldout_external.jsonl": "external", "injection_heldout_external2.jsonl": "external2",
           "injection_heldout_external3.jsonl": "external3", "injection_heldout_external4.jsonl": "external4",
           "injection_heldout_external5.jsonl": "external5", "injection_heldout_external6.jsonl": "external6"}
PLACES = ("policy", "customer")
L2 = 1e-3


def load_rows() -> list[dict]:
    """Every labelled row, with its writer group and place."""
    rows = []
    for path in sorted(DATA.glob("injection_*.jsonl")):
        default_place = "customer" if path.name == "injection_customer.jsonl" else "policy"
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("label") not in ("injected", "clean"):
                continue
            rows.append({"text": row["text"], "y": 1 if row["label"] == "injected" else 0,
                         "where": row.get("where", default_place), "lang": row.get("lang", ""),
                         "group": WRITERS.get(path.name, "project")})
    return rows


def load_background() -> list[dict]:
    """Ordinary text no one labelled, all clean: the customer turns of the extraction corpora
    (scripts/data/conversations) and the sentences of the policy-QA tuning pages and the demo's pages — what
    the detector mostly reads. Always training data (group ``background``), never held out, never used to
    choose the threshold; a sentence the rules flag is left out."""
    rows = []
    for path in sorted((DATA / "conversations").glob("*.jsonl")):
        if path.name.endswith(".labels.jsonl"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            turn = json.loads(line) if line.strip() else {}
            if turn.get("role") == "customer" and turn.get("text"):
                rows.append({"text": turn["text"], "where": "customer"})
    pages = [*DATA.glob("policy_qa/*.md"), *DATA.glob("policy_qa/tau/*/*.md"), *DATA.glob("policy_qa/tune2/*/*.md"),
             *(DATA.parent.parent / "demo" / "data").glob("*.md")]
    for path in sorted(pages):
        rows += [{"text": sentence, "where": "policy"} for _, sentence in sentences(path.read_text(encoding="utf-8"))]
    return [{**row, "y": 0, "lang": "", "group": "background"} for row in rows]


def prepare(rows: list[dict], dim: int, grams: tuple[int, int]) -> None:
    """The rules' verdict (each row read by its own caller, the shipped model switched off: the rules alone) and
    the features of each sentence of each row."""
    learned.model = lambda: None  # type: ignore[assignment]  # (this process never needs the shipped weights)
    for row in rows:
        check = is_instruction_like if row["where"] == "policy" else customer_instruction_like
        row["rules"] = bool(check(row["text"]))
        units = [sentence for _, sentence in sentences(row["text"])] or [row["text"]]
        row["units"] = [features(normalize(unit), dim, grams) for unit in units]
        row["whole"] = features(normalize(row["text"]), dim, grams)


def train(rows: list[dict], dim: int, epochs: int, seed: int, rate: float = 0.1,
          l2: float | None = None) -> tuple[list[float], float]:
    """Logistic regression, AdaGrad; attack rows of several sentences by their highest-scoring one after pass one."""
    l2 = L2 if l2 is None else l2
    weights = [0.0] * dim
    squares = [1e-8] * dim
    bias, bias_square = 0.0, 1e-8

    def instances(first: bool) -> list[tuple[list[int], int]]:
        chosen = []
        for row in rows:
            if row["y"] == 0:
                chosen += [(unit, 0) for unit in row["units"]]
            elif len(row["units"]) == 1 or first:
                chosen.append((row["units"][0] if len(row["units"]) == 1 else row["whole"], 1))
            elif not first:  # which sentence carries the attack: the one the first pass scores highest
                chosen.append((max(row["units"], key=lambda u: sum(weights[f] for f in u)), 1))
        return chosen

    shuffle = random.Random(seed)
    for stage in (True, False):
        data = instances(stage)
        for _ in range(epochs):
            shuffle.shuffle(data)
            for slots, y in data:
                z = bias + sum(weights[f] for f in slots)
                p = 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0
                g = p - y
                for f in slots:
                    grad = g + l2 * weights[f]
                    squares[f] += grad * grad
                    weights[f] -= rate * grad / math.sqrt(squares[f])
                bias_square += g * g
                bias -= rate * g / math.sqrt(bias_square)
    return weights, bias


def row_score(row: dict, weights: list[float], bias: float) -> float:
    z = bias + max(sum(weights[f] for f in unit) for unit in row["units"])
    return 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0


def choose_threshold(rows: list[dict], dim: int, epochs: int, seed: int, fp: float,
                     places: tuple[str, ...] = PLACES) -> float:
    """The lowest threshold whose out-of-fold false positives stay within ``fp`` in each of ``places`` (inner
    leave-one-group-out over the groups of ``rows``: the other writers and the project's corpora)."""
    groups = sorted({row["group"] for row in rows} - {"background"})
    scored: list[tuple[float, dict]] = []
    for group in groups:
        weights, bias = train([r for r in rows if r["group"] != group], dim, epochs, seed)
        scored += [(row_score(r, weights, bias), r) for r in rows if r["group"] == group]
    threshold = 0.0
    for place in places:
        clean = sorted((s for s, r in scored if r["y"] == 0 and r["where"] == place), reverse=True)
        allowed = int(fp * len(clean))  # this many clean rows may score at or over the threshold
        # just over the (allowed+1)-th highest clean score: at most ``allowed`` clean rows flagged
        threshold = max(threshold, min(clean[allowed] + 1e-6, 0.999) if len(clean) > allowed else 0.0)
    return threshold


def rates(rows: list[dict], flag: str) -> tuple[float, float]:
    """(recall on the attack rows, false positives on the clean rows) of one verdict."""
    injected = [r for r in rows if r["y"] == 1]
    clean = [r for r in rows if r["y"] == 0]
    return (sum(r[flag] for r in injected) / len(injected) if injected else 1.0,
            sum(r[flag] for r in clean) / len(clean) if clean else 0.0)


FLAGS = ("rules", "model", "either", "shipped")


def table(results: dict[str, list[dict]]) -> None:
    """Each held-out writer by place, then the mean over writers (each writer counts once)."""
    print(f"\n{'held-out writer':<16} {'place':<9} {'inj':>4} {'clean':>5} | {'rules':>12} | {'model':>12} | "
          f"{'rules OR model':>14} | {'shipped':>12}")
    print(f"{'':<16} {'':<9} {'':>4} {'':>5} | {'recall   FP':>12} | {'recall   FP':>12} | {'recall   FP':>14} | "
          f"{'recall   FP':>12}")
    for writer, rows in results.items():
        for place in (None, *PLACES):
            chosen = [r for r in rows if place is None or r["where"] == place]
            injected = sum(r["y"] for r in chosen)
            cells = [f"{recall:6.1%} {false:5.1%}" for recall, false in (rates(chosen, flag) for flag in FLAGS)]
            print(f"{writer:<16} {place or 'all':<9} {injected:>4} {len(chosen) - injected:>5} | "
                  f"{cells[0]:>12} | {cells[1]:>12} | {cells[2]:>14} | {cells[3]:>12}")
    for place in (None, *PLACES):
        cells = []
        for flag in FLAGS:
            each = [rates([r for r in rows if place is None or r["where"] == place], flag) for rows in results.values()]
            cells.append(f"{sum(e[0] for e in each) / len(each):6.1%} {sum(e[1] for e in each) / len(each):5.1%}")
        print(f"{'mean of writers':<16} {place or 'all':<9} {'':>4} {'':>5} | {cells[0]:>12} | {cells[1]:>12} | "
              f"{cells[2]:>14} | {cells[3]:>12}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fp", type=float, default=0.005,
                        help="false-positive budget of the model alone, per place, on the inner folds")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--dim", type=int, default=18, help="log2 of the hashed feature table")
    parser.add_argument("--grams", default="2,4", help="letter n-gram lengths inside CJK runs")
    parser.add_argument("--no-background", action="store_true",
                        help="leave out the clean customer turns and policy pages no one labelled")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-write", action="store_true", help="validate only")
    parser.add_argument("--quick", action="store_true", help="skip the final model")
    parser.add_argument("--l2", type=float, default=1e-3, help="L2 penalty")
    parser.add_argument("--places", default="customer",
                        help="where the shipped model is asked (customer, or customer,policy): its threshold is "
                             "chosen on those places' clean rows, the 'shipped' column reads the rules alone elsewhere")
    args = parser.parse_args()
    places = tuple(args.places.split(","))
    global L2
    L2 = args.l2
    dim = 1 << args.dim
    low, high = (int(n) for n in args.grams.split(","))
    start = time.process_time()
    rows = load_rows()
    if not args.no_background:
        rows += load_background()
    prepare(rows, dim, (low, high))
    rows = [r for r in rows if not (r["group"] == "background" and r["rules"])]
    print(f"{len(rows)} rows ({sum(r['y'] for r in rows)} injected), features ready in "
          f"{time.process_time() - start:.1f} s CPU", file=sys.stderr)
    results: dict[str, list[dict]] = {}
    for writer in sorted(set(WRITERS.values())):
        training = [r for r in rows if r["group"] != writer]  # (background rows included)
        held = [dict(r) for r in rows if r["group"] == writer]
        threshold = choose_threshold(training, dim, args.epochs, args.seed, args.fp, places)
        weights, bias = train(training, dim, args.epochs, args.seed)
        for row in held:
            row["score"] = row_score(row, weights, bias)
            row["model"] = row["score"] >= threshold
            row["either"] = row["rules"] or row["model"]
            row["shipped"] = row["either"] if row["where"] in places else row["rules"]
        results[writer] = held
        print(f"{writer}: threshold {threshold:.3f} ({time.process_time() - start:.0f} s CPU)", file=sys.stderr)
    print(f"leave-one-writer-out: train on every other row, threshold from inner folds (FP <= {args.fp:.1%} a place);"
          " the rules were tuned on external 1-4 in earlier rounds, not on external 5 or 6")
    table(results)
    if args.quick:
        return
    threshold = choose_threshold(rows, dim, args.epochs, args.seed, args.fp, places)
    weights, bias = train(rows, dim, args.epochs, args.seed)
    print(f"\nfinal model: every row, threshold {threshold:.3f}")
    if not args.no_write:
        Model(weights, bias, threshold, (low, high)).dump(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
