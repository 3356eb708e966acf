"""Movement 2: the request log → customer facts, with grounding and judgement.

``extract_pending`` processes every conversation with turns not yet extracted. For each chunk of
at most ``extract.recent_turns`` new turns:

1. **candidates** — the deterministic engine (``mem.customers.candidates``), or the model engine
   (``mem.customers.model_engine``) when ``config.model.name`` is set;
2. **consent** — a candidate touching health, relationships or finances is dropped and counted
   unless the customer consented to that category;
3. **grounding** — every evidence quote must occur verbatim in that conversation's customer turns
   (an agent turn only as an agreement's confirmation); otherwise dropped and counted;
4. **similar facts** — BM25 search of the customer's active facts (plus the facts written earlier
   in the same chunk, which the index does not hold yet), so the cost does not grow with history;
5. **judgement** — ADD / UPDATE / DELETE / NONE (``mem.customers.judge`` or the model);
6. **store**, then customer context path (a) for direct requests, promotion path (b) for
   attributes, traits (movement 6), and finally the conversation is marked extracted up to the
   chunk's end — all in ONE store transaction, so a kill at any point leaves memory as it was
   before the chunk and the next run does the chunk again.

Facts are linked to the policy versions the agent cited in that exchange (turn metadata
``policy_refs`` written by ``mem ask``). A model answer that is malformed, names unknown ids or
quotes words not in the log writes nothing for its conversation, which stays pending; the report
says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from mem.core import clock
from mem.core.errors import ModelError
from mem.customers.candidates import Candidate, Turn, deterministic_candidates
from mem.customers.fact import Fact, PolicyRef
from mem.customers.grounding import LogTurn, check_evidence
from mem.customers.judge import Judgement, judge
from mem.customers.promotion import apply_direct_request, consider_promotion
from mem.customers.terms import similarity
from mem.customers.traits import update_traits

ProgressCallback = Callable[[int, int, str], None]
SIMILAR_LIMIT = 8
CUSTOMER_ROLES = ("customer",)
_SLOT_QUERIES = {
    "residence": "live living moved 살고 이사 住んで 引っ越",
    "name": "name call 이름 불러 名前 呼んで",
    "language": "answer reply respond speak language 답 대답 答え 返信",
    "tier": "plan tier enterprise premium 플랜 요금제 등급 プラン 会員",
    "job": "work job 근무 働いて 勤めて",
    "email": "email mail",
    "contact_channel": "prefer contact email phone",
    "accessibility": "screen reader impaired large text",
}


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
    context: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def extract_pending(store: Any, *, config: Any, on_progress: ProgressCallback | None = None) -> ExtractionReport:
    """Extract every pending conversation of the customer whose ``store`` is given.

    Never raises for one bad model answer: that conversation is left pending and listed in
    ``report.rejected``. Storage errors propagate (nothing half-written: see the module doc).
    """
    model_name = config.model.name or ""
    report = ExtractionReport(engine=f"model:{model_name}" if model_name else "deterministic")
    pending = store.pending_conversations()
    total = sum(len(c.turns) - c.extracted for c in pending)
    done = 0
    for conversation in pending:
        turns = [_turn(t) for t in conversation.turns]
        chunk = max(int(config.extract.recent_turns), 1)
        start = conversation.extracted
        try:
            while start < len(turns):
                stop = min(start + chunk, len(turns))
                _extract_chunk(store, conversation, turns, start, stop, config=config, report=report)
                report.turns += stop - start
                done += stop - start
                start = stop
                if on_progress is not None:
                    on_progress(done, total, f"conversation {conversation.id}")
        except ModelError as exc:
            report.dropped_ungrounded += getattr(exc, "ungrounded", 0)
            report.rejected.append({"conversation": conversation.id, "reason": exc.message})
            done += len(turns) - start
            if on_progress is not None:
                on_progress(done, total, f"conversation {conversation.id} (rejected)")
            continue
        report.conversations += 1
    return report


def _turn(turn: Any) -> Turn:
    meta = getattr(turn, "meta", None) or {}
    refs = []
    for ref in meta.get("policy_refs") or []:
        if isinstance(ref, dict) and isinstance(ref.get("page"), str) and isinstance(ref.get("version"), int) \
                and ref["version"] >= 1:
            refs.append(PolicyRef(ref["page"], ref["version"]))
    return Turn(id=turn.id, role=turn.role, text=turn.text, speaker=turn.speaker, day=turn.time.date(),
                policy_refs=tuple(refs))


def _extract_chunk(store: Any, conversation: Any, turns: list[Turn], start: int, stop: int, *, config: Any,
                   report: ExtractionReport) -> None:
    reference = conversation.started_at.date()
    window = turns[: stop + 1]  # the turn after the chunk may confirm an agreement proposed at its end
    model_name = config.model.name or ""
    if model_name:
        from mem.customers.model_engine import model_candidates

        first = max(0, start - 2)
        candidates = model_candidates(model_name, window[first:], log_id=conversation.id, reference=reference,
                                      start=start - first, stop=stop - first, customer_roles=CUSTOMER_ROLES)
    else:
        candidates = deterministic_candidates(window, log_id=conversation.id, reference=reference,
                                              customer_roles=CUSTOMER_ROLES, start=start, stop=stop)
    report.candidates += len(candidates)
    log_turns = [LogTurn(t.id, t.role, t.text, t.speaker) for t in window]
    kept: list[Candidate] = []
    for candidate in candidates:
        if candidate.sensitive != "none" and not store.allows(candidate.sensitive):
            report.dropped_sensitive += 1
            continue
        if check_evidence(candidate.evidence, log_turns, customer_roles=CUSTOMER_ROLES,
                          agreement=candidate.agreement) is not None:
            report.dropped_ungrounded += 1
            continue
        kept.append(candidate)
    with store.transaction():
        similar = [_similar(store, candidate) for candidate in kept]
        judgements: list[Judgement | None] = [None] * len(kept)
        if model_name and any(similar):
            from mem.customers.model_engine import model_judgements

            judgements = list(model_judgements(model_name, kept, similar))
        local: list[Fact] = []
        gone: set[str] = set()
        written: list[Fact] = []
        for candidate, near, judgement in zip(kept, similar, judgements, strict=True):
            if judgement is None:
                nearby = [f for f in local if similarity(f.text, candidate.text) > 0]
                judgement = judge(candidate, [*(f for f in near if f.id not in gone), *nearby])
            elif judgement.target is not None and judgement.target.id in gone:
                from mem.customers.model_engine import ModelAnswerRejected

                raise ModelAnswerRejected(f"model answer: two judgements change fact {judgement.target.id}")
            fact = _apply(store, candidate, judgement, local, gone, report)
            if fact is not None:
                written.append(fact)
            if candidate.context_request and judgement.action != "DELETE":
                target = fact.id if fact is not None else (judgement.target.id if judgement.target else None)
                outcome = apply_direct_request(store, candidate, fact_id=target, config=config)
                report.context.append(outcome.to_dict())
        for fact in written:
            outcome = consider_promotion(store, fact, config=config)
            if outcome is not None:
                report.context.append(outcome.to_dict())
        traits = update_traits(store, written, config=config, today=clock.today(), known=local)
        report.traits_added += [t.id for t in traits.added]
        report.traits_updated += [t.id for t in traits.updated]
        report.recheck_flagged += traits.flagged
        store.mark_extracted(conversation.id, stop)


def _similar(store: Any, candidate: Candidate) -> list[Fact]:
    found: dict[str, Fact] = {}
    for hit in store.search(candidate.text, limit=SIMILAR_LIMIT, statuses=["active"]):
        found[hit.fact.id] = hit.fact
    if candidate.slot is not None and candidate.slot.name in _SLOT_QUERIES:
        for hit in store.search(_SLOT_QUERIES[candidate.slot.name], limit=SIMILAR_LIMIT,
                                kinds=["attribute", "preference"], statuses=["active"]):
            found.setdefault(hit.fact.id, hit.fact)
    return list(found.values())


def _apply(store: Any, candidate: Candidate, judgement: Judgement, local: list[Fact], gone: set[str],
           report: ExtractionReport) -> Fact | None:
    if judgement.action == "NONE":
        report.unchanged += 1
        return None
    if judgement.action == "DELETE":
        quote = next(e.quote for e in candidate.evidence if e.role == "customer")
        retracted = store.retract(judgement.target.id, actor="extraction",
                                  reason=f"the customer took it back: {quote!r} ({candidate.evidence[0].turn})")
        gone.add(retracted.id)
        _forget(local, retracted.id)
        report.retracted.append(retracted.id)
        return None
    fact = Fact.new(
        candidate.kind, candidate.text, valid_at=candidate.valid_at, evidence=candidate.evidence,
        policy_refs=candidate.policy_refs, origin="stated", sensitive=candidate.sensitive,
        agreement=candidate.agreement,
    )
    if judgement.action == "UPDATE":
        fact = store.update(judgement.target.id, fact, actor="extraction", reason=judgement.reason)
        gone.add(judgement.target.id)
        _forget(local, judgement.target.id)
        report.updated.append(fact.id)
    else:
        fact = store.add(fact, actor="extraction", reason=judgement.reason)
        report.added.append(fact.id)
    local.append(fact)
    return fact


def _forget(local: list[Fact], fact_id: str) -> None:
    local[:] = [f for f in local if f.id != fact_id]
