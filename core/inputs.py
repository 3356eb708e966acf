"""What every command reading a user's file or standard input shares: UTF-8 decoding with one message for
what it is instead (UTF-16, bytes that are not UTF-8), standard input refused when it is a terminal, the one
line for a symbolic link that points back to itself, and ``json``'s message with its column.

Imported by the policy readers, the config reader, the request-log import and ``mem ask --script``: they
had each their own copy, and the copies said different things (review of round 16, #9 and #10).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mem.core.errors import InvalidInput

UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def decode_utf8(data: bytes, name: Path | str) -> str:
    """The text of ``data`` (a leading byte-order mark dropped), or ``InvalidInput`` naming ``name`` and
    what the bytes are instead: UTF-16 (Notepad's "Unicode", a PowerShell ``>`` redirect) with its fix,
    else the line and byte where UTF-8 fails."""
    if data.startswith(UTF16_BOMS):
        raise InvalidInput(f"{name}: not UTF-8 (UTF-16 with a byte-order mark, Notepad's 'Unicode' or a "
                           "PowerShell redirect); re-save it as UTF-8 and retry")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InvalidInput(f"{name}: not UTF-8 text (line {line}, byte {exc.start}: 0x{data[exc.start]:02x}); "
                           "save it as UTF-8 and retry") from exc


def read_standard_input(what: str, example: str) -> bytes:
    """All of standard input, for a command given ``-`` as its file. A terminal is refused (the command
    would wait for someone to type ``what`` and Ctrl-D): ``example`` shows the pipe to use instead."""
    if sys.stdin is None or sys.stdin.isatty():
        raise InvalidInput(f"- reads {what} from standard input, which is a terminal: pipe the file in ({example})")
    stream = getattr(sys.stdin, "buffer", None)  # bytes from a real stream; text when replaced (tests)
    return stream.read() if stream is not None else sys.stdin.read().encode("utf-8", "surrogateescape")


def symlink_loop(name: Path | str) -> str:
    """The one line for a symbolic link that points back to itself ("no such file" sent users looking)."""
    return f"{name}: a symbolic link that points back to itself (a symlink loop)"


def json_error(exc: json.JSONDecodeError) -> str:
    """``json``'s message with its column: ``exc.msg`` alone was cut ("Invalid control character at")."""
    where = "column" if exc.msg.endswith(" at") else "at column"
    return f"{exc.msg} {where} {exc.colno}"
