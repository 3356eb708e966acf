"""Distilled facts, by the reason a sentence is junk or a fact (issue 10, item 1; docs/extraction.md, "Fact quality
audit", third round): a reaction opening a statement, sign-offs and apologies with the speaker left out, answers to a
request or a pleasantry, states and numbers given as answers, and in Korean and Japanese laughter after the last
word, farewells, invitations, offers, encouragement, impressions and bare yes/no answers."""

from __future__ import annotations

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.text.sentences import split_sentences
from mem.customers.extract import extract_pending
from mem.customers.fact_grounding import quote_occurs
from mem.customers.kinds import classify, is_reaction, says_nothing_of_their_own
from mem.customers.store import CustomerStore

from .test_distil import write_log


@pytest.fixture
def store(isolated_env):
    clock.freeze(clock.parse_datetime("2025-11-01T00:00:00Z"))
    with CustomerStore.open(isolated_env, "cust-r") as opened:
        yield opened


def quotes(store, isolated_env, tmp_path, rows: list[dict]) -> list[str]:
    store.log.import_file(write_log(tmp_path / "log.jsonl", rows))
    report = extract_pending(store, config=Config.load(home=isolated_env, env={}))
    return [store.facts.get(fid).evidence[0].quote for fid in report.added]


# --- English ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "haha thanks, Leo named him", "haha thanks, it will, my sister is coming over with pizza",
    "Slipped on wet leaves, so dumb.", "So the surgery went great!!", "So the greyhound plan is ON",
    "Hi, it's Dana again.",
])
def test_a_reaction_opening_a_statement_does_not_make_it_a_reaction(text):
    assert not is_reaction(text)


@pytest.mark.parametrize("text", [
    "Glad it helped ya, Melanie!", "Excited for the future!", "Wow, that's amazing how everyone came together.",
    "Yeah, Gina, thanks for having my back.", "Have an awesome day!", "Wow, John, it really made a difference!",
    "So cute!", "They must have felt so appreciated.",
])
def test_reactions_stay_reactions(text):
    assert is_reaction(text)


@pytest.mark.parametrize("text", [
    "Sorry if I sounded grumpy.", "Anyway sorry for the rant lol.", "Going to bed now, night!",
    "ok gotta walk Biscuit, talk later!", "Have a good one :)", "I have to run, bye!",
])
def test_apologies_and_sign_offs_with_the_speaker_left_out_say_nothing(text):
    assert says_nothing_of_their_own(text)


@pytest.mark.parametrize("text", [
    "Sorry, I lost the receipt.", "I'm moving to Oakland, talk later!", "Sorry for the delay, my daughter was sick.",
])
def test_what_follows_an_apology_or_comes_before_a_farewell_still_counts(text):
    assert not says_nothing_of_their_own(text)


@pytest.mark.parametrize(("text", "kind"), [
    ("ok sent 2 pics", "event"), ("Hi, it's Dana again.", "event"), ("Can I vent for a sec?", None),
    ("Can I ask you something?", None), ("Can I ask about my refund?", "request"),
])
def test_small_talk_is_only_small_talk_and_asking_leave_to_talk_asks_nothing(text, kind):
    assert classify(text) == kind


def test_an_answer_to_a_request_or_a_pleasantry_is_no_fact(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "You're welcome. Anything else?"},
        {"role": "customer", "text": "Nope that's it. Have a good one :)"},
        {"role": "agent", "text": "Could you send a photo of the crack?"},
        {"role": "customer", "text": "Sure, one sec."},
        {"role": "agent", "text": "Guess who adopted a cat??"},
        {"role": "customer", "text": "NO WAY. Pics or it didn't happen"},
    ]) == []


def test_a_state_a_number_or_a_short_yes_given_as_an_answer_is_the_fact(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "Good morning! How are you today?"}, {"role": "customer", "text": "Tired."},
        {"role": "agent", "text": "How's the wrist?"},
        {"role": "customer", "text": "Cast is off! Still a bit weak."},
        {"role": "agent", "text": "I created the registry. The event date?"},
        {"role": "customer", "text": "June 20th."},
        {"role": "agent", "text": "Did you finish the mugs for your mom?"}, {"role": "customer", "text": "I did!"},
        {"role": "agent", "text": "It was held because the addresses don't match. Did you recently move?"},
        {"role": "customer", "text": "yes"},
        {"role": "agent", "text": "How have you been?"}, {"role": "customer", "text": "I've been good, busy."},
    ]) == ["Tired.", "Cast is off! Still a bit weak.", "June 20th.", "I did!", "yes"]


def test_a_short_quote_grounds_only_as_the_whole_message():
    assert quote_occurs("yes", "yes")
    assert quote_occurs("ㅇㅇ", " ㅇㅇ ")
    assert not quote_occurs("yes", "yes, twice")
    assert not quote_occurs("", "")


# --- Korean and Japanese ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    # the other person with any particle, laughter after the last word
    "역시 너밖에 없다", "너만 믿을게", "주차 어렵지 ㅋㅋ", "근데 좀 까다로운 스타일 같아 ㅠ",
    # farewells, affection, invitations, offers
    "그럼 이만 ㅂㅂ", "헤헤 사랑해", "조만간 밥 먹자 내가 쏠게!", "힘들 때 언제든 연락해.", "새해 복 많이 받아~",
    # a past inside an evaluation or a guess, encouragement, a promise in any verb
    "사진 보니까 날씨 완전 좋았네.", "와 재밌었겠다", "그래도 두 번이면 잘한 거야.", "잘될 거야!", "다음에 빌려줄게.",
    # the same reasons in Japanese
    "わかりました。", "楽しかったね！", "なんとかなるよ！", "いつでも連絡してね", "また明日ね〜",
    "また何かあったら連絡します！",
    "それは大変だったね笑", "ご飯行こうよ",
])
def test_korean_and_japanese_shapes_that_say_nothing(text):
    assert says_nothing_of_their_own(text)


