"""Hostile JSON on every POST endpoint of `mem serve`: refused with 400 invalid_input, never a 500 and
never a traceback in the server log (the attack: `'[' * 100000` gave 500 and a RecursionError
traceback; an evidence date of "not a date" or "2026-13-45" was stored and listed as a date)."""

from __future__ import annotations

import json
import logging

import httpx
import pytest

from mem.server.accounts import add_account
from mem.server.http import MAX_JSON_DEPTH
from mem.server.storage import open_store

POSTS = ["/v1/evidence", "/v1/share", "/vault/backups", "/vault/backups/b-0000/complete",
         "/vault/backups/b-0000/unlock"]


@pytest.fixture
def site(tmp_path, live_server):
    token = add_account(tmp_path, "alice")
    return tmp_path, live_server(tmp_path), {"Authorization": f"Bearer {token}"}


def _nested(depth: int) -> bytes:
    return json.dumps({"records": [{"x": 1}]})[:-1].encode() + b"," + b'"deep": ' + b"[" * depth + b"]" * depth + b"}"


@pytest.mark.parametrize("path", POSTS)
def test_deeply_nested_bodies_are_400_on_every_post_endpoint(site, path, caplog):
    _, server, auth = site
    caplog.set_level(logging.WARNING)
    for body in (b"[" * 100_000, _nested(MAX_JSON_DEPTH + 5), b"[" * 100_000 + b"]" * 100_000):
        answer = httpx.post(server.url + path, content=body, headers=auth, timeout=30)
        assert answer.status_code == 400, (path, answer.text)
        error = answer.json()["error"]
        assert error["kind"] == "invalid_input" and "deeper than" in error["message"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], caplog.text


def test_evidence_dates_must_be_real_iso_dates(site):
    workspace, server, auth = site

    def post(date) -> httpx.Response:
        record = {"fact_id": "f1", "customer_id": "cust-1", "date": date, "quotes": ["Yes, refund it."]}
        return httpx.post(server.url + "/v1/evidence", json={"records": [record]}, headers=auth)

    for bad in ("not a date", "2026-13-45", "99999-01-01", "", "0001-01-01", " 2026-09-28", 20260928, ["2026"]):
        answer = post(bad)
        assert answer.status_code == 400, (bad, answer.text)
        assert answer.json()["error"]["kind"] == "invalid_input"
        assert "record 0: date must be null or an ISO 8601 date" in answer.json()["error"]["message"]
    assert open_store(workspace).evidence() == []
    for good in ("2026-09-28", "2026-09-28T10:00:00Z", "2026-09-28T10:00:00+02:00", None):
        assert post(good).status_code == 200, good
