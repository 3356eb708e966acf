"""The page model: one markdown file with YAML frontmatter (docs/wiki.md, "Pages").

A page is ``---\\n<yaml>\\n---\\n<markdown body>``. ``parse_page`` is strict (it refuses a page that
breaks the schema, with the reason); ``split_frontmatter`` is tolerant (lint uses it to report
problems instead of stopping at the first one); ``validate_meta`` lists every schema problem.
``render_page`` writes the canonical form: fields in ``FIELD_ORDER``, dates as ``YYYY-MM-DD``,
timestamps as ``YYYY-MM-DDTHH:MM:SSZ`` — ``mem lint --fix`` normalises pages to exactly this.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from mem.core.arguments import as_date
from mem.core.errors import InvalidInput
from mem.core.ids import validate_name
from mem.core.json_types import JsonObject

PAGE_TYPES = ("policy", "knowhow")
STATUSES = ("draft", "active", "deprecated")

#: The canonical order of frontmatter fields; unknown fields follow in alphabetical order.
FIELD_ORDER = (
    "id", "type", "title", "version", "status", "effective", "stale_after", "summary", "tags",
    "when", "then", "evidence", "policy_refs", "sources", "generated", "verified", "approved",
)
REQUIRED = {
    "policy": ("id", "type", "title", "version", "status", "effective"),
    "knowhow": ("id", "type", "title", "version", "status", "when", "then"),
}
DATE_FIELDS = ("effective", "stale_after")

_FENCE = re.compile(r"\A---[ \t]*\r?\n(.*?)^---[ \t]*(?:\r?\n|\Z)", re.S | re.M)


@dataclass
class Page:
    """One wiki page. ``meta`` is the whole frontmatter; the named fields mirror its core keys."""

    id: str
    type: str
    title: str
    version: int
    meta: JsonObject = field(default_factory=dict)
    body: str = ""
    path: Path | None = None

    @property
    def effective(self) -> date | None:
        return _as_date(self.meta.get("effective"))

    @property
    def status(self) -> str:
        return str(self.meta.get("status") or "active")

    @property
    def summary(self) -> str:
        return str(self.meta.get("summary") or "")

    @property
    def sources(self) -> list[JsonObject]:
        value = self.meta.get("sources")
        return [s for s in value if isinstance(s, dict)] if isinstance(value, list) else []

    def full_meta(self) -> JsonObject:
        """``meta`` with the named fields written back into it (they win over stale copies)."""
        meta = dict(self.meta)
        meta.update(id=self.id, type=self.type, title=self.title, version=self.version)
        return meta


def split_frontmatter(text: str) -> tuple[JsonObject | None, str, str | None]:
    """Tolerant split: ``(meta or None, body, error or None)``; never raises.

    ``body`` is the text after the closing ``---`` (the whole text when there is no frontmatter).
    """
    import yaml

    if text.startswith("\ufeff"):
        text = text[1:]
    match = _FENCE.match(text)
    if not match:
        if text.startswith("---"):
            return None, text, "frontmatter is not closed by a '---' line"
        return None, text, "no frontmatter (the page must start with a '---' line)"
    body = text[match.end():]
    try:
        meta = yaml.load(match.group(1), Loader=_loader())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return None, body, f"invalid YAML in frontmatter{where}: {problem}"
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError) as exc:
        # PyYAML's constructors raise plain Python errors for a tagged value they cannot build
        # (`!!int x`, `!!bool x`, `!!float x`); the page is as unreadable as one with a YAML syntax error
        detail = f"no such value {exc}" if isinstance(exc, KeyError) else (str(exc).splitlines() or [""])[0]
        return None, body, f"invalid value in frontmatter: {detail[:200]}"
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        return None, body, "frontmatter must be a mapping of fields"
    return meta, body, None


_FOOTNOTE_DEFINITION = re.compile(r"^\[\^[^\]]+\]:.*$", re.M)
_FOOTNOTE_MARK = re.compile(r"\[\^[^\]]+\]")
_SOURCE_LINE = re.compile(r"^Source: \S+.*$", re.M)
# a wiki link, read as the text it shows: its label, else what it names ("[[payments|Payments]]" → "Payments")
_WIKI_LINK = re.compile(r"(?<!\\)\[\[([^\[\]|]{0,300})(?:\|([^\[\]]{0,300}))?\]\]")


def rule_text(body: str) -> str:
    """What a page's ``version`` numbers: its body without footnote marks, footnote definitions and
    ``Source:`` lines, whitespace collapsed. The same rules cited from another file or edition are the
    same rule text, so they keep their version and customer facts linked to it are not rechecked
    (docs/ingest.md, "same text from another file"). A wiki link counts as the text it shows, so `mem lint --fix`
    pointing ``[[Payments]]`` at the page's id (``[[payments|Payments]]``) or a renamed page is no new version."""
    text = _FOOTNOTE_DEFINITION.sub("", body)
    if "[[" in text:
        text = _WIKI_LINK.sub(lambda m: m.group(2) if m.group(2) is not None else m.group(1), text)
    text = _FOOTNOTE_MARK.sub("", text)
    text = _SOURCE_LINE.sub("", text)
    if _STAMP_HINT.search(text):
        text = "\n".join(line for line in text.splitlines() if not _is_edition_stamp(line))
    return " ".join(text.split())


