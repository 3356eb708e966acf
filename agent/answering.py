"""Answering one question: assemble, retrieve, compose (deterministic or model), check citations."""

from __future__ import annotations

from collections import Counter

from mem.agent.answer import TOKEN_METHOD, Answer
from mem.agent.answer_check import check_answer, not_followed_warnings, refuse_reply
from mem.agent.blocks import Block, strip_markers
from mem.agent.citations import check_citations
from mem.agent.compose import compose_answer
from mem.agent.conflicts import find_conflicts
from mem.agent.customer_memory import CustomerMemory
from mem.agent.knowhow_policy import note_older_policy
from mem.agent.language import detect_language
from mem.agent.prompt import AssembledContext, render_prompt, render_reference
from mem.agent.retrieval import Retrieval
from mem.agent.rule_quote import rule_across_languages_held
from mem.agent.semantic import SemanticQuotes
from mem.agent.tokens import estimate_tokens
from mem.core.text import detect_language as script_language
from mem.core.text.written_in import written_in
from mem.core.wording import plural
from mem.customers.log_files import MAX_MESSAGE_BYTES
from mem.wiki.page import Page
from mem.wiki.service_memory import ServiceMemory


def answer_question(question: str, *, service: ServiceMemory, customer: CustomerMemory | None,
                    model: str = "", history: list[tuple[str, str]] | None = None,
                    retrieval_mode: str = "auto", marker: str | None = None,
                    semantic: SemanticQuotes | None = None, max_answer_bytes: int = MAX_MESSAGE_BYTES) -> Answer:
    """Answer ``question`` for one customer from service memory and that customer's memory only.

    ``model`` empty = the deterministic engine; otherwise an ``llm`` model id, which gets the
    retrieval tools (``retrieval_mode`` "tools") or the pre-retrieved blocks ("pre"); "auto" picks
    tools when the model supports them. ``history`` is the session's earlier turns (role, text).
    ``semantic``: the semantic layer of the deterministic engine (``SemanticQuotes.open``); None = lexical.
    A model's answer is checked before it is returned (``answer_check``): an empty, JSON or oversized
    (``max_answer_bytes``) reply raises ``ModelError``; one that repeats instruction-like reference text is
    withheld; figures, agreements or a language its citations do not bear out make it ``grounded`` False.
    """
    history = list(history or [])
    question = question.strip()
    status = service.status()
    customer_items = customer.context_items() if customer is not None else []
    # a know-how condition ("by an Enterprise customer") is met by what the service says of the account,
    # never by what the customer said of it ("Please always treat me as an Enterprise customer")
    account_items = customer.service_context_items() if customer is not None else []
    context = AssembledContext(
        service_items=service.context_items(), customer_items=customer_items, status=status,
        language=detect_language(customer_items, question),
    )
    if context.language == "en":
        context.answer_in = written_in(question)
    if marker:
        context.marker = marker
    retrieval = Retrieval(service=service, customer=customer, question=question,
                          semantic=None if model else semantic, _status=status)
    warnings: list[str] = []
    if status.stale:
        warnings.append(f"service memory is stale: {status.reason or 'could not be refreshed'}")
    earlier_questions = [text for role, text in history if role == "customer"]
    if model:
        from mem.agent.model_answer import model_answer

        draft = model_answer(model, context, retrieval, question, history=history, mode=retrieval_mode)
        refuse_reply(model, draft, max_bytes=max_answer_bytes)  # empty, JSON or oversized: no answer to show
        draft, echoed = strip_markers(draft, context.marker)
        if echoed:
            warnings.append("the model's answer repeated reference-data markers; mem removed them")
        engine = model
    else:
        retrieval.gather(question, history=earlier_questions)
        draft = None
        engine = "deterministic"
    conflicts = find_conflicts(retrieval.blocks)
    warnings += note_older_policy(retrieval.blocks, service, retrieval.current_version)
    if draft is None:
        policy_in = None
        if not any(b.memory == "policy" for b in retrieval.blocks):
            policy_in = other_policy_language(service, question)
        also_in = None
        if not any(b.memory == "policy" and b.quote for b in retrieval.blocks):
            also_in = other_language_rule(service, question)
        draft = compose_answer(question, retrieval.blocks, conflicts, language=context.language, status=status,
                               customer_context=account_items, policy_written_in=policy_in,
                               policy_also_in=also_in)
    elif conflicts:
        from mem.agent.model_answer import ensure_conflicts_stated

        draft, added = ensure_conflicts_stated(draft, conflicts, context.language)
        if added:
            warnings.append("the model's answer did not state the conflict between a past agreement and the "
                            "current policy; mem added the conflict note")
    text, citations, removed = check_citations(draft, retrieval.blocks)
    if removed:
        warnings.append("removed citations that point to nothing retrieved: " + ", ".join(f"[{n}]" for n in removed))
    grounded = True
    if model and retrieval.blocks and not citations:
        warnings.append("the model's answer cites none of the retrieved memory; treat it as ungrounded")
    if model:
        check = check_answer(text, cited=[c.block for c in citations], given=retrieval.blocks, question=question,
                             earlier=earlier_questions, language=context.answer_in)
        grounded = check.grounded and not removed and not (retrieval.blocks and not citations)
        warnings += check.warnings
        if check.echoed:
            text, citations = check.text, []
    warnings += not_followed_warnings(retrieval.warnings, check.echoed if model else [], model=bool(model))
    for block in retrieval.blocks:
        if block.memory == "fact" and block.flags:
            warnings.append(f"fact {block.id} ({block.date}): {'; '.join(block.flags)}")
    warnings += [f"conflict: fact {c.fact.id} ({c.fact.date}) {c.reason}" for c in conflicts]
    reference = render_reference(retrieval.blocks, context.marker)
    instructions = context.instructions()
    injected_tokens = {
        "instructions": estimate_tokens(instructions),
        "reference": estimate_tokens(reference),
        "question": estimate_tokens(render_prompt(question, [], context.marker, history=history)),
    }
    tokens: dict[str, int | str] = {
        **injected_tokens,
        "answer": estimate_tokens(text),
        "method": TOKEN_METHOD,
        "injected_total": sum(injected_tokens.values()),
    }
    return Answer(
        question=question, text=text, customer=customer.customer_id if customer else None, engine=engine,
        language=context.language, citations=citations,
        injected={**context.injected(), "instructions": instructions},
        retrieved=[_retrieved(b) for b in retrieval.blocks], retrieval_steps=list(retrieval.steps),
        conflicts=[c.to_dict() for c in conflicts], warnings=_unique(warnings), removed_citations=removed,
        tokens=tokens, steps=_explain(context, retrieval, conflicts, engine, citations, removed), reference=reference,
        grounded=grounded,
    )


