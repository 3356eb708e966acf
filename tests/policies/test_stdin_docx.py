"""``mem ingest -`` reads a document from standard input (with --name); Word documents are read with python-docx."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

POLICY = "# Refund policy\n\nRefunds are accepted within 14 days of purchase.\n"


@pytest.fixture
def workspace(mem, tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    return ws


def test_a_document_from_standard_input_is_kept_under_its_name(mem, workspace):
    result = mem("-w", workspace, "ingest", "-", "--name", "refunds-v4.md", "--json", input=POLICY)
    assert result.exit_code == 0, result.stderr
    [report] = json.loads(result.stdout)
    assert report["source"] == "sources/refunds-v4.md"
    assert (workspace / "sources" / "refunds-v4.md").read_text(encoding="utf-8") == POLICY
    listed = json.loads(mem("-w", workspace, "pages", "list", "--json").stdout)
    assert [p["title"] for p in listed] == ["Refund policy"]


@pytest.mark.parametrize("args, message", [
    (["-"], "reading a document from standard input (-) needs --name FILE"),
    (["-", "--name", "../evil.md"], "--name must be a plain file name, not a path"),
    (["-", "-", "--name", "a.md"], "standard input (-) can be given once"),
    (["{doc}", "--name", "a.md"], "--name names the document read from standard input"),
])
def test_standard_input_mistakes_are_one_line_and_write_nothing(mem, workspace, tmp_path, args, message):
    doc = tmp_path / "doc.md"
    doc.write_text(POLICY, encoding="utf-8")
    result = mem("-w", workspace, "ingest", *[a.replace("{doc}", str(doc)) for a in args], input=POLICY)
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: " + message) and result.stderr.count("\n") == 1
    assert not list((workspace / "policies").glob("*.md"))


def test_empty_standard_input_is_refused(mem, workspace):
    result = mem("-w", workspace, "ingest", "-", "--name", "empty.md", input="")
    assert result.exit_code == 2 and "the file is empty" in result.stderr


@pytest.mark.parametrize("name, data, message", [
    ("empty.md", "", "the file is empty"), ("x.PDF", "garbage", "not a readable PDF"),
])
def test_errors_about_standard_input_name_it_not_a_scratch_path(mem, workspace, name, data, message):
    # they named "/tmp/mem-stdin-9l1bp772/x.PDF", a file the user never made and that is gone
    result = mem("-w", workspace, "ingest", "-", "--name", name, input=data)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Error: standard input ({name}): {message}") and "mem-stdin" not in result.stderr


def _word_document(path: Path) -> Path:
    import docx

    document = docx.Document()
    document.add_heading("Service terms", level=0)
    document.add_heading("Refunds", level=1)
    document.add_paragraph("Refunds are accepted within 14 days of purchase.")
    document.add_heading("Shipping", level=1)
    document.add_paragraph("Orders ship within 2 business days.")
    table = document.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "Express"
    table.rows[0].cells[1].text = "1 business day"
    document.save(path)
    return path


def test_a_word_document_becomes_cited_policy_pages(mem, workspace, tmp_path):
    doc = _word_document(tmp_path / "terms.docx")
    result = mem("-w", workspace, "ingest", doc, "--json")
    assert result.exit_code == 0, result.stderr
    pages = {p["title"]: p for p in json.loads(mem("-w", workspace, "pages", "list", "--json").stdout)}
    assert {"Refunds", "Shipping"} <= set(pages)
    shipping = mem("-w", workspace, "pages", "show", pages["Shipping"]["id"]).stdout
    assert "Orders ship within 2 business days." in shipping and "Express | 1 business day" in shipping
    assert (workspace / "sources" / "terms.docx").read_bytes() == doc.read_bytes()


def test_docx_blocks_keep_heading_levels(tmp_path):
    from mem.policies.readers import read_document

    document = read_document(_word_document(tmp_path / "terms.docx"), max_bytes=0)
    assert document.kind == "docx"
    assert document.title == "Service terms"  # the Title style names the document; it is no section
    assert [(b.level, b.text) for b in document.blocks][:3] == [
        (1, "Refunds"), (0, "Refunds are accepted within 14 days of purchase."), (1, "Shipping")]


def test_a_word_document_with_a_title_a_version_line_and_a_header_row_table(mem, workspace, tmp_path):
    import docx

    document = docx.Document()
    document.sections[0].header.paragraphs[0].text = "ACME CONFIDENTIAL"
    document.add_paragraph("Loyalty Programme Rules", style="Title")
    document.add_paragraph("Version 2.1 — updated 2026-05-01")
    document.add_heading("Earning points", level=1)
    document.add_paragraph("Members earn 1 point per dollar spent.")
    document.add_heading("Tiers", level=1)
    table = document.add_table(rows=3, cols=2)
    for row, cells in zip(table.rows, [("Tier", "Points needed"), ("Silver", "500"), ("Gold", "2000")], strict=True):
        row.cells[0].text, row.cells[1].text = cells
    document.save(tmp_path / "loyalty.docx")

    result = mem("-w", workspace, "ingest", tmp_path / "loyalty.docx", "--json")
    assert result.exit_code == 0, result.stderr
    assert [p["id"] for p in json.loads(result.stdout)[0]["pages"]] == ["earning-points", "tiers"]
    tiers = mem("-w", workspace, "pages", "show", "tiers").stdout
    assert "Tier: Gold; Points needed: 2000." in tiers and "Silver | 500" not in tiers
    earning = mem("-w", workspace, "pages", "show", "earning-points").stdout
    assert "summary: Members earn 1 point per dollar spent." in earning  # not the version line
    assert "CONFIDENTIAL" not in earning


def test_a_broken_docx_is_one_clear_error(mem, workspace, tmp_path):
    bad = tmp_path / "broken.docx"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    result = mem("-w", workspace, "ingest", bad)
    assert result.exit_code == 2 and result.stderr.startswith(f"Error: {bad}: not a readable DOCX file")
    assert not list((workspace / "policies").glob("*.md"))


def _tracked(paragraph, tag: str, text: str) -> None:
    """Append a tracked insertion (w:ins) or deletion (w:del) holding one run of ``text``."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    change = OxmlElement(tag)
    change.set(qn("w:id"), str(len(paragraph._p)))
    change.set(qn("w:author"), "Legal")
    run = OxmlElement("w:r")
    piece = OxmlElement("w:delText" if tag == "w:del" else "w:t")
    piece.text = text
    run.append(piece)
    change.append(run)
    paragraph._p.append(change)


