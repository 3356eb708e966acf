"""Client-side anonymisation: personal identifiers removed, pseudonyms countable but not identifying."""

from __future__ import annotations

import stat

import pytest

from mem.knowhow.anonymise import looks_personal, pseudonym, scrub, share_secret
from mem.knowhow.signature import polarity, split_decision


def test_scrub_removes_personal_identifiers():
    text = ("Mr. John Smith (john.smith@example.com, +1 415-555-0134) on order #88231 and account AC-99812 "
            "got a 50% refund 18 days after purchase")
    clean = scrub(text)
    for secret in ("John", "Smith", "john.smith", "415", "88231", "AC-99812"):
        assert secret not in clean
    assert "50% refund 18 days after purchase" in clean
    assert looks_personal(clean) is None


def test_scrub_names_ids_and_cjk_honorifics():
    assert "Kim" not in scrub("My name is Kim and we agreed", names=[])
    assert scrub("Alice Wong asked for a refund", names=["Alice Wong"]) == "[name] asked for a refund"
    assert "cust-42" not in scrub("for cust-42 we agreed", customer_ids=["cust-42"])
    assert "cust_77" not in scrub("cust_77 got it", customer_id_pattern=r"\bcust[-_][A-Za-z0-9]+\b")
    assert "김민수" not in scrub("김민수님 연간 계약이라서 50% 환불에 합의")
    assert "田中" not in scrub("田中様は年間契約なので50%返金で合意")
    assert "010-1234-5678" not in scrub("연락처 010-1234-5678")
    assert "주문번호 12345" not in scrub("주문번호 12345 환불")


def test_pseudonyms_are_stable_distinct_and_keyed(isolated_env, tmp_path):
    secret = share_secret(isolated_env)
    assert stat.S_IMODE((isolated_env / "share.key").stat().st_mode) == 0o600
    assert share_secret(isolated_env) == secret
    a, b = pseudonym(secret, "cust-a"), pseudonym(secret, "cust-b")
    assert a == pseudonym(secret, "cust-a") and a != b and "cust" not in a
    assert pseudonym(share_secret(tmp_path), "cust-a") != a  # without this home's key the id cannot be tested


def test_split_decision_and_polarity():
    assert split_decision("We agreed to a partial refund because the purchase was 18 days ago") == (
        "the purchase was 18 days ago", "We agreed to a partial refund")
    assert split_decision("If over 14 days and Enterprise, we agreed to a partial refund")[0] == (
        "over 14 days and Enterprise")
    assert split_decision("연간 계약이라서 50% 부분 환불에 합의")[0] == "연간 계약"
    assert split_decision("年間契約なので50%返金で合意")[0] == "年間契約"
    # an agreement fact: the customer's proposal, then the agent's acceptance
    assert split_decision("Since the purchase was 18 days ago on an Enterprise plan, I propose a partial refund. "
                          "→ Yes, we agree to a 50% partial refund.") == (
        "the purchase was 18 days ago on an Enterprise plan", "Yes, we agree to a 50% partial refund")
    assert split_decision("Can I get a partial refund? → Yes, we agree to a partial refund.") == (
        "Can I get a partial refund?", "Yes, we agree to a partial refund")
    assert polarity("We declined the refund") == "negative"
    assert polarity("We agreed to a partial refund") == "positive"


# Personal data in many shapes; each entry: (decision text, the pieces that must not survive).
HOSTILE = [
    ("María José García (maria.garcia@correo.es) agreed to a partial refund because the purchase was 18 days ago",
     ["María", "José", "García", "maria.garcia"]),
    ("Jean-Luc O'Brien got a partial refund because his card ending in 4242 was charged twice",
     ["Jean", "Luc", "Brien", "4242"]),
    ("The customer Müller got a refund since order no. A-99812 arrived late", ["Müller", "A-99812"]),
    ("Refund agreed: call 010-1234-5678, +82 10 9876 5432, (555) 201-7788 or 555.201.7789",
     ["1234-5678", "9876", "201-7788", "201.7789"]),
    ("We agreed because account 12-345-678 and invoice INV-2024-0042 were billed twice",
     ["12-345-678", "INV-2024-0042"]),
    ("김민수 고객이 연간 계약이라서 50% 환불에 합의 (주문번호 20240918-0012, 전화 02-123-4567)",
     ["김민수", "20240918", "123-4567"]),
    ("이영희 씨는 연간 계약이라서 부분 환불에 합의", ["이영희"]),
    ("田中 太郎 様は年間契約なので50%返金で合意（注文番号：A1234、電話 03-1234-5678）",
     ["田中", "太郎", "A1234", "1234-5678"]),
    ("ヤマダ タロウ様は年間契約なので返金で合意", ["ヤマダ", "タロウ"]),
    # NEWUSER_REPORT13 #3, in shapes of its own: addresses, a full-width phone, a spaced one before a particle
    ("名古屋市中区錦3-6-29 錦ハイツ1105号室への交換品は送料無料で合意（電話０５２－９８７－６５４３）",
     ["錦3-6-29", "1105", "９８７", "６５４３"]),
    ("광주광역시 서구 상무대로 1001, 207동 903호로 교환품 무료 발송에 합의 (010 2468 1357로 안내)",
     ["상무대로", "207동", "903호", "2468", "1357"]),
    # NEWUSER_REPORT15 #2: handles, profile links, dates of birth, plates and towns
    ("I'm @dana_w99 on Instagram (twitter.com/danawhit), born 12 March 1987, and we agreed to refund the shipping fee",
     ["dana_w99", "danawhit", "1987"]),
    ("We agreed to refund the parking fee for car KX19 ABC, left at the depot in Springfield IL",
     ["KX19", "Springfield"]),
    ("인스타 아이디 dana_w99, 1987년생, 서울 마포구에 살아요. 배송비 환불에 합의", ["dana_w99", "1987", "마포구"]),
    ("インスタのIDはdana_w99、誕生日は1987年3月12日、札幌市在住。車は品川 300 あ 12-34。送料の返金で合意",
     ["dana_w99", "1987", "札幌", "12-34"]),
]


@pytest.mark.parametrize("text,secrets", HOSTILE)
def test_scrub_hostile_inputs(text, secrets):
    clean = scrub(text)
    for secret in secrets:
        assert secret not in clean, (secret, clean)
    assert looks_personal(clean) is None


def test_scrub_keeps_the_condition_of_a_decision():
    # The lead-in "I am" / "this is" must not eat ordinary words as if they were a name.
    assert scrub("I am on the Enterprise plan and bought it 18 days ago") == (
        "I am on the Enterprise plan and bought it 18 days ago")
    assert scrub("this is about my order from last month") == "this is about my order from last month"
    assert scrub("기업 고객이라서 연간 계약 환불") == "기업 고객이라서 연간 계약 환불"  # "business customer" is no name
