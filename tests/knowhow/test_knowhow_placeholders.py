"""New-user report 20 #13: an approved know-how page published "Yes, [customer], we agree…" as the agent's words."""

from __future__ import annotations

import pytest

from mem.core.config import Config
from mem.core.errors import Refused
from mem.core.text.placeholders import placeholders_in, without_vocatives
from mem.server.intake import approve_candidate, list_candidates
from mem.server.storage import open_store


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    return init_workspace(tmp_path / "ws")


@pytest.mark.parametrize(("text", "expected"), [
    ("Yes, [customer], we agree to a partial refund", "Yes, we agree to a partial refund"),
    ("Dear [name], we agree.", "We agree."),
    ("[name], we agree.", "We agree."),
    ("We agree, [name].", "We agree."),
    ("네, [name], 50% 환불에 동의합니다.", "네, 50% 환불에 동의합니다."),
    ("はい、[customer]様、50%の返金に同意します。", "はい、50%の返金に同意します。"),
    ("We agree to refund 50% of [number]", "We agree to refund 50% of [number]"),  # not a greeting: kept, refused later
    ("See [[refunds]] v2 for the rule.", "See [[refunds]] v2 for the rule."),
])
def test_greeting_placeholders_are_taken_out(text: str, expected: str) -> None:
    assert without_vocatives(text) == expected


def _shared(workspace, decision: str) -> str:
    config = Config.load(workspace=workspace)
    records = [{"pseudonym": f"p-{n:016d}", "fact_ref": f"ref-{n:016d}",
                "condition": "the add-on was bought 19 days ago", "decision": decision,
                "policy_refs": [], "month": "2026-11"} for n in range(3)]
    open_store(workspace).add_decisions("shop-a", records, received_at="2026-11-20T00:00:00Z")
    [candidate] = list_candidates(workspace, config=config)
    return candidate["id"]


def test_an_approved_page_never_greets_with_a_placeholder(workspace, isolated_env):
    config = Config.load(workspace=workspace)
    candidate = _shared(workspace, "Yes, [customer], we agree to a partial refund")
    result = approve_candidate(workspace, candidate, by="dpo", config=config)
    text = (workspace / "knowhow" / f"{result['page']}.md").read_text()
    assert "[customer]" not in text and "Yes, we agree to a partial refund" in text
    assert placeholders_in(text) == []


def test_a_placeholder_the_decision_needs_is_refused_until_the_operator_words_it(workspace, isolated_env):
    config = Config.load(workspace=workspace)
    candidate = _shared(workspace, "We agree to refund 50% of [number] to your card")
    with pytest.raises(Refused, match=r"placeholder \[number\].*--then TEXT"):
        approve_candidate(workspace, candidate, by="dpo", config=config)
    assert not list((workspace / "knowhow").glob("kh-*.md"))
    result = approve_candidate(workspace, candidate, by="dpo", config=config,
                               then="we agree to refund 50% of the order to the customer's card")
    assert result["page"]


def test_lint_reports_a_placeholder_in_a_knowhow_page(workspace, isolated_env):
    from mem.wiki.lint import lint_workspace

    config = Config.load(workspace=workspace)
    result = approve_candidate(workspace, _shared(workspace, "We agree to a partial refund"), by="dpo", config=config)
    page = workspace / "knowhow" / f"{result['page']}.md"
    page.write_text(page.read_text().replace("We agree to a partial refund", "Yes, [customer], we agree"))
    findings = [f for f in lint_workspace(workspace, config=config).findings if f.rule == "knowhow-placeholder"]
    assert findings and "[customer]" in findings[0].message
