"""The server skeleton: health, accounts and tokens, JSON errors, size limit, access log, the client."""

from __future__ import annotations

import json
import logging
import stat

import pytest

from mem.client.connection import ServerClient
from mem.core.config import Config
from mem.core.errors import NetworkError, NotFound, Refused, StorageError
from mem.server.accounts import add_account, hash_token
from mem.server.storage import open_store


def _app_client(workspace, **server):
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from mem.server import app as app_module

    config = Config.load(workspace=workspace)
    if server:
        config = config.overlay({"server": server})
    app = app_module.create_app(workspace, config=config)

    async def whoami(request):
        from starlette.responses import JSONResponse

        from mem.server.http import account_of, read_json

        account = account_of(request)
        body = await read_json(request) if request.method == "POST" else None
        return JSONResponse({"account": account, "body": body})

    async def missing(request):
        raise NotFound("no such thing")

    async def crash(request):
        raise RuntimeError("secret detail")

    async def disk_full(request):
        raise StorageError(f"server storage {workspace}/.mem/server.db: disk I/O error")

    app.router.routes.extend([Route("/t/whoami", whoami, methods=["GET", "POST"]),
                              Route("/t/missing", missing), Route("/t/crash", crash),
                              Route("/t/disk-full", disk_full)])
    return TestClient(app, raise_server_exceptions=False)


def test_health_needs_no_account(tmp_path):
    response = _app_client(tmp_path).get("/health")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response.json()["bundle_version"] is None


def test_token_is_stored_only_as_hash(tmp_path):
    token = add_account(tmp_path, "shop-a")
    db = b"".join(p.read_bytes() for p in (tmp_path / ".mem").glob("server.db*"))
    assert token.encode() not in db
    assert hash_token(token).encode() in db
    assert open_store(tmp_path).account_for_token_hash(hash_token(token)) == "shop-a"
    for path in (tmp_path / ".mem").glob("server.db*"):  # evidence quotes live here too: owner-only
        assert path.stat().st_mode & 0o077 == 0, path


def test_bearer_authentication(tmp_path):
    token = add_account(tmp_path, "shop-a")
    client = _app_client(tmp_path)
    assert client.get("/t/whoami").status_code == 401
    assert client.get("/t/whoami").json()["error"]["kind"] == "unauthorized"
    assert client.get("/t/whoami", headers={"Authorization": "Bearer wrong"}).status_code == 401
    ok = client.get("/t/whoami", headers={"Authorization": f"Bearer {token}"})
    assert ok.status_code == 200 and ok.json()["account"] == "shop-a"


def test_errors_are_json_without_internals(tmp_path):
    client = _app_client(tmp_path)
    missing = client.get("/t/missing")
    assert missing.status_code == 404
    assert missing.json() == {"error": {"kind": "not_found", "message": "no such thing"}}
    crash = client.get("/t/crash")
    assert crash.status_code == 500
    assert "secret detail" not in crash.text and crash.json()["error"]["kind"] == "internal"
    assert client.get("/no/route").json()["error"]["kind"] == "http"


def test_a_server_side_failure_names_no_server_path_but_a_request_id_the_log_has(tmp_path, caplog):
    """A full disk answered every client, unauthenticated ones too, "server storage /srv/…/server.db: disk I/O
    error"; the client now gets a generic line and a request id, the server's log the message under that id."""
    client = _app_client(tmp_path)
    with caplog.at_level(logging.ERROR, logger="mem.server.error"):
        answer = client.get("/t/disk-full")
        crash = client.get("/t/crash")
    assert answer.status_code == 500 and answer.json()["error"]["kind"] == "storage"  # the client raises StorageError
    request_id = answer.json()["error"]["request_id"]
    assert answer.headers["x-request-id"] == request_id
    assert answer.json()["error"]["message"] == (f"server storage failed (request id {request_id}); the server's "
                                                 "operator finds the cause in its log")
    assert str(tmp_path) not in answer.text and "server.db" not in answer.text
    logged = [json.loads(r.getMessage()) for r in caplog.records if r.name == "mem.server.error"]
    assert logged[0]["request_id"] == request_id and logged[0]["path"] == "/t/disk-full"
    assert logged[0]["error"] == f"server storage {tmp_path}/.mem/server.db: disk I/O error"
    assert logged[1]["request_id"] == crash.json()["error"]["request_id"] and "secret detail" in logged[1]["error"]


def test_ready_names_no_server_path_either(tmp_path, monkeypatch, caplog):
    from starlette.testclient import TestClient

    from mem.server.app import create_app

    app = create_app(tmp_path, config=Config.load(workspace=tmp_path))

    def broken() -> None:
        raise StorageError(f"server storage {tmp_path}/.mem/server.db: disk I/O error")

    monkeypatch.setattr(app.state.server.store, "ready", broken)
    with caplog.at_level(logging.ERROR, logger="mem.server.error"):
        answer = TestClient(app).get("/ready")
    assert answer.status_code == 503 and str(tmp_path) not in answer.text
    assert answer.json()["problems"][0].startswith("server store: not answering (request id ")
    assert "disk I/O error" in caplog.text


def test_request_size_limit(tmp_path):
    token = add_account(tmp_path, "shop-a")
    client = _app_client(tmp_path, max_request_bytes=100)
    headers = {"Authorization": f"Bearer {token}"}
    assert client.post("/t/whoami", json={"a": "x" * 10}, headers=headers).status_code == 200
    big = client.post("/t/whoami", json={"a": "x" * 500}, headers=headers)
    assert big.status_code == 413
    assert big.json()["error"]["kind"] == "too_large"


