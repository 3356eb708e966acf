from __future__ import annotations

from pathlib import Path

from mem.core.wording import plural


def test_plural_counts_the_noun():
    assert plural(1, "page") == "1 page"
    assert plural(0, "page") == "0 pages"
    assert plural(2, "more error") == "2 more errors"
    assert plural(3, "reply", "replies") == "3 replies"


def test_no_message_writes_a_noun_as_noun_parenthesis_s():
    # People read these lines; "1 page(s)" is the slip issue 14 asked us to remove everywhere.
    root = Path(__file__).resolve().parents[2]
    offenders = []
    for folder in ("agent", "cli", "client", "core", "customers", "demo", "knowhow", "policies", "server", "wiki"):
        for path in (root / folder).rglob("*.py"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "(s)" in line and 'f"' in line and "http(s)" not in line:
                    offenders.append(f"{path.relative_to(root)}:{number}")
    assert offenders == []
