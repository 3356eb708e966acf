from __future__ import annotations

from mem.customers.sentences import split_sentences


def texts(message: str) -> list[str]:
    return [s.text for s in split_sentences(message)]


def test_english_punctuation_abbreviations_and_numbers():
    assert texts("Hi Mr. Smith. I paid 3.5 dollars! Can I get a refund? Thanks") == [
        "Hi Mr. Smith.", "I paid 3.5 dollars!", "Can I get a refund?", "Thanks",
    ]


def test_japanese_full_width_punctuation_needs_no_space():
    assert texts("昨日注文しました。返金できますか？はい") == ["昨日注文しました。", "返金できますか？", "はい"]


def test_korean_endings_split_without_punctuation():
    assert texts("연간 계약이라서 예외로 해 주세요 어제 주문했어요 감사합니다.") == [
        "연간 계약이라서 예외로 해 주세요", "어제 주문했어요", "감사합니다.",
    ]


def test_korean_noun_ending_in_da_is_not_a_boundary():
    assert texts("바다 보러 가고 싶어요") == ["바다 보러 가고 싶어요"]


def test_spans_are_exact_slices_of_the_message():
    message = "  First one.  Second one!\nThird"
    for sentence in split_sentences(message):
        assert message[sentence.start:sentence.end] == sentence.text
    assert texts(message) == ["First one.", "Second one!", "Third"]
