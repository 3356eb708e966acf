"""Round twenty, second wave, of update judgement (docs/extraction.md, "Twentieth round, second wave"): a value named
as not (or no longer) the customer's — "X, not Y", "Y 아니고 X", "Y이 아니라 X", "YじゃなくてX" — with no word of
mistake replaces the held fact that gave Y, when Y is part of a value the same customer gave in an earlier
conversation. Sentences are this file's own (none copied from a case file in scripts/).
"""

from __future__ import annotations

import pytest

from mem.customers.fact_candidates import _disowns_a_number
from mem.customers.judge import disowned_words

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, lang, words", [
    ("It's 63 Orchard Row, not 36.", "en", ["36"]),
    ("we're in Whitby now, not Scarborough", "en", ["Scarborough"]),
    ("이제 광주 아니고 목포예요.", "ko", ["광주"]),
    ("805호가 아니라 508호예요", "ko", ["805호"]),
    ("4-12じゃなくて4-21です", "ja", ["4-12"]),
])
def test_the_value_named_as_not_theirs_is_read(text, lang, words):
    assert disowned_words(text, lang) == words


@pytest.mark.parametrize("text, lang", [
    ("Just asking, not sure yet.", "en"),
    ("not switching anything, thanks", "en"),
    ("Texts please, not email.", "en"),
])
def test_no_value_without_one(text, lang):
    assert disowned_words(text, lang) == []


@pytest.mark.parametrize("first, second, old, new", [
    ("Please send the seeds to 63 Orchard Row, Whitby.", "It's 36 Orchard Row, not 63. Thanks!", "63 Orchard Row",
     "36 Orchard Row"),
    ("김치 배송지는 광주 북구 무등로 214, 805호예요.", "아 805호가 아니라 508호예요.", "805호예요", "508호"),
    ("お届け先は大阪市北区中津4-12-3です。", "中津4-12-3じゃなくて4-21-3です。", "中津4-12-3です", "4-21-3"),
])
def test_a_value_named_as_not_theirs_replaces_the_held_one(isolated_env, tmp_path, first, second, old, new):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second), ("agent", "OK.")]]) as store:
        active = _active(store)
        assert not any(old in text and new not in text for text in active)
        assert any(new in text for text in active)


def test_a_question_naming_another_value_keeps_the_held_one(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "저는 광주에 살아요. 정기 배송 신청할게요."), ("agent", "네.")],
        [("customer", "혹시 광주 아니고 목포로 보내도 되나요?"), ("agent", "네 가능합니다.")],
    ]) as store:
        assert any("광주에 살아요" in text for text in _active(store))


@pytest.mark.parametrize("unit", ["1 아니고 ", "a", "1", "not A1 ", "じゃなくて", "아니라", "12じゃなくて"])
def test_the_value_named_as_not_theirs_is_read_in_linear_time(unit, assert_linear):
    def read(text: str, lang: str) -> None:
        disowned_words(text, lang)
        _disowns_a_number(text, lang)

    for lang in ("en", "ko", "ja"):
        assert_linear(lambda n, lang=lang: read(unit * (n // len(unit)), lang), 200_000)
