"""``mem bundle``: build and publish the signed bundle of service memory (operator side)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from mem.cli.options import JsonOption, path_argument
from mem.cli.output import emit, progress, warn
from mem.cli.state import get_state, require_workspace, want_json

bundle_app = typer.Typer(help="Build the signed bundle clients download with `mem sync`.", no_args_is_help=True)


@bundle_app.command("build")
def build(
    ctx: typer.Context,
    expires_days: Annotated[
        Optional[int], typer.Option("--expires-days", min=0, help="Days until the manifest expires.")
    ] = None,
    allow_lint_errors: Annotated[
        bool, typer.Option("--allow-lint-errors", help="Build despite `mem lint` errors (listed in the manifest).")
    ] = False,
    from_branch: Annotated[
        bool, typer.Option("--from-branch", help="Build although HEAD is not on the release branch that "
                                                 "bundle.branch in mem.toml names (recorded in the manifest).")
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Pack the pages and service context committed at HEAD, with client settings and a signed manifest.

    Refused when a policy, know-how or context file differs from HEAD, when `mem lint` reports errors, or when
    bundle.branch (mem.toml) is set and HEAD is not on that branch. The manifest names the branch built from.
    """
    from mem.server.bundle import build_bundle

    with progress("building bundle") as on_progress:
        result = build_bundle(require_workspace(ctx), config=get_state(ctx).config, expires_days=expires_days,
                              allow_lint_errors=allow_lint_errors, from_branch=from_branch, on_progress=on_progress)
    if result["merged"] is False:
        where = f"branch {result['branch']!r}" if result["branch"] else "a detached HEAD"
        advice = ("--from-branch let it through" if get_state(ctx).config.bundle.branch else
                  f"set [bundle] branch = \"{result['release_branch']}\" in mem.toml to refuse such builds")
        warn(f"bundle {result['version']} was built from {where}, which is not merged into "
             f"{result['release_branch']!r} ({advice})")
    emit(result, as_json=want_json(ctx, json_output))


@bundle_app.command("prune")
def prune(
    ctx: typer.Context,
    keep: Annotated[int, typer.Option("--keep", min=1, help="How many of the newest bundles stay whole.")] = 10,
    json_output: JsonOption = False,
) -> None:
    """Remove the files of bundles older than the KEEP newest; the latest always stays whole.

    Every bundle keeps its signed manifest (the numbering and the page versions it published), and a page
    text no other bundle kept stays, so ingest and lint still refuse a version number for another text.
    """
    from mem.server.bundle_prune import prune_bundles

    emit(prune_bundles(require_workspace(ctx), keep=keep), as_json=want_json(ctx, json_output))


@bundle_app.command("publish")
def publish(
    ctx: typer.Context,
    dest: Annotated[Path, typer.Argument(help="Folder a web server, object store or CDN serves.",
                                         parser=path_argument)],
    version: Annotated[Optional[int], typer.Option("--version", min=1,
                                                   help="Bundle version (default: latest).")] = None,
    json_output: JsonOption = False,
) -> None:
    """Write a built bundle as static files: content-addressed files first, then manifest and signature,
    latest.json last, for any static web server, object store or CDN. Clients read it with
    `mem login --bundles URL`; verification is the same (docs/scale.md)."""
    from mem.server.static_bundles import publish_static

    emit(publish_static(require_workspace(ctx), dest, version=version), as_json=want_json(ctx, json_output))


def register(app: typer.Typer) -> None:
    app.add_typer(bundle_app, name="bundle")
