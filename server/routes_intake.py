"""``POST /v1/share``: the intake of anonymised decision facts (account needed).

Records must have exactly the fields the client's anonymiser produces, and are refused if they
still look personal (an e-mail address, a phone number, an account or order number) — a guard
behind the client's scrubbing, not a replacement for it. Requests are bounded
(``quota.share_request_records`` / ``_bytes``: 413) and counted per account and UTC day
(``quota.share_day_records`` / ``_bytes``: 429) before anything is stored.
"""

from __future__ import annotations

import re
from typing import Any

from mem.core import clock
from mem.core.errors import InvalidInput
from mem.knowhow.anonymise import looks_personal

FIELDS = {"pseudonym", "fact_ref", "condition", "decision", "policy_refs", "month"}
MAX_RECORDS = 2000  # the default of quota.share_request_records
# Matched whole with ``fullmatch`` (``$`` accepts a trailing newline); [0-9], not \d (Unicode digits).
_REF = re.compile(r"[A-Za-z0-9-]{8,64}")
_MONTH = re.compile(r"[0-9]{4}-[0-9]{2}")


def validate_decisions(body: Any, *, max_records: int = MAX_RECORDS) -> tuple[list[dict[str, Any]], list[str]]:
    if not isinstance(body, dict):
        raise InvalidInput("body must be {\"records\": [...], \"withdrawn\": [...]}")
    records, withdrawn = body.get("records", []), body.get("withdrawn", [])
    if not isinstance(records, list) or len(records) > max_records:
        raise InvalidInput(f"'records' must be a list of at most {max_records} decisions")
    if not isinstance(withdrawn, list) or len(withdrawn) > max_records or not all(
            isinstance(w, str) and _REF.fullmatch(w) for w in withdrawn):
        raise InvalidInput("'withdrawn' must be a list of fact refs")
    clean = []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or set(rec) != FIELDS:
            raise InvalidInput(f"record {i}: exactly {', '.join(sorted(FIELDS))} are accepted")
        if not all(isinstance(rec[k], str) and _REF.fullmatch(rec[k]) for k in ("pseudonym", "fact_ref")):
            raise InvalidInput(f"record {i}: pseudonym and fact_ref must be keyed hashes")
        for name in ("condition", "decision"):
            if not isinstance(rec[name], str) or len(rec[name]) > 500:
                raise InvalidInput(f"record {i}: {name} must be text of at most 500 characters")
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
        clean.append(dict(rec))
    return clean, withdrawn


def routes(server) -> list:
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    from mem.server.http import account_of, parse_json, read_bounded

    limits = server.config.quota

    async def share(request):
        account = await run_in_threadpool(account_of, request)
        quotas = server.quotas
        raw = await read_bounded(request, max_bytes=limits.share_request_bytes, quota="share_request_bytes")
        body = parse_json(raw)
        if isinstance(body, dict) and isinstance(body.get("records"), list):
            quotas.check_request("share", records=len(body["records"]), nbytes=len(raw))
        records, withdrawn = validate_decisions(body, max_records=limits.share_request_records)
        await run_in_threadpool(quotas.charge_day, account, "share", records=len(records) + len(withdrawn),
                                nbytes=len(raw))
        at = clock.isoformat(clock.now())
        added = await run_in_threadpool(server.store.add_decisions, account, records, received_at=at)
        removed = await run_in_threadpool(server.store.remove_decisions, account, withdrawn)
        return JSONResponse({"received": len(records), "stored": added, "withdrawn": removed})

    return [Route("/v1/share", share, methods=["POST"])]
