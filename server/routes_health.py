"""``GET /health`` (the process is up) and ``GET /ready`` (it can serve); no account needed.

Load balancers route to a worker on ``/ready``: 200 when the server store and both halves of the
vault answer with the schema this mem knows, and the signing material clients verify against is
there (the public key and the latest bundle's signature), and the disk holding the server's data has room to
write (``LOW_SPACE``); 503 with the list of problems otherwise.
``/health`` says only that the process answers, so a restart is not triggered by a database outage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mem import __version__
from mem.core.errors import MemError
from mem.server.http import log_server_side

if TYPE_CHECKING:  # app imports every route module, so the context type is read only by the checker
    from mem.server.app import ServerContext


def readiness(server: ServerContext) -> list[str]:
    """What keeps this server from serving everything (empty when ready)."""
    from mem.server.keys import PUBLIC, keys_dir
    from mem.server.published import bundle_dir, latest_version

    problems = []
    checks = [("server store", server.store.ready)]
    vault = server.extras.get("vault")
    if vault is not None:
        checks.append(("backup vault", vault.ready))
    for name, check in checks:
        try:
            check()
        except MemError as exc:  # its message names the server's files or database: logged, not answered
            problems.append(f"{name}: not answering (request id {log_server_side(exc.message, path='/ready')}); "
                            "the server's operator finds the cause in its log")
    full = _disk_full(server.workspace)
    if full:
        problems.append(full)
    if not (keys_dir(server.workspace) / PUBLIC).is_file():
        problems.append("no public signing key: run `mem keys init`")
    latest = latest_version(server.workspace)
    if latest is None:
        problems.append("no bundle published: run `mem bundle build`")
    elif not (bundle_dir(server.workspace, latest) / "manifest.sig").is_file():
        problems.append(f"bundle {latest} has no signature")
    return problems


def _bundle_commit(workspace, version: int | None) -> str | None:
    """The workspace commit the latest bundle was built from: two hosts showing one ``bundle_version`` with two
    commits publish different policy under one number (NEWUSER_REPORT19 #1). ``None`` when unreadable."""
    import json

    from mem.server.published import bundle_dir
    from mem.wire.manifest import MANIFEST_FILE

    if version is None:
        return None
    try:
        commit = json.loads((bundle_dir(workspace, version) / MANIFEST_FILE).read_bytes()).get("commit")
    except (OSError, ValueError, AttributeError):
        return None
    return commit if isinstance(commit, str) else None


def _disk_full(workspace) -> str | None:
    """A host whose disk is full answered 200 while every backup and restore was a 500 (NEWUSER_REPORT19 #8):
    less than ``LOW_SPACE`` left where the server keeps its data is not ready. No path is answered (``/ready``
    needs no account); the operator knows where the workspace is."""
    from mem.core.fsio import LOW_SPACE, free_bytes
    from mem.server.storage import state_dir

    free = free_bytes(state_dir(workspace))
    if free is None or free >= LOW_SPACE:
        return None
    return (f"no space left on device: the disk holding the server's data has {free:,} bytes free (at least "
            f"{LOW_SPACE:,} needed); backups, restores and bundle builds fail until space is freed")


def routes(server) -> list:
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    async def health(request):
        from mem.server.published import latest_version

        latest = latest_version(server.workspace)
        return JSONResponse({"status": "ok", "service": "mem", "version": __version__,
                             "bundle_version": latest, "bundle_commit": _bundle_commit(server.workspace, latest)})

    async def ready(request):
        problems = await run_in_threadpool(readiness, server)
        if problems:
            return JSONResponse({"status": "not ready", "problems": problems}, status_code=503)
        return JSONResponse({"status": "ready"})

    return [Route("/health", health, methods=["GET"]), Route("/ready", ready, methods=["GET"])]
