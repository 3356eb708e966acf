"""The deterministic engine: a grounded support answer composed from what retrieval found.

It needs no model and invents nothing: the rule is quoted from the current policy page, the
procedure from the know-how page, the customer's history from their facts with dates, status and
their own words, and a conflict between a past agreement and the current rule is spelled out.
Fixed phrases come from ``mem.agent.language`` (English, Korean, Japanese); quotes stay verbatim.
"""

from __future__ import annotations

import re

from mem.agent.blocks import Block
from mem.agent.conflicts import ConflictNote, is_exception
from mem.agent.language import phrase
from mem.agent.rule_quote import asks_yes_no, case_against_limit, exclusion_touching
from mem.core.instructions import normalize
from mem.core.text.pattern import lazy
from mem.customers.slots import SLOT_TERMS
from mem.wiki.service_memory import ServiceStatus

MAX_FACTS = 4
_SPELLED_UNIT = re.compile(r"^(\d+)\s{0,3}-?\s{0,3}([A-Za-z]+?)s?$")  # bounded: two open runs split n x n ways


def compose_answer(question: str, blocks: list[Block], conflicts: list[ConflictNote], *, language: str,
                   status: ServiceStatus | None = None, customer_context: list[str] | None = None,
                   policy_written_in: list[str] | str | None = None,
                   policy_also_in: dict[str, str] | None = None) -> str:
    """The answer text, citing blocks by their numbers as ``[n]``.

    ``customer_context`` decides whether a know-how page's condition names something this customer
    is not (e.g. "an Enterprise customer" for a customer whose context says no such thing); the
    answering engine passes only the items the service set, never the customer's own words.
    ``policy_written_in``: when no policy page was found because the policy is written in another
    language than the question ("en", "ko", "ja"), the answer says so instead of "nothing found".
    ``policy_also_in``: when no rule in the question's language answers, a rule of a page in another language
    that holds the question's words in that language (``language``, ``title``, ``id``, ``version``, ``quote``;
    ``mem.agent.answering.other_language_rule``): the answer names it.
    """
    # a deprecated page (reached through an old fact's link) is not a rule in force
    policies = [b for b in blocks if b.memory == "policy" and b.status != "deprecated"]
    knowhow = [b for b in blocks if b.memory == "knowhow" and b.status != "deprecated"]
    # instruction-like customer text is never told back as history (the warning says it was found)
    facts = [b for b in blocks if b.memory == "fact" and not b.data.get("instruction_like")]
    def say(key: str, **values: object) -> str:
        return phrase(language, key, **values)

    if isinstance(policy_written_in, str):
        policy_written_in = [policy_written_in]
    other_language = say("no_policy_language", policy_language=say("language_and").join(
        say(f"language_{code}") for code in policy_written_in)) if policy_written_in and not policies else None
    if not (policies or knowhow or facts or other_language or policy_also_in):
        return say("nothing")
    if not policies and policy_also_in and not other_language:
        # nothing found in the question's language, but a rule of the policy's other language holds its words
        other_language = say("no_rule_in_language")

    conflicted = {note.policy.id for note in conflicts}
    # The rule to lead with: one a past agreement conflicts with, else — for a question that tells the customer's
    # time ("a refund after 10 days?") — a rule whose window judges it, else the best match. A rule about how
    # long the service's own work takes ("paid within 5 business days of approval") says nothing of whether the
    # customer is in time, however close its words are to the question's.
    judges = {b.id for b in policies if b.quote and _judges_time(question, b)} if asks_yes_no(question) else set()
    primary = sorted(policies, key=lambda b: (b.id not in conflicted, bool(judges) and b.id not in judges, b.number))
    parts = [say("greeting")]
    if primary:
        lines = []
        short = primary[0].data.get("in_short") if primary[0].quote else None
        if short and short[0] in ("yes", "no", "depends") and asks_own_status(question):
            # "Is my subscription cancelled?" asks what the customer's record says, not whether the rule allows it:
            # a rule's yes is no answer to it (newuser24 #10) — the rule is quoted, the history told, no yes/no said
            short = None
        if short and short[0] == "figure" and _ASKS_OWN_WORDS.search(question):
            # "What did I ask you about my plan?" asks what was said, which the history tells: a rule's figure is no
            # answer to it (new-user report 32 #4: "In short: after 24 months"; report 31's "In short: one part")
            short = None
        if short:
            # the figure or the yes/no the quoted rule carries, in the answer's own words
            kind, figure, *when = short  # an announced change carries the words of its start ("from 1 March 2027")
            if kind == "yes" and not _ASKS_LEAVE.search(question):
                # "Do my loyalty points expire?" asks what happens, not leave: the rule says so, it allows nothing
                # (new-user report 32 #3)
                kind = "yes_states"
            lines.append(say(f"short_{kind}", figure=figure, n=primary[0].number, when=when[0] if when else ""))
        for block in [b for i, b in enumerate(primary) if i == 0 or b.id in conflicted]:
            if not block.quote:
                # no sentence of the page answers the question: say so, never quote its first line — but a page
                # that rules cases out on the question's subject does not "say nothing about it": its exclusion is
                # quoted for the customer to check ("침수는 보증 대상이 아닙니다" for a phone dropped in water)
                other = bool(block.data.get("other_language")) or \
                    policy_language(block.text) != question_script(question)
                excluded = None if other else exclusion_touching(
                    _body(block), question, heading=block.title,
                    flagged=[normalize(s) for s in block.data.get("instruction_like") or []])
                key = "no_rule_language" if other else "no_rule_exclusion" if excluded else "no_rule"
                lines.append(say(key, title=block.title, id=block.id, version=block.version, n=block.number,
                                 quote=say("quoted", text=excluded) if excluded else ""))
                if block is primary[0] and policy_also_in:
                    # a rule on a page in another language holds the question's words in that language: say so
                    lines.append(_other_language_rule(policy_also_in, language))
                continue
            # each quoted sentence in its own quotation marks: verbatim one by one, nothing joined into them
            quote = say("quote_join").join(block.data.get("quotes") or [block.quote])
            lines.append(say("rule_line", title=block.title, id=block.id, version=block.version, quote=quote,
                             n=block.number))
        sibling = same_titled_answer(primary[0], policies) if primary[0].quote else None
        if sibling is not None and sibling.id not in conflicted:
            # "How do I cancel?" of Orders and of Lumora Plus both answer "How do I cancel?": quoting one alone told the
            # customer one rule as the rule, with nothing to say the other exists
            quote = say("quote_join").join(sibling.data.get("quotes") or [sibling.quote])
            lines.append(say("sibling_line", title=sibling.title, id=sibling.id, version=sibling.version, quote=quote,
                             n=sibling.number))
        upcoming = primary[0].data.get("upcoming")
        if isinstance(upcoming, dict):
            # an edition with a later date does not answer yet, but the customer is told it is coming
            summary = str(upcoming.get("summary") or "").strip()
            lines.append(say("upcoming" if summary else "upcoming_plain", version=upcoming.get("version"),
                             title=primary[0].title, date=upcoming.get("effective"), summary=summary,
                             n=primary[0].number))
        days = _days_note(question, primary[0], language) if primary[0].quote else None
        if days:
            lines.append(days)
        parts.append(_section(say("rule"), lines))
    elif other_language:
        lines = [other_language]
        if policy_also_in:
            lines.append(_other_language_rule(policy_also_in, language))
        parts.append(_section(say("rule"), lines))
    applicable = []
    if knowhow:
        lines = []
        for block in knowhow:
            when, then = block.data.get("when"), block.data.get("then")
            customers = block.data.get("customers")
            if when and not condition_met(when, customer_context or []):
                # "does not match" only when the account's plan is known (and is another); with nothing
                # known of it, what is true is that nothing shows the condition holds
                known = names_a_plan(customer_context or [])
                lines.append(say("knowhow_not_applicable" if known else "knowhow_not_shown", when=when,
                                 n=block.number))
                continue
            applicable.append(block)
            # approved under a rule that changed since (mem.agent.knowhow_policy): still cited, never as current
            older = say("sep").join(say("knowhow_older_policy", policy=o["page"], old=o["version"], new=o["current"])
                                    for o in block.data.get("older_policy") or [])
            if when and then and customers:
                lines.append(say("knowhow_line", when=when, then=then, customers=customers, n=block.number,
                                 notes=say("sep") + older if older else ""))
            else:
                lines.append(say("knowhow_quote", quote=then or block.quote or block.title, n=block.number,
                                 notes=say("knowhow_quote_notes", notes=older) if older else ""))
        parts.append(_section(say("knowhow"), lines))
    # choose by relevance (flagged ones first), then tell the story in date order
    shown = sorted(facts, key=lambda b: (not b.flags, b.number))[:MAX_FACTS]
    shown.sort(key=lambda b: (b.date or "", b.number))
    if shown:
        parts.append(_section(say("history"), ["- " + _fact_line(block, language) for block in shown]))
    elif policies or knowhow or other_language:
        parts.append(say("no_history"))
    if conflicts:
        parts.append(_section(say("conflict"), [conflict_line(note, language) for note in conflicts]))
    parts.append(_section(say("next"), [say("next_knowhow") if applicable else say("next_plain")]))
    if status is not None and status.stale:
        parts.append(say("stale", reason=status.reason or "stale"))
    return "\n\n".join(parts)


