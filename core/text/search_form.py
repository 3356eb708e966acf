"""The one form search reads text in: what the index holds and what a query looks up.

A fact, a page or a query goes through ``search_form`` before the analyzers (``mem.core.text.analyzer``)
cut it into terms, so the two sides always meet:

- **NFC** first: text typed on a Mac or copied from its file names arrives decomposed ("Zu" + U+0308 + "rich");
  the tokenizer split it at the combining mark, and "Zürich" typed on another machine matched nothing.
- **Accents folded** on Latin, Greek and Cyrillic letters (the combining marks U+0300–U+036F dropped after
  decomposition, and the letters that carry their mark inside — "ø", "ł", "đ", "ß", "æ", "œ", "þ", "ð", "ı" — spelt
  out): "Zurich" finds "Zürich", "Malmo" finds "Malmö", "izmir" and "IZMIR" find "İzmir", "Da Nang" finds "Đà Nẵng".
  Marks of other scripts (kana voicing, Hangul, Indic and Thai vowel signs) are kept: they are letters there.
- **Widths folded** (NFKC, on the Halfwidth and Fullwidth Forms block and the ideographic space only): full-width
  digits, letters and signs as ASCII ("１０km" is "10km", "ＶＩＰ" is "VIP"), half-width katakana as full-width with
  its voicing mark joined ("ｶﾞｲﾄﾞ" is "ガイド"), half-width Hangul jamo as jamo (a lead and a vowel one syllable).
  A Japanese or Korean page types its figures full-width as often as not and a customer types them in ASCII, or the
  other way round; the two never met as terms. NFKC is not applied elsewhere: it would also read "①" as "1", "㎞"
  as "km", "²" as "2" and "ﬁ" as "fi", which a page's list marks and units keep (not a width).
- Case is folded by the analyzers' lower-case filter afterwards; the dotted capital "İ" loses its dot here, so it
  lower-cases to "i", not to "i" + a combining dot.
- ``cut_glued``: a run of Hangul, kana or Han glued to Latin letters or digits ("订单号是48213") is cut from them
  with a space, so the word analyzer holds "48213" as a term of its own (the CJK analyzer reads the run either
  way). Customer fact search does it on both sides; page search and the rule quoter do not, where "제5조" and
  "第8条" are one key word (an article cited by its number).

Pure ASCII text is returned unchanged at once (no allocation): English is most of what is indexed.
Changing this function changes the terms an index holds: bump ``mem.customers.fact_index.INDEX_VERSION``
so existing indexes are rebuilt (page search computes its terms when a workspace is read).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from mem.core.text.cjk import CJK
from mem.core.text.pattern import lazy

# Letters whose mark is not a combining character under NFD; the rest fold by decomposition.
_SPELT_OUT = str.maketrans({
    "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ß": "ss", "ẞ": "SS",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "TH", "ı": "i", "ħ": "h", "Ħ": "H",
})
_COMBINING = lazy("[\u0300-\u036f]")
# the forms that differ from their letters by width alone; a run at a time (a half-width kana's voicing mark is a
# character of its own, joined to the kana before it by NFKC)
_WIDTH_FORMS = lazy("[\u3000\uff01-\uffee]+")
# one character either side: linear whatever the text
_CJK_EDGE = lazy(f"(?<=[{CJK}])(?=[^\\s{CJK}])|(?<=[^\\s{CJK}])(?=[{CJK}])")


@lru_cache(maxsize=4096)
def search_form(text: str, *, cut_glued: bool = False) -> str:
    """``text`` as search reads it: NFC, widths folded, Latin/Greek/Cyrillic accents folded; ``cut_glued``: CJK runs
    cut from the letters and digits glued to them (module docstring)."""
    if text.isascii():
        return text
    text = _WIDTH_FORMS.sub(_narrow, text)
    folded = _COMBINING.sub("", unicodedata.normalize("NFD", text.translate(_SPELT_OUT)))
    folded = unicodedata.normalize("NFC", folded)
    return _CJK_EDGE.sub(" ", folded) if cut_glued else folded


def _narrow(run: re.Match[str]) -> str:
    """A run of width forms as its letters (NFKC)."""
    return unicodedata.normalize("NFKC", run.group())
