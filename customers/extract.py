"""Movement 2: the request log → customer facts, with grounding and judgement.

``extract_pending`` processes every conversation with turns not yet extracted. For each chunk of
at most ``extract.recent_turns`` new turns:

1. **candidates** — the deterministic engine (``mem.customers.fact_candidates``), or the model engine
   (``mem.customers.extraction_model``) when ``config.model.name`` is set;
2. **consent** — a candidate touching health, relationships or finances is dropped and counted
   unless the customer consented to that category;
3. **grounding** — every evidence quote must occur verbatim in that conversation's customer turns
   (an agent turn only as an agreement's confirmation); otherwise dropped and counted;
4. **similar facts** — BM25 search of the customer's active facts (plus the facts written earlier
   in the same chunk, which the index does not hold yet), so the cost does not grow with history;
5. **judgement** — ADD / UPDATE / DELETE / NONE (``mem.customers.judge`` or the model);
6. **store**, then customer context path (a) for direct requests, promotion path (b) for
   attributes, traits (movement 6; stale traits are flagged once at the end), and finally the
   conversation is marked extracted up to the chunk's end — all in ONE store transaction, so a
   kill at any point leaves memory as it was
   before the chunk and the next run does the chunk again.

Facts are linked to the policy versions the agent cited in that exchange (turn metadata
``policy_refs`` written by ``mem ask``). A model answer that is malformed, names unknown ids or
quotes words not in the log writes nothing for its conversation, which stays pending; the report
says why.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from mem.core import clock
from mem.core import model as core_model
from mem.core.errors import ModelError
from mem.core.json_types import JsonObject
from mem.core.text.content_terms import terms
from mem.core.text.language import detect_language
from mem.core.text.sentences import split_sentences
from mem.customers import contact_hours, kinds
from mem.customers.claimed_values import claimed_values, held_in
from mem.customers.fact_candidates import Candidate, Turn, deterministic_candidates, is_question
from mem.customers.fact_grounding import LogTurn, check_evidence
from mem.customers.fact_record import Evidence, Fact, PolicyRef
from mem.customers.judge import Judgement, disowned_words, judge, other_names
from mem.customers.model_calls import NeedsModel, UnlockedModelCalls
from mem.customers.model_checks import checked_judgement
from mem.customers.partial_change import PartialChange, checks_back, named_parts, partial_change
from mem.customers.promotion import apply_direct_request, consider_promotion, end_items_naming, orders_the_agent
from mem.customers.screening import instruction_like
from mem.customers.slots import SLOT_TERMS, Slot, answers_proposal, restores_earlier, shape_values, slot_of
from mem.customers.standing_waivers import asks_standing_waiver
from mem.customers.statements import build_statement
from mem.customers.time_order import into_history, said_before, waiting_retractions
from mem.customers.traits import flag_stale_traits, update_traits
from mem.customers.unscreened import marked_unscreened

if TYPE_CHECKING:
    from mem.core.config import Config
    from mem.customers.extraction_model import CompleteJson
    from mem.customers.log_files import LoggedConversation
    from mem.customers.log_files import Turn as LoggedTurn
    from mem.customers.store import CustomerStore

ProgressCallback = Callable[[int, int, str], None]
# The slots whose facts a candidate of a slot is judged against: its own, and for a new address the home the
# customer said they live in, which a move to that address replaces (``judge._moved_house``) — whether the
# residence was written in an earlier run or earlier in the same batch (one import of many conversations)
_JUDGED_WITH: dict[str, tuple[str, ...]] = {name: (name,) for name in SLOT_TERMS}
_JUDGED_WITH["address"] = ("address", "residence")
SIMILAR_LIMIT = 8
CUSTOMER_ROLES = ("customer",)


@dataclass
class ExtractionReport:
    """What one ``extract_pending`` run did (``to_dict`` for ``--json``)."""

    engine: str
    conversations: int = 0
    turns: int = 0
    candidates: int = 0
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    retracted: list[str] = field(default_factory=list)
    unchanged: int = 0
    dropped_ungrounded: int = 0
    dropped_sensitive: int = 0
    traits_added: list[str] = field(default_factory=list)
    traits_updated: list[str] = field(default_factory=list)
    recheck_flagged: list[str] = field(default_factory=list)
    context: list[JsonObject] = field(default_factory=list)
    rejected: list[dict[str, str]] = field(default_factory=list)
    # request-log records that could not be read, passed over (each was named in a DamagedRecord warning)
    damaged_skipped: int = 0
    # customer turns read that gave no candidate at all: small talk, a question, or words mem found nothing in — said
    # in the report, so "extracted" (read) is never taken for "a fact was made of it"
    customer_turns_without_facts: int = 0

    def to_dict(self) -> JsonObject:
        return asdict(self)


def extract_pending(
    store: CustomerStore, *, config: Config, on_progress: ProgressCallback | None = None,
    conversations: Collection[str] | None = None,
) -> ExtractionReport:
    """Extract every pending conversation of the customer whose ``store`` is given (only those of
    ``conversations`` when it is given: a conversation that ended learns its own turns, not a backlog).

    Never raises for one bad model answer: that conversation is left pending and listed in
    ``report.rejected``. Storage errors propagate (nothing half-written: see the module doc).
    """
    model_name = config.model.name or ""
    report = ExtractionReport(engine=f"model:{model_name}" if model_name else "deterministic")
    chunk_size = max(int(config.extract.recent_turns), 1)
    batch_turns = max(int(config.extract.batch_turns), 1)
    host_confirms = bool(getattr(config.extract, "host_agent_confirms", False))
    chunks = _plan(store, chunk_size, report, conversations, host_confirms=host_confirms)
    total, done = sum(c.stop - c.start for c in chunks), 0
    rejected: set[str] = set()
    hold = float(getattr(config.extract, "max_lock_seconds", 0) or 0)
    held_since = time.monotonic()
    # a model is asked with the customer's lock free (model_calls): a slow one blocks no other command
    timeout = getattr(config.model, "timeout", None)
    calls = UnlockedModelCalls(timeout=timeout) if model_name and hasattr(store, "unlocked") else None
    complete: CompleteJson | None = calls or (
        functools.partial(core_model.complete_json, timeout=timeout) if model_name else None)
    while chunks:
        if hold and time.monotonic() - held_since > hold and hasattr(store, "hand_over"):
            # Between transactions only: let a waiting `mem ask` for this customer in, then plan the
            # rest afresh — the other process may have extracted some of it (its own learning step).
            store.hand_over()
            held_since = time.monotonic()
            chunks = [c for c in _plan(store, chunk_size, report, conversations, host_confirms=host_confirms)
                      if c.conversation.id not in rejected]
            if not chunks:
                break
        # A model answer is validated per chunk, so a rejection undoes only its own chunk; the
        # deterministic engine groups chunks so one index commit serves many conversations.
        batch = [chunks.pop(0)]
        while not model_name and chunks and sum(c.size for c in batch) + chunks[0].size <= batch_turns:
            batch.append(chunks.pop(0))
        size = sum(c.size for c in batch)
        batch = [c for c in batch if c.conversation.id not in rejected]  # its later chunks wait too
        state = _Batch(ExtractionReport(engine=report.engine))
        try:
            with store.transaction():
                for chunk in batch:
                    _extract_chunk(store, chunk, config=config, state=state, complete=complete)
        except NeedsModel as need:
            assert calls is not None  # only UnlockedModelCalls asks for one
            with store.unlocked():
                calls.fetch(need)
            # planned afresh, as after a hand-over: another process may have extracted some of it meanwhile
            held_since = time.monotonic()
            chunks = [c for c in _plan(store, chunk_size, report, conversations, host_confirms=host_confirms)
                      if c.conversation.id not in rejected]
            if not chunks or (chunks[0].conversation.id, chunks[0].start) != (batch[0].conversation.id,
                                                                             batch[0].start):
                calls.chunk_done()  # the chunk was done by the other process: its answers are not needed
            continue
        except ModelError as exc:
            conversation_id = batch[0].conversation.id
            rejected.add(conversation_id)
            report.dropped_ungrounded += getattr(exc, "ungrounded", 0)
            report.rejected.append({"conversation": conversation_id, "reason": exc.message})
        else:
            _merge(report, state.report)
        if calls is not None:
            calls.chunk_done()
        done += size
        if on_progress is not None:
            on_progress(done, total, f"conversation {batch[-1].conversation.id}" if batch else "skipped")
    if report.turns:
        with store.transaction():
            report.recheck_flagged = flag_stale_traits(store, config=config, today=clock.today())
    return report


def _plan(store: CustomerStore, chunk_size: int, report: ExtractionReport,
          only: Collection[str] | None = None, *, host_confirms: bool = False) -> list[_Chunk]:
    """The pending turns of every conversation, in chunks of at most ``chunk_size`` turns.

    A conversation whose only unconsumed records cannot be read has nothing to extract: it is marked
    extracted here and its records counted in ``report.damaged_skipped``. Left pending, it was read,
    warned about and planned as nothing by every later ``extract`` and ``ask``, for ever.
    """
    chunks: list[_Chunk] = []
    pending = store.log.pending() if only is None else [
        c for c in map(store.log.get, sorted(set(only))) if c.pending]
    for conversation in pending:
        if not conversation.new_turns:
            with store.transaction():
                store.log.mark_extracted(conversation.id, conversation.records)
            report.damaged_skipped += conversation.damaged_new
            continue
        turns = [_turn(t, host_confirms=host_confirms) for t in conversation.turns]
        for start in range(conversation.first_new, len(turns), chunk_size):
            chunks.append(_Chunk(conversation, turns, start, min(start + chunk_size, len(turns))))
    return chunks


@dataclass(frozen=True)
class _Chunk:
    conversation: LoggedConversation
    turns: list[Turn]
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


@dataclass
class _Batch:
    """What one transaction has written so far: the index does not show it until the commit."""

    report: ExtractionReport
    local: list[Fact] = field(default_factory=list)
    gone: set[str] = field(default_factory=set)

    terms_of: dict[str, frozenset[str]] = field(default_factory=dict)
    slot_by_id: dict[str, Slot | None] = field(default_factory=dict)
    # the retractions held that took nothing back (``time_order.waiting_retractions``): read once a batch, when its
    # first fact is stored
    retractions: list[Fact] | None = None

    def nearby(self, candidate: Candidate) -> list[Fact]:
        """The batch's own facts most like ``candidate`` (shared content terms), plus same-slot facts."""
        wanted = set(terms(candidate.text))
        scored = []
        for fact in self.local:
            if fact.kind == "trait" or fact.id in self.gone:
                continue
            # every candidate of the batch is compared with every fact written before it: the term
            # sets are made once per fact (a fact's text never changes under its id)
            fact_terms = self.terms_of.get(fact.id)
            if fact_terms is None:
                fact_terms = self.terms_of[fact.id] = frozenset(terms(fact.text))
            shared = len(wanted & fact_terms)
            if shared:
                scored.append((shared, fact))
        scored.sort(key=lambda pair: -pair[0])
        found = [fact for _, fact in scored[:SIMILAR_LIMIT]]
        if candidate.slot is not None or candidate.shapes:
            # by id: comparing whole records field by field was a measurable share of extraction
            seen = {f.id for f in found} | self.gone
            judged_with = set(_judged_with(candidate))
            found += [f for f in self.local if f.id not in seen
                      and ((slot := self._slot(f)) is not None and slot.name in judged_with
                           or candidate.shapes and any(v.name in judged_with for v in shape_values(f.text)))]
        return found

    def _slot(self, fact: Fact) -> Slot | None:
        if fact.id not in self.slot_by_id:
            self.slot_by_id[fact.id] = slot_of(fact)
        return self.slot_by_id[fact.id]


