"""A hash chain over each conversation's request log: an answer edited afterwards is found (NEWUSER_REPORT20 #3).

Every agent turn appended to a conversation (``RequestLog.append_turn``: ``mem ask``, ``mem chat``, the
MCP server's answers and the replies a host logs) carries ``meta.chain``: ``sha256:`` of the previous
sealed line's chain followed by every line since it, the new one included, each as canonical JSON (keys
sorted, its own ``chain`` left out). So a sealed line vouches for itself, for the customer's question
before it and — through the chain value it starts from — for every line before that. ``verify_log``
(``mem log verify``) recomputes the chain of each conversation and names the first line that does not
match, and a conversation file with fewer lines than the store counted.

An erase (``mem facts erase``, ``mem log forget``) rewrites the lines it redacts and seals them again —
only where the chain still matched before the rewrite, so a line already broken stays broken.

What it does not protect against (docs/customers.md, "Is the answer log tamper-evident?"): the chain is not
keyed and nothing of it leaves the client, so whoever can write the file and knows this construction can
recompute every seal after an edit; cutting the last lines of a file is seen only against the count in
``memory.db``, which the same person can edit; lines logged before this (no ``chain``) are not covered.
It finds edits by a tool or a person who did not recompute the chain (``sed``, an editor), and damage.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.core.json_types import JsonObject

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

CHAIN = "chain"
PREFIX = "sha256:"


# Any: a request-log line as JSON read it — a record, or any other JSON value a hand edit left
def canonical(record: Any) -> str:
    """A record as the chain reads it: canonical JSON without its own ``meta.chain``."""
    if isinstance(record, dict):
        record = dict(record)
        meta = record.get("meta")
        if isinstance(meta, dict) and CHAIN in meta:
            meta = {k: v for k, v in meta.items() if k != CHAIN}
            if meta:
                record["meta"] = meta
            else:
                del record["meta"]
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _seal(previous: str, pending: list[str]) -> str:
    digest = hashlib.sha256(previous.encode("utf-8"))
    for line in pending:
        digest.update(b"\n")
        digest.update(line.encode("utf-8"))
    return PREFIX + digest.hexdigest()


def _read(line: str) -> tuple[Any, str]:
    """(record or None, its canonical form; an unreadable line counts as its raw text)."""
    try:
        record = json.loads(line)
    except ValueError:
        return None, line.rstrip("\n")
    return record, canonical(record)


def _chain_of(record: Any) -> str | None:
    meta = record.get("meta") if isinstance(record, dict) else None
    value = meta.get(CHAIN) if isinstance(meta, dict) else None
    return value if isinstance(value, str) else None


def _lines(path: Path, count: int) -> list[str]:
    lines: list[str] = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if len(lines) >= count:
                break
            lines.append(line)
    return lines


def seal_for(path: Path, count: int, record: JsonObject) -> str:
    """The ``chain`` of ``record``, about to be appended after the first ``count`` lines of ``path``. Only the
    lines since the last sealed one are parsed, read from the end: parsing the whole conversation at every
    answer made a long one quadratic (2,000 exchanges: 29 CPU s of appends, 1.3 s before the chain)."""
    previous, pending = "", []
    if path.exists():
        for line in reversed(_lines(path, count)):
            parsed, text = _read(line)
            chain = _chain_of(parsed)
            if chain is not None:
                previous = chain
                break
            pending.append(text)
        pending.reverse()
    return _seal(previous, [*pending, canonical(record)])


def first_mismatch(lines: list[str]) -> int | None:
    """The 1-based number of the first sealed line whose chain does not match the lines up to it."""
    previous, pending = "", []
    for number, line in enumerate(lines, start=1):
        parsed, text = _read(line)
        pending.append(text)
        chain = _chain_of(parsed)
        if chain is not None:
            if chain != _seal(previous, pending):
                return number
            previous, pending = chain, []
    return None


def reseal(before: list[str], after: list[str]) -> list[str]:
    """``after`` (the same lines as ``before``, some rewritten by an erase) with every seal that matched in
    ``before`` computed again over the rewritten lines; a seal that did not match is left as it was."""
    if len(before) != len(after):
        return after
    out: list[str] = []
    old_previous, old_pending, new_previous, new_pending = "", [], "", []
    for old_line, new_line in zip(before, after, strict=True):
        old_record, old_text = _read(old_line)
        new_record, new_text = _read(new_line)
        old_pending.append(old_text)
        new_pending.append(new_text)
        old_chain = _chain_of(old_record)
        if old_chain is None:
            out.append(new_line)
            continue
        new_chain = _chain_of(new_record) or old_chain
        if old_chain == _seal(old_previous, old_pending) and isinstance(new_record, dict):
            new_chain = _seal(new_previous, new_pending)
            new_record["meta"] = {**new_record["meta"], CHAIN: new_chain}
            new_line = json.dumps(new_record, ensure_ascii=False) + "\n"
        out.append(new_line)
        old_previous, old_pending, new_previous, new_pending = old_chain, [], new_chain, []
    return out


@dataclass(frozen=True)
class ConversationCheck:
    """One conversation's verdict: ``ok``, or the first line that does not match and why."""

    conversation: str
    lines: int
    sealed: int
    ok: bool
    line: int | None = None
    problem: str | None = None

    def to_dict(self) -> JsonObject:
        return {"conversation": self.conversation, "lines": self.lines, "sealed": self.sealed, "ok": self.ok,
                "line": self.line, "problem": self.problem}


def verify_log(store: CustomerStore, conversation_ids: list[str] | None = None) -> list[ConversationCheck]:
    """Check the chain of every conversation of ``store``'s customer (or those named)."""
    rows = store.conn.execute("SELECT id, turns FROM conversations ORDER BY started_at, id").fetchall()
    wanted = None if conversation_ids is None else set(conversation_ids)
    checks: list[ConversationCheck] = []
    for row in rows:
        conversation, count = str(row["id"]), int(row["turns"])
        if wanted is not None and conversation not in wanted:
            continue
        path = store.log.path(conversation)
        if not path.exists():
            checks.append(ConversationCheck(conversation, 0, 0, False, 1, "the log file is missing"))
            continue
        lines = _lines(path, count)
        sealed = sum(1 for line in lines if _chain_of(_read(line)[0]) is not None)
        bad = first_mismatch(lines)
        if bad is not None:
            checks.append(ConversationCheck(conversation, len(lines), sealed, False, bad,
                                            f"line {bad} does not match its seal: it, or a line before it since "
                                            "the previous sealed answer, was changed, added or removed"))
        elif len(lines) < count:
            checks.append(ConversationCheck(conversation, len(lines), sealed, False, len(lines) + 1,
                                            f"the file has {len(lines)} lines; {count} were logged"))
        else:
            checks.append(ConversationCheck(conversation, len(lines), sealed, True))
    return checks
