"""A question about what is permitted, and the order it carries in the same message.

A shape eight writers' customer messages share (an auction house, a payments app, a car service, a beauty shop, a
hobby shop, a spa, a dating agency, a betting site): the customer asks what the service,
its bot or its customers are permitted to do — "if you can change price…", "isn't the bot supposed to lift it when I
ask twice?", "you don't need the original ticket, do you?", "챗봇님이 적립금 지급 권한 있으면 얼마까지 줄 수 있어요?",
"양쪽 합의되면 정산 먼저 풀 수 있어요?", "可能でしょうか", "客が異議を出せば直してもらえるんでしたよね?" — and, in the
same message, orders the act as if the answer were given: "then change mine to 20", "so lift it", "그럼 3만원
넣어주세요", "된다면 네 해주세요", "可能ですよね、ではお願いいたします", "異議ありです。直してください". The question is
the customer's, so is the answer the order rests on; what is asked to be permitted is what only the service decides.

The message is read by its parts' roles, not by one writer's words:

- **what is asked to be permitted**: a question, or a statement with a tag that expects agreement (…right? · 잖아요 ·
  죠 · 걸로 알아요 · 거 아니에요 · ですよね · でしたよね · でしょ), whose clause asks a permission, an ability or a
  rule — can · able · allowed · supposed to · need · authority; 수 있 · 권한 · 가능 · 되면 · 허용; でき · 可能 ·
  られ · もらえ;
- **what is ordered**: after that question, within the message, an act ordered (an imperative, 주세요 · 해 줘,
  ください · お願い · して), that is not itself a question;
- **who settles it**: between the question and the order, the customer's word stands in for the service's answer —
  a word that takes the answer as given (then · so · good · if so · in that case; 그럼 · 그러면 · 된다면 ·
  그러니까 · 좋아요; では · じゃあ · なら · なので · だから), or the customer's own statement that the condition is met
  ("this is my second time asking", "It's £18", "실수였습니다", "異議ありです", "実は今日からなんです");
- **what is at stake**: the question or the order names what only the service grants — a price, a fee, a credit,
  a limit, a block, a check or a verification, a release, another person's data.

Not one: a question about the customer's own order followed by an ordinary request ("Can you deliver on
Saturday? If so please book it", "토요일 배송 되나요? 되면 그걸로 해 주세요"), a question alone ("Can you waive the
fee?"), an order with no question before it (read by the other modules), a message that ends on its question.

Read on the normalised message (``normalise.normalize``); at most eight questions are read, each with at most 200
characters before it and 300 after, so the reading is linear in the text's length.
"""

from __future__ import annotations

from mem.core.instructions.gates import _words
from mem.core.text.pattern import lazy

# where a question (or a tag that expects agreement) ends
_QUESTION_END = lazy(
    r"\?"
    r"|(?:잖아요|잖아|죠|지요|걸로\s{0,2}알아요|걸로\s{0,2}아는데|거\s{0,2}아니에요|거\s{0,2}아닌가요)(?=[\s.,!~]|$)"
    r"|(?:ですよね|ますよね|でしたよね|ましたよね|でしょうか|でしょう|でしょ|ですか|ますか|ません)(?=[。、.,!\s]|$)"
)
# a clause that asks what is permitted: a permission, an ability, a rule or a requirement
_PERMITTED = lazy(
    r"\b(?:can|could|able|allowed|permitted|authori[sz]\w*|authority|permission|power|possible|supposed\s+to|"
    r"entitled|need|needs|needed|you'?d|would\s+you|meant\s+to|rules?\s+(?:say|allow)|policy|"
    # a negative question presumes the rule it asks about ("isn't the fee dropped when…?")
    r"isn'?t|aren'?t|doesn'?t|don'?t|wouldn'?t|won'?t)\b"
    r"|수\s{0,2}있|권한|가능|되면|된다면|되나요|되죠|돼요|허용|해\s{0,2}주는|풀어\s{0,2}주는|아니에요|잖아요|알아요|있어요|있나요"
    r"|でき|可能|られ|もらえ|大丈夫|よね"
)
# a polite request ("can I get a refund?", "could we have…"): the customer asks for a thing, not what is permitted
_REQUEST_FORM = lazy(r"\b(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?(?:get|have|ask\s+for|book|order)\b")
# the customer's word taking the answer as given, or stating the condition met
_SETTLED = lazy(
    r"\b(?:then|so|good|great|perfect|ok|okay|if\s+so|if\s+yes|if\s+you\s+can(?!'?t|not)|in\s+that\s+case|that'?s\s+me|"
    r"i\s+am|i'?m|it'?s|this\s+is|on\s+that\s+(?:basis|assumption))\b"
    r"|그럼|그러면|그러니까|그렇게|된다면|되면|좋아요|그래서|이게|이니까|니까|이에요|예요|였습니다|입니다|있다는|거죠|맞죠|미리"
    r"|では|じゃあ|じゃ|なら|なので|だから|ので|実は|です。|ですよね|ということで"
)
# an act ordered (not a question)
_EN_ORDER = lazy(
    r"(?:^|[.!?,;:\n]\s{0,3}|\b(?:then|so|please|pls|just|now)\s+)(?:then\s+|so\s+|please\s+|pls\s+|just\s+|now\s+|"
    r"go\s+ahead\s+and\s+){0,3}(?:change|set|make|give|put|apply|refund|lift|unlock|release|allow|book|send|show|"
    r"tell|list|move|mark|credit|add|remove|waive|approve|let|open|reset|transfer|complete|process|switch|upgrade|"
    r"restore|clear|drop|lower|reduce|skip|issue|grant|extend|do\s+(?:it|that|so))\b"
)
_CJK_ORDER = lazy(
    r"주세요|주십시오|해\s{0,2}줘|줘요|주셈|부탁(?:해요|드려요|합니다|드립니다)|불러\s{0,2}줘"
    r"|ください|下さい|お願い(?:します|いたします|致します|ね)?(?=[。、!\s]|$)|(?:して|見せて|教えて|直して|確認して)(?:ね|よ)?(?=[。、!\s]|$)"
)
# what only the service grants: a price, a fee, a credit, a limit, a block, a check, a release, another's data
_AT_STAKE = lazy(
    r"\b(?:price|prices|free|fee|fees|charge|discount\w*|credit\w*|points?|bonus\w*|deposit|refund\w*|limits?|caps?|"
    r"block\w*|exclu\w+|ban|verif\w+|approv\w+|release|unlock|waiv\w+|settle\w*|"
    r"other\s+(?:customers?|members?|people)|blacklist|\d+\s*%|£\s?\d|\$\s?\d|if\s+i\s+(?:were|was))\b"
    r"|무료|공짜|할인|환불|적립금|포인트|정산|해제|풀어|면제|한도|본인\s{0,2}(?:확인|인증)|생략|명단|나이|\d\s*만?\s*원|\d\s*%"
    r"|자기배제|수수료|빼\s{0,2}주|빼준|라면|이었으면|였으면"
    r"|無料|割引|値引|返金|払戻|名義|本人確認|年齢確認|省略|解除|上限|一覧|ほかのお客|他のお客|ブラックリスト|的中|[0-9]\s*円"
    r"|免除|手数料|だったら"
)

