# ruff: noqa: E501  (documents as exporters write them: one element per line)
"""What a real help-centre export carries that is not policy (new-user report 29, findings 4, 5, 6 and 8): a
Confluence expand macro marked internal, Word's "Save as Web Page" review markup, Google Docs' bold classes, title
line and header/footer, and the Zendesk theme's article footer lines."""

from __future__ import annotations

from pathlib import Path

from mem.policies.internal_marks import says_not_to_share
from mem.policies.readers import read_document
from mem.policies.sectioning import plan_topics


def _read(path: Path, text: str, encoding: str = "utf-8") -> tuple[list[str], list[str]]:
    path.write_bytes(text.encode(encoding))
    doc = read_document(path, max_bytes=0)
    return [block.text for block in doc.blocks], doc.warnings


# --- finding 6: Confluence's expand macro, "Do not tell customers about …" -----------------------------------------

_EXPAND = """<html><body><div id="main-content" class="wiki-content group">
<h2>Expiry</h2>
<p>Points expire 18 months after they were earned.</p>
<div class="expand-container conf-macro output-block"><div class="expand-control"><span class="expand-control-icon icon">&nbsp;</span><span class="expand-control-text conf-macro-render">{label}</span></div>
<div class="expand-content expand-hidden"><p>Agents can add up to 2,000 goodwill points in Zendesk without approval.</p></div></div>
<p>Points have no cash value.</p>
</div></body></html>"""


def test_an_expand_macro_marked_internal_goes_with_its_body(tmp_path: Path) -> None:
    texts, warnings = _read(tmp_path / "loyalty.html", _EXPAND.format(label="Internal: how to adjust points manually"))
    assert not any("goodwill" in text for text in texts)
    assert "Points have no cash value." in texts and "Points expire 18 months after they were earned." in texts
    assert any("1 part marked internal" in w and "Internal: how to adjust points manually" in w for w in warnings)


def test_an_expand_macro_not_marked_is_read(tmp_path: Path) -> None:
    texts, warnings = _read(tmp_path / "loyalty.html", _EXPAND.format(label="How points are adjusted"))
    assert "Agents can add up to 2,000 goodwill points in Zendesk without approval." in texts
    assert not any("marked internal" in w for w in warnings)


def test_an_internal_panel_in_a_group_leaves_its_sibling_panels(tmp_path: Path) -> None:
    # a panel with a body of its own is the marked part, not the label of the group around it
    page = """<html><body><div class="panel-group">
<div class="panel"><p>Internal: carrier contracts</p><p>Our UPS contract number is 88-1234.</p></div>
<div class="panel"><p>Returns are free within 30 days.</p></div>
</div></body></html>"""
    texts, _ = _read(tmp_path / "panels.html", page)
    assert texts == ["Returns are free within 30 days."]


def test_do_not_tell_customers_about_is_a_not_to_share_mark() -> None:
    assert says_not_to_share("Agents can add goodwill points. Do not tell customers about goodwill points.")
    assert says_not_to_share("Staff must not tell customers about the override.")
    assert says_not_to_share("고객에게 굿윌 포인트에 대해 말하지 마세요.")
    assert says_not_to_share("お客様にはグッドウィルポイントについて伝えないでください。")
    # a policy stating what the company does is not an order to staff
    assert not says_not_to_share("We do not tell customers about price drops after purchase.")
    assert not says_not_to_share("We never inform customers of other customers' orders.")


# --- finding 4: Word "Save as Web Page" --------------------------------------------------------------------------------

