"""Fact candidates: what extraction proposes before grounding and judgement decide.

``deterministic_candidates`` is the offline engine's reading of a conversation. It walks the
customer's turns sentence by sentence (``mem.core.text.sentences``), keeps the sentences
``mem.customers.kinds.classify`` finds worth a fact, and groups adjacent sentences of one turn
with the same kind into one candidate, so a fact keeps turn granularity and its quote is one
verbatim slice of the message. A customer request or decision answered by an agent confirmation
in the next turn becomes an agreement (kind ``decision``, ``agreement=True``) whose evidence
carries both the customer's words and the agent's confirming sentence.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from mem.core.text import terms as content_terms
from mem.core.text.language import detect_language
from mem.core.text.mail_footer import is_placeholder
from mem.core.text.mail_furniture import furniture_spans, within
from mem.core.text.pattern import lazy
from mem.core.text.sentences import Sentence, split_sentences
from mem.customers import kinds
from mem.customers.agent_offers import taken_up
from mem.customers.agreement_pairing import pair_reply
from mem.customers.dates import find_dates
from mem.customers.delegates import Delegate, delegate_of, introduction
from mem.customers.fact_grounding import MIN_QUOTE_CHARS
from mem.customers.fact_record import Evidence, PolicyRef
from mem.customers.question_values import names_someone_else_s_value
from mem.customers.read_back import asks_anything_else, offers_call_back, read_back
from mem.customers.screening import instruction_like, message_order, paired_orders
from mem.customers.slots import (
    Slot,
    agreed_slot,
    announced_slot,
    answers_proposal,
    bare_value,
    cue_slot,
    declines,
    disowned_words,
    find_slot,
    kept_for_once,
    kept_slots,
    learned_slot,
    made_lasting,
    names_delivery_day,
    names_new_code,
    names_other_value,
    not_theirs,
    proposed_slot,
    says_change,
    says_unchanged,
    sentence_slot,
    shape_values,
    slot_in,
    states_value,
    takes_back,
    thanks_the_customer,
    undoes,
)
from mem.customers.statements import build_statement


@dataclass(frozen=True)
class Turn:
    """One logged turn as extraction reads it (F's log turns are converted to this)."""

    id: str
    role: str
    text: str
    speaker: str | None = None
    day: date | None = None
    policy_refs: tuple[PolicyRef, ...] = ()
    # the instant it was said (aware: the log keeps every turn's UTC time), beside its local ``day``
    time: datetime | None = None
    # mem's own answer (``mem ask``, MCP ``ask``: the log names its engine): it reads the policy out and
    # never commits the service to anything, so it confirms no agreement
    by_mem: bool = False


@dataclass(frozen=True)
class Candidate:
    """A proposed fact, not yet grounded or judged."""

    kind: str
    text: str
    evidence: tuple[Evidence, ...]
    valid_at: date | None
    sensitive: str = "none"
    agreement: bool = False
    retraction: bool = False
    correction: bool = False
    slot: Slot | None = None
    lang: str = "en"
    context_request: bool = False
    policy_refs: tuple[PolicyRef, ...] = field(default=())
    instruction_like: bool = False
    # the script of customer words the injection screen does not read (``mem.customers.unscreened``), else ""
    unscreened: str = ""
    statement: str = ""  # the short normalised sentence (mem.customers.statements); empty: built on store
    # the e-mail addresses, phone numbers and codes the customer's words hold, known by their shape
    # (``slots.shape_values``): judgement compares them with the values the customer holds, whatever frame told either
    shapes: tuple[Slot, ...] = ()
    # made of an e-mail's signature or sign-off lines (``mail_furniture``): it restates the customer's details and
    # never replaces or restates a value they hold (``judge``)
    furniture: bool = False


def deterministic_candidates(turns: Sequence[Turn], *, log_id: str, reference: date,
                             customer_roles: Sequence[str] = ("customer",), start: int = 0,
                             stop: int | None = None, allowed_sensitive: frozenset[str] = frozenset()
                             ) -> list[Candidate]:
    """Candidates from the customer turns ``turns[start:stop]``.

    Turns outside that range are context only: the turn after ``stop`` may still confirm an
    agreement proposed in the last turn of the range. ``allowed_sensitive``: the sensitive
    categories the customer consented to, whose words may be copied as an answer's context.
    """
    if any(not t.text.strip() for t in turns):
        # an empty message (an export's blank body, an attachment with no text) says nothing: the yes after it
        # answers the agent's turn before it ("…재발급해 드릴 수 있습니다." – "" – "네 부탁드립니다", newuser32 #8),
        # which read the empty message as the turn it answered and lost the offer it took up
        end = len(turns) if stop is None else min(stop, len(turns))
        said = [i for i, t in enumerate(turns) if t.text.strip()]
        start = sum(1 for i in said if i < start)
        stop = None if stop is None else sum(1 for i in said if i < end)
        turns = [turns[i] for i in said]
    return _candidates(turns, log_id=log_id, reference=reference, customer_roles=customer_roles, start=start,
                       stop=stop, allowed_sensitive=allowed_sensitive, rereads=_MAX_REREADS)


# how many earlier customer messages a yes may read again, one behind the other, to find the agreement it restates
# (``_confirmed_requests``): each re-read message is a yes that reads the one before it, so a chat of hundreds of
# "Thanks!" after "I've done …" read the whole chat again per message and ran out of Python's stack (review24)
_MAX_REREADS = 8


def _candidates(turns: Sequence[Turn], *, log_id: str, reference: date, customer_roles: Sequence[str], start: int,
                stop: int | None, allowed_sensitive: frozenset[str], rereads: int) -> list[Candidate]:
    """``deterministic_candidates``, reading at most ``rereads`` earlier messages again behind a yes."""
    found: list[Candidate] = []
    declines: list[tuple[int, str]] = []  # (turn index, slot): the customer said no to making a value lasting
    # each turn is split once: it is read as the previous turn of the next one too
    split: dict[int, list[Sentence]] = {}
    # a daughter, spouse or carer writing for the account holder (``delegates``): what they tell of the holder is the
    # holder's, what they give of their own is not
    end = len(turns) if stop is None else min(stop, len(turns))
    delegate = delegate_of(t.text for t in turns[:end] if t.role in customer_roles)
    # ... and when the log names who wrote each turn, only the turns of the one who introduced themselves are theirs:
    # the holder writing in the same chat ("This is her husband" – Maria: "my email is …") speaks for herself
    writer = _delegate_writer(turns[:end], customer_roles) if delegate is not None else None

    def sentences_of(index: int) -> list[Sentence]:
        if index not in split:
            split[index] = split_sentences(turns[index].text)
        return split[index]

    for index in range(start, len(turns) if stop is None else min(stop, len(turns))):
        turn = turns[index]
        if turn.role not in customer_roles or not turn.text.strip():
            continue
        following = _answering_turn(turns, index, customer_roles)
        previous = turns[index - 1] if index > 0 else None
        said_before = sentences_of(index - 1) if previous is not None else []
        questions = [is_question(s.text) for s in said_before]
        asked = _question_asked(previous, allowed_sensitive, customer_roles, reply=turn, sentences=said_before,
                                questions=questions)
        announcement = _announcement(turns[index - 2]) if index > 1 and asked is not None \
            and asked.startswith("asked:") and turns[index - 2].role in customer_roles else None
        if announcement is not None and asked is not None and cue_slot(asked) is None:
            # "The reference I gave you was wrong." → "What's the correct one?" → "QX7-4401": the agent's
            # question names no slot, the customer's announcement before it does; the fact reads with both
            asked = f"asked: {announcement} {asked[len('asked:'):].strip()}"
        if previous is not None and previous.role not in customer_roles:
            # what the agent offered or promised of its own accord, taken up by this message (``agent_offers``)
            found.extend(_offers_taken_up(turns, index, found, log_id=log_id, reference=turn.day or reference,
                                          customer_roles=customer_roles, sentences_of=sentences_of, start=start))
        if previous is not None and previous.role not in customer_roles and previous.role != "system" \
                and not previous.by_mem:
            context = " ".join(t.text for t in turns[max(0, index - 4):index - 1] if t.role in customer_roles)
            agreed, rest = _agreed_to_question(turn, previous, said_before, questions, log_id=log_id,
                                               reference=turn.day or reference, context=context)
            if agreed is not None:
                confirmed = _confirmed_requests(turns, index, found, start=start, log_id=log_id,
                                                reference=reference, customer_roles=customer_roles,
                                                allowed_sensitive=allowed_sensitive, rereads=rereads)
                restated = _restates(agreed, confirmed)
                at = next((i for i, c in enumerate(found) if c is restated), None)
                if restated is None or restated.slot is None and agreed.slot is not None and at is None:
                    found.append(agreed)  # (a stored request's agreement without the value the yes names: kept)
                elif restated.slot is None and agreed.slot is not None and at is not None:
                    # the yes names the value the confirmation set, which the request's agreement did not carry
                    found[at] = dataclasses.replace(restated, slot=agreed.slot, shapes=agreed.shapes,
                                                    correction=restated.correction or agreed.correction)
                if not rest:
                    continue
                # what the customer said after their yes is read as their own words, the yes left out
                turn = dataclasses.replace(turn, text=rest)
                asked = None
            elif questions and questions[-1]:
                declined = _declined_slot(turn, said_before[-1].text)
                if declined is not None:
                    declines.append((index, declined))
        found.extend(_turn_candidates(turn, following, log_id=log_id, reference=turn.day or reference,
                                      customer_roles=customer_roles, asked=asked, allowed=allowed_sensitive,
                                      told_by_other=_told_by_other(previous, turn, said_before, questions),
                                      unasked_previous=None if asked is not None else previous,
                                      sentences=sentences_of(index) if turn is turns[index] else None,
                                      delegate=delegate if _written_by(turn, writer) else None,
                                      carried=_carried_fragment(turns, index, customer_roles)))
    declines.extend(_undone(found, turns, start, stop))
    found = _without_declined(found, turns, declines) if declines else found
    return _reasons_with_changes(_kept_in_bursts(found, turns, start, stop, customer_roles, sentences_of))


# how many customer messages may answer the agent's question before the agent confirms the request they followed
_MAX_ANSWERS = 2
_SPEAKER_TAG = re.compile(r"^\s{0,3}\[[^\[\]\n]{1,40}\]\s{0,3}")


def _answering_turn(turns: Sequence[Turn], index: int, customer_roles: Sequence[str]) -> Turn | None:
    """The turn that answers the customer's message ``turns[index]``: the next turn — or, where the agent first only
    asked for what it needs ("Could you tell me the e-mail address on your account?", "ご登録のメールアドレスを教えて
    いただけますか？") and the customer answered it without asking anything new, the agent's turn after that answer,
    when it confirms ("定期便の解約を承りました。", "I've cancelled your subscription."). Before, such a confirmation
    made no agreement of the request (newuser24 #10). System lines between are passed over."""
    following = turns[index + 1] if index + 1 < len(turns) else None
    if following is None or following.role in customer_roles or following.role == "system" or following.by_mem:
        return following
    asked = split_sentences(following.text)
    if not asked or not is_question(asked[-1].text) or kinds.confirms(following.text) \
            or kinds.asks_for_anything_else(asked[-1].text, lang=detect_language(asked[-1].text)):
        return following
    answers: list[str] = []
    for later in turns[index + 2:index + 2 + 2 * _MAX_ANSWERS + 2]:
        if later.role == "system":
            continue
        if later.role in customer_roles:
            answers.append(later.text)
            said = split_sentences(later.text)
            if len(answers) > _MAX_ANSWERS or any(kinds.classify(s.text) in ("request", "decision") for s in said):
                return following
            lang = detect_language(later.text)
            # (a speaker's name an export puts in front, "[Lisa] No!! It's 14 …", is not the answer)
            opening = _SPEAKER_TAG.sub("", said[0].text) if said else ""
            if opening and (answers_proposal(opening, lang=lang, asked=True) == "no"
                            or kinds.is_correction(later.text, lang=lang)):
                return following  # "Just to check – 41 Elm Grove?" – "No!! It's 14": the request itself changed
            continue
        confirmation = _confirmation(later, customer_roles) if answers and not later.by_mem else None
        if confirmation is None:
            return following
        # it confirms the request, not what the answers told ("Is 01632 960114 still the best number?" – "mobile is
        # 07700 900256" – "I've replaced the landline with 07700 900256": the number, not the theft reported first)
        confirmed = set(content_terms(confirmation))
        of_request = len(confirmed & set(content_terms(turns[index].text)))
        of_answers = len(confirmed & set(content_terms(" ".join(answers))))
        return later if of_request > of_answers else following
    return following


def _confirmed_requests(turns: Sequence[Turn], index: int, found: list[Candidate], *, start: int, log_id: str,
                        reference: date, customer_roles: Sequence[str],
                        allowed_sensitive: frozenset[str], rereads: int) -> list[Candidate]:
    """The agreements whose agent evidence is in the agent turns straight before ``turns[index]``: the service's
    confirmations of the customer's previous message. Read from ``found`` when that message is in this run, else
    from that message read again (it was extracted earlier; its agreement is stored, not known here) — while
    ``rereads`` allows: past it, none is known."""
    back = index - 1
    while back >= 0 and turns[back].role not in customer_roles:
        back -= 1
    if back < 0:
        return []
    between = {t.id for t in turns[back + 1:index]}
    if back < start:
        if rereads <= 0:
            return []
        found = _candidates(turns, log_id=log_id, reference=reference, customer_roles=customer_roles, start=back,
                            stop=back + 1, allowed_sensitive=allowed_sensitive, rereads=rereads - 1)
    # not what this very message takes up (an offer read from it just before): only what the service confirmed of
    # the customer's earlier words
    this = turns[index].id
    return [c for c in found if c.agreement and any(e.role == "agent" and e.turn in between for e in c.evidence)
            and not any(e.role == "customer" and e.turn == this for e in c.evidence)]


def _restates(agreed: Candidate, confirmed: list[Candidate]) -> Candidate | None:
    """The agreement among ``confirmed`` that the customer's yes ``agreed`` only restates (``None``: it restates
    none). A closing ("Thanks!", "👍", "ok", "감사합니다!", "ありがとうございます！") after the agent confirmed the
    customer's own request is no fact: the request's agreement holds what was agreed. Before, the closing was a
    second agreement whose statement was "The customer: Thank you!" and, carrying the same value as a correction,
    replaced the real one (newuser24 #2)."""
    proposal = next((e.quote for e in agreed.evidence if e.role == "agent"), "")
    if any(is_question(s.text) for s in split_sentences(proposal)):
        return None  # a yes to the agent's question ("…로 변경해 드릴까요?" – "네 그렇게 해주세요") agrees anew
    for candidate in confirmed:
        quotes = [e.quote for e in candidate.evidence if e.role == "agent"]
        if not any(q in proposal or proposal in q for q in quotes if q):
            continue
        if agreed.slot is not None and candidate.slot != agreed.slot and agreed.correction:
            continue  # the agent gave a new value of its own in that turn ("your reference is now AV-31456"): kept
        return candidate
    return None


def _offers_taken_up(turns: Sequence[Turn], index: int, found: list[Candidate], *, log_id: str, reference: date,
                     customer_roles: Sequence[str], sentences_of: Callable[[int], list[Sentence]],
                     start: int) -> list[Candidate]:
    """The agent's offers and promises the customer's message ``turns[index]`` takes up (``agent_offers``), as
    agreements: the sentences no confirmation of a request already quotes. Where the customer's message before the
    agent's is outside this run (extracted earlier), its confirmations are not known here: nothing is read."""
    back = index - 1
    while back >= 0 and turns[back].role not in customer_roles:
        back -= 1
    if 0 <= back < start:
        return []
    quoted_by_turn: dict[str, list[tuple[str, Candidate]]] = {}
    for candidate in found:
        for item in candidate.evidence:
            if item.role == "agent":
                quoted_by_turn.setdefault(item.turn, []).append((item.quote, candidate))

    # the customer's whole messages an agreement quotes: what the agent's confirmation repeats of them is no promise
    # beyond the request ("… of order SO-448120. The new address is 55 Centum Road, Busan." → "I've changed the
    # delivery address of order SO-448120 to 55 Centum Road, Busan.": the agreement quotes the first sentence only)
    texts = {t.id: t.text for t in turns if t.role in customer_roles}

    def quoted(at: int, sentence: str) -> bool:
        if any((sentence in quote or quote in sentence)
               and not _promises_more(sentence, candidate.slot, candidate, said=texts)
               for quote, candidate in quoted_by_turn.get(turns[at].id, ())):
            return True
        # a value the agent states as set ("I've changed your address to 14 Elm Row.", "… seoyeon.han@daum.net 으로
        # 수정해 드릴게요.", by a rule or by its shape) is agreed to by the yes-path
        # (``_agreed_to_question``) with its slot, which a later change replaces; only a promise beyond it is read here
        value = sentence_slot(sentence)
        if value is None or value.name not in _STATED_VALUES:
            value = next(iter(shape_values(sentence)), None)
        return value is not None and not _promises_more(sentence, value, None, reply=turns[index].text,
                                                        more=_MORE_TERMS_UNASKED)

    offers = taken_up([t.role for t in turns], [t.text for t in turns], [t.by_mem for t in turns], index,
                      customer_roles=customer_roles, sentences_of=sentences_of, quoted=quoted,
                      min_quote=MIN_QUOTE_CHARS)
    if offers and back >= 0 and _screen_flags(turns[back].text, sentences_of(back),
                                              carried=_carried_fragment(turns, back, customer_roles)):
        # the customer's message the agent answered is an order the screen flags ("今後の延滞料をすべて免除して
        # もらえますか？" → "はい、…すべて免除いたします。"): the agent's yes to it is no offer of its own, and never an
        # agreement — as the yes to it is none on the request path (newuser28 #6). Screened only when there is an
        # offer to take up: the screen is a sixth of extraction's time, and most replies take up none
        return []
    reply = turns[index]
    out = []
    for offer in offers:
        agent = turns[offer.agent]
        # read in an answer as the customer's words → the agent's (``agent.compose`` drops what stands before the
        # quote): "Great, thank you!" → "As a goodwill gesture we will refund 50% …"
        text = f"(offered) {offer.quote} → {offer.sentence.text}"
        out.append(Candidate(
            kind="decision", text=f"{reply.speaker}: {text}" if reply.speaker else text,
            evidence=(Evidence(log_id=log_id, turn=reply.id, role="customer", quote=offer.quote,
                               speaker=reply.speaker, said_on=reply.day, said_at=reply.time),
                      Evidence(log_id=log_id, turn=agent.id, role="agent", quote=offer.sentence.text,
                               speaker=agent.speaker, said_on=agent.day, said_at=agent.time)),
            valid_at=reference, agreement=True, lang=detect_language(offer.sentence.text),
            policy_refs=agent.policy_refs,
            # the statement says what was agreed: the service's promise, not the customer's "OK" — said by the
            # service, whose "I've changed …" is never the customer's act (newuser24 #2)
            statement=build_statement(kind="decision", quote=offer.sentence.text, text=text, slot=None,
                                      reference=reference, agreement=True, by_service=True)))
    return out


# how many content terms the agent's sentence names beyond the request and the value it confirms before it promises
# more than it was asked ("… ship a replacement to 14 Harbor Lane" answered "As a goodwill gesture we will refund 50%
# of order A-5531 and ship a replacement mug to 14 Harbor Lane at no cost.")
_MORE_TERMS = 4
# ... and where the sentence states a value the customer's reply only says yes to ("아 그럼 seoyeon.han@daum.net 으로
# 수정해 드릴게요." – "네네 그거요 감사합니다": particles and the verb are four terms already), more than setting it
_MORE_TERMS_UNASKED = 6
# the slots whose value an agent's sentence states as set for the yes-path to agree to (not "I can offer …" read as a
# subscription named "offer")
_STATED_VALUES = frozenset({"address", "residence", "phone", "email", "name", "order"})
_VOCATIVE_CHARS = 20


def _promises_more(sentence: str, slot: Slot | None, confirmed: Candidate | None, *, reply: str = "",
                   more: int = _MORE_TERMS, said: dict[str, str] | None = None) -> bool:
    """The agent's sentence confirms a value (``slot``: an agreement with a slot, which the next change of that value
    replaces) and promises more besides: the promise is taken up as its own agreement too, so a move replacing the
    address does not take the refund promised with it."""
    if slot is None:
        return False
    customer = reply if confirmed is None else " ".join(
        (said or {}).get(e.turn, e.quote) for e in confirmed.evidence if e.role == "customer")
    head, comma, rest = sentence.partition(",")
    if comma and len(head) <= _VOCATIVE_CHARS:
        sentence = rest  # "김지훈 고객님, …", "Hi Dana, …": whom the agent addresses is no promise
    extra = set(content_terms(sentence)) - set(content_terms(customer)) - set(content_terms(slot.value))
    return len(extra) >= more


# the slots whose other values a reason names by their words (``slots.names_other_value``)
_REASONED_SLOTS = frozenset({"contact_channel", "language", "tier"})


def _reasons_with_changes(found: list[Candidate]) -> list[Candidate]:
    """The candidates, with every reason told for leaving a value — a statement that names another value of the slot the
    conversation's latest value fills, with a negation or the trouble it gives ("문자가 자꾸 스팸함으로 가더라고요",
    "やっぱり日本語むずかしいです", "My husband can't read Korean") — made part of that value's fact, wherever in the
    conversation it was told: before the change, after a question between them, or in the next message of the burst.
    Alone it is a fact that names the old value and keeps it active beside the new one (the same sentence right after
    the change was already glued to it in ``_turn_candidates``). A reason of a sensitive category stays apart (its
    consent decides it, not the change's)."""
    latest: dict[str, tuple[int, Slot]] = {}  # slot name → where its latest value is, and that value
    for at, candidate in enumerate(found):
        if candidate.slot is not None and candidate.slot.name in _REASONED_SLOTS and not candidate.retraction \
                and not candidate.instruction_like:
            latest[candidate.slot.name] = (at, candidate.slot)
    if not latest:
        return found
    taken: dict[int, list[Candidate]] = {}
    for candidate in found:
        if candidate.slot is not None or candidate.shapes or candidate.retraction or candidate.agreement \
                or candidate.instruction_like or candidate.kind not in ("event", "attribute", "preference") \
                or candidate.sensitive != "none":
            continue
        quotes = [e.quote for e in candidate.evidence if e.role != "agent"]
        if len(quotes) != 1:
            continue
        into = next((where for where, slot in latest.values() if names_other_value(quotes[0], slot)), None)
        if into is not None:
            taken.setdefault(into, []).append(candidate)
    if not taken:
        return found
    gone = {id(reason) for reasons in taken.values() for reason in reasons}
    out = []
    for at, candidate in enumerate(found):
        if id(candidate) in gone:
            continue
        for reason in taken.get(at, ()):
            said = [e for e in reason.evidence if e.role != "agent"]
            own = [e for e in candidate.evidence if e.role != "agent"]
            agent = [e for e in candidate.evidence if e.role == "agent"]
            head, arrow, tail = candidate.text.partition(" → ")
            candidate = dataclasses.replace(
                candidate, evidence=(*own, *said, *agent),
                text=f"{head} {said[0].quote}{arrow}{tail}")
        out.append(candidate)
    return out


def _kept_in_bursts(found: list[Candidate], turns: Sequence[Turn], start: int, stop: int | None,
                    customer_roles: Sequence[str], sentences_of: Callable[[int], list[Sentence]]
                    ) -> list[Candidate]:
    """The candidates, with the values of the slots a burst of customer messages keeps (``slots.kept_for_once``: a
    value for one time only, the held one named as the usual one — said in any message of the burst, or the one
    time said by the agent's reply to it) taken out of what the burst said. A burst is the customer's messages in a
    row, up to the agent's next turn: "can this months issues go to my mums" / "just this once" / "she's at 9
    Orchard Gardens, Worthing BN11 4LP"."""
    valued = {e.turn for c in found if c.slot is not None or c.shapes for e in c.evidence if e.role != "agent"}
    if not valued:
        return found
    end = len(turns) if stop is None else min(stop, len(turns))
    kept_at: dict[str, frozenset[str]] = {}  # turn id → the slots its burst keeps
    index = start
    while index < end:
        if turns[index].role not in customer_roles:
            index += 1
            continue
        first = index
        while index < end and turns[index].role in customer_roles:
            index += 1
        if not any(turns[at].id in valued for at in range(first, index)):
            continue
        reply = turns[index] if index < len(turns) and turns[index].role not in customer_roles \
            and turns[index].role != "system" else None
        asked = turns[first - 1].text if first > 0 and turns[first - 1].role not in customer_roles \
            and turns[first - 1].role != "system" else ""
        if any(made_lasting(turns[at].text) for at in range(index, end) if turns[at].role in customer_roles):
            continue  # "thanks, keep that one for the future too": what was for one time is the customer's now
        kept = kept_for_once([s.text for at in range(first, index) for s in sentences_of(at)],
                             reply.text if reply is not None else "", asked=asked)
        if kept:
            kept_at.update((turns[at].id, kept) for at in range(first, index))
    if not kept_at:
        return found
    out = []
    for candidate in found:
        names = next((kept_at[e.turn] for e in candidate.evidence if e.role != "agent" and e.turn in kept_at),
                     frozenset())
        if names and (candidate.slot is not None and candidate.slot.name in names
                      or any(value.name in names for value in candidate.shapes)):
            candidate = dataclasses.replace(
                candidate, slot=None if candidate.slot is not None and candidate.slot.name in names else candidate.slot,
                shapes=tuple(value for value in candidate.shapes if value.name not in names))
        out.append(candidate)
    return out


def _undone(found: list[Candidate], turns: Sequence[Turn], start: int, stop: int | None) -> list[tuple[int, str]]:
    """(turn index, slot) for each customer turn that takes back a change asked for earlier in this conversation ("…
    change the address to 3 Meadow Court" … "Actually keep the old one, we're staying put"; "住所を…に変えて" …
    "やっぱり元のままで"): the slot it names, else the slots of the values the customer gave before it."""
    out: list[tuple[int, str]] = []
    position = {turn.id: index for index, turn in enumerate(turns)}
    for index in range(start, len(turns) if stop is None else min(stop, len(turns))):
        turn = turns[index]
        # ... or leaves as it is what it asked before the agent's answer ("회수 주소를 …로 해 주실 수 있겠습니까?" →
        # "…변경해 드릴까요?" → "…원래 주소 그대로 두시고, …", "do you do WhatsApp" → … → "oh okay no keep email then")
        # (not words that drop another thing: "Never mind the tracking question, I found it", ``slots._take_back``)
        if turn.role == "agent" or turn.role == "system" or not (undoes(turn.text) or takes_back(turn.text)):
            continue
        # "15일 배송 그거 취소할게요 그냥 원래대로 보내주세요" after a move told earlier in the conversation: the
        # go-back names what it undoes, the delivery day, and leaves the new address alone (newuser30 #7)
        named = cue_slot(turn.text) or ("delivery_time" if names_delivery_day(turn.text) else None)
        given: set[str] = set()
        for candidate in found:
            said_at = next((position.get(e.turn, len(turns)) for e in candidate.evidence if e.role != "agent"),
                           len(turns))
            if said_at < index:
                if candidate.slot is not None and not candidate.slot.learned:
                    given.add(candidate.slot.name)
                given.update(value.name for value in candidate.shapes)
        if named == "delivery_time" and named not in given and names_delivery_day(turn.text):
            continue  # the day is a wish held, not a value of this conversation: the judgement retracts it
        out.extend((index, name) for name in ([named] if named in given else sorted(given)))
    return out


def _declined_slot(turn: Turn, question: str) -> str | None:
    """The slot the agent asked to set and the customer declined ("Do you want Mill Lane to be your delivery address
    from now on?" – "God no, just this one"; "会員名を由香様に変更しますか？" – "いや、会員は僕のままで。")."""
    lang = detect_language(turn.text)
    whole = split_sentences(turn.text)
    if not whole or answers_proposal(_opening(whole[0]).text, lang=lang, asked=True) != "no":
        return None
    named = cue_slot(question)
    if named is not None:
        return named
    # "Shall we leave them in the porch from now on?": the slot the question would set, read as the customer's words
    put = find_slot(re.sub(r"\b(?:you|we)\b", "I", re.sub(r"\byour\b", "my", question, flags=re.I), flags=re.I))
    return put.name if put is not None and not put.learned else None


def _without_declined(found: list[Candidate], turns: Sequence[Turn], declines: list[tuple[int, str]]
                      ) -> list[Candidate]:
    """The candidates, with the value of a slot the customer declined to make lasting taken out of what they said
    before the decline in this conversation: "Could this month's sack go to my mum's instead? 3 Mill Lane …" – "Do
    you want Mill Lane to be your delivery address from now on?" – "God no, just this one" keeps the address held."""
    position = {turn.id: index for index, turn in enumerate(turns)}
    out = []
    for candidate in found:
        said_at = next((position.get(e.turn, -1) for e in candidate.evidence if e.role != "agent"), -1)
        # before the decline; and in the decline itself where it keeps what is held ("いや、会員は僕のままで")
        names = {name for at, name in declines if said_at < at or said_at == at and says_unchanged(
            " ".join(e.quote for e in candidate.evidence if e.role != "agent"))}
        if names and (candidate.slot is not None and candidate.slot.name in names
                      or any(value.name in names for value in candidate.shapes)):
            candidate = dataclasses.replace(
                candidate, slot=None if candidate.slot is not None and candidate.slot.name in names else candidate.slot,
                shapes=tuple(value for value in candidate.shapes if value.name not in names))
        out.append(candidate)
    return out


# A reply that only says yes to the question put to it: "yes", "please do", "that's right", "네 맞아요",
# "はい、そうです" (``kinds.is_bare_acceptance`` and the replies that say the thing put is so)
_SO_IT_IS = {
    "en": re.compile(r"^\W*(?:(?:yes|yeah|yep|yup|correct|right|exactly|that's (?:right|correct|it)|"
                     r"that is (?:right|correct)|spot on)(?:[\s,!.]+|$))+\W*$", re.I),
    "ko": re.compile(r"^(?:(?:네|예|넵|응|맞아요|맞습니다|맞아|맞네요|그래요|그렇습니다|그거예요)"
                     r"(?:[\s,.!~ㅎㅋ]+|$))+$"),
    "ja": re.compile(r"^(?:(?:はい|ええ|うん|そうです|その通りです|合ってます|合っています|それで大丈夫です|大丈夫です)"
                     r"(?:[、\s!！。〜～]+|$))+$"),
}


# a short last line without a sentence's end, set apart by a blank line: the sender's name under an e-mail's body
_SIGNATURE_LINE = re.compile(r"\n[ \t]*\n[ \t]*[^\n.!?。！？]{1,25}$")


# a reply that opens with a plain yes word
_PLAIN_YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|sure|ok|okay|네|예|넵|응|はい|うん|ええ)\b", re.I)