def test_a_word_document_is_read_as_it_stands_before_its_tracked_changes_and_with_content_controls(tmp_path):
    """A legal draft with unaccepted changes and a template's clause in a content control: the deleted
    figure is still the rule and the inserted one (a proposal) is not, with a warning naming the change;
    the clause inside the control is policy too. (Before: the insertion was read as accepted.)"""
    import docx
    from docx.oxml import OxmlElement

    from mem.policies.readers import read_document

    document = docx.Document()
    document.add_heading("Refunds", level=1)
    paragraph = document.add_paragraph("Customers may request a refund within ")
    _tracked(paragraph, "w:ins", "30")
    _tracked(paragraph, "w:del", "14")
    paragraph.add_run(" days of purchase.")
    control, content = OxmlElement("w:sdt"), OxmlElement("w:sdtContent")
    clause = document.add_paragraph("Refunds are paid within 5 working days.")
    content.append(clause._p)  # moves the paragraph from the body into the control
    control.append(content)
    document.element.body.insert(len(document.element.body) - 1, control)  # before the section properties
    document.save(tmp_path / "draft.docx")

    read = read_document(tmp_path / "draft.docx", max_bytes=0)
    texts = [b.text for b in read.blocks]
    assert "Customers may request a refund within 14 days of purchase." in texts
    assert "Refunds are paid within 5 working days." in texts
    assert not any("30" in text for text in texts)
    assert any("2 tracked changes not accepted (first: '30' inserted by Legal)" in w for w in read.warnings)


def test_a_document_typed_with_track_changes_on_says_so_when_nothing_is_left(mem, workspace, tmp_path):
    """Every word a pending insertion (Track Changes left on while the policy was written): the error says the text
    is in tracked changes not accepted, not only "no text found" (the round's review)."""
    import docx

    document = docx.Document()
    for text in ("Warranty", "All mugs carry a one-year warranty."):
        _tracked(document.add_paragraph(), "w:ins", text)
    document.save(tmp_path / "typed-tracked.docx")
    result = mem("-w", workspace, "ingest", tmp_path / "typed-tracked.docx")
    assert result.exit_code == 2
    assert "no text found outside tracked changes not accepted (2 tracked changes not accepted" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_google_docs_suggestion_and_a_comment_are_not_the_policy_and_are_named(mem, workspace, tmp_path):
    """A suggestion (one-year → five-year, not accepted) and a reviewer's comment: the page keeps the
    one-year rule, the ingest names both, and the comment's text is on no page."""
    import docx

    document = docx.Document()
    document.add_heading("Warranty period", level=1)
    paragraph = document.add_paragraph("All mugs carry a ")
    _tracked(paragraph, "w:del", "one-year")
    _tracked(paragraph, "w:ins", "five-year")
    paragraph.add_run(" warranty against manufacturing defects.")
    receipt = document.add_paragraph("The warranty requires proof of purchase.")
    document.add_comment(receipt.runs, text="Suggest: approve claims without receipts", author="Raj", initials="R")
    document.add_heading("What is not covered", level=1)
    document.add_paragraph("Damage from dropping the mug is not covered.")
    document.save(tmp_path / "warranty.docx")

    result = mem("-w", workspace, "ingest", tmp_path / "warranty.docx")
    assert result.exit_code == 0, result.stderr
    assert "2 tracked changes not accepted (first: 'one-year' deleted by Legal)" in result.stderr
    assert "1 comment (first: 'Suggest: approve claims without receipts') is left out" in result.stderr
    pages = "".join(path.read_text(encoding="utf-8") for path in (workspace / "policies").glob("*.md"))
    assert "All mugs carry a one-year warranty against manufacturing defects." in pages
    assert "five-year" not in pages and "receipts" not in pages
