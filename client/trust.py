"""The client's trust in a bundle signing key: pinned at login, on first use, or through rotation.

``<home>/bundle/trust.json`` holds the one key the client trusts now. A manifest signed by another
key is accepted only if the bundle's transition chain leads from the trusted key to it, each link
signed by the key before it (``follow_transitions``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from mem.client.login import load_login, save_login
from mem.core import clock
from mem.core.errors import InvalidInput, VerificationError
from mem.core.fsio import PathArg, atomic_write_text
from mem.wire import signing

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

TRUST_FILE = "trust.json"


class Trust(TypedDict):
    """``trust.json``: the signing key this client trusts, how it came to (``pinned``, ``first-use``,
    ``rotation``) and since when."""

    key_id: str
    public_key: str  # PEM
    source: str
    since: str


class LoginSummary(TypedDict, total=False):
    """What ``mem login`` reports (the token itself is never echoed)."""

    server: str
    token: str  # "stored" or "none"
    file: str
    bundles: str
    trusted_key: str
    # how bundles will be checked: "pinned", "first-use" (nothing pinned yet) or the key already trusted
    key_trust: str
    earlier_tokens: int  # backup slot keys kept from tokens the account had before a rotation


def bundle_home(home: Path) -> Path:
    return Path(home) / "bundle"


def load_trust(home: Path) -> Trust | None:
    try:
        trust: Trust = json.loads((bundle_home(home) / TRUST_FILE).read_text())  # written by save_trust
        return trust
    except FileNotFoundError:
        return None
    except (OSError, json.JSONDecodeError) as exc:
        raise InvalidInput(f"{bundle_home(home) / TRUST_FILE} is unreadable: {exc}") from exc


def save_trust(home: Path, public_pem: bytes, *, source: str) -> Trust:
    key = signing.load_public_pem(public_pem)
    data: Trust = {"key_id": signing.key_id(key), "public_key": public_pem.decode("ascii"), "source": source,
            "since": clock.isoformat(clock.now())}
    atomic_write_text(bundle_home(home) / TRUST_FILE, json.dumps(data, indent=2) + "\n")
    return data


def trusted_key(trust: Trust) -> Ed25519PublicKey:
    return signing.load_public_pem(trust["public_key"].encode("ascii"), origin="trusted key")


def login_client(home: PathArg, *, url: str, token: str | None, trust_key: PathArg | None = None,
                 bundles: str | None = None, previous_tokens: tuple[str, ...] = ()) -> LoginSummary:
    """``mem login``: store server, token and (``bundles``) a static bundle base URL; pin ``trust_key``
    (a PEM file) when given."""
    home, pem = Path(home), None
    if trust_key is not None:  # read and checked first: a bad key file leaves the login as it was
        try:
            pem = Path(trust_key).read_bytes()
        except OSError as exc:
            raise InvalidInput(f"cannot read {trust_key}: {exc.strerror}") from exc
        signing.load_public_pem(pem, origin=str(trust_key))
    path = save_login(home, url=url, token=token, bundles=bundles, previous_tokens=previous_tokens)
    result: LoginSummary = {"server": url.strip().rstrip("/"), "token": "stored" if token else "none",
                              "file": str(path)}
    saved = load_login(home)
    if saved is not None and saved.previous_slot_keys:
        result["earlier_tokens"] = len(saved.previous_slot_keys)
    if bundles:
        result["bundles"] = bundles.strip().rstrip("/")
    if pem is not None:
        result["trusted_key"] = save_trust(home, pem, source="pinned")["key_id"]
        result["key_trust"] = "pinned"
    else:
        result["key_trust"] = key_trust_note(load_trust(home))
    return result


FIRST_USE_NOTE = ("first-use: no signing key is pinned, so the first `mem sync` trusts whatever key the server "
                  "presents; pin the operator's key with `mem login --server URL --trust-key signing.pub.pem` "
                  "(the operator's <workspace>/.mem/keys/signing.pub.pem)")


def key_trust_note(trust: Trust | None) -> str:
    """What a login without ``--trust-key`` leaves the client trusting, in one line (NEWUSER_REPORT17 #13)."""
    if trust is None:
        return FIRST_USE_NOTE
    return (f"unchanged: this client keeps trusting {trust['key_id']} ({trust.get('source', 'pinned')}); "
            "a server signing with another key is refused until you pass --trust-key")


def follow_transitions(trusted: Ed25519PublicKey, target_id: str,
                       transitions: list[dict[str, str]]) -> Ed25519PublicKey:
    """The public key named ``target_id``, reached from ``trusted`` through signed transitions.

    Raises ``VerificationError`` with "bad rotation" when a transition that claims to start at a
    trusted key is not signed by it, or when one key hands over twice (the chain the server builds
    is linear: only the current key signs a transition, once, and is destroyed; a second transition
    from a key means its retired private half was used), and "wrong key" when no chain leads to
    ``target_id``.
    """
    handed_over: dict[str, str] = {}
    for entry in transitions:
        try:
            record = json.loads(entry["record"])
            source, target = str(record["from"]), str(record["to"])
        except (KeyError, TypeError, json.JSONDecodeError):
            continue
        if handed_over.setdefault(source, target) != target:
            raise VerificationError(f"bad rotation: {source} hands over twice (to {handed_over[source]} and to "
                                    f"{target}); a retired key was used")
    current = trusted
    seen = set()
    while signing.key_id(current) != target_id:
        current_id = signing.key_id(current)
        if current_id in seen:
            break
        seen.add(current_id)
        step = None
        for entry in transitions:
            try:
                record = json.loads(entry["record"])
            except (KeyError, TypeError, json.JSONDecodeError):
                continue
            if record.get("from") != current_id:
                continue
            try:
                signature = signing.unb64(entry.get("signature", ""))
            except InvalidInput:
                signature = b""
            if not signing.verify(current, entry["record"].encode("utf-8"), signature):
                raise VerificationError(
                    f"bad rotation: the transition {current_id} → {record.get('to')} is not signed by {current_id}"
                )
            new_key = signing.load_public_pem(str(record.get("public_key", "")).encode("ascii"),
                                              origin="transition key")
            if signing.key_id(new_key) != record.get("to"):
                raise VerificationError(
                    f"bad rotation: the transition names {record.get('to')} but carries another key")
            step = new_key
            break
        if step is None:
            break
        current = step
    if signing.key_id(current) != target_id:
        raise VerificationError(
            f"wrong key: the manifest is signed by {target_id}, but this client trusts {signing.key_id(trusted)} "
            "and no signed key transition leads there"
        )
    return current
