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


def test_one_test_of_a_page_path_for_the_bundle_and_the_working_copy():
    from mem.wiki.index import in_page_folder, is_page_rel

    assert is_page_rel("policies/refunds.md") and is_page_rel("knowhow/tone.md")
    assert not is_page_rel("policies/.refunds.md.swp") and in_page_folder("policies/.refunds.md.swp")
    assert not in_page_folder("policies/sub/x.md") and not in_page_folder("docs/x.md")
    assert not in_page_folder("policies/")
