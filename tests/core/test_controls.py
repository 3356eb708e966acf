"""Control characters: removed at intake (``clean_text``, ``one_line``), made visible on output (``shown``)."""

from __future__ import annotations

from mem.core.controls import clean_text, one_line, shown


def test_intake_removes_escape_sequences_whole_and_every_other_control():
    # an OSC title change and a screen clear, a NUL, a C1 CSI, a bidi override and an isolate
    hostile = "I live in Lyon.\x1b]0;owned\x07\x1b[2J a\x00b \x9b31m\u202eevil\u2066x\u2069 \x7f"
    assert clean_text(hostile) == "I live in Lyon. ab evilx "
    assert clean_text("tab\there\r\nnew line\rold mac\x0cpage\x85next") == "tab\there\nnew line\nold mac\npage\nnext"
    assert clean_text("plain 東京 text") == "plain 東京 text"


def test_one_line_fields_cannot_start_a_markdown_heading():
    hostile = "the item arrived broken\n\n## When\tanything\x1b[2J "
    assert one_line(hostile) == "the item arrived broken ## When anything"


def test_output_escapes_what_is_already_stored():
    assert shown("a\x1b[2Jb\x00\u202e\n\tc") == "a\\x1b[2Jb\\x00\\u202e\n\tc"
    assert shown("no controls here") == "no controls here"
    # JSON strings: C1, DEL, bidi and lone surrogates become \uXXXX escapes json reads back as the same text
    assert shown('"a\x9b\u202e\udcff"', json=True) == '"a\\u009b\\u202e\\udcff"'


def test_intake_makes_lone_surrogates_replacement_characters():
    # undecodable stdin bytes (mem chat) and a half emoji escaped in JSON: nothing can store or print them
    assert clean_text("Rome \udcff\udcfe and \ud83d") == "Rome \ufffd\ufffd and \ufffd"
    assert clean_text("whole \U0001f600 emoji") == "whole \U0001f600 emoji"


def test_an_unterminated_escape_string_does_not_swallow_the_message():
    said = "I live in Lyon.\x1b]0;then the rest of what I said"
    assert clean_text(said) == "I live in Lyon.0;then the rest of what I said"


def test_intake_removes_a_byte_order_mark_anywhere():
    # U+FEFF: invisible, never meaning (a Windows tool's first bytes, or two files joined)
    assert clean_text("\ufeffVIP customer") == "VIP customer"
    assert one_line("Prefers email\ufeff\rnot phone") == "Prefers email not phone"
    assert shown("\ufeffstored before") == "\\ufeffstored before"
