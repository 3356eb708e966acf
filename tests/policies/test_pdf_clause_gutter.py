"""A numbered PDF set with its clause numbers in a gutter ("1.1" at the margin, its text at a hanging indent) is read
as clauses and headings, not as a two-column table (held-out 31's conditions of carriage became one page); and a
table's header cell that wraps onto a line of its own keeps the table whole (its schedule's rows lost their labels)."""
from pathlib import Path

from fpdf import FPDF

from mem.policies.readers import PdfLine, _pdf_blocks, read_document

LIMIT = 10_000_000


def _row(page: int, size: float, *cells: tuple[float, str], bold: bool = False) -> PdfLine:
    return PdfLine(" ".join(text for _, text in cells), size, page, tuple(cells), bold)


def _clauses() -> list[PdfLine]:
    return [
        _row(1, 17.0, (62.0, "Conditions of Carriage"), bold=True),
        _row(1, 12.5, (62.0, "1"), (96.0, "About these conditions"), bold=True),
        _row(1, 10.5, (62.0, "1.1"), (96.0, "Who we are"), bold=True),
        _row(1, 9.5, (62.0, "1.1.1"), (96.0, "We run scheduled coach services between towns and cities in England")),
        _row(1, 9.5, (96.0, "and Wales, including the overnight services.")),
        _row(1, 9.5, (62.0, "1.1.2"), (96.0, "These conditions are the contract between you and us when you buy a")),
        _row(1, 9.5, (96.0, "ticket or travel with us, and they apply to every journey you book with us.")),
        _row(1, 9.5, (62.0, "1.1.3"), (96.0, "A booking means one or more tickets bought together.")),
        _row(1, 12.5, (62.0, "2"), (96.0, "Tickets"), bold=True),
        _row(1, 9.5, (62.0, "2.1"), (96.0, "Saver tickets are our lowest fares and cannot be refunded.")),
        _row(1, 9.5, (62.0, "2.2"), (96.0, "If you miss the coach you may travel later for a fee of:")),
        _row(1, 9.5, (96.0, "(a)"), (116.0, "Saver tickets: £15 per passenger;")),
        _row(1, 9.5, (96.0, "(b)"), (116.0, "Standard tickets: £10 per passenger.")),
    ]


def test_gutter_numbers_make_headings_and_clauses() -> None:
    blocks = _pdf_blocks(_clauses())
    headings = [(b.text, b.level) for b in blocks if b.level]
    assert ("1 About these conditions", 2) in headings and ("2 Tickets", 2) in headings
    assert ("1.1 Who we are", 3) in headings
    texts = [b.text for b in blocks]
    assert not any(" | " in text for text in texts)
    # a clause whose last line reaches the margin does not run into the next clause
    assert any(t.startswith("1.1.2 These conditions") and t.endswith("every journey you book with us.") for t in texts)
    assert any(t.startswith("1.1.3 A booking") for t in texts)
    assert "(a) Saver tickets: £15 per passenger;" in texts and "(b) Standard tickets: £10 per passenger." in texts


def test_a_table_of_numbers_stays_a_table() -> None:
    # twin: a first column of weights (not rising clause numbers from 1) before prices is a table
    rows = [("0.5", "£3.20 Small parcel"), ("1.0", "£4.50 Medium parcel"), ("2.0", "£6.00 Large parcel")]
    blocks = _pdf_blocks([_row(1, 14.0, (40.0, "Postage"), bold=True),
                          *(_row(1, 9.0, (40.0, a), (120.0, b)) for a, b in rows)])
    assert [b.text for b in blocks[1:]] == ["0.5 | £3.20 Small parcel", "1.0 | £4.50 Medium parcel",
                                            "2.0 | £6.00 Large parcel"]
    # twin: numbers out of order (a ranking, a price list by code) are no clauses either
    rows = [("2.1", "Ticket types"), ("1.4", "Seat choice"), ("3.2", "Luggage rules")]
    blocks = _pdf_blocks([_row(1, 14.0, (40.0, "Codes"), bold=True),
                          *(_row(1, 9.0, (40.0, a), (120.0, b)) for a, b in rows)])
    assert "2.1 | Ticket types" in [b.text for b in blocks]


def _schedule(after: PdfLine) -> list[PdfLine]:
    columns = (62.0, 202.0, 284.0)
    return [
        _row(2, 8.8, (columns[0], "When you ask (before the"), (columns[1], "Change"), (columns[2], "Refund"),
             bold=True),
        _row(2, 8.8, (columns[0], "departure time)"), bold=True),
        after,
        _row(2, 8.8, (columns[0], "24 to 48 hours"), (columns[1], "£5"), (columns[2], "25% of the fare")),
        _row(2, 8.8, (columns[0], "Less than 2 hours"), (columns[1], "£8"), (columns[2], "No refund")),
    ]


def test_a_wrapped_header_cell_keeps_the_table_whole() -> None:
    lines = _schedule(_row(2, 8.8, (62.0, "7 days or more"), (202.0, "Free"), (284.0, "£5")))
    texts = [b.text for b in _pdf_blocks([_row(2, 14.0, (62.0, "Charges"), bold=True), *lines])]
    assert "When you ask (before the departure time): 24 to 48 hours; Change: £5; Refund: 25% of the fare." in texts
    assert not any(text.startswith("When you ask (before the Change") for text in texts)


def test_a_line_under_a_table_that_no_row_follows_is_no_wrapped_cell() -> None:
    # twin: a paragraph line at the first column's edge, followed by prose, ends the table
    lines = [
        _row(2, 8.8, (62.0, "Service"), (202.0, "Price"), bold=True),
        _row(2, 8.8, (62.0, "Express"), (202.0, "£14.99")),
        _row(2, 8.8, (62.0, "Standard"), (202.0, "£4.99")),
        _row(2, 8.8, (62.0, "Prices include VAT.")),
        _row(2, 8.8, (62.0, "We post within two working days of your order.")),
    ]
    texts = [b.text for b in _pdf_blocks([_row(2, 14.0, (62.0, "Delivery"), bold=True), *lines])]
    assert "Prices include VAT." in texts and "Service: Standard; Price: £4.99." in texts


def test_a_numbered_pdf_with_a_gutter_is_read_as_sections(tmp_path: Path) -> None:
    pdf = FPDF()
    pdf.add_page()
    y = 20.0
    pdf.set_font("helvetica", "B", 17)
    pdf.text(20, y, "Conditions of Carriage")
    y += 12
    items = [("1", "About these conditions", 12.5, "B"), ("1.1", "Who we are", 10.5, "B"),
             ("1.1.1", "We run coach services between towns in England.", 9.5, ""),
             ("1.1.2", "These conditions are the contract between you and us.", 9.5, ""),
             ("2", "Tickets", 12.5, "B"), ("2.1", "Saver tickets cannot be refunded.", 9.5, ""),
             ("2.2", "Standard tickets can be changed for a fee.", 9.5, "")]
    for number, text, size, style in items:
        pdf.set_font("helvetica", style, size)
        pdf.text(20, y, number)
        pdf.text(34, y, text)
        y += 7
    pdf.output(str(tmp_path / "conditions.pdf"))
    blocks = read_document(tmp_path / "conditions.pdf", max_bytes=LIMIT).blocks
    assert [b.text for b in blocks if b.level == 2] == ["1 About these conditions", "2 Tickets"]
    assert "2.1 Saver tickets cannot be refunded." in [b.text for b in blocks]
    assert not any(" | " in b.text for b in blocks)
