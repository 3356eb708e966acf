"""Korean and Japanese updates whose value was misread (NEWUSER_REPORT13 #9): a value written in full-width
digits, a home told as a street address, a value after a colon, a name changed or corrected in the sentence after
the one that says so, and a new address in another town told as a change of address. Each rule is a structure of
the language; the phrasings are this file's own, and each has a look-alike that must not update."""

from __future__ import annotations

import pytest

from mem.customers.slots import Slot, find_slot, narrow, slot_in

from .test_update_structure import _active, _run


def test_full_width_digits_and_signs_read_as_their_ascii_forms_one_for_one():
    assert narrow("０８０－５５５５－１２１２ ｋｅｎ＠ｅｘ．ｊｐ") == "080-5555-1212 ken@ex.jp"
    assert narrow("ありがとう！？、。") == "ありがとう！？、。"  # the punctuation the rules end on stays


@pytest.mark.parametrize("text, slot", [
    ("連絡先は０８０－５５５５－１２１２です。", Slot("phone", "08055551212")),
    ("휴대폰 번호는 ０１０－４４２１－９９０３입니다.", Slot("phone", "01044219903")),
    ("My mobile is ０７７００ ９００１２３.", Slot("phone", "07700900123")),
    ("注文番号はＫＸ－４４７１です。", Slot("order", "KX-4471")),
])
def test_a_value_in_full_width_characters_is_read_by_its_shape(text, slot):
    assert find_slot(text) == slot


def test_a_full_width_phone_number_is_replaced_by_a_new_one_but_not_by_someone_elses(isolated_env, tmp_path):
    with _run(tmp_path / "a", [
        [("customer", "連絡先は０８０－５５５５－１２１２です。")],
        [("customer", "携帯を替えたので、070-3333-4444にしてください。")],
    ]) as store:
        assert not any("５５５５" in text for text in _active(store))
    with _run(tmp_path / "b", [
        [("customer", "連絡先は０８０－５５５５－１２１２です。")],
        [("customer", "母の電話番号は070-3333-4444です。")],
    ]) as store:
        assert any("５５５５" in text for text in _active(store))


@pytest.mark.parametrize("text, slot", [
    ("인천광역시 연수구 컨벤시아대로 80에 살고 있어요.", Slot("residence", "인천광역시 연수구 컨벤시아대로 80")),
    ("광주시 북구 용봉로 77, 102동 304호에 거주합니다.", Slot("residence", "광주시 북구 용봉로 77, 102동 304호")),
    ("저는 전주에 살아요.", Slot("residence", "전주")),  # a town alone is still the town
])
def test_a_korean_home_told_as_a_street_address_is_the_whole_place_phrase(text, slot):
    assert find_slot(text) == slot


def test_a_move_replaces_a_home_told_as_a_street_address_but_a_relatives_move_does_not(isolated_env, tmp_path):
    with _run(tmp_path / "a", [
        [("customer", "인천광역시 연수구 컨벤시아대로 80에 살고 있어요.")],
        [("customer", "대전으로 이사했어요.")],
    ]) as store:
        assert not any("컨벤시아대로" in text for text in _active(store))
    with _run(tmp_path / "b", [
        [("customer", "인천광역시 연수구 컨벤시아대로 80에 살고 있어요.")],
        [("customer", "언니가 대전으로 이사했어요.")],
    ]) as store:
        assert any("컨벤시아대로" in text for text in _active(store))


@pytest.mark.parametrize("text, slot", [
    ("주소 변경 부탁드려요: 대구시 중구 동덕로 130", Slot("address", "대구시 중구 동덕로 130")),
    ("届け先は変わりました：福岡県福岡市中央区天神2-5-1", Slot("address", "福岡県福岡市中央区天神2-5-1")),
])
def test_the_value_after_a_colon_is_the_value(text, slot):
    assert find_slot(text) == slot


