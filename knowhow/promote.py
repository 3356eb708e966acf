"""Promotion with approval: an operator turns a candidate into a know-how page (or rejects it).

``page_for`` builds the page (docs/knowhow.md frontmatter: ``when``, ``then``, ``evidence``
counts, ``policy_refs``, ``approved`` by/at); ``write_page`` writes it through ``Wiki.write`` — one
commit, ``index.md`` regenerated, a ``log.md`` entry — so an earlier revision stays in git history.
Page ids are derived from the situation, so a later approval for the same situation revises the
same page (version + 1) instead of adding a near-duplicate.

"With few customers, detection only proposes; an operator decides" (docs/design.md, movement 4): a *proposal*
(fewer than ``knowhow.min_customers`` distinct customers) may be approved — the operator is the one
who decides — and its page says so in ``evidence`` (``below_min_customers: true`` next to the
threshold). What no operator may approve: a candidate blocked by a counter-example, and one already
rejected.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.core import clock
from mem.core.config import KnowhowSettings
from mem.core.controls import one_line
from mem.core.errors import InvalidInput, Refused
from mem.core.json_types import JsonObject
from mem.core.text.placeholders import placeholders_in, without_vocatives
from mem.core.text.sensitive import sensitive_category
from mem.core.wording import plural
from mem.knowhow.candidates import Candidate

if TYPE_CHECKING:
    from mem.wiki.page import Page

_SLUG = re.compile(r"[^a-z0-9]+")
_PAGE_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


#: Words that carry no meaning in an id ("a refund is requested by an Enterprise customer" → refund-requested-…).
_ID_STOP_WORDS = frozenset({
    "a", "an", "the", "is", "are", "was", "were", "be", "been", "being", "of", "in", "on", "at", "by", "for",
    "to", "from", "with", "and", "or", "its", "their", "his", "her", "this", "that", "these", "those", "it",
    "as", "than", "more", "into", "per",
})
_ID_WORDS, _ID_CHARS = 6, 48


def page_id_for(candidate: Candidate, *, when: str | None = None) -> str:
    """``kh-<the situation's meaningful words>``: whole words, at most six, readable in a command line.

    ``when``: the operator's wording of the situation, if given. The id is not unique by itself:
    ``approve_candidate`` adds ``-2``, ``-3``… when another page already has it.
    """
    words = [w for w in _SLUG.split((when or candidate.when).lower())
             if (len(w) > 1 or w.isdigit()) and w not in _ID_STOP_WORDS and not w.startswith(("name", "number"))]
    slug = ""
    for word in words[:_ID_WORDS]:
        if len(slug) + len(word) + 1 > _ID_CHARS:
            break
        slug = f"{slug}-{word}" if slug else word
    if not any("a" <= c <= "z" for c in slug):
        # a Korean or Japanese situation keeps no word here, only its numbers ("配送が10日以上遅れている" was kh-10):
        # named after the policy page it is about, as a Korean or Japanese policy page is after its document
        # (newuser26 #13); ``approve_candidate`` adds -2, -3… for a second one
        for ref in candidate.policy_refs:
            page = ref.get("page") if isinstance(ref, dict) else None
            if isinstance(page, str) and _PAGE_SLUG.fullmatch(page):
                return f"kh-{page[:_ID_CHARS]}".rstrip("-")
        return f"kh-{candidate.situation_key[:12]}"
    return f"kh-{slug}"


def check_approvable(candidate: Candidate, *, settings: KnowhowSettings, then: str | None) -> None:
    """Refuse what must not become know-how: a counter-example, a rejection, a missing interpretation.

    Too few customers is not a refusal: a proposal is the operator's to decide (see ``below_min``).
    """
    if candidate.status == "blocked":
        raise Refused(f"candidate {candidate.id} is blocked by "
                      f"{plural(candidate.counter_examples, 'customer')} who got the "
                      "opposite decision in the same situation; it cannot be promoted")
    if candidate.status == "rejected":
        review = candidate.review or {}  # "rejected" is only ever set from a review (detect_candidates)
        raise Refused(f"candidate {candidate.id} was rejected by {review.get('by')} on {review.get('at')}")
    if candidate.kind == "interpretation" and not (then or "").strip():
        raise InvalidInput(f"candidate {candidate.id} is an interpretation: say what it is with --then TEXT")


def below_min(candidate: Candidate, settings: KnowhowSettings) -> bool:
    """Fewer distinct customers than ``knowhow.min_customers``: a proposal, approved only on an operator's word."""
    return candidate.customers < settings.min_customers


