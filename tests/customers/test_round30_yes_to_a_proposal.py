"""Thirtieth round: a yes to the agent's proposal takes the one value the proposal names (docs/extraction.md, "A yes
to a proposal", yes30).

Two misreadings threw away the sentence that names the value: the agent-speaking-of-itself guard matched inside other
words (the Korean "제가" inside "요금제가", the English "me" at the end of an address "….proton.me"), and a reply
with no letters of its own ("👍") was read with the Korean rules whatever the proposal's language. Sentences are this
file's own, each with a look-alike that must still read as before.
"""

from __future__ import annotations

import pytest

from mem.customers.slots import proposed_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize("customer, agent, name, value", [
    # "요금제가" is a plan and a subject particle, not the agent's "제가"
    ("네 그렇게 해주세요", "주말에 많이 쓰시면 무제한 요금제가 더 나아요. 바꿔 드릴까요?", "tier", "무제한"),
    # a domain ending in "me" is no "me"
    ("yes please", "Our records show olu.b@mailbox.me on the invoice. Shall I update your contact email to that?",
     "email", "olu.b@mailbox.me"),
    # a reaction only: the proposal's own language reads it
    ("👍", "Thanks! That postcode is Ripon - shall I set your town to Ripon from now on?", "residence", "Ripon"),
    ("yes that's right 🙏", "So Telegram from now on instead of SMS?", "contact_channel", "telegram"),
    ("👍", "그럼 거주지를 세종으로 변경해 드릴까요?", "residence", "세종"),
])
def test_the_value_the_proposal_names_is_read(customer, agent, name, value):
    found = proposed_slot(customer, agent, "")
    assert found is not None and (found.name, found.value.lower()) == (name, value.lower())


@pytest.mark.parametrize("customer, agent", [
    # the agent does speak of itself: its own name is not the customer's
    ("네 알겠어요", "제가 담당 김하늘입니다. 이름을 바꿔 드릴까요?"),
    ("yes", "Hi, it's Priya here, my name is on the ticket. Shall I update the ticket for you?"),
    # a reaction to a question that names no value
    ("👍", "Shall I update your details?"),
])
def test_no_value_when_the_proposal_names_none(customer, agent):
    assert proposed_slot(customer, agent, "") is None


def test_a_yes_to_a_plan_named_before_the_question_replaces_the_held_plan(isolated_env, tmp_path):
    conversations = [
        [("customer", "가게 포스는 기본 요금제 쓰고 있어요.")],
        [("customer", "요즘 매장이 두 개라 기기를 더 붙여야 해요."),
         ("agent", "기기가 많으시면 멀티 요금제가 더 저렴해요. 바꿔 드릴까요?"),
         ("customer", "네 그걸로 해주세요")],
    ]
    with _run(tmp_path, conversations) as store:
        assert not any("기본 요금제" in text for text in _active(store))
        first = store.facts.search("포스 요금제", limit=3)[0].fact
        assert first.agreement and "멀티 요금제" in " ".join(e.quote for e in first.evidence if e.role == "agent")
