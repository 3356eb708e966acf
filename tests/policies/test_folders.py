"""``mem ingest FOLDER`` (policies/folders.py): what a folder stands for, and what it never reaches."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.policies import folders
from mem.policies.folders import documents_in


def test_a_symbolic_link_in_the_folder_is_not_followed_out_of_it(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "private").mkdir(parents=True)
    (outside / "secret.md").write_text("# Secret\n\nNot for the wiki.\n")
    (outside / "private" / "notes.md").write_text("# Notes\n")
    export = tmp_path / "export"
    export.mkdir()
    (export / "faq.md").write_text("# FAQ\n")
    (export / "linked.md").symlink_to(outside / "secret.md")
    (export / "linked-folder").symlink_to(outside / "private", target_is_directory=True)
    documents, warnings = documents_in([export])
    assert documents == [export / "faq.md"] and warnings == []


def test_a_file_named_on_its_own_is_kept_as_given(tmp_path: Path) -> None:
    (tmp_path / "real.md").write_text("# Real\n")
    (tmp_path / "link.md").symlink_to(tmp_path / "real.md")
    assert documents_in([tmp_path / "link.md"]) == ([tmp_path / "link.md"], [])


def test_a_folder_of_too_many_files_is_refused_without_walking_on(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(folders, "MAX_FOLDER_FILES", 3)
    for number in range(4):
        (tmp_path / f"page{number}.md").write_text("# Page\n")
    with pytest.raises(InvalidInput, match="more than 3 files"):
        documents_in([tmp_path])
    (tmp_path / "page3.md").unlink()
    assert len(documents_in([tmp_path])[0]) == 3


def test_hidden_folders_are_not_walked(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(folders, "MAX_FOLDER_FILES", 2)
    (tmp_path / ".git" / "objects").mkdir(parents=True)
    for number in range(5):
        (tmp_path / ".git" / "objects" / f"o{number}").write_text("x")
    (tmp_path / "faq.md").write_text("# FAQ\n")
    assert documents_in([tmp_path]) == ([tmp_path / "faq.md"], [])
