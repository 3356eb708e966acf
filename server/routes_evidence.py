"""``POST /v1/evidence``: evidence sentences of agreements the service is party to (account needed).

Each record is exactly ``fact_id``, ``customer_id``, ``date`` and ``quotes`` (a list of strings);
anything else in a record is refused, so a client bug cannot slip more customer memory in here.
Requests are bounded (``quota.evidence_request_records`` / ``_bytes``: 413) and counted per account
and UTC day (``quota.evidence_day_records`` / ``_bytes``: 429) before anything is stored.
"""

from __future__ import annotations

from typing import Any

from mem.core import clock
from mem.core.errors import InvalidInput
from mem.core.ids import validate_customer_id

ALLOWED = {"fact_id", "customer_id", "date", "quotes"}
MAX_RECORDS = 1000  # the default of quota.evidence_request_records
# One agreement is proved by a few sentences; these bound a record whatever the request limits are.
MAX_QUOTES = 20
MAX_QUOTE_CHARS = 2000
MAX_FIELD_CHARS = 128


def validate_evidence(records: Any, *, max_records: int = MAX_RECORDS) -> list[dict[str, Any]]:
    if not isinstance(records, list) or len(records) > max_records:
        raise InvalidInput(f"'records' must be a list of at most {max_records} evidence records")
    clean = []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or set(rec) - ALLOWED or not {"fact_id", "customer_id", "quotes"} <= set(rec):
            raise InvalidInput(f"record {i}: exactly fact_id, customer_id, date, quotes are accepted")
        quotes = rec["quotes"]
        if not isinstance(quotes, list) or not quotes or not all(isinstance(q, str) and q.strip() for q in quotes):
            raise InvalidInput(f"record {i}: quotes must be a non-empty list of sentences")
        if len(quotes) > MAX_QUOTES or any(len(q) > MAX_QUOTE_CHARS for q in quotes):
            raise InvalidInput(f"record {i}: at most {MAX_QUOTES} quotes of at most {MAX_QUOTE_CHARS} characters")
        if not isinstance(rec["fact_id"], str) or not rec["fact_id"] or len(rec["fact_id"]) > MAX_FIELD_CHARS:
            raise InvalidInput(f"record {i}: fact_id must be a string of at most {MAX_FIELD_CHARS} characters")
        date = rec.get("date")
        if date is not None and (not isinstance(date, str) or len(date) > MAX_FIELD_CHARS):
            raise InvalidInput(f"record {i}: date must be a string")
        clean.append({"fact_id": rec["fact_id"], "customer_id": validate_customer_id(rec["customer_id"]),
                      "date": date, "quotes": quotes})
    return clean


def routes(server) -> list:
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    from mem.server.http import account_of, parse_json, read_bounded

    limits = server.config.quota

    async def post_evidence(request):
        account = await run_in_threadpool(account_of, request)
        quotas = server.quotas
        raw = await read_bounded(request, max_bytes=limits.evidence_request_bytes, quota="evidence_request_bytes")
        body = parse_json(raw)
        records = body.get("records") if isinstance(body, dict) else None
        if isinstance(records, list):
            quotas.check_request("evidence", records=len(records), nbytes=len(raw))
        records = validate_evidence(records, max_records=limits.evidence_request_records)
        await run_in_threadpool(quotas.charge_day, account, "evidence", records=len(records), nbytes=len(raw))
        added = await run_in_threadpool(server.store.add_evidence, account, records,
                                        received_at=clock.isoformat(clock.now()))
        return JSONResponse({"received": len(records), "added": added})

    return [Route("/v1/evidence", post_evidence, methods=["POST"])]
