"""Consent rows: which sensitive categories may be stored, and whether sharing is on.

The ``Consent`` value and its categories are ``mem.customers.consent``'s; this module reads and
changes the ``consent`` table (each change logged in ``consent_log``) and refuses a sensitive fact
without consent.
"""

from __future__ import annotations

from collections.abc import Iterable

from mem.core import clock
from mem.core.errors import InvalidInput, Refused
from mem.customers import db
from mem.customers._base import _check_choices, _StoreBase
from mem.customers.consent import CATEGORIES, Consent
from mem.customers.fact import Fact


class _ConsentStore(_StoreBase):
    """``CustomerStore``'s consent."""

    def consent(self) -> Consent:
        rows = self._conn.execute("SELECT category FROM consent WHERE allowed = 1").fetchall()
        share = db.get_meta(self._conn, "share", "off") == "on"
        stored = self._conn.execute(
            "SELECT json_extract(data, '$.sensitive') AS category, COUNT(*) FROM facts "
            "WHERE json_extract(data, '$.sensitive') != 'none' GROUP BY category ORDER BY category"
        ).fetchall()
        stored = [(row[0], row[1]) for row in stored]
        return Consent(allowed=frozenset(row[0] for row in rows), share=share, stored_sensitive=tuple(stored))

    def allows(self, category: str) -> bool:
        """May a fact of this sensitive category (or "none") be stored?"""
        if category == "none":
            return True
        row = self._conn.execute("SELECT allowed FROM consent WHERE category = ?", (category,)).fetchone()
        return bool(row and row[0])

    def set_consent(
        self, *, allow: Iterable[str] = (), revoke: Iterable[str] = (), share: bool | None = None
    ) -> Consent:
        """Allow or revoke sensitive categories and switch sharing; each change is logged.

        Revoking stops new facts of the category; facts stored earlier stay until the customer
        erases them (``Consent.stored_sensitive`` counts them).
        """
        allow, revoke = list(allow), list(revoke)
        _check_choices(allow + revoke, CATEGORIES, "consent category")
        both = set(allow) & set(revoke)
        if both:
            raise InvalidInput(f"cannot allow and revoke {', '.join(sorted(both))} at once")
        at = clock.isoformat(clock.now())
        with self.transaction():
            for category, allowed in [(c, 1) for c in allow] + [(c, 0) for c in revoke]:
                self._conn.execute(
                    "INSERT INTO consent (category, allowed, at) VALUES (?, ?, ?) "
                    "ON CONFLICT(category) DO UPDATE SET allowed = excluded.allowed, at = excluded.at",
                    (category, allowed, at),
                )
                self._conn.execute("INSERT INTO consent_log (at, category, allowed) VALUES (?, ?, ?)",
                                   (at, category, allowed))
            if share is not None:
                db.set_meta(self._conn, "share", "on" if share else "off")
                self._conn.execute("INSERT INTO consent_log (at, category, allowed) VALUES (?, 'share', ?)",
                                   (at, int(share)))
        return self.consent()

    def _require_consent(self, fact: Fact) -> None:
        if fact.sensitive != "none" and not self.allows(fact.sensitive):
            raise Refused(
                f"customer {self.customer_id!r} has not consented to storing {fact.sensitive} facts "
                f"(mem consent --customer {self.customer_id} --allow {fact.sensitive})"
            )
