"""Retiring a document (new-user report 14, section 5): ``mem ingest --retire DOC`` and lint's ``page-removed``.

``git rm`` of a retired document's pages passed lint, and no command retired a document: re-ingesting a
stub made a page saying "This document is retired.". Now lint warns about a page in force that vanished,
and retiring deprecates the document's pages (version + 1, one commit), bringing back from git the ones
already removed.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import InvalidInput, NotFound
from mem.policies.ingest import ingest_documents
from mem.policies.retire import retire_document
from mem.wiki import gitrepo
from mem.wiki.lint import lint_workspace
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

WARRANTY = """# Warranty

## Hardware warranty

Hardware is covered for 24 months.

## Liquid damage

Liquid damage is covered for 12 months.
"""

REFUNDS = """# Refunds

## Refund window

Refunds within 14 days of purchase.

## Refund method

Refunds go back to the original payment method.
"""


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    ws = init_workspace(tmp_path / "ws")
    config = Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})
    for name, text in (("warranty.md", WARRANTY), ("refunds.md", REFUNDS)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        ingest_documents(ws, [tmp_path / name], config=config)
    return ws


def _config(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})


def _removed(ws: Path) -> list[str]:
    return [f.message for f in lint_workspace(ws, config=_config(ws)).findings if f.rule == "page-removed"]


def _git(ws: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=ws, check=True, capture_output=True)


def test_retire_deprecates_the_documents_pages_in_one_commit(ws):
    before = gitrepo._run(ws, "rev-parse", "HEAD")
    result = retire_document(ws, "warranty.md")
    assert [(p.id, p.version, p.change) for p in result.pages] == [
        ("hardware-warranty", 2, "deprecated"), ("liquid-damage", 2, "deprecated")]
    assert gitrepo._run(ws, "rev-list", "--count", f"{before}..HEAD") == "1"
    wiki = Wiki(ws)
    assert wiki.get("liquid-damage").status == "deprecated" and wiki.get("refund-window").status == "active"
    assert "retire | sources/warranty.md" in (ws / "log.md").read_text()
    assert lint_workspace(ws, config=_config(ws)).errors == []
    # by id, again: nothing left in force, nothing committed
    again = retire_document(ws, "warranty")
    assert again.commit is None and {p.change for p in again.pages} == {"unchanged"}


def test_a_page_removed_in_force_is_reported_and_retiring_brings_it_back_deprecated(ws):
    assert _removed(ws) == []
    _git(ws, "rm", "-q", "policies/liquid-damage.md")
    [staged] = _removed(ws)  # caught before the commit too
    assert "'liquid-damage' v1 was removed in the working tree" in staged
    _git(ws, "commit", "-qm", "retire warranty")
    report = lint_workspace(ws, config=_config(ws))
    [finding] = [f for f in report.findings if f.rule == "page-removed"]
    assert finding.path == "policies/liquid-damage.md" and finding.level == "warning"
    assert "mem ingest --retire" in finding.message and report.exit_code() == 0
    result = retire_document(ws, "warranty.md")
    assert {(p.id, p.version) for p in result.pages} == {("hardware-warranty", 2), ("liquid-damage", 2)}
    assert Wiki(ws).get("liquid-damage").status == "deprecated"
    assert _removed(ws) == []


def test_a_page_removed_after_it_was_retired_or_renamed_is_not_reported(ws):
    retire_document(ws, "warranty.md")
    _git(ws, "rm", "-q", "policies/liquid-damage.md")
    _git(ws, "mv", "policies/refund-window.md", "policies/refund-period.md")
    path = ws / "policies" / "refund-period.md"
    path.write_text(path.read_text().replace("id: refund-window\n", "id: refund-period\n"))
    _git(ws, "commit", "-qam", "drop a retired page; rename another")
    assert _removed(ws) == []


def test_retire_refuses_what_it_cannot_name(ws):
    with pytest.raises(NotFound, match="no policy page comes from the document 'shipping.md'"):
        retire_document(ws, "shipping.md")
    with pytest.raises(InvalidInput):
        retire_document(ws, " ")


def test_retiring_a_long_named_document_retires_it_alone(ws, tmp_path):
    """Two long names alike for their first 60 characters were one document id, so retiring one named both;
    a long name's id is now hashed (NEWUSER_REPORT21 #9), and retiring finds it by the name given."""
    long = "Customer service handbook for the northern european region " * 2
    for country, text in (("Sweden", REFUNDS.replace("# Refunds", "# Returns")), ("Norway", WARRANTY)):
        (tmp_path / f"{long}{country}.md").write_text(text.replace("## ", f"## {country} "), encoding="utf-8")
        ingest_documents(ws, [tmp_path / f"{long}{country}.md"], config=_config(ws))
    result = retire_document(ws, f"{long}Sweden.md")
    assert sorted(p.id for p in result.pages) == ["sweden-refund-method", "sweden-refund-window"]
    assert Wiki(ws).get("norway-liquid-damage").status == "active"
