"""A long message without punctuation is answered and extracted in time linear in its length (NEWUSER_REPORT14 #1).

A rule read again from every letter of a message that has no comma or full stop made ``mem ask`` quadratic: 14 KB
took 7 s, 56 KB 100 s, and the 210 KB an MCP host may send never got an answer. The bound is a ratio to a message
eight times shorter (linear is 8, quadratic 64), never a wall time: the build machine is shared.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from mem.agent.answering import answer_question
from mem.agent.case_words import case_text
from mem.agent.rule_quote import figure_of
from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.store import CustomerStore
from tests.agent.conftest import FakeService, page

SHORT, LONG = 25_000, 200_000


def refund_refund(size: int) -> str:
    """The report's message: one word again and again, which the refund rule answers (its case is read)."""
    return ("refund " * (size // 7 + 1))[:size]


def unpunctuated(size: int) -> str:
    words = ["refund", "my", "kettle", "I", "bought", "the", "agent", "told", "me", "thirty", "days", "two", "weeks",
             "ago",
             "상담원이", "30일까지", "된다고", "했어요", "返金", "と言われ"]
    text = " ".join(words[i % len(words)] for i in range(size // 5))
    return text.encode()[:size].decode(errors="ignore")  # bytes, as max_message_bytes counts them


def korean_japanese(size: int) -> str:
    """Korean and Japanese words with a full stop every twelve words: the slowest input of ``mem ask`` before the
    lexicon was looked up by a word's pieces (scripts/bench_long_messages.py)."""
    words = ["환불", "주문", "상담원이", "했는데", "다고", "라고", "두", "달", "이틀", "전", "구매", "했어요", "약속",
             "안내", "받았", "지만", "返金", "注文", "と", "言われ", "って", "聞い", "十日", "前", "購入",
             "しました", "案内", "けど", "ので"]
    text = " ".join(words[(i * 7) % len(words)] + ("." if i % 12 == 11 else "") for i in range(size // 4))
    return text.encode()[:size].decode(errors="ignore")


def timed(run, text: str) -> float:
    start = time.perf_counter()
    run(text)
    return time.perf_counter() - start


def test_reported_figures_are_still_taken_out_clause_by_clause():
    # the reading is the same as before it was made linear: a figure someone else told is not the customer's case
    assert "30" not in case_text("상담원이 30일까지 된다고 했는데 저는 10일 전에 샀어요")
    assert "10" in case_text("상담원이 30일까지 된다고 했는데 저는 10일 전에 샀어요")
    assert "30" not in case_text("30日以内と言われましたが、10日前に買いました")
    assert "10" in case_text("30日以内と言われましたが、10日前に買いました")
    assert "30" not in case_text("10일 전에 샀는데 상담원이 30일까지 된다고 했어요")


def test_the_case_of_a_long_unpunctuated_message_is_read_in_linear_time():
    # no one's words reported in it: every clause start used to read on to the end looking for one
    case_text(refund_refund(2_000))
    short, long = timed(case_text, refund_refund(SHORT)), timed(case_text, refund_refund(LONG))
    assert long < 24 * max(short, 0.01), (short, long)


def test_a_long_unpunctuated_statement_is_put_in_the_third_person_in_linear_time():
    """Each "I" of the message read the whole text before it again (a verb put first, a sentence's end)."""
    from mem.customers.statements import _third_person_en

    def third(text: str) -> None:
        _third_person_en(text, "The customer")

    third(unpunctuated(2_000))
    short, long = timed(third, unpunctuated(SHORT)), timed(third, unpunctuated(LONG))
    assert long < 24 * max(short, 0.01), (short, long)


def test_a_long_unpunctuated_message_is_answered_in_linear_time():
    service = FakeService([page("refund-window", "policy", "Refund window", 1,
                                "Refunds are given within 14 days of purchase.\n")])

    def answer(text: str) -> None:
        assert answer_question(text, service=service, customer=None).text

    answer(refund_refund(2_000))  # patterns compiled, caches warm
    short, long = timed(answer, refund_refund(SHORT)), timed(answer, refund_refund(LONG))
    assert long < 24 * max(short, 0.05), (short, long)


def _import_and_extract(home: Path, tmp_path: Path, config: Config, customer: str, text: str) -> None:
    """One customer message imported for ``customer`` and extracted: the extraction tests' timed unit."""
    log = tmp_path / f"log-{customer}.jsonl"
    log.write_text(json.dumps({"session": "s", "time": "2026-12-01T10:00:00", "role": "customer", "text": text},
                              ensure_ascii=False) + "\n", encoding="utf-8")
    with CustomerStore.open(home, customer) as store:
        store.log.import_file(log)
        extract_pending(store, config=config)


def test_a_long_unpunctuated_message_is_extracted_in_linear_time(isolated_env, tmp_path: Path):
    clock.freeze(clock.parse_datetime("2026-12-05T12:00:00Z"))
    config = Config.load(home=isolated_env, env={})

    def extract(text: str) -> None:
        _import_and_extract(isolated_env, tmp_path, config, f"c-{len(text)}", text)

    extract(unpunctuated(2_000))
    short, long = timed(extract, unpunctuated(SHORT)), timed(extract, unpunctuated(LONG))
    assert long < 24 * max(short, 0.05), (short, long)


def test_a_long_word_without_spaces_is_screened_in_linear_time():
    """"(?:\\S+\\s*){0,4}" before a handbook's example label split a run without spaces every way: a 1 KB message of
    letters never finished the customer screening of extraction."""
    from mem.core.instructions import is_instruction_like

    letters = "qwertyuiopasdfghjklzxcvbnm" * (LONG // 26)
    is_instruction_like(letters[:2_000])
    short = timed(is_instruction_like, letters[:SHORT])
    long = timed(is_instruction_like, letters[:LONG])
    assert long < 24 * max(short, 0.01), (short, long)


def test_a_korean_or_japanese_word_is_looked_up_in_time_independent_of_the_lexicon():
    """Every Korean or Japanese word of a message (each word of the search's related terms, each unit of each
    sentence) read every CJK word of the lexicon: a 112 KB message spent most of its 22.7 s there."""
    from mem.core.text.lexicon import Lexicon

    def looked_up(entries: int) -> float:
        lexicon = Lexicon(by_cjk=[(f"환불{n}가", n % 50) for n in range(entries)])
        words = [f"주문{n}했는데" for n in range(3_000)]
        lexicon.groups_of_cjk("환불")  # the index is built on first use
        start = time.perf_counter()
        for word in words:
            lexicon.groups_of_cjk(word)
        return time.perf_counter() - start

    looked_up(100)
    small, large = looked_up(100), looked_up(6_400)
    assert large < 8 * max(small, 0.005), (small, large)  # reading every word: 64 times


def test_a_long_korean_and_japanese_message_with_sentence_ends_is_answered_in_linear_time():
    service = FakeService([page("refund-window-ko", "policy", "환불 기간", 1,
                                "환불은 구매 후 14일 이내에 가능합니다.\n"),
                           page("refund-window-ja", "policy", "返金期間", 1, "購入後14日以内であれば返金できます。\n")])

    def answer(text: str) -> None:
        assert answer_question(text, service=service, customer=None).text

    # both sizes hold more sentences than the question units' cache (256): what grows is the reading, not the cache
    answer(korean_japanese(2_000))
    short, long = timed(answer, korean_japanese(SHORT * 2)), timed(answer, korean_japanese(LONG))
    assert long < 10 * max(short, 0.05), (short, long)  # linear is 4, quadratic 16


def test_a_long_korean_and_japanese_message_with_sentence_ends_is_extracted_in_linear_time(isolated_env,
                                                                                           tmp_path: Path):
    clock.freeze(clock.parse_datetime("2026-12-05T12:00:00Z"))
    config = Config.load(home=isolated_env, env={})

    def extract(text: str) -> None:
        _import_and_extract(isolated_env, tmp_path, config, f"kj-{len(text)}", text)

    extract(korean_japanese(2_000))
    short, long = timed(extract, korean_japanese(SHORT * 2)), timed(extract, korean_japanese(LONG))
    assert long < 10 * max(short, 0.05), (short, long)  # linear is 4, quadratic 16


def _fees(count: int) -> str:
    """One sentence of ``count`` figures ("The fees are 1 dollars, 2 dollars, …"): a price list written as a line."""
    return "The fees are " + ", ".join(f"{n % 90 + 1} dollars" for n in range(count)) + "."


@pytest.mark.parametrize("question", ["How much is the fee?", "When does the fee apply?"])
def test_a_sentence_of_thousands_of_figures_is_read_in_linear_time(question):
    """Each figure of the sentence read the whole sentence again: which figures are of the kind asked (``of_kind``),
    what stands before each, which key word is nearest (quadratic: 1,000 figures took 1 s, 2,000 took 4 s)."""
    def cpu(count: int) -> float:
        text = _fees(count)
        start = time.process_time()
        figure_of(text, question)
        return time.process_time() - start

    cpu(100)
    # the best of three CPU times (the machine is shared: one pass can be slowed); four times the figures take about
    # four times the time when linear, sixteen when quadratic
    short = min(cpu(1_000) for _ in range(3))
    long = min(cpu(4_000) for _ in range(3))
    assert long < 8 * max(short, 0.01), (short, long)
