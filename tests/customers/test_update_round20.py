"""Round twenty of update judgement (docs/extraction.md, "A twentieth round"): someone else writing for the account
holder. A delegate's introduction ("I'm X's son", "X 님 아들인데요", "Xの息子です") is who writes, not a value; what
they tell of the holder by the words they call the holder by (엄마가, 父が, "her") is the holder's value; their own
contact details ("call me on…") are not.
Sentences are this file's own (none copied from a case file in scripts/).
"""

from __future__ import annotations

import pytest

from mem.customers.delegates import delegate_of, introduction

from .test_update_structure import _active, _run


@pytest.mark.parametrize("sentence, relation", [
    ("Hello, I'm Walter Grieve's grandson, Sam.", "grandson"),
    ("Hi, Priya Shah's husband here.", "husband"),
    ("Morning, it's Ada, Mr Lowe's carer.", "carer"),
    ("박영자 님 며느리인데요, 어머님이 이사하셨어요", "며느리"),
    ("안녕하세요 이정호 씨 아내입니다.", "아내"),
    ("中村花子の長男です。", "長男"),
    ("いつもお世話になっております。佐藤の家内です。", "家内"),
])
def test_a_delegate_introduction_is_read(sentence, relation):
    found = introduction(sentence)
    assert found is not None and found.group("rel") == relation


@pytest.mark.parametrize("sentence", [
    "I'm going to Tom's party on Friday.",
    "My son's school is on Park Road.",
    "딸이 학교에 다녀요.",
    "娘の学校が近いです。",
])
def test_no_introduction_without_one(sentence):
    assert introduction(sentence) is None


def test_the_holder_view_keeps_the_length_and_the_values():
    delegate = delegate_of(["佐藤の家内です。"])
    assert delegate is not None
    said = "主人が転勤になりまして、届け先は札幌市中央区北1条西2-3です。"
    view = delegate.view(said)
    assert len(view) == len(said) and "札幌市中央区北1条西2-3" in view and "主人" not in view
    child = delegate_of(["박영자 님 며느리인데요"])
    assert child is not None and child.view("어머님이 이사하셨어요") != "어머님이 이사하셨어요"


@pytest.mark.parametrize("first, second, old, new", [
    ("반찬 배달 신청해요. 주소는 광주 북구 용봉로 55예요.",
     "안녕하세요 박영자 님 며느리인데요, 어머님이 저희 집으로 들어오셔서 "
     "반찬 배달 주소를 광주 서구 상무대로 910, 3층으로 바꿔주세요.",
     "용봉로 55", "상무대로 910"),
    ("お弁当の宅配をお願いします。住所は岐阜市長良12-4です。",
     "中村花子の長男です。母が施設に入ったので、今後のお弁当は岐阜市鷺山1-8-3 ホームあおば105号室に届けてください。",
     "長良12-4", "鷺山1-8-3"),
])
def test_a_move_told_of_the_holder_by_a_delegate_replaces_the_holder_s_address(isolated_env, tmp_path, first,
                                                                                 second, old, new):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second), ("agent", "OK.")]]) as store:
        active = _active(store)
        assert not any(old in text and new not in text for text in active)
        assert any(new in text for text in active)


def test_the_introduction_is_no_fact_and_never_the_holder_s_name(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please deliver the pet food to 4 Quarry Lane, Buxton."), ("agent", "Done.")],
        [("customer", "Hello, I'm Walter Grieve's grandson, Sam. Grandad has moved in with my mum, so the food should "
                      "go to 22 Mill Brow, Buxton from now on."), ("agent", "Updated.")],
    ]) as store:
        assert not any("grandson" in text for text in _active(store))


@pytest.mark.parametrize("first, second, held", [
    ("Hello, please ring me on 01632 960871 about the visits.",
     "Hi, Ada here, Mr Lowe's carer. If nobody answers the door, call me on 07700 900655 and I'll come over.",
     "01632 960871"),
    ("연락은 010-2231-9088로 주세요.",
     "안녕하세요 이정호 씨 아내입니다. 급한 일 있으면 저한테 010-7765-1200으로 연락 주세요.",
     "010-2231-9088"),
])
def test_the_delegate_s_own_number_is_not_the_holder_s(isolated_env, tmp_path, first, second, held):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second), ("agent", "OK.")]]) as store:
        assert any(held in text for text in _active(store))


def test_without_a_delegate_a_relative_s_move_is_still_theirs(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "반찬 배달 신청해요. 주소는 광주 북구 용봉로 55예요."), ("agent", "네.")],
        [("customer", "어머니가 광주 서구 상무대로 910으로 이사하셨대요. 저는 그대로예요."), ("agent", "네.")],
    ]) as store:
        assert any("용봉로 55" in text for text in _active(store))


@pytest.mark.parametrize("unit", ["a ", "딸", "の娘", "'s son ", "엄마가 ", "A", "Aa's ", "Ann here, "])
def test_the_introduction_and_the_view_read_a_long_message_in_linear_time(unit, assert_linear):
    delegate = delegate_of(["박영자 님 딸인데요"])
    assert delegate is not None

    def read(text: str) -> None:
        introduction(text)
        delegate_of([text])
        delegate.view(text)

    assert_linear(lambda n: read(unit * (n // len(unit))), 200_000)
