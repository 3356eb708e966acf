"""Operator side of movement 4: candidates from the intake store, approval and rejection (``mem promote``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem.core import clock
from mem.core.config import Config
from mem.core.errors import Conflict, InvalidInput, NotFound, Refused
from mem.core.json_types import JsonObject
from mem.knowhow.candidates import Candidate, Review, detect_candidates, review_signature
from mem.server.storage import ServerStore, open_store

if TYPE_CHECKING:
    from mem.wiki.lint_model import Finding
    from mem.wiki.lint_rules import LintContext
    from mem.wiki.page import Page


def candidates(workspace: Path, *, config: Config, store: ServerStore | None = None) -> list[Candidate]:
    """Every candidate detection finds, and every approved one whose supporting decisions are all gone
    (customers turned sharing off or erased them): its page is still in force, so it stays listed with 0
    customers and ``--reject`` can retire it."""
    store = store or open_store(workspace)
    reviews = store.reviews()
    found = detect_candidates(store.decisions(), settings=config.knowhow, reviews=reviews)
    listed = {c.id for c in found}
    return found + [_unsupported(workspace, candidate_id, review) for candidate_id, review in sorted(reviews.items())
                    if candidate_id not in listed and review["decision"] == "approved"]


def _unsupported(workspace: Path, candidate_id: str, review: Review) -> Candidate:
    """An approved candidate no shared decision supports any more, worded as its page says."""
    page = _knowhow_page(workspace, review["page_id"])
    meta = page.meta if page is not None else {}
    refs = meta.get("policy_refs")
    return Candidate(id=candidate_id, kind="interpretation" if candidate_id.startswith("i-") else "procedure",
                     status="approved", when=str(meta.get("when") or ""), then=str(meta.get("then") or ""),
                     customers=0, counter_examples=0, facts=0, policy_refs=refs if isinstance(refs, list) else [],
                     situation_key=(review["signature"].split() or [""])[0],
                     review={k: review[k] for k in ("decision", "by", "at", "page_id")})


def _knowhow_page(workspace: Path, page_id: str | None) -> Page | None:
    from mem.wiki.store import Wiki

    wiki = Wiki(workspace)
    if not page_id or not wiki.exists(page_id):
        return None
    page = wiki.get(page_id)
    return page if page.type == "knowhow" else None


def lost_support(candidate: Candidate, page: Page | None, threshold: int) -> tuple[int, int] | None:
    """``(customers now, customers it was approved with)`` when an approved candidate's support fell below
    ``knowhow.min_customers`` — or below what the operator approved a proposal with — else None."""
    if candidate.status != "approved" or page is None or page.status != "active":
        return None
    evidence = page.meta.get("evidence")
    approved_with = evidence.get("customers") if isinstance(evidence, dict) else None
    if not isinstance(approved_with, int) or isinstance(approved_with, bool):
        approved_with = threshold
    if candidate.customers < min(threshold, approved_with):
        return candidate.customers, approved_with
    return None


def _support_note(candidate: Candidate, lost: tuple[int, int], threshold: int) -> str:
    now, approved_with = lost
    page_id = (candidate.review or {}).get("page_id")
    return (f"support fell to {now} of the {approved_with} distinct customers it was approved with "
            f"(knowhow.min_customers {threshold}): page {page_id} stays in force until "
            f"`mem promote --reject {candidate.id} --by NAME` retires it")


def knowhow_support_check(workspace: Path, config: Config) -> Callable[[LintContext], Iterator[Finding]] | None:
    """``mem lint``'s ``knowhow-support`` check, for the server's workspace only: None when the workspace has no
    local intake store (a clone, CI), whose lint stays a check of the repository alone."""
    from mem.server.storage import DB_NAME, state_dir
    from mem.wiki.lint_model import Finding

    if not (state_dir(workspace) / DB_NAME).is_file():
        return None
    found = [c for c in candidates(workspace, config=config) if c.status == "approved"]
    by_page = {str((c.review or {}).get("page_id")): c for c in found}
    threshold = config.knowhow.min_customers

    def check(ctx: LintContext) -> Iterator[Finding]:
        for pf in ctx.selected():
            candidate = by_page.get(pf.id or "")
            page = pf.page
            lost = lost_support(candidate, page, threshold) if candidate is not None and page is not None else None
            if candidate is None or lost is None:
                continue
            yield Finding(pf.rel, pf.field_line("evidence"), "knowhow-support",
                          f"the know-how's support fell to {lost[0]} of the {lost[1]} distinct customers it was "
                          f"approved with (knowhow.min_customers {threshold}; customers turned sharing off or "
                          f"erased their decisions): review it; `mem promote --reject {candidate.id} --by NAME` "
                          "retires it")

    return check


def knowhow_decision_check(workspace: Path, config: Config) -> Callable[[LintContext], Iterator[Finding]] | None:
    """``mem lint``'s ``knowhow-rejected`` and ``knowhow-page-missing`` checks: the promotion decisions in the
    intake store against the know-how pages in git. A ``git revert`` of a rejection's retirement made the
    rejected page active again while ``mem promote`` still said "rejected", and a revert of an approval left
    "approved" with no page (newuser26 #3). None without a local intake store (a clone, CI)."""
    from mem.server.storage import DB_NAME, state_dir
    from mem.wiki.lint_model import Finding

    if not (state_dir(workspace) / DB_NAME).is_file():
        return None
    reviews = open_store(workspace).reviews()

    def check(ctx: LintContext) -> Iterator[Finding]:
        pages: set[str] = set()
        for pf in ctx.files:
            page = pf.page
            if page is None or page.type != "knowhow":
                continue
            pages.add(page.id)
            evidence = page.meta.get("evidence")
            candidate_id = evidence.get("candidate") if isinstance(evidence, dict) else None
            review = reviews.get(str(candidate_id)) if candidate_id else None
            if not pf.selected or page.status != "active" or review is None or review["decision"] != "rejected":
                continue
            yield Finding(pf.rel, pf.field_line("status"), "knowhow-rejected",
                          f"this know-how is active but its candidate {candidate_id} was rejected by {review['by']} "
                          f"on {review['at']} (`mem promote` says rejected): retire the page again (status: "
                          f"deprecated, a higher version), or, if the rejection was a mistake, `mem promote --reopen "
                          f"{candidate_id} --by NAME` and approve it")
        for candidate_id, review in sorted(reviews.items()):
            page_id = review["page_id"]
            if review["decision"] != "approved" or not page_id or page_id in pages:
                continue
            yield Finding(f"knowhow/{page_id}.md", None, "knowhow-page-missing",
                          f"candidate {candidate_id} was approved by {review['by']} on {review['at']} as know-how "
                          f"{page_id}, but the page is gone (a `git revert` or `git rm`): `mem promote --approve "
                          f"{candidate_id} --by NAME` writes it again, `mem promote --reject {candidate_id} --by "
                          "NAME` records that it is not wanted")

    return check


def list_candidates(workspace: Path, *, config: Config) -> list[JsonObject]:
    """Every candidate and proposal with its evidence counts, review state and what an operator may do.

    ``note`` makes a proposal (fewer than ``knowhow.min_customers`` distinct customers: the operator
    decides) visibly different from a candidate, and says why a blocked one cannot be approved.
    """
    threshold = config.knowhow.min_customers
    rows = []
    for candidate in candidates(workspace, config=config):
        row = candidate.to_dict()
        row["min_customers"] = threshold
        row["note"] = _note(candidate, threshold)
        if candidate.status == "approved":
            lost = lost_support(candidate, _knowhow_page(workspace, (candidate.review or {}).get("page_id")),
                                threshold)
            if lost is not None:
                row["note"] = _support_note(candidate, lost, threshold)
        rows.append(row)
    return rows


def _note(candidate: Candidate, threshold: int) -> str:
    if candidate.status == "blocked":
        return f"counter-example ({candidate.counter_examples}): cannot be approved"
    if candidate.status == "rejected":
        return f"rejected by {(candidate.review or {}).get('by')}"  # "rejected" comes from a review
    review = candidate.review or {}
    reopened = f"; reopened by {review.get('by')}" if review.get("decision") == "reopened" else ""
    if candidate.customers < threshold:
        return f"{candidate.customers} of {threshold} customers: proposal, the operator decides{reopened}"
    return reopened[2:]


def _find(found: list[Candidate], candidate_id: str) -> Candidate:
    for candidate in found:
        if candidate.id == candidate_id:
            return candidate
    raise NotFound(f"no candidate {candidate_id!r} (see `mem promote`)")


MAX_REVIEWER = 100


def _reviewer(by: str, does: str) -> str:
    """The ``--by`` name, trimmed: one line of at most ``MAX_REVIEWER`` characters without control
    characters. It is recorded in the review, the page's metadata and the git commit message, where a
    line break forged trailers ("ops\nSigned-off-by: ceo")."""
    name = by.strip()
    if not name:
        raise InvalidInput(f"say who {does} with --by NAME")
    if not name.isprintable() or len(name) > MAX_REVIEWER:
        raise InvalidInput(f"--by must be one name on one line (at most {MAX_REVIEWER} characters, "
                           "no line breaks or control characters)")
    return name


def approve_candidate(workspace: Path, candidate_id: str, *, by: str, config: Config,
                      then: str | None = None, when: str | None = None, page_id: str | None = None) -> JsonObject:
    """Write or revise the know-how page of a candidate or proposal (one commit) and record the approval.

    ``when`` / ``then``: the operator's wording of the situation and the decision (default: the
    most common wording among the customers' anonymised decisions). ``page_id``: the operator's
    id for a new page (default: readable words of the situation); it must not be another page's.
    """
    from mem.core.ids import validate_name
    from mem.knowhow.promote import page_id_for, write_page
    from mem.wiki.store import Wiki

    by = _reviewer(by, "approves")
    store = open_store(workspace)
    candidate = _find(candidates(workspace, config=config, store=store), candidate_id)
    review = store.reviews().get(candidate_id)
    if candidate.status == "approved" and candidate.customers == 0:
        raise Refused(f"candidate {candidate_id} was approved, but no customer's decision supports it any more "
                      f"(they turned sharing off or erased it); retire its page with `mem promote --reject "
                      f"{candidate_id} --by NAME`")
    if candidate.status == "approved":
        # approving again revises the page with the current evidence
        candidate.status = "candidate" if candidate.customers >= config.knowhow.min_customers else "proposal"
    own = review["page_id"] if review else None
    wiki = Wiki(workspace)
    if page_id is not None:
        page_id = validate_name(page_id.strip(), what="page id")
        if own and page_id != own:
            raise Conflict(f"candidate {candidate_id} already has the page {own}; it keeps that id")
        if page_id != own and wiki.exists(page_id):
            raise Conflict(f"page {page_id} already exists; choose another --id")
    elif own:
        page_id = own
    else:
        # readable ids are not unique by themselves: another situation may start with the same words
        base = page_id = page_id_for(candidate, when=when)
        suffix = 2
        while wiki.exists(page_id):
            page_id, suffix = f"{base}-{suffix}", suffix + 1
    result = write_page(workspace, candidate, by=by, then=then, settings=config.knowhow, page_id=page_id,
                        when=when, person_names=config.person_names, customer_id=config.customer_id_regex())
    store.record_review(candidate_id, decision="approved", by=by, at=clock.isoformat(clock.now()),
                        page_id=result["page"], signature=review_signature(candidate))
    return result


def reject_candidate(workspace: Path, candidate_id: str, *, by: str, config: Config) -> JsonObject:
    """Record that an operator rejected a candidate; it stays listed as rejected and is never approvable.

    A candidate rejected *after* its approval also retires its know-how page (status ``deprecated``,
    one commit): a rejected rule must not stay in force.
    """
    by = _reviewer(by, "rejects")
    store = open_store(workspace)
    candidate = _find(candidates(workspace, config=config, store=store), candidate_id)
    if candidate.status == "rejected" and candidate.review:
        # rejecting again changes nothing: the first rejection, its reviewer and time, is the record
        # (it was overwritten, and with it when the candidate was really turned down)
        first = candidate.review
        return {"candidate": candidate_id, "decision": "rejected", "by": first["by"], "at": first["at"],
                "already_rejected": True}
    retired = None
    page_id = (candidate.review or {}).get("page_id") if candidate.status == "approved" else None
    if page_id:
        # Rejected after approval: the page must stop being know-how, not linger as an active rule.
        from mem.knowhow.promote import retire_page

        retired = retire_page(workspace, page_id, by=by, candidate_id=candidate_id)
    commit = retired.get("commit") if retired is not None else None
    if commit is None:
        # no page to retire (a proposal never approved, a page removed by hand): the decision is still one commit
        # and a log.md line by the rejecter, as an approval is — it was only in the git-ignored store, unseen by
        # the team and CI (newuser26 #9)
        commit = _record(workspace, by=by, title=f"know-how candidate {candidate_id} rejected",
                         line=f"candidate {candidate_id} ({candidate.kind}) rejected by {by}; `mem promote --reopen "
                              f"{candidate_id} --by NAME` reverses it")
    at = clock.isoformat(clock.now())
    store.record_review(candidate_id, decision="rejected", by=by, at=at, page_id=page_id,
                        signature=review_signature(candidate))
    result: dict[str, Any] = {"candidate": candidate_id, "decision": "rejected", "by": by, "at": at, "commit": commit}
    if retired is not None:
        result["retired"] = retired
    elif page_id:
        # removed by hand (`git rm`): nothing to retire — said so, where "retired page …; version; commit" was empty
        result["page_missing"] = page_id
        result["note"] = f"page {page_id} no longer exists in the wiki: nothing to retire"
    return result


def reopen_candidate(workspace: Path, candidate_id: str, *, by: str, config: Config) -> JsonObject:
    """Reverse a rejection made in error: the candidate is open again (approvable, listed with the status detection
    gives it), recorded as one commit and a ``log.md`` line by ``by``, and in the store as ``reopened``.

    A page the rejection retired stays retired: approving the candidate again revises it (the next version), so
    what ships changes only by an approval. Only a rejected candidate can be reopened (newuser26 #9).
    """
    by = _reviewer(by, "reopens")
    store = open_store(workspace)
    candidate = _find(candidates(workspace, config=config, store=store), candidate_id)
    review = store.reviews().get(candidate_id)
    if candidate.status != "rejected" or review is None:
        raise Refused(f"candidate {candidate_id} is {candidate.status}, not rejected: nothing to reopen")
    commit = _record(workspace, by=by, title=f"know-how candidate {candidate_id} reopened",
                     line=f"candidate {candidate_id} ({candidate.kind}) reopened by {by}: its rejection by "
                          f"{review['by']} on {review['at']} is reversed; it can be approved again")
    at = clock.isoformat(clock.now())
    store.record_review(candidate_id, decision="reopened", by=by, at=at, page_id=review["page_id"],
                        signature=review_signature(candidate))
    return {"candidate": candidate_id, "decision": "reopened", "by": by, "at": at, "commit": commit,
            "was_rejected_by": review["by"], "was_rejected_at": review["at"]}


def _record(workspace: Path, *, by: str, title: str, line: str) -> str | None:
    """A promotion decision that changes no page, as one commit (author ``by``) with its ``log.md`` line.

    The message names the candidate, never its words: a rejected candidate's situation is text from customers'
    decisions no operator approved for the wiki — often rejected *because* the anonymiser left something in it — and
    a commit message cannot be taken back by a later commit (``mem promote`` shows the words; the id finds them)."""
    from mem.wiki.store import Wiki

    result = Wiki(workspace).write(op="promote", message=f"promote: {title} (by {by})", log_title=title,
                                   log_lines=[line], author=by, record=True)
    return result.commit