_WORD = """<html xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15"><title>Damaged deliveries</title></head>
<body lang=EN-IE><div class=WordSection1>
<p class=MsoNormal><b>Reporting damage</b></p>
<p class=MsoNormal>If your order arrives damaged, tell us within <del cite="mailto:Raj%20Patel" datetime="2026-11-02T10:11"><span class=msoDel>48 hours</span></del><ins cite="mailto:Raj%20Patel" datetime="2026-11-02T10:11"><span class=msoIns>7 days</span></ins> of delivery and send photos.</p>
<p class=MsoNormal><b>Missing parcels</b></p>
<p class=MsoNormal>Contact us within 14 days.<span class=MsoCommentReference><a class=msocomanchor id="_anchor_1" href="#_msocom_1" name="_msoanchor_1">[RP1]</a></span></p>
<div style='mso-element:comment-list'><hr class=msocomoff align=left size=1 width="33%">
<div style='mso-element:comment'><div id="_com_1" class=msocomtxt><p class=MsoCommentText><span class=MsoCommentReference><a href="#_msoanchor_1" class=msocomoff>[RP1]</a></span>Legal says we can refund without the photos.</p></div></div>
</div>
<div style='mso-element:header' id=h1><p class=MsoHeader>Policy Manual &#8211; Internal draft</p></div>
<div style='mso-element:footer' id=f1><p class=MsoFooter>Page 1 of 1 &#8211; Printed 02/11/2026</p></div>
</div></body></html>"""


def test_a_word_web_page_reads_as_its_docx_does(tmp_path: Path) -> None:
    texts, warnings = _read(tmp_path / "damaged.htm", _WORD, "cp1252")
    # the document as it stands: the deleted text kept, the inserted text left out, the comment anchor gone
    assert "If your order arrives damaged, tell us within 48 hours of delivery and send photos." in texts
    assert "Contact us within 14 days." in texts
    joined = "\n".join(texts)
    assert "7 days" not in joined and "RP1" not in joined and "Legal says" not in joined
    assert "Policy Manual" not in joined and "Printed" not in joined
    assert any("2 tracked changes not accepted (first: '48 hours' deleted by Raj Patel)" in w for w in warnings)
    assert any("1 comment (first: 'Legal says we can refund without the photos.') is left out" in w for w in warnings)
    assert any("the running header and footer" in w for w in warnings)


def test_ins_and_del_of_an_ordinary_web_page_are_read(tmp_path: Path) -> None:
    # a struck-out old price on a help page is the page's own markup, not a pending change
    texts, warnings = _read(
        tmp_path / "sale.html", "<html><body><p>Now <del>€20</del> <ins>€15</ins> each.</p></body></html>"
    )
    assert texts == ["Now €20 €15 each."]
    assert not any("tracked change" in w for w in warnings)


# --- finding 8: Google Docs "Download → Web page" -------------------------------------------------------------------

_GDOC = """<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><style type="text/css">.c0{color:#000000;font-weight:400;font-size:11pt}.c1{padding-top:0pt;line-height:1.15}.c3{color:#000000;font-weight:700;font-size:13pt}.c5{background-color:#ffffff;max-width:468pt}.c7{color:#000000;font-weight:700;font-size:16pt}</style></head>
<body class="c5 doc-content"><div><p class="c1"><span class="c0">Lumora Home &ndash; Customer Policies &ndash; v2.1</span></p></div>
<p class="c1"><span class="c7">Price Match Policy</span></p>
<p class="c1"><span class="c0">Last updated 14 November 2026</span></p>
<p class="c1"><span class="c3">What we match</span></p>
<p class="c1"><span class="c0">We refund the difference if you claim within 14 days.</span></p>
<p class="c1"><span {bold}>What we do not match</span></p>
<ol class="c2 lst-kix_def456-0 start" start="1"><li class="c1 c6 li-bullet-0"><span class="c0">Clearance, outlet or Black Friday prices.</span></li></ol>
<div><p class="c1"><span class="c0">Lumora Home Ltd &middot; Confidential &ndash; do not forward</span></p></div>
</body></html>"""


def test_a_google_doc_keeps_its_title_headings_and_leaves_its_header_and_footer(tmp_path: Path) -> None:
    for bold in ('class="c3"', 'class="c0" style="font-weight:700"'):  # a class, or an inline style after a clean-up
        path = tmp_path / "PriceMatchPolicy.html"
        path.write_text(_GDOC.replace("{bold}", bold), encoding="utf-8")
        doc = read_document(path, max_bytes=0)
        title, topics = plan_topics(doc)
        assert title == "Price Match Policy"
        assert [topic.title for topic in topics] == ["What we match", "What we do not match"]
        assert "Clearance, outlet or Black Friday prices." in "\n".join(b.text for b in topics[1].blocks)
        joined = "\n".join(block.text for block in doc.blocks)
        assert "Customer Policies" not in joined and "do not forward" not in joined
        assert any("the running header and footer" in w for w in doc.warnings)


