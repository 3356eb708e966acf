"""``mem log …``: the request log of one customer (import past conversations, list conversations)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.facts import open_store
from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit, info, plural, warn
from mem.cli.state import get_state, want_json
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console

    from mem.customers.log_files import ParsedImport

log_app = typer.Typer(help="One customer's request log: import past conversations, list them, forget them.",
                      no_args_is_help=True)


@log_app.command("import")
def import_(
    ctx: typer.Context,
    files: Annotated[list[Path], typer.Argument(
        help="JSONL, one turn a line {session, time, role|speaker, text, id?}, or one JSON array of turns (or "
             "{\"messages\": [...]}); - reads standard input. Several files, or a folder: each file is one "
             "customer (its lines' customer key, else its file name), without --customer.")],
    customer: Annotated[
        Optional[str],
        typer.Option("--customer", "-c", help="The customer whose memory this touches (exactly one; given twice is "
                                              "an error). Left out for a folder or several files."),
    ] = None,
    agent_speaker: Annotated[
        Optional[list[str]],
        typer.Option("--agent-speaker", help="Speaker name that is the agent, for lines without role "
                                        "(repeatable; case and spaces do not matter)."),
    ] = None,
    allow_future_times: Annotated[
        bool,
        typer.Option("--allow-future-times", help="Import turns dated more than a day after now as given "
                                                  "(refused otherwise: a device clock ahead)."),
    ] = False,
    drop_duplicates: Annotated[
        bool,
        typer.Option("--drop-duplicates", help="Leave out a line that repeats an earlier line of the same file (same "
                                               "time, role and text): an export's doubled turn. Kept and counted "
                                               "otherwise."),
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Import past conversations so extraction can use them; all lines or none.

    Lines group into conversations by `conversation` (default: the session tag); one already logged
    (holding some of the file's turns, or imported under the same key) is continued. A bad line, or a
    message over extract.max_message_bytes in mem.toml (256 KiB), stops the import with its line number and
    nothing is written (exit 2), and so does a time more than a day after now (a device clock ahead)
    unless --allow-future-times, and a line naming a second customer (one file, one customer). Empty
    messages are skipped and counted, internal notes (public: false, private, a note) left out and counted;
    unknown keys, and times before 1990 ("time": 0), are named in one warning each. An HTML body is stored
    as its text and quoted e-mail history is left out; a time's UTC offset is kept. A folder or several
    files import in one process, each file for its own customer, a bad file reported and the others
    imported (exit 2 if any failed). Run `mem extract` afterwards.
    """
    from mem.core.errors import InvalidInput
    from mem.customers.log_files import parse_import

    limit = get_state(ctx).config.extract.max_message_bytes
    if len(files) == 1 and not files[0].is_dir():
        if customer is None:
            raise InvalidInput("--customer ID is required for one file (a folder, or several files, imports each "
                               "file for the customer its lines or its file name give)")
        # read and checked before the store is opened: a refused file must not leave an empty customer
        parsed = parse_import(files[0], agent_speakers=agent_speaker or (), max_message_bytes=limit,
                              allow_future=allow_future_times)
        from mem.customers.batch_import import refuse_someone_else
        from mem.customers.log_files import import_name

        refuse_someone_else(get_state(ctx).config.home, import_name(files[0]), parsed, customer)
        from mem.customers.store import CustomerStore

        # a new customer exists only once this import is committed: a kill part-way leaves none
        with CustomerStore.open_for_import(get_state(ctx).config.home, customer, since=get_state(ctx).started) as store:
            report = store.log.import_parsed(parsed, import_name(files[0]), drop_duplicates=drop_duplicates)
        _warn_about(report, parsed, "")
        if not want_json(ctx, json_output):
            continued = f" ({report['continued']} continuing a logged one)" if report["continued"] else ""
            info(f"imported {plural(report['turns'], 'turn')} in {plural(report['conversations'], 'conversation')}"
                 f"{continued} for {customer}")
        emit(report, as_json=want_json(ctx, json_output), human=lambda c, d: None)
        return
    _import_batch(ctx, files, customer, agent_speaker or [], limit, allow_future_times, drop_duplicates, json_output)