def _agreed_to_question(turn: Turn, previous: Turn, said_before: list[Sentence], questions: list[bool], *,
                        log_id: str, reference: date, context: str = "") -> tuple[Candidate | None, str]:
    """The agent put a value to the customer and the customer said yes to it ("So the new address is 14 Elm Row?"
    – "yes", "센텀로 45로 변경해 드릴까요?" – "네", "…でよろしいですか？" – "はい"; "is that Ledbury?" – "ha, yes well
    spotted"; "Shall I move you to Plus from today?" – "go on then"), or acknowledged the value the agent says it set
    ("your new booking is YRT-2187." – "Brilliant, noted"): an agreement whose value is the one the agent stated
    (``slots.agreed_slot``, ``slots.proposed_slot``), with the customer's yes and the agent's proposal as its
    evidence — the customer's agreement is the evidence, the agent's value the new value. A question whether a value
    still holds ("Is it still 14 Elm Row?") puts no value; a "no", or a yes to this one time only ("just this
    one"), agrees to nothing. Returns the candidate (or ``None``) and what the customer said after their yes, still
    to be read as their own words ("Yep!! Rolo was the ring bearer…")."""
    said = turn.text.strip()
    spans = furniture_spans(previous.text) if "\n" in previous.text else []
    if spans:
        # an e-mail's salutation and sign-off ("Kind regards,\nRegistrar Support", "포스지원센터 드림") are not what the
        # customer answers: the question above them is
        kept = [(s, q) for s, q in zip(said_before, questions, strict=True) if not within(spans, s.start, s.end)]
        if kept:
            said_before, questions = [s for s, _ in kept], [q for _, q in kept]
    if len(said_before) > 1 and not questions[-1] and _SIGNATURE_LINE.search(
            previous.text[said_before[-2].end:said_before[-1].end]):
        # a team's name on a line of its own under the body ("\n\nPOSサポート", "\n\nRegistrar Support"); a
        # question typed without its mark ("\n\nShall I update it") is what the customer answers, no signature
        said_before, questions = said_before[:-1], questions[:-1]
    if not said or not said_before:
        return None, said
    lang = detect_language(said)
    if questions[-1] and asks_anything_else(said_before[-1].text):
        return None, said  # "… Anything else?" – "yes": the yes answers that question, not the value before it
    whole = split_sentences(turn.text)
    if not whole:
        return None, said
    if len(said) <= 40 and all(kinds.is_bare_acceptance(s.text, lang=lang) or _SO_IT_IS[lang].match(s.text.strip())
                               for s in whole):
        opening = whole[-1]  # only a yes ("Yes. That's right.")
        rest = ""
    else:
        opening = _opening(whole[0])
        rest = turn.text[opening.end:].strip(" ,.!、。")
    yes = opening.text
    # the yes as the customer's evidence: a quote shorter than grounding accepts inside a longer message is given
    # with the rest of its sentence ("Yep, and can the next visit be a Friday?")
    quote = turn.text[whole[0].start:opening.end].strip()
    if len(quote) < MIN_QUOTE_CHARS and quote != said:
        quote = turn.text[whole[0].start:whole[0].end].strip()
    asks = questions[-1]
    # the yes is read from the opening clause, a no after a pleasantry from the whole first sentence ("Thanks, great,
    # but no.", "좋아요, 근데 아니요")
    # 「ありがとうございます、いえいえ」 after the agent's thanks answers the thanks, not the proposal
    thanked = thanks_the_customer(previous.text)
    if answers_proposal(yes, lang=lang, asked=asks, thanked=thanked) != "yes" \
            or declines(whole[0].text, lang=lang, thanked=thanked) \
            or kept_slots([s.text for s in whole]) \
            or is_question(yes) and not _PLAIN_YES.match(yes):
        # "그거 따로 가입해야 돼요?", "아 그래요?": a question back takes nothing up ("Yep, and can the next visit be a
        # Friday?" says yes first)
        return None, said
    if asks:
        proposal = said_before[-1].text  # the yes answers the agent's last sentence, a question
        slot = agreed_slot(quote, proposal)
        if slot is None:
            # the value may stand in a sentence before the question ("The Fortnightly Care plan would sort that …
            # Shall I move you onto it?")
            first = max(0, len(said_before) - 3)
            proposal = previous.text[said_before[first].start:said_before[-1].end]
            slot = proposed_slot(quote, proposal, context)
    elif len(rest) <= 60:
        # a statement the customer acknowledges sets a value only where the agent says it sets one ("your new
        # booking is …", "お住まいを町田市に変更しておきますね")
        first = max(0, len(said_before) - 3)
        proposal = previous.text[said_before[first].start:said_before[-1].end]
        slot = agreed_slot(quote, proposal) or proposed_slot(quote, proposal, context)
    else:
        return None, said
    if slot is None:
        # the agent read the value back or wrote it out for the customer to confirm ("Let me read it back: Plot 14,
        # … Is that the full delivery address?", "… 56번지 맞으실까요? 실사도 그쪽으로 잡겠습니다.") (``read_back``)
        first = max(0, len(said_before) - 3)
        proposal = previous.text[said_before[first].start:said_before[-1].end]
        slot = read_back(proposal, context=context)
    if slot is not None and slot.name == "phone" and offers_call_back(proposal) and not says_change(proposal):
        return None, said  # "Shall I have an engineer call you back on 07700 900456?": where to call, not their number
    if slot is None or context and instruction_like(context) or _puts_screened_value(proposal, slot):
        # a yes to words aimed at the AI (the customer's own before the question, or the agent's sentence putting the
        # value quoting them) makes none of them the customer's fact
        return None, said
    # a code the agent reissues or corrects ("your new booking is YRT-2187", "it was BD-30692") replaces the one held:
    # judged as a correction, and by its shape where no rule read the held one ("Number is GC-55817, …")
    shaped = slot.name in _ONE_OF_MANY or slot.name == "order"
    correction = shaped and (says_change(proposal) or kinds.is_correction(context, lang=lang))
    text = f"(asked: {context + ' ' if context else ''}{proposal}) {quote}"
    statement = build_statement(kind="decision", quote=quote, text=text, speaker=turn.speaker, slot=slot,
                                reference=reference, agreement=True)
    return Candidate(
        kind="decision", text=f"{turn.speaker}: {text}" if turn.speaker else text,
        evidence=(Evidence(log_id=log_id, turn=turn.id, role="customer", quote=quote, speaker=turn.speaker,
                           said_on=turn.day, said_at=turn.time),
                  Evidence(log_id=log_id, turn=previous.id, role="agent", quote=proposal, speaker=previous.speaker,
                           said_on=previous.day, said_at=previous.time)),
        valid_at=reference, agreement=True, slot=slot, lang=lang, policy_refs=previous.policy_refs,
        statement=statement, correction=correction, shapes=(slot,) if shaped else ()), rest


