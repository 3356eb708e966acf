"""Distilled facts in casual chat and in answers, by reason (issue 10, item 1; docs/extraction.md, "Fact quality
audit", fifth round): a reaction to what the other person just told (their name or number echoed), a request for the
other's news, what one would do in their place, greetings passed on, treats, "see you", formula answers and bare
reactions say nothing — in English, Korean (반말) and Japanese (タメ口); a bare yes after an offer is a decision, after
the service announced what it will do only an acknowledgement; an unsure number, an either/or pick and a clause told
before a question are facts."""

from __future__ import annotations

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.kinds import classify, says_nothing_of_their_own
from mem.customers.store import CustomerStore

from .test_distil import write_log
from .test_distil_reasons import quotes


@pytest.fixture
def store(isolated_env):
    clock.freeze(clock.parse_datetime("2025-11-01T00:00:00Z"))
    with CustomerStore.open(isolated_env, "cust-c") as opened:
        yield opened



def kinds_of(store, isolated_env, tmp_path, rows: list[dict]) -> list[tuple[str, str]]:
    store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
    report = extract_pending(store, config=Config.load(home=isolated_env, env={}))
    return [(store.facts.get(fid).kind, store.facts.get(fid).evidence[0].quote) for fid in report.added]


# --- what the other person just told ------------------------------------------------------------------------------

@pytest.mark.parametrize(("told", "reaction"), [
    ("Thanks for coming over yesterday! Biscuit loved you.", "Biscuit is such a sweetheart."),
    ("My grandma turns 90 on Sunday.", "90 is amazing, wow."),
    ("어제 와 줘서 고마워! 보리가 너 엄청 좋아하더라.", "보리 완전 천사네"),
    ("우리 할머니 이번 주에 90세 되셔", "와 90세면 진짜 대단하시다"),
    ("昨日は来てくれてありがとう！ムギもすごく喜んでた。", "ムギは本当に天使だね。"),
    ("ばあちゃんが90歳になる", "90歳ってすごいね"),
])
def test_a_name_or_number_echoed_from_the_others_news_is_theirs(told, reaction):
    assert says_nothing_of_their_own(reaction, told_by_other=told)


@pytest.mark.parametrize(("told", "statement"), [
    ("My grandma turns 90 on Sunday.", "I turn 30 on Sunday."),
    ("우리 할머니 이번 주에 90세 되셔", "우리 할아버지는 작년에 95세셨어"),
    ("ばあちゃんが90歳になる", "うちのじいちゃんは95歳だよ"),
])
def test_a_number_of_ones_own_still_says_something(told, statement):
    assert not says_nothing_of_their_own(statement, told_by_other=told)


def test_a_reaction_to_the_others_news_makes_no_fact_but_an_answer_about_ones_own_does(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "Thanks for coming over yesterday! Biscuit loved you."},
        {"role": "customer", "text": "Biscuit is such a sweetheart."},
        {"role": "agent", "text": "My grandma turns 90 on Sunday."},
        {"role": "customer", "text": "90 is amazing, wow."},
        {"role": "agent", "text": "Which one is your dog?"},
        {"role": "customer", "text": "Mochi is my dog, she's 4."},
    ]) == ["Mochi is my dog, she's 4."]


