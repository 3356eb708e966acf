"""Judgement: what a grounded candidate does to memory — ADD, UPDATE, DELETE or NONE.

The deterministic rules, applied in this order against the similar active facts found by search
(and the facts added earlier in the same run):

- NONE: an active fact of the same kind says the same thing — equal after normalisation, or a
  near duplicate (content-term overlap ≥ ``NEAR_DUPLICATE``); for dated kinds (event, decision,
  request) only when it is about the same day, because the same request on another day is a new
  event (and evidence for a trait). Also an attribute or preference restating the value of an
  every-conversation slot (name, language, tier, accessibility) that an active fact already holds.
- DELETE: the candidate takes something back ("I no longer…", "더 이상…", "もう…ない") and an
  active fact shares its slot, or enough of its terms (≥ ``RETRACT_MATCH``), or names a standing
  wish by part of it (``_wish_named``: "drop the coffee subscription", words compared in any of their
  forms: "gift-wrapping" names "gift-wrap"; the retracting clause is read before the whole message,
  and a wish stored as an event needs two shared words); that fact becomes
  ``retracted``. A retraction with nothing to retract is added as a plain statement. Taking back an
  email, phone, address or name while giving another one is an UPDATE, not a DELETE.
- UPDATE: the candidate fills the same slot (residence, name, language, tier…) as an active fact
  with another value, or corrects it ("actually…", "이제는…", "今は…") with term overlap ≥
  ``CORRECTION_MATCH``; the old fact becomes ``replaced`` and is linked to the new one. An order or
  reference code one swap or one or two characters from one the customer gave is the same code
  mistyped (``_near_twin``), even without a correction word; a correction giving a value one
  character from any slot value the customer gave ("渡邊健太です" after "渡辺健太") corrects it
  (``_corrected_twin``). A single-valued slot's new value said in a clause that takes nothing back
  ("we moved to Tucson so the snow isn't a problem anymore") is an UPDATE, not a DELETE.
- ADD otherwise.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from mem.core.text import normalise, similarity
from mem.core.text import terms as content_terms
from mem.customers import contact_hours, kinds
from mem.customers.fact_candidates import Candidate
from mem.customers.fact_record import Evidence, Fact
from mem.customers.slots import (
    SINGLE_VALUED,
    Slot,
    any_time,
    cue_slot,
    disowned_words,
    find_slot,
    restores_earlier,
    same_shape,
    sets_aside,
    shape_values,
    slot_of,
)

ACTIONS = ("ADD", "UPDATE", "DELETE", "NONE")
# the reason a retraction is stored as a fact of its own: what it would take back may be imported after it
# (``time_order.waiting_retractions`` finds such retractions by this reason in the facts' history)
NOTHING_TO_RETRACT = "retraction with nothing to retract"
NEAR_DUPLICATE = 0.85
RETRACT_MATCH = 0.4
CORRECTION_MATCH = 0.5
# a retraction naming a standing wish by part of it: this share of the shorter one's content words
WISH_SHARE = 0.25
_DATED = ("event", "decision", "request")
_LASTING = ("attribute", "preference")


@dataclass(frozen=True)
class Judgement:
    """The decision for one candidate: the action, the existing fact it touches, and why."""

    action: str
    target: Fact | None = None
    reason: str = ""
    # more held facts the new one replaces: values of other slots the same words give by their shape ("Fresh handset …
    # and email …" changes both)
    also: tuple[Fact, ...] = ()
    # a DELETE that undoes a change: the fact the target replaced holds again ("so back to the original one please"
    # after "new phone number, 07700 900927")
    restore: bool = False

    def __post_init__(self) -> None:
        if self.action in ("UPDATE", "DELETE") and self.target is None:
            raise ValueError(f"a {self.action} judgement must name the fact it changes")


def judge(candidate: Candidate, similar: Sequence[Fact]) -> Judgement:
    """Decide ADD / UPDATE / DELETE / NONE for ``candidate`` against ``similar`` facts."""
    if candidate.furniture:
        return _furniture_judgement(candidate, similar)
    judgement = _judge(candidate, similar)
    if judgement.action not in ("ADD", "UPDATE") or not candidate.shapes:
        return judgement
    active = [f for f in similar if f.status == "active" and f.kind != "trait"]
    shaped = _replaced_by_shape(candidate, active, judgement.target)
    if not shaped:
        return judgement
    if judgement.action == "ADD":
        (first, reason), *rest = shaped
        return Judgement("UPDATE", first, reason, also=tuple(fact for fact, _ in rest))
    return dataclasses.replace(judgement, also=tuple(fact for fact, _ in shaped))


def _furniture_judgement(candidate: Candidate, similar: Sequence[Fact]) -> Judgement:
    """A signature line ("felix.brandt@example.com | 07700 900392", "CC: lewis@…") restates the customer's details
    under every e-mail, whatever the body says: it never replaces a held value — not even one the body of the same
    e-mail has just changed — nor restates it. It is added only when the customer holds no value of its slots."""
    active = [f for f in similar if f.status == "active" and f.kind != "trait"]
    names = {value.name for value in candidate.shapes}
    if candidate.slot is not None and not candidate.slot.learned:
        names.add(candidate.slot.name)
    for fact in active:
        if any(_held_values(fact, name) for name in names):
            return Judgement("NONE", fact, "a signature restates the customer's details; it changes none")
    duplicate = _duplicate(candidate, active)
    if duplicate is not None:
        return Judgement("NONE", duplicate, "same as an existing fact")
    return Judgement("ADD", None, "new (a signature's value no fact holds)")


def _replaced_by_shape(candidate: Candidate, active: Sequence[Fact], target: Fact | None) -> list[tuple[Fact, str]]:
    """The held facts a value of the candidate's, known by its shape (``Candidate.shapes``), replaces — whatever frame
    told either: the customer's latest fact holding a value of that slot by its shape or by a rule, when the value
    differs. An e-mail or a phone holds one value at a time; a code is one of many, replaced only by one of its own
    shape one or two characters off (a code mistyped) or in words that correct it. The candidate's own slot is
    judged by its rules (``_slot_judgement``), a value added beside the held one replaces nothing."""
    speaker = _speaker(candidate.evidence)
    words = _candidate_words(candidate)
    if adds_another(words):
        return []
    own = candidate.slot.name if candidate.slot is not None and not candidate.slot.learned else None
    if candidate.agreement and target is None:
        # the value the agent put and the customer agreed to replaces one held in words no rule reads ("Number is
        # GC-55817, …" → "…, GC-58517 - is that the one?" – "That's it yes")
        own = None
    elif own == "order" and target is None:
        # a code is one of many: where no held fact of the slot was read by a rule ("I'm chasing my solar order the
        # number's SOL-40718"), the one held by its shape is replaced by its twin, as below, or in words correcting it
        own = None
    replaced: list[tuple[Fact, str]] = []
    seen = {target.id} if target is not None else set()
    for name in dict.fromkeys(value.name for value in candidate.shapes if value.name != own):
        given = [value.value for value in candidate.shapes if value.name == name]
        holders = sorted(((fact, held) for fact in active if fact.id not in seen
                          and _speaker(fact.evidence) == speaker and not _same_conversation(fact, candidate)
                          and (held := _held_values(fact, name))),
                         key=lambda pair: (pair[0].when or date.min, pair[0].id), reverse=True)
        if not holders:
            continue
        fact, held = holders[0]
        new = next((value for value in given if value not in held), None)
        if new is None:
            continue  # the value held, named again
        old = held[0]
        if name == "order" and not (same_shape(old, new) and (_near_twin(old, new) or candidate.correction)):
            continue
        if name == "order" and not candidate.correction and another_of_many(words, new):
            continue  # "I also have order SOL-40781": a second code beside the first, however alike
        seen.add(fact.id)
        replaced.append((fact, f"new {name} (by its shape): {old} → {new}"))
    return replaced


def _held_values(fact: Fact, name: str) -> list[str]:
    """The values of slot ``name`` a fact holds in the customer's words: by their shape, or as the slot a rule reads."""
    words = _customer_words(fact)
    held = [value.value for value in shape_values(words) if value.name == name]
    slot = slot_of(fact)
    if slot is not None and slot.name == name and not slot.learned and slot.value not in held:
        held.append(slot.value)
    return held


