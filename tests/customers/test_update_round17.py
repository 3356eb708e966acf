"""Round seventeen of update judgement (docs/extraction.md, "Update judgement", round seventeen): a value for one time
read over a burst of messages, a change undone in a later conversation, and names given without a verb.

Sentences are this file's own (none copied from a case file in scripts/); each mechanism has a look-alike that must
change the fact held.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import find_slot, kept_for_once, made_lasting, restores_earlier

from .test_update_structure import _active, _run

# -- a value for one time, said over several messages ----------------------------------------------------------------


@pytest.mark.parametrize("sentences, reply, kept", [
    # the one time said in a message of its own
    (["could the next box go to my brother's", "only this one", "he's at 4 Dale Row, Kirkby"], "", True),
    # ... or by the agent's answer to the burst
    (["can the parcel go to work, 7 Mint Lane"], "Of course, this parcel only to Mint Lane.", True),
    (["이번 박스만 회사로 받을게요", "부산 해운대구 센텀로 10"], "", True),
    (["今月分のみ実家にお願いします", "静岡市葵区1-2-3"], "", True),
    # a change announced in the burst is no one-time value, whatever the agent adds
    (["new address is 9 Fern Way, Kirkby", "from now on please"], "Done, just this once we'll also text you.", False),
    # "only until this month" is no one time ("이번 달까지만"), nor "from this month" ("이번 달부터 저녁에만")
    (["이번 달까지만 받을게요"], "", False),
    (["이번 달부터 저녁에만 배송해 주세요"], "", False),
])
def test_a_value_for_one_time_is_read_over_the_burst(sentences, reply, kept):
    assert bool(kept_for_once(sentences, reply) & {"address", "email", "phone"}) == kept


@pytest.mark.parametrize("text, lasting", [
    ("cheers, and use that one for the future too", True),
    ("앞으로도 그 번호로 연락 주세요", True),
    ("今後もそちらでお願いします", True),
    ("thanks, that's all for now", False),
    ("앞에 두고 가셔도 돼요", False),
])
def test_a_later_message_making_a_value_lasting(text, lasting):
    assert made_lasting(text) == lasting


def test_a_second_address_for_one_delivery_told_in_a_burst_keeps_the_held_one(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please post the seeds to 12 Abbey Walk, Leek ST13 5AA."), ("agent", "Will do.")],
        [("customer", "hello"), ("customer", "can the march seeds go to my aunt's"), ("customer", "only this one"),
         ("customer", "8 Vale Close, Buxton SK17 6DD"), ("agent", "Sure, March to Buxton, then back to Leek.")],
    ]) as store:
        assert any("Abbey Walk" in text for text in _active(store))


def test_a_new_address_told_in_a_burst_still_replaces_the_held_one(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please post the seeds to 12 Abbey Walk, Leek ST13 5AA."), ("agent", "Will do.")],
        [("customer", "hello"), ("customer", "we moved house last week"), ("customer", "new address is"),
         ("customer", "8 Vale Close, Buxton SK17 6DD"), ("agent", "Updated, thank you.")],
    ]) as store:
        assert not any("Abbey Walk" in text for text in _active(store))


def test_an_answer_to_the_agents_question_for_the_new_value_is_no_value_kept(isolated_env, tmp_path):
    # "as before" about something else, in an answer to "What's the new address?": the change was announced
    with _run(tmp_path, [
        [("customer", "Please send the filters to 5 Ash Grove, Bath BA1 2AA."), ("agent", "Sure.")],
        [("customer", "we've moved so the filters need to go to the new place"),
         ("agent", "What's the new address?"),
         ("customer", "It's 2 Kiln Yard, Frome BA11 1AA. Same gate code as before.")],
    ]) as store:
        assert not any("Ash Grove" in text for text in _active(store))


def test_a_value_for_one_time_made_lasting_later_in_the_conversation_replaces_the_held_one(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Driver can call +44 7700 900123 when he's outside"), ("agent", "Noted.")],
        [("customer", "could the driver ring my work mobile for the next drop, my usual one will be off: 07700 900456"),
         ("customer", "07700 900456 to be clear"), ("agent", "Noted for the next drop."),
         ("customer", "actually keep that one for the future too")],
    ]) as store:
        assert not any("07700 900123" in text for text in _active(store))


def test_the_agent_saying_one_time_only_keeps_the_held_email(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "연락은 minji.oh@example.kr 로 주세요"), ("agent", "네 그 메일로 보내드릴게요.")],
        [("customer", "세금계산서는 회사 메일로 부탁드려요"), ("customer", "tax@example-corp.kr"),
         ("agent", "이번 세금계산서만 회사 메일로 보내드릴게요.")],
    ]) as store:
        assert any("minji.oh@example.kr" in text for text in _active(store))


# -- a change undone in a later conversation -------------------------------------------------------------------------


@pytest.mark.parametrize("text, back", [
    ("so back to the old one please, the new sim never worked", True),
    ("ended up keeping my old number after all", True),
    ("예전처럼 해 주세요~", True),
    ("やっぱり元に戻してもらえますか", True),
    ("back to the shop tomorrow to pick it up", False),
    ("원래 좀 늦게 받는 편이에요", False),
])
def test_a_message_asking_for_the_value_before_a_change(text, back):
    assert restores_earlier(text) == back


def test_a_change_undone_in_a_later_conversation_brings_the_held_value_back(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Please ring me on 07700 900555 about the repair."), ("agent", "Noted.")],
        [("customer", "new phone number: 07700 900666, the old one is going"), ("agent", "Updated.")],
        [("customer", "sorry, the switch fell apart, so back to the old one please"),
         ("agent", "No problem, switched back.")],
    ]) as store:
        active = _active(store)
        assert any("07700 900555" in text for text in active)
        assert not any("07700 900666" in text for text in active)
        restored = next(f for f in store.facts.list(statuses=["active"]) if "07700 900555" in f.text)
        assert restored.superseded_by is None
        assert any(h.action == "restored" for h in store.facts.history(restored.id))


def test_going_back_in_a_later_conversation_without_a_change_before_it_restores_nothing(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "택배는 경비실에 맡겨주세요"), ("agent", "네 경비실로 등록했어요.")],
        [("customer", "원래대로 해주세요~"), ("agent", "네.")],
    ]) as store:
        assert any("경비실" in text for text in _active(store))
        assert not store.facts.list(statuses=["replaced"])


def test_a_delivery_change_gone_back_on_restores_the_first_wish(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "택배는 경비실에 맡겨주세요"), ("agent", "네 경비실로 등록했어요.")],
        [("customer", "다음 달부터는 문 앞에 놓아주세요"), ("agent", "네 문 앞으로 변경했어요.")],
        [("customer", "문 앞은 자꾸 분실돼서요"), ("customer", "원래대로 해주세요~"), ("agent", "네 다시 돌려놨어요.")],
    ]) as store:
        assert any("경비실" in text for text in _active(store))


# -- names given without a verb --------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, value", [
    ("Name's Joanna Pike, I'm after a refill", "Joanna Pike"),
    ("Booking name Tom Ashby.", "Tom Ashby"),
    ("Hi, I ordered a rug under Ruth Kemble last week", "Ruth Kemble"),
    ("Since the wedding I'm now Ruth Vance.", "Ruth Vance"),
    ("주문자 박지호예요 안경 수리 맡겼어요", "박지호"),
    ("이제 이름이 박서하입니다.", "박서하"),
    ("申込者は木村真由美です。", "木村真由美"),
    ("体験を予約した木村真由美です。", "木村真由美"),
    # look-alikes: no name
    ("I booked it under pressure, sorry", None),
    ("the name's spelt with two t's", None),
    ("이름이 너무 길어서요", None),
    ("昨日予約した時間帯です。", None),
])
def test_a_name_given_without_a_verb(text, value):
    found = find_slot(text)
    assert (found.value if found is not None and found.name == "name" else None) == value


def test_the_value_before_a_change_asked_for_again_restores_its_fact(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "배송은 오전에 해 주세요"), ("agent", "네 오전 배송으로 등록했어요.")],
        [("customer", "다음 달부터는 저녁 배송으로 바꿔 주세요"), ("agent", "네 저녁 배송으로 변경했어요.")],
        [("customer", "다시 원래대로 오전 배송으로 해 주세요. 일정이 예전처럼 돌아왔어요"),
         ("agent", "네 오전 배송으로 돌려드렸어요.")],
    ]) as store:
        active = _active(store)
        assert any("오전에 해 주세요" in text for text in active)
        assert not any("저녁 배송으로 바꿔" in text for text in active)


def test_another_value_asked_for_after_a_change_restores_nothing(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "배송은 오전에 해 주세요"), ("agent", "네 오전 배송으로 등록했어요.")],
        [("customer", "다음 달부터는 저녁 배송으로 바꿔 주세요"), ("agent", "네 저녁 배송으로 변경했어요.")],
        [("customer", "원래대로 하려다가 그냥 오후 배송으로 해 주세요"), ("agent", "네 오후 배송으로 변경했어요.")],
    ]) as store:
        assert not any("오전에 해 주세요" in text for text in _active(store))


@pytest.mark.parametrize("text, place", [
    ("문 앞에 두면 비에 젖어서요", None),  # a condition: why not there
    ("현관 앞에 두시면 돼요", "현관 앞"),  # leave to leave it there is a wish
    ("경비실에 맡겨 주세요", "경비실"),
])
def test_a_drop_point_in_a_condition_is_no_wish(text, place):
    found = find_slot(text)
    assert (found.value if found is not None and found.name == "delivery_place" else None) == place