def test_an_address_said_again_after_a_colon_is_the_same_value_and_replaces_nothing(isolated_env, tmp_path):
    with _run(tmp_path, [
        [("customer", "주소는 대구시 중구 동덕로 130입니다.")],
        [("customer", "주소 다시 적어 드릴게요: 대구시 중구 동덕로 130")],
    ]) as store:
        assert any(text.startswith("주소는") for text in _active(store))


@pytest.mark.parametrize("words, slot", [
    # a change of name told in one sentence, the new name in the next
    ("개명했습니다. 지금은 최서윤입니다.", Slot("name", "최서윤")),
    ("改名しました。今は森田葵です。", Slot("name", "森田葵")),
    # the adverb a correction gives its value with is no part of the value
    ("名前の漢字を間違えていました。正しくは高橋慎一です。", Slot("name", "高橋慎一")),
    ("이름 오타가 있었어요. 정확히는 김하늘이에요.", Slot("name", "김하늘")),
    # so is the adverb a change gives it with, in Korean and English alike
    ("이름을 바꿨어요. 이제 김하늘이에요.", Slot("name", "김하늘")),
    ("I changed my name last month. It is now Nadia Brook.", Slot("name", "Nadia Brook")),
])
def test_a_name_changed_or_corrected_in_the_next_sentence_is_the_new_name_alone(words, slot):
    assert slot_in(words) == slot


@pytest.mark.parametrize("words", ["동생이 개명했어요. 이제 이지은이에요.", "姉が改名しました。今は森田葵です。",
                                   "개명했어요. 이제 괜찮아요."])
def test_a_relatives_change_of_name_or_a_remark_after_it_names_no_one(words):
    assert slot_in(words) is None


def test_a_change_of_name_told_in_two_sentences_replaces_the_old_name_a_sisters_does_not(isolated_env, tmp_path):
    with _run(tmp_path / "a", [
        [("customer", "제 이름은 최민아입니다.")],
        [("customer", "개명했습니다. 지금은 최서윤입니다.")],
    ]) as store:
        assert not any("최민아" in text for text in _active(store))
    with _run(tmp_path / "b", [
        [("customer", "제 이름은 최민아입니다.")],
        [("customer", "동생이 개명했어요. 이제 최서윤이에요.")],
    ]) as store:
        assert any("최민아" in text for text in _active(store))


@pytest.mark.parametrize("home, change, town", [
    ("大阪市北区に住んでいます。", "住所変更です。福岡県福岡市中央区天神2-5-1になりました。", "大阪市北区"),
    ("저는 광주에 살아요.", "주소가 바뀌었어요: 대구시 중구 동덕로 130", "광주"),
    ("I live in Leeds.", "My address has changed: 4 Park Row, York.", "Leeds"),
])
def test_the_customers_own_address_changed_to_another_town_replaces_their_residence(isolated_env, tmp_path, home,
                                                                                     change, town):
    with _run(tmp_path, [[("customer", home)], [("customer", change)]]) as store:
        assert not any(town in text for text in _active(store))


@pytest.mark.parametrize("home, change, town", [
    ("저는 광주에 살아요.", "회사 주소가 바뀌었어요: 대구시 중구 동덕로 130", "광주"),  # the company's address
    ("大阪市北区に住んでいます。", "会社の住所が変わりました。福岡県福岡市中央区天神2-5-1です。", "大阪市北区"),
    ("저는 광주에 살아요.", "주소가 바뀌었어요: 광주시 북구 용봉로 77", "광주"),  # a new address in the same town
])
def test_someone_elses_address_or_one_in_the_same_town_leaves_the_residence(isolated_env, tmp_path, home, change,
                                                                            town):
    with _run(tmp_path, [[("customer", home)], [("customer", change)]]) as store:
        assert any(town in text for text in _active(store))