def _judge(candidate: Candidate, similar: Sequence[Fact]) -> Judgement:
    active = [f for f in similar if f.status == "active" and f.kind != "trait"]
    if candidate.retraction and _OLD_VALUE.search(_candidate_words(candidate)):
        # "번호 바뀌었어요~ 이제 010-7742-9031로 연락 주세요. 예전 번호는 해지했어요.", "新しい番号は…です。前の番号は
        # もう使えません": what is called the old value is not the one given in the same conversation — that is the
        # new one; the old one was replaced already (or, said in an earlier conversation, is still active)
        active = [f for f in active if not _same_conversation(f, candidate)]
    back = _back_to_replaced(candidate, similar, active)
    if back is not None:
        return back
    duplicate = _duplicate(candidate, active)
    if duplicate is not None:
        return Judgement("NONE", duplicate, "same as an existing fact")
    if candidate.slot is None and any_time(_candidate_words(candidate)):
        # "이제 시간 상관없어요! 아무 때나 편하실 때 갖다 주세요", "もう午前指定じゃなくて大丈夫です": the delivery time
        # held is wished no more (a new time given is read as the slot's new value above)
        held = _held_in_slot(candidate, active, "delivery_time")
        if held is not None:
            return Judgement("DELETE", held, "the customer takes deliveries at any time now")
    if (candidate.slot is None or candidate.slot.name == "contact_channel") \
            and contact_hours.lifts_limit(_candidate_words(candidate)):
        # "Call whenever you like now, the early-morning thing doesn't apply any more", "土日でも連絡して大丈夫です"
        # after "please don't call before 9am", "土日は連絡しないでください": the limit on when to get in touch is
        # lifted
        # ("ring me whenever" names the phone as well: a channel held before is judged as the channel first)
        held = _contact_limit(candidate, active)
        if held is not None and (candidate.slot is None
                                 or _slot_judgement(candidate, candidate.slot, active) is None):
            return Judgement("DELETE", held, "the customer may be contacted at the time once left out")
    if candidate.slot is not None:
        slotted = _slot_judgement(candidate, candidate.slot, active)
        if slotted is not None:
            return slotted
    if candidate.retraction:
        # the clause that takes something back names it ("No need to text me about delays anymore, I'll check the
        # tracking page": the reason after it shares words with other facts); "前にお願いした件は取り消します"
        # names nothing, so the whole message is read next
        clause = _taking_back(candidate)
        # "아 전에 영수증 빼 달라고 했던 거요, 이제는 그냥 넣어 주셔도 돼요", "以前お願いしたのし紙の件ですが、
        # もう付けなくて大丈夫です": the wish is named where the customer refers back to what they asked before
        target = _wish_referred_to(candidate, active)
        if target is None and clause:
            target = _best(candidate, active, RETRACT_MATCH, kinds=_LASTING + _DATED, text=clause) \
                or _wish_sharing_named(clause, candidate.lang, active)
        target = target or _best(candidate, active, RETRACT_MATCH, kinds=_LASTING + _DATED) \
            or _wish_named(candidate, active) or _slot_named(candidate, active) or _turned_around(candidate, active)
        if target is not None and target.supersedes is None and sets_aside(_candidate_words(candidate)):
            # "乗り換えやめました笑 番号そのままです": the switch the customer spoke of is given up, the number held
            # (no change of it to take back) stays
            return Judgement("ADD", None, "a change set aside: the value held stays")
        if target is not None:
            return Judgement("DELETE", target, "the customer took it back", restore=_undoes_change(candidate, target))
        return Judgement("ADD", None, NOTHING_TO_RETRACT)
    if candidate.slot is None:
        target = _turned_around(candidate, active)
        if target is not None:
            return Judgement("DELETE", target, "the customer gave leave against their standing wish")
        if not candidate.shapes:
            target = _change_gone_back_on(candidate, active)
            if target is not None:
                return Judgement("DELETE", target, "the customer went back to the value held before the change",
                                 restore=True)
    if candidate.correction:
        target = _best(candidate, [f for f in active if f.kind == candidate.kind], CORRECTION_MATCH)
        if target is not None:
            return Judgement("UPDATE", target, "the customer corrected it")
        twin = _corrected_twin(candidate, active)
        if twin is not None:
            return twin
    if not candidate.retraction:
        disowned = _disowned(candidate, active)
        if disowned is not None:
            return disowned
    return Judgement("ADD", None, "new")


def _undoes_change(candidate: Candidate, target: Fact) -> bool:
    """Taking back ``target``, a change told in an earlier conversation, asks for the value it replaced ("so back to
    the original one please, the 927 one won't work anymore", "やっぱり元に戻してください"): that value holds again."""
    return target.supersedes is not None and not _same_conversation(target, candidate) \
        and restores_earlier(_candidate_words(candidate))


def _back_to_replaced(candidate: Candidate, similar: Sequence[Fact], active: Sequence[Fact]) -> Judgement | None:
    """A value asked for again as it was before a change ("다시 원래대로 해주세요 … 오전이 편해요" after "오전에 배송"
    was changed to "저녁 배송" in an earlier conversation): the change is taken back and the fact it replaced holds
    again — when the value is the one that fact held (``similar`` holds the replaced fact: ``extract._similar`` adds
    it for a message asking to go back)."""
    new = candidate.slot
    if new is None or new.learned or candidate.retraction or not restores_earlier(_candidate_words(candidate)):
        return None
    speaker = _speaker(candidate.evidence)
    replaced = {f.id: f for f in similar if f.status == "replaced"}
    for fact in sorted(active, key=lambda f: (f.when or date.min, f.id), reverse=True):
        slot = slot_of(fact)
        if fact.supersedes is None or slot is None or not _same_slot(slot, new) or _speaker(fact.evidence) != speaker \
                or _same_conversation(fact, candidate):
            continue
        earlier = replaced.get(fact.supersedes)
        held = slot_of(earlier) if earlier is not None and earlier.superseded_by == fact.id else None
        if held is not None and held.value == new.value:
            return Judgement("DELETE", fact, f"the customer went back to their {new.name}: {slot.value} → {new.value}",
                             restore=True)
        return None  # the latest change is of another value
    return None