def _merge(report: ExtractionReport, part: ExtractionReport) -> None:
    for name, value in vars(part).items():
        if name == "engine":
            continue
        if isinstance(value, list):
            getattr(report, name).extend(value)
        else:
            setattr(report, name, getattr(report, name) + value)


def _turn(turn: LoggedTurn, *, host_confirms: bool = False) -> Turn:
    """The logged turn as the engines read it. An agent turn of mem's own answer (its engine is named) or one an MCP
    host logged (``log_turn``, unless ``[extract] host_agent_confirms``) grants nothing: it neither confirms nor
    proposes an agreement."""
    meta = turn.meta or {}
    refs = []
    for ref in meta.get("policy_refs") or []:
        if isinstance(ref, dict) and isinstance(ref.get("page"), str) and isinstance(ref.get("version"), int) \
                and ref["version"] >= 1:
            refs.append(PolicyRef(ref["page"], ref["version"]))
    return Turn(id=turn.id, role=turn.role, text=turn.text, speaker=turn.speaker,
                day=turn.time.date(),  # in the speaker's zone when the turn kept its UTC offset
                time=turn.time,
                policy_refs=tuple(refs),
                by_mem=bool(meta.get("engine")) or (meta.get("logged_by") == "host" and not host_confirms))


def _extract_chunk(store: CustomerStore, chunk: _Chunk, *, config: Config, state: _Batch,
                   complete: CompleteJson | None = None) -> None:
    report, conversation, start, stop = state.report, chunk.conversation, chunk.start, chunk.stop
    # the first turn's day in its speaker's zone (started_at is UTC): each turn also carries its own day
    reference = conversation.turns[0].time.date() if conversation.turns else conversation.started_at.date()
    window = chunk.turns[: stop + 1]  # the turn after the chunk may confirm an agreement proposed at its end
    model_name = config.model.name or ""
    if model_name:
        from mem.customers.extraction_model import model_candidates

        first = max(0, start - 2)
        candidates = model_candidates(model_name, window[first:], log_id=conversation.id, reference=reference,
                                      start=start - first, stop=stop - first, customer_roles=CUSTOMER_ROLES,
                                      complete=complete)
    else:
        candidates = deterministic_candidates(window, log_id=conversation.id, reference=reference,
                                              customer_roles=CUSTOMER_ROLES, start=start, stop=stop,
                                              allowed_sensitive=store.consent.allowed())
    report.candidates += len(candidates)
    report.customer_turns_without_facts += _turns_without_candidates(window[start:stop], candidates)
    log_turns = [LogTurn(t.id, t.role, t.text, t.speaker) for t in window]
    kept: list[Candidate] = []
    for candidate in map(_screened, candidates):
        if candidate.sensitive != "none" and not store.consent.allows(candidate.sensitive):
            report.dropped_sensitive += 1
            continue
        if check_evidence(candidate.evidence, log_turns, customer_roles=CUSTOMER_ROLES,
                          agreement=candidate.agreement) is not None:
            report.dropped_ungrounded += 1
            continue
        kept.append(candidate)
    similar = [_similar(store, candidate) for candidate in kept]
    judgements: list[Judgement | None] = [None] * len(kept)
    if model_name and any(similar):
        from mem.customers.extraction_model import model_judgements

        judgements = list(model_judgements(model_name, kept, similar, complete=complete))
    written: list[Fact] = []
    for candidate, near, judgement in zip(kept, similar, judgements, strict=True):
        if judgement is None:
            judgement = _agreed_later(candidate, near, state.gone) or judge(
                candidate, [*(f for f in near if f.id not in state.gone), *state.nearby(candidate)])
        elif judgement.target is not None and judgement.target.id in state.gone:
            from mem.customers.extraction_model import ModelAnswerRejected

            raise ModelAnswerRejected(f"model answer: two judgements change fact {judgement.target.id}")
        else:
            # a model's DELETE stands only where mem reads the candidate as taking something back too: "I moved
            # to Bergen" judged as retracting "I live in Oslo" is mem's UPDATE, and the new city is stored
            judgement = checked_judgement(judgement, candidate,
                                          [*(f for f in near if f.id not in state.gone), *state.nearby(candidate)])
        fact = _apply(store, candidate, judgement, state)
        if fact is not None and fact.status != "active":
            continue  # said before the fact in force, kept as its history: no context, promotion or trait of it
        if fact is not None:
            written.append(fact)
        if candidate.context_request and judgement.action != "DELETE":
            target = fact.id if fact is not None else (judgement.target.id if judgement.target else None)
            outcome = apply_direct_request(store, candidate, fact_id=target, config=config)
            report.context.append(outcome.to_dict())
    for fact in (f for f in written if not f.kept_apart):
        promoted = consider_promotion(store, fact, config=config)
        if promoted is not None:
            report.context.append(promoted.to_dict())
    if not model_name:
        written += _partial_changes(store, chunk, state)
    traits = update_traits(store, written, config=config, today=clock.today(), known=state.local, gone=state.gone)
    for replaced in traits.replaced:
        state.gone.add(replaced)
        _forget(state.local, replaced)
    for grown in traits.grown:  # the same id with more support: the record written before is stale
        _forget(state.local, grown)
    state.local.extend([*traits.added, *traits.updated])
    report.traits_added += [t.id for t in traits.added]
    report.traits_updated += [t.id for t in traits.updated]
    # by seq, not index: a damaged record skipped on read is still a record of the file; the last
    # chunk consumes every record, so damaged ones after the last readable turn do not stay pending
    logged = conversation.turns
    upto = conversation.records if stop == len(logged) else logged[stop].seq
    store.log.mark_extracted(conversation.id, max(upto, conversation.extracted))
    report.turns += stop - start
    report.conversations += stop == len(chunk.turns)
    if stop == len(logged):
        report.damaged_skipped += conversation.damaged_new


