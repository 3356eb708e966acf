"""Movement 5 on this device: facts made under an older policy version get a "recheck needed" flag.

One function for every path that learns of policy versions: ``mem sync`` after a new bundle
(old manifest → new manifest), and ``mem restore`` after a backup comes back (no old versions: every
linked page is compared with the versions this device holds). Each customer's flags are written in
that customer's own store; nothing leaves the client.

A fact keeps the page id it was made under. A page renamed since (the bundle's ``renamed``: old id →
new id) is followed: a new version of ``refund-period`` flags the facts that cite ``refund-window``
("policy refund-window v7 → refund-period v8"). A page the service removed (the bundle's
``withdrawn``, or a page the previous bundle had and the new one lacks) flags every active fact that
cites it: "policy liquid-damage v1 was withdrawn" — the rule the customer relied on is gone.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core.errors import MemError, NotFound
from mem.customers._layout import DEFAULT_LOCK_TIMEOUT

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore


def changed_pages(old: Mapping[str, int], new: Mapping[str, int]) -> dict[str, int]:
    """Policy page → new version, for the pages whose version went up (a page new to ``old`` counts)."""
    return {page: version for page, version in new.items() if old.get(page, 0) < version}


def vanished_pages(old_pages: Iterable[str], new_pages: Iterable[str], renamed: Mapping[str, str],
                   withdrawn: Iterable[str], already_withdrawn: Iterable[str] = ()) -> list[str]:
    """Policy page ids facts may cite that the new bundle no longer has and did not rename: those of
    the old bundle that left, and those the new one lists as ``withdrawn`` that the old one did not."""
    new = set(new_pages)
    gone = {page for page in old_pages if page not in new} | (set(withdrawn) - set(already_withdrawn))
    return sorted(page for page in gone if page not in new and page not in renamed)


def flag_policy_changes(home: Path, old: Mapping[str, int], new: Mapping[str, int], *,
                        customer_ids: Iterable[str] | None = None, renamed: Mapping[str, str] | None = None,
                        withdrawn: Sequence[str] = ()) -> dict[str, list[str]]:
    """Flag, in each customer store of this home (or only ``customer_ids``), the facts linked to a
    policy page now at a newer version (under its id or an id it had before a rename, ``renamed``:
    old id → new id) or to a page the service ``withdrawn``. Returns customer id → flagged fact ids
    (only customers with flags)."""
    since = time.time()  # before the list is read: a customer forgotten after it is not made again
    changed = changed_pages(old, new)
    if not (changed or withdrawn) or not (Path(home) / "customers").is_dir():  # no customer on this client yet
        return {}
    from mem.customers.store import CustomerForgotten, CustomerStore, list_customers

    customers = list_customers(home) if customer_ids is None else list(customer_ids)
    flagged: dict[str, list[str]] = {}
    for customer_id in customers:
        try:  # a customer deleted (mem forget) since the list was read has nothing to flag: no store is made
            with CustomerStore.open(home, customer_id, create=False, since=since) as store:
                ids = _flag_store(store, changed, renamed or {}, withdrawn)
        except (NotFound, CustomerForgotten):
            continue
        if ids:
            flagged[customer_id] = ids
    return flagged


def _flag_store(store: CustomerStore, changed: Mapping[str, int], renamed: Mapping[str, str],
                withdrawn: Sequence[str]) -> list[str]:
    earlier: dict[str, list[str]] = {}
    for old, new in sorted(renamed.items()):
        earlier.setdefault(new, []).append(old)
    ids = [fid for page, version in sorted(changed.items())
           for fid in store.facts.flag_recheck(page, version, renamed_from=earlier.get(page, ()))]
    ids += [fid for page in sorted(withdrawn) for fid in store.facts.flag_withdrawn(page)]
    return list(dict.fromkeys(ids))


def flag_each_customer(home: Path, changed: Mapping[str, int], customer_ids: Iterable[str], *,
                       lock_timeout: float = DEFAULT_LOCK_TIMEOUT, renamed: Mapping[str, str] | None = None,
                       withdrawn: Sequence[str] = ()) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Flag the ``changed`` pages (page → new version; ``renamed``: old id → new id) and the
    ``withdrawn`` pages in each of ``customer_ids``' stores, one at a time.

    A store that cannot be opened or written (damaged, locked longer than ``lock_timeout`` s) is
    skipped and reported, so one customer never keeps the others unflagged. A customer whose memory
    is gone has nothing to flag, and no store is created for it. Returns ``(flagged, failed)``:
    customer id → flagged fact ids (only customers with flags), customer id → the one-line reason.
    """
    from mem.customers.store import CustomerForgotten, CustomerStore

    since = time.time()
    flagged: dict[str, list[str]] = {}
    failed: dict[str, str] = {}
    for customer_id in customer_ids:
        try:
            with CustomerStore.open(home, customer_id, create=False, lock_timeout=lock_timeout,
                                    since=since) as store:
                ids = _flag_store(store, changed, renamed or {}, withdrawn)
        except (NotFound, CustomerForgotten):
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