def _import_batch(ctx: typer.Context, paths: list[Path], customer: str | None, agent_speakers: list[str],
                  limit: int, allow_future: bool, drop_duplicates: bool, json_output: bool) -> None:
    """Several files or a folder: each file for its own customer (mem.customers.batch_import)."""
    from mem.core.errors import InvalidInput
    from mem.customers.batch_import import IMPORT_SUFFIXES, batch_files, import_files

    if customer is not None:
        raise InvalidInput("--customer names one customer, and a folder or several files hold many: leave it out "
                           "(each file goes to the customer its lines' 'customer' key names, else its file name)")
    if any(str(p) == "-" for p in paths):
        raise InvalidInput("standard input (-) is one customer's file: import it on its own with --customer ID")
    files, others = batch_files(paths)
    if others:
        warn(f"left out {plural(others, 'file')} of the folder not named *{', *'.join(IMPORT_SUFFIXES)}")
    if not files:
        raise InvalidInput(f"no files to import in {', '.join(map(str, paths))}")
    state = get_state(ctx)
    results = import_files(state.config.home, files, agent_speakers=agent_speakers, max_message_bytes=limit,
                           allow_future=allow_future, since=state.started, drop_duplicates=drop_duplicates)
    as_json = want_json(ctx, json_output)
    failed = [r for r in results if r.error is not None]
    for result in results:
        if result.error is not None:
            info(f"error: {result.error}")
            continue
        assert result.parsed is not None
        _warn_about(result.report, result.parsed, f"{result.path}: ")
        if not as_json:
            info(f"{result.path}: imported {plural(result.report['turns'], 'turn')} for {result.customer}")
    done = [r for r in results if r.error is None]
    customers = len({r.customer for r in done})
    turns = sum(int(r.report["turns"]) for r in done)
    summary = (f"imported {plural(len(done), 'file')} for {plural(customers, 'customer')} ({plural(turns, 'turn')})"
               + (f"; {len(failed)} failed: {', '.join(r.path for r in failed[:10])}"
                  + (f" and {len(failed) - 10} more" if len(failed) > 10 else "") if failed else "")
               + ". Run `mem extract --customer ID` for each.")
    if not as_json:
        info(summary)
    emit([r.to_dict() for r in results], as_json=as_json, human=lambda c, d: None)
    if failed:
        raise InvalidInput(f"{plural(len(failed), 'file')} of {len(results)} not imported (named above); the others "
                           "were imported")


def _warn_about(report: JsonObject, parsed: ParsedImport, prefix: str) -> None:
    """The import's warnings, one line each (``prefix``: the file, in a batch)."""
    from mem.customers.log_files import IMPORT_KEYS, PLAUSIBLE_FROM, unknown_keys_text

    if report["unknown_keys"]:
        warn(f"{prefix}ignored unknown keys: {unknown_keys_text(report['unknown_keys'], report['unknown_key_count'])} "
             f"(known: {', '.join(IMPORT_KEYS)})")
    if report["already_logged"]:
        warn(f"{prefix}skipped {plural(report['already_logged'], 'turn')} already in the log (same time, role and "
             "text)")
    if report["duplicates_in_file"]:
        what = plural(report["duplicates_in_file"], "line")
        warn(f"{prefix}left out {what} repeating an earlier line of the file (same time, role and text)"
             if report["duplicates_dropped"] else
             f"{prefix}{what} {'repeats' if report['duplicates_in_file'] == 1 else 'repeat'} an earlier line of the "
             "file (same time, role and text): kept "
             "(--drop-duplicates leaves them out)")
    if report["already_erased"]:
        warn(f"{prefix}skipped {plural(report['already_erased'], 'turn')} erased at the customer's request "
             "(not imported again)")
    if report["reordered"]:
        warn(f"{prefix}times went backwards in {plural(report['reordered'], 'conversation')}: "
             "their turns were imported in time order")
    if parsed.early_time_count:
        warn(f"{prefix}{parsed.early_times_text()}: a time before {PLAUSIBLE_FROM.year} (an export's placeholder "
             "such as \"time\": 0?); imported as given, relative dates in those turns resolve against it")
    if parsed.future_time_count:
        warn(f"{prefix}{parsed.future_times_text()}: a time after now, imported as given (--allow-future-times); "
             "those turns count as the customer's latest word")
    if report["internal_notes"]:
        warn(f"{prefix}left out {plural(report['internal_notes'], 'internal note')} (marked public: false, private, "
             "internal or a note): only the agents saw them, they are not the customer's conversation")
    if report["skipped_empty"]:
        warn(f"{prefix}skipped {plural(report['skipped_empty'], 'empty message')}")


