"""``mem pages …``: list pages, show one (as it was at version N), its history, diffs — conveniences over git."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console

from typing import Annotated, Optional

import typer

from mem.cli.options import JsonOption
from mem.cli.output import emit, print_table, skipped_page
from mem.cli.state import require_workspace, want_json

pages_app = typer.Typer(help="Policy and know-how pages and their history (git log -p policies/ tells the same).",
                        no_args_is_help=True)

PageId = Annotated[str, typer.Argument(help="Page id (the file name without .md).", show_default=False)]


@pages_app.command("list")
def list_pages(
    ctx: typer.Context,
    type_: Annotated[Optional[str], typer.Option("--type", help="Only 'policy' or 'knowhow' pages.")] = None,
    json_output: JsonOption = False,
) -> None:
    """List the pages: id, type, title, version, status, effective date, summary."""
    from mem.wiki.store import Wiki

    pages = Wiki(require_workspace(ctx)).pages(type_, on_invalid=skipped_page)
    rows = [{"id": p.id, "type": p.type, "title": p.title, "version": p.version, "status": p.status,
             "effective": p.effective.isoformat() if p.effective else None, "summary": p.summary} for p in pages]
    emit(rows, as_json=want_json(ctx, json_output),
         human=lambda console, data: print_table(console, data, ["id", "type", "title", "version", "status",
                                                                 "effective"]))


@pages_app.command("show")
def show(
    ctx: typer.Context,
    page_id: PageId,
    version: Annotated[Optional[int], typer.Option("--version", "-v", help="The page as it was at version N.")] = None,
    json_output: JsonOption = False,
) -> None:
    """Print a page (the current file, or from git as it was at --version N)."""
    from mem.wiki.history import page_text_at
    from mem.wiki.page import split_frontmatter
    from mem.wiki.store import Wiki

    workspace = require_workspace(ctx)
    if version is None:
        from mem.cli.output import warn
        from mem.wiki.working_copy import page_note

        text = Wiki(workspace).path_of(page_id).read_text(encoding="utf-8")
        note = page_note(workspace, page_id)
        if note:
            warn(note)
    else:
        text = page_text_at(workspace, page_id, version)
    if want_json(ctx, json_output):
        meta, body, _ = split_frontmatter(text)
        emit({"id": page_id, "meta": meta, "body": body.lstrip("\n")}, as_json=True)
    else:
        typer.echo(text, nl=not text.endswith("\n"))


@pages_app.command("history")
def history(ctx: typer.Context, page_id: PageId, json_output: JsonOption = False) -> None:
    """Versions of a page, oldest first: version, effective date, date written, commit, message, sources."""
    from mem.wiki.history import page_history

    rows = [v.to_dict() for v in page_history(require_workspace(ctx), page_id)]
    emit(rows, as_json=want_json(ctx, json_output), human=_history_table)


def _history_table(console: Console, rows: list[JsonObject]) -> None:
    # the day an edition applies from beside the day it was written (to the minute: the column fits)
    shown = [dict(r, commit=r["commit"][:10], version=_version_label(r), effective=r.get("effective") or "",
                  date=str(r["date"])[:16].replace("T", " ")) for r in rows]
    # one line per version: the commit message is cut to the room the other columns leave (at 80 columns a commit
    # naming four pages wrapped into eight lines per version, newuser25 #8); `--json` and `git log` keep it whole
    from rich.cells import cell_len

    columns = ["version", "effective", "date", "commit", "message", "sources"]
    for row in shown:
        row["message"] = str(row.get("message") or "").split("\n", 1)[0]
    others = sum(max(len(c), *(cell_len(_cell_text(r.get(c))) for r in shown)) for c in columns if c != "message")
    if not console.is_terminal:
        # a CI log or a pipe has no width to fit (rich assumes 80 columns): at 80 the other columns alone took the
        # room, so every row wrapped over two lines and each message was cut to "ingest: Ref…" (newuser26 #13).
        # One line per version, the message's first line whole, as wide as that takes
        from mem.cli.output import console_of_width

        message = max(len("message"), *(cell_len(r["message"]) for r in shown))
        console = console_of_width(console.file, 1 + 3 * len(columns) + others + message)
        print_table(console, shown, columns)
        return
    room = max(console.width - (1 + 3 * len(columns)) - others, _MESSAGE_MIN)
    for row in shown:
        row["message"] = _cut(row["message"], room)
    print_table(console, shown, columns)


# the narrowest the message column is cut to; below it the table gives way to one block per version
_MESSAGE_MIN = 12


def _cell_text(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal cells, "…" marking the cut."""
    from rich.cells import cell_len, set_cell_size

    return text if cell_len(text) <= width else set_cell_size(text, width - 1) + "…"


