"""A customer's memory as they can read it: ``mem export`` (the right of access and portability).

``export_customer`` is the backup payload — rows as stored, for ``import_customer`` to rebuild a
store, compressed. This is the other export: one plain JSON document, grouped by what it means to the
customer — consent, facts with their history, context and its log, every conversation turn by turn —
with nothing of mem's internals (index, tombstones, keys, outbox queues). It is never read back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mem.core import clock
from mem.core.json_types import JsonObject
from mem.customers.backup import backups_recorded
from mem.customers.learning import shared_with_service

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

FORMAT = "mem-customer-readable/1"


def readable_export(store: CustomerStore) -> JsonObject:
    """Everything this client holds of ``store``'s customer, as one JSON-ready document."""
    facts = store.facts.list(statuses=None, kinds=None, limit=None)
    erased = store.conn.execute("SELECT fact_id, at FROM fact_history WHERE action = 'erased' ORDER BY seq").fetchall()
    consent_changes = store.conn.execute("SELECT at, category, allowed FROM consent_log ORDER BY seq").fetchall()
    return {
        "format": FORMAT,
        "customer": store.customer_id,
        "exported_at": clock.isoformat(clock.now()),
        "consent": {**store.consent.current().to_dict(),
                    "changes": [dict(r) for r in consent_changes]},
        "facts": [{**fact.to_dict(), "history": [_change(h.to_dict()) for h in store.facts.history(fact.id)]}
                  for fact in facts],
        "erased_facts": [{"id": r["fact_id"], "erased_at": r["at"]} for r in erased],
        "context": {"items": [i.to_dict() for i in store.context.items(include_unconfirmed=True)],
                    "changes": store.context.changes()},
        # copies the service holds, as far as this client knows them (new-user report 20 #7): the scrubbed
        # decision records it last took, and the agreement evidence it took; backups are listed by the server
        "held_by_service": {"shared_decisions": shared_with_service(store),
                            "agreement_evidence": store.outbox.sent(),
                            "backups": backups_recorded(store)},
        "conversations": [{"id": c.id, "session": c.session, "started_at": clock.isoformat(c.started_at),
                           "turns": [{"n": t.seq + 1, **_turn(t.to_dict())} for t in c.turns]}
                          for c in store.log.conversations()],
    }


def _change(entry: JsonObject) -> JsonObject:
    """A history row without the full snapshot of the fact after it (the fact itself is listed)."""
    fact = entry.pop("fact", None)
    entry["text"] = fact.get("text") if isinstance(fact, dict) else None
    return entry


def _turn(turn: JsonObject) -> JsonObject:
    entry: JsonObject = {key: turn[key] for key in ("id", "time", "role", "speaker", "text") if key in turn}
    # an answer's provenance — the pages, versions and facts it cited, the sentences it quoted, the engine, the
    # bundle (version, commit) or workspace commit it was given under, its seal — is part of what the client
    # holds of the customer (NEWUSER_REPORT20 #4)
    if turn.get("meta"):
        entry["meta"] = turn["meta"]
    return entry