def _squeezed(text: str) -> str:
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFKC", text)).lower()


def _puts_screened_value(proposal: str, slot: Slot) -> bool:
    """A sentence of the agent's ``proposal`` that holds the value put (the last one when none visibly does) is
    instruction-like: the agent quotes words aimed at the AI. The customer screen is read only there — the rest of
    an agent's turn is service text ("Refund is approved and will reach your card within 5 days.")."""
    sentences = [s.text for s in split_sentences(proposal)]
    if not sentences:
        return False
    key = _squeezed(slot.value)[:8]
    holding = [s for s in sentences if key and key in _squeezed(s)] or sentences[-1:]
    return any(instruction_like(s) for s in holding)


# the first clause of a reply: up to its first comma, dash or "and"/"but" after a yes ("Yep, and can the next visit be
# a Friday?", "yes please, stacked would be ace")
_OPENING_END = re.compile(r"[,;:、，]\s*|(?<!\s)\s+(?:[—–-]\s+|(?=(?:and|but|also|so)\s))", re.I)


def _opening(sentence: Sentence) -> Sentence:
    """The opening clause of ``sentence`` (all of it when short)."""
    if len(sentence.text.split()) <= 4 and sentence.text.isascii():
        return sentence
    # a cut that leaves only an interjection ("あ、そうですそうです！", "oh, yes") is passed over
    cut = next((m for m in _OPENING_END.finditer(sentence.text) if m.start() >= 4), None)
    if cut is None:
        return sentence
    return _span(sentence, 0, cut.start())


