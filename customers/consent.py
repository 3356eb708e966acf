"""Consent: which sensitive categories one customer allows to be stored, and sharing — ``store.consent``.

Facts touching health, relationships, finances, religion, sexuality or politics are stored only for an allowed category
(``store.facts.add`` refuses the others; extraction drops and counts them). ``share`` is the
customer's yes/no to sending anonymised decision facts to the service (movement 4, ``mem share``).
Everything starts disallowed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mem.core import clock
from mem.core.errors import InvalidInput, Refused
from mem.core.json_types import JsonObject
from mem.core.text.sensitive import CATEGORIES as SENSITIVE_CATEGORIES
from mem.customers import db
from mem.customers._part import StorePart
from mem.customers.fact_record import Fact, check_choices

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

CATEGORIES = SENSITIVE_CATEGORIES  # health, relationship, finance, religion, sexuality, politics


@dataclass(frozen=True)
class Consent:
    allowed: frozenset[str] = frozenset()
    share: bool = False
    stored_sensitive: tuple[tuple[str, int], ...] = ()

    def allows(self, category: str) -> bool:
        return category == "none" or category in self.allowed

    def to_dict(self) -> JsonObject:
        return {
            "allowed": sorted(self.allowed),
            "share": self.share,
            "stored_sensitive": dict(self.stored_sensitive),
        }


class ConsentBook(StorePart):
    """One customer's consent, a part of ``CustomerStore`` (``store.consent``).

    Reads and changes the ``consent`` table, each change logged in ``consent_log``.
    """

    def __init__(self, store: CustomerStore) -> None:
        super().__init__(store)

    def current(self) -> Consent:
        """What the customer allows now, and how many sensitive facts are stored per category."""
        share = db.get_meta(self._store.conn, "share", "off") == "on"
        stored = self._store.conn.execute(
            "SELECT json_extract(data, '$.sensitive') AS category, COUNT(*) FROM facts "
            "WHERE json_extract(data, '$.sensitive') != 'none' GROUP BY category ORDER BY category"
        ).fetchall()
        stored = [(row[0], row[1]) for row in stored]
        return Consent(allowed=self.allowed(), share=share, stored_sensitive=tuple(stored))

    def allowed(self) -> frozenset[str]:
        """The sensitive categories the customer allows now."""
        return frozenset(row[0] for row in self._store.conn.execute("SELECT category FROM consent WHERE allowed = 1"))

    def allows(self, category: str) -> bool:
        """May a fact of this sensitive category (or "none") be stored?"""
        if category == "none":
            return True
        row = self._store.conn.execute("SELECT allowed FROM consent WHERE category = ?", (category,)).fetchone()
        return bool(row and row[0])

    def set(
        self, *, allow: Iterable[str] = (), revoke: Iterable[str] = (), share: bool | None = None
    ) -> Consent:
        """Allow or revoke sensitive categories and switch sharing; each change is logged.

        Revoking stops new facts of the category; facts stored earlier stay until the customer
        erases them (``Consent.stored_sensitive`` counts them). Turning ``share`` off queues the
        withdrawal of every decision fact from the know-how service (``learning.share_decisions``
        sends it even without consent: a withdrawal carries no customer data).
        """
        allow, revoke = list(allow), list(revoke)
        check_choices(allow + revoke, CATEGORIES, "consent category")
        both = set(allow) & set(revoke)
        if both:
            raise InvalidInput(f"cannot allow and revoke {', '.join(sorted(both))} at once")
        at = clock.isoformat(clock.now())
        with self._store.transaction():
            for category, allowed in [(c, 1) for c in allow] + [(c, 0) for c in revoke]:
                self._store.conn.execute(
                    "INSERT INTO consent (category, allowed, at) VALUES (?, ?, ?) "
                    "ON CONFLICT(category) DO UPDATE SET allowed = excluded.allowed, at = excluded.at",
                    (category, allowed, at),
                )
                self._store.conn.execute("INSERT INTO consent_log (at, category, allowed) VALUES (?, ?, ?)",
                                         (at, category, allowed))
            if share is not None:
                if not share and db.get_meta(self._store.conn, "share", "off") == "on":
                    # what was shared must leave the service too: every decision fact's ref (ids only, no
                    # text) is withdrawn by the next mem share / mem sync, or by mem consent itself
                    from mem.customers.erase import queue_withdrawals

                    queue_withdrawals(self._store, [row[0] for row in self._store.conn.execute(
                        "SELECT id FROM facts WHERE kind = 'decision'")])
                db.set_meta(self._store.conn, "share", "on" if share else "off")
                self._store.conn.execute(
                    "INSERT INTO consent_log (at, category, allowed) VALUES (?, 'share', ?)", (at, int(share)))
        return self.current()

    def require(self, fact: Fact) -> None:
        """``Refused`` for a sensitive fact of a category the customer did not allow."""
        if fact.sensitive != "none" and not self.allows(fact.sensitive):
            raise Refused(
                f"customer {self._store.customer_id!r} has not consented to storing {fact.sensitive} facts "
                f"(mem consent --customer {self._store.customer_id} --allow {fact.sensitive})"
            )