def _version_label(row: JsonObject) -> str:
    if row["version"] is not None:
        return f"v{row['version']}"
    return "deleted" if row["status"] == "deleted" else "?"  # "?": frontmatter unreadable in that commit


@pages_app.command("diff")
def diff(
    ctx: typer.Context,
    page_id: PageId,
    old: Annotated[Optional[int], typer.Argument(help="Older version (default: the one before NEW).")] = None,
    new: Annotated[Optional[int], typer.Argument(help="Newer version (default: the current one).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Unified diff of a page between two versions (default: previous → current)."""
    from mem.wiki.history import page_diff, page_history

    workspace = require_workspace(ctx)
    text = page_diff(workspace, page_id, old, new)
    if want_json(ctx, json_output):
        emit({"id": page_id, "old": old, "new": new, "diff": text}, as_json=True)
    elif text:
        typer.echo(text, nl=not text.endswith("\n"))
    elif old is None and len({v.version for v in page_history(workspace, page_id) if v.version is not None}) == 1:
        typer.echo(f"{page_id} has only one version: there is nothing to compare it with")
    else:
        typer.echo("(no difference)")


@pages_app.command("search")
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="Words to look for.", show_default=False)],
    type_: Annotated[Optional[str], typer.Option("--type", help="Only 'policy' or 'knowhow' pages.")] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, max=500, help="Most hits to show.")] = 5,
    json_output: JsonOption = False,
) -> None:
    """Keyword search over the pages, best first — the look-up the agent uses (deprecated pages hidden)."""
    from mem.wiki.search import search_pages

    hits = [h.to_dict() for h in search_pages(require_workspace(ctx), query, type=type_, limit=limit)]
    emit(hits, as_json=want_json(ctx, json_output),
         human=lambda console, data: print_table(console, data, ["id", "version", "score", "snippet"]))


@pages_app.command("review")
def review(
    ctx: typer.Context,
    page_ids: Annotated[Optional[list[str]], typer.Argument(help="Policy page ids to review.", show_default=False)]
    = None,
    by: Annotated[Optional[str], typer.Option(
        "--by", help="Who reviewed (recorded; one line, at most 100 characters).")] = None,
    unreviewed: Annotated[bool, typer.Option(
        "--unreviewed", help="Every policy page in force without a review of its current version.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Record that you read policy pages' current versions: the `verified` entry bundle.require_review asks for,
    in one commit (committed text only)."""
    from mem.core.errors import InvalidInput
    from mem.wiki.review import review_pages

    if not by:
        raise InvalidInput("--by NAME is required to record a review")
    result = review_pages(require_workspace(ctx), page_ids or [], by=by, unreviewed=unreviewed)
    if want_json(ctx, json_output):
        emit(result, as_json=True)
        return
    done = result["reviewed"]
    for row in done:
        typer.echo(f"{row['id']} v{row['version']} reviewed")
    if result["already"]:
        typer.echo(f"already reviewed at their current version: {', '.join(result['already'])}")
    if result["commit"]:
        typer.echo(f"committed {str(result['commit'])[:10]}")
    elif not done:
        typer.echo("nothing to review: no change, nothing committed")


def register(app: typer.Typer) -> None:
    app.add_typer(pages_app, name="pages")
