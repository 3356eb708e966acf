"""The rules of `mem lint`, each a function of the loaded wiki yielding ``Finding``s.

``LintContext`` reads every page once (frontmatter through ``mem.wiki.page``), and rules share its
lazily computed views (links, headings, git history), so each costs one pass over the pages.
Cross-page facts (link targets, inbound links, duplicate ids, conflicting numbers) always use the
whole wiki; findings are reported only for the files the run selected (``PATH…``).
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from mem.core.errors import StorageError
from mem.core.json_types import JsonObject
from mem.core.text.placeholders import placeholders_in
from mem.core.wording import plural
from mem.wiki import links as page_links
from mem.wiki import lint_git, lint_numbers, lint_text, version_floor
from mem.wiki.in_force import conflict_lines
from mem.wiki.index import FOLDERS, INDEX_FILE, render_index
from mem.wiki.lint_model import Finding
from mem.wiki.page import Page, body_line_offset, normalise_meta, reviewed, rule_text, split_frontmatter, validate_meta
from mem.wiki.portable_ids import windows_reserved
from mem.wiki.service_context import CONTEXT_FILE
from mem.wiki.source_bytes import same_but_line_endings
from mem.wiki.start_dates import FARTHEST_START_YEARS, announced_only, farthest_start, upcoming_start
from mem.wiki.store import LOG_FILE

if TYPE_CHECKING:
    from git import Repo

TYPE_OF_FOLDER = {folder: kind for kind, folder in FOLDERS.items()}


@dataclass
class PageFile:
    """One ``.md`` file under ``policies/`` or ``knowhow/``, read once."""

    rel: str
    path: Path
    folder_type: str
    text: str
    meta: JsonObject | None
    body: str
    body_start: int  # file line number of the body's first line
    error: str | None
    problems: list[str]
    selected: bool = True

    @cached_property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @cached_property
    def body_lines(self) -> list[str]:
        return self.lines[self.body_start - 1:]

    @property
    def id(self) -> str | None:
        value = self.meta.get("id") if self.meta else None
        return str(value) if value not in (None, "") else None

    @property
    def type(self) -> str:
        value = self.meta.get("type") if self.meta else None
        return value if value in FOLDERS else self.folder_type

    @property
    def valid(self) -> bool:
        return self.meta is not None and not self.problems

    @cached_property
    def page(self) -> Page | None:
        if not self.valid:
            return None
        meta = normalise_meta(self.meta or {})
        return Page(id=str(meta["id"]), type=meta["type"], title=meta["title"], version=meta["version"],
                    meta=meta, body=self.body.lstrip("\n"), path=self.path)

    @cached_property
    def links(self) -> list[page_links.Link]:
        return page_links.links(self.body_lines, start_line=self.body_start)

    @cached_property
    def anchors(self) -> set[str]:
        return page_links.heading_slugs(self.body_lines)

    def field_line(self, name: str) -> int:
        """The line of a top-level frontmatter field (1 when it is absent)."""
        pattern = re.compile(rf"^{re.escape(name)}\s*:")
        for number, line in enumerate(self.lines[: self.body_start], 1):
            if pattern.match(line):
                return number
        return 1


@dataclass
class LintContext:
    """The wiki as lint sees it: the page files, the index, the settings, the git history (lazy)."""

    workspace: Path
    files: list[PageFile]
    today: date
    person_names: tuple[str, ...] = ()
    customer_id: re.Pattern[str] | None = None
    index_selected: bool = True
    repo_selected: bool = True
    _hashes: dict[Path, str | None] = field(default_factory=dict)
    resolved: dict[str, list[tuple]] = field(default_factory=dict)

    @cached_property
    def by_id(self) -> dict[str, list[PageFile]]:
        result: dict[str, list[PageFile]] = {}
        for page_file in self.files:
            if page_file.id is not None:
                result.setdefault(page_file.id, []).append(page_file)
        return result

    @cached_property
    def by_rel(self) -> dict[str, PageFile]:
        return {page_file.rel: page_file for page_file in self.files}

    @cached_property
    def repo(self) -> Repo | None:
        return lint_git.open_repo(self.workspace)

    @cached_property
    def history(self) -> lint_git.History:
        return lint_git.read_history(self.repo) if self.repo is not None else lint_git.History()

    @cached_property
    def published(self) -> dict[str, dict[int, list[version_floor.Published]]]:
        """Page id → version → the files published bundles shipped (server workspaces only)."""
        return version_floor.published_pages(self.workspace)

    @cached_property
    def aliases(self) -> dict[str, str]:
        """Old page id → current id, from the ``aliases`` frontmatter field of current pages."""
        result: dict[str, str] = {}
        for page_file in self.files:
            values = page_file.meta.get("aliases") if page_file.meta else None
            if page_file.id and isinstance(values, list):
                for alias in values:
                    result.setdefault(str(alias), page_file.id)
        return result

    def renamed_to(self, old_id: str) -> str | None:
        """Where a link to a page id that no longer exists should point now, if known."""
        target = self.aliases.get(old_id)
        if target is None and self.repo is not None:
            target = self.history.renamed_to(old_id)
        return target if target is not None and target in self.by_id else None

    @cached_property
    def titles(self) -> dict[str, list[str]]:
        """A page title, case and spacing aside → the ids of the pages that carry it."""
        result: dict[str, list[str]] = {}
        for page_file in self.files:
            title = page_file.meta.get("title") if page_file.meta else None
            if page_file.id and isinstance(title, str) and title.strip():
                result.setdefault(_title_key(title), []).append(page_file.id)
        return result

    def titled(self, target: str) -> str | None:
        """The id of the one page whose title a wiki link names instead of its id (``[[Business accounts]]``, as
        Notion, Obsidian and Confluence exports write links), or None (no page, or two pages, carry that title)."""
        ids = list(dict.fromkeys(self.titles.get(_title_key(target), [])))
        return ids[0] if len(ids) == 1 else None

    @cached_property
    def index_text(self) -> str | None:
        try:
            return (self.workspace / INDEX_FILE).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def selected(self) -> Iterator[PageFile]:
        return (f for f in self.files if f.selected)

    def sha256(self, path: Path) -> str | None:
        if path not in self._hashes:
            try:
                digest = hashlib.sha256()
                with open(path, "rb") as fh:
                    for chunk in iter(lambda: fh.read(1 << 20), b""):
                        digest.update(chunk)
                self._hashes[path] = digest.hexdigest()
            except OSError:
                self._hashes[path] = None
        return self._hashes[path]


Check = Callable[[LintContext], Iterator[Finding]]


def check_frontmatter(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        if pf.meta is None:
            where = re.search(r" at line (\d+):", pf.error or "")  # a YAML error names its file line
            yield Finding(pf.rel, int(where.group(1)) if where else 1, "frontmatter", pf.error or "no frontmatter")
            continue
        for problem in pf.problems:
            name = re.match(r"(?:missing field ')?([a-z_]+)", problem)
            line = pf.field_line(name.group(1)) if name else 1
            yield Finding(pf.rel, line, "frontmatter", problem)
        kind, page_id = pf.meta.get("type"), pf.id
        if kind in FOLDERS and kind != pf.folder_type:
            yield Finding(pf.rel, pf.field_line("type"), "frontmatter",
                          f"a {kind} page must live in {FOLDERS[kind]}/, not {FOLDERS[pf.folder_type]}/")
        if page_id is not None and PurePosixPath(pf.rel).stem != page_id:
            yield Finding(pf.rel, pf.field_line("id"), "frontmatter",
                          f"id {page_id!r} does not match the file name {PurePosixPath(pf.rel).name}: fix the id, "
                          f"or rename the file to {page_id}.md if the id is meant (links and policy_refs name "
                          "the id)")


def check_frontmatter_format(ctx: LintContext) -> Iterator[Finding]:
    """Field order, date and timestamp forms that ``render_page`` would change (cheap, no YAML dump)."""
    for pf in ctx.selected():
        if not pf.valid:
            continue
        meta = pf.meta or {}
        canonical = list(pf.page.meta) if pf.page is not None else list(meta)
        if list(meta) != canonical:
            yield Finding(pf.rel, 1, "frontmatter-format",
                          f"fields are not in canonical order (expected {', '.join(canonical)})")
        for name in ("effective", "stale_after"):
            value = meta.get(name)
            if value is not None and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", _raw_value(pf, name)):
                yield Finding(pf.rel, pf.field_line(name), "frontmatter-format", f"{name} is not written YYYY-MM-DD")
        for number, line in enumerate(pf.lines[: pf.body_start], 1):
            match = re.match(r"^\s*(?:-\s+)?at\s*:\s*['\"]?([^'\"]*)['\"]?\s*$", line)
            if match and not re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}Z)?", match.group(1).strip()):
                yield Finding(pf.rel, number, "frontmatter-format",
                              f"timestamp {match.group(1).strip()!r} is not written YYYY-MM-DDTHH:MM:SSZ")


def _raw_value(pf: PageFile, name: str) -> str:
    line = pf.lines[pf.field_line(name) - 1]
    return line.split(":", 1)[1].strip().strip("'\"") if ":" in line else ""


def check_duplicate_ids(ctx: LintContext) -> Iterator[Finding]:
    for page_id, owners in ctx.by_id.items():
        if len(owners) < 2:
            continue
        first = owners[0]
        for pf in owners[1:]:
            if pf.selected:
                yield Finding(pf.rel, pf.field_line("id"), "duplicate-id",
                              f"id {page_id!r} is also used by {first.rel}")
        if first.selected:
            yield Finding(first.rel, first.field_line("id"), "duplicate-id",
                          f"id {page_id!r} is also used by {', '.join(o.rel for o in owners[1:])}")


def check_portable_ids(ctx: LintContext) -> Iterator[Finding]:
    """Ids that differ only in case, and names Windows reserves (``mem.wiki.portable_ids``)."""
    spellings: dict[str, set[str]] = {}
    for known in ctx.by_id:
        spellings.setdefault(known.casefold(), set()).add(known)
    for pf in ctx.selected():
        page_id = pf.id
        if page_id is None:
            continue
        if windows_reserved(page_id):
            yield Finding(pf.rel, pf.field_line("id"), "portable-id",
                          f"id {page_id!r} is a name Windows reserves for a device: {pf.rel} cannot be checked "
                          "out there")
        twins = sorted(spellings[page_id.casefold()] - {page_id})
        if twins:
            yield Finding(pf.rel, pf.field_line("id"), "portable-id",
                          f"id {page_id!r} differs only in case from {', '.join(map(repr, twins))}: on macOS and "
                          "Windows the files are one")


def resolve(ctx: LintContext, pf: PageFile, link: page_links.Link) -> tuple[str, PageFile | None, Path | None]:
    """Where ``link`` points: ``(state, page, path)``, state one of page / file / missing / outside.

    Paths are resolved lexically (no symlink resolution), which keeps this free of system calls
    for links between pages — the common case in a wiki of thousands of pages.
    """
    if link.kind == "wiki":
        owners = ctx.by_id.get(link.target)
        return ("page", owners[0], owners[0].path) if owners else ("missing", None, None)
    if not link.target:  # "#anchor" on the same page
        return "page", pf, pf.path
    if link.target.startswith("/"):
        rel = posixpath.normpath(link.target.lstrip("/"))
    else:
        rel = posixpath.normpath(posixpath.join(posixpath.dirname(pf.rel), link.target))
    if rel == ".." or rel.startswith("../"):
        return "outside", None, None
    target = ctx.by_rel.get(rel)
    if target is not None:
        return "page", target, target.path
    path = ctx.workspace / rel
    return ("file", None, path) if path.exists() else ("missing", None, path)


def _title_key(title: str) -> str:
    return " ".join(title.split()).casefold()


def resolved(ctx: LintContext, pf: PageFile) -> list[tuple[page_links.Link, str, PageFile | None, Path | None]]:
    """Every link of ``pf`` with where it points (computed once per page, shared by the rules)."""
    cached = ctx.resolved.get(pf.rel)
    if cached is None:
        cached = [(link, *resolve(ctx, pf, link)) for link in pf.links]
        ctx.resolved[pf.rel] = cached
    return cached


def check_links(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        for link, state, target, _ in resolved(ctx, pf):
            if state == "missing":
                old_id = link.target if link.kind == "wiki" else PurePosixPath(link.target).stem
                new_id = ctx.renamed_to(old_id)
                titled = ctx.titled(link.target) if link.kind == "wiki" and new_id is None else None
                hint = f" (page {old_id!r} was renamed to {new_id!r}; `mem lint --fix` rewrites the link)" \
                    if new_id else f" (a page title, not an id: did you mean [[{titled}]]? `mem lint --fix` " \
                    "rewrites the link)" if titled else ""
                yield Finding(pf.rel, link.line, "broken-link", f"{link.raw} points to nothing{hint}")
            elif state == "outside":
                yield Finding(pf.rel, link.line, "broken-link", f"{link.raw} points outside the workspace")
            elif state == "page" and link.anchor and target is not None and link.anchor not in target.anchors:
                yield Finding(pf.rel, link.line, "broken-anchor",
                              f"{link.raw}: {target.rel} has no heading with anchor #{link.anchor}")


def check_footnotes(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        if "[^" not in pf.body:
            continue
        notes = page_links.footnotes(pf.body_lines, start_line=pf.body_start)
        for label, line in notes.refs.items():
            if label not in notes.defs:
                yield Finding(pf.rel, line, "footnote-source", f"footnote [^{label}] has no definition")
        names = _citable_names(pf)
        for label, (line, text) in notes.defs.items():
            if not text:
                yield Finding(pf.rel, line, "footnote-source", f"footnote [^{label}] is empty")
            elif not _cites(ctx, pf, text, names):
                yield Finding(pf.rel, line, "footnote-source",
                              f"footnote [^{label}] cites none of the page's sources: {text[:80]!r}")


def _citable_names(pf: PageFile) -> list[str]:
    names: list[str] = []
    meta = pf.meta or {}
    for source in meta.get("sources") or []:
        if isinstance(source, dict):
            for key in ("id", "file"):
                if source.get(key):
                    names.append(str(source[key]))
            if source.get("file"):
                names.append(PurePosixPath(str(source["file"])).name)
    for ref in meta.get("policy_refs") or []:
        if isinstance(ref, dict) and ref.get("page"):
            names.append(str(ref["page"]))
    return [n for n in names if n]


def _cites(ctx: LintContext, pf: PageFile, text: str, names: list[str]) -> bool:
    if any(name in text for name in names):
        return True
    # A link to an existing file under sources/ is a citation even if the page forgot to declare it;
    # the source-hash rule cannot vouch for it, but the reader can follow it.
    for link in page_links.links([text], start_line=1):
        state, _, path = resolve(ctx, pf, link)
        if state == "file" and path is not None and path.relative_to(ctx.workspace).parts[:1] == ("sources",):
            return True
    return False


def check_sources(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        if (pf.meta or {}).get("status") == "deprecated":
            # Its document was superseded (a new edition under the same file name drops the topic):
            # the hash it records is the old edition's, whose bytes stay in git history.
            continue
        for source in ((pf.meta or {}).get("sources") or []):
            if not isinstance(source, dict) or not source.get("file") or not source.get("sha256"):
                continue  # the frontmatter rule reports malformed entries
            rel = str(source["file"])
            path = ctx.workspace / rel
            if not path.is_file() and "/" not in rel:
                path = ctx.workspace / "sources" / rel
            line = pf.field_line("sources")
            actual = ctx.sha256(path) if path.is_file() else None
            expected = str(source["sha256"]).lower().removeprefix("sha256:")
            if actual is None:
                yield Finding(pf.rel, line, "source-hash", f"source file {rel} does not exist")
            elif actual != expected and not same_but_line_endings(path, expected):
                # (a checkout whose line endings git rewrote, core.autocrlf, is the same document: wiki.source_bytes)
                yield Finding(pf.rel, line, "source-hash",
                              f"{rel} has SHA-256 {actual[:12]}…, the page records {expected[:12]}…")


def check_version_history(ctx: LintContext) -> Iterator[Finding]:
    """A page's version never goes back and never names two texts: along its git history (a page made
    again after ``git rm`` continues its old lineage) and against what published bundles shipped."""
    reported: set[str] = set()
    if ctx.repo is not None:
        for finding in _git_version_history(ctx):
            reported.add(finding.path)
            yield finding
    for pf in ctx.selected():
        if pf.valid and pf.rel not in reported and pf.id in ctx.published:
            yield from _published_version(ctx, pf, ctx.published[pf.id])


def _git_version_history(ctx: LintContext) -> Iterator[Finding]:
    history = ctx.history
    for pf in ctx.selected():
        lineage = history.lineages.get(pf.rel, [])
        if not pf.valid or not lineage or (len(lineage) < 2 and pf.rel not in history.modified):
            continue
        # the version numbers the rule text: footnotes naming another source file need no new number
        current_version, current_body = pf.meta["version"], rule_text(pf.body)  # type: ignore[index]
        states = []
        for sha, path in lineage:
            text = history.blob(sha, path)
            meta, body, error = split_frontmatter(text) if text is not None else (None, "", "unreadable")
            version = meta.get("version") if meta else None
            if isinstance(version, int) and not isinstance(version, bool):
                states.append((sha, version, rule_text(body)))
        if not states:
            continue
        top_sha, top = max(((sha, v) for sha, v, _ in states), key=lambda s: s[1])
        line = pf.field_line("version")
        if current_version < top:
            committed = states[-1][1]  # the newest commit of the lineage: HEAD's edition
            if pf.rel in history.modified and committed > current_version:
                # not committed and below HEAD: an older edition saved over the committed one (an editor's
                # buffer opened before an ingest). Re-ingesting the page's old source, or committing it as a
                # new version, made that old text the rule; discarding the file restores HEAD's edition
                hint = (f"; the file is not committed and older than the committed version {committed} (an editor "
                        f"saving a page it had open before the last ingest?): `git checkout -- {pf.rel}` restores "
                        f"version {committed}; to keep an edit, make it on version {committed} and give it "
                        f"version {top + 1}")
            else:
                hint = _renumber_hint(pf, top + 1)
            yield Finding(pf.rel, line, "version-history",
                          f"version {current_version} is lower than version {top} in commit {top_sha[:8]}" + hint)
            continue
        changed = [(sha, v) for sha, v, body in states if body != current_body]
        holders = [sha for sha, v, body in states if body == current_body and v == current_version]
        # an edit without a new number: the last other text had this version and the current text was
        # made after it on the same line of history (not on a branch a merge joined: two texts for one number)
        if changed and current_version <= changed[-1][1] and (
                not holders or history.is_ancestor(changed[-1][0], holders[0])):
            sha, version = changed[-1]
            yield Finding(pf.rel, line, "version-history",
                          f"the text changed since commit {sha[:8]} (version {version}) but version is still "
                          f"{current_version}")
            continue
        # after `git revert` the count went back and up again: a second, different "version 2"
        repeated = [sha for sha, v in changed if v == current_version]
        if repeated:
            yield Finding(pf.rel, line, "version-history",
                          f"version {current_version} had other text in commit {repeated[0][:8]}; give the "
                          f"page version {top + 1}")


def _renumber_hint(pf: PageFile, version: int) -> str:
    """How to repair a number below history (``git revert`` of an ingest): ingest renumbers the page."""
    sources = (pf.meta or {}).get("sources") or []
    source = sources[0].get("file") if sources and isinstance(sources[0], dict) else None
    again = f"`mem ingest {source}` renumbers it, or " if source else ""
    return f"; {again}set version: {version} and commit"


def _published_version(ctx: LintContext, pf: PageFile,
                       published: dict[int, list[version_floor.Published]]) -> Iterator[Finding]:
    """Compare the page with the versions bundles shipped: they stay installed on clients (and cited by
    customer facts) after git history was reset, so the number must not go back or name other text."""
    current_version, current_body = pf.meta["version"], rule_text(pf.body)  # type: ignore[index]
    top = version_floor.highest_published(published)
    if top is None:
        return
    line = pf.field_line("version")
    if current_version < top.version:
        yield Finding(pf.rel, line, "version-history", f"version {current_version} is lower than version "
                      f"{top.version} published in bundle {top.bundle}" + _renumber_hint(pf, top.version + 1))
        return
    own = ctx.sha256(pf.path)
    for shipped in published.get(current_version, []):
        if shipped.sha256 == own:
            continue
        try:
            _, body, _ = split_frontmatter(shipped.file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue  # a bundle file gone or damaged: nothing to compare with
        if rule_text(body) != current_body:
            yield Finding(pf.rel, line, "version-history",
                          f"version {current_version} was published in bundle {shipped.bundle} with other text; "
                          f"give the page version {top.version + 1}")
            return


#: The workspace's other files people merge by hand: context.md is injected as instructions on every turn
#: (both sides of a conflict became rules), log.md is the record of every change.
CONFLICT_FILES = {CONTEXT_FILE: "context.md holds two texts (both sides would be injected as instructions); "
                                "keep one, delete the marker lines and commit",
                  LOG_FILE: "log.md holds both sides of a merge; keep both entries, delete the marker lines and "
                            "commit"}


def check_merge_conflicts(ctx: LintContext) -> Iterator[Finding]:
    """git's conflict markers left in a page (front matter included, where YAML only says "invalid"), in
    context.md or in log.md — committed, or in the working tree of a merge not finished yet."""
    for pf in ctx.selected():
        for number, marker in _conflict_starts(pf.text):
            yield Finding(pf.rel, number, "merge-conflict",
                          f"git merge-conflict marker {marker[:40]!r}: the page holds two texts; "
                          "keep one, delete the marker lines, raise version and commit")
    for rel, fix in CONFLICT_FILES.items():
        try:
            text = (ctx.workspace / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue  # missing: nothing to merge
        for number, marker in _conflict_starts(text):
            yield Finding(rel, number, "merge-conflict", f"git merge-conflict marker {marker[:40]!r}: {fix}")


def _conflict_starts(text: str) -> list[tuple[int, str]]:
    """(line, marker line) of each conflict's ``<<<<<<<`` (else the first marker), [] without markers."""
    lines = conflict_lines(text)
    if not lines:
        return []
    all_lines = text.splitlines()
    starts = [n for n in lines if all_lines[n - 1].startswith("<<<<<<<")] or lines[:1]
    return [(n, all_lines[n - 1]) for n in starts]


