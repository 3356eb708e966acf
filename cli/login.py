"""``mem login``: remember the server and API token of this client home."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit
from mem.cli.state import get_state, want_json


def login(
    ctx: typer.Context,
    server: Annotated[str, typer.Option(
        "--server", help="Server URL, e.g. http://127.0.0.1:8765 (checked: scheme, host, port).")],
    token: Annotated[Optional[str], typer.Option(
        "--token", help="API token from `mem accounts add` (visible ASCII, no spaces).")] = None,
    trust_key: Annotated[
        Optional[Path], typer.Option("--trust-key", help="Pin the bundle signing public key (PEM) to trust.")
    ] = None,
    bundles: Annotated[Optional[str], typer.Option(
        "--bundles", help="Static base URL the bundles are published at (`mem bundle publish`), e.g. a CDN; "
        "default: the server.")] = None,
    previous_token: Annotated[Optional[list[str]], typer.Option(
        "--previous-token", help="A token this account had before `mem accounts rotate` (repeatable): its backups "
        "stay findable by `mem restore`. Only a key derived from it is stored.")] = None,
    json_output: JsonOption = False,
) -> None:
    """Store the server URL and token (owner-only file); optionally pin the bundle signing key and fetch
    bundles from a static base URL (verified the same way; accounts, evidence, share and backup stay on the server).

    A new token for the same server keeps a key derived from the one it replaces, so backups made
    before the account's token was rotated are still found by `mem restore`."""
    from mem.client.trust import login_client

    result = login_client(get_state(ctx).config.home, url=server, token=token, trust_key=trust_key, bundles=bundles,
                          previous_tokens=tuple(previous_token or ()))
    emit(result, as_json=want_json(ctx, json_output))


def register(app: typer.Typer) -> None:
    app.command("login")(login)
