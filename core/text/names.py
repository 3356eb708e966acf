"""Name-shaped words with no honorific: the scrub-only name heuristics of ``mem.core.text.personal``.

Three shapes an anonymiser without them let through (docs/knowhow.md, "Measured recall"):

- **English names after a cue, in any case**: "my name is john smith", "tell anna i said hi",
  "thanks tobias", "spoke with elena petrova", "Sent the voucher to Beatriz". Lower case has no
  capital to go by, so a word counts as a name only after a cue that introduces or addresses a
  person, and only when it is not a common English word (``COMMON_EN``) nor shaped like one
  (-ing, -ed, -ly, -tion…). A capitalised word mid-sentence after a weaker cue ("to", "for",
  "since") is a name unless it is a common word, a product tier, a brand, a month or a day.
- **Korean names without an honorific**: a common surname and two syllables common in given names,
  right before a particle ("김민수가", "정다은이고", "배수지에게", "한예슬의") or punctuation —
  the particle is what tells "정우성이 요청" (a name) from "정기 구독" (a word).
- **Japanese names without an honorific**: a common family name (two or three kanji), optionally a
  given name in kanji, before a particle or punctuation ("高橋健一から", "佐々木が", "井上 真理、");
  a family name that is part of a place name ("山田町") is not one.

These read ordinary words as names now and then; in an anonymised decision the cost is a word
replaced by ``[name]`` (privacy wins), which is why lint does not use them. The benchmark
(``scripts/bench_anonymise.py``) counts both recall and clean sentences changed, on a tuning part
and a held-out part.
"""

from __future__ import annotations

import re

from mem.core.text.cjk import HAN, HANGUL_SYLLABLES
from mem.core.text.pattern import lazy


def _words(text: str) -> frozenset[str]:
    """A word list written as text (one or more per line), as a set."""
    return frozenset(text.split())


# Common English words that follow a cue ("this is the…", "thanks for…", "refunded shipping…") and
# are not names. Names that are also common words (Grace, Rose, Will) are lost when written in lower
# case; capitalised, they are still caught by the capitalised-run rule.
COMMON_EN = _words("""
a about above across after again against all almost alone along already also although always am among an and
another any anybody anyone anything anyway anywhere are around as ask asked at away back bad be because been
before behind being below best better between beyond both but by can cannot could did do does doing done down
during each either else enough even ever every everybody everyone everything except few first for from full
further get gets getting given gives go goes going gone good got had half has have having he her here hers
herself him himself his how however i if in indeed instead into is it its itself just last least less like
likely many may maybe me might mine more most much must my myself near nearly neither never new next no nobody
none nor not nothing now of off often old on once one only onto or other others otherwise our ours ourselves
out over own past per perhaps please quite rather really same second several shall she should since so some
somebody someone something sometimes soon still such sure than that the their theirs them themselves then there
these they this those though through thus till to today together told tomorrow too toward towards twice two under
unless until up upon us very via was we well were what whatever when where whether which while who whoever whole
whom whose why will with within without would yes yesterday yet you your yours yourself yourselves
able afraid available aware back busy calling checking contacting fine glad happy here interested just late new
not okay ok pleased ready really responsible right sorry still sure unable unhappy writing trying
account accounts address agent agreement amount annual answer app approval bank billing bill box call card case
cash charge charges claim company contract courier credit customer customers day days deal delivery department
desk discount email error exception fee fees file free goodwill help invoice issue item items label line manager
message month monthly months money network number offer office order orders outage package parcel partial payment
people person phone plan plans policy price problem product products purchase rate receipt record refund refunds
reply request return returns rule sale service shipping shop staff store subscription support system team them
ticket time total transfer trial upgrade user users voucher warehouse week weeks year years
again anyway everyone everybody folks guys all both team customers carrier courier billing support sales
i'm i'd i've i'll it's that's there's we're we've we'll you're you've they're don't can't won't didn't doesn't
isn't wasn't aren't haven't hasn't mr mrs ms miss dr prof sir madam
""")
_COMMON_SUFFIX = lazy(r"(?:ing|ed|ly|tion|sion|ment|ness|ity|able|ible|ful|less|ous|ive|ise|ize|est)$")
# Common given names that end like a common word (Emily, Louise, Mohammed): names all the same.
NAMES_WITH_WORD_ENDINGS = _words("""
emily kelly molly holly sally lily polly shelly beverly kimberly carly billy nelly dolly willy wally
ahmed mohammed mohamed muhammed hamed javed saeed rasheed waleed khaled fred ted ned ed jared alfred manfred
winifred mildred reed sterling irving ernest forrest olive clive louise denise elise eloise clement
""")
# Capitalised words that are not people: product tiers, brands a support note names, months, days.
_NOT_PEOPLE = _words("""
enterprise pro premium basic business team free plus service support success standard starter gold silver
bronze platinum visa mastercard amex paypal stripe apple google amazon microsoft fedex ups dhl usps
january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday christmas easter
""")
NOT_PEOPLE = _NOT_PEOPLE

