"""``mem facts …`` and ``mem reindex``: see, search and correct one customer's facts."""

from __future__ import annotations

import sys
from datetime import date
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.options import CustomerOption, JsonOption
from mem.cli.output import emit, info, progress
from mem.cli.state import client_config, get_state, want_json
from mem.core.errors import InvalidInput, Refused
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console

    from mem.customers.store import CustomerStore

facts_app = typer.Typer(
    help="See, search and correct one customer's facts (dated sentences with the customer's own words).",
    no_args_is_help=True,
)

FactId = Annotated[str, typer.Argument(help="The fact id (from `mem facts search` or `list`).")]
KindOption = Annotated[
    Optional[list[str]],
    typer.Option("--kind", help="Only this kind (repeatable): event, decision, attribute, preference, request, trait."),
]
StatusOption = Annotated[
    Optional[list[str]],
    typer.Option("--status", help="Only this status (repeatable): active, replaced, retracted. Default: active."),
]
SinceOption = Annotated[Optional[str], typer.Option("--since", help="Only facts dated on or after DATE (YYYY-MM-DD).")]


def open_store(ctx: typer.Context, customer: str, *, create: bool = False) -> CustomerStore:
    """The customer's store (one lock, closed by the caller's ``with``)."""
    from mem.customers.store import CustomerStore

    state = get_state(ctx)
    return CustomerStore.open(state.config.home, customer, create=create, since=state.started)


def parse_date(value: str | None, *, what: str = "--since") -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError as exc:
        raise InvalidInput(f"{what} must be a date YYYY-MM-DD, got {value!r}") from exc


@facts_app.command("search")
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="Words to look for (any language; punctuation is ignored).")],
    customer: CustomerOption,
    limit: Annotated[int, typer.Option("--limit", "-k", min=1, max=500, help="Most results to show.")] = 10,
    kind: KindOption = None,
    status: StatusOption = None,
    since: SinceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Search the customer's facts: BM25 over the fact and its evidence, newer first on ties.

    Replaced and retracted facts are hidden unless --status asks for them. A sentence said word for word again on
    other days is shown once, with how often and when ("said again 46 times: …"); --json lists every fact. Exit 0
    (also when nothing matches).
    """
    as_json = want_json(ctx, json_output)
    # read for people, a sentence said word for word again on other days is one entry (``_grouped``): more hits are
    # read so that ``limit`` different ones are shown, not ten copies of one (new-user report 25B #4)
    wanted = limit if as_json else min(500, limit * 5)
    with open_store(ctx, customer) as store:
        hits = store.facts.search(query, limit=wanted, kinds=kind, statuses=status, since=parse_date(since))
        data = [hit.to_dict() for hit in hits]
    if not as_json:
        data = [fact for first, others in _grouped(data)[:limit] for fact in (first, *others)]
    emit(data, as_json=as_json, human=_render_facts)


@facts_app.command("list")
def list_(
    ctx: typer.Context,
    customer: CustomerOption,
    kind: KindOption = None,
    status: StatusOption = None,
    all_: Annotated[bool, typer.Option("--all", help="Include replaced and retracted facts.")] = False,
    recheck: Annotated[bool, typer.Option("--recheck", help="Only facts flagged 'recheck needed'.")] = False,
    since: SinceOption = None,
    limit: Annotated[Optional[int], typer.Option("--limit", min=1, help="Most facts to show.")] = None,
    json_output: JsonOption = False,
) -> None:
    """List the customer's facts, newest first (active ones unless --status/--all).

    A sentence said word for word again on other days is one line, with how often and when; --json lists every fact.
    """
    statuses = None if all_ else (status or ["active"])
    with open_store(ctx, customer) as store:
        facts = store.facts.list(kinds=kind, statuses=statuses, since=parse_date(since), recheck_only=recheck,
                                 limit=limit)
    emit([f.to_dict() for f in facts], as_json=want_json(ctx, json_output), human=_render_table)


@facts_app.command("show")
def show(ctx: typer.Context, fact_id: FactId, customer: CustomerOption, json_output: JsonOption = False) -> None:
    """Show one fact with every field: evidence, links, policy versions, recheck flag."""
    with open_store(ctx, customer) as store:
        fact = store.facts.get(fact_id)
    emit(fact.to_dict(), as_json=want_json(ctx, json_output), human=lambda c, d: _render_facts(c, [d]))


@facts_app.command("history")
def history(ctx: typer.Context, fact_id: FactId, customer: CustomerOption, json_output: JsonOption = False) -> None:
    """Every change of a fact, oldest first (added, replaced, edited, confirmed, recheck, erased…)."""
    with open_store(ctx, customer) as store:
        entries = [entry.to_dict() for entry in store.facts.history(fact_id)]

    def human(console: Console, rows: list[JsonObject]) -> None:
        for r in rows:
            fact = r["fact"] or {}
            reason = f" ({r['reason']})" if r["reason"] else ""
            console.print(f"{r['at']}  {r['action']} by {r['actor']}{reason}", style="bold", markup=False,
                          highlight=False)
            console.print(f"  [{fact.get('status', '-')}] {fact.get('text', '(text erased)')}", markup=False,
                          highlight=False)

    emit(entries, as_json=want_json(ctx, json_output), human=human)


@facts_app.command("edit")
def edit(
    ctx: typer.Context,
    fact_id: FactId,
    customer: CustomerOption,
    text: Annotated[Optional[str], typer.Option("--text", help="The corrected sentence.")] = None,
    kind: Annotated[Optional[str], typer.Option("--kind", help="The corrected kind.")] = None,
    on: Annotated[Optional[str], typer.Option("--date", help="The corrected date (YYYY-MM-DD).")] = None,
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the history).")] = "",
    by: Annotated[Optional[str], typer.Option(
        "--by", help="Who corrects it (shown with the correction; default: your login name).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Correct a fact; the previous version stays in its history.

    A new --text is stored as the operator's correction (who, when) beside the customer's own quote, which
    stays; without --date the fact's date follows a day the corrected text names."""
    who = by if by is not None else _login_name()
    with open_store(ctx, customer) as store:
        fact = store.facts.edit(fact_id, text=text, kind=kind, valid_at=parse_date(on, what="--date"), reason=reason,
                                by=who)
    emit(fact.to_dict(), as_json=want_json(ctx, json_output), human=lambda c, d: _render_facts(c, [d]))


