"""The request log: every turn of every conversation, as written, one JSONL file per conversation.

``logs/<conversation id>.jsonl`` holds one JSON record per turn (``id``, ``seq``, ``session``,
``time`` (UTC), ``utc_offset`` (the speaker's, when it was known and not UTC), ``role``, ``speaker``,
``text``). ``memory.db`` records how many turns of each file are
committed; lines beyond that count are the remains of a write that crashed before its SQLite
commit and are cut off by the repair that runs on the next open (see ``CustomerStore``).

This module holds the records, the file helpers and the parsing of ``mem log import`` files.
"""

from __future__ import annotations

import errno
import json
import os
import re
import unicodedata
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from itertools import islice
from pathlib import Path
from typing import Any

from mem.core import clock
from mem.core.controls import clean_message, one_line
from mem.core.echo import echo_choice, echo_time
from mem.core.errors import InvalidInput, MemWarning, StorageError
from mem.core.fsio import atomic_write_text
from mem.core.inputs import decode_utf8, json_error, read_standard_input, symlink_loop
from mem.core.json_types import JsonObject
from mem.core.text.pattern import lazy
from mem.customers.message_body import render as render_body

ROLE_ALIASES = {
    "customer": "customer", "user": "customer", "human": "customer",
    "agent": "agent", "assistant": "agent", "ai": "agent", "bot": "agent",
    "system": "system",
}
MAX_TURN_ID = 128


@dataclass(frozen=True)
class Turn:
    """One message of a conversation."""

    id: str
    conversation_id: str
    seq: int
    session: str
    time: datetime
    role: str
    speaker: str | None
    text: str
    # Small JSON data about the turn, e.g. the policy pages and versions an answer cited
    # ({"policy_refs": [{"page", "version"}]}), which extraction links new facts to.
    meta: JsonObject = field(default_factory=dict)

    def to_dict(self) -> JsonObject:
        data = {
            "id": self.id,
            "conversation_id": self.conversation_id,
            "seq": self.seq,
            "session": self.session,
            "time": clock.isoformat(self.time),
            "role": self.role,
            "speaker": self.speaker,
            "text": self.text,
        }
        offset = self.time.utcoffset()
        if offset:  # the speaker's local time: "yesterday" in the turn means the day before that day
            data["utc_offset"] = format_offset(offset)
        if self.meta:
            data["meta"] = self.meta
        return data

    @classmethod
    def from_dict(cls, data: JsonObject) -> Turn:
        return cls(
            id=str(data["id"]),
            conversation_id=str(data["conversation_id"]),
            seq=int(data["seq"]),
            session=str(data["session"]),
            time=_local(clock.parse_datetime(str(data["time"])), data.get("utc_offset")),
            role=str(data["role"]),
            speaker=data.get("speaker"),
            text=str(data["text"]),
            meta=dict(data.get("meta") or {}),
        )