_LETTER = "A-Za-zÀ-ÖØ-öø-ÿĀ-ž"
_WORD = rf"[{_LETTER}]+(?:['’-][{_LETTER}]+)*"
_CAPITALISED = rf"[A-ZÀ-ÖØ-Þ][{_LETTER}]*[a-zß-öø-ÿ][{_LETTER}]*(?:['’-][{_LETTER}]+)*"
# Cues that introduce or address a person: what follows, in any case, is a name unless a common word.
_CUE_ANY_CASE = (r"my name is|my name's|name is|name\s*:|call me|this is|i am|i'm|im|hi|hello|hey|dear|thanks|"
                 r"thank you|tell|spoke with|spoke to|spoken to|talked to|talked with|speaking with|called|"
                 r"emailed|texted|messaged|refunded|gave|signed|regards|cheers")
_AFTER_CUE = lazy(rf"(?i:\b(?:{_CUE_ANY_CASE}))(?=[ \t]*,?[ \t]+({_WORD})(?:[ \t]+({_WORD}))?)")
# Weaker cues: only a capitalised word after them counts ("to Beatriz", "since Olusegun").
_AFTER_WEAK_CUE = lazy(rf"(?i:\b(?:to|for|with|from|since|per|by|ask|asked|told|contact|contacted|let|aka|a\.k\.a\.))"
                             rf"(?=[ \t]+({_CAPITALISED})\b)")


# "We agreed to refund jenkins 40%", "credit okafor $20": a verb that gives money, a lower-case word, then the
# amount — the word between is who gets it. Things a refund is of ("refund postage 40%") are not people.
_AFTER_GRANT_VERB = lazy(rf"(?i:\b(?:refund|reimburse|credit|credited|pay|paid|compensate|compensated|owe|owed))"
                         rf"[ \t]+([a-zß-öø-ÿ][{_LETTER}]*(?:['’-][{_LETTER}]+)*)(?=[ \t]+(?:[$€£¥₩]|\d))")
_PAID_FOR = _words("""
postage tax taxes vat gst duty duties insurance freight customs shipping delivery handling tips tip deposit deposits
fare fares tuition rent interest premium premiums excess costs cost fees fee charges charge balance difference
minus plus extra additional upfront outright double triple twice score limit limits bonus bonuses points credits
vouchers voucher coupons coupon cashback rewards reward miles members member subscribers subscriber customers users
buyers sellers guests patients students tenants clients staff employees
""")


def _name_like(word: str | None) -> bool:
    if not word:
        return False
    lower = word.lower().replace("’", "'")
    return (len(lower) >= 2 and lower not in COMMON_EN and lower not in _NOT_PEOPLE
            and (lower in NAMES_WITH_WORD_ENDINGS or not _COMMON_SUFFIX.search(lower)))


name_like = _name_like


def scrub_english_names(text: str) -> str:
    """Names after a cue (any case) and capitalised names after a weaker cue, replaced by ``[name]``."""
    spans: list[tuple[int, int]] = []
    for m in _AFTER_CUE.finditer(text):
        if _name_like(m.group(1)):
            spans.append((m.start(1), m.end(2) if _name_like(m.group(2)) else m.end(1)))
    for m in _AFTER_GRANT_VERB.finditer(text):
        if _name_like(m.group(1)) and m.group(1).lower() not in _PAID_FOR:
            spans.append((m.start(1), m.end(1)))
    for m in _AFTER_WEAK_CUE.finditer(text):
        if _name_like(m.group(1)):
            spans.append((m.start(1), m.end(1)))
    return _replace(text, spans)


def _replace(text: str, spans: list[tuple[int, int]]) -> str:
    out, last = [], 0
    for start, end in sorted(spans):
        if start < last:  # overlapping finds of two cues ("my name is", "name is"): the first one wins
            continue
        out += [text[last:start], "[name]"]
        last = end
    out.append(text[last:])
    return "".join(out)


# Lower-case English titles ("gave mr okafor a voucher"): the capitalised form is lint's (_TITLED_NAME).
_TITLE_ANY_CASE = lazy(rf"(?i:\b(?:mr|mrs|ms|miss|dr|prof)\b\.?)[ \t]+({_WORD})")


