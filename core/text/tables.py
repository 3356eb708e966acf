"""Tables read as sentences: one line per row, each cell with its column's label.

A cell alone ("$14.99") states nothing a reader, the lint rules or the answer engine could quote; read
with its column it is a rule ("Option: Express; Time: 2 business days; Cost: $14.99."). Used by ingest
for HTML and Word tables and by the page sentence splitter for the markdown tables pages keep.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_SEPARATOR = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$")


def table_rows(header: list[str], body: list[list[str]]) -> list[str]:
    """``"Tier: Gold; Points needed: 2000."`` per row when ``header`` labels every column, else the
    row's cells joined by `` | ``."""
    lines = []
    for cells in body:
        if header and len(header) == len(cells):
            parts = [f"{name}: {value}" if name else value for name, value in zip(header, cells, strict=True) if value]
            if parts:
                lines.append("; ".join(parts) + ".")
        elif any(cells):
            lines.append(" | ".join(cell for cell in cells if cell))
    return lines


def markdown_table_rows(lines: list[str]) -> list[str]:
    """The rows of a markdown (GFM) table as ``table_rows`` sentences; its first row is the header
    when a ``|---|`` separator follows it."""
    rows = [_cells(line) for line in lines if not _SEPARATOR.match(line.strip())]
    has_header = len(lines) >= 2 and bool(_SEPARATOR.match(lines[1].strip()))
    if has_header and rows:
        return table_rows(rows[0], rows[1:])
    return table_rows([], rows)


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    return [" ".join(cell.replace("\\|", "|").split()) for cell in re.split(r"(?<!\\)\|", line)]


class SpanCell(NamedTuple):
    """One cell of an HTML table as written: its text, whether it is a header cell (``<th>``), and how many rows and
    columns it covers (``rowspan`` / ``colspan``)."""

    text: str
    header: bool
    rows: int = 1
    columns: int = 1


# A grid wider than this, or a header deeper, is no table anyone reads as sentences; the bounds keep a page of
# "<td colspan=999999 rowspan=0>" cells from costing more than a fixed factor per cell written
_MAX_COLUMNS = 200
_MAX_HEADER_ROWS = 4


def spanned_table_rows(rows: list[list[SpanCell]]) -> list[str]:
    """``table_rows`` for a table with merged cells: a cell stands in every row and column it covers.

    Read cell by cell, a merged cell shifted every cell after it into the wrong column and a second header row
    ("Saver / Standard / Flexi" under "Daytime services") was read as a row of data: "1 bag | 2 bags | 2 bags" no
    longer said which ticket each allowance belongs to, and the second row of a "Severn Line" cell two rows high
    came out as its route alone. Laid out as a grid, a row keeps the text of a cell above it that reaches into it,
    and each value keeps the label of the columns it stands in (``_span_label``)."""
    grid = _grid(rows)
    grid = [line for line in grid if any(cell is not None and cell.text for cell in line)]
    if not grid:
        return []
    header_rows = 0
    if all(cell is not None and cell.header for cell in grid[0]):
        header_rows = 1
        # the rows a header cell reaches down into are the header too, while they hold header cells only
        while header_rows < min(len(grid), _MAX_HEADER_ROWS) \
                and all(cell is not None and cell.header for cell in grid[header_rows]) \
                and any(cell is not None and cell is above
                        for cell, above in zip(grid[header_rows], grid[header_rows - 1], strict=False)):
            header_rows += 1
    header = grid[:header_rows]
    lines = []
    for line in grid[header_rows:]:
        pairs: list[tuple[str, str]] = []
        start = 0
        while start < len(line):
            cell, end = line[start], start
            while end + 1 < len(line) and line[end + 1] is cell:
                end += 1
            if cell is not None and cell.text:
                pairs.append((_span_label(header, start, end), cell.text))
            start = end + 1
        if any(label for label, _ in pairs):
            lines.append("; ".join(f"{label}: {value}" if label else value for label, value in pairs) + ".")
        elif pairs:
            lines.append(" | ".join(value for _, value in pairs))
    return lines


def _grid(rows: list[list[SpanCell]]) -> list[list[SpanCell | None]]:
    """The table's cells by row and column: a cell in every place its rowspan and colspan cover (the same object, so
    a merged cell is known as one), None where no cell stands."""
    grid: list[list[SpanCell | None]] = []
    reaching: dict[int, tuple[SpanCell, int]] = {}  # per column: a cell from a row above, and how many rows it has left
    for cells in rows:
        placed: dict[int, SpanCell] = {}
        for column, (cell, left) in list(reaching.items()):
            placed[column] = cell
            if left > 1:
                reaching[column] = (cell, left - 1)
            else:
                del reaching[column]
        column = 0
        for cell in cells:
            while column in placed:
                column += 1
            width = min(max(cell.columns, 1), _MAX_COLUMNS - column)
            for at in range(column, column + width):
                placed[at] = cell
                if cell.rows != 1:  # rowspan="0": to the table's end
                    reaching[at] = (cell, cell.rows - 1 if cell.rows > 1 else len(rows))
            column += max(width, 0)
            if column >= _MAX_COLUMNS:
                break
        width = max(placed) + 1 if placed else 0
        grid.append([placed.get(at) for at in range(width)])
    return grid


def _span_label(header: list[list[SpanCell | None]], start: int, end: int) -> str:
    """The label of a value standing in columns ``start``–``end``: the header cell covering exactly those columns (with
    the header cell over it in brackets when that is another one); when none does but one header cell stands over all
    of them, their own labels joined by " / " (the one over them in brackets); otherwise none — no header names it."""
    def cell_at(row: int, column: int) -> SpanCell | None:
        return header[row][column] if column < len(header[row]) else None

    def covers(row: int) -> SpanCell | None:
        """The header cell of ``row`` standing over every column of the span, or None."""
        cell = cell_at(row, start)
        return cell if cell is not None and all(cell_at(row, at) is cell for at in range(start, end + 1)) else None

    def exact(row: int) -> bool:
        cell = covers(row)
        return cell is not None and (start == 0 or cell_at(row, start - 1) is not cell) \
            and cell_at(row, end + 1) is not cell

    def named(row: int, column: int) -> str:
        """The label of the header cell at ``row``, with the different header cell above it in brackets."""
        cell = cell_at(row, column)
        if cell is None or not cell.text:
            return ""
        parent = next((above for above in (cell_at(up, column) for up in range(row - 1, -1, -1))
                       if above is not None and above is not cell and above.text), None)
        return f"{cell.text} ({parent.text})" if parent else cell.text

    rows = range(len(header) - 1, -1, -1)  # deepest first
    deepest = next((row for row in rows if exact(row)), None)
    if deepest is not None:
        return named(deepest, start)
    over = next((row for row in rows if covers(row)), None)
    if over is None:
        return ""
    last = len(header) - 1
    own = list(dict.fromkeys(cell for at in range(start, end + 1) if (cell := cell_at(last, at)) is not None))
    parent = covers(over)
    assert parent is not None
    return " / ".join(cell.text for cell in own if cell.text) + (f" ({parent.text})" if parent.text else "")
