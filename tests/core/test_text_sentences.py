from __future__ import annotations

import time

from mem.core.text.sentences import page_sentences, split_sentences


def texts(message: str) -> list[str]:
    return [s.text for s in split_sentences(message)]


def test_english_punctuation_abbreviations_and_numbers():
    assert texts("Hi Mr. Smith. I paid 3.5 dollars! Can I get a refund? Thanks") == [
        "Hi Mr. Smith.", "I paid 3.5 dollars!", "Can I get a refund?", "Thanks",
    ]


def test_japanese_full_width_punctuation_needs_no_space():
    assert texts("昨日注文しました。返金できますか？はい") == ["昨日注文しました。", "返金できますか？", "はい"]


def test_korean_endings_split_without_punctuation():
    assert texts("연간 계약이라서 예외로 해 주세요 어제 주문했어요 감사합니다.") == [
        "연간 계약이라서 예외로 해 주세요", "어제 주문했어요", "감사합니다.",
    ]


def test_korean_noun_ending_in_da_is_not_a_boundary():
    assert texts("바다 보러 가고 싶어요") == ["바다 보러 가고 싶어요"]


def test_spans_are_exact_slices_of_the_message():
    message = "  First one.  Second one!\nThird"
    for sentence in split_sentences(message):
        assert message[sentence.start:sentence.end] == sentence.text
    assert texts(message) == ["First one.", "Second one!", "Third"]


def test_abbreviations_are_read_from_the_word_before_the_dot():
    text = "I met Dr. Kim at 3 p.m. today. It was e.g. fine. Anyway."
    assert [s.text for s in split_sentences(text)] == ["I met Dr. Kim at 3 p.m. today.", "It was e.g. fine.",
                                                       "Anyway."]
    # a long word ending in an abbreviation's letters is a word, not the abbreviation
    assert len(split_sentences("He bought it from Costco. Then left.")) == 2


def test_splitting_is_linear_in_the_message(assert_linear):
    # 300 KB of short sentences: the old look-back scanned the whole prefix at every full stop
    # (about 40 s here, 401 s for 1 MB); linear splitting takes well under a second on a quiet machine
    assert len(split_sentences("Mr. Kim bought the desk. It was 3.5 kg. " * 7700)) == 7700 * 2
    assert_linear(lambda n: split_sentences("Mr. Kim bought the desk. It was 3.5 kg. " * n), 7700)


def test_a_page_sentence_goes_on_after_an_abbreviation_but_ends_before_a_capital():
    # "e.g." once cut "There cannot be any change of product types, e.g. modify shirt to shoe." in two,
    # and the rule quote answered "Can I exchange a shirt for shoes?" with "Yes" from the second half.
    body = ("- There cannot be any change of product types, e.g. modify shirt to shoe.\n"
            "- Bring bags, boxes, etc. Returns are free. Ask Dr. Kim at 10 a.m. or later, i.e. in the morning.\n"
            "- See No. 5 below. 規約です。次です。")
    assert page_sentences(body) == [
        "There cannot be any change of product types, e.g. modify shirt to shoe.",
        "Bring bags, boxes, etc.", "Returns are free.", "Ask Dr. Kim at 10 a.m. or later, i.e. in the morning.",
        "See No. 5 below.", "規約です。", "次です。"]


def test_a_time_zone_after_am_or_pm_does_not_start_a_sentence():
    """"ordered before 1 p.m. ET; Cost: $14.95" is one table row; "9 a.m. Returns are free." is two sentences."""
    body = "Express: ordered before 1 p.m. ET; Cost: $14.95.\nWe open at 9 a.m. Returns are free.\n"
    assert page_sentences(body) == ["Express: ordered before 1 p.m. ET; Cost: $14.95.", "We open at 9 a.m.",
                                    "Returns are free."]


def test_page_sentences_drop_markdown_escapes_and_keep_an_escaped_bracket_as_text():
    body = "\\## Not a heading, just text. [^1]\n\nSee note \\[^9] literal. [^1]\n\n[^1]: sources/p.html\n"
    assert page_sentences(body) == ["## Not a heading, just text.", "See note [^9] literal."]


