"""A case the question names against the range, list or limit a rule states (``mem.agent.named_case``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.agent.named_case import (
    case_outside,
    day_outside,
    named_kinds,
    stated_kinds,
    states_named,
    time_outside,
)
from mem.agent.rule_quote import in_short


@pytest.mark.parametrize(("question", "kinds"), [
    ("Is the pottery studio open on a Wednesday?", {"day"}),
    ("could I come by on Christmas Eve", {"day"}),
    ("Would 7.45pm be too late to drop off a parcel?", {"time"}),
    ("Can the five of us share one table, we are 5 friends", {"count"}),
    ("Does my 13-year-old need a ticket?", {"age"}),
    ("Is €15 enough for the minimum top-up?", {"money"}),
    ("Can I keep the bike for 10 days?", {"duration"}),
    ("Will you take a 30kg suitcase?", {"weight"}),
    ("수요일에도 상담 돼요?", {"day"}),
    ("오후 6시 반에 가도 되나요?", {"time"}),
    ("세 명이서 방 하나 써도 되나요?", {"count"}),
    ("일곱 살 아이도 입장료 내요?", {"age"}),
    ("金曜日は窓口開いてますか？", {"day"}),
    ("１８時に行っても大丈夫ですか？", {"time"}),
    ("子ども2人連れて行けますか？", {"count"}),
    ("３日間借りられますか？", {"duration"}),
])
def test_the_case_a_question_names(question, kinds):
    assert kinds <= named_kinds(question)


@pytest.mark.parametrize("question", [
    "How do I change my password?",
    "Can I pay with a card?",
    "반품은 어떻게 하나요?",
    "支払い方法を教えてください",
    "Is the 2nd floor step-free?",  # an ordinal is no count
])
def test_a_question_that_names_no_case(question):
    assert named_kinds(question) == frozenset()


@pytest.mark.parametrize(("sentence", "kind"), [
    ("The studio opens Tuesday to Saturday.", "day"),
    ("Bookings are taken on weekdays only.", "day"),
    ("Drop-offs close at 6.30pm.", "time"),
    ("Each member may borrow up to 6 tools at a time.", "count"),
    ("Tables seat 8 or more guests only by arrangement.", "count"),
    ("Riders must be aged 16 or over.", "age"),
    ("Top-ups start from £20.", "money"),
    ("Hire is limited to a maximum of 7 days.", "duration"),
    ("Bags over 23kg are charged extra.", "weight"),
    ("상담은 평일에만 가능합니다.", "day"),
    ("1인당 최대 4권까지 빌릴 수 있습니다.", "count"),
    ("만 12세 미만은 보호자와 함께 입장해야 합니다.", "age"),
    ("貸出は７日以内に返却してください。", "duration"),
    ("受付は平日のみです。", "day"),
])
def test_the_range_a_sentence_states(sentence, kind):
    assert kind in stated_kinds(sentence)


def test_a_case_of_another_kind_than_the_range_is_no_match():
    # a day asked, a count stated; a count asked, a duration stated; a range on an unrelated sentence of no kind
    assert not states_named("Can I come in on a Sunday?", "Each member may borrow up to 6 tools at a time.")
    assert not states_named("Can I bring 3 friends?", "Refunds are made within 10 days.")
    assert not states_named("Can I park there for 2 hours?", "The car park is run by the council.")
    assert states_named("Can I park there for 3 hours?", "Parking is free for up to 2 hours.")


@pytest.mark.parametrize(("question", "sentence", "outside"), [
    ("is the studio open on a monday?", "The studio opens Tuesday to Saturday.", True),
    ("is the studio open on a friday?", "The studio opens Tuesday to Saturday.", False),
    ("can I come on Sunday?", "The studio is closed on Sundays.", False),  # a closure: the no is read elsewhere
    ("토요일에도 상담 돼요?", "상담은 평일에만 가능합니다.", True),
    ("日曜に受付してますか？", "受付は平日のみです。", True),
])
def test_a_weekday_outside_the_days_stated(question, sentence, outside):
    assert day_outside(question, sentence) is outside


@pytest.mark.parametrize(("question", "sentence", "outside"), [
    ("Can I drop it off at 7pm?", "The depot is open 9am to 6.30pm.", True),
    ("Can I drop it off at 5pm?", "The depot is open 9am to 6.30pm.", False),
    ("5시 10분에 가도 돼요?", "접수 마감은 오후 5시입니다.", True),
    ("4시에 가도 돼요?", "접수 마감은 오후 5시입니다.", False),
    # the one time named is a start, not a cut-off: the "until" is of a word ("midnight", "late")
    ("Can I check in at 4pm?", "Check-in is from 3pm until midnight.", False),
    ("Can I swim at 9pm?", "The pool is open from 7am until late.", False),
    ("오후 5시에 입실 가능한가요?", "입실은 오후 3시부터 자정까지 가능합니다.", False),
    ("Can I come at 7pm?", "We are open until 6pm.", True),
])
def test_a_time_outside_the_hours_stated(question, sentence, outside):
    assert time_outside(question, sentence) is outside


def test_the_answer_says_no_to_a_case_outside_and_never_yes():
    assert in_short("is the studio open on a monday?", ["The studio opens Tuesday to Saturday."]) == ("no", "")
    assert in_short("5시 10분에 가도 돼요?", ["접수 마감은 오후 5시입니다."]) == ("no", "")
    assert in_short("Can I check in at 4pm?", ["Check-in is from 3pm until midnight."]) != ("no", "")
    # days or hours the rule states in words beside its span: no "no" either
    assert in_short("Can I return it on Saturday?",
                    ["Returns are accepted at the desk Monday to Friday, or any day by post."]) != ("no", "")
    assert in_short("Is support available on Saturday?",
                    ["Support is available Monday to Friday.", "Emergency support is available 24/7."]) != ("no", "")
    assert in_short("Can I come at 11pm on Friday?",
                    ["The gym is open 6am to 10pm, and until midnight on Fridays."]) != ("no", "")
    assert in_short("Can I come at 11pm?", ["The gym is open 6am to 10pm."]) == ("no", "")
    # a day or a time the customer tells of the past (when they bought, ordered or called) is not the case asked
    assert in_short("I bought it last Sunday, can I return it?", ["Our returns desk is open Monday to Friday."]) \
        != ("no", "")
    assert in_short("I called at 7pm yesterday and nobody answered, can I get a callback?",
                    ["Callbacks are arranged between 9am and 5pm."]) != ("no", "")
    assert in_short("토요일에 샀는데 환불 돼요?", ["환불은 평일에만 가능합니다."]) != ("no", "")
    assert in_short("日曜に買ったんですが、返品できますか", ["返品受付は平日のみです。"]) != ("no", "")
    assert in_short("토요일에 문 열려 있어요?", ["영업은 평일에만 합니다."]) == ("no", "")
    assert in_short("土曜日に返品したいです。できますか", ["返品受付は平日のみです。"]) == ("no", "")
    # inside: no "no" (what the rule says of the case stands)
    assert in_short("is the studio open on a friday?", ["The studio opens Tuesday to Saturday."]) != ("no", "")
    assert not case_outside("Can I drop it off at 5pm?", "The depot is open 9am to 6.30pm.")
    # a closure names the days it does not apply on: what it says of the others is not known
    assert not case_outside("is the studio open on a monday?", "The studio is closed on Sundays.")


def test_a_long_message_is_read_in_linear_time(assert_linear):
    # every pattern reads each position a bounded number of characters: a quadratic read of a 200 KB message of one
    # character class would take minutes
    def read(text: str) -> None:
        named_kinds(text)
        stated_kinds(text)
        case_outside(text, text)

    for unit, count in (("1", 200_000), ("가", 200_000), ("日", 200_000), ("a ", 100_000), ("1 ", 100_000)):
        assert_linear(lambda n, u=unit: read(u * n), count)


POLICY = """# Store terms

