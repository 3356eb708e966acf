"""Where "no rule" is said to an answerable question: every question set's abstentions by cause.

The engine says "no rule" when the first page's rule does not answer (the lexical choice does not, and the learned
decision or the threshold says so). On strangers' sets a fifth of the answerable questions got it. This reads the
data ``scripts/train_adapter.py --cache FILE`` gathered and replays the shipped adapter with its decision, or its
threshold when its file carries none (``train_adapter.simulate``, which judges the questions as the engine's
answers are judged), and puts each answerable question told "no rule" under where its right answer stood:

- ``other language``: the expected page is in another language than the question (never matched);
- ``under the bar``: the right page first and its right sentence the candidate, under the decision's cut (or the
  threshold);
- ``2nd–5th sentence``: the right page first, the right sentence second to fifth of its quotable sentences;
- ``lower sentence``: the right page first, the right sentence further down (or not quotable);
- ``wrong page first, sentence first``: the right page second or third, its right sentence its best;
- ``wrong page first, sentence lower``: the right page second or third, its best sentence another;
- ``page not in top 3``: the right page further down or not a candidate at all;

and under the question's shape (the first that holds): ``two parts`` (two questions in one), ``number given`` (the
customer gives a figure: a date, an amount, a count), ``long story`` (an English question of ``page_misses.STORY``
content terms or more), ``list item / table cell`` (the right sentence is a list item or a table row of its page),
``Korean / Japanese`` (none of these, not English), ``other``. The shape words are read here only, to sort the
table; the engine never reads them. The unanswerable questions that get a rule are counted beside, as the price of
answering more.

    python scripts/abstain_causes.py --cache FILE [--show CAUSE]
"""

from __future__ import annotations

import argparse
import pickle
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import train_adapter  # noqa: E402
from page_misses import _TWO, STORY, cause_table  # noqa: E402
from train_adapter import WRITERS, apply, as_answer, as_decided, simulate  # noqa: E402

WHERE = ("other language", "under the bar", "2nd–5th sentence", "lower sentence", "wrong page first, sentence first",
         "wrong page first, sentence lower", "page not in top 3")
SHAPES = ("two parts", "number given", "long story", "list item / table cell", "Korean / Japanese", "other")
_NUMBER = re.compile(r"\d")
_ITEM = re.compile(r"^\s*(?:[-*•·・]|\d+[.)]\s|\(\d+\)|[①-⑳]|\|)")


def where_of(item, pages, found) -> str:
    by_id = {p.id: p for p in pages}
    expected = by_id[item.q["page"]]
    if expected.language != item.language:
        return "other language"
    position = found.order.index(expected.id) if expected.id in found.order else None
    if position is None or position > 2:
        return "page not in top 3"
    rank = sentence_rank(item, expected, found)
    if position == 0:
        return "under the bar" if rank == 0 else "2nd–5th sentence" if rank is not None and rank < 5 else \
            "lower sentence"
    return "wrong page first, sentence first" if rank == 0 else "wrong page first, sentence lower"


ADAPTER: list = [None]


def sentence_rank(item, page, found) -> int | None:
    """The rank of the page's first right sentence among its quotable sentences by the adapter's score."""
    gold = item.targets.get(page.id)
    if gold is None or not (gold & page.quotable).any():
        return None
    scores = page.vectors @ apply(ADAPTER[0], item.vector)
    order = [i for i in np.argsort(-scores, kind="stable") if page.quotable[i]]
    return next(n for n, i in enumerate(order) if gold[i])


