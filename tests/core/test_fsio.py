from __future__ import annotations

import os
import stat

from mem.core.fsio import atomic_write_bytes, atomic_write_text


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_new_file_gets_ordinary_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "index.md", "# Index\n")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "index.md") == 0o644
    assert (tmp_path / "index.md").read_text() == "# Index\n"


def test_replaced_file_keeps_its_permissions_and_secrets_stay_private(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("old")
    page.chmod(0o640)
    atomic_write_text(page, "new")
    assert _mode(page) == 0o640 and page.read_text() == "new"
    atomic_write_bytes(tmp_path / "key.pem", b"secret", mode=0o600)
    assert _mode(tmp_path / "key.pem") == 0o600


def test_no_temporary_file_is_left_behind(tmp_path):
    atomic_write_text(tmp_path / "a.txt", "x")
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]
