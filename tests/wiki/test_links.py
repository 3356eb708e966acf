"""Links of a page: wiki links, markdown links, anchors, line numbers, code skipped."""

from __future__ import annotations

from mem.wiki.links import extract_links, heading_anchors, linked_page_ids, links, slug_anchor

BODY = """# Refunds over 14 days!

See [[shipping#costs|Shipping]] and [the policy](refund.md#exceptions),
also [web](https://example.com/x#y) and `[[not-a-link]]`.

## Refunds over 14 days!

```
[[also-not]] [x](nope.md)
```

Ask [know-how](../knowhow/partial.md) or [ref][r].

[r]: privacy.md
"""


def test_links_with_lines_and_anchors():
    links = extract_links(BODY)
    got = [(link.kind, link.target, link.anchor, link.line, link.page_id, link.external) for link in links]
    assert got == [
        ("wiki", "shipping", "costs", 3, "shipping", False),
        ("markdown", "refund.md", "exceptions", 3, "refund", False),
        ("markdown", "https://example.com/x", "y", 4, None, True),
        ("markdown", "../knowhow/partial.md", None, 12, "partial", False),
        ("markdown", "privacy.md", None, 14, "privacy", False),  # a reference: its definition's line
    ]
    assert links[0].text == "Shipping" and links[1].text == "the policy"


def test_link_from_a_knowhow_page_resolves_relative_to_its_folder():
    [link] = extract_links("[p](../policies/refund.md)", page_folder="knowhow")
    assert link.page_id == "refund"
    [other] = extract_links("[x](../README.md)", page_folder="knowhow")
    assert other.page_id is None


def test_heading_anchors_follow_github():
    assert heading_anchors(BODY) == ["refunds-over-14-days", "refunds-over-14-days-1"]
    assert slug_anchor("Über 14 Tage: Rückgabe") == "über-14-tage-rückgabe"


def test_linked_page_ids_unique_in_order():
    assert linked_page_ids("[[a]] [[b]] [[a]]") == ["a", "b"]


def test_lint_and_callers_see_the_same_links():
    """One extractor: lint's view is extract_links' view without the external links."""
    lines = BODY.split("\n")
    lint_view = [(link.kind, link.target, link.anchor, link.line) for link in links(lines, start_line=1)]
    api_view = [(link.kind, link.target, link.anchor, link.line) for link in extract_links(BODY) if not link.external]
    assert sorted(lint_view) == sorted(api_view)
    [wiki] = [link for link in extract_links(BODY) if link.kind == "wiki"]
    assert wiki.raw == "[[shipping#costs|Shipping]]"
    assert BODY.split("\n")[wiki.line - 1][wiki.start:].startswith(wiki.raw)


def test_setext_headings_and_code_in_headings_anchor_like_github():
    body = ("Refund rules\n============\n\nText.\n\nThe `late` case\n---\n\n## Use `--fix` now\n\n"
            "- a list item\n---\n\n```\nnot a heading\n---\n```\n")
    assert heading_anchors(body) == ["refund-rules", "the-late-case", "use---fix-now"]


def test_images_are_not_page_links_but_lint_checks_them():
    text = "![chart](../sources/chart.png) and [p](refund.md)"
    assert [link.target for link in extract_links(text)] == ["refund.md"]
    assert [(link.target, link.image) for link in links([text], start_line=1)] == \
        [("../sources/chart.png", True), ("refund.md", False)]


def test_escaped_brackets_are_text_not_links_or_footnotes():
    # CommonMark shows "\[^9]" and "\[[x]]" as text; ingest escapes literal brackets of an HTML document so
    body = "See note \\[^9] and \\[[refunds]] and \\[a](b.md) here. [^1]\n\n[^1]: sources/p.html\n"
    assert extract_links(body) == []
