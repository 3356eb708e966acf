"""Plain-text layout that carries structure: tables set as aligned columns, and dot-leader rows.

A text file's paragraph is read as wrapped words (``readers.text_blocks``), which runs a schedule's rows together
into one sentence: "Petrol …… 2.60 per litre Diesel …… 2.40 per litre", a 別表 of 50kW未満 / 50kW以上 / 90kW以上 as
one line, and the answer quoted the wrong row or stated the opposite (held-out 27's charges schedule, 26's 別表,
21's 参加料, 28's OLD RULE / NEW RULE table). The rows are found by where their cells stand, never by their words.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from mem.core.text.tables import table_rows

# a gap between cells: two columns of blank or more (two blanks, a tab, one full-width space); one blank is a word's
_GAP_COLUMNS = 2
# the fewest lines a table has (a two-line spaced header over a letter is no table)
_MIN_ROWS = 3
# a run of leader marks between a label and its value: three or more dots, middle dots, or two ellipses, then a
# blank. The look-behind starts each run at its first mark only, and the possessive run never backtracks (linear).
_LEADER = re.compile(r"(?<![.．…·・‥])(?:[.．]{3,}+|…{2,}+|[·・‥]{3,}+)(?=[ \t\u3000])")
# the most lines one table is read over: each line added is checked against the ones before (bounded, so linear)
_MAX_ROWS = 300
_SENTENCE_END = (".", "!", "?", "。", "！", "？")
_RULE_MARKS = set("-=─━_~ ")


@dataclass(frozen=True)
class Cell:
    start: int  # display column (a wide character two)
    end: int
    text: str


def _width(ch: str) -> int:
    if ch == "\t":
        return 4
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def cells(line: str) -> list[Cell]:
    """The cells of ``line``: its text cut at gaps of two columns or more; the indentation is no gap."""
    found: list[Cell] = []
    col = 0
    start = -1
    text: list[str] = []
    blank = 0  # columns of blank since the last non-blank character
    for ch in line:
        w = _width(ch)
        if ch.isspace():
            blank += w
        else:
            if start >= 0 and blank >= _GAP_COLUMNS:
                found.append(Cell(start, col - blank, "".join(text).strip()))
                start, text = -1, []
            if start < 0:
                start = col
            elif blank:
                text.append(" ")
            text.append(ch)
            blank = 0
        col += w
    if start >= 0:
        found.append(Cell(start, col - blank, "".join(text).strip()))
    return found


def _prose(row: list[Cell]) -> bool:
    """A line of sentences with two blanks after a full stop ("…when it is missed.  It is part of the") is prose:
    a cell other than the last ends a sentence (a figure "15.00" ends in a digit)."""
    return any(cell.text.endswith(_SENTENCE_END) for cell in row[:-1])


def _columns(rows: list[list[Cell]]) -> list[tuple[int, int]] | None:
    """The columns the rows' cells stand in — the spans of cells that overlap, merged — or None when a row has two
    cells in one column (its gaps stand where another row has words: wrapped prose, not a table)."""
    spans = sorted((c.start, c.end) for row in rows for c in row)
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    columns = [(a, b) for a, b in merged]
    for row in rows:
        slots = [_slot(c, columns) for c in row]
        if len(set(slots)) != len(slots):
            return None
    return columns


def _slot(cell: Cell, columns: list[tuple[int, int]]) -> int:
    return next(n for n, (a, b) in enumerate(columns) if a <= cell.start <= b)


def _rule(row: list[Cell]) -> bool:
    return all(set(c.text) <= _RULE_MARKS for c in row)


def _figure(row: list[Cell]) -> bool:
    return any(ch.isdigit() for c in row for ch in c.text)


def table_at(lines: list[str], start: int) -> tuple[int, list[str]] | None:
    """The table whose first line is ``lines[start]``: (the index after its last line, its rows as sentences), or
    None. Three lines or more, two columns or more, each line's cells in columns of their own, two lines with a
    figure, no line of sentences. A row is read with the first line's labels when that line holds no figure
    (``table_rows``: "Zone: A; Small tools: 15.00."), else its cells joined by " | "; a rule line ("----") is
    dropped, and a line with fewer cells than the table's rows is the wrapped rest of the row above it."""
    first = cells(lines[start])
    if len(first) < 2 or _prose(first):
        return None
    run = [first]
    columns = _columns(run)
    end = start + 1
    while end < len(lines) and end - start < _MAX_ROWS:
        row = cells(lines[end])
        if not row or _prose(row):
            break
        wider = _columns([*run, row])
        if wider is None or len(wider) < 2:
            break
        run.append(row)
        columns = wider
        end += 1
    body = [row for row in run if not _rule(row)]
    if columns is None or len(body) < _MIN_ROWS or sum(_figure(row) for row in body) < 2:
        return None
    full = max(len(row) for row in body)
    if sum(len(row) >= 2 for row in body) < _MIN_ROWS:
        return None
    header: list[str] = []
    grid: list[list[str]] = []
    for n, row in enumerate(body):
        line = [""] * len(columns)
        for cell in row:
            line[_slot(cell, columns)] = cell.text
        if n == 0 and not _figure(row):
            header = line
        elif grid and len(row) < full:
            grid[-1] = [f"{a} {b}".strip() for a, b in zip(grid[-1], line, strict=True)]
        else:
            grid.append(line)
    if len(grid) < 2:
        return None
    return end, table_rows(header if any(header) else [], grid)


def leader_value(line: str) -> int | None:
    """The display column a dot-leader row's value starts at ("Petrol ....... 2.60 per litre" → the column of
    "2.60"), or None when ``line`` is no such row: a label, a run of leader marks, a blank, then text."""
    if not any(mark in line for mark in ".．…·・‥"):
        return None  # most lines hold no mark: read no pattern for them
    match = _LEADER.search(line)
    if match is None or not line[:match.start()].strip():
        return None
    rest = line[match.end():]
    value = len(rest) - len(rest.lstrip())
    if not rest.strip():
        return None
    return sum(_width(ch) for ch in line[:match.end() + value])


def indent(line: str) -> int:
    """The display columns of ``line``'s indentation."""
    return sum(_width(ch) for ch in line[:len(line) - len(line.lstrip())])
