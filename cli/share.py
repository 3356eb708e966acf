"""``mem share``: send one customer's anonymised decision facts for know-how (needs the customer's consent)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit
from mem.cli.state import get_state, want_json


def share(
    ctx: typer.Context,
    customer: CustomerOption,
    server: Annotated[Optional[str], typer.Option("--server", help="Server URL (default: from `mem login`).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Upload this customer's decision facts, anonymised on this client; refused (exit 1) without consent."""
    from mem.client.share_upload import share_customer

    config = get_state(ctx).config
    emit(share_customer(config.home, customer, config=config, server=server), as_json=want_json(ctx, json_output))


def register(app: typer.Typer) -> None:
    app.command("share")(share)
