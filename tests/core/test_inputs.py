"""One UTF-8 decoder, one standard-input reader, one symlink-loop line for every command reading a user's file."""

from __future__ import annotations

import pytest

from mem.core.errors import InvalidInput


def _message(call) -> str:
    with pytest.raises(InvalidInput) as caught:
        call()
    return caught.value.message if hasattr(caught.value, "message") else str(caught.value)


@pytest.mark.parametrize("data", ["[x]\n".encode("utf-16"), b"[x]\n# caf\xe9\n"])
def test_policy_pages_config_and_request_logs_say_the_same_of_bytes_that_are_not_utf8(tmp_path, data):
    from mem.core.config import parse_toml
    from mem.customers.log_files import import_text
    from mem.policies.readers import _decode

    said = {_message(lambda: parse_toml("f", data)), _message(lambda: import_text(data, "f")),
            _message(lambda: _decode("f", data))}
    assert len(said) == 1, said
    assert ("UTF-16" in said.pop()) == data.startswith(b"\xff\xfe")
