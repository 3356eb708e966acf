"""``mem export`` and ``mem forget``: a customer's rights of access and erasure over all of their memory.

``mem facts erase`` forgets one fact, ``mem log forget`` a conversation or some of its turns,
``mem context erase`` one context item; these two act on everything this client holds of a customer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.facts import can_ask, open_store
from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit, info, warn
from mem.cli.state import get_state, want_json
from mem.core.errors import InvalidInput, Refused
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console


def export(
    ctx: typer.Context,
    customer: CustomerOption,
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the export to this file "
                                                "(owner-only; refused if it exists) instead of standard output.")
                   ] = None,
) -> None:
    """Everything this client holds of one customer, as one readable JSON document.

    Consent and its changes, every fact (replaced and retracted ones too) with its history, the ids and
    dates of erased facts, the context and its log, every conversation turn by turn, and what the service
    holds as far as this client knows (`held_by_service`: the anonymised decision records it last took, the
    agreement evidence it took, the backup this client made). For the customer to read or take elsewhere;
    `mem backup` is the export that restores.
    """
    from mem.core.fsio import atomic_write_text
    from mem.customers.readable import readable_export

    with open_store(ctx, customer) as store:
        document = readable_export(store)
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists():
        raise InvalidInput(f"{out} exists already: choose a new file (an export is never written over another)")
    atomic_write_text(out, text, mode=0o600)
    info(f"exported {len(document['facts'])} facts and {len(document['conversations'])} conversations of "
         f"{customer} to {out}")


def forget(
    ctx: typer.Context,
    customer: CustomerOption,
    local_only: Annotated[bool, typer.Option("--local-only", help="Delete only this client's memory: leave the "
                                             "server's backup and shared decisions as they are.")] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Delete ALL of one customer's memory, at their request: on this client and on the server.

    Turns sharing off and withdraws every decision the customer shared from know-how, deletes every backup of theirs
    the logged-in account holds on the server, then deletes their folder (memory, request log, index). When the
    server cannot be reached nothing local is deleted (exit 2), so nothing is left behind unnoticed; --local-only
    skips the server and names what it leaves there. A customer whose memory.db is lost or damaged is deleted all
    the same (with a warning: what it shared cannot be withdrawn from here). It says how many agreement-evidence
    records the service keeps: its own record of agreements it is party to, which this command does not delete.
    """
    from mem.client.login import load_login
    from mem.customers.erase import erased_decisions
    from mem.customers.forget import (
        delete_customer,
        evidence_held_by_service,
        left_on_server,
        remains_only,
        settle_remains,
        stop_sharing,
    )

    if not yes:
        if not can_ask():
            raise InvalidInput("forgetting a customer asks for confirmation, and there is no terminal: pass --yes")
        if not typer.confirm(f"Delete all memory of {customer}, on this client and the server, for good?", err=True):
            raise Refused(f"not deleted: the memory of {customer} stays")
    config = get_state(ctx).config
    # an interrupted restore's decrypted words are erased too, but last: a retry after a failed server step finds
    # them again and reaches the server's backups; a complete restore is put in place first and deleted as memory
    only_remains = remains_only(config.home, customer)
    if not only_remains:
        settle_remains(config.home, customer)
    evidence = None if only_remains else evidence_held_by_service(config.home, customer)  # read before the folder goes
    pending, unreadable = (0, None) if only_remains else stop_sharing(config.home, customer)
    if unreadable:
        warn(f"the memory of {customer} cannot be read ({unreadable}); its folder is deleted all the same, but "
             "decisions it shared with know-how (if any) cannot be withdrawn from this client")
    server: JsonObject = {"reached": False, "withdrawn": 0, "backups_deleted": []}
    if not local_only and load_login(config.home) is not None:
        from mem.client.connection import ServerClient
        from mem.client.share_upload import push_withdrawals
        from mem.client.vault_client import delete_server_backups

        if pending:
            with ServerClient.for_home(config.home, config=config) as client:
                server["withdrawn"] = push_withdrawals(config.home, config=config, client=client,
                                                       customer_id=customer)["withdrawn"]
            with open_store(ctx, customer) as store:
                pending = len(erased_decisions(store))
            if pending:
                raise Refused(f"the know-how server did not take the withdrawal of {pending} shared decisions of "
                              f"{customer}; nothing was deleted (try again, or pass --local-only)")
        server["backups_deleted"] = delete_server_backups(config.home, customer, config=config)
        server["reached"] = True
    elif not local_only and pending:
        raise Refused(f"{customer} has {pending} shared decisions to withdraw from know-how and this client is not "
                      "logged in: `mem login` first, or pass --local-only; nothing was deleted")
    left = left_on_server(config.home, customer, pending) if not server["reached"] and not only_remains else None
    if only_remains:
        only_remains = settle_remains(config.home, customer)
    deleted = ({"customer": customer, "deleted": True, "remains_only": True} if only_remains
               else {**delete_customer(config.home, customer), "remains_only": False})
    result = {**deleted, "server": server, "left_on_server": left, "evidence_kept_by_service": evidence}

    def human(console: Console, data: JsonObject) -> None:
        reached = data["server"]
        where = (f"; on the server: {len(reached['backups_deleted'])} backups deleted, {reached['withdrawn']} shared "
                 "decisions withdrawn" if reached["reached"] else "; the server was not contacted")
        what = ("deleted the remains of an interrupted restore or import of {} (no complete memory of theirs was on "
                "this client)" if data["remains_only"] else "deleted all memory of {} on this client")
        console.print(what.format(data["customer"]) + where, markup=False, highlight=False)
        left = data["left_on_server"]
        if left and (left["shared_decisions"] or left["backup"]):
            parts = []
            if left["shared_decisions"]:
                parts.append(f"{left['shared_decisions']} shared decisions in know-how, which no command of this "
                             "client can withdraw any more")
            if left["backup"]:
                backup = left["backup"]
                logs = " (with request logs)" if backup["include_logs"] else ""
                parts.append(f"backup {backup['backup_id']}{logs}, which `mem restore` on any device logged in to "
                             f"the account brings back until it expires ({backup['expires_at'] or 'expiry unknown'})")
            console.print("left on the server: " + "; ".join(parts), markup=False, highlight=False)
        kept = data["evidence_kept_by_service"]
        if kept != 0:
            count = "an unknown number of" if kept is None else str(kept)
            console.print(f"kept by the service: {count} agreement evidence records of {data['customer']} — its own "
                          "record of agreements it is party to, kept for legal claims (README); `mem forget` does not "
                          "delete them: the service's operator does after the retention period (`mem evidence purge`)",
                          markup=False, highlight=False)

    emit(result, as_json=want_json(ctx, json_output), human=human)


def register(app: typer.Typer) -> None:
    app.command("export")(export)
    app.command("forget")(forget)
