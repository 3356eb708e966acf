r"""Time every compiled pattern of the package on long runs of one shape, to find the ones that are not linear.

Imports every ``mem.*`` module (the command line and ``__main__`` excepted), collects each module-level
``LazyPattern`` and ``re.Pattern``, and runs ``search`` and ``match`` of each on runs of one shape ("1" * n,
"?" * n, "a " * n, "-" * n, Hangul, kana, emoji, …): the text a hostile or careless customer can send. A pattern
that tries a run from every character and reads it to the end each time takes quadratic time (or worse) in
the length of the run; on a 4,000-character run that is a second or more, where a linear one takes a
millisecond. Each (pattern, shape) slower than ``--threshold`` at ``--size`` is timed again at twice the
size and reported with the ratio (≈ 2 linear, ≈ 4 quadratic); a run is cut off after ``--timeout`` seconds.

    python scripts/scan_patterns.py                 # every pattern, every shape, 4,000 characters
    python scripts/scan_patterns.py --size 2000 --threshold 0.02
    python scripts/scan_patterns.py --words         # each pattern on runs of its own words ("규정규정…", "if if …")

A run of one character is not the only hostile shape: a pattern that starts at a cue word and then reads
"a word" with ``\S+`` or ``\S*?`` reads an unspaced run of that cue ("기록기록기록…", Korean and Japanese need no
blank between words) to its end from every occurrence. ``--words`` builds runs from each pattern's own literal
words (Hangul and kana/kanji runs repeated without a blank, Latin words with one) — the twentieth round found
twenty-two patterns quadratic that way.

Exit status 1 when a pattern is reported. ``tests/test_pattern_scaling.py`` runs the same scan, smaller.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

SHAPES: dict[str, str] = {
    "?": "?", "? ": "? ", "!": "!", ".": ".", "-": "-", "1": "1", "1 ": "1 ", "1-": "1-", "1.": "1.",
    "1,": "1,", "a1": "a1", "x": "x", "a ": "a ", "A": "A", "Aa ": "Aa ", "_": "_", "~": "~", "*": "*",
    "@": "@", "@a": "@a", "http": "http://a", "/": "/", ":": ":", "'": "'", "\n": "\n", " ": " ",
    "。": "。", "、": "、", "가": "가", "가 ": "가 ", "ㅋ": "ㅋ", "あ": "あ", "ア": "ア", "区": "区",
    "emoji": "\U0001F600", "emoji ": "\U0001F600 ", "１": "１", "(": "(", "<": "<", "#": "#", "=": "=",
    # the other blanks a message can carry, and runs that mix words, digits and marks
    "\t": "\t", "nbsp": "\u00a0", "ideo": "\u3000", " \n": " \n", "\r\n": "\r\n", "a 1 ": "a 1 ",
    "1 a ? ": "1 a ? ", "a1 ": "a1 ", "a. ": "a. ", "a, ": "a, ", "a\n": "a\n",
}


class _Timeout(Exception):
    pass


def _on_alarm(signum: int, frame: Any) -> None:
    raise _Timeout


def patterns(skip: tuple[str, ...] = ("mem.cli", "__main__"), *,
             every: bool | tuple[str, ...] = False) -> Iterator[tuple[str, re.Pattern[str]]]:
    """Each compiled pattern of the package once, with its dotted name: the module-level ones, then with ``every``
    each pattern kept in a module's list, tuple, set, dict or class (``_held``) and each other ``LazyPattern`` made
    (``made_patterns``, named by its module and number). ``every`` may name the modules (dotted prefixes) it reaches
    into; ``True`` is every module. Not yet every module's held patterns are linear (docs/measurements/lint.md,
    rev32): the test reaches into the screen's and the slots' modules."""

    def within(module: str) -> bool:
        return every is True or (isinstance(every, tuple) and module.startswith(every))

    import mem
    from mem.core.text.pattern import made_patterns

    seen: set[int] = set()
    for info in pkgutil.walk_packages(mem.__path__, "mem."):
        if any(part in info.name for part in skip):
            continue
        try:
            module = importlib.import_module(info.name)
        except Exception:  # an optional dependency missing: its patterns are not reachable either
            continue
        for name, obj in list(vars(module).items()):
            for where, compiled in _held(name, obj, within(info.name)):
                if id(compiled) in seen or not isinstance(compiled.pattern, str):
                    continue
                seen.add(id(compiled))
                yield f"{info.name}.{where}", compiled
    if not every:
        return
    kept = sorted((made for made in made_patterns()
                   if within(made.origin) and not any(part in made.origin for part in skip)),
                  key=lambda made: (made.origin, made.pattern, made.flags))
    for number, made in enumerate(kept):
        compiled = made.compiled
        if id(compiled) in seen:
            continue
        seen.add(id(compiled))
        yield f"{made.origin}.<lazy {number}>", compiled


def _held(name: str, obj: object, every: bool, depth: int = 0) -> Iterator[tuple[str, re.Pattern[str]]]:
    """The compiled patterns ``obj`` is or holds, each with its path from the module (``_CUES[2]``, ``_RULES['ko']``,
    ``Reader._LINE``): with ``every`` the scan reads plain ``re.compile`` patterns kept in a list, a tuple, a set, a
    dict (keys and values) or a class of the module too, which ``made_patterns`` (``LazyPattern`` only) misses."""
    from mem.core.text.pattern import LazyPattern

    if isinstance(obj, LazyPattern):
        yield name, obj.compiled
    elif isinstance(obj, re.Pattern):
        yield name, obj
    elif not every or depth >= 4:
        return
    elif isinstance(obj, (list, tuple)):
        for k, item in enumerate(obj):
            yield from _held(f"{name}[{k}]", item, every, depth + 1)
    elif isinstance(obj, (set, frozenset)):
        for k, item in enumerate(sorted(obj, key=repr)):
            yield from _held(f"{name}{{{k}}}", item, every, depth + 1)
    elif isinstance(obj, dict):
        for k, (key, item) in enumerate(list(obj.items())):
            yield from _held(f"{name}[{key!r}]" if isinstance(key, (str, int)) else f"{name}[{k}]", item, every,
                             depth + 1)
            if isinstance(key, (tuple, re.Pattern, LazyPattern)):
                yield from _held(f"{name}<key {k}>", key, every, depth + 1)
    elif isinstance(obj, type) and obj.__module__.startswith("mem.") and depth == 0:
        for attribute, item in list(vars(obj).items()):
            yield from _held(f"{name}.{attribute}", item, every, depth + 1)


def timed(pattern: re.Pattern[str], text: str, timeout: float) -> float:
    """CPU seconds of ``search`` and ``match`` on ``text``; ``timeout`` (wall) if cut off."""
    use_alarm = timeout > 0 and hasattr(signal, "setitimer")
    if use_alarm:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    start = time.process_time()
    try:
        pattern.search(text)
        pattern.match(text)
        return time.process_time() - start
    except _Timeout:
        return timeout
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


_LITERAL = re.compile(r"[A-Za-z]{2,}|[\uac00-\ud7a3]+|[\u3040-\u30ff\u4e00-\u9fff]+")


def word_units(pattern: re.Pattern[str], limit: int = 200) -> list[str]:
    """Runs to repeat for ``pattern``: each literal word of its source (escapes such as ``\\s`` left out), a CJK
    word alone (those languages need no blank between words), a Latin word with a blank after it."""
    source = re.sub(r"\\[A-Za-z]", " ", pattern.pattern)
    words = sorted(set(_LITERAL.findall(source)))[:limit]
    return [word + " " if word.isascii() else word for word in words]


def heads(pattern: re.Pattern[str], limit: int = 12) -> list[str]:
    r"""Texts that take ``pattern`` past its head, so a run after one is read by what follows: for each place in
    its sequence of parts (and inside its groups, alternatives and repeats), the shortest text its parts before
    that place match (first alternatives, least repeats). A pattern anchored on a cue (``^Ignore\s+…``, ``\b(?:no|
    아니)…``) fails on a bare run at its first character, and the scan never reached the quadratic tail behind it."""
    from re import _constants as c
    from re import _parser

    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # noqa: BLE001 — a pattern the parser of this Python reads otherwise: no heads
        return []
    categories = {c.CATEGORY_DIGIT: "1", c.CATEGORY_SPACE: " ", c.CATEGORY_WORD: "a", c.CATEGORY_NOT_DIGIT: "a",
                  c.CATEGORY_NOT_SPACE: "a", c.CATEGORY_NOT_WORD: " "}

    def one(items: Any) -> str:
        if not items:
            return "a"
        op, av = items[0]
        if op is c.NEGATE:
            return "a" if not any(o is c.LITERAL and v == ord("a") for o, v in items[1:]) else "z"
        if op is c.LITERAL:
            return chr(av)
        if op is c.RANGE:
            return chr(av[0])
        if op is c.CATEGORY:
            return categories.get(av, "a")
        return "a"

    def example(items: Any) -> str:
        out = []
        for op, av in items:
            if op is c.LITERAL:
                out.append(chr(av))
            elif op is c.NOT_LITERAL:
                out.append("a" if av != ord("a") else "b")
            elif op is c.ANY:
                out.append("a")
            elif op is c.IN:
                out.append(one(av))
            elif op is c.SUBPATTERN:
                out.append(example(av[-1]))
            elif op is c.ATOMIC_GROUP:
                out.append(example(av))
            elif op is c.BRANCH:
                out.append(example(av[1][0]))
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                out.append(example(av[2]) * min(av[0], 20))
            elif op is c.GROUPREF_EXISTS:
                out.append(example(av[1]))
        return "".join(out)

    found: list[str] = []

    def walk(items: Any, before: str, depth: int) -> None:
        for k, (op, av) in enumerate(items):
            if len(found) >= limit:
                return
            head = before + example(items[:k])
            if head and head not in found and op not in (c.LITERAL, c.NOT_LITERAL):  # a word is one head
                found.append(head)
            if depth >= 4:
                continue
            if op is c.SUBPATTERN:
                walk(av[-1], head, depth + 1)
            elif op is c.ATOMIC_GROUP:
                walk(av, head, depth + 1)
            elif op is c.BRANCH:
                for alternative in av[1][:4]:
                    walk(alternative, head, depth + 1)
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                walk(av[2], head, depth + 1)

    walk(list(parsed), "", 0)
    return found


def run_heads(size: int, threshold: float, timeout: float, shapes: dict[str, str] | None = None,
              report: Callable[[str], None] = print, limit: int = 12,
              skip: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
              every: bool | tuple[str, ...] = False) -> list[tuple[str, str, float, float]]:
    """As ``run``, each run after each of the pattern's ``heads`` (the label is the head, "+", the shape)."""
    chosen = shapes or SHAPES

    def units(pattern: re.Pattern[str]) -> Iterator[tuple[str, str, str]]:
        for head in heads(pattern, limit):
            for label, unit in chosen.items():
                yield f"{head}+{label}", unit, head

    return _slow_pairs(units, size, threshold, timeout, report, skip, every)


