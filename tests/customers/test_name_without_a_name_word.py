"""Round 32 (upd32x, docs/extraction.md): a full name given with no name word, and its change told as what the
record will say.

The customer introduces themself by the name alone — "Marcus Ellery here, …", "Hi, Tessa Fairbrother, I'd like
…", the form's "Name Owen Prideaux, d.o.b. …"; Japanese writes family and given name apart, as on a form
("松本 沙織です", "契約者名は 岡野 真澄 で…"); Korean after the name word a romanised name ("제 이름 Elena Vasquez
입니다"). After a change of name the new one is told as what the record will say ("please can it read Tessa
Corrigan"). Look-alikes: someone speaking for another ("Owen Prideaux here, Margaret's son"), a greeting to the
service's desk ("Hi, Customer Services, I…"), two words apart that are no name ("明日 午後です", "田中 さんです").

Sentences are this file's own (none copied from a case file in scripts/).
"""

from __future__ import annotations

import pytest

from mem.customers.slots import Slot, _name_now, find_slot

from .test_update_structure import _active, _run


@pytest.mark.parametrize("text, value", [
    ("Marcus Ellery here, is the Saturday class still running?", "Marcus Ellery"),
    ("Hello! Mrs Judith Abernathy here. Could I move my fitting?", "Judith Abernathy"),
    ("Hi, Tessa Fairbrother, I'd like two tickets for the matinee.", "Tessa Fairbrother"),
    ("I want to sign up for the pottery term. Name Owen Prideaux, born 1988.", "Owen Prideaux"),
    ("We got married in May, so from the next statement can it read Tessa Corrigan please?", "Tessa Corrigan"),
    ("The card is still in my maiden name, could you make it Priya Lindqvist instead?", "Priya Lindqvist"),
    ("松本 沙織です。ヨガの体験をお願いします", "松本沙織"),
    ("高橋 健（けん）と申します。", "高橋健"),
    ("はじめまして。契約者名は 岡野 真澄 でお願いします。", "岡野真澄"),
    ("入籍したので、名前を「村瀬 真澄」に変更してください。", "村瀬真澄"),
    ("안녕하세요, 제 이름 Elena Vasquez 입니다. 수업 문의드려요.", "Elena Vasquez"),
])
def test_a_full_name_given_with_no_name_word(text: str, value: str) -> None:
    assert find_slot(text) == Slot("name", value)


@pytest.mark.parametrize("text", [
    "Owen Prideaux here, Margaret's son. She asked me to check her booking.",  # speaks for another
    "Hi, Customer Services, I'd like to complain about the parking.",          # the desk greeted
    "Hi, the parcel came today, I'm pleased.",                                 # no name after the greeting
    "Name tags were missing at the event, Name Badges Ltd said sorry.",        # a company, no stop after two words
    "明日 午後です",                                                              # a time in two words
    "田中 さんです",                                                              # an honorific, not a given name
    # (review32) a member of staff asked for by family name and title: the teacher or the manager, not the customer
    "次回も、鈴木 先生でお願いします",
    "指名は 高橋 店長でお願いします",
    "佐藤 先生です。",
    # (review32) a wedding the order is for, and the words to write on the cake or the colour: no change of name
    "It's for our wedding anniversary, can it say Happy Anniversary on the cake?",
    "The flowers are for a wedding, can you make it Pale Pink and white?",
    "For the wedding cake, could it read Just Married in gold?",
])
def test_two_capitalised_words_or_two_words_apart_that_are_not_the_customers_name(text: str) -> None:
    slot = find_slot(text)
    assert slot is None or slot.name != "name"


def test_a_wedding_an_order_is_for_gives_no_new_name_in_the_next_sentence() -> None:
    # (review32) the same told over two sentences: the wedding in one, what the cake says in the next
    assert _name_now("Can it say Happy Anniversary on top?", "It's for our wedding anniversary.") is None
    assert _name_now("Can it read Tessa Corrigan?", "We got married in May.") == Slot("name", "Tessa Corrigan")


def test_the_same_name_with_and_without_the_space_is_one_name() -> None:
    assert find_slot("松本 沙織です。") == find_slot("松本沙織です。")


def test_a_name_given_alone_is_replaced_by_the_name_after_a_change_of_name(isolated_env, tmp_path):
    # (a wedding is a sensitive detail, kept only with consent: the maiden name tells the change here)
    with _run(tmp_path, [
        [("customer", "Hi, Tessa Fairbrother here, can I book the Friday pottery slot?"),
         ("agent", "Hi Tessa, you're booked for Friday.")],
        [("customer", "The card is still in my maiden name, could you make it Tessa Corrigan instead?"),
         ("agent", "Of course, done.")],
    ]) as store:
        assert not any("Fairbrother" in text for text in _active(store))
        assert "Corrigan" in store.facts.search("what is the customer's name", limit=3)[0].fact.text


def test_a_name_given_alone_by_someone_speaking_for_another_is_not_replaced(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Hi, Tessa Fairbrother here, can I book the Friday pottery slot?"),
         ("agent", "Hi Tessa, you're booked for Friday.")],
        [("customer", "Owen Prideaux here, Tessa's brother. Can she bring a friend on Friday?"),
         ("agent", "Yes, of course.")],
    ]) as store:
        assert any("Fairbrother" in text for text in _active(store))


def test_a_japanese_name_written_apart_is_replaced(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "松本 沙織です。ヨガの体験をお願いします"), ("agent", "承りました。")],
        [("customer", "入籍したので、名前を「村瀬 沙織」に変更してください。"), ("agent", "変更いたしました。")],
    ]) as store:
        assert not any("松本" in text for text in _active(store))


def test_a_name_given_alone_stays_when_restated_without_the_space(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "松本 沙織です。ヨガの体験をお願いします"), ("agent", "承りました。")],
        [("customer", "松本沙織です。来週の予約を変えたいです"), ("agent", "承知しました。")],
    ]) as store:
        assert any("松本 沙織" in text for text in _active(store))
