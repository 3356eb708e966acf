"""``mem ingest DOC…``: official documents → policy pages (movement 1)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mem.cli.options import JsonOption, path_argument
from mem.cli.output import emit, info, print_table, progress, warn
from mem.cli.state import get_state, require_workspace, want_json
from mem.core.errors import InvalidInput
from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from rich.console import Console


def ingest(
    ctx: typer.Context,
    documents: Annotated[
        Optional[list[Path]],
        typer.Argument(help="PDF, Word (.docx), Markdown, text, HTML or CSV (questions and answers, or a table) "
                            "files, or folders of them; - reads one from standard input.",
                       show_default=False, parser=path_argument),
    ] = None,
    page_id: Annotated[Optional[str], typer.Option("--id", help="Make the document ONE page with this id.")] = None,
    title: Annotated[Optional[str], typer.Option("--title", help="Make the document ONE page with this title.")] = None,
    effective: Annotated[
        Optional[str], typer.Option("--effective", help="Date the revised pages take effect (YYYY-MM-DD).")
    ] = None,
    model: Annotated[
        Optional[str], typer.Option("--model", help="llm model id to write the pages ('' = deterministic engine).")
    ] = None,
    split: Annotated[
        Optional[str],
        typer.Option("--split", help="Cut pages at: auto, h1, h2, h3 or none (default: ingest.split in mem.toml)."),
    ] = None,
    replace: Annotated[
        bool, typer.Option("--replace", help="Let this document take over pages another document made "
                                             "(or a renamed edition its own).")
    ] = False,
    id_prefix: Annotated[
        Optional[str], typer.Option("--id-prefix", help="Prefix the ids of this document's new pages (e.g. airline).")
    ] = None,
    allow_older: Annotated[
        bool, typer.Option("--allow-older", help="Ingest a document byte-identical to an edition this workspace "
                                                 "already replaced (roll its pages back).")
    ] = False,
    name: Annotated[
        Optional[str],
        typer.Option("--name", help="File name for the document read from standard input (-), e.g. refunds-v4.md; "
                     "it is kept under sources/ with this name."),
    ] = None,
    retire: Annotated[
        Optional[str],
        typer.Option("--retire", metavar="DOC",
                     help="Retire a document instead: its pages become deprecated (version + 1), one commit; DOC is "
                          "its file name (refunds.md) or id (refunds)."),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Turn official documents into policy pages: one page per section, cited, versioned, one commit each.

    Re-ingesting a changed document revises only the changed sections' pages (version + 1); an identical one
    changes nothing. A section of another document never revises a page (see --replace, --id-prefix).

    Bad input (missing, empty, binary, too large, encrypted or scanned PDF) writes nothing.
    `--retire DOC` withdraws a document: customers' facts made under its pages are flagged on the next sync.
    """
    from mem.policies.ingest import ingest_documents

    workspace = require_workspace(ctx)
    config = get_state(ctx).config
    documents = documents or []
    if retire is not None:
        if documents or page_id or title or effective or split or replace or allow_older or id_prefix or name \
                or model:
            raise InvalidInput("--retire DOC retires a document: give no documents or other ingest options with it")
        from mem.policies.retire import retire_document

        results = [retire_document(workspace, retire)]
        emit([r.to_dict() for r in results], as_json=want_json(ctx, json_output), human=_human)
        return
    with tempfile.TemporaryDirectory(prefix="mem-stdin-") as scratch:
        documents = _with_stdin(documents, name, Path(scratch), max_bytes=config.ingest.max_bytes)
        # errors about standard input name it, not the scratch copy ("/tmp/mem-stdin-9l1bp772/x.pdf")
        labels = {Path(scratch) / name: f"standard input ({name})"} if name else {}
        with progress("ingesting") as on_progress:
            results = ingest_documents(workspace, documents, config=config, page_id=page_id, title=title,
                                       effective=effective, model=model, split=split, replace=replace,
                                       id_prefix=id_prefix, on_progress=on_progress, labels=labels,
                                       allow_older=allow_older)
    data = [r.to_dict() for r in results]
    if want_json(ctx, json_output):
        emit(data, as_json=True)
        return
    emit(data, as_json=False, human=_human)


def _with_stdin(documents: list[Path], name: str | None, scratch: Path, *, max_bytes: int) -> list[Path]:
    """``-`` becomes standard input saved as ``scratch/NAME``: ingest keeps a source by its file name."""
    dashes = [d for d in documents if str(d) == "-"]
    if not dashes:
        if name is not None:
            raise InvalidInput("--name names the document read from standard input; give - as the document")
        return documents
    if len(dashes) > 1:
        raise InvalidInput("standard input (-) can be given once")
    if not name:
        raise InvalidInput("reading a document from standard input (-) needs --name FILE (e.g. refunds-v4.md)")
    if Path(name).name != name or name in (".", "..") or "\\" in name:
        raise InvalidInput(f"--name must be a plain file name, not a path: {name!r}")
    stream = getattr(sys.stdin, "buffer", None)  # bytes when stdin is a real stream; text when it was replaced
    data = stream.read(max_bytes + 1 if max_bytes else -1) if stream is not None else sys.stdin.read().encode()
    saved = scratch / name
    saved.write_bytes(data)  # a scratch copy: the reader's size, format and emptiness checks apply as to a file
    return [saved if str(d) == "-" else d for d in documents]


def _human(console: Console, data: list[JsonObject]) -> None:
    rows = [{"source": d["source"], "page": p["id"], "version": f"v{p['version']}", "change": p["change"]}
            for d in data for p in d["pages"]]
    print_table(console, rows)
    for d in data:
        for line in d.get("warnings") or []:
            warn(str(line))
        info(f"{d['source']}: " + (f"committed {d['commit'][:10]}" if d["commit"] else "no change, nothing committed"))
        for p in d["pages"]:
            if p["change"] == "renumbered":
                info(f"policies/{p['id']}.md v{p['version']}: renumbered - the file's version was below one "
                     "already committed or published, or named other text there too (git revert, reset, a merge, "
                     "a rebase, a hand edit); clients recheck the facts citing it")
        for f in d["flagged"]:
            shown = f["sentence"] if len(f["sentence"]) <= 80 else f["sentence"][:77] + "…"
            warn(f"{f['page']}:{f['line']}: text addresses the AI — {f['reason']}: {shown!r} "
                 "(mem lint reports it as instruction-text and mem bundle build refuses it)")
        for note in d.get("upcoming") or []:
            info(note)


def register(app: typer.Typer) -> None:
    app.command("ingest")(ingest)