def scrub_titled_names(text: str) -> str:
    """"mr okafor", "dr. keller": a lower-case title and the name after it."""
    return _replace(text, [(m.start(1), m.end(1)) for m in _TITLE_ANY_CASE.finditer(text) if _name_like(m.group(1))])


# --- Korean ---
SURNAMES_KO = ("김이박최정강조윤장임한오서신권황안송류유전홍고문양손배"
               "백허남심노하곽성차주우구민진나엄채원천방공현함변염여추도소석선설마길연위표명")
# Syllables common in given names; a word whose second or third syllable is not one (배송비, 위약금,
# 안내문) is not read as a name.
GIVEN_KO = ("민수서연지훈예린도현하늘재빈은영희철다준우진호윤아정혜성경상태동석기미선주소유채원나승혁용범"
            "규형식환찬건율한결별솔슬설시온효화숙순옥남길열일세국광명봉근래란랑람리라름보빛새송실애양엽완"
            "요욱웅의종중창초춘충택필학해향헌협홍후휘흥광옥진웅")
# Words of that shape that are not names (이용자 a user, 최소한 at least…).
_WORDS_KO = _words("이용자 사용자 신청자 담당자 구매자 판매자 가입자 관리자 수령인 최소한 최대한 최우선 이상은 "
                      "이하는 정기적 고객님 안내서 문의는 유효한 우선순 주소지 거주지 소재지 연락처")
_PARTICLE_KO = ("이고|이며|이다|입니다|인데|이에요|예요|에게서|에게|한테|께서|께|가|이|는|은|을|를|의|과|와|랑|"
                "이랑|하고|도|만")
_KOREAN_BARE_NAME = lazy(
    rf"(?<![{HANGUL_SYLLABLES}])[{SURNAMES_KO}][{GIVEN_KO}][{GIVEN_KO}]"
    rf"(?=(?:{_PARTICLE_KO})(?![{HANGUL_SYLLABLES}])|[,.、。:;)]|$)")


# "박지영 팀장과 상의해", "김민수 과장님께": a surname and two given-name syllables before a job title (with 님 and a
# particle, or nothing, after it). The title stays, so the decision still says who decided; "신규 대리점" (a new
# dealer: 대리 inside a word), "정규직 사원" (직 is no given-name syllable) stay.
_JOB_TITLE_KO = ("본부장|센터장|지점장|팀장|과장|대리|부장|차장|실장|사원|주임|대표|이사|상무|전무|사장|"
                 "매니저|선임|책임|수석|계장|점장|원장|국장|담당자|담당")
_KOREAN_TITLED_NAME = lazy(
    rf"(?<![{HANGUL_SYLLABLES}])[{SURNAMES_KO}][{GIVEN_KO}][{GIVEN_KO}]"
    rf"(?=\s?(?:{_JOB_TITLE_KO})(?:님)?(?:{_PARTICLE_KO})?(?![{HANGUL_SYLLABLES}]))")


# A noun of a decision with its particle has the same shape: "수수료 조정은 본부장 승인 후", "요금제 변경은 매니저에게"
# (the adjustment, the change — no one's name). The nouns are those that open with a surname's syllable.
_NOUNS_BEFORE_TITLE_KO = _words("""
조정 변경 신청 정산 전환 연장 지급 안내 문의 공지 민원 한도 설정 이용 설명 정리 명의 정지 표시 정정 양식 서명
배정 조건 신원 이동 양도 주소 이름 정보 문서 배송 전화 연결 권한 구성 방향 안건 결정 확인 승인 심사 검토 접수
발급 해지 이관 차감 제외 고지 허가 유지 인상 최종 임시 주문 방문 예외 감면 면제 보상 환급 취소 처리 요청 적용
""")
_PARTICLE_SYLLABLES_KO = "은는이가을를도만의"


WORDS_KO = _WORDS_KO


def scrub_korean_titled_names(text: str) -> str:
    """"박지영 팀장", "김민수 과장님께": the name before a job title (read before "과장님" is taken for a name)."""
    def name(m: re.Match[str]) -> str:
        word = m.group(0)
        if word in _WORDS_KO or (word[:2] in _NOUNS_BEFORE_TITLE_KO and word[2] in _PARTICLE_SYLLABLES_KO):
            return word
        return "[name]"

    return _KOREAN_TITLED_NAME.sub(name, text)


def scrub_korean_names(text: str) -> str:
    # a word that ends in 요 at the end of a clause is a polite verb ending (주세요, 하세요), not a name
    return _KOREAN_BARE_NAME.sub(
        lambda m: m.group(0) if m.group(0) in _WORDS_KO or m.group(0).endswith("요") else "[name]", text)