def _contact_limit(candidate: Candidate, active: Sequence[Fact]) -> Fact | None:
    """The same speaker's latest wish of an earlier conversation limiting when they are contacted, that the
    candidate's leave lifts (``contact_hours``)."""
    speaker, words = _speaker(candidate.evidence), _candidate_words(candidate)
    limits = [f for f in active if f.kind in ("request", "preference", "decision", "event")
              and _speaker(f.evidence) == speaker and not _same_conversation(f, candidate)
              and contact_hours.limits_contact(_customer_words(f))
              and contact_hours.lifted_by(_customer_words(f), words)]
    return max(limits, key=lambda f: (f.when or date.min, f.id), default=None)


def _change_gone_back_on(candidate: Candidate, active: Sequence[Fact]) -> Fact | None:
    """The change a message naming no value goes back on ("원래대로 해주세요~" after "이번달부터 경비실에 맡겨주세요"):
    the customer's latest fact of an earlier conversation that replaced a value of a slot (the slot the message
    names, when it names one)."""
    words = _candidate_words(candidate)
    if not restores_earlier(words):
        return None
    speaker, named = _speaker(candidate.evidence), cue_slot(words)
    changes = [f for f in active if f.supersedes is not None and f.kind != "trait" and _speaker(f.evidence) == speaker
               and not _same_conversation(f, candidate) and (slot := slot_of(f)) is not None
               and (named is None or _same_slot(slot, Slot(named, "")))]
    return max(changes, key=lambda f: (f.when or date.min, f.id), default=None)


def _slot_judgement(candidate: Candidate, new: Slot, active: Sequence[Fact]) -> Judgement | None:
    """UPDATE / DELETE / NONE against the same person's latest fact filling the candidate's slot.

    Any kind counts: "Please ship to 7 Elm Avenue" agreed by the agent is an address as much as
    "my address is…", and a later address replaces the agreement too (it stays in history). A
    single-valued slot (residence, email, plan…) holds one value, so another value replaces it; an
    order number or a subscription is one of many, so only a correction or a retraction touches it.
    """
    speaker = _speaker(candidate.evidence)
    same = [(fact, slot) for fact in active
            if (slot := slot_of(fact)) is not None and _same_slot(slot, new) and _speaker(fact.evidence) == speaker]
    if not same:
        return None if new.learned else _moved_house(candidate, new, active, speaker)
    # the latest value first: what the customer said most recently is what is replaced
    same.sort(key=lambda pair: (pair[0].when or date.min, pair[0].id), reverse=True)  # ids sort by creation
    single = new.name in SINGLE_VALUED
    if new.learned:
        # placed by the learned recogniser (slot_model), which names no value: a later sentence in a single-valued
        # slot that is no near duplicate of the latest (``_duplicate`` came first) says another value of it
        if not single:
            return None
        if adds_another(_candidate_words(candidate)):
            return Judgement("ADD", None, f"another {new.name} beside the one held (learned slot)")
        fact, held = same[0]
        if not held.learned and _same_conversation(fact, candidate):
            # "메일 주소도 minsu.lee@daum.net 으로 바뀌었어요. 앞으로 영수증은 그쪽으로 보내주시면 됩니다", "福岡で
            # 暮らしています。転勤でした。": a sentence after a value the rules read, in the same conversation, goes on
            # about that value (a reason, "there") — the model, which names no value, cannot say it changed again
            return Judgement("ADD", None, f"goes on about the {new.name} just given: {held.value}")
        words = _candidate_words(candidate)
        if not held.learned and held.value.lower() in words.lower() and not (
                candidate.retraction or candidate.correction):
            # "…English please from now on" after "英語で返信してもらえますか": the value held, named again — the
            # model cannot tell it changed
            return Judgement("ADD", None, f"names the {new.name} held: {held.value}")
        return Judgement("UPDATE", fact, f"new {new.name} (learned slot)")
    matching = [(fact, slot) for fact, slot in same if slot.value == new.value]
    if candidate.agreement and not single and not candidate.retraction:
        # "The blender from order SO-4411 stopped working. Could you refund 50% of order SO-4411?" → "Yes, we agree
        # to refund 50% of order SO-4411.": the service's promise about an order the customer named before is no
        # restatement of the words that named it — it was judged "unchanged" and lost (newuser28 #8). Only an
        # agreement already held on that order says the same
        matching = [(fact, slot) for fact, slot in matching if fact.agreement]
    if candidate.retraction and not _says_new_value(candidate, new):
        # "stop sending those product emails" after "sign me up for the weekly product newsletter": one of
        # many values is taken back by another name — the only one held, or the one most like it
        others = sorted(same, key=lambda pair: similarity(_customer_words(pair[0]), candidate.text), reverse=True)
        nearest = [] if single or not others or (len(others) > 1 and similarity(
            _customer_words(others[0][0]), candidate.text) == 0.0) else others[:1]
        if not matching and new.name in ("email", "phone", "address", "name") and same:
            # "그 지메일 이제 안 써요 hana.park@kakao.com 으로 보내주세요": taking the old one back while
            # giving another value is an update, not a deletion that would lose the new value
            fact, slot = same[0]
            return Judgement("UPDATE", fact, f"new {new.name}: {slot.value} → {new.value}")
        taken_back = matching or (same if single else nearest)
        if taken_back:
            fact, slot = taken_back[0]
            return Judgement("DELETE", fact, f"the customer took back their {new.name}: {slot.value}")
        return None
    if matching and (single or not candidate.correction):
        fact = matching[0][0]
        return Judgement("NONE", fact, f"same {new.name} as an existing fact: {new.value}")
    if single and new.name in _MANY_AT_ONCE and adds_another(_candidate_words(candidate)):
        # "could you add my work address as a second option?", "こちらも届け先として追加して": a value added beside
        # the one held — the first stays where it was
        return Judgement("ADD", None, f"another {new.name} beside {same[0][1].value}: {new.value}")
    if single or candidate.correction:
        fact, slot = same[0]
        if slot.value != new.value:
            return Judgement("UPDATE", fact, f"new {new.name}: {slot.value} → {new.value}")
    twins = [(fact, slot) for fact, slot in same if _near_twin(slot.value, new.value)]
    if twins and another_of_many(_candidate_words(candidate), new.value):
        return Judgement("ADD", None, f"another {new.name} beside {twins[0][1].value}: {new.value}")
    if twins:
        # "20261104-8821" after "20261104-8812": two digits swapped is the same order mistyped, not a
        # second order (the correction itself may have been said a turn earlier: "that number was wrong")
        fact, slot = twins[0]
        return Judgement("UPDATE", fact, f"corrected {new.name}: {slot.value} → {new.value}")
    return None


