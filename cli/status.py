"""``mem status``: what this client runs on — bundle version, verification, staleness, server."""

from __future__ import annotations

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit
from mem.cli.state import get_state, want_json


def status(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """Show the bundle version, when it was verified, whether it is stale and why, the server and customers."""
    from mem.client.bundle_memory import client_status

    config = get_state(ctx).config
    emit(client_status(config.home, stale_after_hours=config.bundle.stale_after_hours),
         as_json=want_json(ctx, json_output))


def register(app: typer.Typer) -> None:
    app.command("status")(status)
