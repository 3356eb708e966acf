"""Does meaning carry where words do not? The injection detector's learned opinion on sentence vectors, validated
leave-one-writer-out beside the shipped hashed model.

The hashed models (``scripts/train_injection.py``) read words: a writer who uses other words meets weights that
never saw them. This script asks whether the multilingual sentence encoder of the ``semantic`` extra
(``mem.core.text.encoder``: multilingual-e5-small, 384 dimensions) carries an order to a stranger where words do
not. Per part (``--part customer``: customer messages; ``page``: page sentences), with the rows, groups,
background and rules verdict of ``train_injection`` (the same ``load_rows``, ``load_background``, ``prepare``):

- (a) the shipped hashed recipe (customer: words and word classes; page: words only), trained as it ships;
- (b) a logistic regression on the sentence vector (384 weights and a bias; Newton's method with an L2 penalty,
  numpy at training time only), trained on the same instances as the hashed model (a clean row: each of its
  sentences; an attack: its only sentence, or its whole text first and then the sentence scoring highest);
- (c) the two combined: the mean of their logits, sentence by sentence.

A row is flagged by a model when one of its sentences (pages: those with words enough, ``page_judges``) scores at
or over the threshold; what ships is rules OR model. For each external writer: every other row trains, the
threshold of each column is chosen on the training rows only (out-of-fold scores of an inner leave-one-group-out:
what ships flags at most ``--fp`` of the labelled clean rows of the part's place, the rules spending that budget
first; pages also at most ``--page-fp`` of the ordinary pages' sentences, held out by folder), then the writer's
rows are scored. The ordinary pages are then held out by folder (each scored by models trained without it, at a
threshold chosen without its scores), and the final customer models read a seeded sample of LoCoMo chat turns.

How a sentence becomes a vector is how run time would make it: a customer sentence as it is; a page sentence as
the semantic layer's passage, "<page title>: <sentence>" (``vectors.passage``). The labelled page rows carry no
title: each gets the title of an ordinary page, chosen by a hash of its text (an attack is planted on some page),
so the title says nothing about the label. Vectors are cached in ``--cache`` (an SQLite ``VectorCache``): the first
run embeds about 20,000 texts (≈ 6 min of one core), a rerun none.

    python scripts/train_injection_semantic.py --part customer|page [--fp 0.02] [--page-fp 0.005] [--l2 0.01]
                                               [--alone-fp 0.005] [--writers external5,...] [--locomo N] [--cache PATH]
                                               [--save PATH] [--write PATH]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import zlib
from pathlib import Path

import numpy as np
import train_injection as hashed
from train_injection import WRITERS

from mem.core.instructions import sentences
from mem.core.instructions.learned import page_judges
from mem.core.text.encoder import load as load_encoder
from mem.core.text.vectors import VectorCache, passage

LOCOMO = Path(__file__).resolve().parent.parent.parent / "shared" / "benchmarks" / "locomo" / "locomo10.json"
CACHE = Path("/tmp/mem-injection-vectors.sqlite")
DIM_LOG2 = 18


# -- the ordinary pages, with their titles -------------------------------------------------------------------------

def titled_page_sentences() -> dict[str, list[tuple[str, str]]]:
    """(title, sentence) of every sentence of every policy-QA document and demo page, by top folder, each sentence
    once — ``train_injection.page_sentences`` with the title each sentence's page carries: an ingested page's
    own title, a raw document's first heading (its file name without one)."""
    import tempfile

    from mem.core.config import Config
    from mem.policies.ingest import ingest_documents
    from mem.policies.readers import read_document
    from mem.wiki.page import parse_page
    from mem.wiki.workspace import init_workspace

    services = hashed.policy_services()
    found: dict[str, list[tuple[str, str]]] = {}
    seen: set[str] = set()

    def add(folder: str, title: str, text: str) -> None:
        for _, sentence in sentences(text):
            if sentence not in seen:
                seen.add(sentence)
                found.setdefault(folder, []).append((title, sentence))

    with tempfile.TemporaryDirectory() as tmp:
        for folder, by_service in services.items():
            for n, (_, docs) in enumerate(sorted(by_service.items())):
                for doc in docs:
                    raw = doc.read_text(encoding="utf-8") if doc.suffix in (".md", ".txt") else None
                    text = raw or "\n\n".join(block.text for block in read_document(doc, max_bytes=0).blocks)
                    heading = next((line.lstrip("#").strip() for line in text.splitlines()
                                    if line.startswith("# ")), doc.stem)
                    add(folder, heading, text)
                workspace = init_workspace(Path(tmp) / f"{folder}-{n}")
                config = Config.load(workspace=workspace, env={})
                for doc in docs:
                    ingest_documents(workspace, [doc], config=config, model="")
                for page in sorted((workspace / "policies").rglob("*.md")):
                    text = page.read_text(encoding="utf-8")
                    add(folder, str(parse_page(text).title), text)
    return found


