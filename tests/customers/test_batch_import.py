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


def test_a_batch_import_killed_part_way_leaves_no_empty_customer(tmp_path, isolated_env):
    # new-user report 23 #6: a `kill -9` of `mem log import DIR` left customers/c1636/ with a memory.db and no
    # conversation, which `mem status` counted and `mem log list` showed as "(no conversations)"
    import subprocess
    import sys

    from mem.customers import list_customers
    from mem.customers._layout import interrupted_imports

    folder = tmp_path / "export"
    folder.mkdir()
    write(folder / "c0001.jsonl", "I live in Phoenix.")
    write(folder / "c0002.jsonl", "My order C2-1 is late.")
    killed = ("import os, sys\n"
              "from pathlib import Path\n"
              "from mem.customers import request_log\n"
              "from mem.customers.batch_import import batch_files, import_files\n"
              "real = request_log.RequestLog.import_parsed\n"
              "def die(self, parsed, path, **options):\n"
              "    if self._store.customer_id == 'c0002':\n"
              "        os._exit(9)  # killed after the store was made, before the import committed\n"
              "    return real(self, parsed, path, **options)\n"
              "request_log.RequestLog.import_parsed = die\n"
              "import_files(sys.argv[1], batch_files([sys.argv[2]])[0])\n")
    done = subprocess.run([sys.executable, "-c", killed, str(isolated_env), str(folder)], check=False)
    assert done.returncode == 9
    assert list_customers(isolated_env) == ["c0001"]  # c0002 does not exist: its import never committed
    assert interrupted_imports(isolated_env) == ["c0002"]
    [again] = [r for r in import_files(isolated_env, batch_files([folder])[0]) if r.customer == "c0002"]
    assert again.error is None and texts(isolated_env, "c0002") == ["My order C2-1 is late."]
    assert interrupted_imports(isolated_env) == []  # the next import of the id removed what the kill left


def test_a_failed_first_import_makes_no_customer(tmp_path, isolated_env, monkeypatch):
    from mem.core.errors import StorageError
    from mem.customers import list_customers, request_log

    def full(self, parsed, path, **options):
        raise StorageError("the disk is full")

    monkeypatch.setattr(request_log.RequestLog, "import_parsed", full)
    [result] = import_files(isolated_env, [write(tmp_path / "c0009.jsonl", "hello")])
    assert result.error == "the disk is full"
    assert list_customers(isolated_env) == [] and not any((isolated_env / "customers").glob(".import-*"))


def test_status_names_a_customer_that_holds_nothing(mem, isolated_env):
    CustomerStore.open(isolated_env, "c1636").close()  # what a killed import of an older mem left
    with CustomerStore.open(isolated_env, "c0001") as store:
        store.log.append_turn(store.log.new_conversation(), role="customer", text="hi")
    status = json.loads(mem("status", "--json").stdout)
    assert status["customers"] == 2 and status["empty_customers"] == ["c1636"]
    assert status["interrupted_imports"] == []


def test_an_e_mail_as_customer_id_is_refused_with_how_to_map_it(mem, tmp_path, isolated_env):
    """Helpdesks key requesters by e-mail; the refusal says how to map one (newuser24 #11), in one line."""
    log = write(tmp_path / "minji.jsonl", "I live in Busan.")
    one = mem("log", "import", "-c", "minji.kim@example.kr", str(log))
    assert one.exit_code == 2 and one.stderr.count("\n") == 1, one.stderr
    assert "an e-mail address is no customer id" in one.stderr and "hash of the lower-cased address" in one.stderr
    assert "minji.kim" not in one.stderr  # the address is personal data: the line that refuses it does not repeat it
    folder = tmp_path / "export"
    folder.mkdir()
    write(folder / "t-1.jsonl", "I live in Busan.", requester_id="minji.kim@example.kr")
    result = mem("log", "import", str(folder))
    assert result.exit_code == 2 and "requester or contact id" in result.stderr, result.stderr
    assert "minji.kim" not in result.stderr
    assert not (isolated_env / "customers").exists() or list((isolated_env / "customers").iterdir()) == []
    bad = mem("log", "import", "-c", "no good!", str(log))
    assert "e-mail" not in bad.stderr  # other bad ids keep the plain message
