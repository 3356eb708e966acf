"""``mem backup`` and ``mem restore``: move one customer's memory to a new device under a 6-digit PIN."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit, info, progress, warn
from mem.cli.state import get_state, want_json
from mem.core.errors import InvalidInput
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console

PinStdinOption = Annotated[
    bool,
    typer.Option("--pin-stdin", help="Read the PIN from one line of standard input (needed without a terminal)."),
]


def backup(
    ctx: typer.Context,
    customer: CustomerOption,
    include_logs: Annotated[bool, typer.Option("--include-logs", help="Also back up the raw request logs.")] = False,
    replace: Annotated[
        bool, typer.Option("--replace", help="Delete this customer's existing backup on the server first.")
    ] = False,
    pin_stdin: PinStdinOption = False,
    json_output: JsonOption = False,
) -> None:
    """Encrypt one customer's memory under a 6-digit PIN and upload it (needs `mem login`)."""
    from mem.client.vault_client import backup_to_server
    from mem.customers.backup import backup_notices

    _check_pin_source(pin_stdin)
    config = get_state(ctx).config
    for notice in backup_notices(retention_days=config.backup.retention_days,
                                 max_attempts=config.backup.max_attempts):
        info(f"* {notice}")
    pin = _read_pin(pin_stdin, confirm=True)
    with progress("backing up") as on_progress:
        receipt = backup_to_server(config.home, customer, pin, config=config, include_logs=include_logs,
                                   replace=replace, on_progress=on_progress)
    emit(receipt.to_dict(), as_json=want_json(ctx, json_output), human=_human_backup)


def restore(
    ctx: typer.Context,
    customer: CustomerOption,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace memory this device already holds for the customer.")
    ] = False,
    pin_stdin: PinStdinOption = False,
    json_output: JsonOption = False,
) -> None:
    """Restore one customer's memory from the server with its PIN, then delete the backup there."""
    from mem.client.vault_client import restore_from_server

    _check_pin_source(pin_stdin)
    config = get_state(ctx).config
    pin = _read_pin(pin_stdin, confirm=False)
    with progress("restoring") as on_progress:
        report = restore_from_server(config.home, customer, pin, config=config, overwrite=overwrite,
                                     on_progress=on_progress)
    if not report.deleted_on_server:
        warn("memory restored, but the server could not be told to delete the backup; it expires on its own")
    emit(report.to_dict(), as_json=want_json(ctx, json_output), human=_human_restore)


def _check_pin_source(from_stdin: bool) -> None:
    # Without a terminal the hidden prompt cannot work (getpass would end in a bare "aborted"):
    # say what to do instead, before anything is shown or sent.
    if not from_stdin and not _interactive():
        raise InvalidInput("no terminal to ask for the PIN: pass --pin-stdin and write the PIN on standard input")


def _interactive() -> bool:
    return sys.stdin.isatty()


def _read_pin(from_stdin: bool, *, confirm: bool) -> str:
    if from_stdin:
        line = sys.stdin.readline()
        if not line:
            raise InvalidInput("--pin-stdin: no PIN on standard input")
        return line.strip()
    return str(typer.prompt("Backup PIN (6 digits)", hide_input=True, confirmation_prompt=confirm)).strip()


def _human_backup(console: Console, data: JsonObject) -> None:
    logs = ", with request logs" if data["include_logs"] else ""
    console.print(f"Backup {data['backup_id']} of customer {data['customer']} stored "
                  f"({data['ciphertext_bytes']} bytes encrypted{logs}).", markup=False, highlight=False)
    console.print(f"It expires at {data['expires_at']}; restore it with `mem restore --customer {data['customer']}`.",
                  markup=False, highlight=False)


def _human_restore(console: Console, data: JsonObject) -> None:
    flagged = len(data["recheck_flagged"])
    checked = (f"{flagged} fact{'s' if flagged != 1 else ''} flagged for recheck against current policy"
               if data["policy_checked"] else "no policy bundle on this device yet: `mem sync` flags facts "
               "made under older policy versions")
    console.print(f"Restored customer {data['customer']} from the backup of {data['created_at']}; {checked}.",
                  markup=False, highlight=False)
    again = int(data.get("erasures_reapplied") or 0)
    if again:
        console.print(f"Erased again {again} fact{'s' if again != 1 else ''} this device erased after the backup "
                      "was made (`mem facts erase`).", markup=False, highlight=False)
    if data.get("already_deleted"):
        console.print("The backup was already deleted from the server (another device of this account restored it "
                      "first, or it expired).", markup=False, highlight=False)
    elif data["deleted_on_server"]:
        console.print("The backup was deleted from the server.", markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("backup")(backup)
    app.command("restore")(restore)