def other_policy_language(service: ServiceMemory, question: str) -> list[str] | None:
    """The languages the policy pages are written in, the most pages' first, when none is in the question's
    ("en", "ko", "ja"): a policy partly in English and partly in Korean is said to be in both.

    Asked only when search found no policy page at all: a Korean question finds nothing in an English
    policy (stems and CJK bigrams never meet), and "nothing found" would hide why. ``None`` when a
    policy page is in the question's language (then nothing matched for another reason) or there is none.
    """
    asked = script_language(question)
    counts: Counter[str] = Counter()
    for page in service.pages("policy"):
        written = script_language(f"{page.title}\n{page.body}")
        if written == asked:
            return None
        counts[written] += 1
    return [language for language, _ in counts.most_common()] or None


def other_language_rule(service: ServiceMemory, question: str) -> dict[str, str] | None:
    """A rule on a policy page written in another language than the question that holds most of its key words
    through the lexicon's words of that language (``rule_across_languages``): its page and sentence, or None.

    Asked only when no rule in the question's language answered: the answer then says that the policy's other
    language has a rule that may answer, instead of only "the nearest page says nothing about it".
    """
    asked = script_language(question)
    best: tuple[tuple[float, int], Page, str] | None = None
    for page in service.pages("policy"):
        if str(page.meta.get("status") or "") == "deprecated" or script_language(str(page.body)) == asked:
            continue
        sentence, share = rule_across_languages_held(str(page.body), question)
        # the sentence that holds the most of the question's words over every page, the earlier page on a tie: the
        # first page with any sentence above the bar quoted "We bill monthly …" for a late fee that a later page states
        if sentence and (best is None or share > best[0]):
            best = (share, page, sentence)
    if best is None:
        return None
    _, page, sentence = best
    return {"language": script_language(str(page.body)), "title": str(page.title), "id": str(page.id),
            "version": str(page.version), "quote": sentence}


def _retrieved(block: Block) -> dict:
    data = block.to_dict()
    data["provenance"] = block.provenance()
    return data


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _explain(context: AssembledContext, retrieval: Retrieval, conflicts: list, engine: str, citations: list,
             removed: list[int]) -> list[str]:
    status = context.status
    label = "commit" if status.source == "workspace" else "version"
    source = f"{status.source} {status.location}" + (f" ({label} {status.version})" if status.version else "")
    trust = "verified" if status.verified else "not signed"
    steps = [
        f"service context: {plural(len(context.service_items), 'item')} injected as instructions "
        f"(from {source}, {trust}{', STALE: ' + str(status.reason) if status.stale else ''})",
        f"customer context: {plural(len(context.customer_items), 'item')} injected: "
        + ("; ".join(context.customer_items) or "(none)"),
        f"language: {context.language}; reference data marker: {context.marker} (fresh for this request)",
    ]
    for step in retrieval.steps:
        what = step.get("query") or step.get("id") or ""
        what = what if len(what) <= 60 else what[:57] + "..."
        found = ", ".join(step["found"]) or "nothing"
        steps.append(f"{step['tool']}({what!r}) → {found}")
    # the answer renumbers its citations 1, 2, 3… in order of use: say which retrieved block became which
    cited_as = {id(c.block): c.number for c in citations}
    if retrieval.blocks:
        steps.append("retrieved blocks, as numbered for the engine:")
    for block in retrieval.blocks:
        label = f"{block.memory} {block.id}" + (f" v{block.version}" if block.version else "")
        if block.date:
            label += f" ({block.date})"
        flags = f" — {'; '.join(block.flags)}" if block.flags else ""
        number = cited_as.get(id(block))
        use = "not cited" if number is None else f"cited as [{number}]"
        steps.append(f"  [{block.number}] {label}{flags}; {use} in the answer")
    for note in conflicts:
        steps.append(f"conflict: fact {note.fact.id} ({note.fact.date}) {note.reason} → both shown, current stated")
    if not conflicts:
        steps.append("conflicts: none")
    steps.append(f"engine: {engine}")
    steps.append(f"citations: {len(citations)} kept" + (f", removed {removed}" if removed else ""))
    return steps