def shape_of(item, pages) -> str:
    from mem.agent.retrieval import terms

    question = item.q["question"]
    if _TWO.search(question):
        return "two parts"
    if _NUMBER.search(question):
        return "number given"
    if item.language == "en" and len(terms(question)) >= STORY:  # CJK terms are bigrams: not counted alike
        return "long story"
    expected = next(p for p in pages if p.id == item.q["page"])
    if any(item.q["sentence"] in line and _ITEM.match(line) for line in expected.body.splitlines()):
        return "list item / table cell"
    return "Korean / Japanese" if item.language != "en" else "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, required=True, help="scripts/train_adapter.py's --cache FILE")
    parser.add_argument("--show", default="", help="list the abstentions of this cause (question → first page)")
    parser.add_argument("--second-over", default="", help="B,S: the second page answers when the first does not and "
                        "its candidate scores at least the threshold + B and stands out by S (measured, not shipped)")
    args = parser.parse_args()
    try:
        over = tuple(float(v) for v in args.second_over.split(",")) if args.second_over else None
    except ValueError:
        over = None
    if args.second_over and (over is None or len(over) != 2):
        parser.error(f"--second-over takes B,S (two numbers), got {args.second_over!r}")
    sys.modules["__main__"].PageData = train_adapter.PageData  # type: ignore[attr-defined]
    sys.modules["__main__"].QuestionData = train_adapter.QuestionData  # type: ignore[attr-defined]
    from mem.agent.adapter import shipped

    ship = shipped()
    assert ship is not None, "the shipped adapter is needed (agent/adapter_weights.bin)"
    ADAPTER[0] = (np.array([list(c) for c in ship.columns], dtype=np.float64).T,
                  np.array([list(r) for r in ship.rows], dtype=np.float64).T)
    with args.cache.open("rb") as f:
        all_pages, items = pickle.load(f)
    where = {w: dict.fromkeys(WHERE, 0) for w in WRITERS}
    shapes = {w: dict.fromkeys(SHAPES, 0) for w in WRITERS}
    cross = {c: dict.fromkeys(SHAPES, 0) for c in WHERE}
    right_if_answered = dict.fromkeys(WHERE, 0)
    dishonest = dict.fromkeys(WRITERS, 0)
    rates: dict[str, tuple[int, int]] = {}
    changed: list[tuple[object, tuple, tuple]] = []
    for item in items:
        pages = all_pages[item.service]
        found = simulate(item, pages, ADAPTER[0])
        train_adapter.SECOND_OVER[0] = None
        before = as_decided(found, ship.decision) if ship.decision is not None else as_answer(found, ship.threshold)
        train_adapter.SECOND_OVER[0] = over  # type: ignore[assignment]
        after = as_decided(found, ship.decision) if ship.decision is not None else as_answer(found, ship.threshold)
        changed.append((item, before, after))
        no_rule = after[2]  # a second page that answers leaves the question out of the causes below
        if not item.q["page"]:
            dishonest[item.writer] += not no_rule
            continue
        for kind in ("in English" if item.language == "en" else "in Korean or Japanese", shape_of(item, pages)):
            told, asked = rates.get(kind, (0, 0))
            rates[kind] = (told + no_rule, asked + 1)
        if not no_rule:
            continue
        cause, shape = where_of(item, pages, found), shape_of(item, pages)
        where[item.writer][cause] += 1
        shapes[item.writer][shape] += 1
        cross[cause][shape] += 1
        right_if_answered[cause] += item.q["sentence"] in found.quote
        if args.show and args.show in (cause, shape):
            print(f"{item.writer:<10} {item.q['question'][:100]!r}\n{'':<10} {cause} / {shape}: {found.first} "
                  f"(expected {item.q['page']})")
    table("where the right answer stood", WHERE, where, dishonest)
    print(f"{'right quote had it answered':<34} " + " ".join(f"{right_if_answered[c]:>7}" for c in WHERE))
    table("the question's shape", SHAPES, shapes, dishonest)
    for kind, (told, asked) in sorted(rates.items()):
        print(f"{kind}: {told} of {asked} answerable questions told no rule ({told / asked:.1%})")
    if over is not None:
        before_after(changed, over)
    print("\nwhere × shape")
    print(f"{'':<34} " + " ".join(f"{s[:7]:>7}" for s in SHAPES))
    for c in WHERE:
        print(f"{c:<34} " + " ".join(f"{cross[c][s]:>7}" for s in SHAPES))


def before_after(changed: list, over: tuple[float, ...]) -> None:
    """Each set's right pages, right sentences and honest "no rule", before → after ``--second-over``, odd and even
    ids apart (a rule is chosen on one half and checked on the other)."""
    print(f"\nthe second page over the bar (+{over[0]}, standout {over[1]}): before → after")
    print(f"{'set':<12} {'half':<5} {'right page':>12} {'right sentence':>15} {'honest':>10}")
    for half in (1, 0):
        for writer in [*WRITERS, "all"]:
            rows = [(item, b, a) for item, b, a in changed if item.q["id"] % 2 == half
                    and writer in (item.writer, "all")]
            if not rows:
                continue
            cells = []
            for n in (1, 2):  # before, after
                page = sum(r[n][0] == r[0].q["page"] for r in rows if r[0].q["page"])
                sentence = sum(r[0].q["sentence"] in r[n][1] for r in rows if r[0].q["page"])
                honest = sum(r[n][2] for r in rows if not r[0].q["page"])
                cells.append((page, sentence, honest))
            if cells[0] == cells[1] and writer != "all":
                continue
            (p0, s0, h0), (p1, s1, h1) = cells
            print(f"{writer:<12} {'odd' if half else 'even':<5} {f'{p0} → {p1}':>12} {f'{s0} → {s1}':>15} "
                  f"{f'{h0} → {h1}':>10}")


def table(title: str, columns: tuple[str, ...], rows: dict[str, dict[str, int]], dishonest: dict[str, int]) -> None:
    print(f"\n{title}")
    cause_table(columns, rows, [("no rule", None), ("rule, un", dishonest)], width=9)

if __name__ == "__main__":
    main()
