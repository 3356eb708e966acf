"""What a customer's turn replies to goes into the fact text only when it really is what the turn answers."""

from __future__ import annotations

from datetime import date

from mem.customers.fact_candidates import Turn, deterministic_candidates, is_question

DAY = date(2026, 8, 12)


def _texts(*turns: tuple[str, str], roles=("customer",)) -> list[str]:
    log = [Turn(id=f"t{i}", role=role, text=text, day=DAY) for i, (role, text) in enumerate(turns)]
    return [c.text for c in deterministic_candidates(log, log_id="c1", reference=DAY, customer_roles=roles)]


def test_an_agent_statement_before_the_customer_is_not_copied_into_the_fact():
    texts = _texts(("agent", "Certainly. We will answer in Japanese from now on."),
                   ("customer", "We bought the reporting add-on 16 days ago. Could you refund it?"))
    assert texts == ["We bought the reporting add-on 16 days ago. Could you refund it?"]


def test_an_agent_question_is_kept_as_what_the_answer_answers():
    texts = _texts(("agent", "Thanks for waiting. Which plan are you on?"),
                   ("customer", "The big one, since last spring."))
    assert texts == ["(asked: Which plan are you on?) The big one, since last spring."]


def test_questions_without_a_mark_count_by_their_korean_or_japanese_ending():
    assert is_question("どのプランをご利用ですか") and is_question("どちらのプランでしょうか。")
    assert is_question("어떤 요금제를 쓰시나요") and is_question("언제 구매하셨습니까")
    assert not is_question("We will answer in Japanese from now on.")
    assert not is_question("日本語でお答えします。") and not is_question("확인했습니다.")
    texts = _texts(("agent", "ご利用のプランはどちらですか"),
                   ("customer", "エンタープライズプランを去年の春から使っています。"))
    assert texts == ["(asked: ご利用のプランはどちらですか) エンタープライズプランを去年の春から使っています。"]


def test_between_two_remembered_people_the_other_persons_remark_stays_as_context():
    # An imported transcript of two people, both remembered: a reply is about the other's last remark.
    texts = _texts(("friend", "I finally finished the marathon in Osaka last weekend."),
                   ("customer", "That is amazing, I ran my first half marathon in Kyoto in May."),
                   roles=("customer", "friend"))
    assert texts[-1] == ("(re: I finally finished the marathon in Osaka last weekend.) "
                         "That is amazing, I ran my first half marathon in Kyoto in May.")
