"""The learned slot recogniser (``mem.customers.slot_model``): a sentence no rule reads a slot in, placed by the
model, replaces the value held (history kept) and answers the slot's question; a look-alike about someone else,
or a state that has ended, replaces nothing. A small hand-set model stands in for the shipped weights, so these
tests pin the mechanism, not one training run (no weights ship: docs/extraction.md, "A learned slot
recogniser")."""

from __future__ import annotations

import subprocess
import sys
import zlib

import pytest

from mem.customers import slot_model
from mem.customers.slot_model import CLASSES, SlotModel
from mem.customers.slots import find_slot, slot_in

from .test_update_structure import _active, _run

DIM = 1 << 12


def _toy() -> SlotModel:
    """'member' says a plan, 'parcels' an address; anything else is none."""
    tables = [[0.0] * DIM for _ in CLASSES]
    for word, name in (("member", "tier"), ("parcels", "address")):
        tables[CLASSES.index(name)][zlib.crc32(word.encode(), 1) & (DIM - 1)] = 8.0
    bias = [3.0 if name == "none" else 0.0 for name in CLASSES]
    return SlotModel(tables, bias, 0.8)


@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch) -> SlotModel:
    model = _toy()
    monkeypatch.setattr(slot_model, "model", lambda: model)
    return model


@pytest.mark.parametrize("text", ["I'm a Hot Desk member.", "Put me down as a Dedicated Desk member from now on.",
                                  "Send my parcels to the Forge Building.", "My parcels go to the Old Mill now."])
def test_the_sentences_below_are_read_by_no_rule(text):
    assert slot_in(text) is None or text.startswith("My parcels")  # (the rules read a delivery place there)


def test_a_plan_change_only_the_model_recognises_replaces_the_plan(isolated_env, tmp_path, toy):
    assert find_slot("Put me down as a Dedicated Desk member from now on.") is None
    with _run(tmp_path, [
        [("customer", "I'm a Hot Desk member."), ("agent", "Thanks, noted.")],
        [("customer", "Put me down as a Dedicated Desk member from now on."), ("agent", "Will do.")],
    ]) as store:
        assert not any("Hot Desk" in text for text in _active(store))
        old = [f for f in store.facts.list(statuses=["replaced"]) if "Hot Desk" in f.text]
        assert old and old[0].superseded_by  # kept in history, linked to what replaced it
        assert "Dedicated Desk" in store.facts.search("which plan is the customer on", limit=3)[0].fact.text


def test_an_address_change_only_the_model_recognises_replaces_the_address(isolated_env, tmp_path, toy):
    with _run(tmp_path, [
        [("customer", "Send my parcels to the Forge Building."), ("agent", "Sure.")],
        [("customer", "Send my parcels to the Old Mill from now on."), ("agent", "Done.")],
    ]) as store:
        assert not any("Forge" in text for text in _active(store))
        assert "Old Mill" in store.facts.search("what is the customer's shipping address", limit=3)[0].fact.text


@pytest.mark.parametrize("later", [
    "Send my mum's parcels to the Old Mill.",  # someone else's value
    "My brother is a Dedicated Desk member.",  # someone else's plan
    "I used to be a Dedicated Desk member.",  # the past told as history
    "I was previously a Dedicated Desk member.",  # a state that has ended
])
def test_a_look_alike_the_model_would_place_replaces_nothing(isolated_env, tmp_path, toy, later):
    first = "I'm a Hot Desk member." if "member" in later else "Send my parcels to the Forge Building."
    conversations = [[("customer", first), ("agent", "Thanks.")], [("customer", later), ("agent", "OK.")]]
    with _run(tmp_path, conversations) as store:
        assert any(first.rstrip(".") in text for text in _active(store))


def test_a_plan_named_again_by_a_sentence_only_the_model_places_keeps_it(isolated_env, tmp_path, toy):
    """The model names no value: a later sentence it places that names the value held is not a change."""
    with _run(tmp_path, [
        [("customer", "We're on the Gold plan."), ("agent", "Thanks.")],
        [("customer", "Gold member here, quick question about invoices."), ("agent", "Sure.")],
    ]) as store:
        assert any("Gold plan" in text for text in _active(store))


def test_without_weights_the_rules_run_alone(isolated_env, tmp_path, monkeypatch):
    monkeypatch.setattr(slot_model, "model", lambda: None)
    with _run(tmp_path, [
        [("customer", "I'm a Hot Desk member."), ("agent", "Thanks, noted.")],
        [("customer", "Put me down as a Dedicated Desk member from now on."), ("agent", "Will do.")],
    ]) as store:
        assert any("Hot Desk" in text for text in _active(store))


def test_a_dumped_model_loads_with_the_same_probabilities(tmp_path):
    model = _toy()
    path = tmp_path / "slots.bin"
    model.dump(path)
    loaded = SlotModel.load(path)
    assert (loaded.classes, loaded.threshold, loaded.dim) == (CLASSES, 0.8, DIM)
    for sentence in ("I'm a Gold member.", "택배는 경비실에 맡겨 주세요.", "会員証の名前を変えてください。"):
        assert loaded.probabilities(sentence) == pytest.approx(model.probabilities(sentence), abs=1e-3)


def test_mem_help_never_reads_the_slot_weights():
    code = ("import sys\nfrom mem.cli.main import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "module = sys.modules.get('mem.customers.slot_model')\n"
            "print('LOADED=' + str(bool(module and module.model.cache_info().currsize)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "LOADED=False"
