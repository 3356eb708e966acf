"""The semantic engine's rule for a named case (``Retrieval._named_case``): a question that names a day, a time, a
count… against the first page's sentence that states the range of that kind, just under the threshold."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from mem.agent import retrieval as retrieval_module
from mem.agent.retrieval import NAMED_BELOW, NAMED_DEPTH, Retrieval
from mem.agent.semantic import Match
from tests.agent.conftest import FakeService, page

THRESHOLD = 0.5
HOURS = "The repair desk is open Tuesday to Saturday, from 10am to 4pm."
LIMIT = "We service up to 3 bikes per household in any one week."
FRIENDLY = "Our repair desk staff are trained by the national cycling body."
BINS = "Recycling bins beside the Harbour Room are emptied on Tuesdays."
BODY = "\n".join([FRIENDLY, HOURS, LIMIT, BINS, "Room bookings are taken by phone."]) + "\n"


@dataclass
class Threshold:
    """What ``_named_case`` reads of the semantic layer: its threshold."""

    threshold: float = THRESHOLD


def rescue(question: str, ranked: list[tuple[float, str]]) -> Match | None:
    first = page("bike-repairs", "policy", "Bike repairs", 1, BODY)
    engine = Retrieval(service=FakeService([first]), customer=None, semantic=Threshold())  # type: ignore[arg-type]
    (score, sentence), *following = ranked
    match = Match(page_id=first.id, sentence=sentence, similarity=0.8, score=score, close=("x",),
                  following=tuple(following))
    return engine._named_case(question, first, match)


def test_the_candidate_stating_the_days_answers_just_under_the_threshold():
    found = rescue("is the repair desk open on a Monday?", [(THRESHOLD - NAMED_BELOW / 2, HOURS)])
    assert found is not None and found.sentence == HOURS


def test_a_sentence_further_down_that_states_the_range_is_quoted_first():
    question = "can the repair desk take my 5 bikes this week?"
    found = rescue(question, [(THRESHOLD - 0.01, FRIENDLY), (THRESHOLD - 0.02, LIMIT)])
    assert found is not None and found.sentence == LIMIT and found.score == THRESHOLD - 0.02
    assert found.close == ()  # the first candidate's close neighbours are not the new one's


def test_too_far_under_the_threshold_or_too_deep_is_no_rule():
    question = "is the repair desk open on a Monday?"
    assert rescue(question, [(THRESHOLD - NAMED_BELOW - 0.005, HOURS)]) is None
    deep = [(THRESHOLD - 0.001, FRIENDLY)] * (NAMED_DEPTH + 1) + [(THRESHOLD - 0.002, HOURS)]
    assert rescue(question, deep) is None


@pytest.mark.parametrize("question, sentence", [
    # no case named: the question asks about the desk, not a day or a count
    ("are the repair desk staff trained?", HOURS),
    # a day named, a count's limit stated: another kind
    ("can the repair desk service my bikes on a Sunday?", LIMIT),
    # the days stated, but none of the question's words: a schedule of something else
    ("do you open on a Monday?", "Deliveries arrive Wednesday to Friday."),
    # the only words shared are a proper name's: the place, not the case
    ("can I hire the Harbour Room on a Sunday?", BINS),
])
def test_look_alikes_are_not_rescued(question, sentence):
    assert rescue(question, [(THRESHOLD - 0.01, sentence)]) is None


def test_the_bar_moves_with_named_below(monkeypatch):
    question = "is the repair desk open on a Monday?"
    monkeypatch.setattr(retrieval_module, "NAMED_BELOW", 0.0)
    assert rescue(question, [(THRESHOLD - 0.001, HOURS)]) is None


def test_a_name_with_the_case_words_beside_it_is_rescued():
    """The control of the proper-name look-alike: the same name, and the hiring the question asks about."""
    found = rescue("can I hire the Harbour Room on a Sunday?",
                   [(THRESHOLD - 0.01, "You can hire the Harbour Room from Friday to Sunday.")])
    assert found is not None
