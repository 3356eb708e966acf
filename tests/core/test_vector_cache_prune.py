"""The sentence-vector cache drops the vectors no live sentence has once it has grown well past what the
live pages need (new-user report 19 section 11: it kept every sentence any of 300 revisions ever had)."""

from __future__ import annotations

from array import array

import pytest

from mem.core.text import encoder
from mem.core.text.encoder import DIM
from mem.core.text.vectors import PRUNE_FROM, VectorCache


def _vectors(texts: list[str]) -> dict[str, array]:
    return {text: array("f", [float(i % 7)] * DIM) for i, text in enumerate(texts)}


def test_vectors_of_sentences_no_page_has_are_dropped_past_the_floor(tmp_path):
    path = tmp_path / "cache.sqlite"
    old = [f"old sentence {i}" for i in range(PRUNE_FROM + 400)]
    live = [f"live sentence {i}" for i in range(100)]
    cache = VectorCache(path)
    cache.put(_vectors(old + live))
    size_before = path.stat().st_size
    assert cache.keep_only(live) == len(old)
    assert cache.count() == len(live)
    cache.close()
    reopened = VectorCache(path)
    assert set(reopened.get(live + old[:5])) == set(live)  # the live ones are still found, from the file
    assert path.stat().st_size < size_before / 4  # compacted, not only unlinked rows
    reopened.close()


def test_a_cache_below_the_floor_or_within_twice_the_live_sentences_is_left_alone(tmp_path):
    cache = VectorCache(tmp_path / "cache.sqlite")
    cache.put(_vectors([f"s{i}" for i in range(300)]))
    assert cache.keep_only(["s1"]) == 0 and cache.count() == 300  # below PRUNE_FROM
    more = [f"t{i}" for i in range(PRUNE_FROM)]
    cache.put(_vectors(more))
    assert cache.keep_only(more) == 0  # 2,300 rows, the live need 2,000: not twice
    cache.close()


def test_an_in_memory_cache_prunes_nothing(tmp_path):
    cache = VectorCache(None)
    cache.put(_vectors([f"s{i}" for i in range(10)]))
    assert cache.count() == 0 and cache.keep_only([]) == 0


def test_the_prune_keeps_the_vectors_of_the_edition_in_force(tmp_path):
    # a page whose latest edition takes effect later is answered from the edition before it (docs/ask.md, "The rule
    # in force"): the prune kept only the written edition's sentences, and every question after it embedded the rule
    # in force again (45 ms a sentence)
    from mem.core.config import Config
    from mem.core.text.vectors import CACHE_FILE, _passage_texts
    from mem.policies.ingest import ingest_documents
    from mem.wiki.service_memory import WorkspaceServiceMemory
    from mem.wiki.workspace import init_workspace

    if encoder.load() is None:
        pytest.skip("the sentence encoder (the semantic extra) is not installed")
    workspace = init_workspace(tmp_path / "ws")
    config = Config.load(workspace=workspace, env={})
    source = tmp_path / "fees.md"
    source.write_text("# Fees\n\nThe late payment fee is 10 euros per invoice. It is charged once a month.\n")
    ingest_documents(workspace, [source], config=config, model="", effective="2020-01-01")
    source.write_text("# Fees\n\nThe late payment fee is 15 euros per invoice. It is charged once a week.\n")
    ingest_documents(workspace, [source], config=config, model="", effective="2999-01-01")
    in_force = _passage_texts([(str(p.title), str(p.body)) for p in WorkspaceServiceMemory(workspace).pages("policy")])
    assert any("10 euros" in text for text in in_force)
    cache = VectorCache(workspace / ".mem" / CACHE_FILE)
    cache.put(_vectors([f"a sentence no page has any more {i}" for i in range(PRUNE_FROM + 100)]))
    cache.close()
    other = tmp_path / "delivery.md"
    other.write_text("# Delivery\n\nDelivery takes three working days.\n")
    ingest_documents(workspace, [other], config=config, model="")  # fills the cache, and prunes it
    cache = VectorCache(workspace / ".mem" / CACHE_FILE)
    assert cache.count() < PRUNE_FROM  # pruned
    assert set(cache.get(in_force)) == set(in_force)
    cache.close()


