from __future__ import annotations

import errno
import os
import stat

import pytest

from mem.core import fsio
from mem.core.fsio import atomic_write_bytes, atomic_write_text


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_new_file_gets_ordinary_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "index.md", "# Index\n")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "index.md") == 0o644
    assert (tmp_path / "index.md").read_text() == "# Index\n"


def test_replaced_file_keeps_its_permissions_and_secrets_stay_private(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("old")
    page.chmod(0o640)
    atomic_write_text(page, "new")
    assert _mode(page) == 0o640 and page.read_text() == "new"
    atomic_write_bytes(tmp_path / "key.pem", b"secret", mode=0o600)
    assert _mode(tmp_path / "key.pem") == 0o600


def test_no_temporary_file_is_left_behind(tmp_path):
    atomic_write_text(tmp_path / "a.txt", "x")
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_a_failed_write_names_the_file_and_leaves_nothing(tmp_path, monkeypatch):
    # under `ulimit -f` or on a full disk the write's OSError named no file: "Error: File too large"
    def refuse(fd):
        raise OSError(errno.EFBIG, "File too large")

    monkeypatch.setattr(fsio.os, "fsync", refuse)
    target = tmp_path / "sources" / "big.md"
    with pytest.raises(OSError) as caught:
        atomic_write_text(target, "x" * 100)
    assert caught.value.errno == errno.EFBIG and caught.value.filename == str(target)
    assert list(target.parent.iterdir()) == []


def test_a_full_disk_is_said_so_in_the_words_of_each_library(tmp_path, monkeypatch):
    monkeypatch.setattr(fsio, "free_bytes", lambda folder: 30 * 1024)
    for detail in ("cannot rollback - no transaction is active", "disk I/O error", "database or disk is full",
                   "An IO error occurred: 'No space left on device (os error 28) at path \"/x/index\"'"):
        assert fsio.full_disk(tmp_path, detail) == (
            f"the disk holding {tmp_path} is full (30 KB free): free some space and run the command again")
    assert fsio.full_disk(tmp_path, "database disk image is malformed") is None
    # with room left, SQLite's I/O error or SQLITE_FULL is another fault (a page limit, a full temporary
    # folder): its own words stay; an OS error that says "no space" is believed
    monkeypatch.setattr(fsio, "free_bytes", lambda folder: 50 << 30)
    assert fsio.full_disk(tmp_path, "disk I/O error") is None
    assert fsio.full_disk(tmp_path, "database or disk is full") is None
    assert fsio.full_disk(tmp_path, "[Errno 28] No space left on device").endswith("run the command again")


def test_free_bytes_reads_the_nearest_existing_folder(tmp_path, monkeypatch):
    seen = []
    real = os.statvfs
    monkeypatch.setattr(fsio.os, "statvfs", lambda folder: seen.append(folder) or real(folder))
    assert fsio.free_bytes(tmp_path / "not" / "yet") > 0 and seen == [tmp_path]


def test_every_layer_says_a_full_disk_in_the_one_line(tmp_path, monkeypatch):
    # new-user report 23 #8: git's "write error. Out of diskspace", a bundle file's bare "No space left on device"
    # and the request log's "cannot write the request log …: No space left on device" each said it their own way
    from mem.cli.main import _os_error
    from mem.client.sync import _write_durably
    from mem.core.errors import StorageError
    from mem.customers import log_files

    monkeypatch.setattr(fsio, "free_bytes", lambda folder: 8 * 1024)
    line = f"the disk holding {tmp_path} is full (8 KB free): free some space and run the command again"
    git_says = f"fatal: sha1 file '{tmp_path}/.git/index.lock' write error. Out of diskspace"
    assert fsio.full_disk(tmp_path, git_says) == line

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    target = tmp_path / "trust.json"
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as caught:
        _write_durably(target, b"{}")
    assert caught.value.filename == str(target)
    assert _os_error(caught.value) == f"cannot write {target}: {line}"
    monkeypatch.setattr(log_files.os, "write", full)
    log = tmp_path / "c1.jsonl"
    with pytest.raises(StorageError) as stored:
        log_files.append_lines(log, [])
    assert stored.value.message == f"cannot write the request log {log}: {line}"


def test_git_out_of_disk_space_is_the_one_line(tmp_path, monkeypatch):
    import git

    from mem.core.errors import StorageError
    from mem.wiki import gitrepo

    git.Repo.init(tmp_path)
    monkeypatch.setattr(fsio, "free_bytes", lambda folder: 0)

    def out_of_space(self, command, **kwargs):
        raise git.GitCommandError(command, 128, stderr=f"fatal: sha1 file '{tmp_path}/.git/next-index-4036.lock' "
                                                       "write error. Out of diskspace")

    monkeypatch.setattr(git.Git, "execute", out_of_space)
    with pytest.raises(StorageError) as caught:
        gitrepo._run(tmp_path, "commit", "-m", "x")
    assert caught.value.message == (f"git commit failed: the disk holding {tmp_path} is full (0 KB free): free some "
                                    "space and run the command again")
