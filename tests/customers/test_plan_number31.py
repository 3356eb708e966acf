"""Round 31 (cust31, new-user report 31 #11): a plan's name keeps the number that ends it, a Korean plan's name keeps
its first words, and a plan held before an address is a fact of its own."""

from __future__ import annotations

from datetime import date

import pytest

from mem.customers import slots
from mem.customers.fact_candidates import Turn, deterministic_candidates


@pytest.mark.parametrize(("text", "value"), [
    ("I'm on Fibre 150.", "fibre 150"),
    ("We're on Unlimited 5G now.", "unlimited 5g"),
    ("Also I want to upgrade to Fibre 500 when I move.", "fibre 500"),
    ("I'd like to switch my plan to Unlimited 5G.", "unlimited 5g"),
    ("SIM only 12개월 요금제를 쓰고 있어요.", "sim only 12개월"),
    ("요금제를 무제한 데이터 요금제로 바꾸고 싶어요.", "무제한 데이터"),
    ("ビジネス10TBプランに変えました。", "ビジネス10tb"),
    ("今はSIMのみ12ヶ月プランです。", "simのみ12ヶ月"),
    ("光ファイバー1ギガプランに変更しました。", "光ファイバー1ギガ"),
    ("Fibre 150プランを使っています。", "fibre 150"),
])
def test_a_plan_name_is_read_with_its_number_and_words(text: str, value: str) -> None:
    slot = slots.find_slot(text)
    assert slot is not None and slot.name == "tier" and slot.value == value


@pytest.mark.parametrize(("text", "value"), [
    ("I upgraded to Premium 2 weeks ago.", "premium"),       # a time, not the plan's number
    ("I switched to Premium 2024 pricing.", None),            # a year is never part of the name
    ("이번 달부터 무제한 요금제로 바꿨어요.", "무제한"),          # a time word and a particle are not the name
    ("I'm on Floor 3 of the building.", None),               # a place counted, no plan
    ("I'm on Oak Lane 12.", None),                           # a street, no plan
    ("I am on Android 14.", None),                           # software, no plan
    ("料金プランは月3000円です。", None),                       # a word for any plan, and a price
    # a dose, a day and a length of time after "I'm on" (review31: "warfarin 5", "monday 3", "universal credit")
    ("I'm on Warfarin 5 mg daily.", None),
    ("I'm on Metformin 500mg twice a day.", None),
    ("I'm on Monday 3 March instead of Friday.", None),
    ("I'm on Universal Credit 2 years now.", None),
])
def test_a_number_or_word_that_is_not_the_plans_name_stays_out(text: str, value: str | None) -> None:
    slot = slots.find_slot(text)
    found = slot.value if slot is not None and slot.name == "tier" else None
    assert found == value


def _candidates(text: str) -> list[tuple[str | None, str]]:
    turns = [Turn(id="t0", role="customer", text=text, day=date(2026, 3, 2)),
             Turn(id="t1", role="agent", text="Thanks.", day=date(2026, 3, 2))]
    return [(c.slot.name if c.slot else None, c.text)
            for c in deterministic_candidates(turns, log_id="c", reference=date(2026, 3, 2))]


def test_a_plan_held_before_an_address_is_its_own_fact() -> None:
    found = _candidates("Hi, I'm Alice Turner, I'm on Fibre 150 at 12 Oak Lane, Leeds.")
    assert ("tier", "I'm on Fibre 150") in found
    assert ("address", "at 12 Oak Lane, Leeds.") in found


def test_an_address_alone_after_at_is_not_split() -> None:
    assert _candidates("I'm staying at 12 Oak Lane, Leeds.") == [("address", "I'm staying at 12 Oak Lane, Leeds.")]


@pytest.mark.parametrize("text", [
    "Can you drop the new bath seat at 41 Elm Grove OL4 thanks",          # where a thing goes, after no plan
    "Can you post the signed letter to my new flat at 5 Carver Mews, Sheffield S1 4FR?",
])
def test_an_address_after_at_that_follows_no_plan_is_not_split(text: str) -> None:
    assert len(_candidates(text)) <= 1


def test_a_korean_plan_name_reads_a_run_of_joined_words_in_linear_time() -> None:
    # the not-a-plan-word lookahead read ``[가-힣…+]*`` to the run's end from every word start, and a "+" starts a
    # word: "가+가+…" of 12,000 characters took 1.6 s, four times 6,000's (review31)
    import time

    rule = next(pattern for _, pattern in slots._RULES if slots._KO_NOT_PLAN_WORD in pattern.pattern)

    def seconds(text: str) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            rule.search(text)
            best = min(best, time.process_time() - start)
        return best

    run = "가+" * 3000
    assert seconds(run + run) < 3.0 * max(seconds(run), 0.002)