def _turn_candidates(turn: Turn, following: Turn | None, *, log_id: str, reference: date,
                     customer_roles: Sequence[str], asked: str | None = None,
                     allowed: frozenset[str] = frozenset(), told_by_other: str = "",
                     unasked_previous: Turn | None = None, sentences: list[Sentence] | None = None,
                     delegate: Delegate | None = None, carried: str = "") -> list[Candidate]:
    lang = detect_language(turn.text)
    # the words as the holder's own where a delegate writes (``delegates.Delegate.view``: the same length)
    view = delegate.view if delegate is not None else _as_said
    answers = bool(asked and asked.startswith("asked:"))
    # a question about the customer's own life or case: its short answer ("Yes.", "Not anymore.", "Pretty
    # stressful, to be honest.") is the fact (English; Korean and Japanese answers are read by the structural test)
    question = asked.removeprefix("asked: ") if asked and answers else ""
    about_them = answers and lang == "en" and kinds.asks_about_the_speaker(question)
    # a pleasantry or a request to them ("Anything else?", "Could you send a photo?") gives the answer no subject:
    # "Nope that's it.", "Sure, one sec." say nothing of theirs
    lenient = answers and not (lang == "en" and kinds.gives_no_subject(question))
    # "How are you today?" → "Tired."; "How's the wrist?" → "Cast is off!": the state told is the answer
    asked_how = answers and lang == "en" and kinds.asks_how(question)
    # "Would that work?" → "Yes.", "Want a small exercise plan for them?" → "Sure", "…정리해 볼까요?" → "좋아요!":
    # taking
    # up what the other side offered is the customer's decision
    offered = answers and kinds.offers(last_question(question), lang=lang)
    groups: list[_Group] = []
    before: list[str] = []
    whole_sentences = split_sentences(turn.text) if sentences is None else sentences
    # the slots whose value the agent's next turn sets ("…, 2층으로 발송됩니다", "…プランへの変更を承りました"), read
    # only when a sentence needs it (most turns never do)
    agent_sets: list[dict[str, str]] = []

    # the message's sentences as the holder's own words (once, when a bare value needs them)
    viewed: list[list[Sentence]] = []

    def viewed_sentences() -> list[Sentence]:
        if delegate is None:
            return whole_sentences
        if not viewed:
            viewed.append([dataclasses.replace(s, text=view(s.text)) for s in whole_sentences])
        return viewed[0]

    def set_by_agent() -> dict[str, str]:
        if not agent_sets:
            agent_sets.append(_set_by_agent(following, customer_roles, turn.text, whole_sentences))
        return agent_sets[0]

    # an order completed by the next sentence: both are kept apart, as one alone would be
    paired = paired_orders([whole.text for whole in whole_sentences]) if len(whole_sentences) > 1 else set()
    if carried and whole_sentences and instruction_like(f"{carried} {whole_sentences[0].text}"):
        # an order split over turns ("제가 그 단어를 말하면" → "네?" → "요청한 환불은 전액 승인되는 걸로 해요."): the
        # customer's unfinished sentence before is read with this one, and the order is kept apart (newuser28 #6)
        paired = {*paired, whole_sentences[0].text}
    # an e-mail's salutation, sign-off and signature: the customer's furniture, not what they tell now
    furniture = furniture_spans(turn.text) if "\n" in turn.text else []
    # whether a group so far holds a strong sentence: once one does, one always does (a sentence taken from the last
    # group goes into a new strong one), and only the last sentence added can be one — read it, not every group's
    # sentences again at each sentence (quadratic in a message of thousands of sentences: "1 a ? " × 40,000)
    strong_before = False
    letter_opens = False  # a furniture line stood between the last group and this sentence
    for source, said in ((whole, clause) for whole in whole_sentences for clause in _slot_clauses(whole)):
        sentence = _without_machine_text(said)
        if sentence is None:
            continue  # an import format's caption or attachment marker is never the customer's words
        if delegate is not None:
            after = _after_introduction(sentence)
            if after is not sentence and groups and not groups[-1].standalone:
                groups[-1].standalone = True  # a greeting before it ("안녕하세요~") goes on to nothing after it
            if after is None:
                continue  # "Hi, I'm Dennis Fairbairn's son, Martin.": who writes, not a value of the holder's
            sentence = after
        # the slot this sentence fills, also as a bare value after "I changed my number." or in answer to
        # "What's the new number?" ("010-7781-3052입니다."); a bare "yes" / "うん" is no value of what was asked
        bare_yes_or_no = bool(_ANSWER.match(sentence.text)) and not _says_more_cjk(sentence.text)
        filled = sentence_slot(view(sentence.text), before=view(" ".join(before[-2:])),
                               asked=None if before or bare_yes_or_no else question)
        if filled is not None and delegate is not None and filled.name in _SPEAKERS_DETAILS \
                and delegate.speakers_own(sentence.text):
            filled = None  # a carer's "call me on 07700 900519": the speaker's own number, not the holder's
        if filled is not None and names_someone_else_s_value(view(sentence.text), filled.value, lang=lang,
                                                             slot=filled.name):
            filled = None  # "Could you tell me where my friend Bob's order A-7731 is?": bob's order (question_values)
        if filled is not None and lang != "en" and kinds.speaks_to_the_other(sentence.text, lang=lang):
            filled = None  # "서울로 이사 간다니 축하해!", "京都に引っ越すんだね！": the other's move, not the speaker's
        if furniture and within(furniture, sentence.start, sentence.end) and not says_change(sentence.text):
            # ... unless the line names a change ("thanks\nnew number 07700 900111", "cheers\nmoved to Leeds"): a short
            # line under a closing word is then the customer's words, not a signature
            if not shape_values(sentence.text):
                # "Kind regards,", "서하은 드림", "サポート御中", a name or a role under the sign-off: no fact, and
                # glued to none (read as statements, "Thanks," filled a plan and a bare name outranked the body)
                # — nor does it glue what stands before it to what follows: a forwarded letter's greeting ends the
                # customer's covering line ("Forwarding what I sent …:\nHello Larkspur team,\nI'd like to know …")
                letter_opens = bool(groups)
                continue
            # a signature line with a phone, an e-mail or a code ("t.reid@example.com | 07700 900111"): a fact of its
            # own, marked
            groups.append(_Group("attribute", [sentence], False, [True], standalone=True, strong=[True],
                                 fills=filled, furniture=True))
            continue
        announced = bool(before) and filled is not None and sentence_slot(sentence.text) is None
        # ... a sentence naming the change that gives the value itself, by its shape ("새 접수번호가 나왔어요:
        # BK-88102", "you emailed me a new reference …, so it's CV-4519-K now"), is no announcement of a value to come
        names = announced_slot(sentence.text) if filled is None else None
        if names is not None and shape_values(sentence.text):
            names = None
        before.append(sentence.text)
        kind = None if names else kinds.classify(sentence.text, lang=lang)
        if names and sentence_slot(turn.text[said.end:]) is None \
                and (kinds.classify(sentence.text, lang=lang) == "request" or names in set_by_agent()):
            # ... but "住所変更をお願いしたいです。" with no new address after it in the turn asks for the change, and
            # so does "청구서 받을 주소를 바꿔야 합니다." when the agent's next turn sets the new address
            kind = "request"
        told = False
        # "I've switched email providers." says which slot changes, not its value: not a fact of its own
        # (it outranked the new address for "customer's email"), it goes with the value that follows
        reaction = False
        strong_before = strong_before or bool(groups and any(groups[-1].strong[-1:]))
        said_before = strong_before
        if not said_before and kinds.is_bare_acceptance(sentence.text, lang=lang) \
                and (offered or _announces(unasked_previous, customer_roles)):
            # ... while after the service announced what it will do ("では候補を3つメールでお送りします。" → "お願い
            # します！") the same words only acknowledge it
            kind, told = ("decision", True) if offered else (None, False)
        elif answers and kinds.is_unsure_answer(sentence.text, lang=lang):
            kind, told = "event", True  # "How many hours a week could you study?" → "Maybe 6?": the number answers
        elif kind in ("event", "preference", "attribute") and filled is None \
                and (kinds.is_reaction(sentence.text, lang=lang) or kinds.draws_conclusion(sentence.text, lang=lang)) \
                and not kinds.gives_leave(sentence.text) \
                and not ((about_them or asked_how) and not groups and kinds.is_evaluation(sentence.text)):
            kind, reaction = None, True  # "Aww, that's so cute!": a reaction, not a statement about the customer
        elif answers and not said_before and lang == "en" and kinds.picks_an_alternative(sentence.text, question):
            kind, told = "decision", True  # "Do you want a new number or to keep one?" → "New number."
        elif kind is None and answers and not groups and _ANSWER.match(sentence.text) \
                and (about_them and kinds.asks_yes_or_no(question) or _says_more(sentence.text)
                     or lang == "en" and kinds.names_a_day(sentence.text)):
            kind = "event"  # "No, no pets right now." after "Do you have pets?": the answer is the fact
            # "네" after "기다려 주실 수 있을까요?", "ㅇㅇ" after "너 아직 그 강아지 키워?": the bare answer is the fact
            told = lang != "en" and kinds.asks_yes_or_no(last_question(question), lang=lang) \
                and not _says_more_cjk(sentence.text)
            if lang != "en" and not _says_more_cjk(sentence.text) and kinds.asks_for_anything_else(question, lang=lang):
                kind = None  # "없어요." after "다른 문의 있으실까요?": a bare answer about nothing of theirs
        elif kind is None and lenient and not groups and lang == "en" and not is_question(sentence.text) and (
                kinds.says_when(sentence.text) or asked_how and kinds.is_state_answer(sentence.text)):
            kind, told = "event", True  # "June 20th." after "The event date?", "Tired." after "How are you?"
        elif kind is None and answers and not groups and kinds.asks_what(last_question(question), lang=lang) \
                and not is_question(sentence.text) and not kinds.is_small_talk(sentence.text, lang=lang) \
                and not kinds.is_reaction(sentence.text, lang=lang) \
                and not kinds.says_nothing_of_their_own(sentence.text, lang=lang, answering=True):
            kind, told = "event", True  # "寝室です。" after "どちらのお部屋でしょうか？", "釣り！" after "趣味は何？"
        if kind is None and not reaction and filled is None and _disowns_a_number(sentence.text, lang):
            kind = "event"  # "1423이 아니라 1432번지예요.": a value named as not theirs, the other one told instead
        if kind is None and not reaction and filled is not None and (states_value(sentence.text) or not (
                is_question(sentence.text) and kinds.says_nothing_of_their_own(sentence.text, lang=lang))):
            # ... not a question that states nothing ("Maybe a promotion?" after "Any upside for you?")
            kind = "attribute"  # "골드 회원이에요." is short, and still says which plan they are on
        extends = kind is None and not reaction and lang == "en" and bool(groups) and not groups[-1].standalone \
            and any(groups[-1].strong) and kinds.is_short_statement(sentence.text)
        if extends:
            kind = "event"  # "Yes, twice. It didn't help.": three words go on what the customer was telling
        # Says nothing of the speaker's own (kinds.says_nothing_of_their_own: no "I" doing something, nothing
        # of theirs, no name, number, day or third person): not enough to make a fact, but kept inside one.
        # An answer to a question is read more leniently until something in it counts: the question is its
        # subject ("How's the store going?" → "It's a wild ride.").
        answering = lenient and not said_before
        weak = not told and (extends or kind in ("event", "preference", "attribute") and filled is None
                             and kinds.says_nothing_of_their_own(sentence.text, lang=lang, answering=answering,
                                                                 told_by_other=told_by_other)
                             # leave given to the service ("so you can tip them there now") is the customer's wish
                             and not kinds.gives_leave(sentence.text))
        # "내가 너였으면 바로 그만뒀다" (had I been you, I'd have quit): "quit" in a sentence that is small talk takes
        # nothing back
        retraction = kinds.is_retraction(sentence.text, lang=lang) and not (lang != "en" and kind is None)
        if instruction_like(sentence.text) or source.text in paired:
            # text aimed at the AI is kept apart from what the customer told the service around it
            groups.append(_Group(kind or "request", [sentence], False, [True], standalone=True, instruction=True))
            continue
        # what the agent's yes can agree to: an action asked of the service or decided, not a question for
        # information ("Can you tell me when it arrives?" → "Sure, on Monday." agrees to nothing)
        asks_action = kind in ("request", "decision") and not kinds.asks_for_information(sentence.text, lang=lang)
        standalone = retraction or kinds.is_direct_context_request(sentence.text, lang=lang) or (
            kind is not None and filled is not None)
        last = groups[-1] if groups and not letter_opens else None
        letter_opens = False
        if filled is None and not retraction and last is not None and last.fills is not None \
                and names_other_value(sentence.text, last.fills):
            # "Please answer in English from now on. He doesn't read Spanish.": the reason for leaving the old value
            # goes with the change — alone it would keep the old value active
            last.sentences.append(sentence)
            last.content.append(True)
            last.strong.append(True)
            continue
        if standalone and last is not None and not last.standalone and len(last.sentences) == 1 \
                and not retraction and (announced or kinds.is_correction(last.sentences[0].text, lang=lang)
                                        or (filled is not None
                                            and announced_slot(last.sentences[0].text) == filled.name)
                                        # "I never check my email. Text me from now on.": the reason told first
                                        or (filled is not None and names_other_value(last.sentences[0].text,
                                                                                     filled))):
            # "정정할게요. 주문 번호는 77102입니다." / "My address changed. It's now…": the announcement
            # belongs to the value it announces, so the correction is judged as one.
            last.sentences.append(sentence)
            last.content = [True, True]
            last.kind, last.standalone = kind or "event", True
            last.asks = last.asks or asks_action
            last.fills = filled
        elif retraction and last is not None and not last.standalone and not last.instruction \
                and _names_nothing(sentence.text, lang) and sentence_slot(last.sentences[-1].text) is None:
            # "Cucumbers are fine now. You can put them back in.", "오이 이제 괜찮아요 ㅋㅋ 다시 넣어주셔도 돼요": a
            # retraction that names nothing takes back what the sentence before it names — one fact with it, or
            # it found no wish to take back and that sentence (a remark alone) was dropped
            named = last.sentences.pop()
            del last.content[len(last.sentences):], last.strong[len(last.sentences):]
            if not last.sentences:
                groups.pop()
            groups.append(_Group(kind or "event", [named, sentence], True, [True, True], standalone=True,
                                 asks=asks_action, strong=[True, True]))
        elif standalone:
            # A retraction, a lasting request or a slot ("I live in…", "answer in…") is its own fact:
            # judgement updates it, context takes it, on its own.
            groups.append(_Group(kind or "event", [sentence], retraction, [True], standalone=True, asks=asks_action,
                                 fills=filled))
        elif last is not None and not last.standalone:
            # Everything else the customer said in one go stays one fact, as they told it (small talk
            # between sentences included, trimmed at the edges); its kind is the strongest one said.
            last.sentences.append(sentence)
            last.content.append(kind is not None)
            last.strong.append(kind is not None and not weak)
            last.asks = last.asks or asks_action
            if kind is not None and _STRENGTH[kind] > _STRENGTH[last.kind]:
                last.kind = kind
        else:
            groups.append(_Group(kind or "event", [sentence], False, [kind is not None], asks=asks_action,
                                 strong=[kind is not None and not weak]))
    groups = [g.trimmed() for g in groups if any(g.content) and (g.standalone or any(g.strong))]
    if len(whole_sentences) > 1 and any(g.kind in ("request", "decision") for g in groups) \
            and not any(g.instruction for g in groups) and message_order(turn.text):
        # an order spread over the turn's sentences (a setup, then "so do it"; a note to the handler in a pasted
        # form): no sentence is the order alone, so none is the customer's own fact either (screening.message_order);
        # read only where the turn asks or decides something (every such order asks the service to act)
        for group in groups:
            group.instruction = True
    for group in [g for g in groups if g.retraction and len(g.sentences) == 1]:
        wish = _wish_after_retraction(group.sentences[0], lang)
        if wish is not None:
            # "I no longer prefer email, please call me by phone": the retraction takes back the old
            # wish (matched on the whole sentence) and what they want instead is a fact of its own.
            groups.insert(groups.index(group) + 1, _Group(wish[0], [wish[1]], False, [True], standalone=True,
                                                          asks=wish[0] == "request"))
    confirmation = _confirmation(following, customer_roles)
    if confirmation is None and groups and set_by_agent():
        # "料金プランを上げたいです" → "雑誌セットプランへの変更を承りました。": no word of the yes-list, but the agent
        # states the new value of the slot the customer asked to change, as set — that sentence agrees
        confirmation = next(iter(set_by_agent().values()))
    # a slot the message says stays as it is: no other value of it in the same message is the customer's new one
    kept = kept_slots([s.text for s in whole_sentences], asked=question) if groups else frozenset()
    # The agent's "yes" answers the last thing the customer asked of the service. A lasting wish about
    # how to be served ("from now on answer in English") takes it only when nothing else was asked:
    # it must not take the agreement from the refund asked just before it.
    asks = [g for g in groups if g.kind in ("request", "decision") and g.asks and not g.instruction]
    agreed = next((g for g in reversed(asks) if not (g.standalone and kinds.is_direct_context_request(
        turn.text[g.sentences[0].start:g.sentences[-1].end], lang=lang))), asks[-1] if asks else None)
    if confirmation is not None and following is not None and agreed is not None:
        agreed, confirmation = _answered(turn, groups, asks, agreed, confirmation, following)
    if agreed is not None and confirmation is not None and following is not None \
            and _how_it_works(agreed.sentences, following, lang):
        agreed = None
    out = []
    for group in groups:
        kind, retraction = group.kind, group.retraction
        quote = turn.text[group.sentences[0].start:group.sentences[-1].end]
        agreed_here = confirmation is not None and following is not None and group is agreed
        agent_yes = confirmation
        if kinds.sensitive_category(quote, lang=lang) not in ("none", *allowed):
            # "we're settled in Glasgow now, since my partner got a hospital post there": without consent the
            # reason is not stored, but the new city is no secret — the clauses that fill a slot are kept
            # — and so is a lasting wish beside a sensitive reason ("please don't ring before 10am, I work nights at
            # the hospital"): the clauses that ask for it are kept, the reason is not. An agreement is the service's
            # own record of what it promised (new-user report 27 #9): the clauses that ask for what the agent agreed
            # to are kept, the reason is not; an agreement whose asking clauses are themselves sensitive ("can my
            # chemo drugs come in the cool box?") stays unstored, as before
            quote = (_ask_part_without_reason(quote, lang, allowed) if agreed_here else None) or (
                _slot_part_without_reason(quote, lang, allowed)) or (
                _wish_part_without_reason(quote, lang, allowed) if kind in ("request", "preference") else None) or quote
        if agreed_here and agent_yes is not None and kinds.sensitive_category(quote, lang=lang) in ("none", *allowed) \
                and kinds.sensitive_category(agent_yes, lang=lang) not in ("none", *allowed):
            # the agent's yes that repeats the reason ("we'll assemble it for free, I hope the surgery went well"):
            # its clauses without the reason, the latest first; none left keeps it as it was (and the fact unstored)
            agent_yes = next((_TRAILING_JOINT.sub("", part)
                              for part in _parts_without_reason(agent_yes, lang, allowed)), agent_yes)
        evidence = [Evidence(log_id=log_id, turn=turn.id, role="customer", quote=quote, speaker=turn.speaker,
                             said_on=turn.day, said_at=turn.time)]
        agreement = reissued = False
        text = quote
        # A confirmation is only ever read from the following turn, so ``following`` is set here.
        if agreed_here and agent_yes is not None and following is not None:
            agreement = True
            kind = "decision"
            evidence.append(Evidence(log_id=log_id, turn=following.id, role="agent", quote=agent_yes,
                                     speaker=following.speaker, said_on=following.day, said_at=following.time))
            text = f"{quote} → {agent_yes}"
            offer = _offer_taken_up(unasked_previous, quote, lang, allowed, customer_roles) \
                if group is groups[0] else None
            if offer and unasked_previous is not None:
                text = f"(offered: {offer}) {text}"
                # the offer is the agreement's subject for the service's evidence store too (``outbox.evidence_text``
                # reads the evidence only)
                evidence.insert(1, Evidence(log_id=log_id, turn=unasked_previous.id, role="agent", quote=offer,
                                            speaker=unasked_previous.speaker, said_on=unasked_previous.day,
                                            said_at=unasked_previous.time))
        if asked and group is groups[0]:
            # An answer reads only with what it answers ("Enterprise." after "Which plan are you
            # on?"): the question (else the last sentence) of the previous turn goes into the fact's
            # text, never into its evidence.
            text = f"({asked}) {text}"
        if turn.speaker:
            # When the log names who spoke (a shared account, an imported transcript), the fact says so.
            text = f"{turn.speaker}: {text}"
        context_request = group.standalone and not group.instruction and kinds.is_direct_context_request(
            quote, lang=lang)
        if context_request and not agreement:
            kind = "preference"  # a lasting wish about how to be served, whatever verb it used
        # An event happened when the customer says it did, and an attribute holds since the past day
        # it names ("I moved to Kyoto last week"; a future day, "my birthday is next Friday", is not
        # when it became true); a request, decision or preference is dated by the turn that states it
        # ("refund my purchase of 18 days ago" is a request made today).
        mentions = find_dates(quote, reference) if kind in ("event", "attribute") else []
        if kind == "attribute":
            mentions = [m for m in mentions if m.value <= reference]
        policy_refs = tuple(dict.fromkeys(turn.policy_refs + (following.policy_refs if following else ())))
        slot = slot_in(view(quote), asked=question if group is groups[0] else None)
        if slot is None and not group.instruction:
            slot = learned_slot(quote)  # the learned recogniser, where no rule reads a slot (slot_model)
        if agreement and agent_yes is not None:
            # "Can I move up?" → "I've switched you to the Dedicated Desk plan": the value the agent states in
            # the confirmation is the one agreed — the customer's words are left as they were
            agreed_value = agreed_slot(quote, agent_yes)
            if agreed_value is not None and (slot is None or slot.name == agreed_value.name):
                slot = agreed_value
                if slot.name == "order" and says_change(agent_yes):
                    # "can you redo the booking?" → "…your new reference is KT-4410": the reissued code replaces the
                    # one held (judged as a correction, and by its shape)
                    reissued = True
        # values by their shape, but none of a slot the message keeps, nor one the rules below find someone else's
        shapes = () if group.instruction or retraction else tuple(
            value for value in shape_values(quote) if value.name not in kept)
        if delegate is not None and delegate.speakers_own(quote):
            theirs = [value for value in (*shapes, slot) if value is not None and value.name in _SPEAKERS_DETAILS]
            shapes = tuple(value for value in shapes if value.name not in _SPEAKERS_DETAILS)
            slot = None if slot is not None and slot.name in _SPEAKERS_DETAILS else slot
            if theirs:
                # the speaker's own e-mail, phone or home: kept as they said it, marked as theirs (told back so)
                evidence[0] = dataclasses.replace(evidence[0], others_own=True)
        if names_new_code(quote) and (slot is not None and slot.name == "order" and not agreement or any(
                value.name == "order" for value in shapes)):
            # "新しい受付番号は RP-2093 になりました", "새 접수번호가 나왔어요: BK-88102" (a code no rule reads, known
            # by its shape): the code issued anew replaces the held one
            reissued = True
        if slot is not None and slot.name in kept:
            slot = None
        if slot is not None and slot.name in _ONE_OF_MANY and (
                bare_value(quote, slot) and _framed_as_not_theirs(viewed_sentences(), group.sentences[0].start)
                or _asked_also_there(viewed_sentences(), group.sentences[0].start)):
            shapes = tuple(value for value in shapes if value.name != slot.name)
            slot = None
        if slot is not None and slot.name == "name" and not _FIRST_PERSON.search(quote) \
                and _framed_as_not_theirs(viewed_sentences(), group.sentences[0].start):
            # "娘も私のアカウントで申し込みたいです。名前は鈴木ひなた、5歳です。": the name after a sentence about a
            # relative is the relative's, unless the customer says it is their own
            slot = None
        # "Can you check bob's order A-7731?", "… the order number A-7731 of my neighbour": someone else's value, in
        # a question or a request alike (question_values); a value with no owner named keeps its slot
        if slot is not None and names_someone_else_s_value(view(quote), slot.value, lang=lang, slot=slot.name):
            slot = None
        shapes = tuple(value for value in shapes if not names_someone_else_s_value(
            view(quote), value.value, lang=lang, slot=value.name))
        if (slot is not None or shapes) and lang != "en" \
                and all(kinds.speaks_to_the_other(s.text, lang=lang) for s in group.sentences):
            slot, shapes = None, ()  # "京都に引っ越すんだね！": the other person's move (see ``filled`` above)
        if delegate is not None and slot is not None and not slot.learned and not evidence[0].others_own \
                and slot_in(quote, asked=question if group is groups[0] else None) != slot:
            # "I'd like to book my father into the day centre 2 days a week" (…"I'm his son Paul"): the value is the
            # holder's only as the delegate's words are read — marked, so that the held fact is read so again when a
            # later change is judged against it (``slots.slot_of``), not left active beside the change
            evidence[0] = dataclasses.replace(evidence[0], for_holder=delegate.relation)
        out.append(Candidate(
            kind=kind, text=text, evidence=tuple(evidence), valid_at=mentions[0].value if mentions else reference,
            sensitive=kinds.sensitive_category(quote, lang=lang), agreement=agreement, retraction=retraction,
            correction=kinds.is_correction(quote, lang=lang) or reissued, slot=slot, lang=lang,
            context_request=context_request, policy_refs=policy_refs, instruction_like=group.instruction,
            shapes=(*shapes, slot) if reissued and slot is not None and slot not in shapes else shapes,
            furniture=group.furniture,
            statement=build_statement(kind=kind, quote=quote, text=text, speaker=turn.speaker,
                                      slot=None if group.instruction or slot and slot.learned else slot,
                                      reference=reference,
                                      agreement=agreement, retraction=retraction),
        ))
    return out


