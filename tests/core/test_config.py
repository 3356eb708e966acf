from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from mem.core import InvalidInput
from mem.core.config import Config, render_template


def test_template_parses_and_matches_defaults(tmp_path):
    data = tomllib.loads(render_template())
    assert data["trait"]["min_repeats"] == 3
    assert data["backup"]["max_attempts"] == 10
    (tmp_path / "mem.toml").write_text(render_template())
    assert Config.load(workspace=tmp_path, env={}).trait == Config().trait


def test_workspace_found_upward(tmp_path):
    (tmp_path / "mem.toml").write_text("[context]\nbudget_chars = 99\n")
    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    config = Config.load(cwd=inner, env={"MEM_HOME": str(tmp_path / "h")})
    assert config.workspace == tmp_path.resolve()
    assert config.context.budget_chars == 99


@pytest.mark.parametrize(
    "toml, message",
    [
        ("[nope]\nx = 1\n", "unknown section [nope]"),
        ("[trait]\nnope = 1\n", "unknown setting trait.nope"),
        ("[trait]\nmin_repeats = -1\n", "must not be negative"),
        ("[trait\n", "invalid TOML"),
    ],
)
def test_bad_settings_refused(tmp_path, toml, message):
    (tmp_path / "mem.toml").write_text(toml)
    with pytest.raises(InvalidInput, match=message.replace("[", r"\[").replace("]", r"\]")):
        Config.load(workspace=tmp_path, env={})


def test_byte_order_mark_is_skipped(tmp_path):
    # Notepad's "UTF-8 with BOM": tomllib said "Invalid statement (at line 1, column 1)" of an invisible byte
    (tmp_path / "mem.toml").write_bytes(b"\xef\xbb\xbf[context]\r\nbudget_chars = 99\r\n")
    assert Config.load(workspace=tmp_path, env={}).context.budget_chars == 99


@pytest.mark.parametrize("data, message", [
    # one Latin-1 "é" in a comment was "internal error: UnicodeDecodeError …", without the file's name
    (b"[context]\nbudget_chars = 99\n# caf\xe9\n",
     r"mem\.toml: not UTF-8 text \(line 3, byte 33: 0xe9\); save it as UTF-8"),
    ("[context]\n".encode("utf-16"), r"mem\.toml: not UTF-8 \(UTF-16 with a byte-order mark"),
])
def test_not_utf8_refused_with_its_line(tmp_path, data, message):
    (tmp_path / "mem.toml").write_bytes(data)
    with pytest.raises(InvalidInput, match=message):
        Config.load(workspace=tmp_path, env={})


@pytest.mark.parametrize("toml, message", [
    # [bundle] expires_days was checked only by `mem bundle build`; every other command ran with it
    ("[bundle]\nexpires_days = 100000\n", "mem.toml: bundle.expires_days must be 0-36,500, got 100000"),
    ("[bundle]\nexpires_days = '30'\n", "mem.toml: bundle.expires_days must be int, got str"),
    ("[server]\nport = 70000\n", "mem.toml: server.port must be 0-65,535, got 70000"),
    ("[server]\nworkers = 0\n", "mem.toml: server.workers must be 1-64, got 0"),
    ("[backup]\nmax_attempts = 0\n", "mem.toml: backup.max_attempts must be at least 1, got 0"),
    ("[trait]\nrecheck_after_days = 99999999\n", "mem.toml: trait.recheck_after_days must be 1-36,500, got 99999999"),
    ("[extract]\nrecent_turns = 0\n", "mem.toml: extract.recent_turns must be at least 1, got 0"),
    ("[extract]\nmax_lock_seconds = -1.5\n", "mem.toml: extract.max_lock_seconds must not be negative"),
    ("[quota]\nunfinished_minutes = 0\n", "mem.toml: quota.unfinished_minutes must be 1-52,560,000, got 0"),
    ("[ask]\nsemantic_threshold = 2\n",
     "mem.toml: ask.semantic_threshold must be above 0 and at most 1 (a cosine), got 2.0"),
    # nan passed `value < 0` and every range; inf is no number of seconds
    ("[extract]\nmax_lock_seconds = nan\n", "mem.toml: extract.max_lock_seconds must be a finite number, got nan"),
    ("[extract]\nmax_lock_seconds = inf\n", "mem.toml: extract.max_lock_seconds must be a finite number, got inf"),
    ("[ask]\nsemantic_threshold = nan\n", "mem.toml: ask.semantic_threshold must be a finite number, got nan"),
    # past 64 bits: "15 of 99999999999999999999 characters used"
    ("[context]\nbudget_chars = 99999999999999999999\n", "mem.toml: context.budget_chars must be at most "
     "9,223,372,036,854,775,807 (a 64-bit integer), got 99999999999999999999"),
    # named as the setting, not as `--split`, a flag the user never gave
    ("[ingest]\nsplit = \"x\"\n", "mem.toml: ingest.split must be one of auto, h1, h2, h3, none, got 'x'"),
])
def test_numbers_out_of_range_are_refused_at_load_naming_the_setting(tmp_path, toml, message):
    (tmp_path / "mem.toml").write_text(toml)
    with pytest.raises(InvalidInput) as caught:
        Config.load(workspace=tmp_path, env={})
    assert caught.value.message == message


def test_numbers_at_the_edges_of_their_range_load(tmp_path):
    (tmp_path / "mem.toml").write_text("[bundle]\nexpires_days = 0\n[server]\nport = 0\nworkers = 64\n"
                                       "[quota]\nbackup_count = 0\n[backup]\nretention_days = 36500\n")
    config = Config.load(workspace=tmp_path, env={})
    assert (config.bundle.expires_days, config.server.port, config.server.workers) == (0, 0, 64)


