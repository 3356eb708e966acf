"""The console-script entry point: runs the Typer app and maps every error to one line and an exit code.

Exit codes: 0 ok, 1 findings or a refusal, 2 usage or runtime error. ``MEM_DEBUG=1`` re-raises so
the traceback shows. With ``--json`` an error is also written to stdout as one JSON object,
``{"error": {"kind": …, "message": …, "exit_code": …}}`` (``kind`` as ``mem serve`` names it), so a
script that reads stdout sees the failure, not an empty value (NEWUSER_REPORT18 #9). A command that wrote its
JSON result and then failed writes no second object: stdout stays one JSON document. Typer vendors its own
Click, and libraries such as ``llm`` raise the real Click's exceptions, so both families are caught here.
"""

from __future__ import annotations

import errno
import os
import sys
import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

from mem.cli import ABORTED_EXIT
from mem.cli.streams import json_ascii, quiet_stdout, tolerant_streams, utf8_arguments
from mem.core.controls import shown as escaped
from mem.core.errors import MemError, MemWarning


def main(argv: Sequence[str] | None = None, *, began: float | None = None) -> int:
    """Run ``mem`` with ``argv`` (default ``sys.argv[1:]``); returns the exit code (also used by tests).
    ``began``: when the command began (default: now) — a ``mem forget`` after it refuses its writes."""
    from mem.cli import state
    from mem.cli.output import json_written

    json_written(reset=True)  # a new run: no JSON result written yet (tests run many in one process)
    state._began.append(time.time() if began is None else began)
    try:
        return _main(argv)
    finally:
        state._began.pop()


def _main(argv: Sequence[str] | None) -> int:
    import typer
    import typer._click.exceptions as tclick  # typer >= 0.26 carries its own copy of Click

    from mem.cli.app import build_command, flag_names, invoked

    debug = os.environ.get("MEM_DEBUG", "") not in ("", "0")
    args = list(argv) if argv is not None else sys.argv[1:]
    # shell completion walks the whole tree, whatever the words typed so far
    completing = any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ)
    command = build_command(None if completing else invoked(args))
    if _shows_help(args):
        from mem.cli.output import no_color, plain_help

        if no_color():
            plain_help()
    as_json = "--json" in args and _json_requested(args, command)
    if argv is None:
        tolerant_streams()  # the console: any character can be written, whatever the terminal's encoding
        read = utf8_arguments(args)
        if read != args:
            args = argv = read
    undecodable = _not_utf8(args)
    if undecodable is not None:
        _error(undecodable, kind="invalid_input", as_json=as_json)
        return 2
    if sum(arg.startswith(("-c", "--customer")) for arg in args) > 1 and _customers_given(args, command) > 1:
        _error("--customer/-c is given more than once: a command touches exactly one customer's memory, "
               "give it once", kind="usage", as_json=as_json)
        return 2
    try:
        with _warnings_as_lines():
            result = command.main(args=list(argv) if argv is not None else None, prog_name="mem",
                                  standalone_mode=False)
        if result == ABORTED_EXIT:
            # Typer turns a Ctrl-C inside a command into a silent exit 130 (no command returns 130 itself): say it
            _error("aborted", kind="aborted", exit_code=ABORTED_EXIT, as_json=as_json)
            return ABORTED_EXIT
        _flush_stdout()
        return result if isinstance(result, int) else 0
    except BrokenPipeError:
        quiet_stdout()  # the reader of stdout left (`| head -1`): what was left to write has nobody to read it
        return 0
    except MemError as exc:
        if debug:
            raise
        _error(exc.message + _flag_value_hint(args, flag_names(command)), kind=error_kind(exc),
               exit_code=exc.exit_code, as_json=as_json, details=exc.details)
        return exc.exit_code
    except tclick.NoArgsIsHelpError as exc:
        # `mem config`, `mem facts`, `mem`: a group with nothing after it asks what is in it. Its help is the
        # answer (printed on stdout by the rich help formatter, or carried by the exception), exit 0 — it used
        # to be followed by "Error: (see 'mem config --help')" and exit 2, an error for asking
        if exc.format_message().strip():
            print(exc.format_message())
        return 0
    except tclick.UsageError as exc:
        # one line, like every other error: the message, then where the help is
        where = exc.ctx.command_path if exc.ctx is not None else "mem"
        hint = _flag_value_hint(args, flag_names(command))
        _error(f"{exc.format_message().rstrip('.')} (see '{where} --help'){hint}", kind="usage", as_json=as_json)
        return 2
    except tclick.ClickException as exc:
        if as_json:
            _json_error(exc.format_message(), kind="usage", exit_code=exc.exit_code)
        exc.show()
        return exc.exit_code
    except OSError as exc:
        # The file system refused a path the user gave (too long, permission, read-only, full disk):
        # a problem with the input or the machine, said in one line, not an "internal error".
        if debug:
            raise
        _error(_os_error(exc), kind="storage", as_json=as_json)
        return 2
    except (typer.Abort, KeyboardInterrupt, EOFError):
        _error("aborted", kind="aborted", exit_code=ABORTED_EXIT, as_json=as_json)
        return ABORTED_EXIT
    except Exception as exc:  # noqa: BLE001 - the last line of defence against a traceback
        if debug:
            raise
        foreign = _foreign_click(exc)
        if foreign is not None:
            _error(foreign, kind="usage", as_json=as_json)
            return 2
        _error(f"internal error: {type(exc).__name__}: {exc} (run with MEM_DEBUG=1 for the traceback)",
               kind="internal", as_json=as_json)
        return 2


