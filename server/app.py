"""The ASGI application of ``mem serve``, assembled from route modules.

Each entry of ``ROUTE_MODULES`` names a module with ``routes(server: ServerContext) -> list[Route]``;
a feature adds its endpoints by appending one entry (the backup vault does). Around the routes:
JSON errors for every failure, a request-size limit (``server.max_request_bytes``) and a
structured access log (one JSON line per request on the ``mem.server.access`` logger: method,
path, status, bytes, duration, account — never bodies, headers or query strings).
"""

from __future__ import annotations

import importlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import MemError
from mem.server.http import ApiError, error_response, mem_error_response, server_side_error
from mem.server.storage import ServerStore, open_store

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from mem.server.quota import Quotas

ROUTE_MODULES: list[str] = [
    "mem.server.routes_health",
    "mem.server.vault_routes",
    "mem.server.routes_bundle",
    "mem.server.routes_evidence",
    "mem.server.routes_intake",
]

access_log = logging.getLogger("mem.server.access")


@dataclass
class ServerContext:
    """What route modules get: the workspace, its settings and the server store."""

    workspace: Path
    config: Config
    store: ServerStore
    extras: dict[str, Any] = field(default_factory=dict)  # per-feature state (e.g. caches)

    @property
    def quotas(self) -> Quotas:
        """The per-account limits (``[quota]``) counted in this server's store."""
        from mem.server.quota import Quotas

        return Quotas(self.store, self.config.quota)


def create_app(workspace: Path, *, config: Config, store: ServerStore | None = None) -> Starlette:
    """The server for ``workspace``: every route module mounted, errors as JSON, limits applied."""
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware

    workspace = Path(workspace)
    server = ServerContext(workspace=workspace, config=config, store=store or open_store(workspace, config))
    routes = []
    for name in ROUTE_MODULES:
        routes.extend(importlib.import_module(name).routes(server))

    async def on_mem_error(request, exc: MemError):
        return mem_error_response(exc, path=request.url.path)

    async def on_api_error(request, exc: ApiError):
        return error_response(exc.status, exc.kind, exc.message)

    async def on_http_error(request, exc: HTTPException):
        kind = "too_large" if exc.status_code == 413 else "http"
        return error_response(exc.status_code, kind, str(exc.detail))

    async def on_crash(request, exc: Exception):
        return server_side_error(500, "internal", f"{type(exc).__name__}: {exc}", path=request.url.path)

    # Starlette hands each handler only its own exception class, though its type says Exception.
    handlers: dict[Any, Callable[..., Any]] = {MemError: on_mem_error, ApiError: on_api_error,
                                               HTTPException: on_http_error, Exception: on_crash}
    app = Starlette(
        routes=routes,
        middleware=[Middleware(AccessLogMiddleware),
                    Middleware(BodyLimitMiddleware, max_bytes=config.server.max_request_bytes)],
        exception_handlers=handlers,
    )
    app.state.server = server
    return app


class AccessLogMiddleware:
    """One JSON line per HTTP request; bodies, headers and query strings are never logged."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        info = {"status": 500, "bytes": 0}

        async def send_logged(message) -> None:
            if message["type"] == "http.response.start":
                info["status"] = message["status"]
            elif message["type"] == "http.response.body":
                info["bytes"] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, send_logged)
        finally:
            if access_log.isEnabledFor(logging.INFO):
                access_log.info(json.dumps({
                    "ts": clock.isoformat(clock.now()),
                    "method": scope.get("method"),
                    "path": scope.get("path"),
                    "status": info["status"],
                    "bytes": info["bytes"],
                    "ms": round((time.perf_counter() - started) * 1000, 2),
                    "account": scope.get("mem.account"),
                    "client": (scope.get("client") or [None])[0],
                }))


class BodyLimitMiddleware:
    """Refuse request bodies over ``max_bytes`` with a JSON 413, by Content-Length or while streaming."""

    def __init__(self, app, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.max_bytes
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            response = error_response(413, "too_large", f"request body over the limit of {limit} bytes")
            await response(scope, receive, send)
            return
        seen = 0

        async def limited_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise ApiError(413, "too_large", f"request body over the limit of {limit} bytes")
            return message

        await self.app(scope, limited_receive, send)