def test_a_page_with_a_first_and_last_div_that_is_no_google_doc_keeps_them(tmp_path: Path) -> None:
    page = '<html><body class="article"><div><p>Returns are free.</p></div><p>Refunds take 5 days.</p><div><p>Call us on 555 0100.</p></div></body></html>'
    texts, _ = _read(tmp_path / "page.html", page)
    assert texts == ["Returns are free.", "Refunds take 5 days.", "Call us on 555 0100."]
    # a body merely classed like Google's generated classes, with no other mark of its export (review of round 29)
    texts, _ = _read(tmp_path / "c1.html", page.replace('class="article"', 'class="c1"'))
    assert texts == ["Returns are free.", "Refunds take 5 days.", "Call us on 555 0100."]


# --- finding 5: the Zendesk theme's article footer ------------------------------------------------------------------


def test_the_zendesk_article_footer_lines_are_furniture_in_every_language(tmp_path: Path) -> None:
    for count, more, top in (
        ("0 comments", "Have more questions? Submit a request", "Return to top"),
        ("댓글 0개", "더 궁금한 점이 있으신가요? 문의 등록", "맨 위로 돌아가기"),
        ("0件のコメント", "他にご質問がございましたら、リクエストを送信してください", "ページの先頭へ戻る"),
    ):
        page = f"""<html><body><main><article class="article"><h1>Returning an item</h1>
<section class="article-info"><div class="article-body"><p>You have 30 days to return an item.</p></div></section>
<footer><div class="article-footer"><div class="article-comment-count">{count}</div></div>
<p>Still stuck? Contact support – live chat 24/7</p>
<div class="article-more-questions">{more}</div>
<div class="article-return-to-top"><a href="#article-container">{top}</a></div></footer></article></main></body></html>"""
        texts, warnings = _read(tmp_path / "article.html", page)
        assert texts == [
            "Returning an item",
            "You have 30 days to return an item.",
            "Still stuck? Contact support – live chat 24/7",
        ]
        assert any("the comment counter" in w and "the return-to-top link" in w for w in warnings)


# --- finding 7: a policy pasted from a forwarded e-mail --------------------------------------------------------------

_MAIL = """From: Maria Kowalski <maria.kowalski@lumora.ie>
Sent: Thursday, 19 November 2026 16:42
To: Support Team <support-team@lumora.ie>
Cc: Legal <legal@lumora.ie>
Subject: FW: Updated data deletion policy

Hi team,

Please find below the updated wording for the help centre.

Thanks!

-----Original Message-----

DATA DELETION

1. Timeline

We delete the account and personal data within 30 days of the confirmed
request. Invoice records are kept for 6 years.

Kind regards,

Maria Kowalski
Head of Privacy & Data Protection
Lumora Home Ltd | 12 Harbour Street, Dublin 2, D02 X123
Tel: +353 1 555 0199

This e-mail and any attachments are confidential and intended solely for
the addressee. If you have received this e-mail in error, please notify
the sender immediately and delete it.
"""


def test_a_forwarded_emails_header_note_signature_and_disclaimer_are_left_out(tmp_path: Path) -> None:
    texts, warnings = _read(tmp_path / "data-deletion.txt", _MAIL)
    joined = "\n".join(texts)
    for gone in (
        "From:",
        "Sent:",
        "Cc:",
        "Subject:",
        "Hi team",
        "Thanks!",
        "Original Message",
        "Kind regards",
        "Maria Kowalski",
        "Head of Privacy",
        "confidential and intended",
    ):
        assert gone not in joined, gone
    assert "We delete the account and personal data within 30 days of the confirmed request." in joined
    assert "Tel: +353 1 555 0199" in joined  # a contact line under the signature stays, as documented
    assert any("header and covering note are left out (first: 'From: Maria Kowalski" in w for w in warnings)
    assert any("the e-mail's closing is left out (first: 'Kind regards,')" in w for w in warnings)


