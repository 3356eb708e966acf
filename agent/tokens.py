"""Token counts as a documented estimate, so figures do not depend on one model's tokenizer.

Latin-script text averages about four characters per token in the common BPE tokenizers; CJK
characters are close to one token each. ``estimate_tokens`` counts CJK characters one by one and the
rest as ``ceil(chars / 4)``. The figures in ``--json`` and in ``scripts/bench_ask.py`` use it.
"""

from __future__ import annotations

import math


def is_cjk(char: str) -> bool:
    code = ord(char)
    return (
        0x3040 <= code <= 0x30FF  # hiragana, katakana
        or 0x3400 <= code <= 0x9FFF  # CJK ideographs
        or 0xAC00 <= code <= 0xD7AF  # hangul syllables
        or 0x1100 <= code <= 0x11FF
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
    )


def estimate_tokens(text: str) -> int:
    """Estimated tokens of ``text``: one per CJK character, one per four other characters."""
    cjk = sum(1 for char in text if is_cjk(char))
    return cjk + math.ceil((len(text) - cjk) / 4)
