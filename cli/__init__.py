"""The ``mem`` command line: parsing and printing only; every command calls a library function.

``run`` is the console script. It lives here, in the first module the script imports, and imports the rest
inside its ``try``: a Ctrl-C in the second or two a loaded machine takes to import mem landed outside every
handler and printed a 20-40 line traceback, exiting 1 or by the signal (NEWUSER_REPORT23 #3). Now a Ctrl-C at
any moment after Python has started this module prints one line and exits 130.
"""

from __future__ import annotations

import time as _time

# when this process began running mem, before the imports and the settings (mem.cli.main.run hands it to main):
# a `mem forget` of the customer after it refuses the command's writes (review of round 16, #2b)
IMPORTED_AT = _time.time()

ABORTED_EXIT = 130  # 128 + SIGINT, what a shell reports for a command Ctrl-C ended


def run() -> None:
    """Run ``mem`` on ``sys.argv`` and exit with its code; Ctrl-C → ``Error: aborted`` on stderr, exit 130."""
    import signal
    import sys

    swallowed: list[bool] = []
    shown = sys.unraisablehook

    def unraisable(info: sys.UnraisableHookArgs) -> None:
        # a Ctrl-C that lands in a finalizer (gitpython's wait for its git child) cannot stop the command: Python
        # printed "Exception ignored in …" and a traceback, and the command went on to exit 0
        if isinstance(info.exc_value, KeyboardInterrupt):
            swallowed.append(True)
        else:
            shown(info)

    sys.unraisablehook = unraisable
    try:
        from mem.cli.main import main

        code = main(began=IMPORTED_AT)
        if swallowed and code == 0:
            _say("Error: aborted too late to stop the command: it had finished its work (see its output)\n")
            code = ABORTED_EXIT
        # the command has finished; a Ctrl-C while Python shuts down (flushing, joining threads) says so
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _interrupted_at_exit)
    except KeyboardInterrupt:  # during start-up (imports, settings), or after main's own handler
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut this line short
        _say("Error: aborted\n")
        code = ABORTED_EXIT
    sys.exit(code)


def _interrupted_at_exit(signum: int, frame: object) -> None:
    import os

    _say("Error: aborted while exiting (the command itself had finished)\n")
    os._exit(ABORTED_EXIT)


def _say(line: str) -> None:
    import contextlib
    import os

    with contextlib.suppress(OSError):  # straight to the descriptor: sys.stderr may be mid-write, or closed
        os.write(2, line.encode("utf-8", "replace"))
