"""Tables read as sentences (core/text/tables.py), and markdown tables in page sentences."""

from __future__ import annotations

from mem.core.text.sentences import page_sentences
from mem.core.text.tables import markdown_table_rows, table_rows


def test_rows_are_read_with_their_column_labels():
    assert table_rows(["Option", "Cost"], [["Express", "$14.99"], ["Standard", ""]]) == [
        "Option: Express; Cost: $14.99.", "Option: Standard."]


def test_without_labels_or_with_a_ragged_row_cells_are_joined():
    assert table_rows([], [["Gift cards", "never refunded"]]) == ["Gift cards | never refunded"]
    assert table_rows(["A", "B"], [["only one"]]) == ["only one"]
    assert table_rows(["A", "B"], [["", ""]]) == []


def test_markdown_table_with_a_header_separator_and_escaped_pipes():
    lines = ["| Option | Note |", "|:---|---:|", r"| Express | a \| b |", "| Standard | none |"]
    assert markdown_table_rows(lines) == ["Option: Express; Note: a | b.", "Option: Standard; Note: none."]
    assert markdown_table_rows(["| a | b |", "| 1 | 2 |"]) == ["a | b", "1 | 2"]


def test_page_sentences_read_a_markdown_table_row_by_row_between_paragraphs():
    body = ("Fees apply.\n\n| Option | Time | Cost |\n|---|---|---|\n| Standard | 5-7 days | $5.99 |\n"
            "| Express | 2 days | $14.99 |\nAfter the table. Second sentence.\n")
    assert page_sentences(body) == [
        "Fees apply.", "Option: Standard; Time: 5-7 days; Cost: $5.99.", "Option: Express; Time: 2 days; Cost: $14.99.",
        "After the table.", "Second sentence."]
