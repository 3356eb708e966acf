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

TERMS = (
    "모아박스 이용약관\n\n제1조(목적)\n이 약관은 정기구독 서비스의 이용 조건을 정한다.\n\n"
    "제2조(요금)\n① 정기구독 요금은 월 {fee}원이다.\n\n제3조(배송)\n① 배송비는 3,000원이며, {bar} 원 이상이면 "
    "무료로 한다.\n\n부칙\n이 약관은 {start}부터 시행한다.\n"
)


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
    assert any(
        "effective 2027-01-01 for the 3 pages this edition revises" in w and "2027년 1월 1일부터 시행" in w
        for w in result.warnings
    )
    memory = WorkspaceServiceMemory(ws)
    served = [memory.get_page(pid) for pid in revised]
    assert all(page.version == 1 for page in served)
    assert any("19,900" in page.body for page in served) and not any("21,900" in page.body for page in served)
    clock.freeze(clock.parse_datetime("2027-01-01T09:00:00Z"))
    assert all(WorkspaceServiceMemory(ws).get_page(pid).version == 2 for pid in revised)


@pytest.mark.parametrize("start", ["2207년 1월 1일", "2099년 12월 31일"])
def test_a_start_date_too_far_ahead_holds_no_page_back_and_is_warned_of(ws, tmp_path, start):
    # a typo year or a placeholder: read, every page the edition revises was out of force for good
    ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="19,900", bar="3만", start="2026년 3월 1일"))
    result = ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="21,900", bar="5만", start=start))
    assert result.upcoming == []
    assert any(start in w and "more than 5 years away" in w for w in result.warnings)
    served = WorkspaceServiceMemory(ws).get_page([p.id for p in result.pages if p.change == "revised"][0])
    assert served.version == 2


def test_a_start_date_within_the_bound_is_read():
    text = TERMS.format(fee="21,900", bar="5만", start="2031년 12월 1일")
    assert edition_start(text, after=date(2026, 12, 7), until=date(2031, 12, 7))[0] == date(2031, 12, 1)
    assert edition_start(text.replace("2031년 12월 1", "2031년 12월 8"), after=date(2026, 12, 7),
                         until=date(2031, 12, 7)) is None


def test_a_first_edition_with_a_later_start_is_in_force_from_its_ingest_day(ws, tmp_path):
    result = ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="21,900", bar="5만", start="2027년 1월 1일"))
    assert result.upcoming == [] and {p.change for p in result.pages} == {"created"}


def test_an_option_date_wins_over_the_supplementary_provision(ws, tmp_path):
    ingest(ws, tmp_path, "terms.txt", TERMS.format(fee="19,900", bar="3만", start="2026년 3월 1일"))
    result = ingest(
        ws, tmp_path, "terms.txt", TERMS.format(fee="21,900", bar="5만", start="2027년 1월 1일"), effective="2026-12-07"
    )
    assert result.upcoming == []


@pytest.mark.parametrize(
    ("text", "western"),
    [
        ("本規約は、令和８年４月１日から施行します。", "本規約は、2026年4月1日から施行します。"),
        ("平成31年4月30日", "2019年4月30日"),
        ("令和元年5月1日", "2019年5月1日"),
        ("２０２６年４月１日", "2026年4月1日"),
        ("令和の時代", "令和の時代"),
    ],
)
def test_era_and_full_width_dates_read_as_western_ones(text, western):
    assert western_dates(text) == western


def test_a_reiwa_supplementary_provision_dates_the_document():
    text = "モアボックス利用規約\n\n第1条（目的）\n本規約は…\n\n附則\n本規約は、令和８年４月１日から施行します。\n"
    assert effective_date(text, until=date(2026, 12, 7)) == date(2026, 4, 1)
    later = text.replace("令和８年", "令和９年")
    assert effective_date(later, until=date(2026, 12, 7)) is None
    assert edition_start(later, after=date(2026, 12, 7)) == (date(2027, 4, 1), "2027年4月1日から施行")
    assert [s.day for s in stated_starts("令和９年１月１日から、送料は８８０円となります。")] == [date(2027, 1, 1)]