_DELIVERY = frozenset({"delivery_place", "delivery_time"})


def _same_slot(held: Slot, new: Slot) -> bool:
    """The same slot; the learned recogniser has one class for deliveries, the rules two (where and when)."""
    return held.name == new.name or (held.learned or new.learned) and {held.name, new.name} <= _DELIVERY


# Slots of which a customer may keep a second value on purpose (a work address, a spouse's number), when they
# say they add it: the verb of adding, a second / another one, or the additive particle with the slot's role
# ("こちらも届け先として", "여기도 배송지로"). Not when the same words drop the first one ("instead", "remove").
_MANY_AT_ONCE = frozenset({"address", "phone", "email", "delivery_place"})
_ADDED = re.compile(r"\badd(?:ed|ing)?\b(?! that\b)|"
                    r"\b(?:second|secondary|additional|extra|alternative|backup|another)\s+"
                    r"(?:\w+\s+)?(?:address|option|number|e-?mail|delivery|shipping|place|one)\b|"
                    r"추가|하나\s*더|(?:도|も)\s*(?:배송지|주소|번호|届け先|配送先|送り先|住所|番号)(?:로|として)|"
                    r"追加|もう(?:一つ|1つ|ひとつ|一か所|1か所)", re.I)
_DROPS_FIRST = re.compile(r"\b(?:instead|remove|delete|replace|no longer|not use|stop using)\b|대신|삭제|지워|빼|"
                          r"代わり|削除|消して|外して", re.I)


def adds_another(words: str) -> bool:
    """The value is said to be added beside the one held — not a move or a new address ("please add my new
    address"), which replaces it."""
    return bool(_ADDED.search(words)) and not _DROPS_FIRST.search(words) and not _MOVE.search(words) \
        and not _NEW_ADDRESS.search(words)


# A code said to be one more the customer has, beside the one held — not the held one mistyped, however alike the two
# look ("58312" after "58321"): the additive word stands with the order's noun ("another order", "a second
# booking", "다른 주문", "주문 하나 더", "別の注文", "もう一つ注文"), with having one ("I also have", "I've got
# another"), or on the code itself ("58312 too", "58312도", "58312も"). A correction (``Candidate.correction``) is
# read before it.
_ORDER_NOUN = r"(?:order|booking|reservation|ticket|parcel|purchase|shipment|reference)s?"
_ANOTHER_ORDER = re.compile(
    rf"\b(?:another|second|other|different|separate|one more|an extra)\s+(?:\w+\s+)?{_ORDER_NOUN}\b|"
    r"\balso\s+(?:have|had|got|placed|made|ordered|booked|bought)\b|"
    r"\b(?:have|had|got|placed|made)\s+(?:another|a second|one more)\b|"
    r"(?:다른|두\s*번째|별도의?|별개의?)\s*주문|주문(?:을|이|도)?\s*(?:하나|한\s*개|한\s*건|1\s*건)\s*더|주문도|"
    r"(?:別の|他の|ほかの|二つ目の|2つ目の)(?:ご)?注文|もう(?:一つ|1つ|ひとつ|一件|1件)の?(?:ご)?注文|"
    r"(?:ご)?注文(?:が|を)?もう(?:一つ|1つ|ひとつ|一件|1件)|注文も", re.I)
# the particle alone, not a word it opens: "58312 도착했나요?" (arrived), "58312もう届きましたか" (already), "58312, too
# late to cancel?" ask about the one order
_ON_THE_CODE = (r"(?:번|번호)?\s*(?:도(?:요|(?![가-힣]))|も(?![うっ]))"
                r"|,?\s+(?:too|as well)\b(?!\s+(?:late|early|long|soon|much|many|slow|far|expensive)\b)")


def another_of_many(words: str, value: str) -> bool:
    """``value``, a code of a slot of many (an order, a booking), is said to be another one beside the one held."""
    if _DROPS_FIRST.search(words):
        return False  # "use 58312 instead"
    return bool(_ANOTHER_ORDER.search(words)) or any(
        re.match(_ON_THE_CODE, words[match.end():]) for match in re.finditer(re.escape(value), words, re.I))


# A street address given as the new home: a move, or a new address that names its town ("새 주소는 부산시 …",
# "新しい住所は福岡県…", "New address: 4 Park Row, York")
_MOVE = re.compile(r"\b(?:moved|relocated|moving house|new (?:home|place|flat|house|apartment))\b|이사|이전했|새\s*집|"
                   r"転居|引っ越|引越|新居", re.I)
_NEW_ADDRESS = re.compile(r"\bnew (?:home |postal |mailing )?address\b|새\s*주소|새로운 주소|新しい住所|新住所|"
                          # the customer's own address said to change ("My address has changed: …", "주소가
                          # 바뀌었어요: …", "住所変更です。…になりました") — not a delivery address, nor a company's
                          # or a relative's ("배송 주소가 바뀌었어요", "会社の住所が変わりました")
                          r"\b(?:my|our) (?:home |postal |mailing )?address(?: has|'s| have)? (?:changed|moved)\b|"
                          r"\b(?:changed|updated) (?:my|our) (?:home |postal )?address\b|"
                          r"(?:^|[.!?,:]\s*|(?:제|저희|우리|집)\s*)주소(?:가|를|이|는)?\s*(?:바뀌|바꿨|변경)|"
                          r"(?:^|[。、！？]\s*|私の|僕の|うちの|自宅の)住所(?:が|を|は)?\s*(?:変わ|変更)", re.I)


def _moved_house(candidate: Candidate, new: Slot, active: Sequence[Fact], speaker: str | None) -> Judgement | None:
    """A new street address told as a move replaces the town the customer said they live in ("I live in Leeds" →
    "We've moved to 4 Park Row, York"; "저는 대전에 살아요" → "이사했어요. 새 주소는 부산시 …") unless the message
    names that town. Only when no address was given before: an earlier address is what the new one replaces.
    The other way round too (``_moved_town``): a move to another town replaces the street address held."""
    if new.name == "residence":
        return _moved_town(candidate, new, active, speaker)
    if new.name != "address":
        return None
    words = _candidate_words(candidate)
    names_town = "," in new.value or not new.value.isascii()
    if not (_MOVE.search(words) or names_town and _NEW_ADDRESS.search(words)):
        return None
    homes = [f for f in active if (slot := slot_of(f)) is not None and slot.name == "residence"
             and _speaker(f.evidence) == speaker]
    if not homes:
        return None
    home = max(homes, key=lambda f: (f.when or date.min, f.id))
    town = slot_of(home)
    if town is None or town.value.lower() in words.lower():
        return None  # the same town, named after the street ("2 Valley Drive, Harrogate") or within it
    return Judgement("UPDATE", home, f"moved to a new address: {town.value} → {new.value}")


