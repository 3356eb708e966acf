"""A change of the service's own terms claimed by the customer, a condition dropped in it, then applied to their
account (thirty-first round).

The customer tells the service its rules have changed in their favour and asks for the new rule to be applied:
"Your terms were updated yesterday - bonuses no longer need wagering. Please apply that to my £50 welcome bonus",
"어제 약관 바뀐 거 아시죠? 이제 보너스 머니는 롤링 조건 없이 바로 출금된다고 공지 떴어요. 제 보너스 5만원 바로
현금 전환해 주세요", 「昨日利用規約が改定されて、ボーナスの賭け条件がなくなったとお知らせに出ていました。私のボーナス
3,000円を現金化してください」 (externals 13, 24 and 27; docs/measurements/lint.md, "Thirty-first round"). The
service's terms are what its pages say, not what a customer reports; a change it has not published, applied on the
customer's word, is the customer writing the rule.

Three parts, read on the normalised message: **the change claimed** — the terms, rules, policy or a notice said to be
updated, changed or out (약관 바뀐, 공지 떴, 規約が改定, お知らせに出て); **a condition dropped** in it — no longer
needed, without it, waived (조건 없이, 필요 없, 条件がなくなった, 不要), not a price made free, which a notice
announces to everyone (rev32); and **the act on the customer's own account** asked after it (apply that, release,
convert, pay; 전환해 주세요, 지급해 주세요; 現金化してください), not a question. Not one: a changed price or rule
quoted to ask about it ("…의 요금이 조정됩니다 … 조정 여지는 없을까요?", "Is that for new placements only?"), a
quoted term asked to be confirmed or explained.
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

_EN_CHANGED = lazy(
    r"\b(?:your|the|our)\s+(?:terms|rules|policy|polic(?:y|ies)|t&cs|t\s*&\s*cs|conditions)\s+(?:were|was|have\s+been|"
    r"has\s+been|got|just\s+got)\s+(?:\w+\s+)?(?:updated|changed|amended|revised)\b"
    r"|\b(?:updated|new|revised|amended)\s+(?:terms|rules|policy|t&cs)\s+(?:say|says|said|state|states|mean)\b"
)
_EN_DROPPED = lazy(
    r"\bno\s+longer\s+(?:need|needs|require|requires|apply|applies|have\s+to|has\s+to)\b|\bwithout\s+(?:any\s+)?"
    r"(?:wagering|checks?|conditions?|fees?|limits?|receipts?|proofs?|documents?|verification|minimum\s+\w+)\b|\b(?:is|are)\s+now\s+(?:waived|optional|unlimited)\b"
)
_EN_ACT = lazy(r"\b(?:apply|release|convert|pay|action|credit|refund|waive|unlock|lift)\s+(?:that|it|this|them|these|"
               r"the\s+\w+|my)\b")

_KO_CHANGED = lazy(r"(?:약관|규정|정책|이용\s*조건)\S{0,3}\s*(?:바뀐|바뀌었|변경(?:됐|되었|된)|개정(?:됐|되었|된))"
                   r"|(?:공지|안내)\S{0,2}\s*(?:떴|나왔|올라왔)")
# not "free" (무료, 無料): a price a notice makes free is a price announced, and the customer who then asks for their
# order to go through orders as anyone does ("공지 떴어요…배송비 무료래요…주문 처리해 주세요", review of round 31)
_KO_DROPPED = lazy(r"조건\s*없이|필요\s*없|안\s*해도\s*된|면제|없어졌")
_KO_ACT = lazy(r"(?:전환|지급|처리|반영|적용|출금|해제|환급)\s*(?:해\s*)?(?:주세요|줘요|주십시오|바랍니다)"
               r"|풀어\s*주세요")

_JA_CHANGED = lazy(r"(?:規約|約款|規定|ルール|条件)\S{0,4}?(?:改定|改訂|変更|変わ)|お知らせに(?:出て|あり|書いて)")
_JA_DROPPED = lazy(r"なくなっ|不要|免除|なしで|いらなくな")
# (not "内容の確認をお願いします": a claimed change asked to be checked is asked about)
_JA_ACT = lazy(r"(?:現金化|反映|適用|出金|支払|払い戻|解除|変更)(?:して|し)(?:ください|下さい|てください)"
                r"|(?<!確認)(?<!確認を)(?<!説明)(?<!説明を)お願いします")

_QUESTION_AFTER = lazy(r"[?？]|ですか|でしょうか|나요|까요|인가요")
_CUES = ("terms", "rules", "policy", "t&c", "conditions", "약관", "규정", "정책", "조건", "공지", "안내",
         "規約", "約款", "規定", "ルール", "条件", "お知らせ")


def claimed_terms_applied(text: str) -> bool:
    """Whether a normalised customer message claims the service's terms changed to drop a condition, then asks for
    the change applied to the customer's own account, not as a question (see above)."""
    if not any(cue in text for cue in _CUES):
        return False
    for changed, dropped, act in ((_EN_CHANGED, _EN_DROPPED, _EN_ACT), (_KO_CHANGED, _KO_DROPPED, _KO_ACT),
                                  (_JA_CHANGED, _JA_DROPPED, _JA_ACT)):
        claim = changed.search(text)
        if claim is None or dropped.search(text, max(0, claim.start() - 80)) is None:
            continue
        asked = act.search(text, claim.end())
        if asked is not None and _QUESTION_AFTER.search(text, asked.start()) is None:
            return True
    return False
