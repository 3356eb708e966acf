"""A terminal too narrow for a table (new-user report 21 #13: `COLUMNS=40 mem pages list` showed "t…", "C…")."""

from __future__ import annotations

import io

from rich.console import Console

from mem.cli.output import print_table

ROWS = [{"id": "cafe-vouchers", "type": "policy", "title": "Café vouchers", "version": 1, "status": "active",
         "effective": "2026-12-01"},
        {"id": "returns", "type": "policy", "title": "Returns", "version": 3, "status": "deprecated",
         "effective": "2026-01-01"}]


def _printed(width: int) -> str:
    out = io.StringIO()
    print_table(Console(file=out, width=width, color_system=None), ROWS)
    return out.getvalue()


def test_a_narrow_terminal_gets_one_block_per_row():
    text = _printed(40)
    assert "…" not in text and "┃" not in text
    assert "title      Café vouchers" in text and "status     deprecated" in text
    assert text.count("id ") == 2 and max(len(line) for line in text.splitlines()) <= 40


def test_a_wide_terminal_keeps_the_table():
    text = _printed(100)
    assert "┃ id" in text and "Café vouchers" in text and "deprecated" in text


def test_page_history_keeps_one_line_per_version_at_80_columns():
    """newuser25 #8: a commit naming four pages wrapped into eight lines per version; the message is cut instead."""
    from mem.cli.pages import _history_table

    message = "ingest: DEFINITIONS v2, SCOPE v1, EMERGENCY ASSISTANCE v1 and 1 more (sources/terms.txt)\n\nbody"
    rows = [{"version": n, "status": "active", "effective": "2026-11-01", "date": f"2026-12-07T01:2{n}:00+00:00",
             "commit": f"{n}" * 40, "message": message, "sources": ["sources/terms.txt"]} for n in (1, 2)]
    for width in (80, 120):
        out = io.StringIO()
        _history_table(Console(file=out, width=width, color_system=None, force_terminal=True), rows)
        body = [line for line in out.getvalue().splitlines() if line.startswith("│")]
        assert len(body) <= 2 * 2, out.getvalue()  # at most the date's time on a second line
        assert "ingest: DEF" in out.getvalue() and "body" not in out.getvalue()
        assert max(len(line) for line in out.getvalue().splitlines()) <= width


def test_page_history_in_a_ci_log_is_one_line_per_version_with_the_whole_message():
    """newuser26 #13: piped (a CI log, rich's 80 columns) every row wrapped over two lines and each message was cut
    to "ingest: Ref…"; with no terminal to fit, each version is one line and the message's first line is whole."""
    from mem.cli.pages import _history_table

    message = "ingest: Refund window v3, Damaged items v2 (sources/returns.md)\n\nbody"
    rows = [{"version": n, "status": "active", "effective": "2026-11-01", "date": f"2026-12-07T01:2{n}:00+00:00",
             "commit": f"{n}" * 40, "message": message, "sources": ["sources/returns.md"]} for n in (1, 2, 3)]
    out = io.StringIO()
    _history_table(Console(file=out, width=80, color_system=None), rows)
    body = [line for line in out.getvalue().splitlines() if line.startswith("│")]
    assert len(body) == 3, out.getvalue()
    assert all("ingest: Refund window v3, Damaged items v2 (sources/returns.md)" in line for line in body)
    assert all("2026-12-07 01:2" in line and "sources/returns.md │" in line for line in body)
