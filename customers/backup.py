"""Device-migration backup of one customer's memory under a 6-digit PIN (docs/design.md), client side.

``create_backup`` exports the customer's memory (context, facts, history, consent; request logs
only when asked; ``mem.customers.portable`` compresses it), encrypts it
(``mem.customers.backup_crypto``) and uploads the ciphertext. ``restore_backup`` proves the PIN
to the key service, receives the per-backup secret, downloads and decrypts the ciphertext,
replaces the customer's store atomically (``mem.customers.portable``), flags facts made under
older policy versions for recheck, then deletes the backup on the server.

The server is reached through a ``VaultTransport`` — ``mem.client.vault_client.VaultClient`` over
HTTP — so this module needs nothing of ``server``.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from mem.core.errors import Conflict, InvalidInput, NetworkError, NotFound, Refused, VerificationError
from mem.core.ids import validate_customer_id
from mem.core.json_types import JsonObject
from mem.customers import backup_crypto as bc
from mem.customers.erase_ledger import backup_entry, forget_backup, record_backup

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

ProgressCallback = Callable[[int, int, str], None]


class VaultTransport(Protocol):
    """The server calls a backup needs, for the logged-in account. Answers are JSON objects as they
    came off the network: ``create_backup`` and ``restore_backup`` read each field they use with a
    conversion (``str(…)``, ``int(…)``), so a malformed answer fails here, not in the store."""

    def create(self, *, slot: str, authenticator: str, kdf: JsonObject,
               replace: bool = False) -> JsonObject: ...
    def upload(self, backup_id: str, data: bytes) -> JsonObject: ...
    def find(self, *, slot: str) -> list[JsonObject]: ...
    def unlock(self, backup_id: str, *, authenticator: str) -> JsonObject: ...
    def download(self, backup_id: str) -> bytes: ...
    def delete(self, backup_id: str) -> None: ...
    def slot_key(self) -> bytes: ...
    def previous_slot_keys(self) -> list[bytes]: ...


@dataclass(frozen=True)
class BackupReceipt:
    backup_id: str
    customer: str
    created_at: str
    expires_at: str
    max_attempts: int
    include_logs: bool
    kdf_profile: str
    plaintext_bytes: int
    ciphertext_bytes: int
    replaced: list[str]

    def to_dict(self) -> JsonObject:
        return asdict(self)


@dataclass(frozen=True)
class RestoreReport:
    backup_id: str
    customer: str
    created_at: str
    include_logs: bool
    plaintext_bytes: int
    recheck_flagged: list[str]
    deleted_on_server: bool
    # False when this device has no verified bundle yet: the first ``mem sync`` does the recheck
    # (``mem.customers.policy_change.flag_policy_changes`` treats every page as newer than none).
    policy_checked: bool = False
    # facts this device erased after the backup was made, erased again in the restored memory
    # (``mem.customers.erase_ledger``): a restore never brings an erased fact back
    erasures_reapplied: int = 0
    # the server answered the final delete "no such backup": it was gone already — another device of the
    # account restored it first (and deleted it), or it expired meanwhile. ``deleted_on_server`` is then
    # True as well: the backup is not on the server any more.
    already_deleted: bool = False

    def to_dict(self) -> JsonObject:
        return asdict(self)


def backup_notices(*, retention_days: int, max_attempts: int) -> list[str]:
    """What the customer must read before a backup is made (docs/design.md, "Backup to a new device")."""
    return [
        "The backup holds your memory as it is now; conversations after the backup are not in it.",
        "Nobody can recover a forgotten PIN, not even the service: without the PIN the backup is lost.",
        f"After {max_attempts} wrong PINs the backup is destroyed for good.",
        f"The backup expires and is deleted after {retention_days} days, and right after a successful restore.",
        "Without a backup, a new device starts with an empty memory of you "
        "(the service's own knowledge is downloaded again, so the assistant is not blank).",
        "This PIN is unrelated to your app password; changing one does not change the other.",
    ]


def backup_slot(customer_id: str, key: bytes) -> str:
    """The server's name for a customer's backup: an HMAC of the customer id under the account's
    slot key (``VaultTransport.slot_key``, derived from the API token the server keeps only a hash
    of), so the server cannot turn slot names back into customer ids by hashing guessed ids."""
    return hmac.new(key, b"mem-backup-slot\0" + customer_id.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def legacy_backup_slot(customer_id: str) -> str:
    """The unkeyed slot mem used before: only looked up on restore, so a backup made by an older
    mem stays restorable until it expires (``backup.retention_days``); never used for a new one."""
    return hashlib.sha256(b"mem-backup-slot\0" + customer_id.encode("utf-8")).hexdigest()[:32]


def create_backup(
    home: Path,
    customer_id: str,
    pin: str,
    *,
    vault: VaultTransport,
    include_logs: bool = False,
    replace: bool = False,
    kdf: bc.KdfParams = bc.STANDARD,
    on_progress: ProgressCallback | None = None,
) -> BackupReceipt:
    """Encrypt and upload one customer's memory under ``pin``.

    Weak PINs are refused before anything happens. ``replace`` deletes this customer's existing
    backup on the server (its secret is destroyed, so its attempt counter cannot be reused) only
    after the new one is uploaded and confirmed complete: a crash in between leaves the old one
    (or both: a restore takes the newest), never none. Without it an existing backup is a
    ``Conflict``. ``kdf`` lowers the Argon2id cost only when passed explicitly (tests, benchmarks),
    and the header records which cost was used.
    """
    report = on_progress or _quiet
    validate_customer_id(customer_id)
    bc.check_pin(pin)
    slot = backup_slot(customer_id, vault.slot_key())
    # a backup made under a token the account had before (`mem accounts rotate`) is this customer's too
    earlier = [str(r["backup_id"]) for s in _previous_slots(vault, customer_id) for r in vault.find(slot=s)]
    if earlier and not replace:
        raise Conflict(f"customer {customer_id} already has a backup on the server (made before the account's "
                       "token was rotated); pass --replace to replace it")
    report(0, 5, "exporting memory")
    plaintext = export_customer(home, customer_id, include_logs=include_logs)  # gzip-compressed JSON
    report(1, 5, "stretching the PIN (Argon2id)")
    salt = bc.random_bytes(bc.SALT_BYTES)
    key = bc.pin_key(pin, salt=salt, kdf=kdf)
    old = [str(r["backup_id"]) for r in vault.find(slot=slot)] if replace else []
    old += earlier  # replaced with the current slot's, once the new one is confirmed
    report(2, 5, "registering with the key service")
    created = vault.create(slot=slot, authenticator=_b64(bc.authenticator(key)),
                           kdf={**kdf.to_dict(), "salt": _b64(salt)}, replace=replace)
    backup_id, account = str(created["backup_id"]), str(created["account"])
    try:
        report(3, 5, "encrypting")
        header = bc.Header(account=account, backup_id=backup_id, slot=slot, kdf=kdf, salt=salt,
                           nonce=bc.random_bytes(bc.NONCE_BYTES), created_at=str(created["created_at"]),
                           include_logs=include_logs)
        blob = bc.seal(plaintext, header=header,
                       key=bc.data_key(key, _unb64(created.get("secret")), salt=salt, backup_id=backup_id))
        report(4, 5, "uploading")
        stored = vault.upload(backup_id, blob)
    except BaseException:
        _forget(vault, backup_id)  # an unfinished backup must not linger until it expires
        raise
    if stored.get("state") != "ready" or str(stored.get("backup_id")) != backup_id:
        raise NetworkError("the server did not confirm the backup as complete; the previous one was kept")
    for old_id in old:  # only now: the new backup exists and can be restored
        with contextlib.suppress(NotFound):
            vault.delete(old_id)
    # one backup per customer on the server: this one, the ones it replaced are gone — one record, outside the
    # customer's folder, for ``mem facts erase``'s warning and ``mem export``'s list (``erase_ledger``)
    record_backup(home, customer_id, backup_id, str(created["created_at"]),
                  expires_at=str(stored.get("expires_at") or created["expires_at"]), include_logs=include_logs)
    report(5, 5, "done")
    return BackupReceipt(
        backup_id=backup_id, customer=customer_id, created_at=str(created["created_at"]),
        expires_at=str(stored.get("expires_at") or created["expires_at"]),
        max_attempts=int(created["max_attempts"]),
        include_logs=include_logs, kdf_profile=kdf.profile, plaintext_bytes=len(plaintext),
        ciphertext_bytes=len(blob), replaced=[*old, *(str(x) for x in created.get("replaced", []))],
    )


def restore_backup(
    home: Path,
    customer_id: str,
    pin: str,
    *,
    vault: VaultTransport,
    policy_versions: Mapping[str, int] | None = None,
    overwrite: bool = False,
    min_kdf: bc.KdfParams | None = None,
    on_progress: ProgressCallback | None = None,
    renamed: Mapping[str, str] | None = None,
    withdrawn: Sequence[str] = (),
) -> RestoreReport:
    """Restore one customer's memory from the server with ``pin``, then delete the backup there.

    A wrong PIN raises ``Refused`` naming the attempts left (or that the backup is now destroyed).
    The ciphertext is checked against the key service's record and authenticated as a whole
    before anything is written; the local store is then replaced atomically. ``policy_versions``
    (page id → current version, from the client's verified bundle) flags facts made under older
    versions for recheck, following ``renamed`` (old page id → new id) and flagging facts that cite a
    ``withdrawn`` page (both from the same bundle). A customer that already has memory on this device is a ``Conflict``
    unless ``overwrite``. ``min_kdf`` refuses, before any PIN proof is sent, a record whose
    Argon2id cost is below it (a tampered key-service record must not get a cheaply guessable proof).
    """
    report = on_progress or _quiet
    validate_customer_id(customer_id)
    if len(pin) != 6 or not pin.isascii() or not pin.isdigit():
        raise InvalidInput("the backup PIN is 6 digits")
    if not overwrite and has_memory(home, customer_id):
        raise Conflict(f"customer {customer_id} already has memory on this device; "
                       "restore replaces it only with --overwrite")
    report(0, 6, "looking up the backup")
    # the account's slot, then those of tokens it had before a rotation (newest first), then the unkeyed one
    slots = [backup_slot(customer_id, vault.slot_key()), *_previous_slots(vault, customer_id),
             legacy_backup_slot(customer_id)]
    for slot in slots:
        found = vault.find(slot=slot)
        if found:
            break
    if not found:
        # a backup lives on the server that took it (its vault): a copy of that host, or another one, has none
        where = getattr(vault, "server", None)
        at = f" {where}" if isinstance(where, str) and where else ""
        raise NotFound(f"no backup of customer {customer_id} on the server{at} for this account "
                       "(never made, expired, restored already, or destroyed — or made through another server: "
                       "a backup is kept only by the server that took it)")
    # the newest; ids (ULIDs) break a tie within one second
    record = max(found, key=lambda r: (str(r.get("created_at", "")), str(r.get("backup_id", ""))))
    backup_id, kdf_record = str(record["backup_id"]), record.get("kdf") or {}
    kdf = bc.KdfParams.from_dict(kdf_record)
    if min_kdf is not None and (kdf.memory_kib < min_kdf.memory_kib or kdf.iterations < min_kdf.iterations):
        raise VerificationError("the server's record of this backup asks for a weaker PIN stretching than mem "
                                "uses; no PIN proof was sent")
    salt = _unb64(kdf_record.get("salt"))
    report(1, 6, "stretching the PIN (Argon2id)")
    key = bc.pin_key(pin, salt=salt, kdf=kdf)
    report(2, 6, "asking the key service")
    answer = vault.unlock(backup_id, authenticator=_b64(bc.authenticator(key)))
    if not answer.get("ok"):
        if answer.get("destroyed"):
            raise Refused("wrong PIN; that was the last attempt: the backup is destroyed and cannot be restored")
        left = int(answer.get("remaining_attempts", 0))
        raise Refused(f"wrong PIN; {left} attempt{'s' if left != 1 else ''} left before the backup is destroyed")
    report(3, 6, "downloading")
    blob = vault.download(backup_id)
    # past this point the key service has proved the PIN right: a blob that does not open is damaged, and a message
    # that says "or the key is wrong" sends the customer to spend real attempts on other PINs (new-user report 25B #6)
    damaged = (f"; the PIN was right, so do not try others: this backup can never be restored — on the device that "
               f"holds {customer_id}'s memory, make a new one with `mem backup --customer {customer_id} --replace`")
    try:
        header, _, _ = bc.read_header(blob)
    except VerificationError as exc:
        raise VerificationError(f"{exc}{damaged}") from exc
    if (header.backup_id, header.account, header.slot, header.kdf, header.salt) != (
            backup_id, str(record.get("account")), slot, kdf, salt):
        raise VerificationError(f"backup header does not match the key service's record: it was altered{damaged}")
    report(4, 6, "decrypting")
    try:
        plaintext = bc.unseal(blob, key=bc.data_key(key, _unb64(answer.get("secret")), salt=salt,
                                                    backup_id=backup_id))
    except VerificationError as exc:
        raise VerificationError(f"the stored backup of {customer_id} is damaged or was altered on the server"
                                f"{damaged}") from exc
    report(5, 6, "writing memory")
    counts = import_customer(home, customer_id, plaintext)
    flagged = flag_recheck(home, customer_id, policy_versions or {}, renamed=renamed, withdrawn=withdrawn)
    deleted, already_deleted = True, False
    try:
        vault.delete(backup_id)
    except NotFound:
        # this account just downloaded it, so "no such backup" means it is gone: another device of the
        # account restored it at the same time and deleted it first, or it expired in between
        already_deleted = True
    except NetworkError:
        deleted = False  # memory is restored; the server still deletes it on expiry
    # the one restored is gone, or still on the server (holding what was erased since) until it expires
    if deleted:
        forget_backup(home, customer_id)
    else:
        known = backup_entry(home, customer_id) or {}
        record_backup(home, customer_id, backup_id, header.created_at, include_logs=header.include_logs,
                      expires_at=known.get("expires_at") if known.get("backup_id") == backup_id else None,
                      note="restored; the server deletes it when it expires")
    for older in found:  # a replacement interrupted before it deleted the one it replaced
        if str(older["backup_id"]) != backup_id:
            _forget(vault, str(older["backup_id"]))
    report(6, 6, "done")
    return RestoreReport(backup_id=backup_id, customer=customer_id, created_at=header.created_at,
                         include_logs=header.include_logs, plaintext_bytes=len(plaintext),
                         recheck_flagged=flagged, deleted_on_server=deleted, policy_checked=bool(policy_versions),
                         erasures_reapplied=int((counts or {}).get("erased_again", 0)),
                         already_deleted=already_deleted)


def backups_recorded(store: CustomerStore) -> list[JsonObject]:
    """The backups of ``store``'s customer this client made and knows to be on the server (``mem backup``;
    cleared by ``mem restore``), for ``mem export``. A backup made from another device is not listed. The
    record ``mem facts erase`` warns from (``erase_ledger.backup_entry``): the two never disagree."""
    entry = backup_entry(store.folder.parent.parent, store.customer_id)  # <home>/customers/<id>
    return [entry] if entry else []


# --- the customer store (F's export/import), behind four small functions -----------------------


def export_customer(home: Path, customer_id: str, *, include_logs: bool) -> bytes:
    from mem.customers.portable import export_customer as export

    return export(home, customer_id, include_logs=include_logs)


def import_customer(home: Path, customer_id: str, data: bytes) -> dict[str, int]:
    from mem.customers.portable import import_customer as replace_memory

    return replace_memory(home, customer_id, data)


def has_memory(home: Path, customer_id: str) -> bool:
    from mem.customers.store import list_customers

    return customer_id in list_customers(home)


def flag_recheck(home: Path, customer_id: str, policy_versions: Mapping[str, int], *,
                 renamed: Mapping[str, str] | None = None, withdrawn: Sequence[str] = ()) -> list[str]:
    """The restored customer's facts made under an older version of a page this device holds (or of
    the page it was renamed to), or citing a page the service withdrew."""
    from mem.customers.policy_change import flag_policy_changes

    return flag_policy_changes(home, {}, policy_versions, customer_ids=[customer_id], renamed=renamed,
                               withdrawn=withdrawn).get(customer_id, [])


def delete_backups(customer_id: str, *, vault: VaultTransport) -> list[str]:
    """Delete every backup of this customer the account holds on the server — under the current slot,
    the slots of tokens the account had before a rotation, and the unkeyed slot of an older mem — for
    ``mem forget``. Returns the ids deleted (none is not an error)."""
    validate_customer_id(customer_id)
    slots = [backup_slot(customer_id, vault.slot_key()), *_previous_slots(vault, customer_id),
             legacy_backup_slot(customer_id)]
    deleted: list[str] = []
    for slot in dict.fromkeys(slots):
        for record in vault.find(slot=slot):
            backup_id = str(record["backup_id"])
            with contextlib.suppress(NotFound):  # gone meanwhile (expired, restored elsewhere)
                vault.delete(backup_id)
                deleted.append(backup_id)
    return deleted


def _previous_slots(vault: VaultTransport, customer_id: str) -> list[str]:
    return [backup_slot(customer_id, key) for key in vault.previous_slot_keys()]


def _forget(vault: VaultTransport, backup_id: str) -> None:
    with contextlib.suppress(Exception):  # best effort; the server discards it on expiry anyway
        vault.delete(backup_id)


def _quiet(done: int, total: int, what: str) -> None:
    return None


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any) -> bytes:
    try:
        return base64.b64decode(str(text).encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError) as exc:
        raise NetworkError("server answered with a malformed key") from exc

