"""The store: validation first, atomic files, index + log, one commit, rollback, locking, fresh git identity."""

from __future__ import annotations

import pytest

from mem.core import clock
from mem.core.errors import Conflict, InvalidInput, NotFound, StorageError
from mem.wiki import gitrepo
from mem.wiki.index import render_index
from mem.wiki.page import Page
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace


def policy(pid: str = "refund", version: int = 1, text: str = "Refunds within 14 days.", **meta) -> Page:
    base = {"status": "active", "effective": "2026-03-01", "summary": text}
    base.update(meta)
    return Page(pid, "policy", pid.title(), version, base, text)


@pytest.fixture
def wiki(tmp_path):
    clock.freeze(clock.parse_datetime("2026-03-05T12:00:00Z"))
    return Wiki(init_workspace(tmp_path / "ws"))


def log_subjects(wiki: Wiki) -> list[str]:
    return gitrepo._run(wiki.workspace, "log", "--format=%s").splitlines()


def test_write_is_one_commit_with_index_and_log(wiki):
    result = wiki.write([policy(), policy("shipping", text="Ships in 3 days.")], op="ingest",
                        message="ingest: two pages", log_title="sources/terms.pdf", log_lines=["refund v1"])
    assert result.commit and result.changed == ["policies/refund.md", "policies/shipping.md"]
    assert log_subjects(wiki) == ["ingest: two pages", "init: new mem workspace"]
    files = gitrepo._run(wiki.workspace, "show", "--name-only", "--format=", "HEAD").splitlines()
    assert sorted(files) == ["index.md", "log.md", "policies/refund.md", "policies/shipping.md"]
    assert (wiki.workspace / "index.md").read_text() == render_index(wiki.pages())
    assert "## [2026-03-05] ingest | sources/terms.pdf\n\n- refund v1\n" in (wiki.workspace / "log.md").read_text()
    assert [p.id for p in wiki.pages()] == ["refund", "shipping"]


def test_unchanged_write_makes_no_commit(wiki):
    wiki.write([policy()], op="ingest", message="first")
    assert wiki.write([policy()], op="ingest", message="again").commit is None
    assert log_subjects(wiki)[0] == "first"


def test_invalid_page_writes_nothing(wiki):
    bad = policy(status="live")
    with pytest.raises(InvalidInput, match="status must be one of"):
        wiki.write([policy("ok"), bad], op="ingest", message="x")
    assert not (wiki.workspace / "policies" / "ok.md").exists()
    assert len(log_subjects(wiki)) == 1


def test_failed_commit_restores_files(wiki, monkeypatch):
    wiki.write([policy()], op="ingest", message="first")
    before = {n: (wiki.workspace / n).read_text() for n in ("policies/refund.md", "index.md", "log.md")}

    def boom(*args, **kwargs):
        raise StorageError("git commit failed: disk full")

    monkeypatch.setattr(gitrepo, "commit", boom)
    with pytest.raises(StorageError):
        wiki.write([policy(version=2, text="Refunds within 7 days."), policy("new")], op="ingest", message="x")
    assert {n: (wiki.workspace / n).read_text() for n in before} == before
    assert not (wiki.workspace / "policies" / "new.md").exists()


def test_id_used_by_other_type_is_a_conflict(wiki):
    wiki.write([policy()], op="ingest", message="first")
    know = Page("refund", "knowhow", "K", 1, {"status": "active", "when": "w", "then": "t"}, "")
    with pytest.raises(Conflict, match="already used by a policy page"):
        wiki.write([know], op="promote", message="x")


def test_get_and_not_found_and_misplaced_page(wiki):
    wiki.write([policy()], op="ingest", message="first")
    assert wiki.get("refund").version == 1
    with pytest.raises(NotFound, match="no page 'nope'"):
        wiki.get("nope")
    (wiki.workspace / "policies" / "other.md").write_text((wiki.workspace / "policies/refund.md").read_text())
    with pytest.raises(InvalidInput, match="belongs in policies/refund.md"):
        wiki.pages()
    assert [p.id for p in wiki.pages(skip_invalid=True)] == ["refund"]


