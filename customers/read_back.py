"""The value the agent reads back, or puts in a form of its own, for the customer to confirm.

On a call or in an e-mail the agent often writes the customer's new value out properly and asks whether it is
right: "Let me read it back: Plot 14, Muthangari Drive, Lavington, Nairobi. Is that the full delivery address?",
"I've written it out properly as:\n\nFlat 2, The Old Bakery, …\n\nCould you reply to confirm that is correct?",
"새 주소를 정리하면 "인천 남동구 예술로 250, 1층 카페온도" 맞으실까요?",
"新しいご住所は「福岡市早良区西新2-5-12 2F 喫茶こもれび」でお間違いないでしょうか。". The customer only says "that's it
exactly", "네 맞아요", "はい、それで合ってます": their words hold no value, the agent's do. ``read_back`` finds that
value — after a colon, between quotation marks, or before the tail that asks whether it is right ("… 맞으실까요?",
"…でよろしいでしょうか", "…でお間違いないでしょうか") — in a turn that asks the customer to confirm it, and gives it in
the slot the value is read in by its shape or frame (an e-mail, a phone, an address with its street), else the one
the turn names ("delivery address", "새 주소", "ご住所"), else the one the customer's words before it name.

It is read only where nothing else read the agent's proposal (``slots.agreed_slot``, ``slots.proposed_slot``) and
only for a reply that says yes (``fact_candidates._agreed_to_question``): the customer's agreement is the evidence,
the agent's words the value.
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy
from mem.customers.slots import Slot, find_slot, named_slots, normalised_value, shape_put

# the agent's sentences: split after . ! ? (and their full-width forms) and at line breaks
_SENTENCES = lazy(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+")

# the turn asks the customer to confirm what it put: "Is that correct?", "Is that the full delivery address?",
# "Could you reply to confirm that is correct", "have I got that right?", "맞으실까요?", "でよろしいでしょうか"
_ASKS_TO_CONFIRM = lazy(r"\b(?:is (?:that|this|it) (?:right|correct|ok(?:ay)?|the (?:full|right|correct|new)\b)|"
                        r"(?:is|does) (?:that|this|everything) (?:all )?(?:look |sound )?(?:right|correct|ok(?:ay)?)|"
                        r"(?:have|did) i (?:got|get) (?:that|it|this|everything) (?:right|down)|"
                        r"(?:reply|write back|let (?:me|us) know) to confirm|confirm (?:that|this|it) (?:is|'s) "
                        r"(?:right|correct)|can you confirm|could you confirm|please confirm)\b|"
                        r"맞(?:으실까요|을까요|으시죠|으신가요|나요|죠|습니까|으세요)|"
                        r"(?:よろしい|宜しい)(?:です|でしょう)か|お間違い(?:ない|ありません|ございません)|"
                        r"合って(?:い)?ます(?:か|でしょうか)", re.I)
# ... or proposes to use the value it has just written out, naming it by a word that points back ("I've found
# it: 2 Seaview Terrace, … Shall I send your plants there from now on?", "… 이 주소로 변경할까요?",
# "こちらの住所でよろしいですか")
# (every gap bounded: a long run of "there" with no question mark after it is read once)
_POINTS_BACK = lazy(r"\b(?:there|that address|this address|that one|this one)\b[^?]{0,80}\?|"
                    r"(?:이|그)\s?(?:주소|번호|메일|곳|지역)(?:로|으로)[^?]{0,40}(?:까요|나요)|"
                    r"그쪽으로[^?]{0,40}(?:까요|나요)|(?:この|その|こちらの|そちらの)(?:住所|番号|アドレス|地域)|"
                    r"(?:そちら|こちら)(?:に|へ|で)[^？?]{0,40}(?:か|ょうか)", re.I)
# a value between quotation marks
_QUOTED = lazy(r"[\"“「『](?P<v>[^\"“”「」『』\n]{3,80})[\"”」』]")
# a value after the colon of a read-back ("Let me read it back: …", "I've written it out properly as:")
_AFTER_COLON = lazy(r"[:：][ \t]*(?P<v>[^:：\n]{3,120}?)[ \t]*[.。]?[ \t]*$")
_ENDS_WITH_COLON = lazy(r"[:：]\s*$")
# a value before the tail asking whether it is right ("…율지리 56번지 맞으실까요?", "…でよろしいでしょうか。")
_BEFORE_TAIL = lazy(r"^(?P<v>[^?？]{3,120}?)\s{0,3}(?:(?:이|가)\s{0,3})?"
                    r"맞(?:으실까요|을까요|으시죠|으신가요|나요|죠|습니까|으세요)|^(?P<j>[^?？]{2,120}?)\s{0,3}(?:で|に)?(?:(?:よろしい|宜しい)(?:です|でしょう)か|"
                    r"お間違い(?:ない|ありません|ございません)|合って(?:い)?ます)")
# what leads the value in the sentence, taken off it: "확인해 보니 ", "정리하면 ", "도로명으로는 ", "네, ",
# "新しいご住所は"
# one blank before "is"/"as": ".*" takes any more (a \s+ there was tried to the end of every run of blanks)
_LEAD = lazy(r"^.*(?:보니\s+|하면\s+|으로는\s+|로는\s+|(?:주소|거주지|지역|성함|이름|번호|메일)(?:는|은)\s+|"
             r"(?:住所|住まい|お名前|名前|番号|アドレス|地域|送付先|お届け先)(?:は|を)|\sis\s+|\sas\s+)")
# ... or, where no such words lead it, a short opening without a figure before the first comma ("네, ",
# "確認しました、"): a comma inside the value ("인천 남동구 예술로 250, 1층 카페온도") is no lead — cut at the last
# comma, the address was read as "1층 카페온도"
_LEAD_BEFORE_COMMA = lazy(r"^[^,、\d]{1,20}(?:,\s*|、)")
# the slots a read-back gives in words (a town, a street address, a name, a plan…); e-mails, phones and codes are
# read by their shape
_IN_WORDS = frozenset({"address", "residence", "name", "tier", "delivery_place", "delivery_time", "contact_channel",
                       "language", "subscription"})
# an offer to call the customer back puts no value of theirs ("Shall I have someone call you back on 07700 900123?")
_CALL_BACK = lazy(r"\b(?:call|ring|phone) (?:you|them|him|her) back\b|\bcall-?back\b|콜백|다시 (?:전화|연락)|"
                  r"전화(?:를)? 다시|折り返し", re.I)

# "Anything else?", "Is there anything else I can help with?", "다른 문의 있으실까요?", "他に何かございますか？": a yes
# answers that question, not the value put before it
_ANYTHING_ELSE = lazy(r"\b(?:anything|something) else\b|\b(?:can|may) i help (?:you )?with\b|"
                      r"다른 (?:문의|궁금|필요|건)|더 (?:필요|궁금|문의|도와)|他に|ほかに", re.I)


def asks_anything_else(question: str) -> bool:
    """The agent's question asks whether the customer needs anything else: a yes to it agrees to no value."""
    return bool(_ANYTHING_ELSE.search(question))