# the details a delegate gives as their own ("call me on …", "send me a copy at …", "my name's Joan Beckwith")
_SPEAKERS_DETAILS = frozenset({"phone", "email", "name", "address", "residence"})
# the speaker naming themselves ("my name", "제 이름", "私の名前")
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|my|me)\b|(?<![가-힣])(?:저는|제가|제\s|저\s)|私|わたし|僕")


def _delegate_writer(turns: Sequence[Turn], customer_roles: Sequence[str]) -> str | None:
    """The speaker the log names for the customer turn that introduces a delegate (``delegates``), if it names one."""
    for turn in turns:
        if turn.role in customer_roles and delegate_of([turn.text]) is not None:
            return turn.speaker or None
    return None


def _screen_flags(text: str, sentences: Sequence[Sentence], *, carried: str = "") -> bool:
    """Whether the customer screen flags a message: one of its sentences, the message read whole, or its first
    sentence read after the unfinished message before it (``_carried_fragment``)."""
    return (any(instruction_like(s.text) for s in sentences) or message_order(text)
            or bool(carried and sentences and instruction_like(f"{carried} {sentences[0].text}")))


_UNFINISHED = lazy(r"(?:[,、，]|면|거든|(?:た|だ)ら|なら|れば|ときは|時は)$"
                   r"|^(?:if|when|whenever|once|as soon as)\b", re.IGNORECASE)


