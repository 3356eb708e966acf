"""A PDF table whose rows are written each as one spaced string (no cell positions) is still read row by row."""

from __future__ import annotations

from pathlib import Path

from mem.policies.readers import PdfLine, _pdf_blocks, read_document
from tests.policies.test_readers import LIMIT, make_pdf


def test_spaced_rows_of_a_pdf_are_read_as_a_table_with_their_labels(tmp_path: Path):
    # fpdf2 writes each line as one string: the PDF holds no column positions, as many CJK producers do
    path = make_pdf(tmp_path / "plans.pdf", [[
        ("Plans", 16, "B"), ("Every plan renews monthly.", 11, ""),
        ("Plan Price Storage", 11, ""), ("Basic 4 dollars 50GB", 11, ""), ("Plus 9 dollars 200GB", 11, ""),
        ("Family 15 dollars 2TB", 11, ""), ("You can change plan at any time.", 11, "")]])
    text = "\n".join(block.text for block in read_document(path, max_bytes=LIMIT).blocks)
    # four cells on a row ("4 dollars" is two words) do not line up with three labels: not a table, as before
    assert "Plan: Plus" not in text
    path = make_pdf(tmp_path / "plans2.pdf", [[
        ("Plans", 16, "B"), ("Every plan renews monthly.", 11, ""),
        ("Plan Price Storage", 11, ""), ("Basic $4 50GB", 11, ""), ("Plus $9 200GB", 11, ""),
        ("Family $15 2TB", 11, ""), ("You can change plan at any time.", 11, "")]])
    texts = [block.text for block in read_document(path, max_bytes=LIMIT).blocks]
    assert "Plan: Plus; Price: $9; Storage: 200GB." in texts
    assert "You can change plan at any time." in texts


def test_a_japanese_spaced_table_keeps_each_row_apart():
    rows = ["会員種別 月会費 割引率", "ブロンズ 無料 2%", "シルバー 1,100円 5%", "ゴールド 2,200円 8%"]
    lines = [PdfLine("ご案内", 11.0, 1, ((50.0, "ご案内"),)), PdfLine("会員種別のご案内です。", 11.0, 1, ())]
    lines += [PdfLine(row, 11.0, 1, ((50.0, row),)) for row in rows]
    lines += [PdfLine("ポイントは翌月に付与されます。", 11.0, 1, ())]
    texts = [block.text for block in _pdf_blocks(lines)]
    assert "会員種別: シルバー; 月会費: 1,100円; 割引率: 5%." in texts
    assert "会員種別: ゴールド; 月会費: 2,200円; 割引率: 8%." in texts
    # prose lines are never cut into cells, and a line that ends a sentence is never a row
    assert "ポイントは翌月に付与されます。" in texts