# --- shapes that say nothing, whatever they name --------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    # a request for the other's news or photo, to be taken along
    "Send pics!!", "Dude you have to send me the recording.", "도착하면 연락해", "결과 나오면 알려줘!", "사진 보내줘!!",
    "다음엔 나도 꼭 불러라", "着いたら連絡して", "結果出たら教えて！", "写真送って！", "今度は俺も誘えよな",
    "俺も連れてってよ笑",
    # what one would do in the other's place, "I knew it"
    "If I were you I'd take the job.", "Not gonna lie, I'd have done the same thing.", "Hah, I'd pay to see that.",
    "haha I knew you'd say that", "나라도 그랬을 듯", "내가 너였으면 바로 그만뒀다", "역시 될 줄 알았어",
    "俺だったら即やめてるわ",
    "健太ならいけると思ってたよ", "だと思った笑",
    # greetings passed on, treats, consolation
    "Tell Carmen I said hi!", "Drinks on me next time.", "I mean, at least you got a free dinner out of it.",
    "소희한테도 안부 전해 줘", "오늘 저녁 내가 쏜다", "みさきちゃんによろしく言っといて", "今日は俺のおごりな",
    # leaving, "see you", luck and care for the other
    "Anyway I gotta run, dinner's ready.", "나 이제 가봐야 돼", "밥 먹으러 간다 이따 톡해", "그럼 그때 봐",
    "내일 시험 잘 봐!!",
    "ではまた来週〜", "じゃあまた", "じゃあその時に", "明日の試験がんばれ！", "無理すんなよ", "ゆっくり休んで",
    "体大事にな",
    # impressions, envy, guesses, compliments by comparison, hopes
    "He seems like a good guy.", "She looks like a little loaf lol", "ugh I'm so jealous",
    "Bet the pastries were unreal",
    "You're a better coach than my actual coach lol", "Hope it doesn't rain lol", "리스본 완전 예쁘다던데",
    "너무 부럽다 나도 여행 가고 싶다", "나도 고양이 키우고 싶다", "うらやましすぎる、俺も旅行行きたい",
    "俺も猫飼いたいわ",
    # evaluations put to the other, praise for their effort, "that helps", conditions with nothing after them
    "소희 진짜 착하다", "진짜 고생했다", "ㅋㅋㅋㅋ 위로가 되네요", "비만 안 오면 ㅋㅋ", "큰일 날 뻔했네", "いいじゃん",
    "モチ天使じゃん", "いい人そうじゃん", "危なかったな", "晴れたらね笑", "もったいない、うまかったのに",
    "笑いすぎて腹痛い笑",
    # bare reactions, acknowledgements, holding the turn, formula answers
    "인정", "맞는 말이야", "그니까 내 말이 ㅋㅋ", "어이없네", "음 잠깐만요.", "그럭저럭ㅋㅋ", "나야 뭐 똑같지 ㅋㅋ",
    "それな、わかるわ〜",
    "言えてる", "ありえない", "そうだったんだ", "相変わらずだよ笑", "Eh same old same old",
])
def test_casual_shapes_that_say_nothing_of_the_speakers_own(text):
    assert says_nothing_of_their_own(text)


@pytest.mark.parametrize("text", [
    "오늘 밤에 올릴게요.", "Oh and Maddie broke the phone screen already lol.", "I gotta go, my kids are calling.",
    "나 다음 달에 유럽 가", "来月ヨーロッパ行く", "転職しようと思ってた", "동생이 사진 보내줬어", "雨だったら延期ね。",
])
def test_the_speakers_own_news_still_says_something(text):
    assert not says_nothing_of_their_own(text)


@pytest.mark.parametrize(("text", "kind"), [
    ("사진 보내줘!!", None), ("소희한테도 안부 전해 줘", None), ("着いたら連絡して", None),
    ("本当ですか！", None), ("20%ですか…", None),
    ("ちなみに弟は京都まで車で来るそうなんですが、駐車場ってありますか？", "event"),
    ("연회비가 15만 원 청구됐는데 이거 너무 비싼 거 아닌가요?", "event"),
    ("ちょっと聞きたいんですが、駐車場ってありますか？", None),
    ("Can someone look at it when we're back?", "request"), ("病気の場合はなんとかなりませんか？", "request"),
    ("ok the bundle then.", "decision"), ("배송 사진 보내 주세요.", "request"),
])
def test_request_forms_to_a_friend_echo_questions_and_news_told_before_a_question(text, kind):
    assert classify(text) == kind


def test_a_what_if_with_quit_is_no_retraction_fact(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "또 야근이야"}, {"role": "customer", "text": "내가 너였으면 바로 그만뒀다"},
    ]) == []


# --- answers ----------------------------------------------------------------------------------------------------