def _carried_fragment(turns: Sequence[Turn], index: int, customer_roles: Sequence[str]) -> str:
    """The customer's previous message when it is an unfinished sentence this one completes — only other turns
    between (the agent's "네?", "Yes?"), and no sentence end of its own ("제가 그 단어를 말하면", "Whenever I say
    the code word,", "私がその言葉を言ったら") — else "". The screen reads the two as one sentence (newuser28 #6)."""
    back = index - 1
    while back >= 0 and turns[back].role not in customer_roles:
        back -= 1
    if back < 0 or back == index - 1 or index - back > 3:
        return ""
    text = turns[back].text.strip()
    if not text or text[-1] in ".!?。！？…" or "\n" in text or len(text) > 200:
        return ""
    # only a clause that cannot end a sentence: a conditional or connective ending, or a trailing comma ("…정미숙이요"
    # ends a sentence without a full stop, and is no fragment: u24-name-ko-1)
    return text if _UNFINISHED.search(text) else ""


def _written_by(turn: Turn, writer: str | None) -> bool:
    """Whether ``turn`` may be the delegate's: the log names no writer for either, or the same one."""
    return writer is None or not turn.speaker or turn.speaker == writer


def _as_said(text: str) -> str:
    return text


def _after_introduction(sentence: Sentence) -> Sentence | None:
    """``sentence`` without a delegate's introduction at its start ("김말순 님 딸인데요, 엄마가 이번에 개명하셨어요" →
    "엄마가 이번에 개명하셨어요"); ``None`` when the introduction is all it says."""
    found = introduction(sentence.text)
    if found is None:
        return sentence
    rest = re.match(r"[\s,.!~ㅎ、。！:;—–-]*", sentence.text[found.end():])
    start = found.end() + (rest.end() if rest else 0)
    if start >= len(sentence.text):
        return None
    return _span(sentence, start, len(sentence.text))


# Slots of which a customer may hold several values at once (their own and a relative's address, a second phone)
_ONE_OF_MANY = frozenset({"address", "phone", "email"})
# a question whether the service comes to another place too ("평일 낮엔 회사 주차장에 있는데 거기서도 해주시나요?",
# "そこでも受け取れますか？", "Do you cover there too?"): the bare address after it is that other place's
_ALSO_THERE = re.compile(r"거기(?:서|에|에서)?도|그곳(?:에서|에)?도|そこ(?:で|に|へ)?も|\bthere (?:too|as well)\b",
                         re.I)
_ASKS = re.compile(r"[?？]\s*$|(?:까요|나요|습니까|ですか|ますか|でしょうか)\W*$")


def _framed_as_not_theirs(sentences: Sequence[Sentence], start: int) -> bool:
    """The sentence before ``start`` in the same message asks for a value someone else's, for one order only, or added
    beside the one held: "Could you also keep my mum's place on file as a second address? 3 Mill Street, Wantage.",
    "返却日当日だけ夫の番号に連絡もらえますか？090-…です。" — the bare value after it answers that sentence, so it
    fills no slot of the customer's own (a value that says more, "새 주소는 …입니다", is read by itself)."""
    from mem.customers.judge import adds_another  # judge reads this module's candidates

    prior = [s.text for s in sentences if s.end <= start]
    return bool(prior) and (not_theirs(prior[-1]) or adds_another(prior[-1]))


def _asked_also_there(sentences: Sequence[Sentence], start: int) -> bool:
    """The sentence before ``start`` asks whether the service comes to another place too (``_ALSO_THERE``): the value
    after it, bare or with the building named ("대구 중구 동성로 45 빌딩이에요."), is that place's, not a move."""
    prior = [s.text for s in sentences if s.end <= start]
    return bool(prior) and bool(_ALSO_THERE.search(prior[-1]) and _ASKS.search(prior[-1]))


# Where one sentence joins two statements: ", and I…", "; ", Korean "-고" and Japanese "-て、" / "-で、".
_CLAUSE_BOUNDARY = re.compile(r"(?:(?<!\s)|(?!\s))(?:,?\s+and\s+(?=(?:i|i'm|i've|i'd|we|we're|we've|my|our)\b)"
                              r"|,\s+(?=(?:i|i'm|i've|my|we|we're|our)\b)|;\s+"
                              r"|(?<=[가-힣]고)\s+|(?<=[てで]、)|(?<=し、))", re.I)
# "I'm on Fibre 150 at 12 Oak Lane, Leeds": the plan held, then where, an address begun by its house number after
# "at"; split there only after a plan, since "drop the bath seat at 41 Elm Grove" or "post it to my new flat at 5
# Carver Mews" tell where something goes with what it is for, one fact
_AT_ADDRESS = re.compile(r"(?<=\w)\s+(?=at \d+[a-z]? [A-Z])")


def _slot_clauses(sentence: Sentence) -> list[Sentence]:
    """``sentence``, or its clauses when they fill different slots: "I live in Oslo and I'm on the Basic
    plan." is two facts, so a move replaces the residence and an upgrade the plan, each on its own."""
    if find_slot(sentence.text) is None:
        return [sentence]
    pieces: list[Sentence] = []
    start = 0
    for match in _CLAUSE_BOUNDARY.finditer(sentence.text):
        if match.start() > start:
            pieces.append(_span(sentence, start, match.start()))
        start = match.end()
    pieces.append(_span(sentence, start, len(sentence.text)))
    pieces = [part for piece in pieces for part in _plan_then_address(piece)]
    slots = [find_slot(piece.text) for piece in pieces]
    if len({slot.name for slot in slots if slot is not None}) < 2:
        return [sentence]
    clauses: list[Sentence] = []
    pending: Sentence | None = None  # "Hi," before "I live in Oslo" goes with the clause after it
    for piece, slot in zip(pieces, slots, strict=True):
        if pending is not None:
            piece = Sentence(sentence.text[pending.start - sentence.start:piece.end - sentence.start].strip(),
                             pending.start, piece.end)
            pending = None
        if slot is None and not clauses:
            pending = piece
        elif slot is None:
            last = clauses[-1]
            clauses[-1] = Sentence(sentence.text[last.start - sentence.start:piece.end - sentence.start].strip(),
                                   last.start, piece.end)
        else:
            clauses.append(piece)
    return clauses


def _plan_then_address(piece: Sentence) -> list[Sentence]:
    """``piece`` cut before "at <house number> <Street>" when what comes before it is a plan held."""
    match = _AT_ADDRESS.search(piece.text)
    if match is None:
        return [piece]
    before = _span(piece, 0, match.start())
    slot = find_slot(before.text)
    if slot is None or slot.name != "tier":
        return [piece]
    return [before, _span(piece, match.end(), len(piece.text))]


def _span(sentence: Sentence, start: int, end: int) -> Sentence:
    """The part ``[start, end)`` of ``sentence`` (offsets within it), trimmed, with its span in the message."""
    text = sentence.text[start:end]
    lead = len(text) - len(text.lstrip())
    return Sentence(text.strip(), sentence.start + start + lead, sentence.start + start + lead + len(text.strip()))


