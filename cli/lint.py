"""``mem lint``: check the wiki (frontmatter, links, sources, history, safety), for people and CI."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from mem.cli.output import info
from mem.cli.state import get_state, require_workspace, want_json
from mem.cli.streams import json_ascii, quiet_stdout
from mem.core.errors import InvalidInput

FORMATS = ("text", "json", "github", "sarif")


def lint(
    ctx: typer.Context,
    paths: Annotated[Optional[list[Path]], typer.Argument(help="Only report on these files or folders.")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, json, github (annotations) or sarif.")] = "text",
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 on warnings too.")] = False,
    fix: Annotated[bool, typer.Option("--fix", help="Rewrite what is safely fixable, as one commit.")] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
) -> None:
    """Check the wiki: exit 0 clean or warnings only, 1 errors (or warnings with --strict), 2 the run failed.

    Rules and fixes: mem help lint. Deterministic: no model calls, no network.
    """
    from mem.wiki import lint as wiki_lint

    if fmt not in FORMATS:
        raise InvalidInput(f"--format must be one of {', '.join(FORMATS)} (got {fmt!r})")
    config = get_state(ctx).config
    workspace = require_workspace(ctx)
    fmt = "json" if want_json(ctx, json_output) else fmt
    extra = _knowhow_checks(workspace, config)
    if fix:
        result = wiki_lint.fix(workspace, paths or None, config=config, extra=extra)
        for line in result.fixed:
            info(f"fixed: {line}")
        info(f"committed {result.commit[:12]}" if result.commit else "nothing to fix")
        report = result.remaining
    else:
        report = wiki_lint.lint_workspace(workspace, paths or None, config=config, extra=extra)
    text = wiki_lint.render(report, fmt, max_annotations=config.lint.max_annotations)
    if fmt in ("json", "sarif") and json_ascii():  # a stdout that cannot write "é": JSON escapes it, stays JSON
        import json

        text = json.dumps(json.loads(text), ensure_ascii=True, indent=2) + "\n"
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()  # `mem lint | head -1`: the reader left; the exit code still tells the findings
    raise typer.Exit(report.exit_code(strict=strict))


def _knowhow_checks(workspace: Path, config):
    """The server's ``knowhow-support``, ``knowhow-rejected`` and ``knowhow-page-missing`` checks when this
    workspace holds an intake store (else Nones)."""
    from mem.server.intake import knowhow_decision_check, knowhow_support_check
    from mem.wiki.lint import require_workspace

    require_workspace(workspace)  # a folder without mem.toml: lint's own one-line error, not the store's
    return [knowhow_support_check(workspace, config), knowhow_decision_check(workspace, config)]


def register(app: typer.Typer) -> None:
    app.command("lint")(lint)
