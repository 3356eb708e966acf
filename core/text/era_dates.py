"""Japanese dates as the Western dates mem reads: "令和８年４月１日" is "2026年4月1日".

Japanese terms and price lists are dated in the imperial era (令和 from 2019, 平成 1989-2019; the first year is
元年) and often in full-width digits ("２０２６年４月１日"). The date readers (the "effective" and "施行" lines,
``mem.policies.grounding``; the start dates a text states, ``mem.wiki.start_dates``) read Western years in ASCII
digits, so such a document's start date was not read at all and its pages were dated the ingest day (newuser30
#12). ``western_dates`` rewrites the text those readers are given: full-width digits as ASCII ones, an era year
before 年 as its Western year. Only the text handed to a date reader is rewritten; the page keeps its own words.
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

__all__ = ["western_dates"]

# the first Western year of each era, less one: 令和元年 is 2019, 平成元年 1989
_ERAS = {"令和": 2018, "平成": 1988}
_FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
_ERA_YEAR = lazy(r"(令和|平成)[ \t　]{0,2}(元|\d{1,2})[ \t　]{0,2}年")


def western_dates(text: str) -> str:
    """``text`` with full-width digits as ASCII ones and an era year ("令和8年", "平成31年", "令和元年") as its
    Western year ("2026年"); text without either is returned as it is."""
    text = text.translate(_FULL_WIDTH_DIGITS)
    if "令和" not in text and "平成" not in text:
        return text
    return _ERA_YEAR.sub(lambda m: f"{_ERAS[m.group(1)] + (1 if m.group(2) == '元' else int(m.group(2)))}年", text)