def offers_call_back(text: str) -> bool:
    """The agent offers to call the customer back: a number in it is where to call, not the customer's new number."""
    return bool(_CALL_BACK.search(text))


def asks_to_confirm(text: str) -> bool:
    """The agent's words ask the customer to confirm what they put ("Is that correct?", "맞으실까요?",
    "でよろしいでしょうか"), or point back at it in a proposal ("Shall I send your plants there?")."""
    return bool(_ASKS_TO_CONFIRM.search(text) or _POINTS_BACK.search(text))


def read_back_spans(sentences: list[str]) -> list[str]:
    """The values the agent's ``sentences`` put for confirmation, the last first: quoted, after a colon (or on the line
    after a line ending in one), or before a tail asking whether it is right, without what leads them."""
    found: list[str] = []
    for index, sentence in enumerate(sentences):
        quoted = [m.group("v").strip() for m in _QUOTED.finditer(sentence)]
        if quoted:
            found.extend(quoted)
            continue
        if _ENDS_WITH_COLON.search(sentence) and index + 1 < len(sentences):
            found.append(sentences[index + 1].strip().rstrip(".。"))
            continue
        after = _AFTER_COLON.search(sentence)
        if after is not None:
            found.append(after.group("v").strip())
            continue
        tail = _BEFORE_TAIL.search(sentence.strip())
        if tail is not None:
            value = (tail.group("v") or tail.group("j") or "").strip()
            led = _LEAD.sub("", value)
            value = (led if led != value else _LEAD_BEFORE_COMMA.sub("", value)).strip(" ,、")
            if len(value) >= 2:
                found.append(value)
    return [value for value in reversed(found) if value]


def read_back(agent_words: str, *, context: str = "") -> Slot | None:
    """The value ``agent_words`` read back for the customer to confirm, in its slot, else ``None``.

    ``agent_words``: the agent's last sentences, the question asking to confirm among them (mail furniture taken
    off); ``context``: the customer's words just before ("new address for the domain is …", "새 집은 …"). The slot
    is the one the value is read in by its shape or frame (``find_slot``), else the one the agent's words name ("Is
    that the full delivery address?", "새 주소를", "ご住所"), else the one the customer's words before name; a town
    told without a street number is a residence."""
    if not asks_to_confirm(agent_words) or offers_call_back(agent_words):
        return None
    sentences = [s for s in (m.strip() for m in _SENTENCES.split(agent_words)) if s]
    named = [name for name in (*named_slots(agent_words), *named_slots(context)) if name in _IN_WORDS]
    for value in read_back_spans(sentences):
        slot = find_slot(value)
        if slot is not None and not slot.learned and (slot.name not in ("name", "residence") or slot.name in named):
            return slot
        if slot is None or slot.learned:
            shaped = shape_put(value)
            if shaped is not None:
                return shaped
        if not named:
            continue
        name = named[0]
        if name in ("address", "residence"):
            # a street with its number or its parts ("Flat 2, The Old Bakery, …") is an address, a town alone a home
            name = "address" if any(ch.isdigit() for ch in value) or "," in value or "、" in value else "residence"
        value = normalised_value(name, value)
        if value and len(value) <= 80:
            return Slot(name, value)
    return None