# a move told as done ("I've moved to Seattle", "대전으로 이사했어요", "引っ越しました"), not one to come or heard of
# ("이모가 곧 소사동 쪽으로 이사 가신대요", "we might move")
_MOVED = re.compile(r"\b(?:i|we)(?:'ve| have)?\s{1,3}(?:just\s{1,3}|now\s{1,3}|recently\s{1,3})?(?:moved|relocated)\b"
                    r"|이사(?:했|왔|를 했|를 왔)|引っ越(?:しました|した|してきました)|転居しました", re.I)


def _moved_town(candidate: Candidate, new: Slot, active: Sequence[Fact], speaker: str | None) -> Judgement | None:
    """A move to another town ("Actually I've moved to Seattle, 500 Pine St", "저 이제 대전으로 이사했어요",
    "大阪に引っ越しました") replaces the street address the customer last gave ("I live at 14 Harbor Lane, Portland
    now"): the old and the new home were both active, side by side in every answer (new-user report 22 #13). Only
    a move the customer tells as done, and only when the held address is not in that town."""
    words = _candidate_words(candidate)
    if not _MOVED.search(words):
        return None
    homes = [f for f in active if (slot := slot_of(f)) is not None and slot.name == "address"
             and _speaker(f.evidence) == speaker]
    if not homes:
        return None
    home = max(homes, key=lambda f: (f.when or date.min, f.id))
    street = slot_of(home)
    if street is None or new.value.lower() in street.value.lower():
        return None  # "I live in Portland" after "14 Harbor Lane, Portland": the same town
    return Judgement("UPDATE", home, f"moved to another town: {street.value} → {new.value}")


# Where a customer's message divides into clauses: a retraction names what it takes back in its own clause (a
# spaced dash too, as ``statements`` cuts them: "don't leave stuff by the shed anymore - someone nicked a load of
# copper pipe": the reason after the dash names nothing taken back)
_CLAUSE = re.compile(r"(?:(?<!\s)|(?!\s))(?:[,;:、，.!?。！？]+\s*|\s+[—–-]\s+|"
                     r"\s+(?:but|so|because|since|and|though)\s+)", re.I)


def _clauses(text: str) -> list[str]:
    return [c for c in _CLAUSE.split(text) if c.strip()]


def _says_new_value(candidate: Candidate, new: Slot) -> bool:
    """The candidate's value stands in a clause that takes nothing back: "we moved down to Tucson last month
    so the snow isn't a problem anymore" gives a new city; "stop texting me" takes the channel back."""
    if new.name not in SINGLE_VALUED:
        return False
    clauses = _clauses(_candidate_words(candidate))
    holding = [c for c in clauses if new.value.lower() in c.lower()]
    if not holding and kinds.is_reversal(_candidate_words(candidate), lang=candidate.lang):
        # "다시 한국어로 해 주셔도 돼요" reverses a wish by giving a value again (said as "한국어", normalised
        # "Korean"): it is that value, not a deletion
        return any(find_slot(c) == new for c in clauses)
    return bool(holding) and not any(kinds.is_retraction(c, lang=candidate.lang) for c in holding)


def _candidate_words(candidate: Candidate) -> str:
    return " ".join(e.quote for e in candidate.evidence if e.role == "customer") or candidate.text


_COPULA = re.compile(r"(?:です|でした|でございます|입니다|이에요|예요|에요|이요|요)$")


# The value a retraction takes back is called the old one: "my old number", "예전 번호", "前の番号", "旧住所"
_OLD_VALUE = re.compile(r"\b(?:old|previous|former|earlier|last)\s+(?:\w+\s+)?(?:number|phone|mobile|cell|e-?mail|"
                        r"address|account|one)\b|예전|이전|기존|원래|옛날|전에 쓰던|전\s*(?:번호|주소|메일|이메일|폰)|"
                        r"前の|以前の|旧|古い|元の|今までの", re.I)


def _same_conversation(fact: Fact, candidate: Candidate) -> bool:
    logs = {e.log_id for e in candidate.evidence}
    return any(e.log_id in logs for e in fact.evidence)


def _same_turn(fact: Fact, candidate: Candidate) -> bool:
    turns = {(e.log_id, e.turn) for e in candidate.evidence if e.role == "customer"}
    return any((e.log_id, e.turn) in turns for e in fact.evidence if e.role == "customer")


def _corrected_twin(candidate: Candidate, active: Sequence[Fact]) -> Judgement | None:
    """A correction that gives a value one or two characters from a value the customer gave for a slot
    ("すみません、漢字が違いました。渡邊健太です。" after "登録名は渡辺健太です。"): the same slot, mistyped."""
    words = {_COPULA.sub("", w) for w in re.findall(r"[^\s,;:、，.!?。！？()「」]+", _candidate_words(candidate))}
    for fact in sorted(active, key=lambda f: (f.when or date.min, f.id), reverse=True):
        slot = slot_of(fact)
        if slot is None or _speaker(fact.evidence) != _speaker(candidate.evidence):
            continue
        for word in words:
            if word != slot.value and _one_slip(slot.value, word):
                return Judgement("UPDATE", fact, f"corrected {slot.name}: {slot.value} → {word}")
    return None


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")


def _disowned(candidate: Candidate, active: Sequence[Fact]) -> Judgement | None:
    """A statement naming a held value as not theirs ("이제 부산 아니고 울산이에요" after "저희 집은 부산이고…", "1203동
    아니고 1302동 502호예요!", "sorry, it's 58312 not 58321"): no word of mistake, no slot a rule reads, and still the
    value named is the one it replaces. The word must be part of a value the same customer gave in an earlier message
    — the slot a rule reads in that fact, a value of a shape, or a number of three digits or more anywhere in their
    words — and the sentence naming it no question."""
    words = _candidate_words(candidate)
    disowned = [w for sentence in _SENTENCE_END.split(words) if not kinds.is_question(sentence)
                for w in disowned_words(sentence, candidate.lang) if len(w) >= 2]
    if not disowned:
        return None
    speaker = _speaker(candidate.evidence)
    for fact in sorted(active, key=lambda f: (f.when or date.min, f.id), reverse=True):
        if _same_turn(fact, candidate) or _speaker(fact.evidence) != speaker:
            continue  # an earlier message of the same conversation counts ("…219 709호요 707 아니고" after "…707호")
        said = _customer_words(fact)
        slot = slot_of(fact)
        held = [v.value for v in shape_values(said)]
        if slot is not None and not slot.learned:
            held.append(slot.value)
        for word in disowned:
            # a number of three digits or more is the value wherever the customer gave it ("우동 1423번지로 되어
            # 있는지 확인 부탁드려요" fills no slot a rule reads); a word must be part of a value held
            if any(_part_of(word, value) and (value == word or value not in words) for value in held) \
                    or sum(c.isdigit() for c in word) >= 3 and _part_of(word, said):
                return Judgement("UPDATE", fact, f"named as not theirs: {word}")
    return None


