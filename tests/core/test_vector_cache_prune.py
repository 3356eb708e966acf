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
