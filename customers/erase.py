"""The customer's explicit erase of a fact: the only hard delete, and the traces it must not leave.

An erase reaches every place the fact's text went: its record and history, its evidence in the
outbox, the context items made from it and their context-log lines, its quotes and their restatements in
the request log (``log_scrub``: mem's own answers that quoted it, an agent's reply that repeated its data),
the quotes other records copied from it (a trait's evidence, in its record and its history), the
history reasons of the facts linked to it ("new residence: Bostonville → Seattle"), the search
index and the WAL. A decision fact is also queued for withdrawal from know-how sharing, as a
retracted one would be. Called as ``store.facts.erase(fact_id)``.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING

from mem.core import clock
from mem.customers._layout import REDACTED
from mem.customers.db import drop_copies, failure
from mem.customers.erase_ledger import record_erasures
from mem.customers.fact_record import Fact
from mem.customers.fact_rows import compact_record
from mem.customers.log_scrub import scrub_log

if TYPE_CHECKING:
    from mem.customers.store import CustomerStore

# "context item 01J…" in a history reason: the promotion row and the demotion row name their item
_CONTEXT_ITEM = re.compile(r"context item (\w+)")
_WORD = re.compile(r"\w+")
# Korean, Japanese and Chinese words have no spaces around them: a word is looked for inside the text
_CJK = re.compile(r"[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
# meta key: ids of decision facts the know-how server has not been told to withdraw yet: erased ones, and
# every decision of a customer who turned sharing off (``queue_withdrawals``). Ids only, never text.
WITHDRAW_KEY = "share_withdraw_erased"


def erase_fact(store: CustomerStore, fact_id: str) -> None:
    """Erase one fact of ``store``'s customer, and a trait left with no supporting fact by it.

    Removes the fact, the text of its whole history, its index entry, its outbox evidence, the context
    items made from it, and every copy of its quotes and words in other records; replaces its quotes
    and their restatements in the request log with "[erased]" (``log_scrub``). Keeps a tombstone
    history row (id, time, "erased", no text) and the ids other facts use to point at it.
    """
    erase_facts(store, [fact_id])


def erase_facts(store: CustomerStore, fact_ids: Iterable[str], *, purge: bool = True) -> list[str]:
    """Erase several facts in one transaction and one index rebuild (``erase_fact`` for each); a fact
    already erased along the way (a trait left without support) is skipped. Returns the ids erased.
    ``purge=False``: the caller's transaction goes on, and it calls ``purge_traces`` after its commit."""
    erased: list[str] = []
    home = store.folder.parent.parent  # <home>/customers/<id>
    with store.transaction():
        pending = list(dict.fromkeys(fact_ids))[::-1]
        for fact_id in pending:
            store.facts.get(fact_id)  # NotFound before anything changes
        # outside the folder a restore replaces: a backup made before this erase cannot bring the fact back
        # (``erase_ledger``); written before the commit, so a crash in between errs on the side of the erase
        record_erasures(home, store.customer_id, pending, clock.isoformat(clock.now()))
        while pending:
            fact_id = pending.pop()
            if fact_id in erased:
                continue
            pending.extend(_erase_one(store, fact_id))
            erased.append(fact_id)
    record_erasures(home, store.customer_id, erased, clock.isoformat(clock.now()))  # traits left unsupported
    if purge:
        purge_traces(store)
    return erased


def _erase_one(store: CustomerStore, fact_id: str) -> list[str]:
    """Erase one fact inside the caller's transaction; returns the traits it leaves with no support."""
    facts, conn = store.facts, store.conn
    fact = facts.get(fact_id)
    versions = [fact, *_snapshots(conn, "SELECT snapshot FROM fact_history WHERE fact_id = ?", fact_id)]
    evidence = {(e.log_id, e.turn, e.quote) for version in versions for e in version.evidence}
    reasons = [row[0] for row in conn.execute("SELECT reason FROM fact_history WHERE fact_id = ?", (fact_id,))]
    items = {row[0] for row in conn.execute("SELECT id FROM context_items WHERE fact_id = ?", (fact_id,))}
    items.update(match for reason in reasons for match in _CONTEXT_ITEM.findall(reason))

    scrub_log(store, fact_id, versions)  # its quotes, and their restatements in other turns
    conn.execute("DELETE FROM facts WHERE id = ?", (fact_id,))
    conn.execute("DELETE FROM fact_policy WHERE fact_id = ?", (fact_id,))
    conn.execute("DELETE FROM fact_history WHERE fact_id = ?", (fact_id,))
    store.outbox.forget(fact_id)
    store.context.forget_items(items, REDACTED)
    if any(version.kind == "decision" for version in versions):
        queue_withdrawal(store, fact_id)
    _drop_copied_quotes(store, fact_id, evidence)
    _redact_linked_reasons(store, fact_id, versions)
    facts.log_change(fact_id, "erased", "customer", "erased at the customer's request", None)
    facts.index_op(fact_id)
    return _unsupported_traits(store, fact_id)


def _snapshots(conn: sqlite3.Connection, sql: str, *params: str) -> list[Fact]:
    return [Fact.from_dict(json.loads(row[0])) for row in conn.execute(sql, params) if row[0]]


