"""The README's tour of the policy commands runs as written, on a two-clause stand-in for its PDF.

`mem pages history refund-policy` followed `mem ingest ~/legal/refund-policy.pdf`, which makes one
page per clause (`refund-window`, …), so the tour's next line failed with "no page 'refund-policy'".
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
POLICY = ("# Refund policy\n\n## Refund window\n\nCustomers can get a full refund within 30 days of purchase.\n\n"
          "## Refund method\n\nRefunds are paid to the original payment method within 5 business days.\n")


def _tour() -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## A tour\n.*?```bash\n(.*?)```", text, re.S).group(1)
    return [shlex.split(line.split("#", 1)[0]) for line in block.splitlines() if line.startswith("mem ")]


def test_the_policy_tour_runs_as_written(mem, tmp_path, isolated_env):
    commands = _tour()
    legal = tmp_path / "legal"
    legal.mkdir()
    ws = tmp_path / "shop"
    for command in commands:
        args = command[1:]
        if args[:1] == ["init"]:
            args = ["init", str(ws)]
        elif args[:1] == ["ingest"]:  # the PDFs, as Markdown with the same clauses
            name = Path(args[1]).with_suffix(".md").name
            text = POLICY if "v4" not in name else POLICY.replace("30 days", "14 days")
            (legal / name).write_text(text, encoding="utf-8")
            args = ["-w", str(ws), "ingest", str(legal / name)]
        else:
            args = ["-w", str(ws), *args]
        result = mem(*args)
        assert result.exit_code == 0, (command, result.stderr)
        if command[1:3] == ["pages", "diff"]:
            assert "+Customers can get a full refund within 14 days" in result.stdout
    assert any(c[1:3] == ["pages", "history"] for c in commands)
