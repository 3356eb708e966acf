"""``mem extract``: turn one customer's pending request log into facts (movement 2, then 3 and 6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit, plural, progress
from mem.cli.state import client_config, want_json
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console


def extract(
    ctx: typer.Context,
    customer: CustomerOption,
    again: Annotated[bool, typer.Option(
        "--again", help="Then judge the customer's active facts again under the current rules: an older mem's "
        "store keeps its judgement (two homes, two names active) until this is run once after an upgrade.",
    )] = False,
    json_output: JsonOption = False,
) -> None:
    """Extract facts from every pending conversation of one customer.

    Grounds every fact in the customer's own words, judges it against similar facts (ADD / UPDATE /
    DELETE / NONE), applies customer-context requests and promotions, and looks for traits. Uses the
    model in model.name (mem.toml), else the offline deterministic engine. Exit 1 when a model answer was
    rejected (nothing of it was written; the conversation stays pending). With --again, the facts already
    stored are judged again afterwards (only UPDATEs between slot facts; nothing is added or deleted; a value that
    replaced one the customer said later is put back in time order), and screened by today's sensitive-category
    rules (a fact an older mem stored as not sensitive is marked).
    """
    from mem.cli.facts import open_store
    from mem.customers.extract import extract_pending

    config = client_config(ctx)
    with open_store(ctx, customer) as store, progress("extracting") as on_progress:
        report = extract_pending(store, config=config, on_progress=on_progress)
        data = report.to_dict()
        if again:
            from mem.customers.rejudge import rejudge

            data["again"] = rejudge(store, keep_statements=bool(config.model.name)).to_dict()
    emit(data, as_json=want_json(ctx, json_output), human=lambda console, shown: _human(console, shown, customer))
    if report.rejected:
        raise typer.Exit(1)


def _human(console: Console, data: JsonObject, customer: str = "CUSTOMER") -> None:
    console.print(
        f"{plural(data['conversations'], 'conversation')}, {plural(data['turns'], 'turn')} ({data['engine']} engine): "
        f"{len(data['added'])} added, {len(data['updated'])} updated, {len(data['retracted'])} retracted, "
        f"{data['unchanged']} unchanged",
        markup=False, highlight=False,
    )
    console.print(
        f"dropped: {data['dropped_ungrounded']} ungrounded, {data['dropped_sensitive']} sensitive without consent; "
        f"traits: {len(data['traits_added'])} new, {len(data['traits_updated'])} updated, "
        f"{len(data['recheck_flagged'])} flagged for recheck",
        markup=False, highlight=False,
    )
    if data.get("customer_turns_without_facts"):
        console.print(f"{plural(data['customer_turns_without_facts'], 'customer turn')} gave no fact (small talk, a "
                      "question, or nothing mem could read as a statement)", markup=False, highlight=False)
    for change in data["context"]:
        console.print(f"context {change['action']}: {change['text']} ({change['reason']})", markup=False,
                      highlight=False)
    if data["damaged_skipped"]:
        console.print(f"passed over {plural(data['damaged_skipped'], 'damaged request-log record')} "
                      "(named in the warnings above)", markup=False, highlight=False)
    for rejected in data["rejected"]:
        console.print(f"rejected {rejected['conversation']}: {rejected['reason']}", markup=False, highlight=False)
    again = data.get("again")
    if isinstance(again, dict):
        replaced = again["replaced"]
        console.print(f"judged again: {plural(again['judged'], 'slot fact')}, {len(replaced)} replaced, "
                      f"{plural(len(again['statements']), 'statement')} rebuilt", markup=False, highlight=False)
        for change in replaced:
            console.print(f"replaced {change['old']} by {change['new']}: {change['reason']}", markup=False,
                          highlight=False)
        for change in again.get("reordered") or []:
            console.print(f"put in the order said: {change['active']} (said last) is in force again, "
                          f"{change['was_active']} is history", markup=False, highlight=False)
        for marked in again.get("screened") or []:
            consent = "" if marked["consented"] else (
                f" without the customer's consent: erase it (mem facts erase -c {customer} "
                f"{marked['id']}) or record the consent (mem consent -c {customer} --allow {marked['sensitive']})")
            console.print(f"now marked sensitive ({marked['sensitive']}) by today's rules: {marked['id']}{consent}",
                          markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("extract")(extract)
