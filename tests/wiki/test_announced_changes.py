"""A sentence whose rule starts later is an announced change, not the rule in force (new-user report 31 #3): the
answer says its figure with its date, ingest warns of a new page of only such rules, lint's ``announced-change``
reports it. And ``conflicting-numbers`` keys a number by what it is about, not by a bare verb (report 31 #4)."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_lint_support import lint, make_workspace, page, rules, write_page  # noqa: E402

from mem.core import clock  # noqa: E402
from mem.core.config import Config  # noqa: E402
from mem.policies.ingest import ingest_documents  # noqa: E402
from mem.wiki.lint_numbers import conflicts, statements  # noqa: E402
from mem.wiki.start_dates import announced_only, figure_start  # noqa: E402

TODAY = date(2026, 12, 7)
NOTICE = "From 1 March 2027 Roam Pass in the Europe Zone costs £2.50 a day (now £2.25).\n\nSource: sources/n.txt[^1]\n"


@pytest.mark.parametrize(("body", "day"), [
    (NOTICE, date(2027, 3, 1)),
    ("2027년 3월 1일부터 유럽 로밍 패스는 하루 2,500원입니다.", date(2027, 3, 1)),
    ("令和９年３月１日から欧州ローミングパスは１日250円です。", date(2027, 3, 1)),
    ("From 1 March 2027 the pass costs £2.50. Nothing else changes for you.", date(2027, 3, 1)),
])
def test_a_page_of_only_later_rules_is_an_announced_change(body, day):
    start = announced_only(body, TODAY)
    assert start is not None and start.day == day


@pytest.mark.parametrize("body", [
    "From 1 March 2025 Roam Pass costs £2.50 a day.",  # a start already past: in force
    "Roam Pass costs £2.25 a day. From 1 March 2027 it costs £2.50 a day.",  # today's rule is on the page
    "Roam Pass lets you use your allowance abroad.",  # no figure at all
    "유럽 로밍 패스는 하루 2,250원입니다. 2027년 3월 1일부터 2,500원입니다.",
    "Roam Pass costs £2.25 a day; from 1 March 2027 it will cost £2.50 a day.",  # today's rule in its own clause
])
def test_a_page_with_a_rule_of_today_is_no_announced_change(body):
    assert announced_only(body, TODAY) is None


def test_lint_reports_a_first_edition_whose_every_rule_starts_later(tmp_path):
    ws = make_workspace(tmp_path)
    write_page(ws, page("roam-pass", NOTICE))
    [finding] = [f for f in lint(ws).findings if f.rule == "announced-change"]
    assert "From 1 March 2027" in finding.message and "2027-03-01" in finding.message
    # held back to its start: nothing to report; nor once the start has passed
    write_page(ws, page("roam-pass", NOTICE, effective="2027-03-01"))
    assert "announced-change" not in rules(lint(ws))
    write_page(ws, page("roam-pass", NOTICE.replace("2027", "2026").replace("March", "January")))
    assert "announced-change" not in rules(lint(ws))


def _ingest(ws: Path, tmp_path: Path, text: str):
    doc = tmp_path / "notice.txt"
    doc.write_text(text, encoding="utf-8")
    return ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"}))[0]


def _answer(ws: Path, question: str) -> str:
    from mem.agent.answering import answer_question
    from mem.wiki.service_memory import WorkspaceServiceMemory

    return answer_question(question, service=WorkspaceServiceMemory(ws), customer=None).text


def test_ingest_warns_and_the_answer_says_the_figure_with_its_date(tmp_path):
    from mem.wiki.workspace import init_workspace

    clock.freeze(clock.parse_datetime("2026-12-07T09:00:00Z"))
    ws = init_workspace(tmp_path / "ws")
    result = _ingest(ws, tmp_path, "ROAMING\n\nFrom 1 March 2027 Roam Pass in the Europe Zone costs £2.50 a day "
                                   "(now £2.25).\n")
    assert any("every rule it states starts later" in w and "From 1 March 2027" in w for w in result.warnings)
    text = _answer(ws, "How much is Roam Pass in the Europe Zone?")
    assert "In short: £2.50" not in text and "£2.50 applies from 1 March 2027" in text
    # the clean twin: a start already past is the rule in force, said as today's figure, and no warning
    ws2 = init_workspace(tmp_path / "ws2")
    result = _ingest(ws2, tmp_path, "ROAMING\n\nFrom 1 March 2025 Roam Pass in the Europe Zone costs £2.50 a day.\n")
    assert not any("starts later" in w for w in result.warnings)
    assert "In short: £2.50" in _answer(ws2, "How much is Roam Pass in the Europe Zone?")


def test_the_start_belongs_to_the_clause_of_its_figure():
    sentence = "Roam Pass costs £2.25 a day; from 1 March 2027 it will cost £2.50 a day."
    assert figure_start(sentence, "£2.25", TODAY) is None
    start = figure_start(sentence, "£2.50", TODAY)
    assert start is not None and start.day == date(2027, 3, 1)
    # "£2" is not "£2.50": a figure is read whole
    assert figure_start("Roam Pass costs £2 a day; from 1 March 2027 it costs £2.50 a day.", "£2", TODAY) is None


def test_today_s_figure_beside_a_later_one_is_said_as_today_s(tmp_path):
    from mem.wiki.workspace import init_workspace

    clock.freeze(clock.parse_datetime("2026-12-07T09:00:00Z"))
    ws = init_workspace(tmp_path / "ws")
    result = _ingest(ws, tmp_path, "ROAMING\n\nRoam Pass in the Europe Zone costs £2.25 a day; from 1 March 2027 it "
                                   "will cost £2.50 a day.\n")
    assert not any("starts later" in w for w in result.warnings)
    text = _answer(ws, "How much is Roam Pass in the Europe Zone?")
    assert "£2.25 applies from" not in text and "In short: £2.25" in text


def _found(pages: dict[str, str]) -> set[tuple[str, str, str]]:
    by_path = [(path, list(statements(text.splitlines()))) for path, text in pages.items()]
    return {(c.statement.key, c.statement.text, c.other.text) for c in conflicts(by_path)}


def test_a_verb_is_keyed_by_what_it_is_done_to():
    assert _found({
        "a.md": "We will tell you at least 30 days before a change that is to your disadvantage takes effect.",
        "b.md": "Tell us at least 14 days before your move.",
    }) == set()
    # the clean twin's other side: the same verb and the same object is one quantity
    assert ("tell change", "30 days", "14 days") in _found({
        "a.md": "We will tell you at least 30 days before a change takes effect.",
        "b.md": "We will tell you at least 14 days before a change takes effect.",
    })


def test_an_opening_qualifier_or_condition_scopes_the_number():
    assert _found({
        "a.md": "In the Europe Zone, Roam Pass costs £2.25 a day.",
        "b.md": "In the USA and Canada Roam Pass costs £6 a day.",
        "c.md": "If you do not pay by Direct Debit, a charge of £3 a month applies.",
        "d.md": "If we have not received the router by then, we charge £60.",
        "e.md": "If you cancel less than 24 hours before, a missed appointment fee applies.",
        "f.md": "You may cancel within 14 days.",
    }) == set()
    # one case told in other words is still one quantity: the fee changed in one document and not the other
    assert ("payment fee", "£10", "£8") in _found({
        "a.md": "If a bill is not paid 14 days after its due date we charge a late payment fee of £10.",
        "b.md": "If your bill is unpaid 14 days after the due date, we add a late payment fee of £8 to your bill.",
    })
    assert ("pass cost", "£2.50", "£2.25") in _found({
        "a.md": "In the Europe Zone, Roam Pass costs £2.25 a day.",
        "b.md": "In the Europe Zone, Roam Pass costs £2.50 a day.",
    })


def test_korean_and_japanese_conditions_scope_the_number():
    assert _found({
        "a.md": "메뉴가 누락된 경우, 배달 완료 후 2시간 이내에 신고해야 합니다.",
        "b.md": "리뷰는 배달 완료 후 3일 이내에 작성할 수 있습니다.",
        "c.md": "商品が破損していた場合、商品到着後7日以内にご連絡ください。",
        "d.md": "返品は商品到着後30日以内に受け付けます。",
    }) == set()
    assert ("배달 완료", "2시간", "3시간") in _found({
        "a.md": "메뉴가 누락된 경우, 배달 완료 후 2시간 이내에 신고해야 합니다.",
        "b.md": "메뉴가 누락된 경우, 배달 완료 후 3시간 이내에 신고해야 합니다.",
    })
