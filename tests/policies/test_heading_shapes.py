"""Headings the readers used to read as body text: a word processor's heading class in HTML, a bold numbered line
at the body's size in a PDF, a ■ / [대괄호] line in plain text — and look-alikes that stay body text."""

from __future__ import annotations

from mem.policies.readers import html_blocks, read_document
from mem.policies.sectioning import plan_topics
from tests.policies.test_readers import LIMIT, make_pdf


def _headings(blocks):
    return [(b.text, b.level) for b in blocks if b.is_heading]


def test_html_paragraph_whose_class_names_a_heading_level_is_a_heading():
    html = ('<p class="MsoNormal"><b><span style="font-size:13.0pt">Short breaks</span></b></p>'
            '<p class="MsoNormal">A short break costs 70% of the weekly rental.</p>'
            '<p class="Heading2">Prices for a 2-night stay</p><p class="MsoNormal">From £210 per stay.</p>'
            '<p class="MsoNormal"><b><span>Gift vouchers</span></b></p><p>Vouchers last 2 years.</p>'
            '<p class="Heading2">Christmas and New Year</p><p>Priced as a full week.</p>')
    # the styled headings rank with the bold lines (the shallowest class named is level 1): all four are sections
    assert _headings(html_blocks(html)) == [("Short breaks", 1), ("Prices for a 2-night stay", 1),
                                           ("Gift vouchers", 1), ("Christmas and New Year", 1)]


def test_html_heading_classes_keep_their_relative_levels():
    html = ('<p class="MsoHeading1">Terms</p><p>Intro.</p><p class="Heading_20_2">Refunds</p><p>14 days.</p>'
            '<p class="heading-2">Returns</p><p>30 days.</p>')
    assert _headings(html_blocks(html)) == [("Terms", 1), ("Refunds", 2), ("Returns", 2)]


def test_html_look_alikes_stay_body_text():
    html = ('<p class="MsoNormal"><b>All sales are final.</b></p><p class="Heading2x">Not a level</p>'
            '<p class="MsoListParagraph">Heading 2 is a style name in this sentence.</p>'
            '<ul><li class="Heading2">an item</li></ul>')
    assert _headings(html_blocks(html)) == []


def test_pdf_bold_numbered_line_at_body_size_is_a_heading(tmp_path):
    path = make_pdf(tmp_path / "x.pdf", [[
        ("Extras and Safety", 16, "B"), ("This leaflet lists the extras.", 11, ""),
        ("1. Price list for extras", 11, "B"), ("All prices are per stay.", 11, ""),
        ("2. Safety", 11, "B"), ("Smoking is not permitted.", 11, "")]])
    doc = read_document(path, max_bytes=LIMIT)
    assert _headings(doc.blocks) == [("Extras and Safety", 1), ("1. Price list for extras", 2), ("2. Safety", 2)]
    assert [t.title for t in plan_topics(doc)[1]][-2:] == ["Price list for extras", "Safety"]


def test_pdf_look_alikes_stay_body_text(tmp_path):
    # a bold sentence, a plain numbered list item, a bold numbered sentence: none is a heading under a sized title
    path = make_pdf(tmp_path / "y.pdf", [[
        ("Refunds", 16, "B"), ("All sales are final.", 11, "B"), ("1. Contact support", 11, ""),
        ("2. Keep your receipt with you at all times.", 11, "B"), ("In 3 days.", 11, "")]])
    doc = read_document(path, max_bytes=LIMIT)
    assert _headings(doc.blocks) == [("Refunds", 1)]
