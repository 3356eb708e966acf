"""A service workspace copied with `git clone` leaves .mem/ behind: mem says what to copy (NEWUSER_REPORT17 #8).

On the clone, `mem bundle build` said "no signing key: run `mem keys init`"; following it made a new key and bundle
version 1, which every client refused (`wrong key`, then `rollback: … version 1, but this client already verified
version 26` after a re-pin), and the accounts and backups stayed on the old host."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from mem.core.config import Config
from mem.core.errors import NotFound, Refused
from mem.server.bundle import build_bundle
from mem.server.keys import init_keys, keys_dir
from mem.server.moved import git_remote, moved_without_state, serve_warning
from mem.server.published import latest_version


def _clone(workspace, target):
    subprocess.run(["git", "clone", "-q", str(workspace), str(target)], check=True)
    return target


def test_a_clone_without_mem_state_is_told_what_to_copy_not_to_make_a_key(workspace, tmp_path, mem):
    build_bundle(workspace, config=Config.load(workspace=workspace))
    clone = _clone(workspace, tmp_path / "clone")
    assert not (clone / ".mem").exists()  # git carries the wiki, not the service state
    assert git_remote(clone) == ("origin", str(workspace))
    with pytest.raises(NotFound) as built:
        build_bundle(clone, config=Config.load(workspace=clone))
    message = built.value.message
    assert "git clone" in message and "copy its .mem/" in message and "Moving the service" in message
    assert "mem keys init --new-service" in message
    assert "no accounts, backups or bundles" in serve_warning(clone) and serve_warning(workspace) is None
    # the hint no longer leads into a new key: `mem keys init` refuses on such a clone, one line, nothing made
    refused = mem("--workspace", clone, "keys", "init")
    assert refused.exit_code == 1 and refused.stderr.count("\n") == 1 and "copy its .mem/" in refused.stderr
    assert not (keys_dir(clone) / "signing.pem").exists()
    # copying .mem/ is the way: same key, and the numbering goes on from the old host's
    shutil.copytree(workspace / ".mem", clone / ".mem")
    assert moved_without_state(clone) is None
    assert build_bundle(clone, config=Config.load(workspace=clone))["version"] == 2
    assert (keys_dir(clone) / "signing.pub.pem").read_bytes() == (keys_dir(workspace) / "signing.pub.pem").read_bytes()


def test_a_clone_that_starts_a_new_service_says_so(workspace, tmp_path, mem):
    clone = _clone(workspace, tmp_path / "clone")
    made = mem("--workspace", clone, "keys", "init", "--new-service", "--json")
    assert made.exit_code == 0, made.stderr
    assert json.loads(made.stdout)["key_id"].startswith("ed25519:")
    assert build_bundle(clone, config=Config.load(workspace=clone))["version"] == 1


def test_a_new_service_without_a_remote_is_not_a_clone(tmp_path):
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    assert moved_without_state(ws) is None
    with pytest.raises(NotFound, match=r"no signing key in .*: run `mem keys init`$"):
        build_bundle(ws, config=Config.load(workspace=ws))
    init_keys(ws)
    assert build_bundle(ws, config=Config.load(workspace=ws))["version"] == 1


def test_a_lost_key_beside_built_bundles_is_named_as_such(workspace):
    build_bundle(workspace, config=Config.load(workspace=workspace))
    (keys_dir(workspace) / "signing.pem").unlink()
    with pytest.raises(NotFound, match="bundles up to v1 were built here: the key was lost"):
        build_bundle(workspace, config=Config.load(workspace=workspace))
    assert latest_version(workspace) == 1


def test_init_keys_refuses_a_clone_in_python_too(workspace, tmp_path):
    clone = _clone(workspace, tmp_path / "clone")
    with pytest.raises(Refused, match="no key made: this workspace is a git clone"):
        init_keys(clone)
    assert init_keys(clone, new_service=True)["transitions"] == 0


def test_a_new_service_with_a_remote_added_before_its_first_key_is_not_a_clone(tmp_path, mem):
    # review 17 #7: `mem init` → `git remote add origin …` → `mem keys init` was refused as "a git clone",
    # and `mem serve` warned — the remote alone was taken for a clone; `mem init` now leaves .mem/made-here
    made = mem("init", str(tmp_path / "ws"))
    assert made.exit_code == 0, made.stderr
    ws = tmp_path / "ws"
    subprocess.run(["git", "-C", str(ws), "remote", "add", "origin", "git@example.com:acme/wiki.git"], check=True)
    assert git_remote(ws) == ("origin", "git@example.com:acme/wiki.git")
    assert moved_without_state(ws) is None and serve_warning(ws) is None
    keys = mem("--workspace", ws, "keys", "init", "--json")
    assert keys.exit_code == 0, keys.stderr
    assert build_bundle(ws, config=Config.load(workspace=ws))["version"] == 1
    # the marker is service state, never history: a clone of this workspace is still refused
    status = subprocess.run(["git", "-C", str(ws), "status", "--porcelain", "--ignored"], capture_output=True,
                            text=True, check=True).stdout
    assert ".mem/" in status and "made-here" not in subprocess.run(
        ["git", "-C", str(ws), "ls-files"], capture_output=True, text=True, check=True).stdout
    clone = _clone(ws, tmp_path / "clone")
    assert not (clone / ".mem").exists() and moved_without_state(clone) is not None
    refused = mem("--workspace", clone, "keys", "init")
    assert refused.exit_code == 1 and "this workspace is a git clone" in refused.stderr
