"""A plain-text e-mail's greeting as its first line ("Hello Jane", no comma, no header above it) is left out on
ingest: read as a heading it became the document's title, kept as text a page's first "rule" and summary (rev32)."""

from pathlib import Path

from mem.policies.mail_closing import greeting_line
from mem.policies.readers import read_document
from mem.policies.sectioning import plan_topics

LIMIT = 10_000_000


def _read(tmp_path: Path, text: str) -> tuple[str, list[str]]:
    path = tmp_path / "notice.txt"
    path.write_text(text, encoding="utf-8")
    doc = read_document(path, max_bytes=LIMIT)
    title, _ = plan_topics(doc)
    return title, [block.text for block in doc.blocks]


def test_a_greeting_first_line_is_no_title(tmp_path: Path) -> None:
    title, blocks = _read(tmp_path, "Hello Jane\n\n1. Returns\n\nFrom 1 March the late return fee is 5 euros a day."
                                    "\n\n2. Exchanges\n\nExchanges are free within 30 days.\n")
    assert title == "Notice" and "Hello Jane" not in blocks


def test_a_greeting_under_a_header_without_a_comma(tmp_path: Path) -> None:
    _, blocks = _read(tmp_path, "From: Tom <tom@shop.example>\nSent: Monday, 7 December 2026\nTo: Jane\n"
                                "Subject: Returns\n\nHello Jane\n\nFrom 1 March the late return fee is 5 euros.\n")
    assert blocks == ["From 1 March the late return fee is 5 euros."]


def test_greetings_in_three_languages_and_their_twins() -> None:
    for text in ("Hello Jane\n\nThe fee is 5 euros.", "Dear customers,\nThe fee is 5 euros.",
                 "김지은 고객님께\n\n수수료는 5유로입니다.", "田中様\n\n手数料は500円です。"):
        assert greeting_line(text) == 0, text
    # a heading that is no greeting, and a greeting alone with nothing after it
    for text in ("Late returns\n\nThe fee is 5 euros.", "Hello Fresh delivery terms for all regions\n\nThe fee is 5.",
                 "Hello Jane"):
        assert greeting_line(text) is None, text
