"""Page identity: a page belongs to its document; one page per section; a section change revises only its page."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Conflict, StorageError
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

RETAIL = """# Retail agent policy

## Domain basic

Each order has an id and at most 5 items.

## Refunds

Refunds go back to the original payment method within 7 days.
"""

AIRLINE = """# Airline agent policy

## Domain basic

Each reservation has up to 5 passengers.

## Baggage

Gold members get 3 free checked bags.
"""


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


def config(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})  # lexical only (tests/agent/test_semantic.py)


def doc(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def head(ws: Path) -> str:
    return gitrepo._run(ws, "rev-parse", "HEAD")


def test_a_section_of_another_document_never_revises_a_page(ws, tmp_path):
    ingest_documents(ws, [doc(tmp_path, "retail.md", RETAIL)], config=config(ws))
    before = head(ws), Wiki(ws).get("domain-basic").body
    with pytest.raises(Conflict, match=r"^page 'domain-basic' belongs to sources/retail.md; airline.md has a section"):
        ingest_documents(ws, [doc(tmp_path, "airline.md", AIRLINE)], config=config(ws))
    assert (head(ws), Wiki(ws).get("domain-basic").body) == before
    assert not (ws / "policies" / "baggage.md").exists()  # nothing half-written


def test_id_prefix_scopes_the_new_documents_pages_and_identity_follows_the_document(ws, tmp_path):
    ingest_documents(ws, [doc(tmp_path, "retail.md", RETAIL)], config=config(ws))
    airline = doc(tmp_path, "airline.md", AIRLINE)
    [result] = ingest_documents(ws, [airline], config=config(ws), id_prefix="airline")
    assert [(p.id, p.change) for p in result.pages] == [("airline-domain-basic", "created"),
                                                        ("airline-baggage", "created")]
    assert "5 items" in Wiki(ws).get("domain-basic").body
    # the next edition, without the option: each section finds the page it already has
    airline.write_text(AIRLINE.replace("3 free", "4 free"), encoding="utf-8")
    [result] = ingest_documents(ws, [airline], config=config(ws))
    assert [(p.id, p.version, p.change) for p in result.pages] == [("airline-domain-basic", 1, "source-updated"),
                                                                   ("airline-baggage", 2, "revised")]


def test_sections_cite_document_and_heading_path(ws, tmp_path):
    ingest_documents(ws, [doc(tmp_path, "retail.md", RETAIL)], config=config(ws))
    page = Wiki(ws).get("refunds")
    assert page.sources[0]["section"] == "Refunds" and page.sources[0]["id"] == "retail"
    assert '[^1]: sources/retail.md, "Refunds"' in page.body
    assert page.summary == "Refunds go back to the original payment method within 7 days."


def test_a_change_in_one_section_revises_only_its_page_and_recheck_flags_only_its_facts(ws, tmp_path, isolated_env):
    from mem.customers import CustomerStore, Fact, PolicyRef

    retail = doc(tmp_path, "retail.md", RETAIL)
    ingest_documents(ws, [retail], config=config(ws))
    retail.write_text(RETAIL.replace("within 7 days", "within 10 days"), encoding="utf-8")
    [result] = ingest_documents(ws, [retail], config=config(ws))
    changed = {p.id: p.version for p in result.pages if p.change == "revised"}
    assert changed == {"refunds": 2}
    assert Wiki(ws).get("domain-basic").version == 1
    with CustomerStore.open(isolated_env, "acme") as store:
        refund = store.facts.add(Fact.new("event", "Asked for a refund to the card", valid_at=date(2026, 1, 5),
                                    policy_refs=[PolicyRef("refunds", 1)]))
        order = store.facts.add(Fact.new("event", "Has an order of 4 items", valid_at=date(2026, 1, 5),
                                   policy_refs=[PolicyRef("domain-basic", 1)]))
        flagged = [fid for page in ("refunds", "domain-basic")
                   for fid in store.facts.flag_recheck(page, Wiki(ws).get(page).version)]
        assert flagged == [refund.id]
        assert not store.facts.get(order.id).recheck.flag


@pytest.mark.parametrize("split, ids", [
    ("none", ["retail-agent-policy"]),
    ("h2", ["domain-basic", "refunds"]),
])
def test_split_setting_and_option(ws, tmp_path, split, ids):
    cfg = config(ws).overlay({"ingest": {"split": split}})
    [result] = ingest_documents(ws, [doc(tmp_path, "retail.md", RETAIL)], config=cfg)
    assert [p.id for p in result.pages] == ids


def _lint_rules(ws: Path) -> list[tuple[str, str]]:
    from mem.wiki.lint import lint_workspace

    return [(f.path, f.rule) for f in lint_workspace(ws, config=config(ws)).findings if f.level == "error"]


def test_lint_reports_a_page_whose_source_changed_document_unless_taken_over(ws, tmp_path):
    ingest_documents(ws, [doc(tmp_path, "retail.md", RETAIL)], config=config(ws))
    page = ws / "policies" / "domain-basic.md"
    # what an older tool did: the airline's section written over the retail page, committed
    ingest_documents(ws, [doc(tmp_path, "airline.md", AIRLINE)], config=config(ws), id_prefix="airline")
    text = page.read_text().replace("id: retail", "id: airline").replace("5 items", "5 passengers")
    page.write_text(text.replace("version: 1", "version: 2"))
    gitrepo.commit(ws, ["policies/domain-basic.md"], "edit by hand")
    assert ("policies/domain-basic.md", "page-document") in _lint_rules(ws)


def test_an_explicit_take_over_is_lint_clean(ws, tmp_path):
    ingest_documents(ws, [doc(tmp_path, "retail.md", RETAIL)], config=config(ws))
    ingest_documents(ws, [doc(tmp_path, "airline.md", AIRLINE)], config=config(ws), replace=True)
    assert "Each reservation" in Wiki(ws).get("domain-basic").body
    assert _lint_rules(ws) == []


def test_lint_reports_a_page_git_does_not_know(ws, tmp_path):
    ingest_documents(ws, [doc(tmp_path, "retail.md", RETAIL)], config=config(ws))
    text = (ws / "policies" / "refunds.md").read_text()
    (ws / "policies" / "refunds-copy.md").write_text(text.replace("id: refunds", "id: refunds-copy"))
    assert ("policies/refunds-copy.md", "untracked-page") in _lint_rules(ws)


def test_a_section_inserted_before_headings_without_ascii_words_takes_no_page_of_theirs(ws, tmp_path):
    # 환불 and 返品 have no ASCII word to make an id from, so they are numbered by position. A section
    # inserted before them took 환불's number: the refund page was revised with the delivery text and
    # every later page shifted by one.
    first = "# 회원 약관\n\n## 환불\n\n30일 이내에 환불됩니다.\n\n## 返品\n\n30日以内に返品できます。\n"
    ingest_documents(ws, [doc(tmp_path, "terms.md", first)], config=config(ws))
    before = {page.title: page.id for page in Wiki(ws).pages("policy")}
    second = first.replace("## 환불", "## 배송\n\n3일 이내에 배송됩니다.\n\n## 환불")
    result = ingest_documents(ws, [doc(tmp_path, "terms.md", second)], config=config(ws))[0]
    after = {page.title: page for page in Wiki(ws).pages("policy")}
    assert {title: after[title].id for title in before} == before
    assert after["환불"].version == after["返品"].version == 1 and "환불" in after["환불"].body
    assert after["배송"].id not in before.values()
    assert [change.change for change in result.pages if change.id == after["배송"].id] == ["created"]


def test_a_heading_used_twice_keeps_each_page_by_its_words_when_one_is_deleted(ws, tmp_path):
    """Two "Refunds" sections (goods, downloads): deleting the first must deprecate the goods page, not
    revise it into the downloads rule (matched by position) and deprecate the downloads page."""
    shipping = "## Shipping\n\nOrders ship within 2 days.\n"
    first = ("# Policy\n\n## Refunds\n\nPhysical goods are refunded within 14 days of delivery.\n\n"
             "## Refunds\n\nDigital downloads are never refunded once opened.\n\n" + shipping)
    ingest_documents(ws, [doc(tmp_path, "pol.md", first)], config=config(ws))
    pages = {page.id: page for page in Wiki(ws).pages("policy")}
    goods = next(pid for pid, page in pages.items() if "Physical" in page.body)
    downloads = next(pid for pid, page in pages.items() if "Digital" in page.body)
    second = "# Policy\n\n## Refunds\n\nDigital downloads are never refunded once opened.\n\n" + shipping
    result = ingest_documents(ws, [doc(tmp_path, "pol.md", second)], config=config(ws))[0]
    changes = {change.id: change.change for change in result.pages}
    assert changes[goods] == "deprecated" and changes[downloads] != "deprecated"
    after = Wiki(ws)
    assert after.get(goods).status == "deprecated" and "Physical" in after.get(goods).body
    assert after.get(downloads).status != "deprecated" and "Digital" in after.get(downloads).body


def test_a_new_section_never_revives_the_number_of_a_section_deleted_earlier(ws, tmp_path):
    """환불 deleted (its numbered page deprecated), then 반품 added first: the deprecated refund page must not
    come back holding the returns clause; the refund section coming back later revives it."""
    contact = "## 문의\n\n고객센터는 평일 9시부터 운영합니다.\n"
    first = "# 약관\n\n## 환불\n\n30일 이내에 환불됩니다.\n\n## 배송\n\n3일 이내에 배송됩니다.\n\n" + contact
    ingest_documents(ws, [doc(tmp_path, "yak.md", first)], config=config(ws))
    refund = next(page.id for page in Wiki(ws).pages("policy") if "환불됩니다" in page.body)
    second = "# 약관\n\n## 배송\n\n3일 이내에 배송됩니다.\n\n" + contact
    ingest_documents(ws, [doc(tmp_path, "yak.md", second)], config=config(ws))
    assert Wiki(ws).get(refund).status == "deprecated"
    third = ("# 약관\n\n## 반품\n\n7일 이내에 반품할 수 있습니다.\n\n## 배송\n\n3일 이내에 배송됩니다.\n\n"
             + contact)
    ingest_documents(ws, [doc(tmp_path, "yak.md", third)], config=config(ws))
    wiki = Wiki(ws)
    assert wiki.get(refund).status == "deprecated" and "환불됩니다" in wiki.get(refund).body
    returns = next(page for page in wiki.pages("policy") if "반품할" in page.body)
    assert returns.id != refund and returns.version == 1
    # the first edition again is a rollback, refused without --allow-older (test_older_edition.py)
    ingest_documents(ws, [doc(tmp_path, "yak.md", first)], config=config(ws), allow_older=True)
    assert Wiki(ws).get(refund).status != "deprecated" and "환불됩니다" in Wiki(ws).get(refund).body


def test_a_title_whose_id_would_be_only_a_number_is_numbered_in_its_document(ws, tmp_path, monkeypatch):
    # "약관2026.pdf" titled its page 약관2026 and slugified to the id "2026": a name that says nothing, and a second
    # document "規約2026" wanted the same one (ingest refused it as another document's page)
    ingest_documents(ws, [doc(tmp_path, "약관2026.md", "구매 후 7일 이내 환불 가능합니다.\n")], config=config(ws))
    ingest_documents(ws, [doc(tmp_path, "規約2026.md", "購入後7日以内に返品できます。\n")], config=config(ws))
    pages = {page.title: page.id for page in Wiki(ws).pages("policy")}
    assert set(pages) == {"약관2026", "規約2026"}
    assert all(not pid.isdigit() and pid.endswith("-1") for pid in pages.values()), pages
    # a page an older mem already called "2025" keeps its id when its document comes back
    import mem.policies.ingest as ingest_module
    from mem.policies.sectioning import slugify

    monkeypatch.setattr(ingest_module, "_page_slug", slugify)
    ingest_documents(ws, [doc(tmp_path, "요금2025.md", "배송비는 3,000원입니다.\n")], config=config(ws))
    monkeypatch.undo()
    assert Wiki(ws).exists("2025")
    result = ingest_documents(ws, [doc(tmp_path, "요금2025.md", "배송비는 3,500원입니다.\n")], config=config(ws))[0]
    assert [(change.id, change.change) for change in result.pages] == [("2025", "revised")]


KO_ARTICLES = ("# 이용약관\n\n## 제5조 (환불)\n\n구매 후 7일 이내 환불 가능합니다.\n\n"
               "## 제6조 (배송비)\n\n배송비는 3,000원입니다.\n")


def test_korean_and_japanese_article_titles_keep_their_number(ws, tmp_path, monkeypatch):
    # "약관 제5조 내용이 뭐예요?" found no page: every title had dropped 제5조 / 第8条
    ingest_documents(ws, [doc(tmp_path, "이용약관.md", KO_ARTICLES)], config=config(ws))
    ja = "# 利用規約\n\n## 第5条（返品）\n\n到着後8日以内に返品できます。\n\n## 第6条（送料）\n\n送料は550円です。\n"
    ingest_documents(ws, [doc(tmp_path, "利用規約.md", ja)], config=config(ws))
    pages = {page.title: page for page in Wiki(ws).pages("policy")}
    assert set(pages) == {"제5조 (환불)", "제6조 (배송비)", "第5条（返品）", "第6条（送料）"}
    # the id and the heading path are made without the number, as before: no page "5" for two documents to claim
    assert pages["제5조 (환불)"].sources[0]["section"] == "환불"
    assert not any(page.id.isdigit() for page in pages.values())


def test_an_article_title_an_older_mem_wrote_without_its_number_revises_no_page(ws, tmp_path, monkeypatch):
    import mem.policies.sectioning as sectioning

    monkeypatch.setattr(sectioning, "page_title", sectioning.strip_numbering)  # the older mem's titles
    ingest_documents(ws, [doc(tmp_path, "이용약관.md", KO_ARTICLES)], config=config(ws))
    monkeypatch.undo()
    result = ingest_documents(ws, [doc(tmp_path, "이용약관.md", KO_ARTICLES.replace("3,000원", "3,500원"))],
                              config=config(ws))[0]
    changes = {change.title: (change.version, change.change) for change in result.pages}
    # the unchanged article keeps its page, version and title; the changed one is revised and takes the number
    assert changes == {"환불": (1, "source-updated"), "제6조 (배송비)": (2, "revised")}


KO_TERMS_TEXT = ("이용약관\n\n제5조 (환불)\n\n① 구매 후 7일 이내 환불 가능합니다.\n"
                 "② 다음 각 호의 경우에는 환불이 불가합니다.\n\n1. 포장을 개봉한 경우\n\n"
                 "2. 디지털 콘텐츠를 내려받은 경우\n\n제6조 (배송비)\n\n배송비는 3,000원입니다.\n")


def test_the_same_bytes_read_otherwise_after_an_upgrade_revise_the_page(ws, tmp_path, monkeypatch):
    # an older mem read each "1. … 경우" item as a heading; re-ingesting the same file after the upgrade kept the
    # article's page as it was ("same bytes, same section") and deprecated the item pages: the items were lost
    import mem.policies.readers as readers

    monkeypatch.setattr(readers, "_item_of_article", lambda blocks, text: False)  # the older reader
    ingest_documents(ws, [doc(tmp_path, "약관.txt", KO_TERMS_TEXT)], config=config(ws))
    assert len(Wiki(ws).pages("policy")) == 4  # 제5조, its two items, 제6조 (이용약관 is the title)
    monkeypatch.undo()
    result = ingest_documents(ws, [doc(tmp_path, "약관.txt", KO_TERMS_TEXT)], config=config(ws))[0]
    changes = {change.title: change.change for change in result.pages}
    assert changes["제5조 (환불)"] == "revised" and changes["제6조 (배송비)"] == "unchanged"
    refunds = next(page for page in Wiki(ws).pages("policy") if page.title == "제5조 (환불)")
    assert "디지털 콘텐츠를 내려받은 경우" in refunds.body
    assert sorted(change.change for change in result.pages) == ["deprecated", "deprecated", "revised", "unchanged"]


def _git(ws: Path, *args: str, when: str = "2026-02-01T12:00:00+00:00") -> str:
    import os

    env = {**os.environ, "GIT_AUTHOR_NAME": "Op", "GIT_AUTHOR_EMAIL": "op@example.com", "GIT_COMMITTER_NAME": "Op",
           "GIT_COMMITTER_EMAIL": "op@example.com", "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    return gitrepo._run(ws, *args, env=env)


def test_a_merge_of_two_clones_each_taking_over_explicitly_is_lint_clean(ws, tmp_path):
    """NEWUSER_REPORT17 #7: operator two's clone ingests another document with --replace, operator one ingests a
    new edition of the first; after the merge, lint compared operator one's commit with operator two's (the commit
    git lists before it) and reported a take-over that never happened on operator one's line of history."""
    ingest_documents(ws, [doc(tmp_path, "policy.md", RETAIL)], config=config(ws))
    main = _git(ws, "branch", "--show-current")
    _git(ws, "checkout", "-q", "-b", "op2")
    clock.freeze(clock.parse_datetime("2026-02-01T10:00:00Z"))
    ingest_documents(ws, [doc(tmp_path, "other.md", RETAIL.replace("5 items", "8 items"))], config=config(ws),
                     replace=True)
    assert Wiki(ws).get("domain-basic").meta["sources"][0]["id"] == "other"
    _git(ws, "checkout", "-q", main)
    clock.freeze(clock.parse_datetime("2026-02-01T11:00:00Z"))
    ingest_documents(ws, [doc(tmp_path, "policy-v2.md", RETAIL.replace("5 items", "6 items"))], config=config(ws),
                     replace=True)
    with pytest.raises(StorageError):  # the conflicts an operator resolves by hand
        _git(ws, "merge", "-q", "--no-ff", "--no-edit", "op2")
    _git(ws, "checkout", "--ours", "policies/domain-basic.md")
    _git(ws, "checkout", "--theirs", "policies/refunds.md", "index.md", "log.md")
    _git(ws, "add", "-A")
    _git(ws, "commit", "-q", "-m", "merge op2")
    assert [rule for _, rule in _lint_rules(ws) if rule == "page-document"] == []
    # a real hand move on this line of history is still reported
    page = ws / "policies" / "domain-basic.md"
    page.write_text(page.read_text().replace("id: policy", "id: airline"))
    _git(ws, "commit", "-q", "-am", "edit by hand", when="2026-02-01T13:00:00+00:00")
    assert ("policies/domain-basic.md", "page-document") in _lint_rules(ws)


def test_the_advice_of_page_document_clears_it(ws, tmp_path):
    """The finding names the way to accept a committed move that was meant, and following it clears the error."""
    from mem.wiki.lint import lint_workspace

    ingest_documents(ws, [doc(tmp_path, "retail.md", RETAIL)], config=config(ws))
    page = ws / "policies" / "domain-basic.md"
    page.write_text(page.read_text().replace("id: retail", "id: airline").replace("version: 1", "version: 2"))
    gitrepo.commit(ws, ["policies/domain-basic.md"], "edit by hand")
    [finding] = [f for f in lint_workspace(ws, config=config(ws)).findings if f.rule == "page-document"]
    command = finding.message.split("`")[1]
    assert command == "git commit --allow-empty -m 'page: domain-basic taken over from retail'"
    _git(ws, "commit", "-q", "--allow-empty", "-m", "page: domain-basic taken over from retail")
    assert _lint_rules(ws) == []