def test_delete_and_extra_files(wiki):
    wiki.write([policy()], op="ingest", message="first", files={"sources/a.txt": b"hello"})
    assert (wiki.workspace / "sources/a.txt").read_bytes() == b"hello"
    with pytest.raises(InvalidInput, match="not a workspace-relative path"):
        wiki.write([], op="x", message="x", files={"../escape": b"x"})
    result = wiki.write([], op="remove", message="remove refund", delete=["refund"])
    assert result.changed == ["policies/refund.md"] and wiki.pages() == []
    assert "refund" not in (wiki.workspace / "index.md").read_text().split("## Policies")[1]


def test_commits_work_without_any_git_identity(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "none"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL"):
        monkeypatch.delenv(name, raising=False)
    wiki = Wiki(init_workspace(tmp_path / "ws"))
    wiki.write([policy()], op="ingest", message="first")
    authors = gitrepo._run(wiki.workspace, "log", "--format=%an <%ae>|%cn <%ce>").splitlines()
    assert authors == ["mem <mem@localhost>|mem <mem@localhost>"] * 2
    wiki.write([policy(version=2, text="New.")], op="promote", message="second", author="Ops Lead <ops@example.com>")
    assert gitrepo._run(wiki.workspace, "log", "-1", "--format=%an <%ae>") == "Ops Lead <ops@example.com>"


def test_operator_staged_files_stay_out_of_mem_commits(wiki):
    (wiki.workspace / "notes.txt").write_text("draft")
    gitrepo._run(wiki.workspace, "add", "notes.txt")
    wiki.write([policy()], op="ingest", message="first")
    assert "notes.txt" not in gitrepo._run(wiki.workspace, "show", "--name-only", "--format=", "HEAD")
    assert "A  notes.txt" in gitrepo._run(wiki.workspace, "status", "--porcelain")


def test_regenerate_index(wiki):
    wiki.write([policy()], op="ingest", message="first")
    (wiki.workspace / "index.md").write_text("stale\n")
    assert wiki.regenerate_index().commit
    assert (wiki.workspace / "index.md").read_text() == render_index(wiki.pages())
    assert wiki.regenerate_index().commit is None


def test_lock_times_out(wiki, monkeypatch):
    import mem.wiki.store as store

    monkeypatch.setattr(store, "LOCK_WAIT_S", 0.1)
    from mem.core.errors import LockTimeout

    # a second handle on the same lock file conflicts even within one process (flock per open file)
    with wiki.lock(), pytest.raises(LockTimeout), Wiki(wiki.workspace).lock():
        pass


def test_pages_handed_out_are_copies(wiki):
    wiki.write([policy()], op="ingest", message="first")
    page = wiki.get("refund")
    page.meta["status"] = "deprecated"
    assert wiki.get("refund").status == "active"


def test_write_outside_git_fails_cleanly_and_leaves_no_files(tmp_path):
    import shutil

    ws = init_workspace(tmp_path / "ws")
    shutil.rmtree(ws / ".git")
    with pytest.raises(NotFound, match="not a git repository"):
        Wiki(ws).write([policy()], op="ingest", message="x")
    assert not (ws / "policies" / "refund.md").exists()


def test_identity_from_the_environment_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("GIT_AUTHOR_NAME", "CI Bot")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "ci@example.com")
    wiki = Wiki(init_workspace(tmp_path / "ws"))
    assert gitrepo._run(wiki.workspace, "log", "-1", "--format=%an <%ae>") == "CI Bot <ci@example.com>"
    wiki.write([policy()], op="promote", message="x", author="Ops <ops@example.com>")
    assert gitrepo._run(wiki.workspace, "log", "-1", "--format=%an <%ae>") == "Ops <ops@example.com>"