def load_part(part: str) -> list[dict]:
    """The labelled rows and the part's background (``train_injection``), each with the texts its vectors are made
    of: ``unit_texts`` (the detector's sentences) and ``whole_text``."""
    rows = hashed.load_rows()
    if part == "customer":
        rows += hashed.load_background("customer")
        for row in rows:
            row["title"] = ""
    else:
        pages = titled_page_sentences()
        titles = sorted({title for found in pages.values() for title, _ in found if title})
        for row in rows:  # an attack is planted on some ordinary page: its title, chosen by the text alone
            row["title"] = titles[zlib.crc32(row["text"].encode("utf-8")) % len(titles)]
        rows += [{"text": sentence, "title": title, "where": "policy", "group": f"pages:{folder}", "y": 0,
                  "lang": ""} for folder, found in pages.items() for title, sentence in found]
    hashed.prepare(rows, 1 << DIM_LOG2, (2, 4), part == "page", part == "customer")
    rows = [r for r in rows if not (hashed._background(r) and r["rules"])]
    hashed.weigh_background(rows, 1.0 if part == "customer" else 2.0)
    for row in rows:
        units = [sentence for _, sentence in sentences(row["text"])] or [row["text"]]
        row["unit_texts"] = [passage(row["title"], unit) for unit in units]
        row["whole_text"] = passage(row["title"], row["text"])
        row["asked_index"] = [i for i, unit in enumerate(units) if page_judges(unit)] if part == "page" \
            else list(range(len(units)))
    return rows


def embed(rows: list[dict], cache_path: Path) -> None:
    """Every row's unit and whole-text vectors (numpy, float32), from the cache or the encoder."""
    encoder = load_encoder()
    if encoder is None:
        sys.exit("the sentence encoder is not installed (pip install -e '.[semantic]')")
    cache = VectorCache(cache_path)
    texts = list(dict.fromkeys(t for r in rows for t in (*r["unit_texts"], r["whole_text"])))
    have = cache.get(texts)
    missing = [t for t in texts if t not in have]
    print(f"{len(texts)} texts, {len(missing)} to embed", file=sys.stderr, flush=True)
    start = time.time()
    for n in range(0, len(missing), 256):
        chunk = missing[n:n + 256]
        made = dict(zip(chunk, encoder.passages(chunk), strict=True))
        cache.put(made)
        have.update(made)
        print(f"  {n + len(chunk)} embedded ({time.time() - start:.0f} s)", file=sys.stderr, flush=True)
    for row in rows:
        row["vecs"] = np.array([have[t] for t in row["unit_texts"]], dtype=np.float64)
        row["wvec"] = np.array(have[row["whole_text"]], dtype=np.float64)
    cache.close()


# -- the embedding model -------------------------------------------------------------------------------------------

def fit_logistic(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float, iterations: int = 25) -> np.ndarray:
    """Weighted logistic regression by Newton's method: ``l2`` / 2 |w|² (the bias unpenalised) plus the weighted
    log loss; the last column of the result is the bias. Deterministic (no sampling)."""
    x1 = np.hstack([x, np.ones((len(x), 1))])
    beta = np.zeros(x1.shape[1])
    penalty = np.full(x1.shape[1], l2)
    penalty[-1] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x1 @ beta, -30, 30)))
        gradient = x1.T @ (w * (p - y)) + penalty * beta
        hessian = (x1 * (w * p * (1 - p))[:, None]).T @ x1 + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.abs(step).max() < 1e-7:
            break
    return beta


def train_vectors(rows: list[dict], l2: float) -> np.ndarray:
    """The embedding model, on the hashed model's instances (``train_injection.train``): pass one reads an attack
    of several sentences whole, pass two its sentence that pass one scores highest."""
    beta = None
    for first in (True, False):
        xs, ys, ws = [], [], []
        for row in rows:
            if row["y"] == 0:
                xs += list(row["vecs"])
                ys += [0] * len(row["vecs"])
                ws += [row["w"]] * len(row["vecs"])
            else:
                if len(row["vecs"]) == 1:
                    xs.append(row["vecs"][0])
                elif first:
                    xs.append(row["wvec"])
                else:
                    xs.append(row["vecs"][int(np.argmax(row["vecs"] @ beta[:-1]))])
                ys.append(1)
                ws.append(row["w"])
        beta = fit_logistic(np.array(xs), np.array(ys, dtype=float), np.array(ws), l2)
    assert beta is not None
    return beta


