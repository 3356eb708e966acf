"""The per-customer tantivy index of facts: derived from ``memory.db``, rebuildable at any time.

It holds only what search needs (the fact id, analysed text, evidence quotes and speakers, the
text of the turns around the fact (``context``, read from the request log), kind, status and
dates); the fact itself is always read back from SQLite, so a stale index can at worst miss or
misrank a fact, never show a wrong one. ``STAMP`` (written after each full rebuild) names the
schema version and the database it was built from; a mismatch means the index is rebuilt.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any  # tantivy ships no type information: its index, writer, schema and documents are Any

from mem.core.errors import StorageError
from mem.core.text import analyzer as analyzers
from mem.core.text.cjk import cjk_runs
from mem.core.text.search_form import search_form
from mem.customers.db import failure
from mem.customers.delegates import Delegate, delegate_of
from mem.customers.fact_record import Fact
from mem.customers.neighbour_turns import TurnContext
from mem.customers.slots import SLOT_TERMS, query_slot, shape_values, slot_of

# facts-2: ``context`` field and evidence speakers; facts-3: ``slot`` terms; facts-4: ``statement``;
# facts-5: ``slot_code`` (a fast field); facts-6: the slots read by round five's rules and the address's residence
# words (an index holds the slot each fact was read to fill when it was built); facts-7: round nine's slot rules
# and the name's member words ("会員名", "회원명"); facts-8: every text in its search form (``search_form``: NFC,
# accents folded, CJK cut from glued digits — "Zurich" finds "Zürich"); facts-9: ``slot_code`` a set of slots (a bit
# each), the fact's slot and every phone and e-mail its customer's words give beside it; facts-10: the search form
# folds widths (full-width "１０" is "10", half-width "ｶﾞ" is "ガ"); facts-11: a reference code the customer's words
# give fills the order bit too; facts-12: a bare number of fourteen or more digits, spaced or not, is a reference
# code and no phone (a spaced microchip number was half read as a phone, and an older index keeps that tag); facts-13:
# a full name given with no name word ("Siobhan Carey here", "佐々木 彩です") fills the name bit (an older index has
# no slot for such a fact). Older indexes are rebuilt.
INDEX_VERSION = "facts-13"
STAMP = "STAMP"

# Field boosts: the fact sentence outranks the evidence quotes it came from (and who said them),
# which outrank the turns around it (``context``, ``mem.customers.neighbour_turns``: a hint that lifts
# a fact among similar ones, rarely the reason it ranks first).
# ``slot``: the words a question about the slot the fact fills uses (``mem.customers.slots.SLOT_TERMS``:
# "where does the customer live" → "I moved to Seattle"), as strong as the customer's own words.
# ``statement``: the fact's short normalised sentence (mem.customers.statements): the customer's words
# in the third person, with the days its relative dates resolve to ("2023-08-11").
BOOSTS = {"text": 2.0, "text_cjk": 1.6, "quotes": 1.0, "quotes_cjk": 0.8, "context": 0.5, "context_cjk": 0.3,
          "slot": 1.0, "slot_cjk": 0.8, "statement": 0.2, "statement_cjk": 0.2}
# A question about a slot ("고객 휴대폰 번호", "city the customer resides in") is answered by the facts that
# fill it: they rank before the other matches ("my phone's screen broke, I couldn't see my phone numbers"
# shares the question's words twice, yet the fact holding the number is the answer). Off: ``False``.
SLOT_FIRST = True
# A slot as a bit of a number in a fast field: read for a whole page of hits at once, unlike stored fields. A fact
# can fill more than one: "mobile is 07700 900 561 and email jess@…" answers a question about the phone as well as
# one about the e-mail, though the sentence reads as one slot (``slot_of``: the e-mail).
_SLOT_CODES = {name: 1 << number for number, name in enumerate(SLOT_TERMS)}
# the slots a value's shape alone names wherever it stands (``slots.shape_values``): a phone, an e-mail, and a code
# ("確認メールにはTK-4519-08とありました", "KT-55016 です", "새 접수번호가 나왔어요: BK-88102") — a question about an
# order number and one about a booking reference both ask for the order slot (``query_slot``), so a code answers
# either before a sentence that names the order without it ("중고책 매입 신청했어요", "注文番号まちがえてました")
_SHAPE_SLOTS = frozenset({"email", "phone", "order"})
_WORD_FIELDS = ("text", "quotes", "context", "slot", "statement")
_CJK_FIELDS = ("text_cjk", "quotes_cjk", "context_cjk", "slot_cjk", "statement_cjk")
_WRITER_HEAP = 32_000_000


class FactIndex:
    """An open index folder with a lazily created, long-lived writer."""

    def __init__(self, folder: Path, *, expected_stamp: str, context: TurnContext | None = None,
                 in_memory: bool = False) -> None:
        """``in_memory``: an index held in this process's memory only (``folder`` is then named in messages,
        never touched) — a store on a read-only file system searches that way, and nothing of the
        customer's is written outside their folder."""
        import tantivy

        self._tantivy = tantivy
        self.folder = folder
        self.in_memory = in_memory
        self.fresh = False
        self.schema = _schema(tantivy)
        if in_memory:
            self.fresh = True
            self.index = tantivy.Index(self.schema)
        else:
            self._open_folder(tantivy, folder, expected_stamp)
        self.analyzers = analyzers.build(tantivy)
        for name, analyzer in self.analyzers.items():
            self.index.register_tokenizer(name, analyzer)
        self._writer: Any = None
        self._stamp = expected_stamp
        self._context = context

    def _open_folder(self, tantivy: Any, folder: Path, expected_stamp: str) -> None:
        stamp_file = folder / STAMP
        current = stamp_file.read_text().strip() if stamp_file.is_file() else None
        if current != f"{INDEX_VERSION} {expected_stamp}":
            shutil.rmtree(folder, ignore_errors=True)
            self.fresh = True
        folder.mkdir(parents=True, exist_ok=True)
        try:
            self.index = tantivy.Index(self.schema, path=str(folder), reuse=not self.fresh)
        except ValueError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            self.fresh = True
            try:
                self.index = tantivy.Index(self.schema, path=str(folder), reuse=False)
            except ValueError as again:
                raise failure(f"cannot create the search index in {folder}", folder, again) from exc

    # writing ------------------------------------------------------------------------------
    def _get_writer(self) -> Any:
        if self._writer is None:
            try:
                self._writer = self.index.writer(heap_size=_WRITER_HEAP, num_threads=1)
            except ValueError as exc:
                raise failure(f"cannot write the search index in {self.folder}", self.folder, exc) from exc
        return self._writer

    def apply(self, changes: Iterable[tuple[str, Fact | None]]) -> None:
        """Replace the entries of the given fact ids (``None`` = the fact is gone) and commit."""
        writer = self._get_writer()
        if self._context is not None:
            self._context.reset()
        try:
            for fact_id, fact in changes:
                writer.delete_documents_by_term("id", fact_id)
                if fact is not None:
                    writer.add_document(self._document(fact))
            writer.commit()
        except ValueError as exc:
            raise failure("updating the search index failed", self.folder, exc) from exc
        self.index.reload()

    def rebuild(self, facts: Iterable[Fact]) -> int:
        """Drop every entry, index ``facts`` and write the stamp; returns how many were indexed."""
        writer = self._get_writer()
        if self._context is not None:
            self._context.reset()
        count = 0
        try:
            writer.delete_all_documents()
            for fact in facts:
                writer.add_document(self._document(fact))
                count += 1
            writer.commit()
            writer.garbage_collect_files()
        except ValueError as exc:
            raise failure("rebuilding the search index failed", self.folder, exc) from exc
        self.index.reload()
        if not self.in_memory:
            (self.folder / STAMP).write_text(f"{INDEX_VERSION} {self._stamp}\n")
        self.fresh = False
        return count

    def num_docs(self) -> int:
        return self.index.searcher().num_docs

    def close(self) -> None:
        """Finish segment merges started by this session's commits, then release the writer lock.

        Without the wait, merges are abandoned when the writer is dropped and every session leaves
        one more small segment behind, which slows search down over time.
        """
        writer, self._writer = self._writer, None
        if writer is not None:
            with suppress(ValueError):
                writer.wait_merging_threads()

    def _document(self, fact: Fact) -> Any:
        doc = _SearchDocument(self._tantivy.Document())
        doc.add_raw("id", fact.id)
        doc.add_text("text", fact.text)
        for run in cjk_runs(fact.text):
            doc.add_text("text_cjk", run)
        if fact.statement:
            doc.add_text("statement", fact.statement)
            for run in cjk_runs(fact.statement):
                doc.add_text("statement_cjk", run)
        for evidence in fact.evidence:
            if evidence.role == "customer-corrected":
                continue  # words an operator's correction replaced: kept in the record, not searched
            doc.add_text("quotes", evidence.quote)
            for run in cjk_runs(evidence.quote):
                doc.add_text("quotes_cjk", run)
            if evidence.speaker and evidence.role != "operator":  # an operator's name is not the customer's
                doc.add_text("quotes", evidence.speaker)
        slot = slot_of(fact)
        code = _shape_codes(fact)
        if slot is not None:
            code |= _SLOT_CODES[slot.name]
            doc.add_text("slot", SLOT_TERMS[slot.name])
            for run in analyzers.cjk_runs(SLOT_TERMS[slot.name]):
                doc.add_text("slot_cjk", run)
        if code:
            doc.document.add_integer("slot_code", code)
        context = self._context.of(fact) if self._context is not None else ""
        if context:
            doc.add_text("context", context)
            for run in cjk_runs(context):
                doc.add_text("context_cjk", run)
        doc.add_raw("kind", fact.kind)
        doc.add_raw("status", fact.status)
        when = fact.when
        doc.document.add_integer("day", when.toordinal() if when else 0)
        doc.document.add_integer("recorded", int(fact.recorded_at.timestamp()) if fact.recorded_at else 0)
        return doc.document

    # reading ------------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        limit: int,
        kinds: Iterable[str] | None,
        statuses: Iterable[str],
        since_day: int | None,
    ) -> list[tuple[str, float]]:
        """(fact id, score) best first: BM25 with field boosts, the more recent first on equal scores."""
        t = self._tantivy
        words, grams = analyzers.split_query(self.analyzers, query, drop_endings=True, cut_glued=True)
        should = []
        for field in _WORD_FIELDS:
            for term in words:
                should.append((t.Occur.Should, t.Query.boost_query(
                    t.Query.term_query(self.schema, field, term, index_option="freq"), BOOSTS[field])))
        for field in _CJK_FIELDS:
            for term in grams:
                should.append((t.Occur.Should, t.Query.boost_query(
                    t.Query.term_query(self.schema, field, term, index_option="freq"), BOOSTS[field])))
        if not should:
            return []
        clauses = [(t.Occur.Must, t.Query.boolean_query(should))]
        clauses.append((t.Occur.Must, _zero(t, t.Query.term_set_query(self.schema, "status", list(statuses)))))
        if kinds:
            clauses.append((t.Occur.Must, _zero(t, t.Query.term_set_query(self.schema, "kind", list(kinds)))))
        if since_day is not None:
            clauses.append((t.Occur.Must, _zero(t, t.Query.range_query(
                self.schema, "day", t.FieldType.Integer, lower_bound=since_day))))
        searcher = self.index.searcher()
        # Over-fetch so equal scores can be reordered by recency before cutting to ``limit``.
        window = min(max(limit * 3, 30), 500)
        try:
            result = searcher.search(t.Query.boolean_query(clauses), limit=window, count=False)
        except ValueError as exc:
            raise StorageError(f"search failed: {exc}") from exc
        hits = result.hits
        if not hits:
            return []
        days = searcher.fast_field_values("day", [address for _, address in hits])
        wanted = query_slot(query) if SLOT_FIRST else None
        codes = searcher.fast_field_values("slot_code", [address for _, address in hits]) if wanted else days
        # the facts filling the slot asked about first; for where the customer lives, a street address they gave
        # next (it says where they live when no town is active: "We've moved to 4 Park Row, York")
        also = _SLOT_CODES["address"] if wanted == "residence" else None
        # a fast field reads back as int | float: the slot codes are bit sets
        tier = [0 if wanted is not None and int(code or 0) & _SLOT_CODES[wanted]
                else 1 if also is not None and int(code or 0) & also else 2 for code in codes]
        ranked = sorted(zip(hits, days, tier, strict=True),
                        key=lambda h: (h[2], -round(h[0][0], 4), -(h[1] or 0)))[:limit]
        return [(searcher.doc(address)["id"][0], float(score)) for (score, address), _, _ in ranked]


