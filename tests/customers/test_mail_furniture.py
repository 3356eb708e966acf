"""An e-mail's furniture (mem.core.text.mail_furniture; docs/extraction.md, "E-mail furniture"): the salutation, the
sign-off and the signature block are no statements of the customer's, and a signature restating an old value does not
undo a change the body made. Sentences are this file's own (none copied from a case file in scripts/).
"""

from __future__ import annotations

from datetime import date

import pytest

from mem.core.text.mail_furniture import furniture_spans, within
from mem.customers.fact_candidates import Turn, deterministic_candidates
from mem.customers.message_body import render

from .test_update_structure import _active, _run


def _parts(text: str) -> list[str]:
    return [text[a:b] for a, b in furniture_spans(text)]


@pytest.mark.parametrize("text, parts", [
    ("Dear Billing Team,\n\nOur office moved to 4 Quay Street, Wick.\n\nBest regards,\nTomas Reid\nAccounts, Reid Ltd\n"
     "07700 900111",
     ["Dear Billing Team,", "Best regards,\nTomas Reid\nAccounts, Reid Ltd\n07700 900111"]),
    # a formula with the name on the same line, and a comma line in another language
    ("Hi,\nthe router is back online.\nCheers, Ana Lopes", ["Hi,", "Cheers, Ana Lopes"]),
    ("Hello,\nwe sing on Sundays.\n\nMerci beaucoup,\nLéa", ["Hello,", "Merci beaucoup,\nLéa"]),
    # Korean: the salutation, "감사합니다." and the name line with 드림
    ("고객센터 담당자님께\n\n청구서 메일 주소를 바꾸고 싶습니다.\n\n감사합니다.\n한결상사 오민재\n010-1234-5678",
     ["고객센터 담당자님께", "감사합니다.\n한결상사 오민재\n010-1234-5678"]),
    ("안녕하세요.\n요금제 문의드립니다.\n\n서하은 드림", ["안녕하세요.", "서하은 드림"]),
    # Japanese: the addressee and the greeting, the closing formula and a ruled signature
    ("経理ご担当者様\n\nいつもお世話になっております。\n請求先を変更したく、ご連絡いたしました。\n\n以上、よろしくお願いいたします。\n"
     "――――――\n山岸 陽菜\n090-0000-1111\n――――――",
     ["経理ご担当者様\n\nいつもお世話になっております。",
      "以上、よろしくお願いいたします。\n――――――\n山岸 陽菜\n090-0000-1111\n――――――"]),
])
def test_the_salutation_and_the_closing_are_found_by_their_lines(text, parts):
    assert _parts(text) == parts


@pytest.mark.parametrize("text", [
    "Thanks, the parcel came today.",  # one line: no e-mail to set furniture apart in
    # the customer's words go on under the formula: it closes nothing
    "We moved.\nThanks,\nand by the way the new address is 9 Pine Row, Stockbridge, use it for every parcel.",
    "주소가 바뀌었어요.\n감사합니다.\n그리고 다음 달부터는 새 주소 서울 마포구 독막로 7로 보내 주세요.",
])
def test_no_closing_where_the_message_goes_on(text):
    assert not any("Thanks" in part or "감사" in part for part in _parts(text))


@pytest.mark.parametrize("text, said", [
    # a statement without its full stop under a closing word says something: it is no signature line
    ("Can you change my delivery day?\n\nthanks\nI work from home on Fridays now", "I work from home on Fridays now"),
    ("Please update my records.\n\nCheers\nmoved to 22 Hill St last week", "moved to 22 Hill St last week"),
    ("배송 요일 변경 부탁드려요\n\n감사합니다\n금요일에 재택근무함", "금요일에 재택근무함"),
    ("配達曜日を変えてほしいです\n\nよろしくお願いします\n金曜は家にいる", "金曜は家にいる"),
])
def test_a_statement_under_a_sign_off_is_the_customer_s_words(text, said):
    assert not any(said in part for part in _parts(text))
    turns = [Turn(id="t0", role="customer", text=text)]
    found = deterministic_candidates(turns, log_id="l", reference=date(2026, 1, 5))
    assert any(said in c.text for c in found)


