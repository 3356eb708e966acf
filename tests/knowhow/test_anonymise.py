"""Client-side anonymisation: personal identifiers removed, pseudonyms countable but not identifying."""

from __future__ import annotations

import stat

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
    assert polarity("We declined the refund") == "negative"
    assert polarity("We agreed to a partial refund") == "positive"
