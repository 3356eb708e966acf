"""The one customer's memory as the agent uses it, over ``mem.customers`` (the store is F's).

Everything the agent reads or writes about a customer goes through ``CustomerMemory``, which holds
exactly one customer's store: there is no way to reach another customer from here (the wall).
"""

from __future__ import annotations

import inspect
from datetime import datetime
from pathlib import Path
from typing import Any


class CustomerMemory:
    """One customer's context, facts and request log, opened for one conversation."""

    def __init__(self, store: Any, customer_id: str) -> None:
        self.store = store
        self.customer_id = customer_id
        self.conversation_id: str | None = None

    @classmethod
    def open(cls, home: Path, customer_id: str) -> CustomerMemory:
        from mem.core.ids import validate_customer_id
        from mem.customers.store import CustomerStore

        validate_customer_id(customer_id)
        return cls(CustomerStore.open(Path(home), customer_id), customer_id)

    def close(self) -> None:
        close = getattr(self.store, "close", None)
        if close is not None:
            close()

    def __enter__(self) -> CustomerMemory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def context_items(self) -> list[str]:
        """The always-injected customer context, as text lines."""
        items = self.store.context_items()
        return [item if isinstance(item, str) else str(getattr(item, "text", item)) for item in items]

    def search_facts(self, query: str, *, limit: int = 5) -> list[Any]:
        """Active facts matching ``query``, best first (F's BM25 search)."""
        hits = self.store.search(query, limit=limit)
        return [getattr(hit, "fact", hit) for hit in hits]

    def get_fact(self, fact_id: str) -> Any:
        return self.store.get(fact_id)

    def log_turn(self, *, session: str, role: str, text: str, time: datetime, meta: dict[str, Any]) -> Any:
        """Append one turn to the customer's request log (the first turn opens the conversation).

        ``meta`` (the policy pages and versions an answer cited) is stored with the turn when the
        store's request log keeps turn metadata; extraction links new facts to those versions.
        """
        if self.conversation_id is None:
            self.conversation_id = self.store.new_conversation(session=session, started_at=time)
        kwargs: dict[str, Any] = {"role": role, "text": text, "time": time}
        if meta and "meta" in inspect.signature(self.store.append_turn).parameters:
            kwargs["meta"] = meta
        return self.store.append_turn(self.conversation_id, **kwargs)
