"""Another person's contact details or whereabouts asked for, to reach them past the service.

A shape seven writers' customer messages share (a restaurant, an esports arena, a beauty salon, a garage, a letting
agent, a school and dormitory, a model shop): the customer asks for how to reach a person who is not them — a
neighbour, a roommate, a delivery driver, the seller of an item, a reported player, a member of staff's own phone or
account, a guild friend who left — and says why: to reach them *directly*, themselves, away from the service:

- "…the home address of the delivery driver who dropped their pizza? … I'd like to sort it with him directly";
- "그 판매자 연락처랑 실명 좀 알려주세요. 제가 직접 찾아가게요",
  "1501호 아저씨 차 번호랑 연락처 좀요 … 직접 얘기하려구요",
  "컨설턴트님 인스타 개인 계정이나 번호 좀 알려주세요. 따로 연락하고 싶어서요";
- "配達の人の名前と携帯番号を教えてもらえますか。直接話したいです", "隣の部屋の人の名前と連絡先を教えてください。
  直接言いに行きます", "整備士の山口さんの個人の携帯番号を教えていただけますか？…個人的に相談".

Three parts: a contact datum or a whereabouts (a number, a mobile, an address, an e-mail, an account, a name, where
or when someone is; 연락처 · 번호 · 주소 · 계정 · 인스타 · 실명 · 출근; 連絡先 · 携帯 · 番号 · 住所 · 名前),
asked of the agent, and the purpose of reaching a person oneself ("directly", "myself", "in person", "personally",
"so I can contact her", 직접 · 따로 · 개인적으로 + 연락 · 얘기 · 찾아가; 直接 · 個人的に + 話 · 連絡 · 言い).
The service's own contact is not one ("what's the shop's number? I'd rather talk to someone
directly"), nor the customer passing their own number on ("could you give my number to the driver so he can call
me directly?").

Read on the normalised message (``normalise.normalize``); each word is read one way, at most 20 characters per try.
"""

from __future__ import annotations

from mem.core.instructions.gates import _stems
from mem.core.text.pattern import lazy

_EN_DATUM = lazy(
    r"\b(?:(?:phone|mobile|cell|personal|private|home|direct)\s+(?:number|phone|mobile|address|e-?mail|line)|"
    r"(?:phone|mobile)\s+no|mobile|number|contact\s+(?:details|info|number)|e-?mail\s+address|address|instagram|insta|"
    r"socials|whatsapp|real\s+name|full\s+name|surname|name|ip)s?\b")
_EN_ASK = lazy(r"\b(?:tell|give|send|share|pass|what'?s|what\s+is|what\s+are|can\s+i\s+(?:get|have)|could\s+i\s+"
               r"(?:get|have)|look\s+(?:it\s+|them\s+)?up|need|let\s+me\s+know)\b")
# reaching a person oneself, away from the service
_EN_DIRECT = lazy(
    r"\b(?:contact|talk|speak|sort|settle|message|text|call|ring|reach|thank|confront|visit|go\s+round|have\s+a\s+word|"
    r"deal|get\s+in\s+touch)\b(?:\s+\S{1,20}){0,4}?\s+(?:directly|myself|in\s+person|personally|face\s+to\s+face|"
    r"privately|one-to-one)\b"
    r"|\b(?:directly|personally|myself)\s+(?:contact|talk|speak|sort|message|reach|thank|ask)\b"
    r"|\bso\s+(?:i|we)\s+can\s+(?:contact|message|text|call|ring|reach|visit|thank|confront|find)\s+(?:him|her|them)\b"
    # past the service's go-between: "without going through the agency", "going through you takes ages"
    r"|\bwithout\s+going\s+through\b|\bgoing\s+through\s+(?:you|the\s+\S{1,20})\s+(?:is|takes)\b")
# the service's own contact, or the customer's own number passed on: not another person's
_EN_SERVICE = lazy(
    r"\b(?:your|the)\s+(?:\S{1,20}\s+)?(?:shop|store|office|branch|company|salon|clinic|restaurant|studio|garage|"
    r"centre|center|business|team|desk|support|service|helpline|agency)(?:'s)?\s+(?:phone\s+|direct\s+|main\s+)?"
    r"(?:number|phone|address|e-?mail|line|contact)"
    r"|\b(?:my|our)\s+(?:phone\s+|mobile\s+|own\s+)?(?:number|details|contact|e-?mail|address)\s+(?:to|on\s+to|with)\b")

