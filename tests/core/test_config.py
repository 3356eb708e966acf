from __future__ import annotations

import tomllib

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


def test_env_overrides(tmp_path):
    config = Config.load(workspace=tmp_path, env={"MEM_HOME": str(tmp_path), "MEM_NOW": "2025-10-01",
                                                  "MEM_MODEL": "scripted"})
    assert config.now.isoformat().startswith("2025-10-01")
    assert config.model.name == "scripted"