# -- the three verdicts on a row -----------------------------------------------------------------------------------

def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0


def fit_both(rows: list[dict], l2: float) -> tuple[tuple[list[float], float], np.ndarray]:
    return hashed.train(rows, 1 << DIM_LOG2, 8, 7), train_vectors(rows, l2)


def unit_logits(row: dict, models: tuple[tuple[list[float], float], np.ndarray]) -> dict[str, float]:
    """Each column's row score (a probability): the highest of its asked sentences; (c) the mean of the two logits
    sentence by sentence."""
    (weights, bias), beta = models
    asked = row["asked_index"]
    if not asked:
        return {"a": 0.0, "b": 0.0, "c": 0.0}
    za = [bias + sum(weights[f] for f in row["units"][i]) for i in asked]
    zb = list(row["vecs"][asked] @ beta[:-1] + beta[-1])
    zc = [(p + q) / 2 for p, q in zip(za, zb, strict=True)]
    return {"a": sigmoid(max(za)), "b": sigmoid(max(zb)), "c": sigmoid(max(zc))}


INNER_FOLDS = 0  # --inner-folds: 0 holds out one group at a time; K > 0 deals the groups into K folds


def out_of_fold(rows: list[dict], l2: float) -> list[tuple[dict[str, float], dict]]:
    """Each group's rows scored by models trained without it (the customer background always trains); with
    ``INNER_FOLDS`` the groups, in name order, are dealt into that many folds and a fold is held out at a time
    (the page part has some twenty groups: a fit for each costs more than this machine had)."""
    groups = sorted({row["group"] for row in rows} - {"background"})
    fold = {g: (n % INNER_FOLDS if INNER_FOLDS else n) for n, g in enumerate(groups)}
    scored = []
    for held in sorted(set(fold.values())):
        models = fit_both([r for r in rows if fold.get(r["group"]) != held], l2)
        scored += [(unit_logits(r, models), r) for r in rows if fold.get(r["group"]) == held]
    return scored


COLUMNS = ("a", "b", "c")


def thresholds(scored: list[tuple[dict[str, float], dict]], places: tuple[str, ...], rule: tuple[str, float],
               page_fp: float) -> dict[str, float]:
    """Each column's threshold under ``rule``: ("shipped", budget) — rules OR model within the budget of the
    labelled clean rows, the rules spending it first — or ("alone", budget): the model alone within it (the
    shipped page model's rule)."""
    kind, budget = rule
    hashed.SHIPPED_FP = budget if kind == "shipped" else None
    return {c: hashed.threshold_from([(s[c], r) for s, r in scored], budget, places, page_fp) for c in COLUMNS}


def brief(scored: list[tuple[dict[str, float], dict]]) -> list[dict]:
    """Scores and what a threshold needs of each row (saved with ``--save``, for analyses without a rerun)."""
    return [{**s, "rules": bool(r["rules"]), "y": r["y"], "where": r["where"], "group": r["group"]}
            for s, r in scored]


def verdicts(row: dict, scores: dict[str, float], cuts: dict[str, float], places: tuple[str, ...]) -> None:
    for column in COLUMNS:
        model = scores[column] >= cuts[column]
        row[f"model_{column}"] = model
        row[f"ship_{column}"] = (row["rules"] or model) if row["where"] in places else row["rules"]


def rates(rows: list[dict], flag: str) -> tuple[float, float]:
    return hashed.rates(rows, flag)


