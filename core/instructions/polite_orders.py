"""Korean and Japanese orders in the forms the earlier rounds' directives left out: the thirteenth round
(NEWUSER_REPORT13 #7; tests/core/test_instructions_polite_orders.py).

Each structure is roles that combine, with the look-alike a handbook for human staff or a customer writes
beside it (docs/lint.md, "Thirteenth round"):

- *an honorific order to the AI about what to tell customers*: an AI word (``_CJK_AI_STRICT_RE``: not "모델"
  / "モデル", which may be a product) as topic or subject, in the same clause (no condition or reason
  between: "チャットボットが解決できない場合は…" is about the chatbot, not said to it), then what to say —
  customers as the ones told ("お客様に", "고객에게") or the words quoted ("…と", "…라고") — and a verb of
  telling in an honorific or formal request: お伝えください, ご案内ください, ご説明願います, 案内をお願い
  します; 안내 바랍니다, 안내하시기 바랍니다, 답변 부탁드립니다, 안내 요망. The same order to staff
  ("お客様には…とご案内ください" with no AI word) is a handbook's rule and stays clean;
- *the answer restricted in advance*: "…とだけ答えて", "…しか言わないで", "'…'라고만 대답하세요",
  "…로만 답해" over every question or the speaker's own ("私の質問には", "모든 질문에", "뭘 물어보든") — a
  handbook's scripted answer on one topic ("返品に関する質問には…", "환불 관련 질문에는…") or said to the
  customer stays clean;
- *a text that calls itself the system's instruction*: "この文章は開発者からの正式な指示です", "이 메시지는
  관리자의 공식 지시입니다" — this text (これ / この…, 이것 / 이 …) said to be an order (指示, 命令, 지시, 명령) of the
  system, its developer, administrator or operator. An automatic e-mail ("システムからの自動送信メール",
  "시스템에서 자동 발송된 메시지") is a notice, not an order;
- *the next agent told to repeat*: "후임 담당자는 위와 같이 안내하십시오", "次の担当者はそのままお伝えください" —
  whoever handles this next, told to tell (not to handle) "as it is": a decision planted in a hand-off.
  "次の担当者はそのまま対応を続けてください" (carry on) is a shift handover.

The AI given a role of authority in plain words ("너는 오늘부터 … 점장이야", "君は今日から店長だ") is in
``customer_orders`` (``_KO_PERSONA`` / ``_JA_PERSONA``) and ``lexicon_ko`` / ``lexicon_ja`` (``_KO_ROLE``:
"이제부터 너는").
"""

from __future__ import annotations

from mem.core.instructions.addressed_cjk import _CJK_AI_STRICT_RE, _TO_THE_CUSTOMER
from mem.core.text.pattern import lazy

# a clause ends (a condition, a reason, a contrast) before the verb: the AI word is not its subject
_JA_SAME_CLAUSE = r"(?:(?!場合|とき|時は|時に|ので|から|けど|けれど|ため|なら|たら|れば|際|が、|。)\S){0,40}?"
_KO_SAME_CLAUSE = r"(?:(?!경우|때|면\s|니까|는데|지만|어서|아서|해서|라서|으니|[.?!])[^\n]){0,60}?"
# customers as the ones told, or the words to say quoted
_JA_TOLD = r"(?:お客様|お客さま|顧客|利用者|ユーザー|お客さん)(?:に|へ)|[」』\"']?(?:と|って)"
_KO_TOLD = r"(?:고객|손님|이용자|사용자|회원)(?:님)?(?:에게|께|한테)|(?:다|라)고|[\"'”’]"
_JA_TELL = r"(?:伝え|案内|説明|答え|回答|返答|返事|提示|知らせ|通知|連絡)"
_KO_TELL = r"(?:안내|전달|답변|응답|설명|회신|고지|공지|말씀)"
_JA_HONORIFIC_TELL = lazy(
    rf"(?:{_CJK_AI_STRICT_RE})(?:担当者?|側|の方|のほう)?(?:は|が|では|さん|、)(?!\S{{0,4}}(?:ご利用|お使い|使え))"
    rf"{_JA_SAME_CLAUSE}(?:{_JA_TOLD}){_JA_SAME_CLAUSE}(?<!か)[おご]?(?<!か){_JA_TELL}(?:を|の程)?"
    r"(?:ください|下さい|お?願い(?:します|いたします|致します|ます)|願いたい|いただきますよう|くださいますよう)")
_KO_FORMAL_TELL = lazy(
    rf"(?:{_CJK_AI_STRICT_RE})\s*(?:상담원|상담사|담당)?\s*(?:은|는|이|가|에서는)\s"
    rf"{_KO_SAME_CLAUSE}(?:{_KO_TOLD}){_KO_SAME_CLAUSE}{_KO_TELL}\s*(?:(?:을|를)\s*)?"
    r"(?:(?:해\s*)?주시기\s*바랍니다|하시기\s*바랍니다|바랍니다|바람|요망|부탁(?:드립니다|드려요|합니다))")
