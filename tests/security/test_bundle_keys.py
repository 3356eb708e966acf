"""Bundle signing keys: a retired key is destroyed, so nobody can use it to sign a transition that
moves clients still pinned to it onto a key of their choosing."""

from __future__ import annotations

import json
import re

import pytest

from mem.core.errors import Conflict
from mem.server.keys import (
    OUTGOING,
    destroy_retired,
    init_keys,
    key_info,
    keys_dir,
    load_transitions,
    rotate_keys,
)
from mem.wire import signing


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    ws = init_workspace(tmp_path / "ws")
    init_keys(ws)
    return ws


def _private_keys_on_disk(workspace) -> list[str]:
    """Every file under .mem/ holding a PEM private key, and the key ids they hold."""
    found = []
    for path in (workspace / ".mem").rglob("*"):
        if path.is_file() and b"PRIVATE KEY" in path.read_bytes():
            found.append(signing.key_id(signing.load_private_pem(path.read_bytes()).public_key()))
    return found


def test_rotation_leaves_only_the_current_private_key_in_the_workspace(workspace):
    first = key_info(workspace)["key_id"]
    second = rotate_keys(workspace)
    third = rotate_keys(workspace)
    assert second["previous_key"] == "destroyed" and third["previous_key_id"] == second["key_id"]
    assert _private_keys_on_disk(workspace) == [third["key_id"]]
    assert first not in _private_keys_on_disk(workspace) and key_info(workspace)["retired_private_keys"] == 0
    chain = [json.loads(t["record"]) for t in load_transitions(workspace)]
    assert [(r["from"], r["to"]) for r in chain] == [(first, second["key_id"]), (second["key_id"], third["key_id"])]


def test_keys_an_older_mem_kept_under_retired_are_destroyed_at_the_next_rotation(workspace):
    old = signing.generate()
    retired = keys_dir(workspace) / "retired"
    retired.mkdir()
    (retired / "ed25519_old.pem").write_bytes(signing.private_pem(old))
    (keys_dir(workspace) / OUTGOING).write_bytes(signing.private_pem(signing.generate()))  # a crashed rotation
    info = rotate_keys(workspace)
    assert info["destroyed_retired_keys"] == ["ed25519_old.pem"]
    assert not retired.exists() and not (keys_dir(workspace) / OUTGOING).exists()
    assert _private_keys_on_disk(workspace) == [info["key_id"]]
    assert destroy_retired(workspace) == []


def test_the_destroyed_key_file_is_overwritten_before_it_is_unlinked(workspace, monkeypatch):
    """The bytes are zeroed through the file itself, not only dropped from the directory."""
    import mem.server.keys as keys

    seen: list[bytes] = []
    real = keys._destroy

    def watching(path):
        if path.exists():
            real_unlink = type(path).unlink

            def unlink(self, *a, **k):
                seen.append(self.read_bytes())
                return real_unlink(self, *a, **k)
            monkeypatch.setattr(type(path), "unlink", unlink)
            real(path)
            monkeypatch.setattr(type(path), "unlink", real_unlink)
        else:
            real(path)

    monkeypatch.setattr(keys, "_destroy", watching)
    rotate_keys(workspace)
    assert seen and all(re.fullmatch(b"\0+", data) for data in seen)


def test_a_compromised_key_hands_over_to_nobody(workspace):
    rotate_keys(workspace)
    info = rotate_keys(workspace, compromised=True)
    assert info["compromised"] and load_transitions(workspace) == []
    assert _private_keys_on_disk(workspace) == [info["key_id"]]


def test_a_key_hands_over_once_only(workspace):
    from mem.core.fsio import atomic_write_text
    from mem.server.keys import TRANSITIONS, load_signing_key, transition_record

    current = load_signing_key(workspace)
    stray = transition_record(current, signing.generate().public_key())
    atomic_write_text(keys_dir(workspace) / TRANSITIONS, json.dumps({"transitions": [stray]}))
    with pytest.raises(Conflict, match="linear"):
        rotate_keys(workspace)


def test_cli_rotate_compromised(mem, workspace):
    result = mem("--workspace", workspace, "keys", "rotate", "--compromised", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["transitions"] == 0


def test_a_client_refuses_a_chain_where_a_key_hands_over_twice(workspace):
    """What a kept retired key allowed: a second transition from it to a key of the attacker's choosing."""
    from mem.client.trust import follow_transitions
    from mem.core.errors import VerificationError
    from mem.server.keys import load_signing_key, transition_record

    old = load_signing_key(workspace)
    rotate_keys(workspace)
    legitimate = load_transitions(workspace)
    attacker = signing.generate()
    forged = transition_record(old, attacker.public_key())  # signed by the retired key
    pinned = old.public_key()
    assert signing.key_id(follow_transitions(pinned, json.loads(legitimate[0]["record"])["to"], legitimate))
    with pytest.raises(VerificationError, match="hands over twice"):
        follow_transitions(pinned, signing.key_id(attacker.public_key()), [*legitimate, forged])
    with pytest.raises(VerificationError, match="hands over twice"):
        follow_transitions(pinned, signing.key_id(attacker.public_key()), [forged, *legitimate])