def _partial_changes(store: CustomerStore, chunk: _Chunk, state: _Batch) -> list[Fact]:
    """The changes of part of a held value that the chunk's customer turns name and the agent's reply writes whole
    ("we're 14 not 41!" → "I've changed it to 14 Linden Grove, …": ``partial_change``): each is stored as an
    agreement in place of the held fact (or of the fact that replaced it earlier in this batch, a note of the same
    change), which stays in history."""
    written: list[Fact] = []
    turns, log_id = chunk.turns, chunk.conversation.id
    for index in range(chunk.start, chunk.stop):
        turn = turns[index]
        if turn.role not in CUSTOMER_ROLES or not named_parts(turn.text):
            continue  # (most turns: one look, no store read)
        reply = turns[index + 1] if index + 1 < len(turns) else None
        if reply is None or reply.role in CUSTOMER_ROLES or reply.role == "system" or reply.by_mem:
            continue
        if not kinds.reports_a_value(reply.text):
            continue  # "Sorry, I can't change it to 27 Orchard Way…", "…변경할 수 없습니다": a refusal writes no value
        answer = turns[index + 2] if index + 2 < len(turns) else None
        held = _held_before(store, state, log_id, turn.id)
        for sentence in split_sentences(turn.text):
            if not named_parts(sentence.text):
                continue
            change = next((found for said in split_sentences(reply.text)
                           if (found := partial_change(sentence.text, said.text, held)) is not None), None)
            if change is None or change.value in turn.text:
                continue  # (the customer wrote the whole new value: read as any value given, not composed here)
            if (is_question(change.sentence) or checks_back(change.sentence)) and not (
                    answer is not None and answer.role in CUSTOMER_ROLES
                    and answers_proposal(answer.text, lang=detect_language(answer.text), asked=True) == "yes"):
                continue  # a read-back not yet agreed to sets nothing
            fact = _store_partial(store, change, sentence.text, turn, reply, log_id, state)
            if fact is not None:
                written.append(fact)
                held = [f for f in held if f.id != change.target.id]
            break
    return written


