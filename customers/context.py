"""Customer context: short items injected into every conversation with this customer, under a budget.

Items come from three sources (DESIGN.md §3): the customer's direct request (``customer``), a fact
promoted because it is needed every time (``promoted``), and service input from outside the
conversation such as a contract tier (``service``). Only confirmed items count against the budget
and are injected; an unconfirmed item is a proposal waiting for the customer or an operator.

When confirmed items exceed ``config.context.budget_chars``, the least important one (lowest
importance, then oldest) is demoted to a customer fact, with a history row, until they fit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from mem.core import clock
from mem.customers.fact import Fact

SOURCES = ("customer", "promoted", "service")
# Service input is contractual, the customer's own request comes next, promoted facts are the
# first to go back to being facts when room runs out.
DEFAULT_IMPORTANCE = {"service": 3, "customer": 2, "promoted": 1}
# The kind a demoted item takes as a fact: what the customer asked for is a preference, what the
# service says about them is an attribute.
DEMOTED_KIND = {"customer": "preference", "service": "attribute", "promoted": "attribute"}


@dataclass(frozen=True)
class ContextItem:
    id: str
    text: str
    source: str
    importance: int
    confirmed: bool
    created_at: datetime
    fact_id: str | None = None
    key: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "text": self.text,
            "source": self.source,
            "importance": self.importance,
            "confirmed": self.confirmed,
            "created_at": clock.isoformat(self.created_at),
            "fact_id": self.fact_id,
            "key": self.key,
        }


@dataclass(frozen=True)
class ContextChange:
    """The outcome of adding or confirming an item: the item, whether it stayed, what was demoted."""

    item: ContextItem
    kept: bool
    demoted: tuple[Fact, ...] = field(default_factory=tuple)
    replaced: ContextItem | None = None
    used_chars: int = 0
    budget_chars: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "item": self.item.to_dict(),
            "kept": self.kept,
            "demoted": [f.to_dict() for f in self.demoted],
            "replaced": self.replaced.to_dict() if self.replaced else None,
            "used_chars": self.used_chars,
            "budget_chars": self.budget_chars,
        }


def least_important(items: list[ContextItem]) -> ContextItem:
    """The item demoted first: lowest importance, then the oldest."""
    return min(items, key=lambda i: (i.importance, i.created_at, i.id))
