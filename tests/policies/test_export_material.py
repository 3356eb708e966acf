# ruff: noqa: E501  (documents as exports write them: one line of CSV or HTML per row)
"""Policy material as companies keep it (new-user report 22, sections 5, 6 and 8): text marked internal, an
export's furniture (Confluence chrome, a deck's title and closing slides) and a question-and-answer CSV."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.policies.readers import read_document


@pytest.fixture
def workspace(mem, tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    return ws


def _pages(ws: Path) -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in (ws / "policies").glob("*.md")}


def _texts(path: Path, text: str) -> tuple[list[str], list[str]]:
    path.write_text(text, encoding="utf-8")
    doc = read_document(path, max_bytes=0)
    return [block.text for block in doc.blocks], doc.warnings


# --- section 5: text marked internal -------------------------------------------------------------

NOTION = """# Shipping

> 💡 **Note:** This page is the source of truth for shipping.

Standard shipping takes 3–5 business days.

<details>
<summary>Internal: carrier contracts (click to expand)</summary>

Our UPS contract number is 88-1234. Do not share it with customers.

</details>

Lost parcels are resent after 10 days without tracking movement.
"""


def test_a_toggle_marked_internal_is_no_page_text_and_ask_does_not_give_it_out(mem, workspace, tmp_path):
    source = tmp_path / "Shipping 3f2a9c1e.md"
    source.write_text(NOTION, encoding="utf-8")
    result = mem("-w", workspace, "ingest", source)
    assert result.exit_code == 0, result.stderr
    assert "1 part marked internal or not to be shared with customers (first: 'Internal: carrier contracts " \
           "(click to expand)') is left out of the pages" in result.stderr
    pages = "".join(_pages(workspace).values())
    assert "88-1234" not in pages and "<details>" not in pages
    assert "Standard shipping takes 3–5 business days." in pages and "Lost parcels" in pages
    answer = mem("-w", workspace, "ask", "--customer", "walkin5", "What is your UPS contract number?")
    assert "88-1234" not in answer.stdout


@pytest.mark.parametrize(("name", "text", "gone", "kept"), [
    # a section under a heading marked internal, in Korean, up to the next heading of its level
    ("ko.md", "# 배송\n\n## 일반\n\n3일 안에 배송됩니다.\n\n## 내부용: 택배 계약\n\n계약 번호는 88-1234입니다.\n\n"
              "### 세부\n\n단가는 3,000원입니다.\n\n## 반품\n\n30일 안에 반품할 수 있습니다.\n",
     ["88-1234", "3,000원"], ["3일 안에 배송됩니다.", "30일 안에 반품할 수 있습니다."]),
    # a callout whose first line is a Japanese mark, and a paragraph that says not to share it
    ("ja.md", "# 配送\n\n通常3日でお届けします。\n\n> **社内限定：** 割引コードは ABC123 です。\n\n"
              "返金は5日かかります。\n\n卸値は800円です。お客様には共有しないでください。\n",
     ["ABC123", "800円"], ["通常3日でお届けします。", "返金は5日かかります。"]),
    # an English section in plain text, a "Staff only" paragraph
    ("en.md", "# Returns\n\n## Window\n\nReturns are accepted within 30 days.\n\nStaff only: the override code is 4455.\n\n"
              "## Internal notes\n\nWaive the fee for anyone who complains twice.\n\n## Refunds\n\nRefunds take 5 days.\n",
     ["4455", "complains twice"], ["Returns are accepted within 30 days.", "Refunds take 5 days."]),
])
def test_sections_callouts_and_paragraphs_marked_internal_are_left_out(tmp_path, name, text, gone, kept):
    texts, warnings = _texts(tmp_path / name, text)
    joined = "\n".join(texts)
    assert not any(word in joined for word in gone), texts
    assert all(sentence in texts for sentence in kept), texts
    assert any("marked internal or not to be shared with customers" in warning for warning in warnings)


def test_html_toggles_and_panels_marked_internal_are_cut_and_others_kept(tmp_path):
    html = ("<html><body><h1>Shipping</h1><h2>Times</h2><p>Ships in 3 days.</p>"
            "<details><summary>Internal: carrier contracts</summary><p>Our UPS contract number is 88-1234.</p>"
            "</details><div class='confluence-information-macro'><p>Staff only: the override code is 4455.</p>"
            "<p>Use it sparingly.</p></div>"
            "<details><summary>Can I return a mug?</summary><p>Yes, within 30 days.</p></details>"
            "<h2>Fees</h2><p>Internal transfers: free of charge.</p></body></html>")
    texts, warnings = _texts(tmp_path / "shipping.html", html)
    assert not any("88-1234" in t or "4455" in t or "sparingly" in t for t in texts), texts
    # a toggle that is not marked, and a sentence that only starts with the word, are the policy
    assert {"Can I return a mug?", "Yes, within 30 days.", "Internal transfers: free of charge."} <= set(texts)
    assert any("2 parts marked internal" in warning for warning in warnings)


def test_a_document_that_is_all_internal_is_one_clear_error(mem, workspace, tmp_path):
    source = tmp_path / "contracts.md"
    source.write_text("# Internal only\n\nOur UPS contract number is 88-1234.\n", encoding="utf-8")
    result = mem("-w", workspace, "ingest", source)
    assert result.exit_code == 2
    assert "no text found that is not marked internal (first: 'Internal only')" in result.stderr
    assert "Traceback" not in result.stderr and not _pages(workspace)


# --- section 6: an export's furniture ----------------------------------------------------------

CONFLUENCE = """<!DOCTYPE html>
<html><head><title>Support Handbook : Returns and Refunds</title></head>
<body><div id="page"><div id="main">
<div id="main-header"><div id="breadcrumb-section"><ol id="breadcrumbs">
<li class="first"><span><a href="index.html">Support Handbook</a></span></li><li><span><a href="P.html">Policies</a></span></li>
</ol></div>
<h1 id="title-heading" class="pagetitle"><span id="title-text">Support Handbook : Returns and Refunds</span></h1></div>
<div id="content" class="view">
<div class="page-metadata">Created by <span class="author"> Jane Ops</span>, last modified by <span class="editor"> Raj
Patel</span> on Nov 02, 2026</div>
<div id="main-content" class="wiki-content group">
<h2 id="R-Refundwindow">Refund window</h2>
<p>Customers may return unused items within 30 days of delivery for a full refund.</p>
<h2 id="R-Damageditems">Damaged items</h2>
<p>If an item arrives damaged, the customer must send a photo within 7 days.</p>
</div></div>
<div class="pageSection group"><div class="pageSectionHeader"><h2 id="attachments" class="pageSectionTitle">Attachments:</h2></div>
<div class="greybox"><a href="attachments/12345/damage-photo-guide.png">damage-photo-guide.png</a> (image/png)<br/></div></div>
<div class="pageSection group"><h2 id="comments" class="pageSectionTitle">Comments:</h2>
<table><tr><td class="comment-body"><p>Can we make the refund window 90 days for VIPs?</p></td><td>Posted by raj</td></tr></table>
</div></div></div>
<div id="footer" role="contentinfo"><section class="footer-body"><p>Document generated by Confluence on Nov 30, 2026</p>
</section></div>
</body></html>
"""


def test_confluence_chrome_makes_no_page_and_ingest_says_so(mem, workspace, tmp_path):
    source = tmp_path / "confluence_returns.html"
    source.write_text(CONFLUENCE, encoding="utf-8")
    result = mem("-w", workspace, "ingest", source)
    assert result.exit_code == 0, result.stderr
    assert sorted(_pages(workspace)) == ["damaged-items", "refund-window"]
    assert "the export's furniture is left out (breadcrumbs, page metadata, the attachments and comments sections)" in result.stderr
    pages = "".join(_pages(workspace).values())
    assert "Created by" not in pages and "damage-photo-guide" not in pages and "90 days" not in pages


def test_a_confluence_title_loses_its_space_name_and_another_colon_title_keeps_it():
    from mem.policies.readers import html_read

    assert html_read(CONFLUENCE).blocks[0].text == "Returns and Refunds"
    plain = "<html><body><h1>Terms : Part 2</h1><p>Refunds take 5 days.</p></body></html>"
    assert html_read(plain).blocks[0].text == "Terms : Part 2"


def test_furniture_in_a_markdown_export_is_found_by_where_it_stands(tmp_path):
    text = ("# Returns and Refunds\n\nCreated by Jane Ops, last modified by Raj Patel on Nov 02, 2026\n\n"
            "## Refund window\n\nReturns within 30 days.\n\n## Comments\n\nA note about comments in the text.\n\n"
            "## Damaged items\n\nSend a photo within 7 days.\n\n## Attachments:\n\nphoto-guide.png (image/png)\n\n"
            "## Comments:\n\nCan we make it 90 days?\n")
    texts, warnings = _texts(tmp_path / "returns.md", text)
    assert "photo-guide.png (image/png)" not in texts and "Can we make it 90 days?" not in texts
    assert not any(t.startswith("Created by") for t in texts)
    # a "Comments" section with another section after it is the document's own
    assert "A note about comments in the text." in texts and "Send a photo within 7 days." in texts
    assert any("furniture is left out (page metadata, attachments, comments" in warning for warning in warnings)


def test_a_decks_title_and_closing_slides_are_no_pages(mem, workspace, tmp_path):
    from fpdf import FPDF

    pdf = FPDF(orientation="L")
    pdf.set_auto_page_break(False)
    slides = [("Loyalty Program 2027", ["Acme Mugs | Confidential | Q4 kickoff"]),
              ("Tiers", ["- Silver: 5% off every order", "- Gold requires $500 spent in 12 months"]),
              ("Points", ["- 1 point per $1 spent", "- Points expire after 18 months"]),
              ("Questions?", ["Thank you!"])]
    for title, bullets in slides:
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 36)
        pdf.cell(0, 30, title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 20)
        for bullet in bullets:
            pdf.cell(0, 14, bullet, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(tmp_path / "loyalty_slides.pdf"))
    result = mem("-w", workspace, "ingest", tmp_path / "loyalty_slides.pdf")
    assert result.exit_code == 0, result.stderr
    assert sorted(_pages(workspace)) == ["points", "tiers"]
    assert "furniture is left out (title slide, closing slide; first: 'Acme Mugs | Confidential | Q4 kickoff')" \
        in result.stderr


# --- section 8: a question-and-answer CSV -------------------------------------------------------

FAQ = """question,answer,category,last_reviewed
"Can I change my delivery address after ordering?","Yes, until the order ships. After it ships, contact the carrier.",Shipping,2026-09-01
"Do you ship to Korea?","Yes. Orders to Korea take 7-10 business days, and customs duties are paid by the customer.",Shipping,2026-09-01
"배송지를 바꿀 수 있나요?","네, 발송 전까지는 변경할 수 있습니다.",Shipping,2026-09-01
"""


def test_an_faq_csv_is_one_section_per_row(mem, workspace, tmp_path):
    source = tmp_path / "faq.csv"
    source.write_text(FAQ, encoding="utf-8")
    result = mem("-w", workspace, "ingest", source)
    assert result.exit_code == 0, result.stderr
    assert "the columns 'category', 'last_reviewed' are not read" in result.stderr
    pages = _pages(workspace)
    assert len(pages) == 3
    assert "question,answer" not in "".join(pages.values())
    korean = next(text for text in pages.values() if "title: 배송지를 바꿀 수 있나요?" in text)
    assert "네, 발송 전까지는 변경할 수 있습니다. [^1]" in korean
    answer = mem("-w", workspace, "ask", "--customer", "x", "배송지를 바꿀 수 있나요?")
    assert "발송 전까지는 변경할 수 있습니다" in answer.stdout


def test_a_csv_whose_columns_cannot_be_labelled_is_refused_in_one_line(mem, workspace, tmp_path):
    # one column: a list, neither questions and answers nor a table (a price list with no header names is in
    # tests/policies/test_table_csv.py)
    source = tmp_path / "prices.csv"
    source.write_text("sku\nMUG-1\nMUG-2\n", encoding="utf-8")
    result = mem("-w", workspace, "ingest", source)
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0 and "Traceback" not in result.stderr
    assert "a CSV of one column is a list, not a table" in result.stderr
    assert not _pages(workspace)


def test_a_one_line_breadcrumb_trail_stays_text_and_a_list_of_links_goes(tmp_path):
    """Confluence's trail is a list of links (it became a numbered-list page); a help centre's one-line trail
    reads as the document's first line, as before (dropping it moved the title on the QA bench's pages)."""
    texts, _ = _texts(tmp_path / "billing.html",
                      "<html><body><div class='breadcrumb'>Help Centre &gt; Billing</div><h1>Billing</h1>"
                      "<p>Bills are sent monthly.</p><ol class='breadcrumb'><li><a href='a.html'>Home</a></li></ol>"
                      "<h2>Late fees</h2><p>A late fee is 5 dollars.</p><h2>Refunds</h2><p>Refunds take 5 days.</p>"
                      "</body></html>")
    assert texts[0] == "Help Centre > Billing" and "1. Home" not in texts and "Bills are sent monthly." in texts


# --- the reviewer's look-alikes: a policy's own Attachments / Comments sections, a customer's safety tip --------


@pytest.mark.parametrize("name, text", [
    ("support.md", "# Contacting support\n\n## Email\n\nWrite to us with your order number.\n\n## Attachments\n\n"
                   "You may attach up to five photos of a damaged item, 10 MB each.\n"),
    ("reviews.md", "# Reviews\n\n## Who may review\n\nOnly customers who bought the item.\n\n## Comments\n\n"
                   "Comments on reviews are moderated within 24 hours.\n"),
    ("support.html", "<h1>Contacting support</h1><h2 id=\"email\">Email</h2><p>Write to us with your order number.</p>"
                     "<h2 id=\"attachments\">Attachments</h2><p>You may attach up to five photos of a damaged item, "
                     "10 MB each.</p><h2 id=\"refunds\">Refunds</h2><p>Refunds take 5 days.</p>"),
    ("reviews.html", "<h1>Reviews</h1><section id=\"who\"><h2>Who may review</h2><p>Only customers who bought the item."
                     "</p></section><section id=\"comments\"><h2>Comments</h2><p>Comments on reviews are moderated "
                     "within 24 hours.</p></section>"),
])
def test_a_policys_own_attachments_or_comments_section_is_policy(tmp_path, name, text):
    texts, warnings = _texts(tmp_path / name, text)
    assert any(t in ("Attachments", "Comments") for t in texts), texts
    assert any(t.startswith(("You may attach", "Comments on reviews")) for t in texts), texts
    assert not any("furniture" in warning for warning in warnings)


def test_a_safety_tip_telling_customers_not_to_share_their_code_is_policy(tmp_path):
    texts, warnings = _texts(tmp_path / "gift-cards.md", "# Gift cards\n\nEnter the code at checkout. Never share this "
                             "code with anyone outside your household.\n")
    assert any("Never share this code" in t for t in texts) and not warnings
    texts, _ = _texts(tmp_path / "staff.md", "# Carriers\n\nOur account is 88-1234.\n\nThe depot is in Leeds. Do not "
                      "share this number with anyone outside the company.\n")
    assert not any("Do not share this number" in t for t in texts)


def test_a_policy_sentence_opening_with_created_or_owned_by_is_no_page_metadata(tmp_path):
    texts, warnings = _texts(tmp_path / "terms.md", "# About these terms\n\nOwned by Acme Mugs Ltd, registered in "
                             "England and Wales, company number 01234567.\n\n## Our mugs\n\nCreated by hand in "
                             "Stoke-on-Trent, so every mug is slightly different and small marks are not faults.\n")
    assert any(t.startswith("Owned by Acme Mugs Ltd") for t in texts)
    assert any(t.startswith("Created by hand") for t in texts)
    assert not warnings


def test_a_decks_scope_under_its_title_is_policy(tmp_path):
    from fpdf import FPDF

    pdf = FPDF(orientation="L")
    pdf.set_auto_page_break(False)
    for title, lines in [("Loyalty Program 2027", ["Effective 1 March 2027", "Members in the UK only"]),
                         ("Tiers", ["- Silver: 5% off every order"]), ("Points", ["- 1 point per $1 spent"])]:
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 36)
        pdf.cell(0, 30, title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 20)
        for line in lines:
            pdf.cell(0, 14, line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(tmp_path / "deck.pdf"))
    doc = read_document(tmp_path / "deck.pdf", max_bytes=0)
    assert any("Members in the UK only" in block.text for block in doc.blocks)
    assert not any("furniture" in warning for warning in doc.warnings)