def test_judging_again_rebuilds_a_statement_that_misses_the_value_and_keeps_one_that_names_it(isolated_env,
                                                                                              tmp_path):
    from mem.customers.rejudge import rejudge

    with _run(tmp_path, [[("customer", "인천광역시 연수구 컨벤시아대로 80에 살고 있어요.")],
                         [("customer", "제 이름은 최민아입니다.")]]) as store:
        home, name = sorted(store.facts.list(statuses=["active"]), key=lambda f: f.when)
        store.facts.save(home.replace(statement="고객 거주지: 80"), action="edited", actor="test", reason="older mem")
        report = rejudge(store)
        assert report.statements == [home.id] and not report.replaced
        assert store.facts.get(home.id).statement == "고객 거주지: 인천광역시 연수구 컨벤시아대로 80"
        assert store.facts.get(name.id).statement == name.statement


def test_a_name_that_begins_like_the_adverb_keeps_its_first_syllable():
    from mem.customers.slots import answered_slot

    assert answered_slot("성함이 어떻게 되세요?", "이제훈입니다.") == Slot("name", "이제훈")


@pytest.mark.parametrize("home, change, kept", [
    ("저는 광주에 살아요.", "새 주소는 대구시 중구 동덕로 130입니다.", False),
    ("大阪市北区に住んでいます。", "住所変更です。福岡県福岡市中央区天神2-5-1になりました。", False),
    ("저는 광주에 살아요.", "회사 주소가 바뀌었어요: 대구시 중구 동덕로 130", True),  # the company's, not theirs
])
def test_a_home_and_a_new_address_extracted_in_one_run_are_judged_together(isolated_env, tmp_path, home, change,
                                                                           kept):
    import json

    from mem.core.config import Config
    from mem.customers.extract import extract_pending
    from mem.customers.store import CustomerStore

    log = tmp_path / "both.jsonl"
    log.write_text("".join(json.dumps({"session": f"s{n}", "time": f"2025-0{n + 3}-01T10:00:00Z", "role": "customer",
                                       "text": text}, ensure_ascii=False) + "\n"
                           for n, text in enumerate([home, change])), encoding="utf-8")
    with CustomerStore.open(tmp_path, "c1") as store:
        store.log.import_file(log)
        extract_pending(store, config=Config.load(home=tmp_path, env={}))
        assert any(home in text for text in _active(store)) is kept


@pytest.mark.parametrize("text, slot", [
    # the quotation marks the customer puts around the value are not the value: a pair that encloses it, or the half
    # the pattern cut through
    ("新しい住所は「東京都港区芝5-3-1」です。", Slot("address", "東京都港区芝5-3-1")),
    ("住所を「東京都港区芝5-3-1」に変更してください。", Slot("address", "東京都港区芝5-3-1")),
    ("「東京都港区芝5-3-1」に引っ越しました。", Slot("address", "東京都港区芝5-3-1")),
    ("新しい住所は『大阪市北区梅田1-2-3』です。", Slot("address", "大阪市北区梅田1-2-3")),
    ("名前は「山田太郎」に変わりました。", Slot("name", "山田太郎")),
    ("이사했어요. 새 주소는 「서울 마포구 독막로 7」입니다.", Slot("address", "서울 마포구 독막로 7")),
    ('My new address is "22 Hill St, Leeds".', Slot("address", "22 Hill St, Leeds")),
])
def test_the_quotation_marks_around_a_value_are_not_stored_with_it(text, slot):
    assert find_slot(text) == slot


def test_a_quoted_new_address_is_stored_without_its_brackets(isolated_env, tmp_path):
    from mem.customers.slots import slot_of

    with _run(tmp_path, [
        [("customer", "住所は東京都港区芝5-3-1です。")],
        [("customer", "引っ越しました。新しい住所は「大阪市北区梅田1-2-3」です。")],
    ]) as store:
        values = [slot_of(f) for f in store.facts.list(statuses=["active"])]
        assert Slot("address", "大阪市北区梅田1-2-3") in values
        assert not any(v is not None and ("「" in v.value or "」" in v.value) for v in values)
