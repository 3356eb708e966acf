"""The request log (memory): every request and response, as said — ``store.log``.

Conversations are rows in SQLite, their turns one JSONL file each (the file format and the
``Turn`` / ``LoggedConversation`` records are ``mem.customers.log_files``'s). Lines are appended and
fsynced before the SQLite commit that counts them, under a ``logs/.dirty`` marker; a rollback cuts
the lines it no longer counts, and ``repair`` cuts them after a crash when the store is opened.
"""

from __future__ import annotations

import json
import os
import sqlite3
import unicodedata
from collections.abc import Callable, Iterable
from contextlib import suppress
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from mem.core import clock
from mem.core.arguments import as_datetime
from mem.core.controls import clean_message
from mem.core.errors import Conflict, InvalidInput, NotFound, StorageError
from mem.core.fsio import PathArg
from mem.core.ids import new_id, validate_name
from mem.core.json_types import JsonObject
from mem.customers import erased_turns, log_files
from mem.customers._layout import DIRTY_MARKER, LOGS_DIR, REDACTED
from mem.customers._part import StorePart
from mem.customers.db import get_meta, set_meta
from mem.customers.log_files import LoggedConversation, Turn

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

__all__ = ["LoggedConversation", "RequestLog", "Turn"]

# memory.db ``meta`` key: the customer's UTC offset (``+09:00``), that of their latest imported turn
# whose time had one; the turns ``mem ask``/``chat``/``--script``/MCP log are dated in it.
CUSTOMER_ZONE_KEY = "utc_offset"
# the group of import lines with neither ``conversation`` nor ``session`` (``log_files.parse_import``)
_UNKEYED = "default"


