"""Client and wire input: every identifier validator takes its value whole and ASCII only.

``re.match(r"^…$")`` accepts a trailing newline (``$`` matches before it) and ``\\d`` or
``str.isdigit`` accept digits of every script; a customer id ``"cust-1\\n"`` passed validation.
Each validator is tried with a trailing newline and with Unicode look-alikes of a good value.
"""

from __future__ import annotations

import json

import pytest

from mem.core.errors import InvalidInput, VerificationError
from mem.core.ids import validate_customer_id, validate_name
from mem.customers.backup_crypto import check_pin
from mem.server.routes_intake import validate_decisions
from mem.server.vault_blobstore import BlobStore
from mem.wire.manifest import parse_manifest

# Look-alikes: Cyrillic а/е/о, fullwidth letters and digits, Arabic-Indic and Devanagari digits,
# a non-breaking hyphen, a zero-width space.
LOOKALIKES = {
    "cyrillic": str.maketrans({"a": "а", "e": "е", "o": "о", "c": "с"}),
    "fullwidth": {c: chr(c + 0xFEE0) for c in range(ord("!"), ord("~") + 1)},
    "arabic-indic digits": {ord(str(d)): chr(0x0660 + d) for d in range(10)},
    "devanagari digits": {ord(str(d)): chr(0x0966 + d) for d in range(10)},
    "non-breaking hyphen": {ord("-"): "\u2011"},
}


def variants(good: str) -> list[str]:
    """``good`` with a trailing newline and with each look-alike swap that changes it."""
    out = [good + "\n", good + "\r\n", "\n" + good, good + "\u200b"]
    out += [v for v in (good.translate(table) for table in LOOKALIKES.values()) if v != good]
    return out


@pytest.mark.parametrize("bad", variants("cust-1042"))
def test_customer_ids(bad):
    assert validate_customer_id("cust-1042") == "cust-1042"
    with pytest.raises(InvalidInput):
        validate_customer_id(bad)


@pytest.mark.parametrize("bad", variants("acme-support.01"))
def test_names_of_accounts_and_pages(bad):
    assert validate_name("acme-support.01", what="account name")
    with pytest.raises(InvalidInput):
        validate_name(bad, what="account name")


GOOD_ID = "01JABCDEFGHJKMNPQRSTVWXYZ0"


@pytest.mark.parametrize("bad", variants(GOOD_ID))
def test_backup_ids(tmp_path, bad):
    blobs = BlobStore(tmp_path / "blobs", max_bytes=100)
    blobs.put(account="alice", backup_id=GOOD_ID, data=b"x")
    with pytest.raises(InvalidInput):
        blobs.get(account="alice", backup_id=bad)


def _decision(**changes) -> dict:
    record = {"pseudonym": "pseudonym-0001", "fact_ref": "fact-ref-0001", "condition": "damaged on arrival",
              "decision": "full refund", "policy_refs": [], "month": "2026-11"}
    return {"records": [{**record, **changes}]}


@pytest.mark.parametrize("bad", variants("fact-ref-0001"))
def test_shared_decision_refs(bad):
    validate_decisions(_decision())
    with pytest.raises(InvalidInput):
        validate_decisions(_decision(fact_ref=bad))
    with pytest.raises(InvalidInput):
        validate_decisions({"records": [], "withdrawn": [bad]})


@pytest.mark.parametrize("bad", variants("2026-11"))
def test_shared_decision_months(bad):
    with pytest.raises(InvalidInput):
        validate_decisions(_decision(month=bad))


def _manifest(sha: str) -> bytes:
    return json.dumps({"format": "mem-bundle/1", "version": 1, "issued_at": "2026-12-01T00:00:00Z",
                       "expires_at": "2026-12-31T00:00:00Z", "key_id": "ed25519:00",
                       "files": [{"path": "policies/a.md", "sha256": sha, "length": 1}]}).encode()


@pytest.mark.parametrize("bad", variants("0123456789abcdef" * 4))
def test_manifest_file_hashes(bad):
    parse_manifest(_manifest("0123456789abcdef" * 4))
    with pytest.raises(VerificationError):
        parse_manifest(_manifest(bad))


@pytest.mark.parametrize("bad", variants("731946"))
def test_backup_pins(bad):
    assert check_pin("731946") == "731946"
    with pytest.raises(InvalidInput):
        check_pin(bad)


@pytest.mark.parametrize("bad", ["１", "٣", "1\n", "१"])
def test_bundle_versions_in_urls(tmp_path, live_server, bad):
    from mem.server.keys import init_keys
    from mem.wiki.workspace import init_workspace

    workspace = init_workspace(tmp_path / "ws")
    init_keys(workspace)
    server = live_server(workspace)
    from urllib.parse import quote

    import httpx

    answer = httpx.get(f"{server.url}/v1/bundle/{quote(bad)}/manifest.json")
    assert answer.status_code == 404 and answer.json()["error"]["kind"] == "not_found"


def test_page_ids_in_retrieval_are_taken_whole():
    from mem.agent.retrieval import _ID

    assert _ID.fullmatch("refund-policy")
    for bad in variants("refund-policy"):
        assert not _ID.fullmatch(bad)


def test_shared_decisions_are_stored_as_one_line_without_control_characters():
    # an account's share record reaches the operator's terminal (mem promote) and, approved, a
    # know-how page: "\n\n## When" was a heading of its body, ESC sequences drove the terminal
    [record], _ = validate_decisions(_decision(condition="the item arrived broken\x1b[2J\x1b]0;pwned\x07\n\n## When x",
                                               decision="We sent a replacement\x00 for free\u202e"))
    assert record["condition"] == "the item arrived broken ## When x"
    assert record["decision"] == "We sent a replacement for free"


def test_evidence_quotes_lose_control_characters_and_ids_must_be_clean():
    from mem.wire.evidence import validate_evidence

    [record] = validate_evidence([{"fact_id": "f1", "customer_id": "c1", "date": None,
                                   "quotes": ["a\x00b\x1b[31m red\nsecond line"]}])
    assert record["quotes"] == ["ab red\nsecond line"]
    with pytest.raises(InvalidInput, match="control characters"):
        validate_evidence([{"fact_id": "f1\x1b[2J", "customer_id": "c1", "date": None, "quotes": ["a"]}])
    with pytest.raises(InvalidInput, match="quotes"):
        validate_evidence([{"fact_id": "f1", "customer_id": "c1", "date": None, "quotes": ["\x00\x1b[2J"]}])
