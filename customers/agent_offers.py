"""What the agent offered or promised of its own accord, and the customer took up: an agreement too.

An agreement used to be read only where the customer asked and the agent's next turn granted it. In an imported
history the service as often offers the remedy itself, after a report ("My order arrived cracked." → "As a goodwill
gesture we will refund 50% of order A-5531", "머그컵이 두 개 깨져서 왔어요." → "두 개 모두 무상으로 다시 보내
드리겠습니다.", "届いたマグの色が違いました。" → "正しい色のマグを無料でお送りします。"), and the customer's next
message takes it up ("OK, deal.", "Great, thank you!", "감사합니다", "👍"). Those promises were lost,
and the customer's true reminder later
("I never got the 50% refund you promised") had nothing to stand on.

Here a sentence of an agent turn that commits the service (``kinds.commits``: "we will …", "I'll …", "…드리겠습니다",
"…お送りします", "we'll waive …"; not "I'll check whether we can…", "확인해 보겠습니다", "確認いたします", and not a
refusal or a question) and that no confirmation of a customer request already quotes is:

- an **offer** when it only says the service can ("I can offer a full refund…", "…드릴 수 있습니다", "…できます"): an
  agreement only when the customer's next message opens with a yes ("OK, deal.", "Sure", "네", "はい");
- a **promise** otherwise: an agreement when the customer's next message opens with a yes or thanks ("Great, thank
  you!", "감사합니다", "ありがとうございます") or only reacts ("👍", a sticker); a reply that declines ("No thanks",
  "아니요 괜찮아요", "いいえ、結構です") or says something else takes nothing up.

With no customer message after it, nothing is agreed yet (the customer has not answered). The agreement's evidence is
the customer's reply (its opening) and the agent's sentence, as for a yes to a proposal; it names no slot (what was
promised is an act, not a value of the customer's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mem.core.text import terms
from mem.core.text.language import detect_language
from mem.core.text.sentences import Sentence
from mem.customers import kinds
from mem.customers.slots import answers_proposal, declines, thanks_the_customer

# "I can offer…", "we could send…", "…드릴 수 있습니다", "…可能です", "…できます": the service can, if the customer
# wants
_OFFER_ONLY = {
    "en": re.compile(r"\b(?:i|we)\s{1,3}(?:can|could)\s{1,3}(?:also\s{1,3})?"
                     r"(?:offer|give|do|send|refund|make|arrange|provide)\b", re.I),
    "ko": re.compile(r"수\s?(?:있습니다|있어요|있는데요)"),
    "ja": re.compile(r"(?:できます|可能です|いかがでしょうか)"),
}
# how many turns back an agent's offer is looked for (a system line, an internal note, a second agent message)
_MAX_BACK = 4
_SHORT_REPLY = 40
# a reply that only reacts: an emoji, a sticker or a media marker an export puts in its place ("👍", "[スタンプ]",
# "<Media omitted>"), no word of its own
_REACTION = re.compile(r"^\W{1,20}$|^\s{0,3}[\[<(][^\[\]<>()]{1,30}[\]>)]\s{0,3}$")
# the agent's act is the message itself ("결과 안내차 연락드렸습니다", "I'm reaching out about your order",
# "ご連絡いたしました"): it says why the agent writes, it promises nothing
_CONTACT_ONLY = {
    "en": re.compile(r"\b(?:reach(?:ing)?\s{1,3}out|contact(?:ed|ing)?\s{1,3}you|get(?:ting)?\s{1,3}in\s{1,3}touch"
                     r"|call(?:ed|ing)\s{1,3}you)\b", re.I),
    "ko": re.compile(r"연락\s?(?:드렸|드립|드리)"),
    "ja": re.compile(r"連絡(?:いたしました|しました|いたします|差し上げ)"),
}
# the words of a "yes, done" that names no act ("Sure, done.", "Okay, I've done that for you.", "All sorted!",
# "처리해 드렸습니다.", "対応いたしました。"): after a message that asked for nothing, the customer's thanks takes up
# nothing that could be told back (newuser24 #2: "The customer: Done. (agreed with the service)" was queued as evidence)
_NO_ACT = frozenset(["done", "sure", "ok", "okay", "yes", "taken", "care", "handled", "sorted", "all", "set", "now",
                     "that", "this", "it", "완료", "처리", "드렸", "드리", "対応", "完了", "処理"])
# a promise quoted with a source ("[1]": the rule says so) is mem's reading of a policy, not the agent's promise
_CITATION = re.compile(r"\[\d{1,3}\]")


@dataclass(frozen=True)
class Offer:
    """The agent's sentence (in turn ``agent``) the customer's message (turn ``reply``) takes up, as ``quote``."""

    agent: int
    sentence: Sentence
    reply: int
    quote: str


def taken_up(roles: Sequence[str], texts: Sequence[str], by_mem: Sequence[bool], reply: int, *,
             customer_roles: Sequence[str], sentences_of: Callable[[int], list[Sentence]],
             quoted: Callable[[int, str], bool], min_quote: int) -> list[Offer]:
    """The agent's offers and promises the customer's message ``reply`` takes up: the committing sentences of the agent
    turns straight before it (back to the customer's previous message; a system line or an internal note between
    them is passed over) that ``quoted(turn, sentence)`` says no agreement quotes yet."""
    said = texts[reply].strip()
    if not said:
        return []
    lang = detect_language(said)
    whole = sentences_of(reply)
    first = whole[0] if whole else None
    if first is None:
        return []
    opening = re.split(r"[,;:、，]\s*", first.text, maxsplit=1)[0].strip() or first.text
    thanked = False  # an agent turn straight before it thanked the customer: "いえいえ" answers that, not the offer
    index = reply - 1
    while index >= max(0, reply - _MAX_BACK) and roles[index] not in customer_roles and not thanked:
        thanked = roles[index] != "system" and thanks_the_customer(texts[index])
        index -= 1
    answer = answers_proposal(opening, lang=lang, asked=False, thanked=thanked)
    if declines(first.text, lang=lang, thanked=thanked):
        return []  # "Thanks, great, but no.": the thanks opens a no ("No thanks" below)
    if answer != "yes" and not _REACTION.match(said):
        # a reply that neither says yes nor only reacts ("No thanks", "010 2287 6105 이에요", "What about a refund
        # instead?") takes nothing up
        return []
    # the reply's first sentence when it is short ("Great, thank you!", "OK, deal."), else its opening clause
    quote = first.text if len(first.text) <= _SHORT_REPLY or len(opening) < min_quote and opening != said \
        else opening
    found: list[Offer] = []
    index = reply - 1
    while index >= max(0, reply - _MAX_BACK) and roles[index] not in customer_roles:
        if roles[index] != "system" and not by_mem[index]:
            for sentence in sentences_of(index):
                text = sentence.text
                if _CITATION.search(text) or text.rstrip().endswith(("?", "？")) or not kinds.commits(text):
                    continue
                if quoted(index, text):
                    continue
                lang_said = detect_language(text)
                if _CONTACT_ONLY[lang_said].search(text):
                    continue  # why the agent writes, not a promise
                if all(term in _NO_ACT for term in terms(text)):
                    continue  # "Sure, done.": no act named, nothing to hold the service to
                if _OFFER_ONLY[lang_said].search(text) and answer != "yes":
                    continue  # an offer the customer has not said yes to
                found.append(Offer(index, sentence, reply, quote))
        index -= 1
    found.reverse()
    return found
