"""A PDF list numbered with bare digits ("1 Pack the item", "2 Print the label") is one item a line, not one
paragraph; a line that wraps before a figure ("rises to" / "12 euros from March") still runs on (rev32)."""

from mem.policies.readers import PdfLine, _pdf_blocks


def _texts(*texts: str) -> list[str]:
    return [block.text for block in _pdf_blocks([PdfLine(text, 10.0, 1) for text in texts])]


def test_bare_numbered_items_are_blocks_of_their_own() -> None:
    assert _texts("To return an item, follow these steps", "1 Pack the item in its box",
                  "2 Print the label from your account", "3 Drop it at any post office") == [
        "To return an item, follow these steps", "1 Pack the item in its box",
        "2 Print the label from your account", "3 Drop it at any post office"]


def test_korean_and_japanese_bare_numbered_items() -> None:
    assert _texts("반품 절차", "1 상품을 상자에 넣습니다", "2 라벨을 붙입니다") == [
        "반품 절차", "1 상품을 상자에 넣습니다", "2 라벨을 붙입니다"]
    assert _texts("返品の手順", "1 商品を箱に入れます", "2 ラベルを貼ります") == [
        "返品の手順", "1 商品を箱に入れます", "2 ラベルを貼ります"]


def test_a_figure_a_line_wraps_before_runs_on() -> None:
    assert _texts("The monthly fee for the premium plan rises to", "12 Euros from March, and the basic plan",
                  "stays at 5 euros.") == [
        "The monthly fee for the premium plan rises to 12 Euros from March, and the basic plan stays at 5 euros."]
