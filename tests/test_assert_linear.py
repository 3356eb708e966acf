"""The shared growth check (``assert_linear`` in tests/conftest.py) can fail: a quadratic reader fails it, a linear
one passes, and a cheap one passes on its first run without more runs."""

from __future__ import annotations

from collections.abc import Callable

import pytest

# small sizes keep this test fast: the cheap bound is lowered so the few milliseconds they take are measured
CHEAP = 0.005


def _quadratic(n: int) -> int:
    return sum(j for i in range(n) for j in range(i))  # n²/2 steps: 720,000 at 1,200


def _linear(n: int) -> int:
    return sum(j for j in range(n * 600))  # the same 720,000 steps at 1,200, a quarter of them at 300


def test_a_quadratic_reader_fails_the_check(assert_linear: Callable[..., None]) -> None:
    with pytest.raises(AssertionError, match="not linear") as raised:
        assert_linear(_quadratic, 1200, cheap=CHEAP)
    assert " at 1200 against " in str(raised.value) and " at 300 " in str(raised.value)  # both times are named


def test_a_linear_reader_passes_the_check(assert_linear: Callable[..., None]) -> None:
    assert_linear(_linear, 1200, cheap=CHEAP)


def test_a_cheap_reader_is_run_once(assert_linear: Callable[..., None]) -> None:
    sizes: list[int] = []
    assert_linear(sizes.append, 200_000)
    assert sizes == [200_000]
