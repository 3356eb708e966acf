"""Errors repeat a refused value only when it cannot be customer data (new-user report 27 #10)."""

from __future__ import annotations

import json

import pytest

from mem.core.echo import echo_choice, echo_id, echo_time
from mem.core.errors import InvalidInput
from mem.core.ids import validate_customer_id
from mem.customers.log_files import parse_import


@pytest.mark.parametrize("value", ["2026-13-01", "03/12/2023 10:00", "+25:00", "1701600000.2",
                                   "2026-02-30T25:00:00+09:00", "20261301", "-5"])
def test_a_malformed_time_is_repeated(value):
    assert echo_time(value) == repr(value)


@pytest.mark.parametrize("value", ["dana.whitfield+refunds@gmail.com", "Mrs Kim, 010-1234-5678", "花子",
                                   "010-1234-5678", "+44 7700 900123", "07700900123"])
def test_customer_text_in_a_time_field_is_not_repeated(value):
    said = echo_time(value)
    assert value not in said and f"{len(value)} characters" in said


@pytest.mark.parametrize("value", ["김민지", "dana whitfield", "山田 太郎"])
def test_an_invalid_customer_id_that_may_be_a_name_is_not_repeated(value):
    with pytest.raises(InvalidInput) as caught:
        validate_customer_id(value)
    assert value not in str(caught.value) and "invalid customer id" in str(caught.value)


def test_a_path_trick_in_an_id_is_still_shown():
    assert echo_id("../evil") == repr("../evil")
    with pytest.raises(InvalidInput, match=r"invalid customer id '\.\./evil'"):
        validate_customer_id("../evil")


def test_import_error_does_not_repeat_an_address_typed_into_the_time_field(tmp_path):
    log = tmp_path / "chat.jsonl"
    log.write_text(json.dumps({"time": "dana.whitfield+refunds@gmail.com", "role": "customer", "text": "hi"}) + "\n",
                   encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        parse_import(log)
    assert "gmail" not in str(caught.value) and "'time' is not an ISO date or datetime" in str(caught.value)


def test_a_role_is_repeated_only_when_it_reads_as_a_misspelt_role():
    # a speaker's name in the role field was repeated into the error (review of the twenty-seventh round)
    roles = ("customer", "agent", "system")
    assert echo_choice("custmer", roles) == repr("custmer")
    for name in ("Tobias", "dana.whitfield", "Siobhan"):
        assert name not in echo_choice(name, roles)


def test_import_error_does_not_repeat_a_speaker_name_typed_into_the_role_field(tmp_path):
    log = tmp_path / "chat.jsonl"
    log.write_text(json.dumps({"time": "2026-01-02", "role": "Siobhan", "text": "hi"}) + "\n", encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        parse_import(log)
    assert "Siobhan" not in str(caught.value) and "unknown role" in str(caught.value)
