"""The one customer's memory as the agent uses it, over ``mem.customers.CustomerStore``.

Everything the agent reads or writes about a customer goes through ``CustomerMemory``, which holds
exactly one customer's store: there is no way to reach another customer from here (the wall).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from datetime import datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from mem.core.errors import StorageError
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from mem.customers.fact_record import Fact
    from mem.customers.log_files import Turn
    from mem.customers.store import CustomerStore

_T = TypeVar("_T")


class CustomerMemory:
    """One customer's context, facts and request log, opened for one conversation.

    Made by ``open``, it can ``release`` the store between turns (closing it and its lock, so other
    ``mem`` processes — ``mem sync`` flagging facts, ``mem facts`` — can use this customer while a
    chat waits for the next message) and reopens it on the next use.
    """

    def __init__(self, store: CustomerStore | None, customer_id: str, *,
                 opener: Callable[[], CustomerStore] | None = None) -> None:
        self._store = store
        self._opener = opener
        self._reader: Callable[[], CustomerStore] | None = None
        self.customer_id = customer_id
        self.conversation_id: str | None = None
        self._read_releases = False  # unlocked_reads

    @classmethod
    def open(cls, home: Path, customer_id: str, *, create: bool = True, since: float | None = None) -> CustomerMemory:
        """``create=False``: a customer with no memory on this client gets none made until a turn is
        logged — reading (context, facts) finds nothing; ``mem mcp`` starts this way, so a host that
        only looks things up leaves no empty store behind.

        ``since`` (``time.time()``; default: now) is when the conversation began: every open of the store,
        the first and each one after a ``release``, refuses (``CustomerForgotten``) once ``mem forget``
        deleted the customer after that moment — a conversation that began before the deletion never
        writes the customer back (NEWUSER_REPORT16 #1)."""
        import time

        from mem.core.ids import validate_customer_id
        from mem.customers.store import CustomerStore

        validate_customer_id(customer_id)
        began = [time.time() if since is None else since]
        seen: list[str | None] = [None]  # the index stamp of the memory this conversation last opened

        def checked(create: bool) -> CustomerStore:
            # Each open compares the memory with the one opened before (its random index stamp, made with it):
            # a deletion in between is caught when its record (kept a day) is gone too — mem mcp runs for days
            # (review 16 #7); and an open that found no deletion after ``began`` moves ``began`` up to it.
            from mem.core.errors import NotFound
            from mem.customers import db
            from mem.customers.store import CustomerForgotten

            now = time.time()
            try:
                store = CustomerStore.open(Path(home), customer_id, create=create and seen[0] is None,
                                           since=began[0])
            except NotFound:
                if seen[0] is None:
                    raise
                store = None
            stamp = db.get_meta(store.conn, "index_stamp") if store is not None else None
            if seen[0] is not None and stamp != seen[0]:
                if store is not None:
                    store.close()
                raise CustomerForgotten(f"the memory of customer {customer_id!r} was deleted or replaced (mem forget, "
                                        "mem restore) while this conversation ran: nothing more of it is written")
            assert store is not None
            seen[0] = stamp
            began[0] = max(began[0], now)
            return store

        def opener() -> CustomerStore:
            return checked(True)

        if create:
            return cls(opener(), customer_id, opener=opener)

        def reader() -> CustomerStore:
            return checked(False)

        memory = cls(None, customer_id, opener=opener)
        memory._reader = reader
        memory.existing_store()  # a store that exists but cannot be opened (locked, damaged) fails now
        return memory

    def existing_store(self) -> CustomerStore | None:
        """The customer's store, or ``None`` when this customer has no memory on this client yet (nothing
        is created; ``store`` creates it)."""
        if self._store is None and self._reader is not None:
            from mem.core.errors import NotFound

            try:
                self._store = self._reader()
            except NotFound:
                return None
        return self.store

    @property
    def store(self) -> CustomerStore:
        if self._store is None:
            if self._opener is None:
                raise StorageError(f"the memory of customer {self.customer_id!r} is closed")
            self._store = self._opener()
        return self._store

    def release(self) -> None:
        """Close the store now (and free its lock) when it can be reopened later."""
        if self._opener is not None:
            self.close()

    @contextlib.contextmanager
    def unlocked_reads(self) -> Iterator[CustomerMemory]:
        """Inside: the store is closed, and each read below opens it, reads, and closes it again.

        A model's answer is awaited inside this (``Conversation.ask``): the customer's lock is held only for the
        moments the agent reads memory — before the call, or in a tool the model calls — never while the model
        thinks, so ``mem facts list`` or a deterministic ``mem ask`` for the customer do not wait on a slow model.
        A read may run in the model's worker thread (``core.model.within_timeout``): the store it opens is closed
        in that thread.
        """
        self.release()
        self._read_releases = True
        try:
            yield self
        finally:
            self._read_releases = False
            self.release()

    def _read(self, read: Callable[[CustomerStore], _T], empty: _T) -> _T:
        store = self.existing_store()
        try:
            return read(store) if store is not None else empty
        finally:
            if self._read_releases:
                self.release()

    def erase_stamp(self) -> int:
        """How many facts of this customer were ever erased (each leaves a tombstone row): compared before
        and after a model call, it tells that ``mem facts erase`` ran while the customer's lock was free."""
        return self._read(lambda store: int(store.conn.execute(
            "SELECT COUNT(*) FROM fact_history WHERE action = 'erased'").fetchone()[0]), 0)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def __enter__(self) -> CustomerMemory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def zone(self) -> tzinfo | None:
        """The customer's zone: the UTC offset of their latest imported turn that had one (docs/customers.md,
        "The customer's zone"), or None (UTC). The day a page's ``effective`` date is judged on in answers."""
        from mem.customers.db import get_meta
        from mem.customers.log_files import parse_offset
        from mem.customers.request_log import CUSTOMER_ZONE_KEY

        def read(store: CustomerStore) -> tzinfo | None:
            offset = get_meta(store.conn, CUSTOMER_ZONE_KEY)
            try:
                return parse_offset(offset) if offset else None
            except ValueError:
                return None

        return self._read(read, None)

    def context_items(self) -> list[str]:
        """The always-injected customer context, as text lines.

        A tier item made from the customer's own words (stored before only the service could set one)
        is left out: the customer's claim is not an account attribute."""
        from mem.customers.customer_context import from_service

        return self._read(lambda store: [item.text for item in store.context.items() if from_service(item)], [])

    def service_context_items(self) -> list[str]:
        """The items the service set (``mem context set --from-service``): the only ones that tell what the
        account is — its contract tier, plan, entitlements — so the only ones a know-how condition reads."""
        return self._read(lambda store: [item.text for item in store.context.items() if item.source == "service"], [])

    def search_facts(self, query: str, *, limit: int = 5) -> list[Fact]:
        """Active facts matching ``query``, best first (the store's BM25 search)."""
        return self._read(lambda store: [hit.fact for hit in store.facts.search(query, limit=limit)], [])

    def agreements(self, *, limit: int = 5) -> list[Fact]:
        """The customer's active agreements (decision facts), newest first."""
        return self._read(lambda store: store.facts.list(kinds=("decision",), limit=limit), [])

    def log_turn(self, *, session: str, role: str, text: str, time: datetime, meta: JsonObject) -> Turn:
        """Append one turn to the customer's request log (the first turn opens the conversation).

        ``meta`` (the policy pages and versions an answer cited) is stored with the turn; extraction
        links new facts to those versions.
        """
        if self.conversation_id is None:
            self.conversation_id = self.store.log.new_conversation(session=session, started_at=time)
        return self.store.log.append_turn(self.conversation_id, role=role, text=text, time=time, meta=meta or None)