@log_app.command("list")
def list_(
    ctx: typer.Context,
    customer: CustomerOption,
    pending: Annotated[bool, typer.Option("--pending", help="Only conversations not fully extracted.")] = False,
    json_output: JsonOption = False,
) -> None:
    """List the customer's conversations: id, session, start, turns, turns already extracted."""
    with open_store(ctx, customer) as store:
        rows = [
            {"id": c.id, "session": c.session, "started_at": c.to_dict()["started_at"], "turns": len(c.turns),
             "extracted": c.extracted}
            for c in store.log.conversations(pending_only=pending)
        ]
    def human(console: Console, data: list[JsonObject]) -> None:
        if not data:
            console.print("(no conversations)", style="dim")
        for r in data:
            console.print(f"{r['id']}  {r['started_at']}  session {r['session']}  {plural(r['turns'], 'turn')}, "
                          f"{r['extracted']} extracted", markup=False, highlight=False)

    emit(rows, as_json=want_json(ctx, json_output), human=human)


@log_app.command("forget")
def forget(
    ctx: typer.Context,
    conversation: Annotated[str, typer.Argument(help="The conversation id (from `mem log list`).")],
    customer: CustomerOption,
    turn: Annotated[
        Optional[list[int]],
        typer.Option("--turn", "-t", min=1, help="Forget only this turn: its 1-based position in the conversation, "
                     "as `mem export` numbers it (repeatable). Default: the whole conversation."),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Forget a conversation, or some of its turns, at the customer's request.

    Erases every fact quoting those turns as `mem facts erase` does, then replaces each turn's text
    (and a customer turn's speaker name) with an erase's mark; the turn keeps its place, time and role, and
    a re-import of the same export does not bring it back. For what never became a fact, too: a
    health message dropped for lack of consent, small talk.
    """
    from mem.cli.facts import can_ask
    from mem.core.errors import InvalidInput, Refused
    from mem.customers.forget import forget_turns

    if not yes:
        if not can_ask():
            raise InvalidInput("forgetting asks for confirmation, and there is no terminal: pass --yes")
        what = f"turns {', '.join(map(str, turn))} of" if turn else "all of"
        if not typer.confirm(f"Forget {what} conversation {conversation} of {customer} for good?", err=True):
            raise Refused(f"not forgotten: conversation {conversation} stays")
    with open_store(ctx, customer) as store:
        report = forget_turns(store, conversation, turn or None)

    def human(console: Console, data: JsonObject) -> None:
        console.print(f"forgot {plural(data['turns'], 'turn')} of conversation {data['conversation']}; "
                      f"erased {plural(len(data['erased_facts']), 'fact')}", markup=False, highlight=False)

    emit(report, as_json=want_json(ctx, json_output), human=human)


@log_app.command("verify")
def verify(
    ctx: typer.Context,
    customer: CustomerOption,
    conversation: Annotated[Optional[list[str]], typer.Option(
        "--conversation", help="Only this conversation (repeatable; default: all).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Check that no logged answer was edited: each answer's seal against the lines up to it.

    Names the first line of each conversation that does not match (exit 1). The seal is not keyed: it finds
    edits that did not recompute it (sed, an editor, damage), not a forger who knows the construction
    (docs/customers.md, "Is the answer log tamper-evident?")."""
    from mem.core.errors import VerificationError
    from mem.customers.answer_chain import verify_log

    with open_store(ctx, customer) as store:
        checks = verify_log(store, conversation)
    data = [c.to_dict() for c in checks]

    def human(console: Console, rows: list[JsonObject]) -> None:
        for row in rows:
            verdict = "ok" if row["ok"] else f"DOES NOT MATCH: {row['problem']}"
            if row["ok"] and not row["sealed"]:
                verdict = "ok (no sealed answer: imported, or logged before answers were sealed)"
            console.print(f"{row['conversation']}  {plural(row['lines'], 'line')}, {row['sealed']} sealed  {verdict}",
                          markup=False, highlight=False)

    emit(data, as_json=want_json(ctx, json_output), human=human)
    bad = [c for c in checks if not c.ok]
    if bad:
        raise VerificationError(f"{plural(len(bad), 'conversation')} of {customer} changed after logging; the first: "
                                f"{bad[0].conversation} line {bad[0].line}")


def register(app: typer.Typer) -> None:
    app.add_typer(log_app, name="log")
