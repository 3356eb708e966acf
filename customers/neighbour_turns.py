"""What a fact was said among: the turns around its evidence, for the index's ``context`` field.

A customer's sentence often only makes sense next to the exchange it belongs to ("Yes, twice —
with the kids" after "Did you go camping this summer?"; the agent's "I've noted your new
address" after it), and a later question tends to use the words of that exchange. The index
therefore gives each fact a low-boost ``context`` field holding the ``TURNS_BEFORE`` turns before
and the ``TURNS_AFTER`` turns after the fact's first evidence turn in its conversation, read from
the request log. (On LoCoMo: R@10 0.673 → 0.692 with the previous turn alone, 0.697 with ±1 turn,
0.706 with ±2; see docs/extraction.md.)

It is derived data like the rest of the index: nothing is copied into the fact record, so an erase
(which redacts the quote in the log, then rebuilds the index) leaves no trace of the words here
either, and a store restored without its logs simply has empty context fields. A neighbouring turn
that touches health, relationships or finances is used only when the customer consented to that
category — the rule extraction follows before copying words into a fact.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from mem.customers.fact_record import Fact

TURNS_BEFORE = 2
TURNS_AFTER = 2
# Facts are indexed in insertion order, so the facts of one conversation come together: a few
# parsed logs at a time are enough, and memory stays flat during a rebuild of 100k facts.
_CACHED_LOGS = 16
_MAX_TURN_CHARS = 1000
_REMEMBERED_VERDICTS = 20_000


class TurnContext:
    """The context text of facts, read from ``logs/<conversation>.jsonl`` (cached per pass).

    ``allowed_sensitive`` returns the consented sensitive categories. ``reset()`` — called by the
    index before each batch of changes and each rebuild — drops the cache, since logs may have been
    redacted (erase) or extended and consent changed since the last pass.
    """

    def __init__(self, logs: Path, *, allowed_sensitive: Callable[[], frozenset[str]]) -> None:
        self.logs = logs
        self._allowed_sensitive = allowed_sensitive
        self._allowed: frozenset[str] | None = None
        self._cache: OrderedDict[str, dict[str, str]] = OrderedDict()
        self._verdicts: dict[str, bool] = {}

    def reset(self) -> None:
        self._cache.clear()
        self._verdicts.clear()
        self._allowed = None

    def of(self, fact: Fact) -> str:
        """The text of the turns around the fact's first logged evidence turn ("" when none)."""
        for evidence in fact.evidence:
            around = self._conversation(evidence.log_id).get(evidence.turn)
            if around is not None:
                return around
        return ""

    def _conversation(self, log_id: str) -> dict[str, str]:
        """{turn id: the text around it} for one conversation (empty if its log is gone)."""
        found = self._cache.get(log_id)
        if found is not None:
            self._cache.move_to_end(log_id)
            return found
        found = {}
        # Evidence of a hand-made or imported fact may name anything: only plain file names are read.
        if log_id and "/" not in log_id and "\\" not in log_id and not log_id.startswith("."):
            found = self._around(_read_turns(self.logs / f"{log_id}.jsonl"))
        self._cache[log_id] = found
        if len(self._cache) > _CACHED_LOGS:
            self._cache.popitem(last=False)
        return found

    def _around(self, turns: list[tuple[str, str, str]]) -> dict[str, str]:
        texts = [" ".join(t for t in (text, caption) if t) if (text or caption) and self._may_use(f"{text} {caption}")
                 else "" for _, text, caption in turns]
        found = {}
        for index, (turn_id, _, _) in enumerate(turns):
            # the fact's own turn, whole: extraction keeps only the statements about the speaker, and
            # the reactions and the photo caption it leaves out are still words a question may use
            own = [texts[index]] if texts[index] else []
            around = texts[max(0, index - TURNS_BEFORE):index] + own + texts[index + 1:index + 1 + TURNS_AFTER]
            joined = "\n".join(text for text in around if text)
            if joined:
                found[turn_id] = joined
        return found

    def _may_use(self, text: str) -> bool:
        from mem.customers.kinds import SENSITIVE_CATEGORIES, sensitive_category  # off the store's import path

        if self._allowed is None:
            self._allowed = self._allowed_sensitive()
        if self._allowed.issuperset(SENSITIVE_CATEGORIES):
            return True
        verdict = self._verdicts.get(text)
        if verdict is None:
            # The word lists cost ~25 µs a text; agents repeat their stock sentences, so remember them.
            if len(self._verdicts) > _REMEMBERED_VERDICTS:
                self._verdicts.clear()
            category = sensitive_category(text)
            verdict = self._verdicts[text] = category == "none" or category in self._allowed
        return verdict


def _read_turns(path: Path) -> list[tuple[str, str, str]]:
    """(turn id, text, caption) of each turn of a log, in order; system turns have no text here.

    ``caption`` is ``meta.caption``: machine-written text about an attachment (an image import's
    photo caption). It is never evidence — extraction does not read it — but a question may use its
    words ("the photo of the cat"), so it is searchable here, beside the turn's own fact.
    """
    turns: list[tuple[str, str, str]] = []
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    record = json.loads(line)
                    turn_id, role, text = str(record["id"]), record.get("role"), str(record.get("text") or "")
                    caption = (record.get("meta") or {}).get("caption")
                except (ValueError, KeyError, TypeError, AttributeError):
                    break  # a damaged or half-written last line: the turns before it still count
                caption = caption.strip()[:_MAX_TURN_CHARS] if isinstance(caption, str) and role != "system" else ""
                turns.append((turn_id, "" if role == "system" else text.strip()[:_MAX_TURN_CHARS], caption))
    except OSError:
        return []  # a missing log only costs the context field; the fact itself is indexed
    return turns
