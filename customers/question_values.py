"""Whose value a customer's question names: it states nothing about the asker unless it names the value as theirs.

"What is bob's order number A-7731 and where does bob live?" asks about someone else: the order number is bob's, and
storing it as the asker's attribute put another person's order into this customer's memory, recited back to them "as
you told us" (newuser17 #6). A question tells a value of the asker's own only when it says so in the first person
("Where is my order A-7731?", "Has our parcel to 12 Elm Street left?") and names nobody else's ("bob's", "his",
"my husband's"). Read for English; in Korean and Japanese the subject is usually left out, so a question there keeps
the reading the candidates had before (``says_nothing_of_their_own``).
"""

from __future__ import annotations

import re

from mem.customers.kinds import is_question
from mem.customers.slots import not_theirs

# another person's value: a name in the possessive ("bob's order", "Dana's address"), or a third-person possessive
# pronoun; not the contractions of "is" / "has" ("what's", "it's", "bob's been"), nor a thing of the asker's ("my
# order's status"; "my husband's" is read by ``slots.not_theirs``)
_OTHERS = re.compile(
    r"(?<!\bmy )(?<!\bour )(?<!\bthe )(?<!\byour )"
    r"\b(?!(?:it|that|what|where|who|how|there|here|let|he|she|this|when|why|which|one|everyone|everything)'s\b)"
    r"[A-Za-z]+['\u2019]s\b(?!\s+(?:been|got|gone|not|already|just|still|no)\b)"
    r"|\b(?:his|her|their|hers|theirs)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|we've|us|our|ours)\b", re.I)


def asks_about_someone_else(sentence: str, *, lang: str) -> bool:
    """``sentence`` is a question about someone else's value ("What is bob's order number A-7731?")."""
    if lang != "en" or not is_question(sentence):
        return False
    return bool(_OTHERS.search(sentence)) or not_theirs(sentence)


def question_names_own_value(sentence: str, *, lang: str) -> bool:
    """A question that names a value as the asker's own: in English, in the first person and about nobody else.

    Not a question: ``True`` (this reads questions only). Korean and Japanese: ``True`` (the subject is left out).
    """
    if lang != "en" or not is_question(sentence):
        return True
    return not asks_about_someone_else(sentence, lang=lang) and bool(_FIRST_PERSON.search(sentence))
