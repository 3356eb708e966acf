"""The request log's answers are sealed in a hash chain; `mem log verify` names the first line that does
not match (NEWUSER_REPORT20 #3). An erase re-seals what it redacts, never what was broken before."""

from __future__ import annotations

import json

from mem.customers import CustomerStore, Evidence, Fact
from mem.customers.answer_chain import verify_log

EMAIL = "dana@example.org"


def _conversation(home, customer="dana") -> tuple[str, str]:
    with CustomerStore.open(home, customer) as store:
        conversation = store.log.new_conversation(session="s1")
        store.log.append_turn(conversation, role="customer", text=f"My e-mail is {EMAIL}. Refund?")
        store.log.append_turn(conversation, role="agent", text="Refunds are accepted within 14 days.",
                              meta={"engine": "deterministic", "policy_refs": []})
        store.log.append_turn(conversation, role="customer", text="And after 20 days?")
        store.log.append_turn(conversation, role="agent", text=f"No, {EMAIL}: 20 days is past the window.",
                              meta={"engine": "deterministic"})
        fact = store.facts.add(Fact.new("attribute", f"My e-mail is {EMAIL}.", evidence=[
            Evidence(conversation, f"{conversation}-0001", "customer", f"My e-mail is {EMAIL}.")]))
        return conversation, fact.id


def _path(home, conversation, customer="dana"):
    return home / "customers" / customer / "logs" / f"{conversation}.jsonl"


def _edit_line(path, number: int, text: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[number - 1])
    record["text"] = text
    lines[number - 1] = json.dumps(record, ensure_ascii=False) + "\n"
    path.write_text("".join(lines), encoding="utf-8")


def _check(home, customer="dana"):
    with CustomerStore.open(home, customer) as store:
        [check] = verify_log(store)
    return check


def test_every_answer_is_sealed_and_an_untouched_log_verifies(isolated_env):
    conversation, _ = _conversation(isolated_env)
    records = [json.loads(line) for line in _path(isolated_env, conversation).read_text().splitlines()]
    assert [bool((r.get("meta") or {}).get("chain")) for r in records] == [False, True, False, True]
    check = _check(isolated_env)
    assert check.ok and check.sealed == 2 and check.lines == 4


def test_an_edited_answer_is_named_by_its_line(isolated_env):
    conversation, _ = _conversation(isolated_env)
    _edit_line(_path(isolated_env, conversation), 2, "We promise a full refund, any time.")
    check = _check(isolated_env)
    assert not check.ok and check.line == 2


def test_an_edited_question_is_caught_by_the_answer_after_it(isolated_env):
    conversation, _ = _conversation(isolated_env)
    _edit_line(_path(isolated_env, conversation), 3, "And after 200 days?")
    assert _check(isolated_env).line == 4


def test_a_removed_last_answer_is_caught_by_the_count(isolated_env):
    conversation, _ = _conversation(isolated_env)
    path = _path(isolated_env, conversation)
    path.write_text("".join(path.read_text().splitlines(keepends=True)[:3]), encoding="utf-8")
    check = _check(isolated_env)
    assert not check.ok and "the file has 3 lines; 4 were logged" in check.problem


def test_an_erase_reseals_what_it_redacts_but_not_what_was_broken_before(isolated_env):
    conversation, fact_id = _conversation(isolated_env)
    with CustomerStore.open(isolated_env, "dana") as store:
        store.facts.erase(fact_id)
    text = _path(isolated_env, conversation).read_text()
    assert EMAIL not in text and "[erased]" in text
    assert _check(isolated_env).ok

    other, fact_id = _conversation(isolated_env, "erin")
    _edit_line(_path(isolated_env, other, "erin"), 2, "We promise a full refund, any time.")
    with CustomerStore.open(isolated_env, "erin") as store:
        store.facts.erase(fact_id)
    assert _check(isolated_env, "erin").line == 2


def test_mem_log_verify_exits_1_naming_the_line(mem, isolated_env):
    conversation, _ = _conversation(isolated_env)
    result = mem("log", "verify", "-c", "dana")
    assert result.exit_code == 0 and "4 lines, 2 sealed  ok" in result.stdout
    _edit_line(_path(isolated_env, conversation), 4, "Yes, of course.")
    result = mem("log", "verify", "-c", "dana")
    assert result.exit_code == 1
    assert f"Error: 1 conversation of dana changed after logging; the first: {conversation} line 4" in result.stderr


def test_an_answer_is_sealed_reading_only_the_lines_since_the_last_seal(isolated_env, monkeypatch):
    # parsing the whole conversation at every answer made a long one quadratic (round-20 review)
    from mem.customers import answer_chain

    with CustomerStore.open(isolated_env, "dana") as store:
        conversation = store.log.new_conversation(session="s1")
        for n in range(200):
            store.log.append_turn(conversation, role="customer", text=f"Question {n}?")
            store.log.append_turn(conversation, role="agent", text=f"Answer {n}.")
        parsed: list[str] = []
        read = answer_chain._read
        monkeypatch.setattr(answer_chain, "_read", lambda line: parsed.append(line) or read(line))
        store.log.append_turn(conversation, role="customer", text="One more?")
        store.log.append_turn(conversation, role="agent", text="One more answer.")
    assert len(parsed) <= 2
    assert _check(isolated_env).ok