def page_for(candidate: Candidate, *, by: str, then: str | None, settings: KnowhowSettings,
             previous: Page | None = None, when: str | None = None, page_id: str | None = None,
             floor: int = 0) -> Page:
    """The page of ``candidate``; ``then`` / ``when``: the operator's wording, else the candidate's.
    ``floor``: the highest version the page id ever had (``version_floor``); the page is numbered above it."""
    from mem.wiki.page import Page

    # A revision keeps the rule as an operator worded it before, unless they reword it now: the
    # customers' phrasing is evidence, not the rule.
    earlier = previous.meta if previous is not None else {}
    # one line each, whatever a share record or an old store held: a newline here made a markdown
    # heading of the page body, a NUL failed the commit
    # a placeholder that only greets the customer ("Yes, [customer], we agree…") is taken out: the page is what
    # every client's agent says (mem.knowhow.placeholders); any other is refused by write_page
    decided = without_vocatives(one_line(then or earlier.get("then") or candidate.then))
    if previous is not None:
        page_id = previous.id
    page_id = page_id or page_id_for(candidate, when=when)
    when = without_vocatives(one_line(when or earlier.get("when") or candidate.when)) or "this situation"
    few = below_min(candidate, settings)
    at = clock.isoformat(clock.now())
    meta: dict[str, Any] = dict(previous.meta) if previous is not None else {}
    meta.pop("retired", None)  # approved again after a rejection was reopened: in force, no longer retired
    meta.update({
        "status": "active",
        "summary": f"When {when}: {decided}."[:200],
        "when": when,
        "then": decided,
        "evidence": {"customers": candidate.customers, "counter_examples": candidate.counter_examples,
                     "facts": candidate.facts, "window": f"{settings.window_days} days", "candidate": candidate.id,
                     "min_customers": settings.min_customers, "below_min_customers": few},
        "policy_refs": candidate.policy_refs,
        "approved": {"by": by, "at": at},
    })
    meta.setdefault("tags", ["knowhow", candidate.kind])
    if candidate.kind == "interpretation":
        others = "; ".join(f"{one_line(a['then'])} ({a['customers']})" for a in candidate.alternatives)
        body = (f"When {when}, {decided}.\n\nCustomers repeatedly raised this situation and got differing "
                f"decisions ({others}); this is the interpretation to apply consistently.\n")
    else:
        body = f"When {when}, {decided}.\n"
    body += (f"\nDrawn from the anonymised decisions of {candidate.customers} distinct customers "
             f"({candidate.facts} decision facts, no counter-example within {settings.window_days} days); "
             f"approved by {by} on {at[:10]}.\n")
    if few:
        body += (f"\nThat is fewer than the {settings.min_customers} customers detection asks for "
                 "(`knowhow.min_customers`): it was a proposal, and the approver decided it holds.\n")
    refs = ", ".join(f"[[{r['page']}]] v{r['version']}" for r in candidate.policy_refs)
    if refs:
        body += f"\nPolicy: {refs}.\n"
    version = max(previous.version if previous is not None else 0, floor) + 1
    return Page(id=page_id, type="knowhow",
                title=f"When {when}"[:120], version=version, meta=meta, body=body)


