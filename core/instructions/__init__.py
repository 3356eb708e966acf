"""Text that addresses the AI instead of describing the service: the one prompt-injection detector.

Pages and facts are reference material; a sentence in them that gives the model orders must never
steer it. ``mem lint`` (rule ``instruction-text``), the agent (which never quotes such a sentence as
a rule and reports it in ``warnings``) and customer-fact extraction all call ``sentence_findings`` on
the same unit — sentences, lines of a paragraph joined first — so what lint passes is exactly what
the agent trusts.

Hard to fool, because every sentence is **normalised** before it is checked:

1. Unicode NFKC (full-width letters, ligatures, compatibility forms → plain letters);
2. format characters removed (zero-width space/joiners, soft hyphen, bidi controls, BOM);
3. confusable letters folded to Latin (Cyrillic ``о``/``е``/``а``…, Greek ``ο``/``ι``…) in every
   word whose non-Latin letters are all look-alikes, and digits used as letters (``1gn0re``);
4. letters spelled apart (``i g n o r e``, ``i.g.n.o.r.e``) joined; case folded; spaces collapsed.

Then it looks for the **structure** of an instruction to an AI, not for fixed phrases (English,
Korean, Japanese):

- *override*: a verb like ignore / disregard / forget / override / bypass / set aside / 무시 / 無視
  aimed at instructions, rules, guidance, policy, limits or "everything above";
- *regardless*: "regardless of the policy", "even if the rules say", "정책과 상관없이", "規定にかかわらず";
- *AI addressee*: the AI, the model, the LLM, the chatbot, the bot, GPT, an AI assistant (어시스턴트,
  인공지능, 챗봇, 모델 / AI, 人工知能, チャットボット, モデル) spoken to (``Note to the AI:``) or
  given a modal or imperative ("the model should…", "AI는 … 해야", "AIは…してください");
- *standing order*: "from now on" / "지금부터" / "今後は" with always/never or a command verb;
- *blanket grant* ("approve any refund", "모든 환불을 승인", "すべての返金を承認") said to someone or
  made unconditional ("without checking", "no questions asked");
- *role change* ("you are now…", "act as…", "admin mode"), *prompt exfiltration* ("reveal your
  system prompt"), chat-format tokens and chat roles giving an order ("System: …").

A third version (``_addressed_order``) models what any rewording must still carry — *who* is told
(the AI, or the AI as the reader of this text), *how* (a modal, an imperative, a polite or indirect
request) and *what* only an attack hands it (the AI's own instructions, a grant without conditions,
a status, an entitlement kept across conversations) — plus forged message blocks (JSON chat roles,
``<system>`` tags, "[developer]:", "Tool output:") and headings that announce new instructions,
whose whole section is flagged (``sentence_findings``).

A fourth round (tuned on the odd ids of an external red-teamer's set, checked on its even ids) added
structures found missing there, each tested with look-alikes: polite, conditional and evaluative
requests; Korean and Japanese addressee x directive x object in one rule (``_KO_WHO`` / ``_JA_WHO``,
``_KO_WHAT`` / ``_JA_WHAT``); what to tell the next person who asks (``_TELL_OTHERS``); an instruction
that hides that it exists (``_SECRET``); memory poisoning with a claim; forged JSON keys, CJK tags,
tool output and instruction-tuning templates; role play; instructions declared void; and reading
dotted, chained, kana-spelled and romanised words and CJK words broken across lines.

A sixth round (tuned on the odd ids of a second red-teamer's set and two probes written here, checked
on that set's even ids) models what the remaining misses share, not their phrases (``_data_request_or_framing``,
``_text_findings``): someone else's or the service's internal data asked for; checks skipped (said to
the AI on a page, asked for at all in a customer's message — ``customer_reason``, which
``customers.screening`` adds); framing devices read over the whole text (comments, encoded payloads
with or without a hint, forged transcripts, a call to the AI followed by its order, headings and
footnotes addressed to it); hand-off notes and this chat's own record carrying a decision; a
quotation that is only mentioned is read with the quotation taken out, and a handbook rule that
refuses the attack it quotes is the handbook's.

A ninth round added a different mechanism beside the rules (``learned``): a small logistic regression
over hashed words, word pairs and CJK letter n-grams of the normalised sentence, trained on every labelled
set (scripts/train_injection.py, validated leave-one-writer-out). ``customer_reason`` asks it about each
customer sentence no rule flagged (extraction); its flag reads "reads like an instruction to the AI (learned
score 0.97)". A tenth round gave pages a model of their own, trained with every sentence of the project's
ordinary policy documents as clean text too (``learned.page_model``): ``sentence_findings`` asks it last on each
page sentence no rule flags, so lint and the agent still read one function on one unit; ``is_instruction_like``
(one sentence by the rules: customer screening, stored facts, the agent's own cuts of a page) asks it only when
told (``learned=True``).

Handbooks for **human** agents stay clean: "The agent must verify the customer's identity", "You
should deny requests that are against this policy", "상담원은 본인 확인을 해야 합니다" are rules about
the job. "agent", "representative", "staff", "you", "assistant" are treated as people; such a
sentence is flagged only when it also carries an override, a regardless-of-policy clause, a
standing order or a blanket grant — the things a policy never legitimately says. Only unambiguous
AI words (AI, model, LLM, chatbot, bot, GPT) make a modal sentence an instruction to the model.
Measured by ``scripts/bench_injection.py`` (docs/lint.md).

The package, one module a concept (read in this order; each imports only the ones above it):

====================  ====================================================================================
module                holds
====================  ====================================================================================
``normalise``         the text as the detector reads it (NFKC, format characters, confusables, leet,
                      letters spelled apart, emoji) and the other readings of a disguised sentence
``gates``             the cheap word gates each family of rules needs before its patterns run
``sentences``         the unit judged: sentences, wrapped lines of a paragraph joined
``lexicon_en``        English roles of the first two versions: override, regardless, standing order,
                      blanket grant, role change, exfiltration, AI and human addressees, modals
``lexicon_ko``        the same roles in Korean
``lexicon_ja``        the same roles in Japanese
``operator_rules``    a rule the company states about its own bot, held back from giving, committing or
                      disclosing: a policy, not an order (fourteenth round); in Korean and Japanese read clause by
                      clause, a duty that gives nothing away included (twentieth round)
``customer_orders``   what a customer may not settle: a persona, a pre-decided outcome, a claimed exemption
``chinese_override``  the direct override of the AI's instructions in Chinese, the one structure read in it
``addressed_cjk``     Korean and Japanese addressee x directive x object, and their forged forms
``payloads``          what only an attack hands the AI (grants, statuses, entitlements kept, limits lifted)
                      and the forms it comes in (forged blocks, role headers, claimed authority)
``addressed``         addressee x directive x object: the third version (``_addressed_order``)
``data_requests``     someone else's or the service's internal data asked for, checks skipped, framing
                      devices (comments, hidden elements, encoded text, forged transcripts); sixth round
``notes_to_ai``       notes addressed to the AI, modes claimed, whoever reads next, policies quoted with
                      a grant; seventh round
``void_rules``        the AI's rules declared void, a world without rules acted in, approvals and records
                      acted on unchecked, links carrying the conversation; eighth round
``hidden_orders``     orders that need no override: the bot passing as a human, customers' data sent out, a text
                      claiming to stay in force after it is deleted (fourteenth round); a grant kept off the record
                      or from staff, someone else's personal data handed to whoever asks (sixteenth round); another
                      business defamed, a record or an answer regardless of what happened (seventeenth round); a
                      status nobody checked set by the bot, the register of the organisation's people handed out, a
                      translation made to promise more, a grant for telling the bot a phrase (twentieth round); the
                      bot's act kept from any office or book, another party's information handed out (21st round)
``unbounded_grants``  grants nobody would sign off: on the customer's word alone, with no limit or approval, covertly;
                      a check removed, a verified status defined as anyone, a text ranking itself above the rest of
                      the policy (seventeenth round); over every other page, a claim called enough (21st round)
``polite_orders``     Korean and Japanese orders in honorific and formal forms, answers restricted in advance,
                      a text calling itself the system's instruction, the next agent told to repeat; 13th round
``learned``           a learned second opinion: logistic regression over hashed n-grams of the normalised
                      sentence, weights in ``learned_weights.bin`` (customer messages, ninth round) and
                      ``learned_page_weights.bin`` (pages, tenth round; retrained in the fourteenth and sixteenth)
``data_sends``        where data goes (thirtieth round): the chat, notes, codes, another person's data or a
                      customer's datum sent to an outside address or URL, or put in a ticket title, a file name or
                      a link; an account's contact changed to the requester's, on another person's account or with
                      the old contact's code refused
``reason``            one sentence judged (``instruction_reason``): the gates, then every family in turn
``customer``          what only a customer's message makes an order (``customer_reason``,
                      ``customer_message_reason``, ``greeted_reason``)
``directions``        operator text read for its direction (twenty-sixth round): a note, a rule or a setting
                      that only limits the bot, with no grant in its block, is cleared (``limits_only``)
``waived_page_checks`` a check of who is asking waived on a page beside what it guards: another person, money, the
                      account's control (twenty-ninth round; also French and German)
``claimed_checks``    a page that grants on who a person says they are: a claimed identity made the check
                      (thirtieth round)
``sandbox_excuses``   a customer's test or sandbox claimed as the reason an act on a record or a check is
                      harmless (thirtieth round)
``ranked_texts``      a text the customer supplies (pasted, quoted, uploaded, given to translate) ranked with or
                      above the page: followed, applied, of the page's force (thirty-first round)
``claimed_terms``     a change of the service's terms claimed by a customer, a condition dropped, then applied to
                      their account (thirty-first round)
``spoken_keys``       a claimed rule that saying a name, a claim or the request in the chat unlocks the act, then the
                      act asked (thirty-first round)
``redefined_terms``   a definition that grants: a page's term defined so that the customer's word or asking decides
                      it, a customer's own meaning for a term of the rule, then the act it grants (thirty-second round)
``findings``          a whole text read (``sentence_findings``): framing devices over the text, headings
                      of new instructions, calls and pairs of sentences read together (``pair_reason``)
====================  ====================================================================================

This module is the public interface; ``from mem.core.instructions import …`` is all a caller needs.
"""

