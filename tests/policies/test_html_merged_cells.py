"""HTML tables with merged cells (rowspan / colspan) and Google Docs' comment marks, read as their writer meant."""

from __future__ import annotations

from mem.core.text.tables import SpanCell, spanned_table_rows
from mem.policies.readers import html_blocks


def texts(html: str) -> list[str]:
    return [block.text for block in html_blocks(html)]


def test_a_two_row_header_labels_each_value_with_its_own_column():
    html = ("<table><tr><th rowspan='2'>Plan</th><th colspan='2'>In the UK</th><th rowspan='2'>Abroad</th></tr>"
            "<tr><th>Calls</th><th>Data</th></tr>"
            "<tr><td>Basic</td><td>500 minutes</td><td>5 GB</td><td>Not included</td></tr>"
            "<tr><td>Plus</td><td colspan='2'>Unlimited</td><td>2 GB a month</td></tr></table>")
    assert texts(html) == [
        "Plan: Basic; Calls (In the UK): 500 minutes; Data (In the UK): 5 GB; Abroad: Not included.",
        "Plan: Plus; In the UK: Unlimited; Abroad: 2 GB a month.",
    ]


def test_the_same_table_without_merged_cells_reads_as_before():
    html = ("<table><tr><th>Plan</th><th>Calls</th><th>Data</th><th>Abroad</th></tr>"
            "<tr><td>Basic</td><td>500 minutes</td><td>5 GB</td><td>Not included</td></tr></table>"
            "<table><tr><th>Plan</th><th>Calls</th></tr><tr><th>Basic</th><th>500</th></tr></table>")
    assert texts(html) == [
        "Plan: Basic; Calls: 500 minutes; Data: 5 GB; Abroad: Not included.",
        "Plan: Basic; Calls: 500.",
    ]


def test_a_value_under_part_of_a_header_group_names_the_columns_it_covers():
    html = ("<table><tr><th rowspan='2'>구분</th><th colspan='3'>평일</th></tr>"
            "<tr><th>일반</th><th>우등</th><th>프리미엄</th></tr>"
            "<tr><td>취소 수수료</td><td>없음</td><td colspan='2'>10%</td></tr></table>")
    assert texts(html) == ["구분: 취소 수수료; 일반 (평일): 없음; 우등 / 프리미엄 (평일): 10%."]


def test_a_cell_two_rows_high_stands_in_both_rows():
    html = ("<table><tr><th>路線</th><th>区間</th><th>座席数</th></tr>"
            "<tr><td rowspan='2'>北線</td><td>札幌～旭川</td><td rowspan='2'>2</td></tr>"
            "<tr><td>札幌～小樽</td></tr></table>")
    assert texts(html) == ["路線: 北線; 区間: 札幌～旭川; 座席数: 2.", "路線: 北線; 区間: 札幌～小樽; 座席数: 2."]


def test_a_value_no_header_cell_stands_over_has_no_label():
    html = ("<table><tr><th>Line</th><th>Route</th><th>Spaces</th><th>Season</th></tr>"
            "<tr><td>North</td><td>A – B</td><td>2</td><td>All year</td></tr>"
            "<tr><td>Deposit</td><td colspan='3'>Paid at booking</td></tr>"
            "<tr><td colspan='2'>Every other route</td><td colspan='2'>No rack</td></tr></table>")
    assert texts(html) == [
        "Line: North; Route: A – B; Spaces: 2; Season: All year.",
        "Line: Deposit; Paid at booking.",
        "Every other route | No rack",
    ]


def test_a_table_without_a_header_row_keeps_its_merged_cells_in_place():
    rows = [[SpanCell("Zone 1", False, rows=2), SpanCell("Peak", False), SpanCell("£3", False)],
            [SpanCell("Off-peak", False), SpanCell("£2", False)]]
    assert spanned_table_rows(rows) == ["Zone 1 | Peak | £3", "Zone 1 | Off-peak | £2"]


def test_a_huge_colspan_is_bounded():
    # the grid stops at 200 columns (a cell past them is no column anyone reads as a sentence)
    html = "<table><tr><th>A</th><th>B</th></tr><tr><td colspan='99999999'>x</td><td>y</td></tr></table>"
    assert texts(html) == ["x"]


def test_a_google_docs_comment_mark_is_left_out_of_the_sentence():
    html = ("<html><body class='c5 doc-content'><ul class='lst-kix_a-0'><li>A card bought before 26 keeps working"
            " until it runs out.<sup><a href='#cmnt1' id='cmnt_ref1'>[a]</a></sup></li></ul></body></html>")
    assert texts(html) == ["- A card bought before 26 keeps working until it runs out."]


def test_a_link_that_only_looks_like_a_comment_mark_is_read():
    html = ("<p>See the terms.<sup><a href='#note1' id='ref1'>[a]</a></sup></p>"
            "<p>Ask staff.<a href='#cmnt2' id='cmnt_ref1'>[b]</a></p>")
    assert texts(html) == ["See the terms.[a]", "Ask staff.[b]"]


def test_merged_cells_cost_linear_time(assert_linear):
    def run(size: int) -> None:
        head = "<tr>" + "<th rowspan='0'>h</th>" * 3 + "</tr>"
        texts("<table>" + head + "<tr><td colspan='999999' rowspan='0'>x</td></tr>" * size + "</table>")

    assert_linear(run, 2000)
