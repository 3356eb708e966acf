"""The sentence-vector cache: derived data beside the search index, rebuilt when lost or broken.

Semantic rule quoting (docs/ask.md) compares a question with every policy sentence; embedding a
sentence costs tens of milliseconds, so each sentence's vector is kept, keyed by the model that made
it (``MODEL_ID``) and the SHA-256 of the passage text it was made from. A changed sentence is a new
key, an unchanged one is found again whichever page, bundle or workspace holds it; nothing needs
invalidating. Vectors are stored as float32 bytes (``array``), one SQLite row each: every write is
one transaction, so a crash leaves the cache as it was before or after, never half-written.

The cache is never the memory: it lives in ``.mem/`` of the workspace (not in the service's git
repository) or in the client home, holds only policy text the service ships anyway, and a file that
is not a readable cache (corrupt, truncated, another format) is deleted and rebuilt — never an error
for the customer. A cache that cannot be written (read-only folder, locked by another process) still
answers: the vectors are then made again on the next question.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import sqlite3
from array import array
from collections.abc import Callable
from pathlib import Path

from mem.core.text.encoder import DIM, MODEL_ID, EncoderError, load
from mem.core.text.sentences import page_sentences

#: The cache's file name inside a workspace's ``.mem/`` or a client home's ``cache/``.
CACHE_FILE = "sentence-vectors.sqlite"
_SCHEMA = "CREATE TABLE IF NOT EXISTS vectors (model TEXT NOT NULL, key BLOB NOT NULL, vector BLOB NOT NULL, " \
          "PRIMARY KEY (model, key)) WITHOUT ROWID"
# What the last look at the live pages found (``VectorCache.prune_due``): the rows counted since (kept up to date by
# every write, so no ingest counts the whole file), the live passages then and the rows then.
_STATE_SCHEMA = "CREATE TABLE IF NOT EXISTS prune_state (model TEXT PRIMARY KEY, rows INTEGER NOT NULL, " \
                "live INTEGER NOT NULL, checked INTEGER NOT NULL)"
# SQLite allows 999 bound parameters in one statement on old builds: look keys up in slices.
_SLICE = 500
# a writer holding the lock this long is someone else's ingest: answer without storing, never wait longer
_BUSY_SECONDS = 2.0


# "제5조 (청약철회 및 환불)", "第8条（返品・返金）": a Korean or Japanese article's title keeps its number, which is
# how it is cited; the number says nothing of the topic, so the passage carries the bracketed name alone, as the
# question adapter and the answer decision were trained (a number in front moved pages: held-out 6 lost five right
# pages)
_CITED_ARTICLE = re.compile(r"^(?:제\s*\d+\s*조(?:\s*의\s*\d+)?|第\s*\d+\s*条(?:\s*の\s*\d+)?)\s*"
                            r"[(（\[【「]?([^()（）\[\]【】「」]+?)[)）\]】」]?\s*$")


def passage(title: str, sentence: str) -> str:
    """What a policy sentence is embedded as: its page title (without a cited article's number) gives it the
    context a section heading gives."""
    article = _CITED_ARTICLE.match(title)
    if article:
        title = article.group(1).strip()
    return f"{title}: {sentence}" if title else sentence


_SUBHEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


def page_passages(title: str, body: str) -> list[tuple[str, str]]:
    """(sentence, passage text) of every sentence of a page body, in page order; a sub-heading line of the
    body ("### Extended protection") is a title, not a rule, and is left out."""
    headings = {match.group(1).strip().strip("*_").strip() for match in _SUBHEADING.finditer(body)}
    return [(sentence, passage(title, sentence)) for sentence in page_sentences(body) if sentence not in headings]


# A cache keyed by text keeps the vector of every sentence any revision ever had: 335 vectors for 10 pages
# after 300 revisions (new-user report 19 section 11). Past this many rows, and twice what the live pages need,
# the vectors no live sentence has are dropped; below it a prune would cost more than it frees.
PRUNE_FROM = 2_000
# Reading the live pages costs what reading the whole wiki costs (0.9 s at 1,000 pages, scripts/bench_vector_prune.py):
# once a look found nothing to drop, the next waits until the cache has grown by this share of its rows or past
# twice the live passages found then — an ingest pays for what it adds, and the wiki is read once per a quarter's
# growth instead of on every ingest past PRUNE_FROM.
PRUNE_GROWTH = 0.25


def _passage_texts(pages: list[tuple[str, str]]) -> list[str]:
    return list(dict.fromkeys(text for title, body in pages for _, text in page_passages(title, body)))


def embed_pages(folder: Path, pages: list[tuple[str, str]], *,
                live: Callable[[], list[tuple[str, str]]] | None = None) -> int:
    """Fill the cache in ``folder`` with the vectors of pages' sentences ((title, body) each); the number made.

    Ingest calls it after its commit for the pages it wrote, so the first question asked finds them ready.
    ``live`` gives every page the cache serves, read only when a prune may be due (``VectorCache.prune_due``):
    the vectors of sentences no live page has any more are then dropped. Nothing happens (0) when the
    encoder is not installed.
    """
    encoder = load()
    if encoder is None:
        return 0
    cache = VectorCache(folder / CACHE_FILE)
    try:
        texts = _passage_texts(pages)
        missing = [text for text in texts if text not in cache.get(texts)]
        if missing:
            cache.put(dict(zip(missing, encoder.passages(missing), strict=True)))
        if live is not None and cache.prune_due():
            cache.keep_only(_passage_texts(live()))
        return len(missing)
    except EncoderError:
        return 0  # derived data: the questions make the vectors they need
    finally:
        cache.close()


def _key(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


class VectorCache:
    """Passage vectors of one model in one SQLite file; ``path`` None keeps them in memory only."""

    def __init__(self, path: Path | None, model: str = MODEL_ID) -> None:
        self.path = path
        self.model = model
        self._memory: dict[bytes, array] = {}
        self._db: sqlite3.Connection | None = None
        self.rebuilt = False  # the file was found unreadable and started again (tests, --explain)

    def _connect(self) -> sqlite3.Connection | None:
        if self.path is None:
            return None
        if self._db is None:
            try:
                self._db = self._open()
            except sqlite3.DatabaseError:
                # not a cache we can read: it is derived data, so start it again
                self._discard()
                try:
                    self._db = self._open()
                except (sqlite3.Error, OSError):
                    self.path = None
                    return None
                self.rebuilt = True
            except OSError:
                self.path = None  # no folder we may write in: keep vectors for this process only
                return None
        return self._db

    def _open(self) -> sqlite3.Connection:
        assert self.path is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=_BUSY_SECONDS, isolation_level=None)
        try:
            db.execute(_SCHEMA)
            with contextlib.suppress(sqlite3.OperationalError):  # a read-only or busy file: made by the next write
                db.execute(_STATE_SCHEMA)
            db.execute("SELECT model, key, vector FROM vectors LIMIT 1").fetchall()
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def _discard(self) -> None:
        assert self.path is not None
        for suffix in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError, IsADirectoryError, PermissionError):
                Path(f"{self.path}{suffix}").unlink()

    def get(self, texts: list[str]) -> dict[str, array]:
        """The cached vectors of those ``texts`` that have one."""
        keys = {text: _key(text) for text in texts}
        found: dict[bytes, array] = {k: self._memory[k] for k in keys.values() if k in self._memory}
        wanted = [k for k in dict.fromkeys(keys.values()) if k not in found]
        db = self._connect()
        if db is not None and wanted:
            try:
                for start in range(0, len(wanted), _SLICE):
                    part = wanted[start:start + _SLICE]
                    rows = db.execute(f"SELECT key, vector FROM vectors WHERE model = ? AND key IN "
                                      f"({','.join('?' * len(part))})", [self.model, *part]).fetchall()
                    for key, blob in rows:
                        if isinstance(blob, bytes) and len(blob) == DIM * 4:  # a short row is made again
                            vector = array("f")
                            vector.frombytes(blob)
                            found[key] = self._memory[key] = vector
            except sqlite3.DatabaseError:
                self._reset()
        return {text: found[key] for text, key in keys.items() if key in found}

    def put(self, vectors: dict[str, array]) -> None:
        """Keep ``vectors`` (text → vector): in this process always, in the file when it can be written."""
        rows = [(self.model, _key(text), vector.tobytes()) for text, vector in vectors.items()]
        for (_, key, _), vector in zip(rows, vectors.values(), strict=True):
            self._memory[key] = vector
        db = self._connect()
        if db is None or not rows:
            return
        try:
            with db:  # one transaction: all of them or none
                db.execute("BEGIN IMMEDIATE")
                db.execute(_STATE_SCHEMA)
                keys = [key for _, key, _ in rows]
                held = sum(self._held(db, keys[start:start + _SLICE]) for start in range(0, len(keys), _SLICE))
                db.executemany("INSERT OR REPLACE INTO vectors (model, key, vector) VALUES (?, ?, ?)", rows)
                db.execute("UPDATE prune_state SET rows = rows + ? WHERE model = ?", (len(rows) - held, self.model))
        except sqlite3.OperationalError:
            return  # locked by another writer or read-only: the next question makes them again
        except sqlite3.DatabaseError:
            self._reset()

    def _held(self, db: sqlite3.Connection, keys: list[bytes]) -> int:
        return int(db.execute(f"SELECT COUNT(*) FROM vectors WHERE model = ? AND key IN ({','.join('?' * len(keys))})",
                              [self.model, *keys]).fetchone()[0])

    def prune_due(self) -> bool:
        """Whether the live pages should be read for a prune: the cache holds more than ``PRUNE_FROM`` rows, more
        than twice the live passages the last look found and ``PRUNE_GROWTH`` more rows than it held then (the
        first look comes as soon as it passes ``PRUNE_FROM``). Answered from the state row, never by reading
        the wiki or counting the file; a cache without one (written by an older mem) is counted once."""
        db = self._connect()
        if db is None:
            return False
        try:
            state = db.execute("SELECT rows, live, checked FROM prune_state WHERE model = ?", (self.model,)).fetchone()
            if state is None:
                rows = self.count()
                with db:
                    db.execute("BEGIN IMMEDIATE")
                    db.execute("INSERT OR REPLACE INTO prune_state (model, rows, live, checked) VALUES (?, ?, 0, 0)",
                               (self.model, rows))
                live = checked = 0
            else:
                rows, live, checked = (int(value) for value in state)
        except sqlite3.OperationalError:
            return False  # locked by another writer: the next ingest looks
        except sqlite3.DatabaseError:
            self._reset()
            return False
        return rows > max(PRUNE_FROM, 2 * live, checked + int(checked * PRUNE_GROWTH))

    def _record(self, db: sqlite3.Connection, live: int) -> None:
        """What a look at ``live`` passages found: the rows held now, counted."""
        rows = int(db.execute("SELECT COUNT(*) FROM vectors WHERE model = ?", (self.model,)).fetchone()[0])
        db.execute("INSERT OR REPLACE INTO prune_state (model, rows, live, checked) VALUES (?, ?, ?, ?)",
                   (self.model, rows, live, rows))

    def count(self) -> int:
        """How many vectors of this model the file holds (0 without a readable file)."""
        db = self._connect()
        if db is None:
            return 0
        try:
            return int(db.execute("SELECT COUNT(*) FROM vectors WHERE model = ?", (self.model,)).fetchone()[0])
        except sqlite3.DatabaseError:
            return 0

    def keep_only(self, texts: list[str]) -> int:
        """Drop the vectors of every text but ``texts`` when the file holds more than twice as many (and
        ``PRUNE_FROM``); the number dropped. One transaction, then the file is compacted; a locked or
        read-only cache is left as it is. Either way the look is recorded for ``prune_due``."""
        keep = {_key(text) for text in texts}
        if self.count() <= max(PRUNE_FROM, 2 * len(keep)):
            db = self._connect()
            if db is not None:
                with contextlib.suppress(sqlite3.Error), db:
                    db.execute("BEGIN IMMEDIATE")
                    self._record(db, len(keep))
            return 0
        db = self._connect()
        if db is None:
            return 0
        try:
            with db:
                db.execute("BEGIN IMMEDIATE")
                db.execute("CREATE TEMP TABLE IF NOT EXISTS keep (key BLOB PRIMARY KEY) WITHOUT ROWID")
                db.execute("DELETE FROM keep")
                db.executemany("INSERT OR IGNORE INTO keep (key) VALUES (?)", [(key,) for key in keep])
                dropped = db.execute("DELETE FROM vectors WHERE model = ? AND key NOT IN (SELECT key FROM keep)",
                                     (self.model,)).rowcount
                self._record(db, len(keep))
            db.execute("VACUUM")
        except sqlite3.OperationalError:
            return 0
        except sqlite3.DatabaseError:
            self._reset()
            return 0
        self._memory = {key: vector for key, vector in self._memory.items() if key in keep}
        return dropped

    def vectors(self, texts: list[str], encode: Callable[[list[str]], list[array]]) -> list[array]:
        """The vector of every text, in order: from the cache, the missing ones made by ``encode`` and kept."""
        have = self.get(texts)
        missing = list(dict.fromkeys(text for text in texts if text not in have))
        if missing:
            made = dict(zip(missing, encode(missing), strict=True))
            self.put(made)
            have.update(made)
        return [have[text] for text in texts]

    def _reset(self) -> None:
        """The file broke while open: close it and start a new one on the next call."""
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        if self.path is not None:
            self._discard()
            self.rebuilt = True

    def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
