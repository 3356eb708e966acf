"""A breadcrumb trail before a document's first section is the site's navigation, not a page of the policy (new-user
report 32 #11's survey: five help-centre pages of the QA bench were pages whose one "rule" was "Help Centre > Prices >
Tariffs and charges")."""

from __future__ import annotations

from pathlib import Path

import pytest

from mem.policies.readers import Block, Document
from mem.policies.sectioning import is_breadcrumb, plan_topics


@pytest.mark.parametrize("line", ["Help Centre > Tickets and fares > Fares and discounts", "홈 > 고객센터 > 이용안내",
                                  "ホーム › ヘルプ › 料金", "Home » Support » Returns"])
def test_a_trail_of_three_short_parts_is_a_breadcrumb(line):
    assert is_breadcrumb(line)


@pytest.mark.parametrize("line", ["Help Centre > Billing", "Refunds are paid when A > B > C.",
                                  "Gold > Silver > Bronze members get 5% off. Ask us.", "Tier: Gold > Silver > Bronze",
                                  "Effective 2026-09-01. Larkspur Books, online shop and cafés.",
                                  "이 약관은 회원 > 비회원 순서로 적용합니다."])
def test_a_sentence_with_a_greater_than_sign_is_not(line):
    assert not is_breadcrumb(line)


def _doc(*blocks: Block) -> Document:
    return Document(path=Path("fares-and-discounts.md"), kind="markdown", data=b"", blocks=list(blocks))


def test_a_preamble_that_is_only_a_breadcrumb_makes_no_page():
    _, topics = plan_topics(_doc(Block("Fares and discounts", 1), Block("Help Centre > Tickets > Fares and discounts"),
                                 Block("Adult fares", 2), Block("An adult single costs £12."),
                                 Block("Child fares", 2), Block("A child single costs £6.")))
    assert [t.title for t in topics] == ["Adult fares", "Child fares"]
    assert all("Help Centre" not in b.text for t in topics for b in t.blocks)


def test_a_preamble_with_text_keeps_its_page_without_the_trail():
    _, topics = plan_topics(_doc(Block("Fares and discounts", 1), Block("Help Centre > Tickets > Fares and discounts"),
                                 Block("These fares apply to every sailing from 1 March 2026."),
                                 Block("Adult fares", 2), Block("An adult single costs £12."),
                                 Block("Child fares", 2), Block("A child single costs £6.")))
    assert [t.title for t in topics][1:] == ["Adult fares", "Child fares"]
    assert [b.text for b in topics[0].blocks] == ["These fares apply to every sailing from 1 March 2026."]
