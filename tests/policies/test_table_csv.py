"""A CSV price list read as a table (policies/table_csv.py, newuser31 #9): one page for the file, each row a line with
its column labels; a CSV that cannot be labelled is refused in one line naming the line."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.policies.readers import read_document

PRICES = """Item,Price (GBP),When it applies
Gift wrapping,3.50,Per parcel
Express delivery,6.95,"Orders placed before 2pm, Monday to Friday"
Engraving,12.00,"Up to 20 characters
per line"
"""


@pytest.fixture
def workspace(mem, tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    return ws


def _read(path: Path, data: str | bytes) -> tuple[list[tuple[str, int]], list[str]]:
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8", newline="")
    else:
        path.write_bytes(data)
    doc = read_document(path, max_bytes=0)
    return [(block.text, block.level) for block in doc.blocks], doc.warnings


def test_a_price_list_is_one_paragraph_per_row_with_its_labels_and_its_currency(tmp_path: Path) -> None:
    blocks, warnings = _read(tmp_path / "extras.csv", PRICES)
    assert blocks == [
        ("Item: Gift wrapping; Price (GBP): £3.50; When it applies: Per parcel.", 0),
        ("Item: Express delivery; Price (GBP): £6.95; When it applies: Orders placed before 2pm, Monday to Friday.",
         0),
        ("Item: Engraving; Price (GBP): £12.00; When it applies: Up to 20 characters per line.", 0),
    ]
    assert warnings == []


def test_a_title_row_titles_the_page_and_notes_and_group_rows_stay_text(tmp_path: Path) -> None:
    # a spreadsheet pads the rows over and inside the table to its width; a padded row of one cell is no data row
    text = ("Riverside price list 2027,,\nPrices include VAT.,,\nItem,Price (£),Notes\nHire,,\n"
            "Kayak (1 hour),15,\nPaddleboard (1 hour),18,Over 12s only\n")
    blocks, _ = _read(tmp_path / "prices.csv", text)
    assert blocks == [("Riverside price list 2027", 1), ("Prices include VAT.", 0), ("Hire", 0),
                      ("Item: Kayak (1 hour); Price (£): £15.", 0),
                      ("Item: Paddleboard (1 hour); Price (£): £18; Notes: Over 12s only.", 0)]


def test_a_cell_already_priced_and_a_column_without_a_currency_are_left_as_written(tmp_path: Path) -> None:
    blocks, _ = _read(tmp_path / "t.csv", "Item,Price (GBP),Minutes,2026\nWash,£5 or less,30,4\n")
    assert blocks == [("Item: Wash; Price (GBP): £5 or less; Minutes: 30; 2026: 4.", 0)]  # a year is a column name


def test_a_korean_semicolon_export_with_a_bom(tmp_path: Path) -> None:
    blocks, _ = _read(tmp_path / "요금.csv", "\ufeff품목;금액(원);비고\n와이셔츠;2500;\"다림질 포함; 옷걸이 제공\"\n")
    assert blocks == [("품목: 와이셔츠; 금액(원): 2500원; 비고: 다림질 포함; 옷걸이 제공.", 0)]


def test_a_japanese_tab_separated_utf16_export(tmp_path: Path) -> None:
    text = "車種\tプラン\t料金（円）\r\nクロスバイク\t1日\t2000\r\n"
    blocks, _ = _read(tmp_path / "rental.csv", codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    assert blocks == [("車種: クロスバイク; プラン: 1日; 料金（円）: 2000円.", 0)]


def test_utf16_is_still_refused_outside_a_csv(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + "Refunds take 5 days.".encode("utf-16-le"))
    with pytest.raises(InvalidInput, match="not UTF-8"):
        read_document(path, max_bytes=0)


@pytest.mark.parametrize(("text", "said"), [
    ("Item\nKayak\nPaddleboard\n", "a CSV of one column is a list, not a table"),
    ("Kayak,15.00,Over 12s\nPaddleboard,18.00,\n", "line 1 ('Kayak', '15.00', 'Over 12s') is data, not column names"),
    ("Item,Price\nKayak,15\nTuition,1,000\n", "line 3 has 3 cells but the header names 2 columns"),
    ("Item,Price,Notes\nKayak,15,x\nPaddleboard,18\n", "line 3 has 2 cells but the header names 3 columns"),
    ('Item,Price\nKayak,"15\n (an hour)"\nTuition,1,000\n', "line 4 has 3 cells"),  # a row spanning lines counts as one
    ("Name,Email,Plan\nJo Bloggs,jo@mailbox.example,Fibre\n", "('Email') is a list of people, not policy"),
])
def test_a_csv_that_cannot_be_labelled_is_refused_naming_the_line(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "prices.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        read_document(path, max_bytes=0)
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_a_price_list_is_one_page_that_answers_quote_and_a_changed_row_is_the_diff(mem, workspace: Path,
                                                                                     tmp_path: Path) -> None:
    source = tmp_path / "shop-extras.csv"
    source.write_text(PRICES, encoding="utf-8")
    first = mem("-w", workspace, "ingest", "--model", "", source)
    assert first.exit_code == 0, first.stderr
    assert [page.name for page in (workspace / "policies").glob("*.md")] == ["shop-extras.md"]
    answer = mem("-w", workspace, "ask", "--customer", "x", "--model", "", "--dry-run", "How much is gift wrapping?")
    assert "Item: Gift wrapping; Price (GBP): £3.50" in answer.stdout
    source.write_text(PRICES.replace("6.95", "7.95"), encoding="utf-8")
    again = mem("-w", workspace, "ingest", "--model", "", source)
    assert again.exit_code == 0, again.stderr
    diff = mem("-w", workspace, "pages", "diff", "shop-extras").stdout
    changed = [line for line in diff.splitlines() if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    row = "Item: Express delivery; Price (GBP): £{}; When it applies: Orders placed before 2pm, Monday to Friday. [^1]"
    assert [line for line in changed if "Item:" in line] == ["-" + row.format("6.95"), "+" + row.format("7.95")]


def test_a_title_row_over_question_and_answer_columns_is_still_an_faq(tmp_path: Path) -> None:
    text = "Help centre FAQ,\nQuestion,Answer\nDo you ship abroad?,\"Yes, to the EU.\"\n"
    blocks, _ = _read(tmp_path / "faq.csv", text)
    assert blocks == [("Do you ship abroad?", 2), ("Yes, to the EU.", 0)]
