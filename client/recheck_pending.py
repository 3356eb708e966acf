"""Recheck flags still owed after a bundle install (movement 5), recorded in ``state.json``.

Installing a bundle and flagging the facts its changed pages affect cannot be one transaction: the
bundle state is a file of this home, the flags live in each customer's own store. So the install
writes what is owed into the new ``state.json`` in the same atomic replace that switches the bundle
in::

    "recheck_pending": {"pages": {"refunds": 5}, "customers": ["bob", "good"],
                        "renamed": {"refund-window": "refunds"}, "withdrawn": ["liquid-damage"]}

and flagging then works through the customers, dropping each one it finished. A process killed in
between, a damaged store or a customer locked by a long extraction leaves its customers owed: the
next ``mem sync`` (also when the bundle is already current), and the next other ``mem`` command run
on this home, finish them. Flagging is idempotent (a fact already flagged for the same versions is
left alone), so finishing twice costs time, never a wrong flag. Pages owed from an earlier install
merge with a new install's by their highest version: a fact made under an older version of the page
is flagged against the newest. ``renamed`` (old page id → new id: facts citing the old id are flagged
when the new one changes) and ``withdrawn`` (pages that left the wiki: every fact citing one is
flagged) come from the bundle's manifest and merge the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core.errors import LockTimeout, MemError

if TYPE_CHECKING:
    from mem.client.installed_bundle import BundleState, RecheckPending

PENDING_KEY = "recheck_pending"
# A command that finds flags owed takes each customer's lock for at most this long: a customer busy
# in a long extraction stays owed, and the command itself is not held up.
COMMAND_LOCK_TIMEOUT = 1.0


def pending(state: BundleState) -> RecheckPending | None:
    """What ``state`` says is owed, or None (nothing, or a value this mem cannot read)."""
    owed = state.get("recheck_pending")
    if not isinstance(owed, dict):
        return None
    pages, customers = owed.get("pages"), owed.get("customers")
    if not isinstance(pages, dict) or not isinstance(customers, list):
        return None
    pages = {str(p): v for p, v in pages.items() if isinstance(v, int) and not isinstance(v, bool)}
    customers = [c for c in customers if isinstance(c, str)]
    renamed = owed.get("renamed")
    renamed = {str(k): v for k, v in renamed.items() if isinstance(v, str)} if isinstance(renamed, dict) else {}
    withdrawn = owed.get("withdrawn")
    withdrawn = [str(w) for w in withdrawn if isinstance(w, str)] if isinstance(withdrawn, list) else []
    if not (pages or withdrawn) or not customers:
        return None
    result: RecheckPending = {"pages": pages, "customers": customers}
    if renamed:
        result["renamed"] = renamed
    if withdrawn:
        result["withdrawn"] = withdrawn
    return result


def owe(state: BundleState, changed: Mapping[str, int], customers: list[str], *,
        renamed: Mapping[str, str] | None = None, withdrawn: Sequence[str] = ()) -> None:
    """Record in ``state`` (saved by the caller, with the install) that ``changed`` (and the
    ``withdrawn`` pages, following ``renamed``) must be flagged in every one of ``customers``, on top
    of whatever an earlier install still owes."""
    earlier = pending(state)
    pages = dict(earlier["pages"]) if earlier else {}
    for page, version in changed.items():
        pages[page] = max(version, pages.get(page, 0))
    moved = {**(earlier.get("renamed", {}) if earlier else {}), **(renamed or {})}
    # a page owed as withdrawn that this install brings back is owed as changed instead
    gone = sorted({*(earlier.get("withdrawn", []) if earlier else []), *withdrawn} - set(changed))
    owed = sorted(set(customers) | set(earlier["customers"] if earlier else []))
    if (pages or gone) and owed:
        entry: RecheckPending = {"pages": pages, "customers": owed}
        if moved:
            entry["renamed"] = moved
        if gone:
            entry["withdrawn"] = gone
        state["recheck_pending"] = entry
    else:
        state.pop("recheck_pending", None)


def finish(home: Path, *, lock_timeout: float | None = None) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Flag what ``state.json`` says is owed; the caller holds the install lock.

    Returns ``(flagged, failed)`` (customer → fact ids; customer → why it could not be flagged). The
    failed customers stay owed; the others are dropped from ``state.json``.
    """
    from mem.client.installed_bundle import load_state, save_state
    from mem.customers.policy_change import flag_each_customer

    state = load_state(home)
    owed = pending(state)
    if owed is None:
        if PENDING_KEY in state:  # nothing readable is owed: do not carry it around
            state.pop("recheck_pending", None)
            save_state(home, state)
        return {}, {}
    from mem.customers._layout import DEFAULT_LOCK_TIMEOUT

    flagged, failed = flag_each_customer(
        home, owed["pages"], owed["customers"], renamed=owed.get("renamed"), withdrawn=owed.get("withdrawn", []),
        lock_timeout=DEFAULT_LOCK_TIMEOUT if lock_timeout is None else lock_timeout)
    state = load_state(home)
    if failed:
        state["recheck_pending"] = {**owed, "customers": sorted(failed)}
    else:
        state.pop("recheck_pending", None)
    save_state(home, state)
    return flagged, failed


def finish_if_owed(home: Path) -> None:
    """Before a command: finish flags an interrupted or failed sync left owed, quietly.

    Reads ``state.json`` only when it mentions the key; skips when a sync holds the install lock (that
    sync finishes them) and leaves a store it cannot open or lock owed for the next try. Never fails the
    command it runs before.
    """
    try:  # ``installed_bundle.state_path``, read without importing the client for every command
        text = (Path(home) / "bundle" / "state.json").read_text()
    except (OSError, UnicodeDecodeError):
        return
    if f'"{PENDING_KEY}"' not in text:
        return
    from mem.client.installed_bundle import install_lock

    try:
        with install_lock(home, wait_s=0):
            finish(home, lock_timeout=COMMAND_LOCK_TIMEOUT)
    except (LockTimeout, MemError, OSError):
        return