def table(results: dict[str, list[dict]], place: str) -> None:
    print(f"\n{'held-out writer':<12} {'inj':>4} {'clean':>5} | {'rules':>12} | "
          + " | ".join(f"{'(' + c + ') model':>12} | {'(' + c + ') shipped':>12}" for c in COLUMNS))
    means: dict[str, list[tuple[float, float]]] = {}
    for writer, rows in results.items():
        chosen = [r for r in rows if r["where"] == place]
        flags = ["rules", *(f"{kind}_{c}" for c in COLUMNS for kind in ("model", "ship"))]
        cells = []
        for flag in flags:
            recall, false = rates(chosen, flag)
            means.setdefault(flag, []).append((recall, false))
            cells.append(f"{recall:6.1%} {false:5.1%}")
        injected = sum(r["y"] for r in chosen)
        print(f"{writer:<12} {injected:>4} {len(chosen) - injected:>5} | " + " | ".join(cells))
    cells = [f"{sum(m[0] for m in v) / len(v):6.1%} {sum(m[1] for m in v) / len(v):5.1%}" for v in means.values()]
    print(f"{'mean':<12} {'':>4} {'':>5} | " + " | ".join(cells))
    worst = sorted(results, key=lambda w: rates([r for r in results[w] if r["where"] == place], "ship_a")[0])[:3]
    for column in COLUMNS:
        shown = ", ".join(f"{w} {rates([r for r in results[w] if r['where'] == place], f'ship_{column}')[0]:.1%}"
                          for w in worst)
        print(f"worst three of (a), shipped ({column}): {shown}")


def folders(scored: list[tuple[dict[str, float], dict]], places: tuple[str, ...], rule: tuple[str, float],
            page_fp: float) -> None:
    """The ordinary pages held out by folder (scored without the folder, threshold chosen without its scores)."""
    print(f"\nordinary pages held out by folder: sentences flagged by the model\n{'folder':<12} {'sentences':>9} "
          + " ".join(f"{'(' + c + ')':>6}" for c in COLUMNS))
    totals = dict.fromkeys(COLUMNS, 0)
    count = 0
    for folder in sorted({r["group"] for _, r in scored if r["group"].startswith("pages:")}):
        cuts = thresholds([(s, r) for s, r in scored if r["group"] != folder], places, rule, page_fp)
        own = [s for s, r in scored if r["group"] == folder]
        hits = {c: sum(s[c] >= cuts[c] for s in own) for c in COLUMNS}
        count += len(own)
        for c in COLUMNS:
            totals[c] += hits[c]
        print(f"{folder[6:]:<12} {len(own):>9} " + " ".join(f"{hits[c]:>6}" for c in COLUMNS))
    print(f"{'all':<12} {count:>9} " + " ".join(f"{totals[c]:>6}" for c in COLUMNS)
          + "  (" + ", ".join(f"({c}) {totals[c] / count:.2%}" for c in COLUMNS) + ")")


