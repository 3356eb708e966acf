"""Distilled facts: statements about the person, never reactions, pleasantries or import machine text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mem.core import clock
from mem.core.config import Config
from mem.customers.extract import extract_pending
from mem.customers.kinds import is_reaction
from mem.customers.store import CustomerStore


def write_log(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps({"session": "s1", "time": "2025-09-28T10:00:00", **row}, ensure_ascii=False)
                            + "\n" for row in rows), encoding="utf-8")
    return path


@pytest.fixture
def store(isolated_env):
    clock.freeze(clock.parse_datetime("2025-11-01T00:00:00Z"))
    with CustomerStore.open(isolated_env, "cust-d") as opened:
        yield opened


def run(store, isolated_env) -> list:
    report = extract_pending(store, config=Config.load(home=isolated_env, env={}))
    return [store.facts.get(fid) for fid in report.added]


@pytest.mark.parametrize("text", ["Aww, that's so cute!", "Always great chatting with you!", "Your kids are so lucky.",
                                  "Wow, that sounds awesome!", "I'm here for you.", "Long time no talk.",
                                  "That was a blast!", "Love that purple color!",
                                  "와 대박!", "すごいですね！"])
def test_reactions_and_pleasantries(text):
    assert is_reaction(text)


@pytest.mark.parametrize("text", ["I moved to Seattle last month.", "Great, the kettle arrived broken yesterday.",
                                  "I love pottery.", "The kids loved it!", "I bought it for you."])
def test_statements_are_not_reactions(text):
    assert not is_reaction(text)


# the second round of rules (docs/extraction.md, "Fact quality audit"): compliments of any length, generic
# remarks, acknowledgements, encouragement and pledges to the other person
@pytest.mark.parametrize("text", [
    "I'm so proud of you for spreading awareness and getting others involved in the community.",
    "Your words mean a lot to me.", "Really glad to have you as a friend to share my journey.",
    "You're an inspiration to us all!", "Giving a home to needy kids is such a loving way to build a family.",
    "Life's tough but it's worth it when we have things that make us happy.",
    "Our loved ones give us strength to tackle any challenge - it's amazing!", "I totally agree, Melanie.",
    "Cherish the moments - they're the best!", "I'm always here to cheer you on.", "Way to go, Jon!",
    "Push through and it'll be worth it.", "I won't quit.",
])
def test_compliments_generic_remarks_and_encouragement_are_reactions(text):
    assert is_reaction(text)


@pytest.mark.parametrize("text", [
    "The kettle is broken and the lid is so loose.", "It means a lot that you enjoy the desserts I bake.",
    "A lot's happened - I just got accepted for a fashion internship!",
    "He's a great leader and puts others first - that's why he eventually becomes king.",
    "Researching adoption agencies — it's been a dream to have a family.",
    "It's a map of Middle-earth from LOTR - it's really cool to see all the different realms and regions.",
    "The little puppy is learning commands and house training.", "I keep going to the gym on Mondays.",
    "Family's super important to me.", "We played games, ate good food, and just hung out together.",
    "We're all moving to Denver next month.", "I agree to the new terms.",
])
def test_what_the_person_tells_is_no_reaction(text):
    assert not is_reaction(text)


def test_a_bare_yes_with_a_name_is_no_answer_but_yes_i_do_is(store, isolated_env, tmp_path):
    store.log.import_file(write_log(tmp_path / "log.jsonl", [
        {"role": "agent", "text": "Want to see a pic?"}, {"role": "customer", "text": "Sure thing, Melanie!"},
        {"role": "agent", "text": "Do you have any pets?"}, {"role": "customer", "text": "Yes, I do."},
    ]))
    facts = run(store, isolated_env)
    assert [f.evidence[0].quote for f in facts] == ["Yes, I do."]


def test_you_put_in_the_work_is_no_delivery_place():
    from mem.customers.slots import find_slot

    assert find_slot("You really put in the work and it definitely shows.") is None
    assert find_slot("Please put my parcels in the shed.").name == "delivery_place"


def test_a_reaction_turn_is_no_fact_and_a_mixed_turn_keeps_the_statement(store, isolated_env, tmp_path):
    store.log.import_file(write_log(tmp_path / "log.jsonl", [
        {"role": "customer", "speaker": "Ana", "text": "Aww, that's so cute! Always great chatting with you!"},
        {"role": "customer", "speaker": "Ben", "text": "Wow, that sounds awesome! I adopted a puppy last week."},
    ]))
    facts = run(store, isolated_env)
    assert [f.evidence[0].quote for f in facts] == ["I adopted a puppy last week."]


def test_a_short_answer_is_resolved_against_the_question(store, isolated_env, tmp_path):
    store.log.import_file(write_log(tmp_path / "log.jsonl", [
        {"role": "agent", "text": "Do you have any pets?"},
        {"role": "customer", "text": "No, no pets right now. But I do love animals."},
    ]))
    [fact] = run(store, isolated_env)
    assert fact.evidence[0].quote == "No, no pets right now. But I do love animals."
    assert "(asked: Do you have any pets?)" in fact.text


def test_import_machine_text_is_never_evidence_but_stays_searchable(store, isolated_env, tmp_path):
    store.consent.set(allow=["health", "relationship", "finance"])
    store.log.import_file(write_log(tmp_path / "log.jsonl", [
        {"role": "customer", "text": "I painted this sunset last weekend. [shared a photo: a watercolor of a lake]"},
        {"role": "customer", "session": "s2", "text": "Here is my new bike, I bought it yesterday.",
         "meta": {"caption": "a red bicycle leaning on a fence"}},
    ]))
    facts = run(store, isolated_env)
    quotes = [e.quote for f in facts for e in f.evidence]
    assert quotes == ["I painted this sunset last weekend.", "Here is my new bike, I bought it yesterday."]
    assert all("photo" not in f.text and "bicycle" not in f.text for f in facts)
    # the caption's words find the fact through its context (the index's low-boost field), not its evidence
    assert store.facts.search("red bicycle fence")[0].fact.id == facts[1].id