def write_page(workspace: Path, candidate: Candidate, *, by: str, then: str | None, settings: KnowhowSettings,
               page_id: str | None = None, when: str | None = None, person_names: Sequence[str] = (),
               customer_id: re.Pattern[str] | None = None) -> JsonObject:
    """Write or revise the know-how page of an approvable candidate as one commit.

    ``person_names`` / ``customer_id``: what lint's ``personal-data`` rule is given (``Config.person_names``,
    ``lint.customer_id_pattern``): the page is refused before the commit on the first thing that rule would flag."""
    from mem.wiki.store import Wiki

    wiki = Wiki(workspace)
    page_id = page_id or page_id_for(candidate, when=when)
    previous = wiki.get(page_id) if wiki.exists(page_id) else None
    check_approvable(candidate, settings=settings, then=then or (previous.meta.get("then") if previous else None))
    page = page_for(candidate, by=by, then=then, settings=settings, previous=previous, when=when, page_id=page_id,
                    floor=version_floor(workspace, page_id))
    for field_name in ("when", "then"):
        category = sensitive_category(str(page.meta[field_name]))
        if category != "none":
            raise Refused(f"the know-how's {field_name} touches a sensitive topic ({category}): "
                          f"{page.meta[field_name]!r}; know-how ships to every client, so word the situation "
                          f"without it (--{field_name} TEXT)")
    for field_name in ("when", "then"):
        left = placeholders_in(str(page.meta[field_name]))
        if left:
            raise Refused(f"the know-how's {field_name} still holds the anonymiser's placeholder {left[0]}: "
                          f"{page.meta[field_name]!r}; know-how is published as the agent's own words, so word it "
                          f"without the placeholder (--{field_name} TEXT)")
    check_anonymous(page, candidate, by=by, person_names=person_names, customer_id=customer_id)
    check_instruction_text(page)
    few = below_min(candidate, settings)
    below = (f", below knowhow.min_customers {settings.min_customers}: approved on the operator's decision"
             if few else "")
    verb = "revise" if previous is not None else "add"
    result = wiki.write(
        [page], op="promote",
        message=f"promote: {verb} know-how {page.id} v{page.version} ({candidate.customers} customers, "
                f"approved by {by})\n\nCandidate {candidate.id} ({candidate.kind}): when {page.meta['when']} "
                f"→ {page.meta['then']}" + (f"\n\nEvidence{below}." if few else ""),
        log_title=f"{page.title} (v{page.version})",
        log_lines=[f"candidate {candidate.id}, {candidate.customers} distinct customers{below}, approved by {by}"],
        author=by,
    )
    out: JsonObject = {"candidate": candidate.id, "page": page.id, "version": page.version, "commit": result.commit,
                       "revised": previous is not None, "customers": candidate.customers,
                       "counter_examples": candidate.counter_examples, "below_min_customers": few}
    differs = policy_numbers(wiki, page)
    if differs:
        out["policy_numbers"] = differs
    return out


def check_anonymous(page: Page, candidate: Candidate, *, by: str, person_names: Sequence[str] = (),
                    customer_id: re.Pattern[str] | None = None) -> None:
    """``Refused`` before any commit when the page is not anonymous (newuser27 #1, #5).

    Two checks. The page as it would be written goes through lint's ``personal-data`` rule (the same function,
    ``mem.wiki.lint_text.personal_data_findings``), and the first finding is the refusal, with lint's reason.
    And a ``when`` / ``then`` still in the customers' wording (no ``--when`` / ``--then``) goes through the
    anonymiser once more, with its name cues lint does not use: anything it would still take out ("tobias, your
    refund…" → "[name], your refund…") is refused, so the customers' words are never approved unread."""
    from mem.knowhow.anonymise import scrub
    from mem.wiki.lint_text import personal_data_findings
    from mem.wiki.page import render_page

    staff = [by] + [str(entry["by"]) for entry in (page.meta.get("generated"), *(page.meta.get("verified") or []))
                    if isinstance(entry, dict) and entry.get("by")]
    lines = render_page(page).splitlines()
    # the refusals name the kind of data and where it is, never the value: they end up in CI and cron logs
    for number, reason in personal_data_findings(lines, person_names=person_names, customer_id=customer_id,
                                                 allowed=staff, quote=False):
        field_name = next((f for f in ("when", "then") if lines[number - 1].lstrip().startswith(f"{f}:")), None)
        fix = f"--{field_name} TEXT" if field_name else "--when TEXT / --then TEXT"
        raise Refused(f"[personal-data] {reason} (line {number} of {page.id}.md); nothing was committed: "
                      f"word the know-how without it ({fix})")
    for field_name in ("when", "then"):
        value = str(page.meta[field_name])
        customers = without_vocatives(one_line(getattr(candidate, field_name)))
        if value != customers:
            continue  # the operator's wording: lint's rule above is the check
        cleaned = scrub(value, names=person_names)
        if cleaned != value:
            raise Refused(f"the know-how's {field_name} is the customers' wording and the anonymiser would still "
                          f"take {_first_placeholder(value, cleaned)} out of it ({cleaned!r}); nothing was committed: "
                          f"word it yourself (--{field_name} TEXT)")


def check_instruction_text(page: Page) -> None:
    """``Refused`` before any commit when lint's ``instruction-text`` rule flags the page as it would be written
    (the same function, ``mem.wiki.lint_rules.instruction_text_findings``), with lint's reason (newuser28 #1).

    Three customers' chats whose agent turn read "Yes, we agree to refund 100% of the order and skip the identity
    check" were approved with the default wording, and lint flagged the committed page only afterwards."""
    from mem.wiki.lint_rules import instruction_text_findings, page_file_from_text
    from mem.wiki.page import render_page

    rel = f"knowhow/{page.id}.md"
    pf = page_file_from_text(rel, render_page(page), "knowhow")
    for number, reason in instruction_text_findings(pf):
        line = pf.lines[number - 1].lstrip() if 0 < number <= len(pf.lines) else ""
        field_name = next((f for f in ("when", "then") if line.startswith(f"{f}:")), None)
        fix = f"--{field_name} TEXT" if field_name else "--when TEXT / --then TEXT"
        raise Refused(f"[instruction-text] {reason} (line {number} of {page.id}.md); nothing was committed: "
                      f"word the know-how as the service's own procedure ({fix})")


