"""newuser22 #15: `mem log import DIR` / several files — many customers in one process, each file its own customer,
a bad file reported and the others imported, a summary at the end."""

from __future__ import annotations

import json
from pathlib import Path

from mem.customers import CustomerStore
from mem.customers.batch_import import batch_files, import_files


def write(path: Path, *texts: str, **keys: object) -> Path:
    path.write_text("".join(json.dumps({"time": f"2026-03-0{i + 1}T10:00:00Z", "role": "customer", "text": t, **keys})
                            + "\n" for i, t in enumerate(texts)), encoding="utf-8")
    return path


def texts(home: Path, customer: str) -> list[str]:
    with CustomerStore.open(home, customer, create=False) as store:
        return [t.text for c in store.log.conversations() for t in c.turns]


def test_a_folder_imports_each_file_for_its_customer_and_reports_a_bad_one(mem, tmp_path, isolated_env):
    folder = tmp_path / "export"
    folder.mkdir()
    write(folder / "c0001.jsonl", "I live in Phoenix.")
    write(folder / "c0002.jsonl", "My order C2-1 is late.", "Thanks")
    (folder / "c0003.jsonl").write_text('{"time": "03/12/2026", "role": "customer", "text": "hi"}\n')
    write(folder / "visitor-17.jsonl", "I moved to Boulder.", customer="cust-omar")   # the key names the customer
    (folder / "notes.txt").write_text("not an export")
    result = mem("log", "import", str(folder))
    assert result.exit_code == 2
    err = result.stderr
    assert "error: " in err and "c0003.jsonl: line 1: 'time' is not an ISO date" in err
    assert "imported 3 files for 3 customers (4 turns); 1 failed: " in err and "c0003.jsonl" in err
    assert "left out 1 file of the folder" in err and err.count("Error:") == 1
    assert texts(isolated_env, "c0001") == ["I live in Phoenix."]
    assert texts(isolated_env, "c0002") == ["My order C2-1 is late.", "Thanks"]
    assert texts(isolated_env, "cust-omar") == ["I moved to Boulder."]
    assert not (isolated_env / "customers" / "c0003").exists()  # nothing of the bad file was written


def test_several_files_import_in_one_process_and_json_names_each(mem, tmp_path):
    a, b = write(tmp_path / "ann.jsonl", "I live in Oslo."), write(tmp_path / "bo.json", "I live in Rome.")
    result = mem("log", "import", str(a), str(b), "--json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [(r["customer"], r["report"]["turns"]) for r in rows] == [("ann", 1), ("bo", 1)]


def test_customer_with_many_files_and_one_file_without_customer_are_refused(mem, tmp_path):
    a, b = write(tmp_path / "ann.jsonl", "hi there"), write(tmp_path / "bo.jsonl", "hi there")
    many = mem("log", "import", str(a), str(b), "--customer", "ann")
    assert many.exit_code == 2 and "--customer names one customer" in many.stderr
    one = mem("log", "import", str(a))
    assert one.exit_code == 2 and "--customer ID is required for one file" in one.stderr


def test_the_python_api_reports_a_file_whose_name_is_no_customer_id(tmp_path, isolated_env):
    bad = write(tmp_path / "no good name!.jsonl", "I live in Oslo.")
    good = write(tmp_path / "ok.jsonl", "I live in Rome.")
    first, second = import_files(isolated_env, [bad, good])
    assert first.error is not None and "its file name gives is no customer id" in first.error
    assert (second.customer, second.report["turns"], second.error) == ("ok", 1, None)


def test_a_file_named_twice_is_imported_once(tmp_path):
    folder = tmp_path / "export"
    folder.mkdir()
    a = write(folder / "ann.jsonl", "I live in Oslo.")
    write(folder / "bo.jsonl", "I live in Rome.")
    files, others = batch_files([a, folder, folder / "." / "ann.jsonl"])
    assert [f.name for f in files] == ["ann.jsonl", "bo.jsonl"] and others == 0
