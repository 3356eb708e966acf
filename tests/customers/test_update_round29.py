"""Round twenty-nine of update judgement (docs/extraction.md): a change not yet made. A change the customer asks for
and takes back later in the same message ("switch me to the Family plan … no, actually leave it as it is", "번호
바꿔 주세요 … 그냥 원래 거 그대로 두세요", "…に変えてもいいかなと思ったけど…やめときます") is kept as their words,
but the value held stays active. A take-back with nothing asked before it ("Actually keep the old one") still undoes a
change made in an earlier conversation.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import kept_slots

from .test_update_structure import _active, _run


@pytest.mark.parametrize(
    "sentences, slot",
    [
        (["Please move me to the Family plan, the kids need more data... no, actually leave it as it is."], "tier"),
        (["새 메일 minsu.k@example.net 으로 바꿔 주세요.", "아 잠깐만요, 그냥 원래 거 그대로 두세요."], "email"),
        (["プレミアムプランに変えてもいいかなと思ったけど…やめときます。", "このままで。"], "tier"),
        (["could you ring me instead of emailing", "nah forget it, email's fine"], None),
    ],
)
def test_a_change_taken_back_in_the_same_message_keeps_its_slot(sentences, slot):
    kept = kept_slots(sentences)
    assert kept if slot is None else slot in kept


@pytest.mark.parametrize(
    "sentences",
    [
        ["Actually keep the old one, we're staying put."],  # nothing asked before it: an undo of an earlier change
        ["My new number is 07700 900555."],  # a change with no take-back
        ["그냥 원래 거 그대로 두세요."],
        ["Never mind the old address, the new one is 9 Kiln Row, Frome."],  # the change comes after the words
    ],
)
def test_no_take_back_or_nothing_asked_before_it_keeps_nothing(sentences):
    assert kept_slots(sentences) == frozenset()


def test_a_take_back_that_names_its_slot_keeps_only_that_one():
    kept = kept_slots(["住所は大阪市北区梅田1-2-3に変えてください。", "電話番号は今のままで。"])
    assert "address" not in kept


def test_a_change_taken_back_in_the_same_message_leaves_the_plan_held(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "I'm on your Standard plan for the flat."), ("agent", "Yes, Standard at £9 a month.")],
            [
                (
                    "customer",
                    "Please switch me to the Premium plan... no, actually leave it as it is, "
                    "I can't afford it this winter.",
                ),
                ("agent", "No problem, you stay on Standard."),
            ],
        ],
    ) as store:
        assert any("Standard plan" in text for text in _active(store))


def test_a_change_made_without_a_take_back_still_replaces_the_plan(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "I'm on your Standard plan for the flat."), ("agent", "Yes, Standard at £9 a month.")],
            [("customer", "Please switch me to the Premium plan from next month."), ("agent", "Done.")],
        ],
    ) as store:
        assert not any("Standard plan" in text for text in _active(store))


def test_a_change_taken_back_after_the_agents_read_back_leaves_the_address_held(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "배송지는 부산 해운대구 센텀중앙로 55, 802호 입니다."), ("agent", "네, 등록했습니다.")],
            [
                ("customer", "이번 주부터 배송지를 서울 강남구 테헤란로 301, 5층으로 해 주실 수 있을까요?"),
                ("agent", "네, 배송지를 서울 강남구 테헤란로 301, 5층으로 변경해 드릴까요?"),
                ("customer", "아 잠깐만요. 거기는 택배를 안 받는대요. 죄송하지만 원래 주소 그대로 두세요."),
                ("agent", "알겠습니다. 기존 주소로 유지합니다."),
            ],
        ],
    ) as store:
        assert any("센텀중앙로 55" in text for text in _active(store))


def test_a_later_turn_without_take_back_words_keeps_the_change(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [("customer", "배송지는 부산 해운대구 센텀중앙로 55, 802호 입니다."), ("agent", "네, 등록했습니다.")],
            [
                ("customer", "이번 주부터 배송지를 서울 강남구 테헤란로 301, 5층으로 바꿔 주세요."),
                ("agent", "네, 배송지를 서울 강남구 테헤란로 301, 5층으로 변경해 드릴까요?"),
                ("customer", "네 그렇게 해 주세요."),
                ("agent", "변경했습니다."),
            ],
        ],
    ) as store:
        assert not any("센텀중앙로 55" in text for text in _active(store))


def test_another_value_said_to_stay_beside_the_change_is_no_take_back():
    # the invoices' address named as a topic stays; the statements' e-mail does change
    assert (
        kept_slots(["정산 메일만 바꿀게요! new.mail@example.net 으로요.", "계산서 쪽은 그대로 두시면 돼요."])
        == frozenset()
    )


@pytest.mark.parametrize(
    "later",
    [
        "Never mind the tracking question from before, I found it. Thanks!",
        "On second thought, could you also add gift wrap to the next box?",
    ],
)
def test_take_back_words_in_a_later_turn_about_something_else_leave_the_change_made(isolated_env, tmp_path, later):
    # (review29) "never mind", "on second thought" are said of anything: a later turn naming no slot the change set
    # undid the whole change, so the old address stayed active beside the new one
    with _run(
        tmp_path,
        [
            [("customer", "My address is 4 Elm Street, Leeds LS1 2AB."), ("agent", "Thanks, noted.")],
            [
                ("customer", "I've moved, please change my address to 9 Kiln Row, Frome BA11 1AA."),
                ("agent", "Done, your address is now 9 Kiln Row."),
                ("customer", later),
                ("agent", "Great!"),
            ],
        ],
    ) as store:
        active = _active(store)
        assert any("Kiln Row" in text for text in active) and not any("Elm Street" in text for text in active)


@pytest.mark.parametrize(
    "sentences, kept",
    [
        # (review29) words that drop another thing, or a change of mind about something else, keep no change back
        (
            [
                "Please change my address to 9 Kiln Row, Frome BA11 1AA.",
                "Never mind the tracking question, I found it.",
            ],
            frozenset(),
        ),
        (
            [
                "Please change my address to 9 Kiln Row, Frome BA11 1AA.",
                "On second thought, could you also add gift wrap?",
            ],
            frozenset(),
        ),
        (["My new number is 07700 900555.", "Oh and forget that voucher I mentioned, I used it."], frozenset()),
        # ... their twins, which do take the change back
        (["Please change my address to 9 Kiln Row.", "Never mind that, sorry."], frozenset({"address"})),
        (["Could you switch me to the Plus plan?", "On second thought, no."], frozenset({"tier"})),
        (["Could you switch me to the Plus plan?", "Never mind."], frozenset({"tier"})),
    ],
)
def test_take_back_words_about_another_thing_in_the_same_message_keep_no_change(sentences, kept):
    assert kept_slots(sentences) == kept