def test_a_look_that_drops_nothing_waits_for_the_cache_to_grow(tmp_path):
    # round 20: past PRUNE_FROM every ingest read every policy page to find nothing to drop (a 3,000-page wiki:
    # 13,500 live passages); the look is recorded and the next waits until a prune can drop something (more than
    # twice the live passages found) and the cache has grown by PRUNE_GROWTH since
    cache = VectorCache(tmp_path / "cache.sqlite")
    live = [f"live sentence {i}" for i in range(PRUNE_FROM)]
    cache.put(_vectors(live + [f"stale {i}" for i in range(200)]))
    assert cache.prune_due()  # a cache never looked at: the first look comes past PRUNE_FROM
    assert cache.keep_only(live) == 0  # 2,200 rows, 2,000 live: not twice
    assert not cache.prune_due()
    grown = 2 * PRUNE_FROM - (PRUNE_FROM + 200)
    cache.put(_vectors([f"new {i}" for i in range(grown)]))
    cache.put(_vectors([f"new {i}" for i in range(grown)]))  # the same rows again are not counted twice
    assert not cache.prune_due()  # 4,000 rows: twice the live passages, not more
    cache.put(_vectors(["one more"]))
    assert cache.prune_due()
    cache.close()
    reopened = VectorCache(tmp_path / "cache.sqlite")  # the state is in the file, not in the process
    assert reopened.prune_due()
    reopened.close()


def test_a_look_just_under_twice_the_live_passages_waits_for_a_quarter_more_rows(tmp_path):
    # without the growth share, a cache just under twice its live passages was looked at again after a few rows
    from mem.core.text.vectors import PRUNE_GROWTH

    cache = VectorCache(tmp_path / "cache.sqlite")
    live = [f"live sentence {i}" for i in range(1_100)]
    cache.put(_vectors(live + [f"stale {i}" for i in range(1_000)]))
    assert cache.prune_due() and cache.keep_only(live) == 0  # 2,100 rows, 1,100 live: not more than twice
    cache.put(_vectors([f"new {i}" for i in range(200)]))  # 2,300: past twice 1,100, not a quarter past 2,100
    assert not cache.prune_due()
    cache.put(_vectors([f"more {i}" for i in range(int(2_100 * PRUNE_GROWTH) - 200 + 1)]))
    assert cache.prune_due()
    cache.close()


def test_after_a_prune_the_next_look_waits_for_twice_the_live_passages(tmp_path):
    cache = VectorCache(tmp_path / "cache.sqlite")
    live = [f"live sentence {i}" for i in range(1_500)]
    cache.put(_vectors(live + [f"stale {i}" for i in range(1_600)]))
    assert cache.prune_due() and cache.keep_only(live) == 1_600
    cache.put(_vectors([f"new {i}" for i in range(1_500)]))  # 3,000 rows: twice the live passages, not more
    assert not cache.prune_due()
    cache.put(_vectors(["one more"]))
    assert cache.prune_due()
    cache.close()


def test_a_cache_written_by_an_older_mem_is_counted_once(tmp_path):
    import sqlite3

    path = tmp_path / "cache.sqlite"
    cache = VectorCache(path)
    cache.put(_vectors([f"s{i}" for i in range(PRUNE_FROM + 1)]))
    cache.close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE prune_state")  # a file from before round 20
    cache = VectorCache(path)
    assert cache.prune_due()
    cache.close()


class _StandIn:
    def passages(self, texts: list[str]) -> list[array]:
        return [array("f", [1.0] * DIM) for _ in texts]


def test_no_ingest_leaves_a_served_sentence_without_its_vector(tmp_path, monkeypatch):
    # the lazy look changes when the live pages are read, never what a prune keeps: after every ingest of a run
    # that revises, replaces and adds pages across many prunes, every passage the answers serve has its vector
    from mem.core.config import Config
    from mem.core.text import vectors
    from mem.policies import ingest
    from mem.policies.ingest import _live_policy_texts, ingest_documents
    from mem.wiki.store import Wiki
    from mem.wiki.workspace import init_workspace

    monkeypatch.setattr(vectors, "load", lambda: _StandIn())
    monkeypatch.setattr(vectors, "PRUNE_FROM", 12)
    reads = []
    monkeypatch.setattr(ingest, "_live_policy_texts", lambda ws, wiki: reads.append(1) or _live_policy_texts(ws, wiki))
    workspace = init_workspace(tmp_path / "ws")
    config = Config.load(workspace=workspace, env={})
    pruned_to = []
    for k in range(16):
        source = tmp_path / f"page-{k % 3}.md"  # three documents, each revised again and again
        source.write_text(f"# Page {k % 3}\n\nThe fee is {k} euros. It is charged on day {k + 1}. "
                          f"Staff write to the customer within {k + 2} days.\n", encoding="utf-8")
        ingest_documents(workspace, [source], config=config, model="")
        served = vectors._passage_texts(_live_policy_texts(workspace, Wiki(workspace)))
        cache = VectorCache(workspace / ".mem" / vectors.CACHE_FILE)
        assert set(cache.get(served)) == set(served), k
        pruned_to.append(cache.count())
        cache.close()
    assert len(reads) < 16  # not every ingest read the wiki …
    assert any(b < a for a, b in zip(pruned_to, pruned_to[1:], strict=False))  # … and prunes happened