class RequestLog(StorePart):
    """One customer's request log, a part of ``CustomerStore`` (``store.log``)."""

    def __init__(self, store: CustomerStore) -> None:
        super().__init__(store)
        self._touched: set[str] = set()  # conversations whose file the open transaction appended to

    def new_conversation(
        self, *, session: str = "default", conversation_id: str | None = None,
        started_at: datetime | str | None = None,
    ) -> str:
        """Start a conversation (session is only a tag); returns its id. ``started_at``: a ``datetime`` or an ISO
        8601 string (default: now)."""
        started_at = as_datetime(started_at, "started_at")
        conversation_id = validate_name(conversation_id, what="conversation id") if conversation_id else new_id()
        if not str(session).strip():
            raise InvalidInput("session tag must not be empty")
        with self._store.transaction():
            if self.row(conversation_id) is not None:
                raise Conflict(f"conversation {conversation_id} exists already")
            self._store.conn.execute(
                "INSERT INTO conversations (id, session, started_at) VALUES (?, ?, ?)",
                (conversation_id, str(session), clock.isoformat(started_at or clock.now())),
            )
        return conversation_id

    def append_turn(
        self,
        conversation_id: str,
        *,
        role: str,
        text: str,
        speaker: str | None = None,
        time: datetime | str | None = None,
        turn_id: str | None = None,
        meta: JsonObject | None = None,
    ) -> Turn:
        """Log one request or response (called by ``mem ask``/``mem chat`` for every turn).

        ``time``: a ``datetime`` (naive = UTC) or an ISO 8601 string (``2026-01-01T10:00:00Z``; default: now).

        ``meta``: small JSON data kept with the turn, e.g. ``{"policy_refs": [{"page", "version"}]}``
        of the pages an answer cited, which extraction links new facts to.
        """
        if isinstance(text, str):
            # every way into the log (ask, chat, --script, MCP) leaves controls out and keeps the text in NFC
            text = clean_message(text)
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput("a turn needs text")
        role = log_files.normalise_role(role, speaker=speaker, agent_speakers=())
        time = as_datetime(time, "turn time")
        with self._store.transaction():
            row = self.row(conversation_id)
            if row is None:
                raise NotFound(f"no conversation {conversation_id} for customer {self._store.customer_id!r}")
            seq = row["turns"]
            if turn_id is None:
                turn_id = f"{conversation_id}-{seq + 1:04d}"
            turn_id = log_files.validate_turn_id(turn_id)
            if self._store.conn.execute("SELECT 1 FROM turn_ids WHERE turn_id = ?", (turn_id,)).fetchone():
                raise Conflict(f"turn id {turn_id!r} exists already")
            turn = Turn(
                id=turn_id, conversation_id=conversation_id, seq=seq, session=row["session"],
                time=self._in_customer_zone(time or clock.now()).replace(microsecond=0), role=role,
                speaker=speaker, text=text,
                meta=log_files.validate_meta(meta),
            )
            if role == "agent":  # an answer is sealed to the lines before it (mem.customers.answer_chain)
                from dataclasses import replace

                from mem.customers.answer_chain import CHAIN, seal_for

                seal = seal_for(self.path(conversation_id), seq, turn.to_dict())
                turn = replace(turn, meta={**(turn.meta or {}), CHAIN: seal})
            self._mark_logs_dirty()
            self._touched.add(conversation_id)
            log_files.append_lines(self.path(conversation_id), [turn])
            self._store.conn.execute("UPDATE conversations SET turns = turns + 1 WHERE id = ?", (conversation_id,))
            self._store.conn.execute("INSERT INTO turn_ids (turn_id, conversation_id, seq) VALUES (?, ?, ?)",
                                     (turn_id, conversation_id, seq))
        return turn

    def _in_customer_zone(self, moment: datetime) -> datetime:
        """A time without an offset of its own (UTC: ``mem ask``'s now) in the customer's zone, the UTC
        offset of their latest imported turn that had one, so "today" in what they say now is their day."""
        if moment.utcoffset():
            return moment
        zone = get_meta(self._store.conn, CUSTOMER_ZONE_KEY)
        if zone is None:
            return moment
        try:
            return moment.astimezone(log_files.parse_offset(zone))
        except ValueError:
            return moment

    def import_file(self, path: PathArg, *, agent_speakers: Iterable[str] = (),
                    max_message_bytes: int = log_files.MAX_MESSAGE_BYTES, allow_future: bool = False,
                    drop_duplicates: bool = False) -> JsonObject:
        """``mem log import``: past conversations from a JSONL file, all or nothing.

        Lines are grouped into conversations by ``conversation`` (default: the session tag); within
        one, turns are put in time order (by day when a line has a bare date; file order for equal
        times) and ``reordered`` counts the conversations whose times went backwards in the file. A
        bad line, a message over ``max_message_bytes``, or a turn id already in this customer's log for
        another time, role or text, raises ``InvalidInput`` naming the line, and nothing is imported. Empty
        messages are skipped (``skipped_empty`` counts them) and keys the format does not know are named in
        ``unknown_keys``.
        A time more than a day after now (``log_files.FUTURE_TOLERANCE``) is a wrong clock and refuses
        the file unless ``allow_future`` (``future_times`` counts those lines then). Imported
        conversations are pending extraction.
        """
        result = log_files.parse_import(Path(path), agent_speakers=agent_speakers,
                                        max_message_bytes=max_message_bytes, allow_future=allow_future)
        return self.import_parsed(result, os.fspath(path), drop_duplicates=drop_duplicates)

    def import_parsed(self, result: log_files.ParsedImport, path: Path | str, *,
                      drop_duplicates: bool = False) -> JsonObject:
        """``import_file`` for a file ``log_files.parse_import`` has read (the CLI reads it before it
        opens, or creates, the customer's store: a refused file leaves no empty store behind).

        A turn without an id that is already logged — the same time, role and text — is skipped and
        counted in ``already_logged``: importing the same export twice doubled the log, and repeated
        statements inflated traits. A turn erase redacted still counts as logged (its tombstone,
        ``mem.customers.erased_turns``), counted in ``already_erased``: a re-import must not bring
        erased words back. Turns with ids are checked by id instead: an id already logged for the same
        time, role and text is that turn again and is skipped the same way (counted in ``already_logged``,
        or ``already_erased`` when an erase redacted it); an id logged with another time, role or text
        refuses the file (``_known_ids``).

        A conversation of the file continues the logged one it belongs to — the one holding some of
        its turns already, or the one imported earlier under the same ``conversation``/``session``
        key — instead of starting a new one (``continued`` counts them): a grown export's new turns
        are read with the turns before them (an agent's yes with the request it answers).

        A line that repeats an earlier line of the same file — the same time, role and text (and id, or none) — is
        counted in ``duplicates_in_file`` and kept, unless ``drop_duplicates`` (newuser32 #9: an export that
        doubled turns was imported doubled, and nothing said so). A repeated line with an id cannot be kept (one id
        is one turn): without ``drop_duplicates`` it raises ``InvalidInput`` naming the option.
        """
        parsed, duplicates = _without_repeats(result.turns)
        if not drop_duplicates:
            _refuse_repeated_ids(result.turns, path)
            parsed = result.turns
        already = erased = 0
        holders: dict[str, str] = {}  # group -> logged conversation that holds some of its turns
        carried: list[tuple[erased_turns.TurnKey, str]] = []  # older erases, kept as tombstones from now on
        if any(t.turn_id is None for t in parsed):
            logged, redacted = self._logged_keys()
            tombstones = erased_turns.load(self._store.conn)
            kept = []
            for item in parsed:
                holder = None
                if item.turn_id is None:
                    same = _key(item)
                    holder = logged.get(same)
                    if holder is None and (holder := tombstones.holder(same)) is not None:
                        erased += 1
                    elif holder is None and (holder := _redacted_holder(redacted, same)) is not None:
                        erased += 1
                        carried.append((same, holder))
                if holder is None:
                    kept.append(item)
                else:
                    holders[item.group] = holder
            already = len(parsed) - len(kept) - erased
            parsed = kept
        given = [t for t in parsed if t.turn_id is not None]
        if given:
            seen, known, known_erased = self._known_ids(given, path, holders)
            already += known
            erased += known_erased
            parsed = [t for t in parsed if t.turn_id is None or t.turn_id not in seen]
        groups: dict[str, list[log_files.ImportedTurn]] = {}
        for item in parsed:
            groups.setdefault(item.group, []).append(item)
        # Time order, not file order, within a conversation: newest-first exports (Slack history)
        # otherwise made every older message replace the newer fact. The sort is stable and as
        # coarse as the coarsest time of the conversation: when one line has a bare date, days are
        # ordered and the turns within a day keep their file order (a bare date is midnight, which
        # says nothing about 10:00 the same day).
        reordered = 0
        for items in groups.values():
            key = _day if any(item.date_only for item in items) else _moment
            if any(key(later) < key(earlier) for earlier, later in zip(items, items[1:], strict=False)):
                items.sort(key=key)
                reordered += 1
        ids: list[str] = []
        zoned = max((item for item in parsed if item.time.utcoffset()), key=_moment, default=None)
        zone = zoned.time.utcoffset() if zoned is not None else None
        continued = 0
        with self._store.transaction():
            erased_turns.remember(self._store.conn, carried)
            if zone:  # the customer's zone for the turns logged later (_in_customer_zone)
                set_meta(self._store.conn, CUSTOMER_ZONE_KEY, log_files.format_offset(zone))
            self._mark_logs_dirty()
            for group, items in groups.items():
                row = self._continued(group, holders.get(group))
                if row is None:
                    conversation_id, first_seq = new_id(), 0
                else:
                    conversation_id, first_seq = row["id"], row["turns"]
                turns = [
                    Turn(
                        id=item.turn_id or f"{conversation_id}-{seq + 1:04d}", conversation_id=conversation_id,
                        seq=seq, session=item.session, time=item.time, role=item.role, speaker=item.speaker,
                        text=item.text, meta=item.meta,
                    )
                    for seq, item in enumerate(items, start=first_seq)
                ]
                self._touched.add(conversation_id)
                log_files.append_lines(self.path(conversation_id), turns)
                if row is None:
                    self._store.conn.execute(
                        "INSERT INTO conversations (id, session, started_at, turns) VALUES (?, ?, ?, ?)",
                        (conversation_id, items[0].session, clock.isoformat(items[0].time), len(turns)),
                    )
                else:
                    continued += 1
                    self._store.conn.execute("UPDATE conversations SET turns = turns + ?, extracted = ? WHERE id = ?",
                                             (len(turns), self._reread_from(row, turns[0]), conversation_id))
                if group != _UNKEYED:
                    self._store.conn.execute("INSERT OR REPLACE INTO conversation_keys (key, conversation_id) "
                                             "VALUES (?, ?)", (group, conversation_id))
                self._store.conn.executemany(
                    "INSERT INTO turn_ids (turn_id, conversation_id, seq) VALUES (?, ?, ?)",
                    [(t.id, conversation_id, t.seq) for t in turns],
                )
                ids.append(conversation_id)
        return {"conversations": len(ids), "turns": len(parsed), "conversation_ids": ids,
                "skipped_empty": result.skipped_empty, "unknown_keys": list(result.unknown_keys),
                "unknown_key_count": result.unknown_key_count, "reordered": reordered,
                "already_logged": already, "already_erased": erased, "continued": continued,
                "duplicates_in_file": duplicates, "duplicates_dropped": duplicates if drop_duplicates else 0,
                # what the reading did to the file's lines: built here, so the Python result and `mem log import
                # --json` are one record (the CLI added these three itself: NEWUSER_REPORT18 #11)
                "early_times": result.early_time_count, "future_times": result.future_time_count,
                "html_messages": result.html_messages,
                "quoted_history": result.quoted_history,
                # agents-only notes left out (log_files.INTERNAL_MARK_KEYS) and the customer the lines name
                "internal_notes": result.internal_notes, "named_customer": result.customer}

    def _known_ids(self, given: list[log_files.ImportedTurn], path: Path | str,
                   holders: dict[str, str]) -> tuple[set[str], int, int]:
        """The turns of ``given`` (each with an id) whose id is already logged, checked by content: the same
        time, role and text is that turn imported again (a grown export read again) and is skipped; an id
        logged for a turn an erase redacted, whose line is the turn before the erase, is skipped as erased (a
        re-import must not bring erased words back); any other difference refuses the file, naming the line.
        Records in ``holders`` the conversation each group continues; returns the skipped ids, how many were
        skipped as logged and how many as erased."""
        places: dict[str, tuple[str, int]] = {}
        for start in range(0, len(given), 500):
            chunk = given[start:start + 500]
            places.update((row[0], (row[1], row[2])) for row in self._store.conn.execute(
                f"SELECT turn_id, conversation_id, seq FROM turn_ids WHERE turn_id IN ({','.join('?' * len(chunk))})",
                [t.turn_id for t in chunk]))
        if not places:
            return set(), 0, 0
        logged = self._records_at(set(places.values()))
        tombstones = erased_turns.load(self._store.conn)
        seen: set[str] = set()
        same = erased = 0
        for item in given:
            place = places.get(str(item.turn_id))
            if place is None:
                continue
            key, there = _key(item), logged.get(place)
            if there == key:
                same += 1
            elif tombstones.holder(key) == place[0] or (
                    there is not None and there[:2] == key[:2]
                    and _redacted_holder({key[:2]: [(there[2].split(REDACTED), place[0])]}, key) == place[0]):
                erased += 1
            else:
                raise InvalidInput(
                    f"{path}: line {item.line}: turn id {item.turn_id!r} is already in this customer's log with "
                    "another time, role or text; nothing was imported (give the changed turn a new id)")
            seen.add(str(item.turn_id))
            holders[item.group] = place[0]
        return seen, same, erased

    def _records_at(self, places: set[tuple[str, int]]) -> dict[tuple[str, int], tuple[str, str, str]]:
        """(time, role, text) of the logged turns at (conversation, seq), read as ``_logged_keys`` reads them."""
        wanted: dict[str, set[int]] = {}
        for conversation_id, seq in places:
            wanted.setdefault(conversation_id, set()).add(seq)
        found: dict[tuple[str, int], tuple[str, str, str]] = {}
        for conversation_id, seqs in wanted.items():
            last = max(seqs)
            try:
                with open(self.path(conversation_id), encoding="utf-8") as fh:
                    for seq, line in enumerate(fh):
                        if seq > last:
                            break
                        if seq in seqs:
                            with suppress(ValueError, TypeError, AttributeError):
                                record = json.loads(line)
                                found[(conversation_id, seq)] = (
                                    str(record.get("time")), str(record.get("role")),
                                    unicodedata.normalize("NFC", str(record.get("text"))))
            except OSError:
                continue  # a missing log is reported by the commands that read it; its ids read as changed
        return found

    def _continued(self, group: str, holder: str | None) -> sqlite3.Row | None:
        """The logged conversation an imported group continues: the one holding some of its turns,
        else the one imported under the same key (not ``default``, the key of a file that has none:
        two unrelated files without keys stay two conversations unless they share turns)."""
        if holder is None and group != _UNKEYED:
            found = self._store.conn.execute("SELECT conversation_id FROM conversation_keys WHERE key = ?",
                                             (group,)).fetchone()
            holder = found[0] if found else None
        return self.row(holder) if holder is not None else None

    def _reread_from(self, row: sqlite3.Row, first_new: Turn) -> int:
        """Where extraction of a continued conversation resumes. An agent turn that follows a customer
        turn is that turn's answer: the customer turn is extracted again with it (its agreement is
        read only with the confirmation after it; the judgement keeps an unchanged fact unchanged)."""
        extracted = row["extracted"]
        if first_new.role == "customer" or row["turns"] == 0 or extracted < row["turns"]:
            return extracted
        logged = log_files.read_turns(self.path(row["id"]), row["turns"])
        if logged and logged[-1].role == "customer":
            return min(extracted, logged[-1].seq)
        return extracted

    def _logged_keys(self) -> tuple[dict[tuple[str, str, str], str], _Redacted]:
        """(time, role, text) of every committed turn of this customer, read as JSON (no ``Turn``),
        with the conversation holding it; and the turns an erase redacted, by (time, role).

        The second is how an older mem (before the ``erased_turns`` tombstones) recorded an erase: only
        ``[erased]`` in place of the quote in the logged turn. The import line it came from is that turn
        with the erased words where ``[erased]`` stands (``_redacted_holder``)."""
        keys: dict[tuple[str, str, str], str] = {}
        redacted: _Redacted = {}
        for row in self._store.conn.execute("SELECT id, turns FROM conversations"):
            path = self.path(row["id"])
            try:
                with open(path, encoding="utf-8") as fh:
                    for number, line in enumerate(fh, start=1):
                        if number > row["turns"]:
                            break
                        with suppress(ValueError, TypeError, AttributeError):
                            record = json.loads(line)
                            # in NFC, as an import is read: a turn an older mem logged decomposed (NFD) is the
                            # same turn when its file is imported again
                            key = (str(record.get("time")), str(record.get("role")),
                                   unicodedata.normalize("NFC", str(record.get("text"))))
                            keys[key] = row["id"]
                            if REDACTED in key[2]:
                                redacted.setdefault(key[:2], []).append((key[2].split(REDACTED), row["id"]))
            except OSError:
                continue  # a missing log is reported by the commands that read it
        return keys, redacted

    def get(self, conversation_id: str) -> LoggedConversation:
        row = self.row(conversation_id)
        if row is None:
            raise NotFound(f"no conversation {conversation_id} for customer {self._store.customer_id!r}")
        return self._conversation(row)

    def conversations(self, *, pending_only: bool = False) -> list[LoggedConversation]:
        """Conversations oldest first; ``pending_only``: those with turns not yet extracted."""
        sql = "SELECT * FROM conversations"
        if pending_only:
            sql += " WHERE extracted < turns"
        rows = self._store.conn.execute(sql + " ORDER BY started_at, id").fetchall()
        return [self._conversation(row) for row in rows]

    def pending(self) -> list[LoggedConversation]:
        """What ``extract_pending`` has to process: conversations with unextracted turns."""
        return self.conversations(pending_only=True)

    def mark_extracted(self, conversation_id: str, upto: int) -> None:
        """Record that extraction consumed the first ``upto`` turns (call inside the same
        ``transaction()`` as the facts it stored)."""
        with self._store.transaction():
            row = self.row(conversation_id)
            if row is None:
                raise NotFound(f"no conversation {conversation_id} for customer {self._store.customer_id!r}")
            if not 0 <= upto <= row["turns"]:
                raise InvalidInput(f"conversation {conversation_id} has {row['turns']} turns, not {upto}")
            self._store.conn.execute("UPDATE conversations SET extracted = ? WHERE id = ?", (upto, conversation_id))

    # what the store and the other parts use ------------------------------------------------------
    def redact(self, quotes_by_log: dict[str, list[str]], replacement: str) -> None:
        """Replace quotes in logged turns (the customer's erase of a fact reaches its evidence), and
        keep a tombstone of each changed turn so no import brings its words back (``erased_turns``)."""
        redacted: list[tuple[erased_turns.TurnKey, str]] = []
        for log_id, quotes in quotes_by_log.items():
            row = self.row(log_id)
            if row is None:
                continue
            keys = log_files.redact_file(self.path(log_id), row["turns"], quotes, replacement)
            redacted += [(key, log_id) for key in keys]
        erased_turns.remember(self._store.conn, redacted)

    def edit_turns(self, edit: Callable[[str, JsonObject, str], str], conversation_ids: Iterable[str] | None = None,
                   ) -> int:
        """Rewrite logged turns with ``edit(conversation id, record, text) -> text`` (every conversation,
        or those named), keeping a tombstone of each changed turn as ``redact`` does; returns how many
        turns changed. What an erase or a forget takes out of the log beyond the quotes themselves."""
        changed: list[tuple[erased_turns.TurnKey, str]] = []
        rows = self._store.conn.execute("SELECT id, turns FROM conversations").fetchall()
        wanted = None if conversation_ids is None else set(conversation_ids)
        for row in rows:
            conversation_id = row["id"]
            if wanted is not None and conversation_id not in wanted:
                continue
            path = self.path(conversation_id)
            if not path.exists():
                continue  # a missing log is reported by the commands that read it

            def one(record: JsonObject, text: str, conversation_id: str = conversation_id) -> str:
                return edit(conversation_id, record, text)

            changed += [(key, conversation_id) for key in log_files.edit_file(path, row["turns"], one)]
        erased_turns.remember(self._store.conn, changed)
        return len(changed)

    def committed(self) -> None:
        """The outermost transaction committed: every line written in it is counted now."""
        self._touched.clear()

    def repair(self) -> None:
        """On open, after a crash: cut the log lines no committed transaction counted."""
        logs = self._store.folder / LOGS_DIR
        if not (logs / DIRTY_MARKER).exists():
            return
        counts = {row["id"]: row["turns"] for row in self._store.conn.execute("SELECT id, turns FROM conversations")}
        for path in logs.glob("*.jsonl"):
            conversation_id = path.stem
            if conversation_id not in counts:
                path.unlink()
                continue
            kept = log_files.truncate_to(path, counts[conversation_id])
            if kept < counts[conversation_id]:
                raise StorageError(
                    f"request log {path.name} of customer {self._store.customer_id!r} lost committed turns "
                    f"({kept} of {counts[conversation_id]})"
                )
        self._clear_marker()

    def path(self, conversation_id: str) -> Path:
        return self._store.folder / LOGS_DIR / f"{conversation_id}.jsonl"

    def row(self, conversation_id: str) -> sqlite3.Row | None:
        return self._store.conn.execute("SELECT * FROM conversations WHERE id = ?", (conversation_id,)).fetchone()

    def _conversation(self, row: sqlite3.Row) -> LoggedConversation:
        turns = log_files.read_turns(self.path(row["id"]), row["turns"])
        return LoggedConversation(
            id=row["id"], session=row["session"], started_at=clock.parse_datetime(row["started_at"]),
            turns=tuple(turns), extracted=row["extracted"], records=row["turns"],
        )

    def _mark_logs_dirty(self) -> None:
        """Before log lines are written: a marker file, removed once SQLite has counted them."""
        marker = self._store.folder / LOGS_DIR / DIRTY_MARKER
        if not marker.exists():
            marker.write_text("log lines written, SQLite commit pending\n")
        self._store.after_commit(self._clear_marker)

    def cut_uncounted_lines(self) -> None:
        """After a rollback: log lines written inside it are no longer counted; cut them now so the
        next append does not land behind them."""
        for conversation_id in list(self._touched):
            row = self.row(conversation_id)
            path = self.path(conversation_id)
            if row is None:
                path.unlink(missing_ok=True)
            else:
                log_files.truncate_to(path, row["turns"])
        if not self._store.in_transaction:
            self._touched.clear()
            if self._store.conn.in_transaction is False:
                self._clear_marker()

    def _clear_marker(self) -> None:
        with suppress(FileNotFoundError):
            (self._store.folder / LOGS_DIR / DIRTY_MARKER).unlink()


