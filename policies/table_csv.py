"""A CSV that is a table (a price list, a fee schedule, a rate card), read as one page of labelled rows.

A CSV whose header names no question/answer (or title/body) columns was refused, and the commonest CSV an
operations team owns is a price list (``Code,Fee,Amount (GBP),When it applies``). It is now one page for the file —
titled by a title row (a first row of one cell over the header), else by the file name — and each row one line read
as the PDF, HTML and Word readers read a table's rows (``mem.core.text.tables.table_rows``): each cell with its
column's name, "Fee: Late payment fee; Amount (GBP): £8.00; When it applies: …". A cell alone ("8.00") states
nothing an answer could quote; with its label it is a rule, and a changed row is one changed line in the page's diff.

A bare number under a column whose name states a currency ("Amount (GBP)", "금액(원)", "料金（円）") is written with
it ("£8.00", "5,000원", "500円"): the header says what the number is, and the answer engine and lint read money by
its sign. The table must be one: a CSV of one column, a first row that is data (a cell holding a number: no header),
or a row with more or fewer cells than the header cannot be labelled and is refused in one line naming the line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core.errors import InvalidInput
from mem.core.text.tables import table_rows

if TYPE_CHECKING:
    from mem.policies.readers import Block

# a number as a spreadsheet writes one in a cell: "8", "8.00", "1,250", "12.5%", "£8", "-3" (a year is a label)
_NUMBER = re.compile(r"^[-+]?[$€£₩¥]?\s?\d[\d,.\s']*%?$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_BARE = re.compile(r"^\d[\d,.\s']*$")
# the currency a column's name states, in brackets ("Amount (GBP)", "Price [$]", "금액(원)", "料金（円）") or as its
# last word ("Price £", "Fee in EUR"): (sign, written after the number)
_CURRENCIES = {"gbp": ("£", False), "£": ("£", False), "usd": ("$", False), "$": ("$", False),
               "eur": ("€", False), "€": ("€", False), "krw": ("원", True), "₩": ("₩", False), "원": ("원", True),
               "jpy": ("円", True), "¥": ("¥", False), "円": ("円", True)}
_CURRENCY_NAMED = re.compile(r"(?:[(（\[［]\s*(?P<inside>[A-Za-z]{3}|[£$€₩¥원円])\s*[)）\]］]"
                             r"|(?:\s|^)(?:in\s+)?(?P<last>GBP|USD|EUR|KRW|JPY|[£$€₩¥]))\s*$", re.I)


def table_blocks(path: Path, rows: list[list[str]], lines: list[int]) -> list[Block]:
    """The title (a level-1 heading, when a title row names it) and one paragraph per row of a table CSV, or one
    ``InvalidInput`` saying why the rows are no table. ``rows`` are the file's non-blank rows as ``csv`` read them,
    ``lines`` the line of the file each starts on."""
    from mem.policies.readers import Block, literal_markdown

    cells = [[" ".join(cell.split()).strip("\ufeff ") for cell in row] for row in rows]
    leading = 0  # a title row (and notes) over the header: rows of one cell, the first, over a row of two or more
    while leading < len(cells) and len(_filled(cells[leading])) == 1 and cells[leading][0]:
        leading += 1
    if leading == len(cells):
        leading = 0  # every row one cell: a list, refused below
    header = _trimmed(cells[leading])
    width = len(header)
    if width < 2:
        raise InvalidInput(f"{path}: a CSV of one column is a list, not a table, and has no question and answer "
                           "columns: give it a header row naming two or more columns (a price list's item and its "
                           "price), or ingest it as a text file")
    if any(_NUMBER.match(name) and not _YEAR.match(name) for name in header):
        found = ", ".join(repr(name) for name in header[:6]) + (" …" if width > 6 else "")
        raise InvalidInput(f"{path}: line {lines[leading]} ({found}) is data, not column names: a table CSV needs a "
                           "header row naming each column (Fee, Amount, …) so each row can be read with its labels")
    blocks: list[Block] = []
    if leading:
        blocks.append(Block(literal_markdown(cells[0][0]), 1))
        blocks += [Block(literal_markdown(row[0])) for row in cells[1:leading]]
    currency = [_currency(name) for name in header]
    read = 0
    for row, line in zip(cells[leading + 1:], lines[leading + 1:], strict=True):
        filled = _filled(row)
        if len(filled) == 1 and row[0] and (len(row) == 1 or len(row) >= width):
            # a row of one cell in the first column: a group's name ("Broadband") or a note under the table
            blocks.append(Block(literal_markdown(row[0])))
            continue
        if len(_trimmed(row)) > width or len(row) < width:
            raise InvalidInput(f"{path}: line {line} has {len(_trimmed(row)) if len(row) > width else len(row)} "
                               f"cells but the header names {width} columns: every row needs one cell per column "
                               "(quote a cell that holds the separator, as \"£1,000\")")
        row = [_with_currency(value, currency[n]) for n, value in enumerate(row[:width])]
        rendered = table_rows(header, [row])
        blocks += [Block(literal_markdown(text)) for text in rendered]
        read += len(rendered)
    if not read:
        raise InvalidInput(f"{path}: no row under the header row ({', '.join(map(repr, header[:6]))})")
    return blocks


def _filled(row: list[str]) -> list[str]:
    return [cell for cell in row if cell]


def _trimmed(row: list[str]) -> list[str]:
    """The row without the empty cells a spreadsheet pads it with to the sheet's width."""
    end = len(row)
    while end and not row[end - 1]:
        end -= 1
    return row[:end]


def _currency(name: str) -> tuple[str, bool] | None:
    match = _CURRENCY_NAMED.search(name)
    if match is None:
        return None
    return _CURRENCIES.get((match.group("inside") or match.group("last")).lower())


def _with_currency(value: str, currency: tuple[str, bool] | None) -> str:
    if currency is None or not _BARE.match(value):
        return value
    sign, after = currency
    return f"{value}{sign}" if after else f"{sign}{value}"
