"""What an erase takes out of the request log: the fact's quotes, and every restatement of its words.

Replacing the erased fact's quotes in the turns they came from left its words in the turns that
repeated them: mem's own logged answers, which quote a fact word for word ("Your history with us: …"),
and the agent turns of an imported conversation ("Got it, passport XK4471923 is on file.") —
NEWUSER_REPORT15 #1. An erase therefore rewrites, in every logged turn of the customer:

- **phrases**: the text, statement and quotes of every version of the fact, whoever said them: in the
  conversations holding its evidence, and wherever else a phrase of three words or more (six
  characters of Korean or Japanese) stands — an agreement's evidence may be an agent's bare "Yes.",
  which is no restatement of anything elsewhere;
- **identifiers**: the fact's tokens that identify (an order, passport or phone number, an e-mail
  address: ``identifiers``), wherever they stand;
- **words**: in the conversations holding its evidence, every content word of the fact (not a stop
  word; a Korean or Japanese term is looked for inside the text) that no other fact with evidence in
  that conversation says — the agent's reply that repeats an address says it in its own sentence;
  and in mem's own answers that cite the fact (``fact_refs`` in the turn's meta): a model's answer
  may put it in its own words.

The last two spare the turns another fact quotes: those words are that fact's, and erase works one
fact at a time. Every changed turn keeps a tombstone (``erased_turns``), so no import brings it back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from mem.core.json_types import JsonObject
from mem.core.text.content_terms import terms
from mem.core.text.stopwords import CONVERSATION
from mem.customers._layout import REDACTED
from mem.customers.fact_record import Fact

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

# a Latin-script word (letters and digits, an inner apostrophe); CJK text is matched by its terms instead
_WORD = re.compile(r"[^\W_](?:[^\W_]|['’](?=[^\W_]))*")
# Korean, Japanese and Chinese characters: no spaces around their words
_CJK = re.compile(r"[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
# an identifier: ASCII letters and digits joined by - . / @ + (QX-55120, 555-111-2222, dana@example.com)
_IDENTIFIER = re.compile(r"[A-Za-z0-9]+(?:[-./@+_][A-Za-z0-9]+)*")
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# where an identifier stands alone: not inside a longer token ("2026" in "2026-11-15")
_BEFORE = r"(?<![A-Za-z0-9])(?<![A-Za-z0-9][-./@+_])"
_AFTER = r"(?![A-Za-z0-9])(?![-./@+_][A-Za-z0-9])"


def fact_texts(versions: Iterable[Fact]) -> list[str]:
    """Every text a fact's versions hold: text, statement and evidence quotes."""
    return [t for f in versions for t in (f.text, f.statement, *(e.quote for e in f.evidence)) if t and t.strip()]


def content_words(texts: Iterable[str]) -> tuple[set[str], set[str]]:
    """(Latin-script content words, casefolded; Korean and Japanese content terms) of ``texts``."""
    words: set[str] = set()
    cjk: set[str] = set()
    for text in texts:
        for match in _WORD.finditer(text):
            word = match.group(0).casefold()
            if _CJK.search(word):
                continue
            word = word.removesuffix("'s").removesuffix("’s")
            if word[0].isdigit() or (len(word) > 1 and word not in CONVERSATION):
                words.add(word)
        cjk.update(t for t in terms(text) if len(t) >= 2 and _CJK.search(t))
    return words, cjk


def identifiers(texts: Iterable[str]) -> set[str]:
    """The tokens of ``texts`` that identify: an e-mail address, letters mixed with digits (QX-55120,
    XK4471923), or five digits or more (a phone or account number). Not a year, an amount or a day
    ("1987", "30", "2026-11-15": mem dates every fact line of its answers so)."""
    found = set()
    for text in texts:
        for match in _IDENTIFIER.finditer(text):
            token = match.group(0)
            digits = sum(c.isdigit() for c in token)
            if "@" in token or (digits and any(c.isalpha() for c in token)) or (
                    digits >= 5 and not _ISO_DAY.fullmatch(token)):
                found.add(token)
    return found


