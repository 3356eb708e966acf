"""``POST /v1/evidence``: evidence sentences of agreements the service is party to (account needed).

The record format and its check live in ``mem.wire.evidence`` (the client builds records with the
same module): exactly ``fact_id``, ``customer_id``, ``date`` and ``quotes``, nothing else.
Requests are bounded (``quota.evidence_request_records`` / ``_bytes``: 413) and counted per account
and UTC day (``quota.evidence_day_records`` / ``_bytes``: 429) before anything is stored.
"""

from __future__ import annotations

from mem.core import clock
from mem.wire.evidence import PATH, validate_evidence


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

    return [Route(PATH, post_evidence, methods=["POST"])]