def _held_before(store: CustomerStore, state: _Batch, log_id: str, turn_id: str) -> list[Fact]:
    """The customer's facts that hold a value a partial change may change: active ones, and those replaced earlier in
    this batch — never the facts of the very turn that names the change."""
    found = {f.id: f for f in store.facts.list(statuses=["active"]) if f.kind != "trait"}
    for fact_id in state.gone:
        fact = store.facts.load(fact_id)
        if fact is not None and fact.status == "replaced" and fact.kind != "trait":
            found.setdefault(fact.id, fact)
    return [f for f in found.values()
            if not any(e.log_id == log_id and e.turn == turn_id for e in f.evidence)]


def _store_partial(store: CustomerStore, change: PartialChange, quote: str, turn: Turn, reply: Turn, log_id: str,
                   state: _Batch) -> Fact | None:
    target: Fact | None = change.target
    while target is not None and target.status == "replaced" and target.superseded_by:
        target = store.facts.load(target.superseded_by)  # the note of the change that replaced it in this batch
    if target is None or target.status != "active":
        return None
    fact = Fact.new(
        "decision", f"{quote} → {change.sentence}", valid_at=turn.day,
        evidence=(Evidence(log_id=log_id, turn=turn.id, role="customer", quote=quote, speaker=turn.speaker,
                           said_on=turn.day, said_at=turn.time),
                  Evidence(log_id=log_id, turn=reply.id, role="agent", quote=change.sentence, speaker=reply.speaker,
                           said_on=reply.day, said_at=reply.time)),
        policy_refs=reply.policy_refs, origin="stated", agreement=True)
    fact = store.facts.update(target.id, fact, actor="extraction",
                              reason=f"part of the value changed: {change.value} (from {change.target.id})")
    state.gone.add(target.id)
    _forget(state.local, target.id)
    state.local.append(fact)
    state.report.updated.append(fact.id)
    return fact