def same_titled_answer(first: Block, policies: list[Block]) -> Block | None:
    """Another retrieved page of ``first``'s title (what it adds in brackets aside: "How do I cancel? (Lumora Plus)"
    is a sibling of "How do I cancel?") whose own sentence answers the question too (``data["answers"]``), or None."""
    key = _bare_title(first.title)
    for block in policies:
        if block.id != first.id and block.quote and block.data.get("answers") and _bare_title(block.title) == key:
            return block
    return None


def _bare_title(title: str) -> str:
    """A title without the brackets ingest adds to tell two documents' pages of one title apart."""
    return " ".join(_TITLE_QUALIFIER.sub("", title).casefold().split())


_TITLE_QUALIFIER = lazy(r"\s{0,3}[(（][^()（）]{1,80}[)）]\s{0,3}$")


_NAMED = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][A-Za-z0-9]+)\b")


# a question about the state of the customer's own record: "Is my subscription cancelled?", "Has my refund been
# processed?", "Did my order ship?", "제 구독은 해지되었나요?", "私の定期便は解約されていますか？" — not a may-I
# question ("Can I cancel my subscription?", "해지할 수 있나요?", "解約できますか？")
_OWN_STATUS = {
    "en": lazy(r"^\W{0,3}(?:so |and |but )?(?:is|are|was|were|has|have|had|did)\s{1,3}(?:my|our)\s{1,3}[^?]{1,60}?"
               r"(?:\b(?:been|already|still|now)\b|\w(?:ed|en)\b|\b(?:active|on hold|paused|open|closed|shipped|"
               r"sent|gone through|through)\b|\bship\b|\barrive\b|\bgo through\b)", re.I),
    "ko": lazy(r"(?:제|내|저희)\s{0,2}\S{1,20}(?:이|가|은|는)?\s[^?？]{0,40}?"
               r"(?:되었|됐|되어\s?있|돼\s?있|처리되|완료되)[^?？]{0,8}[?？]"),
    "ja": lazy(r"(?:私|わたし|僕|自分)の[^？?]{1,40}?(?:されていますか|されましたか|されてますか|になっていますか|"
               r"になりましたか|済みですか|完了していますか|届きましたか)"),
}


