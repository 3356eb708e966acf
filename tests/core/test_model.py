from __future__ import annotations

import pytest

from mem.core import ModelError
from mem.core.model import complete_json, complete_text


def test_scripted_model_through_plugin_manager(scripted_model):
    scripted_model.script("hello", {"a": 1}, "```json\n[1, 2]\n```", "not json")
    assert complete_text("scripted", "hi", system="be brief") == "hello"
    assert complete_json("scripted", "give json") == {"a": 1}
    assert complete_json("scripted", "fenced") == [1, 2]
    with pytest.raises(ModelError, match="did not answer valid JSON"):
        complete_json("scripted", "bad")
    assert scripted_model.prompts[0][:2] == ("be brief", "hi")


def test_unknown_model_is_one_clear_error():
    with pytest.raises(ModelError, match="unknown model 'no-such-model'"):
        complete_text("no-such-model", "hi")


def test_plugin_failure_becomes_model_error(scripted_model):
    with pytest.raises(ModelError, match="scripted model: no answer queued"):
        complete_text("scripted", "nothing queued")
