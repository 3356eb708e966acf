"""Movement 5 on this device: facts made under an older policy version get a "recheck needed" flag.

One function for every path that learns of policy versions: ``mem sync`` after a new bundle
(old manifest → new manifest), and ``mem restore`` after a backup comes back (no old versions: every
linked page is compared with the versions this device holds). Each customer's flags are written in
that customer's own store; nothing leaves the client.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from mem.core.errors import MemError, NotFound
from mem.customers._layout import DEFAULT_LOCK_TIMEOUT


def changed_pages(old: Mapping[str, int], new: Mapping[str, int]) -> dict[str, int]:
    """Policy page → new version, for the pages whose version went up (a page new to ``old`` counts)."""
    return {page: version for page, version in new.items() if old.get(page, 0) < version}


def flag_policy_changes(home: Path, old: Mapping[str, int], new: Mapping[str, int], *,
                        customer_ids: Iterable[str] | None = None) -> dict[str, list[str]]:
    """Flag, in each customer store of this home (or only ``customer_ids``), the facts linked to a
    policy page now at a newer version. Returns customer id → flagged fact ids (only customers with flags)."""
    changed = changed_pages(old, new)
    if not changed or not (Path(home) / "customers").is_dir():  # no customer on this client yet
        return {}
    from mem.customers.store import CustomerStore, list_customers

    customers = list_customers(home) if customer_ids is None else list(customer_ids)
    flagged: dict[str, list[str]] = {}
    for customer_id in customers:
        with CustomerStore.open(home, customer_id) as store:
            ids = [fid for page, version in sorted(changed.items()) for fid in store.facts.flag_recheck(page, version)]
        if ids:
            flagged[customer_id] = ids
    return flagged


def flag_each_customer(home: Path, changed: Mapping[str, int], customer_ids: Iterable[str], *,
                       lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Flag the ``changed`` pages (page → new version) in each of ``customer_ids``' stores, one at a time.

    A store that cannot be opened or written (damaged, locked longer than ``lock_timeout`` s) is
    skipped and reported, so one customer never keeps the others unflagged. A customer whose memory
    is gone has nothing to flag, and no store is created for it. Returns ``(flagged, failed)``:
    customer id → flagged fact ids (only customers with flags), customer id → the one-line reason.
    """
    from mem.customers.store import CustomerStore

    flagged: dict[str, list[str]] = {}
    failed: dict[str, str] = {}
    for customer_id in customer_ids:
        try:
            with CustomerStore.open(home, customer_id, create=False, lock_timeout=lock_timeout) as store:
                ids = [fid for page, version in sorted(changed.items())
                       for fid in store.facts.flag_recheck(page, version)]
        except NotFound:
            continue
        except MemError as exc:
            failed[customer_id] = exc.message
            continue
        except ValueError as exc:  # a record that no longer parses: that store needs repair, not the others
            failed[customer_id] = f"customer memory of {customer_id!r} is damaged: {exc}"
            continue
        if ids:
            flagged[customer_id] = ids
    return flagged, failed