def format_offset(offset: timedelta) -> str:
    """``+09:00`` / ``-08:00``: a UTC offset as ISO 8601 writes it (whole minutes)."""
    minutes = int(offset.total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def parse_offset(text: str) -> timezone:
    """The zone of a ``+09:00`` offset; ``ValueError`` for anything else (beyond ±23:59 included)."""
    match = _OFFSET.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a UTC offset such as +09:00: {text!r}")
    minutes = int(match[2]) * 60 + int(match[3])
    if minutes >= 24 * 60 or int(match[3]) >= 60:
        raise ValueError(f"not a UTC offset such as +09:00: {text!r}")
    return timezone(timedelta(minutes=-minutes if match[1] == "-" else minutes))


_OFFSET = lazy(r"([+-])(\d{2}):?(\d{2})")


# Any: the record's ``utc_offset`` as read (JSON).
def _local(moment: datetime, offset: Any) -> datetime:
    """A stored UTC time in the speaker's zone when the record kept one (an unreadable offset is UTC)."""
    if not isinstance(offset, str):
        return moment
    try:
        return moment.astimezone(parse_offset(offset))
    except ValueError:
        return moment


@dataclass(frozen=True)
class LoggedConversation:
    """A conversation of the request log: its turns and how many extraction has already consumed.

    Iterating it gives its turns. Named apart from ``mem.agent.Conversation``, the chat session that
    writes such conversations (newuser32 #10: the two were one name, easy to import the wrong one)."""

    id: str
    session: str
    started_at: datetime
    turns: tuple[Turn, ...]
    extracted: int
    # the committed records of the file: more than ``turns`` when some could not be read
    records: int

    @property
    def new_turns(self) -> tuple[Turn, ...]:
        """The turns extraction has not processed yet (by ``seq``: a damaged record is skipped on read)."""
        return self.turns[self.first_new:]

    @property
    def first_new(self) -> int:
        """The index in ``turns`` of the first turn extraction has not processed."""
        return next((i for i, t in enumerate(self.turns) if t.seq >= self.extracted), len(self.turns))

    @property
    def pending(self) -> bool:
        """Records are left to extract: a damaged one counts, until extraction passes over it."""
        return self.extracted < self.records

    @property
    def damaged_new(self) -> int:
        """How many of the records extraction has not consumed could not be read."""
        return max(self.records - self.extracted, 0) - len(self.new_turns)

    def __iter__(self) -> Iterator[Turn]:
        return iter(self.turns)

    def to_dict(self) -> JsonObject:
        return {
            "id": self.id,
            "session": self.session,
            "started_at": clock.isoformat(self.started_at),
            "extracted": self.extracted,
            "turns": [t.to_dict() for t in self.turns],
        }


@dataclass(frozen=True)
class ImportedTurn:
    """A validated line of an import file, before it has a conversation and an id."""

    line: int
    group: str
    session: str
    time: datetime
    role: str
    speaker: str | None
    text: str
    turn_id: str | None
    meta: JsonObject = field(default_factory=dict)
    # the time was a bare date (no clock time): it orders days, not the turns within one
    date_only: bool = False
    # the message was HTML (rendered to text) / had quoted e-mail history (left out): counted in the report
    html: bool = False
    quoted: bool = False


# Any: a field of an imported log line as parsed (JSON), checked here.
def normalise_role(value: Any, *, speaker: str | None, agent_speakers: Iterable[str]) -> str:
    """``customer``/``agent``/``system`` from a role or its aliases; without a role, from the speaker."""
    if value is None or value == "":
        if speaker is None:
            raise InvalidInput("needs a 'role' or a 'speaker'")
        return "agent" if speaker_key(speaker) in {speaker_key(name) for name in agent_speakers} else "customer"
    role = ROLE_ALIASES.get(str(value).strip().lower())
    if role is None:
        raise InvalidInput(f"unknown role {echo_choice(value, ROLE_ALIASES)} (use customer, agent or system)")
    return role


def speaker_key(name: str) -> str:
    """A speaker's name as ``--agent-speaker`` compares it: case and the spaces around and between the
    words do not matter (``"Acme Support"`` is the export's ``"acme support "``); an agent's own words
    read as the customer's became customer facts."""
    return " ".join(name.split()).casefold()


# Any: as normalise_role; what passes is a JSON object.
def validate_meta(value: Any) -> JsonObject:
    """Turn metadata must be a JSON object (kept small: it is written with every turn)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InvalidInput("turn 'meta' must be a JSON object")
    try:
        size = len(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"turn 'meta' is not JSON data: {exc}") from exc
    if size > 16_384:
        raise InvalidInput("turn 'meta' is larger than 16 KiB")
    return value


# Any: as normalise_role.
def validate_turn_id(value: Any) -> str:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise InvalidInput("turn id must be a string")
    text = str(value)
    if not text.strip() or len(text) > MAX_TURN_ID or "\n" in text:
        raise InvalidInput(f"turn id must be 1-{MAX_TURN_ID} characters on one line")
    return text


# Keys of an import line; any other key is reported once (by name) and ignored. ``turn`` is the
# common alias of ``turn_id`` (LoCoMo-style and chat-export files use it).
IMPORT_KEYS = ("session", "time", "role", "speaker", "text", "id", "turn_id", "turn", "conversation", "meta")
# Keys by which an export names the customer a line belongs to, whoever speaks in it (a helpdesk's requester, a live
# chat's visitor). One import file holds one customer's conversations (the wall between customers): a line naming
# a customer other than the file's first one refuses the whole file before anything is written (newuser22 #4).
# The customer an export names may be its own id ("v-1001") rather than mem's: the value is not compared with
# ``--customer``, only with the other lines; a batch import (``mem log import DIR``) takes it as the customer.
CUSTOMER_KEYS = ("customer", "customer_id", "visitor_id", "requester_id", "contact_id")
# How a helpdesk marks a note only its agents see (Zendesk/Gorgias ``public: false``, Freshdesk ``private: true``,
# ``internal``/``is_internal``, a ``visibility`` or ``type`` of note, Intercom/Help Scout ``note`` parts, a
# ``note`` role): not the customer's conversation. Such a line, marked on the line or in its ``meta``, is left out
# and counted (``ParsedImport.internal_notes``): kept, it was handed to the customer by ``mem export`` (newuser22 #14).
INTERNAL_MARK_KEYS = ("public", "private", "is_private", "internal", "is_internal", "visibility", "type",
                      "part_type", "message_type")
INTERNAL_VALUES = frozenset(("internal", "private", "note", "internal_note", "private_note", "whisper", "agents",
                             "agents_only", "staff"))
INTERNAL_ROLES = frozenset(("note", "internal", "internal_note", "private_note", "whisper"))
# The shapes chat platforms and model APIs export: a line {"role": "user", "content": "…",
# "timestamp": "…"} must import as it is, not as "6 empty messages skipped". An alias is read only
# when the key itself is absent. ``content`` may also be the API's list of parts, whose text parts
# are the message ([{"type": "text", "text": "…"}, {"type": "image", …}]).
TEXT_ALIASES = ("content", "message", "body")
TIME_ALIASES = ("timestamp", "created_at", "date", "datetime", "sent_at", "ts", "create_time", "created")
ALIAS_KEYS = TEXT_ALIASES + TIME_ALIASES + CUSTOMER_KEYS + INTERNAL_MARK_KEYS
MAX_MESSAGE_BYTES = 256 * 1024


@dataclass(frozen=True)
class ParsedImport:
    """A validated import file: its turns, how many empty messages were skipped, unknown keys seen."""

    turns: list[ImportedTurn]
    skipped_empty: int = 0
    unknown_keys: tuple[str, ...] = ()  # the first NAMED_UNKNOWN_KEYS of them, in file order
    unknown_key_count: int = 0  # how many distinct unknown keys there were
    # the lines (or messages: ``unit``) whose time is before PLAUSIBLE_FROM, the first NAMED_UNKNOWN_KEYS of them
    early_times: tuple[int, ...] = ()
    early_time_count: int = 0
    unit: str = "line"
    html_messages: int = 0  # messages rendered from HTML
    quoted_history: int = 0  # messages whose quoted e-mail history was left out
    # lines whose time is more than FUTURE_TOLERANCE after now, imported only with ``allow_future``
    future_times: tuple[int, ...] = ()
    future_time_count: int = 0
    # the customer the lines name by a ``CUSTOMER_KEYS`` key (one per file), ``None`` when no line names one
    customer: str | None = None
    internal_notes: int = 0  # lines marked as an agents-only note (``INTERNAL_MARK_KEYS``), left out

    def early_times_text(self) -> str:
        """``lines 1, 3`` (``… and 12 more``): where the times before PLAUSIBLE_FROM are."""
        return self._where(self.early_times, self.early_time_count)

    def future_times_text(self) -> str:
        """``lines 4, 9``: where the times after now (imported with ``allow_future``) are."""
        return self._where(self.future_times, self.future_time_count)

    def _where(self, named: tuple[int, ...], count: int) -> str:
        more = count - len(named)
        return (f"{self.unit}{'s' if count > 1 else ''} "
                + ", ".join(map(str, named)) + (f" and {more:,} more" if more > 0 else ""))


# Unknown keys named in the report: a line with 500,000 keys printed a 4.4 MB warning.
NAMED_UNKNOWN_KEYS = 10
# Before this a message time is an export's placeholder, not a message: ``"time": 0`` (the Unix epoch,
# 1970) or a date field left at a default. Such turns are imported (the text is real) with one warning
# naming their lines, since "yesterday" in them resolves against that placeholder day.
PLAUSIBLE_FROM = datetime(1990, 1, 1, tzinfo=UTC)
# A message cannot have been sent after now. A time further ahead than this is a device whose clock
# is wrong (or a file generated for a test), and its turns would be the customer's "latest" word:
# a 2031 preference replaced the one they gave yesterday. A day covers every UTC offset (+14:00)
# and a sender's clock a few hours fast.
FUTURE_TOLERANCE = timedelta(days=1)


def unknown_keys_text(names: Iterable[str], count: int) -> str:
    """``a, b, c`` — or ``a, b, … and 499,990 more`` when there are more than were named."""
    names = list(names)[:NAMED_UNKNOWN_KEYS]
    more = count - len(names)
    return ", ".join(names) + (f" and {more:,} more" if more > 0 else "")


def parse_import(path: Path, *, agent_speakers: Iterable[str] = (),
                 max_message_bytes: int = MAX_MESSAGE_BYTES, allow_future: bool = False) -> ParsedImport:
    """Read and validate a JSONL import file; the first bad line raises ``InvalidInput`` naming it.

    Each line: ``session`` (tag, default "default"), ``time`` (ISO date or datetime, required),
    ``role`` and/or ``speaker``, ``text``, optional ``id``/``turn_id``/``turn``, optional
    ``conversation`` (groups lines into one conversation; default: the session tag), optional
    ``meta`` (a JSON object kept with the turn). Blank lines are skipped; a line whose message is
    empty is skipped and counted (one empty message in a long history must not refuse it all); a
    message longer than ``max_message_bytes`` (UTF-8) refuses the file. Lines are split on ``\n``
    only: U+2028, U+0085 or a form feed are legal inside a JSON string and are not line breaks.
    A time more than ``FUTURE_TOLERANCE`` after now refuses the file, naming the line, unless
    ``allow_future`` (then those lines are counted in ``future_times``).
    """
    if str(path) == "-":
        return parse_import_data(_standard_input(), import_name(path), agent_speakers=agent_speakers,
                                 max_message_bytes=max_message_bytes, allow_future=allow_future)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError as exc:
        raise InvalidInput(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise InvalidInput(f"{path}: not a file") from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # "no such file" sent the user looking for a file that is there
            raise InvalidInput(symlink_loop(path)) from exc
        raise InvalidInput(f"cannot read {path}: {exc.strerror}") from exc
    return parse_import_data(data, path, agent_speakers=agent_speakers, max_message_bytes=max_message_bytes,
                             allow_future=allow_future)


def import_name(path: Path | str) -> str:
    """How errors name an import file: its path, or "standard input" for ``-``."""
    return "standard input" if str(path) == "-" else str(path)


def _standard_input() -> bytes:
    """All of standard input (``mem log import -``): "-: no such file" sent users looking for a file."""
    return read_standard_input("the turns", "cat turns.jsonl | mem log import -c CUSTOMER -")


def parse_import_data(data: bytes, name: Path | str, *, agent_speakers: Iterable[str] = (),
                      max_message_bytes: int = MAX_MESSAGE_BYTES, allow_future: bool = False) -> ParsedImport:
    """``parse_import`` of bytes already read (standard input: ``mem log import -``); ``name`` names them
    in errors."""
    path = name
    agent_speakers = tuple(agent_speakers)
    raw = import_text(data, name)
    turns: list[ImportedTurn] = []
    seen_ids: dict[str, tuple[str, str, str]] = {}  # id -> the time (as stored), role and text of its line
    unknown: dict[str, None] = {}
    skipped = 0
    early: list[int] = []
    future: list[int] = []
    latest = clock.now() + FUTURE_TOLERANCE
    messages = _whole_file_messages(raw)
    where = "message" if messages is not None else "line"
    records: Iterable[tuple[int, str | JsonObject]] = (
        enumerate(messages, start=1) if messages is not None else enumerate(split_lines(raw), start=1))
    scan = _Scan(where)
    for number, record in records:
        if isinstance(record, str) and not record.strip():
            continue
        try:
            turn = _parse_line(record, number, agent_speakers, max_message_bytes, unknown, scan)
        except InvalidInput as exc:
            if scan.first_record and isinstance(record, str):
                raise InvalidInput(not_json_lines(raw, path) or f"{path}: {where} {number}: {exc.message}; "
                                   "nothing was imported") from exc
            raise InvalidInput(f"{path}: {where} {number}: {exc.message}; nothing was imported") from exc
        scan.first_record = False
        if turn is _INTERNAL:
            scan.internal += 1
            continue
        if turn is None:
            skipped += 1
            continue
        assert isinstance(turn, ImportedTurn)
        if turn.turn_id is not None:
            line_key = (clock.isoformat(turn.time), turn.role, turn.text)
            # the same line again, id and all, is an export's doubled turn: the import counts it, and leaves it out
            # or refuses it (``RequestLog.import_parsed``); the id given to other words is refused here
            if seen_ids.setdefault(turn.turn_id, line_key) != line_key:
                raise InvalidInput(
                    f"{path}: {where} {number}: turn id {turn.turn_id!r} appears twice; nothing was imported"
                )
        if turn.time < PLAUSIBLE_FROM:
            early.append(number)
        elif turn.time > latest:
            if not allow_future:
                raise InvalidInput(
                    f"{path}: {where} {number}: time {turn.time.isoformat()} is after now "
                    f"({clock.now().replace(microsecond=0).isoformat()}) — a device clock ahead?; nothing was "
                    "imported (fix the times, or pass --allow-future-times to import them as given)")
            future.append(number)
        turns.append(turn)
    if not turns:
        shape = None if scan.internal else not_json_lines(raw, path)
        if shape:  # {"tickets": [{"messages": …}]} on one line: a document mem cannot find messages in
            raise InvalidInput(shape)
        why = f" ({skipped} empty messages skipped)" if skipped else ""
        if scan.internal:
            why = f" ({scan.internal} internal notes left out{', ' + str(skipped) + ' empty' if skipped else ''})"
        if skipped and unknown:  # the message is most likely under a key mem does not know
            why = (f" ({skipped} lines had no 'text'; unknown keys: {unknown_keys_text(unknown, len(unknown))}; "
                   "the message goes in "
                   f"'text' or one of {', '.join(TEXT_ALIASES)})")
        raise InvalidInput(f"{path}: no turns to import{why}")
    return ParsedImport(turns, skipped, tuple(islice(unknown, NAMED_UNKNOWN_KEYS)), len(unknown),
                        early_times=tuple(early[:NAMED_UNKNOWN_KEYS]), early_time_count=len(early), unit=where,
                        html_messages=sum(t.html for t in turns), quoted_history=sum(t.quoted for t in turns),
                        future_times=tuple(future[:NAMED_UNKNOWN_KEYS]), future_time_count=len(future),
                        customer=scan.customer, internal_notes=scan.internal)


class _Scan:
    """What the lines of one import file say about the file as a whole: the customer they name (and the first line
    naming it), the internal notes left out, whether the record read is the file's first."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.customer: str | None = None
        self.customer_line = 0
        self.internal = 0
        self.first_record = True


# a CSV header's cell: a name starting with a letter, at most 40 characters ("sender_type", "Sender name")
_COLUMN_NAME = re.compile(r"[^\W\d][\w .()#/-]{0,39}")
# _parse_line's answer for a line marked as an agents-only note (left out and counted)
_INTERNAL = object()


# Any: a parsed line (JSON object), checked here.
def _line_customer(data: JsonObject, number: int, scan: _Scan) -> None:
    """Refuse a line naming a customer other than the one the file's earlier lines named (``CUSTOMER_KEYS``)."""
    for key in CUSTOMER_KEYS:
        value = data.get(key)
        if value is None or value == "":
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise InvalidInput(f"'{key}' must be a string (the customer the line belongs to)")
        name = one_line(str(value)).strip()
        if not name:
            continue
        if scan.customer is None:
            scan.customer, scan.customer_line = name, number
        elif name != scan.customer:
            raise InvalidInput(
                f"'{key}' names customer {name!r}, but {scan.unit} {scan.customer_line} named {scan.customer!r}: "
                "one file holds one customer's conversations, and one customer's lines must not go into another's "
                "memory (split the file by customer, or import a folder of such files: docs/customers.md)")


def _marks_internal(data: JsonObject) -> bool:
    """The line (or its ``meta``) marks it as a note only the agents see (``INTERNAL_MARK_KEYS``)."""
    role = data.get("role")
    if isinstance(role, str) and role.strip().lower() in INTERNAL_ROLES:
        return True
    meta = data.get("meta")
    for where in (data, meta if isinstance(meta, dict) else {}):
        if where.get("public") is False or where.get("public") in ("false", "no"):
            return True
        for key in ("private", "is_private", "internal", "is_internal"):
            if where.get(key) is True or where.get(key) in ("true", "yes"):
                return True
        for key in ("visibility", "type", "part_type", "message_type"):
            value = where.get(key)
            if isinstance(value, str) and value.strip().lower().replace("-", "_").replace(" ", "_") \
                    in INTERNAL_VALUES:
                return True
    return False


def not_json_lines(raw: str, name: Path | str) -> str | None:
    """The error for a file whose first record is not a turn because the file is in another format (a whole JSON
    document holding no messages mem can find, CSV, mbox, a messenger's text export): what mem reads, and where the
    docs say how to convert it (newuser22 #11). ``None`` when the file looks like JSON lines after all (a bad first
    line of a JSONL file keeps the error naming the line)."""
    text = raw.lstrip("\ufeff").lstrip()
    first = split_lines(text)[0].strip() if text else ""
    what = None
    if text[:1] in ("{", "["):
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            data = None
        if isinstance(data, dict) and not any(key in data for key in ("text", "time") + TEXT_ALIASES + TIME_ALIASES):
            keys = ", ".join(islice((one_line(str(k))[:40] for k in data), 5)) + (", …" if len(data) > 5 else "")
            what = f"one JSON document with no list of messages mem can find (top-level keys: {keys})"
        elif isinstance(data, dict) and "\n" in text.strip():
            what = "one JSON object spread over several lines (JSON lines hold each turn on one line)"
        elif first.startswith(("{", "[")):
            return None  # JSON lines with a broken first line: the line's own error says where
    elif first.startswith("From ") or first.lower().startswith(("return-path:", "received:", "mime-version:")):
        what = "an e-mail file (mbox), not JSON"
    elif any(len(cells := first.split(sep)) >= 3 and all(_COLUMN_NAME.fullmatch(c.strip().strip('"')) for c in cells)
             for sep in (",", ";", "\t")):  # a header row of column names
        what = "a CSV (or tab-separated) table, not JSON"
    elif first:
        what = "a text file (a chat app's export?), not JSON"
    if what is None:
        return None
    return (f"{name}: {what}; mem imports JSON lines: one JSON object per line with 'time' (ISO date or datetime), "
            "'role' (customer/agent/system) or 'speaker', and 'text' (optional: session, conversation, id, meta, "
            "customer), or one JSON array of such objects, or {\"messages\": [...]}; convert the export first "
            "(docs/customers.md, `mem log import`); nothing was imported")


# A line ends with LF, CRLF, or a lone CR (an old Mac's, or a Mac export): JSON never holds a raw CR inside a
# string, so a CR is always a line end — read as one, a CR-only file was one line, "Extra data at column 77".
_LINE_END = re.compile(r"\r\n?|\n")


def split_lines(text: str) -> list[str]:
    """The lines of a JSON-lines text, whichever of LF, CRLF or a lone CR ends them (never U+2028 or U+0085)."""
    return _LINE_END.split(text)


def import_text(data: bytes, name: Path | str) -> str:
    """The text of an import file, or the one-line error saying what it is instead of UTF-8
    (``mem.core.inputs.decode_utf8``: a byte-order mark dropped, UTF-16 named with its fix)."""
    return decode_utf8(data, name)


def check_message_size(text: str, max_message_bytes: int) -> None:
    """``InvalidInput`` for a message longer than ``[extract] max_message_bytes`` (UTF-8): the one
    limit of what goes into a request log, by import, ``mem ask`` or a ``--script``."""
    if len(text) * 4 <= max_message_bytes:  # no UTF-8 character is longer than 4 bytes
        return
    size = len(text.encode("utf-8"))
    if size > max_message_bytes:
        raise InvalidInput(f"the message is {size:,} bytes, over the limit of {max_message_bytes:,} "
                           "([extract] max_message_bytes in mem.toml)")


# Any: the elements of a parsed JSON document, checked one by one by _parse_line.
def _whole_file_messages(raw: str) -> list[Any] | None:
    """The messages of a file that is one JSON document, not JSON lines; ``None`` for JSON lines.

    Chat exports and model-API transcripts often come as one array of messages, or as an object
    holding it under ``messages``; both import like JSON lines, one message per element. A JSONL file
    of one line is a single object without ``messages`` and stays JSON lines.
    """
    head = raw.lstrip()[:1]
    if head not in ("[", "{"):
        return None
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return None  # JSON lines (several documents), or broken: the line-by-line read says where
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and isinstance(data.get("messages"), list):
        return list(data["messages"])
    return None


# Any: a line's text, or an element of a whole-file array, as parsed.
def _parse_line(line: Any, number: int, agent_speakers: tuple[str, ...], max_message_bytes: int,
                unknown: dict[str, None], scan: _Scan | None = None) -> ImportedTurn | object | None:
    if isinstance(line, str):
        # a byte-order mark at the start of a line: two exported files joined (``cat a.jsonl b.jsonl``), the
        # second saved by a Windows tool; the first file's mark is accepted, so is this one
        line = line.removeprefix("\ufeff")
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInput(f"not valid JSON ({json_error(exc)})") from exc
        except RecursionError as exc:
            raise InvalidInput("not valid JSON (nested too deeply)") from exc
    else:
        data = line
    data = _whole_characters(data)
    if not isinstance(data, dict):
        raise InvalidInput("each line (or message) must be a JSON object")
    for key in data:
        if key not in IMPORT_KEYS and key not in ALIAS_KEYS:
            unknown.setdefault(key)
    if scan is not None:
        _line_customer(data, number, scan)
        if _marks_internal(data):
            return _INTERNAL
    text_key = _present(data, "text", TEXT_ALIASES)
    text = _message_text(data.get(text_key), text_key)
    if text is not None:
        # an escape sequence or NUL in an export is no part of the message; kept in NFC (controls.clean_message)
        text = clean_message(text)
    if text is None or not text.strip():
        return None  # an empty message: skipped and counted, not a reason to refuse the history
    check_message_size(text, max_message_bytes)
    # HTML rendered, markdown emphasis unwrapped, quoted e-mail history left out (mem.customers.message_body)
    body = render_body(text)
    text = body.text
    if not text.strip():
        return None  # nothing but quoted history or markup: an empty message
    speaker = data.get("speaker")
    if speaker is not None and not isinstance(speaker, str):
        raise InvalidInput("'speaker' must be a string")
    if speaker is not None:
        speaker = unicodedata.normalize("NFC", one_line(speaker))
    role = normalise_role(data.get("role"), speaker=speaker, agent_speakers=agent_speakers)
    time_key = _present(data, "time", TIME_ALIASES)
    if time_key not in data or data[time_key] is None:
        raise InvalidInput("'time' (ISO date or datetime, or Unix seconds) is required")
    time = _moment(data[time_key], time_key)
    session = data.get("session", "default")
    if not isinstance(session, (str, int)) or isinstance(session, bool) or not str(session).strip():
        raise InvalidInput("'session' must be a non-empty string")
    group = data.get("conversation", session)
    turn_id = next((data[key] for key in ("turn_id", "id", "turn") if data.get(key) is not None), None)
    return ImportedTurn(
        line=number,
        group=str(group),
        session=str(session),
        time=time,
        date_only=isinstance(data[time_key], str) and _BARE_DATE.fullmatch(data[time_key].strip()) is not None,
        role=role,
        speaker=speaker,
        text=text,
        turn_id=validate_turn_id(turn_id) if turn_id is not None else None,
        meta=validate_meta(data.get("meta")),
        html=body.html,
        quoted=body.quoted,
    )


# Any: a parsed JSON value, returned with the same shape.
def _whole_characters(value: Any) -> Any:
    """``value`` with every unpaired UTF-16 surrogate (``"\\ud83d"`` alone: an emoji cut in half by an
    export that truncates by code units) replaced by U+FFFD. JSON lets a string escape one, Python
    keeps it, and nothing can store or print it: the import failed with an internal error. One broken
    emoji is no reason to refuse a whole history, so it is repaired the way a UTF-8 decoder would."""
    if isinstance(value, str):
        if _SURROGATE.search(value) is None:
            return value
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, list):
        return [_whole_characters(v) for v in value]
    if isinstance(value, dict):
        return {_whole_characters(k): _whole_characters(v) for k, v in value.items()}
    return value