@contextmanager
def _warnings_as_lines() -> Iterator[None]:
    """Print each ``MemWarning`` the library issues during the command as one ``warning:`` line.

    The library never writes to stderr itself (a caller embedding it decides); here each distinct
    warning is shown once per command, however often the command meets it (a damaged log record
    is read by every step that reads the log).
    """
    from mem.cli.output import warn

    shown = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        if issubclass(category, MemWarning):
            warn(str(message))
        else:
            shown(message, category, filename, lineno, file, line)

    with warnings.catch_warnings():
        warnings.simplefilter("default", MemWarning)
        warnings.showwarning = show
        yield


_BOOLEAN_WORDS = {"true", "false", "yes", "no", "on", "off", "1", "0"}


def _flag_value_hint(args: list[str], flags: set[str]) -> str:
    """When a failed command line gave a flag a value (``--strict true``), say that flags take none."""
    for flag, value in zip(args, args[1:], strict=False):
        if flag in flags and value.lower() in _BOOLEAN_WORDS:
            return f" ({flag} is a flag and takes no value: write {flag} alone, not {flag} {value})"
    return ""


def _not_utf8(args: list[str]) -> str | None:
    """The error for a command-line argument that is not UTF-8 text, else ``None``.

    Python keeps undecodable argument bytes as lone surrogates; a question or title holding one
    reached the request log or a page and failed there as an "internal error".
    """
    for number, arg in enumerate(args, start=1):
        if any("\udc80" <= ch <= "\udcff" for ch in arg):
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            if utf8_arguments([arg], keep_files=False) != [arg]:
                # UTF-8 bytes, read under a locale that is not (LC_ALL=C with PYTHONUTF8=0): a file's name,
                # which must keep its bytes to be opened (NEWUSER_REPORT21 #10)
                return (f"argument {number} ({shown[:60]!r}) names a file in UTF-8, but this locale's encoding is "
                        f"{sys.getfilesystemencoding()}: run mem with LC_ALL=C.UTF-8 (or PYTHONUTF8=1)")
            return (f"argument {number} ({shown[:60]!r}) is not UTF-8 text: mem reads its arguments as UTF-8 "
                    "(a file name in another encoding: rename the file)")
    return None


def _customers_given(args: list[str], command: object) -> int:
    """How many times the command line gives ``--customer``/``-c`` (Click silently kept the last:
    ``-c cc -c dd`` touched dd alone). The word after an option that takes a value is that value,
    not an option, so ``--then -c`` is not counted."""
    from mem.cli.app import flag_names

    flags = flag_names(command)
    count, value_next = 0, False
    for arg in args:
        if value_next:
            value_next = False
            continue
        if arg == "--":
            break
        if arg in ("-c", "--customer") or arg.startswith("--customer=") or (
                arg.startswith("-c") and not arg.startswith("--")):
            count += 1
            value_next = arg in ("-c", "--customer")
        elif arg.startswith("-") and len(arg) > 1 and "=" not in arg and arg not in flags:
            value_next = True
    return count


