"""``mem mcp``: serve one customer's memory to an agent host over the Model Context Protocol."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from mem.cli.options import CustomerOption
from mem.cli.output import info
from mem.cli.state import get_state


def mcp(
    ctx: typer.Context,
    customer: CustomerOption,
    http: Annotated[
        Optional[int],
        typer.Option("--http", metavar="PORT", help="Serve streamable HTTP on 127.0.0.1:PORT (0 picks a free port) "
                     "instead of stdio."),
    ] = None,
    session: Annotated[Optional[str], typer.Option("--session", help="Session tag for the logged turns.")] = None,
    no_learn: Annotated[
        bool, typer.Option("--no-learn", help="Do not extract facts when the session ends (turns stay pending).")
    ] = False,
    model: Annotated[
        Optional[str], typer.Option("--model", help="llm model id for the ask tool (default: the model in mem.toml).")
    ] = None,
) -> None:
    """Run an MCP server for one customer: tools ask, lookup_policy, search_knowhow, search_facts,
    fact_history, get_customer_context, log_turn, and the customer's rights (consent, export_memory,
    erase_fact, forget_conversation); resources for pages and the customer context.

    Over stdio by default (the host starts this command); --http PORT serves streamable HTTP on
    loopback. One process serves exactly one customer: no tool takes a customer id. Learning runs
    when the session ends. Messages go to stderr; stdout is the protocol.
    """
    from mem.agent.mcp_server import CustomerSession, serve
    from mem.cli.ask import report_learning
    from mem.client.senders import ServerSenders
    from mem.client.service_source import open_service_memory

    config = get_state(ctx).config
    with ServerSenders(config.home, config=config) as senders:
        session_ = CustomerSession(config, customer, service=open_service_memory(config), session=session,
                                   learn=not no_learn, model=model, evidence=senders.evidence,
                                   sharer=senders.sharer)
        serve(session_, http_port=http,
              on_listening=lambda url: info(f"serving customer {customer} over MCP at {url} (Ctrl-C stops)"),
              on_end=lambda learning: report_learning(learning.to_dict()))


def register(app: typer.Typer) -> None:
    app.command("mcp")(mcp)
