"""Twenty-seventh round, a privacy audit (newuser27 #1, #2, #5, #7, #8): customer data must not cross the wall
through know-how. The sentences here are this test's own, not the auditor's."""

from __future__ import annotations

import subprocess

import pytest

from mem.core.config import NAMES_FILE, Config
from mem.core.errors import Refused
from mem.core.text.personal import name_parts, names_in, scrub, without_doubtful_sentences
from mem.core.text.secret_data import mask_secrets
from mem.server.intake import approve_candidate, list_candidates
from mem.server.storage import open_store


def _known(*own_texts: str) -> list[str]:
    """The names ``mem share`` scrubs for a customer whose own facts are ``own_texts`` (client/share_upload.py)."""
    return name_parts(names_in(own_texts))


# --- #2 (a): the customer's own name, in any case and by its parts ---


@pytest.mark.parametrize(
    ("own", "expected"),
    [
        ("My name is priya raman.", "priya raman"),
        ("my name's Ingrid Solberg", "Ingrid Solberg"),
        ("call me marek", "marek"),
        ("this is lukas brandt", "lukas brandt"),
        ("제 이름은 박서윤입니다.", "박서윤"),
        ("저는 남궁지우예요", "남궁지우"),
        ("私の名前は山本美咲です。", "山本美咲"),
        ("名前は翔太です", "翔太"),
    ],
)
def test_the_customer_gives_their_name_in_any_case_and_the_copula_is_not_part_of_it(own, expected):
    assert names_in([own]) == [expected]


@pytest.mark.parametrize("own", ["this is broken again", "I'm very upset about it", "I am a teacher"])
def test_a_sentence_that_only_starts_like_an_introduction_gives_no_name(own):
    assert names_in([own]) == []


def test_a_known_name_gives_its_parts():
    assert set(name_parts(["Priya Raman"])) >= {"Priya Raman", "Priya", "Raman"}
    assert set(name_parts(["ana o'neill-costa"])) >= {"ana", "o'neill", "costa"}
    assert "서윤" in name_parts(["박서윤"]) and "지우" in name_parts(["남궁지우"])
    assert {"山本", "美咲"} <= set(name_parts(["山本美咲"]))
    # a part that is a common word would take that word out of every sentence: kept whole only
    assert name_parts(["Will Turner"]) == ["Will Turner", "Turner"]


@pytest.mark.parametrize(
    ("own", "decision", "secret"),
    [
        ("My name is priya raman.", "Priya gets 50% back as an exception.", "priya"),
        ("My name is priya raman.", "PRIYA RAMAN gets 50% back as an exception.", "priya"),
        ("My name is Lukas Brandt.", "We agreed to cover Lukas's return shipping.", "lukas"),
        ("this is lukas brandt", "Refund approved for the brandt household order.", "brandt"),
        ("제 이름은 박서윤입니다.", "서윤네꽃집 세트가 파손되어 예외로 50% 환불합니다.", "서윤"),
        ("제 이름은 박서윤입니다.", "박서윤 고객의 주문은 예외로 처리합니다.", "서윤"),
        ("私の名前は山本美咲です。", "美咲のおやつ便が壊れていたので例外として半額返金します。", "美咲"),
        ("私の名前は山本美咲です。", "山本の注文は例外として返金します。", "山本"),
    ],
)
def test_the_customers_name_leaves_no_trace_in_a_shared_decision(own, decision, secret):
    out = scrub(decision, names=_known(own))
    assert secret not in out.lower(), out
    assert "[name]" in out


# --- #2 (b): the name a reply addresses the customer by ---


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "marek, your refund will reach the card in five days.",
            "[name], your refund will reach the card in five days.",
        ),
        ("Yes, ingrid, we agree to refund half.", "Yes, [name], we agree to refund half."),
        ("We checked. Anouk, the voucher is on its way.", "We checked. [name], the voucher is on its way."),
        ("Sure thing. yusuf, we will cover the postage.", "Sure thing. [name], we will cover the postage."),
    ],
)
def test_the_name_a_reply_opens_with_is_taken(text, expected):
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Unfortunately, we cannot refund a used item.",
        "However, the policy allows a voucher.",
        "Great, we agree to a partial refund.",
        "Understood, we will refund the shipping.",
        "Apologies, the refund is late.",
        "Meanwhile, the order ships tomorrow.",
    ],
)
def test_a_word_that_opens_a_sentence_before_a_comma_is_no_name(text):
    assert scrub(text) == text


# --- #2 (c): addresses as other countries write them ---


