"""Round twenty-nine of update judgement (docs/extraction.md): a delivery wish called off by naming it, with no new
place said — "the porch thing is cancelled" in Korean ("현관 얘기는 취소요"), the matter as the topic of "no longer
needed" in Japanese ("宅配ボックスNGの件、もう大丈夫です"), a wish where deliveries are to be left told as an event
("just leave the boxes behind the bins") taken back by a clause before a spaced dash — takes the held wish back.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers import kinds
from mem.customers.judge import _clauses

from .test_update_reading import _run


@pytest.mark.parametrize(
    "text",
    ["현관 얘기는 취소요~", "그 건은 취소예요.", "택배함 부분은 취소입니다"],
)
def test_a_korean_matter_called_off_in_a_word_is_a_retraction(text):
    assert kinds.is_retraction(text, lang="ko")


@pytest.mark.parametrize(
    "text",
    ["주문 취소요?", "취소요청 어떻게 해요?", "그 건은 취소요청 중이에요"],
)
def test_a_question_about_cancelling_is_no_retraction(text):
    assert not kinds.is_retraction(text, lang="ko")


def test_a_spaced_dash_ends_a_clause_and_a_hyphen_does_not():
    assert _clauses("no more porch drops - the dog chews them") == ["no more porch drops", "the dog chews them"]
    assert _clauses("the drop-off point is fine") == ["the drop-off point is fine"]


def _active(store) -> list[str]:
    return [f.text for f in store.facts.list(statuses=["active"])]


@pytest.mark.parametrize(
    "wish, other, off, held",
    [
        (
            "Deliveries can come any weekday, just leave the boxes behind the green bins, nobody's in.",
            "What time does the driver usually come?",
            "actually don't leave anything behind the bins anymore - a fox got into the last lot.",
            "behind the green bins",
        ),
        (
            "택배는 꼭 관리실에 맡겨 주세요. 집에 사람이 없어요",
            "배송비는 얼마예요?",
            "관리실 얘기는 취소요~ 이제 집에 어머니가 계세요",
            "관리실에 맡겨",
        ),
        (
            "割れ物なので置き配はやめてください",
            "送料はいくらですか",
            "置き配NGの件、もう大丈夫です。在宅勤務になったので",
            "置き配はやめて",
        ),
    ],
)
def test_a_delivery_wish_called_off_by_name_is_taken_back(isolated_env, tmp_path, wish, other, off, held):
    conversations = [[("customer", wish)], [("customer", other)], [("customer", off)]]
    with _run(tmp_path / "off", conversations) as store:
        assert not any(held in text for text in _active(store))


@pytest.mark.parametrize(
    "wish, off, held",
    [
        (
            # a thing that happened, not where deliveries go: "I left the boxes behind the bins" asks nothing
            "I left the empty boxes behind the green bins on Monday.",
            "actually don't send the catalogue anymore - I never read it.",
            "behind the green bins",
        ),
        (
            # another matter called off: the wish about the parcels stays
            "택배는 꼭 관리실에 맡겨 주세요. 집에 사람이 없어요",
            "포장 얘기는 취소요~ 그냥 보내 주세요",
            "관리실에 맡겨",
        ),
        (
            "割れ物なので置き配はやめてください",
            "領収書の件、もう大丈夫です。",
            "置き配はやめて",
        ),
    ],
)
def test_another_matter_called_off_leaves_the_delivery_wish(isolated_env, tmp_path, wish, off, held):
    conversations = [[("customer", wish)], [("customer", off)]]
    with _run(tmp_path / "kept", conversations) as store:
        assert any(held in text for text in _active(store))


@pytest.mark.parametrize(
    "conversations, query, code",
    [
        (
            [[("customer", "중고 카메라 매입 신청했어요.")], [("customer", "접수 확인 문자에 KR-40917이라고 왔어요.")]],
            "중고 카메라 매입 접수번호",
            "KR-40917",
        ),
        (
            [
                [("customer", "すみません、注文した靴の番号が分からなくなりました")],
                [("customer", "靴の控えが見つかりました。SH-77120 です")],
            ],
            "靴の注文番号",
            "SH-77120",
        ),
        (
            [[("customer", "I booked the boat trip for Saturday.")], [("customer", "The confirmation says BT-55302.")]],
            "the customer's boat trip booking reference",
            "BT-55302",
        ),
    ],
)
def test_a_code_answers_a_question_about_an_order_or_a_reference_first(
    isolated_env, tmp_path, monkeypatch, conversations, query, code
):
    from mem.customers import fact_index

    with _run(tmp_path / "code", conversations) as store:
        assert code in store.facts.search(query, limit=3)[0].fact.text
    # without the code's shape read as the order slot, the sentence naming the order ranks first
    monkeypatch.setattr(fact_index, "_SHAPE_SLOTS", frozenset({"email", "phone"}))
    with _run(tmp_path / "plain", conversations) as store:
        assert code not in store.facts.search(query, limit=3)[0].fact.text


def test_a_code_fills_the_order_bit_and_a_size_or_a_date_does_not():
    from mem.customers.fact_index import _SLOT_CODES, _shape_codes
    from mem.customers.fact_record import Evidence, Fact

    def bits(words: str) -> int:
        return _shape_codes(Fact.new("event", words, evidence=[Evidence("c0", "t0", "customer", words)]))

    assert bits("My order is ZX-40213.") & _SLOT_CODES["order"]
    assert not bits("It arrived on 12-03 in size 42.") & _SLOT_CODES["order"]
    assert not bits("I ordered the blue one, size 42.") & _SLOT_CODES["order"]
