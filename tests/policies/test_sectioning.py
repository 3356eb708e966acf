"""Sectioning: which headings make a topic (one page per policy topic), ids and titles."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.policies.readers import Document, markdown_blocks
from mem.policies.sectioning import plan_topics, slugify, strip_numbering


def doc(markdown: str, name: str = "terms-v2.md") -> Document:
    return Document(Path(name), "md", markdown.encode(), markdown_blocks(markdown))


def topics(markdown: str, **kwargs) -> tuple[str, list[tuple[str, list[str]]]]:
    title, found = plan_topics(doc(markdown), **kwargs)
    return title, [(t.title, [b.text for b in t.blocks]) for t in found]


def test_no_headings_is_one_page_named_after_the_file():
    assert topics("Refunds within 14 days.") == ("Terms", [("Terms", ["Refunds within 14 days."])])


def test_several_top_level_headings_are_several_topics_and_an_intro_is_the_documents_own_page():
    got = topics("Intro text.\n\n# Refunds\n\nWithin 14 days.\n\n## Exceptions\n\nAnnual.\n\n# Shipping\n\n3 days.")
    assert got[1] == [("Terms", ["Intro text."]), ("Refunds", ["Within 14 days.", "Exceptions", "Annual."]),
                      ("Shipping", ["3 days."])]


def test_general_rules_before_the_first_section_are_a_page_titled_by_the_document():
    # tau-bench's retail policy: general rules under the title, then "## Domain basic"; folded into
    # the first section they were cited as "Domain basic" and made its summary
    got = topics("# Retail agent policy\n\nAs a retail agent, you can help users cancel orders.\n\n"
                 "- You must authenticate the user first.\n\n## Domain basic\n\nAll times are EST.\n\n"
                 "## Cancel pending order\n\nOnly pending orders can be cancelled.")
    assert got == ("Retail agent policy", [
        ("Retail agent policy", ["As a retail agent, you can help users cancel orders.",
                                 "- You must authenticate the user first."]),
        ("Domain basic", ["All times are EST."]), ("Cancel pending order", ["Only pending orders can be cancelled."])])


def test_document_title_with_numbered_clauses_splits_by_clause():
    got = topics("# Service Terms\n\nEffective: 2026-03-01\n\n## 1. Refunds\n\nWithin 14 days.\n\n"
                 "## 2. Shipping\n\n3 days.\n\n## Article 3 – Privacy\n\n90 days.")
    assert got[0] == "Service Terms"
    assert [t for t, _ in got[1]] == ["Refunds", "Shipping", "Privacy"]
    assert got[1][0][1] == ["Effective: 2026-03-01", "Within 14 days."]


def test_document_title_with_unnumbered_subheadings_splits_by_section():
    got = topics("# Refund policy v4\n\nWithin 14 days.\n\n## Eligibility\n\nAll plans.\n\n## Exceptions\n\nNone.")
    assert got == ("Refund policy", [("Refund policy", ["Within 14 days."]), ("Eligibility", ["All plans."]),
                                     ("Exceptions", ["None."])])


def test_one_subheading_is_not_a_split():
    got = topics("# Refund policy\n\nWithin 14 days.\n\n## Exceptions\n\nNone.")
    assert got == ("Refund policy", [("Refund policy", ["Within 14 days.", "Exceptions", "None."])])


NESTED = ("# Handbook\n\n## Returns\n\nReturns take 30 days.\n\n### Scope\n\nAll goods.\n\n### Exchanges\n\n"
          "Exchanges are free.\n\n## Shipping\n\n### Scope\n\nDomestic only.\n\n### Fees\n\n5 dollars.")


def test_automatic_split_is_the_shallowest_level_with_two_headings():
    _, found = plan_topics(doc(NESTED))
    assert [(t.title, t.section) for t in found] == [("Returns", "Returns"), ("Shipping", "Shipping")]
    assert [b.text for b in found[0].blocks] == ["Returns take 30 days.", "Scope", "All goods.", "Exchanges",
                                                  "Exchanges are free."]


@pytest.mark.parametrize("split, expected", [
    ("h3", [("Returns", "Returns"), ("Scope", "Returns › Scope"), ("Exchanges", "Returns › Exchanges"),
            ("Scope", "Shipping › Scope"), ("Fees", "Shipping › Fees")]),
    ("h2", [("Returns", "Returns"), ("Shipping", "Shipping")]),
    ("h1", [("Handbook", "")]),
    ("none", [("Handbook", "")]),
])
def test_split_option_chooses_the_level(split, expected):
    _, found = plan_topics(doc(NESTED), split=split)
    assert [(t.title, t.section) for t in found] == expected


def test_unknown_split_is_refused():
    from mem.core.errors import InvalidInput

    with pytest.raises(InvalidInput, match="--split must be one of auto, h1, h2, h3, none"):
        plan_topics(doc(NESTED), split="h4")


def test_single_forces_one_page():
    got = topics("# Refunds\n\nA.\n\n# Shipping\n\nB.", single=True)
    assert [t for t, _ in got[1]] == ["Terms"] and got[1][0][1] == ["Refunds", "A.", "Shipping", "B."]


def test_pdf_pages_of_a_topic():
    from mem.policies.readers import Block

    document = Document(Path("t.pdf"), "pdf", b"x", [Block("REFUNDS", 1, 1), Block("a", 0, 2), Block("SHIPPING", 1, 3),
                                                     Block("b", 0, 3)])
    _, found = plan_topics(document)
    assert [(t.title, t.pages) for t in found] == [("REFUNDS", [1, 2]), ("SHIPPING", [3])]


@pytest.mark.parametrize("title, slug", [
    ("Refund Policy v4", "refund-policy"), ("Refund policy (version 2.1)", "refund-policy"),
    ("Shipping & Returns", "shipping-returns"), ("Café prices", "cafe-prices"), ("환불 정책", ""),
    ("Privacy (2026-03-01)", "privacy"),
])
def test_slugify(title, slug):
    assert slugify(title) == slug


@pytest.mark.parametrize("heading, title", [
    ("3. Refunds", "Refunds"), ("2.1 Partial refunds", "Partial refunds"), ("Article 3 – Refunds", "Refunds"),
    ("Section 4: Shipping", "Shipping"), ("제3조 (환불)", "환불"), ("第3条 返金", "返金"), ("Q&A", "Q&A"),
    ("Refund policy v4", "Refund policy"),
])
def test_strip_numbering(heading, title):
    assert strip_numbering(heading) == title


def test_html_title_names_a_document_without_headings(tmp_path):
    from mem.policies.readers import read_document

    path = tmp_path / "x.html"
    path.write_text("<html><head><title>Privacy &amp; Data</title></head><body><p>We keep data 90 days.</p></body>")
    title, found = plan_topics(read_document(path, max_bytes=10_000))
    assert title == "Privacy & Data" and [t.title for t in found] == ["Privacy & Data"]


def test_a_capitalised_title_line_over_numbered_clauses_is_the_title_not_an_empty_page():
    from mem.policies.readers import text_blocks

    text = "ACME RETURNS POLICY\n\n1. SCOPE\nAll purchases.\n\n2. REFUNDS\nWithin 5 days.\n"
    document = Document(Path("returns.txt"), "txt", text.encode(), text_blocks(text))
    title, found = plan_topics(document)
    assert title == "ACME RETURNS POLICY"
    assert [(t.title, t.text) for t in found] == [("SCOPE", "All purchases."), ("REFUNDS", "Within 5 days.")]


def test_a_title_line_with_only_a_date_under_it_is_still_the_title():
    # "Last updated: …" under the title made a page of its own whose only sentence was the date
    from mem.policies.readers import text_blocks

    text = ("ACME PLUS TERMS\nLast updated: 12 January 2026\n\n1. Fees\nThe fee is 49 dollars.\n\n"
            "2. Cancellation\nCancel at any time.\n")
    document = Document(Path("terms.txt"), "txt", text.encode(), text_blocks(text))
    title, found = plan_topics(document)
    assert title == "ACME PLUS TERMS"
    assert [(t.title, t.text) for t in found] == [("Fees", "Last updated: 12 January 2026\nThe fee is 49 dollars."),
                                                  ("Cancellation", "Cancel at any time.")]


def test_an_empty_numbered_first_clause_is_still_a_clause():
    from mem.policies.readers import text_blocks

    text = "1. SCOPE\n\n2. REFUNDS\nWithin 5 days.\n\n3. SHIPPING\n3 days.\n"
    document = Document(Path("terms.txt"), "txt", text.encode(), text_blocks(text))
    title, found = plan_topics(document)
    assert [t.title for t in found] == ["SCOPE", "REFUNDS", "SHIPPING"]


@pytest.mark.parametrize("heading, title", [
    ("第1条（目的）", "目的"), ("제1조 (목적)", "목적"), ("第2条【返金】", "返金"), ("Article 1 [Purpose]", "Purpose"),
    ("Section 2: (Refunds)", "Refunds"), ("3. Refunds", "Refunds"),
    # a bracket that is part of the title stays whole (it was cut in half: "Refunds (EU")
    ("Refunds (EU)", "Refunds (EU)"), ("(a) Terms", "(a) Terms"),
])
def test_clause_numbers_and_the_brackets_around_a_clause_name_are_not_the_title(heading, title):
    assert strip_numbering(heading) == title


@pytest.mark.parametrize("text, where", [
    # a numbered text terms: title line, then two metadata statements on one line
    ("KERBSIDE TERMS\n\nVersion 7. Effective 1 October 2026.\n\n1. Definitions\nA member is verified.\n\n"
     "2. Fees\nThe fee is 5 pounds.\n", "txt"),
    ("# 이용약관\n\n시행일: 2026년 10월 1일\n\n## 제1조 (목적)\n\n이 약관은 이용 조건을 정합니다.\n\n"
     "## 제2조 (환불)\n\n수강 시작 후 7일 이내에 환불할 수 있습니다.\n", "md"),
    ("# 会則\n\n本会則は2026年10月1日から施行します。\n\n## 第1条（目的）\n\n本会則はクラブの利用を定めます。\n\n"
     "## 第2条（会費）\n\n会費は毎月27日に引き落とします。\n", "md"),
])
def test_an_effective_date_line_before_the_first_clause_is_no_page_of_its_own(text, where):
    # in Korean and Japanese terms, and as two statements on one line, it made a page that said only
    # the date, and every clause's page id moved up by one (course-terms-ko-2 was clause 1)
    from mem.policies.readers import text_blocks

    blocks = text_blocks(text) if where == "txt" else markdown_blocks(text)
    _, found = plan_topics(Document(Path(f"terms.{where}"), where, text.encode(), blocks))
    assert len(found) == 2
    assert found[1].text.count("\n") == 0  # the second clause holds its own sentence only


@pytest.mark.parametrize("line", ["Effective 1 October 2026. Refunds are paid within 5 days.",
                                  "2026年10月1日から返金は14日以内です。", "본 약관은 회원의 권리를 정합니다."])
def test_a_line_with_a_rule_beside_its_date_is_not_metadata(line):
    from mem.policies.sectioning import is_version_line

    assert not is_version_line(line)


@pytest.mark.parametrize("text, where", [
    ("WARRANTY TERMS\n\nContents\n1. Scope\n2. Claims\n3. Refunds\n\n1. Scope\nUK purchases only.\n\n"
     "2. Claims\nSend a photo of the fault.\n\n3. Refunds\nWe refund the price less 10% a year.\n", "txt"),
    ("WARRANTY TERMS\n\nTable of contents\nScope ........ 1\nClaims ........ 2\nRefunds ........ 2\n\n"
     "1. Scope\nUK purchases only.\n\n2. Claims\nSend a photo of the fault.\n\n3. Refunds\n"
     "We refund the price less 10% a year.\n", "txt"),
    ("# Warranty terms\n\n## Contents\n\n- [Scope](#scope)\n- [Claims](#claims)\n- [Refunds](#refunds)\n\n"
     "## Scope\n\nUK purchases only.\n\n## Claims\n\nSend a photo of the fault.\n\n## Refunds\n\n"
     "We refund the price less 10% a year.\n", "md"),
    ("# 保証規約\n\n目次\n\n1. 対象\n2. 申請\n3. 返金\n\n## 第1条（対象）\n\n国内での購入に限ります。\n\n"
     "## 第2条（申請）\n\n故障の写真を送ってください。\n\n"
     "## 第3条（返金）\n\n購入代金から1年ごとに10%を差し引いて返金します。\n", "md"),
])
def test_a_table_of_contents_is_no_page_and_no_rule(text, where):
    # it became the document's own page, whose "rules" were the section names: "3. Refunds" was
    # quoted as the rule for a refund question
    from mem.policies.readers import text_blocks

    blocks = text_blocks(text) if where == "txt" else markdown_blocks(text)
    _, found = plan_topics(Document(Path(f"terms.{where}"), where, text.encode(), blocks))
    assert len(found) == 3
    assert all(t.text.count("\n") == 0 for t in found)  # each section holds its own one sentence


def test_an_introduction_that_names_the_sections_in_a_sentence_is_kept():
    got = topics("# Terms\n\nThese terms cover scope, claims and refunds.\n\n## Scope\n\nUK only.\n\n"
                 "## Claims\n\nSend a photo.\n\n## Refunds\n\nWithin 14 days.")
    assert got[1][0] == ("Terms", ["These terms cover scope, claims and refunds."])


def test_sub_headings_repeated_under_every_section_are_no_table_of_contents():
    got = topics("# Plans\n\n## Standard\n\n### Overview\n\n#### Details\n\nFive users.\n\n"
                 "## Premium\n\n### Overview\n\n#### Details\n\nFifty users.\n")
    assert got[1] == [("Standard", ["Overview", "Details", "Five users."]),
                      ("Premium", ["Overview", "Details", "Fifty users."])]


def test_a_contents_paragraph_joined_into_one_line_is_still_dropped():
    # plain text readers join a paragraph's lines: "Contents Scope .... 1 Claims .... 2 …"
    from mem.policies.readers import Block
    from mem.policies.sectioning import without_contents

    blocks = [Block("Contents Scope .... 1 Claims .... 2 Refunds .... 2"), Block("Scope", 2),
              Block("UK only."), Block("Claims", 2), Block("Send a photo."), Block("Refunds", 2),
              Block("Within 14 days.")]
    assert [b.text for b in without_contents(blocks)][0] == "Scope"


@pytest.mark.parametrize("make, count", [
    (lambda n: "T\n\n" + " ".join(f"Customers may request a refund within 14 days of purchase {i}." for i in range(n)),
     400),
    (lambda n: "T\n\n" + "word " * n, 8000),
    (lambda n: "T\n\nScope .... 1 " + "word " * n, 8000),
    (lambda n: "# " + "word " * n + "\n\nText.\n", 4000),
    (lambda n: "# T\n\n" + "[x](" * n + "\n", 5000),
    (lambda n: "# T\n\n" + "[" * n + "\n", 10000),
    (lambda n: "# T\n\n" + ">" * n + " hi\n", 50000),
])
def test_sectioning_time_is_linear_in_line_length(make, count, assert_linear):
    # a lazy "(.+?) ...." match tried from every position of a line: a 28 KB wrapped paragraph of
    # a .txt file took 25 s to ingest, a 40 KB line 59 s; each of these takes milliseconds now
    from mem.policies.readers import text_blocks

    def read(n: int) -> None:
        text = make(n)
        blocks = markdown_blocks(text) if text.startswith("#") else text_blocks(text)
        plan_topics(Document(Path("t.md"), "md", text.encode(), blocks))

    assert_linear(read, count)


@pytest.mark.parametrize("gap", [" ", "\t", ".", "1", "#", "…"])
def test_a_long_run_of_one_character_is_read_in_linear_time(gap, assert_linear):
    # "\s*[-(]?\s*" and "\s*\t\s*\d*\s*$" tried every split of a run of spaces or tabs
    from mem.policies.readers import text_blocks

    def read(n: int) -> None:
        for text in ("T\n\na" + gap * n + "b\n", "T\n\n.. " + gap * n + "\n"):
            plan_topics(Document(Path("t.txt"), "txt", text.encode(), text_blocks(text)))
        plan_topics(doc("# T\n\n# " + gap * n + " x #\n\ny\n"))

    assert_linear(read, 4000)


@pytest.mark.parametrize("heading, title", [("# Refunds #", "Refunds"), ("## Refunds ##  ", "Refunds"),
                                            ("# #tag", "#tag"), ("# Refunds", "Refunds")])
def test_an_atx_heading_loses_its_closing_hashes(heading, title):
    assert markdown_blocks(heading)[0].text == title


_INTRO = "This policy takes effect on 1 April 2025 for all accounts.\n\n"
_UNDER = ("1. Timeline\n\nWe delete account data within 30 days of a request. Backups are purged within 90 days.\n\n"
          "2. Exports\n\nYou can export your data at any time.\n")


def _text_topics(text: str, **kwargs) -> list[tuple[str, tuple[str, ...], str]]:
    from mem.policies.readers import text_blocks

    _, found = plan_topics(Document(Path("privacy.txt"), "txt", text.encode(), text_blocks(text)), **kwargs)
    return [(t.title, t.path, t.text) for t in found]


@pytest.mark.parametrize("split", ["auto", "h1"])
def test_a_capitals_heading_with_only_numbered_headings_under_it_is_their_path_not_an_empty_page(split):
    # an intro kept as the document's page, then "DATA DELETION" over "1. Timeline": plain text gives both one level,
    # and the capitals line became a page (data-deletion-2) whose body was only its "Source:" line
    cookies = "\nCOOKIES\n\n1. Login\n\nCookies keep you signed in.\n"
    found = _text_topics(_INTRO + "DATA DELETION\n\n" + _UNDER + cookies, split=split)
    assert [(title, path) for title, path, _ in found] == [
        ("Privacy", ()), ("Timeline", ("DATA DELETION", "Timeline")), ("Exports", ("DATA DELETION", "Exports")),
        ("Login", ("COOKIES", "Login"))]
    assert all(text.strip() for _, _, text in found)


def test_a_capitals_heading_with_text_of_its_own_is_still_a_page():
    found = _text_topics(_INTRO + "DATA DELETION\n\nAsk us by e-mail.\n\n" + _UNDER)
    assert [(title, path) for title, path, _ in found] == [
        ("Privacy", ()), ("DATA DELETION", ("DATA DELETION",)), ("Timeline", ("Timeline",)),
        ("Exports", ("Exports",))]


def test_the_capitals_heading_heads_the_numbered_run_up_to_the_next_unnumbered_heading():
    found = _text_topics(_INTRO + "DATA DELETION\n\n" + _UNDER + "\nCOOKIES\n\nWe use cookies for login only.\n")
    assert [(title, path) for title, path, _ in found][-1] == ("COOKIES", ("COOKIES",))


def test_a_pdf_capitals_line_over_numbered_lines_of_body_size_is_their_path(tmp_path):
    from mem.policies.readers import read_document

    from .test_readers import make_pdf

    path = make_pdf(tmp_path / "privacy.pdf", [[
        ("This policy takes effect on 1 April 2025 for all accounts.", 11, ""), ("DATA DELETION", 11, ""),
        ("1. Timeline", 11, ""), ("We delete account data within 30 days of a request.", 11, ""),
        ("2. Exports", 11, ""), ("You can export your data.", 11, "")]])
    _, found = plan_topics(read_document(path, max_bytes=10_000_000))
    assert [(t.title, t.path) for t in found] == [
        ("Privacy", ()), ("Timeline", ("DATA DELETION", "Timeline")), ("Exports", ("DATA DELETION", "Exports"))]


@pytest.mark.parametrize("kind, text", [
    ("md", "Intro: this policy takes effect on 1 April 2025.\n\n## Data deletion\n\n### Timeline\n\nWithin 30 days.\n\n"
           "### Exports\n\nAt any time.\n\n## Cookies\n\nFor login only.\n"),
    ("html", "<p>Intro: this policy takes effect on 1 April 2025.</p><h2>Data deletion</h2><h3>Timeline</h3>"
             "<p>Within 30 days.</p><h3>Exports</h3><p>At any time.</p><h2>Cookies</h2><p>For login only.</p>"),
])
@pytest.mark.parametrize("split", ["auto", "h2", "h3"])
def test_a_deeper_layout_heading_with_only_sub_headings_under_it_makes_no_empty_page(kind, text, split):
    from mem.policies.readers import html_blocks

    blocks = markdown_blocks(text) if kind == "md" else html_blocks(text)
    _, found = plan_topics(Document(Path(f"privacy.{kind}"), kind, text.encode(), blocks), split=split)
    assert all(any(not b.is_heading for b in t.blocks) for t in found)
    assert "Within 30 days." in next(t.text for t in found if "Data deletion" in t.path)


def test_a_text_less_capitals_heading_stands_under_the_headings_over_it_in_the_path():
    text = ("Intro: this policy takes effect on 1 April 2025.\n\n# Privacy\n\n## DATA DELETION\n\n## 1. Timeline\n\n"
            "Within 30 days.\n\n## 2. Exports\n\nAt any time.\n\n# Cookies\n\nFor login only.\n")
    _, found = plan_topics(doc(text), split="h2")
    assert [(t.title, t.path) for t in found] == [
        ("Terms", ()), ("Timeline", ("Privacy", "DATA DELETION", "Timeline")),
        ("Exports", ("Privacy", "DATA DELETION", "Exports")), ("Cookies", ("Cookies",))]
