"""Which edition of a page is the rule in force today, for everything that answers customers.

A page file is what the author last wrote, not always what is in force: a ``status: draft`` edition is
not reviewed, an edition whose ``effective`` date is still to come does not apply yet, and a file with
git's merge-conflict markers holds two texts at once. Such an edition is never quoted as the current
rule. The rule in force is then the latest earlier edition that is active, already effective and
clean (read from git history in a workspace, shipped beside the page in a bundle); when the edition
waiting is a reviewed one with a date, the served page carries ``meta["upcoming"]`` (its version,
date and summary) so the answer can tell the customer what changes and when. With no earlier edition
in force, the page is not served at all.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from datetime import date

from mem.wiki.page import Page

# git's conflict markers: <<<<<<< ours, ||||||| base (diff3), =======, >>>>>>> theirs. A lone "=======" is
# also a setext heading underline, so it counts only beside the others.
_MARKER = re.compile(r"^(?:<{7}|>{7}|\|{7})(?:[ \t].*)?$", re.M)
_OPENING = re.compile(r"^<{7}(?:[ \t].*)?$", re.M)
_SEPARATOR = re.compile(r"^={7}[ \t]*$", re.M)
UPCOMING = "upcoming"


def conflict_lines(text: str) -> list[int]:
    """1-based lines of ``text`` that are git merge-conflict markers ([] when there are none)."""
    if "<<<<<<<" not in text and ">>>>>>>" not in text and "|||||||" not in text:
        return []  # the common case, at substring-search speed (every page, every answer)
    if not _MARKER.search(text):
        return []
    lines = [text.count("\n", 0, m.start()) + 1 for m in _MARKER.finditer(text)]
    lines += [text.count("\n", 0, m.start()) + 1 for m in _SEPARATOR.finditer(text)]
    return sorted(lines)


def has_conflict(text: str) -> bool:
    """Whether ``text`` holds a git conflict: every conflict opens with a ``<<<<<<<`` line. One substring
    search first, since this runs on every page of every answer (lint's rule reads every marker)."""
    return "<<<<<<<" in text and _OPENING.search(text) is not None


def why_not_in_force(page: Page, today: date) -> str | None:
    """Why this edition must not be quoted as the current rule today, or None when it may."""
    if has_conflict(str(page.body)):
        return "it holds merge-conflict markers"
    if page.status == "draft":
        return "it is a draft"
    effective = page.effective
    if effective is not None and effective > today:
        return f"it takes effect on {effective.isoformat()}"
    return None


def serve(page: Page, today: date, earlier: Callable[[Page], Iterable[Page]]) -> Page | None:
    """The edition to answer from: ``page`` itself, an earlier edition still in force, or None.

    ``earlier(page)`` gives the page's earlier editions (any order); it is called only when ``page``
    is not in force, so a wiki of pages in force costs a date comparison each."""
    if why_not_in_force(page, today) is None:
        return page
    candidates = [old for old in earlier(page) if old.version < page.version and old.id == page.id
                  and old.status == "active" and why_not_in_force(old, today) is None]
    if not candidates:
        return None
    current = max(candidates, key=lambda old: old.version)
    served = dataclasses.replace(current, meta=dict(current.meta))
    if page.status != "draft" and page.effective is not None and not has_conflict(str(page.body)):
        served.meta[UPCOMING] = {"version": page.version, "effective": page.effective.isoformat(),
                                 "summary": page.summary}
    return served
