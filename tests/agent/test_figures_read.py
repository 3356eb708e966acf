"""The figure an answer states first (In short / 요점 / 要点): read whole, and the one the question asks for."""

from __future__ import annotations

from mem.agent.answering import answer_question
from mem.agent.followup import figures
from mem.agent.rule_quote import case_against_limit, figure_of, in_short
from mem.core.text import ascii_figures
from tests.agent.conftest import FakeService, page


def test_full_width_digits_and_separators_read_as_ascii_in_the_same_places():
    text = "手数料は２，２００円、割引は１５％です。"
    assert ascii_figures(text) == "手数料は2,200円、割引は15%です。"
    assert len(ascii_figures(text)) == len(text)  # the places of what is found in it hold
    assert ascii_figures("plain 1,234.5 text") == "plain 1,234.5 text"


def test_a_full_width_thousands_separator_does_not_cut_the_amount():
    # ja, ko and en alike: the whole amount, never its last group
    # (read as ASCII, stated in the policy's own characters)
    assert in_short("代引き手数料はいくらですか？", ["代金引換の手数料は２，２００円です。"]) == \
        ("figure", "２，２００円")
    assert in_short("설치비는 얼마예요?", ["방문 설치비는 １２，５００원입니다."]) == ("figure", "１２，５００원")
    assert figure_of("The setup fee is ＄１，２５０.", "How much is the setup fee?") == "$1,250"
    # the figure's number is one amount when the customer's follow-up repeats it
    assert figures("じゃあ１，５００円なら？") == ["1,500"]


def test_the_figure_stated_is_the_one_of_the_clause_that_holds_the_question_words():
    # the best-ranked clause is about another act (the return window), the second about what is asked
    ranked = ["１　会員は、入会日から１４日以内に限り、退会を申し出ることができます。",
              "３　返金は、退会受付日から１０営業日以内に行います。"]
    assert in_short("返金っていつ頃になりますか", ranked) == ("figure", "１０営業日以内")
    assert in_short("退会はいつまでできますか", ranked) == ("figure", "１４日以内")


def test_a_fee_asked_for_is_the_amount_charged_never_the_threshold_of_its_condition():
    ja = ["１　税込3,000円以上のご購入は手数料無料です。", "２　税込3,000円未満のご購入は、手数料220円を頂きます。"]
    assert in_short("2000円の買い物だと手数料いくら？", ja) == ("figure", "220円")
    assert in_short("1万円買ったら手数料はいくらですか？", ja) == ("figure", "無料")
    # no amount told: neither rule is the customer's, and no single figure is stated (the quotes say both)
    assert in_short("手数料はいくらですか？", ja) is None
    # the threshold is the answer when it is what is asked
    assert in_short("手数料はいくらから無料ですか？", ja) == ("figure", "3,000円以上")
    ko = ["① 20,000원 이상 주문 시 포장비는 무료입니다.", "② 20,000원 미만 주문 시 포장비는 1,500원입니다."]
    assert in_short("만원어치 주문하면 포장비 얼마예요?", ko) is None  # no digit: no amount told
    assert in_short("1만원 주문하면 포장비 얼마예요?", ko) == ("figure", "1,500원")  # 1만 is 10,000, not the 1 of 1,500
    en = ["Orders over $40 are wrapped free.", "Orders under $40 pay a wrapping fee of $3.50."]
    assert in_short("How much is wrapping on a $25 order?", en) == ("figure", "$3.50")


def test_a_time_of_day_is_stated_whole_with_its_minutes_and_its_morning_or_afternoon():
    # the hour alone ("7", 「6時」, "5시") is not the time the rule states: minutes, a.m./p.m., 午前/午後/오전/오후 too
    assert figure_of("The rental shop opens at 7:45 a.m. every day.", "what time does it open") == "7:45 a.m."
    assert figure_of("Orders placed before 2 p.m. ship the same day.", "what time is the cut-off?") == "2 p.m."
    assert figure_of("門限は午後11時とする。", "門限って何時ですか？") == "午後11時"
    assert figure_of("토요일은 오후 5시까지 운영합니다.", "토요일은 몇 시까지 하세요?") == "오후 5시까지"
    assert figure_of("欠席の場合は、午前9時までに連絡してください。", "何時までに連絡すればいい？") == "午前9時まで"


def test_a_span_of_two_times_is_stated_to_both_ends():
    # "何時まで" on a span read from its start said its first end only (「7時」): both ends hold the answer
    assert in_short("お迎えは何時までに行けばいい？", ["当園では午前7時から午後6時までとします。"]) == \
        ("figure", "午前7時から午後6時まで")
    assert figure_of("保育短時間は午前8時30分から午後4時30分までとします。", "何時から何時まで預けられますか？") == \
        "午前8時30分から午後4時30分まで"
    assert figure_of("We open 9am to 5pm on weekdays.", "what time do you open on weekdays?") == "9am to 5pm"
    assert figure_of("The cheap rate runs from 00:30 to 06:30 every night.", "What times is the cheap rate?") == \
        "00:30 to 06:30"