def asks_own_status(question: str) -> bool:
    """The question asks what the customer's own record says ("Is my coffee subscription cancelled?",
    "私の定期便は解約されていますか？"): a policy rule's yes or no does not answer it."""
    text = question.strip()
    for pattern in _OWN_STATUS.values():
        if pattern.search(text):
            return not _MAY_I.search(text) and not _RULE_ASKED.search(text)
    return False


# a may-I question beside the words of a state ("Can I get a refund if my order was damaged?")
_MAY_I = lazy(r"\b(?:can|could|may|might) (?:i|we)\b|\b(?:am|are) (?:i|we) allowed\b|수 있|할까요|できますか|"
              r"可能ですか|いいですか", re.I)
# ... or a rule's own question about the customer's thing (review24): a word a rule grants or counts by ("Is my dog
# allowed in the cabin?", "Are my bags included …", "… covered …", "… counted as …") or a condition ("Is my booking
# confirmed once I have paid?") — a rule's yes answers those, as it did before the status question was read
_RULE_ASKED = lazy(r"\b(?:if|once|unless|as long as)\b|^\W{0,3}(?:so |and |but )?(?:is|are)\s{1,3}(?:my|our)\s{1,3}"
                   r"[^?]{0,60}?\b(?:allowed|permitted|covered|insured|included|counted|eligible|entitled|required|"
                   r"obliged|welcome)\b", re.I)


