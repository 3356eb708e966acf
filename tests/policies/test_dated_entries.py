"""A "what's changed" page of dated entries (newest first): each entry's page id carries its day as an ISO date
(``2026-12-07-money-back-period-now-45-days``), whatever way the heading writes it, and its title keeps the day.
Before, "7 December 2026 — …" lost its "7" as if it were a clause number: ids ``december-2026-…``, and two entries
of one month with the same words differed only by ``-2``. Pages an older mem made keep their ids and titles."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.policies import ingest, sectioning
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

CHANGES = """# What's changed

## 7 December 2026 — Money-back period now 45 days

The money-back period is now 45 days from delivery.

## 2 December 2026 — Price changes

The Plus plan costs 12 pounds a month.

## 28 November 2026 — Price changes

The Basic plan costs 6 pounds a month.

## November 14, 2026 — Express delivery to the islands

Express delivery reaches the Scottish islands in 2 working days.

## 2026-11-03: Gift cards never expire

Gift cards bought from 3 November 2026 never expire.
"""

CHANGES_KO = """# 변경 사항

## 2026년 12월 7일 — 환불 기간 45일로 연장

환불 기간은 배송일로부터 45일입니다.

## 2026년 11월 3일 — 상품권 유효기간 폐지

상품권은 유효기간이 없습니다.
"""


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-12-08T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


def _ingest(ws: Path, tmp_path: Path, name: str, text: str) -> ingest.IngestResult:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return ingest_documents(ws, [path], config=Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"}))[0]


def _pages(ws: Path) -> dict[str, tuple[str, int]]:
    return {page.id: (page.title, page.version) for page in Wiki(ws).pages("policy")}


def test_a_dated_entry_is_identified_by_its_day(ws, tmp_path):
    _ingest(ws, tmp_path, "whats-changed.md", CHANGES)
    assert _pages(ws) == {
        "2026-12-07-money-back-period-now-45-days": ("7 December 2026 — Money-back period now 45 days", 1),
        "2026-12-02-price-changes": ("2 December 2026 — Price changes", 1),
        "2026-11-28-price-changes": ("28 November 2026 — Price changes", 1),
        "2026-11-14-express-delivery-to-the-islands": ("November 14, 2026 — Express delivery to the islands", 1),
        "2026-11-03-gift-cards-never-expire": ("2026-11-03: Gift cards never expire", 1),
    }


def test_a_dated_entry_with_no_ascii_word_is_its_document_and_day(ws, tmp_path):
    # "2026-12-07" alone would be claimed by every other document's entry of that day
    _ingest(ws, tmp_path, "changes-ko.md", CHANGES_KO)
    assert _pages(ws) == {"changes-ko-2026-12-07": ("2026년 12월 7일 — 환불 기간 45일로 연장", 1),
                          "changes-ko-2026-11-03": ("2026년 11월 3일 — 상품권 유효기간 폐지", 1)}


@pytest.mark.parametrize("heading, day, rest", [
    ("7 December 2026 — Money-back period now 45 days", "2026-12-07", "Money-back period now 45 days"),
    ("December 7th, 2026: Refunds", "2026-12-07", "Refunds"),
    ("2026-11-03 | Gift cards", "2026-11-03", "Gift cards"),
    ("2026年12月7日 返金期間の延長", "2026-12-07", "返金期間の延長"),
    ("7 December 2026", "2026-12-07", ""),
])
def test_the_date_opening_a_heading(heading, day, rest):
    found = sectioning.entry_date(heading)
    assert found is not None and (found[0].isoformat(), found[1]) == (day, rest)


@pytest.mark.parametrize("heading", ["3. Refunds", "14 days to return", "31 February 2026 — Nothing", "2026 prices",
                                     "Refunds from 7 December 2026", "12 Decembers 2026"])
def test_a_heading_that_opens_with_no_date_is_no_dated_entry(heading):
    assert sectioning.entry_date(heading) is None


def test_pages_an_older_mem_made_keep_their_ids_and_titles(ws, tmp_path, monkeypatch):
    # the older mem: no dated entries ("7 December 2026" read as clause 7 of "December 2026")
    with monkeypatch.context() as older:
        older.setattr(sectioning, "entry_date", lambda heading: None)
        older.setattr(ingest, "entry_date", lambda heading: None)
        _ingest(ws, tmp_path, "whats-changed.md", CHANGES)
    made = _pages(ws)
    assert made["december-2026-money-back-period-now-45-days"] == ("December 2026 — Money-back period now 45 days", 1)
    assert made["december-2026-price-changes"] == ("December 2026 — Price changes", 1)
    head = gitrepo._run(ws, "rev-parse", "HEAD")
    again = _ingest(ws, tmp_path, "whats-changed.md", CHANGES)
    assert {change.change for change in again.pages} == {"unchanged"}
    assert gitrepo._run(ws, "rev-parse", "HEAD") == head and _pages(ws) == made
    # the next edition: a new entry on top; the older entries keep their ids, titles and versions
    newer = CHANGES.replace("## 7 December", "## 14 December 2026 — Loyalty points\n\nPoints last 2 years.\n\n"
                                             "## 7 December")
    _ingest(ws, tmp_path, "whats-changed.md", newer)
    after = _pages(ws)
    assert {pid: after[pid] for pid in made} == made
    assert after["2026-12-14-loyalty-points"] == ("14 December 2026 — Loyalty points", 1)
