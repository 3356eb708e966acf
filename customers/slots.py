"""Slots: what an attribute or preference is *about* (name, language, tier, residence…), and its value.

Two facts filling the same slot with different values are one fact changing over time (judgement
UPDATE: "I live in Seoul" → "I live in Busan now"); a slot in ``EVERY_CONVERSATION`` is the
deterministic test for "needed in every conversation" when promoting a fact to customer context
(path b): how to address the customer, which language to answer in, their contract tier, and the
accessibility needs every answer must respect. Everything else (residence, job, likes) is useful
but not needed on every turn, so it stays a fact.

A slot is read in the customer's own words (``find_slot``) — but never from a sentence about someone
else, their past, a what-if or the service's own details (``_NOT_THEIRS``) — and, for a bare value,
in context (``slot_in``): the agent's question it answers, or the customer's announcement just before
it ("I changed my number." → "010-7781-3052"), or, for a correction that gives only the value, the
value's shape. docs/measurements/extraction.md measures this on update cases written by other hands.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from mem.core.text import terms
from mem.core.text.names import GIVEN_KO, SURNAMES_JA, SURNAMES_KO
from mem.core.text.pattern import LazyPattern, lazy
from mem.customers.delegates import delegate_of, holder_view
from mem.customers.fact_record import Fact
from mem.customers.plan_names import PLAN_CHOSEN_RULES, PLAN_NAME_RULES

EVERY_CONVERSATION = frozenset({"name", "language", "tier", "accessibility"})

_LANGUAGE_NAMES = {
    "english": "English", "korean": "Korean", "japanese": "Japanese", "chinese": "Chinese", "spanish": "Spanish",
    "french": "French", "german": "German", "영어": "English", "한국어": "Korean", "일본어": "Japanese",
    "중국어": "Chinese", "英語": "English", "韓国語": "Korean", "日本語": "Japanese", "中国語": "Chinese",
    # the other languages customers commonly ask to be answered in, each in the three scripts
    "italian": "Italian", "portuguese": "Portuguese", "dutch": "Dutch", "russian": "Russian", "arabic": "Arabic",
    "vietnamese": "Vietnamese", "thai": "Thai", "indonesian": "Indonesian", "hindi": "Hindi", "turkish": "Turkish",
    "polish": "Polish", "swedish": "Swedish", "mandarin": "Chinese", "cantonese": "Cantonese",
    "스페인어": "Spanish", "프랑스어": "French", "독일어": "German", "이탈리아어": "Italian",
    "포르투갈어": "Portuguese", "러시아어": "Russian", "베트남어": "Vietnamese", "태국어": "Thai", "아랍어": "Arabic",
    "인도네시아어": "Indonesian", "スペイン語": "Spanish", "フランス語": "French", "ドイツ語": "German",
    "イタリア語": "Italian", "ポルトガル語": "Portuguese", "ロシア語": "Russian", "ベトナム語": "Vietnamese",
    "タイ語": "Thai", "アラビア語": "Arabic", "インドネシア語": "Indonesian",
}
_LANG = "|".join(sorted(_LANGUAGE_NAMES, key=len, reverse=True))
LANGUAGE_PATTERN = _LANG  # language names in en/ko/ja, longest first, for other modules' patterns


@dataclass(frozen=True)
class Slot:
    name: str
    value: str
    # placed by the learned recogniser (``slot_model``), not read by a rule: the value is the sentence's terms
    learned: bool = False


# Where an English address told in a sentence ends: before "from next week", "instead", "please"…
_ADDRESS_END = r"(?=,? (?:from|starting|as of|until|instead|please|now|next)\b|[.!?]|$)"
_ADDRESS_END_COMMA = r"(?=,? (?:from|starting|as of|until|instead|please|now|next)\b|[.!?,]|$)"
_TIERS = (r"enterprise|premium|pro|business|basic|free|standard|team|gold|silver|platinum|plus|starter|lite|light|"
          r"family|student|unlimited|economy")
# a Korean word that is not part of a plan's name before it: one with a particle or an ending, a pointing or time word
# (a word of the name is ten characters at most, so the lookahead reads no further: read to the end of a run
# "가+가+…" from every word start, it was quadratic)
_KO_NOT_PLAN_WORD = (r"[가-힣A-Za-z0-9+]{0,9}(?:을|를|은|는|이|가|에|로|도|의|와|과|부터|까지|에서|한테|에게|"
                     r"고|요|다|면|서|인|된|할|던|라|럼|게|히|리) "
                     r"|(?:이|그|저|제|내|네|예|저희|우리|고객|지금|현재|기존|새|다른|같은|어떤|무슨|이번|다음|지난|오늘|"
                     r"내일|어제|올해|내년|작년|달|월|주|해|매달|요즘|아직|원래|혹시|그냥|결국|자주|아래|위|수|좀|더|또|잘|"
                     r"다시|바로|먼저|계속|함께|같이|사용|이용|한|두|세) ")
_NAME_VALUE = r"(?P<v>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)"
# a full name of two capitalised words, either of them double-barrelled ("Kerry-Ann Doyle", "Siobhan O'Neill")
_FULL_NAME = r"[A-Z][a-z]+(?:-[A-Z][a-z]+)? (?:O'|Mc|Mac)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?"
# what the record will say after a change of name: "can it say …", "make it …", "I'll be … on the register"
_TO_READ = r"(?:(?i:can|could|will|should) it (?:say|read|be)|make it|I'll be|I will be|it'll say|" \
           r"put (?:me|it) (?:down )?as|change it to)"
# a wedding an order is for, not the customer's own change of name: "for our wedding anniversary, can it say Happy
# Anniversary on the cake?", "the flowers are for a wedding, can you make it Pale Pink" (review32)
_NOT_AN_OCCASION = (r"(?i:(?<!for )(?<!for a )(?<!for an )(?<!for the )(?<!for our )(?<!for my )(?<!for their )"
                    r"(?<!for his )(?<!for her ))")
# the desk a message greets, not a person's name ("Hi, Customer Services, I…")
_NOT_A_DESK = r"(?!(?:Customer|Support|Team|Sales|Service|Services|Accounts?|Help|Bookings?|Dear|Good)\b)"
# a Japanese given name written after the family name and a space: one to three characters, not an honorific nor a
# title ("鈴木 先生でお願いします" asks for the teacher, "高橋 店長" names the manager: review32)
_GIVEN_JA = (r"(?!さん|さま|様|くん|ちゃん|殿|氏|先生|店長|部長|課長|社長|係長|主任|院長|医師|担当)"
             r"[一-龯々ぁ-ゖ]{1,3}?")
# A place is one word, or two when the second is capitalised ("New York"); the rules are
# case-insensitive, so without the scoped (?-i:…) "I moved to Kyoto last week" gave "Kyoto last";
# "I live in a flat" names no place.
_PLACE = (r"(?!(?:a|an|the|my|our|this|that|here|there|with|together|now|again|back|last|next|soon)\b)"
          r"(?P<v>[^\W\d_][\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?)")
# whose home or value it is when a Korean relative clause names them ("서울 사는 친구"): not the customer's
_KO_RELATIONS = (r"(?:동생|형|오빠|언니|누나|엄마|아빠|어머니|아버지|부모님|딸|아들|친구|동료|남편|아내|와이프|할머니|"
                 r"할아버지|조카|사촌|지인|사람들)")
_CHANNEL_EN = r"e-?mail|phone|telephone|texts?|sms|chat|whatsapp|line|kakao(?:talk)?|telegram|post|letter"
# a channel named by its verb as a noun: "Texting is the best way to reach me", "Calling works better"
_CHANNEL_GERUND = r"e-?mailing|texting|calling|phoning|ringing"
_PHONE = r"(?P<v>\+?\d[\d\s().-]{5,20}\d)"
# identity documents whose "number" is not a phone number (fixed-width look-behinds, one per word)
_NOT_DOCUMENT_EN = (r"(?<!passport )(?<!licen[cs]e )(?<!\bid )(?<!insurance )(?<!social security )(?<!tax )"
                    r"(?<!visa )(?<!registration )(?<!national )")
_ORDER_EN = r"(?P<v>[A-Z]{0,4}-?\d[A-Za-z0-9-]*)"
_ORDER_CJK = r"\s*(?:은|는|가|は|が)?[、,:：]?\s*[#＃]?(?P<v>[A-Za-z]{0,4}-?\d[A-Za-z0-9-]*)"
_DELIVERY_TIME_EN = (r"morning|afternoon|evening|night|weekend|weekday|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                     r"(?:after|before|by|between) \d{1,2}(?::\d\d)?"
                     r"\s*(?:am|pm|o'clock)?(?:\s*(?:and|-|to)\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)?)?")
_KO_CLOCK = r"\d{1,2}\s*시[^\s,.!?]{0,4}(?:\s*(?:이후|이전|전|후|부터|까지|쯤))?"
_TIME_KO = r"(?:(?:오전|오후|저녁|밤|아침|낮|주말|평일)(?:\s*" + _KO_CLOCK + r")?|" + _KO_CLOCK + r")"
_TIME_JA = r"(?:(?:午前中?|午後|夜|夕方|朝|週末|平日|土日)(?:\s*\d{1,2}時[^\sの。、]{0,4})?|\d{1,2}時[^\sの。、]{0,4})"
_I = re.I
# A Korean street address: [province or city] district road-or-street number, and the building's 동/호/층 after it
_KO_STREET = (r"(?:[가-힣]{1,8}(?:특별시|광역시|특별자치시|특별자치도|시|도)\s+)?[가-힣]{1,8}(?:구|군|시)\s+"
              r"[가-힣\d]{1,12}(?:로|길)\s*\d[\d-]*(?:\s*,?\s*\d[\d-]*\s*(?:동|호|층))*")
# The full-width forms of the characters a value's shape is made of (digits, Latin letters, - + ( ) . @ #), read as
# their NFKC forms before any shape is matched: "電話番号は０９０－１２３４－５６７８です" is a phone number as
# "090-1234-5678" is. Only these, one character for one, so a match's offsets still point into the text as written;
# the full-width punctuation the Japanese rules end on (！？、) is left alone.
_NARROW = {code: unicodedata.normalize("NFKC", chr(code)) for code in range(0xFF01, 0xFF5F)
           if unicodedata.normalize("NFKC", chr(code)).isalnum() or chr(code) in "－＋（）．＠＃"}


def narrow(text: str) -> str:
    """``text`` with full-width digits, Latin letters and the signs of a phone number, an address or an e-mail in
    their ASCII (NFKC) form, character for character."""
    return text.translate(_NARROW)


# a common Japanese family name, the longest first (a self-introduction's name, below)
_SURNAME_JA = "|".join(sorted(SURNAMES_JA, key=len, reverse=True))
_RULES: list[tuple[str, LazyPattern]] = [
    ("language", lazy(r"\b(?:answers?|answering|repl(?:y|ies|ying)|respon(?:d|ds|ding|ses?)|talk|speak|write|"
                      r"writing|communicat\w*|correspond\w*|messages?|emails?|support)(?: to me| me| back| us)?"
                      r"(?: from now on| going forward)? (?:in|using) (?P<v>" + _LANG + r")\b", _I)),
    ("language", lazy(r"\b(?:use|(?:switch|change|go|move|swap)(?: back)? to|back to|stick (?:to|with)) "
                      r"(?P<v>" + _LANG + r")\b", _I)),
    # "다시" may stand between the language and the verb: the language asked for again after a change ("일단
    # 한국어로 다시 해주세요" once English had been asked for)
    ("language", lazy(r"(?P<v>" + _LANG + r")\s*로\s*(?:다시\s*)?"
                            r"(?:답|대답|말|응대|써|작성|부탁|해\s*주|해요|해도|소통|연락|안내|주셔|주세요|받|괜찮|돼요|"
                            # the language asked for with a verb of sending or giving: "일본어로 보내주시면 좋겠어요",
                            # "한국어로 주시면 됩니다", "영어로 보내주실 수 있어요?"
                            r"보내\s?주(?:세요|시면|실\s?수|시겠)|주시면|주실\s?수)")),
    # "日本語で返信", and the same phrase made a noun by の: "英語での回答をお願いできますか", "日本語でのご案内"
    ("language", lazy(r"(?P<v>" + _LANG + r")\s*で(?:の)?\s*(?:ご|お)?(?:答え|返信|回答|話|対応|案内|説明|"
                      # the request written in kana as well: "英語でおねがいします"
                      r"書い|お願い|おねがい|頼|"
                      r"連絡|やり取り|やりとり|大丈夫|"
                      # with a verb of receiving: "ベトナム語でいただけますか", "説明は英語でもらえますか"
                      r"もらえ|いただけ|頂け|"
                      r"結構|構いません|いい)")),
    # the language to change or go back to, asked for: "日本語に戻してください", "英語に変えてもらえますか",
    # "영어로 바꿔 주세요", "한국어로 다시 돌려 주세요" — the other half of a change taken back (A → B → A)
    ("language", lazy(r"(?P<v>" + _LANG + r")\s*に\s*(?:戻|もど|変え|かえ|切り替え|切り替|切替)(?:し)?て\s*"
                      r"(?:ください|下さい|くださ|ほしい|欲しい|もらえ|もらい|いただ|頂|お願い|おねがい|(?=[。！!、,]|$))"
                      r"|(?P<v2>" + _LANG + r")\s*로\s*(?:다시\s*)?(?:바꿔|돌려|되돌려)\s*(?:주|줘|달라|드려)")),
    ("language", lazy(r"\bi (?:only )?speak (?P<v>" + _LANG + r")\b", _I)),
    # the language named before the answer as one noun: "한국어 답변이 편해요", "영어 안내로 부탁해요", "英語の回答を
    # お願いします", "English replies from now on, please"
    ("language", lazy(r"(?P<v>" + _LANG + r")\s*(?:답변|답장|응대|안내|상담)(?:이|가|을|를|으로|로|도|만)?\s*"
                      r"(?:편|좋|부탁|주|해|원|받|바꿔|괜찮)"
                      r"|(?P<v2>" + _LANG + r")(?:の|で(?:の)?)?\s*(?:ご|お)?(?:回答|返信|対応|案内)(?:を|に|で|が)?\s*"
                      r"(?:お願い|して|ください|希望|変更|したい|いただ|頂|助か)")),
    ("language", lazy(r"\b(?P<v>" + _LANG + r") (?:answers|replies|responses|support|emails)\b"
                      r"(?= please| from now on| going forward| would be| are| is| only|[.!,]|$)", _I)),
    # a language said to do: "English is fine now", "Spanish works better for me"
    ("language", lazy(r"\b(?P<v>" + _LANG + r") (?:is|works|would be|will do)(?: \w+)?(?: (?:much|a lot|far))? "
                      r"(?:fine|ok|okay|good|great|better|best|easier|preferable)\b", _I)),
    # "I'd prefer Spanish", "Spanish please from now on", "in Spanish if possible": a language asked for
    ("language", lazy(r"\b(?:prefer|rather have|like it in|(?:in|into) (?=(?:" + _LANG + r")\b(?:,? "
                      r"(?:please|if possible|from now on|going forward|instead))))"
                      r"(?: to (?:get|have|read) (?:it|them|answers|replies) in)? ?(?P<v>" + _LANG + r")\b"
                      r"|(?:^|[.!?]\s+)(?:(?:actually|ok|okay|so|oh|hi|hey|and|but|also),?\s+)?"
                      r"(?P<v2>" + _LANG + r"),? "
                      r"(?:please|from now on|going forward)\b", _I)),
    # ASCII only: "メールアドレスをtaro@example.jpに変更" glues Japanese to the address
    ("email", lazy(r"(?P<v>[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]*[A-Za-z0-9])")),
    ("order", lazy(r"\b(?:order|ticket|reference|ref|case|booking|invoice|tracking|reservation|confirmation)"
                         # an adverb may stand between the copula and the value: "the reference is actually …"
                         r"(?: number| no\.?| id| code)?\s*(?:is|was|:)?(?: actually| now| really| in fact)?\s*#?"
                         + _ORDER_EN, _I)),
    ("order", lazy(r"(?:주문\s*번호|예약\s*번호|문의\s*번호|접수\s*번호|송장\s*번호|주문)" + _ORDER_CJK)),
    ("order", lazy(r"(?:注文番号|お問い合わせ番号|問い合わせ番号|予約番号|受付番号|伝票番号|注文)" + _ORDER_CJK)),
    # what the number is for, or the topic, may stand between its name and the value: "Booking ref for the Saturday
    # workshop is KX4471", "予約番号ですが、確認メールを見直したらRS-2085でした",
    # "주문번호 말인데요, 다시 보니 A-12였어요"
    ("order", lazy(r"\b(?:order|ticket|reference|ref|booking|reservation|confirmation)(?: number| no\.?| id| code)? "
                   r"for (?:the |my |our |this |that )?[\w' -]{1,40}? (?:is|was|should be) #?" + _ORDER_EN, _I)),
    ("order", lazy(r"(?:注文番号|予約番号|受付番号|問い合わせ番号|伝票番号|"
                   r"주문\s*번호|예약\s*번호|접수\s*번호|문의\s*번호)"
                   r"\s*(?:ですが|なんですが|について(?:は|ですが)?|の件(?:ですが|で)?|"
                   r"말인데요|말이에요|말인데|은요|는요|요)"
                   r"[、,]\s*[^。.!?！？]{0,30}?[#＃]?(?P<v>[A-Za-z]{0,4}-?\d[A-Za-z0-9-]*)")),
    # "number" of an identity document is no phone ("My passport number is XK4471923"), nor is a number
    # glued to letters: a phone number starts after a space, a sign or a bracket
    ("phone", lazy(r"\b(?:phone|mobile|cell|" + _NOT_DOCUMENT_EN + r"number|call me (?:on|at)|text me (?:on|at)|"
                   r"reach me (?:on|at))\D{0,20}?(?<![A-Za-z])" + _PHONE, _I)),
    ("phone", lazy(r"(?:전화\s*번호|연락처|휴대폰|핸드폰|(?<!여권)(?<!여권 )(?<!면허)(?<!면허 )(?<!등록)(?<!등록 )번호)"
                   r"\D{0,10}?(?<![A-Za-z])" + _PHONE)),
    ("phone", lazy(r"(?:電話番号|電話|携帯|(?<!パスポート)(?<!旅券)(?<!免許証)(?<!マイナンバー)番号)"
                   r"\D{0,10}?(?<![A-Za-z])" + _PHONE)),
    # "今後は自宅の03-3456-7890にご連絡ください", "010-1234-5678로 연락 주세요": a number to be reached on
    ("phone", lazy(r"(?P<v>\+?0[\d\s().-]{7,18}\d)\s*(?:に|へ|まで)\s*(?:ご?連絡|お?電話|かけ)")),
    # (and the number texts go to: "수리 끝나면 010-4417-2209로 문자 주세요" gives the number, not only the channel)
    ("phone", lazy(r"(?P<v>\+?0[\d\s().-]{7,18}\d)\s*(?:번으로|으로|로)\s*(?:연락|전화|문자)")),
    # A full name given with no name word (upd32x): the customer introduces themself by the name alone — "Siobhan
    # Carey here, can I book…", "Hi, Laura Pike, I'd like a quote…", the form's "Name Deborah Kaye, d.o.b. …" — not
    # when the next words say whom the speaker stands for ("Daniel Wren here, Betty's son"); nor a greeting to the
    # service's desk ("Hi, Customer Services, I…")
    ("name", lazy(r"^\W{0,3}(?:(?i:hi|hello|hey|hiya|morning|good (?:morning|afternoon|evening))\W{1,3})?"
                  r"(?:(?:Mrs|Mr|Ms|Miss|Dr)\.? )?" + _NOT_A_DESK + r"(?P<v>" + _FULL_NAME + r") here\b"
                  r"(?!,? (?:[A-Z][\w-]* ){0,2}[A-Z][\w-]*'s\b|,? (?i:on behalf|for|calling for)\b)"
                  r"|^\W{0,3}(?i:hi|hello|hey|hiya) ?[,!] " + _NOT_A_DESK
                  + r"(?P<v2>" + _FULL_NAME + r"), (?=I(?:'m|'d|'ve|'ll)? )"
                  r"|(?:^|(?<=[.!?] ))Name (?P<v3>" + _FULL_NAME + r")(?=[,.]|$)")),
    # ... and the new full name after a change of name, told as what the record will say: "getting married … please
    # can it say Hannah Whitlock", "still in my maiden name, can you make it Laura Hartley", "back from the honeymoon
    # so I'll be Rachel Achterberg on the register"
    ("name", lazy(r"\b" + _NOT_AN_OCCASION + r"(?i:married|wedding|honeymoon|deed poll|surname|maiden name)\b"
                  r"[^\n]{0,80}?\b" + _TO_READ + r" (?P<v>" + _FULL_NAME + r")\b")),
    # Japanese writes the family and the given name apart, as on a form: "佐々木 彩です。", "渡辺 孝（たかし）です",
    # "中村 彩 でお願いします" — a common family name first, when no name word frames it; after a name word any two
    # words ("契約者名は 井口 千尋 で…", "名前を「森本 彩」にしてください"). Read before the rules below, which stop at
    # the space ("井口") or start after it ("彩"). Korean: a romanised name after the name word ("제 이름 Anna
    # Petrova 입니다")
    ("name", lazy(r"(?<![^\s。、！!？?「『])(?P<v>(?:" + _SURNAME_JA + r")[ \u3000]" + _GIVEN_JA + r")"
                  r"(?:\s?[（(][^）)\n]{1,12}[）)])?\s?(?:(?:です|と申します)(?=[。、！!？?\s]|$)|で(?:お願い|登録))"
                  r"|(?:名前|氏名|登録名|名義|お名前|[一-龯]{1,4}者名)(?:を|は|が)\s*[「『]?"
                  r"(?P<v2>[一-龯々]{1,4}[ \u3000]" + _GIVEN_JA + r")(?:様|さん|さま)?\s*[」』]?\s*"
                  r"(?:に(?:変更|変え|して|なり|直|訂正|修正)|で(?:お願い|登録)|です)"
                  r"|(?:제 이름|이름은|성함은)\s*(?P<v3>" + _FULL_NAME + r")\s?(?:입니다|이에요|예요)")),
    ("name", lazy(r"\b(?i:my name is(?: now)?|my name's(?: now)?|call me|i go by|(?:address|refer to) me as)\s+"
                  + _NAME_VALUE)),
    # the name set beside the words that name it: "The account is under my name, Rachel Okonkwo."
    ("name", lazy(r"\b(?i:(?:under|in) (?:my|our) (?:full |own )?name|my (?:full )?name),\s+" + _NAME_VALUE)),
    # "Name on the account is Jessica Moore", "got married, so it's Jessica Alvarez now"
    ("name", lazy(r"\b(?i:(?:full |last |sur)?name(?: on (?:the|my|our) (?:account|booking|order|reservation|card|"
                  r"parcel|package|membership))? (?:is|should be|will be|needs to be|must be|has changed to|"
                  r"changed to)(?: now)?|"
                  r"changed? my (?:last |sur)?name to)\s+" + _NAME_VALUE)),
    ("name", lazy(r"\b(?i:it's|it is) (?P<v>[A-Z][a-z]+ [A-Z][a-z]+) (?i:now)\b")),
    # the new name told after a marriage or a change of name, as what the name is now: "they changed the spelling.
    # It's now Mohamed Alfarsi", "back from honeymoon! Laura Bakshi now, can you change it" (the word of the change
    # first: "It's now Easter Monday" names no one)
    ("name", lazy(r"\b(?i:married|wedding|honeymoon|deed poll|surname|maiden name|spelling)\b[^\n]{0,80}?"
                  r"(?:\b(?i:it's|it is) (?i:now) (?P<v>[A-Z][a-z]+ [A-Z][a-z]+)\b"
                  r"|[.!?]\s+(?P<v2>[A-Z][a-z]+ [A-Z][a-z]+) (?i:now)(?=\s*[,.!?]|\s*$))")),
    # the same in Japanese: "結婚して、中村美咲になりました", "姓が変わり森美穂となりました",
    # "苗字変わりました…今は高橋亮太です" — after a marriage the name begins with a common family name (a job
    # or a town told after a wedding is no name), after a change of name it is three characters at least
    # ("改名して、必要になりました" names no one)
    ("name", lazy(r"(?:結婚|入籍|婿入り|嫁入り)[^。！？!?]{0,30}?"
                  r"(?:(?:今は|現在は|これからは)\s*|(?<![一-龯々]))(?P<v>(?:" + _SURNAME_JA + r")[一-龯々]{1,3}?)\s*"
                  r"(?:です|(?:に|と)なり(?:ました|ます))"
                  r"|(?:改名|(?:姓|苗字|名字)(?:が|も)?変わ)[^。！？!?]{0,30}?"
                  r"(?:(?:今は|現在は|これからは)\s*(?P<v2>[一-龯々]{3,5}?)\s*です"
                  r"|(?<![一-龯々])(?P<v3>[一-龯々]{3,5}?)\s*(?:に|と)なり(?:ました|ます))")),
    # the name given after the word that names it, with no verb: "Name's Hannah Croft", "Name: Priya Venkatesan",
    # "Account name Rebecca Thornley", "in my new name, Hannah Adeyemi" (not "the name's spelt …": a capital follows)
    ("name", lazy(r"\b(?i:(?:(?:full|last|sur|account|booking|member(?:ship)?|new) )?name(?:'s|:)|"
                  r"(?:account|booking|reservation|order|member(?:ship)?) name|"
                  r"(?:in|under) (?:my|our|the) new name,?)\s+" + _NAME_VALUE)),
    # the booking, order or policy made under a name: "booking a tuning under Hannah Whitlock", "account's under
    # Megan Thorley", "renewal of my car and home policies under Laura Penhaligon"
    ("name", lazy(r"\b(?i:book(?:ing|ed)?|order(?:ed|ing)?|reserv(?:ation|ed)|renewal|polic(?:y|ies)|account's)\b"
                  r"(?:\s+[a-z]+){0,6}?\s+under\s+" + _NAME_VALUE)),
    # the new name after "now": "I got married over the summer and I'm now Chloe Adeyemi"
    ("name", lazy(r"\b(?:I'm|I am) now (?P<v>[A-Z][a-z]+ [A-Z][a-z]+)\b")),
    # "The account is under Megan Holloway", "put the account under …", "in the name of …"
    ("name", lazy(r"\b(?i:(?:account|booking|reservation|order|profile|membership|subscription)(?: is| was| should be|"
                  r" needs to be)? (?:under|in the name of)|under the name(?: of)?|in the name of|"
                  r"(?:put|change|switch|transfer|move) (?:the |my |our )?(?:account|booking|reservation|profile) "
                  r"(?:under|into the name of)|"
                  r"(?:change|update|correct|set) (?:the |my )?name (?:on (?:the |my )?account )?to)\s+"
                  + _NAME_VALUE)),
    ("name", lazy(r"(?:이름|성함)(?:은|는)\s*(?P<v>[^\s,.]{1,10}?)(?:입니다|이에요|예요|이고|$)")),
    # the name after the word that names it, with no verb: "예약자 김서연이요", "주문자 이름 김수연이에요",
    # "이름 김도윤입니다", "이름은 김미숙, 1984년생입니다", "예약자명은 이서연으로 되어 있을 거예요",
    # "제 이름 이제 최하린이에요"
    ("name", lazy(r"(?<![가-힣])(?:이름|성함|(?:예약자|주문자|신청자|수령인|수취인|가입자|계약자)\s*(?:명|이름|성함)?)"
                  r"(?:은|는|이)?\s+(?:(?:이제는|이제|지금은|현재)\s+)?(?!이름|성함|명의|본인|고객|회원)"
                  r"(?P<v>[가-힣]{2,4}?)(?:\s*(?:님|씨))?"
                  r"(?:이요|입니다|이에요|예요|이고|으로|로|,|\s*$)")),
    ("name", lazy(r"개명[^.!?]{0,40}?(?P<v>[가-힣]{2,4}?)(?:으로|로)\s*(?:바뀌|변경|했)"
                  # "개명해서 이제 이서진이에요": the new name after the change, told with the copula — in the same
                  # sentence or the next ("개명했어요. 지금은 박하린입니다")
                  r"|개명[^.!?]{0,30}?(?:[.!?]\s*)?(?:이제|지금은|이제는)\s*(?P<v2>[가-힣]{2,4}?)(?:이에요|예요|입니다)"
                  # the same in Japanese: "改名しました。今は森田葵です"
                  r"|改名[^。]{0,20}?[。、]?\s*(?:今は|現在は|これからは)\s*(?P<v3>[^\s。、]{2,10}?)"
                  r"(?:です|になりました)")),
    ("name", lazy(r"(?:이름|성함|(?:예약자|주문자|수령인|수취인|받는\s*분)\s*(?:이름|성함|명)?|명의)"
                  r"(?:은|는|을|를|이|가)?\s*(?P<v>[가-힣]{2,5}?)"
                  r"(?:으로|로)\s*(?:해|바꿔|바꾸|바뀌|변경|수정|등록|되어|돼|됐|개명)")),
    # the surname alone, one syllable or more: "결혼해서 성이 박으로 바뀌었어요"
    ("name", lazy(r"(?<![가-힣])성(?:이|을|은)\s*(?P<v>[가-힣]{1,3}?)(?:씨)?(?:으로|로)\s*(?:바뀌|바꿨|바꿔|변경|됐)")),
    ("name", lazy(r"(?:名前|氏名|登録名|名義|姓|苗字|名字)(?:を|は|が)\s*(?P<v>[^\s。、]{2,10}?)"
                  r"(?:に(?:変更|変え|して|なり|変わ|更新|修正|訂正|直)|"
                  r"で(?:登録|お願い))")),
    # under the name of: "予約は田村由美の名前で入っています", "김서윤 이름으로 예약했어요" (the English "under the
    # name of" is read above)
    # (not a company's or a relative's name: "会社の名前で", "남편 명의로")
    ("name", lazy(r"(?<![^\s、,。は])(?!(?:会社|店|家族|夫|妻|主人|母|父|息子|娘|子ども|本人|自分|旧姓|別|同じ|実家)の)"
                  r"(?P<v>[^\s。、はがを]{2,10}?)(?:の|という)(?:名前|名義)で(?:登録|予約|入|契約|申し込|お願い)"
                  r"|(?<![^\s,])(?!(?:회사|가족|남편|아내|와이프|엄마|아빠|어머니|아버지|아들|딸|본인|다른|부모님)\s)"
                  r"(?P<v2>[가-힣]{2,5})\s*(?:이름|명의)으로\s*(?:예약|등록|가입|주문|되어|돼|했|해)")),
    # "注文者名は佐伯奈緒子です", "予約者名は…", "契約者名は…": the name of whoever orders, books or signs is theirs
    # ... and the name the customer holds the account or membership under: "会員名は…", "ユーザー名義は…"
    ("name", lazy(r"(?:登録名|氏名|お名前|名義|[一-龯]{1,4}(?:者|人)名|(?:会員|メンバー|ユーザー|アカウント|契約|予約)"
                  r"(?:の)?(?:名義|名前|氏名|名))は\s*(?P<v>[^\s。、です]{1,20})")),
    # "申込者は佐々木美穂です", "注文者：佐々木亮太": whoever applies or orders, named; "予約した佐々木美穂です",
    # "レンタル契約をしている佐々木美咲です", "料理教室の会員の佐々木美咲です": the customer introduced by what they did
    # (four characters at least there: "予約した時間帯です" names a thing)
    ("name", lazy(r"(?<![一-龯])[一-龯]{1,3}者(?:名)?(?:は|：|:)\s*(?P<v>[一-龯々]{2,3}[一-龯ぁ-ゖ々]{1,3}?)"
                  r"(?=\s|です|$|。|、)"
                  r"|(?:した|している|してる|しております|会員の|生徒の)(?P<v2>[一-龯々]{2,3}[一-龯ぁ-ゖ々]{2,3}?)"
                  r"(?:です|と申します)(?:。|、|$)")),
    ("name", lazy(r"(?:[가-힣]{1,3}자|수령인|수취인|명의|회원|멤버십|계정)\s*명(?:은|는)\s*"
                  r"(?P<v>[가-힣]{2,5}?)\s*(?:님)?"
                  r"(?:입니다|이에요|예요|이고|$)")),
    ("name", lazy(r"(?:姓|名字|苗字|名前)が変わ[^、。]{0,30}、\s*(?P<v>[^\s。、]{2,10}?)"
                  r"に(?:なりました|なります|変わりました)")),
    # (a title before the name is no part of it: "I'm Mrs Norma Bright" is Norma Bright, as "Norma Bright here" is)
    ("name", lazy(r"\b(?:I'm|I am|(?i:this is)) (?:(?:Mrs|Mr|Ms|Miss|Dr)\.? )?(?P<v>[A-Z][a-z]+ [A-Z][a-z]+)\b"
                  r"(?! (?:Street|Road|Avenue|Lane))")),
    # the form of address asked for, its honorific apart ("민지 님이라고 불러 주세요" → 민지,
    # "花子さんと呼んでください" → 花子)
    ("name", lazy(r"제 이름(?:은)?\s*(?P<v>\S{1,20}?)(?:입니다|이에요|예요|야|$)"
                  r"|(?P<v2>\S{1,20}?)(?:\s?(?:님|씨))?(?:이)?라고 (?:불러|부르)")),
    ("name", lazy(r"名前は\s*(?P<v>[^\s。、です]{1,20})|(?P<v2>[^\s。、]{1,20}?)(?:さん|様|さま)?と(?:呼んで|お呼び)")),
    # "山本と申します", "旧姓に戻りまして、今は田村です"
    # "会員登録は藤井美穂でしています": the registration's topic, the name it is made under; "入籍して藤井から村上に
    # なりました": the name a marriage or a divorce changed to
    ("name", lazy(r"(?:会員登録|登録|名義|予約)は\s*(?P<v>[一-龯][一-龯ぁ-んァ-ヶー]{1,8}?)で(?:して|登録|お願い|入)"
                  r"|(?:入籍|結婚|離婚)[^。]{0,12}?[一-龯]{1,4}から(?P<v2>[一-龯]{1,4})に(?:なり|変わ)")),
    ("name", lazy(r"(?P<v>[^\s。、]{1,10}?)と申します|(?:姓|名字|苗字|名前|旧姓)[^。]{0,12}、\s*(?:今は|現在は)?"
                  r"(?P<v2>[^\s。、]{2,10}?)(?:です|になりました|に変わりました)")),
    # the customer introducing themselves by name alone, in a message about something else ("…촬영 예약한
    # 정수빈입니다.", "교통카드 후불 신청할게요 김다은입니다", "어 이수진 이요", "高橋美咲です。月極駐車場の…",
    # "契約者は、えーと、田村美咲です", "hi it's Gemma Pryce I'm asking about…"): a name known by its shape — a common
    # surname and a given name (``core.text.names``) — said with the copula, the clause ending there. Last of the
    # name rules: a name a cue names is read by those above
    # (in Korean after the message's start, a sentence's end, a verb's ending or a filler, never after a noun:
    # "남편 김민수입니다" is the husband)
    # (in Japanese not a title, nor a business after the family name: "鈴木商店です", "山田工業です", "佐藤歯科です")
    ("name", lazy(rf"(?:^|(?<=[.,!?~ㅠㅋ])|(?<=[.,!?~ㅠㅋ한는된요다]\s)|(?<=^[어저네음]\s)|(?<=\s[어저네음]\s))"
                  rf"(?P<v>[{SURNAMES_KO}][{GIVEN_KO}]{{2}})\s?(?:입니다|이에요|예요|이요)(?![가-힣])"
                  rf"|(?<![^\s。、！!？?])(?P<v2>(?:{_SURNAME_JA})[一-龯々]{{1,2}}?)(?<![様殿氏長員生者店社屋堂館園会所局院科部課組塾舎設機業品計])"
                  r"(?:です|と申します)(?=[。、！!\s]|$)")),
    ("name", lazy(r"^\W{0,3}(?i:hi|hello|hey|hiya)\W{1,3}(?i:it's|it is|this is) "
                  r"(?P<v>[A-Z][a-z]{1,20} [A-Z][a-z]{1,20})(?=,| (?:I|I'm|here)\b)")),
    # the name a marriage or a divorce gave, with no earlier name: "結婚して森本美咲になりました"
    ("name", lazy(r"(?:入籍|結婚|離婚)(?:して|しまして|し、)\s?(?P<v>[一-龯々]{2,5})に"
                  r"(?:なりました|なります|変わりました)")),
    # a plan named by several words, its size or its length ("the Basic 20GB mobile plan", "3개월 이용권",
    # "ビジネス10TBプラン"): before the shorter tier rules, so the name is read whole
    *PLAN_NAME_RULES,
    ("tier", lazy(r"\b(?:on|have|use|bought|with|upgraded to|downgraded to|switched to|moved to|changed to)"
                        r" (?:the |an? |our )?(?P<v>" + _TIERS + r")"
                        r" (?:plan|tier|account|subscription|membership)\b", _I)),
    ("tier", lazy(r"\b(?:on|have|use|with) (?:the |an? |our )?(?P<v>enterprise|premium|platinum)\b", _I)),
    # "We're on Starter.", "I'm still on Basic for now": a known plan name the customer is on, the clause ending there
    ("tier", lazy(r"\b(?:i'm|i am|we're|we are|im) (?:now |currently |still |only )?on (?:the |our )?"
                  r"(?P<v>" + _TIERS + r")(?=\s*(?:now|for now|at the moment|these days|plan|tier)?\s*(?:[.,;!?]|$))",
                  _I)),
    # "I'm on Fibre 150", "we're on Unlimited 5G": a plan held, named by a capitalised word and the number that ends
    # its name, no plan noun (newuser31 #11); not a place or a step counted ("on Floor 3", "on Day 12"), a day
    # ("on Monday 3 March"), a dose or a length of time ("on Warfarin 5 mg", "on Universal Credit 2 years now")
    ("tier", lazy(r"\b(?i:i'm|i am|we're|we are|im) (?:(?i:now|currently|still|only) )?(?i:on) (?:(?i:the|our|my) )?"
                  r"(?!(?i:floor|level|ward|day|week|page|route|platform|line|bus|channel|chapter|step|episode|"
                  r"season|row|seat|room|flight|train|gate|stage|version|track|lesson|unit|block|plot|"
                  r"android|windows|ubuntu|chrome|firefox|safari|edge|release|build|"
                  r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|"
                  r"july|august|september|october|november|december)\b)"
                  r"(?![A-Z][a-z]+ (?:Lane|Street|Road|Avenue|Drive|Close|Way|Court|Place|Crescent|Terrace|Square|"
                  r"Gardens|Hill|Park|Row)\b)(?P<v>[A-Z][a-z]{2,15}(?: [A-Z][a-z]{2,15})?)"
                  r"(?= \d+(?:GB|TB|G|Mbps)?\b(?! ?(?i:mg|mcg|ml|g|kg|units?|iu|tablets?|pills?|puffs?|drops?|years?|"
                  r"months?|weeks?|days?|nights?|hours?|minutes?|times?|am|pm|jan|feb|mar|apr|may|jun|jul|aug|sep|"
                  r"sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|"
                  r"december)\b))")),
    # "I'm subscribed to Premium", "we pay for Pro", "signed up for Family": a named plan paid for
    ("tier", lazy(r"\b(?i:subscribed to|pay(?:ing)? for|signed up (?:to|for)|paid for) (?:(?i:the|our) )?"
                  r"(?P<v>(?i:" + _TIERS + r")|[A-Z][\w-]{2,20}(?: (?-i:[A-Z])[\w-]{1,20}){0,2})\b"
                  r"(?! (?i:newsletter|magazine|box|service|app)\b)")),
    ("tier", lazy(r"\b(?P<v>" + _TIERS + r") (?:plan|tier|package|membership)\b", _I)),
    # "bumped us up to Business", "we're on the Starter plan": a named plan, known or not
    ("tier", lazy(r"\b(?:up|down|over|back) to (?:the |our )?(?P<v>" + _TIERS + r")\b", _I)),
    # "I'm a Gold member", "I dropped to Silver this year"
    ("tier", lazy(r"\b(?:a|an) (?P<v>(?i:" + _TIERS + r")|[A-Z][a-z]{2,15}) (?i:member|customer|subscriber)\b")),
    ("tier", lazy(r"\b(?:dropped|fell|went|moved|bumped|promoted|demoted|stepped)(?: (?:up|down|back))? to (?:the )?"
                  r"(?P<v>" + _TIERS + r")\b(?! (?:street|road|avenue))", _I)),
    # "I upgraded to Premium yesterday", "switched our plan over to Team": the plan named after the change
    ("tier", lazy(r"\b(?i:upgrad\w*|downgrad\w*|bump\w* (?:us|me|ourselves|myself|the account)(?: up| down)?|"
                  r"(?:switch\w*|chang\w*|mov\w*|put)(?: us| me)? (?:my |our |the )?(?:plan|tier|subscription|"
                  r"membership|package)(?: over)?)(?: (?i:us|me|my plan|our plan|the plan|my account|our account|"
                  r"the account|my subscription))?(?: (?i:up|down))? (?i:to|into) (?:(?i:the|our|a) )?"
                  r"(?P<v>(?i:" + _TIERS + r")|[A-Z][\w-]{2,20})\b")),
    # a plan's name of one to three capitalised words: "on the Casual Rider plan", "onto the Commuter plan"
    ("tier", lazy(r"\b(?i:on|to|onto|with) (?:the |our |an? )?(?P<v>[A-Z][\w-]{2,20}(?: [A-Z][\w-]{1,20}){0,2}) "
                  r"(?i:plan|tier|package|membership)\b")),
    # "the Small Office bundle", "the 100 Mbps package": a plan's name of capitalised words or a number with its
    # unit, before a plan noun; "monthly / annual billing" (a billing period is one plan held at a time)
    ("tier", lazy(r"\b(?i:the|our|my) (?P<v>(?:[A-Z][\w-]*|\d+\s?[A-Za-z]{1,5})(?: [A-Z][\w-]*){0,2}) "
                  r"(?i:plan|tier|package|bundle|membership|cover|subscription)\b"
                  r"|\b(?i:on|to|onto|for) (?P<v2>(?i:monthly|annual|yearly|quarterly|weekly|fortnightly)) "
                  r"(?i:billing|payments?|plan)\b")),
    # a plan's name of up to three words before its noun ("SIM only 12개월 요금제", "무제한 데이터 요금제로"): a word
    # before the last is part of the name unless it carries a particle or ending ("요금제를", "달부터") or points or
    # tells a time ("지금", "이번 달"); read as one word, "무제한 데이터" was "데이터" (newuser31 #11)
    ("tier", lazy(r"(?<![가-힣A-Za-z0-9])(?P<v>(?:(?!" + _KO_NOT_PLAN_WORD + r")[가-힣A-Za-z0-9+]{1,10} ){0,2}"
                  r"[가-힣A-Za-z0-9]{2,10})\s*(?:플랜|요금제)(?:으로|로|을|를|이|가|은|는|이에요|예요|\s|$)")),
    # a plan by how often it comes: "주 3회 배송 상품", "주 5회 상품으로", "隔週お届けの契約", "毎週お届けに変えて"
    ("tier", lazy(r"(?P<v>주\s*\d+\s*회|월\s*\d+\s*회|격주|매주|매달|매월)\s*(?:배송\s*|배달\s*)?"
                  r"(?:상품|플랜|요금제|구독|코스)"
                  r"|(?P<v2>隔週|毎週|毎月|週\d+回|月\d+回)(?:お届け|配送|配達)?(?:の契約|の定期便|コース|プラン|"
                  r"に(?:変|切り替|変更))")),
    # a plan raised or lowered to a named one, no plan noun needed: raising and lowering are what is done to a plan
    # or level ("프리미엄으로 올려 주세요", "베이직으로 내려 주세요", "プレミアムに上げたいです"; not "부산으로
    # 내려갔어요", a move)
    ("tier", lazy(r"(?<![가-힣A-Za-z0-9])(?<![을를]\s)(?!\d+층)(?P<v>[가-힣A-Za-z0-9]{2,10}?)(?:으로|로)\s*"
                  r"(?:올려\s*(?:주|줘|달|드)|올렸|올릴|내려\s*(?:주|줘|달|드)|내렸|내릴|낮춰|높여|등급\s*(?:업|다운))"
                  r"|(?<![ァ-ヶーA-Za-z])(?P<v2>[ァ-ヶー]{2,12}|[A-Za-z]{2,12})(?:会員|プラン|コース)?(?:に|へ)"
                  r"(?:上げ|下げ|ランクアップ|ランクダウン)")),
    # "My insurance is the Third Party cover", "our plan is Growth now": what the plan is, named after the copula
    # — or a billing period, which names a plan held one at a time as "on the monthly plan" does ("Actually my plan
    # is the quarterly plan now, not annual.", newuser32 #7)
    ("tier", lazy(r"\b(?i:(?:my|our) (?:plan|tier|package|membership|insurance|cover|contract|subscription)"
                  r" is(?: now)?) (?:(?i:the|a|an) )?(?:(?P<v>[A-Z][\w-]{1,20}(?: [A-Z][\w-]{1,20}){0,2})\b"
                  r"|(?P<v2>(?i:monthly|annual|yearly|quarterly|weekly|fortnightly)(?: (?i:plan))?)\b)")),
    ("tier", lazy(r"(?P<v>[ァ-ヶー]{2,12}|[A-Za-z]{2,12})\s*(?:プラン|コース)")),
    # a plan named in kanji ("年払いプラン", "通常コース"), not a word for any plan ("料金プラン", "今のプラン")
    ("tier", lazy(r"(?:(?<=の)|(?<![一-龯ぁ-んァ-ヶー]))(?!(?:料金|契約|現在|今の|新しい|新|旧|別の|他の|同じ|各|全|"
                  r"次の|どの|この|その|あの|お得な|安い|高い)(?:プラン|コース))"
                  r"(?P<v>[一-龯](?:[一-龯0-9０-９]|(?!の)[ぁ-ん]){1,6})(?:プラン|コース)"
                  r"(?=に|へ|で|を|が|は|です|、|。|$)")),
    # "VIP 등급으로", "일반 등급으로 내렸어요", "シルバー会員に戻しました": any named level, not a generic word
    ("tier", lazy(r"(?<![가-힣])(?!(?:고객|회원|멤버십|제|저|저희|우리|현재|지금|기존|새|어떤|무슨|해당|모든|"
                  r"신규|정기)\s*(?:등급|멤버십|회원))(?P<v>[가-힣A-Za-z]{1,10}(?<![는던한된은]))\s*(?:등급|멤버십|회원)"
                  r"(?:으로|로|을|를|이|가|은|는|이에요|입니다|\s|$)")),
    ("tier", lazy(r"(?<![ァ-ヶーA-Za-z])(?!(?:ポイント|メール|ファン|一般)(?:会員|ランク))(?P<v>[ァ-ヶー]{2,12}|"
                  r"[A-Za-z]{2,12})\s*"
                  r"(?:会員|ランク|ステータス)")),
    ("tier", lazy(r"(?P<v>엔터프라이즈|프리미엄|비즈니스|베이직|무료|골드|실버|플래티넘|스탠다드|프로|라이트|"
                  r"패밀리|VIP)"
                  r"\s*(?:으로|로)\s*(?:올렸|내렸|바꿨|바꿀|변경|갈아탔|전환|옮겼|업그레이드|다운그레이드)"
                  r"|(?P<v2>엔터프라이즈|프리미엄|비즈니스|베이직|골드|실버|플래티넘|스탠다드|프로|라이트|패밀리)\s*"
                  r"(?:쓰고|써요|씁니다|이용|사용|가입)")),
    ("tier", lazy(r"(?P<v>[가-힣A-Za-z]{2,10})\s*(?:으로|로)\s*(?:업그레이드|다운그레이드)")),
    ("tier", lazy(r"(?P<v>[ァ-ヶー]{2,12}|[A-Za-z]{2,12})\s*(?:に|へ)(?:アップグレード|ダウングレード)")),
    ("tier", lazy(r"(?P<v>エンタープライズ|プレミアム|ビジネス|ベーシック|ゴールド|シルバー|プラチナ|スタンダード|"
                  r"プロ|ライト|ファミリー)\s*(?:に|へ)(?:変更|切り替え|切替|戻し|移行)")),
    ("tier", lazy(r"(?P<v>엔터프라이즈|프리미엄|비즈니스|베이직|무료|골드|스탠다드|프로)"
                        r"\s*(?:플랜|요금제|등급|고객|회원)")),
    ("tier", lazy(r"(?P<v>エンタープライズ|プレミアム|ビジネス|ベーシック|無料|ゴールド|スタンダード|プロ)"
                        r"\s*(?:プラン|会員|契約)")),
    # a plan chosen, taken, switched to or held, named with its plan noun: after every rule above, so their readings
    # stay (plan_names.PLAN_CHOSEN_RULES)
    *PLAN_CHOSEN_RULES,
    ("accessibility", lazy(r"\b(?P<v>screen reader|visually impaired|hard of hearing|deaf|blind|"
                                 r"large (?:text|font)|dyslexi\w*|wheelchair|colou?r ?blind)\b", _I)),
    ("accessibility", lazy(r"(?P<v>스크린 ?리더|시각 ?장애|청각 ?장애|큰 글씨|난독증|휠체어|색맹)")),
    ("accessibility", lazy(r"(?P<v>スクリーンリーダー|視覚障害|聴覚障害|大きい文字|大きな文字|車椅子|色覚)")),
    ("address", lazy(r"\b(?:(?:my|our|the) )?(?:new |home |shipping |delivery |mailing |postal )?address"
                     r" (?:is|has changed to|changed to|is changing to|will be)(?: now)? (?:now )?"
                           r"(?P<v>[^.!?\n]{0,60}\d[^.!?\n]{0,60}?)(?=,? (?:not|please|from now on)\b|[.!?]|$)", _I)),
    # "Please use my new address from now on: 88 Maple Drive" — the address after a colon
    ("address", lazy(r"\b(?:(?:my|our) (?:new |home |shipping |delivery |mailing |postal )?|new |updated |shipping |"
                     r"delivery |mailing )address"
                           r"(?: (?:from now on|going forward|instead))?\s*:\s*(?P<v>[^.!?\n]{0,60}\d[^.!?\n]{0,60}?)"
                           r"(?=[.!?]|$)", _I)),
    ("address", lazy(r"\b(?:(?:i'm|i am|we're|we are|i live|we live)(?: now)? at|new (?:place|home|flat|house|"
                     r"apartment)(?: now)?(?: is|:)) (?P<v>\d+[^.!?\n]{0,60}?)" + _ADDRESS_END,
                     _I)),
    # "Please update my address to 9 Elm Grove, Leeds", "change the delivery address to …"
    ("address", lazy(r"(?<![\w-])(?P<v>\d+[A-Za-z]?\s+[A-Z][^.!?\n]{2,60}?) is (?:the|my|our) new "
                     r"(?:one|address|place|home)\b")),
    # "from next week my orders should go to 31 Hazel Row"
    ("address", lazy(r"\b(?:orders?|parcels?|packages?|deliveries|shipments?|mail|post|everything) "
                     r"(?:(?:should|will|can|must|need to)(?: now)? (?:go|come|be (?:sent|shipped|delivered|posted))|"
                     r"(?:now )?(?:goes|go|comes|come))(?: now)? to "
                     r"(?P<v>\d+[^.!?\n]{0,60}?)"
                     + _ADDRESS_END, _I)),
    ("address", lazy(r"\b(?:update|change|switch|correct|set) (?:my|our|the) (?:\w+ )?address to "
                     r"(?P<v>[^.!?\n]{0,60}\d[^.!?\n]{0,60}?)" + _ADDRESS_END, _I)),
    # "send the replacement water filter to 14 Mulberry Lane", "send the next one to my new place at 3 Bell Court":
    # the thing sent and the kind of place may stand between the verb and the street number
    ("address", lazy(r"\b(?:ship|send|deliver|mail|post|forward)(?: \w+){0,4} to "
                     r"(?:(?:my|our|the) (?:new |other )?(?:place|home|house|flat|apartment|address|office|work)"
                     r"(?: at| on|:)? )?(?P<v>(?:(?:flat|apt\.?|apartment|unit|suite|"
                     r"room) ?\w{1,5},? )?\d+[^.!?\n]{0,60}?)"
                           + _ADDRESS_END_COMMA, _I)),
    # "we've moved to 12 Oak Street", "now at 5 Harbour Row": a street number after a move is an address, not a city
    ("address", lazy(r"\b(?i:(?:moved|relocated)(?: \w+){0,2} (?:in)?to|now at|(?:new|our|my) (?:place|home|house|flat|"
                     r"apartment) is at) (?:(?i:the|a) )?(?P<v>\d+[A-Za-z]?\s+[A-Z][^.!?\n]{2,60}?)"
                     r"(?=,? (?i:from now on|instead|please|now|since)\b|[.!?,]|$)")),
    ("address", lazy(r"(?:주소|배송지|배송 주소|새 집|새집)(?:는|은|를|가|이)?\s*(?P<v>[^.!?\n]{0,60}\d[^.!?\n]{0,60}?)"
                           r"(?:(?:으로|로)\s*(?:해|바꿔|바꿨|바뀌|변경|보내|옮겼|이전)[^.!?\n]*|입니다|이에요|예요|에요|$)")),
    # an address told by its shape where it is sent or moved to, without the word "address": "새 집인 서울시 은평구
    # 통일로 684, 1103동 505호로 보내주실 수 있을까요?", "新居の東京都杉並区阿佐谷南1-22-5 ハイツ阿佐谷305に送って…"
    ("address", lazy(r"(?<![가-힣\d])(?P<v>(?:[가-힣]{1,8}(?:특별시|광역시|특별자치시|시|도)\s+)?"
                     r"[가-힣]{1,8}(?:구|군|시)\s+[가-힣\d]{1,12}(?:로|길)\s*\d[^.!?\n]{0,40}?)\s*(?:으로|로|에)\s*"
                     r"(?:보내|배송|발송|받|바꿔|바꾸|바꿨|변경|옮|해\s*주|이사|이전|부탁)")),
    ("address", lazy(r"(?<![一-龯ァ-ヶー])(?P<v>[一-龯ァ-ヶー]{1,8}[都道府県市区町村郡][^\s。、！？]{0,20}?\d"
                     r"[^\s。、！？]{0,20}?(?:\s+[^\s。、！？]{1,20}?)?)(?:宛て?|あて)?(?:に|へ|まで)"
                     r"(?:送|届|配送|発送|変更|お願い|引っ越|引越|転居|移)")),
    ("address", lazy(r"(?:住所|配送先|お?届け先|送り先|引っ越し先|引越し先|転居先|新居|新住所)(?:は|を)\s*"
                     r"(?P<v>[^。！？\n]{0,60}\d[^。！？\n]{0,60}?)"
                           r"(?:に(?:変更|して|変え|お願い)[^。]*|です|でお願い|$)")),
    ("residence", lazy(r"\b(?:(?:i|we) (?:now |currently |still )?(?:live|am living|are living|reside)"
                             r"|(?:i|we)(?:'ve| have) (?:now |been )?(?:living|lived|resided)"
                             r"|(?:i'm|we're|i am|we are) (?:now |currently |still )?(?:living|located|residing)"
                             r"|(?:^|[.!?]\s+)(?:now |currently |still )?living)"
                             # "I live out in Ballarat", "we live over in Leith": a direction word before "in"
                             r"(?: (?:out|over|down|up|back|here|right))? in " + _PLACE, _I)),
    # "we now call Leeds home", "I'm a Leeds resident"
    ("residence", lazy(r"\b(?i:(?:i|we) (?:now |currently )?call) (?P<v>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?) (?i:home)\b"
                       r"|\b(?i:i'm|i am|we're|we are) (?i:an?) (?P<v2>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?) "
                       r"(?i:residents?)\b")),
    ("residence", lazy(r"\b(?:i|we)(?:'ve| have|'re| are|'m| am)? "
                       r"(?:just |recently |finally |now |all |officially |got |get |also |actually |eventually |)*"
                       r"(?:(?:packed up|sold up|upped sticks|sold the house) and )?"
                       r"(?:moved|relocated|settled|resettled|emigrated|immigrated|made the move|made the big move)"
                       r"(?: (?:down|up|over|out|back|across|away|house|home|here|there))?"
                       r"(?: from [\w -]{1,30}?)? (?:to|in|into) " + _PLACE, _I)),
    # "We've just moved into a flat in Leith", and a move told without its subject ("Moved to Kyoto in March")
    ("residence", lazy(r"\b(?i:(?:i|we)(?:'ve| have)? (?:just |recently |finally )?(?:moved|relocated) "
                       r"(?:in)?to (?:a|an|the|our|my) (?:new )?(?:[\w-]+ )?(?:flat|house|apartment|place|home|condo|"
                       r"studio|room)(?: \w+){0,2} in) (?P<v>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)")),
    ("residence", lazy(r"(?:^|[.!?]\s+)(?i:(?:just |recently |finally )?(?:moved|relocated)"
                       r"(?: (?:over|down|up|back|house|home|out|away|across))? "
                       r"to) (?P<v>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)\b")),
    ("residence", lazy(r"\b(?:i'm|i am|we're|we are) (?:now |currently )?based (?:in|out of) " + _PLACE, _I)),
    # the place named first and lived in "there": "Work sent me to Hull, I live there now", "We ended up in Ayr and
    # we're settled there"
    ("residence", lazy(r"\b(?i:to|in) (?P<v>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)\b[^.!?]{0,40}?"
                       r"\b(?i:(?:i|we)(?:'m|'re| am| are)? (?:now |currently |happily )?"
                       r"(?:live|living|settled|based|staying for good)) (?i:there|here)\b")),
    # a home held in a place is where they live: "My partner and I rent a flat in Tampere", "we bought a house in
    # Hove" (not "we have a cottage in…", which may be a second home)
    ("residence", lazy(r"\b(?i:(?:i|we)(?:'ve| have|'re| are|'m| am)? (?:now |currently |still |just |recently )?"
                       r"(?:rent|rented|renting|own|share|sharing|bought|buy|found|got)) (?i:an?|our|my|the) "
                       r"(?:[\w-]+ ){0,2}?(?i:flat|house|apartment|condo|place|home|studio|bungalow|cottage|"
                       r"townhouse|room|unit)(?: \w+){0,2}? (?i:in) (?P<v>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)\b")),
    # "Based in Bristol here.", "We're Cardiff-based now."
    ("residence", lazy(r"(?:^|[.!?]\s+)(?i:based (?:in|out of)) (?P<v>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)\b"
                       # "hey, Tacoma based here": a place said to be where they are based, at the clause's start
                       r"|(?:^|[,.!?:;]\s*)(?:(?i:hey|hi|hello|so|ok|okay),?\s+)?(?P<v3>[A-Z][\w]+)[ -](?i:based)"
                       r"(?=\s+(?i:here|now|these days)\b|\s*[,.!?;]|$)"
                       r"|\b(?i:i'm|i am|we're|we are) (?i:now |currently )?(?P<v2>[A-Z][a-z]+)-based\b")),
    # "we're in Lyon now", "I'm in Manchester, so…": a capitalised place only ("I'm in a hurry" is none); told without
    # a comma, the place ends where the next clause begins ("We're in Ludlow if that matters for the call-out fee",
    # "I'm in Hexham and I wanted to know…") — not "I'm in Paris for a week"
    ("residence", lazy(r"\b(?i:i'm|i am|im|we're|we are) (?i:now |currently |still )?"
                       r"(?i:in|out in|over in|down in|up in|back in|here in) "
                       r"(?P<v>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)(?=\s+(?i:now|these days|at the moment)\b|[,.!?;]|$|"
                       r"\s+(?i:if that|if it|so (?:i|we|is|does|can|could|do)|and (?:i|we|my|our))\b)")),
    ("residence", lazy(r"\b(?i:home is(?: now)?(?: in)?) (?P<v>[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)\b")),
    # the home spoken of as a topic, in a message about something else: "a reef tank in our flat in Manchester",
    # "the tariffs for my flat in Ludlow", "House is in Frome, three-bed semi" (the possessive left out at a
    # sentence's start: no article either) — the customer's own home, never a kind of home, someone else's or one
    # with an article ("my holiday flat in Spain", "my sister's flat in Leeds", "The house is in Leeds" — a house
    # for sale or insured may be anyone's)
    # (not a home given up: "we sold our house in Frome", "we moved out of our flat in Leeds", "renting out our flat")
    ("residence", lazy(r"(?<!(?i:sold) )(?<!(?i:sell) )(?<!(?i:selling) )(?<!(?i:out) )(?<!(?i:out of) )"
                       r"(?<!(?i:left) )(?<!(?i:leaving) )(?<!(?i:leave) )(?<!(?i:vacated) )(?<!(?i:let) )"
                       r"(?<!(?i:letting) )(?<!(?i:sublet) )(?<!(?i:sublets) )"
                       r"\b(?i:my|our) (?:(?i:new) )?(?i:house|home|flat|apartment|place)(?: (?i:is|'s|is now))? "
                       r"(?i:in) (?P<v>[A-Z][\w-]{1,20}(?: [A-Z][\w-]{1,20})?)\b"
                       r"|(?:^|(?<=[.!?])\s{1,3})(?:(?i:new) )?(?i:house|home|flat|apartment|place) "
                       r"(?i:is|'s|is now) (?i:in) (?P<v2>[A-Z][\w-]{1,20}(?: [A-Z][\w-]{1,20})?)\b")),
    # the address said to change to a town, no street number: the town is where they live ("주소지가 거제로
    # 바뀌었어요", "住所が松本に変わりました", "my address has changed to Derby")
    ("residence", lazy(r"\b(?i:(?:my|our) (?:home )?address (?:has changed|changed|is changing|will change|is now"
                       r"(?: changed)?)(?: to)?) (?P<v>[A-Z][a-z-]+(?:\s+[A-Z][a-z-]+)?)(?=\s*[.,!?;]|\s*$|\s+now\b)"
                       r"|(?:주소지?|거주지)(?:가|이|를|을|는|은)?\s*(?P<v2>[가-힣]{2,8}?)(?:으로|로)\s*"
                       r"(?:바뀌|바꿨|변경|이전|옮겼)"
                       r"|(?:住所|住まい|居住地)(?:が|を|は)\s*(?P<v3>[一-龯ァ-ヶー]{2,8}?)(?:に|へ)"
                       r"(?:変わ|変更|移|なりました)")),
    # "저희 집은 익산이에요": the home said to be a place, not a kind of home or where in a building
    ("residence", lazy(r"(?:저희|우리|제)\s*집(?:은|이)\s*(?!(?:아파트|빌라|주택|원룸|투룸|오피스텔|단독|전세|월세|"
                       r"근처|여기|거기|저기|이층|일층|지하|꼭대기|좁|넓|작|크)[가-힣]*)"
                       # a town and its district: "저희 집은 수원 영통이에요"
                       r"(?P<v>[가-힣]{2,6}?(?: [가-힣]{1,6}?)?)(?:이에요|예요|입니다|이고|(?:이)?라서|인데)")),
    # the home as the topic in Japanese: "うちは相模原なので車で30分くらいです", "自宅は世田谷区で、…" — a place
    # named after it, with the copula; not a kind of home, nor what the household is ("うちはマンションなので",
    # "うちは大丈夫です", "うちは共働きなので")
    ("residence", lazy(r"(?:(?<![一-龯ぁ-んァ-ヶー])うち|自宅|我が家)は\s?"
                       r"(?!(?:マンション|アパート|一戸建て|戸建て|賃貸|持ち家|社宅|団地|寮|田舎|都会|近所|郊外|遠方|"
                       r"大丈夫|無理|平気|結構|不要|必要|初めて|同じ|一緒|別|普通|大変|狭|広|古|新築)"
                       r"(?:なので|です|で|だ))"
                       r"(?P<v>[一-龯ァ-ヶー]{2,8})(?=なので|なんです|です(?:が|けど)?[、。!！\s]|です$|で、|だから|だけど)")),
    ("residence", lazy(r"(?P<v>[^\s,]{1,20}?)에서\s*(?:(?:혼자|같이|함께|가족이랑|가족과|쭉|계속|오래)\s*)?"
                       r"(?:지내고|지내요|지냅니다|살고|살아요|삽니다|거주|자취)")),
    ("residence", lazy(r"(?:사는|이사(?:한|간|온))\s*(?:곳|데|동네|도시)(?:은|는|이|가)\s*(?P<v>[^\s,.]{1,20}?)"
                       # the copula in a connective form too: "사는 데가 청주라서 …", "사는 곳이 대전인데 …"
                       r"(?:이에요|예요|입니다|이고|이요|(?:이)?라서|(?:이)?라|인데|(?:이)?니까|$)")),
    ("residence", lazy(r"(?P<v>[^\s。、]{1,20}?)で(?:暮らして|生活して|住んで|(?:一人|ひとり|二人|ふたり)?暮らし)")),
    ("residence", lazy(r"(?:引っ越し先|引越し先|引越先|転居先|移住先|移り住んだ先)は\s*(?P<v>[^\s。、0-9０-９]{1,20}?)"
                       r"(?:です|だ|になります|$)")),
    ("residence", lazy(r"(?<![一-龯ァ-ヶー])(?P<v>[一-龯ァ-ヶー]{2,8})住まい(?=です|だ|で|の|。|、|$)")),
    ("residence", lazy(r"(?P<v>[^\s。、]{1,12}?)(?:住み|在住)(?=です|だ|な|で|の|になり|。|、|$)")),
    # the nominalised verb as topic: "住んでるのは松山だよ", "今暮らしているところは…"
    ("residence", lazy(r"(?:住まい|住所|(?:住んで|暮らして)い?る(?:ところ|所|場所|の|街|町))は\s*"
                       r"(?P<v>[^\s。、0-9０-９]{1,20}?)(?:(?:なん)?(?:です|だ)|なの|$)")),
    # a home told as a street address is the whole place phrase, not its last number: "인천시 연수구 컨벤시아대로 80에
    # 살고 있어요" lives at that address, not at "80"
    ("residence", lazy(r"(?P<v>" + _KO_STREET + r"|[^\s,]{1,20}?)(?:\s*(?:쪽|근처|부근|인근))?에(?:서)?\s*"
                       r"(?:살고|살아|살며|삽니다|사는데|"
                       r"사는\s*중|살게|거주)")),
    # the adnominal and connective forms of 살다 / 거주하다: "전주 사는 직장인입니다", "강릉 사는데 …", "대전에 사는
    # 학생이에요" — not "서울 사는 친구", whose home it is
    ("residence", lazy(r"(?<![가-힣])(?!(?:잘|혼자|같이|함께|오래|아직|지금|요즘|여기|거기|저기|계속|따로|이제|그냥|"
                       r"제가|저는|저희|우리|어디|누가|같이)\s)(?P<v>[가-힣]{2,8}?)(?:에|에서)?\s*"
                       r"(?:사는|거주하는|살고 있는)(?:데|\s*(?!" + _KO_RELATIONS + r")(?=[가-힣]))")),
    # casual speech drops the particle: "인천 살아요", "요즘 수원 살고 있어요" (not "잘 살아요", "혼자 살아요")
    ("residence", lazy(r"(?<![가-힣])(?!(?:잘|혼자|같이|함께|오래|아직|지금|요즘|여기|거기|저기|계속|따로|이제|그냥|"
                       # the agent's address to the customer is no town ("고객님 거주지를 … 변경해 두었습니다")
                       r"제가|저는|저희|우리|고객님|회원님)\s)(?P<v>[가-힣]{2,8})\s+(?:살아요|살고\s*있|삽니다|살아|거주"
                       # ... and its connective form before what the message goes on to: "성남 살고 주로 판교에서 집까지
                       # 불러요", "저희 분당 정자동 살고 애는 5살 하나예요"
                       r"|살고(?=\s))")),
    ("residence", lazy(r"(?<![一-龯ァ-ヶー])(?!(?:一人|二人|独り|ひとり|ふたり)暮らし)(?P<v>[一-龯ァ-ヶー]{2,8})"
                       r"暮らし(?=です|だ|を|中|。|、|$)")),
    # (not "저희 집 근처로 이사 오셨어요": "near", "here", "there" are no place)
    ("residence", lazy(r"(?<![가-힣])(?P<v>(?!(?:근처|근방|부근|옆|여기|거기|저기|이쪽|그쪽|저쪽|이곳|그곳)"
                       r"(?:으로|로|에))[^\s,]{1,20}?)(?:으로|로|에)\s*"
                       r"(?:이사|이주|거처를|집을\s*(?:옮|이전)|내려왔|내려갔|올라왔|올라갔|내려와|올라와)")),
    # moved or come back to a place, no object moved ("원주로 옮겼어요", "아산으로 돌아왔어요"; not "배송지를 회사로
    # 옮겼어요", whose object is moved)
    ("residence", lazy(r"(?<![을를]\s)(?<![을를])(?P<v>[가-힣]{2,8}?)(?:으로|로)\s*"
                       r"(?:옮겼|옮겨\s*(?:왔|갔|살)|돌아왔|돌아갔|돌아와|돌아가게)")),
    ("residence", lazy(r"(?P<v>[^\s。、]{1,20}?)(?:に|へ)(?:住んで|住む|引っ越|在住|移り住|移住|転居|越して|越しました|"
                       # plain speech: "岡山に移ったよ", "仙台に越したんだ" (not "…に越したことはない")
                       r"移りました|移ってきました|移った|移って|越した(?!こと)|"
                       # the polite connective a finished move is told in: "実は高知に移りまして、…"
                       r"移りまして|越しまして)")),
    # the move as a noun: "先週末に高松への引っ越しが済みました", "大阪への転居"
    ("residence", lazy(r"(?<![一-龯ァ-ヶー])(?P<v>[一-龯ァ-ヶー]{1,10})(?:へ|に)の"
                       r"(?:引っ越し|引越し|引っ越|転居|移住|移転)")),
    # moved by work: "転勤で広島に来ました", "広島に転勤になりました", "대구로 발령받았어요"
    ("residence", lazy(r"(?:転勤|赴任|転居|移住)で(?P<v>[^\s。、]{1,10}?)(?:に|へ)(?:来|移|行|引っ越|住)"
                       r"|(?P<v2>[^\s。、]{1,10}?)(?:に|へ)(?:転勤|赴任)")),
    ("residence", lazy(r"(?P<v>[^\s,]{1,20}?)(?:으로|로)\s*(?:발령|전근)")),
    ("contact_channel", lazy(r"(?P<v>이메일|메일|전화|문자|카카오톡|카톡)(?:로|으로)\s*"
                             r"(?:주|해\s*주|부탁|연락|보내|알려)")),
    ("contact_channel", lazy(r"(?P<v>メール|電話|SMS|ショートメール|LINE|郵送)(?:のほう|の方)が")),
    ("subscription", lazy(r"\b(?P<v>newsletter|digest|alert|notification|mailing list|promotional e-?mail|"
                          r"(?:product|marketing|promo|sales?|deal) e-?mail|"
                                r"promotion|coupon|magazine|catalog(?:ue)?|offer)s?\b", _I)),
    ("subscription", lazy(r"(?P<v>뉴스레터|소식지|쿠폰|알림|광고 문자|광고 메일|이벤트 메일)")),
    ("subscription", lazy(r"(?P<v>ニュースレター|メルマガ|メールマガジン|セール情報|キャンペーン情報|"
                                r"クーポン|お知らせ|通知)")),
    ("contact_channel", lazy(r"\bprefer (?:to be contacted by |contact by |being contacted by |an? )?"
                                   r"(?P<v>" + _CHANNEL_EN + r")\b", _I)),
    ("contact_channel", lazy(r"\b(?:contact|reach|call|text|email|message|notify) (?:me|us)"
                                   r" (?:by|via|on|through|over) (?P<v>" + _CHANNEL_EN + r")\b", _I)),
    ("contact_channel", lazy(r"(?:^|[.!?]\s+|\bplease |\bjust )(?P<v>e-?mail|call|text|phone) (?:me|us)\b", _I)),
    ("contact_channel", lazy(r"\b(?P<v>e-?mail|call|text|phone)ing (?:me|us)\b(?! (?:about|back)\b)", _I)),
    ("contact_channel", lazy(r"\b(?P<v>" + _CHANNEL_GERUND + "|" + _CHANNEL_EN + r"|signal|calls?)"
                             r"(?: messages?| calls?| texts?)? "
                             r"(?:works?|is|are|would be|(?:would|will|should|could|might) work|suits me)(?: \w+)?"
                             r"(?: much| a lot| far| way)? (?:better|best|easier|preferable|more convenient|fine|"
                             r"ok|okay|good)\b", _I)),
    ("contact_channel", lazy(r"\b(?:you can|feel free to|go ahead and|please do) (?P<v>e-?mail|call|text|phone|ring) "
                             r"(?:me|us)\b", _I)),
    ("contact_channel", lazy(r"\b(?:switch|move|change) (?:me |us )?(?:over )?to (?P<v>" + _CHANNEL_EN + r")\b", _I)),
    # one channel preferred to another: "text rather than call", "I'd rather you emailed me", "전화보다는 문자가
    # 편해요", "電話よりメールで"
    ("contact_channel", lazy(r"\b(?P<v>e-?mail|text|call|phone|ring|message|whatsapp)(?:ing|s|ed)?(?: (?:me|us))? "
                             r"(?:rather than|instead of|not|over|before) (?:a |an |by )?(?:" + _CHANNEL_EN + r"|call)"
                             r"|\brather (?:you |they )?(?P<v2>e-?mail|text|call|phon|ring|messag|whatsapp)\w*"
                             r"(?: (?:me|us))?",
                             _I)),
    ("contact_channel", lazy(r"(?:이메일|메일|전화|문자|카카오톡|카톡|우편)(?:보다(?:는|도)?|말고|대신)\s*"
                             r"(?P<v>이메일|메일|전화|문자|카카오톡|카톡|우편)"
                             r"|(?P<v2>이메일|메일|전화|문자|카카오톡|카톡)(?:가|이)\s*(?:편해|편합니다|편하|좋아|좋습니다|나아|낫)")),
    ("contact_channel", lazy(r"(?:メール|電話|SMS|ショートメール|LINE|郵送)(?:より(?:も)?|ではなく|じゃなくて)、?\s*"
                             r"(?P<v>メール|電話|SMS|ショートメール|LINE|郵送)")),
    ("contact_channel", lazy(r"\b(?P<v>" + _CHANNEL_GERUND + "|" + _CHANNEL_EN + r"|whatsapp|telegram) is the "
                             r"(?:best|easiest|quickest|only) "
                             r"way to (?:reach|contact|get hold of) (?:me|us)\b", _I)),
    ("contact_channel", lazy(r"(?P<v>이메일|메일|전화|문자|카카오톡|카톡|우편)(?:로|으로)\s*(?:연락|보내|알려)"
                                   r"|연락(?:은|는)\s*(?P<v2>이메일|메일|전화|문자|카카오톡|카톡|우편)(?:로|으로)")),
    ("contact_channel", lazy(r"(?P<v>メール|電話|SMS|ショートメール|LINE|郵送|チャット)(?:で|に)(?:の)?"
                                   r"(?:連絡|ご連絡|お願い|送)"
                             r"|(?P<v2>メール|電話|SMS|ショートメール|LINE|郵送|チャット)(?:でも|で)(?:大丈夫|構いません|結構|いい)")),
    # the channel as the thing asked to be given, with no particle or with a word between: "완료되면 문자 주세요",
    # "연락은 전화 주시면 됩니다", "이메일로만 보내 주시면", "그냥 이메일로 다 보내주세요"; the same in Japanese with
    # the verb of receiving: "電話で知らせてください", "予約確認はメールでください", "メールでもらえると助かります",
    # "LINEでいただけますと"; in English the channel as the verb asked for: "WhatsApp me instead", "can you text me
    # the updates", "let me know by phone call", "I'd rather get a phone call" (not a past call: "전화 주셨는데",
    # "メールでもらった", "you called me")
    ("contact_channel", lazy(r"(?<![가-힣])(?P<v>이메일|메일|전화|문자|카카오톡|카톡)\s?"
                             r"(?:(?:으로|로)(?:만|도)?\s(?:다|좀|꼭|전부|모두)\s?(?:보내|주|연락|알려)|"
                             r"(?:으로|로)만\s?(?:보내|주|연락|알려)|"
                             r"(?:주세요|주시면\s?(?:돼|됩|좋|감사)|줘요|주실\s?수))"
                             r"|(?P<v2>メール|電話|SMS|ショートメール|LINE|郵送|チャット)で(?:ご|お)?(?:知らせて|教えて)?"
                             r"(?:ください|下さい|もらえ|いただけ|頂け|ほしい|欲しい)")),
    ("contact_channel", lazy(r"(?:^|[.!?]\s+|\b(?:please|pls|just|(?:can|could|would|will) (?:you|u)"
                             r"(?: please| pls| just)?) )(?P<v>whatsapp|text|e-?mail|message) (?:me|us)\b"
                             r"(?! (?:about|back)\b)"
                             r"|\b(?:let (?:me|us) know|(?:tell|remind|update|notify) (?:me|us)|"
                             r"rather (?:get|have)) (?:(?:\w{1,20} ){0,3}?(?:by|via|over|through|with) )?(?:an? )?"
                             r"(?P<v2>phone|e-?mail|text|whatsapp|sms)(?: calls?| messages?)?\b", _I)),
    ("delivery_time", lazy(r"\b(?P<v>" + _DELIVERY_TIME_EN + r")s? deliver", _I)),
    # "Weekday mornings are better for deliveries now": a time said to suit deliveries
    ("delivery_time", lazy(r"\b(?P<v>(?:(?:week(?:day|end)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)s? )?(?:"
                           + _DELIVERY_TIME_EN + r")s?) (?:are|is|would be|work|works|suit|suits)(?: \w+)?"
                           r" (?:better|best|fine|easier|good|ok|okay)?\s*for (?:the |my |our |any )?"
                           r"(?:deliver|drop-?off|parcel|package)", _I)),
    ("delivery_time", lazy(r"\bdeliver(?:y|ies|ed)?(?: \w+)? (?:in the |at |on |during (?:the )?|to (?:the )?)?"
                                 r"(?P<v>" + _DELIVERY_TIME_EN + r")s?\b", _I)),
    ("delivery_time", lazy(r"(?P<v>" + _TIME_KO + r")\s*(?:에\s*)?(?:배송|배달)"
                                 r"|(?:배송|배달)(?:은|는)?\s*(?P<v2>" + _TIME_KO + ")")),
    ("delivery_time", lazy(r"(?P<v>" + _TIME_JA + r")(?:の|に|で)?(?:配達|配送|お届け|届け)"
                                 r"|(?:配達|配送|お届け)(?:は)?(?P<v2>[^。、]{0,6}?(?:午前中?|午後|夜|夕方|週末|平日|土日))")),
    # "put" and "drop" need what is put ("put my parcels in the shed"): "you put in the work" is no place
    ("delivery_place", lazy(r"\b(?:(?:leave|leaving|deliver|delivering)(?: off)?(?: my| the| all| our| any)?"
                                  r"(?: parcels?| packages?| deliveries| orders?| it| them| stuff| things| items|"
                                  r" boxes| everything| mail| post)?|(?:put|drop)(?: off)?"
                                  r"(?: my| the| all| our| any)?(?: parcels?| packages?| deliveries| orders?| it| them|"
                                  r" stuff| things| items| boxes| everything))"
                                  r" (?:at|with|by|in|on) "
                                  r"(?:the |my |our )?(?P<v>[\w ]{1,40}?)"
                                  r"(?= instead| rather than| if| when| whenever| while| since| because| so| from now|"
                                  r",? please|,? thanks| going forward|[.,!?;]|$)", _I)),
    # the delivered thing named by its own words, where it is asked to be left: "just leave the bread box in the
    # porch", "please leave the frozen boxes in the garage", "can you just leave them by the side gate I'm usually at
    # work", "please leave them round the side gate" — asked for (please, just, can you…) and the place with its
    # article; not what the customer does ("I leave the car in the garage", "I'll leave the house at 8")
    ("delivery_place", lazy(r"\b(?:please|pls|plz|just|kindly|can you|could you|would you)(?: just| always)? "
                            r"leave (?:the|my|our|these|those|them|it)(?: [\w-]{1,20}){0,3}? "
                            r"(?:in|at|by|round|around|on|with|behind|under|inside|next to) (?:the|my|our) "
                            r"(?P<v>\w{1,20}(?: \w{1,20}){0,4}?)"
                            r"(?= instead| rather than| if| when| whenever| while| since| because| so| from now|"
                            r" i'm| i am| we're| we are| it's| as| there| thanks|,? please|,? thanks| going forward|"
                            r"[.,!?;]|$)", _I)),
    # the parcels given into someone's hands: "hand deliveries to the concierge", "give my parcels to the neighbour
    # at number 4" (the parcels named: "hand it to the manager" is one errand, not where parcels go)
    ("delivery_place", lazy(r"\b(?:hand|give|pass)(?: over)?(?: my| the| all| our| any)? (?:parcels?|packages?|"
                            r"deliveries|boxes|mail|post)(?: over)? to (?:the |my |our )?(?P<v>[\w ]{1,40}?)"
                            r"(?= instead| rather than| if| when| whenever| from now| going forward|,? please|"
                            r"[.,!?;]|$)",
                            _I)),
    # "use the locker at the station instead", "send them to the parcel locker": a named drop point
    ("delivery_place", lazy(r"\b(?:use|try|go with|switch to|(?:send|ship|deliver|redirect)(?: it| them| parcels?|"
                            r" packages?| orders?| everything)? to) (?:the |my |our |a )?(?P<v>(?:parcel |package |"
                            r"amazon |post )?(?:locker|pickup point|pick-up point|collection point|post office|"
                            r"reception|front desk|concierge|mailroom|porch|doorstep|back door|garage|shed|neighbou?r)"
                            r"[\w ]{0,30}?)(?= instead| rather than| if| when| from now| going forward|[.,!?;]|$)",
                            _I)),
    ("delivery_place", lazy(r"(?:택배|배송|소포|물건)(?:은|는|를)?\s*(?P<v>[^.!?\n]{1,30}?)(?:에|에게)\s*"
                                  r"(?:놓아|놔|두|맡겨|보관|넣어)")),
    ("delivery_place", lazy(r"(?P<v>[^\s。、]{1,20}?)(?:に|へ)(?:置いて|入れて|預けて|置き)")),
    ("delivery_place", lazy(r"(?P<v>문\s*앞|현관(?:\s*앞)?|경비실|관리실|택배함|무인\s*택배함|"
                            r"[가-힣]{1,6}실|[가-힣]{1,6}함)에\s*"
                            # (not a condition: "문 앞에 두면 옆집 강아지가 자꾸 건드려서요" says why not there —
                            # "두시면 돼요" still asks for it)
                            r"(?:두|놔|놓|맡겨|넣어|보관)(?!(?:으|시|으시|하)?면(?!\s*(?:돼|되|됩|좋|괜찮)))")),
    ("delivery_place", lazy(r"(?P<v>手渡し|対面|置き配)で")),
    ("delivery_place", lazy(r"\bhold (?:my |the |all |our )?(?:parcels?|packages?|deliveries|orders?|it|them) at "
                            r"(?:the |my |our )?(?P<v>[\w ]{1,30}?)(?= for| instead| rather than|[.,!?]|$)", _I)),
    # where the parcels are wanted, told with the parcels as the object of a wish or the subject of a passive:
    # "I want deliveries held at the locker", "parcels should be left with reception" (not "packages went missing
    # at the front desk", which says what happened)
    ("delivery_place", lazy(r"\b(?:(?:want|need|like|prefer|have|get)(?: my| the| all| our| any)?"
                            r" (?:parcels?|packages?|deliveries|orders?|boxes|mail|post|them|it)(?: to be)?|"
                            r"(?:parcels?|packages?|deliveries|orders?|boxes|mail|post)"
                            r" (?:should|can|must|need to|will|could) (?:now |always |just )?be)"
                            r" (?:held|left|kept|dropped(?: off)?|put|delivered) (?:at|with|in|by) "
                            r"(?:the |my |our )?(?P<v>[\w ]{1,40}?)"
                            r"(?= instead| rather than| if| when| from now| going forward|,? please|[.,!?;]|$)", _I)),
    # the parcels as the subject of "go" or "stay": "parcels can go in the green bin by the gate", "my parcels should
    # go to the pickup point from now on" (a street number after "go to" is an address, read before this)
    ("delivery_place", lazy(r"\b(?:parcels?|packages?|deliveries|boxes|mail|post)"
                            r" (?:(?:should|can|could|may|must|will|need to) (?:now |always |just )?|to |)(?:go|stay)"
                            r" (?:in|into|at|with|by|on|to) (?:the |my |our )?(?P<v>[\w ]{1,40}?)"
                            r"(?= instead| rather than| if| when| from now| now\b| going forward|,? please|[.,!?;]|$)",
                            _I)),
    # a place said to suit the parcels: "Side gate is best for parcels", "Deliveries: back porch.", "택배는 현관 앞이
    # 편해요", "경비실에 맡기는 게 편해요", "荷物は裏口のほうが助かります", "不在のときは宅配ボックスでお願いします"
    ("delivery_place", lazy(r"(?:^|[.!?]\s+)(?:the )?(?P<v>[\w ]{2,30}?) (?:is|would be|works)(?: \w+)? "
                            r"(?:best|better|easiest|fine|good|ideal) for (?:the |my |our |any )?(?:parcels?|packages?|"
                            r"deliveries|drop-?offs?)\b"
                            r"|(?:^|[.!?]\s+)(?:parcels?|packages?|deliveries)\s*:\s*(?P<v2>[\w ]{2,30}?)\s*[.!]?$",
                            _I)),
    ("delivery_place", lazy(r"(?:택배|배송|배달|물건|소포)(?:은|는)\s*(?P<v>[가-힣 ]{2,12}?)(?:이|가)\s*"
                            r"(?:편해|편합니다|편하|좋아|좋습니다|나아|낫|괜찮)"
                            r"|(?P<v2>[가-힣]{2,8}?)(?:에)?\s*(?:맡기는|두는|놓는|넣는)\s*(?:게|것이|편이)\s*(?:편|좋|나)"
                            r"|(?:荷物|配達|配送|お届け)は\s*(?P<v3>[^\s。、]{1,12}?)(?:の(?:ほう|方)が|が)"
                            r"(?:助か|いい|良い|嬉し|便利)"
                            r"|(?:不在|留守)(?:の(?:とき|時|場合)|時)は\s*(?P<v4>[^\s。、]{1,12}?)(?:で(?:お願い|いい)|に(?:入れ|置い))")),
    # received in person, the parcels named: "택배는 직접 받을게요", "물건은 대면으로 수령할게요" (like "手渡しで")
    ("delivery_place", lazy(r"(?:택배|배송|배달|물건|소포)(?:은|는|를)?\s*(?P<v>직접|대면)\s*(?:으로\s*)?(?:받|수령)")),
    # a Korean drop point named by its kind of place, the delivery "made" there: "배송은 경비실로 해 주세요"
    ("delivery_place", lazy(r"(?:택배|배송|배달|소포)(?:은|는)\s*(?P<v>문\s*앞|현관(?:\s*앞)?|"
                            r"[가-힣]{1,6}(?:실|함|사무소|센터|로비|데스크))(?:으로|로)\s*(?:해|부탁|보내|맡겨|받)")),
    # a way of receiving named as a noun: "コンビニ受け取りにしてください", "営業所止めでお願いします", "편의점 픽업으로
    # 해 주세요"
    ("delivery_place", lazy(r"(?P<v>[^\s。、]{1,12}?(?:受け取り|受取り|受取|留め|止め))(?:に|で)"
                            r"(?:して|お願い|変更|変え|切り替|頼)"
                            r"|(?P<v2>[가-힣]{1,8}\s*(?:픽업|수령|보관))\s*(?:으로|로)\s*(?:해|바꿔|변경|부탁|받)")),
    ("job", lazy(r"\bi (?:now )?work (?:as|at|for) (?P<v>(?:an? )?[\w-]+(?:\s+[\w-]+)?)", _I)),
]

# a plan told as how often the service comes, asked for or changed: "book him into the day centre 2 days a week
# please", "can we go up to three visits a day", "일단 주 3회로 시작하려고 해요", "하루 4시간으로 늘려 주세요",
# "まずは週2回(火・金)でお願いします", "デイを週3回にしたいと思います" — care visits, day-centre days, lessons a week.
# Read after every rule and every shape (``find_slot``): "the Weekly Standard", "週2回コース" are read by those, and an
# address beside it ("가사도우미 주 1회 신청합니다 송파구 오금로 55 …") is the slot the message fills. Not a question or
# a condition ("주 2회로 하면 얼마예요?", "週3回コースにしたら"), nor what is done now ("저는 주 2일만 갑니다"), nor the
# customer's own doing after the wish ("I need more food, I'm lifting 5 days a week": no "I" or "we" in between)
_FREQUENCY_PLAN: tuple[LazyPattern, ...] = (
    lazy(r"\b(?:book|booked|like|want|need|needs|up to|down to|increase|reduce|cut|drop|move|change|switch"
         r"|make it|start)\b(?:(?!\b(?:i|i'm|we|we're)\b)[^.!?\n]){0,60}?"
         r"\b(?P<v>(?:once|twice|(?:\d{1,2}|one|two|three|four|five|six|seven)"
         r" (?:days?|visits?|calls?|sessions?|lessons?|classes?|mornings?|afternoons?|evenings?|nights?))"
         r" (?:a|per|each) (?:day|week|fortnight|month))\b", _I),
    lazy(r"(?<![가-힣])(?P<v>(?:주|월)\s?\d{1,2}\s?(?:회|일)(?:\s?\d{1,2}\s?시간)?|하루\s?\d{1,2}\s?(?:시간|회|번))"
         r"(?:으로|로)?(?:만)?\s?(?:[가-힣]{1,8}(?:으로|로)\s?)?"
         r"(?:해\s?주|해\s?줘|해\s?드|할게|할께|시작|늘려|줄여|바꿔|변경|등록|신청|부탁|보내|다닐|올려|내려)"
         r"|(?P<v2>(?:週|月)\s?\d{1,2}\s?(?:回|日)(?:\s?\d{1,3}\s?(?:分|時間))?|1日\s?\d{1,2}\s?回)"
         r"(?:[(（][^)）]{0,12}[)）])?(?:で|に)(?:お願い|して(?:ください|下さい|ほしい|もらえ|いただ)|したい|します"
         r"|増や|減ら)"),
)


# Slots a customer holds one value of at a time: a new value replaces the old one. Orders and
# subscriptions are many at once ("order 111 is late", "order 222 broke"), so only a correction
# or a retraction touches an earlier one.
SINGLE_VALUED = frozenset({"name", "language", "tier", "residence", "address", "email", "phone",
                           "contact_channel", "delivery_time", "delivery_place", "accessibility", "job"})

# Words a question about the slot uses, in the three languages; indexed with a fact that fills the
# slot, so "where does the customer live", "어디 살아요" or "住所は" finds "I moved to Seattle".
SLOT_TERMS = {
    "name": "name called call named 이름 성함 불러 회원명 명의 名前 氏名 呼んで 会員名 登録名 名義",
    "language": "language answer reply respond speak english korean japanese 언어 답변 대답 영어 한국어 일본어 "
                "言語 回答 返信 英語 韓国語 日本語 何語",
    "tier": "plan tier subscription account level membership 플랜 요금제 등급 회원 멤버십 プラン 会員 契約 ランク "
            "ステータス",
    "residence": "live lives lived living reside resides resided residing residence based settled home city town "
                 "moved relocated where address 거주 살다 살아요 "
                 "사는 사나요 살고 어디 이사 주소 거주지 지역 동네 도시 "
                 "住所 住んで 住まい 住む どこ 引っ越し 都市 地域 在住 居住",
    # an address says where the customer lives too ("where does the customer live" after "We've moved to 4 Park Row")
    "address": "address street shipping delivery delivered deliver orders ship send mailing home live lives living "
               "주소 배송지 거주 사는 住所 配送先 お届け先 住まい 住んで",
    "email": "email e-mail address mail contact 이메일 메일 주소 メールアドレス メール",
    "phone": "phone number telephone mobile cell call contact 전화번호 전화 연락처 휴대폰 電話番号 電話 携帯 番号",
    "contact_channel": "contact reach channel email phone call text sms chat how 연락 연락처 방법 이메일 전화 문자 "
                       "連絡 連絡方法 メール 電話",
    "order": "order number reference ticket booking which 주문 번호 주문번호 문의 注文 番号 注文番号 問い合わせ",
    "delivery_time": "delivery deliveries deliver when time schedule 배송 배달 시간 언제 配達 配送 時間 いつ",
    "delivery_place": "delivery deliveries deliver parcel package leave where 배송 배달 택배 방법 어디 配達 配送 荷物 "
                      "方法 どこ 置き配",
    "subscription": "subscription subscribed subscribe newsletter alerts emails 구독 뉴스레터 수신 購読 配信 "
                    "ニュースレター",
    "accessibility": "accessibility needs screen reader impaired 접근성 アクセシビリティ",
    "job": "job work works occupation employer company 직업 회사 일 仕事 職業 会社",
}

_CHANNELS = {"ring": "phone", "calls": "phone", "whatsapp": "whatsapp", "telegram": "telegram",
             "email": "email", "e-mail": "email", "mail": "email", "이메일": "email", "메일": "email",
             "メール": "email", "phone": "phone", "telephone": "phone", "call": "phone", "전화": "phone",
             "電話": "phone", "text": "sms", "texts": "sms", "sms": "sms", "문자": "sms", "ショートメール": "sms",
             "kakao": "kakaotalk", "kakaotalk": "kakaotalk", "카카오톡": "kakaotalk", "카톡": "kakaotalk",
             "line": "line", "post": "post", "letter": "post", "우편": "post", "郵送": "post", "chat": "chat",
             "チャット": "chat", "texting": "sms", "emailing": "email", "e-mailing": "email", "calling": "phone",
             "phoning": "phone", "ringing": "phone"}
# Topic words a Japanese match can carry in front of its value ("これからはイチと呼んで").
_JA_LEAD = lazy(r"^(?:私は|僕は|(?:私|わたし|僕|ぼく|俺)のことは|今後は|これからは|今は|現在は|実は|やはり|やっぱり|"
               r"荷物は|配達は|配送は|"
               # when it happened, said before the place: "最近仙台に越したんだ", "先月福岡に引っ越した"
               r"(?:最近|先月|先週|去年|昨年|今年|今月|この前|この間)(?:は|から)?)")


# Values known by their shape, whatever words stand around them ("Everything goes to 12 Oak Street now", "제 주소
# 경기도 … 12, 3층이에요", "連絡先は090-1234-5678です"): tried last, only on a text holding a digit, and, like
# every address and phone rule, never on someone else's value or in a question that asks for no change.
_EN_STREET = (r"Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Close|Crescent|Terrace|Row|"
              r"Grove|Gardens|Boulevard|Blvd|Square|Sq|Parade|Hill|Mews|Walk|Highway|Hwy|Circle|Rise|View|Green")
# the postcode after the town: a US state and ZIP ("CA 94105", "MN 55102-1234") or a British postcode ("M1 3HE",
# "HU1 2BX"), whole — "CA 941" was read as a British outward code and the ZIP cut (newuser24 #4)
_POSTCODE = (r"(?:,?\s+(?:[A-Z]{2}\s?\d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})(?![A-Za-z0-9]))")
_SHAPES: list[tuple[str, LazyPattern]] = [
    ("address", lazy(r"(?<![\w-])(?P<v>(?:(?i:flat|apt\.?|apartment|unit|suite) ?\w{1,5},? )?\d+[A-Za-z]?(?:[-/]\d+)?,?"
                     r"\s+(?:[A-Z][\w'-]*\s+){1,4}?(?:" + _EN_STREET + r")\b\.?"
                     r"(?:,\s*[A-Z][A-Za-z-]+\b(?:\s+[A-Z][A-Za-z-]+\b)?" + _POSTCODE + r"?)?)")),
    ("address", lazy(r"(?<![가-힣\d])(?P<v>(?:[가-힣]{1,8}(?:특별시|광역시|특별자치시|특별자치도|시|도)\s+){0,2}"
                     r"[가-힣]{1,8}(?:구|군|시)\s+(?:[가-힣]{1,8}(?:구|동|읍|면)\s+)?[가-힣\d]{1,12}(?:로|길)\s*\d+(?:-\d+)?"
                     r"(?:(?:,\s*|\s+)(?:[가-힣A-Za-z\d]{1,10}(?:동|호|층|호실)|\d+(?:-\d+)?(?=\s|,|$))){0,3})")),
    # a lot-number address, told as background to a request ("집이 청주 복대동 88-2 단독주택이에요", "부산 해운대구 좌동
    # 1432 대림아파트 101동 1203호"): a neighbourhood and its lot number — after a district, or a lot number with its
    # dash (not "운동 2시간", "활동 3회": the number stands alone), with the building, block and flat after it
    ("address", lazy(r"(?<![가-힣\d])(?P<v>(?:[가-힣]{1,8}(?:특별시|광역시|특별자치시|특별자치도|시|도)\s+){0,2}"
                     r"(?:(?:[가-힣]{1,8}(?:구|군|시)\s+){1,2}[가-힣]{1,6}(?:동|읍|면|리)\s*\d{1,5}(?:-\d{1,5})?"
                     r"|[가-힣]{1,6}동\s*\d{1,5}-\d{1,5})(?:번지)?(?![\d가-힣-])"
                     r"(?:(?:,\s*|\s+)(?:[가-힣A-Za-z]{0,10}\d{1,5}(?:동|호|층|호실)(?![가-힣])|[가-힣A-Za-z]{2,10}"
                     r"(?:아파트|빌라|맨션|타운|하이츠)(?:\s*\d{1,5}(?:동|호|층|호실)(?![가-힣]))*)){0,3})")),
    ("address", lazy(r"(?<![一-龯ァ-ヶー])(?P<v>[一-龯ァ-ヶー]{1,8}[都道府県市区町村郡]"
                     r"(?:[一-龯ァ-ヶー]{1,8}[市区町村郡])?[一-龯ァ-ヶーぁ-ん]{0,10}?[0-9０-９]+(?:(?:[-－‐ー−]|丁目|番地?|号)[0-9０-９]*)*"
                     r"(?:(?:\s+|(?=[ァ-ヶー一-龯]))[ァ-ヶー一-龯A-Za-zＡ-Ｚ]{1,20}[0-9０-９]+(?:号室)?)?)")),
    ("phone", lazy(r"(?<![A-Za-z0-9-])(?P<v>(?:\+\d{1,3}[\s-]?)?0\d{1,4}(?:[\s-]\d{2,8}){1,3}|0\d{9,10}|"
                   r"\+\d{1,3}[\s-]?(?:\(0\)\s?)?[1-9]\d{0,4}(?:[\s-]\d{2,8}){1,3}|"
                   r"\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4})(?![A-Za-z0-9-])")),
]


# Rules written for Korean or Japanese text (they name Hangul, kana or kanji and use no English
# word boundary) cannot match an ASCII text; skipping them there halves the cost on English turns.
_CJK_ONLY = tuple(bool(re.search(r"[\uac00-\ud7a3\u3040-\u30ff\u4e00-\u9fff]", p.pattern)) and "\\b" not in p.pattern
                  for _, p in _RULES)


# An English rule is tried only on a text holding one of its slot's words: the case-insensitive
# alternations cost ~0.2 ms each on a 500-character turn, a substring test almost nothing.
_ASCII_TRIGGERS = {
    # every language rule names a language: its English name is the trigger
    "language": tuple(name for name in _LANGUAGE_NAMES if name.isascii()),
    "email": ("@",),
    "order": ("order", "ticket", "ref", "case", "booking", "invoice", "tracking", "reservation", "confirmation"),
    "phone": ("phone", "mobile", "cell", "number", "call", "text", "reach"),
    "name": ("name", "call", "go by", "i'm", "i am", "it's", "it is", "under", "this is", "me as",
             # a full name given alone ("Siobhan Carey here", "Hi, Laura Pike, I'd like…")
             " here", "hi,", "hi!", "hello,", "hello!", "hey,", "hiya,",
             # a new name told after a marriage or a change of name
             "married", "wedding", "honeymoon", "deed poll", "surname", "maiden", "spelling"),
    "tier": ("'re on", "'m on", "im on", "are on", "am on",
             "plan", "tier", "account", "subscription", "membership", "subscribed", "pay", "paid", "signed up",
             "enterprise", "premium", "platinum", "package", "up to", "down to", "over to", "back to", "upgrad",
             "downgrad", "member", "customer", "subscriber", "dropped", "fell", "went", "moved", "bump",
             "insurance", "cover", "contract", "bundle", "package", "billing", "payment",
             "promoted", "demoted", "stepped", "tariff", "option", " pass"),
    "accessibility": ("screen", "impaired", "hearing", "deaf", "blind", "large", "dyslexi", "wheelchair", "colo"),
    "address": ("address", "ship", "send", "deliver", "mail", " at ", "moved", "relocated", "post", "forward",
                "new place", "new home", "new flat", "new house", "new apartment", " go to", "goes to", "come to",
                "comes to", "be sent", "be shipped", "be delivered", "be posted", "new one"),
    "residence": ("live", "living", "reside", "moved", "moving", "relocat", "settled", "migrated", "based", "i'm in",
                  "i am in", "im in", "we're in", "we are in", "home is", "address", "out in", "over in", "down in",
                  "up in", "back in", "here in", "located", "resid", "call", "made the",
                  # a home held somewhere ("rent a flat in…"): the kinds of home, not the verbs ("got", "own")
                  "flat", "house", "apartment", "condo", "studio", "bungalow", "cottage", "place in", "home in",
                  "room in", "unit in", "place is in"),
    "subscription": ("newsletter", "mail", "digest", "alert", "notification", "mailing", "promotion", "coupon",
                     "magazine", "catalog", "offer"),
    "contact_channel": ("prefer", "contact", "reach", "call", "text", "mail", "rather", "ring", "message", "notify",
                        "phone", "way to", "sms", "chat", "whatsapp", "line", "kakao", "telegram", "signal", "post",
                        "letter"),
    "delivery_time": ("deliver",),
    "delivery_place": ("leave", "leaving", "put", "drop", "deliver", "hold", "use", "try", "go with", "switch to",
                       "send", "ship", "hand", "best for", "better for", "fine for", "good for", "easiest for",
                       "deliveries:", "parcels:", "packages:", "give", "pass", "parcel", "package", "boxes", " mail",
                       " post",
                       "redirect", "held", "left", "kept"),
    "job": ("work",),
}
# the trigger words of each slot as one alternation: one scan of the text instead of one per word
# (compiled on first use, like every detector: importing slots must not cost every command start-up)
_TRIGGER_WORDS = {name: lazy("|".join(re.escape(word) for word in words)) for name, words in _ASCII_TRIGGERS.items()}


# A value that is not the customer's own: someone else's ("my brother moved to Vienna", "동생이 광주로
# 이사 갔어요", "娘が大阪に引っ越した", "send it to my accountant at books@…"), their past ("I grew up in
# Nairobi", "어릴 때", "子どもの頃"), a what-if ("if we moved to Vancouver", "혹시 … 이사 가면", "もし",
# "仮に") or the service's own ("고객센터 번호", "the store's address"). Such a sentence fills no slot of
# theirs, so it never replaces what they said of themselves.
_RELATIONS_EN = (r"brother|sister|mom|mum|mother|dad|father|parents|son|daughter|kids?|children|friend|colleague|"
                 r"co-?worker|boss|manager|accountant|wife|husband|partner|girlfriend|boyfriend|neighbou?r|aunt|uncle|"
                 r"cousin|grand(?:ma|pa|mother|father|parents)|in-laws|niece|nephew|roommate|flatmate|assistant|"
                 r"secretary|lawyer|landlord|landlady|tenant|employer|client")
# the same people in Korean and Japanese
_KO_OTHERS = (r"동생|형|오빠|언니|누나|엄마|아빠|어머니|아버지|부모님|딸|아들|친구|동료|남편|아내|와이프|"
              r"시어머니|장모님|할머니|할아버지|조카|사촌|상사|팀장님|비서|회계사|집주인")
_JA_OTHERS = (r"娘|息子|妹|弟|兄|姉|母|父|両親|友達|友人|同僚|夫|妻|主人|上司|祖母|祖父|親戚|秘書|会計士|"
              r"大家|部下|後輩|先輩|彼氏|彼女|担当者")
_NOT_THEIRS = lazy(
    r"\b(?:my|our) (?:" + _RELATIONS_EN + r")(?:'s\b| (?:has|have|is|was|just|recently|moved|lives|lived|"
    r"relocated|got|now|works)\b)|\b(?:to|for) (?:my|our) (?:" + _RELATIONS_EN + r")\b|\bgrew up\b|\bused to\b|"
    # "My brother upgraded to the Family plan": a relative is the clause's subject (not "my partner and I")
    r"(?:^\W*|[,;:]\s*|\b(?:and|but|so|because|since|while|when|though)\s+)(?:my|our) (?:" + _RELATIONS_EN + r")"
    r"(?! and (?:i|me)\b)\s+(?!and\b)[a-z]+(?:ed|s)\b|\b(?:my|our) (?:" + _RELATIONS_EN + r") (?:at|on|via)\b|"
    # "Do you also ship to 220 Canal Street?": asking what the service does, not giving their own value
    r"^\W*(?:do|does) (?:you|your|they|it)\b[^.!?]*\?|\bjust asking\b|"
    r"\bas a (?:kid|child|student)\b|\bwhen (?:i|we) (?:was|were|lived)\b|"
    r"\bif (?:i|we) (?:move|moved|were|ever|switch|change)|"
    # a move supposed, not made: "Suppose we moved to Bergen…", "In case I relocate…", "Once we move to…", "Should
    # we ever relocate…"; and a move or a home wished for ("I'd love to live in Lisbon", "서울에 살고 싶어요",
    # "東京に住みたい")
    r"(?:^|[.!?,;]\s*)(?:let's )?(?:say|suppose|supposing|imagine|assuming) (?:i|we)\b|"
    r"\b(?:in case|even if|once|should|were|whether) (?:i|we)(?: ever| eventually| one day| do)? "
    r"(?:move|relocate|go|end up|to move|to relocate)\b|"
    r"\b(?:want|wants|wanted|'d like|would like|'d love|would love|dream(?:s|ing)? of|wish|hope|hoping) "
    r"(?:to )?(?:live|living|move to|moving to|move back to|relocate to)\b|"
    r"(?:살|이사하|이사\s?가|옮기|이주하)고\s*싶|(?:住み|引っ越し|引越し|移り|暮らし|転居し|移住し)たい|"
    # a Korean move in a conditional form ("울산으로 이사하게 되면…", "이사 간다면"), a Japanese one in the
    # dictionary form before a condition ("引っ越す場合", "転居することになったら"): not made yet
    r"(?:이사|이주|이전)\s?(?:를\s)?(?:하게\s?되|가게\s?되|하|가|오|와|간다|한다|온다)?면(?!서)|"
    r"옮기(?:게\s?되)?면(?!서)|옮긴다면|"
    r"(?:引っ越す|引越す|転居する|移る|移住する|住む)(?:なら|場合|とき|時)|ことになったら|としたら|とすれば|"
    # what someone else said happened: "동생네가 대구로 이사했대요", "娘が大阪に引っ越したそうです"
    r"(?:했|갔|왔|됐|았|었)대(?:요)?(?=[\s.,!?~]|$)|"
    r"(?:た|だ|る|いる)(?:そうです|そうだ|らしい|って聞)|"
    # a plan or a maybe is not yet theirs ("we're thinking of moving to Leeds", "東京に引っ越す予定です")
    r"\b(?:planning|plan|thinking (?:of|about)|considering|hoping|might|may|going to|gonna) "
    r"(?:\w+ )?(?:move|moving|relocat\w*|upgrad\w*|downgrad\w*)\b|\bmoving to\b|"
    # a value named to say it stays as it is ("会社の住所は…ですが、届け先は変えないでください")
    r"\b(?:don't|do not|no need to) change\b|\b(?:stays?|remains?) the same\b|\bunchanged\b|바꾸지 마|변경하지 마|"
    r"변경 없|그대로|変えないで|変更しないで|変わりません|変わらない|変更なし|"
    # the family home is not the customer's address ("実家の住所は…", "본가 주소", "my parents' place")
    r"実家|本家|본가|친정|시댁|\bmy parents' |"
    r"예정|계획|생각 중|고민 중|할까 해|갈까 해|予定|つもり|かもしれ|検討中|考えています|"
    # a move or a change that may come: "다음달부터 시흥으로 이사갈 수도 있는데…"
    r"(?:갈|올|할|될|옮길|바꿀|바뀔)\s?수도\s?있|"
    r"\bwhat if\b|\bhypothetically\b|"
    # a value for one order only is no standing value: "이번 주문만 회사로 보내 주세요", "今回だけ職場に送って", "just
    # this once, send it to…"
    r"\b(?:just|only) (?:for )?this (?:once|time|one|order|delivery|parcel)\b|"
    r"\b(?:for )?this (?:one |next )?(?:order|time|delivery|parcel) only\b|"
    r"이번(?:\s*(?:주문|배송|택배))?\s*(?:만|에만|한\s*번만)|今回(?:の注文)?(?:だけ|のみ|限り)|この(?:注文|荷物)だけ|"
    r"(?:" + _KO_OTHERS + r")"
    r"(?:네?(?:이|가|은|는|도|의)(?=\s)|네(?=\s)|\s*(?:댁|집|네 집)|"
    r"\s*(?:이메일|메일|번호|전화번호|연락처|주소|이름|성함|휴대폰))|어릴\s*때|어렸을\s*때|예전에|옛날에|학생\s*때|"
    r"살았었|만약|만일|혹시[^.?!]*(?:다면|가면|하면|되면|바꾸면|옮기면)|"
    # a time of their past named ("그땐 … 살 때였어요"), a neighbour's home ("앞집 거 같은데", "옆집 306호"), a
    # second place's address named as the topic ("가게는 … 1층이에요"; not "저희 회사는 비즈니스 플랜…", the plan
    # they hold): not the home the customer gives
    r"그땐|그때는|살\s?때(?:였|라|는|에)|(?:앞|옆|윗|아랫|뒷)집|이웃집|"
    r"(?:가게|공방|사무실|회사|직장|별장)(?:는|은)\s(?=[^.!?]{0,30}\d)|"
    # a condition asked about is a what-if too: "프리미엄 플랜으로 바꾸면 얼마예요?"
    r"(?:바꾸|옮기|올리|내리|가|하|되|쓰|이사하|변경하|전환하)면\s[^.!?]{0,40}[?？]|"
    r"(?:" + _JA_OTHERS + r")(?:が|は|も|の)|"
    # someone named as another person: "山田さんの携帯", "김민수 씨 번호", "Tom's number"
    # (not the customer's own form of address: "花子さんと呼んでください")
    r"[一-龯ァ-ヶーぁ-んA-Za-z]{1,8}(?:さん|くん|ちゃん|氏)(?!と(?:呼ん|お呼び))|[가-힣]{2,4}\s?씨(?=[\s의이가는께]|$)|"
    r"\b[A-Z][a-z]+'s (?:number|phone|mobile|cell|e-?mail|address|place|house|flat)\b|"
    # a value said to be his, hers, theirs ("my colleague Tom is taking over, his email is…", "그 사람 번호는",
    # "彼の電話番号"), or a relation named by name ("my colleague Tom", "同僚の村井")
    r"\b(?:his|her|their) (?:e-?mail|number|phone|mobile|cell|address|name|place|house|flat|new)\b|"
    r"\b(?:my|our) (?:" + _RELATIONS_EN + r"),? (?-i:[A-Z][a-z]+)\b|"
    r"그\s*(?:사람|분|친구|쪽)(?:의|\s)|彼の|彼女の|あの人の|その人の|あの方の|その方の|"
    # (もし, "if", not the telephone's "もしもし": "もしもし、八王子に住んでるんですけど" tells the town)
    r"子ども?の頃|子供の頃|学生の頃|学生時代|昔は|以前は|住んでいた|(?<!もし)もし(?!もし)|仮に|"
    # "学生のころは…を使っていたので": a time of their past, and a value they used then
    r"の(?:頃|ころ)(?:は|に|、)|若い(?:頃|ころ)|使っていた|使ってた",
    re.I)
# Whose value a sentence tells is decided clause by clause when the other person stands in a clause of their own:
# "we've relocated to Aberdeen for my husband's job", "夫の転勤に伴い、住まいは先月から札幌市です", "the lease ran out
# and my partner got a job over here" give the customer's own town; a relative named in the value's own clause
# ("my sister moved to Paris", "send it to my accountant at books@…", "娘が大阪に引っ越した") still makes it theirs.
# The past, a what-if or a one-off order reach the whole sentence ("just this once, send it to …").
_SOMEONE = lazy(r"\b(?:my|our) (?:" + _RELATIONS_EN + r")\b|" + _KO_OTHERS + "|" + _JA_OTHERS, re.I)
# where a clause of its own ends: English punctuation and conjunctions, a reason phrase about someone else's
# thing ("for my husband's job"); in Korean and Japanese only a clause of reason — a topic ("娘は、東京に…")
# carries over a comma
# (a cut is tried from the first blank of a run, or after a Korean reason's own blank — a later start in a run reaches
# nothing the first does not, and each read the run to its end again: quadratic)
_OWNER_CUT = lazy(r"(?:(?<!\s)|(?!\s)|(?<=[서라에]\s))"
                  r"(?:[,;:]\s*(?=[A-Za-z])|\s+[-–—]\s+|\s+(?=(?:and|but|so|because|since|as|while)\s)|"
                  r"\s+(?=for (?:my|our) [a-z-]+'s\s)|"
                  r"(?:ため|ので|から|に伴い|に伴って|につき)、?|(?:이라서|라서|이라|때문에|해서|어서|아서)\s)", re.I)

# the other person's own value named ("my wife's email, anna@…, is the one to use", "남편 번호", "夫の携帯"): theirs in
# every clause
_OTHERS_VALUE = lazy(r"(?:(?<!\s)|(?!\s))(?:"
                     r"'s\s+(?:e-?mail|number|phone|mobile|cell|address|name|place|house|flat|home|details)\b|"
                     r"(?:네|의)?\s*(?:이메일|메일|번호|전화|연락처|주소|이름|성함|집|댁)|"
                     r"の(?:住所|電話|番号|携帯|メール|アドレス|名前|連絡先|家))", re.I)

# The slots whose owner is read clause by clause: a home. For a name the same reading lost a case on a check file
# (a relative's name told beside their reason is theirs as often as the customer's), so a name keeps the sentence.
_OWNED_BY_CLAUSE = frozenset({"residence"})
_POSSESSIVE = lazy(r"'s\b|の|의|네\s")


def _not_theirs_at(text: str, at: int) -> bool:
    """The value at ``at`` is someone else's, a what-if, the past or a one-off: ``_NOT_THEIRS`` in its sentence —
    where it names another person, only in the value's own clause (``_OWNER_CUT``)."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    start = ends[-1] if ends else 0
    sentence = _sentence_around(text, at)
    for match in _NOT_THEIRS.finditer(sentence):
        other = _SOMEONE.search(match.group(0))
        if other is None:
            return True
        where, after = match.start() + other.start(), match.start() + other.end()
        if _OTHERS_VALUE.match(sentence, after) or _same_clause(sentence, where, at - start):
            return True
        if where < at - start and not _POSSESSIVE.match(sentence, after):
            # the other person as a subject before the value carries over to it ("My daughter got a place at uni, so
            # she lives in…", "娘は大学に受かったので、金沢市に…"); their thing named as a reason does not ("for my
            # husband's job", "夫の転勤に伴い、…"), nor the other person in a clause after the value
            return True
    return False