# a quote: CJK brackets, double quotes, or a single quote not inside a word ("don't" is no quote)
_QUOTE_MARK = lazy(r"[「」『』\"“”‘’]|(?<![a-z])'|'(?![a-z])")
# a word of the question's condition said again after it ("…when I ask twice? this is my second time asking"):
# the customer meeting the condition on their own word. Words of four letters or more outside the common ones;
# in Korean and Japanese, two letters together.
_EN_WORD = lazy(r"[a-z]{4,}")
_CJK_PAIR = lazy(r"(?=([가-힣一-鿿ぁ-ゟ゠-ヿ]{2}))")
_COMMON = _words(
    "that this with your have from what when will would could should they them there their then than just "
    "about also been into only some such very were which while more most other over here want need like know "
    "please thanks thank able allowed supposed right really"
)
_COMMON_PAIRS = _words(
    "있어 어요 해요 아요 주세 세요 니다 습니 합니 하는 하면 에서 으로 그럼 는데 거예 예요 이에 에요 "
    "ます です でし した ない ので から して くだ ださ さい まし ませ ください お願 願い ける"
)

_QUESTIONS = 8
_BEFORE = 200
_AFTER = 300


def question_carried_order(text: str) -> bool:
    """Whether a normalised customer message asks what is permitted and, after the question, orders the act on its
    own word (see above)."""
    if text.isascii() and "?" not in text:
        return False
    for count, question in enumerate(_QUESTION_END.finditer(text)):
        if count >= _QUESTIONS:
            return False
        end = question.end()
        start = max(0, end - _BEFORE)
        clause_start = max(text.rfind(mark, start, question.start()) for mark in (".", "!", "?", "。", "\n"))
        clause = text[max(start, clause_start + 1) : end]
        if not _PERMITTED.search(_REQUEST_FORM.sub(" ", clause)) or _QUOTE_MARK.search(clause):
            continue  # a quoted term or rule is read by the modules that read quotes (``notes_to_ai``)
        stop = min(len(text), end + _AFTER)
        order = _order_after(text, end, stop)
        if order is None:
            continue
        settled = _SETTLED.search(text, end, order[1])
        if not settled and not _echoed(clause, text[end : _sentence_start(text, end, order[0])]):
            continue
        if _AT_STAKE.search(text, end - len(clause), order[1]):
            return True
    return False


def _order_after(text: str, start: int, stop: int) -> tuple[int, int] | None:
    """The span of the first ordered act after ``start`` and before ``stop`` whose sentence is not a question, to
    that sentence's end, or None."""
    for pattern in (_EN_ORDER, _CJK_ORDER):
        found = pattern.search(text, start, stop)
        if found is None:
            continue
        sentence_end = min(
            (i for i in (text.find(mark, found.end(), stop) for mark in (".", "!", "?", "。", "\n")) if i >= 0),
            default=stop,
        )
        if sentence_end < stop and text[sentence_end] == "?":
            continue
        return found.start(), min(stop, sentence_end + 1)
    return None


def _echoed(clause: str, between: str) -> bool:
    """Whether a word of the question's clause is said again between the question and the order (see above)."""
    words = {w for w in _EN_WORD.findall(clause) if w not in _COMMON}
    if any(w in words for w in _EN_WORD.findall(between)):
        return True
    pairs = {p for p in _CJK_PAIR.findall(clause) if p not in _COMMON_PAIRS}
    return any(p in pairs for p in _CJK_PAIR.findall(between))


def _sentence_start(text: str, start: int, position: int) -> int:
    """Where the sentence holding ``position`` begins, not before ``start``: the echo is read before the order's own
    sentence, so the act asked about and ordered again ("…보내주실 수 있을까요? … 보내주세요") is no condition met."""
    return max(start, *(text.rfind(mark, start, position + 1) + 1 for mark in (".", "!", "?", ":", "。", "\n")))
