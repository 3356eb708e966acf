r"""Regular expressions compiled on their first use, not at import.

mem's detectors (injected instructions, fact kinds, slots, dates, personal data, names) hold about
three hundred module-level patterns. Python compiles a pattern in pure Python, so compiling them all
when their modules are imported cost about 130 ms of every process start: more than the agent's own
work in ``mem ask``. A ``LazyPattern`` keeps the source and flags and compiles once, the first time
it is matched, so a command pays only for the detectors it runs (``mem ask --no-learn`` never
compiles the extraction rules; learning compiles them after the reply is printed).

It offers the ``re.Pattern`` methods mem uses, with the same signatures; ``compiled`` gives the real
``re.Pattern`` where one is needed.

Every pattern reads a long run of one character in linear time (``tests/test_pattern_scaling.py``). A pattern
that may start on a run — blanks, digits, marks — and reads it to its end is tried by ``search`` from every
character of the run, each time to the end: quadratic. Where a later start in a run reaches nothing the run's
first character does not, the pattern starts only there: ``(?<!\s)\s+…`` or ``(?:(?<!\s)|(?!\s))`` in front
(not inside a run of blanks), ``(?<!\d)\d+…`` (a number from its first digit). What ``search``, ``finditer`` and
``split`` find from the text's start is unchanged; a ``match`` at a position inside such a run would now fail, so
these patterns are matched only after a word, or where a previous match ended (then the lookbehind lets that
start in too: ``customers.slots._OWNER_CUT`` after a Korean reason's blank). A possessive quantifier (``\s*+``)
keeps one start from splitting a run between two quantifiers.
"""

from __future__ import annotations

import re
import sys
import weakref
from collections.abc import Callable, Iterator
from typing import Any

# every LazyPattern made, wherever it is kept (a module's name, a dict, a tuple, a class): the pattern scan
# (scripts/scan_patterns.py) reads them all, not only those bound to a module-level name
_MADE: weakref.WeakSet[LazyPattern] = weakref.WeakSet()


class LazyPattern:
    """A ``re.Pattern[str]`` that is compiled on first use (see the module docstring)."""

    __slots__ = ("__weakref__", "_compiled", "flags", "origin", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None
        self.origin: str = sys._getframe(1).f_globals.get("__name__", "?")  # the module that made it (lazy's caller's)
        _MADE.add(self)

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos)

    # Any: what re.Pattern.findall returns (a string or a tuple of groups per match), as typeshed says.
    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    # Any: as re.Pattern.split in typeshed (a group that did not take part splits in as None).
    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def subn(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count)

    # Any: re.Pattern.groupindex's mapping proxy, passed through.
    @property
    def groupindex(self) -> Any:
        return self.compiled.groupindex

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"


def lazy(pattern: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    """``re.compile`` that waits for the first match (see the module docstring)."""
    made = LazyPattern(pattern, int(flags))
    made.origin = sys._getframe(1).f_globals.get("__name__", "?")
    return made


def made_patterns() -> list[LazyPattern]:
    """Every ``LazyPattern`` alive now, wherever it is kept (for the pattern scan)."""
    return list(_MADE)
