"""New-user report 31, findings 1 and 8: a chapter's closing sentences at the foot of the pages are body text however
many pages repeat them, a table's last row whose cells stand on lines of their own is a row, and an author's footnote
is carried into the sentence that marks it."""
from pathlib import Path

from fpdf import FPDF

from mem.policies.readers import PdfLine, read_document, running_lines

LIMIT = 10_000_000
CLOSING = "Examples in this section are for illustration only and do not change the terms above."


def _pdf(path: Path, pages: list[list[tuple[str, float]]]) -> Path:
    pdf = FPDF()
    pdf.set_auto_page_break(False)
    for lines in pages:
        pdf.add_page()
        for text, size in lines:
            pdf.set_font("helvetica", "", size)
            pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


def _chapter(n: int, closing: list[str]) -> list[tuple[str, float]]:
    return ([("Acme Handbook - Edition 3", 8), (f"{n}. Chapter {n}", 16),
             (f"Rule {n} applies within {n + 10} days.", 11)] + [(line, 11) for line in closing]
            + [(f"Acme Ltd, registered in England - Page {n}", 8)])


def test_a_closing_sentence_at_the_foot_of_every_page_is_body_text(tmp_path: Path) -> None:
    # on all four pages, and on two of four: the decision no longer turns on how many pages repeat it
    for on in ({1, 2, 3, 4}, {1, 3}):
        pages = [_chapter(n, [CLOSING] if n in on else []) for n in range(1, 5)]
        doc = read_document(_pdf(tmp_path / "h.pdf", pages), max_bytes=LIMIT)
        texts = [b.text for b in doc.blocks]
        assert sum(t.count(CLOSING) for t in texts) == len(on), texts
        assert not any("Acme" in t for t in texts), texts  # the small header and footer still go
        assert not doc.warnings


def test_a_closing_sentence_wrapped_over_two_lines_is_body_text() -> None:
    # "…with your order" / "confirmation.": the last line alone is one word, its sentence starts on the line above
    lines = [PdfLine(text, size, page) for page in (1, 2, 3) for text, size in
             [("Acme Handbook", 8), (f"Rule {page} applies.", 11), ("Read this section with your order", 11),
              ("confirmation.", 11), (f"Page {page}", 8)]]
    kept = [line.text for line in running_lines(lines)[0]]
    assert kept.count("confirmation.") == 3 and kept.count("Read this section with your order") == 3
    assert "Acme Handbook" not in kept and "Page 1" not in kept


def test_closing_sentences_in_korean_and_japanese_are_body_text_and_a_bare_label_is_not() -> None:
    korean = "이 장의 예시는 설명을 위한 것이며 위의 조건을 바꾸지 않습니다."
    japanese = "この章の例は説明のためのもので、上記の条件を変更しません。"
    for closing in (korean, japanese):
        lines = [PdfLine(text, size, page) for page in (1, 2) for text, size in
                 [("본문", 10), (closing, 10), (f"- {page} -", 8)]]
        assert [line.text for line in running_lines(lines)[0]].count(closing) == 2
    # twin: a body-size running line that is no sentence is still furniture
    rules = ["Refunds take 5 days.", "Parcels ship in 2 days."]
    lines = [PdfLine(text, 10, page) for page in (1, 2) for text in ("Acme terms", rules[page - 1], "Confidential")]
    assert [line.text for line in running_lines(lines)[0]] == rules


def test_small_print_sentence_footer_goes_with_a_warning(tmp_path: Path) -> None:
    small = "Acme Ltd is authorised and regulated by the Financial Conduct Authority."
    pages = [[(f"{n}. Chapter {n}", 16), (f"Rule {n} applies within {n + 10} days of the order.", 11),
              (f"Keep the receipt for {n + 2} years after the order is delivered.", 11), (small, 7)]
             for n in range(1, 4)]
    doc = read_document(_pdf(tmp_path / "s.pdf", pages), max_bytes=LIMIT)
    assert not any("authorised" in b.text for b in doc.blocks)
    assert len(doc.warnings) == 1 and "3 sentences" in doc.warnings[0] and "authorised" in doc.warnings[0]


