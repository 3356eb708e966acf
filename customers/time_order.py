"""The value in force is the one the customer said last in time, whatever order their history was imported in.

A service that moves to mem imports last month first, so the bot works today, and backfills the archive after it
(new-user report 24 #1). Judgement compared each new fact with the facts held, and an UPDATE made the new fact the
one in force — so a backfilled "My new address is 9 Canal Street, Manchester" of 2 October replaced the "14 Elm Road,
Leeds" of 10 November. Turns within an import, and conversations within one extraction, were already taken oldest
first; the order of *imports* decided here alone.

- ``said_on``: the day a fact's words were said — the latest day of its customer quotes (``Evidence.said_on``), else
  of any quote, else unknown (``None``): never the day the fact is *about* (``Fact.when``, which may be a day to come)
  nor the day mem stored it (an import's day, not the customer's).
- ``said_before``: a candidate said on an earlier day than the fact it would replace. Extraction then judges it into
  history (``into_history``): it is stored ``replaced``, in its place by day in the chain of replacements the newer
  fact ends (linked both ways, one fact replaced by each), and the newer fact stays in force. A day is the unit: on
  the same day, the order of the log decides, as before.
- ``waiting_retractions``: a retraction said after a fact takes it back whichever was imported first (new-user
  report 32 #1). A retraction read when nothing it names is held is stored as a fact of its own
  (``judge.NOTHING_TO_RETRACT``); a fact said on an earlier day and imported after it is judged by it as it would
  have been judged had the fact been held when it was read, and retracted on a DELETE naming it (``extract``).
- ``put_in_time_order`` (``mem extract --again``): a workspace already wrong — an active fact that replaced one said
  on a later day — has each such chain of replacements put back in the order the words were said: the one said last
  is in force, the others ``replaced``, each by the next; a context item naming a value put into history ends with
  it, and the chain's link to a fact before it (one not ``replaced``) stays on its oldest fact. Running it twice
  changes nothing the second time.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mem.customers.fact_record import Evidence, Fact
    from mem.customers.store import CustomerStore

ACTOR = "extraction"


def evidence_day(evidence: Iterable[Evidence]) -> date | None:
    """The latest day the customer said these quotes (any quote's day when no customer quote has one)."""
    quotes = list(evidence)
    days = [e.said_on for e in quotes if e.role == "customer" and e.said_on is not None] \
        or [e.said_on for e in quotes if e.said_on is not None]
    return max(days) if days else None


def said_on(fact: Fact) -> date | None:
    """The day ``fact``'s words were said: its quotes' latest day, else ``None`` (not known)."""
    return evidence_day(fact.evidence)


def evidence_utc_day(evidence: Iterable[Evidence]) -> date | None:
    """The latest UTC day of these quotes' instants (the customer's quotes when any), or ``None`` when one of them
    kept no instant (evidence stored before instants were kept)."""
    quotes = list(evidence)
    own = [e for e in quotes if e.role == "customer" and e.said_on is not None] \
        or [e for e in quotes if e.said_on is not None]
    if not own or any(e.said_at is None for e in own):
        return None
    return max(e.said_at.astimezone(UTC).date() for e in own if e.said_at is not None)


def said_before(evidence: Iterable[Evidence], fact: Fact) -> bool:
    """Whether words with this ``evidence`` were said on an earlier day than ``fact``'s (both days known): on one
    clock (UTC) when both kept their instants, so that two turns under a day apart exported with different UTC
    offsets are not read in the wrong order; else the speakers' local days, as before."""
    evidence = list(evidence)
    utc, theirs_utc = evidence_utc_day(evidence), evidence_utc_day(fact.evidence)
    if utc is not None and theirs_utc is not None:
        return utc < theirs_utc
    day, theirs = evidence_day(evidence), said_on(fact)
    return day is not None and theirs is not None and day < theirs


def into_history(store: CustomerStore, fact: Fact, newer: Fact, *, reason: str) -> Fact:
    """Store ``fact``, said before the active ``newer`` it would replace, as ``replaced``; ``newer`` stays in force.

    ``fact`` takes its place in the chain of replacements ``newer`` ends, by the day its words were said: after the
    latest fact of the chain said on or before that day (or of a day not known), replaced by the one after it, the
    links both ways. Before, a ``newer`` that had already replaced another fact was replaced "by" two facts (a fork
    of its chain). The days are compared as ``said_before`` compares them (on one clock when both kept their
    instants): placed by the local days, a fact judged said after a link of the chain went before it."""
    later, earlier = newer, None  # ``fact`` goes between ``earlier`` (may be none) and ``later``
    for older in _chain(store, newer)[-2::-1]:
        if not said_before(fact.evidence, older):  # said on or after its day, or one of the days is not known
            earlier = older
            break
        later = older
    with store.transaction():
        store.consent.require(fact)
        stored = store.facts.save(
            fact.replace(status="replaced", superseded_by=later.id, supersedes=earlier.id if earlier else None),
            action="added", actor=ACTOR,
            reason=f"said before {later.id}, imported after it: kept as history ({reason})")
        if earlier is not None:
            store.facts.save(earlier.replace(superseded_by=stored.id), action="linked", actor=ACTOR,
                             reason=f"replaced by {stored.id}, said after it")
        if later.supersedes is None or earlier is not None:
            store.facts.save(later.replace(supersedes=stored.id), action="linked", actor=ACTOR,
                             reason=f"replaces {stored.id}, said before it")
        if stored.agreement:
            store.outbox.queue(stored)  # what the service agreed to then is evidence all the same
    return stored


def waiting_retractions(store: CustomerStore) -> list[Fact]:
    """The active facts stored as retractions that had nothing to take back when they were read (their history's
    "added" row says so, ``judge.NOTHING_TO_RETRACT``): what they take back may be said before them and imported
    after them. One read of the history per extraction batch."""
    from mem.customers.judge import NOTHING_TO_RETRACT

    rows = store.conn.execute("SELECT DISTINCT fact_id FROM fact_history WHERE action = 'added' AND reason = ?",
                              (NOTHING_TO_RETRACT,)).fetchall()
    found = [store.facts.load(row[0]) for row in rows]
    return [fact for fact in found if fact is not None and fact.status == "active"]


def put_in_time_order(store: CustomerStore) -> list[dict[str, str]]:
    """Put back in time order each chain of replacements whose active fact was said before one it replaced (module
    doc). Returns ``{"active", "was_active"}`` per chain changed. Inside the caller's transaction."""
    from mem.customers.promotion import end_items_naming  # promotion reads slots: not on every import of this module

    changed: list[dict[str, str]] = []
    for fact in store.facts.list(statuses=["active"]):
        chain = _chain(store, fact)
        if len(chain) < 2:
            continue
        # on one clock when every link kept its instants, as ``said_before`` judged them: by the local days, a chain
        # put right at import (two turns under a day apart, different offsets) was turned round again
        utc = [evidence_utc_day(f.evidence) for f in chain]
        days = utc if all(day is not None for day in utc) else [said_on(f) for f in chain]
        if any(day is None for day in days):
            continue
        # the order the words were said in; on the same day, the order the chain already has
        ordered = [f for _, _, f in sorted((day, position, f) for position, (day, f) in enumerate(
            zip(days, chain, strict=True)))]
        if ordered[-1].id == fact.id:
            continue
        outer = chain[0].supersedes  # the chain's oldest fact's link to one before it (not a replaced one): kept
        for position, item in enumerate(ordered):
            before = ordered[position - 1].id if position > 0 else outer
            after = ordered[position + 1].id if position + 1 < len(ordered) else None
            status = "active" if after is None else "replaced"
            if (item.supersedes, item.superseded_by, item.status) == (before, after, status):
                continue
            action = "linked" if status == item.status else "restored" if status == "active" else "replaced"
            store.facts.save(item.replace(supersedes=before, superseded_by=after, status=status),
                             action=action, actor=ACTOR,
                             reason="put in the order the customer said them (mem extract --again): "
                                    f"{ordered[-1].id} was said last")
            if item.status == "active" and status == "replaced":
                end_items_naming(store, item, ordered[-1])  # as any update: what names its value ends with it
        changed.append({"active": ordered[-1].id, "was_active": fact.id})
    return changed


def _chain(store: CustomerStore, fact: Fact) -> list[Fact]:
    """``fact`` and the facts it replaced, one after the other (oldest first), while each was replaced by the next."""
    chain = [fact]
    seen = {fact.id}
    current = fact
    while current.supersedes is not None and current.supersedes not in seen:
        earlier = store.facts.load(current.supersedes)
        if earlier is None or earlier.status != "replaced" or earlier.superseded_by != current.id:
            break
        chain.append(earlier)
        seen.add(earlier.id)
        current = earlier
    return chain[::-1]
