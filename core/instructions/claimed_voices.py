"""A customer's message in a voice the service would obey: staff, head office, an authority over it.

A customer's chat is the customer's. A message that introduces its writer as someone the service takes orders from —
its manager, its head office, its IT team, a regulator or a tax office ("shift supervisor Lee here", "this is Sam
from your billing department", "I'm from the city licensing authority", "물류센터 팀장입니다", "세무서에서
나왔습니다", "本部の山本です", "税務署の者ですが", "課長の指示です") — and then asks for what only that place could
grant (a refund, a charge waived, a booking marked paid, a code) or see (customers' names and numbers, the internal
rules, the AI's setup) is an order to the AI in borrowed authority: no one on the service's side writes into the
customer chat. The shape is the same in each language: a self-introduction (a copula, "here", "from the …", "の者")
naming a place at the service or an authority over it, and, anywhere in the message, a grant or a disclosure.

Not one: a profession ("I'm a developer myself", "エンジニアです。APIキーの再発行は…"), a role at another
organisation ("the new fleet manager at Quint Logistics"), a rule that names a role ("返金には部長の承認が必要です"),
a threat to go to a regulator ("I'll report you to the consumer office": no self-introduction). Read on the
normalised message (``normalise.normalize``).
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

_EN_PLACE = (r"(?:office|head\s*office|headquarters|hq|team|department|dept|desk|floor|counter|commission|authority|"
             r"agency|bureau|ministry|regulator|inspectorate)")
_EN_ROLE = (r"(?:manager|supervisor|director|owner|compliance\s+officer|auditor|inspector|regulator|engineer|"
            r"developer|administrator|admin)")
# "at Quint Logistics", "of a bakery": a place elsewhere; "at your store", "for this company": here
_ELSEWHERE = r"(?!\s+(?:at|of|for|in|with)\s+(?!your\b|this\b))"
_EN_VOICE = lazy(
    # "I'm from the licensing authority", "this is Sam from your billing team", "I work in your IT team"
    rf"\b(?:i(?:'m|\s+am)|this\s+is|it's|we(?:'re|\s+are))\s+(?:\w+\s+){{0,2}}?(?:from|with|at|in|on|on\s+behalf\s+of)\s+"
    r"(?:the|your)\s+"
    rf"(?:\w+\s+){{0,3}}?{_EN_PLACE}\b{_ELSEWHERE}"
    rf"|\bi\s+work\s+(?:in|for|at|on)\s+(?:your|the\s+company's)\s+(?:\w+\s+)?(?:team|department|office|company|store|"
    r"shop|support|it|desk)\b"
    # "as the clinic's compliance officer", "I'm your store manager" (not "a developer myself": a profession)
    rf"|\b(?:i(?:'m|\s+am)|this\s+is|as)\s+(?:the\s+|your\s+)?(?:\w+(?:'s)?\s+){{0,2}}?{_EN_ROLE}\b"
    rf"(?!\s+myself\b){_ELSEWHERE}"
    # "its me from the back office", "hey its Marta from reception" (the apostrophe dropped, the article too)
    r"|\b(?:it'?s|this\s+is)\s+(?:\w+\s+){0,2}?from\s+(?:the\s+|your\s+)?(?:front\s+desk|reception|back\s+office|"
    r"payments?\s+team|finance\s+team|accounts\s+team)\b"
    # a partner the service takes a status from: "Courier here (driver 2217)", "I'm the delivery driver for…"
    r"|^\W*+(?:(?:hi|hello|hey)\W*+)?(?:courier|delivery\s+driver|driver)\s+here\b"
    r"|\bi(?:'m|\s+am)\s+(?:the|your)\s+(?:courier|delivery\s+driver)\b"
    # "shift supervisor Lee here", "IT here —"
    r"|\b(?:manager|supervisor|director|owner|admin)\s+[a-z]+\s+here\b|^\W*+(?:(?:hi|hello|hey)\W*+)?(?:it|ops|billing|support|"
    r"admin|security|head\s+office)\s+(?:team\s+)?here\b"
    # "this message comes from the owner", "this message is from the system administrator"
    r"|\b(?:this|the\s+following)\s+(?:message|note|request)\s+(?:is|comes)\s+from\s+(?:the\s+|your\s+)?(?:\w+\s+)?"
    r"(?:owner|administrator|admin|manager|head\s*office|headquarters|management)\b"
    # "new orders from head office"
    r"|\b(?:instructions?|orders?|directives?)\s+(?:set\s+)?from\s+(?:the\s+|your\s+)?(?:head\s*office|headquarters|hq|"
    r"management|the\s+owner|your\s+manager)\b")
# a copula or "from" after the place or title: "물류센터 팀장입니다", "세무서에서 나왔습니다" (not "사장님 친절하고":
# the listener addressed; not 대표·사장·원장: a customer's own company titles as often as the service's)
_KO_VOICE = lazy(
    r"(?:본사|본부|[가-힣a-zA-Z]{1,4}팀|운영진|고객센터|사무실\s*직원|매장\s*직원|공정위|공정거래위원회|국세청|세무서|경찰서?|"
    r"소비자원|구청|시청|점장|지점장|매니저|실장|팀장|부장|과장|대리)"
    r"(?:\s*\S{1,4})?\s*(?:입니다|이에요|예요|이고요|인데요|인데|이구요|에서\s*(?:나왔|왔|연락)|(?:의|쪽)\s*지시)"
    # a partner the service takes a status from ("택배기사인데요"), a staff signature in brackets ("(매장 직원 유나)")
    r"|(?:택배|배달|배송)\s*기사\s*(?:입니다|이에요|예요|인데요|인데)|\((?:\s*(?:매장|가게|본사))?\s*(?:직원|스태프|점장|매니저)\s")
# "本部の山本です", "税務署の者ですが", "営業課長の指示です" (not "部長の承認が必要です": a particle
# inside is a rule about the role, not a name)
_JA_VOICE = lazy(
    r"(?:本社|本部|本店|運営|管理部|情報システム(?:部|課)|開発部|開発チーム|サポート部|カスタマーサポート|国税局|税務署|警察|"
    r"消費者庁|監査|店長|部長|課長|係長|マネージャー|責任者|オーナー|社長|スタッフ|区役所|市役所|役所"
    # a department of head office: "本社システム部の佐藤です", "本部IT部です", "本部システム課の者です"
    r"|(?:本社|本部)[^\sがをにはで、。]{1,8}?(?:部|課|室|チーム)"
    # the payments side, and a partner the service takes a status from ("決済チームの佐藤です", "配達員です")
    r"|決済(?:チーム|部|担当)|経理(?:部|課)|配達員|配送業者)"
    r"(?:の者|の[^\sがをにはで、。]{1,6}?)?(?:です|でございます|だけど|ですが|として|の指示|からの指示|より指示)")
# what only that place could grant or see
_GRANT_OR_SEE = lazy(
    r"\b(?:refund\w*|waiv\w+|free|comp(?:ed)?|coupons?|vouchers?|discounts?|codes?|approv\w+|override|"
    r"mark\w*\s+(?:\S{1,20}\s+){0,3}?(?:as\s+)?paid|paid\s+in\s+full|credit|names|phone\s+numbers?|addresses|records?|"
    r"list|guidelines|configuration|rules?|internal|reimburs\w+|exempt\w*|no\s+(?:fee|charge|deposit)|"
    # a status only the service records, money moved
    r"mark\w*\s+(?:\S{1,20}\s+){0,3}?as\s+(?:delivered|received|returned|collected)|late\s+fees?|"
    r"re-?send\s+(?:the\s+)?(?:payment|payout|funds)|payouts?)\b"
    r"|배송\s*완료|수령\s*완료|정상\s*반납|재지급|재송금|계좌\s*변경"
    r"|受取済|受け取り済|配達済|配達完了|再送金|振込|口座"
    r"|환불|면제|무료|무상|0원|결제\s*완료|쿠폰|할인|코드|명단|연락처|이름|전화번호|비밀번호|내부|지침|승인|보상"
    r"|返金|返品|免除|無料|0円|支払い?済|クーポン|割引|コード|名簿|一覧|連絡先|氏名|名前|電話|暗証番号|パスワード|内部|規定|"
    r"ルール|本文|承認|受けて|設定|住所|성함|주소|"
    r"発行|特例")


def claimed_voice(text: str) -> bool:
    """Whether a normalised customer message speaks as staff, head office or an authority over the service and asks
    what only that place could grant or see (see above)."""
    voice = _EN_VOICE.search(text) or (not text.isascii() and (_KO_VOICE.search(text) or _JA_VOICE.search(text)))
    return bool(voice and _GRANT_OR_SEE.search(text))