@pytest.mark.parametrize(
    ("text", "secrets"),
    [
        ("The courier collects it at 8 rue Oberkampf, 75011 Paris tomorrow.", ["Oberkampf", "Paris", "75011"]),
        ("Nous remboursons; envoi au 12 bis avenue Jean Jaurès, 69007 Lyon.", ["Jaurès", "Lyon"]),
        ("The refund goes out and the form to Lindenstraße 14, 10969 Berlin.", ["Lindenstraße", "Berlin"]),
        ("Return label for Kastanienallee 7, D-10435 Berlin is attached.", ["Kastanienallee", "Berlin"]),
        ("はい、名古屋市中区栄四丁目二番三号へ返金の書類を送ります。", ["栄四丁目", "名古屋"]),
        ("네, 부산광역시 해운대구 센텀중앙로 97 으로 보내드립니다.", ["센텀중앙로"]),
    ],
)
def test_foreign_street_addresses_and_their_town_are_taken(text, secrets):
    out = without_doubtful_sentences(scrub(text))
    for secret in secrets:
        assert secret not in out, out


def test_a_postcode_and_town_after_a_comma_drop_the_sentence_whatever_the_street_looked_like():
    text = "We agree to a refund. Post it to Am Markt 3, 04109 Leipzig. Thank you."
    assert "Leipzig" not in without_doubtful_sentences(scrub(text))


@pytest.mark.parametrize(
    "text",
    [
        "The room is 2 square metres, so the item fits.",
        "Within 30 days, 1000 Credits apply to the account.",
        "We refund 50% of 2026 orders placed in March.",
    ],
)
def test_numbers_beside_street_words_or_capitals_are_not_addresses(text):
    assert without_doubtful_sentences(scrub(text)) == text


def test_the_anonymiser_stays_linear_in_text_length(assert_linear):
    unit = "tobias, your refund is sent. 8 rue Oberkampf, 75011 Paris. 名古屋市中区栄四丁目二番三号 "
    assert_linear(lambda n: scrub(unit * n, names=["Tobias Krause", "tobias"]), 800)


# --- #1 and #5: the approval gate refuses before any commit ---


@pytest.fixture
def workspace(tmp_path):
    from mem.wiki.workspace import init_workspace

    return init_workspace(tmp_path / "ws")


def _shared(workspace, decision: str, condition: str = "the gift box arrived crushed after 19 days") -> str:
    config = Config.load(workspace=workspace)
    records = [
        {
            "pseudonym": f"p-{n:016d}",
            "fact_ref": f"ref-{n:016d}",
            "condition": condition,
            "decision": decision,
            "policy_refs": [],
            "month": "2026-11",
        }
        for n in range(3)
    ]
    open_store(workspace).add_decisions("shop-a", records, received_at="2026-11-20T00:00:00Z")
    [candidate] = list_candidates(workspace, config=config)
    return candidate["id"]