def test_a_signature_of_names_roles_and_an_address_is_still_furniture():
    text = ("Hello,\n\nplease renew the plan.\n\nBest regards,\nTomas Reid\nHead of Sales at Reid Ltd\n"
            "Flat 2, The Old Bakery, Mill Lane\n07700 900111")
    assert _parts(text)[-1] == ("Best regards,\nTomas Reid\nHead of Sales at Reid Ltd\nFlat 2, The Old Bakery, "
                                "Mill Lane\n07700 900111")


def test_a_postscript_and_a_question_under_the_sign_off_are_the_customer_s_words():
    text = "Hello,\nplease renew the plan.\n\nRegards,\nIvo\n\nPS the new card ends 4411, charge that one"
    closing = _parts(text)[-1]
    assert closing == "Regards,\nIvo" and "PS" not in closing
    asked = "Hi,\nnothing changed here.\nThanks,\nSam\nCan you call me back?"
    assert not any("Thanks" in part for part in _parts(asked))


def test_within():
    assert within([(0, 5), (10, 20)], 11, 19) and not within([(0, 5), (10, 20)], 4, 11)


def test_furniture_is_read_in_linear_time_on_a_long_message_of_one_character(assert_linear):
    for unit in ("a", "드", "\n", "-", "Thanks,\n", "님", "様\n"):
        assert_linear(lambda n, u=unit: furniture_spans("Hi,\n" + u * (n // len(u)) + "\nBest,\nX"), 200_000)


@pytest.mark.parametrize("text, kept, gone", [
    # a Korean forward as Gmail labels it, with the customer's words above
    ("아래 메일 참고해 주세요. 저희 주소는 그대로예요.\n\n---------- 전달된 메일 ---------\n"
     "보낸 사람: 협력사 <a@example.kr>\n"
     "날짜: 2026년 1월 2일\n제목: 견적\n\n저희 새 주소는 부산 사하구 낙동대로 1입니다.",
     "그대로예요", "낙동대로"),
    # a Korean and a Japanese Outlook header block under a reply
    ("네 확인했습니다.\n\n보낸 사람: 고객지원\n보낸 날짜: 2026년 1월 2일\n제목: RE: 문의\n\n주소 변경 완료했습니다.",
     "확인했습니다", "변경 완료"),
    ("承知しました。\n\n差出人: サポート\n送信日時: 2026年1月2日 10:00\n件名: RE: お問い合わせ\n\n住所を変更しました。",
     "承知しました", "住所を変更"),
])
def test_korean_and_japanese_forwards_and_headers_are_quoted_history(text, kept, gone):
    body = render(text)
    assert kept in body.text and gone not in body.text and body.quoted


def test_a_signature_under_a_change_does_not_bring_the_old_address_back(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Hello,\n\nMy login e-mail is rowan.td@example.com.\n\nThanks,\nRowan"),
         ("agent", "Thanks Rowan, noted.")],
        [("customer", "Hi,\n\nPlease change my login e-mail to rowan.new@example.org, the old inbox is closing.\n\n"
                      "Best,\nRowan Day\nrowan.td@example.com | 07700 900123"),
         ("agent", "Done, the login e-mail is now rowan.new@example.org.")],
    ]) as store:
        active = _active(store)
        assert not any("rowan.td@example.com" in text for text in active)
        assert "rowan.new@example.org" in store.facts.search("customer's login e-mail", limit=3)[0].fact.text


def test_a_signature_gives_a_phone_no_fact_holds(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Dear Support,\n\nThe broadband drops every evening.\n\nKind regards,\nMira Holt\n07700 900555"),
         ("agent", "We'll look into it.")],
    ]) as store:
        active = _active(store)
        assert any("07700 900555" in text for text in active)
        assert not any(text.strip() in ("Kind regards,", "Mira Holt", "Dear Support,") for text in active)


