"""The page model: strict parsing with reasons, tolerant splitting, canonical rendering."""

from __future__ import annotations

from datetime import date

import pytest

from mem.core.errors import InvalidInput
from mem.wiki.page import Page, body_line_offset, parse_page, render_page, split_frontmatter, validate_meta

POLICY = """---
title: Refund policy
type: policy
id: refund
status: active
version: 4
sources:
- {file: sources/refund-v4.pdf, sha256: abc, pages: [3], id: refund-v4}
effective: 2026-03-01
owner: legal
generated: {at: 2026-03-01T10:00:00Z, by: mem}
---

Refunds within 14 days.[^1]

[^1]: sources/refund-v4.pdf, p. 3
"""

KNOWHOW = {"id": "partial", "type": "knowhow", "title": "Partial refunds", "version": 1, "status": "active",
           "when": "over 14 days and Enterprise", "then": "negotiate a partial refund",
           "evidence": {"customers": 3, "counter_examples": 0, "window": "365d"},
           "policy_refs": [{"page": "refund", "version": 4}], "approved": {"by": "ops", "at": "2026-03-02T00:00:00Z"}}


def test_parse_policy():
    page = parse_page(POLICY)
    assert (page.id, page.type, page.title, page.version) == ("refund", "policy", "Refund policy", 4)
    assert page.effective == date(2026, 3, 1) and page.status == "active"
    assert page.sources[0]["pages"] == [3]
    assert page.meta["generated"]["at"] == "2026-03-01T10:00:00Z"  # timestamps normalised to one format
    assert page.body.startswith("Refunds within 14 days.")


def test_render_is_canonical_and_round_trips():
    text = render_page(parse_page(POLICY))
    keys = [line.split(":")[0] for line in text.split("---")[1].strip().splitlines() if not line.startswith((" ", "-"))]
    assert keys == ["id", "type", "title", "version", "status", "effective", "sources", "generated", "owner"]
    assert "effective: 2026-03-01\n" in text  # dates unquoted
    assert render_page(parse_page(text)) == text
    assert text.endswith("[^1]: sources/refund-v4.pdf, p. 3\n")


def test_knowhow_fields_validate_and_render():
    page = Page("partial", "knowhow", "Partial refunds", 1, dict(KNOWHOW), "When over 14 days…")
    assert validate_meta(page.full_meta()) == []
    again = parse_page(render_page(page))
    assert again.meta["policy_refs"] == [{"page": "refund", "version": 4}] and again.meta["then"].startswith("nego")


@pytest.mark.parametrize("change, problem", [
    ({"type": "rule"}, "type must be one of"),
    ({"version": 0}, "version must be a whole number"),
    ({"version": "4"}, "version must be a whole number"),
    ({"status": "live"}, "status must be one of"),
    ({"effective": "soon"}, "effective must be a date"),
    ({"id": "../x"}, "invalid page id"),
    ({"title": None}, "missing field 'title'"),
    ({"sources": [{"file": "x"}]}, "sources[0] is missing 'sha256'"),
    ({"tags": "refunds"}, "tags must be a list"),
])
def test_validate_meta_names_the_problem(change, problem):
    meta = {"id": "refund", "type": "policy", "title": "T", "version": 1, "status": "active",
            "effective": "2026-01-01"}
    meta.update(change)
    problems = validate_meta(meta)
    assert any(problem in p for p in problems), problems


def test_knowhow_requires_when_and_then():
    problems = validate_meta({k: v for k, v in KNOWHOW.items() if k not in ("when", "then")})
    assert "missing field 'when'" in problems and "missing field 'then'" in problems


@pytest.mark.parametrize("text, error", [
    ("no frontmatter", "no frontmatter"),
    ("---\nid: x\nnever closed", "not closed"),
    ("---\nid: [unclosed\n---\nbody", "invalid YAML in frontmatter at line"),
    ("---\n- a list\n---\nbody", "must be a mapping"),
])
def test_split_frontmatter_is_tolerant(text, error):
    meta, body, problem = split_frontmatter(text)
    assert meta is None and error in problem


def test_parse_page_raises_with_path():
    with pytest.raises(InvalidInput, match="p.md: invalid frontmatter"):
        parse_page("---\nid: x\ntype: policy\n---\n", path="p.md")


def test_body_line_offset():
    assert body_line_offset(POLICY) == 12
    assert POLICY.splitlines()[12 + 1] == "Refunds within 14 days.[^1]"


@pytest.mark.parametrize("value, day", [
    (date(2026, 3, 1), date(2026, 3, 1)),
    ("2026-03-01", date(2026, 3, 1)),
    (" 2026-03-01 ", date(2026, 3, 1)),
    ("2026-03-01T10:00:00Z", None),  # a frontmatter date is YYYY-MM-DD, a quoted time string is not one
    ("soon", None),
    (20260301, None),
])
def test_frontmatter_dates_are_read_by_the_one_date_reader(value, day):
    """The page's dates and the Python API's (``core.arguments.as_date``) were two copies of one reading
    (review of fixb18, item 4); ``times=False`` is the frontmatter's YYYY-MM-DD-only form of it."""
    from mem.core.arguments import as_date

    meta = {"id": "refund", "type": "policy", "title": "T", "version": 1, "status": "active", "effective": value}
    problems = validate_meta(meta)
    assert (not any("effective must be a date" in p for p in problems)) == (day is not None), problems
    if isinstance(value, date | str):
        if day is None:
            with pytest.raises(InvalidInput, match="effective"):
                as_date(value, "effective", times=False)
        else:
            assert as_date(value, "effective", times=False) == day


@pytest.mark.parametrize("value", ["2026-02-30", "2026-13-01", "2026-01-01T25:00:00Z", "!!timestamp someday"])
def test_an_impossible_date_is_a_schema_problem_not_a_crash(value):
    """newuser26 #1: PyYAML's timestamp constructor raised ValueError for ``effective: 2026-02-30``, past the
    tolerant split; lint, bundle build, ingest and history all stopped with "internal error"."""
    text = POLICY.replace("effective: 2026-03-01", f"effective: {value}")
    meta, body, error = split_frontmatter(text)
    assert error is None and "Refunds within 14 days" in body
    assert any(p.startswith("effective must be a date YYYY-MM-DD") for p in validate_meta(meta))
    with pytest.raises(InvalidInput, match="effective must be a date"):
        parse_page(text)


@pytest.mark.parametrize("field", ["version: !!int seven", "tags: !!bool maybe", "title: !!float x"])
def test_a_tagged_value_pyyaml_cannot_build_leaves_the_split_tolerant(field):
    meta, _, error = split_frontmatter(f"---\nid: x\n{field}\n---\nbody\n")
    assert meta is None and error.startswith("invalid value in frontmatter")
