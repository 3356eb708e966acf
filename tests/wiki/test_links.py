"""Links of a page: wiki links, markdown links, anchors, line numbers, code skipped."""

from __future__ import annotations

from mem.wiki.links import extract_links, heading_anchors, linked_page_ids, slug_anchor

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
        ("markdown", "privacy.md", None, 12, "privacy", False),
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
