"""Plain-text schedules whose layout carries the structure: aligned columns and dot-leader rows are read as rows
(thirty-first round, plain31). Each caught shape has a clean twin that stays wrapped words."""

from __future__ import annotations

import time

from mem.policies.readers import text_blocks


def _texts(text: str) -> list[str]:
    return [b.text for b in text_blocks(text) if not b.is_heading]


def test_english_aligned_columns_are_rows_with_their_labels() -> None:
    text = ("DELIVERY\n\n"
            "   ZONE  DISTANCE              SMALL TOOLS     PLANT\n"
            "   ----  ------------------    -----------     -----\n"
            "   A     up to 5 miles               15.00     35.00\n"
            "   B     over 5 to 15 miles          25.00     55.00\n"
            "   D     over 30 miles          quote only     quote only\n")
    rows = _texts(text)
    assert rows == ["ZONE: A; DISTANCE: up to 5 miles; SMALL TOOLS: 15.00; PLANT: 35.00.",
                    "ZONE: B; DISTANCE: over 5 to 15 miles; SMALL TOOLS: 25.00; PLANT: 55.00.",
                    "ZONE: D; DISTANCE: over 30 miles; SMALL TOOLS: quote only; PLANT: quote only."]


def test_japanese_table_in_full_width_spaces_is_rows() -> None:
    text = ("【参加料】\n"
            "　種目　　　　　　　　一般　　　　　高校生以下\n"
            "　ハーフマラソン　　　６，５００円　　３，５００円\n"
            "　１０km　　　　　　　４，５００円　　２，５００円\n")
    rows = _texts(text)
    assert "種目: ハーフマラソン; 一般: ６，５００円; 高校生以下: ３，５００円." in rows
    assert "種目: １０km; 一般: ４，５００円; 高校生以下: ２，５００円." in rows


def test_korean_price_table_is_rows() -> None:
    text = ("요금표\n\n"
            "  구분          평일          주말\n"
            "  기본실        50,000원      70,000원\n"
            "  가족실        80,000원      110,000원\n")
    rows = _texts(text)[1:]
    assert rows == ["구분: 기본실; 평일: 50,000원; 주말: 70,000원.", "구분: 가족실; 평일: 80,000원; 주말: 110,000원."]


def test_a_cell_wrapped_onto_the_next_line_joins_its_row() -> None:
    text = ("                     OLD RULE        NEW RULE\n"
            "Deposit, sessions    £50             £60 for bookings\n"
            "up to 3 hours                        after 1 Jan 2027\n"
            "Free move notice     72 hours        5 days\n")
    rows = _texts(text)
    assert rows == ["Deposit, sessions up to 3 hours; OLD RULE: £50; NEW RULE: £60 for bookings after 1 Jan 2027.",
                    "Free move notice; OLD RULE: 72 hours; NEW RULE: 5 days."]


def test_hard_wrapped_prose_with_two_blanks_after_a_full_stop_stays_one_paragraph() -> None:
    text = ("   This agreement sets the uptime we promise and the credits owed when.  It is part of the\n"
            "   Terms of Service.  It takes effect on 1 October 2026 and replaces every earlier one of\n"
            "   its kind for 12 months.  Credits are owed for 3 hours of downtime or more each month.\n")
    assert len(_texts(text)) == 1


def test_two_spaced_lines_are_no_table() -> None:
    text = "Northpine Hosting, Inc.          NPH-SLA-3\nCategory: Service Level Agreement   October 2026\n"
    assert len(_texts(text)) == 1


def test_a_column_table_with_no_figure_stays_text() -> None:
    text = "  Name      Role\n  Alice     Owner\n  Bob       Staff\n"
    assert len(_texts(text)) == 1


def test_leader_rows_are_rows_and_a_wrapped_value_joins_its_row() -> None:
    text = ("FUEL\n\n"
            "   Petrol ......................  2.60 per litre\n"
            "   Diesel ......................  2.40 per litre\n"
            "   Wasted journey ..............  charged as a\n"
            "                                  full journey\n")
    assert _texts(text) == ["Petrol ...................... 2.60 per litre", "Diesel ...................... 2.40 per litre",
                            "Wasted journey .............. charged as a full journey"]


def test_japanese_and_korean_leader_rows_are_rows() -> None:
    assert _texts("鼻ピアス・・・・ 5,000円\n耳ピアス・・・・ 3,000円\n") == ["鼻ピアス・・・・ 5,000円", "耳ピアス・・・・ 3,000円"]
    assert _texts("세차 ...... 10,000원\n왁스 ...... 20,000원\n") == ["세차 ...... 10,000원", "왁스 ...... 20,000원"]


def test_an_ellipsis_in_a_sentence_is_no_leader_row() -> None:
    text = "We will look at it... then decide.\nRefunds follow within 14 days.\n"
    assert len(_texts(text)) == 1


def test_a_long_run_of_spaced_lines_reads_in_linear_time() -> None:
    line = "word  word  word\n"

    def cost(n: int) -> float:
        text = line * n
        begun = time.perf_counter()
        text_blocks(text)
        return time.perf_counter() - begun

    cost(200)
    small, large = min(cost(2000) for _ in range(3)), min(cost(16000) for _ in range(3))
    assert large < small * 8 * 3  # noqa: PLR2004