def test_request_size_limit_without_content_length(tmp_path, live_server):
    # A chunked body declares no length: the limit is counted while it streams in, on a real server.
    import httpx

    token = add_account(tmp_path, "shop-a")
    config = Config.load(workspace=tmp_path).overlay({"server": {"max_request_bytes": 1000}})
    server = live_server(tmp_path, config=config)

    def chunks():
        for _ in range(50):
            yield b"x" * 100

    answer = httpx.post(f"{server.url}/v1/evidence", content=chunks(), timeout=10,
                        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    assert answer.status_code == 413 and answer.json()["error"]["kind"] == "too_large"
    assert open_store(tmp_path).evidence() == []


def test_access_log_is_json_lines_without_bodies(tmp_path, caplog):
    token = add_account(tmp_path, "shop-a")
    client = _app_client(tmp_path)
    with caplog.at_level(logging.INFO, logger="mem.server.access"):
        client.post("/t/whoami?x=secret-query", json={"secret": "body-text"},
                    headers={"Authorization": f"Bearer {token}"})
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "mem.server.access"]
    assert lines[-1]["path"] == "/t/whoami" and lines[-1]["status"] == 200 and lines[-1]["account"] == "shop-a"
    assert "body-text" not in caplog.text and "secret-query" not in caplog.text and token not in caplog.text


def test_client_against_live_server(tmp_path, live_server):
    token = add_account(tmp_path, "shop-a")
    server = live_server(tmp_path)
    with ServerClient(server.url, token=token) as client:
        assert client.get_json("/health")["status"] == "ok"
        with pytest.raises(NotFound):
            client.get_json("/nothing-here")
    with ServerClient(server.url, token="bad") as client, pytest.raises(Refused):
        client.post_json("/v1/evidence", {"records": []})


def test_client_offline_is_network_error():
    with ServerClient("http://127.0.0.1:9", timeout=2) as client, pytest.raises(NetworkError):
        client.get_json("/health")


def test_cli_accounts_and_login(mem, tmp_path, isolated_env):
    (tmp_path / "mem.toml").write_text("")
    added = mem("--workspace", tmp_path, "accounts", "add", "shop-a", "--json")
    assert added.exit_code == 0, added.stderr
    token = json.loads(added.stdout)["token"]
    assert mem("--workspace", tmp_path, "accounts", "add", "shop-a").exit_code == 1
    listed = json.loads(mem("--workspace", tmp_path, "accounts", "list", "--json").stdout)
    assert [a["name"] for a in listed] == ["shop-a"]
    result = mem("login", "--server", "http://127.0.0.1:8765", "--token", token)
    assert result.exit_code == 0, result.stderr
    path = isolated_env / "server.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text())["token"] == token
    assert mem("login", "--server", "ftp://x").exit_code == 2


def test_rotated_and_revoked_tokens_are_refused_at_once(tmp_path):
    """A leaked token ends with `mem accounts rotate` (new token, same account) or `revoke` (none)."""
    from mem.core.errors import NotFound as Missing
    from mem.server.accounts import list_accounts, revoke_account, rotate_token

    old = add_account(tmp_path, "shop-a")
    client = _app_client(tmp_path)  # one running app: nothing may cache the old token
    auth = lambda token: {"Authorization": f"Bearer {token}"}  # noqa: E731
    assert client.get("/t/whoami", headers=auth(old)).json()["account"] == "shop-a"
    new = rotate_token(tmp_path, "shop-a")
    refused = client.get("/t/whoami", headers=auth(old))
    assert refused.status_code == 401
    assert "revoked" in refused.json()["error"]["message"]
    assert client.get("/t/whoami", headers=auth(new)).json()["account"] == "shop-a"
    row = revoke_account(tmp_path, "shop-a")
    assert row["status"] == "revoked" and row["revoked_at"]
    assert client.get("/t/whoami", headers=auth(new)).status_code == 401
    assert [(a["name"], a["status"]) for a in list_accounts(tmp_path)] == [("shop-a", "revoked")]
    revived = rotate_token(tmp_path, "shop-a")  # a revoked account gets a token again, keeping its data
    assert client.get("/t/whoami", headers=auth(revived)).json()["account"] == "shop-a"
    assert list_accounts(tmp_path)[0]["status"] == "active"
    with pytest.raises(Missing):
        rotate_token(tmp_path, "nobody")
    with pytest.raises(Missing):
        revoke_account(tmp_path, "nobody")


def test_cli_accounts_rotate_and_revoke(mem, tmp_path, isolated_env):
    (tmp_path / "mem.toml").write_text("")
    old = json.loads(mem("--workspace", tmp_path, "accounts", "add", "shop-a", "--json").stdout)["token"]
    rotated = mem("--workspace", tmp_path, "accounts", "rotate", "shop-a", "--json")
    assert rotated.exit_code == 0, rotated.stderr
    new = json.loads(rotated.stdout)["token"]
    assert new != old and new.startswith("mem_")
    store = open_store(tmp_path)
    assert store.account_for_token_hash(hash_token(old)) is None
    assert store.account_for_token_hash(hash_token(new)) == "shop-a"
    revoked = mem("--workspace", tmp_path, "accounts", "revoke", "shop-a")
    assert revoked.exit_code == 0, revoked.stderr
    assert "revoked" in revoked.stdout
    assert store.account_for_token_hash(hash_token(new)) is None
    listed = json.loads(mem("--workspace", tmp_path, "accounts", "list", "--json").stdout)
    assert listed[0]["status"] == "revoked"
    missing = mem("--workspace", tmp_path, "accounts", "revoke", "nobody")
    assert missing.exit_code == 2 and "no account 'nobody'" in missing.stderr