class _SearchDocument:
    """A tantivy document whose analysed text fields get every text in its search form (``search_form``), as
    queries are read: the index and the query meet whatever normal form or accents the customer typed."""

    def __init__(self, document: Any) -> None:
        self.document = document

    def add_text(self, field: str, text: str) -> None:
        self.document.add_text(field, search_form(text, cut_glued=True))

    def add_raw(self, field: str, text: str) -> None:
        """A keyword field (id, kind, status): stored as given."""
        self.document.add_text(field, text)


def _shape_codes(fact: Fact) -> int:
    """The bits of every phone, e-mail and code the fact's customer words give as their own (``shape_values``: not
    someone else's, not a question) — "번호랑 메일 바뀌었어요. 010 7724 1938 / dh.kang@gmail.com 입니다." fills both."""
    if fact.kind == "trait":
        return 0
    words = " ".join(e.quote for e in fact.evidence if e.role == "customer")
    code = 0
    for slot in shape_values(words) if words else ():
        if slot.name == "order" and not any(ch.isalpha() for ch in slot.value):
            continue  # digits and dashes alone may be a date or a size ("12-03"): a code with letters is one
        if slot.name in _SHAPE_SLOTS:
            code |= _SLOT_CODES[slot.name]
    if code and Delegate.speakers_own(words) and delegate_of([words]) is not None:
        # "I'm Harold's daughter — call me on 07700 900 519": the writer's own number, not the holder's
        return 0
    return code


