"""Know-how that contradicts the policy page it cites (newuser26 #4): "reported within 14 days … refund in full"
with ``policy_refs: damaged-items v1``, whose text says "within 7 days", passed ``mem promote --approve`` and
``mem lint --strict`` without a word."""

from __future__ import annotations

import pytest

from mem.core.config import Config
from mem.server.intake import approve_candidate, list_candidates
from mem.server.storage import open_store
from mem.wiki.lint import lint_workspace
from mem.wiki.lint_numbers import counts, knowhow_disagreements, statements
from mem.wiki.page import Page
from mem.wiki.store import Wiki

DAMAGED = "If an item arrives damaged, the customer must report it within 7 days of delivery with a photo.\n"


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    Wiki(ws).write(
        [
            Page(
                id="damaged-items",
                type="policy",
                title="Damaged items",
                version=1,
                meta={"status": "active", "effective": "2026-01-01"},
                body=DAMAGED,
            )
        ],
        op="test",
        message="policy",
    )
    records = [
        {
            "pseudonym": f"p-{n:016d}",
            "fact_ref": f"ref-{n:016d}",
            "condition": "a damaged item is reported late",
            "decision": "We refunded the damaged item",
            "policy_refs": [{"page": "damaged-items", "version": 1}],
            "month": None,
        }
        for n in range(3)
    ]
    open_store(ws).add_decisions("shop-a", records, received_at="2026-11-20T00:00:00Z")
    return ws


def _lint(workspace, config):
    return [f for f in lint_workspace(workspace, config=config).findings if f.rule == "knowhow-policy-numbers"]


def test_a_wider_window_than_the_cited_policy_is_warned_at_approval_and_in_lint(workspace, mem):
    config = Config.load(workspace=workspace)
    [row] = list_candidates(workspace, config=config)
    result = mem(
        "--workspace",
        str(workspace),
        "promote",
        "--approve",
        row["id"],
        "--by",
        "ops",
        "--when",
        "a damaged item is reported within 14 days of delivery with a photo",
        "--then",
        "refund the damaged item in full",
    )
    assert result.exit_code == 0, result.output
    assert "14 days where damaged-items v1 states 7 days" in result.stderr
    [finding] = _lint(workspace, config)
    assert finding.level == "warning" and finding.path.startswith("knowhow/")
    assert "14 days" in finding.message and "damaged-items v1" in finding.message and "7 days" in finding.message


def test_know_how_that_agrees_or_only_describes_its_case_is_clean(workspace):
    config = Config.load(workspace=workspace)
    [row] = list_candidates(workspace, config=config)
    result = approve_candidate(
        workspace,
        row["id"],
        by="ops",
        config=config,
        when="a damaged item is reported 10 days after delivery, past the 7-day window",
        then="refund the damaged item in full when the photo shows transit damage",
    )
    assert "policy_numbers" not in result
    assert _lint(workspace, config) == []


@pytest.mark.parametrize(
    ("own", "cited", "expected"),
    [
        ("a damaged item is reported within 14 days", DAMAGED, True),
        ("a damaged item is reported within 7 days", DAMAGED, False),
        ("a damaged item is reported within 1 week", DAMAGED, False),  # the same quantity in another unit
        ("a parcel arrives within 14 days", DAMAGED, False),  # another quantity
        ("an order is over $80", "Shipping is free on orders over $50.", False),  # "over": a case, not a bound
        ("a customer exchanges up to 3 items", "Customers may exchange up to 2 items per order.", True),
        ("파손 상품을 14일 이내에 신고한 경우", "파손 상품은 배송일로부터 7일 이내에 신고해야 합니다.", True),
        ("破損品を14日以内に連絡した場合", "破損品は到着から7日以内に連絡してください。", True),
    ],
)
def test_disagreements_compare_bounds_of_the_same_quantity(own, cited, expected):
    assert bool(knowhow_disagreements([(own, 1)], [cited])) is expected


def test_counts_are_only_bare_numbers_of_a_counted_thing():
    assert [s.text for s in counts(["up to 2 exchanges within 30 days", "최대 2회", "2回まで"])] == [
        "2 exchanges",
        "2회",
        "2回",
    ]
    assert [s.bound for s in statements(["reported within 14 days", "reported 10 days after"])] == [True, False]
