"""Start dates a policy text states for itself (mem.wiki.start_dates), lint's ``effective-before-start``, and
``mem pages history`` with the edition's effective date (NEWUSER_REPORT19 section 4, section 13)."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_lint_support import SHIPPING_BODY, lint, make_workspace, page, rules, write_page  # noqa: E402

from mem.core import clock  # noqa: E402
from mem.wiki.history import page_history  # noqa: E402
from mem.wiki.start_dates import distant_starts, stated_starts, upcoming_start  # noqa: E402


@pytest.mark.parametrize(("text", "day", "words"), [
    ("From 1 January 2027 the late payment fee is 15 euros.", date(2027, 1, 1), "From 1 January 2027"),
    ("With effect from January 1, 2027, the fee is 15 euros.", date(2027, 1, 1), "With effect from January 1, 2027"),
    ("Starting on 2027-03-01 we charge 5 euros.", date(2027, 3, 1), "Starting on 2027-03-01"),
    ("As of 1st March 2027, returns are free.", date(2027, 3, 1), "As of 1st March 2027"),
    ("이 약관은 2027년 1월 1일부터 시행합니다.", date(2027, 1, 1), "2027년 1월 1일부터"),
    ("2027. 1. 1.부터 적용합니다.", date(2027, 1, 1), "2027. 1. 1.부터"),
    ("本規約は2027年1月1日から施行します。", date(2027, 1, 1), "2027年1月1日から"),
    ("2027年4月1日以降のご注文に適用します。", date(2027, 4, 1), "2027年4月1日以降"),
    ("The fee rises to 15 euros from 1 January 2027.", date(2027, 1, 1), "from 1 January 2027"),
    # a price's rate is no count of days: the date is the price's start (review of the thirty-first round)
    ("Roam Pass will cost £2.50 a day from 1 March 2027.", date(2027, 3, 1), "from 1 March 2027"),
    ("The line rental is €4 per month from 1 January 2027.", date(2027, 1, 1), "from 1 January 2027"),
    # a rate in a long unit word or a percentage (review31b)
    ("The loan costs 4 dollars a day from 1 March 2027.", date(2027, 3, 1), "from 1 March 2027"),
    ("Late payments incur interest of 0.5% a day from 1 March 2027.", date(2027, 3, 1), "from 1 March 2027"),
])
def test_a_stated_start_is_read_in_three_languages(text, day, words):
    [start] = stated_starts(text)
    assert start.day == day and start.words == words


@pytest.mark.parametrize("text", [
    "Refunds are accepted within 30 days from 1 January 2027.",  # a deadline counted from the date
    "Report a fault within a day from 1 January 2027.",  # "a day" counted, no price before it
    "The fee was 10 euros on 1 January 2027.",
    "From 1 January the fee is 15 euros.",  # no year: which 1 January is not said
    "2027년 1월 1일에 개정되었습니다.",
    "2027年1月1日に改定しました。",
    # a "from" after a participle dates what it qualifies, not the rule (review 19): such a sentence held a whole
    # revision back to that day
    "Stays arriving from 1 March 2027 pay 2 euros per night.",
    "Orders placed from 1 March 2027 ship from the new warehouse.",
    "Tickets bought from 1 March 2027 are not refundable.",
])
def test_other_dates_are_no_start(text):
    assert stated_starts(text) == []


def test_the_earliest_start_still_to_come_is_the_upcoming_one():
    text = "From 1 March 2026 the fee is 5 euros. From 1 July 2027 it is 7 euros. From 1 January 2027 it is 6 euros."
    assert upcoming_start(text, date(2026, 12, 6)).day == date(2027, 1, 1)
    assert upcoming_start(text, date(2027, 8, 1)) is None


def test_start_reading_is_linear_on_a_long_run_of_one_class(assert_linear):
    for unit, count in (("1", 200_000), ("from ", 40_000), (" ", 200_000), ("2027. ", 30_000)):
        assert_linear(lambda n, u=unit: stated_starts(u * n), count)


STATED = SHIPPING_BODY + "\nFrom 1 January 2027 shipping costs 5 dollars below $50.\n"


def test_lint_warns_when_effective_is_before_a_start_date_its_text_states(tmp_path):
    ws = make_workspace(tmp_path)
    today = clock.today()
    write_page(ws, page("shipping", STATED, version=2, effective=today.isoformat()))
    [finding] = [f for f in lint(ws).findings if f.rule == "effective-before-start"]
    assert "From 1 January 2027" in finding.message and today.isoformat() in finding.message
    # the other side: effective on the stated date is right (and only the future date is warned of)
    write_page(ws, page("shipping", STATED, version=2, effective="2027-01-01"))
    assert "effective-before-start" not in rules(lint(ws))
    # a first edition is in force from its date whatever its text says (no earlier rule answers until then)
    write_page(ws, page("shipping", STATED, effective=today.isoformat()))
    assert "effective-before-start" not in rules(lint(ws))
    # once the stated date has passed the text's start is no longer ahead: no warning
    clock.freeze(clock.parse_datetime("2027-01-02T00:00:00Z"))
    write_page(ws, page("shipping", STATED, version=2, effective=today.isoformat()))
    assert "effective-before-start" not in rules(lint(ws))


def test_history_shows_the_effective_date_and_the_time_mem_wrote_it(tmp_path):
    from mem.core.config import Config
    from mem.policies.ingest import ingest_documents
    from mem.wiki.workspace import init_workspace

    clock.freeze(clock.parse_datetime("2025-01-03T10:00:00Z"))  # a back-dated ingest (MEM_NOW)
    ws = init_workspace(tmp_path / "ws")
    doc = tmp_path / "fees.md"
    doc.write_text("# Fees\n\n## Late fee\n\nThe late fee is 10 euros.\n", encoding="utf-8")
    [result] = ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={}))
    clock.freeze(clock.parse_datetime("2025-02-03T10:00:00Z"))
    doc.write_text("# Fees\n\n## Late fee\n\nThe late fee is 12 euros.\n", encoding="utf-8")
    ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={}), effective="2025-03-01")
    history = page_history(ws, result.pages[0].id)
    assert [(v.version, v.effective, v.date[:10]) for v in history] == [
        (1, "2025-01-03", "2025-01-03"), (2, "2025-03-01", "2025-02-03")]
    row = history[1].to_dict()
    assert row["effective"] == "2025-03-01" and row["committed"][:4] == str(date.today().year)


def test_a_start_more_than_five_years_ahead_is_not_upcoming():
    text = "From 1 January 2207 the late fee is 15 euros. 2099年12月31日から施行します。"
    assert upcoming_start(text, date(2026, 12, 7)) is None
    assert [s.day for s in distant_starts(text, date(2026, 12, 7))] == [date(2207, 1, 1), date(2099, 12, 31)]
    assert upcoming_start("From 1 January 2031 the late fee is 15 euros.", date(2026, 12, 7)).day == date(2031, 1, 1)