def _part_of(word: str, value: str) -> bool:
    """``word`` inside ``value``, a number as a whole number ("45" is in "45 Marlowe Street", not in "07700 900145")."""
    if not any(c.isdigit() for c in word):
        return word in value
    at = value.find(word)
    while at >= 0:
        if not value[at - 1:at].isdigit() and not value[at + len(word):at + len(word) + 1].isdigit():
            return True
        at = value.find(word, at + 1)
    return False


def _one_slip(old: str, new: str) -> bool:
    """Equal length and one character apart (two for a code of five or more): "渡辺健太" / "渡邊健太"."""
    if len(old) != len(new) or len(old) < 3 or old.lower() == new.lower():
        return False
    return sum(a != b for a, b in zip(old.lower(), new.lower(), strict=True)) <= (2 if len(old) >= 5 else 1)


def _near_twin(old: str, new: str) -> bool:
    """Two codes of the same shape one or two characters apart (a swap, a wrong digit), or holding the same characters
    in another order: a code read out of order ("SOL-40718" / "SOL-47081", "EQ-530284" / "EQ-530842" — digits heard
    on a call, read off the wrong line, typed in a rush)."""
    if old == new or len(old) != len(new) or len(old) < 5:
        return False
    apart = [(a, b) for a, b in zip(old.upper(), new.upper(), strict=True) if a != b]
    if len(apart) <= 2 and all(a.isdigit() and b.isdigit() or frozenset((a, b)) in _LOOK_ALIKE for a, b in apart):
        return True  # a wrong digit, two swapped, or a letter read as the digit it looks like ("JR-55B-104": 8)
    return re.sub(r"\d", "9", old) == re.sub(r"\d", "9", new) and sorted(old) == sorted(new)


# a letter and the digit it is taken for, in print or on a call: "that's an eight not a B"
_LOOK_ALIKE = frozenset(frozenset(pair) for pair in ("B8", "O0", "I1", "S5", "Z2", "G6"))


# a mail's From: form, "Dana Whitfield <dana.w@example.com>" (an import keeps the header as the speaker): the person is
# the display name, as in the helpdesk's "Dana Whitfield" (new-user report 22 #13: the two were read as two people, so
# the September address replaced nothing of March's)
_MAILBOX = re.compile(r"^\s{0,5}\"?([^\"<>]{1,200}?)\"?\s{0,5}<[^<>@\s]{1,64}@[^<>\s]{1,255}>\s{0,5}$")


def _speaker(evidence: Sequence[Evidence]) -> str | None:
    speaker = next((e.speaker for e in evidence if e.role == "customer"), None)
    if speaker and "<" in speaker:
        mailbox = _MAILBOX.match(speaker)
        if mailbox:
            return mailbox.group(1).strip()
    return speaker


def _duplicate(candidate: Candidate, active: Sequence[Fact]) -> Fact | None:
    text = normalise(candidate.text)
    for fact in active:
        if fact.kind != candidate.kind:
            continue
        if candidate.kind in _DATED and fact.valid_at != candidate.valid_at:
            continue
        if normalise(fact.text) == text or similarity(fact.text, candidate.text) >= NEAR_DUPLICATE:
            return fact
    return None


def _wish_named(candidate: Candidate, facts: Sequence[Fact]) -> Fact | None:
    """The standing wish a retraction names by a part of it ("drop the coffee subscription" after "enrol
    me in the monthly coffee box", "필터 정기배송은 해지해 주세요"): the wish or agreement sharing the most
    content words with it, at least ``WISH_SHARE`` of the shorter one's. A short retraction shares too
    few words for the Jaccard overlap of ``_best``, which was written for restatements."""
    return _wish_sharing_named(candidate.text, candidate.lang, facts)


def _wish_sharing_named(text: str, lang: str, facts: Sequence[Fact]) -> Fact | None:
    """The wish a retraction names, read first without its words of taking back ("no need for the paper receipts
    anymore" → paper, receipt; "이제 포장은 따로 안 해 주셔도 돼요" → 포장…): counted with the wish's own words they
    outnumbered the one noun a short retraction shares with it. A pattern of taking back may hold what it takes
    back ("doesn't need to call ahead anymore"), so the whole text is read when the rest names nothing held."""
    named = _object_terms(kinds.without_taking_back(text, lang=lang))
    return (_wish_sharing(named, facts) if named else None) or _wish_sharing(_object_terms(text), facts)


def _held_in_slot(candidate: Candidate, active: Sequence[Fact], name: str) -> Fact | None:
    """The same speaker's latest active fact filling the slot ``name``."""
    speaker = _speaker(candidate.evidence)
    same = [f for f in active if (slot := slot_of(f)) is not None and slot.name == name
            and _speaker(f.evidence) == speaker]
    return max(same, key=lambda f: (f.when or date.min, f.id), default=None)


def _slot_named(candidate: Candidate, active: Sequence[Fact]) -> Fact | None:
    """The latest value of the single-valued slot a retraction names without a value ("예전 휴대폰 번호는
    해지했어요", "I don't use that email any more"): that value is the one taken back."""
    name = cue_slot(_candidate_words(candidate))
    if name is None or name not in SINGLE_VALUED:
        return None
    speaker = _speaker(candidate.evidence)
    same = [f for f in active if (slot := slot_of(f)) is not None and slot.name == name
            and _speaker(f.evidence) == speaker]
    return max(same, key=lambda f: (f.when or date.min, f.id), default=None)


# A reference back to a wish asked before, naming it: "以前お願いした<のし紙>の件", "전에 <영수증 빼> 달라고 했던 거",
# "the <gift wrap> I asked for before"
_BACK_REFERENCE = re.compile(
    r"(?:以前|前に|先日|この前|前回|最初に)(?:に)?(?:お願いし|頼ん|依頼し|申し込ん|言っ)(?:た|だ|ていた|でいた|てた|でた)"
    r"(?P<ja>[^、。！？]{1,20}?)(?:の件|のこと|について|って(?:件|やつ|の))"
    r"|(?:전에|예전에|지난번에|저번에|아까)\s*(?P<ko>[^,.!?]{1,30}?)\s*(?:해\s*)?(?:달라고|부탁|요청|말씀)[^,.!?]{0,10}?"
    r"(?:했던|드렸던|드린|한)\s*(?:거|것|건|부분)"
    r"|\bthe (?P<en>[\w -]{1,30}?) (?:i|we) (?:asked|requested|signed up) (?:for )?"
    r"(?:before|earlier|last time|previously)\b"
    # the matter named as the topic of its calling off, at the start of a clause: "置き配NGの件、もう大丈夫です"
    r"|(?:^|(?<=[、。！？\s]))(?P<ja2>[^、。！？\s]{2,12}?)(?:の件|のこと)(?:は|ですが|なんですが)?、?\s*"
    r"もう(?:大丈夫|結構|いい|十分)",
    re.I)
# the Japanese or Korean head of a word the reference names ("置き配" of "置き配NG"): the wish says it without the
# Latin letters the customer added ("NG", "OK")
_CJK_HEAD = re.compile(r"^[^\x00-\x7f]{2,}")
_KO_PARTICLE = re.compile(r"(?:은|는|을|를|이|가|도|만|좀)$")