from __future__ import annotations

from collections.abc import Iterator

from mem.core.instructions.customer import customer_message_reason, customer_reason, greeted_reason
from mem.core.instructions.findings import pair_reason, sentence_findings
from mem.core.instructions.normalise import normalize
from mem.core.instructions.reason import instruction_reason
from mem.core.instructions.sentences import sentences

__all__ = [
    "customer_message_reason",
    "customer_reason",
    "flagged_sentences",
    "greeted_reason",
    "inside_flagged",
    "instruction_like",
    "instruction_reason",
    "is_instruction_like",
    "normalize",
    "pair_reason",
    "sentence_findings",
    "sentences",
]


def instruction_like(text: str) -> Iterator[tuple[int, str]]:
    """Lines (1-based) of ``text`` where an instruction-like sentence starts, with what it does (for lint: the
    rules and the page model, as the agent reads a page)."""
    for line, sentence, reason in sentence_findings(text):
        sentence = sentence.replace("\u200b", "")
        shown = sentence if len(sentence) <= 80 else sentence[:77] + "…"
        yield line, f"{reason}: {shown!r}"


def is_instruction_like(text: str, learned: bool = False, page: bool = True) -> bool:
    """Whether ``text`` (one sentence, or a page: each of its sentences is checked) addresses the AI, by the rules;
    ``learned=True`` adds the page model (a page read whole, as lint reads it). The agent's own cuts of a page
    meet the model through the page's findings (``inside_flagged``), so they agree with lint's unit; customer
    text has its own model (``customer_reason``), and ``page=False`` leaves out the structures only a page's rules
    hold (seventeenth round: ``unbounded_grants``, FAQ pairs, ``hidden_orders.stated_order``)."""
    return next(sentence_findings(text, learned=learned, page=page), None) is not None


def flagged_sentences(text: str) -> list[str]:
    """The instruction-like sentences of ``text``, as the detector read them (normalised, spaces removed:
    a line break inside a CJK sentence is joined without one, the agent's splitter may keep one)."""
    return ["".join(normalize(sentence).split()) for _, sentence, _ in sentence_findings(text)]


def inside_flagged(sentence: str, flagged: list[str]) -> bool:
    """Whether ``sentence`` (cut from the same text some other way) is, holds or overlaps a flagged sentence.

    The agent cuts page bodies with its own splitter (markdown removed); this keeps it from quoting a
    piece of a sentence that lint's unit flagged, so what lint flags the agent never trusts.
    """
    if not flagged:
        return False
    text = "".join(normalize(sentence).split())
    squashed = ("".join(f.split()) for f in flagged)  # callers may pass normalize() output, spaces kept
    return bool(text) and any(text in f or f in text for f in squashed)
