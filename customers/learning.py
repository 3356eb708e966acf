"""Learning after a conversation: one pass over the customer's store that is already open.

When a conversation ends, what it taught is learnt in this order, all on the one open store (one
lock, one SQLite connection, one index):

1. extraction and judgement, customer context and traits (movements 2, 3 and 6: ``extract_pending``);
2. the evidence outbox: agreements the service is party to leave their evidence sentences with it
   (docs/design.md, step 8 of the reference flow), through an ``EvidenceSender``;
3. the share queue: with the customer's consent — checked here, once — the decision facts go to a
   ``DecisionSharer``, which anonymises and uploads them (movement 4); retracted, replaced and
   erased decisions are withdrawn.

The senders are small protocols so this package needs nothing of the network: the client's HTTP
implementations live in ``mem.client`` (the way ``backup.py`` takes a ``VaultTransport``). Sending
is best effort after the answer: a sender that fails leaves its items queued for the next run and
the failure is reported, never raised.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from mem.core.errors import MemError
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from mem.core.config import Config
    from mem.customers.fact import Fact
    from mem.customers.outbox import EvidenceItem
    from mem.customers.store import CustomerStore

EVIDENCE_BATCH = 200


class NotConnected(MemError):
    """A sender has nowhere to send yet (before ``mem login``): its items stay queued, and learning
    reports this as skipped, not as an error."""


class EvidenceSender(Protocol):
    """Hands queued agreement evidence to the service's evidence store."""

    def send_evidence(self, items: Sequence[EvidenceItem]) -> None:
        """Send ``items``; return only once the service took them (raise a ``MemError`` otherwise)."""
        ...


class DecisionSharer(Protocol):
    """Anonymises one consenting customer's decision facts and sends them for know-how."""

    def share_decisions(self, customer_id: str, decisions: Sequence[Fact], *,
                        own_texts: Sequence[str], erased: Sequence[str] = ()) -> JsonObject:
        """Share ``decisions`` (every decision fact, any status: inactive ones are withdrawn).

        ``own_texts`` are the customer's attribute facts and context items, read only so that a
        name the customer gave for themselves is scrubbed too; they are never sent. ``erased`` are
        ids of erased decision facts, withdrawn like retracted ones. The result has ``error`` when
        nothing reached the service.
        """
        ...


@dataclass
class LearningReport:
    """What learning did: extraction's report, evidence sent, sharing, and what was skipped and why."""

    extracted: JsonObject | None = None
    shared: JsonObject | None = None
    evidence: JsonObject | None = None
    skipped: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> JsonObject:
        return {"extracted": self.extracted, "shared": self.shared, "evidence": self.evidence,
                "skipped": self.skipped, "errors": self.errors}


def learn(store: CustomerStore, *, config: Config, evidence: EvidenceSender | None = None,
          sharer: DecisionSharer | None = None, conversations: Collection[str] | None = None) -> LearningReport:
    """Learn from the customer's pending request log and send what may leave, over ``store``.

    ``conversations``: learn only these (a conversation that ended learns its own turns); the other
    pending conversations — an import's backlog of thousands of turns took 24 s to 2 min at the exit
    of one ``mem ask`` — are left to ``mem extract`` and counted in ``skipped``. Storage errors of
    extraction propagate (nothing half-written); the senders' failures are reported in ``errors``
    and their items stay queued.
    """
    from mem.customers.extract import extract_pending

    report = LearningReport(extracted=extract_pending(store, config=config, conversations=conversations).to_dict())
    if conversations is not None:
        backlog = _other_pending(store, conversations)
        if backlog:
            report.skipped.append(f"{backlog} other conversation{'s' if backlog != 1 else ''} of this customer "
                                  f"wait for extraction (mem extract -c {store.customer_id})")
    if evidence is not None:
        try:
            report.evidence = {"sent": send_pending_evidence(store, evidence), "customers": 1}
        except NotConnected as exc:
            report.skipped.append(exc.message)
        except MemError as exc:
            report.errors.append(f"agreement evidence stays queued: {exc.message}")
    if sharer is not None:
        try:
            shared = share_decisions(store, sharer)
        except NotConnected as exc:
            report.skipped.append(exc.message)
        except MemError as exc:
            # not logged in or offline is normal after an answer; the next run shares again
            report.errors.append(f"sharing skipped: {exc.message}")
        else:
            if shared is None:
                report.skipped.append("sharing: the customer has not consented (mem consent --share on)")
            else:
                report.shared = shared
    return report


def _other_pending(store: CustomerStore, conversations: Collection[str]) -> int:
    """How many pending conversations are not among ``conversations`` (one SQL count, no log read)."""
    own = sorted(set(conversations))
    row = store.conn.execute("SELECT count(*) FROM conversations WHERE extracted < turns "
                             f"AND id NOT IN ({','.join('?' * len(own))})", own).fetchone()
    return int(row[0])


