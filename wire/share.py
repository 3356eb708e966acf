"""``POST /v1/share``: anonymised decision facts for know-how (movement 4).

Body ``{"records": [...], "withdrawn": [fact_ref, ...]}``; each record is exactly::

    {"pseudonym": "p-…", "fact_ref": "…", "condition": "…", "decision": "…",
     "policy_refs": [{"page": "refunds", "version": 4}], "month": "2026-09"}

The client builds records with ``mem.knowhow.share.shared_records``; the server checks them here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypedDict

from mem.core.controls import one_line
from mem.core.errors import InvalidInput

PATH = "/v1/share"
MAX_TEXT = 500  # characters of a condition or decision; the client cuts its records to this (mem.knowhow.share)
FIELDS = {"pseudonym", "fact_ref", "condition", "decision", "policy_refs", "month"}
MAX_RECORDS = 2000  # the default of quota.share_request_records
# Matched whole with ``fullmatch`` (``$`` accepts a trailing newline); [0-9], not \d (Unicode digits).
_REF = re.compile(r"[A-Za-z0-9-]{8,64}")
_MONTH = re.compile(r"[0-9]{4}-[0-9]{2}")


class PolicyRefRecord(TypedDict):
    """A policy page and the version a decision was made under."""

    page: str
    version: int


class ShareRecord(TypedDict):
    """One anonymised decision fact as it travels (the shape above; ``FIELDS`` are its keys)."""

    pseudonym: str
    fact_ref: str
    condition: str
    decision: str
    policy_refs: list[PolicyRefRecord]
    month: str | None


# body is Any on purpose: untrusted JSON from the wire, whose every field this function checks.
def validate_decisions(body: Any, *, looks_personal: Callable[[str], str | None],
                       max_records: int = MAX_RECORDS) -> tuple[list[ShareRecord], list[str]]:
    """``(records, withdrawn)`` of a request body; ``looks_personal`` names what a text still
    identifies (the server's guard behind the client's scrubbing), or ``None``."""
    if not isinstance(body, dict):
        raise InvalidInput("body must be {\"records\": [...], \"withdrawn\": [...]}")
    records, withdrawn = body.get("records", []), body.get("withdrawn", [])
    if not isinstance(records, list) or len(records) > max_records:
        raise InvalidInput(f"'records' must be a list of at most {max_records} decisions")
    if not isinstance(withdrawn, list) or len(withdrawn) > max_records or not all(
            isinstance(w, str) and _REF.fullmatch(w) for w in withdrawn):
        raise InvalidInput("'withdrawn' must be a list of fact refs")
    clean: list[ShareRecord] = []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or set(rec) != FIELDS:
            raise InvalidInput(f"record {i}: exactly {', '.join(sorted(FIELDS))} are accepted")
        if not all(isinstance(rec[k], str) and _REF.fullmatch(rec[k]) for k in ("pseudonym", "fact_ref")):
            raise InvalidInput(f"record {i}: pseudonym and fact_ref must be keyed hashes")
        for name in ("condition", "decision"):
            if not isinstance(rec[name], str) or len(rec[name]) > MAX_TEXT:
                raise InvalidInput(f"record {i}: {name} must be text of at most {MAX_TEXT} characters")
            # one line without control characters: stored and shown to the operator as is, and an
            # approved condition becomes a know-how page ("\n\n## When" was a heading of its body)
            rec[name] = one_line(rec[name])
            personal = looks_personal(rec[name])
            if personal:
                raise InvalidInput(f"record {i}: {name} still holds what looks like a {personal}; not accepted")
        if rec["month"] is not None and not (isinstance(rec["month"], str) and _MONTH.fullmatch(rec["month"])):
            raise InvalidInput(f"record {i}: month must be YYYY-MM")
        refs = rec["policy_refs"]
        if not isinstance(refs, list) or not all(
            isinstance(r, dict) and set(r) == {"page", "version"} and isinstance(r["page"], str)
            and isinstance(r["version"], int) for r in refs
        ):
            raise InvalidInput(f"record {i}: policy_refs must be a list of {{page, version}}")
        clean.append({"pseudonym": rec["pseudonym"], "fact_ref": rec["fact_ref"], "condition": rec["condition"],
                      "decision": rec["decision"], "policy_refs": refs, "month": rec["month"]})
    return clean, withdrawn
