"""``POST /v1/evidence``: the evidence sentences of agreements the service is party to.

Each record is exactly ``fact_id``, ``customer_id``, ``date`` and ``quotes`` (a list of strings).
The client builds records with ``evidence_record`` (no fact text, no log ids travel; card numbers, their
expiry and security code, and labelled passwords or codes are masked in the quotes, ``mem.core.text.secret_data``,
while the client's own copy stays verbatim); the server
refuses anything else in a record (``validate_evidence``), so a client bug cannot slip more
customer memory in here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from mem.core import clock
from mem.core.controls import clean_text, one_line
from mem.core.errors import InvalidInput
from mem.core.ids import validate_customer_id
from mem.core.text.secret_data import mask_secrets

PATH = "/v1/evidence"
FIELDS = frozenset({"fact_id", "customer_id", "date", "quotes"})
MAX_RECORDS = 1000  # the default of quota.evidence_request_records
# One agreement is proved by a few sentences; these bound a record whatever the request limits are.
MAX_QUOTES = 20
MAX_QUOTE_CHARS = 2000
MAX_FIELD_CHARS = 128


class EvidenceRecord(TypedDict):
    """One agreement's evidence as it travels: the fact's id, its customer, the turn's date, the sentences."""

    fact_id: str
    customer_id: str
    date: str | None
    quotes: list[str]


def evidence_record(*, fact_id: str, customer_id: str, date: str | None,
                    quotes: Iterable[str | Mapping[str, object]]) -> EvidenceRecord:
    """The only fields of an agreement that may leave the client; ``quotes`` are strings or
    ``{"quote": …}`` items (the customer store's evidence), blank ones dropped, secrets masked
    ("my card 4111 1111 1111 1111, expiry 09/28" → "my card [card number], expiry [expiry]")."""
    texts = [mask_secrets(str(q["quote"]) if isinstance(q, Mapping) else str(q)) for q in quotes]
    return {"fact_id": fact_id, "customer_id": customer_id, "date": date, "quotes": [q for q in texts if q.strip()]}


# records is Any on purpose: untrusted JSON from the wire, whose every field this function checks.
def validate_evidence(records: Any, *, max_records: int = MAX_RECORDS) -> list[EvidenceRecord]:
    """The records of a request body, checked field by field; ``InvalidInput`` names the first bad one."""
    if not isinstance(records, list) or len(records) > max_records:
        raise InvalidInput(f"'records' must be a list of at most {max_records} evidence records")
    clean: list[EvidenceRecord] = []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or set(rec) - FIELDS or not {"fact_id", "customer_id", "quotes"} <= set(rec):
            raise InvalidInput(f"record {i}: exactly fact_id, customer_id, date, quotes are accepted")
        quotes = rec["quotes"]
        if not isinstance(quotes, list) or not quotes or not all(isinstance(q, str) and q.strip() for q in quotes):
            raise InvalidInput(f"record {i}: quotes must be a non-empty list of sentences")
        if len(quotes) > MAX_QUOTES or any(len(q) > MAX_QUOTE_CHARS for q in quotes):
            raise InvalidInput(f"record {i}: at most {MAX_QUOTES} quotes of at most {MAX_QUOTE_CHARS} characters")
        if not isinstance(rec["fact_id"], str) or not rec["fact_id"] or len(rec["fact_id"]) > MAX_FIELD_CHARS:
            raise InvalidInput(f"record {i}: fact_id must be a string of at most {MAX_FIELD_CHARS} characters")
        if one_line(rec["fact_id"]) != rec["fact_id"]:
            raise InvalidInput(f"record {i}: fact_id must be one line without control characters")
        # the customer's sentences without escape sequences, NULs or bidi overrides (newlines kept)
        quotes = [clean_text(q) for q in quotes]
        if not all(q.strip() for q in quotes):
            raise InvalidInput(f"record {i}: quotes must be a non-empty list of sentences")
        date = rec.get("date")
        if date is not None and not _is_date(date):
            raise InvalidInput(f"record {i}: date must be null or an ISO 8601 date or time of the years "
                               f"{clock.FIRST_YEAR}-{clock.LAST_YEAR} (2026-09-28 or 2026-09-28T10:00:00Z)")
        clean.append({"fact_id": rec["fact_id"], "customer_id": validate_customer_id(rec["customer_id"]),
                      "date": date, "quotes": quotes})
    return clean


# date is Any on purpose: a field of untrusted JSON.
def _is_date(date: Any) -> bool:
    """A real calendar date or time mem can store and read back ("2026-13-45", "" and "not a date" are not)."""
    if not isinstance(date, str) or len(date) > MAX_FIELD_CHARS or date != date.strip():
        return False
    try:
        clock.storable(clock.parse_datetime(date))
    except (ValueError, OverflowError):
        return False
    return True