## Returns

Returns are accepted within 14 days. Refunds go back to the original payment method. Sale items are final.

## Gift cards

Gift cards are valid for 12 months. They cannot be exchanged for cash.

## Delivery

We deliver Monday to Friday. Orders placed before 2pm ship the same day. Delivery is free on orders over £40.

## Price match

We match a lower price from a UK retailer within 7 days of your purchase. Marketplace sellers are excluded.
"""


NO_RULE = ("No rule in the policy", "could not find")


@pytest.fixture
def store_workspace(mem, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The store's terms through ``mem init`` and ``mem ingest``, asked with the semantic layer (the answer engine a
    service runs when the encoder is installed)."""
    from mem.core.text.encoder import available

    if not available():
        pytest.skip("the sentence encoder of the 'semantic' extra is not installed")
    monkeypatch.setenv("MEM_SEMANTIC", "auto")
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "terms.md"
    doc.write_text(POLICY, encoding="utf-8")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    return ws


def test_mem_ask_a_case_past_the_window(mem, store_workspace):
    result = mem("--workspace", store_workspace, "ask", "-c", "c1", "--no-learn", "can I return it after 18 days?")
    assert result.exit_code == 0, result.stderr
    assert not any(marker in result.stdout for marker in NO_RULE)
    assert "No —" in result.stdout and "within 14 days" in result.stdout


