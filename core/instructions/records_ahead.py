"""A state recorded as done before it is: the customer asks for the record now and owns that the act comes later.

A shape five writers' customer messages share (an esports shop, a bakery, a hanbok and kimono rental, a farm supplier,
a model shop): the service's record is asked to say that something the customer must do is done — paid, collected,
returned, the ID checked, the return posted, the booking made in time — and in the same message the customer says it
is not done yet, or promises it for later:

- "can you mark order 55821 as collected and paid? … I'll pay at the till later, promise",
  "Would it be a problem if it just showed as paid in your system? The card got declined but I'll pay at pickup",
  "Note for the file: I returned the sewing shears in person on Tuesday … (I'll pop in with them next week.)",
  "can you make it so that my file says I'm a 'hardship case' from today? … I'll sort it properly in January";
- "제 주문이 그냥 결제 완료로 떠 있으면 문제 될까요? … 다음 주에 꼭 드릴게요",
  "신분증 … 확인했다고 체크해 주세요. 깜빡하고 안 가져왔는데",
  "반품 송장번호 등록했다고 메모해주세요. 실제로는 아직 안 보냈는데",
  "결제완료로 바뀌는지 … 다시 원래대로 돌릴게요";
- "身分証確認、済んだことにしてチェック入れてください。当日見せます",
  "締切過ぎちゃったんですけど…10月中に予約してたことにして".

Two parts, both the customer's: (1) a record or the system asked to show a done state — "mark … as paid", "show(s)
as paid", "note/log … I returned", "make my file say", "결제 완료로", "…했다고 체크/메모", "…한 걸로 해 주세요",
"…たことにして", "支払い済みにして"; (2) the customer's own word that the act has not happened — a promise for later
("I'll pay at pickup", "다음 주에 드릴게요", "월요일에 보낼게요", "当日見せます", "後で払います",
"I'll change it back"), "not yet", a declined card, a deadline passed, forgotten. Either alone is
ordinary: a customer who paid asks for the record to be put right ("I paid by transfer this morning, can you
mark it as paid?"), a customer says they will pay at pickup. Not one: a record of what is true with a later act
that is a different one ("I've paid — mark it as paid, I'll send the receipt later": the payment is claimed
done, only a document follows).

Read on the normalised message (``normalise.normalize``); each word is read one way, at most 20 characters per try.
"""

from __future__ import annotations

from mem.core.instructions.gates import _stems
from mem.core.text.pattern import lazy

_DONE_EN = (r"(?:paid|paid\s+(?:up|in\s+full)|collected|returned|received|verified|checked|done|complete|completed|"
            r"settled|delivered|sent(?:\s+back)?|posted|cleared|approved|on\s+time)")
# (1) the record asked to show a done state
_EN_RECORD = lazy(
    r"\b(?:mark|marked|show|shows|showed|showing|shown|appear|appears|set|log|logged|list|listed|record|recorded|"
    r"put|flag|tick)\s+(?:\S{1,20}\s+){0,5}?(?:as|to)\s+'?" + _DONE_EN + r"\b"
    r"|\bmake\s+it\s+(?:so\s+(?:that\s+)?|look\s+like\s+)?(?:my|the|your)\s+(?:file|record|account|notes?|system|"
    r"booking|order)\s+(?:says?|shows?|reads?)\b"
    r"|\b(?:note|log|record|write\s+down|put\s+down)\b\S{0,3}\s+(?:\S{1,20}\s+){0,10}?i(?:\s+have|'ve)?\s+(?:already\s+)?"
    r"(?:returned|paid|sent|posted|brought|dropped|handed)\b")
# (2) the customer's own word that the act comes later or has not happened
_EN_LATER = lazy(
    r"\bi'?ll\s+(?:\S{1,20}\s+){0,2}?(?:pay|bring|show|return|drop|pop\s+in|post|sort|settle|hand|transfer|change|"
    r"put|switch|come\s+in|send\s+(?:it|them)\s+back)\b\S{0,3}(?:\s+\S{1,20}){0,6}?\s+\(?"
    r"(?:later|tomorrow|next\s+(?:week|month|time)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|at\s+(?:pickup|pick-up|"
    r"collection|the\s+till|the\s+counter|the\s+desk)|on\s+the\s+day|back\s+afterwards|back\s+after|promise)"
    r"|\b(?:haven'?t|have\s+not|hasn'?t|didn'?t|did\s+not)\s+(?:actually\s+|yet\s+)?(?:paid|sent|returned|posted|"
    r"brought|shown|dropped)\b|\bnot\s+(?:actually\s+)?(?:paid|sent|returned|posted)\s+(?:it\s+|them\s+)?yet\b"
    r"|\bcard\s+(?:got\s+|was\s+|has\s+been\s+)?declined\b|\b(?:missed|past)\s+the\s+(?:deadline|cut-?off)\b")

