"""``mem keys``: the service's bundle signing keys (operator side)."""

from __future__ import annotations

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit
from mem.cli.state import require_workspace, want_json

keys_app = typer.Typer(help="Create, rotate and show the Ed25519 key that signs bundles.", no_args_is_help=True)


@keys_app.command("init")
def init(
    ctx: typer.Context,
    new_service: bool = typer.Option(False, "--new-service", help="This git clone starts a new service: make a "
                                     "key even though the workspace has a git remote and no .mem/ of its own."),
    json_output: JsonOption = False,
) -> None:
    """Create the signing key pair under <workspace>/.mem/keys/ (private key owner-only, git-ignored).

    In a git clone with no .mem/ (no key, no bundle built) it refuses and says what to copy from the service the
    clone came from: a new key and bundle version 1 would be refused by every client (docs/server.md, "Moving the
    service"); --new-service when the clone really starts a new service."""
    from mem.server.keys import init_keys

    emit(init_keys(require_workspace(ctx), new_service=new_service), as_json=want_json(ctx, json_output))


@keys_app.command("rotate")
def rotate(
    ctx: typer.Context,
    compromised: bool = typer.Option(False, "--compromised", help="The current key leaked: write no transition "
                                     "(clients must be re-pinned with `mem login --trust-key`)."),
    json_output: JsonOption = False,
) -> None:
    """Replace the signing key and destroy the old private key; the old key signs a transition clients follow."""
    from mem.server.keys import rotate_keys

    emit(rotate_keys(require_workspace(ctx), compromised=compromised), as_json=want_json(ctx, json_output))


@keys_app.command("show")
def show(ctx: typer.Context, json_output: JsonOption = False) -> None:
    """Show the current key id, the public key file and the number of transitions."""
    from mem.server.keys import key_info

    emit(key_info(require_workspace(ctx)), as_json=want_json(ctx, json_output))


def register(app: typer.Typer) -> None:
    app.add_typer(keys_app, name="keys")