def _wish_referred_to(candidate: Candidate, active: Sequence[Fact]) -> Fact | None:
    """The latest standing wish (a request, preference or agreement) holding a word of the one the retraction
    refers back to: the reference names what is taken back, however few words the rest shares with it."""
    found = _BACK_REFERENCE.search(_candidate_words(candidate))
    if found is None:
        return None
    named = next(v for v in found.groups() if v)
    said = set(content_terms(named))
    # Korean and Japanese name it by a word inside the wish's own ("영수증" in "영수증은", "のし紙" in "毎回のし紙を")
    words = [w for w in (_KO_PARTICLE.sub("", w) for w in named.split()) if len(w) >= 2 and not w.isascii()]
    words += [head.group() for w in words if (head := _CJK_HEAD.match(w)) and head.group() != w]
    # a wish told as an event ("置き配の写真を毎回送ってほしいです") counts when it asks for something lasting
    wishes = sorted((f for f in active if f.kind in ("request", "preference", "decision")
                     or f.kind == "event" and _LASTING_WISH.search(_customer_words(f))),
                    key=lambda f: (f.when or date.min, f.id), reverse=True)
    for fact in wishes:
        theirs = _customer_words(fact)
        if any(word in theirs for word in words) \
                or any(_same_word(a, b) for a in said if a.isascii() for b in content_terms(theirs)):
            return fact
    return None


def _taking_back(candidate: Candidate) -> str | None:
    """The clauses of a retraction that take something back, when the message says more than them."""
    clauses = _clauses(candidate.text)
    taking_back = [c for c in clauses if kinds.is_retraction(c, lang=candidate.lang)]
    return " ".join(taking_back) if taking_back and len(taking_back) < len(clauses) else None


def _wish_sharing(said: set[str], facts: Sequence[Fact]) -> Fact | None:
    best, best_shared = None, 0
    for fact in facts:
        if fact.kind not in ("request", "preference", "decision", "event"):
            continue
        theirs = _object_terms(_customer_words(fact))
        shared = sum(1 for term in said if any(_same_word(term, other) for other in theirs))
        # a wish told as an event ("Sign me up for the coffee bean subscription", "今後、確認電話は不要です", or
        # where deliveries are to be left: "just leave any deliveries round the side by the shed") asks for something
        # lasting and is named by two words or more; something that merely happened is no wish to take back
        if fact.kind == "event" and not _LASTING_WISH.search(_customer_words(fact)) \
                and not asks_where_left(_customer_words(fact)):
            continue
        # (a sign-up told as an event, "원두 정기배송 신청할게요", is as much a standing wish as a request: the one
        # noun it is about names it, "원두는 안 보내 주셔도 돼요" — unless the retraction is about a thing of its own
        # that the sign-up does not hold, "원두 포장 스티커는 안 붙여 주셔도 돼요")
        signs_up = fact.kind == "event" and _SIGNS_UP.search(_customer_words(fact)) is not None \
            and not _names_another_thing(said, theirs)
        enough = shared >= 2 if fact.kind == "event" and not signs_up else shared >= 1
        if enough and shared >= WISH_SHARE * min(len(said), len(theirs)) and shared > best_shared:
            best, best_shared = fact, shared
    return best


# A standing wish turned around by its polarity: what the customer asked the service not to do ("please don't
# tip the logs onto the lawn", "양파는 넣지 마세요", "椎茸は入れないでください") is taken back by leave to do it
# ("you can tip them there now", "양파 넣으셔도 돼요", "椎茸は入れてもらって大丈夫です"), and what they asked it to
# do ("always text me the day before") by leave not to ("문자는 생략하셔도 괜찮아요") — the two matched by the thing
# they are about, whatever frame told either.
# leave not to do something: a negation or an omission inside the leave ("안 주셔도", "생략하셔도", "なくても大丈夫")
_LEAVE_OFF = re.compile(r"\b(?:no need|not|don't|dont|do not|without|skip|stop|drop)\b|"
                        r"안\s*\S{0,20}(?:셔도|해도)|않아도|"
                        r"생략|빼도|없어도|(?:なく|ないで|なしで)(?:て)?も?\s*(?:大丈夫|いい|結構)|省略", re.I)
_FORBIDS = re.compile(r"\b(?:don't|dont|do not|never)\b|지\s*마(?:세요|시고|십시오|요)?|지\s*말아|빼\s*(?:주|달)|"
                      r"안\s+\S{1,20}(?:주셨으면|줬으면|했으면)|하지\s*않|ないで|ないように|(?:止め|やめ|控え)て|"
                      r"なくて(?:大丈夫|いい|結構)|不要", re.I)
_TURN_WORDS = re.compile("|".join(p.pattern for p in (kinds.LEAVE, _LEAVE_OFF, _FORBIDS)), re.I)


def _turned_around(candidate: Candidate, active: Sequence[Fact]) -> Fact | None:
    """The latest standing wish of the opposite polarity that the candidate's leave is about (``kinds.gives_leave``):
    leave to do what a wish forbade, or leave not to do what a wish asked for, sharing a word of what it is about."""
    words = _candidate_words(candidate)
    if not kinds.gives_leave(words):
        return None
    off = bool(_LEAVE_OFF.search(words))
    said = {t for t in _object_terms(_TURN_WORDS.sub(" ", words)) if len(t) >= (3 if t.isascii() else 2)}
    if not said:
        return None
    wishes = sorted((f for f in active if f.kind in ("request", "preference", "decision", "event")),
                    key=lambda f: (f.when or date.min, f.id), reverse=True)
    for fact in wishes:
        theirs = _customer_words(fact)
        if _same_conversation(fact, candidate) or bool(_FORBIDS.search(theirs)) == off:
            continue
        if off and fact.kind == "event" and not _LASTING_WISH.search(theirs):
            continue  # leave not to do something takes back a wish, not something that happened
        if any(_same_word(a, b) for a in said for b in _object_terms(_TURN_WORDS.sub(" ", theirs))):
            return fact
    return None


def _object_terms(text: str) -> set[str]:
    """The content terms of ``text``, a compound written with hyphens counted by its parts too: "the gutter cleaning"
    names "the fortnightly gutter-cleaning rounds", "the cheese boxes" "the cheese-of-the-month boxes" (the terms of
    a hyphenated word are one joined word, "guttercleaning", that shares nothing with "gutter" or "cleaning")."""
    said = set(content_terms(text))
    return said | set(content_terms(text.replace("-", " "))) if "-" in text else said


# What makes an event a standing wish: signing up for something, or a wish said for every time to come
_LASTING_WISH = re.compile(
    r"\b(?:sign(?:ed)? (?:me |us )?up|subscri\w*|enrol\w*|register\w*|from now on|going forward|every time|"
    # the other verbs of signing up: "put me down for the cheese box", "add us to the tasting club", "count me in"
    r"put (?:me|us) down for|add (?:me|us) to|count (?:me|us) in|"
    r"always|each time|whenever)\b|신청|등록|가입|구독|정기|앞으로|매번|항상|申し込|登録|定期|購読|今後|毎回|いつも",
    re.I)


