"""An article of Korean or Japanese terms cited by its number: "제8조", "第６条", "제8조의2", "第8条の2".

Terms are cited by article ("약관 제8조 내용이 뭐예요?", "第6条には何と書いてありますか？"), and an article's page keeps
its number in the title ("제8조(정기구독 해지)", "第６条（解約）"; docs/ingest.md). Both sides must read the citation as
one key word in one form, or they never meet: the page search's query cut "제8조" into "제", "8", "조" (terms no
title holds) and read "第6条には何と…" as one long word, so the page found was another article's (new-user report
30, finding 6). ``article_keys`` gives that form — blanks dropped, digits in ASCII — for the page search's query,
a page title's index terms and the rule quoter's key unit alike.
"""

from __future__ import annotations

import re

from mem.core.text.pattern import lazy

# the number, from its first digit (linear on a long run of digits), then the sub-article ("의2", "の2") when one
# follows; a particle after the article ("제8조에는", "第6条の内容") is not part of it, nor is a count with its unit
# ("第6条の3か月以内", "제6조의 3개월"): "の" / "의" then links the article to a period, amount or number of times
# The unit is glued to its number: after a space the word is the sub-article's heading or the sentence going on
# ("제5조의2 개정규정은", "제6조의2 회원의 의무", "第6条の2 年会費": article 5-2, 6-2; review31b).
_UNIT = (r"(?:[かヶケカヵ箇个]|年|日|月|週|時|分|秒|歳|円|人|回|件|点|%|％|"
         r"개|년|일|월|주|시|분|초|세|원|명|회|번|건)")
_CITATION = (r"(?:제|第)[ \t]{0,2}[0-9０-９]{1,4}[ \t]{0,2}(?:조|条)"
             rf"(?:(?:의|の)[0-9０-９]{{1,3}}(?![0-9０-９]|{_UNIT}))?")
_ARTICLE = lazy(_CITATION)
_LEADING = lazy(r"^[ \t]{0,3}" + _CITATION)
_WIDE_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")


def article_key(citation: str) -> str:
    """One citation of an article ("제 8 조", "第６条") in its key form ("제8조", "第6条")."""
    return re.sub(r"[ \t]", "", citation).translate(_WIDE_DIGITS)


def article_keys(text: str) -> list[str]:
    """The articles ``text`` cites, each once, in key form (``article_key``), in order."""
    return list(dict.fromkeys(article_key(match.group(0)) for match in _ARTICLE.finditer(text)))


def title_article(title: str) -> str:
    """The article a page title opens with, in key form ("제8조(정기구독 해지)" → "제8조"), or ""."""
    match = _LEADING.match(title)
    return article_key(match.group(0)) if match else ""
