"""Tombstones of erased request-log turns: an erased turn still counts as already logged.

Erase replaces a fact's quotes in the request log with ``[erased]``, so the turn no longer matches
its line in the export it came from, and ``mem log import`` of the same or a grown export brought the
words back. Erase therefore keeps, for every turn it redacts, a keyed hash of the turn's identity as
it was logged (time, role, original text) and the conversation that holds it — never the words.

The hash is HMAC-SHA256 under a random key made for this customer on the first erase; key and
digests live in ``meta`` (``erased_turns``) and travel with the portable export (backup). The key
keeps a digest from being compared with a precomputed table or with another customer's digests;
it lives in the same ``memory.db``, so someone holding that file could still test guesses of the
erased words one by one, exactly as they could test a guess against the rest of the file.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
from collections.abc import Iterable

from mem.core.errors import InvalidInput
from mem.core.json_types import JsonObject

META_KEY = "erased_turns"
TurnKey = tuple[str, str, str]  # (time as stored, role, text)


class ErasedTurns:
    """The tombstones of one customer: ``holder(key)`` is the conversation of an erased turn, or None."""

    def __init__(self, key: bytes, digests: dict[str, str]) -> None:
        self._key = key
        self.digests = digests  # digest -> conversation id

    def digest(self, turn: TurnKey) -> str:
        message = "\0".join(turn).encode("utf-8")
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()

    def holder(self, turn: TurnKey) -> str | None:
        if not self.digests:
            return None
        return self.digests.get(self.digest(turn))

    def to_json(self) -> JsonObject:
        return {"key": self._key.hex(), "digests": dict(self.digests)}


def load(conn: sqlite3.Connection) -> ErasedTurns:
    """The customer's tombstones (none, with a fresh key, before the first erase)."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (META_KEY,)).fetchone()
    if row is None:
        return ErasedTurns(secrets.token_bytes(32), {})
    return from_json(json.loads(row[0]))


# object: the exported value as parsed (JSON), checked here.
def from_json(data: object) -> ErasedTurns:
    """Tombstones from their stored or exported form; ``InvalidInput`` when it is not that form."""
    if not isinstance(data, dict) or not isinstance(data.get("key"), str) or not isinstance(data.get("digests"), dict):
        raise InvalidInput("erased_turns is not {key, digests}")
    digests = data["digests"]
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in digests.items()):
        raise InvalidInput("erased_turns digests are not text")
    try:
        key = bytes.fromhex(data["key"])
    except ValueError as exc:
        raise InvalidInput("erased_turns key is not hexadecimal") from exc
    return ErasedTurns(key, dict(digests))


def remember(conn: sqlite3.Connection, turns: Iterable[tuple[TurnKey, str]]) -> None:
    """Add tombstones for ``(turn key, conversation id)`` pairs (inside the caller's transaction)."""
    turns = list(turns)
    if not turns:
        return
    tombstones = load(conn)
    for turn, conversation_id in turns:
        tombstones.digests[tombstones.digest(turn)] = conversation_id
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                 (META_KEY, json.dumps(tombstones.to_json())))
