"""A PDF line set as a list mark and its text, or a bold lead-in and its sentence, is prose, not a two-column
table row (held-out 30's leaflet: "Zone 1. | Brisbane…", "• | Rent is paid…", a wrapped sentence cut off)."""
from collections.abc import Callable
from pathlib import Path

from fpdf import FPDF

from mem.policies.readers import PdfLine, _pdf_blocks, read_document

LIMIT = 10_000_000


def _line(page: int, *cells: tuple[float, str]) -> PdfLine:
    return PdfLine(" ".join(text for _, text in cells), 9.0, page, tuple(cells))


def _texts(lines: list[PdfLine]) -> list[str]:
    heading = PdfLine("Delivery", 14.0, 1, ((40.0, "Delivery"),))
    return [block.text for block in _pdf_blocks([heading, *lines])]


def test_lead_ins_and_a_wrapped_sentence_are_prose(tmp_path: Path) -> None:
    pdf = FPDF()
    pdf.add_page()
    rows = [("Zone 1.", ["Brisbane and Logan: delivery is free."]),
            ("Zone 2.", ["Gold Coast and Redland City: free", "delivery over $60 a month; else $49."]),
            ("Zone 3.", ["Ipswich: a regional fee of $45 applies to every delivery."])]
    y = 30.0
    for lead, body in rows:
        pdf.set_font("helvetica", "B", 10)
        pdf.text(20, y, lead)
        pdf.set_font("helvetica", "", 10)
        pdf.text(35, y, body[0])
        for rest in body[1:]:
            y += 6
            pdf.text(20, y, rest)
        y += 8
    pdf.output(str(tmp_path / "leaflet.pdf"))
    texts = [b.text for b in read_document(tmp_path / "leaflet.pdf", max_bytes=LIMIT).blocks]
    assert "Zone 2. Gold Coast and Redland City: free delivery over $60 a month; else $49." in texts
    assert "Zone 1. Brisbane and Logan: delivery is free." in texts
    assert not any(" | " in text for text in texts)


def test_a_two_column_table_of_short_cells_stays_a_table() -> None:
    # twin: the second cells are figures and labels, no sentences; the rows keep their cells apart
    rows = [("Service", "Price"), ("Express", "$14.99"), ("Standard", "$4.99"), ("Economy", "$2.99")]
    texts = _texts([_line(1, (40.0, a), (160.0, b)) for a, b in rows])
    assert "Service: Standard; Price: $4.99." in texts
    # a second cell of three words that closes no sentence, and no line running on: still a table
    texts = _texts([_line(1, (40.0, "Flex"), (80.0, "Month to month")), _line(1, (40.0, "Own"), (80.0, "Rent to own")),
                    _line(1, (40.0, "Sofas and beds are delivered assembled."),)])
    assert "Flex | Month to month" in texts and "Own | Rent to own" in texts


def test_list_marks_set_apart_are_list_items() -> None:
    items = ["Rent is paid monthly in advance", "Prices on Settle plans stay the same", "Call us before you move"]
    texts = _texts([_line(1, (308.0, "•"), (322.0, item)) for item in items])
    assert [f"• {item}" for item in items] == texts[1:]
    # twin: a first column of labels, not marks, with short second cells is a table
    texts = _texts([_line(1, (308.0, "Sofa"), (360.0, "$79")), _line(1, (308.0, "Fridge"), (360.0, "$65"))])
    assert texts[1:] == ["Sofa | $79", "Fridge | $65"]
    # twin: a first column of bare numbers before figures is a table of tiers, not a numbered list (review31b)
    texts = _texts([_line(1, (40.0, a), (120.0, b)) for a, b in [("1", "5%"), ("2", "10%"), ("3", "15%")]])
    assert texts[1:] == ["1 | 5%", "2 | 10%", "3 | 15%"]
    # ... while bare numbers before sentences are still list items
    items = ["Book the van online", "Pack the boxes the night before", "Meet the driver at the door"]
    texts = _texts([_line(1, (40.0, str(k)), (52.0, item)) for k, item in enumerate(items, 1)])
    assert not any(" | " in text for text in texts) and "2 Pack the boxes the night before" in "\n".join(texts)


def test_korean_and_japanese_lead_ins_and_marks_are_prose() -> None:
    ko = [("1구역.", "대전과 세종은 배송비가 무료입니다."), ("2구역.", "청주는 배송비 3만 원이 부과됩니다.")]
    text = "\n".join(_texts([_line(1, (40.0, a), (75.0, b)) for a, b in ko]))
    assert "1구역. 대전과 세종은 배송비가 무료입니다." in text and " | " not in text
    ja = [("※", "ベッドのお届けは午前のみです。"), ("※", "エレベーターのない3階以上は追加料金がかかります。")]
    texts = _texts([_line(1, (40.0, a), (52.0, b)) for a, b in ja])
    assert "※ ベッドのお届けは午前のみです。" in texts and not any(" | " in t for t in texts)
    # twin: a Japanese price table of two short columns stays a table
    texts = _texts([_line(1, (40.0, "区分"), (120.0, "料金")), _line(1, (40.0, "大阪市"), (120.0, "4,400円")),
                    _line(1, (40.0, "京都市"), (120.0, "6,600円"))])
    assert "区分: 京都市; 料金: 6,600円." in texts


def test_a_long_run_of_lead_ins_is_read_in_linear_time(assert_linear: Callable[..., None]) -> None:
    # a run of lead-in lines rejected as a table is skipped past, not retried from each of its lines (that took its
    # square: 8,000 lines ran for minutes)
    def lines(count: int) -> list:
        return [_line(1, (40.0, f"Zone {k}."), (75.0, f"Area {k} pays a fee of {k} dollars.")) for k in range(count)]

    assert not any(" | " in text for text in _texts(lines(20_000)))
    assert_linear(lambda n: _texts(lines(n)), 20_000)
