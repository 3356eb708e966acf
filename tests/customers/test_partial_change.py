"""Round thirty of update judgement (docs/extraction.md): a change to part of a value. The customer names only the
part that changed ("it's 27 not 72", "502 아니고 205예요", "308じゃなくて803です", "部屋番号だけ変わって110です"); the
agent's reply writes the whole new value. Memory holds that whole value in place of the held fact, which stays in
history; a part that cannot be placed once composes nothing and leaves the value held active.

Sentences are this file's own (none copied from a case file in scripts/), each with look-alikes.
"""

from __future__ import annotations

import pytest

from mem.customers.fact_record import Evidence, Fact
from mem.customers.partial_change import named_parts, partial_change

from .test_update_structure import _active, _run


def _held(words: str) -> Fact:
    return Fact.new("event", words, evidence=(Evidence(log_id="l", turn="t", role="customer", quote=words),))


@pytest.mark.parametrize(
    "text, parts",
    [
        ("oops, it's 27 not 72, the rest is fine", [("27", "72")]),
        ("sorry, flat 6 not flat 9", [("6", "9")]),
        ("502 아니고 205예요", [("205", "502")]),
        ("끝자리가 3이 아니고 8이에요", [("8", "3")]),
        ("308じゃなくて803です", [("803", "308")]),
        ("部屋番号だけ変わって110です", [("110", None)]),
        ("My new address is 4 Mill Lane.", []),  # a whole value: no part
        ("I need 2 not 3 boxes? no, wait", [("2", "3")]),  # read, but placed only where the agent writes it
        ("전화번호만 바뀌었어요 010-5555-1212", []),  # "번호만" is no room number ("호만" inside it)
    ],
)
def test_the_parts_a_message_changes(text, parts):
    assert named_parts(text) == parts


def test_the_new_whole_value_is_the_agents_words_around_the_part():
    held = [_held("Ship it to 72 Orchard Way, Leeds LS6 2AB please")]
    change = partial_change("oops, it's 27 not 72", "Fixed: 27 Orchard Way, Leeds LS6 2AB from today.", held)
    assert change is not None and change.value.startswith("27 Orchard Way, Leeds LS6 2AB")
    assert change.target is held[0]


def test_a_part_the_agent_does_not_write_composes_nothing():
    held = [_held("Ship it to 72 Orchard Way, Leeds LS6 2AB please")]
    assert partial_change("oops, it's 27 not 72", "Thanks, noted.", held) is None
    # the agent writes the number, but not beside the held words around the old one
    assert partial_change("oops, it's 27 not 72", "You have 27 days to return it.", held) is None


def test_a_part_placed_in_two_ways_composes_nothing():
    held = [_held("Unit 4, 4 Dock Road, Hull")]
    # "4" twice in the held words, and the agent's sentence fits both spots as well
    assert partial_change("sorry 5 not 4", "So it's Unit 5, 5 Dock Road?", held) is None


def test_the_last_digit_is_read_at_the_end_of_a_longer_number():
    held = [_held("보증번호 KT-551203 맞나요")]
    change = partial_change("끝자리가 3이 아니고 8이에요", "KT-551208로 고쳤습니다.", held)
    assert change is not None and change.value == "KT-551208"


def test_a_flat_number_changed_in_part_replaces_the_held_address(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [
                ("customer", "Please send the new filters to Flat 9, 30 Tanner Street, Bristol BS2 0QX."),
                ("agent", "Will do, they go out to Flat 9, 30 Tanner Street, Bristol BS2 0QX on Friday."),
            ],
            [
                ("customer", "argh the parcel went next door, I'm flat 6 not flat 9, sorry"),
                ("agent", "No worries, I've updated it to Flat 6, 30 Tanner Street, Bristol BS2 0QX."),
            ],
        ],
    ) as store:
        active = _active(store)
        assert not any("Flat 9, 30 Tanner" in text and "Flat 6" not in text for text in active)
        assert any("Flat 6, 30 Tanner Street" in text for text in active)
        first = store.facts.search("what is the customer's address", limit=1)[0].fact
        assert "Flat 6, 30 Tanner Street" in first.text and first.agreement
        replaced = [f for f in store.facts.list(statuses=["replaced"]) if "Flat 9, 30 Tanner" in f.text]
        assert replaced and replaced[0].superseded_by is not None


def test_a_room_number_in_japanese_replaces_the_held_address(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [
                ("customer", "送り先は大阪市北区天満2-4-6 リバーハイツ天満308号室です。"),
                ("agent", "承知しました。リバーハイツ天満308号室へお送りします。"),
            ],
            [
                ("customer", "すみません、308じゃなくて803でした。"),
                ("agent", "大阪市北区天満2-4-6 リバーハイツ天満803号室に修正しました。"),
            ],
        ],
    ) as store:
        assert not any("308号室です" in text for text in _active(store))
        assert any("天満803号室" in text for text in _active(store))


