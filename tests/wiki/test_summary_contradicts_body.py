"""A page whose ``summary`` contradicts its body (newuser26 #8): a merge kept one side's frontmatter (summary "14 days")
and the other side's body ("45 days"), or a hand edit changed one of them; ``mem lint --strict`` was silent and the
bundle shipped a page whose index.md row and search hit state a window the policy does not have."""

from __future__ import annotations

import pytest

from mem.core.config import Config
from mem.wiki.lint import lint_workspace
from mem.wiki.lint_summary import contradictions
from mem.wiki.page import Page
from mem.wiki.store import Wiki

BODY = "Customers may return unused items within 45 days of delivery for a full refund.\n"


def _lint(tmp_path, summary: str, body: str = BODY):
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    page = Page(
        id="refund-window",
        type="policy",
        title="Refund window",
        version=1,
        meta={"status": "active", "effective": "2026-01-01", "summary": summary},
        body=body,
    )
    Wiki(ws).write([page], op="test", message="page")
    report = lint_workspace(ws, config=Config.load(workspace=ws))
    return [f for f in report.findings if f.rule == "summary-contradicts-body"]


def test_the_merge_resolution_is_reported_on_the_summary_line(tmp_path):
    [finding] = _lint(tmp_path, "Customers may return unused items within 14 days of delivery for a full refund.")
    assert finding.level == "warning" and finding.path == "policies/refund-window.md"
    assert "'14 days'" in finding.message and "'45 days'" in finding.message
    text = (tmp_path / "ws" / "policies" / "refund-window.md").read_text(encoding="utf-8").splitlines()
    assert text[finding.line - 1].startswith("summary:")


def test_the_hand_edit_in_other_words_is_reported(tmp_path):
    assert len(_lint(tmp_path, "Unused items can be returned within 90 days of delivery.")) == 1


def test_an_agreeing_summary_is_clean(tmp_path):
    assert _lint(tmp_path / "a", "Unused items can be returned within 45 days of delivery.") == []
    assert _lint(tmp_path / "b", "Returns are accepted for six weeks.") == []  # no number the body states otherwise


@pytest.mark.parametrize(
    ("summary", "body", "expected"),
    [
        ("Opened items can be returned.", "Opened items cannot be returned.", True),
        ("Opened items cannot be returned.", "Opened items cannot be returned. Sealed items can be returned.", False),
        (
            "Refunds within 30 days; damaged items within 7 days.",
            "Refunds are accepted within 30 days.\nDamaged items must be reported within 7 days.",
            False,
        ),
        (
            "Refunds within 30 days.",
            "Refunds are accepted within 30 days. Refunds are paid within 5 business days.",
            False,
        ),
        ("개봉한 상품은 반품이 가능합니다.", "개봉한 상품은 반품이 불가능합니다.", True),
        ("開封済みの商品は返品できます。", "開封済みの商品は返品できません。", True),
        ("開封済みの商品は返品できません。", "開封済みの商品は返品できません。", False),
        ("Up to 2 exchanges per order.", "Customers may make up to 3 exchanges per order.", True),
    ],
)
def test_contradictions(summary, body, expected):
    assert bool(list(contradictions(summary, body.splitlines()))) is expected
