"""Distilled facts, sixth round, by reason (issue 10, item 1; docs/extraction.md, "Fact quality audit"): what is said
*to* the other person — a name or title called out, a greeting behind fillers, a wish for their evening or trip, "see
you", praise for their effort, waiting for them, an offer to listen, surprise alone, news announced but not yet told,
the other person identified in the honorific — says nothing of the speaker's own, in Korean and Japanese; a reason of
one's own before advice or an invitation, a request to change a slot with no new value, a proposed day taken up and an
answer opened by "Yes," that ends with "I think?" are facts."""

from __future__ import annotations

from datetime import date

import pytest

from mem.core import clock
from mem.customers.fact_candidates import Turn, deterministic_candidates
from mem.customers.kinds import classify, is_direct_context_request, offers, says_nothing_of_their_own
from mem.customers.store import CustomerStore

from .test_distil_reasons import quotes


@pytest.fixture
def store(isolated_env):
    clock.freeze(clock.parse_datetime("2025-11-01T00:00:00Z"))
    with CustomerStore.open(isolated_env, "cust-a") as opened:
        yield opened


@pytest.mark.parametrize("text", [
    # a name or title called out, nothing said
    "あ、田中さん！", "彩ちゃん！", "상담원님!", "민지 씨!",
    # surprise and nothing else
    "너무 놀랐어요 ㅠㅠ", "깜짝이야", "本当にびっくりしました", "驚きました。",
    # news announced, not yet told
    "아 참 저 소식 있어요.", "나 할 말 있어", "実は報告があります。", "ところで相談なんだけど。",
    # wishes for the other's evening, weekend, trip or health; "see you"; praise for their effort
    "좋은 저녁 되세요!", "즐거운 주말 보내세요~", "그럼 토요일에 봬요~", "주말 잘 보내!", "여행 잘 다녀오세요!",
    "재밌게 놀다 와!", "사진 많이 찍어 와!", "몸 잘 챙기세요!", "선배님 고생 많으셨습니다!", "よい週末を！",
    "いい旅を！",
    "行ってらっしゃい！", "彩ちゃんおつかれさま！！", "お疲れさまでした！",
    # waiting for them, an offer to listen, casual thanks and "please"
    "待ってるね！", "楽しみにしてるね！", "いつでも話聞くからね。", "ありがとね", "お土産よろしく笑",
    "割引はありがたいです。",
    # the other person: identified in the honorific, a title or name before praise, a guess about how it felt
    "어 지난번에 도와주셨던 분이네요!", "언니 진짜 멋있었어요!!", "彩ちゃん、本当にすごい！", "많이 아팠겠다 ㅠㅠ",
    # to be shown the other's thing when it is done
    "완성되면 구경시켜 주세요!", "完成したら見せてね！",
    # understood, relief, waiting, thanks in other words — said to the service
    "이해했습니다", "덕분에 살았어요 ㅠㅠ", "承知しました。", "それなら安心です。", "では待ちます。",
    "お手数おかけします。",
    "いつも丁寧に対応してくださって感謝しています。",
    # thanks to a coach
    "코치님 덕분이에요",
])
def test_what_is_said_to_the_other_person_says_nothing_of_the_speakers_own(text):
    assert says_nothing_of_their_own(text)


@pytest.mark.parametrize("text", [
    # a reason of one's own before advice: the shop's closing day is the news
    "水曜日は定休日だから気をつけてね。",
    # a kinship word or a name that is not called out: the sister, a third person
    "언니가 지난달에 결혼했어요.", "민지 씨가 어제 이사 갔어요.", "田中さんに昨日電話しました。",
    # an observation with an adverb in front ("많이" is no subject); a plan of one's own
    "어제 많이 걸었어요.", "来週から毎朝走ってみます！",
    # resolving to try what the coach advised (labelled a fact in conversations_heldout2 ja-5)
    "わかりました、やってみます！",
])
def test_the_speakers_own_news_still_says_something(text):
    assert not says_nothing_of_their_own(text)


def test_an_acknowledgement_after_an_echo_of_the_services_number_is_read_past():
    told = "返金は3〜5営業日以内に処理されます。"
    assert says_nothing_of_their_own("3〜5営業日ですね、了解です。", told_by_other=told)
    assert not says_nothing_of_their_own("10日に注文したんですね、了解です。", told_by_other=told)


def test_praise_in_the_past_after_the_others_news_praises_them():
    told = "어제 마라톤 완주했어! 4시간 28분!"
    assert says_nothing_of_their_own("완전 멋있었어!", told_by_other=told)
    assert says_nothing_of_their_own("かっこよかったよ😭", told_by_other="4時間28分！足が棒だよ〜")
    # answering "how was it?", or with nothing told before, it is the speaker's own
    assert not says_nothing_of_their_own("かっこよかったよ😭", told_by_other="4時間28分！", answering=True)
    assert not says_nothing_of_their_own("완전 멋있었어!")
    # "좋았어", "楽しかった" are as often the speaker's own day: left alone
    assert not says_nothing_of_their_own("楽しかった！", told_by_other="昨日は来てくれてありがとう。")


