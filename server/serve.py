"""Run the ASGI app under uvicorn (``mem serve``): the access log goes to stderr as JSON lines.

The listening socket is bound here, before uvicorn starts, so a port that is taken (or an address
that is not this machine's) is one clear ``InvalidInput`` instead of uvicorn's own log line and
exit code, and the address actually bound (``--port 0`` picks a free one) can be announced.

With ``workers`` > 1 the socket is shared by that many worker processes, each running
``mem.server.asgi:app`` (the same app ``uvicorn``/``gunicorn`` run), configured through the
environment: ``MEM_WORKSPACE`` is set to this workspace and every other setting is read by each
worker from the same ``mem.toml`` and environment. uvicorn's supervisor restarts a worker that dies
(``kill -9``); the guarantees live in the database, so a dead worker loses nothing it had answered.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from mem.core.config import Config
from mem.core.errors import InvalidInput, NotFound


def serve(workspace: Path, *, config: Config, host: str | None = None, port: int | None = None,
          workers: int | None = None, log_stream=None, on_listening: Callable[[str], None] | None = None) -> None:
    """Serve ``workspace`` until interrupted (Ctrl-C / SIGTERM stop it cleanly and return).

    ``host``/``port``/``workers`` default to ``config.server``; ``on_listening(url)`` is called once
    the socket is bound, with the URL clients should use.
    """
    import uvicorn

    from mem.server.app import create_app

    if not Path(workspace).is_dir():
        raise NotFound(f"workspace {workspace} does not exist")
    host = host or config.server.host
    port = config.server.port if port is None else port
    workers = config.server.workers if workers is None else workers
    if not 0 <= port <= 65535:
        raise InvalidInput(f"port must be 0-65535, got {port}")
    if not 1 <= workers <= 64:
        raise InvalidInput(f"workers must be 1-64, got {workers}")
    configure_access_log(log_stream or sys.stderr)
    # Built here even with workers, so a wrong setting, an unreachable database or an unknown schema
    # is one error before any worker starts.
    app = create_app(workspace, config=config)
    sock = bind_socket(host, port)
    try:
        if on_listening is not None:
            on_listening(listening_url(sock))
        # Ctrl-C: uvicorn shuts down gracefully, then re-raises the signal it captured.
        with contextlib.suppress(KeyboardInterrupt):
            if workers == 1:
                uvicorn.Server(uvicorn.Config(app, access_log=False, log_level="warning",
                                              server_header=False)).run(sockets=[sock])
            else:
                _run_workers(Path(workspace), sock, workers)
    finally:
        sock.close()


def _run_workers(workspace: Path, sock: socket.socket, workers: int) -> None:
    """``workers`` processes of ``mem.server.asgi:app`` on one socket, under uvicorn's supervisor."""
    import inspect
    import os

    import uvicorn
    from uvicorn.supervisors import Multiprocess

    os.environ["MEM_WORKSPACE"] = str(Path(workspace).resolve())  # read by each worker's Config.load()
    sock.set_inheritable(True)
    uv_config = uvicorn.Config("mem.server.asgi:app", workers=workers, access_log=False, log_level="warning",
                               server_header=False)
    if "target" in inspect.signature(Multiprocess).parameters:  # uvicorn before 0.36
        # the installed uvicorn's stubs describe the newer signature, which this branch is not for
        Multiprocess(uv_config, target=uvicorn.Server(uv_config).run, sockets=[sock]).run()  # type: ignore[call-arg]
    else:
        Multiprocess(uv_config, sockets=[sock]).run()


def bind_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` (not yet listening); ``InvalidInput`` when that is impossible."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as exc:
        raise InvalidInput(f"cannot listen on {host!r}: {exc.strerror}") from exc
    sock = socket.socket(family, kind, proto)
    # As uvicorn does: restart right after a stop without waiting for TIME_WAIT. On Linux this does
    # not let two servers listen on one port, so a taken port still fails below.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise InvalidInput(f"port {port} on {host} is already in use: stop the other server or pick "
                               "another with --port") from exc
        if exc.errno == errno.EACCES:
            raise InvalidInput(f"not allowed to listen on port {port} of {host} (ports below 1024 need "
                               "privileges): pick another with --port") from exc
        raise InvalidInput(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    return sock


def listening_url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if sock.family == socket.AF_INET6 else f"http://{host}:{port}"


def configure_access_log(stream) -> None:
    logger = logging.getLogger("mem.server.access")
    if not any(getattr(h, "_mem_access", False) for h in logger.handlers):
        handler = logging.StreamHandler(stream)
        handler.setFormatter(logging.Formatter("%(message)s"))
        handler._mem_access = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