class Scrub:
    """The rewrite of the log for one erased fact (``scrub_log``)."""

    def __init__(self, store: CustomerStore, fact_id: str, versions: list[Fact]) -> None:
        self._store = store
        self._fact_id = fact_id
        texts = fact_texts(versions)
        self.phrases = sorted(set(texts), key=len, reverse=True)
        self.long_phrases = [p for p in self.phrases if len(p.split()) >= 3 or len(_CJK.findall(p)) >= 6]
        self.words, self.cjk = content_words(texts)
        found = sorted(identifiers(texts), key=len, reverse=True)
        alternatives = "|".join(map(re.escape, found))
        self._identifier = re.compile(f"{_BEFORE}(?:{alternatives}){_AFTER}") if found else None
        self.conversations = {e.log_id for f in versions for e in f.evidence}
        self._evidence = {(e.log_id, e.turn, e.quote) for f in versions for e in f.evidence}
        self._quoted: set[tuple[str, str]] | None = None
        self._kept_words: dict[str, tuple[set[str], set[str]]] = {}

    def __call__(self, conversation_id: str, record: JsonObject, text: str) -> str:
        for phrase in self.phrases if conversation_id in self.conversations else self.long_phrases:
            text = text.replace(phrase, REDACTED)
        cited = self._fact_id in _fact_refs(record)
        if self._identifier is None and conversation_id not in self.conversations and not cited:
            return text
        edited = self._identifier.sub(REDACTED, text) if self._identifier is not None else text
        if conversation_id in self.conversations or cited:
            edited = self._words(conversation_id, edited)
        if edited != text and (conversation_id, str(record.get("id"))) in self.quoted():
            return text  # another fact quotes this turn: its words are that fact's
        return edited

    def _words(self, conversation_id: str, text: str) -> str:
        kept_words, kept_cjk = self._kept(conversation_id)
        words = self.words - kept_words
        text = _WORD.sub(lambda m: REDACTED if _bare(m.group(0)) in words else m.group(0), text)
        for term in sorted(self.cjk - kept_cjk, key=len, reverse=True):
            text = text.replace(term, REDACTED)
        return text

    def quoted(self) -> set[tuple[str, str]]:
        """(conversation, turn id) of every turn another fact's evidence names (read once, when needed);
        a trait's copy of the erased fact's own quote does not count (erase drops it next)."""
        if self._quoted is None:
            rows = self._store.conn.execute(
                "SELECT json_extract(e.value, '$.log_id'), json_extract(e.value, '$.turn'), "
                "json_extract(e.value, '$.quote') "
                "FROM facts, json_each(facts.data, '$.evidence') AS e WHERE facts.id != ?", (self._fact_id,))
            self._quoted = {(str(log_id), str(turn)) for log_id, turn, quote in rows
                            if (log_id, turn, quote) not in self._evidence}
        return self._quoted

    def _kept(self, conversation_id: str) -> tuple[set[str], set[str]]:
        """The content words of the other facts with evidence in this conversation: they stay."""
        if conversation_id not in self._kept_words:
            rows = self._store.conn.execute("SELECT data FROM facts WHERE id != ? AND instr(data, ?) > 0",
                                            (self._fact_id, conversation_id)).fetchall()
            others = [Fact.from_dict(json.loads(row[0])) for row in rows]
            others = [f for f in others if any(e.log_id == conversation_id for e in f.evidence)]
            self._kept_words[conversation_id] = content_words(fact_texts(others))
        return self._kept_words[conversation_id]


def _fact_refs(record: JsonObject) -> list[str]:
    """The fact ids a logged answer of mem's cites (its meta's ``fact_refs``; none in an older log)."""
    meta = record.get("meta")
    refs = meta.get("fact_refs") if isinstance(meta, dict) else None
    return [r for r in refs if isinstance(r, str)] if isinstance(refs, list) else []


def _bare(word: str) -> str:
    return word.casefold().removesuffix("'s").removesuffix("’s")


def scrub_log(store: CustomerStore, fact_id: str, versions: list[Fact]) -> int:
    """Take an erased fact's quotes and restatements out of the customer's whole request log (inside
    the caller's transaction); returns how many turns changed."""
    return store.log.edit_turns(Scrub(store, fact_id, versions))