def _slow_pairs(units: Callable[[re.Pattern[str]], Iterator[tuple[str, ...]]], size: int, threshold: float,
                timeout: float, report: Callable[[str], None],
                skip: set[tuple[str, str]] | frozenset[tuple[str, str]],
                every: bool | tuple[str, ...] = False) -> list[tuple[str, str, float, float]]:
    """(pattern, label, seconds at size, seconds at twice the size) for each pattern and each (label, unit[, head])
    of ``units(pattern)`` slower than ``threshold`` on ``unit`` repeated to ``size`` characters (after ``head``)."""
    found = []
    for name, pattern in patterns(every=every):
        for label, unit, *head in units(pattern):
            if (name, label) in skip:
                continue
            text = unit * (size // len(unit))
            before = head[0] if head else ""
            first = timed(pattern, before + text, timeout)
            if first < threshold:
                continue
            second = first if first >= timeout else timed(pattern, before + text + text, timeout)
            found.append((name, label, first, second))
            report(f"{first:7.3f}s {second:7.3f}s  x{second / max(first, 1e-9):4.1f}  {name}  shape={label!r}  "
                   f"{pattern.pattern[:100]!r}")
    return found


def run_words(size: int, threshold: float, timeout: float, report: Callable[[str], None] = print,
              skip: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
              every: bool | tuple[str, ...] = False) -> list[tuple[str, str, float, float]]:
    """As ``run``, on runs of each pattern's own words (``word_units``; the label is the word)."""
    return _slow_pairs(lambda pattern: ((unit, unit) for unit in word_units(pattern)), size, threshold, timeout,
                       report, skip, every)


def run(size: int, threshold: float, timeout: float, shapes: dict[str, str] | None = None,
        report: Callable[[str], None] = print,
        skip: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
        every: bool | tuple[str, ...] = False) -> list[tuple[str, str, float, float]]:
    """(pattern, shape, seconds at size, seconds at twice the size) for each slow pair (``skip``: pairs not run)."""
    chosen = shapes or SHAPES
    return _slow_pairs(lambda pattern: iter(chosen.items()), size, threshold, timeout, report, skip, every)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=4000, help="characters of each run")
    parser.add_argument("--threshold", type=float, default=0.05, help="report a pair slower than this (CPU s)")
    parser.add_argument("--timeout", type=float, default=10.0, help="cut a run off after this (s)")
    parser.add_argument("--words", action="store_true", help="runs of each pattern's own words, not the shapes")
    parser.add_argument("--heads", action="store_true",
                        help="each run after each of the pattern's heads (reaches the tail of an anchored pattern)")
    parser.add_argument("--every", action="store_true",
                        help="also the patterns a module keeps in lists, tuples, dicts and classes")
    args = parser.parse_args(argv)
    if args.heads:
        found = run_heads(args.size, args.threshold, args.timeout, every=args.every)
    else:
        found = (run_words if args.words else run)(args.size, args.threshold, args.timeout, every=args.every)
    print(f"{len(found)} slow (pattern, shape) pairs", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
