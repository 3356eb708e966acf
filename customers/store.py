"""``CustomerStore``: everything one customer owns on this client, behind one exclusive lock.

Layout under the client home (docs/customers.md)::

    <home>/customers/<id>/memory.db   SQLite, the source of truth (see ``mem.customers.db``)
    <home>/customers/<id>/index/      tantivy, derived from memory.db, rebuilt when in doubt
    <home>/customers/<id>/logs/       request logs, one JSONL file per conversation
    <home>/customers/.locks/<id>.lock the per-customer lock (outside the folder so restores can swap it)

The store is made of one part per memory, all sharing this store's one connection, one lock and
one ``transaction()``::

    store.log       request log          mem.customers.request_log   (RequestLog)
    store.facts     customer facts       mem.customers.facts         (Facts: evidence, history, search)
    store.context   customer context     mem.customers.customer_context (CustomerContext)
    store.consent   consent              mem.customers.consent       (ConsentBook)
    store.outbox    evidence outbox      mem.customers.outbox        (EvidenceOutbox)

Consistency rules:

- Every change is one SQLite transaction. Fact changes also write ``index_ops`` rows in that
  transaction; the index is updated after the commit and the rows deleted after tantivy's commit.
  Leftover rows (a crash in between) are replayed when the store is next opened.
- Request-log lines are appended (and fsynced) before the SQLite commit that counts them, under a
  ``logs/.dirty`` marker; if the marker is found on open, lines nobody counted are cut off.
- ``transaction()`` groups many writes of any parts into one commit (extraction stores facts and
  marks the conversation extracted together, so a kill in the middle leaves the conversation
  pending and no fact of it stored). Nested ``transaction()`` blocks are savepoints.

Nothing here reads two customers: a store is opened for exactly one id, validated first.

Threads and asyncio: a store belongs to the thread that opened it (its SQLite connection does); another
thread's use raises ``WrongThread``, so each thread opens its own store (they queue on the customer's lock).
A store dropped without ``close()`` gives its lock back when it is collected, with a ``ResourceWarning``
as Python's own files do. ``open_async`` waits for the lock without blocking an asyncio loop.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from os import PathLike
from pathlib import Path

from mem.core.errors import LockTimeout, NotFound, StorageError, WrongThread
from mem.core.ids import new_id, validate_customer_id
from mem.customers import db
from mem.customers._layout import (
    COMPLETE_MARKER,
    CUSTOMERS_DIR,
    DB_FILE,
    DEFAULT_LOCK_TIMEOUT,
    DIRTY_MARKER,
    IMPORT_PREFIX,
    INDEX_DIR,
    LOCKS_DIR,
    LOGS_DIR,
    REDACTED,
    RESTORE_PREFIX,
    TRASH_PREFIX,
    CustomerForgotten,
    customer_folder,
    customers_root,
    list_customers,
    recover_swap,
    refuse_case_twin,
    refuse_forgotten,
)
from mem.customers.consent import ConsentBook
from mem.customers.customer_context import CustomerContext
from mem.customers.fact_rows import HistoryEntry, SearchHit, compact_record, expand_record, record_json
from mem.customers.fact_search import ProgressCallback
from mem.customers.facts import Facts
from mem.customers.lock import CustomerLock, busy_message, holder_here, wait_path
from mem.customers.outbox import EvidenceItem, EvidenceOutbox
from mem.customers.request_log import RequestLog

__all__ = [
    "COMPLETE_MARKER",
    "CUSTOMERS_DIR",
    "DB_FILE",
    "DEFAULT_LOCK_TIMEOUT",
    "DIRTY_MARKER",
    "INDEX_DIR",
    "LOCKS_DIR",
    "LOGS_DIR",
    "REDACTED",
    "RESTORE_PREFIX",
    "TRASH_PREFIX",
    "CustomerForgotten",
    "CustomerStore",
    "EvidenceItem",
    "HistoryEntry",
    "ProgressCallback",
    "SearchHit",
    "compact_record",
    "customer_folder",
    "customers_root",
    "expand_record",
    "list_customers",
    "record_json",
    "recover_swap",
    "refuse_case_twin",
]


def _file_identity(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


def _move_into_place(staging: Path, live: Path) -> None:
    """Rename a complete new customer folder to its place. An empty folder of the id (a store opened and given
    up on by an older mem) is replaced; one holding anything is left alone and the new one dropped."""
    try:
        live.rmdir()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise StorageError(f"cannot create the memory of customer {live.name!r}: {live} holds files but no "
                           f"{DB_FILE}; move it away and import again") from exc
    try:
        os.replace(staging, live)
    except OSError as exc:
        raise StorageError(f"cannot move the imported customer into {live}: {exc.strerror}") from exc


def _drop_lock_file(lock: CustomerLock, folder: Path) -> None:
    """Release ``lock``; when the customer's folder is gone (mem forget), remove the lock file this made
    again too — forget removed it on purpose, and its name is the customer's id."""
    try:
        if not folder.exists():
            lock.path.unlink(missing_ok=True)
            wait_path(lock.path).unlink(missing_ok=True)
    except OSError:
        pass
    finally:
        lock.release()


