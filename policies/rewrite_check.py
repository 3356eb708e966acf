"""A model's page rewrite judged against its source section, beyond numbers (``mem ingest --model``).

``synthesis.model_draft`` rejects a draft whose JSON is wrong or that states a number or date the section
lacks. A rewrite can still lose or invent a rule without any number: a model that keeps half of the
section's sentences ("A receipt or order number is required." gone), that adds "Customers may also return any
item at any time for a full refund", or that writes the page in French for an English document. Each passed
every check and was committed, linted clean and shipped in the bundle. ``rewrite_problems`` names them:

- **language**: the page must be written in the section's language (``mem.core.text.written_in``);
- **dropped rules**: every sentence of the section that states something (not a heading, version line or
  instruction-like text) must keep at least half of its content terms somewhere in the page (title, summary
  or body): a rewording keeps the words a rule is made of ("receipt", "order", "number", "required"), a
  dropped rule keeps none of them;
- **changed rules**: content terms cannot see negation or modality ("is required" → "is not required" keeps
  every term), so the page sentence that best keeps each rule's terms must say it with the same negation
  and "only" (not/no/never/n't, 않/없/ない/ません; only, 에만/のみ/だけ), and must not turn an obligation
  (must, required, 반드시, 必ず) into a permission (may, can, 수 있, できます) or back;
- **title**: the page's title must share a content term with the section (its heading or text): a title
  taken from another section makes two pages of one document read as the same topic;
- **added rules**: a sentence of the page that states a rule (it has a modal or a quantifier: may, must,
  can, not, any, always…) must find at least half of its content terms in the section: "Customers may
  also return any item at any time for a full refund, no questions asked." finds "customer" and "refund"
  of its eight.

``checked_draft`` is what ingest calls: the model's draft when no problem is found; otherwise the
deterministic draft (the section's own words, always faithful) and a one-line warning naming the model,
the section and what failed. It falls back rather than refusing because the judgement compares words, not
meaning: a false alarm then costs a page in the document's own words, never a failed ingest. A hard
failure (no JSON, an invented number) still refuses the ingest (``ModelError``), as before.
"""

from __future__ import annotations

import re

from mem.core.instructions import is_instruction_like
from mem.core.text import split_sentences, terms
from mem.core.text.written_in import language_name, written_in
from mem.policies.sectioning import Topic, is_version_line
from mem.policies.synthesis import _METADATA_LINE, Draft, deterministic_draft, model_draft

KEEP = 0.5  # share of a source sentence's content terms the page must hold for that rule to be kept
# a sentence that states a rule: permission, obligation, negation or a quantifier over cases
_RULE_WORD = re.compile(r"\b(?:may|must|can|cannot|can't|shall|should|will|required?|not|no|never|always|any|"
                        r"every|all|only|free|full|guarantee[ds]?)\b", re.I)


# what a rule says of its content, which content terms cannot see: negation, "only", obligation, permission
# (Korean and Japanese forms by substring: their words are not space-delimited)
_POLARITY: dict[str, tuple[re.Pattern[str], tuple[str, ...]]] = {
    "not": (re.compile(r"\b(?:not|no|never|cannot|none|nothing|neither|nor|without|non)\b|n't\b", re.I),
            ("않", "없", "못", "불가", "ない", "ません", "不可", "できず")),
    "only": (re.compile(r"\b(?:only|solely|exclusively)\b", re.I), ("에만", "만 가능", "のみ", "だけ")),
    "must": (re.compile(r"\b(?:must|required?|requires|shall|mandatory|need|needs)\b", re.I),
             ("반드시", "해야", "필수", "必ず", "必要", "なければ")),
    "may": (re.compile(r"\b(?:may|can|cannot|could|allowed|permitted|eligible)\b", re.I),
            ("수 있", "수 없", "できます", "できません", "可能")),
}


def polarity(sentence: str) -> frozenset[str]:
    """Which of negation, "only", obligation and permission ``sentence`` expresses."""
    return frozenset(name for name, (words, forms) in _POLARITY.items()
                     if words.search(sentence) or any(form in sentence for form in forms))


def _changed(source: frozenset[str], page: frozenset[str]) -> bool:
    """Whether a page sentence says the rule of a source sentence otherwise: a negation or an "only" added or
    lost, or an obligation turned into a permission (or back). A permission stated of a plain fact ("are
    accepted" → "can be accepted") is a rewording."""
    if ("not" in source) != ("not" in page) or ("only" in source) != ("only" in page):
        return True
    return ("must" in source and "must" not in page and "may" in page) or \
        ("may" in source and "may" not in page and "must" in page)


