"""A heading is context for the sentences under it, never the rule itself (newuser29 #1, #2).

A list under "What we do not match" rules its items out though no item's own words say so; a FAQ's question line
("## Can I add an item to an order I already placed?") is what the answer under it is about, not the answer.
"""

from __future__ import annotations

import pytest

from mem.agent.answering import answer_question
from mem.agent.rule_quote import choose_rule, excluded_by_heading, in_short, subheadings_over
from tests.agent.conftest import FakeService, page

NOT_MATCHED = ("1. Prices on Amazon Marketplace, eBay or other marketplaces.\n\n"
               "2. Clearance, outlet or Black Friday prices.\n\n"
               "3. Prices that need a membership or a voucher code.\n")
MATCHED = ("We match the price of another Irish retailer when the item is:\n\n"
           "1. the same brand, model and colour;\n\n2. in stock at the other retailer.\n")


def _first_policy(answer) -> dict:
    return next(b for b in answer.retrieved if b["memory"] == "policy")


def test_an_item_under_a_heading_of_what_is_not_done_is_a_no():
    service = FakeService([page("what-we-do-not-match", "policy", "What we do not match", 1, NOT_MATCHED),
                           page("what-we-match", "policy", "What we match", 1, MATCHED)])
    answer = answer_question("Do you match Black Friday prices?", service=service, customer=None)
    first = _first_policy(answer)
    assert first["id"] == "what-we-do-not-match"
    assert first["quote"] == "Clearance, outlet or Black Friday prices."
    assert tuple(first["data"]["in_short"]) == ("no", "")
    assert "No" in answer.text.split("\n\n")[1]


@pytest.mark.parametrize("title, body, sentence", [
    ("What we do not match", NOT_MATCHED, "Clearance, outlet or Black Friday prices."),
    ("Items we can't take back", "- Opened earbuds\n- Gift cards\n", "Gift cards"),
    ("Not covered", "- Water damage\n- Lost devices\n", "Water damage"),
    ("교환 불가 상품", "- 세일 상품\n- 개봉한 화장품\n", "개봉한 화장품"),
    ("보상 제외 대상", "- 고객 부주의로 인한 파손\n- 분실\n", "분실"),
    ("返品できない商品", "- 開封済みのイヤホン\n- ギフトカード\n", "ギフトカード"),
    ("対象外となるもの", "1. セール品\n2. 福袋\n", "福袋"),
])
def test_a_heading_of_exclusions_rules_its_items_out_in_three_languages(title, body, sentence):
    assert excluded_by_heading(body, sentence, title)


@pytest.mark.parametrize("title, body, sentence", [
    ("What we match", MATCHED, "the same brand, model and colour;"),
    ("Things we don't charge for", "- Gift wrapping\n- Returns by post\n", "Gift wrapping"),
    ("If we cannot deliver", "- We call you to rebook.\n- We refund the delivery fee.\n",
     "We refund the delivery fee."),
    ("Can't log in?", "- Reset your password from the login page.\n", "Reset your password from the login page."),
    ("배송이 불가한 경우", "- 고객센터에서 연락드립니다.\n", "고객센터에서 연락드립니다."),
    ("返品できない場合", "・お電話でご連絡します。\n", "お電話でご連絡します。"),
    # a sentence of the page that is no list item is the page's own rule
    ("What we do not match", "We do not match prices of marketplaces.\n", "We do not match prices of marketplaces."),
])
def test_a_heading_that_names_a_case_asks_or_includes_excludes_nothing(title, body, sentence):
    assert not excluded_by_heading(body, sentence, title)


def test_the_nearest_sub_heading_decides_not_the_page_title():
    body = "## What we match\n\n- Prices of Irish retailers\n\n## What we do not match\n\n- Black Friday prices\n"
    assert not excluded_by_heading(body, "Prices of Irish retailers", "Price match")
    assert excluded_by_heading(body, "Black Friday prices", "Price match")


FAQ = ("## Can I change my delivery address after ordering?\n\n"
       "Yes, until the order has been dispatched. Contact us by chat and we will update it.\n\n"
       "## Can I add an item to an order I already placed?\n\n"
       "No. Please place a second order; delivery on the second one is free on request.\n\n"
       "## Do you offer click and collect?\n\n"
       "Yes. Click and collect is free and orders are ready in our stores within 2 hours.\n")


def test_a_faq_question_line_is_never_the_rule_its_answer_is():
    rule = choose_rule(FAQ, "Can I add an item to an order I already placed?", heading="Orders")
    assert "Can I add an item to an order I already placed?" not in rule.sentences
    assert rule.sentences == ["No.", "Please place a second order; delivery on the second one is free on request."]
    assert in_short("Can I add an item to an order I already placed?", rule.ranked) == ("no", "")


def test_a_faq_answer_is_held_by_its_question_heading_in_the_answer():
    service = FakeService([page("orders", "policy", "Orders", 1, FAQ)])
    answer = answer_question("Do you offer click and collect?", service=service, customer=None)
    first = _first_policy(answer)
    assert "Click and collect is free" in first["quote"]
    assert "Do you offer click and collect?" not in first["quote"]
    assert subheadings_over(FAQ, ["Yes."]) == "Do you offer click and collect?"


def test_a_faq_in_korean_and_japanese_quotes_the_answer_not_the_question():
    ko = "## 주문 후 배송지를 변경할 수 있나요?\n\n네. 출고 전까지 채팅으로 변경해 드립니다.\n\n" \
         "## 주문한 상품을 추가할 수 있나요?\n\n아니요. 새로 주문해 주셔야 합니다.\n"
    rule = choose_rule(ko, "주문한 상품을 추가할 수 있나요?", heading="주문")
    assert "주문한 상품을 추가할 수 있나요?" not in rule.sentences and rule.sentences
    ja = "## 注文後に商品を追加できますか？\n\nいいえ。新しくご注文いただく必要があります。\n\n" \
         "## 注文後にお届け先を変更できますか？\n\nはい。発送前であればチャットで変更できます。\n"
    rule = choose_rule(ja, "注文後に商品を追加できますか？", heading="注文")
    assert "注文後に商品を追加できますか？" not in rule.sentences and rule.sentences