# a question about what the customer or the service said ("What did I ask you about my plan?", "What did you agree
# about my refund?", "제가 뭐라고 했죠?", "私は何と言いましたか")
_ASKS_OWN_WORDS = lazy(r"\bwhat\s+(?:did|have|had)\s+(?:i|we)\s+(?:ask|tell|told|say|said|mention|write|wrote|agree)|"
                       r"\bwhat\s+(?:did|have|had)\s+you\s+(?:agree|tell|told|say|said|promise)|"
                       r"뭐라고\s*(?:했|말했|물어)|무엇을\s*(?:물어|말)|何と(?:言い|言っ|お伝え|話)|何を(?:聞|尋ね|言い|言っ|話し)",
                       re.I)
# a question that asks leave, a service or what a rule grants ("Can I …", "Could you …", "Am I allowed …", "Is it
# covered …", "Please …", 수 있, 가능, 해도 되, 주세요, できますか, 可能, いいですか, ください); a Korean 되나요 may
# be either ("만료되나요" asks what happens, "환불되나요" leave) and is read as leave, as before
_ASKS_LEAVE = lazy(r"\b(?:can|could|may|might|will|would|able|allowed|permitted|possible|eligible|entitled|welcome|"
                   r"covered|insured|included|accepted|accept|refundable|returnable|exchangeable|ok|okay|please|let)\b|"
                   r"수\s*있|가능|해도|돼도|되나요|돼요|될까요|되죠|되는지|주세요|줄\s*수|주실|할까요|"
                   r"でき|られ|可能|いい(?:です)?か|よろしい|ください|もらえ|いただけ|大丈夫", re.I)


def condition_terms(when: str) -> list[str]:
    """Proper names in a know-how condition (plan or tier names such as "Enterprise"), not its first word."""
    return [m.group(1) for m in _NAMED.finditer(when) if m.start() > 0]


def condition_met(when: str, customer_context: list[str]) -> bool:
    """False when the condition names something (a plan, a tier) that the customer's context never mentions."""
    known = " ".join(customer_context).lower()
    return all(term.lower() in known for term in condition_terms(when))


def names_a_plan(customer_context: list[str]) -> bool:
    """Whether the customer context says which plan, tier or membership the account has (the tier slot's
    words in English, Korean or Japanese: "Basic plan", "Contract tier: enterprise", "등급", "プラン")."""
    words = set(_WORD.findall(" ".join(customer_context).lower()))
    text = " ".join(customer_context)
    return any(term in words if term.isascii() else term in text for term in _PLAN_WORDS)


_WORD = re.compile(r"[a-z]+")
# "account" and "level" are in every other sentence about an account, not only in one naming its plan
_PLAN_WORDS = tuple(word for word in SLOT_TERMS["tier"].split() if word not in ("account", "level"))