def source_sentences(topic: Topic) -> list[str]:
    """The sentences of the section that state something: headings, version lines and text that addresses
    the AI are left out (a faithful rewrite drops an injected instruction)."""
    found: list[str] = []
    for block in topic.blocks:
        text = block.text.strip()
        if block.is_heading or not text or _METADATA_LINE.match(text) or is_version_line(text):
            continue
        for part in split_sentences(" ".join(text.split())):
            sentence = part.text.strip()
            if len(terms(sentence)) >= 2 and not is_instruction_like(sentence):
                found.append(sentence)
    return found


def _share(sentence_terms: list[str], within: set[str]) -> float:
    return sum(1 for t in sentence_terms if t in within) / len(sentence_terms) if sentence_terms else 1.0


def _short(sentence: str) -> str:
    return sentence if len(sentence) <= 70 else sentence[:67].rsplit(" ", 1)[0] + "…"


def rewrite_problems(draft: Draft, topic: Topic, *, title: str) -> list[str]:
    """What the model's ``draft`` loses, adds or changes against the section (empty: a faithful rewrite)."""
    body = "\n\n".join(text for text, _ in draft.paragraphs)
    page_text = f"{draft.title}\n{draft.summary}\n{body}"
    source = topic.text
    problems: list[str] = []
    wrote, read = written_in(f"{draft.summary}\n{body}"), written_in(source)
    if wrote != read:
        # nothing else is comparable across languages: the words differ by construction
        return [f"it is written in {language_name(wrote)}, the section in {language_name(read)}"]
    page_terms = set(terms(page_text))
    sentences = source_sentences(topic)
    dropped = [s for s in sentences if _share(terms(s), page_terms) < KEEP]
    if dropped:
        problems.append(f"it drops {len(dropped)} rule{'s' if len(dropped) > 1 else ''} of the section "
                        f"(\"{_short(dropped[0])}\")")
    page_sentences = [part.text.strip() for text in (draft.summary, body)
                      for part in split_sentences(" ".join(text.split()))]
    changed = [s for s in sentences if s not in dropped and _rule_changed(s, page_sentences)]
    if changed:
        problems.append(f"it changes what {len(changed)} rule{'s' if len(changed) > 1 else ''} of the section "
                        f"say{'' if len(changed) > 1 else 's'} (negation, \"only\", must or may: "
                        f"\"{_short(changed[0])}\")")
    source_terms = set(terms(f"{title}\n{source}"))
    title_terms = set(terms(draft.title))
    if title_terms and not title_terms & source_terms:
        # two sections titled alike ("Refund policy" over the Shipping section) read as one topic twice
        problems.append(f"its title {draft.title!r} names nothing the section says")
    added = [part.text.strip() for text in (draft.summary, body) for part in split_sentences(" ".join(text.split()))
             if _RULE_WORD.search(part.text) and _share(terms(part.text), source_terms) < KEEP]
    if added:
        problems.append(f"it adds {len(added)} rule{'s' if len(added) > 1 else ''} the section does not state "
                        f"(\"{_short(added[0])}\")")
    return problems


def _rule_changed(sentence: str, page_sentences: list[str]) -> bool:
    """Whether the page sentence that best keeps ``sentence``'s content terms says its rule otherwise."""
    sentence_terms = terms(sentence)
    best, best_share = "", 0.0
    for candidate in page_sentences:
        share = _share(sentence_terms, set(terms(candidate)))
        if share > best_share:
            best, best_share = candidate, share
    return best_share >= KEEP and _changed(polarity(sentence), polarity(best))


def checked_draft(topic: Topic, *, title: str, model: str, source_name: str) -> tuple[Draft, str | None]:
    """The model's draft, or the deterministic one with the warning that says why the model's was not used."""
    draft = model_draft(topic, title=title, model=model, source_name=source_name)
    problems = rewrite_problems(draft, topic, title=title)
    if not problems:
        return draft, None
    warning = (f"model {model!r} on section {title!r}: its rewrite was not used — {'; '.join(problems)}; "
               "the page keeps the document's own words (deterministic engine)")
    return deterministic_draft(topic, title=title), warning
