"""``scripts/bench_policy_qa.py`` counts a right sentence as a reader would see it (``quotes_expected``): widths,
blanks between Japanese sentences, emphasis and footnote stars, and an expected table row against the row the
readers render — while another row, cells out of order, cells of two rows or part of a figure still do not match."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from bench_policy_qa import quotes_expected  # noqa: E402

FEES_KO = ("구분: 휴대폰 점검; 금액: 무료; 비고: 수리 여부와 관계없음. "
           "구분: 노트북 점검; 금액: 15,000원; 비고: 수리 진행 시 면제.")
PRICES_EN = ("Service: Copy edit; Price per 1,000 words: £9; Minimum charge: £150. "
             "Service: Proofread; Price per 1,000 words: £6; Minimum charge: £90.")
FEES_JA = "【参加料】 種目: ハーフマラソン; 一般: ６，５００円; 高校生以下: ３，５００円."
TARIFF = ("Region: London; Rapid, peak (07:00–22:00): 79p; Fast AC, peak (07:00–22:00): 55p (At sites in Westminster "
          "the Fast AC peak rate is 62p.); Fast AC, off-peak (22:00–07:00): 45p.")


@pytest.mark.parametrize("expected, quote", [
    ("| 노트북 점검 | 15,000원 | 수리 진행 시 면제 |", FEES_KO),  # a markdown row against its rendered row
    ("| Proofread | £6 | £90 |", PRICES_EN),
    ("ハーフマラソン　　　６，５００円", FEES_JA),  # a plain-text table's line, full-width spaces between cells
    ("| London | 79p | 55p", "Region: London; Rapid: 79p; Fast AC: 55p (At sites in Westminster it is 62p.)."),
    ("1-Day Lift Ticket | $139 | $99 | Free*", "1-Day Lift Ticket | $139 | $99 | Free"),  # footnote star
    ("**Rapid chargers:** a grace period of 10 minutes", "Rapid chargers:** a grace period of 10 minutes, then 50p."),
    ("10km: 4,500円", "１０km: ４，５００円"),  # widths
    ("乗船券のご提示で2時間まで無料になります。それ以降は30分ごとに100円です。",
     "乗船券のご提示で2時間まで無料になります。 それ以降は30分ごとに100円です。"),  # sentences joined by a blank
    ("Refunds take 14 days.", "Refunds take 14 days. Exchanges are free."),  # as before: the words as written
])
def test_what_a_reader_reads_as_the_expected_words_matches(expected, quote):
    assert quotes_expected(expected, quote)


@pytest.mark.parametrize("expected, quote", [
    ("| 노트북 점검 | 15,000원 | 수리 진행 시 면제 |", FEES_KO.split(". ")[0] + "."),  # another row of the table
    ("| Proofread | £9 | £150 |", PRICES_EN),  # a row's label with another row's figures: cells of two rows
    ("| Copy edit | £150 | £9 |", PRICES_EN),  # the cells out of order
    ("| Copy edit | £15 |", "Service: Copy edit; Price: £150."),  # a figure that is part of another
    ("| edit | £9 |", PRICES_EN),  # a cell that is part of another (the row is closed at its start)
    ("| 5 | £9 |", "Size: 15; Price: £9."),
    ("| London | 79p | 45p |", TARIFF),  # cells not next to each other
    ("ハーフマラソン　　　４，５００円", FEES_JA),  # the figure of another column
    ("Refunds take 14 days.", "Refunds take 4 days."),
    ("", "anything"),
])
def test_a_wrong_row_or_sentence_still_does_not_match(expected, quote):
    assert not quotes_expected(expected, quote)


def test_the_new_match_holds_every_old_one():
    for expected, quote in [("a | b", "x a | b y"), ("１０km", "１０km"), ("| x |", "| x |")]:
        assert quotes_expected(expected, quote)


@pytest.mark.parametrize(("expected", "quote", "matches"), [
    # a schedule's line with a dot leader, against the row the plain-text reader renders
    ("Diesel ......................................  2.40 per litre", "Diesel | 2.40 per litre", True),
    ("Floor sander sheets (each, used or opened) ..  2.50", "Floor sander sheets (each, used or opened) | 2.50", True),
    # the source's line ends where its last cell wraps onto the next
    ("Wasted journey (no access / nobody on site) ...... charged as a",
     "Wasted journey (no access / nobody on site) | charged as a full journey", True),
    # another row, another figure, a figure that is only part of another: still no match
    ("Diesel ......................................  2.40 per litre", "Petrol | 2.60 per litre", False),
    ("Diesel ......................................  2.40 per litre", "Petrol | 2.40 per litre", False),
    ("Minimum refuelling charge ...................  10.00", "Minimum refuelling charge | 100.00", False),
])
def test_a_dot_leader_row_matches_its_rendered_row_only(expected, quote, matches):
    assert quotes_expected(expected, quote) is matches