def _drop_copied_quotes(store: CustomerStore, fact_id: str, evidence: set[tuple[str, str, str]]) -> None:
    """Take the erased quotes out of every other record and history snapshot that copied them (a trait
    quotes its supporting facts word for word). Only rows holding a quote's stored form are read."""
    conn = store.conn
    for quote in {quote for _log_id, _turn, quote in evidence if quote}:
        needle = _json_text(quote)
        for row in conn.execute("SELECT id, data FROM facts WHERE instr(data, ?) > 0", (needle,)).fetchall():
            record = Fact.from_dict(json.loads(row["data"]))
            kept = [e for e in record.evidence if (e.log_id, e.turn, e.quote) not in evidence]
            if len(kept) != len(record.evidence):
                store.facts.save(record.replace(evidence=kept), action="edited", actor="customer",
                                 reason=f"quotes of erased fact {fact_id} removed")
        rows = conn.execute("SELECT seq, snapshot FROM fact_history WHERE instr(snapshot, ?) > 0", (needle,)).fetchall()
        for row in rows:
            snapshot = json.loads(row["snapshot"])
            quotes = snapshot.get("evidence") or []
            kept_quotes = [e for e in quotes if (e.get("log_id"), e.get("turn"), e.get("quote")) not in evidence]
            if len(kept_quotes) != len(quotes):
                snapshot["evidence"] = kept_quotes
                conn.execute("UPDATE fact_history SET snapshot = ? WHERE seq = ?",
                             (compact_record(snapshot), row["seq"]))


def _redact_linked_reasons(store: CustomerStore, fact_id: str, versions: list[Fact]) -> None:
    """Blank, in the history reasons of the facts it replaced or was replaced by, the words only it said.

    An UPDATE's reason names the old value ("new residence: Bostonville → Seattle"); the new fact keeps
    that row. A word of the reason is blanked when the erased fact said it and the fact owning the row
    does not say it itself, so "new residence: [erased] → Seattle" stays readable.
    """
    conn = store.conn
    erased_words, erased_text = _words(_texts(versions))
    linked = conn.execute("SELECT id, data FROM facts WHERE json_extract(data, '$.supersedes') = ? "
                          "OR json_extract(data, '$.superseded_by') = ?", (fact_id, fact_id)).fetchall()
    for row in linked:
        own_words, own_text = _words(_texts([Fact.from_dict(json.loads(row["data"]))]))

        def only_erased(word: str, own_words: set[str] = own_words, own_text: str = own_text) -> bool:
            if _CJK.search(word):  # no spaces around a Korean or Japanese word: look inside the text
                return word in erased_text and word not in own_text
            return word in erased_words and word not in own_words

        for seq, reason in conn.execute("SELECT seq, reason FROM fact_history WHERE fact_id = ?",
                                        (row["id"],)).fetchall():
            redacted = _WORD.sub(lambda m: REDACTED if only_erased(m.group(0).casefold()) else m.group(0), reason)
            if redacted != reason:
                conn.execute("UPDATE fact_history SET reason = ? WHERE seq = ?", (redacted, seq))


def _unsupported_traits(store: CustomerStore, fact_id: str) -> list[str]:
    """Traits that named the erased fact as support and have no supporting fact left: a trait's text
    is made of words all its supporting facts share, so with none left it repeats only erased words."""
    conn = store.conn
    left: list[str] = []
    for row in conn.execute("SELECT id, data FROM facts WHERE kind = 'trait' AND instr(data, ?) > 0",
                            (fact_id,)).fetchall():
        trait = Fact.from_dict(json.loads(row["data"]))
        if fact_id in trait.support and not store.facts.load_many(list(trait.support)):
            left.append(trait.id)
    return left


def _texts(versions: Iterable[Fact]) -> list[str]:
    return [text for f in versions for text in (f.text, f.statement, *(e.quote for e in f.evidence))]


def _words(texts: list[str]) -> tuple[set[str], str]:
    joined = "\n".join(texts).casefold()
    return set(_WORD.findall(joined)), joined


def _json_text(text: str) -> str:
    """How ``text`` appears inside a stored record (the JSON string without its quotes)."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


def queue_withdrawal(store: CustomerStore, fact_id: str) -> None:
    """Remember an erased decision fact so the next share withdraws it from know-how (only its id is kept)."""
    queue_withdrawals(store, [fact_id])


def queue_withdrawals(store: CustomerStore, fact_ids: Iterable[str]) -> None:
    """Remember decision facts whose shared records the know-how server must drop (inside the caller's
    transaction): the next ``mem share``, ``mem sync`` or ``mem consent`` sends their withdrawal."""
    from mem.customers import db

    ids = erased_decisions(store)
    new = [i for i in dict.fromkeys(fact_ids) if i not in ids]
    if new:
        db.set_meta(store.conn, WITHDRAW_KEY, json.dumps([*ids, *new]))


def erased_decisions(store: CustomerStore) -> list[str]:
    """Ids of decision facts (erased, or shared before sharing was turned off) whose withdrawal the
    know-how server has not acknowledged yet."""
    from mem.customers import db

    value = db.get_meta(store.conn, WITHDRAW_KEY)
    try:
        ids = json.loads(value) if value else []
    except ValueError:
        return []
    return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []


def withdrawals_sent(store: CustomerStore, fact_ids: Iterable[str]) -> None:
    """The server took the withdrawal of these erased decisions: forget them."""
    from mem.customers import db

    sent = set(fact_ids)
    with store.transaction():
        left = [i for i in erased_decisions(store) if i not in sent]
        if left:
            db.set_meta(store.conn, WITHDRAW_KEY, json.dumps(left))
        else:
            store.conn.execute("DELETE FROM meta WHERE key = ?", (WITHDRAW_KEY,))


def purge_traces(store: CustomerStore) -> None:
    """After an erase: rebuild the index (a tantivy delete only hides a document until segments
    merge) and checkpoint the WAL, so the erased text survives in no file of this customer."""
    store.facts.reindex()
    drop_copies(store.folder)  # a copy kept before a schema upgrade holds the erased text too
    try:
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error as exc:
        raise failure("customer memory write failed", store.folder, exc) from exc