@facts_app.command("retract")
def retract(
    ctx: typer.Context,
    fact_id: FactId,
    customer: CustomerOption,
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the history).")] = "",
    json_output: JsonOption = False,
) -> None:
    """Mark a fact retracted: hidden from search, kept in history. Exit 1 if it is not active."""
    with open_store(ctx, customer) as store:
        fact = store.facts.retract(fact_id, reason=reason, actor="customer")
    emit(fact.to_dict(), as_json=want_json(ctx, json_output), human=lambda c, d: _render_facts(c, [d]))


@facts_app.command("confirm")
def confirm(ctx: typer.Context, fact_id: FactId, customer: CustomerOption, json_output: JsonOption = False) -> None:
    """Confirm a fact; an every-conversation attribute or trait then enters customer context if there is room."""
    from mem.customers.promotion import confirm_fact

    with open_store(ctx, customer) as store:
        result = confirm_fact(store, fact_id, config=client_config(ctx))
    if result.context is not None and not want_json(ctx, json_output):
        verb = "added to customer context" if result.context.action == "added" else "not added to customer context"
        info(f"{verb}: {result.context.text} ({result.context.reason})")
    emit(result.to_dict(), as_json=want_json(ctx, json_output), human=lambda c, d: _render_facts(c, [d]))


def can_ask() -> bool:
    """Whether a person can answer a confirmation (standard input is a terminal)."""
    return sys.stdin.isatty()


