"""A PDF's body lines set in another size than the paragraph beside them are paragraphs of their own."""

from __future__ import annotations

from pathlib import Path

from mem.policies.readers import PdfLine, _pdf_blocks, read_document
from tests.policies.test_readers import LIMIT, make_pdf


def _texts(lines: list[PdfLine]) -> list[str]:
    return [block.text for block in _pdf_blocks(lines)]


def test_an_address_line_under_the_title_is_not_glued_onto_the_introduction():
    lines = [
        PdfLine("Hollinsgarth Holiday Park", 20.0, 1, bold=True),
        PdfLine("Kettlebeck, Cumbria · 01632 960418 · stay@park.example", 8.5, 1),
        PdfLine("All prices are per pitch per night and include the unit, one car and two", 9.0, 1),
        PdfLine("people. Children under 5 stay free.", 9.0, 1),
    ]
    texts = _texts(lines)
    assert "Kettlebeck, Cumbria · 01632 960418 · stay@park.example" in texts
    assert (
        "All prices are per pitch per night and include the unit, one car and two people. "
        "Children under 5 stay free." in texts
    )


def test_small_print_at_the_foot_of_a_page_is_a_paragraph_of_its_own():
    lines = [
        PdfLine("Collecting your device", 11.0, 1, bold=True),
        PdfLine("Devices not collected within 90 days are recycled. Bring photo ID; someone", 8.5, 1),
        PdfLine("else may collect with your signed note and their own ID", 8.5, 1),
        PdfLine("RepairHaus LLC | 1180 N High St, Columbus OH 43201 | (614) 555-0148", 7.0, 1),
    ]
    texts = _texts(lines)
    assert texts[-2].endswith("with your signed note and their own ID")
    assert texts[-1] == "RepairHaus LLC | 1180 N High St, Columbus OH 43201 | (614) 555-0148"


def test_lines_of_one_size_still_wrap_into_one_paragraph():
    # a step under 5 % is the same size (9.5 pt beside 10 pt text is noise of the producer, or a bold word's metric)
    lines = [
        PdfLine("Refunds", 14.0, 1, bold=True),
        PdfLine("Refunds are paid to the card used for the order within", 10.0, 1),
        PdfLine("14 days of the return reaching us, and a gift card", 9.6, 1),
        PdfLine("is refunded as a new gift card.", 10.0, 1),
    ]
    assert _texts(lines)[-1] == (
        "Refunds are paid to the card used for the order within 14 days of the return "
        "reaching us, and a gift card is refunded as a new gift card."
    )


def test_a_real_pdf_keeps_its_smaller_contact_line_apart(tmp_path: Path):
    path = make_pdf(
        tmp_path / "terms.pdf",
        [
            [
                ("Hollin Hire Ltd - General Conditions of Hire", 16, "B"),
                ("Version 6 - effective 1 September 2026 - applies to all depots", 9, ""),
                ("These conditions apply to every hire from Hollin Hire Ltd.", 11, ""),
                ("Deposits", 14, "B"),
                ("A deposit of 50 pounds is taken per item.", 11, ""),
            ]
        ],
    )
    texts = [block.text for block in read_document(path, max_bytes=LIMIT).blocks]
    assert "Version 6 - effective 1 September 2026 - applies to all depots" in texts
    assert "These conditions apply to every hire from Hollin Hire Ltd." in texts