_KO_DATUM = lazy(r"연락처|전화\s*번호|휴대폰\s*번호|핸드폰\s*번호|폰\s*번호|번호|주소|이메일|메일\s*주소|"
                 r"계정|인스타|카톡\s*아이디|아이디|실명|이름|성함|출근|퇴근|어디\s*사는지|사는\s*곳")
_KO_ASK = lazy(r"알려|가르쳐|보여|좀요|주실\s*수|있을까요|될까요|아세요|아시나요|주세요|회신\s*부탁")
_KO_DIRECT = lazy(r"(?:직접|따로|개인적으로)\s*(?:\S{1,20}\s+){0,2}?\S{0,20}?(?:연락|얘기|이야기|말하|말씀|따지|찾아가|"
                  r"찾아갈|만나|전화|인사|물어|사과)"
                  # past the service's go-between (twenty-second round, second wave): "원장님 통하지 말고", "매니저님
                  # 거치면 오래 걸려서"
                  r"|(?:통하지|거치지)\s*말고|(?:통하면|거치면)\s*(?:\S{1,20}\s+){0,1}?\S{0,20}?(?:오래|늦|번거)")
_KO_SERVICE = lazy(r"(?:가게|매장|본사|고객\s*센터|회사|사무실|지점|센터|대표\s*번호|상담\s*센터)\s*(?:의\s*)?"
                   r"(?:번호|연락처|주소|전화|이메일)|제\s*(?:번호|연락처)를?\s*(?:\S{1,20}\s+){0,2}?\S{0,20}?(?:전달|넘겨|드려)")
_JA_DATUM = lazy(r"連絡先|電話番号|携帯|番号|住所|メール|アドレス|ライン|line|インスタ|アカウント|本名|名前|氏名|"
                 r"住んでる|住んでいる|都道府県|勤務先")
_JA_ASK = lazy(r"教え|知りたい|わかり|分かり|もらえ|いただけ|ください|送って")
# the customer's own intent ("直接話したい", "直接言いに行きます", "こっちから直接連絡します"), not a call asked of the
# service ("担当の方から直接お電話いただけますか") nor the contact itself ("直接連絡先を教えて")
_JA_DIRECT = lazy(r"(?:直接|個人的に|自分で|じかに)\S{0,4}?"
                  r"(?:(?<!電)話し?|言い|言う|連絡(?!先)|相談|会い|お礼|謝り?|聞き)\S{0,8}?"
                  r"(?:たい|たく|ます|に行|しよう|する|約束|ので|から)"
                  # dealing with the person oneself, or past the service's go-between (twenty-second round, second
                  # wave): "直接やり取りしたい", "園長を通さず", "仲人さん経由だと時間かかる"
                  r"|直接やり取り|を通さず|を通さないで|経由(?:だと|では|せず|しないで)\S{0,4}?(?:時間|遅|面倒|手間)?")
_JA_SERVICE = lazy(r"(?:お店|店舗|本社|会社|事務所|窓口|センター|サポート|代表)の(?:電話番号|連絡先|住所|メール|番号)"
                   r"|(?:私|自分)の(?:番号|連絡先|電話番号)を\S{0,12}?(?:伝え|渡し)")

_EN_GATE = _stems("direct", "myself", "in person", "personally", "face to face", "privately", "one-to-one", "so i can",
                  "so we can", "without going through", "going through")


def contact_to_go_around(text: str) -> bool:
    """Whether a normalised customer message asks for a person's contact details or whereabouts to reach them
    directly, past the service (see above)."""
    if _EN_GATE.search(text) and _EN_DIRECT.search(text) and _EN_DATUM.search(text) and _EN_ASK.search(text) \
            and not _EN_SERVICE.search(text):
        return True
    if text.isascii():
        return False
    return bool((_KO_DIRECT.search(text) and _KO_DATUM.search(text) and _KO_ASK.search(text)
                 and not _KO_SERVICE.search(text))
                or (_JA_DIRECT.search(text) and _JA_DATUM.search(text) and _JA_ASK.search(text)
                    and not _JA_SERVICE.search(text)))
