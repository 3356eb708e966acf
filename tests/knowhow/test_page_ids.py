"""Know-how page ids people can read and type: whole words of the situation, or the operator's own --id."""

from __future__ import annotations

import pytest

from mem.core.config import Config
from mem.core.errors import Conflict, InvalidInput
from mem.knowhow.candidates import Candidate
from mem.knowhow.promote import page_id_for
from mem.server.intake import approve_candidate, list_candidates

from .test_promote import AGREED, _three_customers_share


def _candidate(when: str) -> Candidate:
    return Candidate(id="c-1", kind="procedure", status="candidate", when=when, then="negotiate a partial refund",
                     customers=3, counter_examples=0, facts=3, policy_refs=[], situation_key="0123456789abcdef" * 4)


@pytest.mark.parametrize("when, page_id", [
    ("a delivered order arrived in the wrong size", "kh-delivered-order-arrived-wrong-size"),
    ("a refund is requested more than 14 days after purchase by an Enterprise customer",
     "kh-refund-requested-14-days-after-purchase"),
    ("the customer's name number", "kh-customer"),
    ("", "kh-0123456789ab"),
])
def test_ids_are_whole_meaningful_words(when, page_id):
    assert page_id_for(_candidate(when)) == page_id


@pytest.fixture
def approvable(tmp_path, live_server, isolated_env):
    from mem.wiki.workspace import init_workspace

    workspace = init_workspace(tmp_path / "ws")
    server = live_server(workspace)
    _three_customers_share(workspace, server, isolated_env, {c: [AGREED] for c in ("cust-a", "cust-b", "cust-c")})
    config = Config.load(workspace=workspace)
    [candidate] = list_candidates(workspace, config=config)
    return workspace, config, candidate["id"]


def test_the_operator_chooses_the_id_and_a_revision_keeps_it(approvable, mem):
    workspace, config, candidate = approvable
    result = mem("-w", workspace, "promote", "--approve", candidate, "--by", "ops-lead", "--id", "late-refunds",
                 "--json")
    assert result.exit_code == 0, result.stderr
    assert (workspace / "knowhow" / "late-refunds.md").is_file()
    again = approve_candidate(workspace, candidate, by="ops-lead", config=config)
    assert again["page"] == "late-refunds" and again["version"] == 2
    with pytest.raises(Conflict, match="already has the page late-refunds"):
        approve_candidate(workspace, candidate, by="ops-lead", config=config, page_id="other-id")


def test_an_id_taken_by_another_page_is_refused_or_numbered(approvable):
    workspace, config, candidate = approvable
    taken = page_id_for(_candidate("a refund is requested more than 14 days after purchase"))
    (workspace / "knowhow" / f"{taken}.md").write_text("---\nid: x\n---\n", encoding="utf-8")
    with pytest.raises(Conflict, match=f"page {taken} already exists"):
        approve_candidate(workspace, candidate, by="ops-lead", config=config, page_id=taken)
    with pytest.raises(InvalidInput, match="invalid page id"):
        approve_candidate(workspace, candidate, by="ops-lead", config=config, page_id="../escape")
    result = approve_candidate(workspace, candidate, by="ops-lead", config=config,
                               when="a refund is requested more than 14 days after purchase")
    assert result["page"] == f"{taken}-2"


def test_id_without_approve_is_a_usage_error(approvable, mem):
    workspace, _, _ = approvable
    result = mem("-w", workspace, "promote", "--id", "late-refunds")
    assert result.exit_code == 2
    assert result.stderr == "Error: --id names the page an approval writes: use it with --approve\n"
