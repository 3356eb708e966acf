"""Another person writing in the customer's chat (newuser24 #5; docs/extraction.md "Someone else writing for the
holder"): a husband or an assistant who says who they are to the customer and then gives their *own* e-mail, phone or
address gives no value of the customer's — the words are kept, with their speaker, in no slot of the customer's — while
a value they give *for* the customer ("her new address is …") is the customer's. Sentences are this file's own."""

from __future__ import annotations

from datetime import date

import pytest

from mem.customers.delegates import delegate_of
from mem.customers.fact_candidates import Turn, deterministic_candidates

DAY = date(2026, 5, 4)
HOLDER = "Ines Duarte"


def _candidates(speaker: str, text: str):
    turns = [Turn("t1", "customer", "Hello, my parcel B-20417 has not arrived yet.", speaker=HOLDER, day=DAY),
             Turn("t2", "customer", text, speaker=speaker, day=DAY)]
    return [c for c in deterministic_candidates(turns, log_id="c", reference=DAY)
            if any(e.turn == "t2" for e in c.evidence)]


@pytest.mark.parametrize("speaker, text, value", [
    ("Rui Duarte", "This is her husband. My email is rui.d@example.pt, please send the invoices there.", "rui.d"),
    ("Rui Duarte", "Rui here, Ines's husband. My phone number is 912 555 014.", "912"),
    ("Tomas Vale", "Hi, I'm Ines's assistant. I live at 8 Rua Augusta, Lisbon now.", "Rua Augusta"),
    ("Tomas Vale", "Hi, I'm her assistant. My address is 22 Quay Street, Galway.", "Quay Street"),
    ("박준서", "저는 이네스 남편인데요, 제 주소는 서울시 마포구 양화로 45 이에요.", "양화로"),
    ("박준서", "이네스 남편이에요. 제 번호는 010-4821-7730 입니다.", "4821"),
])
def test_the_other_writer_s_own_value_is_no_value_of_the_customer_s(speaker, text, value):
    candidates = _candidates(speaker, text)
    assert candidates, "the words are kept"
    for candidate in candidates:
        assert candidate.slot is None or value not in candidate.slot.value, candidate
        assert not [s for s in candidate.shapes if value in s.value], candidate
        assert candidate.evidence[0].speaker == speaker


@pytest.mark.parametrize("text, value", [
    ("This is her husband. Her new address is 31 Mill Road, Cork.", "31 Mill Road"),
    ("Hi, I'm Ines's assistant. Her new number is 913 555 202.", "913555202"),
])
def test_a_value_the_other_writer_gives_for_the_customer_is_the_customer_s(text, value):
    candidates = _candidates("Rui Duarte", text)
    assert [c for c in candidates if c.slot is not None and value.replace(" ", "") in c.slot.value.replace(" ", "")]


def test_the_customer_s_own_turns_after_the_introduction_are_still_hers():
    turns = [Turn("t1", "customer", "This is her husband, she asked me to follow up.", speaker="Rui Duarte", day=DAY),
             Turn("t2", "customer", "My email is ines.d@example.pt, thanks Rui.", speaker=HOLDER, day=DAY)]
    candidates = deterministic_candidates(turns, log_id="c", reference=DAY)
    assert [c for c in candidates if c.slot is not None and c.slot.name == "email" and "ines.d" in c.slot.value]


@pytest.mark.parametrize("text", ["This is her husband.", "It's his daughter here.", "저는 이네스 남편인데요"])
def test_the_holder_named_by_a_pronoun_or_after_the_speaker_s_own_subject_is_an_introduction(text):
    assert delegate_of([text]) is not None


def test_the_mark_is_stored_and_the_answer_tells_the_detail_back_as_the_writer_s(isolated_env, tmp_path):
    import json

    from mem.agent.blocks import Block
    from mem.agent.compose import _fact_line
    from mem.core.config import Config
    from mem.customers import CustomerStore, extract_pending
    from mem.customers.fact_record import Evidence

    log = tmp_path / "chat.jsonl"
    log.write_text("".join(json.dumps(line) + "\n" for line in [
        {"time": "2026-05-04T10:00:00Z", "speaker": HOLDER, "text": "My email is ines.d@example.pt."},
        {"time": "2026-05-04T10:03:00Z", "speaker": "Rui Duarte",
         "text": "This is her husband. My email is rui.d@example.pt, use mine for the invoices."},
    ]), encoding="utf-8")
    with CustomerStore.open(tmp_path, "ines") as store:
        store.log.import_file(log)
        extract_pending(store, config=Config.load(home=tmp_path, env={}))
        hit = store.facts.search("customer's email", limit=5)
        facts = store.facts.list(statuses=["active"])
    assert "ines.d@example.pt" in hit[0].fact.text
    husband = [f for f in facts if "rui.d@" in f.text]
    assert husband and all(e.others_own for f in husband for e in f.evidence if e.role == "customer")
    evidence = husband[0].evidence[0]
    assert Evidence.from_dict(evidence.to_dict()) == evidence
    assert "others_own" not in Evidence("l", "t", "customer", "words").to_dict()  # older records read the same
    block = Block(memory="fact", id="F1", title="event", text="", date="2026-05-04", status="active",
                  quote="My email is rui.d@example.pt", data={"others_own": "Rui Duarte", "fact_text": "x"})
    line = _fact_line(block, "en")
    assert "Rui Duarte's own details, not yours" in line and "as you told us" not in line
