"""What the server store hands its callers, the same from SQLite (``storage``) and PostgreSQL (``storage_pg``).

The rows are the wire records they were received as (``mem.wire``) plus what the server adds: the
account that sent them and when. Reviews are know-how's (``mem.knowhow.candidates.Review``).
"""

from __future__ import annotations

from typing import TypedDict

from mem.wire.evidence import EvidenceRecord
from mem.wire.share import ShareRecord


class AccountRow(TypedDict):
    """An account as ``mem server accounts`` lists it (never its token hash)."""

    name: str
    created_at: str


class EvidenceRow(EvidenceRecord):
    """One stored evidence record: ``POST /v1/evidence``'s record, its id, sender and arrival."""

    id: int
    account: str
    received_at: str


class DecisionRow(ShareRecord):
    """One stored shared decision: ``POST /v1/share``'s record, its sender and arrival."""

    account: str
    received_at: str
