"""Re-map a policy QA set's page labels after a reader change split its documents differently.

A row of ``questions.jsonl`` names the page that answers it (``page``) and words of the answering sentence
(``sentence``). When a reader starts seeing headings it did not see, a page becomes several and the label
points at a page that no longer exists. This script ingests each service folder with the code as it is now
(the bench's own workspace), and gives each row whose page is gone, or no longer holds its sentence (the
first section keeps the document's old page id), the one page whose body holds its labelled sentence (a pipe row
also as the row the reader renders, ``quotes_expected``). It refuses — keeps the label and names the row — when
the sentence is on no page or on two or more. Nothing is written without ``--write``; the exit code is 1 when any
row was refused.

    python scripts/remap_policy_labels.py scripts/data/policy_qa/heldout17 [--write]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_policy_qa import DOCUMENTS, load, quotes_expected, service_workspace  # noqa: E402


def _norm(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def remap(folder: Path) -> tuple[list[dict], list[str], list[str]]:
    """The folder's rows (re-mapped where their page is gone), what changed, and what was refused."""
    rows = load(folder / "questions.jsonl")
    docs = sorted(p for p in folder.iterdir() if p.suffix.lower() in DOCUMENTS)
    with tempfile.TemporaryDirectory() as tmp:
        service = service_workspace(Path(tmp) / "ws", docs, {})
        bodies = {page.id: _norm(page.body) for page in service.pages() if page.type == "policy"}
        lines = {page.id: [line for line in page.body.splitlines() if line.strip()]
                 for page in service.pages() if page.type == "policy"}
    changed: list[str] = []
    refused: list[str] = []
    for row in rows:
        page, sentence = row.get("page"), _norm(str(row.get("sentence") or ""))
        if not page or not sentence:
            continue
        # a table row labelled as a pipe row is found as the row the reader renders, as the bench finds it
        holders = sorted(pid for pid, body in bodies.items()
                         if sentence in body or any(quotes_expected(sentence, line) for line in lines[pid]))
        if page in holders:
            continue  # its page still holds its sentence
        if len(holders) != 1:
            refused.append(f"{row['id']}: {page} does not hold {sentence!r}, on {len(holders)} pages {holders}")
            continue
        changed.append(f"{row['id']}: {page} -> {holders[0]}")
        row["page"] = holders[0]
    return rows, changed, refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a set's folder (sub-folders with a questions.jsonl are services)")
    parser.add_argument("--write", action="store_true", help="write the re-mapped questions.jsonl files")
    args = parser.parse_args()
    services = [args.folder] if (args.folder / "questions.jsonl").exists() else \
        sorted(p for p in args.folder.iterdir() if (p / "questions.jsonl").exists())
    failed = False
    for folder in services:
        rows, changed, refused = remap(folder)
        print(f"{folder}: {len(changed)} re-mapped, {len(refused)} refused")
        for line in changed + [f"REFUSED {r}" for r in refused]:
            print("  " + line)
        failed = failed or bool(refused)
        if args.write and changed:
            text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
            (folder / "questions.jsonl").write_text(text, encoding="utf-8")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
