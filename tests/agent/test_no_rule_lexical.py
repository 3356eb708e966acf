"""The lexical rule choice does not say "no rule" when the page holds the rule (NEWUSER_REPORT13 #8)."""

from __future__ import annotations

from mem.agent.rule_quote import (
    _DURATION,
    NAMED_CASE_COVERAGE,
    _case_amounts,
    case_time_spans,
    choose_rule,
    in_short,
    question_units,
)

RETURNS_EN = "Items may be returned within 14 days of delivery.\nRefunds are paid within 5 business days.\n"
RETURNS_JA = "商品到着後14日以内であれば返品できます。\n返金は、返品受領日から５営業日以内に行います。\n"
EXCHANGE_KO = "상품 수령 후 7일 이내에 교환할 수 있습니다.\n해지는 신청일로부터 3일 이내에 처리됩니다.\n"


def test_a_thing_the_policy_does_not_name_is_held_by_its_rule_about_goods():
    assert choose_rule(RETURNS_EN, "Can I return my vacuum?", heading="Returns").sentences == [
        "Items may be returned within 14 days of delivery."]
    assert choose_rule(RETURNS_JA, "冷蔵庫は返品できますか？", heading="返品").sentences == [
        "商品到着後14日以内であれば返品できます。"]
    assert choose_rule(EXCHANGE_KO, "원피스 교환 되나요?", heading="교환").sentences == [
        "상품 수령 후 7일 이내에 교환할 수 있습니다."]
    # goods in general do not make an unrelated question answered
    assert not choose_rule(RETURNS_EN, "Do you sell vacuums?", heading="Returns").sentences


def test_a_page_that_names_the_thing_answers_where_it_names_it_not_by_its_kind():
    body = "Items cannot be returned once used.\nEarbuds can be returned only if the hygiene seal is intact.\n"
    assert choose_rule(body, "Can I return earbuds?", heading="Returns").chosen == [
        "Earbuds can be returned only if the hygiene seal is intact."]


def test_within_and_about_frame_the_time_asked_for():
    quote = choose_rule(EXCHANGE_KO, "해지는 며칠 안에 돼요?", heading="해지")
    assert quote.sentences == ["해지는 신청일로부터 3일 이내에 처리됩니다."]
    quote = choose_rule(RETURNS_JA, "返金っていつ頃ですか", heading="返品")
    assert quote.sentences == ["返金は、返品受領日から５営業日以内に行います。"]
    assert in_short("返金っていつ頃ですか", quote.ranked) == ("figure", "５営業日以内")


def test_a_verb_run_into_since_before_a_time_is_the_case_told():
    # "쓴 지 2주" written "쓴지 2주": the customer's time, not a word the rule must hold
    assert choose_rule(EXCHANGE_KO, "쓴지 2주 됐는데 교환 가능한가요?", heading="교환").sentences
    units = {u.word: u for u in question_units("쓴지 2주 됐는데 교환 가능한가요?")}
    assert not units["쓴지"].key and units["쓴지"].case_time
    # 산지 as a noun (place of origin), with no time after it, is a word like any other
    assert {u.word: u for u in question_units("이 사과 산지가 어디예요?")}["산지"].key


def test_days_named_before_today_are_a_day_count():
    assert _case_amounts("엊그제 산 가방 교환되나요?", _DURATION) == [(2.0, 2.0)]
    assert _case_amounts("一昨日買ったバッグは交換できますか", _DURATION) == [(2.0, 2.0)]
    assert _case_amounts("おととい買ったバッグ", _DURATION) == [(2.0, 2.0)]
    assert _case_amounts("I bought it yesterday, can I exchange it?", _DURATION) == [(1.0, 1.0)]
    assert case_time_spans("그저께 산 바지 교환되나요?") == ["그저께"]
    assert choose_rule(EXCHANGE_KO, "그저께 산 바지 교환되나요?", heading="교환").sentences


def test_a_kanji_compound_is_held_by_its_head_and_a_charge_word_by_a_price():
    body = "北海道への配送は、別途配送料８８０円がかかります。\nのし紙は1枚につき55円です。\n"
    quote = choose_rule(body, "北海道の追加配送料はいくらですか？", heading="配送")
    assert quote.sentences == ["北海道への配送は、別途配送料８８０円がかかります。"]
    assert in_short("北海道の追加配送料はいくらですか？", quote.ranked) == ("figure", "８８０円")
    quote = choose_rule(body, "のし紙は有料ですか", heading="ギフト")
    assert quote.sentences == ["のし紙は1枚につき55円です。"]
    assert in_short("のし紙は有料ですか", quote.ranked) == ("figure", "55円")
    assert choose_rule("선물 포장은 개당 2,000원입니다.\n", "선물 포장은 유료인가요?", heading="포장").sentences


def test_goods_named_elsewhere_on_the_page_hold_the_thing_as_context_but_never_choose_the_rule():
    # the refund clause answers; the goods are named only by the return clause beside it
    assert choose_rule(RETURNS_JA, "冷蔵庫の返金はいつですか", heading="返品").chosen == [
        "返金は、返品受領日から５営業日以内に行います。"]
    # a wider word never decides between two rules: the one holding the question's own words is chosen
    body = "Items bought on sale are final.\nGift wrap is free for every order.\n"
    assert choose_rule(body, "Is gift wrap free for a vacuum?", heading="Orders").chosen == [
        "Gift wrap is free for every order."]


KEY_OFFICE = ("The key office is staffed from 8am to 8pm every day, including bank holidays.\n"
              "Keys are collected from the key office on arrival.\n")


def test_under_the_bar_a_rule_stating_the_named_case_answers_for_the_lexical_engine():
    # "Easter Monday" is a day the question names; the rule states the days the office is staffed and holds half
    # of the question's words, its coverage half: under the bar, answered by the case it names (norule30)
    question = "Is anyone in the key office on Easter Monday?"
    without = choose_rule(KEY_OFFICE, question, heading="Arrival")
    assert not without.sentences and without.coverage == 0.5
    quote = choose_rule(KEY_OFFICE, question, heading="Arrival", named_case=True)
    assert quote.sentences == ["The key office is staffed from 8am to 8pm every day, including bank holidays."]
    assert quote.by_named_case
    # a rule over the bar answers as before, not by the named case
    over = choose_rule(KEY_OFFICE, "When is the key office staffed on bank holidays?", heading="Arrival",
                       named_case=True)
    assert over.sentences and not over.by_named_case


def test_a_named_case_alone_does_not_answer_a_question_the_rule_is_not_about():
    # the day is named and the coverage over the floor, but the rule's own words hold under half of what is asked
    # (the office and the day, not a bike left in it): "no rule" as before
    body = KEY_OFFICE + "The spa pool is closed on Mondays.\n"
    question = "Can I leave my bike in the key office on Easter Monday?"
    assert NAMED_CASE_COVERAGE < choose_rule(body, question, heading="Arrival").coverage <= 0.5
    assert not choose_rule(body, question, heading="Arrival", named_case=True).sentences
    # and a rule stating no range, list or limit of the case asked never answers under the bar by it
    body = "Keys are collected from the key office on arrival.\nThe key office can post spare keys.\n"
    assert not choose_rule(body, "Is anyone in the key office on Easter Monday?", heading="Arrival",
                           named_case=True).sentences