def _turns_without_candidates(turns: list[Turn], candidates: list[Candidate]) -> int:
    """How many customer turns of ``turns`` no candidate quotes."""
    quoted = {evidence.turn for candidate in candidates for evidence in candidate.evidence}
    return sum(1 for turn in turns if turn.role in CUSTOMER_ROLES and turn.id not in quoted)


def _screened(candidate: Candidate) -> Candidate:
    """The candidate, marked instruction-like when the customer's words address the AI — whichever engine
    proposed it: such a fact is never an agreement, a lasting wish for customer context, or a slot value — and
    marked unscreened, held apart the same way, when they are in a language the screen does not read
    (``mem.customers.unscreened``)."""
    if not (candidate.instruction_like or any(
            e.role == "customer" and instruction_like(e.quote) for e in candidate.evidence)
            or _orders_the_agent(candidate)):
        marked = marked_unscreened(candidate)
        if marked is not candidate and (marked.kind != candidate.kind or candidate.agreement):
            # the statement says what the customer wrote, never that the service agreed to it
            marked = dataclasses.replace(marked, statement=build_statement(
                kind=marked.kind, quote=" ".join(e.quote for e in marked.evidence if e.role == "customer"),
                speaker=next((e.speaker for e in marked.evidence if e.role == "customer" and e.speaker), None),
                reference=marked.valid_at))
        if marked.agreement and asks_standing_waiver(" ".join(
                e.quote for e in marked.evidence if e.role == "customer")):
            return _request_only(marked)
        return marked
    quote = " ".join(e.quote for e in candidate.evidence if e.role == "customer")
    kind = "request" if candidate.kind in ("decision", "trait") else candidate.kind
    speaker = next((e.speaker for e in candidate.evidence if e.role == "customer" and e.speaker), None)
    return dataclasses.replace(
        candidate, instruction_like=True, agreement=False, context_request=False, slot=None, retraction=False,
        correction=False, kind=kind, text=quote, evidence=tuple(e for e in candidate.evidence if e.role == "customer"),
        # the statement says what the customer wrote, never that the service agreed to it
        statement=build_statement(kind=kind, quote=quote, speaker=speaker, reference=candidate.valid_at))


def _request_only(candidate: Candidate) -> Candidate:
    """The customer's request of an agreement to a waiver with no end ("앞으로 모든 연체료를 면제해 주실 수
    있나요?" → "네, 면제해 드리겠습니다."; ``standing_waivers``): the agent's yes makes no agreement, the words stay
    the request."""
    quote = " ".join(e.quote for e in candidate.evidence if e.role == "customer")
    speaker = next((e.speaker for e in candidate.evidence if e.role == "customer" and e.speaker), None)
    return dataclasses.replace(
        candidate, agreement=False, context_request=False, kind="request", text=quote,
        evidence=tuple(e for e in candidate.evidence if e.role == "customer"),
        statement=build_statement(kind="request", quote=quote, speaker=speaker, reference=candidate.valid_at))


def _orders_the_agent(candidate: Candidate) -> bool:
    """A standing wish that silences the policy, decides requests or reaches other customers
    (``promotion.orders_the_agent``): an order to the agent, marked as the screen's flagged words are (rev29). Before,
    it stayed a plain fact (no context item) and reached answers with no warning."""
    return candidate.context_request and candidate.slot is None and any(
        e.role == "customer" and orders_the_agent(e.quote) for e in candidate.evidence)


def _agreed_later(candidate: Candidate, near: list[Fact], gone: set[str]) -> Judgement | None:
    """UPDATE of the request the same customer words made earlier, now that the service agreed to it.

    A conversation continued by a later import is read again from its last customer turn, with the
    agent's answer after it (``RequestLog.import_parsed``): the request stored the first time becomes
    the agreement, rather than a second fact beside it. Same words means the same log, turn and quote.
    """
    if not candidate.agreement:
        return None
    words = {(e.log_id, e.turn, e.quote) for e in candidate.evidence if e.role == "customer"}
    for fact in near:
        if fact.id in gone or fact.status != "active" or fact.agreement or fact.kind == "trait":
            continue
        if words and words == {(e.log_id, e.turn, e.quote) for e in fact.evidence if e.role == "customer"}:
            return Judgement("UPDATE", fact, "the service agreed to it in the turn after it")
    return None