def test_a_numbered_clause_or_item_opens_a_sentence_even_without_a_full_stop_before_it():
    # a statute-style page: items without a full stop, then the next numbered paragraph
    body = ("１　会員は、退会を申し出ることができます。\n"
            "２　次の各号に該当する会員は、再登録できません。\n"
            "（１）規約に違反した会員\n（２）料金を滞納した会員\n"
            "３　退会手続きは、申出日から５営業日以内に完了します。\n")
    assert page_sentences(body) == [
        "１\u3000会員は、退会を申し出ることができます。",
        "２\u3000次の各号に該当する会員は、再登録できません。",
        "（１）規約に違反した会員", "（２）料金を滞納した会員",
        "３\u3000退会手続きは、申出日から５営業日以内に完了します。"]
    korean = ("② 다음 각 호의 회원은 재가입할 수 없습니다.\n가. 약관을 위반한 회원\n"
              "나. 요금을 체납한 회원\n③ 탈퇴는 신청일로부터 처리됩니다.\n")
    assert page_sentences(korean)[1:] == ["가. 약관을 위반한 회원", "나. 요금을 체납한 회원",
                                          "③ 탈퇴는 신청일로부터 처리됩니다."]
    # a line wrapped inside a sentence is still joined
    assert page_sentences("Refunds are paid\nwithin 5 days.\n") == ["Refunds are paid within 5 days."]


def test_each_paragraph_and_item_of_legal_terms_is_a_sentence_of_its_own():
    # 항/項 ("②", "２　") and 호/号/목 ("（１）", "1)", "一　", "가.") open a rule on their line, as a bullet does; a
    # line without a final full stop ("… 경우") used to run into the next paragraph's rule
    ko = ("② 다음 각 호의 경우에는 환불이 불가합니다.\n1. 포장을 개봉한 경우\n가. 세트 상품의 일부인 경우\n"
          "③ 환불은 3일 이내에 지급됩니다.")
    assert page_sentences(ko) == ["② 다음 각 호의 경우에는 환불이 불가합니다.", "포장을 개봉한 경우",
                                  "가. 세트 상품의 일부인 경우", "③ 환불은 3일 이내에 지급됩니다."]
    ja = "２\u3000次の各号に該当する場合\n（１）開封済みの商品\n一\u3000セール品\n３\u3000返金は１０日以内です。"
    assert page_sentences(ja) == ["２\u3000次の各号に該当する場合", "（１）開封済みの商品", "一\u3000セール品",
                                  "３\u3000返金は１０日以内です。"]
    # an ordinary wrapped line still joins its paragraph, and "(주)" (a company) is no item mark
    assert page_sentences("Refunds are paid\nwithin 14 days.") == ["Refunds are paid within 14 days."]
    assert page_sentences("이 약관은\n(주)한빛몰이 정합니다.") == ["이 약관은 (주)한빛몰이 정합니다."]



def test_page_faq_answer_is_read_under_its_question_without_the_marks():
    body = ("**Q. 현수막 한 장만 주문해도 되나요?**\n"
            "**A.** 네, 1장부터 주문 가능하며 최소 수량은 없습니다. 끈은 기본입니다.\n\n"
            "**Q. コンタクトレンズをつけたまま泳いでもいいですか？**\nA. 泳いでいただいてかまいません。\n\n"
            "Q: Can I bring a dog?\nA: No. Only guide dogs.")
    assert page_sentences(body) == [
        # before: "현수막 한 장만 주문해도 되나요?** **A.** 네, …" (the marks inside), "Q." a sentence of its own, and
        # "A." one between the Japanese question and its answer (quoted as the question's answer)
        "현수막 한 장만 주문해도 되나요? 네, 1장부터 주문 가능하며 최소 수량은 없습니다.", "끈은 기본입니다.",
        "コンタクトレンズをつけたまま泳いでもいいですか？ 泳いでいただいてかまいません。",
        "Can I bring a dog? No.", "Only guide dogs."]


def test_page_faq_look_alikes_read_as_before():
    # "A." opening a line with no "Q." line over it is no FAQ's answer
    assert page_sentences("A. Members must pay.\nThe fee is £5.") == ["A.", "Members must pay.", "The fee is £5."]
    # a question with no answer line under it stays a sentence of its own
    alone = "**Q. 주차할 수 있나요?**\n\n주차장은 없습니다."
    assert page_sentences(alone) == ["주차할 수 있나요?", "주차장은 없습니다."]
    # an inline "Q：… A：…" item is one line of the page, read as before
    assert page_sentences("1. Q：兄弟で通うと安くなりますか。A：2人目以降は10%割引です。") == [
        "Q：兄弟で通うと安くなりますか。", "A：2人目以降は10%割引です。"]


def test_page_faq_marks_read_a_long_line_of_one_character_in_linear_time(assert_linear):
    for char in (" ", "\t", "*", "_", "Q"):  # two runs of blanks side by side took 21 s
        assert_linear(lambda n, c=char: page_sentences(c * n), 200_000)


