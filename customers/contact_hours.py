"""When the customer may be contacted: a standing wish that limits calls to some hours or days, and its lifting.

A customer may ask not to be called at some times ("please don't call before 9am",
"土日は連絡しないでください", "주말에는 연락하지 마세요") or only at some ("連絡は平日の夜8時以降にしてください",
"방문은 평일 오후 2시 이후로만"). When their days change they lift it by giving leave to be contacted at any
time ("call whenever you like now", "ring whenever", "いつでも連絡ください", "언제든 연락 주세요") or at the time
once left out ("土日でも連絡して大丈夫です", "土日も連絡OKになりました", "주말에 연락 주셔도 괜찮아요"). Such leave
shares no word with the wish it lifts ("ring" is not "call") or only a day's name, so neither the search nor the
judgement of retractions found the wish: the judgement asks these readings (``judge._contact_limit``) and the
search looks for the ways of getting in touch (``extract._similar``).
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy

# the ways of getting in touch, as the search is asked for them (words of the wish a lifting may not share)
CONTACT_WORDS = "call ring phone contact text 전화 연락 문자 電話 連絡"

_CONTACT_EN = r"(?:call|ring|phone|text|contact|reach)"
# leave to be contacted at any time: "call whenever you like", "ring u whenever", "contact me any time", "early calls
# are fine"; "いつでも連絡ください", "いつでもお電話ください"; "언제든 연락 주세요", "아무 때나 전화하셔도 돼요"
_ANY_TIME = lazy(
    r"\b" + _CONTACT_EN + r"(?: (?:me|us|u|him|her))?(?: back)? (?:at )?(?:any ?time|whenever)\b"
    r"|\bcalls? (?:are|is) (?:fine|ok|okay|alright)\b"
    r"|いつでも(?:ご|お)?(?:連絡|電話)"
    r"|(?:언제든(?:지)?|아무\s?때나)\s?(?:연락|전화)",
    re.I,
)
# leave to be contacted at a time once left out, "even" or "also" then: "土日でも連絡して大丈夫です", "土日も連絡OK",
# "午前中でも電話OK"; "주말에도 연락 주셔도 돼요", "주말에 연락 주셔도 괜찮아요" (told with a time, below)
_ALSO_THEN = lazy(
    r"(?:でも|も)(?:ご|お)?(?:連絡|電話)(?:を)?(?:して|いただいて|もらって|くれて)?(?:も)?"
    r"(?:大丈夫|OK|ＯＫ|オッケー|いい|良い|かまいません|構いません|結構)"
    r"|(?:연락|전화)(?:을|를)?\s?(?:주셔도|하셔도|해도|줘도|주셔두|드려도)\s?(?:돼|됩|괜찮|좋)"
)
# times and days a limit names, and a leave at a time once left out names again
_TIMES = lazy(
    r"\b(?:week-?ends?|weekdays?|mornings?|afternoons?|evenings?|nights?|early|late|saturdays?|sundays?)\b|"
    r"土日|週末|平日|午前|午後|朝|夜|夕方|土曜|日曜|주말|평일|오전|오후|아침|저녁|밤|토요일|일요일",
    re.I,
)
# a wish that limits when the customer is contacted: a way of getting in touch, forbidden or bounded in time
_CONTACT = lazy(r"\b(?:call|calls|calling|ring|ringing|phone|phoning|contact|text|texts)\b|연락|전화|連絡|電話", re.I)
_LIMIT = lazy(
    r"\b(?:don't|dont|do not|never|no)\b[^.!?]{0,30}?\b(?:before|after|until|on|at|during)\b"
    r"|\b(?:only|not) (?:before|after|until|on|in the|at)\b"
    r"|(?:しないで|しないように|控えて|以降に|以降で|以前に|だけに|のみ)"
    r"|(?:하지\s?마|하지\s?말|주지\s?마|이후로만|이후에만|이후로|전에는|에만|에는\s?(?:연락|전화)\s?(?:하지|주지|안))",
    re.I,
)


# leave for one day or one time only lifts nothing: "just today, ring whenever", "今日だけはいつでも電話ください",
# "이번 주만 주말에도 연락 주셔도 돼요"
_ONCE = lazy(
    r"\b(?:just|only) (?:for )?(?:today|tonight|this (?:once|time|week|weekend))\b|"
    r"\b(?:today|tonight|this (?:once|time|week|weekend)) only\b|"
    r"今日(?:だけ|のみ)|今回(?:だけ|のみ|限り)|今週(?:だけ|のみ)|"
    r"오늘(?:만|은)|이번(?:에)?만|이번 주(?:만|말만)",
    re.I,
)


# a leave negated is a limit again: "please do not call me any time before 9am", "you can't just call whenever",
# "いつでも電話しないでください", "언제든 전화하지 마세요" (review of the twenty-seventh round: each read as leave)
_NOT_BEFORE = lazy(r"\b(?:don't|dont|do not|never|not|can't|cannot|won't|shouldn't|stop)\b[^.!?,;\n]{0,20}$", re.I)
_NOT_AFTER = lazy(
    r"[^.!?。！？\n]{0,8}?(?:しないで|しないよう|しなくて|控えて|하지\s?마|하지\s?말|주지\s?마|하지\s?않)"
)


def _leave_at_any_time(text: str) -> bool:
    """``_ANY_TIME`` found with no negation just before it or just after it."""
    return any(
        not _NOT_BEFORE.search(text[max(0, m.start() - 40) : m.start()]) and not _NOT_AFTER.match(text, m.end())
        for m in _ANY_TIME.finditer(text)
    )


def lifts_limit(text: str) -> bool:
    """``text`` gives leave to be contacted at any time ("ring whenever", "いつでも連絡ください"), or at a time it
    names, with "even" or "also" ("土日でも連絡して大丈夫です", "주말에 연락 주셔도 괜찮아요") — not for one day or
    one time only ("just today, call whenever")."""
    if _ONCE.search(text):
        return False
    if _leave_at_any_time(text):
        return True
    return bool(_ALSO_THEN.search(text) and _TIMES.search(text))


def limits_contact(text: str) -> bool:
    """``text`` asks not to be contacted at some times, or to be contacted only at some ("please don't call before
    9am", "土日は電話しないでください", "連絡は平日の夜8時以降にしてください")."""
    return bool(_CONTACT.search(text) and _LIMIT.search(text))


def lifted_by(limit: str, leave: str) -> bool:
    """``leave`` lifts the limit ``limit`` told: leave at any time lifts any limit; leave at a named time lifts a
    limit that names one of the same times ("土日でも" lifts "土日は…しないで", not "平日の夜8時以降")."""
    if _leave_at_any_time(leave):
        return True
    named = {m.group(0).lower().rstrip("s") for m in _TIMES.finditer(leave)}
    return any(m.group(0).lower().rstrip("s") in named for m in _TIMES.finditer(limit))