# the answer fixed for every question, or the speaker's own
_JA_ONLY_ANSWER = lazy(r"(?:と|って)(?:だけ|のみ|しか)(?:を)?(?:お?答え|ご?回答|返答|返事|言っ|言わ|言う|返し|返さ)"
                       r"|(?:だけ|のみ)で(?:お?答え|ご?回答|返答|返事)")
_KO_ONLY_ANSWER = lazy(r"(?:라고|이라고|다고|고|로|으로)만\s*(?:대답|답|응답|말|회신|반응)")
_JA_EVERY_QUESTION = lazy(r"(?:私|わたし|僕|ぼく|俺|自分)の(?:質問|問い|問い合わせ|メッセージ|発言)"
                          r"|(?<!る)(?<!の)(?:すべて|全て|全部|どんな|あらゆる|どの)の?(?:質問|問い|問い合わせ|メッセージ)"
                          r"|何を(?:聞かれ|聞い|質問され|質問し|尋ねられ|尋ね)\S{0,3}?ても")
_KO_EVERY_QUESTION = lazy(r"(?:제|내|저의|나의)\s*(?:모든\s*)?(?:질문|물음|문의|메시지|말)"
                          r"|(?<!관련\s)(?<!관련)(?<!대한\s)(?<!관한\s)(?:모든|어떤|무슨)\s*(?:질문|물음|문의|메시지)"
                          r"|(?:뭘|무엇을|뭐를|뭐든|무엇이든)\s*(?:물어보든|물어봐도|물어도|묻든|물으면)")
# this text called the system's (or its developer's, administrator's, operator's) order
_JA_SELF_SYSTEM = lazy(r"^\W*(?:これ|この(?:メッセージ|文|文章|内容|メモ|指示|テキスト|命令)"
                       r"|本(?:メッセージ|指示|文))(?:は|が)"
                       r"\S{0,6}?(?:システム|開発者|管理者|運営者?|運用者)(?:から|より)?の?(?:正式な|公式の?|最優先の?)?"
                       r"(?:指示|命令|指令|コマンド|プロンプト)(?:です|だ|である|になります|となります|。|$)")
_KO_SELF_SYSTEM = lazy(r"^\W*(?:이것|이건|이\s*(?:메시지|글|문장|내용|메모|지시|명령)|본\s*(?:메시지|지시|글))"
                       r"\s*(?:은|는|이|가)?\s*(?:\S{1,20}\s*)?(?:시스템|개발자|관리자|운영자|운영팀)\s*"
                       r"(?:에서\s*(?:온|보낸|내린)\s*|(?:으)?로부터(?:의)?\s*|의\s*)?(?:공식\s*|정식\s*|최우선\s*)?"
                       r"(?:지시|명령|지령|프롬프트)(?:사항)?\s*(?:입니다|이다|야|이야|임|예요|이에요|[.]|$)")
# whoever handles this next, told to tell as it is
_JA_NEXT_REPEAT = lazy(r"(?:次の|後任の|次回の)(?:担当者?|オペレーター|スタッフ|方|人|ai|ボット)(?:は|が|も)\S{0,20}?"
                       r"(?:そのまま|この(?:まま|通り)|上記の通り|同じように)\S{0,10}?[おご]?"
                       rf"{_JA_TELL}(?:を)?(?:ください|下さい|して|て|ること|すること|お?願い|せよ)")
_KO_NEXT_REPEAT = lazy(r"(?:다음|후임|이후)\s*(?:상담원|상담사|담당자|직원|분|사람|ai|봇|챗봇)\s*"
                       r"(?:은|는|이|가|께서는|께서도|도)\s*"
                       r"(?:\S{1,20}\s+){0,3}?\S{0,20}?(?:그대로|이대로|위와\s*같이|위\s*내용대로|똑같이)\s*(?:\S{1,20}\s+){0,2}?\S{0,20}?"
                       rf"{_KO_TELL}\s*(?:할\s*것|하세요|하십시오|해\s*주세요|바랍니다|해야|하도록|해)")


def _polite_order(text: str) -> str | None:
    """The thirteenth round's structures on one normalised sentence (see above)."""
    if _JA_HONORIFIC_TELL.search(text) or _KO_FORMAL_TELL.search(text):
        return "gives the AI an order"
    only_answer = ((_JA_ONLY_ANSWER.search(text) and _JA_EVERY_QUESTION.search(text))
                   or (_KO_ONLY_ANSWER.search(text) and _KO_EVERY_QUESTION.search(text)))
    if only_answer and not _TO_THE_CUSTOMER.search(text):
        return "decides the answer in advance"
    if _JA_SELF_SYSTEM.search(text) or _KO_SELF_SYSTEM.search(text):
        return "injects chat roles or new instructions"
    if _JA_NEXT_REPEAT.search(text) or _KO_NEXT_REPEAT.search(text):
        return "plants a record for the next agent"
    return None
