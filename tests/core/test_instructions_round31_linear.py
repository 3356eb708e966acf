"""The thirty-first round's detectors (``ranked_texts``, ``spoken_keys``, ``claimed_terms``) read a run of blanks after
each head of each pattern in linear time. ``tests/test_pattern_scaling.py`` reads bare runs, where these patterns fail
at their first character; after "이름", "名前" or "먼저그" two ``\\s*`` around an optional particle split a run of
blanks n x n ways (review31). Customer messages are normalised (blanks collapsed) before these run, so the shape is
not reached there; the patterns are linear anyway."""

from __future__ import annotations

import re
import signal

import pytest

from mem.core.instructions import claimed_terms, ranked_texts, spoken_keys
from mem.core.text.pattern import LazyPattern
from tests.test_pattern_scaling import _scanner


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="the alarm that cuts a hanging run off")
def test_each_pattern_reads_blanks_after_its_heads_in_linear_time() -> None:
    scan = _scanner()
    slow = []
    for module in (ranked_texts, spoken_keys, claimed_terms):
        for name, obj in vars(module).items():
            pattern = obj.compiled if isinstance(obj, LazyPattern) else obj if isinstance(obj, re.Pattern) else None
            if pattern is None:
                continue
            for head in scan.heads(pattern):
                for blank in (" ", "\u3000"):
                    run = blank * 2000
                    first = min(scan.timed(pattern, head + run, 2.0) for _ in range(2))
                    if first < 0.008:
                        continue
                    second = min(scan.timed(pattern, head + run + run, 2.0) for _ in range(2))
                    if first >= 2.0 or second > 3.0 * first:
                        slow.append(f"{module.__name__}.{name} after {head!r}: {first:.3f} s → {second:.3f} s")
    assert slow == []
