"""``POST /v1/evidence``: evidence sentences of agreements the service is party to (account needed).

Each record is exactly ``fact_id``, ``customer_id``, ``date`` and ``quotes`` (a list of strings);
anything else in a record is refused, so a client bug cannot slip more customer memory in here.
"""

from __future__ import annotations

from typing import Any

from mem.core import clock
from mem.core.errors import InvalidInput
from mem.core.ids import validate_customer_id

ALLOWED = {"fact_id", "customer_id", "date", "quotes"}
MAX_RECORDS = 1000


def validate_evidence(records: Any) -> list[dict[str, Any]]:
    if not isinstance(records, list) or len(records) > MAX_RECORDS:
        raise InvalidInput(f"'records' must be a list of at most {MAX_RECORDS} evidence records")
    clean = []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or set(rec) - ALLOWED or not {"fact_id", "customer_id", "quotes"} <= set(rec):
            raise InvalidInput(f"record {i}: exactly fact_id, customer_id, date, quotes are accepted")
        quotes = rec["quotes"]
        if not isinstance(quotes, list) or not quotes or not all(isinstance(q, str) and q.strip() for q in quotes):
            raise InvalidInput(f"record {i}: quotes must be a non-empty list of sentences")
        if not isinstance(rec["fact_id"], str) or not rec["fact_id"]:
            raise InvalidInput(f"record {i}: fact_id must be a string")
        date = rec.get("date")
        if date is not None and not isinstance(date, str):
            raise InvalidInput(f"record {i}: date must be a string")
        clean.append({"fact_id": rec["fact_id"], "customer_id": validate_customer_id(rec["customer_id"]),
                      "date": date, "quotes": quotes})
    return clean


def routes(server) -> list:
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    from mem.server.http import account_of, read_json

    async def post_evidence(request):
        account = account_of(request)
        body = await read_json(request)
        records = validate_evidence(body.get("records") if isinstance(body, dict) else None)
        added = server.store.add_evidence(account, records, received_at=clock.isoformat(clock.now()))
        return JSONResponse({"received": len(records), "added": added})

    return [Route("/v1/evidence", post_evidence, methods=["POST"])]
