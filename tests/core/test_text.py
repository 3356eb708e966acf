"""The shared text toolkit: public surface, no dependency on the rest of mem, one analyzer for both searches."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import mem.core.text as text
from mem.core.text import cjk, detect_language, index_terms, query_terms, stem, terms
from mem.core.text.analyzer import WORDS, analyzers, build

TEXT_DIR = Path(text.__file__).parent


def test_public_surface_is_exactly_all():
    public = {name for name in vars(text) if not name.startswith("_")}
    modules = {p.stem for p in TEXT_DIR.glob("*.py")} - {"__init__"}
    assert set(text.__all__) == public - modules - {"annotations"}


def test_core_text_imports_nothing_of_mem_outside_it():
    for path in TEXT_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mem"):
                assert node.module.startswith("mem.core.text"), (path.name, node.module)
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("mem") for a in node.names), path.name


def test_importing_core_text_loads_nothing_heavy():
    code = "import sys, mem.core.text; print(sorted(m for m in ('tantivy', 'git', 'llm') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_search_terms_stem_drop_stop_words_and_cut_cjk():
    assert index_terms("Returns are accepted") == ["return", "accept"]
    assert query_terms("How do exchanges work?") == ["exchang", "work"]
    assert query_terms("and after 20 days?") == ["after", "20", "day"]  # page questions keep time words
    assert "환불" in index_terms("환불됩니다") and "환" in index_terms("환불됩니다")  # 1- and 2-grams
    assert query_terms("환불은") == ["환불은", "환불", "불은"]  # the word term, then bigrams only


def test_page_and_fact_search_share_one_analyzer():
    import tantivy

    fresh = build(tantivy)[WORDS]
    sample = "Shipping refunds for the customers' exchanged orders, 14 days"
    assert analyzers()[WORDS].analyze(sample) == fresh.analyze(sample)
    from mem.customers import fact_index

    assert fact_index.analyzers is text.analyzer  # the fact index registers these very analyzers


def test_scripts_and_language():
    assert cjk.is_cjk("返品") and cjk.is_cjk("환불") and cjk.is_cjk("カード") and not cjk.is_cjk("refund")
    assert cjk.cjk_runs("refund 환불을 and 返品") == ["환불을", "返品"]
    assert cjk.bigrams("환불을") == ["환불", "불을"] and cjk.bigrams("환") == ["환"]
    assert cjk.count_wide("ＡＢ환a") == 3
    assert [detect_language(t) for t in ("refund please", "환불해 주세요", "返品できますか", "返品期限")] == [
        "en", "ko", "ja", "ja"]


def test_mixed_script_goes_to_the_script_that_carries_the_grammar():
    # one CJK word (a place, a product) inside an English sentence keeps it English: the Hangul,
    # kana or Han character alone switched the answer to Korean/Japanese and lost the English rule
    english = ("Can I get a refund for the 東京 mug I bought 10 days ago?",
               "Can I get a refund for my Samsung 갤럭시 phone bought 10 days ago?",
               "Do you ship to 東京?", "Can I use 카카오페이?")
    assert [detect_language(t) for t in english] == ["en"] * 4
    # English product names inside Korean and Japanese questions bring no English grammar along
    korean = ("Samsung Galaxy S24 Ultra 환불 돼요?", "MacBook Air M2를 10일 전에 샀는데 반품 가능한가요?",
              "The Legend of Zelda 게임 환불 가능한가요?", "제가 'I want a refund'라고 했는데 처리됐나요?")
    assert [detect_language(t) for t in korean] == ["ko"] * 4
    japanese = ("iPhone 15 Pro Maxを10日前に買いましたが返品できますか",
                "Microsoft Surface Laptop Studioを返品できますか？",
                "Apple Watchの返品は？", "Nintendo Switch OLED 返品の期限")
    assert [detect_language(t) for t in japanese] == ["ja"] * 4


def test_light_stemmer_and_content_terms():
    assert stem("refunds") == "refund" and stem("policies") == "policy" and stem("class") == "class"
    assert stem("uses") == "use" and stem("uses", min_stem=4) == "uses"
    assert terms("I want the refunds for my exceptions") == ["refund", "exception"]
    assert terms("연간 계약이라서 예외로") == ["연간", "계약", "예외"]
    assert terms("年間契約なので例外として") == ["年間契約", "例外"]


@pytest.mark.parametrize("sentence, expected", [
    # a word written in hiragana where a word starts was dropped: hiragana was taken for grammar only
    ("ごみの日は火曜日です", ["火曜日", "ごみ"]),
    ("ごみ", ["ごみ"]),
    ("ふとんは借りられますか？", ["ふとん"]),
    ("商品はごみとして出せますか", ["商品", "ごみ"]),  # after a particle
    ("おにぎりとおちゃをください", ["おにぎり", "おちゃ"]),
    ("ことばの意味", ["意味", "ことば"]),  # こと is a function word only as a whole word
    # function words, verbs and adjectives in hiragana are no terms
    ("これは返品できますか？", ["返品"]),
    ("このふとんを洗えますか", ["ふとん"]),
    ("ごみをすてるのはいつですか", ["ごみ"]),
    ("商品をこわしてしまったのですが、返品できますか", ["商品", "返品"]),
    ("こんにちは、ありがとうございます", []),
    ("はい、わかりました", []),
    # hiragana after kanji is its ending or particle, as before
    ("先週返金をお願いしました", ["先週返金"]),
])
def test_japanese_words_written_in_hiragana_are_content_terms(sentence, expected):
    assert terms(sentence) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("How do refunds work?", "en"), ("Do I get my money back?", "en"), ("No, it did not arrive.", "en"),
    ("Is the shop ouvert le dimanche?", "en"),
    ("¿Cuánto tiempo tarda el reembolso?", "es"), ("Wann bekomme ich mein Geld zurück?", "de"),
    ("Vous pouvez retourner le produit dans les 30 jours.", "fr"),
])
def test_written_in_needs_distinct_words_and_a_margin(text, expected):
    # review 17 item 2: short words that are also English ("do", "no") no longer make a text non-English
    from mem.core.text.written_in import written_in

    assert written_in(text) == expected
