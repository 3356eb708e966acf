"""What ``mem log import`` reads from the shapes real exports take: model-API content parts, HTML
bodies, quoted e-mail history, times with a UTC offset (new-user report 11)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.core.errors import InvalidInput
from mem.customers import CustomerStore


@pytest.fixture
def home(isolated_env: Path) -> Path:
    return isolated_env


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    return path


def imported(home: Path, path: Path, **kwargs) -> list:
    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(path, **kwargs)
        return [t for c in store.log.conversations() for t in c.turns]


# report section 3 -----------------------------------------------------------------------------------------------
def test_every_part_type_that_carries_text_is_read(home, tmp_path):
    path = write_jsonl(tmp_path / "resp.jsonl", [
        {"role": "user", "content": [{"type": "input_text", "text": "My order arrived broken."}],
         "time": "2026-11-01T10:00:00Z"},
        {"role": "assistant", "content": [{"type": "output_text", "text": "We will ship a replacement.",
                                           "annotations": []}], "time": "2026-11-01T10:01:00Z"},
        {"role": "assistant", "content": [{"type": "text", "text": {"value": "Tracking follows.",
                                                                    "annotations": []}}],
         "time": "2026-11-01T10:02:00Z"},
        {"role": "user", "content": [{"type": "input_image", "image_url": "data:…"}], "time": "2026-11-01T10:03:00Z"},
    ])
    with CustomerStore.open(home, "acme") as store:
        report = store.log.import_file(path)
        turns = [t for c in store.log.conversations() for t in c.turns]
    assert [t.text for t in turns] == ["My order arrived broken.", "We will ship a replacement.", "Tracking follows."]
    assert report["skipped_empty"] == 1  # a photo alone is an empty message, as before


def test_a_message_whose_parts_carry_no_text_is_refused_naming_the_part_type(home, tmp_path):
    path = write_jsonl(tmp_path / "tool.jsonl", [
        {"role": "user", "content": "Hello", "time": "2026-11-01T10:00:00Z"},
        {"role": "assistant", "content": [{"type": "tool_call", "id": "c1"}], "time": "2026-11-01T10:01:00Z"},
    ])
    with pytest.raises(InvalidInput, match=r"line 2: 'content' has no text part \(part types: tool_call\)"):
        imported(home, path)


# report section 12 ----------------------------------------------------------------------------------------------
def test_agent_speaker_matches_without_regard_to_case_or_surrounding_spaces(home, tmp_path):
    path = write_jsonl(tmp_path / "sp.jsonl", [
        {"speaker": "Dana", "text": "Can you send a replacement?", "time": "2026-11-01T10:00:00Z"},
        {"speaker": " acme  support ", "text": "Yes, we will ship one.", "time": "2026-11-01T10:01:00Z"},
    ])
    turns = imported(home, path, agent_speakers=["Acme Support"])
    assert [t.role for t in turns] == ["customer", "agent"]


def test_a_lower_case_rfc_3339_time_is_read(home, tmp_path):
    path = write_jsonl(tmp_path / "t.jsonl", [{"role": "user", "text": "Hi", "time": "2026-12-05t02:30:00z"}])
    assert imported(home, path)[0].time.isoformat() == "2026-12-05T02:30:00+00:00"


def test_a_time_before_1990_imports_with_one_warning_naming_the_lines(mem, tmp_path):
    path = write_jsonl(tmp_path / "zero.jsonl", [
        {"role": "user", "text": "I live in Oslo.", "time": 0},
        {"role": "user", "text": "Hello.", "time": "2026-11-01T10:00:00Z"},
        {"role": "user", "text": "I moved.", "time": "1970-01-02"},
    ])
    result = mem("log", "import", str(path), "--customer", "c1")
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "before 1990" in line]
    assert len(warnings) == 1 and "lines 1, 3:" in warnings[0]
    assert "imported 3 turns" in result.stderr


def facts_of(mem, customer: str, *extra: str) -> list[dict]:
    assert mem("extract", "--customer", customer).exit_code == 0
    result = mem("--json", "facts", "list", "--customer", customer, *extra)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# report section 5 -----------------------------------------------------------------------------------------------
def test_an_html_body_is_stored_as_its_text_and_its_facts_are_found(home, mem, tmp_path):
    path = write_jsonl(tmp_path / "ic.jsonl", [
        {"role": "user", "body": "<p>Hi team,</p><p>I moved to <b>Lisbon</b> last month.&nbsp;My name is "
                                 "Ana Souza.</p><p>It&#39;s urgent.</p>", "created_at": 1764000000},
    ])
    result = mem("--json", "log", "import", "-c", "ic", str(path))
    assert result.exit_code == 0 and json.loads(result.stdout)["html_messages"] == 1
    with CustomerStore.open(home, "ic") as store:
        [turn] = [t for c in store.log.conversations() for t in c.turns]
    assert turn.text == "Hi team,\nI moved to Lisbon last month. My name is Ana Souza.\nIt's urgent."
    facts = facts_of(mem, "ic")
    quotes = [e["quote"] for f in facts for e in f["evidence"]]
    assert any("Lisbon" in q for q in quotes) and any("Ana Souza" in q for q in quotes)
    assert not any("<" in q or "&" in q for q in quotes)


@pytest.mark.parametrize("text, rendered", [
    ("a < b, I <3 it, Dana <dana@example.com>", "a < b, I <3 it, Dana <dana@example.com>"),  # not HTML
    ("Tom &amp; Jerry&#39;s order", "Tom & Jerry's order"),  # an escaped plain-text export
    ("My name is _Ana Souza_, I live in **Lisbon**; my_order_id and 2*3*4 stay",
     "My name is Ana Souza, I live in Lisbon; my_order_id and 2*3*4 stay"),
])
def test_what_counts_as_markup(home, tmp_path, text, rendered):
    path = write_jsonl(tmp_path / "m.jsonl", [{"role": "user", "text": text, "time": "2026-11-01T10:00:00Z"}])
    assert imported(home, path)[0].text == rendered


def test_markdown_emphasis_does_not_hide_a_name(mem, tmp_path):
    path = write_jsonl(tmp_path / "md.jsonl", [
        {"role": "user", "text": "My name is _Ana Souza_.", "time": "2026-11-01T10:00:00Z"}])
    assert mem("log", "import", "-c", "md", str(path)).exit_code == 0
    facts = facts_of(mem, "md")
    assert any("Ana Souza" in f["text"] and "_" not in f["text"] for f in facts), facts


# report section 6 -----------------------------------------------------------------------------------------------
def test_quoted_email_history_is_not_read_as_new_statements(mem, tmp_path):
    path = write_jsonl(tmp_path / "em.jsonl", [
        {"role": "user", "text": "Hello, I live in Boston and my order is late.", "time": "2026-10-01T10:00:00Z",
         "conversation": "e1"},
        {"role": "user", "text": "Update: I moved to Seattle last week, please use the new address.",
         "time": "2026-11-01T10:00:00Z", "conversation": "e2"},
        {"role": "user", "text": "Thanks, that works.\n\nOn Wed, Oct 1, 2026 at 10:00 AM Dana <dana@example.com> "
                                 "wrote:\n> Hello, I live in Boston and my order is late.",
         "time": "2026-11-05T10:00:00Z", "conversation": "e3"},
    ])
    result = mem("--json", "log", "import", "-c", "em", str(path))
    assert result.exit_code == 0 and json.loads(result.stdout)["quoted_history"] == 1
    facts = facts_of(mem, "em", "--all")
    quotes = [e["quote"] for f in facts for e in f["evidence"]]
    assert not any("wrote:" in q or q.startswith(">") for q in quotes), quotes
    active = [f["text"] for f in facts if f["status"] == "active"]
    assert any("Seattle" in text for text in active) and not any("Boston" in text for text in active), facts


@pytest.mark.parametrize("text", [
    "Danke.\n\nAm Mi., 1. Okt. 2026 um 10:00 Uhr schrieb Dana <dana@example.com>:\n> Ich wohne in Berlin.",
    "Danke.\nLe mer. 1 oct. 2026 à 10:00, Dana <dana@example.com> a écrit :\n> J'habite à Paris.",
    "Danke.\nOn Wed, Oct 1, 2026 at 10:00 AM Dana With A Long Name <dana@example.com>\nwrote:\n> old",
    "Danke.\n---------- Forwarded message ---------\nFrom: Shop <s@example.com>\nDate: Mon\nSubject: x\n\nold",
    "Danke.\n\nFrom: Dana\nSent: Monday, October 1, 2026\nTo: Support\nSubject: Re: order\n\nold",
    "Danke.\n-----Original Message-----\nold",
    "Danke.\n2026年10月1日(水) 10:00 Dana <dana@example.com>:\n> 古い",
    "<div>Danke.</div><div class='gmail_quote'><div>On Wed Dana wrote:</div>"
    "<blockquote>old <b>x</b></blockquote></div>",
])
def test_quoted_history_in_common_client_formats_is_left_out(home, tmp_path, text):
    path = write_jsonl(tmp_path / "q.jsonl", [{"role": "user", "text": text, "time": "2026-11-01T10:00:00Z"}])
    assert imported(home, path)[0].text == "Danke."


@pytest.mark.parametrize("text", [
    "---------- Forwarded message ---------\nFrom: Dana <d@example.com>\nDate: Mon, 3 Feb\nSubject: invoices\n\n"
    "Please use dana.new@example.net from now on.\n\nFrom: Dana\nSent: Monday\nSubject: older\n\nold",
    "-----Original Message-----\nPlease use dana.new@example.net from now on.",
    "From: Dana\nSent: Monday, 3 February 2026\nTo: Support\nSubject: invoices\n\n"
    "Please use dana.new@example.net from now on.",
])
def test_a_forward_with_nothing_above_keeps_what_it_forwards(home, tmp_path, text):
    # a customer forwarding their own mail sends its body; only a reply's quoted thread is history
    path = write_jsonl(tmp_path / "f.jsonl", [{"role": "user", "text": text, "time": "2026-11-01T10:00:00Z"}])
    assert imported(home, path)[0].text == "Please use dana.new@example.net from now on."


def test_history_under_quoted_lines_is_no_forward(home, tmp_path):
    # look-alike: quoted lines, then the earlier thread — all of it history, nothing forwarded
    path = write_jsonl(tmp_path / "h.jsonl", [
        {"role": "user", "text": "Thanks!", "time": "2026-11-01T10:00:00Z"},
        {"role": "user", "text": "> I live in Boston.\n-----Original Message-----\nMy order is late.",
         "time": "2026-11-01T10:05:00Z"}])
    assert [turn.text for turn in imported(home, path)] == ["Thanks!"]


def test_a_sentence_that_says_wrote_is_kept(home, tmp_path):
    path = write_jsonl(tmp_path / "w.jsonl", [
        {"role": "user", "text": "My friend wrote:\nthe parcel is at the door.", "time": "2026-11-01T10:00:00Z"}])
    assert imported(home, path)[0].text == "My friend wrote:\nthe parcel is at the door."


# report section 4 -----------------------------------------------------------------------------------------------
def test_relative_dates_resolve_in_the_speakers_local_day(home, mem, tmp_path):
    path = write_jsonl(tmp_path / "tok.jsonl", [
        {"role": "user", "text": "I ordered a blue mug yesterday.", "time": "2026-11-20T08:00:00+09:00"},
        {"role": "user", "text": "I ordered a red lamp today.", "time": "2026-11-19T20:00:00-08:00",
         "conversation": "t3"},
        {"role": "user", "text": "昨日、青いマグカップを注文しました。", "time": "2026-11-20T08:00:00+09:00",
         "conversation": "t4"},
    ])
    assert mem("log", "import", "-c", "tok", str(path)).exit_code == 0
    with CustomerStore.open(home, "tok") as store:
        turns = {t.text[:10]: t for c in store.log.conversations() for t in c.turns}
    assert turns["I ordered "].time.isoformat() in ("2026-11-20T08:00:00+09:00", "2026-11-19T20:00:00-08:00")
    facts = facts_of(mem, "tok")
    said = sorted({e["said_on"] for f in facts for e in f["evidence"]})
    assert said == ["2026-11-19", "2026-11-20"], facts
    texts = " ".join(f["statement"] for f in facts)
    assert {f["valid_at"] for f in facts} == {"2026-11-19"}
    assert "blue mug yesterday (2026-11-19)" in texts and "red lamp today (2026-11-19)" in texts, texts
    assert "2026-11-18" not in texts and "(2026-11-20)" not in texts


def test_the_log_keeps_the_offset_and_a_utc_time_stays_as_it_was(home, tmp_path):
    path = write_jsonl(tmp_path / "o.jsonl", [
        {"role": "user", "text": "Hi", "time": "2026-11-20T08:00:00+09:00"},
        {"role": "user", "text": "Later", "time": "2026-11-20T09:00:00Z"},
    ])
    with CustomerStore.open(home, "acme") as store:
        [conversation] = store.log.conversations() if store.log.import_file(path) else []
        records = [json.loads(line) for line in store.log.path(conversation.id).read_text().splitlines()]
    assert [(r["time"], r.get("utc_offset")) for r in records] == [
        ("2026-11-19T23:00:00Z", "+09:00"), ("2026-11-20T09:00:00Z", None)]
    assert [t.time.isoformat() for t in conversation.turns] == [
        "2026-11-20T08:00:00+09:00", "2026-11-20T09:00:00+00:00"]


def test_turns_logged_later_take_the_customers_zone_from_the_import(home, tmp_path):
    from datetime import UTC, datetime

    path = write_jsonl(tmp_path / "z.jsonl", [
        {"role": "user", "text": "Hi", "time": "2026-11-01T08:00:00-08:00"},
        {"role": "user", "text": "Again", "time": "2026-11-10T08:00:00-08:00"},
    ])
    with CustomerStore.open(home, "acme") as store:
        store.log.import_file(path)
        conversation = store.log.new_conversation()
        late_evening = datetime(2026, 12, 5, 3, 0, tzinfo=UTC)  # 4 Dec, 19:00 in the customer's zone
        turn = store.log.append_turn(conversation, role="customer", text="I ordered it today.", time=late_evening)
        assert turn.time.isoformat() == "2026-12-04T19:00:00-08:00"
        assert store.log.get(conversation).turns[0].time.date().isoformat() == "2026-12-04"
    with CustomerStore.open(home, "fresh") as store:  # no zone known: UTC, as before
        conversation = store.log.new_conversation()
        turn = store.log.append_turn(conversation, role="customer", text="Hi", time=late_evening)
        assert turn.time.utcoffset().total_seconds() == 0