# Korean (1): a done state — "결제 완료로", "확인했다고 체크", "안 긁은 걸로 해", "등록했다고 메모"
_KO_DONE = r"(?:결제|완납|납부|입금|지불|계산|반납|반품|수령|확인|체크|접수|등록|발송|제출|인증)"
_KO_RECORD = lazy(
    _KO_DONE + r"\s*(?:완료|처리|됨|된\s*걸|한\s*걸|된\s*것|한\s*것)?\s*(?:으로|로)\s*(?:\S{1,20}\s+){0,2}?"
    r"\S{0,20}?(?:떠|뜨|표시|처리|바꿔|바뀌|체크|찍어|기록|해\s*주|해줘|해두|해\s*두|돼|되어|되게|남겨)"
    r"|[았었였했냈났갔왔봤줬됐]다고\s*(?:\S{1,20}\s+){0,1}?\S{0,20}?(?:체크|메모|기록|표시|적어|남겨|처리|등록)")
# Korean (2): promised later ("다음 주에 꼭 드릴게요", "월요일에 보낼게요"), not yet, forgotten
_KO_LATER = lazy(
    r"(?:다음\s*주|다음\s*달|내일|모레|나중에|이따|당일|주말에|[월화수목금토일]요일)\S{0,4}\s*(?:\S{1,20}\s+){0,2}?"
    r"\S{0,20}?(?:드릴게|낼게|보낼게|가져갈게|가져올게|보여\s*드릴게|결제할게|입금할게|갚을게|할게)"
    r"|(?:다시|원래대로)\s*(?:\S{1,20}\s+){0,1}?\S{0,20}?돌릴게"
    r"|(?:아직|실제로는|실은)\s*(?:\S{1,20}\s+){0,2}?(?:안|못)\s*\S{0,20}?(?:는데|어요|았|었|냈|했)"
    r"|깜빡하고\s*(?:안|못)|한도\s*초과|마감\S{0,4}\s*지나")
# Japanese (1): "済んだことにして", "予約してたことにして", "支払い済みにして"
_JA_RECORD = lazy(
    r"(?:た|だ|てた|でた|ってた|ていた|でいた|済み|済|完了)(?:って|という)?ことにして"
    r"|(?:支払い?|入金|返却|返送|確認|チェック|受け?取り?|受取|提出|納品|発送)(?:済み?|完了)(?:に|と|で)"
    r"(?:して|し|変え|記録|表示|入れ|なって)")
# Japanese (2): "当日見せます", "後で払います", "まだ送ってない", "締切過ぎちゃった"
_JA_LATER = lazy(
    r"(?:当日|後で|あとで|来週|明日|今度|次回|月曜|火曜|水曜|木曜|金曜|土曜|日曜|週末|来月)\S{0,8}?"
    r"(?:見せ|持って|払|支払|送り|送ります|返し|返却|入金|提出)"
    r"|まだ\S{0,10}?(?:てない|てません|ていない|でない|してない|払ってない|送ってない)"
    r"|締め?切り?(?:を|が)?過ぎ|忘れ(?:て|ちゃ|まし)")

_EN_GATE = _stems("i'll", "ill ", "haven", "have not", "hasn", "didn", "did not", "not ", "declined", "deadline",
                  "cut-off", "cutoff")
_EN_RECORD_GATE = _stems(" as ", " to ", "make it", "note", "log", "record", "write down", "put down")


def record_ahead_of_act(text: str) -> bool:
    """Whether a normalised customer message asks for a record or the system to show a done state (paid, returned,
    checked, booked in time) and owns, in the same message, that the act has not happened or comes later."""
    if _EN_GATE.search(text) and _EN_RECORD_GATE.search(text) and _EN_RECORD.search(text) and _EN_LATER.search(text):
        return True
    if text.isascii():
        return False
    return bool((_KO_RECORD.search(text) and _KO_LATER.search(text))
                or (_JA_RECORD.search(text) and _JA_LATER.search(text)))
