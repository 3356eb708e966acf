"""Ordinary markdown of a source document made fit for pages split from it (policies/markdown_prep.py)."""

from __future__ import annotations

from mem.policies.markdown_prep import link_text, prepare
from mem.policies.readers import markdown_document


def test_links_into_the_document_and_to_files_beside_it_become_text_with_a_warning():
    text, warnings = prepare("See [Returns](#returns), the [FAQ](./faq/index.md#refunds) and "
                             "[our site](https://example.com/x).\n\n![logo](img/logo.png)\n\n`[kept](#code)`\n")
    assert text == "See Returns, the FAQ and [our site](https://example.com/x).\n\n\n\n`[kept](#code)`\n"
    assert len(warnings) == 2
    assert "2 links" in warnings[0] and "[Returns](#returns)" in warnings[0]
    assert "1 image" in warnings[1] and "img/logo.png" in warnings[1]


def test_reference_definitions_become_inline_links_and_footnotes_are_carried_into_their_sentence():
    text, warnings = prepare("Read the [terms][t], [terms] and [Terms][].[^a] Undefined[^zz].\n\n"
                             "[t]: https://example.com/t\n[terms]: <https://example.com/terms> \"Terms\"\n\n"
                             "[^a]: Business days\n    only.\n")
    assert warnings == []
    assert text.strip() == ("Read the [terms](https://example.com/t), [terms](https://example.com/terms) and "
                            "[Terms](https://example.com/terms). (Business days only.) Undefined\\[^zz].")


def test_an_unclosed_fence_is_closed_and_an_indented_code_block_is_fenced():
    text, _ = prepare("Text.\n\n    code [x](y.md)\n    more\n\n- item\n\n    continued item\n\n```\nopen")
    assert text == ("Text.\n\n```\ncode [x](y.md)\nmore\n```\n\n- item\n\n    continued item\n\n```\nopen\n```\n")


def test_a_heading_that_is_a_link_is_its_text():
    assert link_text("[Refunds](https://example.com/x) and [more](#m)") == "Refunds and more"
    blocks, _ = markdown_document("# [Linked](https://example.com/x) heading\n\nText.\n")
    assert blocks[0].text == "Linked heading"


def test_a_table_of_contents_marker_is_left_out_with_a_warning():
    # newuser29 #13: an Azure DevOps "[[_TOC_]]" line became a wiki link to a page "_TOC_", lint's broken-link error
    for marker in ("[[_TOC_]]", "[[_TOSP_]]", "[TOC]", "{:toc}", "[[TOC]]"):
        text, warnings = prepare(f"# FAQ\n\n{marker}\n\n## Orders\n\nWe ship in 2 days.\n\n```\n{marker}\n```\n")
        assert marker not in text.split("```")[0], marker
        assert f"```\n{marker}\n```" in text  # code keeps what it shows
        assert len(warnings) == 1 and marker in warnings[0] and "table-of-contents" in warnings[0]
    # a marker inside a sentence is the sentence's text
    text, warnings = prepare("Type [TOC] in the editor to add one.\n")
    assert "[TOC]" in text and warnings == []
