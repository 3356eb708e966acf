"""An ingest of several documents holds the workspace lock through its last commit, and one that stops partway
(an error, Ctrl-C) says which documents it committed and which it did not (NEWUSER_REPORT23 #1)."""

from __future__ import annotations

import fcntl
import json
from pathlib import Path

import pytest

from mem.cli.main import main
from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Interrupted, LockTimeout, StorageError
from mem.policies.ingest import ingest_documents
from mem.wiki import gitrepo
from mem.wiki.store import Wiki
from mem.wiki.workspace import init_workspace


@pytest.fixture
def ws(tmp_path):
    clock.freeze(clock.parse_datetime("2026-02-01T09:00:00Z"))
    return init_workspace(tmp_path / "ws")


@pytest.fixture
def docs(tmp_path) -> list[Path]:
    paths = []
    for n in (1, 2, 3):
        path = tmp_path / f"doc{n}.md"
        path.write_text(f"# Policy {n}\n\n## Refund window {n}\n\nRefunds within {10 + n} days.\n")
        paths.append(path)
    return paths


def config(ws: Path) -> Config:
    return Config.load(workspace=ws, env={"MEM_SEMANTIC": "off"})


def commits(ws: Path) -> list[str]:
    return gitrepo._run(ws, "log", "--format=%s").splitlines()


def fail_on_write(monkeypatch, number: int, error: BaseException) -> None:
    """Make the ``number``-th ``Wiki.write`` of the run raise ``error`` (before it writes anything)."""
    original = Wiki.write
    calls = []

    def write(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == number:
            raise error
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Wiki, "write", write)


def test_the_lock_is_held_from_the_first_commit_to_the_last(ws, docs, monkeypatch):
    # between two documents another writer could take the lock for longer than this ingest waits
    original = Wiki.write
    free_between = []

    def write(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        with open(ws / ".mem" / "wiki.lock", "a+") as other:  # another process's open file description
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
                free_between.append(True)
                fcntl.flock(other, fcntl.LOCK_UN)
            except BlockingIOError:
                free_between.append(False)
        return result

    monkeypatch.setattr(Wiki, "write", write)
    results = ingest_documents(ws, docs, config=config(ws))
    assert all(r.commit for r in results) and free_between == [False, False, False]


def test_a_lock_timeout_partway_names_what_was_committed_and_what_was_not(ws, docs, monkeypatch):
    fail_on_write(monkeypatch, 2, LockTimeout("another process is writing ws: waited 30s for its lock"))
    with pytest.raises(LockTimeout) as caught:
        ingest_documents(ws, docs, config=config(ws))
    message = caught.value.message
    head = gitrepo.head_sha(ws)
    assert message.startswith("another process is writing ws")
    assert f"committed sources/doc1.md ({head[:10]})" in message
    assert f"NOT ingested (still on their previous edition): {docs[1]}, {docs[2]}" in message
    assert message.endswith(f"ingest those again: mem ingest {docs[1]} {docs[2]}")
    assert caught.value.details["not_ingested"] == [str(docs[1]), str(docs[2])]
    assert [d["source"] for d in caught.value.details["ingested"]] == ["sources/doc1.md"]
    assert len(commits(ws)) == 2  # init + doc1: the committed document stays (it is whole)


def test_ctrl_c_partway_exits_130_naming_the_committed_documents(ws, docs, monkeypatch):
    fail_on_write(monkeypatch, 3, KeyboardInterrupt())
    with pytest.raises(Interrupted) as caught:
        ingest_documents(ws, docs, config=config(ws))
    assert caught.value.exit_code == 130
    assert "committed sources/doc1.md" in caught.value.message and "sources/doc2.md" in caught.value.message
    assert caught.value.details["not_ingested"] == [str(docs[2])]


def test_a_failure_before_any_commit_says_nothing_was_ingested(ws, docs, monkeypatch):
    fail_on_write(monkeypatch, 1, StorageError("git add failed: disk trouble"))
    with pytest.raises(StorageError, match=r"^git add failed: disk trouble \(nothing was ingested"):
        ingest_documents(ws, docs, config=config(ws))
    assert len(commits(ws)) == 1


def test_the_json_error_of_a_stopped_ingest_carries_both_lists(ws, docs, monkeypatch, capsys):
    fail_on_write(monkeypatch, 2, LockTimeout("another process is writing ws: waited 30s for its lock"))
    code = main(["--workspace", str(ws), "ingest", "--json", *map(str, docs)])
    out, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1 and "NOT ingested" in err
    error = json.loads(out)["error"]
    assert error["kind"] == "lock_timeout" and error["not_ingested"] == [str(docs[1]), str(docs[2])]
    assert [d["source"] for d in error["ingested"]] == ["sources/doc1.md"]
