"""The one form search reads text in: what the index holds and what a query looks up.

A fact, a page or a query goes through ``search_form`` before the analyzers (``mem.core.text.analyzer``)
cut it into terms, so the two sides always meet:

- **NFC** first: text typed on a Mac or copied from its file names arrives decomposed ("Zu" + U+0308 + "rich");
  the tokenizer split it at the combining mark, and "Zürich" typed on another machine matched nothing.
- **Accents folded** on Latin, Greek and Cyrillic letters (the combining marks U+0300–U+036F dropped after
  decomposition, and the letters that carry their mark inside — "ø", "ł", "đ", "ß", "æ", "œ", "þ", "ð", "ı" — spelt
  out): "Zurich" finds "Zürich", "Malmo" finds "Malmö", "izmir" and "IZMIR" find "İzmir", "Da Nang" finds "Đà Nẵng".
  Marks of other scripts (kana voicing, Hangul, Indic and Thai vowel signs) are kept: they are letters there.
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
# one character either side: linear whatever the text
_CJK_EDGE = lazy(f"(?<=[{CJK}])(?=[^\\s{CJK}])|(?<=[^\\s{CJK}])(?=[{CJK}])")


@lru_cache(maxsize=4096)
def search_form(text: str, *, cut_glued: bool = False) -> str:
    """``text`` as search reads it: NFC, Latin/Greek/Cyrillic accents folded; ``cut_glued``: CJK runs cut from the
    letters and digits glued to them (module docstring)."""
    if text.isascii():
        return text
    folded = _COMBINING.sub("", unicodedata.normalize("NFD", text.translate(_SPELT_OUT)))
    folded = unicodedata.normalize("NFC", folded)
    return _CJK_EDGE.sub(" ", folded) if cut_glued else folded
