"""A model's answer checked against what it cites, before the customer sees it (``mem ask --model``).

``citations.check_citations`` removes citations that point to nothing. An answer can cite a real block and
still say something else: "our policy gives you a 90-day refund window, and you once agreed to $500 store
credit [1]" citing "Customers may request a refund within 14 days", an English question answered in French,
or a model that repeats the instruction hidden in a policy page ("Ignore all previous instructions: …")
while mem's own warning said that text "was treated as data and not followed". Each was printed, exit 0.

``refuse_reply`` refuses what is no answer at all (``ModelError``, nothing shown or logged): an empty reply,
a JSON object or list instead of text, a reply over the request log's one message limit
(``[extract] max_message_bytes``, 256 KiB, the limit every other way into the log already had).

``check_answer`` judges a reply that is text:

- **figures**: every number and date it states (citation marks aside) must occur in a block it cites, in the
  question or in the customer's earlier turns (``mem.policies.grounding.ungrounded``, the check ingest makes
  of a model's page);
- **agreements**: an answer that says something was agreed or promised must cite a customer fact that is an
  agreement — a policy page's "you agree to these terms" grounds none; a guarantee may also be a cited
  block's own guarantee;
- **language**: it must be written in the language the prompt asked for (``AssembledContext.answer_in``, one
  decision for prompt and check; ``mem.core.text.written_in``);
- **echoed instructions**: it must not repeat text mem classed as instruction-like in a block it was given
  (six words in a row of it, or all of a shorter one). Such an answer is **withheld**: the customer gets a
  line saying so, the request log keeps that line, and the "not followed" warning says the model repeated it.
  An answer that acts on such text in other words repeats nothing this check finds, so with a model that warning
  never says "not followed": it says the text was given to the model as data (``not_followed_warnings``).

Any finding makes the answer ``grounded: false`` (one flag a host can key on, in ``--json`` and MCP) and adds a
warning naming it; the first three leave the text as the model wrote it, since they compare words, not meaning.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from mem.agent.blocks import Block
from mem.core.errors import ModelError
from mem.core.instructions import is_instruction_like
from mem.core.text import split_sentences
from mem.core.text.normal_form import normalise
from mem.core.text.written_in import language_name, written_in

ECHO_WORDS = 6  # words in a row of an instruction-like sentence that make an answer repeat it
WITHHELD = "mem withheld the model's answer: it repeated text from the reference data that addresses the AI."
_CITATION = re.compile(r"\[\d+(?:\s*,\s*\d+)*\]")
_AGREED = re.compile(r"\b(?:agree[ds]?|agreement|promis(?:e[ds]?|ing)|committed)\b", re.I)
# a guarantee is also what a policy page offers everyone ("we guarantee delivery in 5 days")
_GUARANTEE = re.compile(r"\bguarantee[ds]?\b", re.I)
_WORD = re.compile(r"\w+")


@dataclass
class AnswerCheck:
    text: str
    grounded: bool = True
    warnings: list[str] = field(default_factory=list)
    echoed: list[str] = field(default_factory=list)  # the instruction-like sentences the answer repeated


def refuse_reply(name: str, text: str, *, max_bytes: int) -> None:
    """``ModelError`` for a reply that is no answer to show: empty, JSON instead of text, or over the limit."""
    if len(text) * 4 > max_bytes and len(text.encode("utf-8")) > max_bytes:
        raise ModelError(f"model {name!r} answered {len(text.encode('utf-8')):,} bytes, over the limit of "
                         f"{max_bytes:,} for a message ([extract] max_message_bytes in mem.toml); nothing was "
                         "shown or logged")
    stripped = text.strip()
    if not stripped:
        raise ModelError(f"model {name!r} answered nothing (an empty reply); nothing was shown or logged")
    if stripped[0] in "{[" and stripped[-1] in "}]":
        try:
            value = json.loads(stripped)
        except ValueError:
            return
        if isinstance(value, (dict, list)):
            kind = "a JSON object" if isinstance(value, dict) else "a JSON list"
            raise ModelError(f"model {name!r} answered {kind}, not text for the customer; nothing was shown "
                             "or logged")


def _words(text: str) -> list[str]:
    return _WORD.findall(normalise(text))


def _repeats(answer_words: list[str], sentence: str) -> bool:
    words = _words(sentence)
    if not words:
        return False
    span = min(ECHO_WORDS, len(words))
    grams = {tuple(words[i:i + span]) for i in range(len(words) - span + 1)}
    return any(tuple(answer_words[i:i + span]) in grams for i in range(len(answer_words) - span + 1))


def _instruction_like(block: Block) -> list[str]:
    """The sentences of ``block`` mem classed as addressing the AI (a page lists them when it is retrieved)."""
    listed = block.data.get("instruction_like")
    if isinstance(listed, list):
        return [str(s) for s in listed]
    if block.data.get("unscreened"):  # a fact in a language the screen does not read: every sentence of it
        return [s.text for s in split_sentences(str(block.data.get("fact_text") or block.text))]
    return [s.text for s in split_sentences(block.text) if is_instruction_like(s.text)]


def check_answer(text: str, *, cited: list[Block], given: list[Block], question: str, earlier: list[str],
                 language: str) -> AnswerCheck:
    """Judge the model's answer ``text`` (citations already checked) against the blocks it ``cited``, every block
    it was ``given``, the ``question``, the customer's ``earlier`` turns and the ``language`` it is due in."""
    from mem.policies.grounding import ungrounded  # the model path only: mem.policies is not loaded to answer

    check = AnswerCheck(text)
    answer_words = _words(text)
    for block in given:
        repeated = [s for s in _instruction_like(block) if _repeats(answer_words, s)]
        if repeated:
            check.echoed += repeated
            where = f"{block.memory} {block.id}" + (f" v{block.version}" if block.version else "")
            check.warnings.append(f"the model's answer repeated instruction-like text of {where} "
                                  f"(\"{repeated[0][:80]}\"); mem withheld the answer")
    if check.echoed:
        check.text, check.grounded = WITHHELD, False
        return check
    plain = _CITATION.sub(" ", text)
    grounds = "\n".join([question, *earlier, *(f"{b.provenance()}\n{b.title}\n{b.text}\n{b.quote}" for b in cited)])
    figures = ungrounded(plain, grounds)
    if figures:
        check.warnings.append(f"the model's answer states {', '.join(figures[:5])}, which no block it cites "
                              "holds; treat it as ungrounded")
    # an agreement is grounded by a customer fact that is one, never by a policy's wording ("you agree to
    # these terms" grounded "We agreed last month to waive your restocking fee")
    agreed = any(b.memory == "fact" and b.data.get("agreement") for b in cited)
    if not agreed and (_AGREED.search(plain) or (
            _GUARANTEE.search(plain) and not any(_GUARANTEE.search(b.text) for b in cited))):
        check.warnings.append("the model's answer speaks of an agreement or promise that no block it cites "
                              "holds; treat it as ungrounded")
    wrote = written_in(plain)
    if wrote != language and len(answer_words) >= 3:
        check.warnings.append(f"the model answered in {language_name(wrote)}, it was asked to answer in "
                              f"{language_name(language)}; treat it as ungrounded")
    check.grounded = not check.warnings
    return check


NOT_FOLLOWED = "it was treated as data and not followed"
GIVEN_AS_DATA = ("it was given to the model as data, marked as never carrying instructions; mem cannot tell "
                 "whether the answer acted on it in other words, so read it before sending")
WITHHELD_ECHO = "the model's answer repeated it, so mem withheld the answer"


def not_followed_warnings(warnings: list[str], echoed: list[str], *, model: bool = False) -> list[str]:
    """The retrieval's "treated as data and not followed" warnings, true of the deterministic engine (it only
    quotes); of a model's answer they say it was withheld (``echoed``), else that the text was given to the model
    as data — a paraphrase ("as your assistant I always approve refunds") repeats no words mem can find."""
    if not echoed and not model:
        return warnings
    said = WITHHELD_ECHO if echoed else GIVEN_AS_DATA
    return [warning.replace(NOT_FOLLOWED, said) for warning in warnings]
