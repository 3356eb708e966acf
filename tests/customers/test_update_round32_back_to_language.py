"""Round thirty-two of update judgement (docs/extraction.md, "decisions that take several turns"): the language
asked for again after a change, or asked to go back to, is read as the language wished — "다시" between the language
and the verb ("중국어로 다시 해주세요"), the language to change or go back to ("日本語に戻してください", "영어로
바꿔 주세요") and the request written in kana ("英語でおねがいします"). A language only asked about, or a change only
wondered about, is not a wish.

Sentences are this file's own (none copied from a case file in scripts/), each with a look-alike.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize(
    "text, value",
    [
        ("음 역시 안 되겠네요 중국어로 다시 해주세요", "Chinese"),
        ("죄송한데 일본어로 다시 부탁드려요", "Japanese"),
        ("앞으로는 영어로 바꿔 주세요", "English"),
        ("메일은 한국어로 돌려 주세요", "Korean"),
        ("やっぱり韓国語に戻してください", "Korean"),
        ("来月から英語に変えてもらえますか", "English"),
        ("すみません、日本語に戻して。", "Japanese"),
        ("やっぱり中国語でおねがいします", "Chinese"),
    ],
)
def test_a_language_asked_for_again_or_back_is_read(text, value):
    slot = find_slot(text)
    assert slot is not None and slot.name == "language" and slot.value == value


@pytest.mark.parametrize(
    "text",
    [
        "영어로 바꿀 수 있어요?",
        "英語に変えられますか？",
        "日本語に戻してみようかな",
        "그 책 다시 주문해 주세요",
        "元の住所に戻してください",
    ],
)
def test_a_change_only_wondered_about_or_another_thing_put_back_is_no_language(text):
    slot = find_slot(text)
    assert slot is None or slot.name != "language"


def test_a_language_changed_put_back_and_changed_again_ends_on_the_last(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "안내 메일은 지금처럼 한국어로 보내주세요"), ("agent", "네, 한국어로 보내 드리겠습니다.")],
        [("customer", "이제부터 중국어로 답변해 주세요. 어머니가 읽으실 거예요"), ("agent", "네, 중국어로 바꿨습니다."),
         ("customer", "아 근데 제가 확인해야 하니까 한국어로 다시 해주세요"),
         ("agent", "네, 다시 한국어로 보내 드릴게요.")],
        [("customer", "어머니가 직접 하신대요, 중국어로 해주세요 이번엔 진짜로요"),
         ("agent", "네, 중국어로 답변드리겠습니다.")],
    ]) as store:
        active = _active(store)
        assert not any("한국어로" in text and "중국어" not in text for text in active)
        assert any("중국어로 해주세요" in text for text in active)


def test_a_language_put_back_in_japanese_replaces_the_change(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "これからは英語で返信してください"), ("agent", "承知しました。英語でお返事します。")],
        [("customer", "やっぱり日本語に戻してください。英語は読むのに時間がかかって"), ("agent", "かしこまりました。")],
    ]) as store:
        active = _active(store)
        assert not any("英語で返信" in text for text in active)
        assert any("日本語に戻して" in text for text in active)