def test_a_korean_sign_off_does_not_keep_an_old_name_active(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "안녕하세요.\n\n계약자 이름은 노을빛으로 해주세요.\n\n노을빛 드림"), ("agent", "등록했습니다.")],
        [("customer", "안녕하세요.\n\n인증서 갱신 일정이 궁금합니다.\n\n노을빛 드림"), ("agent", "다음 달요.")],
        [("customer", "안녕하세요.\n\n개명해서 이름이 노하람으로 바뀌었습니다. "
                      "계약자 이름도 노하람으로 변경 부탁드립니다.\n\n"
                      "노하람 드림"), ("agent", "변경했습니다.")],
    ]) as store:
        assert not any("노을빛" in text and "노하람" not in text for text in _active(store))


def test_a_body_change_without_a_signature_still_replaces_the_old_value(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "My e-mail is kai.old@example.com."), ("agent", "Noted.")],
        [("customer", "Please use kai.new@example.com from now on.\nThanks,\nKai"), ("agent", "Updated.")],
    ]) as store:
        assert not any("kai.old@example.com" in text for text in _active(store))


@pytest.mark.parametrize("first, second, old", [
    # a chat message with line breaks: the short line under "thanks" names a change, it is no signature
    ("my number is 07700 900222", "thanks\nnew number 07700 900333", "07700 900222"),
    ("I live in Bath.", "cheers\nmoved to Leeds last week", "Bath"),
])
def test_a_line_naming_a_change_under_a_closing_word_is_the_customer_s(isolated_env, tmp_path, first, second, old):
    with _run(tmp_path, [[("customer", first), ("agent", "OK.")], [("customer", second), ("agent", "OK.")]]) as store:
        assert not any(old in text for text in _active(store))


# newuser24 #3: a signature address line of more than seven words ("Flat 2, 9 Canal Street, Manchester M1 3HE") read
# as a sentence, so the closing was not found and the old address in it replaced the new one the body gave
@pytest.mark.parametrize("signature", [
    "\n\nKind regards,\nPriya Nandakumar\nFlat 7, 41 Weaver Lane, Norwich NR2 4QP",
    "\n\nBest regards,\nPriya Nandakumar\nFlat 7, 41 Weaver Lane, Norwich NR2 4QP\nTel +44 7700 900456"
    "\n\nSent from my iPad",
    "\nRegards,\nPriya Nandakumar\nUnit 3B, 12-14 Harbour Road, Falmouth TR11 2AB",
])
def test_a_signature_address_line_with_numbers_is_part_of_the_closing(signature):
    text = "Hello,\nmy new address is 5 Orchard Rise, Ipswich IP4 2JU. We moved on Monday." + signature
    closing = [part for part in _parts(text) if part.startswith(("Kind", "Best", "Regards"))]
    assert closing and "Priya Nandakumar" in closing[0] and ("Flat 7" in closing[0] or "Unit 3B" in closing[0])


def test_an_old_address_in_a_long_signature_line_does_not_replace_the_agreed_new_one(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "Hello,\nplease note my new address is 5 Orchard Rise, Ipswich IP4 2JU. We moved on Monday.\n\n"
                      "Best regards,\nPriya Nandakumar\nFlat 7, 41 Weaver Lane, Norwich NR2 4QP\nTel +44 7700 900456"),
         ("agent", "Thanks Priya, I've updated your address to 5 Orchard Rise, Ipswich.")],
    ]) as store:
        active = _active(store)
        assert not any("Weaver Lane" in text for text in active), active
        assert any("Orchard Rise" in text for text in active), active


def test_a_number_heavy_sentence_under_a_sign_off_is_still_the_customer_s():
    text = "Hi,\nthe cable is here.\nThanks,\nParcel 55120 came 3 days late, 14 May 2026 10:30 door 2"
    assert not any("Parcel" in part for part in _parts(text))