@pytest.mark.parametrize("tail", [
    "이 약관은 2026년 11월 1일부터 시행한다. 다만, 제5조의 개정규정은 2027년 3월 1일부터 시행한다.",
    "本規約は、2026年11月1日から施行します。ただし、第5条の規定は2027年3月1日から施行します。",
])
def test_a_provisos_later_day_holds_no_edition_in_force_back(tail):
    # the edition is in force since 1 November; only article 5 waits for March, not every page the edition revises
    text = f"정기구독 약관\n\n제1조(목적) 이 약관은 이용 조건을 정합니다.\n\n부칙\n\n{tail}\n"
    assert edition_start(text, after=date(2026, 12, 7)) is None
    later = text.replace("2026년 11월", "2027년 1월").replace("2026年11月", "2027年1月")
    assert edition_start(later, after=date(2026, 12, 7))[0] == date(2027, 1, 1)


def test_a_plain_text_first_line_is_the_title_and_an_appended_table_its_own_section(tmp_path):
    from mem.policies.readers import text_blocks

    text = (
        "モアボックス利用規約\n\n第１条（目的）\n本規約は、定期便サービスの利用条件を定めるものです。\n\n"
        "附則\n本規約は、令和８年４月１日から施行します。\n\n別表（料金表）\nプラン名　　月額料金（税込）\n"
        "ライト　　　１，９８０円\n"
    )
    blocks = text_blocks(text)
    headings = [b.text for b in blocks if b.is_heading]
    assert headings == ["モアボックス利用規約", "第１条（目的）", "附則", "別表（料金表）"]
    assert blocks[-1].text.startswith("プラン名") and not blocks[-1].is_heading


@pytest.mark.parametrize("first", ["本規約は、当社のサービスについて定めます。", "2026年4月1日改定", "・ご注意"])
def test_a_first_line_that_is_no_title_stays_text(first):
    from mem.policies.readers import text_blocks

    blocks = text_blocks(f"{first}\n\n第１条（目的）\n本規約は…\n")
    assert not blocks[0].is_heading


@pytest.mark.parametrize("first", ["Thank you for choosing Acme", "We are glad you joined us", "Dear member",
                                   "Hello, and welcome to Acme", "If you are moving soon",
                                   "이용해 주셔서 감사합니다", "ご利用ありがとうございます"])
def test_a_short_unpunctuated_sentence_is_no_title(first):
    # a greeting, a clause with a subject and verb, a predicate ending: the body speaking, not the document's name
    from mem.policies.readers import text_blocks

    assert not text_blocks(f"{first}\n\n1. Scope\nThese terms apply.\n")[0].is_heading


@pytest.mark.parametrize("first", ["Acme Returns Policy", "Your guide to our services", "What you can expect",
                                   "달빛소나무 펜션 이용 규정", "モアボックス利用規約",
                                   # a greeting word inside a name, a title-cased pronoun (review31b)
                                   "Hi-Fi Rental Terms", "Hello Fresh Delivery Terms", "Things You Should Know"])
def test_a_short_name_stays_the_title(first):
    from mem.policies.readers import text_blocks

    assert text_blocks(f"{first}\n\n1. Scope\nThese terms apply.\n")[0].is_heading


def pdf_lines(*rows: tuple[str, bool, bool]):
    from mem.policies.readers import PdfLine

    return [PdfLine(text, 10.0, 1, ((50.0, text),), False, (before, after)) for text, before, after in rows]


def test_a_korean_pdf_line_cut_inside_a_word_at_the_margin_joins_without_a_blank():
    from mem.policies.readers import _pdf_blocks

    lines = pdf_lines(
        ("이 약관은 주식회사 모아박스가 운영하는 온라인 정기구독 서", False, False),
        ("비스의 이용과 관련하여 회사와 회원 간의 권리, 의무 및", False, False),
        ("책임사항을 규정함을 목적으로 한다.", True, False),
    )
    [block] = _pdf_blocks(lines)
    assert "정기구독 서비스의" in block.text and "의무 및 책임사항" in block.text


