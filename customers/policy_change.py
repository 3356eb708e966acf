"""Movement 5 on this device: facts made under an older policy version get a "recheck needed" flag.

One function for every path that learns of policy versions: ``mem sync`` after a new bundle
(old manifest → new manifest), and ``mem restore`` after a backup comes back (no old versions: every
linked page is compared with the versions this device holds). Each customer's flags are written in
that customer's own store; nothing leaves the client.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path


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
