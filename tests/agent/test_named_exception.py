"""A rule that names a clause of its page as its exception ("except as stated in clause 5.4") is quoted with it."""

from __future__ import annotations

from mem.agent.rule_quote import choose_rule

BENEFITS = ("5.1 Free standard parcel delivery on every order. White-glove delivery, express delivery and assembly "
            "are charged at the usual price, except as stated in clause 5.4.\n\n"
            "5.2 An extended return window of 60 days from delivery.\n\n"
            "5.3 Free return labels for small parcels.\n\n"
            "5.4 A 10% discount on the Larkspur assembly service.\n")
# the same page whose rule names no clause: nothing is looked up
BENEFITS_PLAIN = BENEFITS.replace(", except as stated in clause 5.4", "")
FEES = ("7.2 If nobody is there to let us in, we charge the missed-appointment fee, except as set out in "
        "clause 7.4(b).\n\n"
        "7.3 Our technician will wait 15 minutes at the property.\n\n"
        "7.4 The missed-appointment fee is not charged:\n"
        "(a) for the first missed re-visit within a treatment plan; or\n"
        "(b) where you missed the appointment because of a medical emergency and you tell us within 48 hours.\n")


def test_the_clause_a_rule_names_as_its_exception_is_quoted_with_it():
    quote = choose_rule(BENEFITS, "Do members get free assembly?", heading="Member benefits")
    assert any("are charged at the usual price" in s for s in quote.sentences)
    assert any(s.startswith("5.4 A 10% discount") for s in quote.sentences)


def test_a_rule_that_names_no_clause_is_quoted_alone():
    quote = choose_rule(BENEFITS_PLAIN, "Do members get free assembly?", heading="Member benefits")
    assert quote.sentences
    assert not any(s.startswith("5.4") for s in quote.sentences)


def test_an_exception_that_holds_none_of_the_question_is_not_quoted():
    # 5.4 is about assembly; the customer asks about express shipping
    quote = choose_rule(BENEFITS, "is express delivery free for members?", heading="Member benefits")
    assert any("express delivery" in s for s in quote.sentences)
    assert not any(s.startswith("5.4") for s in quote.sentences)


def test_a_named_item_is_quoted_with_its_lead_in():
    quote = choose_rule(FEES, "do I pay the missed-appointment fee?", heading="Cancellation and access")
    assert quote.sentences[0].startswith("7.2 ")
    assert "7.4 The missed-appointment fee is not charged:" in quote.sentences
    assert any(s.startswith("(b) where you missed") for s in quote.sentences)
    assert not any(s.startswith("(a)") for s in quote.sentences)
    assert len(quote.sentences) <= 3