# A short answer to a question: yes / no and what follows ("No, no pets right now.", "네, 두 번이요").
def last_question(questions: str) -> str:
    """The last of the questions a turn asked (they are joined in the fact's "(asked: …)" text)."""
    return ([q for q in re.split(r"[?？]", questions) if q.strip()] or [""])[-1]


def _says_more_cjk(sentence: str) -> bool:
    """Something beyond the yes or no ("네, 두 번이요"): then the structural test reads it like any sentence."""
    return bool(_ANSWER.sub("", sentence, count=1).strip(" \t,.!?~、。！？～ㅋㅎㅠㅜ"))


_ANSWER = re.compile(r"^\W*(?:yes|yeah|yep|yup|no|nope|nah|not really|not yet|not anymore|not at all|never|sure|"
                     r"of course|definitely|absolutely|(?:i|we) (?:did|do|have|am|was|were|will|didn't|don't|haven't|"
                     r"wasn't|won't)|i'm not|we're not|"
                     r"네|예|아니요|아뇨|응|아니|아직|당연하지|물론|ㅇㅇ|ㅇㅋ|웅|넵|넹|ㄴㄴ|아냐|아니야|맞아"
                     r"|없어요|없습니다|있어요|있습니다)(?:\b|(?=[ㅋㅎㅠㅜ]))"
                     r"|^\W*(?:はい|いいえ|ええ|うん|ううん|まだ|もちろん|いや|そうそう|ないです|ありません"
                     r"|あります)", re.I)
# Machine text an import format puts inside a message: a photo caption or attachment marker
# ("[shared a photo: a cat on a sofa]", "[image: …]", "<attachment>"). It is cut from the sentence.
# What a "yes"/"sure" says beyond itself: "No, no pets right now." says something; "Sure thing, Melanie!"
# (a name and a filler) does not.
_ANSWER_FILLER = frozenset({"thing", "sure", "yes", "yeah", "yep", "yup", "no", "nope", "nah", "of", "course",
                            "totally", "definitely", "absolutely", "okay", "ok"})


def _says_more(sentence: str) -> bool:
    words = re.findall(r"[A-Za-z']+", _ANSWER.sub("", sentence, count=1))
    return len([w for w in words if w.lower() not in _ANSWER_FILLER and (not w[0].isupper() or w == "I")]) >= 2 \
        or not sentence.isascii()


_MACHINE_TEXT = re.compile(r"(?:(?<!\s)|(?!\s))(?:"
                           r"\s*(?:\[(?:shared an? |sent an? )?(?:photo|image|picture|video|audio|file|attachment|"
                           r"sticker|gif)\b[^\]]{0,500}\]|<(?:image|photo|attachment|media omitted)[^>]{0,200}>)\s*)",
                           re.I)


def _without_machine_text(sentence: Sentence) -> Sentence | None:
    """The sentence up to the first caption or attachment marker in it; ``None`` when nothing is left."""
    if is_placeholder(sentence.text):
        return None  # "This message was deleted", "삭제된 메시지입니다.": the messenger's, where a message was
    match = _MACHINE_TEXT.search(sentence.text)
    if match is None:
        return sentence
    head = sentence.text[:match.start()].rstrip()
    if not head:
        return None
    return Sentence(head, sentence.start, sentence.start + len(head))


# Where a sentence divides into clauses that can stand alone: punctuation, the conjunctions that join two
# statements, a Korean laugh or connective ending before a space, a Japanese て-form or reason.
_REASON_CLAUSES = re.compile(r"(?:(?<!\s)|(?!\s))(?:"
                             r"[,;:、，]\s*|[.!?。！？]\s*|\s+(?:and|but|so|since|because|as|while|though|after)\s+|"
                             # a reason told after the value: "we've relocated to Aberdeen for my husband's job",
                             # "남편 회사 때문에 …", "夫の転勤で…"
                             r"\s+(?=for (?:my|our|his|her|their)\b)|(?<=때문에)\s+|(?<=따라)\s+|(?<=따라서)\s+|"
                             r"(?<=都合で)|(?<=仕事で)|(?<=転勤で)|(?<=関係で)|(?<=ため)、?|"
                             r"\s+[—–-]\s+|(?<=[ㅎㅋ])\s+|(?:(?<=해서)|(?<=어서)|(?<=아서)|(?<=니까)|(?<=는데)"
                             r"|(?<=거든요)|(?<=어요)|(?<=면서)|(?<=하고)|"
                             r"(?<=아요))\s+|"
                             # a て-form joins two clauses; "していました", "してもらえますか" are one word
                             r"(?:(?:(?<=して)|(?<=って))(?![いおもくあ])|(?<=ので))、?|(?<=から)、)", re.I)


def _slot_part_without_reason(quote: str, lang: str, allowed: frozenset[str]) -> str | None:
    """The part of a sensitive ``quote`` that fills a slot without the sensitive clauses around it
    (a verbatim slice), or ``None`` when no run of clauses free of unconsented words fills one."""
    for part in _parts_without_reason(quote, lang, allowed):
        if slot_in(part) is not None:
            return part
    return None


