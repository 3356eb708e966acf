"""Recheck flags: a fact whose grounds may have changed (policy version, unseen trait) is flagged.

``flag_recheck`` is movement 5: after a sync brings a newer policy page, every active fact made
under an older version of it is flagged in bulk, without touching the search index.
"""

from __future__ import annotations

from mem.core import clock
from mem.customers._base import _StoreBase
from mem.customers._records import record_json
from mem.customers.fact import Fact, Recheck


class _Recheck(_StoreBase):
    """``CustomerStore``'s recheck flagging."""

    def set_recheck(self, fact_id: str, reason: str, *, actor: str = "system") -> Fact:
        """Flag a fact "recheck needed" with a reason (policy changed, trait not seen again…)."""
        with self.transaction():
            fact = self.get(fact_id)
            fact = fact.replace(recheck=Recheck(flag=True, reason=reason, since=clock.now().replace(microsecond=0)))
            self._save(fact, action="recheck", actor=actor, reason=reason)
        return fact

    def clear_recheck(self, fact_id: str, *, actor: str = "customer") -> Fact:
        with self.transaction():
            fact = self.get(fact_id)
            if not fact.recheck.flag:
                return fact
            fact = fact.replace(recheck=Recheck())
            self._save(fact, action="recheck cleared", actor=actor, reason="")
        return fact

    def flag_recheck(self, page_id: str, current_version: int) -> list[str]:
        """Movement 5: flag active facts made under an older version of ``page_id``.

        Reason: "recheck needed: policy ID vN → vM". Returns the ids flagged or re-flagged now;
        a fact already flagged for the same versions is left alone.
        """
        rows = self._conn.execute(
            "SELECT fact_id, MAX(version) AS version FROM fact_policy WHERE page = ? GROUP BY fact_id "
            "HAVING MAX(version) < ?",
            (page_id, current_version),
        ).fetchall()
        # What ``set_recheck`` does, in bulk: after a restore this may flag tens of thousands of facts.
        # Only the record and its history change: kind, status, day and policy rows stay, and the
        # index holds nothing of the recheck flag, so no index operation is queued.
        since = clock.now().replace(microsecond=0)
        at = clock.isoformat(clock.now())
        flagged: list[str] = []
        updates: list[tuple[str, str]] = []
        history: list[tuple[str, str, str, str]] = []
        with self.transaction():
            facts = self._load_many([row["fact_id"] for row in rows])
            for row in rows:
                fact = facts.get(row["fact_id"])
                if fact is None or fact.status != "active":
                    continue
                reason = f"recheck needed: policy {page_id} v{row['version']} → v{current_version}"
                if fact.recheck.flag and fact.recheck.reason == reason:
                    continue
                data = record_json(fact.replace(recheck=Recheck(flag=True, reason=reason, since=since)))
                updates.append((data, fact.id))
                history.append((fact.id, at, reason, data))
                flagged.append(fact.id)
            self._conn.executemany("UPDATE facts SET data = ? WHERE id = ?", updates)
            self._conn.executemany(
                "INSERT INTO fact_history (fact_id, at, action, actor, reason, snapshot) "
                "VALUES (?, ?, 'recheck', 'sync', ?, ?)", history)
        return flagged
