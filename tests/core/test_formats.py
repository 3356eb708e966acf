"""The format numbers a mem reads and writes (NEWUSER_REPORT18 #4, #5): ``mem --version`` names them, and a
``mem.toml`` written by a newer mem is read with a warning naming what this mem does not know."""

from __future__ import annotations

import dataclasses
import hashlib
import subprocess
import sys
import warnings

import pytest

from mem.core import config as config_module
from mem.core.config import SECTIONS, Config, render_template
from mem.core.errors import InvalidInput, MemWarning
from mem.core.formats import BUNDLE_FORMAT, STORE_SCHEMA, WORKSPACE_FORMAT, version_line
from mem.customers.db import SCHEMA_VERSION

# The settings of workspace format 2 (a hash of their sorted dotted names). A setting added to mem.core.config
# changes it: raise WORKSPACE_FORMAT with it and write the new hash here (an older mem then names the new setting
# in a warning instead of refusing it as a typo).
SETTINGS_OF_FORMAT = {2: "a9b6415c23416388", 3: "52d8e63234b14b9c", 4: "83ecff2fe9e30ead"}


def _settings_hash() -> str:
    names = [f"{name}.{f.name}" for name in SECTIONS for f in dataclasses.fields(getattr(Config(), name))]
    return hashlib.sha256(" ".join(sorted(names)).encode()).hexdigest()[:16]


def test_adding_a_setting_bumps_the_workspace_format():
    assert SETTINGS_OF_FORMAT.get(WORKSPACE_FORMAT) == _settings_hash(), \
        "a setting was added or removed: raise WORKSPACE_FORMAT (mem.core.formats) and add its hash here"


def test_version_names_the_formats_and_the_build():
    line = version_line("0.1.0")
    assert line.startswith("mem 0.1.0")
    assert f"store schema {STORE_SCHEMA}, workspace format {WORKSPACE_FORMAT}, bundle format {BUNDLE_FORMAT}" in line
    assert STORE_SCHEMA == SCHEMA_VERSION


def test_mem_version_is_light_and_tells_builds_apart():
    code = ("import sys; from mem.cli.main import run; sys.argv = ['mem', '--version']; run()")
    out = subprocess.run([sys.executable, "-c", code + "\n"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "store schema" in out.stdout and "workspace format" in out.stdout
    assert "+" in out.stdout.split()[1]  # this checkout's commit (a git checkout)
    heavy = subprocess.run([sys.executable, "-c", "import sys; import mem.core.formats as f; f.version_line('x');"
                            "print(sorted(m for m in ('git', 'tantivy', 'sqlite3', 'cryptography', 'llm') "
                            "if m in sys.modules))"], capture_output=True, text=True)
    assert heavy.stdout.strip() == "[]"


def test_init_writes_the_format_line():
    assert f"\nformat = {WORKSPACE_FORMAT}\n" in render_template()


def _load(tmp_path, text):
    (tmp_path / "mem.toml").write_text(text)
    return Config.load(workspace=tmp_path, home=tmp_path / "home", env={})


def test_a_file_of_this_format_refuses_an_unknown_setting_and_says_what_it_may_be(tmp_path):
    for text in ("[trait]\nnope = 1\n", f"format = {WORKSPACE_FORMAT}\n[trait]\nnope = 1\n"):
        with pytest.raises(InvalidInput, match=r"unknown setting trait\.nope \(a typo\? a setting of a newer mem\?"):
            _load(tmp_path, text)


def test_a_file_written_by_a_newer_mem_is_read_with_one_warning_naming_what_is_ignored(tmp_path):
    text = (f"format = {WORKSPACE_FORMAT + 1}\n[model]\ntimeout = 30\nthinking = 'deep'\n"
            "[trait]\nmin_repeats = 4\n[shiny]\nx = 1\n")
    with pytest.warns(MemWarning) as caught:
        config = _load(tmp_path, text)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert "written by a newer mem" in message and "model.thinking" in message and "[shiny]" in message
    assert config.trait.min_repeats == 4 and config.model.timeout == 30.0
    with pytest.raises(InvalidInput, match="trait.min_repeats must not be negative"):  # known ones still checked
        _load(tmp_path, f"format = {WORKSPACE_FORMAT + 1}\n[trait]\nmin_repeats = -1\n")


def test_a_newer_file_with_only_known_settings_says_nothing(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _load(tmp_path, f"format = {WORKSPACE_FORMAT + 1}\n[trait]\nmin_repeats = 4\n").trait.min_repeats == 4


@pytest.mark.parametrize("value", ["'2'", "0", "true", "1.5"])
def test_a_bad_format_line_is_refused(tmp_path, value):
    with pytest.raises(InvalidInput, match="format must be a whole number"):
        _load(tmp_path, f"format = {value}\n")


def test_the_template_reads_back_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Config().overlay_file(config_module.tomllib.loads(render_template()))


def test_an_older_file_holding_a_later_setting_is_told_to_raise_its_format(tmp_path):
    # review 18, item 6: an older mem that reads the format line would take such a setting for a typo
    with pytest.warns(MemWarning, match=r"holds settings of workspace format 2: model\.timeout — raise its 'format'"):
        assert _load(tmp_path, "[model]\ntimeout = 30\n").model.timeout == 30.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _load(tmp_path, "format = 2\n[model]\ntimeout = 30\n")


def test_the_settings_of_each_format_are_listed():
    from mem.core.formats import CLIENT_SETTINGS_SINCE, SETTINGS_SINCE
    names = {f"{name}.{f.name}" for name in SECTIONS for f in dataclasses.fields(getattr(Config(), name))}
    assert set(SETTINGS_SINCE) <= names and set(CLIENT_SETTINGS_SINCE) <= names
    assert all(SETTINGS_SINCE[name] <= WORKSPACE_FORMAT for name in SETTINGS_SINCE)
