"""Customer facts (memory): dated sentences with their evidence, judged at write time — ``store.facts``.

Writes (movement 2's ADD / UPDATE / DELETE, the customer's edits and confirmations, recheck flags)
each go through ``save`` in one transaction, which keeps the record, its policy rows, an
append-only history row and an index operation together; ``history`` reads the changes back. The
record itself (``Fact``, ``Evidence``…) is ``mem.customers.fact_record``'s, its stored JSON form
``mem.customers.fact_rows``'s; search and the index are ``mem.customers.fact_search``'s, the hard
erase ``mem.customers.erase``'s. ``flag_recheck`` is the customer side of movement 5.
"""

from __future__ import annotations

import builtins
import dataclasses
import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from mem.core import clock
from mem.core.arguments import as_date
from mem.core.controls import one_line
from mem.core.errors import Conflict, InvalidInput, NotFound
from mem.customers._part import StorePart
from mem.customers.fact_record import (
    CORRECTED_ROLE,
    KINDS,
    OPERATOR_ROLE,
    STATUSES,
    Evidence,
    Fact,
    Recheck,
    check_choices,
    check_limit,
)
from mem.customers.fact_rows import HistoryEntry, SearchHit, history_entry, record_json
from mem.customers.fact_search import FactSearch, ProgressCallback
from mem.customers.statements import statement_of

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore


def with_statement(fact: Fact) -> Fact:
    """``fact`` with its statement: the one it carries (a model's, checked), else the deterministic one."""
    return fact if fact.statement else fact.replace(statement=statement_of(fact))

# The log id of the words a correction gave (``facts edit --text``): no conversation has it.
CORRECTION_LOG = "correction"


def corrected_evidence(fact: Fact, text: str, *, by: str | None = None) -> tuple[Evidence, ...]:
    """The evidence of ``fact`` once an operator corrects its text to ``text``.

    The customer's quotes stay, as what the customer said (role ``customer-corrected``: kept, shown, but no
    longer read as the fact's current words — the statement, the slot and everything that reads a
    fact's customer words then read the corrected text). The correction is the operator's evidence (role
    ``operator``, log ``correction``, ``speaker``: who corrected it, ``turn``: when; its ``said_on`` is the
    day of the customer's words it corrects, the day a relative date in it counts from). A correction
    made before replaces the earlier one (the earlier stays in ``mem facts history``). A correction an older
    mem stored as the customer's (role ``customer``, log ``correction``) is taken for an earlier correction.
    Agent and system evidence stay as they are (NEWUSER_REPORT20 #10)."""
    customer = [e for e in fact.evidence if e.role in ("customer", CORRECTED_ROLE) and e.log_id != CORRECTION_LOG]
    earlier = [e for e in fact.evidence if e.role in ("customer", OPERATOR_ROLE) and e.log_id == CORRECTION_LOG]
    said_on = next((e.said_on for e in [*customer, *earlier] if e.said_on), None)
    correction = Evidence(log_id=CORRECTION_LOG, turn=clock.isoformat(clock.now()), role=OPERATOR_ROLE, quote=text,
                          speaker=(by or "").strip() or "operator", said_on=said_on)
    kept = [dataclasses.replace(e, role=CORRECTED_ROLE) for e in customer]
    others = [e for e in fact.evidence if e.role not in ("customer", CORRECTED_ROLE, OPERATOR_ROLE)]
    return (*others, *kept, correction)


def corrected_day(fact: Fact, text: str) -> date | None:
    """The day a corrected text names ("25 days ago", "on 3 March"), counted from the day of the
    customer's words it corrects; ``None`` when it names none (the fact keeps its date)."""
    from mem.customers.dates import find_dates

    reference = next((e.said_on for e in fact.evidence if e.said_on), None)
    if reference is None:
        return None
    mentions = find_dates(text, reference)
    return mentions[0].value if mentions else None


__all__ = ["CORRECTION_LOG", "Facts", "HistoryEntry", "SearchHit", "corrected_day", "corrected_evidence"]

