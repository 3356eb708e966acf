"""``mem serve`` says when the file vault it serves is a copy of the one last served, or was moved: a copy of the
vault counts PIN attempts and deletions on its own (new-user report 19, section 3)."""

from __future__ import annotations

import json
import os
import shutil
import socket
from pathlib import Path

from mem.core.config import Config
from mem.server.vault_home import FILE, copy_warning, serve_copy_warning


def _vault(tmp_path: Path) -> tuple[Path, Path]:
    workspace = tmp_path / "ws"
    folder = workspace / ".mem" / "keyservice"
    folder.mkdir(parents=True)
    (folder / "keyservice.db").write_bytes(b"data")
    return workspace, folder


def test_a_vault_first_served_here_is_recorded_without_a_word(tmp_path):
    workspace, folder = _vault(tmp_path)
    assert copy_warning(workspace, keyservice_folder=folder) is None
    assert json.loads((folder / FILE).read_text()) == {"host": socket.gethostname(),
                                                       "path": os.path.realpath(workspace),
                                                       "file": os.stat(folder / "keyservice.db").st_ino}
    assert copy_warning(workspace, keyservice_folder=folder) is None  # the same file again


def test_a_copy_of_the_vault_is_named_once(tmp_path):
    workspace, folder = _vault(tmp_path)
    assert copy_warning(workspace, keyservice_folder=folder) is None
    copy = tmp_path / "copy"
    shutil.copytree(workspace, copy)  # what `cp -a` or rsync to another host leaves: the record and a new file
    warning = copy_warning(copy, keyservice_folder=copy / ".mem" / "keyservice")
    assert warning is not None and f"from {os.path.realpath(workspace)}" in warning
    assert "serve one copy only" in warning and "Copies of the vault" in warning
    assert copy_warning(copy, keyservice_folder=copy / ".mem" / "keyservice") is None  # recorded now


def test_a_snapshot_restored_in_place_is_named(tmp_path):
    workspace, folder = _vault(tmp_path)
    assert copy_warning(workspace, keyservice_folder=folder) is None
    snapshot = (folder / "keyservice.db").read_bytes()
    (folder / "keyservice.db").unlink()
    (tmp_path / "other").write_bytes(b"keeps the freed inode from being reused at once")
    (folder / "keyservice.db").write_bytes(snapshot)  # a restore writes a new file at the same path
    if os.stat(folder / "keyservice.db").st_ino == json.loads((folder / FILE).read_text())["file"]:
        return  # the file system gave the restored file the freed inode: nothing to tell apart here
    assert copy_warning(workspace, keyservice_folder=folder) is not None


def test_the_same_file_served_under_another_host_name_is_not_a_copy(tmp_path):
    # a container re-created on the same volume gets a new host name (review 19)
    workspace, folder = _vault(tmp_path)
    assert copy_warning(workspace, keyservice_folder=folder) is None
    record = json.loads((folder / FILE).read_text())
    (folder / FILE).write_text(json.dumps({**record, "host": "old-pod-7f9c"}))
    assert copy_warning(workspace, keyservice_folder=folder) is None


def test_a_record_of_an_older_mem_compares_the_folder(tmp_path):
    workspace, folder = _vault(tmp_path)
    (folder / FILE).write_text(json.dumps({"host": "old-host", "path": "/srv/mem"}))
    warning = copy_warning(workspace, keyservice_folder=folder)
    assert warning is not None and "last served by old-host from /srv/mem" in warning


def test_no_vault_yet_writes_nothing(tmp_path):
    folder = tmp_path / "ws" / ".mem" / "keyservice"
    folder.mkdir(parents=True)
    assert copy_warning(tmp_path / "ws", keyservice_folder=folder) is None
    assert not (folder / FILE).exists()


def test_a_key_service_in_postgresql_is_one_counter_for_every_host(tmp_path, isolated_env):
    workspace, folder = _vault(tmp_path)
    (folder / FILE).write_text(json.dumps({"host": "old-host", "path": "/srv/mem"}))
    config = Config.load(home=isolated_env, env={"MEM_KEYSERVICE_DATABASE_URL": "postgresql://keys@keys1/keys"})
    assert serve_copy_warning(workspace, config=config) is None
    assert "old-host" in serve_copy_warning(workspace, config=Config.load(home=isolated_env, env={}))
