from __future__ import annotations

import json


def write_log(path, rows):
    path.write_text("\n".join(json.dumps({"session": s, "time": t, "role": r, "text": x}) for s, t, r, x in rows))
    return path


def test_extract_prints_the_report(mem, tmp_path):
    log = write_log(tmp_path / "log.jsonl", [
        ("s1", "2025-09-28T10:00:00", "customer", "I ordered a kettle yesterday and the lid is cracked."),
        ("s1", "2025-09-28T10:01:00", "agent", "Sorry about that."),
        ("s1", "2025-09-28T10:02:00", "customer", "From now on answer in Japanese."),
    ])
    assert mem("log", "import", log, "--customer", "cust-1").exit_code == 0
    result = mem("extract", "--customer", "cust-1", "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["conversations"] == 1 and len(report["added"]) == 2
    assert report["context"][0]["text"] == "Answer in Japanese."
    human = mem("extract", "--customer", "cust-1")
    assert human.exit_code == 0 and "0 conversations" in human.stdout


def test_unknown_customer_and_path_tricks_are_one_line_errors(mem):
    for bad in ("nobody", "../etc"):
        result = mem("extract", "--customer", bad)
        assert result.exit_code == 2
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_rejected_model_answer_exits_1(mem, tmp_path, monkeypatch, scripted_model):
    log = write_log(tmp_path / "log.jsonl", [("s1", "2025-09-28T10:00:00", "customer", "I live in Seoul now.")])
    mem("log", "import", log, "--customer", "cust-2")
    monkeypatch.setenv("MEM_MODEL", "scripted")
    scripted_model.script("not json at all")
    result = mem("extract", "--customer", "cust-2")
    assert result.exit_code == 1
    assert "rejected" in result.stdout


def _older_mem_store(mem, tmp_path, monkeypatch, customer, rows):
    """A store as an older mem left it: every fact added, none judged the same slot as another."""
    import mem.customers.extract as extract_module
    from mem.customers.judge import Judgement

    log = write_log(tmp_path / f"{customer}.jsonl", rows)
    assert mem("log", "import", log, "--customer", customer).exit_code == 0
    with monkeypatch.context() as patch:
        patch.setattr(extract_module, "judge", lambda candidate, similar: Judgement("ADD", None, "older mem"))
        assert mem("extract", "--customer", customer).exit_code == 0


def test_extract_again_judges_an_older_stores_facts_under_the_current_rules(mem, tmp_path, monkeypatch):
    _older_mem_store(mem, tmp_path, monkeypatch, "up-1", [
        ("s1", "2025-09-28T10:00:00", "customer", "大阪市北区に住んでいます。"),
        ("s2", "2025-10-28T10:00:00", "customer", "住所変更です。福岡県福岡市中央区天神2-5-1になりました。"),
        ("s3", "2025-11-02T10:00:00", "customer", "My sister's address is 4 Park Row, York."),
    ])
    listed = json.loads(mem("facts", "list", "--customer", "up-1", "--json").stdout)
    assert sum("大阪" in f["text"] for f in listed) == 1  # both homes active, as the older mem left them
    result = mem("extract", "--customer", "up-1", "--again", "--json")
    assert result.exit_code == 0, result.stderr
    again = json.loads(result.stdout)["again"]
    assert len(again["replaced"]) == 1
    active = json.loads(mem("facts", "list", "--customer", "up-1", "--json").stdout)
    assert not any("大阪" in f["text"] for f in active) and any("福岡" in f["text"] for f in active)
    assert any("Park Row" in f["text"] for f in active)  # someone else's address replaces nothing
    # run twice, nothing more changes; the human report says what it did
    human = mem("extract", "--customer", "up-1", "--again")
    assert human.exit_code == 0 and "0 replaced" in human.stdout


def test_extract_again_that_fails_midway_leaves_every_fact_as_it_was(mem, tmp_path, monkeypatch):
    import mem.customers.rejudge as rejudge_module

    _older_mem_store(mem, tmp_path, monkeypatch, "up-2", [
        ("s1", "2025-09-28T10:00:00", "customer", "大阪市北区に住んでいます。"),
        ("s2", "2025-10-28T10:00:00", "customer", "住所変更です。福岡県福岡市中央区天神2-5-1になりました。"),
        ("s3", "2025-11-02T10:00:00", "customer", "My sister's address is 4 Park Row, York."),
    ])
    before = json.loads(mem("facts", "list", "--customer", "up-2", "--json").stdout)
    real_slot_of = rejudge_module.slot_of

    def slot_of_then_fail(fact):  # the Osaka home is already saved as replaced when the third fact is read
        if "Park Row" in fact.text:
            raise OSError("disk gone")
        return real_slot_of(fact)

    monkeypatch.setattr(rejudge_module, "slot_of", slot_of_then_fail)
    assert mem("extract", "--customer", "up-2", "--again").exit_code != 0
    after = json.loads(mem("facts", "list", "--customer", "up-2", "--json").stdout)
    assert [(f["id"], f["status"]) for f in after] == [(f["id"], f["status"]) for f in before]
    assert any("大阪" in f["text"] for f in after)  # one transaction: the replacement made before the failure is undone