def test_a_break_at_a_blank_the_pdf_kept_or_short_of_the_margin_keeps_the_blank():
    from mem.policies.readers import _pdf_blocks

    kept = pdf_lines(
        ("③ 결제에 실패한 경우 회사는 3일 간격으로 2회 재결제를 시도하며, 재결제에도", False, True),
        ("실패하면 해당 월의 배송은 보류된다.", False, False),
    )
    assert "재결제에도 실패하면" in _pdf_blocks(kept)[0].text
    short = pdf_lines(
        ("① 상품은 결제일로부터 3영업일 이내에 발송하며 배송 기간이 오래 걸리는 도서", False, False),
        ("산간 지역은", False, False),
        ("추가 비용이 든다.", False, False),
    )
    assert "도서산간 지역은 추가 비용이 든다." in _pdf_blocks(short)[0].text


CMS_PAGE = """<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8"><title>이용약관 | 모아박스</title></head><body>
<header id="header"><div class="top-util"><a href="/login">로그인</a> | <a href="/join">회원가입</a> |
<a href="/cs">고객센터</a></div><h1 class="logo"><a href="/">모아박스</a></h1>
<nav class="gnb"><ul><li><a href="/sub">정기구독</a></li></ul></nav></header>
<div id="container"><div class="location">홈 &gt; 고객센터 &gt; 이용약관</div>
<div class="board-view"><table class="board-view-head"><tr><th>제목</th><td>[공지] 이용약관 개정 안내</td></tr>
<tr><th>작성자</th><td>관리자</td><th>작성일</th><td>2026.11.20</td><th>조회수</th><td>1,284</td></tr></table>
<div class="terms-content"><h2>모아박스 이용약관</h2>{articles}</div></div>
<div class="board-nav"><p>이전글 ▲ [이벤트] 12월 구독 리뷰 이벤트</p><p>다음글 ▼ [점검] 시스템 점검 안내</p>
<a href="/notice" class="btn-list">목록</a></div>
<table class="board-list"><tr><th>번호</th><th>제목</th><th>작성일</th></tr>
<tr><td>58</td><td>[점검] 12월 3일 새벽 시스템 점검 안내</td><td>2026.11.18</td></tr></table></div>
<footer id="footer"><p>(주)모아박스 | 고객센터 1588-0000</p></footer></body></html>"""


def html_articles(fee: str, start: str) -> str:
    return (
        f"<h3>제1조(목적)</h3><p>이 약관은 정기구독 서비스의 이용 조건을 정한다.</p>"
        f"<h3>제2조(요금)</h3><p>① 정기구독 요금은 월 {fee}원이다.</p>"
        f"<h3>제3조(배송)</h3><p>① 배송비는 3,000원이다.</p><h3>부칙</h3><p>이 약관은 {start}부터 시행한다.</p>"
    )


def test_korean_cms_chrome_is_left_out_with_the_warning():
    from mem.policies.readers import html_read

    read = html_read(CMS_PAGE.format(articles=html_articles("19,900", "2026년 3월 1일")))
    text = "\n".join(block.text for block in read.blocks)
    for chrome in ("로그인", "홈 >", "작성자", "조회수", "이전글", "다음글", "목록", "시스템 점검"):
        assert chrome not in text
    assert "정기구독 요금은 월 19,900원이다" in text
    assert {
        "the site's link bar",
        "the site's logo",
        "breadcrumbs",
        "the post's header (제목, 작성자, 작성일, 조회수)",
        "the previous and next post links",
        "the board's list of posts",
    } <= set(read.furniture)


def test_the_web_page_edition_keeps_each_articles_id(ws, tmp_path):
    first = ingest(
        ws,
        tmp_path,
        "terms.txt",
        "모아박스 이용약관\n\n" + TERMS.split("\n\n", 1)[1].format(fee="19,900", bar="3만", start="2026년 3월 1일"),
    )
    ids = {change.title: change.id for change in first.pages}
    page = CMS_PAGE.format(articles=html_articles("21,900", "2027년 1월 1일")).replace(
        "3,000원이다", "3,000원이며, 3만 원 이상이면 무료로 한다"
    )
    second = ingest(ws, tmp_path, "terms.html", page, replace=True)
    assert {change.title: change.id for change in second.pages} == ids
    changes = {change.title: change.change for change in second.pages}
    assert changes["제2조(요금)"] == "revised" and changes["부칙"] == "revised"
    assert changes["제1조(목적)"] != "revised" and changes["제3조(배송)"] != "revised"
