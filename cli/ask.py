"""``mem ask`` and ``mem chat``: answer a customer from service memory and that customer's memory, with sources."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit, info, plural, skipped_page, stdout_console, warn, write_json
from mem.cli.state import get_state, want_json
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from mem.agent.answer import Answer

SessionOption = Annotated[
    Optional[str], typer.Option("--session", help="Session tag (sessions of one customer share memory).")
]
NoLearnOption = Annotated[
    bool, typer.Option("--no-learn", help="Do not extract facts when the conversation ends (turns stay pending).")
]
ExplainOption = Annotated[bool, typer.Option("--explain", help="Show the context assembly step by step.")]
RetrievalOption = Annotated[
    str, typer.Option("--retrieval", help="With a model: tools (it retrieves), pre (blocks in the prompt) or auto.")
]
ModelOption = Annotated[
    Optional[str],
    typer.Option("--model", help="llm model id (default: the model in mem.toml; '' = the deterministic engine)."),
]


def ask(
    ctx: typer.Context,
    customer: CustomerOption,  # a required option: no default (the argument below may be left out)
    question: Annotated[Optional[str], typer.Argument(help="The customer's question.")] = None,
    session: SessionOption = None,
    script: Annotated[
        Optional[Path], typer.Option("--script", help="Play a scripted conversation (JSONL, one {\"text\"} a line; "
                                                      "- reads standard input).")
    ] = None,
    no_learn: NoLearnOption = False,
    explain: ExplainOption = False,
    model: ModelOption = None,
    retrieval: RetrievalOption = "auto",
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Answer only: log nothing and learn nothing (an operator's check or replay).")] = False,
    from_workspace: Annotated[bool, typer.Option(
        "--from-workspace", help="Answer from --workspace even when the home holds a verified bundle.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Answer QUESTION for one customer, citing policy, know-how and the customer's facts.

    Service memory comes from the verified bundle in the client home (mem sync), else the workspace;
    --from-workspace uses the workspace. The turn is logged; facts are extracted after the answer unless
    --no-learn; --dry-run logs and learns nothing. Exit 0 answered, 2 error.
    """
    from mem.agent import ask_once, run_script
    from mem.agent.answer_record import source_line
    from mem.client.senders import ServerSenders
    from mem.client.service_source import open_service_memory
    from mem.core.errors import InvalidInput

    config = get_state(ctx).config
    as_json = want_json(ctx, json_output)
    if (question is None) == (script is None):
        raise InvalidInput("give either a QUESTION or --script FILE")
    service = open_service_memory(config, from_workspace=from_workspace, on_invalid=skipped_page)
    note = source_line(service, get_state(ctx).workspace_given)
    if note:
        info(note)
    if dry_run and script is not None:
        raise InvalidInput("--dry-run answers one QUESTION; it does not play a --script")
    with ServerSenders(config.home, config=config) as senders:
        if script is not None:
            # the transcript is printed turn by turn, before learning runs; the JSON form includes the learning
            def show(answer: Answer) -> None:
                render_turn(answer, explain=explain)

            answers, learning = run_script(config, customer, script, service=service, session=session,
                                           learn=not no_learn, model=model, retrieval_mode=retrieval,
                                           evidence=senders.evidence, sharer=senders.sharer,
                                           on_answer=None if as_json else show, since=get_state(ctx).started)
            if as_json:
                write_json({"session": answers[0].session, "turns": [a.to_dict() for a in answers],
                            "learning": learning.to_dict()})
            report_learning(learning.to_dict())
            return
        assert question is not None  # exactly one of QUESTION and --script (checked above)
        _, learning = ask_once(config, customer, question, service=service, session=session, learn=not no_learn,
                               model=model, retrieval_mode=retrieval, evidence=senders.evidence,
                               sharer=senders.sharer, since=get_state(ctx).started, dry_run=dry_run,
                               on_answer=lambda answer: show_answer(answer, as_json=as_json, explain=explain))
    report_learning(learning.to_dict())


