"""Page search: ranking, type filter, deprecated pages, the cached index, CJK terms."""

from __future__ import annotations

import json

import pytest

from mem.core.errors import InvalidInput
from mem.wiki import search
from mem.wiki.page import Page, render_page
from mem.wiki.search import SearchIndex, search_pages, tokenize
from mem.wiki.workspace import init_workspace


def put(ws, pid, title, body, type="policy", **meta):
    base = {"status": "active", "effective": "2026-01-01", "summary": meta.pop("summary", "")}
    if type == "knowhow":
        base.update(when="w", then="t")
    base.update(meta)
    folder = "policies" if type == "policy" else "knowhow"
    (ws / folder / f"{pid}.md").write_text(render_page(Page(pid, type, title, 1, base, body)))


@pytest.fixture
def ws(tmp_path):
    search._INDEXES.clear()
    ws = init_workspace(tmp_path / "ws")
    put(ws, "refund", "Refund policy", "Refunds within 14 days of purchase.[^1]\n\n[^1]: sources/r.pdf, p. 1")
    put(ws, "shipping", "Shipping", "Orders ship in 3 days. No refund of shipping costs.")
    put(ws, "partial", "Partial refunds for Enterprise", "Over 14 days and Enterprise: negotiate.", type="knowhow")
    put(ws, "old", "Old refund policy", "Refund refund refund within 30 days.", status="deprecated")
    put(ws, "ko", "환불 정책", "구매 후 14일 이내에 환불됩니다.")
    return ws


def test_ranking_title_matters_and_deprecated_hidden(ws):
    hits = search_pages(ws, "refund policy")
    assert [h.id for h in hits][:1] == ["refund"]
    assert "old" not in [h.id for h in hits]
    assert "old" in [h.id for h in search_pages(ws, "refund", include_deprecated=True)]
    assert hits[0].to_dict()["version"] == 1 and "14 days" in hits[0].snippet


def test_type_filter_and_limit(ws):
    assert [h.id for h in search_pages(ws, "enterprise refund", type="knowhow")] == ["partial"]
    assert len(search_pages(ws, "refund", limit=1)) == 1
    assert search_pages(ws, "zebra") == [] and search_pages(ws, "the of") == []
    with pytest.raises(InvalidInput, match="unknown page type 'bogus'"):
        search_pages(ws, "refund", type="bogus")  # like `mem pages list --type bogus`, not an empty result


def test_footnote_file_names_are_not_content(ws):
    assert search_pages(ws, "pdf") == []


def test_korean_compound_matches_by_bigram(ws):
    assert search_pages(ws, "환불")[0].id == "ko"
    assert "환불" in tokenize("환불됩니다")


def test_index_is_cached_on_disk_and_refreshes_only_changed_pages(ws):
    index = SearchIndex(ws)
    assert index.refresh() == 5
    cached = json.loads((ws / ".mem" / "search-index.json").read_text())
    assert set(cached["docs"]) == {"policies/refund.md", "policies/shipping.md", "knowhow/partial.md",
                                   "policies/old.md", "policies/ko.md"}
    fresh = SearchIndex(ws)
    assert fresh.refresh() == 0  # everything came from the cache file
    put(ws, "shipping", "Shipping", "Orders ship in 5 days. Express delivery available.")
    assert fresh.refresh() == 1
    assert fresh.search("express")[0].id == "shipping"
    (ws / "policies" / "shipping.md").unlink()
    fresh.refresh()
    assert fresh.search("express") == []


def test_corrupt_cache_is_rebuilt(ws):
    (ws / ".mem").mkdir(exist_ok=True)
    (ws / ".mem" / "search-index.json").write_text("{not json")
    assert search_pages(ws, "shipping")[0].id == "shipping"


def test_a_customer_word_finds_the_page_written_with_the_policy_word(tmp_path):
    """The lexicon's related words are looked up at half weight: "kids" finds the children page."""
    from mem.wiki.search import bm25_rank, build_postings, page_terms, query_weights

    docs = {"children": page_terms({"title": "Children"}, "Children under 12 stay free."),
            "parking": page_terms({"title": "Parking"}, "Parking costs 15 dollars per night.")}
    terms, related = query_weights("Do kids stay free?")
    assert "kid" in terms and related.get("children") == 0.5
    assert bm25_rank(docs, ["kid"], build_postings(docs)) == []
    assert bm25_rank(docs, ["kid"], build_postings(docs), related)[0][0] == "children"
    own = bm25_rank(docs, ["children"], build_postings(docs))[0][1]
    assert bm25_rank(docs, ["kid"], build_postings(docs), {"children": 0.5})[0][1] == pytest.approx(own / 2)