def locomo(rows_final: tuple, cuts: dict[str, float], sample: int, cache_path: Path, path: Path) -> None:
    """A seeded sample of LoCoMo chat turns (two friends chatting, no attack) read sentence by sentence as
    extraction reads a customer's: the sentences each model flags, and what ships (rules OR model)."""
    from mem.customers.screening import instruction_like as customer_instruction_like

    conversations = json.loads(path.read_text(encoding="utf-8"))
    turns = []
    for conversation in (c["conversation"] for c in conversations):
        n = 1
        while f"session_{n}" in conversation:
            turns += [turn.get("text", "") for turn in conversation[f"session_{n}"]]
            n += 1
    chosen = random.Random(1).sample(turns, min(sample, len(turns)))
    rows = [{"text": s, "title": "", "where": "customer", "y": 0, "group": "locomo"}
            for turn in chosen for _, s in sentences(turn)]
    hashed.prepare(rows, 1 << DIM_LOG2, (2, 4), False, True)
    for row in rows:
        row["unit_texts"] = [row["text"]]
        row["whole_text"] = row["text"]
        row["asked_index"] = [0]
        row["units"] = [row["whole"]]
        row["rules"] = customer_instruction_like(row["text"])
    embed(rows, cache_path)
    flagged = {c: [r["text"] for r in rows if unit_logits(r, rows_final)[c] >= cuts[c]] for c in COLUMNS}
    rules = sum(r["rules"] for r in rows)
    print(f"\nLoCoMo: {len(chosen)} turns sampled, {len(rows)} sentences; the rules flag {rules}; the model flags "
          + ", ".join(f"({c}) {len(flagged[c])}" for c in COLUMNS))
    for column in COLUMNS:
        for text in flagged[column][:8]:
            print(f"  ({column}) {text!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("customer", "page"), default="customer")
    parser.add_argument("--fp", type=float, default=0.02, help="what ships: labelled clean rows of the place")
    parser.add_argument("--alone-fp", type=float, default=None,
                        help="a second table, each model alone within this share of the labelled clean rows (the "
                             "shipped page model's rule: 0.005)")
    parser.add_argument("--inner-folds", type=int, default=0,
                        help="deal the inner groups into this many folds (0: one group a fold, as train_injection)")
    parser.add_argument("--save", type=Path, default=None, help="save every score (JSON) for later analyses")
    parser.add_argument("--page-fp", type=float, default=0.005, help="pages: the ordinary pages' sentences")
    parser.add_argument("--l2", type=float, default=0.01, help="L2 penalty of the embedding model")
    parser.add_argument("--writers", default=None, help="hold out only these writers (comma-separated)")
    parser.add_argument("--locomo", type=int, default=3000, help="LoCoMo turns sampled (customer part)")
    parser.add_argument("--locomo-file", type=Path, default=LOCOMO,
                        help="locomo10.json (default: ../shared/benchmarks/locomo/ beside the repository)")
    parser.add_argument("--cache", type=Path, default=CACHE, help="the vector cache (SQLite)")
    parser.add_argument("--embed-only", action="store_true", help="fill the vector cache and stop")
    parser.add_argument("--no-final", action="store_true", help="the leave-one-writer-out table only")
    parser.add_argument("--final-only", action="store_true",
                        help="no leave-one-writer-out table: the folders (pages), LoCoMo (customer), the final model")
    parser.add_argument("--write", type=Path, default=None, help="write the final embedding model's weights here")
    args = parser.parse_args()
    global INNER_FOLDS
    INNER_FOLDS = args.inner_folds
    rules = [("shipped", args.fp)] + ([("alone", args.alone_fp)] if args.alone_fp is not None else [])
    places = ("customer",) if args.part == "customer" else ("policy",)
    start = time.process_time()
    rows = load_part(args.part)
    print(f"{len(rows)} rows ready ({time.process_time() - start:.0f} s CPU)", file=sys.stderr, flush=True)
    embed(rows, args.cache)
    if args.embed_only:
        return
    results: dict[tuple[str, float], dict[str, list[dict]]] = {rule: {} for rule in rules}
    saved: dict[str, dict] = {}
    writers = args.writers.split(",") if args.writers else sorted(set(WRITERS.values()))
    for writer in [] if args.final_only else writers:
        training = [r for r in rows if r["group"] != writer]
        inner = out_of_fold(training, args.l2)
        models = fit_both(training, args.l2)
        held = [(unit_logits(r, models), r) for r in rows if r["group"] == writer]
        saved[writer] = {"inner": brief(inner), "held": brief(held)}
        for rule in rules:
            cuts = thresholds(inner, places, rule, args.page_fp)
            judged = [dict(r) for _, r in held]
            for row, (scores, _) in zip(judged, held, strict=True):
                verdicts(row, scores, cuts, places)
            results[rule][writer] = judged
            print(f"{writer} {rule}: thresholds " + ", ".join(f"({c}) {cuts[c]:.3f}" for c in COLUMNS)
                  + f" ({time.process_time() - start:.0f} s CPU)", file=sys.stderr, flush=True)
        if args.save:
            args.save.write_text(json.dumps(saved))
    for rule in rules if results[rules[0]] else []:
        kind, budget = rule
        said = (f"what ships (rules OR model) within {budget:.1%}" if kind == "shipped"
                else f"the model alone within {budget:.1%}")
        print(f"\n{args.part}, leave-one-writer-out: (a) hashed as shipped, (b) sentence vector, (c) mean of the two "
              f"logits; threshold from inner folds ({said} of the labelled clean rows"
              f"{f', model <= {args.page_fp:.1%} of the ordinary pages' if args.part == 'page' else ''}); "
              "recall / FP on the writer's rows of the part's place")
        table(results[rule], places[0])
    sys.stdout.flush()
    if args.no_final:
        return
    scored = out_of_fold(rows, args.l2)
    if args.save:
        args.save.with_suffix(".final.json").write_text(json.dumps(brief(scored)))
    for rule in rules:
        cuts = thresholds(scored, places, rule, args.page_fp)
        print(f"\nfinal thresholds {rule}: " + ", ".join(f"({c}) {cuts[c]:.3f}" for c in COLUMNS))
        if args.part == "page":
            folders(scored, places, rule, args.page_fp)
    final = fit_both(rows, args.l2)
    cuts = thresholds(scored, places, rules[0], args.page_fp)
    if args.part == "customer" and args.locomo:
        locomo(final, cuts, args.locomo, args.cache, args.locomo_file)
    if args.write:
        beta = final[1]
        args.write.write_text(json.dumps({"bias": float(beta[-1]), "threshold_b": cuts["b"],
                                          "threshold_c": cuts["c"], "weights": [float(v) for v in beta[:-1]]}))
        print(f"wrote {args.write}")


if __name__ == "__main__":
    main()
