"""``mem.server.asgi:app``: the server as a standard ASGI app, configured from the environment.

    MEM_WORKSPACE=/srv/shop MEM_DATABASE_URL=postgresql://mem@db/mem uvicorn mem.server.asgi:app --workers 4
    gunicorn -k uvicorn.workers.UvicornWorker -w 4 mem.server.asgi:app

Settings come from ``mem.core.config.Config.load()`` exactly as for the CLI: ``MEM_WORKSPACE``
names the workspace (its ``mem.toml`` is read), and ``MEM_DATABASE_URL``,
``MEM_KEYSERVICE_DATABASE_URL``, ``MEM_BLOBSTORE_DATABASE_URL`` place the databases. Each worker
process builds the app once, at its ASGI lifespan start (or its first request when the server runs
without lifespan): a missing workspace, an unreachable database or a schema this mem does not know
fails the worker's start-up with one line, so a misconfigured deployment never answers requests.
``mem serve --workers N`` runs this same app.
"""

from __future__ import annotations

import sys
import threading
from typing import TYPE_CHECKING, Any

from mem.core.errors import InvalidInput, MemError

if TYPE_CHECKING:
    from starlette.applications import Starlette


def build() -> Starlette:
    """The Starlette app for the environment's workspace and settings, with the access log on stderr."""
    from mem.core.config import Config
    from mem.server.app import create_app
    from mem.server.serve import configure_access_log

    config = Config.load()
    if config.workspace is None or not config.workspace.is_dir():
        raise InvalidInput("mem.server.asgi needs MEM_WORKSPACE: the workspace folder to serve")
    configure_access_log(sys.stderr)
    return create_app(config.workspace, config=config)


class EnvironmentApp:
    """An ASGI app that builds the real one from the environment on first use (once per process)."""

    def __init__(self) -> None:
        self._app: Any = None
        self._lock = threading.Lock()

    def _get(self) -> Any:
        with self._lock:
            if self._app is None:
                self._app = build()
            return self._app

    # Any: the ASGI callables and scope as the server hands them (asgiref's types are not a dependency).
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if self._app is None:
            try:
                self._get()
            except MemError as exc:
                if scope["type"] == "lifespan":  # the server reports it and stops the worker
                    await receive()
                    await send({"type": "lifespan.startup.failed", "message": f"mem: {exc}"})
                    return
                raise
        await self._app(scope, receive, send)


app = EnvironmentApp()
