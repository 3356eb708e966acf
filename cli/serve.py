"""``mem serve``: the HTTP server of a workspace (bundles, evidence store, intake, backup vault)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from mem.cli.output import info, warn
from mem.cli.state import get_state, require_workspace


def serve(
    ctx: typer.Context,
    host: Annotated[Optional[str], typer.Option("--host", help="Address to listen on (default: server.host).")] = None,
    port: Annotated[Optional[int], typer.Option("--port", help="Port to listen on (default: server.port).")] = None,
    workers: Annotated[Optional[int], typer.Option(
        "--workers", help="Worker processes sharing the port (default: server.workers); more than 1 wants "
        "server.database on PostgreSQL.")] = None,
) -> None:
    """Serve the workspace over HTTP until Ctrl-C; one JSON access-log line per request on stderr.

    Exit 0 after Ctrl-C; 2 when the port is taken or the address cannot be used (--port 0 picks a free port).
    """
    from mem.server.moved import serve_warning
    from mem.server.serve import serve as run
    from mem.server.vault_home import serve_copy_warning

    workspace = require_workspace(ctx)
    moved = serve_warning(workspace)
    if moved is not None:
        warn(moved)
    copied = serve_copy_warning(workspace, config=get_state(ctx).config)
    if copied is not None:
        warn(copied)
    run(workspace, config=get_state(ctx).config, host=host, port=port, workers=workers,
        on_listening=lambda url: info(f"serving {workspace} on {url} (Ctrl-C stops)"))
    info("server stopped")


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