def test_a_read_back_the_customer_does_not_agree_to_changes_nothing(isolated_env, tmp_path):
    with _run(
        tmp_path,
        [
            [
                ("customer", "Please send the new filters to Flat 9, 30 Tanner Street, Bristol BS2 0QX."),
                ("agent", "Will do, they go out on Friday."),
            ],
            [
                ("customer", "hmm is it flat 6 not flat 9 on the label?"),
                ("agent", "Should it be Flat 6, 30 Tanner Street, Bristol BS2 0QX instead?"),
                ("customer", "no no, 9 is right, I was reading my neighbour's letter"),
            ],
        ],
    ) as store:
        assert any("Flat 9, 30 Tanner Street" in text for text in _active(store))
        assert not any(f.agreement and "Flat 6, 30 Tanner" in f.text for f in store.facts.list(statuses=["active"]))


@pytest.mark.parametrize(
    "refusal",
    [
        "Sorry, I can't change it to Flat 6, 30 Tanner Street, Bristol BS2 0QX until the account holder confirms.",
        "죄송하지만 Flat 6, 30 Tanner Street, Bristol BS2 0QX 로는 변경할 수 없습니다.",
    ],
)
def test_a_refused_change_writes_no_value(isolated_env, tmp_path, refusal):
    # the agent writes the composed value only to refuse it: the held address stays, no agreement is stored
    with _run(
        tmp_path,
        [
            [
                ("customer", "Please send the new filters to Flat 9, 30 Tanner Street, Bristol BS2 0QX."),
                ("agent", "Will do, they go out to Flat 9, 30 Tanner Street, Bristol BS2 0QX on Friday."),
            ],
            [
                ("customer", "argh the parcel went next door, I'm flat 6 not flat 9, sorry"),
                ("agent", refusal),
            ],
        ],
    ) as store:
        assert not any(f.agreement and "Flat 6, 30 Tanner" in f.text for f in store.facts.list(statuses=["active"]))


@pytest.mark.parametrize(
    "reply",
    [
        "Thanks for flagging it! Sadly we can't change it to Flat 6, 30 Tanner Street, Bristol BS2 0QX by chat.",
        "알려 주셔서 감사합니다. 다만 Flat 6, 30 Tanner Street, Bristol BS2 0QX 로는 변경할 수 없습니다.",
        "ご連絡ありがとうございます。ただ、Flat 6, 30 Tanner Street, Bristol BS2 0QXへの変更はできません。",
        "Thanks! Just to check, do you mean Flat 6, 30 Tanner Street, Bristol BS2 0QX",
        "감사합니다. Flat 6, 30 Tanner Street, Bristol BS2 0QX 맞으신가요",
        "ありがとうございます。念のため、Flat 6, 30 Tanner Street, Bristol BS2 0QXでお間違いないでしょうか",
    ],
)
def test_a_later_sentence_that_refuses_or_asks_writes_no_value(isolated_env, tmp_path, reply):
    # the reply opens kindly, and the sentence that writes the value refuses it or asks back: nothing is agreed
    with _run(
        tmp_path,
        [
            [
                ("customer", "Please send the new filters to Flat 9, 30 Tanner Street, Bristol BS2 0QX."),
                ("agent", "Will do, they go out to Flat 9, 30 Tanner Street, Bristol BS2 0QX on Friday."),
            ],
            [
                ("customer", "argh the parcel went next door, I'm flat 6 not flat 9, sorry"),
                ("agent", reply),
            ],
        ],
    ) as store:
        assert not any(f.agreement and "Flat 6, 30 Tanner" in f.text for f in store.facts.list(statuses=["active"]))


def test_a_kind_opening_then_the_value_set_is_still_the_change(isolated_env, tmp_path):
    # the clean twin: the sentence that writes the value reports it set
    with _run(
        tmp_path,
        [
            [
                ("customer", "Please send the new filters to Flat 9, 30 Tanner Street, Bristol BS2 0QX."),
                ("agent", "Will do, they go out to Flat 9, 30 Tanner Street, Bristol BS2 0QX on Friday."),
            ],
            [
                ("customer", "argh the parcel went next door, I'm flat 6 not flat 9, sorry"),
                ("agent", "Thanks for flagging it! I've updated it to Flat 6, 30 Tanner Street, Bristol BS2 0QX."),
            ],
        ],
    ) as store:
        assert any(f.agreement and "Flat 6, 30 Tanner" in f.text for f in store.facts.list(statuses=["active"]))


@pytest.mark.parametrize("sentence", ["Just to confirm, I've updated it to Flat 6, 30 Tanner Street, Bristol BS2 0QX.",
                                      "To confirm, your address has been changed to Flat 6, 30 Tanner Street."])
def test_to_confirm_before_a_change_reported_made_is_no_read_back(sentence):
    # "to confirm" opens a report of the change here, not a question (review31b); the twin asks back
    from mem.customers.partial_change import checks_back

    assert not checks_back(sentence)
    assert checks_back("Just to confirm, you mean Flat 6, 30 Tanner Street, Bristol BS2 0QX")
