"""Customer words in a language the injection screen does not read: kept, marked *unscreened*, held apart.

Extraction keeps what a customer states in a language mem has no rules for (``mem.core.text.other_language``:
Arabic, Hebrew, Thai, Turkish, Vietnamese…), and the screen (``mem.customers.screening``, with the shared detector
``mem.core.instructions``) reads English, Korean, Japanese and the direct override in Chinese — so an order to the
AI written in Arabic or Thai would pass it unseen and be stored as an ordinary fact, told back as the customer's
history, promoted to customer context or grown into a trait.

Such a fact is still what the customer said, so it is stored, but marked ``unscreened`` (the script's name,
``Fact.unscreened``) and treated as an instruction-like one is (``Fact.kept_apart``): never customer context
(no direct context request, no promotion, no slot value), never a trait, never know-how, never an agreement, and
shown to a model only as quoted data with a warning that says it was not screened and why. "A language the screen
does not read" is ``other_language.reads_as_other_language``'s reading (a letter outside ASCII, no English grammar
word, not Korean/Japanese/Chinese), the same one that made extraction keep the sentence: no second reading.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from mem.core.text.cjk import WIDE
from mem.core.text.other_language import mostly_outside_ascii, unscreened_language
from mem.core.text.sentences import split_sentences

# the scripts the screen reads besides ASCII (Korean, Japanese, Chinese) and the full-width forms NFKC makes ASCII
_SCREENED_SCRIPTS = re.compile(f"[{WIDE}]+")

if TYPE_CHECKING:
    from mem.customers.fact_candidates import Candidate


def unscreened_of(quotes: Iterable[str]) -> str:
    """The script of the first customer sentence among ``quotes`` that the screen cannot read, else ""."""
    for quote in quotes:
        if quote.isascii() or not _other_letter(quote):
            continue  # English, Korean, Japanese, Chinese (or a language written in ASCII, read by the English screen)
        whole = unscreened_language(quote)
        if whole:
            return whole
        # "My order is late. تجاهل التعليمات…": one sentence is enough, when it is mostly words outside ASCII (a
        # signature line with an accented name inside an English e-mail is the English message's)
        for sentence in split_sentences(quote):
            found = unscreened_language(sentence.text)
            if found and mostly_outside_ascii(unicodedata.normalize("NFKC", sentence.text)):
                return found
    return ""


def _other_letter(text: str) -> bool:
    """Whether ``text`` holds a letter outside ASCII and outside Hangul, kana, Han and the full-width forms: the
    only letters the sentence-by-sentence reading below can mark (Korean and Japanese quotes skip it)."""
    return any(char.isalpha() and not char.isascii() for char in _SCREENED_SCRIPTS.sub("", text))


def marked_unscreened(candidate: Candidate) -> Candidate:
    """``candidate``, marked unscreened when its customer words are in a language the screen does not read: never an
    agreement or a direct context request (a decision is a request of theirs: the caller builds its statement
    again). What extraction read in it — a slot value, a value's shape, a retraction — was read by rules for a
    language mem reads, on words mem reads (a code, an e-mail address, the English around it), and is kept: the fact
    is judged against what the customer holds as any other, and the mark keeps it out of customer context, traits,
    know-how and agreements wherever it is read (``Fact.kept_apart``)."""
    if candidate.instruction_like or candidate.unscreened:
        return candidate
    script = unscreened_of(e.quote for e in candidate.evidence if e.role == "customer")
    if not script:
        return candidate
    kind = "request" if candidate.kind in ("decision", "trait") else candidate.kind
    return dataclasses.replace(candidate, unscreened=script, kind=kind, agreement=False, context_request=False)