def _head(workspace) -> str:
    return subprocess.run(
        ["git", "-C", str(workspace), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()


def _lint_reasons(workspace, config) -> list[str]:
    from mem.wiki.lint import lint_workspace

    return [f.message for f in lint_workspace(workspace, config=config).findings if f.rule == "personal-data"]


@pytest.mark.parametrize(
    ("then", "reason"),
    [
        ("Offer 50% back; write to ines.duarte+shop@example.pt", "e-mail address"),
        ("Offer 50% back and ring 020 7946 0958 to arrange it", "phone number"),
        ("Mr. Okonkwo gets 50% back", "person name"),
    ],
)
def test_approval_refuses_what_lint_would_flag_with_lints_reason_and_commits_nothing(
    workspace, isolated_env, then, reason
):
    config = Config.load(workspace=workspace)
    candidate = _shared(workspace, "We agree to refund half of the order")
    before = _head(workspace)
    with pytest.raises(Refused, match=rf"\[personal-data\] know-how must be anonymous: {reason}.*--then TEXT") as err:
        approve_candidate(workspace, candidate, by="dpo", config=config, then=then)
    assert _head(workspace) == before
    assert not list((workspace / "knowhow").glob("kh-*.md"))
    # the same kind lint gives for the same wording written by hand; the refusal does not repeat the value (the
    # review of round 27: it ends up in CI and cron logs), lint's finding in the workspace does
    result = approve_candidate(workspace, candidate, by="dpo", config=config, then="we agree to refund half")
    page = workspace / "knowhow" / f"{result['page']}.md"
    page.write_text(page.read_text(encoding="utf-8").replace("we agree to refund half", then), encoding="utf-8")
    [lint_reason, *_] = _lint_reasons(workspace, config)
    assert lint_reason.startswith(f"know-how must be anonymous: {reason} '")
    value = lint_reason.split("'")[1]
    assert value not in str(err.value)


def test_approval_refuses_a_name_of_the_homes_names_file_in_the_when(workspace, isolated_env, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / NAMES_FILE).write_text("# customers\nSaoirse Byrne\n", encoding="utf-8")
    config = Config.load(workspace=workspace, home=home)
    assert "Saoirse Byrne" in config.person_names
    candidate = _shared(workspace, "We agree to refund half of the order")
    before = _head(workspace)
    with pytest.raises(Refused, match=r"person name \(line \d+ of .*--when TEXT") as err:
        approve_candidate(workspace, candidate, by="dpo", config=config, when="Saoirse Byrne's gift box was crushed")
    assert "Saoirse" not in str(err.value)
    assert _head(workspace) == before
    assert "Saoirse" not in (workspace / "mem.toml").read_text(encoding="utf-8")


def test_the_customers_wording_with_a_name_the_anonymiser_sees_is_not_approved_silently(workspace, isolated_env):
    # as an older client would have sent it: the vocative was not scrubbed then
    config = Config.load(workspace=workspace)
    candidate = _shared(workspace, "tobias, we agree to refund half of the order")
    before = _head(workspace)
    with pytest.raises(Refused, match=r"customers' wording.*take \[name\] out.*--then TEXT") as err:
        approve_candidate(workspace, candidate, by="dpo", config=config)
    assert "tobias" not in str(err.value).lower()
    assert _head(workspace) == before
    result = approve_candidate(workspace, candidate, by="dpo", config=config, then="we agree to refund half")
    assert "tobias" not in (workspace / "knowhow" / f"{result['page']}.md").read_text(encoding="utf-8")


def test_the_customers_wording_the_anonymiser_leaves_alone_is_approved(workspace, isolated_env):
    config = Config.load(workspace=workspace)
    result = approve_candidate(
        workspace, _shared(workspace, "We agree to refund half of the order"), by="dpo", config=config
    )
    assert result["commit"]
    assert _lint_reasons(workspace, config) == []


# --- #8: evidence masking reads full-width digits, and a phone number is no security code ---


def test_a_full_width_phone_after_a_card_is_not_a_security_code():
    out = mask_secrets("Refund to the Visa 4111 1111 1111 1111; the courier rings ＋３３ ６１２ ３４５ ６７８ first.")
    assert "[card number]" in out and "[security code]" not in out
    assert "+33 612 345 678" in out


def test_a_full_width_card_with_its_code_is_masked():
    out = mask_secrets("カード ４１１１ １１１１ １１１１ １１１１ 有効期限 ０９/２８ ７３１ で返金してください")
    assert "4111" not in out and "731" not in out and "[card number]" in out and "[security code]" in out


# --- the name a decision itself addresses the customer by, and introductions kept as other facts ---


@pytest.mark.parametrize(
    ("own", "expected"),
    [
        ("山本美咲と申します。ご相談があります。", "山本美咲"),
        ("박서윤이라고 합니다.", "박서윤"),
        ("정다은입니다.", "정다은"),
        ("RECEIPT 0042\nCustomer: Ingrid Solberg\nTotal 40.00", "Ingrid Solberg"),
    ],
)
def test_introductions_and_receipt_fields_give_the_name(own, expected):
    assert expected in names_in([own])


@pytest.mark.parametrize("own", ["배송비입니다.", "Customer: I want a refund", "고객님입니다."])
def test_look_alikes_of_introductions_give_no_name(own):
    assert names_in([own]) == []


def test_a_name_the_decision_addresses_goes_from_the_whole_fact_by_its_parts():
    from datetime import date
    from types import SimpleNamespace

    from mem.knowhow.share import shared_records

    fact = SimpleNamespace(
        id="f1",
        kind="decision",
        status="active",
        sensitive="none",
        when=date(2026, 11, 3),
        policy_refs=[],
        text="서윤네꽃집 세트가 시들어서 왔어요. 예외로 환불되나요? → 네, 박서윤님 예외로 50% 환불해 드립니다.",
    )
    [record], _ = shared_records("c-ko9", [fact], secret=b"k" * 32)
    assert "서윤" not in record["condition"] + record["decision"], record
    fact.text = "Can I get half back for the Lukas bundle? → lukas, we agree to refund half."
    [record], _ = shared_records("c-en9", [fact], secret=b"k" * 32)
    assert "lukas" not in (record["condition"] + record["decision"]).lower(), record
