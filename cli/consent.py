"""``mem consent``: what one customer allows (sensitive categories, sharing anonymised decisions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.facts import open_store
from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit
from mem.cli.state import want_json
from mem.core.errors import InvalidInput
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console

CategoryOption = Optional[list[str]]


def consent(
    ctx: typer.Context,
    customer: CustomerOption,
    allow: Annotated[CategoryOption, typer.Option("--allow", help="Allow storing facts of: health, relationship, "
                                                  "finance, religion, sexuality, politics (repeatable).")] = None,
    revoke: Annotated[CategoryOption, typer.Option("--revoke", help="Stop storing facts of that category "
                                                   "(repeatable).")] = None,
    share: Annotated[Optional[str], typer.Option("--share", help="on|off: share anonymised decision facts with "
                                                 "the service (mem share).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Show or change a customer's consent. Without options it only shows it.

    Revoking stops new facts of the category; facts stored before stay until erased (they are counted).
    """
    if share is not None and share not in ("on", "off"):
        raise InvalidInput("--share must be on or off")
    with open_store(ctx, customer, create=True) as store:
        if allow or revoke or share is not None:
            state = store.consent.set(allow=allow or (), revoke=revoke or (),
                                      share=None if share is None else share == "on")
        else:
            state = store.consent.current()
    data: JsonObject = {"customer": customer, **state.to_dict()}
    if share == "off":
        data["withdrawal"] = _withdraw_now(ctx, customer)

    def human(console: Console, d: JsonObject) -> None:
        console.print(f"sensitive categories allowed: {', '.join(d['allowed']) or 'none'}", markup=False)
        console.print(f"share anonymised decisions: {'on' if d['share'] else 'off'}", markup=False)
        for category, count in d["stored_sensitive"].items():
            console.print(f"stored {category} facts: {count}", markup=False)
        withdrawal = d.get("withdrawal")
        if withdrawal:
            console.print(withdrawal.get("note") or f"withdrawn from the know-how service: "
                          f"{withdrawal.get('withdrawn', 0)} shared decisions", markup=False)

    emit(data, as_json=want_json(ctx, json_output), human=human)


def _withdraw_now(ctx: typer.Context, customer: str) -> JsonObject:
    """``--share off``: send the withdrawal of what was shared now, if this home is logged in; otherwise
    (or offline) it waits for the next ``mem share`` / ``mem sync`` and the result says so."""
    from mem.cli.state import get_state
    from mem.client.login import load_login
    from mem.core.errors import MemError

    config = get_state(ctx).config
    later = "the withdrawal of what was shared waits for the next mem share or mem sync"
    if load_login(config.home) is None:
        return {"withdrawn": 0, "note": f"not logged in: {later}"}
    from mem.client.connection import ServerClient
    from mem.client.share_upload import push_withdrawals

    try:
        with ServerClient.for_home(config.home, config=config) as client:
            return push_withdrawals(config.home, config=config, client=client, customer_id=customer)
    except MemError as exc:
        return {"withdrawn": 0, "note": f"{exc.message}: {later}"}


def register(app: typer.Typer) -> None:
    app.command("consent")(consent)
