"""Twenty-eighth round: what the anonymiser still left after the privacy audit of round 27 (the review's list).
The sentences are this test's own, not the auditor's."""

from __future__ import annotations

import pytest

from mem.core.text.personal import looks_personal, scrub
from mem.knowhow.share import shared_records

# --- the vocative anywhere a reply addresses the customer, not only as "name," opening a sentence ---


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Your parcel leaves the depot on Monday, marisol.", "marisol"),
        ("Good news, henrik. The refund went out today.", "henrik"),
        ("We will refund half of it, ayodele!", "ayodele"),
    ],
)
def test_a_name_closing_a_sentence_after_a_comma_is_scrubbed(text, name):
    out = scrub(text)
    assert name not in out.lower() and "[name]" in out


@pytest.mark.parametrize(
    "text",
    [
        "It arrives on Monday, hopefully.",
        "Thanks for waiting, everyone.",
        "We refund it in full, of course.",
        "The box was crushed, unfortunately.",
        "Please send it back by Friday, thanks.",
        "The refund goes to the card, not the wallet.",
    ],
)
def test_a_word_closing_a_sentence_after_a_comma_that_is_no_name_stays(text):
    assert scrub(text) == text


# --- four-digit postcodes (Switzerland, Austria, Denmark, Belgium…) ---


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("Please send the new one to Mariahilfer Straße 88, 1070 Wien.", ("Mariahilfer", "1070", "Wien")),
        ("The parcel should go to Seefeldstrasse 3, 8008 Zürich.", ("Seefeld", "8008", "Zürich")),
        ("I'm collecting it in Basel 4051 tomorrow.", ("4051",)),
        ("Ship it to 2100 København by Friday.", ("2100", "København")),
    ],
)
def test_a_four_digit_postcode_and_its_town_are_scrubbed(text, gone):
    out = scrub(text)
    assert not any(word in out for word in gone), out
    assert "[address]" in out


@pytest.mark.parametrize("text", ["We credited 1000 points to the account.", "The 2024 model is in stock.",
                                  "Refunds take 5 days in 2025 Q3.", "Model 3000 has a longer cable."])
def test_a_four_digit_number_that_is_no_postcode_stays(text):
    assert scrub(text) == text


# --- Japanese block numbers written with ノ (一ノ一, 3ノ5) ---


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("交換品は京都市左京区北白川二丁目三ノ八へ送ってください。", ("三ノ八", "北白川")),
        ("返品は福岡市博多区住吉四丁目一ノ十二からです。", ("一ノ十二", "住吉")),
        ("届け先は仙台市青葉区国分町2ノ5ノ7です。", ("2ノ5ノ7", "国分町")),
    ],
)
def test_a_japanese_block_number_with_no_is_part_of_the_address(text, gone):
    out = scrub(text)
    assert not any(word in out for word in gone), out
    assert looks_personal(text) == "postal address"


# --- a job title before 様 is no name ---


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("部長様にもご確認いただきました。", "部長様"),
        ("ご担当者様宛てに交換品をお送りします。", "ご担当者様"),
        ("店長様の承認で返金します。", "店長様"),
        ("山口課長様に確認します。", "課長様"),
    ],
)
def test_a_japanese_job_title_before_sama_is_kept(text, kept):
    out = scrub(text)
    assert kept in out, out


def test_the_name_before_a_job_title_still_goes():
    out = scrub("山口課長様に確認します。")
    assert "山口" not in out and "[name]" in out


# --- a card's expiry and security code after the card number, on the share path ---


@pytest.mark.parametrize(
    "text",
    [
        "Refund it to 4539 1488 0343 6467 exp 11/29 cvv 418 please.",
        "Refund it to 4539 1488 0343 6467, expiry 11/29, security code 418.",
        "カード 4539 1488 0343 6467 有効期限 11/29 セキュリティコード 418 に返金してください。",
    ],
)
def test_a_cards_expiry_and_code_do_not_leave_with_the_decision(text):
    from mem.customers.fact_record import Evidence, Fact

    fact = Fact.new("decision", f"{text} → Yes, we refund it in full.",
                    evidence=[Evidence("L1", "t1", "customer", text)])
    records, _ = shared_records("c-1", [fact], secret=b"k" * 32)
    # the words that leave, not the hashed references beside them (a hex digest may hold "418")
    sent = str([(record["condition"], record["decision"]) for record in records])
    assert records and "11/29" not in sent and "418" not in sent and "6467" not in sent, sent


def test_a_date_labelled_expiry_without_a_card_stays():
    assert "09/28" in scrub("Your trial expires 09/28, we extend it by a month.")