@pytest.mark.parametrize("text", [
    "어제 이사 끝냈어 ㅋㅋ", "나 고양이 두 마리 키워 ㅎㅎ", "사이즈가 좀 작네요 ㅠ",
    "팀장님이 회의를 엄청 좋아하셔서 힘들었어",
    "昨日引っ越したよ笑", "先週から新しい仕事を始めました😊", "週末は実家に帰ったよ",
])
def test_korean_and_japanese_statements_keep_saying_something(text):
    assert not says_nothing_of_their_own(text)


def test_a_request_in_the_can_i_form_is_a_request():
    assert classify("카드 말고 적립금으로 받을 수 있나요?") == "request"


def test_chat_sentences_end_at_a_tilde_laughter_or_an_emoji():
    assert [s.text for s in split_sentences("너도 새해 복 많이 받아~ 새 회사 너무 좋아! 팀원들도 착해")] == [
        "너도 새해 복 많이 받아~", "새 회사 너무 좋아!", "팀원들도 착해"]
    assert [s.text for s in split_sentences("별로였어 ㅋㅋ 새해 첫 출근이었는데")] == [
        "별로였어 ㅋㅋ", "새해 첫 출근이었는데"]
    # laughter opening a message opens its sentence
    assert [s.text for s in split_sentences("ㅋㅋㅋㅋ 주차 어렵지")] == ["ㅋㅋㅋㅋ 주차 어렵지"]
    assert [s.text for s in split_sentences("so cute 😍 I love it")] == ["so cute 😍", "I love it"]


def test_a_bare_korean_or_japanese_yes_answers_a_question_about_them_not_a_pleasantry(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "응원한다! 아 그리고 너 아직 그 강아지 키워?"}, {"role": "customer", "text": "ㅇㅇ"},
        {"role": "agent", "text": "2월 13일 출고 예정입니다. 기다려 주실 수 있을까요?"},
        {"role": "customer", "text": "네"},
        {"role": "agent", "text": "잘 지냈어?"}, {"role": "customer", "text": "응"},
        {"role": "agent", "text": "내일 같이 영화 볼래?"}, {"role": "customer", "text": "좋아"},
        {"role": "agent", "text": "まだ犬飼ってる？"}, {"role": "customer", "text": "うん"},
        {"role": "agent", "text": "元気？"}, {"role": "customer", "text": "うん"},
        {"role": "agent", "text": "どこに住んでるの？"}, {"role": "customer", "text": "うん"},
    ]) == ["ㅇㅇ", "네", "うん"]


# --- fourth round: Japanese too, by the same reasons ---------------------------------------------------------

@pytest.mark.parametrize("text", [
    "ちょっと聞いてよ", "優しいなぁ", "頑張ります！", "また会おう！", "気をつけてね", "そう言ってもらえると嬉しい",
    "写真見たよ、かわいすぎ！", "つまり順調ってことだね", "メリークリスマス〜！",
    "메리 크리스마스~", "조심히 들어가", "사진 잘 봤어 완전 예쁘다", "그렇게 말해 주니까 힘이 난다", "나야말로 고마워!",
])
def test_greetings_resolve_attention_and_reading_the_others_words_say_nothing(text):
    assert says_nothing_of_their_own(text)


@pytest.mark.parametrize("text", ["来月大阪に引っ越すよ", "京都に行きたいな", "다음 달에 부산으로 이사 가"])
def test_a_plan_or_a_wish_still_says_something(text):
    assert not says_nothing_of_their_own(text)


@pytest.mark.parametrize(("text", "kind"), [
    ("안녕하세요 ㅎㅎ", None), ("こんばんは。", None), ("お世話になっております。", None),
    ("それならいいです。", "decision"), ("그럼 괜찮아요.", "decision"),
    ("来週の火曜日はどうですか？", "request"), ("다음 주 화요일은 어때요?", "request"),
])
def test_greetings_acceptances_and_proposed_days(text, kind):
    assert classify(text) == kind


def test_a_short_answer_to_a_question_word_is_the_fact_but_not_to_an_offer_of_help(store, isolated_env, tmp_path):
    assert quotes(store, isolated_env, tmp_path, [
        {"role": "agent", "text": "かしこまりました。どちらの色にしますか？"}, {"role": "customer", "text": "青です。"},
        {"role": "agent", "text": "요즘 무슨 운동 해?"}, {"role": "customer", "text": "수영!"},
        {"role": "agent", "text": "안녕하세요, 무엇을 도와드릴까요?"}, {"role": "customer", "text": "안녕하세요"},
        {"role": "agent", "text": "元気？"}, {"role": "customer", "text": "まあまあ"},
    ]) == ["青です。", "수영!"]


@pytest.mark.parametrize(("text", "kind"), [
    ("親知らず抜いただけ。", "event"), ("先日届いただけです", "event"),
    ("確認していただけますか？", "request"), ("交換いただけますか？", "request"),
    ("ご対応いただけると助かります", "request"),
])
def test_itadaku_asks_only_as_a_request_form_not_in_ta_dake(text, kind):
    assert classify(text) == kind