@facts_app.command("erase")
def erase(
    ctx: typer.Context,
    fact_id: FactId,
    customer: CustomerOption,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Erase a fact for good, at the customer's request: the only hard delete.

    Removes the fact, its history text, its index entry and outbox evidence, the context items made
    from it, its quotes in traits and the request log, and its words in the reason of the fact it was
    replaced by; an erased decision is withdrawn by the next share. A tombstone (id, time, "erased")
    remains. Evidence already sent to the service cannot be recalled from here.
    """
    if not yes:
        # exit codes stay 0/1/2: no terminal to ask on is a usage error, a "no" is a refusal
        if not can_ask():
            raise InvalidInput("erasing asks for confirmation, and there is no terminal: pass --yes")
        if not typer.confirm(f"Erase fact {fact_id} of {customer} for good?", err=True):
            raise Refused(f"not erased: {fact_id} stays")
    from mem.customers.erase_ledger import backup_warning

    with open_store(ctx, customer) as store:
        recorded_at = store.facts.get(fact_id).recorded_at  # a fact recorded after the backup is not in it
        store.facts.erase(fact_id)
    backup = backup_warning(get_state(ctx).config.home, customer, recorded_at)

    def human(console: Console, data: JsonObject) -> None:
        console.print(f"erased {data['erased']}", markup=False, highlight=False)
        if data["backup_before"]:
            console.print(f"⚠ {data['backup_before']}", markup=False, highlight=False)

    emit({"erased": fact_id, "backup_before": backup}, as_json=want_json(ctx, json_output), human=human)


def reindex(ctx: typer.Context, customer: CustomerOption, json_output: JsonOption = False) -> None:
    """Rebuild one customer's search index from memory.db (the index is derived data)."""
    with open_store(ctx, customer) as store, progress("reindexing") as on_progress:
        count = store.facts.reindex(on_progress=on_progress)
    if not want_json(ctx, json_output):
        info(f"indexed {count} facts of {customer}")
    emit({"customer": customer, "indexed": count}, as_json=want_json(ctx, json_output), human=lambda c, d: None)


def _grouped(facts: list[JsonObject]) -> list[tuple[JsonObject, list[JsonObject]]]:
    """Facts of one kind and status saying the same thing word for word, as one entry: the first of them (the
    best match, or the newest) and the others, in the order given. Memory keeps them apart — each is dated by its
    own conversation, and repeats on distinct days are what a trait counts (docs/extraction.md) — but a person
    reading a list wants the sentence once, with how often it was said."""
    groups: dict[tuple[str, str, str], tuple[JsonObject, list[JsonObject]]] = {}
    for fact in facts:
        key = (str(fact.get("kind")), str(fact.get("status")), " ".join(str(fact.get("text") or "").split()))
        if key in groups:
            groups[key][1].append(fact)
        else:
            groups[key] = (fact, [])
    return list(groups.values())


def _repeats(others: list[JsonObject]) -> str:
    """`` (said again 46 times: 2026-01-02 … 2026-03-01; every id with --json)`` for the others of a group."""
    if not others:
        return ""
    days = sorted(str(f.get("valid_at") or (f.get("recorded_at") or "")[:10]) for f in others)
    span = days[0] if days[0] == days[-1] else f"{days[0]} … {days[-1]}"
    return f"  (said again {len(others)} time{'s' if len(others) != 1 else ''}: {span}; every id with --json)"


def _render_facts(console: Console, facts: list[JsonObject]) -> None:
    if not facts:
        console.print("(no facts)", style="dim")
        return
    for fact, others in _grouped(facts):
        when = fact.get("valid_at") or (fact.get("recorded_at") or "")[:10]
        head = f"{fact['id']}  {when}  {fact['kind']}  {fact['status']}"
        if fact.get("origin") == "inferred":
            head += "  inferred" + ("" if fact.get("confirmed") else " (unconfirmed)")
        console.print(head, style="bold", markup=False, highlight=False)
        console.print(f"  {fact['text']}", markup=False, highlight=False)
        if others:
            console.print(f" {_repeats(others)}", style="dim", markup=False, highlight=False)
        if fact.get("statement") and fact["statement"] != fact["text"]:
            console.print(f"  statement: {fact['statement']}", markup=False, highlight=False)
        recheck = fact.get("recheck") or {}
        if recheck.get("flag"):
            console.print(f"  ⚠ {recheck.get('reason') or 'recheck needed'}", style="yellow", markup=False)
        if fact.get("instruction_like"):
            console.print("  ⚠ instruction-like: addressed to the AI; kept as said, never context or history",
                          style="yellow", markup=False)
        if fact.get("unscreened"):
            console.print(f"  ⚠ unscreened ({fact['unscreened']}): a language the injection screen does not read; "
                          "kept as said, never context or history", style="yellow", markup=False)
        if fact.get("policy_refs"):
            refs = ", ".join(f"{r['page']} v{r['version']}" for r in fact["policy_refs"])
            console.print(f"  policy: {refs}", markup=False, highlight=False)
        for evidence in fact.get("evidence") or []:
            console.print(f"  {_evidence_label(evidence)}: \"{evidence['quote']}\"", markup=False, highlight=False)
        links = [f"{k}: {fact[k]}" for k in ("supersedes", "superseded_by") if fact.get(k)]
        if links:
            console.print("  " + "; ".join(links), style="dim", markup=False)


def _evidence_label(evidence: JsonObject) -> str:
    role = evidence.get("role")
    if role == "operator":
        return f"correction (operator {evidence.get('speaker') or '?'}, {evidence.get('turn')})"
    if role == "customer-corrected":
        return "evidence (customer, before the correction)"
    if role == "customer" and evidence.get("log_id") == "correction":  # stored by a mem before 0.1.0+round 20
        return f"correction ({evidence.get('turn')}, stored as the customer's words by an older mem)"
    return f"evidence ({role})"


def _login_name() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name (a container without a passwd entry)
        return "operator"


def _render_table(console: Console, facts: list[JsonObject]) -> None:
    # One line per fact rather than a table: ids must stay whole so they can be copied into commands.
    if not facts:
        console.print("(no facts)", style="dim")
        return
    for f, others in _grouped(facts):
        when = f.get("valid_at") or (f.get("recorded_at") or "")[:10]
        flag = _repeats(others)
        flag += "  ⚠ recheck" if (f.get("recheck") or {}).get("flag") else ""
        flag += "  ⚠ instruction-like" if f.get("instruction_like") else ""
        flag += f"  ⚠ unscreened ({f['unscreened']})" if f.get("unscreened") else ""
        console.print(f"{f['id']}  {when}  {f['kind']:<10}  {f['status']:<9}  {f['text']}{flag}",
                      markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.add_typer(facts_app, name="facts")
    app.command("reindex")(reindex)
