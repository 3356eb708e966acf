"""A figure's unit word is read whole in any Latin letters (new-user report 21 #3: "In short: 14 g" for "14 gün")."""

from __future__ import annotations

import pytest

from mem.agent.rule_quote import figure_of


@pytest.mark.parametrize("sentence, question, figure", [
    ("Satın alma tarihinden itibaren 14 gün içinde tam iade yapılır.", "İade süresi kaç gün?", "14 gün"),
    ("Hoàn tiền trong vòng 14 ngày kể từ ngày mua.", "Thời hạn hoàn tiền là bao lâu?", "14 ngày"),
    ("Refunds within 14 days of purchase.", "How many days do I have?", "within 14 days"),
])
def test_unit_word_is_not_cut_at_its_first_accent(sentence, question, figure):
    assert figure_of(sentence, question) == figure


@pytest.mark.parametrize("body, question, rule", [
    ("Versandkosten werden erstattet.\nGeschenkgutscheine sind nicht erstattungsfähig.\n",
     "Sind Geschenkgutscheine erstattungsfähig?", "Geschenkgutscheine sind nicht erstattungsfähig."),
    ("Phí gửi trả hàng là 30.000 đồng, trừ khi sản phẩm bị lỗi.\nHoàn tiền trong vòng 14 ngày.\n",
     "Phi gui tra hang la bao nhieu?", "Phí gửi trả hàng là 30.000 đồng, trừ khi sản phẩm bị lỗi."),
])
def test_a_question_meets_its_rule_whatever_its_accents(body, question, rule):
    # the rule's sentences are indexed in the search form (NFC, accents folded): the question is read in it too
    from mem.agent.rule_quote import choose_rule

    assert choose_rule(body, question).chosen == [rule]