def _same_clause(sentence: str, a: int, b: int) -> bool:
    low, high = min(a, b), max(a, b)
    # (the whole sentence is searched: a cut looks ahead past the span)
    return not any(low < cut.end() <= high for cut in _OWNER_CUT.finditer(sentence))


# The service's own details ("the store's address", "고객센터 번호", "店舗の住所"): named before the value or in its
# clause, never only in a later clause of the sentence — "実は高知に移りまして、受け取り店舗も変えたいです" tells the
# customer's move, then asks about the store they collect from.
_SERVICES_OWN = lazy(
    r"\byour (?:store|shop|office|support|returns?|warehouse)\b|\bthe (?:store|shop|warehouse)'s\b|"
    # (the service's returns address, not the customer's own address to return a repair to: "Return address: Flat 3,
    # 22 Bellevue Terrace", "Return address is 52 Harcourt Road" — no article before it)
    r"\b(?:your|the|their|a|its) returns? address\b|\breturns address\b|"
    r"\bcustomer (?:service|support)\b|\bsupport line\b|"
    r"고객\s*센터|고객센터|매장|지점|반품\s*주소|カスタマー|サポート|店舗|窓口|返品の送り先", re.I)
# Slots whose value may belong to someone else in the same words (an order number is the customer's
# whoever it is for; a subscription is what they asked for)
_GUARDED = frozenset({"name", "residence", "address", "email", "phone", "tier"})
_SENTENCE_END = lazy(r"[.!?。！？\n]")


