"""Standard streams and arguments under a terminal or locale that is not UTF-8 (new-user report 21, #10, #12).

- **Output** (``tolerant_streams``): under ``PYTHONIOENCODING=ascii``, ``latin-1`` or ``LC_ALL=C`` with
  ``PYTHONUTF8=0``, Python's stdout refuses any character its encoding lacks, and ``mem pages list``, ``facts list``
  and ``ask`` stopped on the first "é" or "—" with ``internal error: UnicodeEncodeError`` and an empty stdout. Each
  such character is now written as a backslash escape (``caf\\xe9``, ``\\u2014``), as Python writes stderr; JSON is
  written with every non-ASCII character as ``\\uXXXX`` (``json_ascii``), so ``--json`` stays valid JSON that
  decodes to the same text.
- **Arguments** (``utf8_arguments``): with a locale whose encoding is ASCII, Python decodes the bytes of a UTF-8
  argument ("café") to lone surrogates, and mem called it "not UTF-8 text". An argument whose bytes are UTF-8 is
  read as that text, unless it names an existing file (a file name must keep the bytes the file system holds).
- **A closed pipe** (``mem … | head -1``): the reader left; what mem still had to write has nobody to read it.
  That is no error: mem stops writing and exits as it would have (``quiet_stdout``), instead of exit 1 (Python's
  failed flush at exit) or 2.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
from typing import TextIO


def _unicode(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return codecs.lookup(encoding).name in ("utf-8", "utf-16", "utf-32", "utf-8-sig", "gb18030")
    except LookupError:
        return False


def json_ascii() -> bool:
    """Whether JSON on stdout must escape every non-ASCII character: stdout cannot encode them all."""
    return not _unicode(sys.stdout)


def tolerant_streams() -> None:
    """Let stdout and stderr write any character: one their encoding lacks becomes a backslash escape."""
    for stream in (sys.stdout, sys.stderr):
        if not _unicode(stream) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def utf8_arguments(args: list[str], *, keep_files: bool = True) -> list[str]:
    """``args`` with each argument Python decoded under a non-UTF-8 locale read as the UTF-8 text its bytes are.

    An argument naming an existing file keeps its bytes (unless not ``keep_files``), and so does one whose
    bytes are not UTF-8 (the caller refuses it as not UTF-8 text)."""
    if sys.getfilesystemencoding().lower().replace("-", "") == "utf8":
        return args
    read: list[str] = []
    for arg in args:
        if any("\udc80" <= ch <= "\udcff" for ch in arg) and not (keep_files and os.path.lexists(arg)):
            with contextlib.suppress(UnicodeDecodeError, UnicodeEncodeError):
                arg = os.fsencode(arg).decode("utf-8")
        read.append(arg)
    return read


def quiet_stdout() -> None:
    """After a closed pipe: send what is left of stdout nowhere, so the flush at exit fails no more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # no real file descriptor (a test's captured stdout): nothing to flush at exit
