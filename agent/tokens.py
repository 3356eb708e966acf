"""Token counts as a documented estimate, so figures do not depend on one model's tokenizer.

Latin-script text averages about four characters per token in the common BPE tokenizers; CJK
and full-width characters are close to one token each. ``estimate_tokens`` counts those one by one
(``mem.core.text.count_wide``) and the rest as ``ceil(chars / 4)``. The figures in ``--json`` and in
``scripts/bench_ask.py`` use it.
"""

from __future__ import annotations

import math

from mem.core.text import count_wide


def estimate_tokens(text: str) -> int:
    """Estimated tokens of ``text``: one per CJK character, one per four other characters."""
    wide = count_wide(text)
    return wide + math.ceil((len(text) - wide) / 4)
