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