def test_a_figure_that_is_no_time_of_day_is_not_widened():
    # a price with pence, a duration in hours, a bare number before a colon of another kind stay as they were read
    assert figure_of("A replacement card costs £7.45.", "how much is a replacement card?") == "£7.45"
    assert figure_of("The fee is 15.30 dollars.", "how much is the fee?") == "15.30 dollars"
    assert figure_of("保育は8時間までとします。", "何時間預けられますか？") == "8時間まで"
    assert figure_of("보관은 최대 5시간까지 가능합니다.", "몇 시간 맡길 수 있어요?") == "5시간까지"


def test_a_price_for_one_of_a_unit_is_multiplied_by_the_customers_count_of_that_unit():
    # the price per unit is not what the customer pays for three: the product is stated with what it is made of
    assert in_short("Got 3 bags of rubble, how much will that be?", ["Rubble costs £4 for each 25-litre bag."]) == \
        ("figure", "£12 (3 × £4)")
    assert in_short("how much would 3 bins cost us?", ["A new bin costs £45 per bin."]) == ("figure", "£135 (3 × £45)")
    assert in_short("대관 2시간 하면 얼마예요?", ["링크 전체 1시간 350,000원(정빙 1회 포함)."]) == \
        ("figure", "700,000원 (2 × 350,000원)")
    assert in_short("各目 3枚だといくら？", ["追加は1枚500円です。"]) == ("figure", "1,500円 (3 × 500円)")


def test_no_product_where_one_count_does_not_make_the_price():
    # a price per two units at once, a minimum beside it, a count of another unit, a count of one: as before
    per_two = ["반려견 1마리당 1박 15,000원의 추가 요금이 있습니다."]
    assert in_short("강아지 두 마리 데리고 2박 하면 추가 요금 얼마 나와요?", per_two) == ("figure", "15,000원")
    assert in_short("How much to typeset 64 pages?", ["Typesetting costs £2.20 a page, with a minimum of £180."]) != \
        ("figure", "£140.80 (64 × £2.20)")
    assert in_short("how much for 2 transcripts?", ["A printed copy costs £15 per copy."]) == ("figure", "£15")
    assert in_short("how much for 1 bin?", ["A new bin costs £45 per bin."]) == ("figure", "£45")


def test_no_product_for_a_total_over_several_prices_or_a_yes_no_question():
    # the total of a stay is a sum over the night's rate and the surcharge: the surcharge times two is not it
    quoted = ["客室: 相部屋; １泊料金（お一人様）: 3,800円.", "金曜・土曜は１泊５００円増しとなります。"]
    assert "×" not in str(in_short("金曜と土曜の２泊、合計いくらになりますか？", quoted))
    # "will 3,000円 do?" is a yes or no; the product of the per-character price is not its answer
    per_character = ["原文１文字あたり１０円です。"]
    assert "×" not in str(in_short("３００文字だけなんですけど、３０００円で済みますか？", per_character))


def test_a_count_or_price_longer_than_any_customers_states_the_price_as_read():
    # a count of thousands of digits raised (int() refuses more than 4,300), one of hundreds overflowed the float:
    # the unit price is stated as read; a large price times a count keeps its pence (a float lost them)
    per_bin = ["A new bin costs £45 per bin."]
    assert in_short(f"how much for {'9' * 5000} bins?", per_bin) == ("figure", "£45")
    assert in_short(f"how much for {'9' * 400} bins?", per_bin) == ("figure", "£45")
    assert in_short("how much for 3 bins?", [f"A new bin costs £{'9' * 400} per bin."]) == ("figure", f"£{'9' * 400}")
    assert in_short("how much for 3 bins?", ["A bin costs £123,456,789,012,345.67 per bin."]) == \
        ("figure", "£370,370,367,037,037.01 (3 × £123,456,789,012,345.67)")


def test_a_figure_is_stated_in_the_policys_own_characters():
    # the wave dash of 「10時〜18時」 was read as "~" and stated so: what the answer states is the policy's text
    assert in_short("営業時間は何時から何時までですか？", ["当店の営業時間は10時〜18時です。"]) == \
        ("figure", "10時〜18時")
    assert in_short("受付は何時から何時まで？", ["受付時間は９時～１７時です。"]) == ("figure", "９時～１７時")
    assert in_short("상담 시간이 어떻게 돼요?", ["상담 시간은 10시〜18시입니다."]) == ("figure", "10시〜18시")
    assert in_short("How much is the setup fee?", ["The setup fee is ＄１，２５０."]) == ("figure", "＄１，２５０")
    # a figure the rule does not write as such (a product of the customer's count) is stated as computed
    assert in_short("Got 3 bags of rubble, how much will that be?", ["Rubble costs £4 for each 25-litre bag."]) == \
        ("figure", "£12 (3 × £4)")



def test_the_answer_states_the_span_as_the_policy_writes_it(make_customer):
    body = "当店の営業時間は10時〜18時です。定休日は水曜日です。\n"
    service = FakeService([page("hours", "policy", "営業時間", 1, body)])
    text = answer_question("営業時間は何時から何時までですか？", service=service, customer=make_customer(facts=[])).text
    assert "要点：10時〜18時" in text and "「当店の営業時間は10時〜18時です。」" in text
    assert "~" not in text


