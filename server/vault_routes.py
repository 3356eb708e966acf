"""HTTP routes of the backup vault, mounted by ``mem.server.app`` (one entry in ``ROUTE_MODULES``).

Every route needs the owner's API token; another account's backup answers 404 exactly like a
missing one and is never counted, downloaded or deleted. Request bodies are bounded by the app
(``server.max_request_bytes``), so ciphertext arrives in numbered parts and is then completed
with its length and SHA-256.

    POST   /vault/backups                      {slot, authenticator, kdf, replace?} → id, secret, terms
    GET    /vault/backups?slot=S                                           → {"backups": [...]}
    GET    /vault/backups/{id}                                             → terms, remaining attempts
    PUT    /vault/backups/{id}/parts/{n}       ciphertext bytes
    POST   /vault/backups/{id}/complete        {parts, size, sha256}
    POST   /vault/backups/{id}/unlock          {authenticator}             → {ok, remaining_attempts,
                                                                              destroyed, secret?}
    GET    /vault/backups/{id}/blob                                        → ciphertext
    DELETE /vault/backups/{id}
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING, Any

from mem.core.errors import InvalidInput

if TYPE_CHECKING:  # app imports every route module, so the context type is read only by the checker
    from mem.server.app import ServerContext
    from mem.server.vault import Vault

# Expired backups are gone for every request at once (each key-service call purges them); this
# sweep also deletes their secrets and blobs from disk on a server nobody calls.
# Often enough that an unfinished upload (quota.unfinished_minutes) is gone soon after it expires.
SWEEP_SECONDS = 300.0


def routes(server: ServerContext) -> list:
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    from mem.server.http import account_of, read_json
    from mem.server.vault import Vault

    vault = Vault.open(server.workspace, config=server.config, store=server.store)
    server.extras["vault"] = vault
    server.extras["vault_sweeper"] = start_sweeper(vault, every=SWEEP_SECONDS)

    async def create(request):
        account = await run_in_threadpool(account_of, request)
        body = _object(await read_json(request))
        answer = await run_in_threadpool(vault.create, account=account, slot=str(body.get("slot", "")),
                                         authenticator=body.get("authenticator", ""), kdf=body.get("kdf"),
                                         replace=body.get("replace") is True)
        return JSONResponse(answer, status_code=201)

    async def listing(request):
        account = await run_in_threadpool(account_of, request)
        slot = request.query_params.get("slot")
        return JSONResponse({"backups": await run_in_threadpool(vault.list, account=account, slot=slot)})

    async def info(request):
        account = await run_in_threadpool(account_of, request)
        return JSONResponse(await run_in_threadpool(vault.info, account=account, backup_id=_id(request)))

    async def put_part(request):
        account = await run_in_threadpool(account_of, request)
        data = await request.body()
        index = request.path_params["index"]
        await run_in_threadpool(vault.upload_part, account=account, backup_id=_id(request), index=index, data=data)
        return JSONResponse({"part": index, "bytes": len(data)})

    async def complete(request):
        account = await run_in_threadpool(account_of, request)
        body = _object(await read_json(request))
        try:
            parts, size, sha256 = int(body["parts"]), int(body["size"]), str(body["sha256"])
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInput("complete needs parts, size and sha256") from exc
        answer = await run_in_threadpool(vault.complete, account=account, backup_id=_id(request), parts=parts,
                                         sha256=sha256, size=size)
        return JSONResponse(answer)

    async def unlock(request):
        account = await run_in_threadpool(account_of, request)
        body = _object(await read_json(request))
        answer = await run_in_threadpool(vault.unlock, account=account, backup_id=_id(request),
                                         authenticator=body.get("authenticator", ""))
        return JSONResponse(answer)

    async def blob(request):
        account = await run_in_threadpool(account_of, request)
        data = await run_in_threadpool(vault.download, account=account, backup_id=_id(request))
        return Response(data, media_type="application/octet-stream")

    async def delete(request):
        account = await run_in_threadpool(account_of, request)
        await run_in_threadpool(vault.delete, account=account, backup_id=_id(request))
        return JSONResponse({"deleted": _id(request)})

    return [
        Route("/vault/backups", create, methods=["POST"]),
        Route("/vault/backups", listing, methods=["GET"]),
        Route("/vault/backups/{backup_id}", info, methods=["GET"]),
        Route("/vault/backups/{backup_id}", delete, methods=["DELETE"]),
        Route("/vault/backups/{backup_id}/parts/{index:int}", put_part, methods=["PUT"]),
        Route("/vault/backups/{backup_id}/complete", complete, methods=["POST"]),
        Route("/vault/backups/{backup_id}/unlock", unlock, methods=["POST"]),
        Route("/vault/backups/{backup_id}/blob", blob, methods=["GET"]),
    ]


def start_sweeper(vault: Vault, *, every: float) -> threading.Event:
    """Run ``vault.sweep()`` now and then every ``every`` seconds in a daemon thread; set the
    returned event to stop it."""
    stop = threading.Event()

    def run() -> None:
        while True:
            with contextlib.suppress(Exception):  # a failed sweep is retried next time; serving goes on
                vault.sweep()
            if stop.wait(every):
                return

    threading.Thread(target=run, name="mem-vault-sweep", daemon=True).start()
    return stop


def _id(request: Any) -> str:
    return str(request.path_params["backup_id"])


def _object(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise InvalidInput("request body must be a JSON object")
    return body
