"""Fact search: the tantivy index behind ``store.facts.search``, rebuilt and kept in step with memory.db.

memory.db is the source of truth; the index is derived. Fact writes queue ``index_ops`` rows in
their transaction, ``sync`` applies them after the commit and deletes them after tantivy's
commit, and leftovers from a crash are replayed (or the index rebuilt) when the store is opened.
tantivy is imported only here, on the first search or fact write.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from datetime import date
from typing import TYPE_CHECKING

from mem.core.errors import StorageError
from mem.customers import db
from mem.customers._layout import INDEX_DIR, LOGS_DIR
from mem.customers._part import StorePart
from mem.customers.fact_record import KINDS, STATUSES, Fact, check_choices, check_limit, check_query
from mem.customers.fact_rows import SearchHit

if TYPE_CHECKING:
    from mem.customers.fact_index import FactIndex
    from mem.customers.facts import Facts
    from mem.customers.store import CustomerStore

ProgressCallback = Callable[[int, int, str], None]


class FactSearch(StorePart):
    """Search over one customer's facts and the upkeep of their index (behind ``store.facts``)."""

    def __init__(self, store: CustomerStore, facts: Facts) -> None:
        super().__init__(store)
        self._facts = facts
        self._index: FactIndex | None = None
        self.pending = False  # index operations were queued in the open transaction

    def close(self) -> None:
        if self._index is not None:
            self._index.close()
            self._index = None

    def search(
        self,
        query: str,
        *,
        limit: int = 10,
        kinds: Sequence[str] | None = None,
        statuses: Sequence[str] | None = None,
        since: date | None = None,
    ) -> list[SearchHit]:
        """BM25 search over the facts' text (boosted) and evidence quotes; recency breaks ties. A question
        about a slot ("customer's phone number") ranks the facts filling it first (``fact_index.SLOT_FIRST``).

        ``statuses=None`` searches active facts only: replaced and retracted ones are hidden unless
        asked for. Korean and Japanese are matched through character n-grams, so a different
        particle or a query without spaces still finds the fact. Punctuation is never syntax.
        """
        query = check_query(query)
        limit = check_limit(limit)
        kinds = (kinds,) if isinstance(kinds, str) else kinds
        if kinds:
            check_choices(kinds, KINDS, "kind")
        statuses = (statuses,) if isinstance(statuses, str) else statuses
        statuses = tuple(statuses) if statuses else ("active",)
        check_choices(statuses, STATUSES, "status")
        ranked = self.index().search(
            query, limit=limit, kinds=kinds, statuses=statuses,
            since_day=since.toordinal() if since else None,
        )
        facts = self._facts.load_many([fact_id for fact_id, _ in ranked])
        return [SearchHit(facts[fid], score) for fid, score in ranked if fid in facts]

    def _all_facts(self, on_progress: ProgressCallback | None = None) -> Iterator[Fact]:
        """Every fact of memory.db, read one row at a time (for a rebuild of the index)."""
        total = self._store.conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0] if on_progress else 0
        for done, row in enumerate(self._store.conn.execute("SELECT data FROM facts"), start=1):
            if on_progress and (done % 1000 == 0 or done == total):
                on_progress(done, total, "indexing facts")
            yield Fact.from_dict(json.loads(row[0]))

    def reindex(self, *, on_progress: ProgressCallback | None = None) -> int:
        """Rebuild the search index from memory.db; returns the number of facts indexed."""
        count = self.index(check=False).rebuild(self._all_facts(on_progress))
        with self._store.transaction():
            self._store.conn.execute("DELETE FROM index_ops")
        return count

    # the index ---------------------------------------------------------------------------------
    def index(self, *, check: bool = True) -> FactIndex:
        if self._index is None:
            from mem.customers.fact_index import FactIndex
            from mem.customers.neighbour_turns import TurnContext

            stamp = db.get_meta(self._store.conn, "index_stamp") or ""
            context = TurnContext(self._store.folder / LOGS_DIR, allowed_sensitive=self._consented_categories)
            if getattr(self._store, "read_only", False):
                # a read-only file system: tantivy cannot open the index folder there, so the search runs on an
                # index built from memory.db in this process's memory — never in /tmp, where a kill would leave
                # the customer's words outside the home, out of mem forget's reach
                self._index = FactIndex(self._store.folder / INDEX_DIR, expected_stamp=stamp, context=context,
                                        in_memory=True)
                self._index.rebuild(self._all_facts())
                return self._index
            self._index = FactIndex(self._store.folder / INDEX_DIR, expected_stamp=stamp, context=context)
            if check:
                self._check_index(self._index)
        return self._index

    def _consented_categories(self) -> frozenset[str]:
        return self._store.consent.allowed()

    def _check_index(self, index: FactIndex) -> None:
        total = self._store.conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0]
        if index.fresh:
            self.reindex()
            return
        if self._store.conn.execute("SELECT 1 FROM index_ops LIMIT 1").fetchone():
            self.sync()
        if index.num_docs() != total:
            self.reindex()

    def sync(self) -> None:
        """Apply the recorded index operations, then forget them (replayed after a crash)."""
        self.pending = False
        index = self.index(check=False)
        if index.fresh:
            self.reindex()
            return
        rows = self._store.conn.execute("SELECT seq, fact_id FROM index_ops ORDER BY seq").fetchall()
        if not rows:
            return
        ids = list(dict.fromkeys(row["fact_id"] for row in rows))

        def changes() -> Iterator[tuple[str, Fact | None]]:
            # Loaded in chunks so a bulk write of 100k facts never holds them all in memory.
            for start in range(0, len(ids), 2000):
                chunk = ids[start:start + 2000]
                facts = self._facts.load_many(chunk)
                for fid in chunk:
                    yield fid, facts.get(fid)

        try:
            index.apply(changes())
        except StorageError as exc:
            raise StorageError(
                f"the change was saved, but the search index could not be updated ({exc}); it is repaired the "
                "next time this customer's memory is opened"
            ) from exc
        try:
            self._store.conn.execute("DELETE FROM index_ops WHERE seq <= ?", (rows[-1]["seq"],))
        except sqlite3.Error as exc:
            raise db.failure("customer memory write failed", self._store.folder, exc) from exc
