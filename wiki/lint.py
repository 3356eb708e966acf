"""`mem lint`: deterministic checks of a workspace's wiki, for people and for CI.

    report = lint_workspace(workspace, paths=None, config=config)
    report.exit_code(strict=False)          # 0 clean / warnings only, 1 errors
    render(report, "sarif")                 # text | json | github | sarif
    result = fix(workspace, config=config)  # one commit; result.remaining = what it could not fix

No model calls and no network: rules are regular expressions, YAML parsing and one git log walk,
so a wiki of 1,000 pages lints in well under two seconds (see docs/lint.md, "Benchmarks").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mem.core import clock
from mem.core.config import Config, check_workspace
from mem.core.errors import InvalidInput, NotFound
from mem.core.fsio import PathArg
from mem.wiki.index import FOLDERS, INDEX_FILE, is_page_file_name
from mem.wiki.lint_duplicates import check_same_rules
from mem.wiki.lint_model import RULES, Finding, LintReport, Rule
from mem.wiki.lint_provenance import check_page_document, check_removed_pages, check_untracked
from mem.wiki.lint_report import FORMATS, render
from mem.wiki.lint_rules import CHECKS, LintContext, PageFile, load_page_file

PROVENANCE_CHECKS = (check_untracked, check_page_document, check_removed_pages)

__all__ = [
    "FORMATS",
    "RULES",
    "Finding",
    "FixResult",
    "LintReport",
    "Rule",
    "fix",
    "lint_workspace",
    "render",
]


#: A check over the lint context from outside the wiki (the server's ``knowhow-support``, which reads its
#: intake store): given by the caller, so the wiki never imports the server.
ExtraCheck = Callable[[LintContext], Iterable[Finding]]


def lint_workspace(workspace: PathArg, paths: Sequence[PathArg] | None = None, *, config: Config,
                   extra: Sequence[ExtraCheck | None] = ()) -> LintReport:
    """Check the wiki of ``workspace``; with ``paths``, report only findings in those files/folders.

    Cross-page rules (links, orphans, duplicates, conflicting numbers) always read the whole wiki,
    so restricting the paths never hides a broken link *into* the selected pages' targets.
    Raises ``NotFound``/``InvalidInput`` (exit 2) when the run itself cannot happen.
    """
    from mem.wiki.store import reading

    workspace, paths = Path(workspace), _as_paths(paths)
    require_workspace(workspace)  # before the lock: `reading` would make .mem/ in any folder
    # one snapshot: a promote or ingest writing meanwhile had its files on disk before its commit, read as
    # uncommitted edits or as a version lower than the one in a commit; under the shared lock it has finished
    with reading(workspace):
        ctx = build_context(workspace, paths, config=config)
        findings: list[Finding] = []
        for check in (*CHECKS, check_same_rules, *PROVENANCE_CHECKS, *(c for c in extra if c is not None)):
            findings.extend(check(ctx))
    if paths:
        selected = _selection(ctx.workspace, paths)
        findings = [f for f in findings if _within(f.path, selected)]
    return LintReport(findings, pages_checked=sum(1 for f in ctx.files if f.selected))


def _as_paths(paths: Sequence[PathArg] | None) -> list[Path] | None:
    # the public functions take what docs/customers.md promises a caller ("a str or any os.PathLike")
    return None if paths is None else [Path(p) for p in paths]


def require_workspace(workspace: Path) -> None:
    """``NotFound`` with the CLI's line (``mem.cli.state.require_workspace``) for a folder without ``mem.toml``:
    linting ``/tmp`` found no pages and reported "no problems", exit code 0."""
    check_workspace(Path(workspace))


def build_context(workspace: Path, paths: Sequence[Path] | None = None, *, config: Config) -> LintContext:
    workspace = Path(workspace).resolve()
    require_workspace(workspace)
    customer_id = config.customer_id_regex()
    files: list[PageFile] = []
    for kind, folder in FOLDERS.items():
        directory = workspace / folder
        if directory.is_dir():
            files += [load_page_file(workspace, p, kind) for p in sorted(directory.glob("*.md"))
                      if is_page_file_name(p.name) and p.is_file()]
    ctx = LintContext(
        workspace=workspace,
        files=files,
        today=clock.today(),
        person_names=config.person_names,
        customer_id=customer_id,
    )
    if paths:
        selected = _selection(workspace, paths)
        for page_file in files:
            page_file.selected = _within(page_file.rel, selected)
        ctx.index_selected = _within(INDEX_FILE, selected)
        ctx.repo_selected = "" in selected or any(not (workspace / s).is_file() for s in selected)
    return ctx


def _selection(workspace: Path, paths: Sequence[Path]) -> list[str]:
    """Workspace-relative posix forms of ``paths`` ("" = the whole workspace)."""
    selected = []
    for path in paths:
        absolute = Path(path).expanduser()
        absolute = (absolute if absolute.is_absolute() else Path.cwd() / absolute).resolve()
        if not absolute.exists():
            raise NotFound(f"{path} does not exist")
        try:
            rel = absolute.relative_to(workspace).as_posix()
        except ValueError as exc:
            raise InvalidInput(f"{path} is outside the workspace {workspace}") from exc
        selected.append("" if rel == "." else rel)
    return selected


def _within(rel: str, selected: Sequence[str]) -> bool:
    return any(s == "" or rel == s or rel.startswith(s + "/") for s in selected)


@dataclass
class FixResult:
    """What ``fix`` did: the commit (None = nothing to change), the changes, and what is left."""

    commit: str | None
    fixed: list[str] = field(default_factory=list)
    remaining: LintReport = field(default_factory=LintReport)

    def to_dict(self) -> dict:
        return {"commit": self.commit, "fixed": self.fixed, "remaining": self.remaining.to_dict()}


def fix(workspace: PathArg, paths: Sequence[PathArg] | None = None, *, config: Config,
        extra: Sequence[ExtraCheck | None] = ()) -> FixResult:
    """Rewrite what is safely fixable, as ONE commit through ``Wiki.write``; then lint again.

    Fixed: frontmatter field order and date forms (``render_page``), links to renamed pages
    (``aliases`` frontmatter or git rename history), ``index.md``. Everything else stays as a
    finding in ``remaining`` — those need a person's judgement.
    """
    from mem.wiki.lint_fix import apply_fixes

    workspace, paths = Path(workspace), _as_paths(paths)
    ctx = build_context(workspace, paths, config=config)
    commit, fixed = apply_fixes(ctx)
    return FixResult(commit, fixed, lint_workspace(workspace, paths, config=config, extra=extra))
