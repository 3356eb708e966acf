"""What both server store engines share: the rows they hand out and the rules that need no SQL.

``SqliteServerStore`` (``storage``) and ``PostgresServerStore`` (``storage_pg``) differ only in
their SQL and in how they make a check-and-charge atomic. Everything else lives here once, so the
two cannot drift: the row shapes (the wire records they were received as, ``mem.wire``, plus what
the server adds: the sending account and when; reviews are know-how's,
``mem.knowhow.candidates.Review``), how a database row becomes one, how a record becomes the
values of its row, and the quota arithmetic of a backup reservation.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict

from mem.knowhow.candidates import Review
from mem.wire.evidence import EvidenceRecord
from mem.wire.share import ShareRecord


class AccountRow(TypedDict):
    """An account as ``mem accounts list`` shows it (never its token hash): ``status`` is ``active``
    or ``revoked`` (``mem accounts revoke``; ``revoked_at`` says when, empty while active)."""

    name: str
    created_at: str
    status: str
    revoked_at: str


# A revoked account keeps its row (its name, backups, evidence) but its token hash is replaced by
# this prefix, the revocation time and random bytes: SHA-256 hex never contains ':', so no token
# can match it, on either engine, with no schema change — a server of an older mem sharing the
# database refuses the old token as well.
REVOKED_PREFIX = "revoked:"


class EvidenceRow(EvidenceRecord):
    """One stored evidence record: ``POST /v1/evidence``'s record, its id, sender and arrival."""

    id: int
    account: str
    received_at: str


class DecisionRow(ShareRecord):
    """One stored shared decision: ``POST /v1/share``'s record, its sender and arrival."""

    account: str
    received_at: str


class Row(Protocol):
    """A database row read by column name: ``sqlite3.Row``, or a dict from psycopg's ``dict_row``."""

    # Any: a column's value, whose type the schema fixes, not the driver.
    def __getitem__(self, column: str, /) -> Any: ...


@dataclass(frozen=True)
class DailyUsage:
    """What one account sent of one kind (``evidence``, ``share``) on one UTC day, and whether the
    charge just asked for was taken (when not, nothing was added)."""

    records: int
    bytes: int
    accepted: bool


@dataclass(frozen=True)
class BackupUsage:
    """What one account keeps in the vault. ``refused`` names the limit a reservation would have
    passed (``backup_bytes``, ``backup_count``, ``unfinished_bytes``, ``unfinished_count``); when set,
    nothing was reserved."""

    bytes: int
    count: int
    unfinished_bytes: int
    unfinished_count: int
    refused: str | None = None


# --- rows -------------------------------------------------------------------------------------
def account_row(r: Row) -> AccountRow:
    token_hash: str = r["token_hash"]
    if token_hash.startswith(REVOKED_PREFIX):
        revoked_at = token_hash[len(REVOKED_PREFIX):].rpartition(":")[0]
        return {"name": r["name"], "created_at": r["created_at"], "status": "revoked", "revoked_at": revoked_at}
    return {"name": r["name"], "created_at": r["created_at"], "status": "active", "revoked_at": ""}


def evidence_values(account: str, record: EvidenceRecord,
                    received_at: str) -> tuple[str, str, str, str | None, str, str]:
    """``(account, fact_id, customer_id, date, quotes, received_at)`` of an evidence row; quotes as JSON text."""
    return (account, record["fact_id"], record["customer_id"], record.get("date"),
            json.dumps(record["quotes"], ensure_ascii=False), received_at)


def evidence_row(r: Row) -> EvidenceRow:
    return {"id": r["id"], "account": r["account"], "fact_id": r["fact_id"], "customer_id": r["customer_id"],
            "date": r["date"], "quotes": json.loads(r["quotes"]), "received_at": r["received_at"]}


def decision_values(account: str, record: ShareRecord, received_at: str) -> tuple[str, str, str, str, str]:
    """``(account, pseudonym, fact_ref, record, received_at)`` of a decision row; the record as JSON text."""
    return (account, record["pseudonym"], record["fact_ref"], json.dumps(record, ensure_ascii=False), received_at)


def decision_row(r: Row) -> DecisionRow:
    row: DecisionRow = json.loads(r["record"])  # a ShareRecord, checked by mem.wire.share when it came in
    row["account"], row["received_at"] = r["account"], r["received_at"]
    return row


def reviews_by_candidate(rows: Iterable[Row]) -> dict[str, Review]:
    return {r["candidate_id"]: {"decision": r["decision"], "by": r["by_name"], "at": r["at"],
                                "page_id": r["page_id"], "signature": r["signature"]}
            for r in rows}


# --- quotas -----------------------------------------------------------------------------------
def reserve(usage: BackupUsage, *, new: bool, nbytes: int, max_bytes: int, max_count: int,
            max_unfinished_bytes: int, max_unfinished_count: int) -> BackupUsage:
    """The account's usage after reserving ``nbytes`` more for an unfinished backup (``new``: one not
    counted yet), or — when a limit would be passed — ``usage`` unchanged with ``refused`` naming it.
    The caller writes the reservation only when nothing was refused, in the transaction it read ``usage`` in."""
    added = 1 if new else 0
    refused = None
    if new and usage.count + 1 > max_count:
        refused = "backup_count"
    elif new and usage.unfinished_count + 1 > max_unfinished_count:
        refused = "unfinished_count"
    elif usage.bytes + nbytes > max_bytes:
        refused = "backup_bytes"
    elif usage.unfinished_bytes + nbytes > max_unfinished_bytes:
        refused = "unfinished_bytes"
    if refused:
        return BackupUsage(usage.bytes, usage.count, usage.unfinished_bytes, usage.unfinished_count, refused=refused)
    return BackupUsage(usage.bytes + nbytes, usage.count + added, usage.unfinished_bytes + nbytes,
                       usage.unfinished_count + added)