_SURROGATE = lazy("[\ud800-\udfff]")


# Unix time above this is in milliseconds (as JavaScript and many chat APIs write it): in seconds it
# would be the year 5138.
_EPOCH_MS_FROM = 100_000_000_000
_EPOCH_TEXT = lazy(r"\d{9,13}(?:\.\d+)?")
_BARE_DATE = lazy(r"\d{4}-?\d{2}-?\d{2}")


# Any: the time field as parsed (JSON), checked here.
def _moment(value: Any, key: str) -> datetime:
    """A message's time: ISO 8601 text, or Unix time in seconds or milliseconds.

    Chat exports write both: Slack's ``ts`` is ``"1701600000.000200"``, model-API objects carry
    ``created`` seconds, JavaScript tools milliseconds. A day/month string such as ``03/12/2023`` stays
    refused: it reads two ways.
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise InvalidInput(f"'{key}' must be an ISO date or datetime, or Unix seconds: {echo_time(value)}")
    if isinstance(value, str) and not _EPOCH_TEXT.fullmatch(value.strip()):
        try:
            moment = clock.parse_datetime(value)
        except ValueError as exc:
            raise InvalidInput(f"'{key}' is not an ISO date or datetime: {echo_time(value)}") from exc
    else:
        seconds = float(value)
        if seconds >= _EPOCH_MS_FROM:
            seconds /= 1000
        try:
            moment = datetime.fromtimestamp(seconds, tz=UTC)
        except (OverflowError, OSError, ValueError) as exc:
            raise InvalidInput(f"'{key}' is not a time mem can read: {echo_time(value)}") from exc
    # Checked here, not when the turn is written: a year before 1000 was stored unreadably and then
    # broke every later read of the customer's log; a time at the edge of the calendar overflowed.
    try:
        return clock.storable(moment)
    except ValueError as exc:
        raise InvalidInput(f"'{key}' is not a time mem can store: {echo_time(value)} ({exc})") from exc


def _present(data: JsonObject, key: str, aliases: tuple[str, ...]) -> str:
    """``key`` when the line has it, else the first alias it has (else ``key``, which is absent)."""
    if key in data:
        return key
    return next((alias for alias in aliases if alias in data), key)


# The part types of a model API's ``content`` list that carry the message's text, and the key that
# holds it: Chat Completions ``text``, the Responses API / Agents SDK ``input_text`` (the user's) and
# ``output_text`` (the model's), and a model's ``refusal``. The Assistants API writes the text as
# ``{"value": "…", "annotations": […]}``; both shapes are read.
TEXT_PART_TYPES = {"text": "text", "input_text": "text", "output_text": "text", "refusal": "refusal"}
# Parts that carry no text by nature (an attached photo, a voice note, a file): a message made only of
# them is an empty message (skipped and counted), not a format mem misreads.
MEDIA_PART_TYPES = frozenset({"image", "image_url", "input_image", "output_image", "audio", "input_audio",
                              "output_audio", "file", "input_file", "video", "document"})


# Any: the message field as parsed (JSON), checked here.
def _message_text(value: Any, key: str) -> str | None:
    """The message: a string, or the text parts of a model API's ``content`` list joined by blank lines.

    A list whose parts carry no text and are not all media (a ``tool_call``, a part type mem does not
    know) is refused naming the part types: skipping it as "empty" silently dropped requests.
    """
    if value is None or isinstance(value, str):
        return value
    if not isinstance(value, list) or not all(isinstance(part, (dict, str)) for part in value):
        raise InvalidInput(f"'{key}' must be a string (or a list of text parts)")
    texts: list[str] = []
    others: dict[str, None] = {}
    for part in value:
        if isinstance(part, str):
            texts.append(part)
            continue
        kind = part.get("type", "text")
        field_name = TEXT_PART_TYPES.get(kind) if isinstance(kind, str) else None
        if field_name is None:
            others.setdefault(str(kind))
            continue
        text = part.get(field_name)
        if isinstance(text, dict):  # the Assistants API: {"value": "…", "annotations": […]}
            text = text.get("value")
        if not isinstance(text, str):
            raise InvalidInput(f"'{key}' must be a string (or a list of text parts): its {kind!r} part's "
                               f"{field_name!r} is not text")
        texts.append(text)
    if not any(text.strip() for text in texts) and any(kind not in MEDIA_PART_TYPES for kind in others):
        raise InvalidInput(f"'{key}' has no text part (part types: {', '.join(islice(others, 5))}); mem reads "
                           f"the parts of type {', '.join(TEXT_PART_TYPES)}")
    return "\n\n".join(text for text in texts if text.strip())


# files -------------------------------------------------------------------------------------------
def append_lines(path: Path, turns: Iterable[Turn]) -> None:
    """Append turns to a conversation file and fsync before returning (SQLite commits after)."""
    data = "".join(json.dumps(t.to_dict(), ensure_ascii=False) + "\n" for t in turns).encode("utf-8")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        from mem.core.fsio import full_disk_line, is_full_disk_error

        why = full_disk_line(path.parent) if is_full_disk_error(exc) else exc.strerror
        raise StorageError(f"cannot write the request log {path}: {why}") from exc


def read_turns(path: Path, count: int) -> list[Turn]:
    """The readable turns among the first ``count`` committed records of a conversation file.

    A committed record that cannot be read (a time an older mem wrote as ``26-11-25…``, a hand edit
    that broke a field) is skipped and named in a ``DamagedRecord`` warning: one bad record must not
    make every later ``log list``, ``extract`` or ``ask`` of the customer fail. The turns keep their ``seq``, so
    extraction still knows which records it has consumed (``LoggedConversation.new_turns``).
    """
    if count <= 0:
        return []
    turns: list[Turn] = []
    try:
        with open(path, encoding="utf-8") as fh:
            for number, line in enumerate(fh, start=1):
                if number > count:
                    break
                try:
                    turns.append(Turn.from_dict(json.loads(line)))
                except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
                    _report_damaged(path, number, exc)
    except FileNotFoundError as exc:
        raise StorageError(f"the request log {path.name} is missing") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise StorageError(f"the request log {path.name} is damaged: {exc}") from exc
    return turns


class DamagedRecord(MemWarning):
    """A committed record of a request log that cannot be read and was skipped (``read_turns``)."""


def _report_damaged(path: Path, number: int, exc: Exception) -> None:
    """Issue a ``DamagedRecord`` warning: the caller decides whether and where it is shown (the CLI
    prints it as one ``warning:`` line). The warnings registry shows each record once per process
    (once per command under the CLI), however often a command reads the log."""
    warnings.warn(DamagedRecord(f"the request log {path.name}: record {number} cannot be read and is skipped "
                                f"({type(exc).__name__}: {exc}); fix or delete that line"), stacklevel=1)


def redact_file(path: Path, count: int, quotes: list[str], replacement: str) -> list[tuple[str, str, str]]:
    """Replace ``quotes`` in the text of the first ``count`` records (``edit_file``)."""

    def edit(_record: JsonObject, text: str) -> str:
        for quote in quotes:
            text = text.replace(quote, replacement)
        return text

    return edit_file(path, count, edit)


def edit_file(path: Path, count: int, edit: Callable[[JsonObject, str], str]) -> list[tuple[str, str, str]]:
    """Rewrite the text of the first ``count`` records with ``edit(record, text)`` (which may also change
    another field of ``record``), record by record as
    JSON, so a record ``read_turns`` skips is edited too and no line is lost (the count stays right).

    Returns (time, role, text) of every record changed, as it was before: what made it the same turn
    as a line of an import file (``mem.customers.erased_turns`` keeps a keyed hash of it)."""
    lines: list[str] = []
    original: list[str] = []
    changed: list[tuple[str, str, str]] = []
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if number > count:
                break
            original.append(line)
            try:
                record = json.loads(line)
            except ValueError:
                lines.append(line)
                continue
            text = record.get("text") if isinstance(record, dict) else None
            if isinstance(text, str):
                before = dict(record)
                new = edit(record, text)
                if new != text or record != before:
                    changed.append((str(record.get("time")), str(record.get("role")), text))
                    record["text"] = new
                    line = json.dumps(record, ensure_ascii=False) + "\n"
            lines.append(line)
    if changed:
        from mem.customers.answer_chain import reseal

        lines = reseal(original, lines)  # the answers' seals, over the redacted lines (where they matched before)
        atomic_write_text(path, "".join(lines), mode=0o600)
    return changed


def truncate_to(path: Path, count: int) -> int:
    """Keep the first ``count`` whole, valid lines of a file (crash repair); returns lines kept."""
    if not path.exists():
        return 0
    kept: list[str] = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if len(kept) >= count or not line.endswith("\n"):
                break
            try:
                json.loads(line)
            except ValueError:
                break
            kept.append(line)
    atomic_write_text(path, "".join(kept), mode=0o600)
    return len(kept)


def rewrite(path: Path, turns: Iterable[Turn]) -> None:
    """Atomically replace a conversation file (used to redact erased quotes)."""
    atomic_write_text(path, "".join(json.dumps(t.to_dict(), ensure_ascii=False) + "\n" for t in turns), mode=0o600)
