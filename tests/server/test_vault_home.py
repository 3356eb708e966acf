"""``mem serve`` says when the file vault it serves was last served by another host or from another path: a
copy of the vault counts PIN attempts and deletions on its own (new-user report 19 section 3)."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

from mem.core.config import Config
from mem.server.vault_home import FILE, copy_warning, serve_copy_warning


def _vault(tmp_path: Path) -> tuple[Path, Path]:
    workspace = tmp_path / "ws"
    folder = workspace / ".mem" / "keyservice"
    folder.mkdir(parents=True)
    (folder / "keyservice.db").write_bytes(b"")
    return workspace, folder


def test_a_vault_first_served_here_is_recorded_without_a_word(tmp_path):
    workspace, folder = _vault(tmp_path)
    assert copy_warning(workspace, keyservice_folder=folder) is None
    assert json.loads((folder / FILE).read_text()) == {"host": socket.gethostname(),
                                                       "path": os.path.realpath(workspace)}
    assert copy_warning(workspace, keyservice_folder=folder) is None  # the same host and path again


def test_a_vault_last_served_by_another_host_is_named_once(tmp_path):
    workspace, folder = _vault(tmp_path)
    (folder / FILE).write_text(json.dumps({"host": "old-host", "path": "/srv/mem"}))
    warning = copy_warning(workspace, keyservice_folder=folder)
    assert warning is not None and "last served by old-host from /srv/mem" in warning
    assert "serve one copy only" in warning and "Copies of the vault" in warning
    assert copy_warning(workspace, keyservice_folder=folder) is None  # this host serves it now


def test_a_copy_in_another_folder_of_the_same_host_is_named(tmp_path):
    workspace, folder = _vault(tmp_path)
    assert copy_warning(workspace, keyservice_folder=folder) is None
    copy = tmp_path / "copy"
    os.rename(workspace, copy)  # what `cp -a ws copy` leaves behind, as far as the record goes
    warning = copy_warning(copy, keyservice_folder=copy / ".mem" / "keyservice")
    assert warning is not None and os.path.realpath(workspace) in warning


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
