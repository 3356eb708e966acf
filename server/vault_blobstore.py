"""The blob store of the backup vault: ciphertext only, write-once, filed by owner.

Kept apart from the key service (its own folder ``<workspace>/.mem/blobs/``, no import of the key
service). It cannot decrypt anything: the data key needs the PIN and the key service's secret.
Blobs are filed under a digest of the owning account, so reading one needs the owner's account
even here, behind the vault's own ownership check.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from pathlib import Path

from mem.core.errors import Conflict, InvalidInput, NotFound, StorageError
from mem.core.fsio import atomic_write_bytes, fsync_dir
from mem.server import blobstore_rules as rules

FOLDER = "blobs"


class BlobStore:
    """Ciphertext blobs by (account, backup id)."""

    def __init__(self, folder: Path, *, max_bytes: int) -> None:
        self.folder = Path(folder)
        self.max_bytes = max_bytes
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            os.chmod(self.folder, 0o700)
            if not (self.folder / ".gitignore").exists():
                atomic_write_bytes(self.folder / ".gitignore", b"*\n")
        except OSError as exc:
            raise StorageError(f"cannot prepare {self.folder}: {exc.strerror}") from exc

    def put(self, *, account: str, backup_id: str, data: bytes) -> None:
        """Store a whole blob at once (in-process callers); see ``put_part`` for uploads over HTTP."""
        self.put_part(account=account, backup_id=backup_id, index=0, data=data)
        self.complete(account=account, backup_id=backup_id, parts=1, sha256=hashlib.sha256(data).hexdigest(),
                      size=len(data))

    def put_part(self, *, account: str, backup_id: str, index: int, data: bytes) -> None:
        """Stage one part of an upload (parts keep each request under the server's body limit)."""
        rules.check_part(index)
        path = self._path(account, backup_id)
        if path.exists():
            raise Conflict(rules.WRITTEN_ONCE)
        staged = self._parts_dir(path) / f"{index:05d}"
        rules.check_fits(sum(p.stat().st_size for p in staged.parent.glob("*") if p != staged), len(data),
                         max_bytes=self.max_bytes)
        try:
            atomic_write_bytes(staged, data, mode=0o600)
        except OSError as exc:
            raise StorageError(f"blob store: cannot write a part of {backup_id}: {exc.strerror}") from exc

    def part_size(self, *, account: str, backup_id: str, index: int) -> int:
        """Bytes of part ``index`` staged so far (0 when it was not sent yet)."""
        try:
            return (self._parts_dir(self._path(account, backup_id)) / f"{index:05d}").stat().st_size
        except (FileNotFoundError, NotADirectoryError):
            return 0

    def complete(self, *, account: str, backup_id: str, parts: int, sha256: str, size: int) -> None:
        """Join parts 0..parts-1 into the blob, check length and digest, then publish it write-once."""
        path = self._path(account, backup_id)
        folder = self._parts_dir(path)
        rules.check_part_count(parts)
        files = [folder / f"{i:05d}" for i in range(parts)]
        if not all(f.is_file() for f in files):
            raise InvalidInput(rules.INCOMPLETE)
        staged = path.with_name(f".{backup_id}.{os.urandom(8).hex()}.staged")
        digest, total = hashlib.sha256(), 0
        try:
            with open(staged, "wb") as out:
                os.fchmod(out.fileno(), 0o600)
                for part in files:
                    chunk = part.read_bytes()
                    digest.update(chunk)
                    total += len(chunk)
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
            rules.check_intact(total=total, digest=digest.hexdigest(), size=size, sha256=sha256)
            try:
                os.link(staged, path)  # fails if the blob exists: write-once even under concurrency
            except FileExistsError as exc:
                raise Conflict(rules.WRITTEN_ONCE) from exc
            fsync_dir(path.parent)
        except OSError as exc:
            raise StorageError(f"blob store: cannot write {path.name}: {exc.strerror}") from exc
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(staged)
        shutil.rmtree(folder, ignore_errors=True)

    def get(self, *, account: str, backup_id: str) -> bytes:
        path = self._path(account, backup_id)
        try:
            return path.read_bytes()
        except FileNotFoundError as exc:
            raise NotFound(rules.NOT_FOUND) from exc
        except OSError as exc:
            raise StorageError(f"blob store: cannot read {path.name}: {exc.strerror}") from exc

    def delete(self, *, account: str, backup_id: str) -> bool:
        path = self._path(account, backup_id)
        shutil.rmtree(self._parts_dir(path), ignore_errors=True)
        return self._unlink(path)

    def delete_id(self, backup_id: str) -> bool:
        """Delete a blob whoever owns it (expiry and destruction know only the id)."""
        rules.check_id(backup_id)
        for folder in self.folder.glob(f"*/.{backup_id}.parts"):
            shutil.rmtree(folder, ignore_errors=True)
        return any([self._unlink(path) for path in self.folder.glob(f"*/{backup_id}.blob")])

    def ids(self) -> set[str]:
        """Ids with a blob or staged parts (the vault removes those the key service no longer knows)."""
        blobs = {path.stem for path in self.folder.glob("*/*.blob")}
        return blobs | {path.name[1:-len(".parts")] for path in self.folder.glob("*/.*.parts")}

    def ready(self) -> None:
        """Raise ``StorageError`` unless the blob folder is there and writable."""
        if not os.access(self.folder, os.W_OK | os.X_OK):
            raise StorageError(f"blob store: {self.folder} is not writable")

    def _path(self, account: str, backup_id: str) -> Path:
        return self.folder / rules.owner_of(account, backup_id) / f"{backup_id}.blob"

    @staticmethod
    def _parts_dir(path: Path) -> Path:
        return path.with_name(f".{path.stem}.parts")

    @staticmethod
    def _unlink(path: Path) -> bool:
        try:
            os.unlink(path)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise StorageError(f"blob store: cannot delete {path.name}: {exc.strerror}") from exc
        fsync_dir(path.parent)
        with contextlib.suppress(OSError):
            path.parent.rmdir()  # only succeeds when the owner has no other blob
        return True