def _moment(item: log_files.ImportedTurn) -> datetime:
    return item.time


def _day(item: log_files.ImportedTurn) -> date:
    return item.time.astimezone(UTC).date()


# (time, role) -> the text of each redacted turn at that moment, cut at "[erased]", and its conversation
_Redacted = dict[tuple[str, str], list[tuple[list[str], str]]]


def _redacted_holder(redacted: _Redacted, turn: tuple[str, str, str]) -> str | None:
    """The conversation holding ``turn`` with an erase's ``[erased]`` in place of some of its words, or None.

    The import line must read exactly as the logged turn around each ``[erased]``, and at the same time
    and role; what stood in each place is at least one character (a quote is never empty). An erase
    usually redacted the whole turn ("[erased]"), so time and role are then all there is to go by: the
    first line at that moment is taken for it (privacy first), and only one — a logged turn stands for
    one line of the file, so a second line at that moment is imported."""
    candidates = redacted.get(turn[:2], [])
    for n, (parts, conversation_id) in enumerate(candidates):
        text, at = turn[2], 0
        if not (text.startswith(parts[0]) and text.endswith(parts[-1])) or len(text) <= len("".join(parts)):
            continue
        at = len(parts[0])
        end = len(text) - len(parts[-1])
        for middle in parts[1:-1]:
            found = text.find(middle, at + 1, end) if middle else at + 1
            if found < 0 or found >= end:
                break
            at = found + len(middle)
        else:
            if at < end:
                del candidates[n]  # one logged turn stands for one line of the file
                return conversation_id
    return None


def _without_repeats(turns: list[log_files.ImportedTurn]) -> tuple[list[log_files.ImportedTurn], int]:
    """``turns`` without the lines that repeat an earlier one (same time as stored, role, text and id), and how many
    were left out."""
    seen: set[tuple[str, str, str, str | None]] = set()
    kept = []
    for item in turns:
        key = (*_key(item), item.turn_id)
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept, len(turns) - len(kept)


def _refuse_repeated_ids(turns: list[log_files.ImportedTurn], path: Path | str) -> None:
    """Raise ``InvalidInput`` at the first line that repeats an earlier line with its id (``parse_import`` lets
    only such an exact repeat of an id through): kept, the log would hold one id twice."""
    seen: set[str] = set()
    for item in turns:
        if item.turn_id is None:
            continue
        if item.turn_id in seen:
            raise InvalidInput(f"{path}: line {item.line}: turn id {item.turn_id!r} appears twice (the same line "
                               "repeated); nothing was imported (--drop-duplicates leaves the repeat out)")
        seen.add(item.turn_id)


def _key(item: log_files.ImportedTurn) -> tuple[str, str, str]:
    """What makes an imported turn the same as a logged one: its time as stored, role and text."""
    return clock.isoformat(item.time), item.role, item.text