def test_a_name_answering_who_is_the_answer():
    assert says_nothing_of_their_own("田中さん。") and not says_nothing_of_their_own("田中さん。", answering=True)


@pytest.mark.parametrize(("text", "kind"), [
    ("割引はありがたいです。", None),  # thanks, not a wish ("ありがたい" holds "たいです")
    ("配送を夕方にしていただけるとありがたいです。", "request"),
    ("返金はカードにですか？", None),  # which card, not a request for a refund
    ("환불은 카드로인가요?", None),
    ("返金をお願いできますか？", "request"),
    ("もっとパワーのあるモデルに変えられますか？", "request"),
    ("今度の日曜、うちでパン焼くから食べに来ない？", "event"),  # the plan told before the invitation
    ("今度の日曜、食べに来ない？", None),
])
def test_kinds_by_form(text, kind):
    assert classify(text) == kind


def test_a_closing_formula_is_no_lasting_wish():
    assert not is_direct_context_request("これからもよろしくお願いします！")
    assert not is_direct_context_request("앞으로도 잘 부탁드려요!")
    assert is_direct_context_request("これからは英語で答えてください。")


def test_a_proposed_day_is_an_offer_to_take_up():
    assert offers("콜!! 다음 주 토요일 어때요?", lang="ko")
    assert not offers("요즘 어때요?", lang="ko")


def test_greetings_calls_and_formulas_make_no_fact(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "안녕하세요, 한빛카드입니다. 결과 안내차 연락드렸습니다."},
        {"role": "customer", "text": "아 네 안녕하세요!"},
        {"role": "agent", "text": "サポートの田中です。"},
        {"role": "customer", "text": "あ、田中さん！お久しぶりです。"},
        {"role": "agent", "text": "はい、日吉店で承れます。"},
        {"role": "customer", "text": "はい、ありがとうございます。これからもよろしくお願いします！"},
        {"role": "agent", "text": "다음 달부터 14일로 변경됩니다."},
        {"role": "customer", "text": "좋네요 ㅎㅎ\n오늘도 친절하게 해주셔서 감사해요. 좋은 저녁 되세요!"},
    ]) == []


def test_an_echo_of_surprise_is_no_question_to_answer(store, isolated_env, tmp_path):
    # "Nine days?!" asks nothing: the reply is read as a reaction, not as an answer about the speaker
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "Nine days?!"},
        {"role": "customer", "text": "Honestly that sounds perfect."},
    ]) == []


def test_requests_answers_and_plans_that_are_facts(store, isolated_env, tmp_path):
    found = quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "本日はどうされましたか？"},
        {"role": "customer", "text": "実は来月引っ越すことになりました。住所変更をお願いしたいです。"},
        {"role": "agent", "text": "I saw your claim was processed, did you get the reimbursement?"},
        {"role": "customer", "text": "Yes, got $2,768 on Friday, which is 80% after the deductible I think?"},
        {"role": "agent", "text": "콜!! 다음 주 토요일 어때요?"},
        {"role": "customer", "text": "좋아요"},
        {"role": "agent", "text": "うん、お互い納得して。でもちょっと寂しい。"},
        {"role": "customer", "text": "そっか…。今度の日曜、うちでパン焼くから食べに来ない？"},
    ])
    assert "実は来月引っ越すことになりました。住所変更をお願いしたいです。" in found
    assert "Yes, got $2,768 on Friday, which is 80% after the deductible I think?" in found
    assert "좋아요" in found
    assert "今度の日曜、うちでパン焼くから食べに来ない？" in found



def slots_of(other: str, text: str) -> list:
    turns = [Turn(id="a1", role="agent", text=other), Turn(id="c1", role="customer", text=text)]
    return [candidate.slot for candidate in deterministic_candidates(turns, log_id="c", reference=date(2025, 9, 28))]


@pytest.mark.parametrize(("other", "text"), [
    ("저 다음 달에 서울로 이사 가요.", "서울로 이사 간다니 축하해!"),
    ("저 다음 달에 서울로 이사 가요.", "서울 사시는구나"),
    ("来月京都に引っ越すんだ。", "京都に引っ越すんだね！"), ("プレミアムプランにした。", "プレミアムプランいいね！"),
])
def test_a_remark_on_the_others_move_or_plan_fills_no_slot_of_the_speakers(other, text):
    # the place or plan is the other person's: it must not become (or later replace) the customer's residence or tier
    assert all(slot is None for slot in slots_of(other, text))


@pytest.mark.parametrize("text", [
    "저 부산으로 이사 가요!", "京都に引っ越しました。", "연락은 이메일로 주시면 좋겠어요.",
    "やっぱりメールのほうが助かります。",
])
def test_the_speakers_own_move_or_wish_still_fills_its_slot(text):
    assert any(slot is not None for slot in slots_of("다른 문의 있으세요? / 他にございますか？", text))
