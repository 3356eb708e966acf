"""Tables read as sentences: one line per row, each cell with its column's label.

A cell alone ("$14.99") states nothing a reader, the lint rules or the answer engine could quote; read
with its column it is a rule ("Option: Express; Time: 2 business days; Cost: $14.99."). Used by ingest
for HTML and Word tables and by the page sentence splitter for the markdown tables pages keep.
"""

from __future__ import annotations

import re

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
