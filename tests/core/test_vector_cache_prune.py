"""The sentence-vector cache drops the vectors no live sentence has once it has grown well past what the
live pages need (new-user report 19 section 11: it kept every sentence any of 300 revisions ever had)."""

from __future__ import annotations

from array import array

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
