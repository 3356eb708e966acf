"""Where the right page is lost: every question set's page misses by cause, and page orders measured against them.

The page is the ceiling of the policy answers (a wrong page never quotes the right sentence). This reads the data
``scripts/train_adapter.py --cache FILE`` gathered (every set asked through the engine once, each page's
sentences and vectors, the keyword search's score of every policy page for each question) and replays fuse mode's
page choice (``train_adapter.simulate``: the candidates are the keyword search's pages and the nearest page by
cosine, ordered by the best cosine plus 0.02 × the lexical coverage). Each answerable question whose first page
is not the expected one is put under one cause, the first that holds of:

- ``other language``: the expected page is written in another language than the question (never matched);
- ``introduction``: the page chosen is a document's introduction (``_introduction``: from no section of it);
- ``pointer``: the page chosen is a short section (three sentences or fewer) that refers to another text;
- ``FAQ / exceptions``: the expected page is a FAQ, exceptions, definitions or "general" section, the
  question's topic another section's;
- ``two-part question``: the question asks two things (two question marks, or "and"/"or" before a second question);
- ``long story``: the question tells its situation first (``STORY`` content terms or more), the ask a small part;
- ``table row / list item`` (sixteenth round): the expected sentence is a table row or a list item of its page (a row
  rendered "Class: …; Price: …" or a bullet: few words of its own, its meaning in the heading or the lead-in);
- ``everyday words``: neither the expected sentence nor its page's heading holds any content term of the question
  (the customer's words are not the policy's);
- ``vague heading``: the expected sentence holds some of the question's terms, its page's heading none (the heading
  does not name what the section rules on);
- ``neighbouring section``: none of these: the expected page's heading names the question's topic, and a
  neighbouring section's sentence was closer.

The cause words (FAQ, see, 참조, …) are read here only, to sort the misses for the table; the engine never reads
them.

    python scripts/page_misses.py --cache FILE [--search-weight W] [--show CAUSE]
"""

from __future__ import annotations

import argparse
import pickle
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import train_adapter  # noqa: E402
from train_adapter import WRITERS, simulate  # noqa: E402

CAUSES = ("other language", "introduction", "pointer", "FAQ / exceptions", "two-part question", "long story",
          "table row / list item", "everyday words", "vague heading", "neighbouring section")
_SIDE = re.compile(r"faq|frequently|question|q\s*&\s*a|exception|exclusion|not covered|what we do not|general|"
                   r"definition|other|miscellaneous|자주|질문|예외|정의|기타|일반|よくある|質問|例外|定義|その他|一般|Q&A",
                   re.IGNORECASE)
_POINTER = re.compile(r"\bsee\b|\brefer|set out in|described in|found in|our website|booklet|separate|참조|참고|"
                      r"별도|따로|에 따릅니다|에 따른다|参照|別途|定めるところ|による", re.IGNORECASE)
_TWO = re.compile(r"\?.+\?|？.+？|\b(and|or|also|plus)\s+"
                  r"(what|how|when|where|who|can|could|do|does|is|are|will|would)\b"
                  r"|그리고|또한|それと|また、|あと、", re.IGNORECASE)
STORY = 14  # content terms: a question told as a story (the situation first, then what is asked)
# a list item or a table row as the page's text holds it (the bullet, the number, the circled number, the cell bar)
_ITEM = re.compile(r"^\s*(?:[-*•·・]|\d+[.)]\s|\(\d+\)|[①-⑳]|\|)")