def send_pending_evidence(store: CustomerStore, sender: EvidenceSender, *, batch: int = EVIDENCE_BATCH) -> int:
    """Drain the customer's evidence outbox through ``sender``; each batch is marked sent only after
    the sender returned, so a failure leaves the rest queued. Returns how many items were sent."""
    pending = list(store.outbox.pending())
    sent = 0
    for start in range(0, len(pending), batch):
        chunk = pending[start:start + batch]
        sender.send_evidence(chunk)
        store.outbox.mark_sent([item.id for item in chunk])
        sent += len(chunk)
    return sent


#: store meta key: the records the service last took from this customer's sharing (``shared_with_service``)
SHARED_META = "shared_records"


def share_decisions(store: CustomerStore, sharer: DecisionSharer, *, preview: bool = False) -> JsonObject | None:
    """Give the customer's decision facts to ``sharer`` if the customer consented. Without consent,
    only the withdrawals waiting (decisions erased, or shared before sharing was turned off) are sent
    — refs, no customer data — and ``None`` when there are none (then nothing is read for sharing).

    ``preview``: the sharer only computes (``mem share --dry-run``): consent is not asked (the customer may
    check the anonymisation before consenting) and nothing is marked sent. After a real send, the records the
    service took are kept in the store (``shared_with_service``), for ``mem export``."""
    from mem.customers import db
    from mem.customers.erase import erased_decisions, withdrawals_sent

    if not preview and not store.consent.current().share:
        return send_withdrawals(store, sharer)
    decisions = store.facts.list(kinds=["decision"], statuses=None)
    # the statement too: a name fact's ("The customer's name: …") holds the name the store knows; every kind but
    # decisions, since the customer's introduction ("佐藤花子と申します。", "김민지입니다.", a pasted receipt's
    # "Customer: Dana Whitfield") is often kept as an event, and only the name is read from it (newuser27 #1, #2)
    own = [t for f in store.facts.list(statuses=None) if f.kind != "decision" for t in (f.text, f.statement) if t]
    own += [c.text for c in store.context.items()]
    queued = erased_decisions(store)
    held = {d.id for d in decisions}
    # a decision still held (sharing turned off, then on again before the withdrawal left) is sent or
    # withdrawn by its own status below, not withdrawn blindly
    erased = [i for i in queued if i not in held]
    result = sharer.share_decisions(store.customer_id, decisions, own_texts=own, erased=erased)
    if preview:
        return result
    if queued and not result.get("error"):
        # an erased decision has no record left to withdraw it again: it is forgotten once the service took it
        withdrawals_sent(store, queued)
    if not result.get("error") and isinstance(result.get("records"), list):
        import json

        from mem.core import clock

        with store.transaction():
            db.set_meta(store.conn, SHARED_META, json.dumps(
                {"at": clock.isoformat(clock.now()), "records": result["records"]}, ensure_ascii=False))
    return result


def shared_with_service(store: CustomerStore) -> JsonObject:
    """What this client knows the service holds of the customer's sharing: the records it last took (scrubbed
    text, as sent) and when, or none — withdrawn when sharing was turned off (``mem export``)."""
    import json

    from mem.customers import db

    raw = db.get_meta(store.conn, SHARED_META)
    last = json.loads(raw) if raw else {}
    sharing = store.consent.current().share
    return {"sharing": sharing, "sent_at": last.get("at"), "records": last.get("records", []) if sharing else [],
            "note": None if sharing else "sharing is off: what was shared was withdrawn from the service"}


def send_withdrawals(store: CustomerStore, sharer: DecisionSharer) -> JsonObject | None:
    """Send only the withdrawals waiting; ``None`` if none wait.

    For a customer who does not share now: every decision erased, or shared before sharing was turned
    off. For one who shares: the decisions erased (``mem sync`` sent nothing for them, and an erased
    decision stayed on the server until the next ``mem share``); a decision still held waits for the
    next share, which sends or withdraws it by its own status. Used by ``share_decisions`` without
    consent, ``mem sync`` and ``mem consent --share off``."""
    from mem.customers.erase import erased_decisions, withdrawals_sent

    queued = erased_decisions(store)
    sharing = store.consent.current().share
    if sharing and queued:
        held = {d.id for d in store.facts.list(kinds=["decision"], statuses=None)}
        queued = [i for i in queued if i not in held]
    if not queued:
        return None
    result = sharer.share_decisions(store.customer_id, [], own_texts=[], erased=queued)
    if not result.get("error"):
        withdrawals_sent(store, queued)
    if sharing:
        return {**result, "note": "only the withdrawal of erased decisions was sent; the rest goes with the next share"}
    return {**result, "note": "sharing is off: only the withdrawal of what was shared before was sent"}
