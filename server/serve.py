"""Run the ASGI app under uvicorn (``mem serve``): the access log goes to stderr as JSON lines."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from mem.core.config import Config
from mem.core.errors import InvalidInput, NotFound


def serve(workspace: Path, *, config: Config, host: str | None = None, port: int | None = None,
          log_stream=None) -> None:
    """Serve ``workspace`` until interrupted. ``host``/``port`` default to ``config.server``."""
    import uvicorn

    from mem.server.app import create_app

    if not Path(workspace).is_dir():
        raise NotFound(f"workspace {workspace} does not exist")
    host = host or config.server.host
    port = config.server.port if port is None else port
    if not 0 <= port <= 65535:
        raise InvalidInput(f"port must be 0-65535, got {port}")
    configure_access_log(log_stream or sys.stderr)
    app = create_app(workspace, config=config)
    uvicorn.run(app, host=host, port=port, access_log=False, log_level="warning", server_header=False)


def configure_access_log(stream) -> None:
    logger = logging.getLogger("mem.server.access")
    if not any(getattr(h, "_mem_access", False) for h in logger.handlers):
        handler = logging.StreamHandler(stream)
        handler.setFormatter(logging.Formatter("%(message)s"))
        handler._mem_access = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
