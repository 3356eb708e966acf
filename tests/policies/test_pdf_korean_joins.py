"""A Korean PDF read through pypdf, not built from ``PdfLine`` tuples: a line the wrap cut inside a word joins without
a blank ("…정기구독 서" / "비스(이하 …" is "서비스"), a line that ends at a blank the PDF kept keeps it (rev31).

The machine has no Hangul font (the project's PDF tests draw Latin text with fpdf2's core fonts, and only DejaVu is
installed), so the PDF is written by hand (``test_readers.cjk_pdf``): a Type0 font with Identity-H codes and a
ToUnicode map, whose glyphs no reader needs to extract the text. The text layer is the real thing pypdf reads."""

from __future__ import annotations

from pathlib import Path

from mem.policies.readers import read_document

from .test_readers import cjk_pdf


def test_a_korean_pdf_read_through_pypdf_joins_a_cut_word_and_keeps_a_kept_blank(tmp_path: Path) -> None:
    pdf = cjk_pdf(tmp_path / "terms.pdf", [(line, 10.0) for line in [
        "제1조(목적)",
        "이 약관은 주식회사 모아박스가 제공하는 온라인 정기구독 서",
        "비스(이하 서비스)의 이용 조건과 절차를 정하는 것을 목적",
        "으로 합니다.",
        "제2조(결제)",
        "정기결제가 실패하면 회사는 3일 후 다시 결제를 재결제에도 ",
        "실패하면 구독은 자동으로 정지됩니다. 회원은 정지 후 7일 ",
        "안에 결제수단을 바꿀 수 있습니다.",
    ]])
    blocks = [b.text for b in read_document(pdf, max_bytes=1_000_000).blocks]
    assert blocks[0] == "제1조(목적)" and blocks[2] == "제2조(결제)"
    # cut at the margin inside "서비스" and "목적으로": joined with no blank
    assert "정기구독 서비스(이하 서비스)의" in blocks[1] and "것을 목적으로 합니다." in blocks[1]
    # the PDF kept the blank at the end of the line: the words stay apart
    assert "재결제에도 실패하면" in blocks[3] and "7일 안에" in blocks[3]
    assert "서 비스" not in blocks[1] and "재결제에도실패하면" not in blocks[3]