def _section(label: str, lines: list[str]) -> str:
    return f"{label}:\n" + "\n".join(lines)


def _fact_line(block: Block, language: str) -> str:
    status = phrase(language, f"status_{block.status}") if block.status in (
        "active", "replaced", "retracted") else (block.status or "")
    # Who stands behind the line: an agreement (the service confirmed it), a tendency we inferred, or
    # what the customer told us. A customer's own claim ("your manager pre-approved my refunds") is
    # history in their words, never something the service's records back.
    kind = phrase(language, "agreement") if block.data.get("agreement") else phrase(language, "said")
    others = block.data.get("others_own")
    if isinstance(others, str):
        # another person writing in the customer's chat gave their own detail (newuser24 #5): theirs, not "yours"
        kind = phrase(language, "said_by_other", speaker=others or phrase(language, "other_writer"))
    if block.data.get("kind") == "trait":
        kind = phrase(language, "trait")
    text = block.data.get("fact_text") or block.title
    older = block.data.get("older_policy", [])
    notes = []
    if block.data.get("recheck"):
        reason = next((f for f in block.flags if f.startswith("recheck needed")), "")
        reason = reason.removeprefix("recheck needed").lstrip(": ")
        notes.append(phrase(language, "recheck_reason", reason=reason) if reason and not older
                     else phrase(language, "recheck"))
    notes += [phrase(language, "older_policy", policy=o["page"], old=o["version"], new=o["current"]) for o in older]
    sep = phrase(language, "sep")
    extra = sep + sep.join(notes) if notes else ""
    if block.quote and block.quote in text and not text.startswith(block.quote):
        # the agent's question kept as context ("(asked: …) ") is for the engines, not for the customer
        text = text[text.index(block.quote):]
    if block.quote and text.startswith(block.quote):
        # the fact is the customer's own sentence (an agreement adds the agent's confirming words
        # after an arrow): say it once, as quotes
        rest = text[len(block.quote):].strip()
        text = phrase(language, "quoted", text=block.quote)
        if rest.startswith("→"):
            text += " → " + phrase(language, "quoted", text=rest.lstrip("→ ").strip())
        elif rest:
            text += " " + rest
        key = "fact_line_noquote"
    else:
        key = "fact_line" if block.quote else "fact_line_noquote"
    return phrase(language, key, date=block.date or "?", text=text, status=status, kind=kind, notes=extra,
                  quote=block.quote, n=block.number)


def conflict_line(note: ConflictNote, language: str) -> str:
    if note.old_version is None:
        return phrase(language, "conflict_line_unversioned", date=note.fact.date or "?", fact_n=note.fact.number,
                      policy=note.policy.id, new=note.current_version, policy_n=note.policy.number)
    line = phrase(language, "conflict_line", date=note.fact.date or "?", fact_n=note.fact.number,
                  policy=note.policy.id, old=note.old_version, new=note.current_version, policy_n=note.policy.number)
    if is_exception(note.fact.text):
        line += ("" if language == "ja" else " ") + phrase(language, "exception_tail")
    return line


_UNITS = {"ja": {"day": "日", "week": "週間", "month": "か月", "year": "年"},
          "ko": {"day": "일", "week": "주", "month": "개월", "year": "년"}}
_ENGLISH_TIME = re.compile(r"^(\d+)\s{0,3}-?\s{0,3}(?:business\s{1,3}|working\s{1,3}|calendar\s{1,3})?"
                           r"(day|week|month|year)s?$",
                           re.IGNORECASE)


def _in_units(figure: str, language: str) -> str:
    """An English number of days, weeks, months or years in the answer's Korean or Japanese unit ("18 days" → 18日)."""
    match = _ENGLISH_TIME.match(figure.strip())
    units = _UNITS.get(language)
    return f"{match.group(1)}{units[match.group(2).lower()]}" if match and units else figure


