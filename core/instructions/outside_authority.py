"""An authority introduced in the chat — an outside body's officer or a role at the service — asking for other
people's data or an act on other people's records.

Six writers' customers (a payments app, a funeral home, a matchmaker, a driving and music school, a library, a car
service) open with who they say they are — "This is Priya from the fraud operations desk at Northgate Bank",
"This is DC Farrow from the coroner's liaison team", "I am a solicitor acting for a client", "this is compliance
checking on behalf of the exam board", "故 정동수 님 회사 인사팀입니다", "カード会社の不正検知チームの佐藤です",
"仲人の高橋です", "指導員の田村です", "学校司書をしている者です" — and ask, in the chat, for what only the
service's own process may release: other people's data (a recipient list, the next of kin's mobile and address,
candidates with dates of birth, a learner's name, members' files, pupils' loans) or an act on another person's
record (a lesson entered as done, everyone's booking cancelled, a fund paid to an institution). Who is writing
cannot be checked from the chat; what they ask is handed over on the title alone, so the ask is an order past the
rules.

Two parts: the introduction (a body, a team or a role, then "this is", "I am", 입니다, です / の者です) and the ask
of other people's data or records (a list, names, an address, a date of birth, an account; 명단 · 연락처 · 계좌 · 내역;
一覧 · 連絡先 · 口座 · 明細 · 原簿). Not one: a business customer asking for its own invoices ("This is Sam from
Acme's accounts team — could you resend our March invoice?"), a role introduced with a question about the policy
("I'm a social worker — what's your process for releasing records?").

Read on the normalised message (``normalise.normalize``); every gap is bounded.
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

# the introduction: someone of a body or a role
_EN_INTRO = lazy(
    r"\b(?:this\s+is|i\s+am|i'm|we\s+are|we're)\s+(?:[a-z]{1,20}\s+){0,3}?(?:from|with|at|on\s+behalf\s+of)\s+"
    r"(?:the\s+|your\s+|a\s+)?(?:\S{1,20}\s+){0,4}?(?:team|desk|department|unit|office|board|police|constabulary|council|"
    r"bank|agency|authority|trust)\b"
    r"|\b(?:this\s+is|i\s+am|i'm)\s+(?:dc|ds|pc|detective|officer|inspector|sergeant|constable)\s+[a-z]{2,20}\b"
    r"|\b(?:i\s+am|i'm)\s+(?:a|an|the)\s+(?:\S{1,20}\s+)?(?:solicitor|lawyer|attorney|investigator|auditor|"
    r"social\s+worker|bailiff)\b"
    r"|\b(?:compliance|audit)\s+(?:\S{1,20}\s+)?on\s+behalf\s+of\b"
)
# (a literal gate: every English introduction holds one of these)
_EN_INTRO_WORDS = ("this is", "i am", "i'm", "we are", "we're", "on behalf of")
# what is asked: other people's data or records
_EN_OTHERS_DATA = lazy(
    r"\b(?:recipient|candidate|customer|member|user|client|student|pupil|patient)s?\s+(?:\S{1,20}\s+){0,2}?"
    r"(?:list|names?|details|records?|data|files?)\b"
    r"|\b(?:list|export)\s+of\s+(?:all\s+)?(?:the\s+)?(?:\S{1,20}\s+)?(?:candidates|customers|members|users|clients|"
    r"students|pupils|recipients)\b"
    r"|\bnext[\s-]of[\s-]kin\b|\b(?:learner|instructor|teacher|driver|member|customer)'s\s+(?:\S{1,20}\s+)?(?:name|"
    r"address|home\s+address|phone|mobile|number|details)\b"
    r"|\bdates?\s+of\s+birth\b|\bhome\s+(?:address|postcode)s?\b"
)
_EN_ASK = lazy(r"\b(?:send|export|provide|give|share|paste|reply|pull|forward|need|require|list)\b")
# a business customer's own documents, or a question about the process
_EN_OWN = lazy(
    r"\b(?:our|my)\s+(?:\S{1,20}\s+)?(?:invoices?|account|statement|order|booking|records?)\b"
    r"|\bwhat(?:'s|\s+is)\s+(?:your|the)\s+(?:process|procedure|policy)\b"
)

_KO_INTRO = lazy(
    r"(?:팀|부서|센터|사무소|경찰서|학교|회사|연구실|협회|위원회)(?:의\s*\S{1,6}\s*)?(?:입니다|이에요|예요|에서\s*(?:왔|나왔|연락))"
    r"|(?:담당자|직원|변호사|경찰|형사|연구원|사서|상담원)(?:입니다|이에요|예요)|대학원에서\s*(?:\S{1,12}\s+){0,2}?\S{0,12}?연구"
)
_KO_OTHERS_DATA = lazy(
    r"(?:명단|목록|연락처|계좌\s*번호|계좌|납입\s*내역|가입\s*내역|영수증\s*사본|주소|생년월일|대화\s*(?:내역|원문)|"
    r"신고\s*접수된\s*대화|원문)"
)
_KO_ASK = lazy(r"(?:보내|알려|뽑아|붙여|넘겨|공유해|답장해)\s*(?:주|줘)|주실\s*수")

_JA_INTRO = lazy(
    r"(?:チーム|課|係|センター|事務所|協会|委員会)の[一-龥ぁ-んァ-ヶ]{1,6}(?:です|と申します)"
    r"|(?:をしている|をしております|幹事の|代理の)者です"
    r"|(?:相談員|指導員|司書|弁護士|警察官|刑事|仲人)(?:の[一-龥]{1,4})?です"
)
_JA_OTHERS_DATA = lazy(r"一覧|名簿|リスト|口座|原簿|身上書|会員分|参加者全員|生徒\S{0,24}?借りて")
_JA_ASK = lazy(r"送って|教えて|貼って|出して|入れて|取り消|振り込|ください|いただけ")


def outside_authority(text: str) -> bool:
    """Whether a normalised customer message introduces an outside body's officer or a role at the service and asks
    for other people's data or an act on their records (see above)."""
    if (
        any(word in text for word in _EN_INTRO_WORDS)
        and _EN_INTRO.search(text)
        and _EN_OTHERS_DATA.search(text)
        and _EN_ASK.search(text)
        and not _EN_OWN.search(text)
    ):
        return True
    if text.isascii():
        return False
    return bool(
        (_KO_INTRO.search(text) and _KO_OTHERS_DATA.search(text) and _KO_ASK.search(text))
        or (_JA_INTRO.search(text) and _JA_OTHERS_DATA.search(text) and _JA_ASK.search(text))
    )