def test_a_text_opening_with_a_from_line_of_its_own_is_read(tmp_path: Path) -> None:
    # one "From:" line is a policy's own sentence, not an e-mail's header block
    texts, warnings = _read(tmp_path / "prices.txt", "From: 1 March 2027 prices rise by 5%.\n\nRefunds take 5 days.\n")
    assert texts[0].startswith("From: 1 March 2027")
    assert not any("header" in w for w in warnings)


# --- finding 11: a Notion page's property block and callout tags -----------------------------------------------------

_NOTION = """# Gift cards

Owner: Support Content Team
Last edited time: November 20, 2026 4:12 PM
Tags: Payments, Policy

<aside>
💡 Gift cards are valid for **3 years** from the date of purchase.

</aside>

## Buying a gift card

You can buy a digital gift card on our website.
"""


def test_a_notion_pages_properties_and_aside_tags_are_left_out(tmp_path: Path) -> None:
    texts, warnings = _read(tmp_path / "Gift cards 8c1f2e4a9b7d4e21a3f0c5d6e7b8a9c0.md", _NOTION)
    joined = "\n".join(texts)
    assert "Owner:" not in joined and "Last edited time" not in joined and "Tags:" not in joined
    assert "<aside>" not in joined and "</aside>" not in joined
    assert "💡 Gift cards are valid for **3 years** from the date of purchase." in texts
    assert any(
        "the Notion page's properties are left out (first: 'Owner: Support Content Team')" in w for w in warnings
    )


def test_a_notion_pages_first_paragraph_of_label_value_sentences_is_read(tmp_path: Path) -> None:
    # (review29) "Return window: 30 days from delivery." has a property's shape; ending as a sentence, it is the
    # page's own rule, not a property Notion wrote
    text = "# Returns\n\nReturn window: 30 days from delivery.\nRestocking fee: none, ever.\n\nWe refund to the card.\n"
    texts, warnings = _read(tmp_path / "Returns 8c1f2e4a9b7d4e21a3f0c5d6e7b8a9c0.md", text)
    joined = "\n".join(texts)
    assert "Return window: 30 days from delivery." in joined and "Restocking fee" in joined
    assert not any("properties" in w for w in warnings)


def test_key_value_lines_of_a_markdown_file_not_named_by_notion_are_read(tmp_path: Path) -> None:
    texts, _ = _read(tmp_path / "gift-cards.md", _NOTION.replace("<aside>\n", "").replace("</aside>\n", ""))
    assert any("Owner: Support Content Team" in text for text in texts)


# --- finding 10: a deck whose title slide's title is set larger --------------------------------------------------------


def test_a_deck_with_a_larger_title_slide_loses_its_title_and_closing_slides(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF(orientation="L")
    pdf.set_auto_page_break(False)
    slides = [
        ("Holiday Season 2026 Briefing", ["Customer Support Team", "Presented by Aoife Byrne, 1 December 2026"]),
        ("Extended holiday returns", ["- Items delivered from 15 November can be returned until 31 January."]),
        ("Holiday opening hours", ["- Closed on 25 and 26 December."]),
        ("Questions?", ["Thank you!"]),
    ]
    for number, (title, lines) in enumerate(slides):
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 44 if number == 0 else 32)  # the title slide's title set larger
        pdf.cell(0, 30, title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 20)
        for line in lines:
            pdf.cell(0, 14, line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(tmp_path / "deck.pdf"))
    doc = read_document(tmp_path / "deck.pdf", max_bytes=0)
    texts = [block.text for block in doc.blocks]
    assert not any("Aoife" in text or "Thank you" in text or "Questions?" in text for text in texts)
    assert "- Closed on 25 and 26 December." in texts
    assert any("title slide, closing slide" in w for w in doc.warnings)