def cause_of(item, pages, chosen: str | None) -> str:
    from mem.agent.retrieval import terms

    by_id = {p.id: p for p in pages}
    expected = by_id[item.q["page"]]
    got = by_id.get(chosen) if chosen else None
    if expected.language != item.language:
        return "other language"
    if got is not None and got.introduction:
        return "introduction"
    if got is not None and len(got.sentences) <= 3 and _POINTER.search(got.body):
        return "pointer"
    if _SIDE.search(expected.title.split(":")[-1]):
        return "FAQ / exceptions"
    question = item.q["question"]
    if _TWO.search(question):
        return "two-part question"
    asked = terms(question)
    if len(asked) >= STORY:
        return "long story"
    sentence = item.q["sentence"]
    if any(sentence in line and (_ITEM.match(line) or line.count(";") >= 2) for line in expected.body.splitlines()):
        return "table row / list item"
    heading = asked & terms(expected.title.split(":")[-1])
    if not heading and not asked & terms(item.q["sentence"]):
        return "everyday words"
    if not heading:
        return "vague heading"
    return "neighbouring section"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, required=True, help="scripts/train_adapter.py's --cache FILE")
    parser.add_argument("--search-weight", type=float, help="the page order's share of the keyword search's score "
                        "(the engine's SEARCH_WEIGHT by default; 0: the order before the thirteenth round)")
    parser.add_argument("--show", default="", help="list the misses of this cause (question → chosen / expected)")
    args = parser.parse_args()
    train_adapter.SEARCH_SHARE[0] = args.search_weight
    # the cache was pickled by train_adapter run as __main__: its classes are looked up there
    sys.modules["__main__"].PageData = train_adapter.PageData  # type: ignore[attr-defined]
    sys.modules["__main__"].QuestionData = train_adapter.QuestionData  # type: ignore[attr-defined]
    with args.cache.open("rb") as f:
        all_pages, items = pickle.load(f)
    table: dict[str, dict[str, int]] = {w: dict.fromkeys(CAUSES, 0) for w in WRITERS}
    candidate = dict.fromkeys(WRITERS, 0)
    cjk = dict.fromkeys(WRITERS, 0)  # of the misses, the Korean and Japanese questions
    for item in items:
        if not item.q["page"]:
            continue
        pages = all_pages[item.service]
        found = simulate(item, pages, None)
        if found.first == item.q["page"]:
            continue
        cause = cause_of(item, pages, found.first)
        table[item.writer][cause] += 1
        cjk[item.writer] += item.language != "en"
        nearest = max((p for p in pages if p.id in item.pool and p.language == item.language and len(p.sentences)),
                      key=lambda p: float((p.vectors @ item.vector).max()), default=None)
        candidate[item.writer] += item.q["page"] in item.search or (nearest is not None and nearest.id ==
                                                                     item.q["page"])
        if args.show and args.show == cause:
            print(f"{item.writer:<10} {item.q['question'][:90]!r}\n{'':<10} → {found.first} (expected "
                  f"{item.q['page']})")
    short = {"other language": "lang", "introduction": "intro", "pointer": "ptr", "FAQ / exceptions": "faq",
             "two-part question": "two", "long story": "story", "table row / list item": "item",
             "vague heading": "head", "everyday words": "words", "neighbouring section": "neigh"}
    cause_table(CAUSES, table, [("misses", None), ("cand.", candidate), ("ko/ja", cjk)], width=6,
                label=lambda cause: short[cause])


def cause_table(columns, rows, extra, *, width: int, label=lambda column: column) -> None:
    """A cause × set table: one row per writer, a column per cause, then the ``extra`` columns (name, counts per
    writer; ``None`` counts the row's total), and the totals and the number of sets each cause fails for."""
    def extras(writer: str | None) -> str:
        cells = []
        for name, counts in extra:
            if counts is None:
                value = sum(rows[writer].values()) if writer else sum(sum(r.values()) for r in rows.values())
            else:
                value = counts[writer] if writer else sum(counts.values())
            cells.append(f"{value:>{max(width, len(name)) + 1}}")
        return "".join(cells)
    print(f"{'set':<11} " + " ".join(f"{label(c)[:width]:>{width}}" for c in columns)
          + "".join(f"{name:>{max(width, len(name)) + 1}}" for name, _ in extra))
    for writer in WRITERS:
        print(f"{writer:<11} " + " ".join(f"{rows[writer][c]:>{width}}" for c in columns) + extras(writer))
    print(f"{'all':<11} " + " ".join(f"{sum(rows[w][c] for w in WRITERS):>{width}}" for c in columns) + extras(None))
    print(f"{'sets ≥ 1':<11} " + " ".join(f"{sum(1 for w in WRITERS if rows[w][c]):>{width}}" for c in columns))

if __name__ == "__main__":
    main()
