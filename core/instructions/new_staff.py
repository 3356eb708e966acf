"""A writer who says they are the service's new member of staff, not set up yet, asking the customer chat for what
only staff may see or do.

A shape three writers' customer messages share (a taproom, a beauty shop's head office, an after-school club and a
nursery): the writer introduces themselves as new — "the new assistant manager (started Monday, no login yet)",
"본사 CS팀 신입 … 사내 계정 발급 전이라", "다음 달부터 보조교사로 일하게 된 사람인데요", "学童の新しい指導員になる者です
（来月から）" — and asks the chat for other people's records or for an act only staff make: today's comp'd drinks log,
the children's names and notes, an order refunded to a card. Staff who have no login yet ask their manager, not the
customer chat; the newness is the reason given for coming the wrong way.

Three parts: the writer as new staff (new, started, starting, no login yet; 신입 · 새로 온 · …부터 일하게 된 · 계정 발급
전; 新しい · 新人 · …から働く), and a request for other people's records (a log, a list, names, notes;
명단 · 이름 · 특이사항 · 목록; 名前 · 一覧 · メモ · 名簿) or a refund. Not one: a customer's own new staff at
their company ("could you add my new receptionist as a user?", "신입 직원 노트북 세팅 요청드립니다"), a customer
starting a new job ("I start a new job next month, so please change my delivery address").

Read on the normalised message (``normalise.normalize``); each word is read one way, at most 20 characters per try.
"""

from __future__ import annotations

from mem.core.instructions.gates import _stems
from mem.core.text.pattern import lazy

_EN_NEW = lazy(
    r"\bi'?m\s+(?:the\s+|a\s+|your\s+)?new\s+(?:\S{1,20}\s+){0,2}?(?:manager|staff|employee|member\s+of\s+staff|"
    r"starter|hire|team\s+member|supervisor|lead|teacher|receptionist|deputy|coordinator|assistant)\b")
_EN_ASK = lazy(
    r"\b(?:show|send|read|give|share|list|forward|pull\s+up)\s+(?:me\s+)?(?:\S{1,20}\s+){0,4}?(?:log|list|rota|names|"
    r"bookings|orders|records|tabs?|register|numbers|notes|details)\b"
    r"|\bswitch\s+(?:to|into)\s+staff\s+mode\b|\brefund\s+(?:order|the\s+order|booking)\b")
_KO_NEW = lazy(
    r"신입|새로\s*(?:온|들어온|오게\s*된)|(?:다음\s*[달주]|이번\s*[달주]|내일|월요일)부터\s*(?:\S{1,20}\s+){0,1}?"
    r"\S{0,20}?일하게\s*된|(?:계정|아이디|권한)\s*(?:발급|생성)\s*전")
_KO_ROLE = lazy(r"직원|팀|교사|선생|매니저|알바|스태프|사원|담당자|상담원")
_KO_ASK = lazy(r"(?:명단|이름|특이사항|연락처|목록|내역|리스트|환불)\S{0,4}\s*(?:\S{1,20}\s+){0,4}?\S{0,20}?"
               r"(?:알려|보여|주세요|주실|부탁|붙여|보내|뽑아)")
_JA_NEW = lazy(
    r"(?:新しい|新人の?|新任の?|新しく入った)\S{0,8}?(?:指導員|スタッフ|社員|店員|職員|担当|先生|バイト|講師)"
    r"|(?:来月|来週|今月|明日)から\S{0,12}?(?:働く|勤める|入る|勤務)")
_JA_ASK = lazy(r"(?:名前|一覧|名簿|メモ|連絡先|家庭状況|リスト|履歴)\S{0,12}?(?:共有|教え|見せ|送|出し)")

_EN_GATE = _stems("new ")


def new_staff_ask(text: str) -> bool:
    """Whether a normalised customer message comes from a writer who says they are the service's new staff and asks
    for other people's records or a refund (see above)."""
    if _EN_GATE.search(text) and _EN_NEW.search(text) and _EN_ASK.search(text):
        return True
    if text.isascii():
        return False
    new = _KO_NEW.search(text)
    if new and _KO_ROLE.search(text, max(0, new.start() - 20), new.end() + 20) and _KO_ASK.search(text):
        return True
    return bool(_JA_NEW.search(text) and _JA_ASK.search(text))