def test_a_korean_date_written_with_full_stops_is_one_piece_of_its_sentence():
    # a 공고's period and deadline: the year's and the month's stops end no sentence
    assert page_sentences("○ 거주 기간 : 2027. 8. 28.(토) ~ 2027. 12. 18.(토)") == [
        "○ 거주 기간 : 2027. 8. 28.(토) ~ 2027. 12. 18.(토)"]
    assert page_sentences("신청 기간 : 2027. 7. 5.(월) 10:00 ~ 7. 9.(금) 17:00까지 신청합니다.") == [
        "신청 기간 : 2027. 7. 5.(월) 10:00 ~ 7. 9.(금) 17:00까지 신청합니다."]
    # look-alikes: a sentence ending in a number before one opening with a figure, a decimal, a date's last stop
    assert page_sentences("We open at 9. Then we close.") == ["We open at 9.", "Then we close."]
    assert page_sentences("The fee is 15. 20% off applies to groups.") == [
        "The fee is 15.", "20% off applies to groups."]
    assert page_sentences("Version 2. 3.5 kg is the limit.") == ["Version 2.", "3.5 kg is the limit."]
    assert page_sentences("시행일은 2026. 3. 1. 다음 문장입니다.") == ["시행일은 2026. 3. 1.", "다음 문장입니다."]


def test_a_run_of_dotted_numbers_is_read_in_linear_time(assert_linear):
    assert_linear(lambda n: page_sentences("1. " * n), 70_000)


def test_a_dot_leader_between_a_label_and_its_figure_ends_no_sentence():
    # a PDF price sheet's rows (held-out 28, 29) and a text schedule's (held-out 27): the quote keeps the price
    assert page_sentences("Helix / flat ........................ | £30\nNostril ........ | £35") == [
        "Helix / flat ........................ | £30", "Nostril ........ | £35"]
    assert page_sentences("Minimum refuelling charge ...................  10.00") == [
        "Minimum refuelling charge ...................  10.00"]
    # rows with no full stop of their own are rows, not one wrapped paragraph; a row's wrapped tail still joins it
    assert page_sentences("   Timed delivery (before 8am) ...... 30.00 extra\n"
                          "   Wasted journey (nobody on site) ...... charged as a\n"
                          "                                          full journey\n"
                          "   Light dust / dry mud ........  no charge") == [
        "Timed delivery (before 8am) ...... 30.00 extra",
        "Wasted journey (nobody on site) ...... charged as a full journey",
        "Light dust / dry mud ........  no charge"]
    assert texts("Minimum charge ...... 10.00 per order. Ask us.") == [
        "Minimum charge ...... 10.00 per order.", "Ask us."]
    assert texts("配送料．．．．500円です。") == ["配送料．．．．500円です。"]
    assert page_sentences("取扱手数料 ・・・・ ¥500\n送料 …… ¥800") == ["取扱手数料 ・・・・ ¥500", "送料 …… ¥800"]
    assert page_sentences("배송비 .......... 3,000원\n반품비 .......... 6,000원") == [
        "배송비 .......... 3,000원", "반품비 .......... 6,000원"]


def test_an_ellipsis_in_prose_and_a_numbered_abbreviation_keep_their_splits():
    assert page_sentences("We'll see... then decide. Wait.... Then go.") == [
        "We'll see...", "then decide.", "Wait....", "Then go."]
    assert texts("We'll see... then decide.") == ["We'll see...", "then decide."]
    assert page_sentences("We'll see… then decide.\nThe fee\nis high.") == [
        "We'll see… then decide.", "The fee is high."]
    assert page_sentences("See No. 3 and No. 4. Returns are free.") == ["See No. 3 and No. 4.", "Returns are free."]
    assert texts("잘 모르겠어요... 다음에 봐요.") == ["잘 모르겠어요...", "다음에 봐요."]
    assert texts("どうしよう……また連絡します。") == ["どうしよう……また連絡します。"]
    assert page_sentences("そうですね…… でも返品はできます。\n次の行です。") == [
        "そうですね…… でも返品はできます。", "次の行です。"]
    # a wrapped line that opens with an ellipsis before a word is no row: it joins its paragraph
    assert page_sentences("Prices rise\nsoon... and we will say so.") == ["Prices rise soon...", "and we will say so."]


def test_a_long_dot_leader_is_read_in_linear_time():
    def cost(n: int) -> float:
        start = time.process_time()
        for text in ("." * n + " x", "Fee " + "." * n + " 1", "…" * n + " 1", ". " * n, "・" * n + " a"):
            page_sentences(text)
            split_sentences(text)
        return time.process_time() - start

    cost(1000)
    small, large = cost(20_000), cost(160_000)
    assert large < 30 * max(small, 0.01)  # eight times the text: linear is ~8x, quadratic 64x