def _similar(store: CustomerStore, candidate: Candidate) -> list[Fact]:
    found: dict[str, Fact] = {}
    for hit in store.facts.search(candidate.text, limit=SIMILAR_LIMIT, statuses=["active"]):
        found[hit.fact.id] = hit.fact
    if restores_earlier(" ".join(e.quote for e in candidate.evidence if e.role == "customer") or candidate.text):
        # "원래대로 해주세요~" shares no word with the change it goes back on: the customer's changes are judged
        # with it, and the facts they replaced (a value named again is compared with the one held before the change)
        for fact in store.facts.list(statuses=["active"]):
            if fact.supersedes is not None:
                found.setdefault(fact.id, fact)
                earlier = store.facts.load(fact.supersedes)
                if earlier is not None:
                    found.setdefault(earlier.id, earlier)
    for word in disowned_words(" ".join(e.quote for e in candidate.evidence if e.role == "customer"), candidate.lang):
        # "이제 부산 아니고 울산이에요": the value named as not theirs finds the fact holding it
        if len(word) >= 2:
            for hit in store.facts.search(word, limit=SIMILAR_LIMIT, statuses=["active"]):
                found.setdefault(hit.fact.id, hit.fact)
    others = other_names(candidate.text) if candidate.retraction else []
    if others:
        # "ラッピングなしで大丈夫です" shares no word with "ギフト包装はいつもお願いします": the wish is found
        # by the other names of what it is about
        for hit in store.facts.search(" ".join(others), limit=SIMILAR_LIMIT, statuses=["active"]):
            found.setdefault(hit.fact.id, hit.fact)
    if contact_hours.lifts_limit(" ".join(e.quote for e in candidate.evidence if e.role == "customer")):
        # "ring whenever" shares no word with "please don't call before 9am": the wish limiting when the customer is
        # contacted is found by the ways of getting in touch
        for hit in store.facts.search(contact_hours.CONTACT_WORDS, limit=SIMILAR_LIMIT, statuses=["active"]):
            found.setdefault(hit.fact.id, hit.fact)
    # the slot's question words are indexed with every fact filling it (mem.customers.index), so
    # this finds "I live in Boston" for "I moved to Seattle", whatever kind either was stored as
    for name in _judged_with(candidate):
        for hit in store.facts.search(SLOT_TERMS[name], limit=SIMILAR_LIMIT, statuses=["active"]):
            found.setdefault(hit.fact.id, hit.fact)
    if candidate.shapes:
        # a value told in a frame no rule reads is indexed with no slot's words: the value's own shape is searched
        # ("claim WX-5820-14" for "the one printed on it is WX-5802-14" shares its letters; a number its digits)
        for value in candidate.shapes:
            for hit in store.facts.search(value.value, limit=SIMILAR_LIMIT, statuses=["active"]):
                found.setdefault(hit.fact.id, hit.fact)
    return list(found.values())


def _judged_with(candidate: Candidate) -> tuple[str, ...]:
    """The slots whose facts ``candidate`` is judged against: its own slot's, and those of the values it gives by
    their shape (``Candidate.shapes``)."""
    names = _JUDGED_WITH[candidate.slot.name] if candidate.slot is not None else ()
    return tuple(dict.fromkeys([*names, *(value.name for value in candidate.shapes)]))


def _apply(store: CustomerStore, candidate: Candidate, judgement: Judgement, state: _Batch) -> Fact | None:
    report, local, gone = state.report, state.local, state.gone
    if judgement.action == "NONE":
        report.unchanged += 1
        return None
    target = judgement.target  # always set for DELETE and UPDATE (Judgement checks it)
    if judgement.action == "DELETE" and target is not None and said_before(candidate.evidence, target):
        report.unchanged += 1  # words said before the fact cannot take it back (a backfill; ``time_order``)
        return None
    if judgement.action == "DELETE":
        assert target is not None
        quote = next(e.quote for e in candidate.evidence if e.role == "customer")
        retracted = store.facts.retract(target.id, actor="extraction",
                                        reason=f"the customer took it back: {quote!r} ({candidate.evidence[0].turn})")
        gone.add(retracted.id)
        _forget(local, retracted.id)
        report.retracted.append(retracted.id)
        earlier = store.facts.load(target.supersedes) if judgement.restore and target.supersedes else None
        if earlier is not None and earlier.status == "replaced" and earlier.superseded_by == target.id:
            # the change undone: the value it replaced holds again
            restored = store.facts.restore(earlier.id, reason=f"the change {target.id} was taken back: {quote!r}")
            gone.discard(restored.id)
            local.append(restored)
        if not _stored_beside(candidate, quote):
            # a confirmed cancellation ("解約したいです" → "解約を承りました") is the retraction itself: the cancelled
            # thing's words stay out of active memory
            return None
        # the service confirmed the change of mind ("I want to keep my coffee subscription after all." → "I've
        # reactivated your coffee subscription"): what was taken back is retracted, and what the service agreed to
        # now is an agreement of its own — before, the retracted cancellation was the only fact (newuser24 #10)
        fact = store.facts.add(Fact.new(
            candidate.kind, candidate.text, valid_at=candidate.valid_at, evidence=candidate.evidence,
            policy_refs=candidate.policy_refs, origin="stated", sensitive=candidate.sensitive, agreement=True,
            instruction_like=candidate.instruction_like, statement=candidate.statement,
            unscreened=candidate.unscreened), actor="extraction", reason=f"the service agreed to it; it took back "
                                                                         f"{retracted.id}")
        report.added.append(fact.id)
        local.append(fact)
        return fact
    if judgement.action == "UPDATE" and target is not None and not said_before(candidate.evidence, target):
        # (words said before the agreement correct nothing of it: read before its evidence joins theirs, whose latest
        # day is the agreement's own — a backfilled correction replaced a later agreement)
        # the value the customer says was wrong, read by the claim's own words ("금액은 54000원이 아니라 45000원"),
        # else an order number by its shape
        claimed = _claimed_value(candidate, target) or _claimed_correction(candidate, target)
        if claimed is not None:
            return _beside_agreement(store, candidate, target, claimed, state)
    fact = Fact.new(
        candidate.kind, candidate.text, valid_at=candidate.valid_at, evidence=candidate.evidence,
        policy_refs=candidate.policy_refs, origin="stated", sensitive=candidate.sensitive,
        agreement=candidate.agreement, instruction_like=candidate.instruction_like, statement=candidate.statement,
        unscreened=candidate.unscreened,
    )
    if judgement.action == "UPDATE" and target is not None and said_before(candidate.evidence, target):
        # said on an earlier day than the fact it would replace, imported after it (a backfill): history, and the
        # value said last stays in force (``time_order``; newuser24 #1)
        fact = into_history(store, fact, target, reason=judgement.reason)
        report.added.append(fact.id)
        return fact
    if judgement.action == "UPDATE":
        assert target is not None
        fact = store.facts.update(target.id, fact, actor="extraction", reason=judgement.reason)
        end_items_naming(store, target, fact)
        gone.add(target.id)
        _forget(local, target.id)
        report.updated.append(fact.id)
        for other in judgement.also:
            # "Fresh handset: 07911 …, and mail goes to …": the held phone is replaced by the same new fact as the
            # held e-mail
            if other.id in gone:
                continue
            store.facts.supersede(other.id, fact.id, actor="extraction", reason=judgement.reason)
            gone.add(other.id)
            _forget(local, other.id)
    else:
        fact = store.facts.add(fact, actor="extraction", reason=judgement.reason)
        report.added.append(fact.id)
    # "my address is 18 Mill Lane, not 8 Mill Lane" replaces the held address and claims the agreed one wrong
    _flag_claimed_agreements(store, candidate, fact, state)
    if not candidate.retraction:
        taken = _taken_back_later(store, fact, state)
        if taken is not None:
            return taken
    local.append(fact)
    return fact