def _is_edition_stamp(line: str) -> bool:
    """Whether a line only stamps the document's edition: "Version 6. Effective 1 November 2026.", "Rev. 3",
    "시행일: 2026년 11월 1일", "第2版". Ingest puts such a line on the document's first page; it is no rule text, so a
    new edition's stamp alone revises no page and flags no customer fact (newuser25 #5). Strict on purpose: a date
    and a number only — "Effective 1 January 2027 the fee is $6" states a rule and stays."""
    text = " ".join(line.split())
    if not text or len(text) > 120:
        return False
    return all(_STAMP.fullmatch(part) for part in _STAMP_BREAK.split(text) if part)


_STAMP_HINT = re.compile(r"(?im)^\s{0,3}(?:version|revision|rev\b|edition|effective|last\s|updated|issued|"
                         r"published|v\d|시행|개정|제정|최종|施行|改定|改訂|制定|最終|第\s?\d+\s?版|제?\s?\d+\s?판|\d{4}\s?(?:년|年))")
_STAMP_BREAK = re.compile(r"(?<=[.。．])\s(?=\S)|(?<=[。．])")
_EN_DATE = r"(?:\d{1,2}\s[A-Z][a-z]{2,8}\s\d{4}|[A-Z][a-z]{2,8}\s\d{1,2},?\s\d{4}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2})"
_CJK_DATE = r"(?:\d{4}\s?(?:년|年|[-/.])\s?\d{1,2}\s?(?:월|月|[-/.])\s?\d{1,2}\s?(?:일|日|\.)?)"
_STAMP = re.compile(  # anchored: tried at one position only (tests/test_pattern_scaling.py)
    r"^(?:(?i:(?:version|revision|rev\.?|edition)\s?[:.]?\s?\d+(?:\.\d+)*|v\d+(?:\.\d+)*|"
    r"(?:effective(?:\sdate)?|last\s(?:updated|revised|modified)|updated|issued|published)(?:\s(?:on|from))?\s?:?\s?"
    + _EN_DATE + r")\.?|"
    r"(?:(?:시행일|시행|개정일|개정|제정일|제정|최종\s?(?:수정|개정|변경)일?|施行日|施行|改定日|改定|改訂日|改訂|制定日|制定|"
    r"最終(?:更新|改定|改訂)日?)\s?[:：]?\s?)?(?:" + _CJK_DATE + r"|(?:제\s?)?\d+\s?판|第\s?\d+\s?版)"
    r"(?:\s?(?:부터\s?)?(?:시행|개정|제정)(?:합니다|한다|됩니다|함)?|(?:から)?(?:施行|改定|改訂|制定)(?:します|する|されます)?)?"
    r"\s?[.。．]?)"
)


_FIELD_START = re.compile(r"^([A-Za-z_][\w-]*)\s*:\s?")


