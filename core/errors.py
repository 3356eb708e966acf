"""One exception hierarchy for all of mem.

Every error a user can cause or meet is a ``MemError``; the CLI turns it into one line on stderr
and its exit code. Foreign errors (sqlite3, tantivy, gitpython, llm, httpx) are translated where
those libraries are called and re-raised ``from`` the original.

    MemError                  exit 2  the run itself failed
    ├── InvalidInput          exit 2  bad argument, file or data given by the user
    │   └── WrongThread       exit 2  a CustomerStore used from a thread other than the one that opened it
    ├── NotFound              exit 2  a page, fact, customer, workspace… that does not exist
    ├── StorageError          exit 2  disk, SQLite, index or git trouble
    ├── LockTimeout           exit 2  another mem process holds the lock too long
    ├── ModelError            exit 2  the language model failed or answered out of schema
    ├── NetworkError          exit 2  the server could not be reached or answered badly
    ├── Interrupted           exit 130 Ctrl-C after part of the work was done (the message says which part)
    ├── Refused               exit 1  a deliberate no: policy, consent, limit, verification
    │   ├── VerificationError exit 1  a signature, hash, version or expiry check failed
    │   └── QuotaExceeded     exit 1  a server quota: too large (413), too often (429), too much kept (507)
    └── Conflict              exit 1  the thing exists already or changed under us

    MemWarning                        something the user should hear that does not stop the command

Library code never writes to stdout or stderr itself: what it cannot raise it issues with
``warnings.warn(SomeMemWarning(...))``, and the CLI prints each as one ``warning:`` line.
"""

from __future__ import annotations


class MemError(Exception):
    """Base of every error mem reports to a user."""

    exit_code: int = 2
    # What a caller (or ``--json``'s error object) should know beyond the message: e.g. the documents an
    # ingest committed before it stopped. JSON-able values only.
    details: dict[str, object] | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InvalidInput(MemError):
    """Bad argument, file or data supplied by the user."""


class WrongThread(InvalidInput):
    """A ``CustomerStore`` used from a thread other than the one that opened it (one store per thread:
    its SQLite connection belongs to that thread; docs/customers.md, "Using mem from Python")."""


class NotFound(MemError):
    """Something named does not exist."""


class StorageError(MemError):
    """Reading or writing memory on disk failed."""


class LockTimeout(MemError):
    """Another mem process kept a lock longer than we could wait."""


class Interrupted(MemError):
    """Ctrl-C (``KeyboardInterrupt``) after part of the work was done; the message says which part."""

    exit_code = 130


class ModelError(MemError):
    """The language model failed or answered outside the expected schema."""


class NetworkError(MemError):
    """The server could not be reached or answered badly."""


class Refused(MemError):
    """A deliberate refusal: consent missing, a limit reached, a rule broken."""

    exit_code = 1


class VerificationError(Refused):
    """A signature, hash, version or expiry check failed."""


class QuotaExceeded(Refused):
    """A per-account quota of the server was reached.

    ``status`` is the HTTP answer: 413 one request too large, 429 a daily allowance used up
    (``retry_after`` seconds until it renews), 507 the account keeps as much as it may.
    ``quota`` names the setting (``quota.<name>`` in ``mem.toml``) so an operator knows what to raise.
    """

    def __init__(self, message: str, *, status: int = 507, quota: str = "", limit: int = 0, used: int = 0,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status, self.quota, self.limit, self.used, self.retry_after = status, quota, limit, used, retry_after


class Conflict(MemError):
    """The target exists already or changed while we worked."""

    exit_code = 1


class MemWarning(UserWarning):
    """Something a command's user should hear that does not stop it (a damaged log record skipped).

    Issued with ``warnings.warn``, so a library caller can filter, record or raise it; the CLI
    (``mem.cli.main``) prints each one once per command as ``warning: <message>``.
    """
