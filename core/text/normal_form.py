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
