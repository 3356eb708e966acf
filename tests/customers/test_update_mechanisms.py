"""Round eleven of update judgement: mechanisms that failed for several writers (docs/extraction.md, "Update
judgement", round eleven).

Each test is one mechanism, told in sentences of this file's own (none copied from a case file in scripts/), with a
look-alike that must not change the fact held.
"""

from __future__ import annotations

import pytest

from mem.customers import kinds

from .test_update_structure import _active, _run

# -- a wish taken back reaches the wish ------------------------------------------------------------------------

@pytest.mark.parametrize("sentence, lang, named", [
    ("Honestly, no need for the stickers anymore.", "en", "stickers"),
    ("이제 스티커는 따로 안 넣어 주셔도 돼요.", "ko", "스티커"),
    ("のし紙、もう付けるのやめてもらって大丈夫です。", "ja", "のし紙"),
])
def test_the_words_of_taking_back_are_left_out_of_what_is_named(sentence, lang, named):
    assert kinds.is_retraction(sentence, lang=lang)
    left = kinds.without_taking_back(sentence, lang=lang)
    assert named in left
    assert not kinds.is_retraction(left, lang=lang)


@pytest.mark.parametrize("sentence, lang, taking_back", [
    ("지난번에 말씀드린 리본 포장은 없던 걸로 해 주세요.", "ko", True),
    ("メッセージカードはもう入れるのやめてもらっていいです。", "ja", True),
    # look-alikes: a thing that never existed before, quitting one's own job
    ("요즘 전에 없던 일로 정신이 없어요.", "ko", False),
    ("会社をやめてもいいか迷っています。", "ja", False),
])
def test_a_wish_made_as_though_never_asked_or_the_service_let_off_is_taken_back(sentence, lang, taking_back):
    assert kinds.is_retraction(sentence, lang=lang) is taking_back


@pytest.mark.parametrize("conversations, old", [
    # one noun shared, outnumbered by the words of taking back
    ([[("customer", "매번 주문할 때 스티커 같이 넣어 주세요.")],
      [("customer", "이제 스티커는 따로 안 넣어 주셔도 돼요.")]], "스티커 같이"),
    ([[("customer", "届く箱は毎回リサイクル段ボールにしてほしいです。")],
      [("customer", "リサイクル段ボール、もうやめてもらって大丈夫です。箱は使わないので。")]], "毎回リサイクル"),
    # the retraction names nothing: the sentence before it in the turn does
    ([[("customer", "도시락에 김치는 항상 빼 주세요.")],
      [("customer", "김치 요즘은 잘 먹어요 ㅎㅎ 다시 넣어 주셔도 돼요")]], "김치는 항상"),
])
def test_a_wish_taken_back_in_few_words_is_retracted(isolated_env, tmp_path, conversations, old):
    with _run(tmp_path, conversations) as store:
        assert not any(old in text for text in _active(store))


def test_a_retraction_naming_nothing_after_an_unrelated_remark_leaves_the_wish(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "도시락에 김치는 항상 빼 주세요.")],
        [("customer", "날씨가 많이 풀렸네요 ㅎㅎ 다시 보내 주셔도 돼요")],
    ]) as store:
        assert any("김치는 항상" in text for text in _active(store))
