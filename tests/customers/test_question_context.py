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


def test_an_english_question_without_its_mark_is_a_question():
    # Chat drops the "?": the opening (a wh-word before an auxiliary, an auxiliary before its subject) tells.
    assert is_question("where do I live") and is_question("what city am I in") and is_question("What's my plan")
    assert is_question("do you have my new number") and is_question("Which plan am I on")
    assert not is_question("When I moved to Oslo, it rained.") and not is_question("What I want is a refund.")
    assert not is_question("How lovely!") and not is_question("I live in Oslo.")


def test_a_report_dressed_as_a_question_is_a_statement():
    from mem.customers.kinds import is_question as asks_something

    assert not asks_something("Did I tell you I adopted a dog?")
    assert not asks_something("Have I mentioned that my sister lives in Rome?")
    assert _texts(("customer", "Did I tell you I adopted a dog?")) == ["Did I tell you I adopted a dog?"]


def test_korean_and_japanese_questions_with_a_question_word_before_the_ending():
    assert is_question("제 주소가 어디예요") and is_question("전화번호가 뭐죠") and is_question("住所どこだっけ")
    assert not is_question("어디든 괜찮아요") and not is_question("いつでも大丈夫です")


def test_a_customer_asking_for_their_own_value_states_no_fact():
    # The customer's own questions to mem ask are logged and extracted like any turn; asking where one
    # lives must neither become a fact nor give "どこ" ("where") as the new residence.
    for question in ("where do I live", "what is my email on file", "住所はどこですか", "私の住所はどこですか？",
                     "제 주소가 어디예요", "주소 어디로 되어 있나요?"):
        assert _texts(("customer", question)) == [], question


def test_a_sentence_filling_two_slots_is_one_fact_per_clause():
    assert _texts(("customer", "Hi, I live in Oslo and I'm on the Basic plan.")) == [
        "Hi, I live in Oslo", "I'm on the Basic plan."]
    assert _texts(("customer", "서울에 살고 베이직 플랜 쓰고 있어요.")) == ["서울에 살고", "베이직 플랜 쓰고 있어요."]
    assert _texts(("customer", "大阪に住んでいて、ベーシックプランです。")) == [
        "大阪に住んでいて、", "ベーシックプランです。"]
    # one slot and a remark about it stay one statement
    assert _texts(("customer", "I live in Oslo and I love it.")) == ["I live in Oslo and I love it."]
