"""What every part of a ``CustomerStore`` (``store.log``, ``store.facts``, …) shares: a weak reference to its store.

The store holds its parts and a part reaches the store; with a strong reference both ways the pair was a
reference cycle, so a store dropped without ``close()`` lived (and held the customer's lock) until the cyclic
collector ran — a handler that forgot ``with`` worked twice, then found its own lock (review of NEWUSER_REPORT18
#6). With the part's reference weak, reference counting frees a dropped store at once, and its ``__del__``
releases the lock. A part kept after its store was dropped fails in one line instead of using a released lock.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from mem.core.errors import StorageError

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore


class StorePart:
    """A part of one ``CustomerStore``, reaching it through ``self._store`` (held weakly)."""

    def __init__(self, store: CustomerStore) -> None:
        self._store_ref = weakref.ref(store)
        self._customer_id = store.customer_id

    @property
    def _store(self) -> CustomerStore:
        store = self._store_ref()
        if store is None:
            raise StorageError(f"the memory of customer {self._customer_id!r} is closed: its CustomerStore was "
                               "dropped (a part such as store.facts does not keep the store open; keep the store, "
                               "and close it when done)")
        return store
