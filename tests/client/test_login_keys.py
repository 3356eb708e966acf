"""``mem login`` keeps the backup slot keys of the tokens it replaces, never the tokens themselves."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mem.cli.app import app
from mem.client.login import PREVIOUS_KEYS, load_login, login_path, save_login, slot_key_of
from mem.core.errors import InvalidInput

URL = "http://127.0.0.1:8765"


def test_a_new_token_for_the_same_server_keeps_the_old_tokens_slot_key(tmp_path):
    save_login(tmp_path, url=URL, token="old-token")
    save_login(tmp_path, url=URL, token="new-token")
    login = load_login(tmp_path)
    assert login.token == "new-token"
    assert login.previous_slot_keys == (slot_key_of("old-token").hex(),)
    assert "old-token" not in login_path(tmp_path).read_text()
    save_login(tmp_path, url=URL, token="new-token")  # logging in again with the same token adds nothing
    assert load_login(tmp_path).previous_slot_keys == (slot_key_of("old-token").hex(),)
    save_login(tmp_path, url=URL, token="third")  # newest first
    assert load_login(tmp_path).previous_slot_keys == (slot_key_of("new-token").hex(), slot_key_of("old-token").hex())


def test_another_server_starts_without_earlier_keys_and_the_list_is_capped(tmp_path):
    for n in range(PREVIOUS_KEYS + 3):
        save_login(tmp_path, url=URL, token=f"token-{n}")
    assert len(load_login(tmp_path).previous_slot_keys) == PREVIOUS_KEYS
    save_login(tmp_path, url="https://other.example", token="x")
    assert load_login(tmp_path).previous_slot_keys == ()


def test_a_previous_token_given_on_a_new_device_is_kept_as_its_key(tmp_path):
    save_login(tmp_path, url=URL, token="new-token", previous_tokens=("old-token", "new-token"))
    assert load_login(tmp_path).previous_slot_keys == (slot_key_of("old-token").hex(),)
    with pytest.raises(InvalidInput):
        save_login(tmp_path, url=URL, token="new-token", previous_tokens=("bad token",))


def test_a_hand_edited_key_list_is_a_one_line_error(tmp_path):
    save_login(tmp_path, url=URL, token="t")
    path = login_path(tmp_path)
    path.write_text(json.dumps({"url": URL, "token": "t", "previous_slot_keys": ["nothex"]}))
    with pytest.raises(InvalidInput, match="previous_slot_keys"):
        load_login(tmp_path)


def test_mem_login_previous_token_reports_the_kept_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("MEM_HOME", str(tmp_path))
    result = CliRunner().invoke(app, ["login", "--server", URL, "--token", "new", "--previous-token", "old",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["earlier_tokens"] == 1
    assert "old" not in login_path(tmp_path).read_text().replace("token", "")
