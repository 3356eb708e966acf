"""A concession from last time presupposed to hold again (thirty-second round, ord32).

An order need not be phrased as one: a customer can say that a fee was waived, a charge made free or an earlier rate
given "last time", and take the same as settled now — "since you already waived the late fee on my pledge last time,
just do the same for ticket PL-40817", 「前回の宅配買取で返送料を無料にしていただいたので、今回のキャンセル分も当然
無料ですよね」, "지난번처럼 오늘 시세 말고 지난주 금요일 시세로 쳐주시는 거죠?" (external 28; docs/measurements/lint.md,
"Thirty-second round … (ord32)"). Whether last time's concession was given, and whether it holds again, is the
service's to say; agreeing to the repeat is the grant.

Three parts, read on the normalised message: **last time** (last time, previously; 지난번, 저번; 前回, この前), **a
concession** near it (waived, free, no charge, a discount, an earlier rate; 면제, 무료, 빼 주, 할인, 시세로; 無料, 免除,
割引, サービス), and **the repeat taken as settled** after them — ordered ("do the same", "same again"; 해 주세요;
してください, でお願いします) or asked as a question that expects yes of the addressee's own act (지난번처럼 …
주시는 거죠; 今回も当然 … ですよね).

Not one: last time recalled, thanked for or complained about ("지난번 통화한 직원분이 연체 수수료 빼준다고 하셨는데
청구서에 그대로 있어요": the record is asked about), and the repeat asked as an open question ("your colleague waived
it last time — is that something I can ask for again?", "Could you do the same this time?", 「前回は無料だった気が
するんですが、規定を確認したくて」): the service is left to decide. Nor the repeat's words under a check or
a "don't" (review32): "지난번처럼 무료 수리 가능한지 확인해 주세요" asks whether it holds, as 「今回も使えるか
確認してください」 does, and "please don't do that again" forbids it.
"""

from __future__ import annotations

import re

from mem.core.text.pattern import LazyPattern, lazy

_EN_PAST = lazy(r"\b(?:last\s+time|the\s+time\s+before|previously|the\s+other\s+time|as\s+before)\b")
_EN_CONCESSION = lazy(
    r"\b(?:waiv\w+|free(?:\s+of\s+charge)?|no\s+charge|for\s+nothing|discount\w*|knock\w*\s+(?:\w+\s+){0,4}?off|"
    r"(?:old|older|higher|earlier|previous|last\s+week'?s?)\s+(?:rate|price|offer))\b")
# the repeat ordered, not asked: the sentence it stands in does not end as a question
# ("do the same design" names a thing to make again, not a concession to repeat)
_EN_REPEAT = lazy(r"\b(?:do|doing)\s+(?:the\s+same(?=\s*(?:[-–—,.!;]|$|\s(?:for|on|with|this|here|again|now|please|"
                  r"today)\b))|it\s+again|that\s+again)\b[^.!?\n]{0,80}(?=[.!\n]|$)"
                  r"|\bsame\s+again\b[^.!?\n]{0,80}(?=[.!\n]|$)")

_KO_PAST = lazy(r"(?:지난번|저번|전번|지난\s?번)\s?(?:에\s?)?(?:처럼|같이|대로|과\s?같이|이랑\s?똑같이|하고\s?똑같이)")
_KO_CONCESSION = lazy(r"면제|무료|공짜|빼\s?(?:주|줘|고)|할인|시세로|단가로|가격으로")
# the addressee's own act, ordered or asked as settled ("쳐주시는 거죠?", "해 주실 거죠?", "빼 주세요")
_KO_REPEAT = lazy(r"주시는\s?(?:거|걸)\s?(?:죠|지요|맞죠)|주실\s?거\s?(?:죠|지요)|(?:해|빼|쳐)\s?주세요|해\s?줘")

_JA_PAST = lazy(r"前回|この前|以前|前は")
_JA_CONCESSION = lazy(r"無料|免除|割引|サービス|タダ|ただに|0円|ゼロ")
# this time too, ordered or taken as a matter of course (当然, もちろん) — not "今回も無料ですか"
_JA_REPEAT = lazy(r"今回(?:も|の\S{0,12}?も)\S{0,16}?(?:(?:当然|もちろん)\S{0,12}?(?:ですよね|でしょう|だよね)"
                  r"|(?:にして|して|で)(?:ください|下さい|おいてください|お願いします))")

# the repeat's words as what is to be checked or is forbidden, read just before them (English, Korean) or inside
# them (Japanese): "check whether it is the same again", "don't do that again", "가능한지 확인해 주세요" (not
# "까지 해 주세요": a deadline), 「使えるか確認してください」
_EN_NOT_ORDERED = lazy(r"(?:\bwhether\b|\b(?:check|see|ask|know|wondering|confirm|tell\s+me)\s+if\b)"
                       r"[^.!?\n]{0,60}$|\b(?:don'?t|dont|do\s+not|never|not)\s+(?:\w+\s+){0,2}$")
_KO_NOT_ORDERED = lazy(r"[한는은을인된될할]지\s{0,2}(?:를\s{0,2})?[가-힣]{0,6}$")
_JA_NOT_ORDERED = lazy(r"か(?:どうか)?を?(?:確認|教え|調べ|チェック|問い合わせ)")
_BEFORE = 64  # how far before the repeat a check or a "don't" is read

_CUES = ("last time", "previously", "before", "the other time", "지난", "저번", "전번", "前回", "この前", "以前",
         "前は")


def presumed_repeat(text: str) -> bool:
    """Whether a normalised customer message takes a concession it says was given last time as settled again (see
    above)."""
    if not any(cue in text for cue in _CUES):
        return False
    for past, concession, repeat, not_ordered in ((_EN_PAST, _EN_CONCESSION, _EN_REPEAT, _EN_NOT_ORDERED),
                                                  (_KO_PAST, _KO_CONCESSION, _KO_REPEAT, _KO_NOT_ORDERED),
                                                  (_JA_PAST, _JA_CONCESSION, _JA_REPEAT, _JA_NOT_ORDERED)):
        said = past.search(text)
        if said is None:
            continue
        granted = concession.search(text, max(0, said.start() - 80), said.end() + 80)
        # (the concession may be part of the repeat itself: "빼 주시는 거죠", "今回も…サービスでお願いします")
        repeats = repeat.finditer(text, said.end())
        if granted is not None and any(_ordered(text, found, not_ordered) for found in repeats):
            return True
    return False


def _ordered(text: str, found: re.Match[str], not_ordered: LazyPattern) -> bool:
    """Whether the repeat ``found`` is ordered or taken as settled, not checked or forbidden (``_EN_NOT_ORDERED``)."""
    if not_ordered is _JA_NOT_ORDERED:
        return not_ordered.search(found.group(0)) is None
    return not_ordered.search(text[max(0, found.start() - _BEFORE):found.start()]) is None