def reading_units(text: str) -> tuple[list[tuple[int, str]], str, str]:
    """A page file cut the way ``mem lint`` reads it for instructions: ``(fields, block, body)``.

    ``fields``: each top-level front-matter field's value (with its indented continuation lines) and the file
    line it starts on; ``block``: the whole front matter, for what only the fields read together show;
    ``body``: the text with the front matter blanked out, so its line numbers are the file's. Read as one text,
    the front matter (no blank line in it) was one sentence, reported at line 1 quoting "--- id: … type: …"."""
    head = body_line_offset(text)
    lines = text.lstrip("\ufeff").split("\n")
    if head <= 0:
        return [], "", text
    fields: list[tuple[int, list[str]]] = []
    for number, line in enumerate(lines[1:head - 1], start=2):  # between the two --- lines
        match = _FIELD_START.match(line)
        if match:
            fields.append((number, [line[match.end():]]))
        elif fields:
            fields[-1][1].append(line)
    block = "\n".join(lines[:head])
    body = "\n" * head + "\n".join(lines[head:])
    return [(number, "\n".join(value)) for number, value in fields], block, body


def body_line_offset(text: str) -> int:
    """How many lines precede the body (so body line n is file line n + offset)."""
    match = _FENCE.match(text.lstrip("\ufeff"))
    return match.group(0).count("\n") if match else 0


def validate_meta(meta: JsonObject) -> list[str]:
    """Every schema problem of a frontmatter mapping, as short messages (empty = valid)."""
    problems: list[str] = []
    kind = meta.get("type")
    if kind not in PAGE_TYPES:
        problems.append(f"type must be one of {', '.join(PAGE_TYPES)} (got {kind!r})")
    for name in REQUIRED.get(str(kind), ("id", "title", "version")):
        if meta.get(name) in (None, ""):
            problems.append(f"missing field {name!r}")
    if meta.get("id") not in (None, ""):
        try:
            validate_name(str(meta["id"]), what="page id")
        except InvalidInput as exc:
            problems.append(exc.message)
    if "title" in meta and not isinstance(meta["title"], str):
        problems.append("title must be text")
    version = meta.get("version")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool) or version < 1):
        problems.append(f"version must be a whole number >= 1 (got {version!r})")
    if meta.get("status") is not None and meta.get("status") not in STATUSES:
        problems.append(f"status must be one of {', '.join(STATUSES)} (got {meta.get('status')!r})")
    for name in DATE_FIELDS:
        if meta.get(name) is not None and _as_date(meta[name]) is None:
            problems.append(f"{name} must be a date YYYY-MM-DD (got {meta[name]!r})")
    if meta.get("tags") is not None and not (
        isinstance(meta["tags"], list) and all(isinstance(t, str) for t in meta["tags"])
    ):
        problems.append("tags must be a list of words")
    problems += _check_list_of_maps(meta, "sources", ("file", "sha256"))
    problems += _check_list_of_maps(meta, "verified", ("by", "at"))
    if isinstance(meta.get("verified"), list):
        problems += [f"verified[{i}] version must be a whole number (got {v['version']!r})"
                     for i, v in enumerate(meta["verified"]) if isinstance(v, dict) and v.get("version") is not None
                     and (not isinstance(v["version"], int) or isinstance(v["version"], bool))]
    problems += _check_list_of_maps(meta, "policy_refs", ("page", "version"))
    for name in ("generated", "approved"):
        if meta.get(name) is not None and not (isinstance(meta[name], dict) and "by" in meta[name]):
            problems.append(f"{name} must be a mapping with 'by' and 'at'")
    if meta.get("evidence") is not None and not isinstance(meta["evidence"], dict):
        problems.append("evidence must be a mapping (customers, counter_examples, window)")
    for name in ("when", "then", "summary"):
        if meta.get(name) is not None and not isinstance(meta[name], str):
            problems.append(f"{name} must be text")
    return problems


def reviewed(meta: JsonObject) -> bool:
    """Whether a ``verified`` entry reviews this version of the page: the entry names the page's ``version``.

    A review is of one text: an entry without a version, or naming another, was kept over an edit (by hand, or
    any writer that did not drop it) and vouches for text nobody read. A same-version edit of the text is
    ``mem lint``'s ``version-history`` error, so a version names one text."""
    reviews = meta.get("verified")
    return isinstance(reviews, list) and any(
        isinstance(r, dict) and r.get("version") == meta.get("version") and not isinstance(r.get("version"), bool)
        for r in reviews)


def _check_list_of_maps(meta: JsonObject, name: str, keys: tuple[str, ...]) -> list[str]:
    value = meta.get(name)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        return [f"{name} must be a list of mappings"]
    return [f"{name}[{i}] is missing {key!r}" for i, v in enumerate(value) for key in keys if key not in v]