_PARSED_CACHE = 4096  # parsed records kept per open store (a few MB at most)


class Facts(StorePart):
    """One customer's facts, a part of ``CustomerStore`` (``store.facts``)."""

    def __init__(self, store: CustomerStore) -> None:
        super().__init__(store)
        self._search = FactSearch(store, self)
        # Parsed records by id, with the stored JSON they came from. Extraction and search read the
        # same few hundred records thousands of times (every dedupe and trait search loads its hits);
        # parsing and validating each again was a fifth of extraction time. A record is reused only
        # while its stored JSON is unchanged, so a write (this or another process's) is always seen.
        self._parsed: dict[str, tuple[str, Fact]] = {}

    # facts: writing ---------------------------------------------------------------------------
    def add(self, fact: Fact, *, actor: str = "extraction", reason: str = "") -> Fact:
        """Store a new fact. ``Conflict`` if the id exists; ``Refused`` for an unconsented sensitive one."""
        fact = with_statement(fact)
        with self._store.transaction():
            if self.row(fact.id) is not None:
                raise Conflict(f"fact {fact.id} exists already")
            self._store.consent.require(fact)
            self.save(fact, action="added", actor=actor, reason=reason)
            if fact.agreement:
                self._store.outbox.queue(fact)
        return fact

    def update(self, old_id: str, new: Fact, *, reason: str = "", actor: str = "extraction") -> Fact:
        """UPDATE: store ``new`` in place of the active fact ``old_id``, which becomes ``replaced``.

        Both keep a link (``new.supersedes`` / ``old.superseded_by``) and a history row.
        """
        with self._store.transaction():
            old = self.get(old_id)
            if old.status != "active":
                raise Conflict(f"fact {old_id} is {old.status}; only an active fact can be updated")
            if self.row(new.id) is not None:
                raise Conflict(f"fact {new.id} exists already")
            new = with_statement(new).replace(supersedes=old_id, superseded_by=None, status="active")
            self._store.consent.require(new)
            self.save(old.replace(status="replaced", superseded_by=new.id), action="replaced", actor=actor,
                       reason=reason or f"replaced by {new.id}")
            self._end_context_of(old_id, f"the fact it was made from was replaced by {new.id}")
            self.save(new, action="added", actor=actor, reason=reason or f"replaces {old_id}")
            if new.agreement:
                self._store.outbox.queue(new)
        return new

    def grow_trait(self, fact_id: str, support: Sequence[str], evidence: Sequence[Evidence], valid_at: date | None, *,
                   reason: str = "", actor: str = "extraction") -> Fact:
        """A trait seen again with the same statement: its support, quotes and day change in place (same id).

        The history row (action ``supported``) keeps the record with only the supporters this change added:
        the rest are in the fact's earlier rows, so a trait's history grows with its supporters, not with
        their square (docs/customers.md, "A trait's growth is one history row").
        """
        with self._store.transaction():
            old = self.get(fact_id)
            if old.kind != "trait" or old.status != "active":
                raise Conflict(f"fact {fact_id} is not an active trait")
            # seen again: a "not seen again since" flag no longer holds (a new version had none either)
            grown = old.replace(support=builtins.list(support), evidence=builtins.list(evidence), valid_at=valid_at,
                                recheck=Recheck())
            added = [i for i in support if i not in set(old.support)]
            return self.save(grown, action="supported", actor=actor, reason=reason,
                             history=grown.replace(support=added))

    def supersede(self, old_id: str, new_id: str, *, reason: str = "", actor: str = "extraction") -> Fact:
        """Mark the active fact ``old_id`` ``replaced`` by the fact ``new_id`` already stored — a second fact one
        new statement replaces ("Fresh handset: 07911 …, and mail goes to …" replaces the held phone and the held
        e-mail); the new fact's own ``supersedes`` keeps naming the first."""
        with self._store.transaction():
            old = self.get(old_id)
            if old.status != "active":
                raise Conflict(f"fact {old_id} is {old.status}; only an active fact can be replaced")
            self.get(new_id)
            replaced = self.save(old.replace(status="replaced", superseded_by=new_id), action="replaced", actor=actor,
                                 reason=reason or f"replaced by {new_id}")
            self._end_context_of(old_id, f"the fact it was made from was replaced by {new_id}")
            return replaced

    def restore(self, fact_id: str, *, reason: str = "", actor: str = "extraction") -> Fact:
        """A ``replaced`` fact becomes ``active`` again: the change that replaced it was undone ("back to the original
        one please" retracts the new number, the old one holds again). Its link to the replacing fact is cleared;
        the history keeps both."""
        with self._store.transaction():
            fact = self.get(fact_id)
            if fact.status != "replaced":
                raise Conflict(f"fact {fact_id} is {fact.status}; only a replaced fact can be restored")
            fact = fact.replace(status="active", superseded_by=None)
            self.save(fact, action="restored", actor=actor, reason=reason)
        return fact

    def retract(self, fact_id: str, *, reason: str = "", actor: str = "customer") -> Fact:
        """DELETE: mark an active fact ``retracted`` (kept, hidden from search, visible in history)."""
        with self._store.transaction():
            fact = self.get(fact_id)
            if fact.status != "active":
                raise Conflict(f"fact {fact_id} is {fact.status} already")
            fact = fact.replace(status="retracted")
            self.save(fact, action="retracted", actor=actor, reason=reason)
            self._end_context_of(fact_id, f"the fact it was made from was retracted ({fact_id})")
        return fact

    def edit(
        self,
        fact_id: str,
        *,
        text: str | None = None,
        kind: str | None = None,
        valid_at: date | None = None,
        reason: str = "",
        actor: str = "customer",
        by: str | None = None,
    ) -> Fact:
        """Correct a fact in place (same id); the previous version stays in its history.

        The new text is cleaned as a context item is (``one_line``): a fact can be promoted into the context.
        It is stored as the operator's correction (``corrected_evidence``; ``by``: who made it), beside the
        customer's own quote, which stays. Without ``valid_at``, the fact's date follows a day the corrected
        text names (``corrected_day``); a text that names none keeps the date."""
        changes: dict[str, Any] = {}
        if text is not None:
            text = one_line(text)
            if not text:
                raise InvalidInput("the corrected text is empty")
            changes["text"] = text
            # the statement said what the old text said: the customer's correction is rebuilt from
            changes["statement"] = ""
        if kind is not None:
            changes["kind"] = kind
        if valid_at is not None:
            changes["valid_at"] = valid_at
        if not changes:
            raise InvalidInput("nothing to change: give a new text, kind or date")
        with self._store.transaction():
            current = self.get(fact_id)
            if text is not None:
                changes["evidence"] = corrected_evidence(current, text, by=by)
                if valid_at is None:
                    day = corrected_day(current, text)
                    if day is not None and day != current.valid_at:
                        changes["valid_at"] = day
            fact = with_statement(current.replace(**changes))
            self.save(fact, action="edited", actor=actor, reason=reason)
        return fact

    def confirm(self, fact_id: str, *, actor: str = "customer") -> Fact:
        """The customer (or an operator) confirms a fact; inferred traits need this to reach context."""
        with self._store.transaction():
            fact = self.get(fact_id)
            if fact.confirmed:
                return fact
            fact = fact.replace(confirmed=True)
            self.save(fact, action="confirmed", actor=actor, reason="")
        return fact

    # facts: reading ---------------------------------------------------------------------------
    def _end_context_of(self, fact_id: str, reason: str) -> None:
        # An item made from a fact (a standing wish said in the customer's words, a promoted attribute) stands on
        # that fact: once it is taken back or replaced the item no longer holds, and leaving it injected on every
        # turn kept a wish the customer withdrew (newuser28 #4). Ended, not erased: the context log keeps it.
        for item in self._store.context.items(include_unconfirmed=True):
            if item.fact_id == fact_id:
                self._store.context.end(item.id, reason=reason)

    def get(self, fact_id: str) -> Fact:
        """The current record of a fact, or ``NotFound`` (also for an erased one, saying so)."""
        fact = self.load(fact_id)
        if fact is None:
            erased = self._store.conn.execute(
                "SELECT at FROM fact_history WHERE fact_id = ? AND action = 'erased'", (fact_id,)
            ).fetchone()
            if erased:
                raise NotFound(f"fact {fact_id} was erased on {erased['at'][:10]}")
            raise NotFound(f"no fact {fact_id} for customer {self._store.customer_id!r}")
        return fact

    def history(self, fact_id: str) -> builtins.list[HistoryEntry]:
        """Every change of a fact, oldest first."""
        rows = self._store.conn.execute(
            "SELECT * FROM fact_history WHERE fact_id = ? ORDER BY seq", (fact_id,)
        ).fetchall()
        if not rows:
            raise NotFound(f"no fact {fact_id} for customer {self._store.customer_id!r}")
        return [history_entry(row) for row in rows]

    def list(
        self,
        *,
        kinds: Sequence[str] | None = None,
        statuses: Sequence[str] | None = ("active",),
        since: date | str | None = None,
        recheck_only: bool = False,
        limit: int | None = None,
    ) -> builtins.list[Fact]:
        """Facts newest first (by the date they are about), filtered; ``statuses=None`` = all. One kind or
        status may be given as a plain string (``statuses="active"``); it was read letter by letter.
        ``since``: a ``date`` or an ISO 8601 date string."""
        since = as_date(since, "since")
        kinds = (kinds,) if isinstance(kinds, str) else kinds
        statuses = (statuses,) if isinstance(statuses, str) else statuses
        where: builtins.list[str] = []
        params: builtins.list[str | int] = []
        if kinds:
            check_choices(kinds, KINDS, "kind")
            where.append(f"kind IN ({','.join('?' * len(kinds))})")
            params += list(kinds)
        if statuses:
            check_choices(statuses, STATUSES, "status")
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            params += list(statuses)
        if since is not None:
            where.append("day >= ?")
            params.append(since.toordinal())
        if recheck_only:
            where.append("json_extract(data, '$.recheck.flag') = 1")
        sql = "SELECT data FROM facts" + (" WHERE " + " AND ".join(where) if where else "")
        sql += " ORDER BY day DESC, id DESC"
        if limit is not None:
            sql += f" LIMIT {check_limit(limit)}"
        return [Fact.from_dict(json.loads(row[0])) for row in self._store.conn.execute(sql, params)]

    def counts(self) -> dict[str, int]:
        """How many facts of each status."""
        rows = self._store.conn.execute("SELECT status, COUNT(*) FROM facts GROUP BY status").fetchall()
        counts = {status: 0 for status in STATUSES}
        counts.update({row[0]: row[1] for row in rows})
        return counts

    # recheck flags (movement 5 flags in bulk) ---------------------------------------------------
    def set_recheck(self, fact_id: str, reason: str, *, actor: str = "system") -> Fact:
        """Flag a fact "recheck needed" with a reason (policy changed, trait not seen again…)."""
        with self._store.transaction():
            fact = self.get(fact_id)
            fact = fact.replace(recheck=Recheck(flag=True, reason=reason, since=clock.now().replace(microsecond=0)))
            self.save(fact, action="recheck", actor=actor, reason=reason)
        return fact

    def clear_recheck(self, fact_id: str, *, actor: str = "customer") -> Fact:
        with self._store.transaction():
            fact = self.get(fact_id)
            if not fact.recheck.flag:
                return fact
            fact = fact.replace(recheck=Recheck())
            self.save(fact, action="recheck cleared", actor=actor, reason="")
        return fact

    def flag_recheck(self, page_id: str, current_version: int, *,
                     renamed_from: Sequence[str] = ()) -> builtins.list[str]:
        """Movement 5: flag active facts made under an older version of ``page_id``.

        Reason: "recheck needed: policy ID vN → vM". ``renamed_from``: the ids the page had before a
        rename (the manifest's ``renamed``); a fact that cites one of them at an older version is
        flagged "recheck needed: policy OLD vN → ID vM" — its citation keeps the id it was made under.
        Returns the ids flagged or re-flagged now; a fact already flagged for the same versions is left alone.
        """
        pages = [page_id, *(old for old in renamed_from if old != page_id)]
        marks = ", ".join("?" * len(pages))
        rows = self._store.conn.execute(
            # a bare column beside one MAX(): SQLite takes it from the row holding the maximum
            f"SELECT fact_id, MAX(version) AS version, page FROM fact_policy WHERE page IN ({marks}) "
            "GROUP BY fact_id HAVING MAX(version) < ?",
            (*pages, current_version),
        ).fetchall()

        def reason(row: sqlite3.Row) -> str:
            cited = row["page"] if len(pages) > 1 else page_id
            now = f"v{current_version}" if cited == page_id else f"{page_id} v{current_version}"
            return f"recheck needed: policy {cited} v{row['version']} → {now}"

        return self._flag_rows(rows, reason)

    def flag_withdrawn(self, page_id: str) -> builtins.list[str]:
        """Flag active facts linked to ``page_id``, a policy page the service no longer has (removed
        from the wiki, not renamed): "recheck needed: policy ID vN was withdrawn". Same idempotence
        as ``flag_recheck``."""
        rows = self._store.conn.execute(
            "SELECT fact_id, MAX(version) AS version FROM fact_policy WHERE page = ? GROUP BY fact_id",
            (page_id,),
        ).fetchall()
        return self._flag_rows(rows, lambda row: f"recheck needed: policy {page_id} v{row['version']} was withdrawn")

    def _flag_rows(self, rows: builtins.list[sqlite3.Row],
                   reason_of: Callable[[sqlite3.Row], str]) -> builtins.list[str]:
        # What ``set_recheck`` does, in bulk: after a restore this may flag tens of thousands of facts.
        # Only the record and its history change: kind, status, day and policy rows stay, and the
        # index holds nothing of the recheck flag, so no index operation is queued.
        since = clock.now().replace(microsecond=0)
        at = clock.isoformat(clock.now())
        flagged: list[str] = []
        updates: list[tuple[str, str]] = []
        history: list[tuple[str, str, str, str]] = []
        with self._store.transaction():
            facts = self.load_many([row["fact_id"] for row in rows])
            for row in rows:
                fact = facts.get(row["fact_id"])
                if fact is None or fact.status != "active":
                    continue
                reason = reason_of(row)
                if fact.recheck.flag and fact.recheck.reason == reason:
                    continue
                data = record_json(fact.replace(recheck=Recheck(flag=True, reason=reason, since=since)))
                updates.append((data, fact.id))
                history.append((fact.id, at, reason, data))
                flagged.append(fact.id)
            self._store.conn.executemany("UPDATE facts SET data = ? WHERE id = ?", updates)
            self._store.conn.executemany(
                "INSERT INTO fact_history (fact_id, at, action, actor, reason, snapshot) "
                "VALUES (?, ?, 'recheck', 'sync', ?, ?)", history)
        return flagged

    # search -----------------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        limit: int = 10,
        kinds: Sequence[str] | None = None,
        statuses: Sequence[str] | None = None,
        since: date | str | None = None,
    ) -> builtins.list[SearchHit]:
        """BM25 search over the facts' text (boosted) and evidence quotes; recency breaks ties.
        ``since``: a ``date`` or an ISO 8601 date string.

        ``statuses=None`` searches active facts only: replaced and retracted ones are hidden unless
        asked for. Korean and Japanese are matched through character n-grams, so a different
        particle or a query without spaces still finds the fact. Punctuation is never syntax.
        """
        return self._search.search(query, limit=limit, kinds=kinds, statuses=statuses, since=as_date(since, "since"))

    def reindex(self, *, on_progress: ProgressCallback | None = None) -> int:
        """Rebuild the search index from memory.db; returns the number of facts indexed."""
        return self._search.reindex(on_progress=on_progress)

    def erase(self, fact_id: str) -> None:
        """The customer's explicit erase: the only hard delete (see ``mem.customers.erase``)."""
        from mem.customers.erase import erase_fact

        erase_fact(self._store, fact_id)

    # what the store and the other parts use ----------------------------------------------------
    def close_index(self) -> None:
        self._search.close()

    def repair_index(self) -> None:
        """On open: replay index operations a crash left behind (or rebuild the index)."""
        if self._store.conn.execute("SELECT 1 FROM index_ops LIMIT 1").fetchone():
            self._search.index()

    def forget_pending_index(self) -> None:
        self._search.pending = False

    def sync_index_if_pending(self) -> None:
        if self._search.pending:
            self._search.sync()

    @property
    def search_index(self) -> FactSearch:
        return self._search

    def row(self, fact_id: str) -> sqlite3.Row | None:
        return self._store.conn.execute("SELECT data FROM facts WHERE id = ?", (fact_id,)).fetchone()

    def load(self, fact_id: str) -> Fact | None:
        """The record of a fact, or None (no error: for writers that check themselves)."""
        row = self.row(fact_id)
        return self._parse(fact_id, row[0]) if row else None

    def load_many(self, ids: Sequence[str]) -> dict[str, Fact]:
        found: dict[str, Fact] = {}
        for start in range(0, len(ids), 500):
            chunk = builtins.list(ids[start:start + 500])
            if not chunk:
                continue
            sql = f"SELECT id, data FROM facts WHERE id IN ({','.join('?' * len(chunk))})"
            for row in self._store.conn.execute(sql, chunk):
                found[row[0]] = self._parse(row[0], row[1])
        return found

    def _parse(self, fact_id: str, data: str) -> Fact:
        cached = self._parsed.get(fact_id)
        if cached is not None and cached[0] == data:
            return cached[1]
        fact = Fact.from_dict(json.loads(data))
        if len(self._parsed) >= _PARSED_CACHE:
            self._parsed.clear()  # a bound, not an LRU: a refill costs one parse per record
        self._parsed[fact_id] = (data, fact)
        return fact

    def save(self, fact: Fact, *, action: str, actor: str, reason: str, history: Fact | None = None) -> Fact:
        """Write a fact's record, policy rows, a history row and an index operation (inside a
        transaction). The one way a fact row changes: every writer goes through it. Returns the record
        as stored (with its statement). ``history``: what the history row keeps, when not the record."""
        fact = with_statement(fact)  # every stored record has one (writers usually built it already)
        data = record_json(fact)
        when = fact.when
        conn = self._store.conn
        conn.execute(
            "INSERT INTO facts (id, kind, status, day, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
            "kind = excluded.kind, status = excluded.status, day = excluded.day, data = excluded.data",
            (fact.id, fact.kind, fact.status, when.toordinal() if when else 0, data),
        )
        conn.execute("DELETE FROM fact_policy WHERE fact_id = ?", (fact.id,))
        conn.executemany("INSERT OR IGNORE INTO fact_policy (fact_id, page, version) VALUES (?, ?, ?)",
                         [(fact.id, ref.page, ref.version) for ref in fact.policy_refs])
        self.log_change(fact.id, action, actor, reason, fact,
                        data=data if history is None else record_json(with_statement(history)))
        self.index_op(fact.id)
        return fact

    def log_change(self, fact_id: str, action: str, actor: str, reason: str, fact: Fact | None, *,
                   data: str | None = None) -> None:
        """Append a history row (a snapshot of ``fact`` after the change; None: no text kept)."""
        snapshot = data if data is not None else (record_json(fact) if fact else None)
        self._store.conn.execute(
            "INSERT INTO fact_history (fact_id, at, action, actor, reason, snapshot) VALUES (?, ?, ?, ?, ?, ?)",
            (fact_id, clock.isoformat(clock.now()), action, actor, reason, snapshot),
        )

    def index_op(self, fact_id: str) -> None:
        """Queue a refresh of the fact's index entry, applied after the commit."""
        self._store.conn.execute("INSERT INTO index_ops (fact_id) VALUES (?)", (fact_id,))
        self._search.pending = True

