"""Page identity on a weekly re-ingest (newuser31 #2, #5): an article split in two after the old one was
retired, and a chapter renamed in an edition that also moved text between chapters."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Conflict
from mem.policies.ingest import ingest_documents
from mem.policies.retire import retire_document
from mem.wiki import gitrepo
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace

ROAMING = """# Using your phone abroad

## Roaming in Europe

Roam Pass in the Europe Zone costs £2.25 a day and lets you use your UK allowance.

## Roaming outside Europe

Roam Pass in the USA and Canada costs £6 a day.
"""

EUROPE = """# Roaming in Europe

## Roaming in Europe

Roam Pass in the Europe Zone costs £2.25 a day and lets you use your UK allowance. Turn on data roaming first.

## Data roaming

Turn on data roaming in your phone's settings.
"""

WORLDWIDE = """# Roaming worldwide

## Roaming outside Europe

Roam Pass in the USA and Canada costs £6 a day. Elsewhere data costs £5 per MB.

## Calls abroad

Calls to the UK from outside Europe cost £1.50 a minute.
"""

LATE_V1 = "# Paying late\n\nIf your bill is unpaid 14 days after the due date we add a late payment fee of £8.\n"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    clock.freeze(clock.parse_datetime("2026-12-07T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


def _config(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})


def _folder(root: Path, name: str, files: dict[str, str]) -> Path:
    folder = root / name
    folder.mkdir()
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    return folder


def _ingest(ws: Path, path: Path) -> list:
    return ingest_documents(ws, [path], config=_config(ws), model="")


def _head(ws: Path) -> str:
    return gitrepo._run(ws, "rev-parse", "HEAD")


def _changes(results: list) -> dict[str, tuple[int, str]]:
    return {p.id: (p.version, p.change) for r in results for p in r.pages}


def test_a_split_article_takes_over_the_retired_articles_pages_with_their_history(ws, tmp_path):
    _ingest(ws, _folder(tmp_path, "v1", {"roaming.md": ROAMING, "late.md": LATE_V1}))
    v2 = _folder(tmp_path, "v2", {"roaming-europe.md": EUROPE, "roaming-worldwide.md": WORLDWIDE,
                                  "late.md": LATE_V1.replace("£8", "£10")})
    before = _head(ws)
    # the old article is still in force: refused, nothing written, and the error names the one file and the command
    with pytest.raises(Conflict) as refused:
        _ingest(ws, v2)
    assert "belongs to sources/roaming.md" in str(refused.value)
    assert "mem ingest --retire roaming.md" in str(refused.value)
    assert _head(ws) == before
    retire_document(ws, "roaming.md")
    changes = _changes(_ingest(ws, v2))
    assert changes["roaming-in-europe"] == (3, "replaced")
    assert changes["roaming-outside-europe"] == (3, "replaced")
    assert changes["paying-late"] == (2, "revised")
    wiki = Wiki(ws)
    page = wiki.get("roaming-in-europe")
    assert page.status == "active" and page.sources[0]["file"] == "sources/roaming-europe.md"
    log = gitrepo._run(ws, "log", "--format=%B", "--", "policies/roaming-in-europe.md")
    assert "page: roaming-in-europe v3 replaced (taken over from sources/roaming.md, retired)" in log
    assert "page: roaming-in-europe v2 deprecated" in log and "page: roaming-in-europe v1 created" in log
    from mem.wiki.lint import lint_workspace

    report = lint_workspace(ws, config=_config(ws))
    assert not [f for f in report.findings if f.rule == "page-document"]


def test_a_page_of_a_document_still_in_force_is_not_taken_over(ws, tmp_path):
    # the twin: roaming.md dropped its Europe section (that page deprecated) but still holds a page in force, so
    # another document's section of that id is refused as before (a live document's page never moves silently)
    roaming = _folder(tmp_path, "a", {"roaming.md": ROAMING})
    _ingest(ws, roaming)
    (roaming / "roaming.md").write_text(ROAMING.split("## Roaming in Europe")[0]
                                        + "## Roaming outside Europe" + ROAMING.split("## Roaming outside Europe")[1],
                                        encoding="utf-8")
    assert _changes(_ingest(ws, roaming / "roaming.md"))["roaming-in-europe"] == (2, "deprecated")
    before = _head(ws)
    with pytest.raises(Conflict) as refused:
        _ingest(ws, _folder(tmp_path, "b", {"roaming-europe.md": EUROPE}))
    assert "belongs to sources/roaming.md" in str(refused.value)
    assert _head(ws) == before


def _handbook(chapters: list[tuple[str, str, list[str]]]) -> str:
    boiler = ["Read this chapter together with your order confirmation.",
              "Our team can explain this chapter; call 0800 123 4567."]
    parts = ["# Customer handbook\n"]
    for number, title, paragraphs in chapters:
        parts.append(f"## {number} {title}\n")
        parts += [f"{p}\n" for p in paragraphs + boiler]
    return "\n".join(parts)


ACCOUNT = ("1", "Your account", ["Keep your password safe.", "You can add a second account holder."])
MOVING = ["Tell us about a move at least 14 days before your moving date.",
          "Your contract continues at the new address.",
          "A home move fee of £45 applies in the first 12 months.",
          "Update a mobile-only billing address in the app."]
FAIR = ("3", "Fair use", ["Mobile data over 650GB a month is fair use.", "Tethering is limited to 30GB."])


def test_a_renamed_chapter_keeps_its_page_when_the_edition_moved_a_line(ws, tmp_path):
    path = tmp_path / "handbook.md"
    path.write_text(_handbook([ACCOUNT, ("2", "Moving home", MOVING), FAIR]), encoding="utf-8")
    _ingest(ws, path)
    # renamed, one line of its body gone with the removed chapter 3: the same number and most of its rules
    path.write_text(_handbook([ACCOUNT, ("2", "Moving house", MOVING[:3])]), encoding="utf-8")
    changes = _changes(_ingest(ws, path))
    assert changes["moving-home"] == (2, "revised")
    assert changes["fair-use"] == (2, "deprecated")
    assert "moving-house" not in changes
    assert Wiki(ws).get("moving-home").title == "Moving house"
    log = gitrepo._run(ws, "log", "--format=%s", "--", "policies/moving-home.md")
    assert len(log.splitlines()) == 2  # the history follows the page


def test_a_new_chapter_at_a_removed_chapters_number_is_a_new_page(ws, tmp_path):
    # the twin: chapter 2 removed and another chapter 2 written in its place shares only the boilerplate
    path = tmp_path / "handbook.md"
    path.write_text(_handbook([ACCOUNT, ("2", "Moving home", MOVING)]), encoding="utf-8")
    _ingest(ws, path)
    path.write_text(_handbook([ACCOUNT, ("2", "Paper bills", ["Paper bills cost £2.50 a month.",
                                                              "You can stop paper bills in the app."])]),
                    encoding="utf-8")
    changes = _changes(_ingest(ws, path))
    assert changes["moving-home"] == (2, "deprecated")
    assert changes["paper-bills"] == (1, "created")


def test_a_renamed_and_renumbered_section_needs_most_of_its_rules(ws, tmp_path):
    path = tmp_path / "handbook.md"
    path.write_text(_handbook([ACCOUNT, ("2", "Moving home", MOVING)]), encoding="utf-8")
    _ingest(ws, path)
    # another number and half its rules: nothing tells it from a chapter removed beside one added
    path.write_text(_handbook([ACCOUNT, ("5", "Moving house", MOVING[:2] + ["Moves abroad end the contract.",
                                                                            "We collect the router."])]),
                    encoding="utf-8")
    changes = _changes(_ingest(ws, path))
    assert changes["moving-home"] == (2, "deprecated") and changes["moving-house"] == (1, "created")
    # another number but the same rules, word for word: renamed
    path.write_text(_handbook([ACCOUNT, ("7", "Home moves", MOVING[:2] + ["Moves abroad end the contract.",
                                                                          "We collect the router."])]),
                    encoding="utf-8")
    changes = _changes(_ingest(ws, path))
    assert changes["moving-house"][1] == "revised" and "home-moves" not in changes