def _shows_help(args: list[str]) -> bool:
    """Whether the command line asks for help: ``-h``/``--help``, nothing at all, or a group alone (``mem facts``)."""
    from mem.cli.app import app

    words = [arg for arg in args if not arg.startswith("-")]
    groups = {info.name for info in app.registered_groups}
    return "-h" in args or "--help" in args or not words or (len(words) == 1 and words[0] in groups)


def _json_requested(args: list[str], command: object) -> bool:
    """Whether the command line gives ``--json`` as a flag: not a value (``--title --json``), not after ``--``."""
    from mem.cli.app import flag_names

    flags = flag_names(command)
    value_next = False
    for arg in args:
        if value_next:
            value_next = False
            continue
        if arg == "--":
            return False
        if arg == "--json":
            return True
        if arg.startswith("-") and "=" not in arg and arg not in flags and (arg.startswith("--") or len(arg) == 2):
            value_next = True  # an option that takes a value (--title, -c): the next word is that value
    return False


def error_kind(exc: MemError) -> str:
    """The ``kind`` of an error as ``mem serve`` answers it (``mem.wire.errors``: not_found, invalid_input,
    lock_timeout, refused, quota …); ``error`` for a plain ``MemError``."""
    from mem.core.errors import Interrupted, QuotaExceeded
    from mem.wire.errors import STATUS_OF

    if isinstance(exc, QuotaExceeded):
        return "quota"
    if isinstance(exc, Interrupted):
        return "aborted"  # as a Ctrl-C that interrupted nothing half-done
    for cls in type(exc).__mro__:
        if cls in STATUS_OF:
            return STATUS_OF[cls][1]
    return "error"


def _os_error(exc: OSError) -> str:
    reason = exc.strerror or type(exc).__name__
    name = str(exc.filename) if exc.filename is not None else ""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        from pathlib import Path

        from mem.core.fsio import full_disk_line

        # the one disk-full line every layer gives (mem.core.fsio.full_disk_line), naming the file's folder
        if name:
            return f"cannot write {name}: {full_disk_line(Path(name).parent)}"
        return "the disk is full: free some space and run the command again"
    if exc.errno == errno.EFBIG:
        reason += " (over the file size limit: ulimit -f)"
    if len(name) > 120:
        name = name[:60] + "…" + name[-40:]
    return f"{reason}: {name}" if name else reason


def _foreign_click(exc: Exception) -> str | None:
    click = sys.modules.get("click")
    if click is not None and isinstance(exc, click.ClickException):
        return exc.format_message()
    return None


def _error(message: str, *, kind: str = "error", exit_code: int = 2, as_json: bool = False,
           details: dict[str, object] | None = None) -> None:
    first = message.strip().splitlines()[0] if message.strip() else "error"
    if as_json:
        _json_error(first, kind=kind, exit_code=exit_code, details=details)
    sys.stderr.write(f"Error: {escaped(first)}\n")
    sys.stderr.flush()


def _json_error(message: str, *, kind: str, exit_code: int, details: dict[str, object] | None = None) -> None:
    """The error as one JSON object on stdout, beside the line on stderr (``--json``) — unless this run wrote its
    JSON result already (an answer, then its learning failed): stdout stays one document, the stderr line and
    the exit code tell the failure."""
    from mem.cli.output import json_written, to_json

    if json_written():
        return

    first = message.strip().splitlines()[0] if message.strip() else "error"
    try:
        error = {"kind": kind, "message": first, "exit_code": exit_code, **(details or {})}
        sys.stdout.write(to_json({"error": error}, ascii_only=json_ascii()) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()


def _flush_stdout() -> None:
    """Flush stdout before exit: a reader that left (``| head -1``) is not an error (Python's failed flush at
    exit made the exit code 120). Any other refusal (a full disk under ``> file``) is raised to ``main``'s
    one-line error: the output is incomplete, so the exit code must say so."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
    except ValueError:
        pass  # stdout closed already: nothing is left to write


def run() -> None:
    """The console script of installs made before 0.1.0+round 23 (``mem.cli.main:run``); see ``mem.cli.run``."""
    from mem.cli import run as console

    console()


if __name__ == "__main__":
    run()
