"""Korean and Japanese policy documents as their teams publish them (newuser30): the 부칙 / 附則 start date of an
edition dates every page it revises, 令和 / 全角 dates are read as Western ones."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.text.era_dates import western_dates
from mem.policies.grounding import edition_start, effective_date
from mem.policies.ingest import ingest_documents
from mem.wiki.service_memory import WorkspaceServiceMemory
from mem.wiki.start_dates import stated_starts
from mem.wiki.workspace import init_workspace

TERMS = ("모아박스 이용약관\n\n제1조(목적)\n이 약관은 정기구독 서비스의 이용 조건을 정한다.\n\n"
         "제2조(요금)\n① 정기구독 요금은 월 {fee}원이다.\n\n제3조(배송)\n① 배송비는 3,000원이며, {bar} 원 이상이면 "
         "무료로 한다.\n\n부칙\n이 약관은 {start}부터 시행한다.\n")


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-12-07T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


def ingest(ws: Path, tmp_path: Path, name: str, text: str, **options):
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    return ingest_documents(ws, [doc], config=Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"}), **options)[0]


def test_the_supplementary_provision_of_a_later_edition_dates_every_page_it_revises(ws, tmp_path):
    ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="19,900", bar="3만", start="2026년 3월 1일"))
    result = ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="21,900", bar="5만", start="2027년 1월 1일"))
    revised = [p.id for p in result.pages if p.change == "revised"]
    assert len(revised) == 3  # 제2조, 제3조 and the 부칙
    assert len(result.upcoming) == 3 and all("takes effect on 2027-01-01" in line for line in result.upcoming)
    assert any("effective 2027-01-01 for the 3 pages this edition revises" in w and "2027년 1월 1일부터 시행" in w
               for w in result.warnings)
    memory = WorkspaceServiceMemory(ws)
    served = [memory.get_page(pid) for pid in revised]
    assert all(page.version == 1 for page in served)
    assert any("19,900" in page.body for page in served) and not any("21,900" in page.body for page in served)
    clock.freeze(clock.parse_datetime("2027-01-01T09:00:00Z"))
    assert all(WorkspaceServiceMemory(ws).get_page(pid).version == 2 for pid in revised)


def test_a_first_edition_with_a_later_start_is_in_force_from_its_ingest_day(ws, tmp_path):
    result = ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="21,900", bar="5만", start="2027년 1월 1일"))
    assert result.upcoming == [] and {p.change for p in result.pages} == {"created"}


def test_an_option_date_wins_over_the_supplementary_provision(ws, tmp_path):
    ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="19,900", bar="3만", start="2026년 3월 1일"))
    result = ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="21,900", bar="5만", start="2027년 1월 1일"),
                    effective="2026-12-07")
    assert result.upcoming == []


@pytest.mark.parametrize(("text", "western"), [
    ("本規約は、令和８年４月１日から施行します。", "本規約は、2026年4月1日から施行します。"),
    ("平成31年4月30日", "2019年4月30日"),
    ("令和元年5月1日", "2019年5月1日"),
    ("２０２６年４月１日", "2026年4月1日"),
    ("令和の時代", "令和の時代"),
])
def test_era_and_full_width_dates_read_as_western_ones(text, western):
    assert western_dates(text) == western


def test_a_reiwa_supplementary_provision_dates_the_document():
    text = "モアボックス利用規約\n\n第1条（目的）\n本規約は…\n\n附則\n本規約は、令和８年４月１日から施行します。\n"
    assert effective_date(text, until=date(2026, 12, 7)) == date(2026, 4, 1)
    later = text.replace("令和８年", "令和９年")
    assert effective_date(later, until=date(2026, 12, 7)) is None
    assert edition_start(later, after=date(2026, 12, 7)) == (date(2027, 4, 1), "2027年4月1日から施行")
    assert [s.day for s in stated_starts("令和９年１月１日から、送料は８８０円となります。")] == [date(2027, 1, 1)]