def _table(path: Path, rows: list[tuple[str, ...]], after: list[str]) -> Path:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", "", 11)
    pdf.multi_cell(0, 8, "The charge is the amount below for each month left.", new_x="LMARGIN", new_y="NEXT")
    with pdf.table(col_widths=(40, 30, 30)) as table:
        for cells in rows:
            row = table.row()
            for cell in cells:
                row.cell(cell)
    for text in after:
        pdf.multi_cell(0, 8, text, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


def test_a_tables_last_row_with_a_wrapped_cell_is_a_row(tmp_path: Path) -> None:
    rows = [("Plan", "Charge", "Per"), ("Fibre 150", "£20", "Month left"),
            ("Handset plan", "Handset balance + £12 a month", "Month left")]
    blocks = read_document(_table(tmp_path / "t.pdf", rows, ["We do not charge it when you move house."]),
                           max_bytes=LIMIT).blocks
    assert [b.text for b in blocks][1:] == [
        "Plan: Fibre 150; Charge: £20; Per: Month left.",
        "Plan: Handset plan; Charge: Handset balance + £12 a month; Per: Month left.",
        "We do not charge it when you move house."]


def test_a_paragraph_under_a_table_is_no_row(tmp_path: Path) -> None:
    # twin: two lines of text under the table both open at the first column's edge; neither is a row
    rows = [("Plan", "Charge", "Per"), ("Fibre 150", "£20", "Month left"), ("Fibre 500", "£28", "Month left")]
    after = ["We do not charge it when you move house.", "Tell us 14 days before you move."]
    texts = [b.text for b in read_document(_table(tmp_path / "t.pdf", rows, after), max_bytes=LIMIT).blocks]
    assert texts[-2:] == after and texts[-3] == "Plan: Fibre 500; Charge: £28; Per: Month left."


def test_a_footnote_is_carried_into_the_sentence_that_marks_it(tmp_path: Path) -> None:
    pages = [[("1. Fees", 16), ("We do not charge a fee twice for the same event.¹", 11),
              ("We do not charge when you leave under 3.2.²", 11),
              ("¹ Only the higher fee is charged.", 8), ("² You must have told us in writing.", 8)],
             [("2. Moving", 16), ("Tell us 14 days before you move.³", 11), ("Keep the receipt.", 11)],
             [("³ A mobile-only account needs no notice.", 8)]]  # pushed onto the next page
    texts = [b.text for b in read_document(_pdf(tmp_path / "f.pdf", pages), max_bytes=LIMIT).blocks]
    joined = " ".join(texts)
    assert "We do not charge a fee twice for the same event. (Only the higher fee is charged.)" in joined
    assert "under 3.2. (You must have told us in writing.)" in joined
    assert "Tell us 14 days before you move. (A mobile-only account needs no notice.)" in joined
    assert not any(ch in joined for ch in "¹²³"), texts


def test_a_footnote_without_its_mark_and_a_mark_without_its_note_stay_text(tmp_path: Path) -> None:
    pages = [[("1. Fees", 16), ("We do not charge a fee twice for the same event.¹", 11), ("Keep the receipt.", 11),
              ("² You must have told us in writing.", 8)],
             [("2. Moving", 16), ("Tell us 14 days before you move.", 11), ("Keep the receipt too.", 11)],
             [("3. More", 16), ("Rules here.", 11), ("¹ Only the higher fee is charged.", 8)]]  # two pages after
    joined = " ".join(b.text for b in read_document(_pdf(tmp_path / "f.pdf", pages), max_bytes=LIMIT).blocks)
    assert "same event.¹" in joined and "² You must have told us in writing." in joined
    assert "¹ Only the higher fee is charged." in joined


def test_a_footnote_marked_in_a_heading_is_kept(tmp_path: Path) -> None:
    # the heading's line took no note (a heading is written before notes are carried), yet the footnote's own lines
    # were skipped as carried: its words were lost (review31); they stand under the heading instead
    pages = [[("1. Season Pass²", 16), ("The pass covers every home match.", 11), ("Keep the receipt.", 11),
              ("² Cup matches are sold separately.", 8)],
             [("2. Moving", 16), ("Tell us 14 days before you move.", 11), ("Keep the receipt too.", 11)]]
    joined = " ".join(b.text for b in read_document(_pdf(tmp_path / "f.pdf", pages), max_bytes=LIMIT).blocks)
    assert "Cup matches are sold separately." in joined
