"""A model answer that echoes the reference-data markers never reaches the customer with them."""

from __future__ import annotations

from mem.agent import answer_question
from mem.agent.blocks import strip_markers

QUESTION = "Can I get a refund 18 days after purchase?"


def test_markers_echoed_by_the_model_are_removed_and_reported(service, customer_en, scripted_model):
    def reply(prompt: str) -> str:
        marker = prompt.split("<<DATA ", 1)[1].split(" ", 1)[0]
        return (f"<<DATA {marker} [1] memory=policy id=refund-policy version=4 verified=yes>>\n"
                "Refunds are accepted within 14 days of purchase [1].\n"
                f"<<END {marker}>>\nSo no refund after 18 days. <<DATA x memory=fact>>")

    scripted_model.script(reply)
    answer = answer_question(QUESTION, service=service, customer=customer_en, model="scripted",
                             retrieval_mode="pre")
    assert "<<" not in answer.text and ">>" not in answer.text
    assert answer.text.startswith("Refunds are accepted within 14 days of purchase [1].")
    assert "So no refund after 18 days." in answer.text
    assert "the model's answer repeated reference-data markers; mem removed them" in answer.warnings
    assert answer.citations[0].block.id == "refund-policy"


def test_a_clean_answer_is_left_alone():
    text = "Refunds are accepted within 14 days [1]. Use << and >> freely in prose."
    assert strip_markers(text, "abc123") == (text, 0)
