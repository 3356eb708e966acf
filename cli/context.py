"""``mem context …``: the short items always injected for one customer, under the budget."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.facts import open_store
from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit, warn
from mem.cli.state import client_config, want_json
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console

context_app = typer.Typer(
    help="One customer's context: short items injected into every conversation, within context.budget_chars.",
    no_args_is_help=True,
)
ImportanceOption = Annotated[
    Optional[int], typer.Option("--importance", min=0, help="Higher stays longer when over budget "
                                "(default: service 3, customer 2, promoted 1).")
]


@context_app.command("list")
def list_(
    ctx: typer.Context,
    customer: CustomerOption,
    all_: Annotated[bool, typer.Option("--all", help="Also show unconfirmed proposals (not injected).")] = False,
    json_output: JsonOption = False,
) -> None:
    """Show the items, most important first, and the budget they use."""
    from mem.customers.customer_context import SERVICE_ONLY_SLOTS

    budget = client_config(ctx).context.budget_chars
    with open_store(ctx, customer) as store:
        items = [item.to_dict() for item in store.context.items(include_unconfirmed=all_)]
    used = sum(len(i["text"]) for i in items if i["confirmed"])

    def human(console: Console, data: JsonObject) -> None:
        for i in data["items"]:
            state = "" if i["confirmed"] else "  (proposed, not injected)"
            if i["key"] in SERVICE_ONLY_SLOTS and i["source"] != "service":
                state = "  (the customer's claim, made before only the service could set it: not injected)"
            console.print(f"{i['id']}  [{i['source']}, importance {i['importance']}]  {i['text']}{state}",
                          markup=False, highlight=False)
        console.print(f"{data['used_chars']} of {data['budget_chars']} characters used", style="dim")

    emit({"items": items, "used_chars": used, "budget_chars": budget}, as_json=want_json(ctx, json_output),
         human=human)


@context_app.command("add")
def add(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The item, e.g. 'Answer in Japanese'.")],
    customer: CustomerOption,
    importance: ImportanceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Add an item at the customer's request; over budget the least important item becomes a fact.

    The item is stored on one line: control characters and a byte-order mark are removed, line breaks become
    a space (as `mem log import` cleans a message).
    """
    _add(ctx, customer, text, source="customer", importance=importance, key=None, json_output=json_output)


@context_app.command("set")
def set_(
    ctx: typer.Context,
    customer: CustomerOption,
    from_service: Annotated[str, typer.Option("--from-service", help="Service input, e.g. 'Enterprise tier'.")],
    key: Annotated[Optional[str], typer.Option(
        "--key", help="Slot name (letters, digits, . _ -): replaces the item with this key.")] = None,
    importance: ImportanceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Set an item from outside the conversation (contract tier, account manager)."""
    _add(ctx, customer, from_service, source="service", importance=importance, key=key, json_output=json_output)


@context_app.command("remove")
def remove(
    ctx: typer.Context,
    item_id: Annotated[str, typer.Argument(help="The item id (from `mem context list`).")],
    customer: CustomerOption,
    json_output: JsonOption = False,
) -> None:
    """Remove an item from the customer's context (the change is logged, with its text: `mem context erase`
    forgets the text)."""
    with open_store(ctx, customer) as store:
        item = store.context.remove(item_id)
    emit({"removed": item.to_dict()}, as_json=want_json(ctx, json_output),
         human=lambda c, d: c.print(f"removed {d['removed']['id']}: {d['removed']['text']}", markup=False))


@context_app.command("erase")
def erase(
    ctx: typer.Context,
    item_id: Annotated[str, typer.Argument(help="The item id (from `mem context list` or `mem export`).")],
    customer: CustomerOption,
    json_output: JsonOption = False,
) -> None:
    """Erase an item's text for good, in context or already removed: it leaves the context and its
    context-log lines keep only time, action and id. An item made from a fact: erase the fact."""
    with open_store(ctx, customer) as store:
        store.context.erase(item_id)
    emit({"erased": item_id}, as_json=want_json(ctx, json_output),
         human=lambda c, d: c.print(f"erased context item {d['erased']}", markup=False))


@context_app.command("confirm")
def confirm(
    ctx: typer.Context,
    item_id: Annotated[str, typer.Argument(help="The proposed item id (from `mem context list --all`).")],
    customer: CustomerOption,
    json_output: JsonOption = False,
) -> None:
    """Confirm a proposed item (e.g. a promoted trait) so it is injected from now on."""
    with open_store(ctx, customer) as store:
        change = store.context.confirm(item_id, budget_chars=client_config(ctx).context.budget_chars)
    _report(ctx, change.to_dict(), json_output)


def _add(ctx: typer.Context, customer: str, text: str, *, source: str, importance: int | None, key: str | None,
         json_output: bool) -> None:
    from mem.customers.customer_context import checked_item, item_key

    budget = client_config(ctx).context.budget_chars
    # before a store is created: a refused item left an empty store behind
    text, _ = checked_item(text, source=source, importance=importance, budget_chars=budget)
    item_key(text, source=source, key=key)
    with open_store(ctx, customer, create=True) as store:
        change = store.context.add(text, source=source, importance=importance, key=key, budget_chars=budget)
    _report(ctx, change.to_dict(), json_output)


def _report(ctx: typer.Context, data: JsonObject, json_output: bool) -> None:
    as_json = want_json(ctx, json_output)
    if not as_json:
        for fact in data["demoted"]:
            warn(f"over budget: demoted to fact {fact['id']}: {fact['text']}")

    def human(console: Console, d: JsonObject) -> None:
        state = "kept" if d["kept"] else "demoted at once (least important)"
        if d.get("replaced"):
            state += f", replacing {d['replaced']['text']!r}"
        console.print(f"{d['item']['id']}: {d['item']['text']} — {state}; "
                      f"{d['used_chars']} of {d['budget_chars']} characters used", markup=False, highlight=False)

    emit(data, as_json=as_json, human=human)


def register(app: typer.Typer) -> None:
    app.add_typer(context_app, name="context")