def chat(
    ctx: typer.Context,
    customer: CustomerOption,
    session: SessionOption = None,
    no_learn: NoLearnOption = False,
    explain: ExplainOption = False,
    model: ModelOption = None,
    retrieval: RetrievalOption = "auto",
) -> None:
    """Talk with the agent as one customer; history is kept within the session. /end or EOF ends it.

    Learning (fact extraction) runs once, when the conversation ends, unless --no-learn.
    """
    from mem.agent import run_chat
    from mem.client.senders import ServerSenders
    from mem.client.service_source import open_service_memory

    config = get_state(ctx).config
    service = open_service_memory(config)

    def read_message() -> str | None:
        sys.stderr.write("you> ")
        sys.stderr.flush()
        line = sys.stdin.readline()
        if any("\udc80" <= ch <= "\udcff" for ch in line):
            warn("the message holds bytes that are not UTF-8 text; each is read as \ufffd")
        return None if line == "" else line.rstrip("\n")

    with ServerSenders(config.home, config=config) as senders:
        _, learning = run_chat(config, customer, read_message, service=service, session=session,
                               learn=not no_learn, model=model, retrieval_mode=retrieval,
                               evidence=senders.evidence, sharer=senders.sharer, since=get_state(ctx).started,
                               on_answer=lambda answer: render_turn(answer, explain=explain, show_question=False),
                               on_refused=lambda reason: warn(f"{reason}; the message was not sent"))
    report_learning(learning.to_dict())


def show_answer(answer: Answer, *, as_json: bool, explain: bool) -> None:
    if as_json:
        emit(answer.to_dict(), as_json=True)
        return
    render_turn(answer, explain=explain, show_question=False)


def render_turn(answer: Answer, *, explain: bool, show_question: bool = True) -> None:
    console = stdout_console()
    if show_question:
        console.print(f"customer> {answer.question}", markup=False, highlight=False)
    if explain:
        console.print("Context assembly:", style="bold", markup=False, highlight=False)
        for number, step in enumerate(answer.steps, start=1):
            console.print(f"  {number}. {step}", markup=False, highlight=False)
        console.print("")
    console.print(answer.text, markup=False, highlight=False)
    if answer.citations:
        console.print("\nSources:", markup=False, highlight=False)
        for citation in answer.citations:
            console.print("  " + citation_line(citation.to_dict()), markup=False, highlight=False)
    console.print("")
    for warning in answer.warnings:
        warn(warning)


def citation_line(c: JsonObject) -> str:
    where = f"{c['memory']} {c['id']}" + (f" v{c['version']}" if c.get("version") is not None else "")
    details = [d for d in (c.get("date"), c.get("status")) if d] + list(c.get("flags") or [])
    line = f"[{c['number']}] {where}" + (f" ({'; '.join(details)})" if details else "")
    return line + (f': "{c["quote"]}"' if c.get("quote") else "")


def report_learning(learning: JsonObject) -> None:
    extracted = learning.get("extracted")
    if extracted:
        counts = ", ".join(f"{k} {v}" for k, v in extracted.items() if isinstance(v, int))
        info(f"learnt after the conversation: {counts or extracted}")
    if (learning.get("evidence") or {}).get("sent"):
        info(f"agreement evidence sent to the service's evidence store: {plural(learning['evidence']['sent'], 'item')}")
    shared = learning.get("shared")
    if shared:
        withdrawn = f", {plural(shared['withdrawn'], 'earlier share')} withdrawn" if shared.get("withdrawn") else ""
        info(f"shared with the service, anonymised and with consent: "
             f"{plural(shared.get('sent', 0), 'decision fact')}{withdrawn}")
    for reason in learning.get("skipped", []):
        info(f"learning: {reason}")
    for error in learning.get("errors", []):
        warn(error)


def register(app: typer.Typer) -> None:
    app.command("ask")(ask)
    app.command("chat")(chat)