def test_a_bare_yes_after_an_offer_is_a_decision_after_an_announcement_only_an_acknowledgement(
        store, isolated_env, tmp_path):
    assert kinds_of(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "We can send a technician on April 14. Would that work?"},
        {"role": "customer", "text": "Yes."},
        {"role": "agent", "text": "Joins take everyone a while. Want a small exercise plan for them?"},
        {"role": "customer", "text": "Sure"},
        {"role": "agent", "text": "어머니도 든든하시겠어요. 면접 예상 질문 같이 정리해 볼까요?"},
        {"role": "customer", "text": "좋아요!"},
        {"role": "agent", "text": "では候補を3つメールでお送りします。"},
        {"role": "customer", "text": "お願いします！"},
        {"role": "agent", "text": "불편을 드려 죄송합니다. 결과 나올 때까지 해당 금액은 청구에서 보류해 두겠습니다."},
        {"role": "customer", "text": "아 그럼 다행이에요. 그렇게 해 주세요."},
    ]) == [("decision", "Yes."), ("decision", "Sure"), ("decision", "좋아요!")]


def test_an_unsure_number_an_either_or_pick_and_a_day_after_yes_are_the_answer(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "Then a small portfolio. How many hours a week could you study?"},
        {"role": "customer", "text": "Maybe 6?"},
        {"role": "agent", "text": "A kids line is $15/month. Do you want a new number or to keep one?"},
        {"role": "customer", "text": "New number."},
        {"role": "agent", "text": "That's a good principle. So a target start date of summer?"},
        {"role": "customer", "text": "Yeah, ideally August."},
        {"role": "agent", "text": "The bundle is $45. Any questions?"},
        {"role": "customer", "text": "Whats cheaper for 10 days?"},
    ]) == ["Maybe 6?", "New number.", "Yeah, ideally August."]


def test_bare_korean_and_japanese_answers_count_but_not_to_anything_else(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "良いと思います。オンライン英会話は試したことがありますか？"},
        {"role": "customer", "text": "ないです。"},
        {"role": "agent", "text": "대단해요. 식사는 잘 챙기고 계세요?"},
        {"role": "customer", "text": "아니요ㅋㅋ"},
        {"role": "agent", "text": "네, 처리해 두었습니다. 다른 문의 있으실까요?"},
        {"role": "customer", "text": "없어요."},
        {"role": "agent", "text": "Noted. Anything else today?"},
        {"role": "customer", "text": "nope that's it, thanks!!"},
    ]) == ["ないです。", "아니요ㅋㅋ"]


# --- a question without its mark, a reaction told in the first person --------------------------------------------

@pytest.mark.parametrize("text", [
    "요즘 뭐 하고 지내", "주말에 뭐 했어", "그래서 어떻게 됐는데", "언제 오는데", "그거 얼마 주고 샀어",
    "最近何してんの", "週末何してた", "で、どうなったの", "いつ来るの", "それいくらだった",
])
def test_a_casual_question_without_its_mark_is_no_statement(text):
    assert classify(text) is None


@pytest.mark.parametrize("text", [
    "뭐 좀 샀어", "어제 뭐 먹었는지 기억 안 나", "주말에 부산 갔어", "何か食べた", "なんか疲れた", "何を買ったか忘れた",
    "なんとか間に合った", "先週京都行った",
])
def test_a_question_word_used_as_something_or_inside_a_clause_still_tells(text):
    assert classify(text) is not None


@pytest.mark.parametrize("text", [
    "I literally just screamed", "omg I just got chills", "I'm crying, this is so sweet", "I teared up reading that",
    "I can't believe he did that.", "I need details.", "I want the full story.", "I'm dying to hear everything.",
])
def test_being_moved_by_the_others_news_or_curious_about_it_says_nothing(text):
    assert says_nothing_of_their_own(text)


@pytest.mark.parametrize("text", ["I need details.", "I want the full story tomorrow."])
def test_curiosity_about_the_others_news_is_no_request(text):
    assert classify(text) is None


@pytest.mark.parametrize("text", ["I can't believe I finally graduated!", "I cried at my grandpa's funeral.",
                                  "I need a new charger for my laptop."])
def test_the_speakers_own_news_told_with_feeling_still_says_something(text):
    assert not says_nothing_of_their_own(text) or classify(text) == "request"