# Where the delivered things are asked to be left, a wish for every delivery to come: "just leave any deliveries
# round the side by the shed", "please leave the boxes in the porch", "자재는 필로티 주차장에 두고 가시면 돼요",
# "경비실에 맡겨 주세요", "宅配ボックスに入れてください" — asked of the service (please, just; 주세요, 가시면 돼요;
# ください, ほしい), not what the customer does ("I leave the car in the garage")
_LEFT_THERE = re.compile(
    r"\b(?:please|pls|just|kindly)\s+(?:always\s{1,3})?(?:leave|drop|put)\s+(?:it|them|the|my|our|any|all|everything)\b"
    r"|(?:에|에게)\s?(?:두고|놔두고|놓고|맡겨|넣어)\s?(?:가\s?)?(?:주세요|주시면|가시면|줘요|주실)"
    r"|(?:に|へ)(?:置いて|入れて|預けて)(?:ください|下さい|ほしい|欲しい|もらえ|いただけ)", re.I)
# What makes such a remark one about a single delivery, in the sentence that asks it: the time of that one delivery
# ("this time", "today", "이번엔", "오늘", "今回", "今日") or a bare "just leave it (there)" that names no place —
# the parcel already at the door, left where it is. ("이번 달부터", "今度から" start something lasting and are no
# such word; "이번에" alone is "recently" as often as "this time".)
_ONE_DELIVERY = re.compile(
    r"\b(?:this time|(?:just )?this once|today|tonight|tomorrow|this one|for now)\b"
    r"|\b(?:leave|drop|put)\s{1,3}it(?:\s{1,3}(?:there|where it is|as it is|be))?\s{0,3}(?:[.!,;]|$)"
    r"|이번(?:엔|에는|에만|만|\s?한\s?번)|오늘|내일|今回|今日|明日|今度だけ", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s{0,3}|\n")


def asks_where_left(text: str) -> bool:
    """``text`` asks the service where to leave deliveries as a standing wish (``_LEFT_THERE``), not as a remark
    about one delivery: said for every time ("always", "from now on", "whenever", 항상, 앞으로, いつも, 今後:
    ``_LASTING_WISH``), or with nothing in its sentence that names the one delivery it is about ("just leave it
    there", "this time", "이번엔 … 맡겨주세요", "今日は…置いてください")."""
    found = _LEFT_THERE.search(text)
    if found is None:
        return False
    if _LASTING_WISH.search(text):
        return True
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, found.start())), default=0)
    end = _SENTENCE_END.search(text, found.end())
    return _ONE_DELIVERY.search(text[start:end.start() if end else len(text)]) is None


# Signing up for something (a subscription, a club, a regular delivery): what a later retraction takes back
_SIGNS_UP = re.compile(r"\b(?:sign(?:ed)? (?:me |us )?up|subscri\w*|enrol\w*|register\w*|put (?:me|us) down for|"
                       r"add (?:me|us) to|count (?:me|us) in)\b|신청|등록|가입|구독|申し込|申込|登録|購読|加入", re.I)


# What a standing wish is usually about, named with other words or in another script ("ラッピングなしで" takes
# back "ギフト包装", "stop the paper catalogue" "the monthly magazine"): two terms of one group name one thing.
_WISH_OBJECTS = [frozenset(group.split()) for group in (
    "wrap wrapping giftwrap giftwrapp 포장 선물포장 ラッピング 包装",
    "magazine catalog catalogue brochure booklet leaflet flyer 잡지 책자 카탈로그 소책자 회보 冊子 雑誌 月刊誌 会報 "
    "カタログ パンフレット チラシ",
    "receipt invoice bill statement 영수증 명세서 계산서 청구서 領収書 レシート 納品書 明細書 請求書",
    "sample freebie 샘플 사은품 サンプル 試供品 おまけ",
    "coupon voucher 쿠폰 クーポン",
    "notification alert reminder 알림 통지 通知 お知らせ リマインダー",
    # a call or message asked for before something happens, named by another way of getting in touch ("ring
    # ahead" takes back "call me before the technician comes", "미리 연락 안 하셔도 돼요" "방문 전에 문자 주세요")
    "call ring phone telephone text message contact 전화 통화 문자 연락 메시지 電話 連絡 メッセージ 確認電話",
)]


def _names_another_thing(said: set[str], theirs: set[str]) -> bool:
    """``said`` names a thing a wish is usually about (``_WISH_OBJECTS``: packaging, a receipt, a call) that
    ``theirs`` does not."""
    return any(_in_group(term, group) and not any(_in_group(other, group) for other in theirs)
               for term in said for group in _WISH_OBJECTS)


def other_names(text: str) -> list[str]:
    """The other names of the things a wish in ``text`` is about ("冊子" → "月刊誌 雑誌 カタログ …"): a
    retraction searches for them too, since it may share no word with the wish it takes back."""
    said = set(content_terms(text))
    return [word for group in _WISH_OBJECTS if any(_in_group(term, group) for term in said)
            for word in sorted(group - said)]


def _in_group(term: str, group: frozenset[str]) -> bool:
    """``term`` is one of the group's names, stemmed or not ("brochur" for "brochures")."""
    return term in group or len(term) >= 4 and term.isascii() and any(
        name.startswith(term) or term.startswith(name) for name in group if name.isascii())


def _same_word(a: str, b: str) -> bool:
    """Two content terms for one word in another form: "giftwrap" / "giftwrapp(ing)", "subscrib(e)" /
    "subscription"; in Korean and Japanese one holding the other ("確認" / "確認電話", "정기배송" / "정기배송은");
    or two names of one thing a wish is about (``_WISH_OBJECTS``: "冊子" / "月刊誌")."""
    if a == b:
        return True
    if any(_in_group(a, group) and _in_group(b, group) for group in _WISH_OBJECTS):
        return True
    short, long = sorted((a, b), key=len)
    if short.isascii():
        return len(short) >= 4 and len(long) - len(short) <= max(2, len(short) // 2) \
            and long.startswith(short[:max(4, len(short) - 1)])
    return len(short) >= 2 and short in long


def _best(candidate: Candidate, facts: Sequence[Fact], threshold: float,
          kinds: Sequence[str] | None = None, text: str | None = None) -> Fact | None:
    best, best_score = None, threshold
    for fact in facts:
        if kinds is not None and fact.kind not in kinds:
            continue
        score = similarity(fact.text, text or candidate.text)
        if candidate.slot is not None:
            slot = find_slot(_customer_words(fact))
            if slot is not None and slot == candidate.slot:
                score = max(score, 1.0)
        if score >= best_score:
            best, best_score = fact, score
    return best


def _customer_words(fact: Fact) -> str:
    """What the customer said (slots are read there, not in a question copied as context)."""
    return " ".join(e.quote for e in fact.evidence if e.role == "customer") or fact.text

