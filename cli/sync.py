"""``mem sync``: download and verify the latest signed bundle (client, movement 5)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit, plural, progress
from mem.cli.state import get_state, want_json
from mem.core.errors import StorageError
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console


def sync(
    ctx: typer.Context,
    server: Annotated[Optional[str], typer.Option("--server", help="Server URL (default: from `mem login`).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Fetch, verify (signature, version, expiry, every file) and install the latest bundle.

    On failure or offline the last verified bundle stays in use, marked stale with the reason
    (exit 1 for a refused bundle, 2 when the server cannot be reached). A bundle that takes a policy
    page's version down, or changes its text under the same version, is refused as a rollback whatever
    its number (a host restarted from an older copy of the workspace: docs/server.md). A clock behind
    the bundle's issue time is named in a warning. Facts linked to a policy
    page that changed get "recheck needed" (a customer store that cannot be opened is skipped,
    reported, exit 2, and tried again later); queued agreement evidence is sent.
    """
    from mem.client.sync import sync as run

    config = get_state(ctx).config
    with progress("syncing bundle") as on_progress:
        result = run(config.home, config=config, server=server, on_progress=on_progress)
    emit(result, as_json=want_json(ctx, json_output), human=render_sync)
    failed = result.get("recheck_failed") or {}
    if failed:
        # the bundle is in use and the other customers are flagged; these need a repair (exit 2)
        first, reason = sorted(failed.items())[0]
        others = f" and {plural(len(failed) - 1, 'other customer')}" if len(failed) > 1 else ""
        raise StorageError(f"facts of {first!r}{others} are not flagged for recheck yet ({reason}); "
                           f"bundle v{result['version']} is installed and the next mem command tries again")


def render_sync(console: Console, result: JsonObject) -> None:
    """What a sync did, as sentences: the bundle, the facts flagged for recheck, the evidence sent."""
    say = partial(console.print, markup=False, highlight=False)
    if result.get("recovered"):
        from mem.client.state_recovery import describe

        say(describe(result["recovered"]))
    if result.get("status") == "up-to-date":
        say(f"bundle v{result['version']} is already current ({plural(result['files'], 'file')})")
    else:
        was = f" (was v{result['previous_version']})" if result.get("previous_version") is not None else ""
        reused = f" ({result['reused']} unchanged, kept from v{result['previous_version']})" \
            if result.get("reused") else ""
        say(f"installed bundle v{result['version']}{was}: {plural(result['files'], 'file')}{reused}, "
            f"signed by {result['key_id']}")
        if result.get("key_first_use"):
            say(f"trusted signing key {result['key_id']} on first use (no key was pinned): check it with the "
                "operator (`mem keys show`) and pin it with `mem login --server URL --trust-key signing.pub.pem`; "
                "every later bundle must be signed by it or reached from it by a signed rotation")
        if result.get("key_rotated"):
            say("the service rotated its signing key; the new key is trusted through the signed transition")
        if result.get("embedded"):
            say(f"{plural(result['embedded'], 'policy sentence')} embedded for the semantic rule quote")
    if result.get("clock_behind"):
        say(f"warning: {result['clock_behind']}")
    for customer, fact_ids in sorted((result.get("flagged") or {}).items()):
        say(f"{customer}: {plural(len(fact_ids), 'fact')} flagged for recheck (a linked policy changed)")
    for customer, reason in sorted((result.get("recheck_failed") or {}).items()):
        say(f"{customer}: not flagged for recheck yet, kept for the next try: {reason}")
    evidence = result.get("evidence") or {}
    if evidence.get("sent"):
        say(f"agreement evidence sent to the service: {plural(evidence['sent'], 'item')} from "
            f"{plural(evidence.get('customers', 0), 'customer')}")
    elif evidence.get("error"):
        say(f"agreement evidence stays queued: {evidence['error']}")


def register(app: typer.Typer) -> None:
    app.command("sync")(sync)