def _sentence_around(text: str, at: int) -> str:
    """The sentence of ``text`` holding position ``at`` (cut at . ! ? 。 and line ends)."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    start = ends[-1] if ends else 0
    after = _SENTENCE_END.search(text, at)
    return text[start:after.end() if after else len(text)]


# A question word where a value stands ("住所はどこですか", "주소가 어디예요", "my address is what now")
# asks for the value; it never replaces the one the customer gave.
_ASKING_WORD = lazy(r"(?:what|where|which|who|when|how)\b|(?:어디|뭐|무엇|언제|누구|몇|얼마|어느)(?!든|나|라도|도)"
                    r"|(?:どこ|何|なに|なん|いつ|誰|だれ|どれ|どちら|どの|いくら)(?!でも|も|か[^?？])", _I)


# A question about a value ("Is the Premium plan worth it?", "プレミアムプランの料金はいくらですか？") asks about
# it; it gives the customer's value only when it asks for the change ("Can you switch me to Premium?").
# ("…입니까", "…습니까" ask; "…이니까", "…하니까" give a reason: "골드 회원이니까 무료죠?")
_QUESTION_END = lazy(r"(?:[?？]|까요|나요|(?<![이으가하되어아])니까|ですか|ますか|でしょうか)\W*$")
_ACTION = lazy(r"\b(?:can|could|would|will) you\b|\bplease\b|\b(?:switch|change|move|upgrade|downgrade|update|"
               r"send|ship|deliver|put|set|register)\b|주세요|주실|주시|바꿔|바꾸|변경|해 ?줄|보내|ください|いただけ|"
               r"もらえ|変更|切り替|送っ|届け", _I)


# a question typed without its mark opens with what it asks ("whats in the Gold plan", "how much is the Plus plan")
_UNMARKED_QUESTION = lazy(r"^\W*(?:what(?:'s|s| is| are| does| do)|how (?:much|many|long))\b", _I)


def _asks_about(clause: str) -> bool:
    """The clause holding a value is a question that asks for no change ("I'm on the Basic plan, is that
    enough?" states the plan in a clause of its own; "whats in the Gold plan" asks, unmarked)."""
    said = clause.strip()
    return bool(_QUESTION_END.search(said) or _UNMARKED_QUESTION.match(said)) and not _ACTION.search(clause)


# Korean and Japanese join a statement to a question with a connective ending, not a comma: "저는 김천에 살고
# 있는데 주말에도 배송되나요?" states the city in the clause before "는데"
_CLAUSE_END = lazy(r"[.!?。！？\n,;、，]|(?<=[는은인]데)\s|(?<=지만)\s|(?<=けど)|(?<=けれど)|(?<=ですが)|(?<=のに)|"
                   # "-는데요" before a question typed without a stop: "일산 사는데요 주 1회 가능할까요?"
                   r"(?<=[는은인]데요)\s|"
                   # a reason stated before the question it grounds: "プラチナ会員なので送料無料ですよね？", "골드
                   # 회원이니까 무료죠?", "I'm a Gold member so shipping is free, right?"
                   r"(?<=ので)|(?<=니까)\s|(?<=[이]라서)\s|(?<=라서)\s|\s(?=(?:so|because|since)\s)")


def _clause_around(text: str, at: int) -> str:
    """The clause of ``text`` holding position ``at`` (cut at sentence ends and at , ; 、)."""
    ends = [m.end() for m in _CLAUSE_END.finditer(text, 0, at)]
    return text[ends[-1] if ends else 0:_clause_stop(text, at)]


def _clause_stop(text: str, at: int) -> int:
    after = _SENTENCE_END.search(text, at)
    clause_end = _CLAUSE_END.search(text, at)
    stop = clause_end.end() if clause_end else len(text)
    if clause_end and after and clause_end.start() < after.start():
        stop = clause_end.start()  # the clause goes on in the same sentence: it is not the question
    return stop


def _services_own(text: str, at: int) -> bool:
    """The value at ``at`` is the service's own: its sentence names the store, support or returns desk before
    it or in its clause."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    return _SERVICES_OWN.search(text, ends[-1] if ends else 0, _clause_stop(text, at)) is not None


@lru_cache(maxsize=8192)
def find_slot(text: str) -> Slot | None:
    """The first slot ``text`` fills, with its value normalised for comparison.

    Cached: judgement and indexing read the same facts' words again and again. Full-width digits and letters
    are read as their ASCII forms (``narrow``).
    """
    text = narrow(text)
    lowered = text.lower() if text.isascii() else None
    # which slots' words the English text holds, tested once per slot (not once per rule: ~100 rules share ~15 slots)
    named: dict[str, bool] = {}
    for (name, pattern), cjk_only in zip(_RULES, _CJK_ONLY, strict=True):
        if lowered is not None:
            if cjk_only:
                continue
            holds = named.get(name)
            if holds is None:
                holds = named[name] = _TRIGGER_WORDS[name].search(lowered) is not None
            if not holds:
                continue
        slot = _first_value(name, pattern, text)
        if slot is not None:
            return slot
    if any(ch.isdigit() for ch in text):
        # no wording named a slot: an address or a phone number is still known by its shape wherever it stands
        for name, pattern in _SHAPES:
            slot = _first_value(name, pattern, text)
            if slot is not None:
                return slot
    if lowered is None or _HOW_OFTEN.search(lowered):
        # nor any shape: how often the service comes, asked for, is the plan (``_FREQUENCY_PLAN``)
        for pattern in _FREQUENCY_PLAN:
            slot = _first_value("tier", pattern, text)
            if slot is not None:
                return slot
    return None


_HOW_OFTEN = lazy(r" (?:a|per|each) (?:day|week|fortnight|month)\b")


# "A ではなく B", "A가 아니라 B": the value named first is the one denied, the right one follows
_NOT_BUT_CODE = lazy(r"(?:(?<!\s)|(?!\s))\s*+(?:ではなく|じゃなくて|じゃなく|(?:(?:이|가)\s*+)?아니(?:라|고))"
                     r"[、,]?\s*+[#＃]?(?P<v>[A-Za-z]{0,4}-?\d[A-Za-z0-9-]*)")


# "010-2345-6789 → 010-9876-5432", "07700 900123 -> 07700 900456", "A-1234 ⇒ A-5678": the value after the arrow is
# the one it is changed to (the first value was taken: newuser30 #7)
# (on one line: a quoted reply's "> " opens a line, and is no arrow)
_ARROW = lazy(r"[ \t]{0,3}(?:→|->|=>|⇒|➡|➔|➜)[ \t]{0,3}")
_AFTER_ARROW = {"phone": lazy(r"(?P<v>\+?\d[\d\s().-]{5,20}\d)"),
                "order": lazy(r"[#＃]?(?P<v>[A-Za-z]{0,4}-?\d[A-Za-z0-9-]*)"),
                "email": lazy(r"(?P<v>[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8})")}


def _digits(value: str) -> int:
    return sum(c.isdigit() for c in value)


def _changed_to(name: str, old: str, new: str) -> bool:
    """Whether the value after an arrow is one the old value could be changed to, not another thing the customer's
    own arrow points at: a count ("A-1234 -> 2 items missing"), or times after a number ("07700 900123 -> call
    1800 2000"). A new phone number is written as long as the old one, give or take a prefix (two digits)."""
    if name == "order":
        return _digits(new) >= min(3, _digits(old))
    if name == "phone":
        return abs(_digits(new) - _digits(old)) <= 2
    return True


def _first_value(name: str, pattern: LazyPattern, text: str) -> Slot | None:
    for match in pattern.finditer(text):
        value = next((v for v in match.groups() if v), None)
        if value is None:
            continue
        if name in _AFTER_ARROW:
            end = match.end(match.groups().index(value) + 1)
            arrow = _ARROW.match(text, end)
            changed = _AFTER_ARROW[name].match(text, arrow.end()) if arrow else None
            if changed and _changed_to(name, value, changed.group("v")):
                value = changed.group("v")
        if name == "address":
            value = _whole_address(text, match.start(match.groups().index(value) + 1), value)
        if name == "tier":
            value = _whole_plan_name(text, match.end(match.groups().index(value) + 1), value)
        if name == "order":
            denied = _NOT_BUT_CODE.match(text, match.end())
            value = denied.group("v") if denied else value
        if name in _GUARDED and ((_not_theirs_at(text, match.start()) if name in _OWNED_BY_CLAUSE
                                  else _NOT_THEIRS.search(_sentence_around(text, match.start())))
                                 or _services_own(text, match.start())
                                 or _asks_about(_clause_around(text, match.start()))):
            continue
        if _ASKING_WORD.match(value.strip()):
            continue
        value = _normalise(name, value)
        if value and (name != "phone" or len(re.sub(r"\D", "", value)) >= 7):
            return Slot(name, value)
    return None


# the number a plan's name ends with, and its unit of size or length ("Fibre| 500", "Unlimited| 5G", "Essentials|
# 30GB"); not a count or a time of something else ("Premium 2 years ago", "Gold 3 times", "Basic 10 days")
_PLAN_NUMBER = lazy(r"[ \t]?(?!(?:19|20)\d\d\b)(?P<n>\d+(?:\.\d+)?[ \t]?(?:GB|TB|MB|Mbps|Mb|G|개월|ヶ月|か月)?)"
                    r"(?![\w]|[.,:/-]\d|[ \t]?(?i:"
                    r"years?|months?|weeks?|days?|hours?|minutes?|times?|people|persons?|users?|seats?|items?|"
                    r"lines?|am|pm|%)\b|[ \t]?[£$€¥%])")


def _whole_plan_name(text: str, end: int, value: str) -> str:
    """A plan's name read up to its number: a tier rule stops at a word ("Fibre", "Unlimited", "데이터") and the
    number that ends many plan names ("Fibre 150", "Unlimited 5G", "SIM only 12개월") was lost, so two plans of
    one name — Fibre 150 and Fibre 500 — read as the same value (newuser31 #11)."""
    if not value or text[end - len(value):end] != value:
        return value
    number = _PLAN_NUMBER.match(text, end)
    return f"{value}{number.group(0)}" if number else value


def _whole_address(text: str, start: int, value: str) -> str:
    """``value``, read from ``start`` in ``text``, with the town and postcode its shape goes on to after a comma: a rule
    ends an address at the first comma ("we've moved to 12 Oak Street, so …"), and "I moved to 1 Market St, San
    Francisco, CA 94105." was stored as "1 Market St" (newuser24 #4). A value is whole or not stored."""
    whole = _SHAPES[0][1].match(text, start)
    if whole is None or whole.end("v") <= start + len(value):
        return value
    return whole.group("v")


# -- values known by their shape alone, in whatever frame they are told ------------------------------------

# A reference or order code: letters and digits, or digits joined by a dash ("WX5802", "QZ-7731-02",
# "20250311-0042"), four digits at least — a plain number (a year, a count, a size) is no code. Only ever compared
# with a code the customer holds (``judge``): "the one printed on it is WX-5802-14" corrects "claim WX-5820-14"
# though no rule reads a slot there.
_CODE = lazy(r"(?<![A-Za-z0-9_@.+-])(?P<v>(?=[A-Za-z0-9-]*(?:[A-Za-z]|\d-\d))"
             r"(?:[A-Za-z]{1,4}-?)?\d[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)(?![A-Za-z0-9_@-])")
# a bare number of fourteen or more digits, spaced or not ("826098100441207", "410 1000 2335 8491": a microchip or an
# animal registration number): longer than any phone, so a reference the customer holds — without it a digit-swapped
# restatement replaces nothing, and its spaced form is misread as a phone from its second group on
_LONG_NUMBER = lazy(r"(?<![A-Za-z0-9+.\-])(?P<v>\d(?: ?\d){13,19})(?![A-Za-z0-9\-])")
_VALUE_SHAPES: tuple[tuple[str, LazyPattern], ...] = (
    ("email", _RULES[next(i for i, (name, _) in enumerate(_RULES) if name == "email")][1]),
    ("order", _LONG_NUMBER),
    ("phone", _SHAPES[-1][1]),
    ("order", _CODE),
)


@lru_cache(maxsize=8192)
def shape_values(text: str) -> tuple[Slot, ...]:
    """Every e-mail address, phone number and reference code ``text`` holds, known by its shape whatever words
    stand around it ("Fresh handset: 07911 444 555, and mail goes to r.v@…", "Reach me on 07911 222 333 or at
    ro.v@…", "保証書にはQZ-7731-02と書いてありました") — each, like a value a rule reads, only where it is the
    customer's own: not someone else's, a what-if, the past, the service's own or a question asking for no change
    (an order code is theirs whoever it is for). A rule reads one slot per sentence; a sentence may give two
    values, and a frame no rule knows gives one."""
    text = narrow(text)
    if not any(ch.isdigit() for ch in text) and "@" not in text:
        return ()
    found: list[Slot] = []
    taken: list[tuple[int, int]] = []
    for name, pattern in _VALUE_SHAPES:
        for match in pattern.finditer(text):
            start, end = match.span("v")
            if any(start < b and a < end for a, b in taken):
                continue  # a phone number is no code, an e-mail's digits no phone
            taken.append((start, end))
            value = match.group("v")
            if pattern is _LONG_NUMBER:
                value = value.replace(" ", "")
            if name == "order" and (sum(ch.isdigit() for ch in value) < 4 or len(value) < 5):
                continue
            if name in _GUARDED and (_NOT_THEIRS.search(_sentence_around(text, start))
                                     or _services_own(text, start) or _asks_about(_clause_around(text, start))):
                continue
            value = _normalise(name, value)
            if value and (name != "phone" or len(value) >= 7):
                found.append(Slot(name, value))
    return tuple(found)


def same_shape(a: str, b: str) -> bool:
    """Two codes of one shape: the same letters-and-digits pattern ("WX-5820-14" / "WX-5802-14", "QZ-7731-02" /
    "QZ-7713-02")."""
    def shape(code: str) -> str:
        return re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", code.upper()))
    return shape(a) == shape(b)


def states_value(text: str) -> bool:
    """``text`` states a value of the customer's own outright, in a clause that is no question ("I'm in Sligo,
    so the Irish rate applies to me, right?" states the town even though the sentence asks something): the
    slots whose value ``find_slot`` reads only outside a question and never of someone else."""
    slot = find_slot(text)
    return slot is not None and slot.name in _GUARDED


# -- a value given in answer to a question, or right after the sentence that announces it ----------

# What a question or an announcement is about ("What's your new number?", "새 번호가 어떻게 되세요?",
# "どちらのプランに変更されましたか", "제 이름을 잘못 말씀드렸어요"), most specific first.
_CUES: list[tuple[str, LazyPattern]] = [
    ("order", lazy(r"\b(?:order|reference|booking|ticket|invoice|tracking|confirmation) (?:number|no|id|code)|"
                   r"\b(?:order|reference|booking ref\w*)\b|주문|예약\s*번호|접수\s*번호|문의\s*번호|송장|"
                   r"注文|予約番号|受付番号|問い合わせ番号|伝票", _I)),
    # a move told without its place ("we moved last month", "이사했어요", "引っ越しました"): the next value is a city
    ("residence", lazy(r"\b(?:i|we)(?:'ve| have)? (?:just |recently |finally )?(?:moved|relocated)"
                       r"(?: house| home| out| away)?"
                       r"(?= (?:last|this|recently|yesterday|a few|over the)\b|\s*[.!,]|\s*$)|"
                       r"이사(?:했|를 했|왔|갔|하게 됐)|引っ越し(?:ました|しました|ることになりました)|引越しました|"
                       r"転居しました|"
                       r"\bwhere\b[^?]{0,30}\b(?:live|move|moved|moving|based|relocat\w*)\b|"
                       # a question for the place itself: "Which city are you in now?", "어느 도시로 가셨어요?"
                       r"\b(?:which|what) (?:city|town|area|country|region|neighbou?rhood|"
                       r"part of (?:town|the country|the city))\b|"
                       # the place named as the customer's own: "I'll put Ripon down as your town", "set your town to
                       # Morpeth", "change your area from Ludlow to …", "my home town is …"
                       r"\b(?:your|my|our) (?:home )?(?:town|city|village|area)\b|"
                       r"어느 (?:도시|지역|동네|쪽)|(?:どの|どちらの)(?:街|町|都市|地域|辺り|あたり)|"
                       r"어디(?:로|에|서)?\s*"
                       r"(?:이사|사세|사시|살|거주)|(?:どこ|どちら)(?:に|へ)(?:お)?(?:引っ越|引越|住|移)|"
                       # the place where they live named as a thing: "고객이 사는 곳", "住んでいる街"
                       r"사는\s*(?:곳|데|동네|도시|지역)|거주지|거주\s*지역|"
                       r"住んでいる(?:所|ところ|場所|街|町|都市|地域)|住んでる(?:所|ところ|街|町)|居住地|在住地|お住まい",
                       _I)),
    ("contact_channel", lazy(r"\bhow\b[^?]{0,40}\b(?:contact|reach|get in touch)|\bcontact method|연락\s*방법|"
                             r"어떻게 연락|連絡方法|連絡手段|どの方法|ご連絡方法", _I)),
    ("delivery_time", lazy(r"\bwhen\b[^?]{0,30}\bdeliver|\bdelivery (?:time|slot|window)|배송\s*시간|배달\s*시간|"
                           r"配達(?:希望)?(?:日時|時間)|お届け(?:日時|時間)", _I)),
    # how or where parcels are received: "where to leave parcels", "受け取り方法", "置き場所", "수령 방법"
    ("delivery_place", lazy(r"\bwhere\b[^?]{0,30}\b(?:leave|drop|put)\b|\b(?:pickup|pick-up|collection|drop-?off) "
                            r"(?:point|place|spot|method)|수령\s*(?:방법|장소)|택배\s*(?:보관|놓을)|받는\s*방법|"
                            r"受け?取り?(?:方法|場所)|置き場所|置き配", _I)),
    ("email", lazy(r"\be-?mail|메일|メール|アドレス", _I)),
    # a part of the address named alone ("I gave you the wrong house number", "番地を間違えました", "동 호수를
    # 잘못 적었어요"): the reply or the next sentence is the address
    ("address", lazy(r"\baddress\b|\b(?:house|street|flat|apartment|unit|building) number\b|\bpost ?code\b|"
                     r"\bzip(?: code)?\b|주소|배송지|번지|호수|우편번호|"
                     # where something is sent, named by the sending noun + 先 ("発送先", "配達先", "送付先", "宛先")
                     r"住所|(?:お?届け|配送|配達|発送|郵送|送付|納品|送り|宛)先|番地|部屋番号|郵便番号|"
                     r"수령지|발송지", _I)),
    ("phone", lazy(r"\b(?:phone|mobile|cell|number)\b|번호|전화|연락처|휴대폰|핸드폰|電話|番号|携帯", _I)),
    ("tier", lazy(r"\b(?:plan|tier|package|membership)\b|요금제|플랜|등급|プラン|コース", _I)),
    # how a name is spelt or written ("漢字が違いました" → "渡邊健太です") is about the name
    ("name", lazy(r"\b(?:sur|last |family |maiden |first |given )?name\b|\bspel(?:l|t|led|ling)\b|"
                  r"이름|성함|철자|한자|名前|氏名|姓|苗字|名字|漢字|スペル|綴り|名義|"
                  # the name a member, a booking or an account is under: "会員名", "회원명", "예약자명"
                  r"(?:会員|登録|予約|契約|ユーザー|アカウント)名|(?:회원|가입자|예약자|계정)\s*명", _I)),
    ("language", lazy(r"\blanguage\b|언어|言語|何語", _I)),
]
# An announcement names the slot with a change or a mistake ("I changed my number", "번호를 바꿨어요",
# "注文番号打ち間違えてました"); a question of the agent names it, full stop.
_CHANGE = lazy(r"\b(?:chang|switch|new|moved|relocat|wrong|typo|mistake|misspel|mistyp|misread|incorrect|updat|"
               r"no longer|"
               r"swapped|transposed|fat-?finger|"
               r"not using|stopped using|different|my bad)|"
               r"바꿨|바꾸|바꿀|바꿔|바뀌|변경|새\s|새로|개통|잘못|틀렸|틀려|틀리게|틀린|오타|헷갈|착각|이사|"
               r"안 써|안 쓰|"
               r"거꾸로|반대로|"
               r"変更|変わ|変え|戻|新しい|間違|違|誤|引っ越|解約", _I)
_COPULA_HEAD = lazy(r"^(?:(?:ok|okay|sure|yes|yeah|sorry|oh|ah|아|네|예|あ|はい)[,!.\s、]+)*"
                    # the adverb a correction or a change gives its value with ("正しくは鈴木一朗です", "정확히는
                    # 김하늘이에요", "이제 김하늘이에요", "It is now Jane Doe") is no part of the value; a Korean or
                    # English one only before a space ("이제훈입니다" is a name)
                    r"(?:(?:正しくは|正確には|本当は|今は|現在は)[、,\s]*|"
                    r"(?:정확히는|정확하게는|제대로는|이제는|이제|지금은|correctly|rather|now)[,\s]+)?"
                    r"(?:it'?s|it is|that'?s|the new one is|now it'?s|now it is|new one:?)?\s*(?:now\s+)?", _I)
_COPULA_TAIL = lazy(r"\s*(?:입니다|이에요|예요|에요|이요|가 맞아요|이 맞아요|가 맞습니다|이 맞습니다|이고요|"
                    # a value given as a change asked for: "高橋美咲に変更をお願いします", "김하린으로 바꿔 주세요"
                    r"(?:으로|로)\s*(?:바꿔|변경해|수정해|해)\s*주세요|(?:に|へ)(?:変更|変え|修正)[^。]{0,12}|"
                    r"でお願いします|になりました|が正しいです|が正しい|"
                    r"です|になります|でございます|だよ|now|please|thanks|thank you)?[\s.!。！?？~]*$", _I)
# (the value itself holds its digit: a lookahead for one, which read a run of dashes to its end from each dash, added
# nothing)
_ORDER_VALUE = lazy(r"(?<![A-Za-z0-9_@.])[A-Za-z]{0,4}-?\d[A-Za-z0-9-]*")
_PHONE_VALUE = lazy(_PHONE)


_DENIED_FIRST = lazy(r"^.{1,40}?\s*(?:말고|(?:이|가)\s*아니라|(?:이|가)\s*아니고|ではなく|じゃなくて|じゃなく)[、,]?\s*"
                     r"|^(?:it'?s |it is )?not .{1,40}? but ", _I)


def answered_slot(cue: str, reply: str) -> Slot | None:
    """The slot ``reply`` fills when it gives the value ``cue`` asks for or announces, else ``None``.

    "번호를 바꿨어요." → agent: "새 번호가 어떻게 되세요?" → "010-7781-3052입니다.": the last turn names no
    slot, yet it is the customer's new phone number. Only a short reply is read so: a value, not a story.
    """
    first = narrow(reply).strip().split("\n")[0]
    if len(first) > 80:
        return None
    name = cue_slot(cue)
    if name is None:
        return None
    bare = _COPULA_TAIL.sub("", _COPULA_HEAD.sub("", first)).strip(" .,!。、")
    # "이제 최유나 말고 한유나로 해 주세요", "田中じゃなくて中田です", "not Finch but Hale": the value after the one
    # denied
    bare = _DENIED_FIRST.sub("", bare)
    value: str | None = None
    if name == "phone":
        found = _PHONE_VALUE.search(first)
        value = found.group("v") if found else None
        code = _ORDER_VALUE.search(first)
        if (value is None or len(re.sub(r"\D", "", value)) < 7) and code and not code.group(0).isdigit():
            # "正しい番号をお願いできますか？" → "A-558210です。": a "number" with letters is a reference, not a phone
            return Slot("order", code.group(0).upper())
    elif name == "order":
        found = _ORDER_VALUE.search(first)
        value = found.group(0) if found else None
    elif name == "email":
        slot = find_slot(first)
        return slot if slot is not None and slot.name == "email" else None
    elif name == "address":
        value = bare if re.search(r"\d", bare) and len(bare) <= 70 else None
    elif name == "residence":
        bare = re.sub(r"^(?i:to|in|we're in|i'm in|over to|down to|up to)\s+", "", bare)
        if re.search(r"\d", bare) and len(bare) <= 70:
            return Slot("address", _normalise("address", bare))  # "I moved." → "Where to?" → "27 Station Road"
        # "Bristol, near the harbour." / "To Leeds, last week": the place is the reply's first clause
        bare = re.split(r"\s*[,;(—–]\s*|\s+-\s+", bare)[0]
        value = bare if 0 < len(bare.split()) <= 2 and len(bare) <= 20 else None
        if value and not value.isascii():
            value = re.sub(r"(?:요|이요|です|だよ|に|へ|로|으로)$", "", value) or None
    elif name == "contact_channel":
        found = re.search(r"(?P<v>e-?mail|phone|call|ring|text|sms|whatsapp|line|kakao(?:talk)?|telegram|post|"
                          r"letter|이메일|메일|전화|문자|카카오톡|카톡|우편|メール|電話|SMS|ショートメール|LINE|郵送|チャット)",
                          first, re.I)
        value = found.group("v") if found else None
    elif name == "delivery_time":
        found = re.search(r"(?:오전|오후|저녁|밤|주말|평일|午前中?|午後|夜|夕方|週末|平日|土日|morning|afternoon|"
                          r"evening|night|weekend|weekday)[^.!?。]{0,12}", first, re.I)
        value = found.group(0) if found else None
    elif name == "language":
        found = re.search(_LANG, first, re.I)
        value = found.group(0) if found else None
    elif name == "tier":
        found = re.search(r"(?P<v>[\w가-힣ァ-ヶー-]{2,20})\s*(?:plan|tier|プラン|コース|요금제|플랜)", first, re.I)
        # "Scale, the yearly one.": the plan is the reply's first clause
        bare = re.split(r"\s*[,;(—–]\s*|\s+-\s+", bare)[0]
        value = found.group("v") if found else (bare if 0 < len(bare.split()) <= 2 and len(bare) <= 20 else None)
    elif name == "name":
        words = bare.split()
        if words and len(words) <= 3 and len(bare) <= 30 and (
                all(w[:1].isupper() for w in words) or not bare.isascii()) and not re.search(r"\d", bare):
            value = bare
    if not value:
        return None
    value = _normalise(name, value)
    if not value or (name == "phone" and len(value) < 7):
        return None
    return Slot(name, value)


# The values of a slot known by their words wherever they stand (a language's name, a channel, a named plan), and
# the negation a reason for leaving a value is told in: "He doesn't read Spanish", "I never check my email",
# "LINE 안 써요", "電話に出られないので"
_VALUE_WORDS = {
    "language": lazy(r"(?<![A-Za-z])(?:" + _LANG + r")(?![A-Za-z])", _I),
    "contact_channel": lazy(r"\b(?:e-?mails?|phone|texts?|sms|whatsapp|kakao(?:talk)?|telegram|calls?|inbox)\b|"
                            r"이메일|메일|전화|문자|카카오톡|카톡|メール|電話|LINE|ショートメール"),
    "tier": lazy(r"\b(?:" + _TIERS + r")(?= (?:plan|tier|membership)\b)|(?:" + _TIERS + r")(?=\s*(?:플랜|요금제|등급|"
                 r"멤버십|プラン|会員|コース))", _I),
}
_NEGATED = lazy(r"n't\b|\b(?:not|never|no longer|hardly|rarely|barely|cannot|hard|difficult|struggle|"
                r"trouble)\b|\btoo (?!much\b|many\b)\w|(?<![가-힣])(?:안|못)\s|(?<![가-힣])못(?=[가-힣])|"
                r"않|없|어려|힘들|서툴|"
                r"(?:な|られな|れな|でき)い|ません|なく|ず[、。]?|難し|苦手|"
                # the unease the value gives, as hard as its difficulty: "日本語の書類だと不安で", "영어는 불안해요",
                # "English forms make her nervous"
                r"不安|불안|\b(?:nervous|anxious|uneasy)\b", _I)
# ... or the trouble the value gives, with no negation: "문자가 자꾸 스팸함으로 가더라고요",
# "メールだと見落としがちで…", "texts end up in my junk folder", "카톡은 개인용이라 자꾸 섞여서요" (mixed in with the
# personal chats)
_TROUBLE = lazy(r"\b(?:spam|junk|overlook(?:s|ed)?|miss(?:es|ed)?|buried|mixed up|end(?:s)? up in)\b|"
                r"스팸|놓치|놓쳐|섞여|섞이|묻혀|見落と|迷惑メール|迷惑フォルダ|埋もれ|紛れ", _I)
_VALUE_ALIASES = {"inbox": "email", "calls": "phone", "emails": "email"}


def names_other_value(text: str, slot: Slot) -> bool:
    """``text`` names another value of ``slot``'s kind, with a negation or the trouble it gives ("문자가 자꾸 스팸함으로
    가더라고요"), and fills no slot itself: "He doesn't read
    Spanish." after "please answer in English from now on", "I never check my email." before "text me instead" —
    the reason the value changes, which goes with the change rather than standing as a fact of its own (it would
    keep the old value active)."""
    pattern = _VALUE_WORDS.get(slot.name)
    if pattern is None or find_slot(text) is not None or not (_NEGATED.search(text) or _TROUBLE.search(text)):
        return False
    for found in pattern.finditer(text):
        word = found.group(0)
        value = _normalise(slot.name, _VALUE_ALIASES.get(word.lower(), word))
        if value and value != slot.value:
            return True
    return False


def cue_slot(text: str) -> str | None:
    """The slot a question or an announcement is about ("What's your new number?" → phone), if any."""
    return next((slot for slot, pattern in _CUES if pattern.search(text)), None)


@lru_cache(maxsize=1024)
def query_slot(query: str) -> str | None:
    """The slot a search question is about: the one it names ("고객 휴대폰 번호" → phone), else the one
    whose question words (``SLOT_TERMS``) it shares two or more of ("city the customer resides in")."""
    named = cue_slot(query)
    if named is not None:
        return named
    said = set(terms(query))
    # Korean and Japanese inflect the slot's word inside a longer one ("거주지", "어디죠", "住んでいる"): a slot word
    # standing anywhere in such a question counts too
    inside = _cjk_slot_words() if not query.isascii() else {}
    shared = sorted(((len(said & _slot_term_sets()[name])
                      + sum(1 for word in inside.get(name, ()) if word in query and word not in said), name)
                     for name in SLOT_TERMS), reverse=True)
    if shared[0][0] >= 2 and shared[0][0] > shared[1][0]:
        return shared[0][1]
    return None


@lru_cache(maxsize=1)
def _slot_term_sets() -> dict[str, frozenset[str]]:
    return {name: frozenset(terms(words)) for name, words in SLOT_TERMS.items()}


@lru_cache(maxsize=1)
def _cjk_slot_words() -> dict[str, frozenset[str]]:
    return {name: frozenset(w for w in words.split() if not w.isascii() and len(w) >= 2)
            for name, words in SLOT_TERMS.items()}


_ASKS = lazy(r"[?？]\s*$|까요|나요|습니까|주세요|ますか|ですか|でしょうか|ください")


# A slot said to stay as it is: "제 기본 배송지는 그대로 두시고요", "私の番号はそのままで大丈夫です", "my address stays
# the same"
_UNCHANGED = lazy(r"\b(?:stays?|remains?|keep|leave)\b[^.!?]{0,30}?(?:the same|as (?:it )?is|unchanged)\b|"
                  r"\bunchanged\b|\b(?:don't|do not|no need to) change\b|\bstill the same\b|"
                  r"그대로|변경 없|바꾸지 마|변경하지 마|そのまま|変えないで|変更しないで|変わりません|変更なし", _I)


# The customer's held value said to go on as before, whatever frame names it: "Bute Road is still home", "the rest
# as normal", "keep us as the default contact", "집 배송은 평소대로 해 주세요", "窓口はこれまで通り私です",
# "送り先は引き続き自宅で" — not the closing "引き続きよろしくお願いします"
_AS_BEFORE = lazy(r"\bas (?:usual|normal|always|before)\b|"
                  r"\bstill (?:home|my (?:home|address|main)|the (?:main|default|same))\b|"
                  r"\b(?:stays?|remains?|keep (?:me|us|it|that|everything))\b[^.!?]{0,30}?\b(?:the default|"
                  r"the main (?:contact|address|one)|as (?:it is|usual|normal))\b|\bthe default\b|"
                  r"원래대로|평소대로|기존대로|하던\s*대로|지금처럼|"
                  r"いつも(?:通り|どおり)|これまで(?:通り|どおり)|今まで(?:通り|どおり)|従来(?:通り|どおり)|"
                  r"引き続き(?!よろしく)|"
                  # the held value named as the usual one: "keep the repair updates going to my usual email",
                  # "Invoices to my home address like before", "다른 안내는 원래 메일로", "それ以外はいつものアドレスで"
                  r"\b(?:my|the|our) (?:usual|normal|regular|original|own|home|personal) (?:e-?mail|address|"
                  r"inbox|number|phone|mobile|one|place)\b|\blike (?:before|always|usual)\b|"
                  r"원래\s*(?:메일|이메일|주소|번호|연락처|집|쓰던)|기존(?:처럼|\s*(?:메일|이메일|주소|번호|연락처))|"
                  r"제\s*(?:집|자택)\s*주소|그대로\s*(?:집|자택)으로|"
                  r"いつもの(?:住所|アドレス|メール|番号|連絡先|ところ)|元の(?:住所|アドレス|メール|番号)|"
                  r"自宅の(?:分|ほう|方)", _I)
# Slots a customer may hold a second value of (a holiday home, a colleague's e-mail in copy, an office for one parcel)
_BESIDE = frozenset({"address", "phone", "email"})
# A change the message talks of said not to be made, or not yet: "근데 아직 바꾸진 말아주세요!", "すぐに変更するわけでは
# ありません", "乗り換えやめました" — the value asked about (a price, a plan to come)
# replaces nothing, and the word of stopping takes back the change, not the value held
_SET_ASIDE = lazy(r"(?:아직|당장은?)\s?(?:바꾸|변경하|옮기)(?:지는|진|지)\s?(?:말|않)|"
                  r"(?:変更|乗り換え|切り替え|移行)(?:する|をする)?わけでは(?:ありません|ない)|"
                  r"(?:変更|乗り換え|切り替え|移行)(?:は|を)?(?:やめ|見送)", _I)


# A time wish given up: any time suits now ("any time's fine now", "이제 시간 상관없어요! 아무 때나 편하실 때 갖다
# 주세요", "もう午前指定じゃなくて大丈夫です", "いつでも受け取れます") — the delivery time held is taken back
_ANY_TIME = lazy(r"\bany ?time(?: is|'s) (?:fine|ok|okay|good)\b|\bwhenever (?:suits|works|is (?:fine|ok|okay|good))\b|"
                 r"\b(?:the )?time (?:doesn't|does not|no longer) matters?\b|"
                 r"(?:시간|시간대)(?:은|는|이)?\s?(?:이제\s?)?(?:상관\s?없|상관이\s?없|무관)|아무\s?때나|"
                 r"いつでも(?:受け取れ|受け取り|大丈夫|構いません|かまいません|いいです|お届け|配達)|"
                 r"(?:時間|時間帯|午前|午後|夜間|夕方)(?:の)?指定(?:は|も)?(?:もう)?"
                 r"(?:じゃなくて|でなくて|なしで|不要|いらな|要りません|気にしなくて)", _I)


# A change taken back in the message that asks for it ("change it to the Plus plan please … no, actually leave it as it
# is", "was gonna ask u to call me instead of email" / "actually no forget it, email's fine", "메일주소 바꿔 주세요
# 새로 … 그냥 원래 거 그대로 두세요", "点検付きのプランに変えてもいいかなと思ったけど…やめときます。このままで"): read
# (``kept_slots``) only after a change or a value said earlier in the same message or burst, so that "Actually keep
# the old one" in a later conversation still undoes a change made before (``undoes``)
_TAKEN_BACK = lazy(r"\b(?:no|nah|nope)\b[,.!]{0,3}\s{0,3}(?:(?:actually|wait|sorry)[,.!]{0,3}\s{0,3})?"
                   r"(?:leave|keep|forget|scrap|ignore)\b|"
                   r"\bleave it (?:as|at|be)\b|\bkeep it as\b|\b(?:scrap|forget|ignore) (?:that|it|this)\b|"
                   r"\bon second thoughts?\b|\bnever ?mind\b|"
                   r"(?:그냥|다시)\s?(?:원래|기존|지금)\s?(?:거|것|대로|주소|번호|메일|이메일)?\s?(?:그대로|로\s?(?:해|두))|"
                   # (not after a topic: "세금계산서 쪽은 그대로 두시면 돼요", "電話番号は今のままで" keep another value
                   # beside the change)
                   r"(?<![은는도]\s)(?<![은는도])그대로\s?두|없던\s?(?:걸|일)로|"
                   r"やめ(?:とき|ておき)ます|やめとこう|やめておこう|(?<![はも])(?:今の|この)ままで|"
                   r"(?:やっぱり|やっぱ|やはり)[、,]?(?:いい|結構|大丈夫)", _I)

# a fixed part every take-back of ``_TAKEN_BACK`` holds (an English "no" goes with one of its verbs)
_TAKEN_BACK_KEYS = ("leave", "keep", "scrap", "forget", "ignore", "thought", "never", "그대로", "원래", "기존", "지금",
                    "없던", "やめ", "まま", "やっぱ", "やはり")


def any_time(text: str) -> bool:
    """``text`` says any time suits now (``_ANY_TIME``): a delivery time held is no longer wished."""
    return bool(_ANY_TIME.search(text))


def sets_aside(text: str) -> bool:
    """``text`` says the change it talks of is not made, or not yet (``_SET_ASIDE``)."""
    return bool(_SET_ASIDE.search(text))


def kept_slots(sentences: list[str], *, asked: str = "") -> frozenset[str]:
    """The slots a message says stay as they are ("…주소는 경상북도 포항시 … 22이에요. 제 기본 배송지는 그대로
    두시고요."): another value of that slot in the same message is someone else's (the parents' home, the
    colleague's number) or for one order only, never a change of the customer's own.

    The held value may be said to go on as before without naming its slot ("…could you drop a bag there monthly?
    Rothesay is still home.", "회계 담당에게도 보내 주세요, …. 받는 사람은 원래대로 저로 해 주시고요"): then, in a
    message that announces no change and answers no question about a change (``asked``: "What's the new address?"
    → "It's 3 Shore Walk, Largs. Same gate code as before."), a second address, phone or e-mail in it is added beside
    the held one."""
    kept = {name for sentence in sentences if _UNCHANGED.search(sentence)
            and (name := cue_slot(sentence)) is not None}
    if any(_SET_ASIDE.search(sentence) for sentence in sentences):
        # "ビジネスプランの料金を教えてください。すぐに変更するわけではありません。": every slot the message names or
        # gives stays as it is
        for sentence in sentences:
            named, read = cue_slot(sentence), find_slot(sentence)
            kept |= {name for name in (named, read.name if read is not None else None) if name}
    kept |= _taken_back(sentences)
    # (a channel it names is no second value: "다른 안내는 원래 메일로 주시면 돼요")
    going_on = [s for s in sentences if _AS_BEFORE.search(s)
                and ((slot := find_slot(s)) is None or slot.name == "contact_channel")]
    # ... a change for one time only ("今回だけ、送り先を変えたいです。…次回からはいつもの住所で") is no
    # change of the value held
    once = any(_ONE_OFF.search(s) for s in sentences)
    if going_on and (once or not any(_CHANGE.search(s) for s in [*sentences, asked])):
        beside = {name for s in going_on if (name := cue_slot(s)) is not None and name in _BESIDE}
        kept |= beside or set(_BESIDE)
    return frozenset(kept)


# What follows words that take something back when it is another thing they take back (review29): "never mind the
# tracking question", "forget that voucher I mentioned", "ignore my last message about the refund" — a thing named
# after them ("that one", "the change" name the change itself)
_ABOUT_ELSE = lazy(r"^\s{0,3}(?:about\s{1,3})?(?:the|that|this|those|these|my|your|our|his|her|their)?\s{0,3}"
                   r"(?!(?:one|ones|change|changes|idea|request|bit|then|and|but|so|ok|okay|please|i|we|you|it|that"
                   r"|this)\b)[a-z]", _I)
# "never mind", "on second thought", "forget / scrap / ignore that" may name what they drop; "on second thought"
# alone is a change of mind about anything ("On second thought, could you also add gift wrap?")
_NAMING_TAKE_BACK = lazy(r"^(?:never ?mind|(?:forget|scrap|ignore) (?:that|this))$", _I)
_SECOND_THOUGHT = lazy(r"^on second thoughts?$", _I)
# ... unless it ends its sentence, a word or two after it: "On second thought, no."
_SHORT_REST = lazy(r"^[\s,.!;:-]{0,6}(?:[\w']+[\s,.!;:-]{0,3}){0,2}$")


def _take_back(sentence: str) -> re.Match[str] | None:
    """The first words of ``sentence`` that take a change back (``_TAKEN_BACK``), not counting "never mind" or
    "forget that" followed by another thing they drop, nor "on second thought" with no other take-back after it."""
    for back in _TAKEN_BACK.finditer(sentence):
        words = back.group()
        if _SECOND_THOUGHT.match(words) and not _SHORT_REST.match(sentence[back.end():]):
            continue  # (counted only with the words that say what it keeps: "on second thoughts leave it as it is")
        if _NAMING_TAKE_BACK.match(words) and _ABOUT_ELSE.match(sentence[back.end():]):
            continue
        return back
    return None


def takes_back(text: str) -> bool:
    """``text`` holds words taking a change back (``_TAKEN_BACK``: "no, leave it as it is", "그대로 두세요",
    "やめときます"), not words that drop something else (``_take_back``)."""
    lowered = text.lower()
    return any(key in lowered for key in _TAKEN_BACK_KEYS) and _take_back(text) is not None


def _taken_back(sentences: list[str]) -> set[str]:
    """The slots a message asks to change and then, later in the same message, leaves as they are (``_TAKEN_BACK``):
    every slot named or given up to the take-back. The change is not made; the held value stays active."""
    kept: set[str] = set()
    for index, sentence in enumerate(sentences):
        lowered = sentence.lower()
        if not any(key in lowered for key in _TAKEN_BACK_KEYS):
            continue  # (one look for the words' fixed parts before the pattern: most sentences hold none)
        back = _take_back(sentence)
        if back is None:
            continue
        before = [s for s in (*sentences[:index], sentence[:back.start()]) if _CHANGE.search(s) or find_slot(s)]
        if not before:
            continue  # nothing asked before it: an undo of an earlier conversation's change (``undoes``)
        asked = set()
        for said in before:
            named, read = cue_slot(said), find_slot(said)
            asked |= {name for name in (named, read.name if read is not None else None) if name}
        # a take-back naming only another slot than the change keeps that one alone ("住所は…に変えてください。
        # 電話番号は今のままで"); one naming the changed slot keeps all the change named ("call me instead of email" /
        # "no forget it, email's fine": the channel and the e-mail)
        own = {name for name in (cue_slot(sentence), getattr(find_slot(sentence), "name", None)) if name}
        kept |= own if own and not own & asked else asked
    return kept


def announced_slot(sentence: str, *, asking: bool = False) -> str | None:
    """The slot a sentence says has changed without giving the new value ("I've switched email
    providers.", "메일 주소가 바뀌었어요.", "連絡方法を変えたいのですが。"), else ``None``.

    ``asking``: a request for the change counts too ("배송 시간 바꿀 수 있을까요?"): as the context of the
    agent's "언제로 바꿔 드릴까요?", it says which slot the customer's answer fills."""
    if len(sentence) > 120 or not _CHANGE.search(sentence) or find_slot(sentence) is not None \
            or (_ASKS.search(sentence) and not asking):
        return None  # "배송지를 회사로 바꿔 주실 수 있을까요?" asks the service for a change: a request
    return cue_slot(sentence)


# A marriage or a change of name told in a sentence of its own ("They changed the spelling on my passport."), and the
# sentence after it giving what the name is now ("It's now Jonah Abara.", "Lena Moretti now, could you…", "今は西田智也
# です", "岩田千夏になりました")
_NAME_EVENT = lazy(r"\b" + _NOT_AN_OCCASION + r"(?:married|wedding|honeymoon|deed poll|surname|maiden name|spelling)\b|"
                   r"結婚|入籍|婿入り|嫁入り|改名|(?:姓|苗字|名字)(?:が|も)?変わ", _I)
_NAME_NOW = lazy(r"^\W{0,3}(?:(?i:it's|it is) (?i:now) (?P<v>[A-Z][a-z]+ [A-Z][a-z]+)\b"
                 r"|(?P<v2>[A-Z][a-z]+ [A-Z][a-z]+) (?i:now)(?=\s*[,.!?]|\s*$)"
                 r"|(?:今は|現在は|これからは)\s*(?P<v3>[一-龯々]{3,5}?)\s*です"
                 r"|(?P<v4>[一-龯々]{3,5}?)\s*(?:に|と)なり(?:ました|ます))")

_NAME_TO_READ = lazy(r"\b" + _TO_READ + r" (?P<v>" + _FULL_NAME + r")\b")


def _name_now(sentence: str, before: str) -> Slot | None:
    """The name ``sentence`` gives as what it is now, after ``before`` told a marriage or a change of name."""
    if not _NAME_EVENT.search(before) or _SOMEONE.search(before) or _NOT_THEIRS.search(before):
        return None  # "姉が改名しました。今は森田葵です。": a relative's new name
    # (or what the record will say, the change told in the clause before: "We got married in May, | so from the next
    # statement can it read Tessa Corrigan?")
    found = _NAME_NOW.search(sentence) or _NAME_TO_READ.search(sentence)
    value = next((v for v in found.groups() if v), None) if found else None
    return Slot("name", _normalise("name", value)) if value else None


def sentence_slot(sentence: str, *, before: str = "", asked: str | None = None) -> Slot | None:
    """The slot one sentence fills: by itself, after ``before`` (the same message's earlier sentences)
    announcing a change of that slot, or in answer to the agent's question ``asked``."""
    slot = find_slot(sentence)
    if slot is None and before:
        slot = _name_now(sentence, before)
    if slot is None and before and _CHANGE.search(before):
        slot = answered_slot(before, sentence)
    if slot is None and asked:
        slot = answered_slot(asked, sentence)
    # "I swapped two digits in the booking reference, it's TRQ5512.": a mistake owned up to gives its value by shape
    return slot if slot is not None else _corrected_value(sentence)


@lru_cache(maxsize=8192)
def slot_in(words: str, *, asked: str | None = None) -> Slot | None:
    """The slot a customer's words fill: stated outright, or a value given after the sentence of the
    same message that announces it, or in answer to the agent's question (``asked``)."""
    slot = find_slot(words)
    if slot is not None:
        return slot
    sentences = [m.strip() for m in re.split(r"(?<=[.!?。！？])\s*|\n+", words) if m.strip()]
    for i in range(1, len(sentences)):
        cue = " ".join(sentences[max(0, i - 2):i])  # the announcement is just before its value
        slot = _name_now(sentences[i], cue)
        if slot is not None:
            return slot
        if _CHANGE.search(cue):
            slot = answered_slot(cue, sentences[i])
            if slot is not None:
                return slot
    if asked and sentences:
        slot = answered_slot(asked, sentences[0])
        if slot is not None:
            return slot
    return _corrected_value(words)


_MISTAKE = lazy(r"\b(?:typo|wrong|mistake|misspel\w*|mistyped|misread|misheard|misremember\w*|incorrect|my bad|oops|"
                r"swapped|transposed|fat-?finger\w*|back to front|the wrong way round|"
                r"mixed (?:it |them |those )?up|mix-up|i meant|correction)\b|잘못|틀렸|틀려|틀리게|틀린|오타|"
                r"헷갈|착각|실수|정정|"
                r"다시 (?:보니|확인해 ?보니)|거꾸로|반대로|순서가 바뀌|逆に|入れ替わ|"
                r"間違|誤り|誤って|違い|違って|違えて|違ってい|勘違い|訂正|正しくは|"
                r"が正しい", _I)
_ADDRESS_SHAPE = lazy(r"(?P<v>(?<![^\s,])[^\s,]*(?:로|길|동|번지|丁目|番地|町)\s*\d[\d-]*(?:\s*\d+)?|"
                      r"(?<!\d)(?<!\d[\w-])\d[\w-]*+\s+(?:[A-Z][a-z]+\s+)?"
                      r"(?:Street|St|Road|Rd|Avenue|Ave|Lane|Drive|Way|Blvd|Boulevard)\b)")


def _corrected_value(words: str) -> Slot | None:
    """A correction that gives only the right value ("sorry, typo — it's 58213 not 58231", "아 잘못 썼네요,
    월드컵로21길 34가 맞아요"): the slot is read from the value's shape — a street and number is an
    address, a long number with separators or a leading 0 a phone number, another number or code an
    order or reference. Judgement then compares it with the customer's facts of that slot only."""
    if not _MISTAKE.search(words):
        return None
    address = _ADDRESS_SHAPE.search(words)
    if address:
        return Slot("address", address.group("v").strip())
    phone = _PHONE_VALUE.search(words)
    if phone and len(re.sub(r"\D", "", phone.group("v"))) >= 9 and (
            phone.group("v").startswith(("0", "+")) or re.search(r"\d[\s-]\d", phone.group("v"))):
        return Slot("phone", re.sub(r"\D", "", phone.group("v")))
    code = _ORDER_VALUE.search(words)
    if code and (len(re.sub(r"\D", "", code.group(0))) >= 5 or not code.group(0).isdigit()):  # a year is no order
        return Slot("order", code.group(0).upper())
    return None


# A colon that introduces a value, not one inside a time ("10:30"): what the rule ran over before it ("주소가
# 바뀌었어요: 경기도 …", "住所は変更になりました：…") is the announcement, the value is what follows
_VALUE_COLON = lazy(r"(?<!\d)[:：]\s*")


# Country calling codes (ITU E.164): one digit for 1 and 7, two for these, three for every other
_TWO_DIGIT_CODES = frozenset({"20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46",
                              "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63",
                              "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98"})
_INTERNATIONAL = lazy(r"^\s*(?:\+|00)(?P<digits>\d[\d\s().-]*)$")


def national_number(value: str) -> str:
    """A phone number's digits as dialled at home: "+44 7700 900862", "+82 10-5190-3307" and "+81 80-7731-4025" are
    "07700900862", "01051903307" and "08077314025" — the customer who gave "07700 900417" and then "+44 7700 900862"
    gave two numbers of one kind, and one number written both ways is one number. The country code is read by the
    ITU's numbering (its own group when a space or dash ends it); the trunk 0 is put back except after +1 and +7,
    whose numbers have none, and where the number kept it ("+44 (0)7700 …", "+39 06 …")."""
    international = _INTERNATIONAL.match(value)
    if international is None:
        return re.sub(r"\D", "", value)
    grouped = re.match(r"(\d{1,3})[\s.-]", international.group("digits"))
    digits = re.sub(r"\D", "", international.group("digits"))
    if grouped is not None:
        code = grouped.group(1)
    elif digits[:1] in ("1", "7"):
        code = digits[:1]
    else:
        code = digits[:2] if digits[:2] in _TWO_DIGIT_CODES else digits[:3]
    rest = digits[len(code):]
    if code in ("1", "7") or rest.startswith("0"):
        return rest
    return "0" + rest


# the quotation marks a customer puts around the value they give (「東京都港区芝5-3-1」に変わりました, 『…』, "…"):
# each opening mark with its closing one
_QUOTES = {"「": "」", "『": "』", "“": "”", "‘": "’", '"': '"', "《": "》", "〈": "〉", "【": "】", "＂": "＂"}
_CLOSING_QUOTES = frozenset(_QUOTES.values()) - {"’"}  # a lone ’ ends "Smiths’", an apostrophe


def _unquoted(value: str) -> str:
    """``value`` without the quotation marks around it: a pair that encloses it (「東京都港区芝5-3-1」), or the half of
    one the value's pattern cut through (東京都港区芝5-3-1」 of 「東京都港区芝5-3-1」に…) — a mark with its pair
    inside the value stays ("Flat 2 “The Old Bakery”")."""
    while len(value) > 1:
        first, last = value[0], value[-1]
        if first in _QUOTES and last == _QUOTES[first] and _QUOTES[first] not in value[1:-1]:
            value = value[1:-1].strip()
        elif first in _QUOTES and _QUOTES[first] not in value[1:]:
            value = value[1:].strip()
        elif last in _CLOSING_QUOTES and not any(o in value[:-1] for o, c in _QUOTES.items() if c == last):
            value = value[:-1].strip()
        else:
            break
    return value


_JA_NAME_SPACE = lazy(r"(?<=[一-龯々ぁ-ゖァ-ヺー])[ \u3000]+(?=[一-龯々ぁ-ゖァ-ヺー])")


def _normalise(name: str, value: str) -> str:
    if name in ("address", "residence", "name", "tier") and _VALUE_COLON.search(value):
        value = _VALUE_COLON.split(value)[-1] or value
    value = _JA_LEAD.sub("", _unquoted(value.strip().strip(".,!?。、 ")).strip(".,!?。、 "))
    if name == "residence" and not value.isascii():
        value = re.split(r"から|より|は|も|、", value)[-1] or value  # "先月から福岡" → 福岡
    if name == "language":
        return _LANGUAGE_NAMES.get(value.lower(), _LANGUAGE_NAMES.get(value, value))
    if name == "contact_channel":
        return _CHANNELS.get(value.lower(), value.lower())
    if name == "phone":
        return national_number(value)
    if name == "order":
        return value.upper().lstrip("#")
    if name == "subscription":
        return value.lower().rstrip("s") if value.isascii() else value
    if name == "name" and not value.isascii():
        # "渡邊 真理子" and "渡邊真理子" are one name: the space a form puts between the family and the given name is
        # no part of it
        value = _JA_NAME_SPACE.sub("", value)
    return value.lower() if name in ("tier", "accessibility", "email", "delivery_time", "delivery_place") else value


_ASKED = lazy(r"^(?:[^()]{1,60}: )?\(asked: (?P<q>.*?)\) ")


def slot_of(fact: Fact) -> Slot | None:
    """The slot a fact fills, read in the customer's own words — or, for a bare value ("010-7781-3052입니다."),
    in the question of the agent it answers, which the fact's text carries as "(asked: …)"; for an agreement,
    the value the agent stated and the customer agreed to (``agreed_slot``)."""
    if fact.kind == "trait":
        return None
    words = " ".join(e.quote for e in fact.evidence if e.role == "customer") or fact.text
    asked = _ASKED.match(fact.text)
    slot = slot_in(words, asked=asked.group("q") if asked else None)
    if slot is None:
        # words that say they are written for the holder ("父のために…。父は山田一郎、住所は…"): the holder's
        # value, read as extraction read it (``delegates``)
        delegate = delegate_of([words])
        if delegate is not None:
            slot = slot_in(delegate.view(words), asked=asked.group("q") if asked else None)
        else:
            # ... or words a delegate wrote in a message whose introduction is another fact's ("I'd like to book my
            # father … 2 days a week" beside "I'm his son Paul"): extraction marked them (``Evidence.for_holder``)
            group = next((e.for_holder for e in fact.evidence if e.role == "customer" and e.for_holder), "")
            if group:
                slot = slot_in(holder_view(group, words), asked=asked.group("q") if asked else None)
    if fact.agreement and not fact.instruction_like:
        agent = " ".join(e.quote for e in fact.evidence if e.role == "agent")
        agreed = agreed_slot(words, agent) or proposed_slot(words, agent, asked.group("q") if asked else "")
        if agreed is None and agent:
            # the value the agent read back for the customer to confirm; imported here, as ``read_back`` reads
            # values with this module's rules
            from mem.customers.read_back import read_back

            agreed = read_back(agent, context=asked.group("q") if asked else "")
        if agreed is not None and (slot is None or slot.name == agreed.name):
            return agreed
    return slot if slot is not None or fact.instruction_like else learned_slot(words)


# The agent's yes/no question that puts a value to the customer ("So the new address is 14 Elm Row?", "센텀로
# 45가 맞으세요?", "…でよろしいですか？"): its question ending taken off, the value reads as stated. A question
# whether a value still holds ("Is it still 14 Elm Row?", "아직 … 쓰세요?", "まだ…ですか") proposes no change.
# never from inside a run of spaces: its first space reaches every match a later one does
_CONFIRMING_TAIL = lazy(r"(?!(?<=\s)\s)"
                        r"(?:(?:,?\s+(?:is that (?:right|correct|ok(?:ay)?)|right|correct|yes))?\s*[?？]+\s*$|"
                        r"\s*+(?:(?:이|가)\s*+)?맞(?:으세요|으신가요|으실까요|으시죠|나요|죠|습니까|을까요)\s*[?？.]*\s*$|"
                        r"\s*(?:で|に)?(?:よろしい|宜しい)(?:です|でしょう)か\s*[?？。]*\s*$|"
                        r"\s*(?:で|に)?(?:お間違い(?:ない|ありません|ございません)|合って(?:い)?ます)(?:です)?(?:か|でしょうか)\s*[?？。]*\s*$)",
                        _I)
_STILL = lazy(r"\b(?:still|currently|as before|same as before)\b|아직|여전히|그대로|지금도|まだ|のまま|引き続き|"
              r"現在も|今も", _I)
_QUESTION_MARK = lazy(r"[?？]\s*$|(?:까요|나요|습니까|ですか|ますか|でしょうか)\s*$")
# ... and, for a proposal the customer says yes to, a Korean or Japanese question ending closed with a full stop
# ("…所沢へ伺う形でよろしいでしょうか。")
_PUT_AS_QUESTION = lazy(r"[?？]\s*$|(?:까요|나요|습니까|ですか|ますか|でしょうか)[.。]?\s*$")
# The agent speaking of itself ("My name is Sarah", "저는 상담원 김민지입니다", "私、担当の佐藤です"): its own name or
# town is never the customer's. Each word stands alone: not the end of an address ("lena.m.moretti@proton.me") nor
# the end of a Korean noun ("프로 요금제가 더 저렴해요": 요금제 + 가, no "제가") — read so, the sentence naming the
# value the agent proposes was passed over (yes30)
_AGENT_ITSELF = lazy(r"(?<![.@])\b(?:i|i'm|i am|my|me)\b(?![.@]\w)(?! (?:have|'ve|ve|will|'ll|can)\b)|"
                     r"(?<![가-힣])(?:저는|제가|제 이름|저희)|私|わたくし|担当", _I)


_AGENT_SENTENCES = lazy(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+")
_YOUR = lazy(r"\b(?:your|you're|you are)\b", _I)


def _as_customer(match: re.Match[str]) -> str:
    word = match.group(0).lower()
    return "my" if word == "your" else "I'm"


@lru_cache(maxsize=4096)
def agreed_slot(customer_words: str, agent_words: str) -> Slot | None:
    """The slot value the agent states in the sentence the customer agreed to — its confirmation of what the
    customer asked ("I've switched you to the Dedicated Desk plan", "프리미엄 요금제로 변경되었습니다",
    "送付先を明石市大明石町1-3-9に変更いたしました") or its yes/no question answered yes ("So the new address is 14
    Elm Row?" – "yes") — else ``None``. A name or a home is taken from the agent only when the customer's words (or
    the question put to them) named that slot and the agent's sentence is not about itself. Cached: judgement reads
    the same stored agreements again and again (``slot_of``)."""
    if not agent_words:
        return None
    for sentence in (m.strip() for m in _AGENT_SENTENCES.split(agent_words) if m.strip()):
        named = cue_slot(customer_words)
        if not _QUESTION_MARK.search(sentence) and not (_CHANGE.search(sentence) or _CHANGE.search(customer_words)):
            # a confirmation sets a value only where a change is said, by either side ("I've switched you to…",
            # "주소를 바꿔야 합니다"): "Sure, I'll send the Plus plan brochure today." puts no one on the Plus plan
            continue
        if _QUESTION_MARK.search(sentence):
            if _STILL.search(sentence):
                continue
            named = named or cue_slot(sentence)  # "So your new surname is Oduya?" names the slot it puts
            sentence = _CONFIRMING_TAIL.sub("", sentence) or sentence
        # the agent's "your" is the customer's "my": "So your new email is …?" reads as "my new email is …"
        slot = find_slot(_YOUR.sub(_as_customer, sentence))
        if slot is None or slot.learned:
            continue
        if slot.name in ("name", "residence") and (named != slot.name or _AGENT_ITSELF.search(sentence)):
            continue
        return slot
    return None


# The customer's reply opens by saying yes to what the agent put ("ha, yes well spotted", "that's the one", "go on
# then", "Yep, and can the next visit be a Friday?", "네네 그거요", "うん、それで！"): what follows may say more
_AGREES = {
    "en": lazy(r"^\W*(?:(?:ha+|oh|ah|hmm+|right|aye|well|um+|uh+|erm?|ok(?:ay)?|alright|so|then|great|perfect|"
               r"lovely|brilliant|thanks|thank you|cheers)[,!.\s]+){0,3}(?:yes|yeah|yep|yup|yea|sure|please do|go on|"
               r"go ahead|go for it|do it|do that|that'?s (?:it|right|correct|the one|perfect|fine|great|lovely|grand)|"
               r"that is (?:it|right|correct)|correct|exactly|perfect|sounds (?:good|great|perfect)|spot on|absolutely|"
               r"definitely|lovely|brilliant|great|please)\b", _I),
    "ko": lazy(r"^\W*(?:(?:아|오|음|그럼|그러면|감사합니다|감사해요)[,.!\s]*){0,2}"
               r"(?:네|예|넵|응|ㅇㅇ|좋아요|좋습니다|좋아|맞아요|맞습니다|맞네요|맞아|그걸로|그거|그렇게|그래요|부탁)"),
    # (a lead-in before the decline words is no yes: "じゃあ大丈夫です" says no thanks, as "大丈夫です" does)
    "ja": lazy(r"^\W*(?:(?:あ|じゃあ|じゃ|では|それじゃあ?|なら|助かります|ありがとうございます)[、,。!！\s]*){0,2}"
               r"(?!大丈夫です|結構です)(?:はい|ええ|うん|そうです|そう|それで|それでお願い|お願い|大丈夫|合って|その通り|ぜひ|おけ|オッケー)"),
}
# a thumbs-up or OK-hand emoji that opens the reply says yes ("👍", "👍 おけです", "👌 thanks")
_THUMBS_UP = lazy("^\\s*(?:\U0001F44D|\U0001F44C)")
# ... or acknowledges what the agent says it has set ("Brilliant, noted", "cheers", "👍", "감사합니다", "了解です")
_ACKNOWLEDGES = {
    "en": lazy(r"^\W*(?:(?:oh|ah|ok(?:ay)?|great|brilliant|perfect|lovely|super|fab|ace)\b[,!.\s]*)*"
               r"(?:thanks?|thank you|thx|cheers|ta|noted|great|brilliant|perfect|lovely|ok(?:ay)?|got it|"
               r"super|fab|ace)\b|^\W*$", _I),
    "ko": lazy(r"^\W*(?:아[,\s]*)?(?:네|예|넵|감사|고마워|고맙|알겠|확인|좋아요|왔어요)|^\W*$"),
    "ja": lazy(r"^\W*(?:あ[、,\s]*)?(?:はい|ありがと|了解|承知|わかりました|分かりました|助かり|よかった|届き)|^\W*$"),
}
# ... or declines it ("God no, just this one", "nah, email's fine really", "아니요 그대로 둘게요", "いえ、今回だけで"),
# also after a pleasantry, where a "but" or a plain no follows it ("Thanks, great, but no.", "Perfect, no
# thanks", "좋아요, 근데 아니요", 「いいですね、でも結構です」): "great", "perfect", "please", 좋아요 and いいですね
# are thanks for the offer there, not the yes; a soft no (괜찮아요, 大丈夫です) after a pleasantry only with the "but"
_EN_NO = r"(?:no|nope|nah|not (?:really|now|yet|this time))\b"
_EN_PLEASANTRY = (r"(?:(?:thanks|thank you|thx|cheers|ta|great|perfect|please|lovely|brilliant|fab|super|nice|cool|"
                  r"ok(?:ay)?|sure|oh|ah|hmm+|well|right)\b[,!.\s]+)")
_KO_PLEASANTRY = (r"(?:(?:아|오|음|감사합니다|감사해요|고맙습니다|고마워요|좋아요|좋네요|좋습니다|좋은데요|"
                  r"괜찮네요)[,.!\s]*)")
_KO_BUT = r"(?:근데|그런데|하지만|그렇지만|다만|그래도)[,.\s]*"
_JA_PLEASANTRY = (r"(?:(?:あ|ありがとうございます|ありがとう|助かります|いいですね|良いですね|素敵ですね|"
                  r"なるほど)[、,。!！\s]*)")
_JA_BUT = r"(?:でも|ですが|だけど|けど|ただ|しかし)[、,\s]*"
_DECLINES = {
    "en": lazy(rf"^\W*(?:(?:god|oh|ah|hmm+|ha+|um+|erm)[,!.\s]+)?{_EN_NO}|"
               rf"^\W*{_EN_PLEASANTRY}{{0,3}}(?:(?:but|though)[,\s]+)?"
               rf"(?!no[\s-]+(?:problems?|probs?|worries|bother|rush|need|doubt|issues?|hassle|stress)\b"
               rf"|no[\s-]?one\b){_EN_NO}", _I),
    "ko": lazy(rf"^\W*(?:아[,\s]*)?(?:아니|아뇨|노노|ㄴㄴ|괜찮아요|괜찮습니다)|"
               rf"^\W*{_KO_PLEASANTRY}{{1,2}}(?:{_KO_BUT})?(?:아니요|아니에요|아니오|아뇨|노노|ㄴㄴ|됐어요|됐습니다)|"
               rf"^\W*{_KO_PLEASANTRY}{{0,2}}{_KO_BUT}(?:괜찮아요|괜찮습니다|안\s?할게요|다음에)"),
    "ja": lazy(rf"^\W*(?:あ[、,\s]*)?(?:いいえ|いや|いえ|違|大丈夫です|結構です)|"
               rf"^\W*{_JA_PLEASANTRY}{{1,2}}(?:{_JA_BUT})?(?:いいえ|いや|いえ|結構です|遠慮します|やめておきます)|"
               rf"^\W*{_JA_PLEASANTRY}{{0,2}}{_JA_BUT}(?:大丈夫です|今回は|見送ります|やめておきます)"),
}
# an agreement to this one time only ("just this one", "Just for this one yes", "이번만요", "今回だけで"): the
# value held stays the customer's
_ONE_OFF = lazy(r"\b(?:just|only) (?:for )?(?:this|the one|that) ?(?:one|once|time|order|box|delivery|visit|week|month|"
                r"sack|parcel)?\b|\bthis (?:time|once) only\b|\bone-?off\b|\bjust (?:the|this) once\b|"
                r"\bonly the (?:receipt|invoice|rota|bill)\b|"
                # the one thing named before "only" ("this delivery only", "on this receipt only")
                r"\bthis (?:time|once|delivery|order|receipt|invoice|bill|parcel|box|batch|month|week|issue|one) "
                r"only\b|"
                r"이번(?:에)?만|이번 한 ?번|이번 건만|한 (?:번|박스|건)만|"
                # "이번 주만", "이번 영수증만", "이번 선물 세트 영수증만": this one thing, with the particle "only"
                r"이번\s*(?:(?![가-힣]{0,10}부터)[가-힣]{1,10}\s+){0,3}(?![가-힣]{0,10}부터)[가-힣]{0,10}(?<!까지)만(?![가-힣])|"
                r"今回(?:だけ|のみ|限り|の分だけ)|この(?:一回|1回|回)だけ|一回だけ|(?:領収書|請求書)だけ|"
                # "今月だけ", "今月分のみ", "今回の領収書だけ": this time's one thing only
                r"今(?:回|月|週|度)分?(?:の[^、。！？\s]{1,8}?)?(?:だけ|のみ|限り)", _I)


_DELIVERY_SLOTS = frozenset({"delivery_place", "delivery_time"})


# A value for one time made lasting by a later message of the conversation: "thanks, keep that one for the future too",
# "앞으로도 그 번호로 해 주세요", "今後もそちらでお願いします"
_MADE_LASTING = lazy(r"\b(?:for the future|from now on|going forward|for good|permanently|from then on)\b|"
                     r"앞으로(?:도|는)|이제부터|계속\s*그|今後(?:も|は)|これから(?:も|は)|次回以降", _I)


def made_lasting(text: str) -> bool:
    """``text`` makes a value lasting ("keep that one for the future too", "앞으로도", "今後も")."""
    return bool(_MADE_LASTING.search(text))


def kept_for_once(sentences: list[str], reply: str = "", *, asked: str = "") -> frozenset[str]:
    """The slots a burst of the customer's messages keeps as held (``kept_slots`` read over all of them, not one
    message: "can the receipt for this one go to my accountant" / "sally.finch@example.com" / "only this one,
    everything else to me as normal ta"), and — when the customer or the agent's reply to them restricts it to one
    time ("just this once", "이번 주만", "今月だけ", "this delivery only", "今回のみ夜間でお届けします") and the
    customer announces no change — the address, phone, e-mail and delivery wish: a value for one delivery, one
    receipt or one pick-up is no new value of the customer's. ``asked``: the agent's turn before the burst ("What's
    the new delivery address?" announces a change the answer need not repeat)."""
    kept = set(kept_slots(sentences, asked=asked))
    if any(_ONE_OFF.search(s) for s in [*sentences, reply]) and not any(_CHANGE.search(s) for s in [*sentences, asked]):
        kept |= _BESIDE | _DELIVERY_SLOTS
    return frozenset(kept)


# the polite "no need" that answers a thanks ("ありがとうございます、いえいえ", "감사합니다, 아니에요", "Thanks, no no,
# thank you!"): a first sentence of nothing else — a "no" that goes on ("いえいえ、結構です") still declines
_WELCOME_BACK = {  # each tail's run of stops is read once: two runs side by side were tried n x n ways on blanks
    "en": lazy(rf"^\W*{_EN_PLEASANTRY}{{0,3}}(?:no,?\s+no|not\s+at\s+all)\b(?:[,!.\s]*"
               r"(?:(?:thank\s+you|thanks)(?:\s+(?:too|as\s+well))?|my\s+pleasure|you'?re\s+welcome))?[,!.\s]*$", _I),
    "ko": lazy(rf"^\W*{_KO_PLEASANTRY}{{0,2}}(?:아니에요|아닙니다|아니예요|별말씀을요?)(?:[~,.!\s]*"
               r"(?:제가|저야말로|오히려)\s*(?:더\s*)?(?:감사하죠|감사합니다|감사해요|고맙죠|고맙습니다))?[~,.!\s]*$"),
    "ja": lazy(rf"^\W*{_JA_PLEASANTRY}{{0,2}}(?:いえいえ|いえいえいえ|とんでもない(?:です)?)(?:[、,。!！\s]*"
               r"こちらこそ(?:ありがとうございます|ありがとう)?)?[、,。!！\s]*$"),
}
_THANKS = lazy(r"\bthank(?:s|\s+you)\b|\bcheers\b|감사|고맙|ありがとう|感謝", _I)


def thanks_the_customer(agent_words: str) -> bool:
    """Whether the agent's turn thanks the customer ("Thanks for letting us know.", "감사합니다",
    「ありがとうございます」): a reply may answer that thanks rather than what the turn puts."""
    return bool(_THANKS.search(agent_words))


def declines(reply: str, *, lang: str, thanked: bool = False) -> bool:
    """Whether ``reply`` opens by declining what the agent put ("nah", "Thanks, great, but no.", "좋아요, 근데 아니요",
    「いいですね、でも結構です」): a caller that reads the yes from a reply's opening clause alone reads the no from its
    whole first sentence, where the "but no" after the pleasantry stands. When the agent ``thanked`` the customer, a
    first sentence that only answers the thanks (「ありがとうございます、いえいえ」, "감사합니다, 아니에요") declines
    nothing."""
    reply = reply.strip()
    if thanked and _WELCOME_BACK[lang].match(reply):
        return False
    return bool(_DECLINES[lang].match(reply))


def answers_proposal(reply: str, *, lang: str, asked: bool, thanked: bool = False) -> str | None:
    """How the customer's reply opens against what the agent put to them: ``"yes"`` (agrees: to a yes/no question when
    ``asked``, else acknowledges a value the agent says it set), ``"no"`` (declines, or agrees to this one time only),
    or ``None`` (neither: a question back, something else). ``thanked``: the agent thanked the customer, and an answer
    to the thanks alone is no "no" (``declines``)."""
    reply = reply.strip()
    if _ONE_OFF.search(reply) or declines(reply, lang=lang, thanked=thanked):
        return "no"
    if _AGREES[lang].match(reply) or _THUMBS_UP.match(reply) or not asked and _ACKNOWLEDGES[lang].match(reply):
        return "yes"
    return None


# where the value stands in the agent's proposal: after "to", "onto", "for", "say", "is that"… (English), before
# "(으)로" + a change verb (Korean), before "に/で" + a change verb (Japanese)
_FOCUS = {
    "en": lazy(r"(?:^|\b(?i:to|onto|into|for|say|says|read|as|is that|is it|it's|that's|has you in|have you in|"
               r"put you in|put you down for|on|put)\s+)(?:(?i:the)\s+)?"
               r"(?!(?:I|Shall|Should|Would|Will|Can|Could|Do|Does|Did|Is|Are|Was|Want|May|Let|We|You|It|That|This|"
               r"There|What|Which|How|When|Where|The|A|An)\b)"
               r"(?P<v>[A-Z][\w'&-]*(?:\s+[A-Z0-9][\w'&-]*){0,3})"),
    # from a word's first character, a bounded value and one bounded word between: a run without a blank
    # ("로로로…") was read to its end from every character, each time to the end again (quadratic)
    "ko": lazy(r"(?<![^\s,.?])(?P<v>[^\s,.?]{1,30}?)(?:으로|로)\s*(?:\S{1,30}\s*)?"
               r"(?:변경|바꿔|바꾸|옮겨|전환|수정|방문|등록|설정|진행|적용|"
               r"해\s?드릴|잡아|보내|업그레이드|갈아)"),
    "ja": lazy(r"(?P<v>[^\s、。をはがのもで]{1,20}?)(?:に|へ|で|への)(?:ご|お)?"
               r"(?:変更|切り替|切替|変え|移行|お伺い|伺|登録|設定|更新|手配|お届け|お送り|アップグレード|ご案内)"),
}
_CHANNEL_WORD = lazy(_CHANNEL_EN + "|signal|imessage|messenger|wechat|viber", _I)
_PROPOSAL_HEAD = lazy(r"^\W*(?:(?:so|then|ok(?:ay)?|right|great|lovely|and)[,\s]+)+", _I)
_YOU = lazy(r"\byou\b", _I)
# a noun that points back at a value said before it is no value ("이 주소로 배송지 변경할까요?": 주소)
_POINTING_NOUNS = frozenset({"주소", "번호", "배송지", "거주지", "지역", "곳", "그쪽", "이쪽", "住所", "番号",
                             "そちら", "こちら", "それ", "これ"})
# the slots whose value a proposal may give in words (a town, a plan, a name, a channel…); an e-mail, phone or code
# is taken only by its shape
_FOCUSED = frozenset({"residence", "tier", "name", "contact_channel", "language", "delivery_time", "delivery_place",
                      "subscription"})


# a question asking whether the value put is right ("…21 맞으실까요?", "…でよろしいでしょうか", "is that correct?")
_CONFIRMS = lazy(r"맞(?:으실까요|을까요|으시죠|으신가요|나요|죠|습니까|으세요)|"
                 r"(?:よろしい|宜しい)(?:です|でしょう)か|お間違い|合って(?:い)?ます|"
                 r"\bis (?:that|this) (?:right|correct)\b", _I)
# the agent says it sets a value ("I'll switch your area to Ledbury", "your new booking is YRT-2187",
# "お住まいを町田市に変更しておきますね", "高梨美穂様でご登録変更しますね", "+81 80-7731-4025 で登録しますね")
_SETS = lazy(r"\b(?:switch|chang|updat|set|put|mov|register|sav|cancel|new|replac|correct|amend|re-?issu|re-?book)\w*|"
             r"변경|바꿔|바꾸|바뀌|수정|등록|저장|설정|전환|새로|새 |재발급|재예약|"
             r"変更|登録|設定|切り替|切替|更新|取り直|新しい|新規|再発行|訂正|修正", _I)


def _cues(text: str) -> list[str]:
    """Every slot ``text`` names (``_CUES``), in their order: "주문자 성함" names the order and the name."""
    return [slot for slot, pattern in _CUES if pattern.search(text)] if text else []


def _shapes_put(text: str) -> Slot | None:
    """The first e-mail, phone or code in a value the agent puts as a question ("+82 10-5190-3307 로 저장하면 될까요?"):
    its shape, without the guard that keeps a customer's question from giving a value."""
    text = narrow(text)
    found: list[tuple[int, Slot]] = []
    taken: list[tuple[int, int]] = []
    for name, pattern in _VALUE_SHAPES:
        for match in pattern.finditer(text):
            start, end = match.span("v")
            if any(start < b and a < end for a, b in taken):
                continue
            taken.append((start, end))
            value = match.group("v")
            if pattern is _LONG_NUMBER:
                value = value.replace(" ", "")
            if name == "order" and (sum(ch.isdigit() for ch in value) < 4 or len(value) < 5):
                continue
            value = _normalise(name, value)
            if value and (name != "phone" or len(value) >= 7):
                found.append((start, Slot(name, value)))
    return min(found, key=lambda pair: pair[0])[1] if found else None


# the script a reply is written in: Hangul (its jamo too: "ㅇㅇ") is Korean, kana Japanese, Latin letters English
_HANGUL = lazy(r"[\uac00-\ud7a3\u3131-\u318e]")
_KANA = lazy(r"[\u3040-\u30ff]")
_LATIN = lazy(r"[A-Za-z]")


def _letters_lang(words: str) -> str | None:
    """The language ``words``' letters are written in, ``None`` for a reply with none ("👍", "!!", "了解")."""
    if _HANGUL.search(words):
        return "ko"
    if _KANA.search(words):
        return "ja"
    return "en" if _LATIN.search(words) else None


@lru_cache(maxsize=4096)
def proposed_slot(customer_words: str, agent_words: str, context: str = "") -> Slot | None:
    """The value the agent put to the customer and the customer took up by opening with a yes ("is that Ledbury?" –
    "ha, yes well spotted"; "Shall I move you to Plus from today?" – "go on then"; "프리미엄 48개월로 변경해 드릴까요?"
    – "네 그걸로 해주세요"; "週5日プランに切り替えますか？" – "うん、それで！") — where ``agreed_slot`` reads none. The
    agent's words are read as the customer's ("your"/"you" are "my"/"me") by the slot rules, then by the value's
    shape, then as the proposal's focus (the words after "to", "for", "is that"…, before "로 변경", "に変更") in the
    slot the proposal, the agent's turn or ``context`` (what the customer said before it: "we've moved", "이사했어요")
    names. ``None`` unless the customer's words open with a yes."""
    lang = _letters_lang(customer_words) or _letters_lang(agent_words) or "en"
    sentences = [m.strip() for m in _AGENT_SENTENCES.split(agent_words) if m.strip()]
    if not sentences:
        return None
    asked = bool(_PUT_AS_QUESTION.search(sentences[-1]))
    # a question put before a last statement ("…21 맞으실까요? 다음 화분부터 이 주소로 보내드릴게요.") puts its value
    # as the last question does; the reply still answers the last sentence (a "👍" acknowledges it)
    asked_before = not asked and any(_PUT_AS_QUESTION.search(sentence) and (_SETS.search(sentence) or _CONFIRMS.search(
        sentence)) for sentence in sentences[-3:-1])
    if answers_proposal(customer_words, lang=lang, asked=asked, thanked=thanks_the_customer(agent_words)) != "yes" \
            or not asked and not asked_before and not any(
            _SETS.search(sentence) for sentence in sentences):
        return None  # a statement the customer acknowledges puts a value only where the agent says it sets one
    for sentence in reversed(sentences):
        if _STILL.search(sentence) or _AGENT_ITSELF.search(_YOUR.sub("", sentence)) and "?" not in sentence \
                and not _CHANGE.search(sentence):
            continue
        untailed = _CONFIRMING_TAIL.sub("", sentence) or sentence
        bare = _PROPOSAL_HEAD.sub("", untailed)
        as_theirs = _YOU.sub("me", _YOUR.sub(_as_customer, bare))
        slot = find_slot(as_theirs)
        cues = [*_cues(sentence), *_cues(agent_words), *_cues(context)]
        if slot is not None and not slot.learned and (slot.name not in ("name", "residence") or slot.name in cues) \
                and not (slot.name == "name" and any(ch.isdigit() for ch in slot.value)):
            return slot  # ... a name holds no digit ("There's an order in your name, PB-62178 - is that the one?")
        shaped = _shapes_put(as_theirs)
        if shaped is not None:
            return shaped
        focus = _FOCUS[lang].search(bare)
        if focus is not None:
            # a channel or a language is its own slot's value, named or not ("So WhatsApp from now on?")
            word = focus.group("v").lower()
            cues = [name for name, known in (("contact_channel", word in _CHANNELS or _CHANNEL_WORD.fullmatch(word)),
                                             ("language", word in _LANGUAGE_NAMES)) if known] + cues
        if focus is not None and not any(ch.isdigit() for ch in focus.group("v")):
            # "The postcode on your new form starts HR8 - is that Ledbury?": a town, no street
            cues = ["residence" if name == "address" else name for name in cues]
        named = next((name for name in cues if name in _FOCUSED), None)
        if named is None:
            continue
        if lang == "en" and focus is not None and focus.start() == focus.start("v") == 0 and bare == untailed:
            # a capital that only begins the sentence ("Congratulations on the move.") is no value put; the value is
            # after "to", "for"… further on ("Langthorpe comes under our Boroughbridge office, so I'll update your
            # home town to Boroughbridge — is that right?")
            focus = _FOCUS[lang].search(bare, 1)
        if focus is not None:
            value = _normalise(named, focus.group("v"))
            if value and value.lower() not in ("i", "me", "you", "we", "shall", "should", "would", "do", "can") \
                    and value not in _POINTING_NOUNS:
                return Slot(named, value)
    return None


# A change taken back before it was made, later in the same conversation: "Actually keep the old one, we're staying
# put", "ignore all that, … stays as it is", "back to the original one please", "그냥 원래 주소로 해주세요",
# "やっぱり元のままでお願いします", "やっぱり今まで通りでお願いします"
_UNDONE = lazy(r"\bkeep (?:it as it is|the (?:old|original|current) one|my (?:old|original|current) (?:one|address|"
               r"number|email))\b|\bleave it (?:as|at)\b|\b(?:stays?|remains?) as (?:it is|is)\b|"
               r"\bback to the (?:old|original|previous|usual) (?:one|address|number|email)\b|"
               r"\bignore (?:all )?(?:that|this|what I said)\b|\b(?:staying|stay) put\b|\bfallen through\b|"
               r"\bscrap (?:that|the change)\b|\bforget (?:the change|what I said)\b|"
               r"(?:그냥|다시)\s*(?:원래|기존|지금)\s*(?:주소|번호|메일|이메일|대로|그대로|거)|없던 (?:걸|일)로|"
               r"(?:やっぱり|やっぱ|やはり)[^。！？]{0,8}(?:元|今まで|いつも|そのまま)|元のまま|元に戻|"
               r"なかったことに", _I)


# A delivery day named as what a go-back undoes: "15일 배송 그거 취소할게요 그냥 원래대로 보내주세요", "cancel the
# 15th-of-the-month delivery, just send it like before", "15日配送のやつはキャンセルで、やっぱり元通りに" — a day of
# the month with the delivery, or the delivery day by its noun
_DELIVERY_DAY = lazy(r"\b(?:delivery|shipping) (?:day|date)s?\b|"
                     r"\b\d{1,2}(?:st|nd|rd|th)\b[\w -]{0,20}?\b(?:deliver|ship)|"
                     r"[0-9０-９]{1,2}\s{0,2}일\s{0,2}(?:쯤|전후|경)?\s{0,2}(?:에\s{0,2})?(?:배송|배달)|"
                     r"(?:배송|배달)\s{0,2}(?:일|날짜)|"
                     r"[0-9０-９]{1,2}\s{0,2}日\s{0,2}(?:ごろ|頃)?(?:の|に)?(?:配送|配達|お届け)|"
                     r"(?:配送|配達|お届け)(?:日|指定日)", _I)


def names_delivery_day(text: str) -> bool:
    """``text`` names a delivery day ("15일 배송", "the 15th delivery", "配送日"): a go-back in it ("그냥 원래대로")
    undoes that day, not a value of another slot given in the same conversation."""
    return bool(_DELIVERY_DAY.search(text))


# A message asking for the value held before a change: "so back to the original one please", "원래대로 해주세요",
# "예전처럼 해 주세요", "やっぱり元に戻してください" — read (``restores_earlier``) only against a change the customer
# made in an earlier conversation
_BACK_AS_BEFORE = lazy(r"\bback to (?:the |my )?(?:old|original|previous|usual|way it was|how it was)\b|"
                       r"\b(?:undo|reverse|revert) (?:the|that) change\b|\bswitch (?:it )?back\b|"
                       r"\b(?:kept|keeping|keep) (?:my|the) (?:old|original|previous) (?:one|number|address|e-?mail|"
                       r"plan)\b|"
                       r"원래대로|예전처럼\s*(?:해|돌려)|원래\s*(?:걸로|것으로|방식으로)|되돌려|"
                       r"元に戻|元通り|元のまま|前のに戻", _I)


@lru_cache(maxsize=4096)
def restores_earlier(text: str) -> bool:
    """``text`` asks for the value held before a change: it takes the change back (``undoes``) or asks to go back
    ("so back to the original one please", "원래대로 해주세요", "元に戻してください"). Cached: extraction asks it of a
    candidate's words twice, when it gathers the facts to judge against and when it judges."""
    return bool(_UNDONE.search(text) or _BACK_AS_BEFORE.search(text))


def undoes(text: str) -> bool:
    """``text`` takes back a change the customer asked for ("Actually keep the old one", "그냥 원래 주소로 해주세요",
    "やっぱり元のままでお願いします")."""
    return bool(_UNDONE.search(text))


# A code the customer says was issued anew, with the noun of a code that is reissued (a reference, a booking, a case,
# a quote; never an order — "a new order" is another order): "new booking reference", "re-issued", "새 접수번호",
# "재발급", "新しい受付番号", "再発行"
_NEW_CODE = lazy(
    r"\bnew\s+(?:[a-z]+\s+)?(?:reference|ref|booking|case|ticket|claim|quote|job|confirmation)\b|\bre-?issued\b"
    r"|새(?:로운)?\s?(?:접수|예약|견적|문의|조회|확인|티켓)\s?번호|재발급|새로\s?(?:나왔|나온|발급)"
    r"|新(?:しい|た)な?\s?(?:お?問い?合わせ|受付|予約|見積もり|見積|管理|確認)\s?番号|再発行", _I)


def names_new_code(text: str) -> bool:
    """``text`` gives a code as issued anew ("新しい受付番号は…", "새 접수번호 …": ``_NEW_CODE``): it replaces
    the code of the same kind the customer held, as a correction does."""
    return bool(_NEW_CODE.search(text))


def says_change(text: str) -> bool:
    """``text`` names a change or a mistake ("new", "switched", "wrong", "바꿨", "変更"…: ``_CHANGE``)."""
    return bool(_CHANGE.search(text))


def says_unchanged(text: str) -> bool:
    """``text`` says a value stays as it is ("we're still in Reading", "会員は僕のままで", "그대로 둘게요")."""
    return bool(_STILL.search(text) or _UNCHANGED.search(text) or _AS_BEFORE.search(text))


def bare_value(words: str, slot: Slot) -> bool:
    """``words`` are ``slot``'s value alone, with at most a copula or a greeting word ("3 Mill Street, Wantage.",
    "090-6632-1108です。", "hw.park@… 이요"): a value in a sentence of its own, told for what the sentence before
    it asked."""
    bare = _COPULA_TAIL.sub("", _COPULA_HEAD.sub("", words.strip())).strip(" .,!。、")
    return bool(bare) and len(bare) <= 80 and _normalise(slot.name, bare) == slot.value


def learned_slot(words: str) -> Slot | None:
    """The slot the learned recogniser places the customer's words in where no rule reads one (``slot_model``)."""
    from mem.customers.slot_model import learned_slot_name, learned_value  # its weights load on first use

    name = learned_slot_name(words)
    return Slot(name, learned_value(words), learned=True) if name is not None else None


def not_theirs(sentence: str) -> bool:
    """The sentence is about someone else's value, a what-if, or the customer's past (``_NOT_THEIRS``)."""
    return _NOT_THEIRS.search(sentence) is not None


# "X, not Y" / "Y 아니고 X" / "YじゃなくてX": the customer names a value as not (or no longer) theirs. The word before
# the Korean and Japanese negation, the word after the English "not"; each read once, at most 20 characters
_NOT_KO_JA = lazy(r"([^\s,.!?;:()\[\]、，。！？「」・]{1,20})\s?(?:아니고|아니라|아니구|아니에요|아니예요|말고|"
                  r"じゃなくて|じゃなく|ではなくて|ではなく|でなく)")
_NOT_EN = lazy(r"\bnot\s+(?:the\s+|number\s+|no\.?\s*)?([^\s,.!?;:()]{1,20})")


def disowned_words(text: str, lang: str) -> list[str]:
    """The words ``text`` names as not the customer's value: "58312 not 58321" → ["58321"], "부산 아니고 울산이에요" →
    ["부산"], "1423이 아니라 1432번지" → ["1423"], "23じゃなくて1-7-32" → ["23"]. An English word counts only with a
    digit or a capital ("not Lyon", "not 27"): "not sure", "not switching yet" name no value."""
    if lang == "en":
        return [w for w in (m.group(1) for m in _NOT_EN.finditer(text))
                if any(c.isdigit() for c in w) or w[:1].isupper() and w not in ("I", "I'm", "It's")]
    found = []
    for match in _NOT_KO_JA.finditer(text):
        word = match.group(1)
        # "1423이 아니라": the subject particle is not part of the value
        found.append(word[:-1] if lang == "ko" and len(word) > 2 and word[-1] in "이가은는" else word)
    return found


def named_slots(text: str) -> list[str]:
    """Every slot ``text`` names, in their order (``_CUES``: "delivery address", "새 주소", "ご住所")."""
    return _cues(text)


def shape_put(text: str) -> Slot | None:
    """The first e-mail, phone or code in a value the agent puts (``_shapes_put``)."""
    return _shapes_put(text)


def normalised_value(name: str, value: str) -> str:
    """``value`` as the slot ``name`` holds it (``_normalise``)."""
    return _normalise(name, value)