class CustomerStore:
    """One customer's memory. Open with ``CustomerStore.open(home, id)``, use as a context manager.

    Reach each memory through its part: ``store.log``, ``store.facts``, ``store.context``,
    ``store.consent``, ``store.outbox``.
    """

    def __init__(self, folder: Path, customer_id: str, lock: CustomerLock | None) -> None:
        self._opened = False  # set last: a store whose opening failed is not "unclosed" (__del__)
        self.customer_id = customer_id
        self.folder = folder
        self._lock = lock
        self._thread = threading.get_ident()  # the SQLite connection belongs to this thread
        self._owner = threading.current_thread()  # (the object: is_alive() tells whether it can still close it)
        # another thread's close() and this thread's transactions decide under this guard: a transaction running
        # (``_busy``) turns that close into ``_closing``, done by this thread when its last transaction ends
        self._guard = threading.Lock()
        self._busy = 0
        self._closing = False
        self._depth = 0
        self._after_commit: list[Callable[[], None]] = []
        # a read-only file system (the lock found it): reading works, every write fails in one line
        self.read_only = bool(lock is not None and lock.read_only)
        if self.read_only:
            if not (folder / DB_FILE).is_file():
                raise StorageError(f"cannot create the memory of customer {customer_id!r}: {folder.parent} is on a "
                                   "read-only file system")
            self._db: sqlite3.Connection | None = db.connect_read_only(folder / DB_FILE)
        else:
            try:
                folder.mkdir(parents=True, exist_ok=True, mode=0o700)
                (folder / LOGS_DIR).mkdir(exist_ok=True, mode=0o700)
            except OSError as exc:
                raise StorageError(f"cannot create {folder}: {exc.strerror}") from exc
            self._db = db.connect(folder / DB_FILE)
        self._identity = _file_identity(folder / DB_FILE)
        self.log = RequestLog(self)
        self.facts = Facts(self)
        self.context = CustomerContext(self)
        self.consent = ConsentBook(self)
        self.outbox = EvidenceOutbox(self)
        try:
            if db.get_meta(self._db, "index_stamp") is None:
                with self.transaction():
                    db.set_meta(self.conn, "index_stamp", new_id())
                    db.set_meta(self.conn, "customer_id", customer_id)
            self._repair()
        except (sqlite3.DatabaseError, StorageError) as exc:
            # A page of memory.db damaged past its header opens, then fails the first read: that was
            # an "internal error: DatabaseError" for every command (NEWUSER_REPORT16 #2)
            self.close_database()
            cause = db.damage_in(exc)
            if cause is None:
                raise
            raise StorageError(db.damaged_message(folder / DB_FILE, customer_id, cause)) from exc
        except BaseException:
            self.close_database()
            raise
        self._opened = True

    # opening and closing ----------------------------------------------------------------------
    @classmethod
    def open(
        cls, home: str | PathLike[str], customer_id: str, *, create: bool = True,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT, since: float | None = None,
    ) -> CustomerStore:
        """Open one customer's memory, taking its lock (``LockTimeout`` after ``lock_timeout`` s).

        Validates the id (no path tricks), finishes an interrupted restore, repairs the request
        log and the index after a crash. ``create=False`` raises ``NotFound`` for a customer with
        no memory on this client. ``since`` (a ``time.time()``: when the command or conversation began)
        raises ``CustomerForgotten`` when ``mem forget`` deleted the customer after it: what it would
        write dates from before the deletion.

        The store is used from this thread only (``WrongThread`` elsewhere); close it, or use it as a
        context manager. A store of the same customer this thread holds open already fails at once
        (``LockTimeout`` naming it): waiting for it here could never end.
        """
        return cls._open(home, customer_id, create=create, lock_timeout=lock_timeout, since=since)

    @classmethod
    async def open_async(
        cls, home: str | PathLike[str], customer_id: str, *, create: bool = True,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT, since: float | None = None,
    ) -> CustomerStore:
        """``open`` for a coroutine: the wait for the customer's lock sleeps with ``asyncio.sleep``, so the
        event loop keeps running (``open`` blocks it for up to ``lock_timeout`` s). The store belongs to the
        loop's thread; its reads and writes still run there synchronously — for long work (extraction),
        run the whole open-use-close in ``asyncio.to_thread`` instead. Another task of the loop holding the
        customer's store is waited for (it may close it), up to ``lock_timeout``.
        """
        import asyncio

        deadline = time.monotonic() + max(lock_timeout, 0.0)
        while True:
            try:
                return cls._open(home, customer_id, create=create, lock_timeout=0, since=since, same_thread_waits=True)
            except LockTimeout:
                if time.monotonic() >= deadline:
                    lock_path = customers_root(Path(home)) / LOCKS_DIR / f"{validate_customer_id(customer_id)}.lock"
                    raise LockTimeout(busy_message(customer_id, lock_timeout, holder_here(lock_path),
                                                 same_thread_waits=True, path=lock_path)) from None
            await asyncio.sleep(0.05)

    @classmethod
    def _open(
        cls, home: str | PathLike[str], customer_id: str, *, create: bool, lock_timeout: float,
        since: float | None, same_thread_waits: bool = False,
    ) -> CustomerStore:
        customer_id = validate_customer_id(customer_id)
        root = customers_root(Path(home))
        lock_path = root / LOCKS_DIR / f"{customer_id}.lock"
        # before the lock file is made: mem forget removed it, and its name is the id (an e-mail address, say)
        refuse_forgotten(root, customer_id, since)
        lock = CustomerLock(lock_path, customer_id, timeout=lock_timeout, same_thread_waits=same_thread_waits)
        try:
            recover_swap(root, customer_id)
            try:  # again under the lock: a forget may have finished while this waited for it
                refuse_forgotten(root, customer_id, since)
            except CustomerForgotten:
                _drop_lock_file(lock, root / customer_id)
                raise
            refuse_case_twin(root, customer_id)
            folder = root / customer_id
            if not create and not (folder / DB_FILE).is_file():
                if folder.is_dir() and any(folder.iterdir()):  # memory.db lost, the request log left
                    raise NotFound(f"no memory for customer {customer_id!r} on this client: {folder / DB_FILE} is "
                                   f"missing, and what is left of the folder (the request log) can be deleted with "
                                   f"mem forget -c {customer_id}, or replaced from a backup with mem restore -c "
                                   f"{customer_id} --overwrite")
                raise NotFound(f"no memory for customer {customer_id!r} on this client")
            return cls(folder, customer_id, lock)
        except BaseException:
            lock.release()
            raise

    @classmethod
    @contextmanager
    def open_for_import(
        cls, home: str | PathLike[str], customer_id: str, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
        since: float | None = None,
    ) -> Iterator[CustomerStore]:
        """``open`` for an import (``mem log import``), creating a customer only with what the block wrote.

        A customer with memory here is opened as ``open`` does. A new one is built in a hidden
        ``.import-<id>-*`` folder beside the customers and renamed into place when the block ends
        without an error, under the customer's lock: a kill or a failure part-way leaves no customer
        (that folder is removed by the next open of the id, ``recover_swap``) — a killed batch import
        left an empty customer that ``mem status`` counted (new-user report 23 #6).
        """
        customer_id = validate_customer_id(customer_id)
        root = customers_root(Path(home))
        live = root / customer_id
        if (live / DB_FILE).is_file():
            with cls.open(home, customer_id, lock_timeout=lock_timeout, since=since) as store:
                yield store
            return
        refuse_forgotten(root, customer_id, since)  # before the lock file is made, as ``_open``
        lock = CustomerLock(root / LOCKS_DIR / f"{customer_id}.lock", customer_id, timeout=lock_timeout)
        staging: Path | None = None
        try:
            recover_swap(root, customer_id)
            try:  # again under the lock: a forget may have finished meanwhile
                refuse_forgotten(root, customer_id, since)
            except CustomerForgotten:
                _drop_lock_file(lock, live)
                raise
            refuse_case_twin(root, customer_id)
            if (live / DB_FILE).is_file():  # made by another command while this one waited for the lock
                store = cls(live, customer_id, lock)
            else:
                staging = root / f"{IMPORT_PREFIX}{customer_id}-{new_id()}"
                store = cls(staging, customer_id, lock)
            try:
                yield store
            except BaseException:
                store._lock = None  # released below, after the staging folder is gone
                store.close()
                raise
            store._lock = None
            store.close()
            if staging is not None:
                _move_into_place(staging, live)
                staging = None
        finally:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)
            lock.release()

    def close_database(self) -> None:
        """Close the SQLite connection only (the lock stays with the caller)."""
        conn: sqlite3.Connection | None = getattr(self, "_db", None)  # unset when the opening failed early
        if conn is not None:
            with suppress(sqlite3.Error):
                conn.close()  # another thread's close raises: the connection then closes when dropped
            self._db = None

    def close(self) -> None:
        """Release the index writer, the database and the lock. Safe to call twice, and from any thread
        (the one place another thread may touch a store: a pool's cleanup).

        From another thread while the owning thread is inside a transaction, the store is marked closing and
        that thread closes it (releasing the lock) when its transaction ends: releasing it now let a second
        writer in beside the open transaction. When the owning thread has ended, it is released at once.
        """
        if threading.get_ident() != self._thread and self._close_from_another_thread():
            return
        self.facts.close_index()
        if self._db is not None:
            with suppress(sqlite3.ProgrammingError):
                self._db.close()  # from another thread SQLite refuses: the connection closes when dropped
            self._db = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _close_from_another_thread(self) -> bool:
        """``close()`` from a thread other than the owner: ``True`` when that is all there is to do."""
        if not self._owner.is_alive():
            return False  # nobody is left to finish a transaction: release at once (SQLite refuses the close)
        with self._guard:
            if self._busy:
                self._closing = True  # the owner's transaction is open: the owner closes when it ends
                return True
            # no transaction: the lock can go now; the owner's next use finds the store closed, and the
            # connection (SQLite refuses another thread's close) closes when the store is dropped
            self._db = None
            lock, self._lock = self._lock, None
        self.facts.close_index()
        if lock is not None:
            lock.release()
        return True

    def __del__(self) -> None:
        # A store dropped without close() (a handler that forgot `with`, or raised before close) held the
        # customer's lock until the process ended: the next open waited lock_timeout and blamed "another mem
        # process" (NEWUSER_REPORT18 #6). It is released when the store is collected, and said, as files do.
        if not getattr(self, "_opened", False):
            return
        if self._db is None and self._lock is None:
            return
        with suppress(Exception):  # a finalizer raises nowhere useful (nor at interpreter shutdown)
            warnings.warn(f"unclosed CustomerStore of customer {self.customer_id!r}: its lock is released now; close "
                          "it (or open it with `with`) so the next open does not wait for the collector",
                          ResourceWarning, stacklevel=2, source=self)
        with suppress(Exception):
            self.close()

    def hand_over(self, *, wait: float = 0.2, timeout: float = 300.0) -> None:
        """Let a waiting ``mem`` process for this customer in, then take the lock back.

        A long extraction calls this between its transactions, so ``mem ask`` for the same customer
        never waits for the whole run (docs/extraction.md, "The customer's lock"). The index writer
        is closed (tantivy has its own writer lock) and reopened on the next write; ``wait`` is
        longer than a waiter's 50 ms poll. Taking the lock back waits up to ``timeout`` seconds.
        """
        with self.unlocked(timeout=timeout):
            time.sleep(wait)

    @contextmanager
    def unlocked(self, *, timeout: float = 300.0) -> Iterator[CustomerStore]:
        """Free the customer's lock inside the block, and take it back after it (``hand_over``; a model call
        during extraction). Outside a transaction only; the connection stays open, what another process
        committed meanwhile is read by the next statement. ``CustomerForgotten`` after the block when ``mem
        forget`` (or a restore) replaced the memory in between; taking the lock back waits up to ``timeout``.
        """
        if self._depth:
            raise StorageError("the customer's lock cannot be handed over inside a transaction")
        if self._lock is None:
            yield self
            return
        self.facts.close_index()
        path, customer_id = self._lock.path, self._lock.customer_id
        self._lock.release()
        self._lock = None
        try:
            yield self
        finally:
            if self._db is not None:  # closed from another thread meanwhile: the lock is not taken back
                self._lock = CustomerLock(path, customer_id, timeout=timeout)
                if _file_identity(self.folder / DB_FILE) != self._identity:
                    # mem forget (or a restore) took the lock in between: this store's database is no longer the
                    # customer's, and a write through it — the index reopened — would bring a folder back
                    self.close_database()
                    self.facts.close_index()
                    lock, self._lock = self._lock, None
                    _drop_lock_file(lock, self.folder)
                    raise CustomerForgotten(f"the memory of customer {customer_id!r} was deleted or replaced (mem "
                                            "forget, mem restore) while this ran: nothing more of it is written")

    def __enter__(self) -> CustomerStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # what the parts share ---------------------------------------------------------------------
    @property
    def conn(self) -> sqlite3.Connection:
        """The one SQLite connection every part reads and writes through (this store's thread only)."""
        if self._db is None:
            raise StorageError(f"the memory of customer {self.customer_id!r} is closed")
        if threading.get_ident() != self._thread:
            raise WrongThread(f"the memory of customer {self.customer_id!r} was opened in another thread: a "
                              "CustomerStore is used only in the thread that opened it — open one store per thread "
                              "(they take turns on the customer's lock); from asyncio, use asyncio.to_thread for "
                              "the whole open-use-close, or CustomerStore.open_async")
        return self._db

    @property
    def in_transaction(self) -> bool:
        return self._depth > 0

    def after_commit(self, hook: Callable[[], None]) -> None:
        """Run ``hook`` once the outermost transaction commits (dropped on rollback)."""
        if hook not in self._after_commit:
            self._after_commit.append(hook)

    @contextmanager
    def transaction(self) -> Iterator[CustomerStore]:
        """Group writes of any parts into one SQLite transaction; nested blocks are savepoints.

        The index and the request-log marker are brought up to date after the outermost commit.
        On an exception everything inside the block is rolled back and the error re-raised.
        """
        with self._guard:  # with another thread's close(): either this transaction runs whole, or the store is closed
            conn = self.conn  # "closed" once another thread's close() went through
            self._busy += 1
        try:
            yield from self._transaction(conn)
        finally:
            with self._guard:
                self._busy -= 1
                closing = self._closing and not self._busy
            if closing:  # another thread closed the store meanwhile: its lock goes now, the transaction done
                self._closing = False
                self.close()

    def _transaction(self, conn: sqlite3.Connection) -> Iterator[CustomerStore]:
        if self.read_only:
            raise StorageError(f"the memory of customer {self.customer_id!r} is on a read-only file system "
                               f"({self.folder}): it can be read (facts list, facts search, log list, export), "
                               "not changed")
        savepoint = f"sp{self._depth}"
        try:
            conn.execute("BEGIN IMMEDIATE" if self._depth == 0 else f"SAVEPOINT {savepoint}")
        except sqlite3.Error as exc:
            raise db.failure(f"cannot start a transaction on {self.customer_id!r}", self.folder, exc) from exc
        self._depth += 1
        try:
            yield self
        except BaseException as exc:
            self._depth -= 1
            with suppress(sqlite3.Error):
                if self._depth == 0:
                    conn.execute("ROLLBACK")
                    self._after_commit.clear()
                    self.facts.forget_pending_index()
                else:
                    conn.execute(f"ROLLBACK TO {savepoint}")
                    conn.execute(f"RELEASE {savepoint}")
            self.log.cut_uncounted_lines()
            if isinstance(exc, sqlite3.Error):
                raise db.failure("customer memory write failed", self.folder, exc) from exc
            raise
        self._depth -= 1
        try:
            conn.execute("COMMIT" if self._depth == 0 else f"RELEASE {savepoint}")
        except sqlite3.Error as exc:
            if self._depth == 0:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise db.failure("customer memory commit failed", self.folder, exc) from exc
        if self._depth == 0:
            self.log.committed()
            hooks, self._after_commit = self._after_commit, []
            for hook in hooks:
                hook()
            self.facts.sync_index_if_pending()

    # crash repair -----------------------------------------------------------------------------
    def _repair(self) -> None:
        """After a crash: cut uncounted log lines, then bring the index up to date (not on a read-only
        file system: nothing there can change, and the reads skip what a repair would cut)."""
        if self.read_only:
            return
        self.log.repair()
        self.facts.repair_index()
