"""The normal form texts are compared in."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SPACE = re.compile(r"\s+")


@lru_cache(maxsize=20_000)
def normalise(text: str) -> str:
    """NFKC, lower case, whitespace collapsed: full-width "ＲＥＦＵＮＤ" and "refund" compare equal.

    Cached: judgement compares every candidate with the same neighbours, and a long message's fact
    normalised again for each of its hundreds of sentences made extraction quadratic in its length.
    """
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text)).strip().lower()


# Full-width digits and the signs amounts are written with ("１，１００円", "５０％", "＄２０"), each mapped to its
# ASCII form one character for one: the text keeps its length, so a figure found in the mapped text sits at the
# same place in the original. Read with the ASCII patterns, "１，１００" was "１" and "１００" (a full-width comma
# is no thousands separator to them), and the answer said 100円 for a fee of 1,100円.
_FIGURE_FORMS = str.maketrans({**{chr(0xFF10 + digit): str(digit) for digit in range(10)},
                               "，": ",", "．": ".", "％": "%", "＄": "$", "￥": "¥", "￦": "₩", "＃": "#",
                               "－": "-", "−": "-", "～": "~", "〜": "~", "：": ":", "／": "/", "＋": "+"})


def ascii_figures(text: str) -> str:
    """``text`` with full-width digits and number signs as ASCII (same length, same places): what every
    reader of amounts and times reads, so "１，１００円" is 1,100円 and "１０日" is 10日."""
    return text.translate(_FIGURE_FORMS)
