"""Re-ingesting an edition the workspace already replaced is refused unless --allow-older (NEWUSER_REPORT14 #7):
sources/ keeps the old file beside the new one, and picking it by mistake rolled every rule back."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Refused
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

OLD = "# Refunds\n\n## Refund window\n\nRefunds within 14 days.\n\n## Restocking fee\n\nA fee of 10% applies.\n"
NEW = OLD.replace("14 days", "30 days").replace("10%", "25%")


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


def ingest(ws: Path, path: Path, text: str, **options):
    path.write_text(text, encoding="utf-8")
    config = Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})
    [result] = ingest_documents(ws, [path], config=config, **options)
    return {p.id: (p.version, p.change) for p in result.pages}


def test_the_edition_a_renamed_one_replaced_is_refused(ws, tmp_path):
    ingest(ws, tmp_path / "refunds.md", OLD)
    assert ingest(ws, tmp_path / "refunds-v2.md", NEW)["refund-window"] == (2, "revised")
    head = gitrepo.head_sha(ws)
    with pytest.raises(Refused) as caught:
        ingest(ws, tmp_path / "refunds.md", OLD)
    message = str(caught.value)
    assert "refunds.md is an edition this workspace already replaced" in message
    assert "sources/refunds-v2.md" in message and "refund-window, restocking-fee" in message
    assert "--allow-older" in message and "\n" not in message
    assert gitrepo.head_sha(ws) == head and "30 days" in Wiki(ws).get("refund-window").body  # nothing written
    pages = ingest(ws, tmp_path / "refunds.md", OLD, allow_older=True)
    assert pages == {"refund-window": (3, "revised"), "restocking-fee": (3, "revised")}


def test_an_older_edition_under_the_same_name_is_refused(ws, tmp_path):
    doc = tmp_path / "refunds.md"
    ingest(ws, doc, OLD)
    ingest(ws, doc, NEW)
    with pytest.raises(Refused, match="--allow-older"):
        ingest(ws, doc, OLD)


def test_new_editions_and_identical_reingests_pass(ws, tmp_path):
    doc = tmp_path / "refunds.md"
    ingest(ws, doc, OLD)
    assert ingest(ws, doc, OLD)["refund-window"] == (1, "unchanged")
    assert ingest(ws, doc, NEW)["refund-window"] == (2, "revised")
    assert ingest(ws, doc, NEW.replace("30 days", "21 days"))["refund-window"] == (3, "revised")


def test_an_older_edition_that_changes_no_rule_passes(ws, tmp_path):
    # same rules, other bytes (a trailing line): nothing rolls back, only the source hash follows the file
    doc = tmp_path / "refunds.md"
    ingest(ws, doc, OLD)
    ingest(ws, doc, OLD + "\n\n")
    assert ingest(ws, doc, OLD)["refund-window"] == (1, "source-updated")


def test_a_bad_ingest_undone_with_git_reset_can_be_ingested_again(ws, tmp_path):
    # the reset edition is on no commit of HEAD's history: it was never replaced, only taken back
    doc = tmp_path / "refunds.md"
    ingest(ws, doc, OLD)
    ingest(ws, doc, NEW)
    gitrepo._run(ws, "reset", "-q", "--hard", "HEAD~1")
    assert ingest(ws, doc, NEW)["refund-window"] == (3, "revised")