def _zero(t: Any, query: Any) -> Any:
    """A filter clause that must match but adds nothing to the score."""
    return t.Query.const_score_query(query, 0.0)


def _schema(t: Any) -> Any:
    builder = t.SchemaBuilder()
    builder.add_text_field("id", stored=True, tokenizer_name="raw", index_option="basic")
    builder.add_text_field("text", tokenizer_name=analyzers.WORDS, index_option="freq")
    builder.add_text_field("text_cjk", tokenizer_name=analyzers.CJK, index_option="freq")
    builder.add_text_field("quotes", tokenizer_name=analyzers.WORDS, index_option="freq")
    builder.add_text_field("quotes_cjk", tokenizer_name=analyzers.CJK, index_option="freq")
    builder.add_text_field("context", tokenizer_name=analyzers.WORDS, index_option="freq")
    builder.add_text_field("context_cjk", tokenizer_name=analyzers.CJK, index_option="freq")
    builder.add_text_field("slot", tokenizer_name=analyzers.WORDS, index_option="freq")
    builder.add_text_field("slot_cjk", tokenizer_name=analyzers.CJK, index_option="freq")
    builder.add_text_field("statement", tokenizer_name=analyzers.WORDS, index_option="freq")
    builder.add_text_field("statement_cjk", tokenizer_name=analyzers.CJK, index_option="freq")
    builder.add_text_field("kind", tokenizer_name="raw", index_option="basic")
    builder.add_text_field("status", tokenizer_name="raw", index_option="basic")
    builder.add_integer_field("day", indexed=True, fast=True)
    builder.add_integer_field("recorded", fast=True)
    builder.add_integer_field("slot_code", fast=True)
    return builder.build()
