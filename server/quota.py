"""Per-account quotas of ``mem serve``: what one account may send per request, per day, and keep.

The limits are ``[quota]`` settings (``mem.core.config.QuotaSettings``); the counting lives in the
server store (``ServerStore.charge_daily`` / ``reserve_backup``), one transaction per check, so two
requests racing for the last bytes cannot both pass and a networked store can do the same in SQL.
This module only turns a store's answer into a ``QuotaExceeded`` with its HTTP status:

    413  one request is larger than a request may be (records or bytes)
    429  the account used its daily allowance (``retry_after``: seconds to the next UTC midnight)
    507  the account keeps as much as it may (backup bytes or count, unfinished uploads)
"""

from __future__ import annotations

from datetime import datetime, timedelta

from mem.core import clock
from mem.core.config import QuotaSettings
from mem.core.errors import QuotaExceeded
from mem.server.storage import ServerStore

# Daily counters older than this are deleted by the sweep (only today's are ever read).
KEEP_DAYS = 2

_WHAT = {"evidence": "evidence", "share": "shared decisions"}


def size(n: int) -> str:
    """Bytes for a person: ``1.5 MiB``."""
    value, unit = float(n), "bytes"
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB"):
        if value < 1024 or unit == "TiB":
            break
        value /= 1024
    return f"{n} bytes" if unit == "bytes" else f"{value:.1f} {unit}"


class Quotas:
    """The quota checks the routes and the vault call, for one server store and one set of limits."""

    def __init__(self, store: ServerStore, settings: QuotaSettings) -> None:
        self.store = store
        self.settings = settings

    # --- per request (413) ----------------------------------------------------------------------
    def check_request(self, what: str, *, records: int, nbytes: int) -> None:
        """Refuse one request of ``what`` (``evidence`` or ``share``) over its per-request limits."""
        max_records = getattr(self.settings, f"{what}_request_records")
        max_bytes = getattr(self.settings, f"{what}_request_bytes")
        if records > max_records:
            raise QuotaExceeded(
                f"too many {_WHAT[what]} records in one request: {records} (quota.{what}_request_records is "
                f"{max_records}); send them in smaller batches", status=413, quota=f"{what}_request_records",
                limit=max_records, used=records)
        if nbytes > max_bytes:
            raise QuotaExceeded(
                f"{_WHAT[what]} request too large: {size(nbytes)} (quota.{what}_request_bytes is {size(max_bytes)});"
                " send them in smaller batches", status=413, quota=f"{what}_request_bytes", limit=max_bytes,
                used=nbytes)

    # --- per UTC day (429) ----------------------------------------------------------------------
    def charge_day(self, account: str, what: str, *, records: int, nbytes: int) -> None:
        """Count one accepted request against today's allowance, or refuse it with 429."""
        now = clock.now()
        max_records = getattr(self.settings, f"{what}_day_records")
        max_bytes = getattr(self.settings, f"{what}_day_bytes")
        usage = self.store.charge_daily(account, what, day=now.date().isoformat(), records=records, nbytes=nbytes,
                                        max_records=max_records, max_bytes=max_bytes)
        if usage.accepted:
            return
        wait = _seconds_to_midnight(now)
        if usage.records + records > max_records:
            quota, used, limit = f"{what}_day_records", f"{usage.records} of {max_records} records", max_records
        else:
            quota, used, limit = f"{what}_day_bytes", f"{size(usage.bytes)} of {size(max_bytes)}", max_bytes
        raise QuotaExceeded(
            f"daily {_WHAT[what]} allowance of this account used: {used} today (quota.{quota}); "
            f"try again after 00:00 UTC", status=429, quota=quota, limit=limit,
            used=usage.records if quota.endswith("records") else usage.bytes, retry_after=wait)

    # --- what an account keeps (507) ------------------------------------------------------------
    def reserve_backup(self, account: str, backup_id: str, *, nbytes: int) -> None:
        """Count a new backup (``nbytes=0``) or more uploaded bytes of an unfinished one, or refuse with 507."""
        s = self.settings
        usage = self.store.reserve_backup(
            account, backup_id, nbytes=nbytes, started_at=clock.isoformat(clock.now()), max_bytes=s.backup_bytes,
            max_count=s.backup_count, max_unfinished_bytes=s.unfinished_bytes,
            max_unfinished_count=s.unfinished_count)
        if usage.refused is None:
            return
        limit = getattr(s, usage.refused)
        used, advice = {
            "backup_bytes": (f"{size(usage.bytes)} of {size(limit)} kept", "restore or delete old backups"),
            "backup_count": (f"{usage.count} of {limit} backups kept", "restore or delete old backups"),
            "unfinished_bytes": (f"{size(usage.unfinished_bytes)} of {size(limit)} in unfinished uploads",
                                 f"complete them or wait {s.unfinished_minutes} minutes for them to expire"),
            "unfinished_count": (f"{usage.unfinished_count} of {limit} uploads unfinished",
                                 f"complete them or wait {s.unfinished_minutes} minutes for them to expire"),
        }[usage.refused]
        raise QuotaExceeded(
            f"backup storage of this account is full: {used} (quota.{usage.refused}); {advice}, or ask the "
            "operator to raise it", status=507, quota=usage.refused, limit=limit,
            used={"backup_bytes": usage.bytes, "backup_count": usage.count, "unfinished_bytes": usage.unfinished_bytes,
                  "unfinished_count": usage.unfinished_count}[usage.refused])

    def finish_backup(self, account: str, backup_id: str, *, nbytes: int) -> None:
        self.store.finish_backup(account, backup_id, nbytes=nbytes)

    def release_backups(self, backup_ids: list[str] | set[str]) -> int:
        return self.store.release_backups(sorted(backup_ids)) if backup_ids else 0

    def sweep_daily(self) -> int:
        """Delete daily counters nobody reads any more."""
        before = (clock.now() - timedelta(days=KEEP_DAYS)).date().isoformat()
        return self.store.purge_daily(before_day=before)


def _seconds_to_midnight(now: datetime) -> int:
    midnight = (now + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    return max(1, int((midnight - now).total_seconds()))