COTTAGES = """# Cottage terms

## Pets

Well-behaved dogs are welcome in the garden cottages, up to 2 dogs per booking.
Dogs must not be left alone in a cottage.
There is a charge of £15 per dog per stay.

## Arrival

Check-in is from 4pm to 8pm.
The key office is open Monday to Saturday.

## Groups

A group booking is 12 or more guests on one booking.
Groups pay a deposit of 30%.
"""


@pytest.fixture
def cottage_workspace(mem, tmp_path: Path) -> Path:
    """The cottage terms through ``mem init`` and ``mem ingest``, asked with the lexical engine (the tests' default)."""
    ws = tmp_path / "cottages"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "cottages.md"
    doc.write_text(COTTAGES, encoding="utf-8")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    return ws


def test_mem_ask_lexical_a_count_against_the_limit_a_rule_states(mem, cottage_workspace):
    # under the lexical bar before (the question's "bring", "weekend" are not the rule's words): the sentence that
    # states the limit of the count the question names answers, quoted, with no yes or no read from it
    result = mem("--workspace", cottage_workspace, "ask", "-c", "c1", "--no-learn",
                 "can we bring our 3 dogs to the garden cottage for the weekend?")
    assert result.exit_code == 0, result.stderr
    assert not any(marker in result.stdout for marker in NO_RULE)
    assert "up to 2 dogs per booking" in result.stdout
    assert "Yes —" not in result.stdout


def test_mem_ask_lexical_a_day_outside_the_days_a_rule_states(mem, cottage_workspace):
    result = mem("--workspace", cottage_workspace, "ask", "-c", "c1", "--no-learn",
                 "is the key office open on a sunday?")
    assert result.exit_code == 0, result.stderr
    assert "No —" in result.stdout and "Monday to Saturday" in result.stdout


def test_mem_ask_lexical_look_alikes_stay_no_rule(mem, cottage_workspace):
    # a count named, but of a thing no page speaks of; a day named, the pages' days about something else
    for question in ("can I bring 3 cats?", "is there a yoga class on a sunday?"):
        result = mem("--workspace", cottage_workspace, "ask", "-c", "c1", "--no-learn", question)
        assert result.exit_code == 0, result.stderr
        assert any(marker in result.stdout for marker in NO_RULE), question


def test_mem_ask_a_case_no_page_speaks_of_stays_no_rule(mem, store_workspace):
    # a day named, but nothing of the wiki is about what is asked: the ranges on the pages do not make it a rule
    result = mem("--workspace", store_workspace, "ask", "-c", "c1", "--no-learn",
                 "can I bring my dog to the café on a saturday?")
    assert result.exit_code == 0, result.stderr
    assert any(marker in result.stdout for marker in NO_RULE)


def test_an_age_padded_with_blanks_is_read_in_linear_time(least_cpu_seconds):
    # "1" then a long run of blanks: three open runs of blanks between the figure and "years old and over" were tried
    # n x n x n ways (1,000 blanks 1.3 s, 2,000 blanks 10 s; the twenty-sixth round's review)
    def cpu(n: int) -> float:
        rule = "1" + " " * n + "x"
        return least_cpu_seconds(lambda: stated_kinds(rule))

    small, large = cpu(2000), cpu(16000)  # 8x the text: ≈ 8x linear, ≈ 64x quadratic
    assert large < 20 * max(small, 0.002), (small, large)


@pytest.mark.parametrize("rule", ["Guests 18 and over only.", "Open to 16 or older.",
                                  "Children 12 years old and under.", "For 18-year-olds and over.", "Adults only.",
                                  "18+ events."])
def test_an_age_bound_is_still_read(rule):
    assert "age" in stated_kinds(rule)