# --- Japanese ---
SURNAMES_JA = _words("""
佐藤 鈴木 高橋 田中 伊藤 渡辺 渡邊 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 斎藤 斉藤 清水 山崎
池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 坂本 福田 太田 西村
藤井 金子 岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 石田 森田 上田 柴田 酒井 工藤 横山
宮崎 宮本 内田 高木 安藤 島田 谷口 大野 高田 丸山 今井 河野 藤本 村田 武田 上野 杉山 増田 小山 大塚 平野
菅原 久保 松井 千葉 岩崎 桜井 木下 野口 松尾 菊地 野村 新井 渡部 佐野 杉本 大西 古川 浜田 市川 小松 水野
西田 北村 安田 中田 川口 川崎 飯田 永井 土屋 関 望月 秋山 服部 小島 桑原 堀 早川 須藤 荒木 吉川 星野
""")
_SURNAME_JA = "|".join(sorted((s for s in SURNAMES_JA if len(s) >= 2), key=len, reverse=True))
# What follows a name: a particle, a copula or punctuation. A kanji right after the family name that
# makes it a place (山田町, 中村区) or a business (鈴木商店 keeps 商 as a given name: over-scrubbed).
_AFTER_NAME_JA = r"(?:から|まで|より|です|と申|は|が|を|に|の|と|へ|で|も|や|[、。，．,.:：）)]|$)"
_PLACE_JA = "町市区村県郡駅線通丁島橋川山"
_JAPANESE_BARE_NAME = lazy(
    rf"(?<![{HAN}])(?:{_SURNAME_JA})(?![{_PLACE_JA}])"
    rf"(?:[ \u3000]?[{HAN}]{{1,3}}?)?(?=[ \u3000]?{_AFTER_NAME_JA})")


def scrub_japanese_names(text: str) -> str:
    return _JAPANESE_BARE_NAME.sub("[name]", text)


# --- the customer addressed by name ---
# An agent's reply opens by addressing the customer: "tobias, your refund is on its way", "Yes, dana, we agree",
# "Sure Tobias, …" (newuser27 #2). A name the anonymiser cannot know is still in the vocative position: the first
# word of a sentence (or the word after a reply's opening "yes" / "sure" / "thanks"…) followed by a comma. Words
# that open sentences before a comma and are no names ("Unfortunately,", "However,", "Great,") are kept: common
# words, words shaped like one (-ly, -ed…), and the discourse words below.
_OPENERS = (r"yes|yeah|yep|no|sure|ok|okay|alright|all right|thanks|thank you|sorry|well|of course|certainly|"
            r"absolutely|great|right|hi|hello|hey|dear|good news|understood")
_VOCATIVE = lazy(rf"(?:^|[.!?。！？][ \t]{{1,3}}|\n)[ \t]{{0,3}}(?:(?i:{_OPENERS})[ \t]{{0,3}}[,!]?[ \t]{{1,3}})?"
                 rf"({_WORD})(?=[ \t]{{0,3}},[ \t]{{0,3}}\S)")
_NOT_VOCATIVE = _words("""
great perfect alright excellent wonderful awesome cool nice correct indeed understood apologies hmm oh ah ahh aha
wow well therefore meanwhile besides moreover furthermore hence note nb ps update reminder welcome congratulations
congrats bye goodbye sincerely regards cheers nonetheless otherwise overall plus firstly secondly thirdly lastly
sir madam maam ma'am folks everyone guys friend friends yesterday today tomorrow tonight now yes yeah yep nope no
sure ok okay thanks sorry hi hello hey dear please however also instead again finally next first then still
ha haha see look listen aww
""")


# ... and closing a sentence after a comma: "Your parcel leaves on Monday, marisol.", "Good news, henrik. The refund
# …" (the review of round 27: the vocative was read only as "name," opening a sentence)
_VOCATIVE_END = lazy(rf",[ \t]{{1,3}}({_WORD})(?=[ \t]{{0,3}}(?:[.!?。！？]|$))")


def _vocatives(text: str) -> list[re.Match[str]]:
    found = [*_VOCATIVE.finditer(text), *_VOCATIVE_END.finditer(text)]
    return sorted((m for m in found if _name_like(m.group(1)) and m.group(1).lower().replace("’", "'")
                   not in _NOT_VOCATIVE), key=lambda m: m.start(1))


def vocative_names(text: str) -> list[str]:
    """The words ``scrub_vocative_names`` takes, as they are written."""
    return [m.group(1) for m in _vocatives(text)]


def scrub_vocative_names(text: str) -> str:
    """The name a reply addresses the customer by, in any case: "tobias, your refund …" → "[name], your refund …"."""
    return _replace(text, [(m.start(1), m.end(1)) for m in _vocatives(text)])