def _stored_beside(candidate: Candidate, quote: str) -> bool:
    """Whether a retraction that takes a fact back is stored as a fact of its own: only a change of mind the service
    confirmed (newuser24 #10). A confirmed cancellation is the retraction alone — kept as an agreement, its words
    held the cancelled thing active (seven update cases failed: fixO32, docs/measurements/extraction.md)."""
    return candidate.agreement and kinds.is_reversal(quote)


def _taken_back_later(store: CustomerStore, fact: Fact, state: _Batch) -> Fact | None:
    """``fact`` retracted when a retraction held, said on a later day, takes it back (``time_order``): judged as that
    retraction was judged when it was read, with ``fact`` and the active facts said before it. A retraction spends
    itself on one fact, and is then retracted too unless it is what a retraction read after the fact leaves stored
    (``_stored_beside``): the same active facts in either order (newuser32 #1: imported newest first, a cancelled
    booking stayed active, and the cancellation with it)."""
    if state.retractions is None:
        state.retractions = waiting_retractions(store)
    for retraction in state.retractions:
        if retraction.id in state.gone or not said_before(fact.evidence, retraction):
            continue
        words = " ".join(e.quote for e in retraction.evidence if e.role == "customer") or retraction.text
        candidate = Candidate(kind=retraction.kind, text=retraction.text, evidence=retraction.evidence,
                              valid_at=retraction.valid_at, sensitive=retraction.sensitive,
                              agreement=retraction.agreement, retraction=True, slot=slot_of(retraction),
                              lang=detect_language(words), instruction_like=retraction.instruction_like,
                              unscreened=retraction.unscreened)
        held = [f for f in _similar(store, candidate) if f.id not in state.gone and f.id not in (fact.id, retraction.id)
                and said_before(f.evidence, retraction)]
        judgement = judge(candidate, [fact, *held])
        if judgement.action != "DELETE" or judgement.target is None or judgement.target.id != fact.id:
            continue
        quote = next((e.quote for e in retraction.evidence if e.role == "customer"), retraction.text)
        retracted = store.facts.retract(fact.id, actor="extraction",
                                        reason=f"taken back by {retraction.id}, said after it and imported before "
                                               f"it: {quote!r}")
        state.gone.add(retracted.id)
        state.report.retracted.append(retracted.id)
        earlier = store.facts.load(fact.supersedes) if judgement.restore and fact.supersedes else None
        if earlier is not None and earlier.status == "replaced" and earlier.superseded_by == fact.id:
            restored = store.facts.restore(earlier.id, reason=f"the change {fact.id} was taken back: {quote!r}")
            state.local.append(restored)
        state.retractions = [r for r in state.retractions if r.id != retraction.id]
        if not _stored_beside(candidate, quote):
            spent = store.facts.retract(retraction.id, actor="extraction",
                                        reason=f"it took back {fact.id}, said before it and imported after it")
            state.gone.add(spent.id)
            _forget(state.local, spent.id)
            state.report.retracted.append(spent.id)
        return retracted
    return None


