"""What one customer allowed: sensitive categories that may be stored, and sharing of decisions.

Facts touching health, relationships or finances are stored only for an allowed category
(``CustomerStore.add`` refuses the others; extraction drops and counts them). ``share`` is the
customer's yes/no to sending anonymised decision facts to the service (movement 4, ``mem share``).
Everything starts disallowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CATEGORIES = ("health", "relationship", "finance")


@dataclass(frozen=True)
class Consent:
    allowed: frozenset[str] = frozenset()
    share: bool = False
    stored_sensitive: tuple[tuple[str, int], ...] = ()

    def allows(self, category: str) -> bool:
        return category == "none" or category in self.allowed

    def to_dict(self) -> dict[str, Any]:
        return {
            "allowed": sorted(self.allowed),
            "share": self.share,
            "stored_sensitive": dict(self.stored_sensitive),
        }