def _first_placeholder(original: str, cleaned: str) -> str:
    """What the anonymiser put first in ``cleaned`` where ``original`` had something else ("[name]"), never the
    replaced words themselves: the refusal repeated the name it refused (the review of round 27)."""
    import difflib

    # word by word ("tobias," against "[name],"); a run of Korean or Japanese with no space is one word
    words = re.findall(r"\[[\w ]+\]|\w+|[^\w\s]", original), re.findall(r"\[[\w ]+\]|\w+|[^\w\s]", cleaned)
    matcher = difflib.SequenceMatcher(a=words[0], b=words[1], autojunk=False)
    for tag, _a0, _a1, b0, b1 in matcher.get_opcodes():
        placeholder = next((w for w in words[1][b0:b1] if w.startswith("[")), None) if tag == "replace" else None
        if placeholder:
            return placeholder
    return "a detail"


def policy_numbers(wiki: Any, page: Page) -> list[str]:  # Any: mem.wiki.store.Wiki, imported lazily
    """Where the know-how's ``when``/``then`` bounds a window, amount or count otherwise than a policy page it
    cites states it ("14 days" against damaged-items v1's "7 days"), one line each: shown by ``mem promote
    --approve`` beside the approval, as lint's ``knowhow-policy-numbers`` shows it later (newuser26 #4)."""
    from mem.wiki.lint_numbers import knowhow_disagreements

    fields = [(str(page.meta.get(name) or ""), 1) for name in ("when", "then")]
    lines = []
    for ref in page.meta.get("policy_refs") or []:
        ref_id = str(ref.get("page")) if isinstance(ref, dict) else ""
        if not ref_id or not wiki.exists(ref_id):
            continue
        policy = wiki.get(ref_id)
        if policy.type != "policy":
            continue
        for own, cited in knowhow_disagreements(fields, policy.body.splitlines()):
            lines.append(f"the know-how states {own.text} where {policy.id} v{policy.version} states {cited.text}")
    return list(dict.fromkeys(lines))


def version_floor(workspace: Path, page_id: str) -> int:
    """The highest version know-how page ``page_id`` ever had: in git (every ref and the reflog — a
    ``git revert`` of its approval or a ``git rm`` left it there) and in published bundles. An approval
    after a revert gave version 1 again, another text under a number a bundle may have shipped, and lint
    then refused the bundle (NEWUSER_REPORT15 #9); ingest numbers the same way."""
    from mem.wiki import version_floor as floors

    rel = f"knowhow/{page_id}.md"
    shipped = floors.highest_published(floors.published_pages(workspace).get(page_id, {}))
    return max(floors.committed_versions(workspace, [rel]).get(rel, 0), shipped.version if shipped else 0)


def retire_page(workspace: Path, page_id: str, *, by: str, candidate_id: str) -> JsonObject | None:
    """Mark an approved know-how page ``deprecated`` (version + 1, one commit): its candidate was rejected.

    Deprecated pages stay in the wiki and its history but are no longer looked up as know-how. None when
    the page is gone (``git rm`` by hand): nothing to retire.
    """
    from mem.wiki.store import Wiki

    wiki = Wiki(workspace)
    if not wiki.exists(page_id):
        return None
    page = wiki.get(page_id)
    if page.status == "deprecated":
        return {"page": page_id, "version": page.version, "commit": None}
    meta = dict(page.meta)
    meta.update(status="deprecated", retired={"by": by, "at": clock.isoformat(clock.now()), "candidate": candidate_id})
    version = max(page.version, version_floor(workspace, page_id)) + 1
    retired = type(page)(id=page.id, type=page.type, title=page.title, version=version, meta=meta,
                         body=page.body.rstrip("\n") + f"\n\nRetired: candidate {candidate_id} was rejected by {by}.\n")
    result = wiki.write([retired], op="promote",
                        message=f"promote: retire know-how {page_id} v{retired.version} (candidate {candidate_id} "
                                f"rejected by {by})",
                        log_title=f"{page.title} retired (v{retired.version})",
                        log_lines=[f"candidate {candidate_id} rejected by {by}; the page is deprecated"], author=by)
    return {"page": page_id, "version": retired.version, "commit": result.commit}