def test_the_case_and_the_window_are_said_in_the_characters_they_were_written_in():
    # the days note of the answer ("２０日 … １４日以内") says the customer's and the rule's own figures
    compared = case_against_limit("２０日前に買ったものは返品できますか？", "商品到着後１４日以内に返品できます。")
    assert compared is not None and (compared.told, compared.end, compared.place) == ("２０日", "１４日", "beyond")
    compared = case_against_limit("Can I return it 20 days after purchase?", "Returns are accepted within 14 days.")
    assert compared is not None and (compared.told, compared.end) == ("20 days", "14 days")


def test_a_share_of_the_one_amount_the_customer_names_is_stated_with_its_working():
    # the rule's percentage of the customer's price, both figures shown (twenty-ninth round)
    assert in_short("대여료 8만원 나왔는데 면책 가입하면 얼마 더 내요", ["면책료는 대여요금의 10%입니다."]) == \
        ("figure", "8,000원 (10% × 80,000원)")
    assert in_short("safari tent week is £1,470, how much is the deposit", ["A deposit of 30% is due at booking."]) == \
        ("figure", "£441 (30% × £1,470)")
    assert in_short("how much is the damage waiver on a £130 hire", ["A damage waiver charge of 12% of the hire "
                                                                      "charge is added to every hire."]) == \
        ("figure", "£15.60 (12% × £130)")
    assert in_short("12,000円のレンタルだと、パックはいくら？", ["パックはレンタル料金の１０％です。"]) == \
        ("figure", "1,200円 (10% × 12,000円)")


def test_a_share_is_left_as_the_rule_states_it_when_the_product_may_not_be_the_answer():
    # a cap beside it (what is paid may be the cap), a share taken off, another percentage, another figure of the
    # case, two amounts, a yes or no asked: the percentage as before
    capped = ["自己負担は修理費の10％、上限10,000円までです。"]
    assert in_short("修理見積もり250,000円…いくら払う？", capped) == in_short("修理見積もりいくら払う？", capped)
    assert "×" not in str(in_short("the pitch is £40, how much with the over-60s offer",
                                   ["Over-60s: 10% off the pitch fee."]))
    tiers = ["Cancel 14 days before and we keep 30%; within 7 days we keep 50% of the price."]
    assert "×" not in str(in_short("I paid £200, how much do you keep?", tiers))
    assert "×" not in str(in_short("my $900 phone, plan for 2 years - how much?", ["The plan costs 12% of the price."]))
    assert "×" not in str(in_short("£40 or £60, how much is the deposit?", ["A deposit of 30% is due."]))
    assert "×" not in str(in_short("is the deposit on £1,470 more than £400?", ["A deposit of 30% is due."]))


def test_a_price_in_pence_is_stated_with_its_sign():
    # "35" said no money at all: the rule's "35p" is stated as it writes it (twenty-ninth round)
    assert in_short("roaming fee after january?", ["The roaming fee stays at 35p per session."]) == ("figure", "35p")
    assert in_short("How much do you pay for solar exports?", ["The Export tariff pays you 12.00p for every kWh."]) == \
        ("figure", "12.00p")
    # a time of day keeps its own letters, and a figure with no "p" after it is as read
    assert in_short("what time does it close?", ["We close at 5pm."]) == ("figure", "5pm")
    assert in_short("how much is the roaming fee?", ["The roaming fee is 35 cents per session."]) != ("figure", "35p")


def test_an_amount_told_in_ten_thousands_and_thousands_is_stated_whole():
    # "월 1만 9,900원" was stated "9,900원" (new user 30, #2): the count of ten thousands is part of the amount
    assert in_short("정기구독 요금이 얼마예요?", ["① 정기구독 요금은 월 1만 9,900원(부가가치세 포함)이다."]) == \
        ("figure", "1만 9,900원")
    assert in_short("한 달 구독료 얼마임?", ["정기구독 요금은 월 2만 1,900원이다."]) == ("figure", "2만 1,900원")
    assert in_short("입회비는 얼마예요?", ["입회비는 1만5천원입니다."]) == ("figure", "1만5천원")
    assert in_short("月額はいくらですか？", ["プレミアムの月額は１万５，０００円です。"]) == \
        ("figure", "１万５，０００円")
    assert in_short("배송비 얼마예요?", ["배송비는 3천 원입니다."]) == ("figure", "3천 원")


def test_an_amount_in_ten_thousands_is_compared_as_its_whole_value():
    from mem.agent.rule_quote import _amount
    from mem.core.text.lexicon import MEASURES

    money = next(m for m in MEASURES if m.name == "money")
    assert [_amount(f, money) for f in ("1만 9,900원", "1만5천원", "1万5,000円", "3천 원", "5만 원", "2,000원")] == [
        19_900, 15_000, 15_000, 3_000, 50_000, 2_000]
