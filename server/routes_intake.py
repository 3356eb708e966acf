"""``POST /v1/share``: the intake of anonymised decision facts (account needed).

Records must have exactly the fields of ``mem.wire.share`` (what the client's anonymiser produces),
and are refused if they still look personal (an e-mail address, a phone number, an account or order
number, a postal address) — a guard behind the client's scrubbing, not a replacement. A record whose
condition or decision touches a sensitive topic (``mem.core.text.sensitive``: the client never sends one) is not
stored, and what was stored under its ``fact_ref`` is deleted (``refused_sensitive`` counts them). Requests are bounded
(``quota.share_request_records`` / ``_bytes``: 413) and counted per account and UTC day
(``quota.share_day_records`` / ``_bytes``: 429) before anything is stored.
"""

from __future__ import annotations

from typing import Any

from mem.core import clock
from mem.knowhow.anonymise import looks_personal
from mem.knowhow.share import without_sensitive
from mem.wire.share import MAX_RECORDS, PATH, ShareRecord
from mem.wire.share import validate_decisions as check_decisions


# body is Any on purpose: untrusted JSON from the wire, checked field by field by mem.wire.share.
def validate_decisions(body: Any, *, max_records: int = MAX_RECORDS) -> tuple[list[ShareRecord], list[str]]:
    """The body checked against the wire format, with the server's personal-data guard."""
    return check_decisions(body, looks_personal=looks_personal, max_records=max_records)


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
        # a record the sensitive-topic classifier marks is not stored, and a copy stored earlier goes
        records, refused = without_sensitive(records)
        withdrawn = [*withdrawn, *refused]
        await run_in_threadpool(quotas.charge_day, account, "share", records=len(records) + len(withdrawn),
                                nbytes=len(raw))
        at = clock.isoformat(clock.now())
        added = await run_in_threadpool(server.store.add_decisions, account, records, received_at=at)
        removed = await run_in_threadpool(server.store.remove_decisions, account, withdrawn)
        return JSONResponse({"received": len(records) + len(refused), "stored": added, "withdrawn": removed,
                             "refused_sensitive": len(refused)})

    return [Route(PATH, share, methods=["POST"])]
