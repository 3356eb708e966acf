"""``mem share``: send one customer's anonymised decision facts for know-how (needs the customer's consent)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit
from mem.cli.state import get_state, want_json
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console


def share(
    ctx: typer.Context,
    customer: CustomerOption,
    server: Annotated[Optional[str], typer.Option("--server", help="Server URL (default: from `mem login`).")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print exactly the anonymised records a share would "
                                          "send, and send nothing (consent not needed).")] = False,
    json_output: JsonOption = False,
) -> None:
    """Upload this customer's decision facts, anonymised on this client; refused (exit 1) without consent.

    Prints the anonymised records it sent. --dry-run prints exactly the records a share would send and sends
    nothing (no server, no consent needed: check the anonymisation before consenting).
    """
    from mem.client.share_upload import share_customer

    config = get_state(ctx).config
    result = share_customer(config.home, customer, config=config, server=server, dry_run=dry_run)
    emit(result, as_json=want_json(ctx, json_output), human=_human)


def _human(console: Console, data: JsonObject) -> None:
    records = data.get("records") or []
    if data.get("dry_run"):
        head = (f"dry run, nothing sent: a share of {data['customer']} would send {data['would_send']} records and "
                f"withdraw {data['would_withdraw']} (sharing consent: {data.get('consent')})")
    elif "sent" in data:
        head = (f"sent {data['sent']} records of {data['customer']}, withdrew {data.get('withdrawn', 0)}"
                + (f", pseudonym {data['pseudonym']}" if data.get("pseudonym") else "")
                + (f"; {data['note']}" if data.get("note") else "")
                + (f"; not sent: {data['error']}" if data.get("error") else ""))
    else:
        head = ", ".join(f"{k} {v}" for k, v in data.items() if k != "records")
    console.print(head, markup=False, highlight=False)
    for record in records:
        console.print(f"- {record.get('month') or '?'}  when: {record.get('condition') or ''}\n"
                      f"  decision: {record.get('decision')}", markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("share")(share)
