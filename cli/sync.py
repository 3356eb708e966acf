"""``mem sync``: download and verify the latest signed bundle (client, movement 5)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit, progress
from mem.cli.state import get_state, want_json


def sync(
    ctx: typer.Context,
    server: Annotated[Optional[str], typer.Option("--server", help="Server URL (default: from `mem login`).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Fetch, verify (signature, version, expiry, every file) and install the latest bundle.

    On failure or offline the last verified bundle stays in use, marked stale with the reason
    (exit 1 for a refused bundle, 2 when the server cannot be reached). Facts linked to a policy
    page that changed get "recheck needed"; queued agreement evidence is sent.
    """
    from mem.server.sync import sync as run

    config = get_state(ctx).config
    with progress("syncing bundle") as on_progress:
        result = run(config.home, config=config, server=server, on_progress=on_progress)
    emit(result, as_json=want_json(ctx, json_output))


def register(app: typer.Typer) -> None:
    app.command("sync")(sync)
