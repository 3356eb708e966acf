"""``PostgresServerStore``: the ``ServerStore`` protocol on PostgreSQL, for many workers on many hosts.

Same behaviour as the SQLite store, with the guarantees carried by the database: evidence intake is
idempotent through the ``UNIQUE (account, customer_id, fact_id)`` constraint (``ON CONFLICT DO
NOTHING``), so the same record sent through two workers at once is stored once; a shared decision
sent again replaces the earlier one in one statement. The schema is made by ``mem server migrate``
(``mem.server.migrations``); opening a store checks its version and refuses an unknown one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mem.core.errors import Conflict, NotFound
from mem.knowhow.candidates import Review
from mem.server import migrations
from mem.server.database import redact, transaction
from mem.server.store_rows import (
    AccountRow,
    BackupUsage,
    DailyUsage,
    DecisionRow,
    EvidenceRow,
    account_row,
    decision_row,
    decision_values,
    evidence_row,
    evidence_values,
    reserve,
    reviews_by_candidate,
)
from mem.wire.evidence import EvidenceRecord
from mem.wire.share import ShareRecord


class PostgresServerStore:
    """Accounts, evidence, intake and reviews in one PostgreSQL database (thread- and process-safe)."""

    def __init__(self, url: str, *, pool_size: int = 8, check_schema: bool = True) -> None:
        self.url = url
        self.pool_size = pool_size
        if check_schema:
            migrations.check(url, "store")

    def __repr__(self) -> str:
        return f"PostgresServerStore({redact(self.url)!r})"

    def _tx(self):
        return transaction(self.url, size=self.pool_size)

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        from psycopg.rows import dict_row

        with self._tx() as conn, conn.cursor(row_factory=dict_row) as cur:
            cur.execute(sql, args)
            return cur.fetchall()

    # accounts ------------------------------------------------------------------------------
    def add_account(self, name: str, token_hash: str, *, created_at: str) -> None:
        with self._tx() as conn:
            cur = conn.execute("INSERT INTO accounts (name, token_hash, created_at) VALUES (%s, %s, %s)"
                               " ON CONFLICT DO NOTHING", (name, token_hash, created_at))
            if cur.rowcount == 0:
                raise Conflict(f"account {name!r} exists already")

    def account_for_token_hash(self, token_hash: str) -> str | None:
        rows = self._read("SELECT name FROM accounts WHERE token_hash = %s", (token_hash,))
        return rows[0]["name"] if rows else None

    def accounts(self) -> list[AccountRow]:
        return [account_row(r) for r in
                self._read("SELECT name, created_at, token_hash FROM accounts ORDER BY name")]

    def replace_token_hash(self, name: str, token_hash: str) -> None:
        with self._tx() as conn:
            if conn.execute("UPDATE accounts SET token_hash = %s WHERE name = %s", (token_hash, name)).rowcount == 0:
                raise NotFound(f"no account {name!r} (see `mem accounts list`)")

    # evidence store ------------------------------------------------------------------------
    def add_evidence(self, account: str, records: Sequence[EvidenceRecord], *, received_at: str) -> int:
        added = 0
        with self._tx() as conn, conn.cursor() as cur:
            for rec in records:
                cur.execute(
                    "INSERT INTO evidence (account, fact_id, customer_id, date, quotes, received_at)"
                    " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (account, customer_id, fact_id) DO NOTHING",
                    evidence_values(account, rec, received_at))
                added += cur.rowcount
        return added

    def evidence(self, *, customer_id: str | None = None, limit: int = 100) -> list[EvidenceRow]:
        sql = "SELECT * FROM evidence"
        args: list[str | int] = []
        if customer_id:
            sql += " WHERE customer_id = %s"
            args.append(customer_id)
        sql += " ORDER BY id DESC LIMIT %s"
        args.append(limit)
        return [evidence_row(r) for r in self._read(sql, args)]

    def evidence_item(self, evidence_id: int) -> EvidenceRow:
        rows = self._read("SELECT * FROM evidence WHERE id = %s", (evidence_id,))
        if not rows:
            raise NotFound(f"no evidence record {evidence_id}")
        return evidence_row(rows[0])

    def purge_evidence(self, *, customer_id: str | None = None, received_before: str | None = None,
                       account: str | None = None) -> int:
        from mem.server.storage import evidence_filter

        where, args = evidence_filter(customer_id, received_before, "%s", account)
        with self._tx() as conn, conn.cursor() as cur:
            cur.execute(f"DELETE FROM evidence WHERE {where}", args)
            return cur.rowcount

    # shared decisions ----------------------------------------------------------------------
    def add_decisions(self, account: str, records: Sequence[ShareRecord], *, received_at: str) -> int:
        added = 0
        with self._tx() as conn, conn.cursor() as cur:
            for rec in records:
                cur.execute(
                    "INSERT INTO decisions (account, pseudonym, fact_ref, record, received_at)"
                    " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (account, pseudonym, fact_ref)"
                    " DO UPDATE SET record = EXCLUDED.record, received_at = EXCLUDED.received_at",
                    decision_values(account, rec, received_at))
                added += cur.rowcount
        return added

    def remove_decisions(self, account: str, fact_refs: Sequence[str]) -> int:
        removed = 0
        with self._tx() as conn, conn.cursor() as cur:
            for ref in fact_refs:
                cur.execute("DELETE FROM decisions WHERE account = %s AND fact_ref = %s", (account, ref))
                removed += cur.rowcount
        return removed

    def decisions(self) -> list[DecisionRow]:
        return [decision_row(r) for r in self._read("SELECT * FROM decisions ORDER BY id")]

    # know-how reviews ----------------------------------------------------------------------
    def record_review(self, candidate_id: str, *, decision: str, by: str, at: str, page_id: str | None,
                      signature: str) -> None:
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO reviews (candidate_id, decision, by_name, at, page_id, signature)"
                " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (candidate_id) DO UPDATE SET"
                " decision = EXCLUDED.decision, by_name = EXCLUDED.by_name, at = EXCLUDED.at,"
                " page_id = EXCLUDED.page_id, signature = EXCLUDED.signature",
                (candidate_id, decision, by, at, page_id, signature),
            )

    def reviews(self) -> dict[str, Review]:
        return reviews_by_candidate(self._read("SELECT * FROM reviews"))

    # quotas ----------------------------------------------------------------------------------
    def charge_daily(self, account: str, what: str, *, day: str, records: int, nbytes: int,
                     max_records: int, max_bytes: int) -> DailyUsage:
        """Add to today's count unless that passes a limit, in one statement: the upsert's row lock
        orders concurrent requests from every worker, and its ``WHERE`` refuses the one that would pass."""
        args = {"a": account, "d": day, "w": what, "r": records, "b": nbytes, "mr": max_records, "mb": max_bytes}
        with self._tx() as conn, conn.cursor() as cur:
            cur.execute(
                "INSERT INTO usage_daily (account, day, what, records, bytes)"
                " SELECT %(a)s, %(d)s, %(w)s, %(r)s, %(b)s WHERE %(r)s <= %(mr)s AND %(b)s <= %(mb)s"
                " ON CONFLICT (account, day, what) DO UPDATE SET records = usage_daily.records + EXCLUDED.records,"
                " bytes = usage_daily.bytes + EXCLUDED.bytes"
                " WHERE usage_daily.records + EXCLUDED.records <= %(mr)s"
                " AND usage_daily.bytes + EXCLUDED.bytes <= %(mb)s"
                " RETURNING records, bytes", args)
            row = cur.fetchone()
            if row is not None:
                return DailyUsage(int(row[0]), int(row[1]), accepted=True)
            cur.execute("SELECT records, bytes FROM usage_daily WHERE account = %s AND day = %s AND what = %s",
                        (account, day, what))
            row = cur.fetchone()
            return DailyUsage(int(row[0]), int(row[1]), accepted=False) if row else DailyUsage(0, 0, accepted=False)

    def purge_daily(self, *, before_day: str) -> int:
        with self._tx() as conn:
            return conn.execute("DELETE FROM usage_daily WHERE day < %s", (before_day,)).rowcount

    def reserve_backup(self, account: str, backup_id: str, *, nbytes: int, started_at: str, max_bytes: int,
                       max_count: int, max_unfinished_bytes: int, max_unfinished_count: int) -> BackupUsage:
        """As ``SqliteServerStore.reserve_backup``; the limits span the account's rows, so a transaction-scoped
        advisory lock per account orders the reservations of every worker."""
        with self._tx() as conn, conn.cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 13))", (account,))
            usage = _backup_usage(cur, account)
            cur.execute("SELECT 1 FROM backup_usage WHERE backup_id = %s", (backup_id,))
            after = reserve(usage, new=cur.fetchone() is None, nbytes=nbytes, max_bytes=max_bytes,
                            max_count=max_count, max_unfinished_bytes=max_unfinished_bytes,
                            max_unfinished_count=max_unfinished_count)
            if after.refused:
                return after
            cur.execute(
                "INSERT INTO backup_usage (backup_id, account, bytes, finished, started_at) VALUES (%s, %s, %s, 0, %s)"
                " ON CONFLICT (backup_id) DO UPDATE SET bytes = backup_usage.bytes + EXCLUDED.bytes",
                (backup_id, account, nbytes, started_at))
            return after

    def finish_backup(self, account: str, backup_id: str, *, nbytes: int) -> None:
        with self._tx() as conn:
            conn.execute("UPDATE backup_usage SET bytes = %s, finished = 1 WHERE backup_id = %s AND account = %s",
                         (nbytes, backup_id, account))

    def release_backups(self, backup_ids: Sequence[str]) -> int:
        with self._tx() as conn:
            return conn.execute("DELETE FROM backup_usage WHERE backup_id = ANY(%s)", (list(backup_ids),)).rowcount

    def reserved_backups(self) -> set[str]:
        return {r["backup_id"] for r in self._read("SELECT backup_id FROM backup_usage")}

    def backup_usage(self, account: str) -> BackupUsage:
        with self._tx() as conn, conn.cursor() as cur:
            return _backup_usage(cur, account)

    # health --------------------------------------------------------------------------------
    def ready(self) -> None:
        """Raise ``StorageError`` unless the database answers and its schema is the one this mem knows."""
        migrations.check(self.url, "store")


def _backup_usage(cur: Any, account: str) -> BackupUsage:
    cur.execute(
        "SELECT COALESCE(SUM(bytes), 0), COUNT(*), COALESCE(SUM(CASE WHEN finished = 0 THEN bytes ELSE 0 END), 0),"
        " COALESCE(SUM(1 - finished), 0) FROM backup_usage WHERE account = %s", (account,))
    total, count, unfinished_bytes, unfinished_count = cur.fetchone()
    return BackupUsage(int(total), int(count), int(unfinished_bytes), int(unfinished_count))
