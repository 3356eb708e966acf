"""Lazily compiled patterns: the same answers as ``re``, compiled once, and never at import."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from mem.core.text.pattern import LazyPattern, lazy

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_a_lazy_pattern_answers_like_re_compile() -> None:
    source, text = r"(?P<n>\d+)\s*(days?)", "Refunds within 14 days, exchanges within 30 day."
    eager, waiting = re.compile(source, re.I), lazy(source, re.I)
    assert waiting.search(text).group("n") == eager.search(text).group("n") == "14"  # type: ignore[union-attr]
    assert waiting.match(text) is None and eager.match(text) is None
    assert waiting.fullmatch("7 days") is not None
    assert waiting.findall(text) == eager.findall(text)
    assert [m.span() for m in waiting.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert waiting.sub("N", text) == eager.sub("N", text)
    assert waiting.subn(lambda m: m.group(0).upper(), text) == eager.subn(lambda m: m.group(0).upper(), text)
    assert waiting.split(text) == eager.split(text)
    assert waiting.search(text, 20) is not None and waiting.search(text, 0, 10) is None
    assert waiting.groupindex == eager.groupindex
    assert waiting.pattern == source


def test_compiled_once_on_first_use_only() -> None:
    waiting = LazyPattern(r"\bfoo\b")
    assert waiting._compiled is None
    assert waiting.pattern == r"\bfoo\b"  # reading the source does not compile
    waiting.search("a foo")
    first = waiting.compiled
    waiting.findall("foo foo")
    assert waiting.compiled is first


def test_importing_the_detectors_compiles_no_pattern() -> None:
    # Start-up cost guard: ~300 detector patterns compiled at import cost ~130 ms of every command
    # (mem ask). A module-level re.compile added to one of these modules fails here.
    probe = (
        "import os, re, sys\n"
        "import mem\n"
        "root = os.path.dirname(mem.__file__)\n"
        "compiled = []\n"
        "original = re._compiler.compile\n"
        "def counting(pattern, flags=0):\n"
        "    frame = sys._getframe(1)\n"
        "    while frame and os.sep + 're' + os.sep in frame.f_code.co_filename: frame = frame.f_back\n"
        "    name = frame.f_code.co_filename if frame else ''\n"
        "    if name.startswith(root) and not name.endswith('pattern.py'): compiled.append(name)\n"
        "    return original(pattern, flags)\n"
        "re._compiler.compile = counting\n"
        "import mem.core.instructions, mem.core.text, mem.core.text.names\n"
        "import mem.customers.kinds, mem.customers.slots, mem.customers.dates, mem.customers.statements\n"
        "import mem.agent.rule_quote, mem.wiki.links\n"
        "import collections, json\n"
        "print(json.dumps(collections.Counter(os.path.relpath(name, root) for name in compiled)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    per_module = json.loads(out.stdout)
    package = os.path.join(_ROOT, "core", "instructions")
    instructions = sorted(f"core/instructions/{name}" for name in os.listdir(package) if name.endswith(".py"))
    detectors = [*instructions, "core/text/cjk.py", "core/text/names.py", "core/text/personal.py",
                 "core/text/content_terms.py", "core/text/sentences.py", "customers/kinds.py", "customers/slots.py",
                 "customers/dates.py", "customers/statements.py", "agent/rule_quote.py", "wiki/links.py"]
    # slots.py reads its own rules' sources with one small pattern (which rules are CJK-only).
    assert {module: per_module.get(module, 0) for module in detectors if per_module.get(module, 0) > 1} == {}
