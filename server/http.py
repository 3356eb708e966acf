"""What every route module shares: JSON errors, authentication, bounded JSON bodies.

Errors travel as ``{"error": {"kind": ..., "message": ...}}`` with a matching status code; ``kind``
names the ``mem.core.errors`` class (``mem.wire.errors``) so the client raises the same error. A
server-side failure (5xx) is answered with a generic line and a request id; its own message, which may
name the server's files, goes only to the ``mem.server.error`` log under that id.
"""

from __future__ import annotations

import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from mem.core import errors
from mem.core.json_types import JsonObject
from mem.wire.errors import STATUS_OF

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import JSONResponse



class ApiError(Exception):
    """An HTTP-level refusal a route raises (401 unauthenticated, 413 too large, 405…)."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message


def error_response(status: int, kind: str, message: str, *, extra: JsonObject | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    from starlette.responses import JSONResponse

    return JSONResponse({"error": {"kind": kind, "message": message, **(extra or {})}}, status_code=status,
                        headers=headers)


#: What a client is told instead of a server-side failure's own message, by kind: that message names the
#: server's files, database or workspace (``server storage /srv/shop/.mem/server.db: disk I/O error``),
#: which no client — authenticated or not — should learn. The whole message goes to the server's log.
SERVER_SIDE = {
    "storage": "server storage failed",
    "lock_timeout": "the server is busy",
    "model": "a model the server uses failed",
    "network": "a service the server uses could not be reached",
    "error": "the server failed",
    "internal": "internal server error",
}

error_log = logging.getLogger("mem.server.error")


def log_server_side(detail: str, *, path: str = "", status: int = 500, kind: str = "error") -> str:
    """Log ``detail`` on ``mem.server.error`` under a new request id, and return that id."""
    request_id = secrets.token_hex(6)
    error_log.error(json.dumps({"event": "error", "request_id": request_id, "status": status, "kind": kind,
                                "path": path, "error": detail}))
    return request_id


def server_side_error(status: int, kind: str, detail: str, *, path: str = "") -> JSONResponse:
    """A generic one-line answer with a request id; ``detail`` is logged with that id, never sent."""
    request_id = log_server_side(detail, path=path, status=status, kind=kind)
    retry = " and try again" if status in (502, 503) else ""
    return error_response(status, kind, f"{SERVER_SIDE.get(kind, SERVER_SIDE['error'])} (request id {request_id}); "
                                        f"the server's operator finds the cause in its log{retry}",
                          extra={"request_id": request_id}, headers={"X-Request-Id": request_id})


def mem_error_response(exc: errors.MemError, *, path: str = "") -> JSONResponse:
    if isinstance(exc, errors.QuotaExceeded):
        # 413 / 429 / 507 with the quota's name and numbers, so a client or an operator sees which limit
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
        return error_response(exc.status, "quota", exc.message, headers=headers,
                              extra={"quota": exc.quota, "limit": exc.limit, "used": exc.used,
                                     **({"retry_after": exc.retry_after} if exc.retry_after is not None else {})})
    for cls in type(exc).__mro__:
        if cls in STATUS_OF:
            status, kind = STATUS_OF[cls]
            if status >= 500:
                return server_side_error(status, kind, exc.message, path=path)
            return error_response(status, kind, exc.message)
    return server_side_error(500, "error", exc.message, path=path)


def account_of(request: Request) -> str:
    """The account that sent ``request`` (``Authorization: Bearer <token>``); 401 otherwise."""
    from mem.server.accounts import authenticate

    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "unauthorized", "missing API token: send Authorization: Bearer <token>")
    account = authenticate(request.app.state.server.store, token.strip())
    if account is None:
        # a rotated or revoked token is refused like one never issued: its hash is gone from the store
        raise ApiError(401, "unauthorized", "unknown or revoked API token: ask the operator for a new one "
                                            "(`mem accounts rotate`) and run `mem login --token …` again")
    request.scope["mem.account"] = account
    return account


# Any: the body as parsed, not yet trusted; each route checks it against mem.wire.
async def read_json(request: Request, *, max_bytes: int | None = None, quota: str = "") -> Any:
    """The request body as JSON. The app bounds every body (``server.max_request_bytes``);
    ``max_bytes`` bounds this one tighter, refused with 413 naming ``quota.<quota>`` while it streams in."""
    body = await request.body() if max_bytes is None else await read_bounded(request, max_bytes=max_bytes,
                                                                              quota=quota)
    return parse_json(body)


async def read_bounded(request: Request, *, max_bytes: int, quota: str) -> bytes:
    """The body, read as it arrives and refused (413) as soon as it passes ``max_bytes``."""
    def too_large(seen: int) -> errors.QuotaExceeded:
        return errors.QuotaExceeded(f"request too large: over {max_bytes} bytes (quota.{quota}); send less at a time",
                                    status=413, quota=quota, limit=max_bytes, used=seen)

    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > max_bytes:
        raise too_large(int(declared))
    chunks, seen = [], 0
    async for chunk in request.stream():
        seen += len(chunk)
        if seen > max_bytes:
            raise too_large(seen)
        chunks.append(chunk)
    return b"".join(chunks)


# Every body mem's wire formats define is at most 4 levels deep (evidence: {records: [{quotes: [...]}]});
# deeper is refused before a route sees it, so no check, json.dumps or store call recurses into it.
MAX_JSON_DEPTH = 32


# Any: as read_json.
def parse_json(body: bytes) -> Any:
    """``body`` parsed; ``InvalidInput`` (400) when it is not JSON or nests deeper than ``MAX_JSON_DEPTH``."""
    try:
        value = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise errors.InvalidInput(f"request body is not JSON: {exc}") from exc
    except RecursionError as exc:  # the decoder gives up past the interpreter's recursion limit
        raise _too_deep() from exc
    _check_depth(value)
    return value


def _too_deep() -> errors.InvalidInput:
    return errors.InvalidInput(f"request body nests deeper than {MAX_JSON_DEPTH} levels")


# Any: as read_json.
def _check_depth(value: Any) -> None:
    """Refuse ``value`` past ``MAX_JSON_DEPTH`` levels: one pass with an explicit stack, never recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > MAX_JSON_DEPTH:
            raise _too_deep()
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