def _claimed_correction(candidate: Candidate, target: Fact) -> tuple[str, str] | None:
    """``(agreed, kind)`` when ``candidate`` (the customer's words, not an agreement) would change the order number
    of the agreement ``target`` ("sorry, typo: the order number is SO-448210, not SO-448120") — else ``None``.

    Only an order or reference number, and only when the agreement's customer words hold exactly one other code. A
    new address or e-mail replacing an agreed one is the customer's new value and stays the plain update it was."""
    if not target.agreement or candidate.agreement or candidate.retraction or candidate.instruction_like:
        return None
    if candidate.slot is not None and candidate.slot.name != "order":
        return None  # "あっ違う、吹田市江坂町4-18-8です": a new address whose block number reads like a code
    new = candidate.slot if candidate.slot is not None and candidate.slot.name == "order" else next(
        (value for value in candidate.shapes if value.name == "order"), None)
    if new is None:
        return None
    said = " ".join(e.quote for e in target.evidence if e.role == "customer")
    old = [value.value for value in shape_values(said) if value.name == "order" and value.value != new.value]
    if len(old) != 1 or old[0] not in target.text:
        return None
    return old[0], "order number"


def _claimed_value(candidate: Candidate, target: Fact) -> tuple[str, str] | None:
    """``(agreed, kind)`` when the customer's words of ``candidate`` say an amount, a date or an order number the
    agreement ``target`` holds was wrong and give another ("the amount is $45, not $54", "日付は5月12日ではなく5月21日
    です") — else ``None``."""
    if not target.agreement or candidate.agreement or candidate.retraction or candidate.instruction_like:
        return None
    said = _customer_words(candidate)
    # an address or another value of the customer's own that the judge reads as replacing the agreed one stays the
    # plain update it was ("It's 36 Orchard Row, not 63."): only the service's terms — an amount, a date, an order
    # number — are kept beside it
    return next(((claim.old, claim.kind) for claim in claimed_values(said)
                 if claim.kind in _TERMS and held_in(claim.old, target.text)), None)


_TERMS = ("amount", "date", "order number")


def _customer_words(candidate: Candidate) -> str:
    return " ".join(e.quote for e in candidate.evidence if e.role == "customer")


def _flag_claimed_agreements(store: CustomerStore, candidate: Candidate, fact: Fact, state: _Batch) -> None:
    """Flag for a recheck each active agreement holding a value the customer's new fact says was wrong (newuser28
    #2 for amounts, dates and addresses; rev29): the judge stores "Sorry, typo: the amount is $45, not $54" beside
    the agreement as an event of its own — the agreement keeps its terms, as it should, and is flagged as the order
    number's case is (``_beside_agreement``), so the answer shows the claim is open."""
    if fact.agreement or candidate.agreement or candidate.retraction or candidate.instruction_like:
        return
    claims = claimed_values(_customer_words(candidate))
    if not claims:
        return
    for held in store.facts.list():
        if not held.agreement or held.id in state.gone or held.id == fact.id or said_before(candidate.evidence, held):
            continue
        claim = next((claim for claim in claims if held_in(claim.old, held.text)), None)
        if claim is not None:
            _flag_agreement(store, held, fact, (claim.old, claim.kind), state)


def _beside_agreement(store: CustomerStore, candidate: Candidate, target: Fact, claimed: tuple[str, str],
                      state: _Batch) -> Fact:
    """The customer's correction of an agreement's order number, stored beside the agreement (newuser28 #2).

    What the service agreed to is the service's word: a customer's claimed typo ("the order number is SO-999999,
    not SO-4411") never rewrites it. Before, the agreement was replaced by a copy with the claimed number in its
    text, told back as "→ Yes, we agree to refund 50% of order SO-999999" and queued to the evidence store as a new
    agreement (newuser24 #6's decision, reversed). Now the agreement keeps its terms and stays active, flagged
    "recheck needed" with the claim, and the correction is a fact of its own: the customer's statement, no agreement,
    so no evidence item is made from it. The service confirms the new number by agreeing again (a new agreement)."""
    fact = store.facts.add(Fact.new(
        candidate.kind, candidate.text, valid_at=candidate.valid_at, evidence=candidate.evidence,
        policy_refs=candidate.policy_refs, origin="stated", sensitive=candidate.sensitive, agreement=False,
        instruction_like=candidate.instruction_like, statement=candidate.statement, unscreened=candidate.unscreened),
        actor="extraction", reason=f"the customer's correction of agreement {target.id}'s {claimed[1]}; the "
                                   f"agreement keeps its terms")
    _flag_agreement(store, target, fact, claimed, state)
    state.report.added.append(fact.id)
    state.local.append(fact)
    return fact


def _flag_agreement(store: CustomerStore, target: Fact, correction: Fact, claimed: tuple[str, str],
                    state: _Batch) -> None:
    """Flag the agreement ``target`` "recheck needed" for the customer's ``correction`` of its value
    ``claimed`` (``(agreed, kind)``)."""
    agreed, kind = claimed
    # the reason names the correction's fact, not the claimed value: a recheck reason outlives the turn it came from
    # (``mem log forget`` erases the correction, not the agreement), and the claim is the customer's words
    flagged = store.facts.set_recheck(
        target.id, f"recheck needed: the customer's correction (fact {correction.id}) gives another {kind} than "
                   f"the agreed {agreed}; the service has not confirmed it", actor="extraction")
    _forget(state.local, target.id)
    state.local.append(flagged)


def _forget(local: list[Fact], fact_id: str) -> None:
    local[:] = [f for f in local if f.id != fact_id]
