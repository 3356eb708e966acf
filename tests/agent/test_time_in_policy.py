"""Time in policy answers (new-user report 19, sections 4, 5, 10 and 15).

- section 4: a policy sentence that states its own start ("From 1 January 2027 …", "2027년 1월 1일부터",
  "2027年1月1日から") is not the rule in force before that day: ingest reads the start date as the
  edition's ``effective`` date (mem.wiki.start_dates), so the earlier edition answers until then.
- section 5: the day an ``effective`` date is judged on is the customer's day (their zone from an import).
- section 10: a yearless date in a sentence that speaks of the past is the nearest past one ("30 December"
  told on 3 January is four days ago).
- section 15: "1 day", not "1 days".
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from mem.agent.case_words import case_text
from mem.core import clock, local_day
from mem.core.config import Config
from mem.policies.ingest import ingest_documents
from mem.wiki.service_memory import WorkspaceServiceMemory
from mem.wiki.workspace import init_workspace

OLD = "# Fees\n\n## Late payment fee\n\nThe late payment fee is 10 euros per invoice.\n"
STATED = {
    "en": "# Fees\n\n## Late payment fee\n\nFrom 1 January 2027 the late payment fee is 15 euros per invoice. "
          "Until then it is 10 euros.\n",
    "ko": "# 수수료\n\n## 연체료\n\n2027년 1월 1일부터 연체료는 청구서당 15유로입니다.\n",
    "ja": "# 手数料\n\n## 延滞料\n\n2027年1月1日から延滞料は請求書1通につき15ユーロです。\n",
}
OLD_BY_LANGUAGE = {
    "en": OLD,
    "ko": "# 수수료\n\n## 연체료\n\n연체료는 청구서당 10유로입니다.\n",
    "ja": "# 手数料\n\n## 延滞料\n\n延滞料は請求書1通につき10ユーロです。\n",
}


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-06-01T12:00:00Z"))
    return init_workspace(tmp_path / "ws")


def config(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})


def ingest(ws: Path, tmp_path: Path, text: str, **options):
    doc = tmp_path / "fees.md"
    doc.write_text(text, encoding="utf-8")
    return ingest_documents(ws, [doc], config=config(ws), **options)[0]


def served(ws: Path):
    [page] = WorkspaceServiceMemory(ws).pages("policy")
    return page


@pytest.mark.parametrize("language", ["en", "ko", "ja"])
def test_a_stated_start_date_is_the_effective_date_on_both_sides_of_it(ws, tmp_path, language):
    ingest(ws, tmp_path, OLD_BY_LANGUAGE[language])
    clock.freeze(clock.parse_datetime("2026-12-06T12:00:00Z"))
    result = ingest(ws, tmp_path, STATED[language])
    page = result.pages[0]
    text = (ws / "policies" / f"{page.id}.md").read_text(encoding="utf-8")
    assert "effective: 2027-01-01" in text
    assert any("effective 2027-01-01, the start date its text states" in w for w in result.warnings)
    assert result.upcoming and "takes effect on 2027-01-01" in result.upcoming[0]
    clock.freeze(clock.parse_datetime("2026-12-31T23:59:00Z"))  # the day before: the old rule
    assert served(ws).version == 1 and "10" in served(ws).body
    assert served(ws).meta["upcoming"]["effective"] == "2027-01-01"
    clock.freeze(clock.parse_datetime("2027-01-01T00:00:00Z"))  # the day itself: the new one
    assert served(ws).version == 2 and "15" in served(ws).body


def test_a_first_edition_stating_a_later_start_is_in_force_from_today(ws, tmp_path):
    # the only text there is: hiding it until the date would leave customers with no rule at all
    clock.freeze(clock.parse_datetime("2026-12-06T12:00:00Z"))
    result = ingest(ws, tmp_path, STATED["en"])
    assert "effective: 2026-12-06" in (ws / "policies/fees.md").read_text(encoding="utf-8")
    assert not result.upcoming and not any("start date its text states" in w for w in result.warnings)
    assert served(ws).version == 1


def test_the_answer_before_the_start_date_is_the_rule_in_force_then(ws, tmp_path):
    from mem.agent.answering import answer_question

    ingest(ws, tmp_path, OLD)
    clock.freeze(clock.parse_datetime("2026-12-06T12:00:00Z"))
    ingest(ws, tmp_path, STATED["en"])
    clock.freeze(clock.parse_datetime("2026-12-20T12:00:00Z"))
    text = answer_question("What is the late payment fee?", service=WorkspaceServiceMemory(ws), customer=None).text
    assert "10 euros per invoice" in text and "takes effect on 2027-01-01" in text
    assert "In short: 1 January" not in text


def test_an_explicit_effective_date_or_a_past_start_date_wins(ws, tmp_path):
    ingest(ws, tmp_path, OLD)
    clock.freeze(clock.parse_datetime("2026-12-06T12:00:00Z"))
    result = ingest(ws, tmp_path, STATED["en"], effective="2026-12-10")
    assert "effective: 2026-12-10" in (ws / "policies/fees.md").read_text(encoding="utf-8")
    assert not any("start date its text states" in w for w in result.warnings)
    clock.freeze(clock.parse_datetime("2027-02-01T12:00:00Z"))  # the stated start has passed: today
    result = ingest(ws, tmp_path, STATED["en"].replace("15 euros", "16 euros"))
    assert "effective: 2027-02-01" in (ws / "policies/fees.md").read_text(encoding="utf-8")
    assert not any("start date its text states" in w for w in result.warnings)


def test_the_in_force_day_is_the_customers_day(ws, tmp_path):
    ingest(ws, tmp_path, OLD)
    clock.freeze(clock.parse_datetime("2026-12-06T12:00:00Z"))
    ingest(ws, tmp_path, OLD.replace("10 euros", "15 euros"), effective="2027-01-01")
    clock.freeze(clock.parse_datetime("2026-12-31T22:30:00Z"))  # 07:30 on 1 January in Tokyo
    assert served(ws).version == 1  # no zone: the UTC day
    with local_day.customer_zone(clock.parse_datetime("2027-01-01T07:30:00+09:00").tzinfo):
        assert local_day.today() == date(2027, 1, 1)
        assert served(ws).version == 2
    with local_day.customer_zone(clock.parse_datetime("2026-12-31T12:30:00-10:00").tzinfo):
        assert served(ws).version == 1  # Honolulu: still 31 December
    assert local_day.today() == date(2026, 12, 31)


def test_a_conversation_answers_on_the_customers_day(ws, tmp_path, isolated_env):
    from mem.agent.conversation import Conversation
    from mem.customers.store import CustomerStore

    ingest(ws, tmp_path, OLD)
    clock.freeze(clock.parse_datetime("2026-12-06T12:00:00Z"))
    ingest(ws, tmp_path, OLD.replace("10 euros", "15 euros"), effective="2027-01-01")
    log = tmp_path / "tokyo.jsonl"
    log.write_text(json.dumps({"session": "t1", "time": "2026-12-31T21:00:00+09:00", "role": "customer",
                               "text": "I paid invoice 4411 late."}) + "\n", encoding="utf-8")
    clock.freeze(clock.parse_datetime("2026-12-31T22:30:00Z"))  # a turn is imported after it was sent
    with CustomerStore.open(isolated_env, "tokyo") as store:
        store.log.import_file(log)
    cfg = Config.load(workspace=ws, home=isolated_env, env={"MEM_SEMANTIC": "off"})
    with Conversation(config=cfg, customer_id="tokyo", service=WorkspaceServiceMemory(ws), learn=False) as talk:
        text = talk.ask("What is the late payment fee?").text
    assert "15 euros" in text and "takes effect" not in text
    with Conversation(config=cfg, customer_id="nozone", service=WorkspaceServiceMemory(ws), learn=False) as talk:
        text = talk.ask("What is the late payment fee?").text
    assert "10 euros" in text and "takes effect on 2027-01-01" in text


@pytest.mark.parametrize(("question", "expected"), [
    ("I bought it on 30 December, can I get a refund?", "4 days ago"),
    ("12월 30일에 샀는데 환불 가능한가요?", "4일 전"),
    ("12月30日に買いましたが、返品できますか？", "4日前"),
])
def test_a_yearless_date_told_in_the_past_is_the_nearest_past_one(question, expected):
    assert expected in case_text(question, date(2027, 1, 3))


@pytest.mark.parametrize("question", [
    "I will buy it on 30 December, can I get a refund then?",
    "12월 30일에 살 예정인데 환불 가능한가요?",
    "12月30日に買いたいですが、返品できますか？",
    "I need it by 30 December.",
    # a past-tense sentence about a date to come: a due or planned date, a deadline
    "I paid, but it was due by 30 December.",
    "I ordered a cake for 30 December.",
    "예정일이 12월 30일로 계약했는데 일주일 일찍 나올 것 같대요.",
    "12월 30일까지 반품했어요",
    "予定日は12月30日で契約しました。",
])
def test_a_yearless_date_after_today_not_told_in_the_past_is_not_judged(question):
    assert case_text(question, date(2027, 1, 3)) == question


def test_a_yearless_date_before_today_is_this_years():
    assert "1 days ago" in case_text("I bought it on 2 January.", date(2027, 1, 3))
    assert "12월 30일" not in case_text("12월 30일에 샀어요", date(2027, 12, 31))  # this year's, 1 day ago


def test_one_day_is_said_in_the_singular(ws, tmp_path):
    from mem.agent.answering import answer_question

    doc = tmp_path / "refunds.md"
    doc.write_text("# Refunds\n\n## Refund window\n\nRefunds are accepted within 14 days of purchase.\n",
                   encoding="utf-8")
    ingest_documents(ws, [doc], config=config(ws))
    clock.freeze(clock.parse_datetime("2027-01-03T10:00:00Z"))
    text = answer_question("I bought it on 2 January, can I get a refund?", service=WorkspaceServiceMemory(ws),
                           customer=None).text
    assert "Your case (1 day) is within" in text and "1 days" not in text
    text = answer_question("I bought it on 30 December, can I get a refund?", service=WorkspaceServiceMemory(ws),
                           customer=None).text
    assert "Your case (4 days) is within" in text