def _other_language_rule(rule: dict[str, str], language: str) -> str:
    """The line naming a rule of a page in another language than the question that may answer it."""
    return phrase(language, "other_language_rule", policy_language=phrase(language, f"language_{rule['language']}"),
                  title=rule["title"], id=rule["id"], version=rule["version"],
                  quote=phrase(language, "quoted", text=rule["quote"]))


def _body(block: Block) -> str:
    """A policy block's page body (its text is "# title" and the body)."""
    return block.text.split("\n", 1)[1] if block.text.startswith("# ") and "\n" in block.text else block.text


def _judges_time(question: str, block: Block) -> bool:
    """Whether one of the block's quoted rules holds a window the customer's time is judged against."""
    return any(case_against_limit(question, sentence) for sentence in block.data.get("quotes") or [block.quote])


# "1 days" (the case read as "1 days ago") is said "1 day"
_ONE_UNITS = re.compile(r"(?<![\d.,])1 (day|week|month|year|hour|minute|night)s\b", re.IGNORECASE)


def _days_note(question: str, block: Block, language: str) -> str | None:
    """The customer's time against the window the quoted rule states, in any unit ("3 weeks ago", 지난주,
    先週 against "within 14 days"); none for the time the service's own work takes (``case_against_limit``).

    A window that begins past a figure ("After 14 days, …") is said as such: 18 days is past the 14 days from which
    the rule applies, not "within the 14-day window"; a window bounded on both sides is named by both figures."""
    for sentence in block.data.get("quotes") or [block.quote]:
        compared = case_against_limit(question, sentence)
        if not compared:
            continue
        told = _ONE_UNITS.sub(r"1 \1", compared.told) if language == "en" else _in_units(compared.told, language)
        start, end = (_window_figure(figure, language) if figure else None for figure in (compared.start, compared.end))
        window = f"{start}–{end}" if start and end else end or start
        if language == "en" and start and end:
            # "14 days" to "30 days" is "the 14–30-day window"
            low, high = _SPELLED_UNIT.match(start), _SPELLED_UNIT.match(end)
            if low and high and low.group(2) == high.group(2):
                window = f"{low.group(1)}–{high.group(1)}-{high.group(2)}"
        if compared.place is None:
            return phrase(language, "days_depends", asked=told, limit=window)
        if compared.place == "before":
            return phrase(language, "days_before_start", asked=told, limit=_start_figure(compared.start, language))
        if compared.place == "within" and not end:
            return phrase(language, "days_past_start", asked=told, limit=_start_figure(compared.start, language))
        return phrase(language, "days_beyond" if compared.place == "beyond" else "days_within", asked=told,
                      limit=window)
    return None


def _window_figure(figure: str, language: str) -> str:
    """A window's figure as the answer names it: "14 days" is "the 14-day window" in English; 14일 and 14日 stay as
    written, and a Korean or Japanese answer on an English rule says "14일", "14日"."""
    if language == "en":
        return _SPELLED_UNIT.sub(lambda m: f"{m.group(1)}-{m.group(2).lower()}", figure)
    return _in_units(figure, language)


def _start_figure(figure: str | None, language: str) -> str:
    """The figure a window begins past, as a span ("the 14 days from which this rule applies")."""
    return (figure or "") if language == "en" else _in_units(figure or "", language)


def question_script(text: str) -> str:
    """"ko", "ja" or "en" by the script the text is written in (Latin counts as "en")."""
    if re.search(r"[\u3040-\u30ff]", text):
        return "ja"
    if re.search(r"[\uac00-\ud7af]", text):
        return "ko"
    if re.search(r"[\u4e00-\u9fff]", text):
        return "ja"
    return "en"


def policy_language(text: str) -> str:
    """The script most of a page is written in, as ``question_script`` names it."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "en"
    kana = sum(1 for c in letters if "\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff")
    hangul = sum(1 for c in letters if "\uac00" <= c <= "\ud7af")
    if max(kana, hangul) < len(letters) / 3:
        return "en"
    return "ja" if kana >= hangul else "ko"

