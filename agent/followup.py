"""Follow-up questions: a message that leans on the conversation's earlier question for its subject.

"I bought a kettle 10 days ago, can I get a refund?" → "and after 20 days?" asks about the refund
window again, with a new figure; "what about express?" after a shipping question asks about shipping.
Searched alone, the follow-up finds whatever page mentions "20 days" or "express"; so retrieval
searches the follow-up together with its *subject*, the conversation's last question that was not
itself a follow-up (a chain "and after 20 days?" → "and 30?" keeps the first question's subject).

A message is a follow-up when it is short (fewer than three content terms) or is built like one, by
grammar, not by topic:

- English: it opens with a connective or a "what about" frame — "and", "or", "but", "also", "so",
  "then", "what/how about", "what if", "and if", "same for/with", "in that case".
- Korean: it opens with a connective (그럼, 그러면, 그렇다면, 그리고, 그런데, 근데, 또, 그건) or ends with a
  bare topic or condition and 요 — "특급 배송은요?", "30일이 지나면요?", "주말이라면요?".
- Japanese: it opens with a connective (じゃあ, では, それでは, それなら, それじゃ, なら, あと, それと,
  ちなみに) or ends with a bare topic or condition — "速達は？", "30日後なら？", "週末だったら？",
  "…の場合は？", "…はどうですか".

What is searched (``Retrieval.followup``): the subject, less its words that the follow-up's replace
(on the page answering it, "standard" is only in sentences without "express"), plus the follow-up's
words that page holds ("express" on the delivery page), plus the follow-up's figures, which
replace the subject's ("and after 20 days?" is searched as the earlier question with "20 days" in place
of its "10 days"). Its other
words are left out: "30일이 지나면요?" (when 30 days have passed) after a refund question must not
reach the shipping page that says "10일이 지나도" (10 days having passed). A follow-up with no figure
whose words the subject's page does not hold ("What about the warranty?" after a shipping question)
has changed the subject, and is searched alone. The answer itself is composed for the follow-up
(its "20 days" is judged against the rule).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mem.core.text.normal_form import ascii_figures
from mem.core.text.pattern import lazy

SHORT_TERMS = 3  # a message with fewer content terms than this says too little to be searched alone

_OPENERS_EN = lazy(
    r"^\s*(?:and|or|but|also|so|then|plus|what\s+about|how\s+about|what\s+if|same\s+(?:for|with|goes)"
    r"|in\s+that\s+case|if\s+so)\b", re.IGNORECASE)
_OPENERS_KO = lazy(r"^\s*(?:그럼|그러면|그렇다면|그리고|그런데|근데|또|그건|그거|그것은|그럼요)(?=[\s,])")
# the short ones (で, なら, あと) begin other words too, so only when a comma or space follows them
_OPENERS_JA = lazy(r"^\s*(?:じゃあ|では|それでは|それなら|それじゃ|ちなみに|(?:じゃ|なら|あと|それと|で)[、,\s])")
# a bare topic or condition asked about with nothing after it: 은요/는요 (topic), 면요/라면요 (if), and
# Japanese は/なら/だったら/の場合は/はどう… at the end of the message
_TAIL_KO = lazy(r"(?:은요|는요|면요)\s*[?？]?\s*$")
_TAIL_JA = lazy(r"(?:は|なら|だったら|たら|の場合は|はどう(?:ですか|でしょうか)?)\s*[?？]\s*$")
_FIGURE = lazy(r"\d+(?:[.,]\d+)*")


def is_followup(question: str, content_terms: int) -> bool:
    """Whether ``question`` (with ``content_terms`` content terms) leans on an earlier question."""
    if content_terms < SHORT_TERMS:
        return True
    return bool(_OPENERS_EN.search(question) or _OPENERS_KO.search(question) or _OPENERS_JA.search(question)
                or _TAIL_KO.search(question) or _TAIL_JA.search(question))


def followup_subject(question: str, earlier: list[str], count_terms: Callable[[str], int]) -> str | None:
    """The earlier question ``question`` follows up on, or None when it stands on its own.

    ``earlier``: the conversation's earlier questions, oldest first; ``count_terms(text)`` counts a
    text's content terms (retrieval's ``terms``). The subject is the last earlier question that was
    not itself a follow-up.
    """
    if not earlier or not is_followup(question, count_terms(question)):
        return None
    for at in range(len(earlier) - 1, 0, -1):
        if not is_followup(earlier[at], count_terms(earlier[at])):
            return earlier[at]
    return earlier[0]


def figures(text: str) -> list[str]:
    """The numbers ``text`` gives ("20" of "and after 20 days?")."""
    return _FIGURE.findall(ascii_figures(text))


def with_figures(subject: str, asked: list[str]) -> str:
    """``subject`` asked again with the follow-up's figures: its own numbers become the follow-up's first
    ("5일 전에 샀는데…" + "30일이 지나면요?" → "30일 전에 샀는데…", the unit kept in place); a subject
    with no number gets them after it."""
    if not asked:
        return subject
    replaced, count = _FIGURE.subn(asked[0], ascii_figures(subject))
    return replaced if count else f"{subject} {' '.join(asked)}"


def own_words(question: str) -> str:
    """A follow-up without its opening connective ("and", "what about", "그럼", "じゃあ"): what it adds."""
    for opener in (_OPENERS_EN, _OPENERS_KO, _OPENERS_JA):
        question = opener.sub(" ", question, count=1)
    return question
