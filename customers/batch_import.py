"""``mem log import DIR`` / ``mem log import A.jsonl B.jsonl …``: many customers' past conversations in one process.

Moving a support operation onto mem means hundreds of customers on day one; one ``mem log import`` process per
customer spent most of its time starting Python (newuser22 #15). Here each file is one customer's conversations, as
``mem log import --customer ID FILE`` reads it (``log_files.parse_import``): the customer is the one its lines name by a
``customer`` key (``log_files.CUSTOMER_KEYS``), else the file's name without its last suffix (``c0001.jsonl`` is
``c0001``). Each file is read, checked and written all or nothing on its own; a bad file is reported and the others
are imported (``FileResult.error``), so a loop over an export folder neither stops at its first bad file nor lets
one file's lines reach another customer's memory.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path

from mem.core.errors import InvalidInput, MemError
from mem.core.ids import validate_customer_id
from mem.core.json_types import JsonObject
from mem.customers.log_files import MAX_MESSAGE_BYTES, ParsedImport, import_name, parse_import

# the files a folder holds that are imported: JSON lines or one JSON document each (others are counted, not read)
IMPORT_SUFFIXES = (".jsonl", ".json", ".ndjson")


@dataclass
class FileResult:
    """One file of a batch import: the customer it went to and ``import_parsed``'s report, or the error that kept
    it out (nothing of that file was written)."""

    path: str
    customer: str | None = None
    report: JsonObject = field(default_factory=dict)
    parsed: ParsedImport | None = None
    error: str | None = None

    def to_dict(self) -> JsonObject:
        data: JsonObject = {"file": self.path, "customer": self.customer}
        if self.error is not None:
            data["error"] = self.error
        else:
            data["report"] = self.report
        return data


def batch_files(paths: Sequence[str | PathLike[str]]) -> tuple[list[Path], int]:
    """The files to import: each path given, and the ``IMPORT_SUFFIXES`` files of each folder given (not its
    sub-folders, no hidden files), in name order, each file once however often it is named (a file given and its
    folder too would be counted, and read, twice); and how many other files those folders held."""
    files: list[Path] = []
    seen: set[Path] = set()
    others = 0

    def add(path: Path) -> None:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            files.append(path)

    for given in paths:
        path = Path(given)
        if path.is_dir():
            for child in sorted(path.iterdir()):
                if child.name.startswith(".") or not child.is_file():
                    continue
                if child.suffix.lower() in IMPORT_SUFFIXES:
                    add(child)
                else:
                    others += 1
        else:
            add(path)
    return files, others


def file_customer(path: Path, parsed: ParsedImport) -> str:
    """The customer a file's turns go to: the one its lines name, else its name without the last suffix."""
    name = parsed.customer if parsed.customer is not None else path.stem
    try:
        return validate_customer_id(name)
    except InvalidInput as exc:
        where = "its lines name" if parsed.customer is not None else "its file name gives"
        raise InvalidInput(f"{path}: the customer {where} is no customer id ({exc.message}); nothing was imported") \
            from exc


def refuse_someone_else(home: str | PathLike[str], name: str, parsed: ParsedImport, customer: str) -> None:
    """``InvalidInput`` when the file's lines name a customer other than ``customer`` who has memory on this client
    (``mem log import --customer cust-omar`` of a file whose lines say ``"customer": "cust-lena"``): the lines are
    that customer's. A name that is no customer here is the export's own id (``v-1001``) and is let through."""
    from mem.customers._layout import DB_FILE, customer_folder

    named = parsed.customer
    if named is None or named == customer:
        return
    try:
        folder = customer_folder(Path(home), named)
    except InvalidInput:
        return
    if (folder / DB_FILE).is_file():
        raise InvalidInput(f"{name}: its lines name customer {named!r}, who has memory on this client, and this import "
                           f"is for {customer!r}: nothing was imported (import it with --customer {named}, or "
                           "remove the key if the file is this customer's)")


def import_files(home: str | PathLike[str], files: Iterable[Path], *, agent_speakers: Iterable[str] = (),
                 max_message_bytes: int = MAX_MESSAGE_BYTES, allow_future: bool = False,
                 since: float | None = None, drop_duplicates: bool = False) -> list[FileResult]:
    """Import each file for its customer (``file_customer``), one store open at a time; a file that fails is
    reported in its ``FileResult`` and the next one is imported."""
    from mem.customers.store import CustomerStore

    speakers = tuple(agent_speakers)
    results: list[FileResult] = []
    for path in files:
        result = FileResult(import_name(path))
        try:
            parsed = parse_import(path, agent_speakers=speakers, max_message_bytes=max_message_bytes,
                                  allow_future=allow_future)
            result.customer = file_customer(path, parsed)
            # a new customer exists only once its first import is committed (a kill part-way left an empty one)
            with CustomerStore.open_for_import(home, result.customer,
                                               since=since if since is not None else time.time()) as store:
                result.report = store.log.import_parsed(parsed, import_name(path), drop_duplicates=drop_duplicates)
            result.parsed = parsed
        except MemError as exc:
            result.error = exc.message
        results.append(result)
    return results