def test_the_largest_64_bit_integer_loads(tmp_path):
    (tmp_path / "mem.toml").write_text("[context]\nbudget_chars = 9223372036854775807\n[ingest]\nsplit = 'h2'\n")
    config = Config.load(workspace=tmp_path, env={})
    assert (config.context.budget_chars, config.ingest.split) == (2**63 - 1, "h2")


def test_every_number_has_its_range_in_the_docs_and_the_template():
    import dataclasses

    from mem.core.config import SECTIONS, allowed_range

    for name in SECTIONS:
        for setting in dataclasses.fields(getattr(Config(), name)):
            is_number = setting.type in ("int", "float")
            assert bool(allowed_range(setting)) == (is_number or bool(setting.metadata["choices"])), \
                f"{name}.{setting.name}"
    assert "# a bundle's manifest expires this many days after it is issued (0-36,500)" in render_template()


def test_the_cli_refuses_a_bad_setting_in_one_line(tmp_path, mem, monkeypatch):
    (tmp_path / "mem.toml").write_text("[bundle]\nexpires_days = -3\n")
    monkeypatch.chdir(tmp_path)
    result = mem("pages", "list")
    assert result.exit_code == 2
    assert result.stderr == "Error: mem.toml: bundle.expires_days must not be negative\n"


def test_env_overrides(tmp_path):
    config = Config.load(workspace=tmp_path, env={"MEM_HOME": str(tmp_path), "MEM_NOW": "2025-10-01",
                                                  "MEM_MODEL": "scripted"})
    assert config.now.isoformat().startswith("2025-10-01")
    assert config.model.name == "scripted"


# HOME empty or pointing nowhere (NEWUSER_REPORT16 #5) --------------------------------------------------
def test_an_empty_or_relative_home_falls_back_to_the_accounts_folder():
    import pwd

    from mem.core.config import default_home

    account = Path(pwd.getpwuid(os.getuid()).pw_dir)
    for value in ("", "relative/dir"):  # Path.home() answered "/" for an empty HOME: /.local/share/mem
        assert default_home({"HOME": value}) == account / ".local" / "share" / "mem"
    assert default_home({"HOME": "/somewhere"}) == Path("/somewhere/.local/share/mem")
    assert default_home({"HOME": "/somewhere", "XDG_DATA_HOME": "/data"}) == Path("/data/mem")
    assert default_home({"HOME": "/somewhere", "XDG_DATA_HOME": "rel"}) == Path("/somewhere/.local/share/mem")


def test_customer_memory_is_never_written_under_a_home_folder_that_does_not_exist(monkeypatch, tmp_path):
    from mem.cli.main import main

    missing = tmp_path / "nonexistent" / "x"
    for name in ("MEM_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(missing))
    log = tmp_path / "ok.jsonl"
    log.write_text('{"role": "customer", "text": "I live in Busan.", "time": "2026-11-01T10:00:00Z"}\n')
    assert main(["log", "import", "-c", "c5", str(log)]) == 2
    assert main(["facts", "list", "-c", "c5"]) == 2
    assert not (tmp_path / "nonexistent").exists()
    # an explicit home is made as asked, and an existing HOME is used as before
    assert main(["--home", str(tmp_path / "given"), "log", "import", "-c", "c5", str(log)]) == 0
    missing.mkdir(parents=True)
    assert main(["log", "import", "-c", "c5", str(log)]) == 0
    assert (missing / ".local" / "share" / "mem" / "customers" / "c5").is_dir()


def test_an_explicit_home_equal_to_the_default_path_is_made_as_asked(monkeypatch, tmp_path):
    # check_home could not tell `--home ~/.local/share/mem` from the default, and refused it
    from mem.cli.main import main

    missing = tmp_path / "nobody"
    for name in ("MEM_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(missing))
    log = tmp_path / "ok.jsonl"
    log.write_text('{"role": "customer", "text": "I live in Busan.", "time": "2026-11-01T10:00:00Z"}\n')
    default = missing / ".local" / "share" / "mem"
    assert main(["--home", str(default), "log", "import", "-c", "c6", str(log)]) == 0
    assert (default / "customers" / "c6").is_dir()


def test_root_with_reserve_space_left_is_not_told_the_disk_is_full(monkeypatch, tmp_path):
    import os
    from types import SimpleNamespace

    from mem.core.fsio import full_disk

    monkeypatch.setattr(os, "statvfs", lambda _p: SimpleNamespace(f_bavail=0, f_bfree=1 << 20, f_frsize=4096))
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert full_disk(tmp_path, "disk I/O error") is None  # 4 GB of reserve root writes into: another fault
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert "is full" in full_disk(tmp_path, "disk I/O error")


def test_a_released_read_only_lock_is_no_longer_held(tmp_path, monkeypatch):
    import errno
    import os

    from mem.customers.lock import CustomerLock

    real_open = os.open

    def erofs(path, flags, *args):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args)

    (tmp_path / "customers" / ".locks").mkdir(parents=True)
    monkeypatch.setattr("mem.customers.lock.os.open", erofs)
    lock = CustomerLock(tmp_path / "customers" / ".locks" / "a.lock", "a", timeout=1.0)
    monkeypatch.undo()
    assert lock.read_only and lock.held
    lock.release()
    assert not lock.held
