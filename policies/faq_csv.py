"""A CSV of questions and answers (a help desk's FAQ export) read as one section per row.

Read as text, ``faq.csv`` became one page holding the whole file on one line, header included, and answers
quoted "comma soup" from the wrong row. A CSV is now read when its header row names a question column and an
answer column (``question``/``answer``, ``Q``/``A``, ``FAQ``, ``질문``/``답변``, ``質問``/``回答`` …, case and
spacing aside): each row with both is a section — the question its heading, the answer its text — so each
row is a page of its own that cites the file. Other columns (category, dates) are not read, and ingest says
which. A CSV whose columns cannot be told is refused with one line naming the columns it found.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core.errors import InvalidInput

if TYPE_CHECKING:
    from mem.policies.readers import Block

_QUESTION = re.compile(r"^(?:q|question|questions|faq|faq\s?question|query|질문|문의|자주\s?묻는\s?질문|質問|問い|"
                       r"よくある質問|設問)$", re.I)
_ANSWER = re.compile(r"^(?:a|answer|answers|response|reply|faq\s?answer|답변|답|대답|回答|答え|こたえ)$", re.I)
_MAX_FIELD = 1 << 20


def csv_blocks(path: Path, text: str) -> tuple[list[Block], list[str]]:
    """``(blocks, warnings)`` of a question-and-answer CSV, or one ``InvalidInput`` saying why it is not one."""
    from mem.policies.readers import Block, literal_markdown

    csv.field_size_limit(max(csv.field_size_limit(), _MAX_FIELD))
    try:
        rows = [row for row in csv.reader(io.StringIO(text), dialect=_dialect(text)) if any(c.strip() for c in row)]
    except csv.Error as exc:
        raise InvalidInput(f"{path}: not a readable CSV file ({exc})") from exc
    if not rows:
        raise InvalidInput(f"{path}: no text found")
    header = [" ".join(cell.split()).strip("\ufeff ") for cell in rows[0]]
    question = next((n for n, name in enumerate(header) if _QUESTION.match(name)), None)
    answer = next((n for n, name in enumerate(header) if _ANSWER.match(name)), None)
    if question is None or answer is None:
        found = ", ".join(repr(name) for name in header[:8]) + (" …" if len(header) > 8 else "")
        raise InvalidInput(f"{path}: a CSV is read as questions and answers, one section per row, and needs a header "
                           "row naming a question column and an answer column (question/answer, Q/A, 질문/답변, "
                           f"質問/回答); its first row is {found}")
    blocks: list[Block] = []
    skipped = 0
    for row in rows[1:]:
        asked = " ".join(row[question].split()) if question < len(row) else ""
        said = row[answer].strip() if answer < len(row) else ""
        if not asked or not said:
            skipped += 1
            continue
        blocks.append(Block(literal_markdown(asked), 2))
        for paragraph in re.split(r"\n\s*\n", said):
            if paragraph.strip():
                blocks.append(Block(literal_markdown(" ".join(paragraph.split()))))
    if not blocks:
        raise InvalidInput(f"{path}: no row has both a question and an answer")
    warnings = []
    others = [name or f"column {n + 1}" for n, name in enumerate(header) if n not in (question, answer)]
    if others:
        warnings.append(f"{path}: the column{'s' if len(others) > 1 else ''} {', '.join(map(repr, others))} "
                        f"{'are' if len(others) > 1 else 'is'} not read: each row's question is a section's "
                        "heading and its answer the section's text")
    if skipped:
        warnings.append(f"{path}: {skipped} row{'s' if skipped > 1 else ''} without a question or an answer "
                        f"{'are' if skipped > 1 else 'is'} left out")
    return blocks, warnings


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    """Comma-separated unless the header line says semicolons or tabs (a spreadsheet's export in many locales)."""
    first = text.split("\n", 1)[0]
    if "\t" in first and first.count("\t") >= first.count(","):
        return csv.excel_tab
    if ";" in first and first.count(";") > first.count(","):
        class Semicolon(csv.excel):
            delimiter = ";"
        return Semicolon
    return csv.excel