def check_instructions(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        for line, message in instruction_text_findings(pf):
            yield Finding(pf.rel, line, "instruction-text", message)


def instruction_text_findings(pf: PageFile) -> list[tuple[int, str]]:
    """Lint's ``instruction-text`` reasons for one page file: ``(line, "text addresses the AI — …")``.

    `mem lint` reports them, `mem promote --approve` refuses on the first one before it commits, and `mem ask`
    does not apply a know-how page that has one: one function, so an approval refuses exactly what lint would flag
    a moment later and an answer never applies a page lint flags (newuser28 #1)."""
    return [(line, f"text addresses the AI — {message}") for line, message in _instruction_lines(pf)]


def page_file_from_text(rel: str, text: str, folder_type: str) -> PageFile:
    """A page file read from ``text`` (a page about to be written, or one served from memory) as lint reads it."""
    meta, body, error = split_frontmatter(text)
    problems = validate_meta(meta) if meta is not None else []
    start = body_line_offset(text) + 1 if meta is not None else 1
    return PageFile(rel, Path(rel), folder_type, text, meta, body, start, error, problems)


_FIELD = re.compile(r"^([A-Za-z_][\w-]*)\s*:\s?")


def _instruction_lines(pf: PageFile) -> list[tuple[int, str]]:
    """Instruction-like sentences of the page: each front-matter field's value read alone, then the body.

    Read as one text, the front matter (no blank line in it) was one sentence: an instruction in
    ``summary:`` was reported at line 1 quoting "--- id: … type: …". Each top-level field (its value
    and indented continuation lines) is now read on its own, and the body with the front matter blanked
    out, so lines stay the file's. If the fields read alone miss what the block read whole flags, the
    block's finding stands: splitting never lets an instruction through."""
    head = pf.body_start - 1 if pf.meta is not None else 0
    if head <= 0:
        return list(lint_text.instruction_like(pf.text))
    lines = pf.lines
    fields: list[tuple[int, list[str]]] = []
    for number, line in enumerate(lines[1:head - 1], start=2):  # between the two --- lines
        match = _FIELD.match(line)
        if match:
            fields.append((number, [line[match.end():]]))
        elif fields:
            fields[-1][1].append(line)
    found = [(number + offset - 1, message) for number, value in fields
             for offset, message in lint_text.instruction_like("\n".join(value))]
    if not found:
        found = list(lint_text.instruction_like("\n".join(lines[:head])))
    body = "\n" * head + "\n".join(lines[head:])
    return found + list(lint_text.instruction_like(body))


def check_personal_data(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        if pf.type != "knowhow":
            continue
        for line, message in lint_text.personal_data_findings(pf.lines, person_names=ctx.person_names,
                                                               customer_id=ctx.customer_id, allowed=_staff(pf)):
            yield Finding(pf.rel, line, "personal-data", message)


def check_knowhow_placeholders(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        if pf.type != "knowhow":
            continue
        for number, line in enumerate(pf.lines, 1):
            found = placeholders_in(line)
            if found:
                yield Finding(pf.rel, number, "knowhow-placeholder",
                              f"the anonymiser's placeholder {found[0]} would be said to customers as the agent's "
                              "words")


def check_sensitive_topics(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        if pf.type != "knowhow":
            continue  # policy pages may name illnesses, debts or religious holidays as rules do
        for line, category in lint_text.sensitive_topics(pf.lines):
            yield Finding(pf.rel, line, "sensitive-topic", f"know-how must not carry a {category} topic")


def _staff(pf: PageFile) -> list[str]:
    """The ``by`` of the page's provenance (generated, verified, approved): staff named by design."""
    meta = pf.meta or {}
    entries = [meta.get("generated"), meta.get("approved"), *(meta.get("verified") or [])]
    return [str(e["by"]) for e in entries if isinstance(e, dict) and e.get("by")]


def check_customer_data(ctx: LintContext) -> Iterator[Finding]:
    if ctx.repo is None or not ctx.repo_selected:
        return
    for path, why in lint_git.customer_data_files(lint_git.tracked_files(ctx.repo)):
        yield Finding(path, None, "customer-data-tracked", f"{path} is tracked by git: {why}")


def check_orphans(ctx: LintContext) -> Iterator[Finding]:
    inbound: set[str] = set()
    for pf in ctx.files:
        for _, state, target, _ in resolved(ctx, pf):
            if state == "page" and target is not None and target is not pf:
                inbound.add(target.rel)
    if ctx.index_text is not None:
        index_lines = ctx.index_text.splitlines()
        for link in page_links.links(index_lines, start_line=1):
            if link.kind == "wiki" and link.target in ctx.by_id:
                inbound.update(o.rel for o in ctx.by_id[link.target])
            elif link.kind == "markdown":
                inbound.add(PurePosixPath(link.target).as_posix().removeprefix("./"))
    for pf in ctx.selected():
        if pf.rel not in inbound:
            yield Finding(pf.rel, 1, "orphan-page", "no other page links to this page and index.md does not list it")


def expected_index(ctx: LintContext) -> str:
    """``index.md`` as ``Wiki.write`` renders it: a page file that cannot be read keeps its current row."""
    pages = [pf.page for pf in ctx.files if pf.page is not None and pf.rel == canonical_rel(pf.page)]
    unreadable = [pf.rel for pf in ctx.files if pf.page is None or pf.rel != canonical_rel(pf.page)]
    return render_index(pages, unreadable=unreadable, previous=ctx.index_text)


def check_index(ctx: LintContext) -> Iterator[Finding]:
    if not ctx.index_selected:
        return
    expected = expected_index(ctx)
    if ctx.index_text is None:
        yield Finding(INDEX_FILE, None, "index-outdated", "index.md is missing")
    elif ctx.index_text != expected:
        listed = set(re.findall(r"\]\(((?:policies|knowhow)/[^)]+)\)", ctx.index_text))
        missing = sorted(pf.rel for pf in ctx.files if pf.page is not None and pf.rel not in listed)
        detail = f": {plural(len(missing), 'page')} not listed, e.g. {missing[0]}" if missing else \
            ": titles, summaries or versions differ from the pages"
        yield Finding(INDEX_FILE, None, "index-outdated", f"index.md is out of date{detail}")


def check_dates(ctx: LintContext) -> Iterator[Finding]:
    for pf in ctx.selected():
        page = pf.page
        if page is None:
            continue
        if page.effective is not None and page.effective > ctx.today:
            yield Finding(pf.rel, pf.field_line("effective"), "effective-future",
                          f"effective {page.effective.isoformat()} is in the future (today is {ctx.today.isoformat()})"
                          + (f", more than {FARTHEST_START_YEARS} years away: a typo would keep the rule in force "
                             "from changing for good" if page.effective > farthest_start(ctx.today) else ""))
        # a first edition is in force from its date whatever its text says: no earlier rule answers until then
        start = upcoming_start(str(page.body), ctx.today) if page.effective is not None and page.version > 1 else None
        if start is not None and page.effective is not None and page.effective < start.day:
            yield Finding(pf.rel, pf.field_line("effective"), "effective-before-start",
                          f"effective {page.effective.isoformat()} is before the start date its text states "
                          f"(\"{start.words}\"): customers are told this rule before it starts")
        # a first edition whose every rule starts later (a change notice) is in force now all the same
        later = announced_only(str(page.body), ctx.today) if page.effective is not None and page.version == 1 else None
        if later is not None and page.effective is not None and page.effective < later.day:
            yield Finding(pf.rel, pf.field_line("effective"), "announced-change",
                          f"every rule this page states starts later (\"{later.words}\"), yet it is in force from "
                          f"{page.effective.isoformat()}: an announced change, not today's rule — set effective: "
                          f"{later.day.isoformat()}, or fold it into the page it changes on that day")
        stale = page.meta.get("stale_after")
        if isinstance(stale, str) and date.fromisoformat(stale) < ctx.today:
            yield Finding(pf.rel, pf.field_line("stale_after"), "stale-page",
                          f"stale_after {stale} has passed: review the page")


def check_numbers(ctx: LintContext) -> Iterator[Finding]:
    by_path = [
        (pf.rel, list(lint_numbers.statements(pf.body_lines, start_line=pf.body_start)))
        for pf in ctx.files if pf.meta is not None and (pf.meta.get("status") != "deprecated")
    ]
    for conflict in lint_numbers.conflicts(by_path):
        if ctx.by_rel[conflict.path].selected:
            s, o = conflict.statement, conflict.other
            yield Finding(conflict.path, s.line, "conflicting-numbers",
                          f"{s.key!r} is {s.text} here but {o.text} in {conflict.other_path}:{o.line}")


# a heading line of a page body: it names a rule, it states none
_HEADING_LINE = re.compile(r"^[ \t]*#{1,6}(?:[ \t].*)?$", re.MULTILINE)


def check_empty_pages(ctx: LintContext) -> Iterator[Finding]:
    """A policy page in force whose body states nothing: only its source line and footnote, or headings."""
    for pf in ctx.selected():
        page = pf.page
        if page is None or page.type != "policy" or page.status == "deprecated":
            continue
        if not any(ch.isalnum() for ch in rule_text(_HEADING_LINE.sub("", page.body))):
            yield Finding(pf.rel, pf.body_start, "empty-page",
                          f"policy page {page.id!r} ({page.title}) states no rule: its body is only its source line")


def check_knowhow_policy(ctx: LintContext) -> Iterator[Finding]:
    """A know-how page in force whose ``policy_refs`` name an older version of a policy page than the page has now:
    it was approved under a rule that changed since (a 15 % restocking fee that is now 20 %), and kept answering
    as current while the customers' decisions it was built from were flagged for a recheck."""
    for pf in ctx.selected():
        page = pf.page
        if page is None or page.type != "knowhow" or page.status == "deprecated":
            continue
        for ref in page.meta.get("policy_refs") or []:
            if not isinstance(ref, dict) or not isinstance(ref.get("version"), int):
                continue  # the frontmatter rule reports a malformed reference
            found = ctx.by_id.get(str(ref.get("page"))) or []
            policy = found[0].page if len(found) == 1 else None  # two pages with one id: duplicate-id's
            if policy is None or policy.type != "policy" or policy.version <= ref["version"]:
                continue  # a missing page is broken-link's and the customer facts' business, not this rule's
            state = " (deprecated)" if policy.status == "deprecated" else ""
            yield Finding(pf.rel, pf.field_line("policy_refs"), "knowhow-policy-changed",
                          f"approved under policy {policy.id} v{ref['version']}, which is now v{policy.version}"
                          f"{state}: review the page against it, then set its policy_refs version to "
                          f"{policy.version} (or set status: deprecated)")


def check_knowhow_numbers(ctx: LintContext) -> Iterator[Finding]:
    """A know-how page in force whose ``when``/``then`` bounds a window, amount or count otherwise than a policy
    page in its ``policy_refs`` states it (14 days against the cited page's 7 days): an approved exception that
    silently doubled a policy window passed promote and lint (newuser26 #4)."""
    for pf in ctx.selected():
        page = pf.page
        if page is None or page.type != "knowhow" or page.status == "deprecated":
            continue
        fields = [(str(page.meta.get(name) or ""), pf.field_line(name)) for name in ("when", "then")]
        for ref in page.meta.get("policy_refs") or []:
            if not isinstance(ref, dict):
                continue  # the frontmatter rule reports a malformed reference
            found = ctx.by_id.get(str(ref.get("page"))) or []
            policy = found[0].page if len(found) == 1 else None
            if policy is None or policy.type != "policy":
                continue
            for own, cited in lint_numbers.knowhow_disagreements(fields, found[0].body_lines, found[0].body_start):
                yield Finding(pf.rel, own.line, "knowhow-policy-numbers",
                              f"the know-how states {own.text} where the policy it cites, {policy.id} "
                              f"v{policy.version}, states {cited.text} ({found[0].rel}:{cited.line}): make it agree, "
                              "or word the exception and approve it knowingly")


def check_summary(ctx: LintContext) -> Iterator[Finding]:
    """A page whose ``summary`` (index.md, search) states a number or a yes/no its own body contradicts: a merge
    that kept one side's frontmatter and the other's body, or a hand edit (newuser26 #8)."""
    from mem.wiki.lint_summary import contradictions

    for pf in ctx.selected():
        page = pf.page
        summary = page.meta.get("summary") if page is not None else None
        if page is None or page.status == "deprecated" or not isinstance(summary, str) or not summary.strip():
            continue
        for found in contradictions(summary, pf.body_lines, body_start=pf.body_start):
            yield Finding(pf.rel, pf.field_line("summary"), "summary-contradicts-body",
                          f"the summary says {found.said!r} but the body says {found.instead!r} (line {found.line}): "
                          "make the summary agree with the body (index.md and search show the summary)")


def _review_dropped(pf: PageFile, page: Page, why: str, *, read: str = "the page") -> Finding:
    """The one message of a review-dropped finding: that the version has no review, ``why`` (ending in the
    punctuation before the step), and the step — read the page or the change and add a verified entry."""
    return Finding(pf.rel, pf.field_line("version"), "review-dropped",
                   f"version {page.version} of {page.id!r} has no review{why} read {read} (mem pages diff {page.id}) "
                   f"and add a verified entry with version: {page.version}")


def check_review_dropped(ctx: LintContext) -> Iterator[Finding]:
    """A policy page in force without ``verified`` whose earlier version in git had one: a revision (ingest drops
    the review when it revises the text) left the current version unread (newuser25 #3)."""
    if ctx.repo is None:
        return
    history = ctx.history
    for pf in ctx.selected():
        page = pf.page
        if page is None or page.type != "policy" or page.status == "deprecated" or reviewed(page.meta):
            continue
        if kept := [r for r in page.meta.get("verified") or [] if isinstance(r, dict)]:
            named = kept[-1].get("version")
            by = kept[-1].get("by", "?")
            if named is None:
                # an entry written before entries named the version they read (mem before the twenty-sixth round), or
                # by hand without one: nothing says which text it read — the upgrade step, not an edit, is likely
                yield _review_dropped(pf, page, f": its last verified entry (by {by}) names no version, and a review "
                                      f"now counts only for the version it names: if that review read this text, add "
                                      f"version: {page.version} to the entry; if not,")
                continue
            yield _review_dropped(pf, page, f": its last verified entry (by {by}) names version {named}, not "
                                  f"{page.version} — a review of other text kept over an edit:")
            continue
        lineage = history.lineages.get(pf.rel, [])
        for sha, path in reversed(lineage):
            text = history.blob(sha, path)
            meta = (split_frontmatter(text)[0] if text is not None else None) or {}
            reviews = meta.get("verified")
            if not reviews or not isinstance(reviews, list):
                continue
            last = reviews[-1] if isinstance(reviews[-1], dict) else {}
            yield _review_dropped(pf, page, f"; version {meta.get('version')} (commit {sha[:8]}) was verified by "
                                  f"{last.get('by', '?')}:", read="the change")
            break


CHECKS: tuple[Check, ...] = (
    check_frontmatter, check_frontmatter_format, check_duplicate_ids, check_portable_ids, check_links,
    check_footnotes, check_sources, check_version_history, check_merge_conflicts, check_instructions,
    check_personal_data, check_knowhow_placeholders, check_sensitive_topics, check_customer_data, check_orphans,
    check_index, check_dates,
    check_numbers, check_empty_pages, check_knowhow_policy, check_knowhow_numbers, check_summary,
    check_review_dropped,
)


def canonical_rel(page: Page) -> str:
    """Where a page belongs: ``<folder of its type>/<id>.md`` (``Wiki`` reads and writes only there)."""
    return f"{FOLDERS[page.type]}/{page.id}.md"


def load_page_file(workspace: Path, path: Path, folder_type: str) -> PageFile:
    rel = path.relative_to(workspace).as_posix()
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return PageFile(rel, path, folder_type, "", None, "", 1, "not UTF-8 text", [])
    except OSError as exc:
        raise StorageError(f"cannot read {rel}: {exc.strerror}") from exc
    pf = page_file_from_text(rel, text, folder_type)
    pf.path = path
    return pf