def _ask_part_without_reason(quote: str, lang: str, allowed: frozenset[str]) -> str | None:
    """The part of a sensitive ``quote`` the agent agreed to, without the sensitive reason beside it ("I'm on insulin
    and the cool bag arrived warm. Can you send a new one for free?" → "Can you send a new one for free?"): the latest
    run of whole sentences free of unconsented words that reads as a request or a decision, else the latest run of
    clauses of a sentence holding both, or ``None``."""
    # whole sentences first: the reason told in a sentence of its own goes with its whole sentence, so the kept
    # quote starts where a sentence does ("喘息で入院していました。再配達の送料を…" kept "いました。再配達の…", cut
    # after the て of "入院して"; "I was in hospital with pneumonia and couldn't take the parcel. Could you…" kept
    # "couldn't take the parcel. Could you…"); only a sentence that holds both the ask and the reason is cut at its
    # clauses ("My asthma got worse because of the dust, could you take the vacuum back…")
    spans = _sentence_spans(quote)
    clean = [kinds.sensitive_category(quote[a:b], lang=lang) in ("none", *allowed) for a, b in spans]
    runs: list[list[tuple[int, int]]] = []
    for number, (span, ok) in enumerate(zip(spans, clean, strict=True)):
        if ok and number and clean[number - 1]:
            runs[-1].append(span)
        elif ok:
            runs.append([span])
    for run in reversed(runs):
        # the run itself (verbatim), else its sentences, the latest first ("…환불해 주실 수 있나요? 주소는 …입니다."
        # reads as the address, its first sentence as the request)
        for first, last in ((run[0][0], run[-1][1]), *reversed(run)):
            piece = _TRAILING_JOINT.sub("", quote[first:last].strip())
            if piece and kinds.classify(piece, lang=lang) in ("request", "decision"):
                return piece
    for (first, last), ok in reversed(list(zip(spans, clean, strict=True))):
        if ok:
            continue
        for part in _parts_without_reason(quote[first:last], lang, allowed):
            piece = _TRAILING_JOINT.sub("", part.strip())
            if piece and kinds.classify(piece, lang=lang) in ("request", "decision"):
                return piece
    return None


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")
# a sentence's end in any of the three languages (Japanese writes none of the blanks ``_SENTENCE_END`` needs)
_SENTENCE_CUT = re.compile(r"[.!?]+(?=\s|$)|[。！？]+")


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` of each sentence of ``text``, its end mark included and the blanks around it left out."""
    spans: list[tuple[int, int]] = []
    start = 0
    for mark in [*_SENTENCE_CUT.finditer(text), None]:
        end = mark.end() if mark is not None else len(text)
        piece = text[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            spans.append((start + lead, start + len(piece.rstrip())))
        start = end
    return spans
# a clause cut before its reason ends on the word that joined them ("we agree to refund 50% because"): it goes
_TRAILING_JOINT = re.compile(r"(?:[ \t]{1,3}(?i:and|but|so|since|because|as|while|though|after))?[,;:、，]?$")


# What makes a wish lasting: every time, never, only, from now on ("can you deliver before then?" asks once)
_LASTING = re.compile(r"\b(?:always|never|don't|dont|do not|every time|each time|whenever|from now on|going forward|"
                      r"keep|only|any ?more)\b|항상|늘|매번|앞으로|지\s?마(?:세요|십시오)|いつも|毎回|今後|これから|"
                      r"ないで(?:ください|下さい|ほしい)", re.I)


def _wish_part_without_reason(quote: str, lang: str, allowed: frozenset[str]) -> str | None:
    """The part of a sensitive ``quote`` that asks the service for something lasting without the sensitive reason
    beside it ("Please don't ring before 10am, I work nights at the hospital", "Whenever the tutor is ill, please
    always ring me to rearrange"): a run of clauses free of unconsented words read as a request or preference that
    asks for it every time (``_LASTING``), or ``None`` — a one-time request beside the reason stays unstored with
    it ("My chemo starts Monday, can you deliver before then?")."""
    for part in _parts_without_reason(quote, lang, allowed):
        if _LASTING.search(part) and kinds.classify(part, lang=lang) in ("request", "preference"):
            return part
    return None


def _parts_without_reason(quote: str, lang: str, allowed: frozenset[str]) -> list[str]:
    """The runs of clauses of ``quote`` free of unconsented sensitive words, the latest first (verbatim slices)."""
    runs: list[tuple[int, int]] = []
    start = 0
    for cut in [*(m for m in _REASON_CLAUSES.finditer(quote) if m.end() > 0), None]:
        end = cut.end() if cut is not None else len(quote)
        piece = quote[start:end]
        if piece.strip() and kinds.sensitive_category(piece, lang=lang) in ("none", *allowed):
            if runs and runs[-1][1] == start:
                runs[-1] = (runs[-1][0], end)
            else:
                runs.append((start, end))
        start = end
        if start >= len(quote):
            break
    parts = (quote[first:last].strip().rstrip(",;:、，").rstrip() for first, last in reversed(runs))
    return [part for part in parts if part]  # the latest value said is the one that counts


_MAX_CLAUSES = 8
_CLAUSE_BREAK = re.compile(r"(?:(?<!\s)|(?!\s))(?:[,;、，]\s*|\s+(?:but|instead|so)\s+|\s+[—–-]\s+)")


def _wish_after_retraction(sentence: Sentence, lang: str) -> tuple[str, Sentence] | None:
    """The kind and clause of what a retracting sentence asks for instead, if it does after a clause break (or, in
    the first clause, before the one that takes something back)."""
    for number, brk in enumerate(_CLAUSE_BREAK.finditer(sentence.text)):
        if number >= _MAX_CLAUSES:
            return None  # a retraction names what it takes back early; a run-on text must stay linear
        head, rest = sentence.text[:brk.start()], sentence.text[brk.end():]
        if number == 0 and not kinds.is_retraction(head, lang=lang) and kinds.is_retraction(rest, lang=lang):
            # the new wish told first: "From now on please just leave it at the door, no need to call ahead any
            # more" — kept as its own fact, or the DELETE of the old wish takes it along
            kind = kinds.classify(head, lang=lang)
            if kind in ("preference", "request"):
                return kind, Sentence(head, sentence.start, sentence.start + len(head))
        if not kinds.is_retraction(head, lang=lang) or kinds.is_retraction(rest, lang=lang):
            continue
        kind = kinds.classify(rest, lang=lang)
        if kind in ("preference", "request"):
            start = sentence.start + brk.end()
            return kind, Sentence(rest, start, start + len(rest))
        return None
    return None


# Which kind a multi-sentence fact takes: what the customer asks or agrees outranks what they tell.
_STRENGTH = {"event": 1, "attribute": 2, "preference": 3, "request": 4, "decision": 5}


@dataclass
class _Group:
    """Adjacent sentences of one turn that become one candidate."""

    kind: str
    sentences: list[Sentence]
    retraction: bool
    content: list[bool]  # per sentence: does it carry content (not small talk)?
    standalone: bool = False
    instruction: bool = False  # instruction-like (mem.customers.screening): stored, never acted on
    asks: bool = False  # holds an action asked of the service or a decision: what an agent's yes agrees to
    strong: list[bool] = field(default_factory=list)  # per sentence: content that says something of the speaker's
    fills: Slot | None = None  # the slot a standalone sentence of the group fills
    furniture: bool = False  # a line of the e-mail's salutation, sign-off or signature (mail_furniture)

    def trimmed(self) -> _Group:
        """Without leading and trailing small talk ("Hi!", "Thanks!") around the content."""
        first = self.content.index(True)
        last = len(self.content) - 1 - self.content[::-1].index(True)
        return _Group(self.kind, self.sentences[first:last + 1], self.retraction, self.content[first:last + 1],
                      self.standalone, self.instruction, self.asks, self.strong[first:last + 1], self.fills,
                      self.furniture)


def _announcement(turn: Turn) -> str | None:
    """The sentence of ``turn`` that says a slot changed without giving its value, if one does."""
    return next((s.text for s in reversed(split_sentences(turn.text)) if announced_slot(s.text, asking=True)), None)


def _announces(previous: Turn | None, customer_roles: Sequence[str]) -> bool:
    """The service's turn just before says what it will do or did, and asks nothing ("では候補を3つメールでお送り
    します。", "결과 나올 때까지 해당 금액은 청구에서 보류해 두겠습니다.")."""
    return previous is not None and previous.role not in customer_roles and previous.role != "system" \
        and kinds.confirms(previous.text)


def _told_by_other(previous: Turn | None, reply: Turn, sentences: list[Sentence], questions: list[bool]) -> str:
    """The statements (not the questions) of the other person's turn just before ``reply``: what a reaction in
    ``reply`` is about ("Biscuit loved you." → "Biscuit is such a sweetheart."). Read, never copied into a fact."""
    if previous is None or previous.role == "system" \
            or (previous.role, previous.speaker) == (reply.role, reply.speaker):
        return ""
    return " ".join(s.text for s, asks in zip(sentences, questions, strict=True) if not asks)


def _question_asked(previous: Turn | None, allowed_sensitive: frozenset[str],
                    customer_roles: Sequence[str] = ("customer",), *, reply: Turn | None = None,
                    sentences: list[Sentence] | None = None, questions: list[bool] | None = None) -> str | None:
    """What the customer's turn replies to, for the fact's text: ``"asked: <questions>"``, else ``None``.

    An agent's turn counts only through its questions ("Which plan are you on?" makes "Enterprise."
    readable). An agent's statement ("We will answer in Japanese from now on.") is not what the
    customer's next turn answers: copied into the fact it was noise, shown back in every answer that
    cited the fact. Between people who are both remembered (customer roles, e.g. an imported
    transcript of two speakers), the other person's remark is what a reply like "That's great, how
    long did it take?" is about, so its last sentence stays as ``"re: …"`` — dropping it cost 0.2
    points of LoCoMo R@10 (scripts/bench_locomo.py, run side by side). The same person's previous
    message (same role and speaker as ``reply``: two messages sent in a row) is not a remark they
    reply to: copied in, "(re: From now on answer in Japanese.) I prefer email." read as nonsense.
    """
    if previous is None or previous.role == "system":
        return None
    if reply is not None and (previous.role, previous.speaker) == (reply.role, reply.speaker):
        return None  # the same person's previous message, not something said to them
    if kinds.sensitive_category(previous.text) not in ("none", *allowed_sensitive):
        return None  # never copy unconsented words about health, relationships or money into a fact
    sentences = split_sentences(previous.text) if sentences is None else sentences
    flags = [is_question(s.text) for s in sentences] if questions is None else questions
    # "Nine days?!", "フル！？": surprise echoing what was said asks nothing to be answered
    questions_asked = [s.text for s, asks in zip(sentences, flags, strict=True) if asks and not _ECHO.match(s.text)]
    if questions_asked:
        return "asked: " + " ".join(questions_asked)
    if previous.role in customer_roles and sentences:
        return f"re: {sentences[-1].text}"
    return None


# Question endings without a question mark: Korean interrogative endings, Japanese sentence-final
# か (…ですか, …でしょうか, …ますか) and its casual forms. Imperative-or-question endings such as
# 세요 are left out on purpose: a wrong "question" would copy a statement into the fact.
_KO_QUESTION_ENDINGS = ("까", "까요", "나요", "는지요", "은지요")
_JA_QUESTION_ENDINGS = ("か", "かな", "かね", "っけ")


# a short question closed by "?!" or "!?" (three words at most, 24 characters at most)
_ECHO = re.compile(r"^(?=.{1,24}$)\s*(?:\S+\s+){0,2}\S+?\s*(?:[?？][!！]|[!！][?？])[?？!！]*\s*$")


def is_question(sentence: str) -> bool:
    """A question by its mark (?, ？) or, in Korean and Japanese, by its ending."""
    text = sentence.rstrip().rstrip(".。!！ ")
    if kinds.is_question(sentence) or text.endswith(("?", "？")):
        return True
    return text.endswith(_KO_QUESTION_ENDINGS) or text.endswith(_JA_QUESTION_ENDINGS)


def _set_by_agent(following: Turn | None, customer_roles: Sequence[str], customer_words: str,
                  customer_sentences: list[Sentence]) -> dict[str, str]:
    """The slots a customer's turn asks to change whose value the agent's next turn
    then states, as done: slot name → that sentence. Empty when the turn refuses, promises only to find out, asks
    to wait or asks a question back."""
    if following is None or following.role in customer_roles or following.role == "system" or following.by_mem \
            or cue_slot(customer_words) is None:
        return {}  # (most turns name no slot at all: one look at the whole turn before one per sentence)
    # named in a sentence that asks for a change or announces one — not a question for information ("How much is
    # the Plus plan?" → "The Plus plan is $12 a month." sets nothing)
    named = {name for s in customer_sentences if (name := cue_slot(s.text)) is not None and (
        announced_slot(s.text, asking=True) == name or kinds.classify(s.text) == "request"
        and not kinds.asks_for_information(s.text))}
    if not named or not kinds.reports_a_value(following.text):
        return {}
    said = split_sentences(following.text)
    if any(is_question(s.text) for s in said):
        return {}  # a question back: the service needs an answer before it sets anything
    found: dict[str, str] = {}
    for sentence in said:
        if _CITATION.search(sentence.text):
            continue
        slot = agreed_slot(customer_words, sentence.text)
        if slot is not None and slot.name in named:
            found.setdefault(slot.name, sentence.text)
    return found


def _confirmation(following: Turn | None, customer_roles: Sequence[str]) -> str | None:
    """The agent's confirming sentence when the next turn grants the customer's request.

    An agreement needs the service to commit to an action or grant it (``kinds.confirms``). mem's own answer
    is never one ("Yes — the rule below allows it [1]." reads the policy out), nor a sentence citing a source
    ("[1]": the rule says so, the agent does not promise it). A bare yes with a question back ("Sure! What is
    your order number?", "かしこまりました。注文番号を教えていただけますか？") needs more before anything is agreed.
    """
    if following is None or following.role in customer_roles or following.role == "system" or following.by_mem:
        return None
    sentences = [s for s in split_sentences(following.text) if not _CITATION.search(s.text)]
    if not sentences or not kinds.confirms(" ".join(s.text for s in sentences)):
        return None
    # the sentence that commits, else the one that says yes — not the apology before it ("Sorry for the wait.
    # We'll ship it today.") nor a bare yes before the promise ("かしこまりました。金曜日に変更しました。")
    committing = next((s for s in sentences if kinds.commits(s.text)), None)
    yes = next((s for s in sentences if kinds.confirms(s.text)), None)
    saying_yes = committing or yes
    if saying_yes is not None and is_question(saying_yes.text):
        return None  # "Sure, which language would you prefer?" asks back: nothing is agreed yet
    if committing is None and any(is_question(s.text) for s in sentences):
        return None  # a yes, then a question back: the service needs an answer before it grants anything
    if committing is not None and yes is not None and yes.start < committing.start \
            and sentences.index(committing) - sentences.index(yes) == 1:
        # "Yes, we agree to a partial refund. We will refund 40% of the add-on.": the yes names what is
        # granted, the next sentence how — one verbatim span, so neither half is lost from the evidence
        return following.text[yes.start:committing.end]
    return saying_yes.text if saying_yes is not None else sentences[0].text


def _offer_taken_up(previous: Turn | None, quote: str, lang: str, allowed: frozenset[str],
                    customer_roles: Sequence[str]) -> str | None:
    """The agent's offer a bare yes takes up ("영수증이 있으시면 … 재발급해 드릴 수 있습니다." – "네
    부탁드립니다" – "재발급을 진행하겠습니다."): the last statement of the agent's turn before it, for the
    agreement's text. Without it the agreement read "네 부탁드립니다 → 재발급을 진행하겠습니다." and did not say
    what was agreed (newuser32 #8). A yes that
    says more than yes carries its own subject; a question before it is copied as "(asked: …)" already; unconsented
    sensitive words are never copied."""
    if previous is None or previous.role in customer_roles or previous.role == "system" or previous.by_mem \
            or not kinds.is_bare_acceptance(quote.strip(), lang=lang):
        return None
    statements = [s.text for s in split_sentences(previous.text) if not is_question(s.text)]
    if not statements or kinds.sensitive_category(statements[-1]) not in ("none", *allowed) \
            or not kinds.reports_a_value(statements[-1]):
        # ... nor a promise to find out or a request to wait ("確認いたします。" – "お願いします。"): no offer, the yes
        # lets the agent look
        return None
    return statements[-1]


def _how_it_works(asking: Sequence[Sentence], reply: Turn, lang: str) -> bool:
    """The agent's yes tells the customer how the service works, not what it does for them (newuser32 #2): every
    sentence of the group that asks is a question whether the customer may do something themselves ("Can I reserve a
    book to collect in the shop?", "오늘부터 시작해도 되나요?", "途中で切り替えられますか？"), and the reply commits to
    nothing and tells them how or when to do it ("Yes, reserve it online and pick it up within 3 days.", "네 오늘부터
    이용 가능하세요"). Stored as an agreement, such an answer was queued to the service's evidence store once per
    conversation that asked it. A reply that acts ("… I've cancelled them.") or says only yes ("Yes, of course.")
    still agrees."""
    if kinds.commits(reply.text):
        return False
    asking = [s for s in asking if kinds.classify(s.text, lang=lang) in ("request", "decision")]
    return bool(asking) and all(kinds.asks_what_they_may_do(s.text, lang=lang) for s in asking) \
        and kinds.tells_them_how(reply.text)


def _answered(turn: Turn, groups: list[_Group], asks: list[_Group], agreed: _Group, confirmation: str,
              following: Turn) -> tuple[_Group | None, str]:
    """The customer group the agent's reply answers, and the reply sentence that answers it
    (``agreement_pairing``): the sentence sharing the most content terms with a group. A reply that answers the
    customer's report rather than their request ("Order D-3301, the lid doesn't fit … please no latex gloves." →
    "I can offer a full refund for D-3301") agrees to no request (``agent_offers`` reads it as an offer). A reply
    sharing no term with anything keeps the last request and the first committing sentence ("Done.")."""
    replies = [s for s in split_sentences(following.text)
               if not _CITATION.search(s.text) and not is_question(s.text) and kinds.reports_a_value(s.text)]
    quotes = [turn.text[g.sentences[0].start:g.sentences[-1].end] for g in groups]
    pairing = pair_reply(quotes, [s.text for s in replies], asks=[g in asks for g in groups])
    if pairing is None:
        return agreed, confirmation
    group, reply = groups[pairing.group], replies[pairing.sentence]
    if group not in asks:
        return None, confirmation
    if reply.text in confirmation:
        return group, confirmation  # "Yes, we agree to a partial refund. We will refund 40%…": the span holds it
    return group, reply.text


def _disowns_a_number(sentence: str, lang: str) -> bool:
    """"1423이 아니라 1432번지예요", "58312, not 58321", "5-31-12じゃなくて5-13-12です": a number named as not the
    customer's beside another number (``slots.disowned_words``), said as a statement."""
    if sum(c.isdigit() for c in sentence) < 4 or is_question(sentence):
        return False
    return any(sum(c.isdigit() for c in word) >= 2 for word in disowned_words(sentence, lang))


def _names_nothing(sentence: str, lang: str) -> bool:
    """A retraction with no word of its own beyond taking back ("You can stop now.", "다시 넣어주셔도 돼요")."""
    return not content_terms(kinds.without_taking_back(sentence, lang=lang))


# A citation mark of an answer that quotes its sources ("… within 30 days [1].", "[2][3]")
_CITATION = re.compile(r"\[\d{1,3}\]")
