"""The customer's explicit erase: the only hard delete, and the traces it must not leave.

An erase reaches every place the fact's text went: its record and history, its unsent evidence,
the context items that point at it, the quotes in the request log, the search index and the WAL.
"""

from __future__ import annotations

import dataclasses
import sqlite3

from mem.core.errors import StorageError
from mem.customers import requestlog
from mem.customers._base import _StoreBase
from mem.customers._layout import REDACTED
from mem.customers.fact import Fact


class _Erase(_StoreBase):
    """``CustomerStore``'s erase."""

    def erase(self, fact_id: str) -> None:
        """The customer's explicit erase: the only hard delete.

        Removes the fact, the text of its whole history, its index entry and its unsent evidence,
        and replaces its evidence quotes in the request log with "[erased]". Keeps a tombstone
        history row (id, time, "erased", no text) and the ids other facts use to point at it.
        """
        with self.transaction():
            fact = self.get(fact_id)
            self._redact_quotes(fact)
            conn = self._conn
            conn.execute("DELETE FROM facts WHERE id = ?", (fact_id,))
            conn.execute("DELETE FROM fact_policy WHERE fact_id = ?", (fact_id,))
            conn.execute("DELETE FROM fact_history WHERE fact_id = ?", (fact_id,))
            conn.execute("DELETE FROM evidence_outbox WHERE fact_id = ? AND sent_at IS NULL", (fact_id,))
            conn.execute("UPDATE context_items SET fact_id = NULL WHERE fact_id = ?", (fact_id,))
            self._history(fact_id, "erased", "customer", "erased at the customer's request", None)
            self._index_op(fact_id)
        self._purge_traces()

    def _purge_traces(self) -> None:
        """After an erase: rebuild the index (a tantivy delete only hides a document until segments
        merge) and checkpoint the WAL, so the erased text survives in no file of this customer."""
        self.reindex()
        try:
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:
            raise StorageError(f"customer memory write failed: {exc}") from exc

    def _redact_quotes(self, fact: Fact) -> None:
        by_log: dict[str, list[str]] = {}
        for evidence in fact.evidence:
            by_log.setdefault(evidence.log_id, []).append(evidence.quote)
        for log_id, quotes in by_log.items():
            row = self._conversation_row(log_id)
            if row is None:
                continue
            path = self._log_path(log_id)
            turns = requestlog.read_turns(path, row["turns"])
            changed = []
            for turn in turns:
                text = turn.text
                for quote in quotes:
                    text = text.replace(quote, REDACTED)
                changed.append(turn if text == turn.text else dataclasses.replace(turn, text=text))
            if changed != turns:
                requestlog.rewrite(path, changed)
