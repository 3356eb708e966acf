"""Lines an export doubled (the same time, role and text as an earlier line of the file) are counted, kept by
default and left out on request (newuser32 #9). Sentences are this file's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.customers import CustomerStore

FIRST = {"conversation": "k1", "time": "2026-10-02T09:00:00Z", "role": "customer", "text": "Do you gift-wrap?"}
REPLY = {"conversation": "k1", "time": "2026-10-02T09:01:00Z", "role": "agent", "text": "Yes, for £2."}


def _file(tmp_path: Path, lines: list[dict[str, str]]) -> Path:
    path = tmp_path / "export.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def _turns(store: CustomerStore) -> list[str]:
    return [t.text for c in store.log.conversations() for t in c.turns]


def test_a_doubled_line_is_counted_and_kept_by_default(isolated_env, tmp_path):
    path = _file(tmp_path, [FIRST, REPLY, FIRST, REPLY])
    with CustomerStore.open(tmp_path, "c1") as store:
        report = store.log.import_file(path)
        assert (report["turns"], report["duplicates_in_file"], report["duplicates_dropped"]) == (4, 2, 0)
        assert len(_turns(store)) == 4
        # a re-import of the doubled file adds nothing (each line is a turn already logged)
        again = store.log.import_file(path)
        assert (again["turns"], again["already_logged"]) == (0, 4)


def test_a_doubled_line_is_left_out_on_request(isolated_env, tmp_path):
    path = _file(tmp_path, [FIRST, REPLY, FIRST, REPLY])
    with CustomerStore.open(tmp_path, "c1") as store:
        report = store.log.import_file(path, drop_duplicates=True)
        assert (report["turns"], report["duplicates_in_file"], report["duplicates_dropped"]) == (2, 2, 2)
        assert _turns(store) == ["Do you gift-wrap?", "Yes, for £2."]


def test_the_same_words_at_another_time_are_not_a_duplicate(isolated_env, tmp_path):
    later = dict(FIRST, time="2026-10-02T09:05:00Z")
    path = _file(tmp_path, [FIRST, REPLY, later])
    with CustomerStore.open(tmp_path, "c1") as store:
        report = store.log.import_file(path, drop_duplicates=True)
        assert (report["turns"], report["duplicates_in_file"]) == (3, 0)


def test_mem_log_import_says_how_many_lines_repeat(isolated_env, tmp_path, monkeypatch, mem):
    monkeypatch.setenv("MEM_HOME", str(tmp_path / "home"))
    path = _file(tmp_path, [FIRST, REPLY, FIRST])
    kept = mem("log", "import", "-c", "c1", str(path))
    assert kept.exit_code == 0, kept.stderr
    assert "1 line repeats an earlier line of the file (same time, role and text): kept" in kept.stderr
    dropped = mem("log", "import", "-c", "c2", "--drop-duplicates", str(path))
    assert dropped.exit_code == 0, dropped.stderr
    assert "left out 1 line repeating an earlier line of the file" in dropped.stderr
    assert "imported 2 turns" in dropped.stdout + dropped.stderr


def test_a_doubled_line_with_its_id_is_left_out_on_request(isolated_env, tmp_path):
    # (review32) an export that doubles a turn doubles its id too: the file was refused ("turn id 'm1' appears
    # twice") whatever --drop-duplicates said, though the docs name the id among what makes a line a repeat
    first, reply = dict(FIRST, id="m1"), dict(REPLY, id="m2")
    path = _file(tmp_path, [first, reply, first])
    with CustomerStore.open(tmp_path, "c1") as store:
        report = store.log.import_file(path, drop_duplicates=True)
        assert (report["turns"], report["duplicates_in_file"], report["duplicates_dropped"]) == (2, 1, 1)
        assert _turns(store) == ["Do you gift-wrap?", "Yes, for £2."]


def test_a_doubled_line_with_its_id_is_refused_by_default_and_names_the_option(isolated_env, tmp_path):
    # one id is one turn: the repeat cannot be kept, so the import stops and says how to leave it out
    first = dict(FIRST, id="m1")
    path = _file(tmp_path, [first, dict(REPLY, id="m2"), first])
    with CustomerStore.open(tmp_path, "c1") as store:
        with pytest.raises(InvalidInput, match=r"line 3: turn id 'm1' appears twice.*--drop-duplicates"):
            store.log.import_file(path)
        assert _turns(store) == []


def test_an_id_given_twice_to_different_words_is_still_refused(isolated_env, tmp_path):
    path = _file(tmp_path, [dict(FIRST, id="m1"), dict(REPLY, id="m1")])
    with CustomerStore.open(tmp_path, "c1") as store, pytest.raises(InvalidInput, match="turn id 'm1' appears twice"):
        store.log.import_file(path, drop_duplicates=True)