def parse_page(text: str, *, path: Path | None = None) -> Page:
    """Parse and validate a page; ``InvalidInput`` names the file and the first problems."""
    where = f"{path}: " if path is not None else ""
    meta, body, error = split_frontmatter(text)
    if error is not None or meta is None:
        raise InvalidInput(f"{where}{error}")
    problems = validate_meta(meta)
    if problems:
        raise InvalidInput(f"{where}invalid frontmatter: {'; '.join(problems[:3])}")
    meta = normalise_meta(meta)
    return Page(id=str(meta["id"]), type=meta["type"], title=meta["title"], version=meta["version"],
                meta=meta, body=body.lstrip("\n"), path=path)


def normalise_meta(meta: JsonObject) -> JsonObject:
    """Canonical field order and value forms (dates, timestamps) without changing meaning."""
    result: JsonObject = {}
    for name in FIELD_ORDER:
        if name in meta:
            result[name] = meta[name]
    for name in sorted(k for k in meta if k not in FIELD_ORDER):
        result[name] = meta[name]
    for name in DATE_FIELDS:
        day = _as_date(result[name]) if name in result else None
        if day is not None:
            result[name] = day.isoformat()
    return _timestamps(result)


def _timestamps(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: (_stamp(v) if k == "at" else _timestamps(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_timestamps(v) for v in value]
    if isinstance(value, date) and not isinstance(value, datetime):
        return value.isoformat()
    return value


def _stamp(value: Any) -> Any:
    from mem.core.clock import isoformat

    if isinstance(value, datetime):
        return isoformat(value if value.tzinfo else value.replace(tzinfo=UTC))
    if isinstance(value, date):
        return value.isoformat()
    return value


def render_page(page: Page) -> str:
    """The canonical text of a page: normalised frontmatter, one blank line, the body."""
    import yaml

    meta = normalise_meta(page.full_meta())
    front = yaml.dump(meta, Dumper=_dumper(), sort_keys=False, allow_unicode=True, default_flow_style=False,
                      width=1000)
    body = page.body.strip("\n")
    return f"---\n{front}---\n\n{body}\n" if body else f"---\n{front}---\n"


def _as_date(value: Any) -> date | None:
    """A frontmatter date (a YAML date or datetime, or a ``YYYY-MM-DD`` string) as a ``date``; ``None`` when the
    value is not one (the page's check names it). Read by ``core.arguments.as_date``, as the Python API's dates."""
    if not isinstance(value, date | str):
        return None
    try:
        return as_date(value, "date", times=False)
    except InvalidInput:
        return None


def _make_dumper() -> type:
    import yaml

    class Dumper(yaml.SafeDumper):
        """Dates stay unquoted (``effective: 2026-03-01``) so the file reads naturally."""

        def ignore_aliases(self, data: Any) -> bool:
            # Repeated values are written out in full: a page's frontmatter never shows &id001 anchors.
            return True

    def represent_str(dumper: yaml.SafeDumper, data: str) -> Any:
        if _as_date(data) is not None and len(data) == 10:
            return dumper.represent_scalar("tag:yaml.org,2002:timestamp", data)
        style = "|" if "\n" in data else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)

    Dumper.add_representer(str, represent_str)
    return Dumper


def _make_loader() -> type:
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):  # type: ignore[misc,valid-type]
        """The safe loader, except that a date that does not exist (``effective: 2026-02-30``) stays the text
        it is: PyYAML's timestamp constructor raised ``ValueError`` for it, so one typo committed once stopped
        every command that reads the page's history; as text, ``validate_meta`` reports it with its field."""

    def construct_timestamp(loader: Any, node: Any) -> Any:  # Any: PyYAML's loader and node are untyped
        try:
            return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
        except (ValueError, OverflowError, AttributeError):  # AttributeError: `!!timestamp x` matches no form
            return loader.construct_scalar(node)

    Loader.add_constructor("tag:yaml.org,2002:timestamp", construct_timestamp)
    return Loader


_loader_cache: list[type] = []


def _loader() -> type:
    if not _loader_cache:
        _loader_cache.append(_make_loader())
    return _loader_cache[0]


_dumper_cache: list[type] = []


def _dumper() -> type:
    if not _dumper_cache:
        _dumper_cache.append(_make_dumper())
    return _dumper_cache[0]
