"""What `mem lint` reports: the rule registry (stable ids), one finding, and the report with its exit code.

Rule ids are part of mem's interface: CI configurations, SARIF consumers and people's muscle
memory refer to them, so an id is never renamed or reused. docs/lint.md documents every rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mem.core.json_types import JsonObject

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Rule:
    """One lint rule: a stable id, its level, a one-line summary, why it exists and how to fix it."""

    id: str
    level: Level
    summary: str
    why: str
    fix: str
    autofix: bool = False


RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("frontmatter", "error", "A page has missing or invalid frontmatter or type.",
             "Every reader of the wiki (ingest, agents, bundles) relies on the frontmatter schema.",
             "Add the YAML block between `---` lines with id, type (policy|knowhow), title and an integer "
             "version; keep the page in the folder of its type and name the file after its id."),
        Rule("duplicate-id", "error", "Two pages declare the same id.",
             "Links, citations and policy_refs name pages by id; a duplicate makes them ambiguous.",
             "Give one of the pages a new id (and file name) and update links to it."),
        Rule("portable-id", "error", "A page id differs only in case from another, or is a name Windows reserves.",
             "On macOS and Windows `Refunds.md` and `refunds.md` are one file and `aux.md` cannot exist, so a "
             "checkout there loses or refuses pages; `[[Refunds]]` beside `[[refunds]]` is easy to confuse.",
             "Give one of the pages another id (and file name) and update links to it."),
        Rule("broken-link", "error", "A `[[id]]` or markdown link points to a page or file that does not exist.",
             "An agent following a dead link answers without the material it was pointed to.",
             "Point the link at an existing page; if the target was renamed, `mem lint --fix` rewrites it.",
             autofix=True),
        Rule("broken-anchor", "error", "A link's `#anchor` names no heading of its target page.",
             "Anchors point readers and agents at one section; a stale anchor silently points nowhere.",
             "Use the slug of an existing heading (lower case, spaces as dashes) or drop the anchor."),
        Rule("footnote-source", "error", "A footnote cites no declared source (or is missing or empty).",
             "Policy is trusted because every statement traces back to an official document.",
             "Make the footnote name a source of the page (its id or file under sources/), or add the "
             "source to the page's `sources` frontmatter."),
        Rule("source-hash", "error", "A source file is missing or its SHA-256 differs from the page's record.",
             "The page was written from a different document than the one now in sources/.",
             "Re-ingest the document with `mem ingest sources/FILE` so the page and its hash are revised."),
        Rule("version-history", "error", "A page's `version` does not increase along its git history.",
             "Customer facts cite policies by page and version; a reused or lower version breaks rechecks.",
             "Raise `version` above every earlier version of the page whenever its text changes."),
        Rule("merge-conflict", "error", "A page, context.md or log.md holds git merge-conflict markers "
             "(<<<<<<<, =======, >>>>>>>).",
             "A merge committed with its conflict unresolved leaves both texts in the page: agents would quote "
             "the markers and whichever side they found (they skip such a page, so the rule in force is lost); "
             "in context.md both sides would be injected as instructions on every turn.",
             "Keep the right text, delete the marker lines, raise `version` (pages) and commit."),
        Rule("untracked-page", "error", "A page file on disk that git does not know (never committed).",
             "Pages are versioned by git: an uncommitted page has no history, was never reviewed, and a crash "
             "or a hand copy is how it gets there.",
             "Run any mem command (it finishes or rolls back an interrupted ingest); otherwise review the page and "
             "commit it (`git add FILE && git commit`) or delete it."),
        Rule("page-document", "error", "A page's source changed to another document.",
             "A page belongs to its document; a section of another document with the same heading overwrote it "
             "(\"Definitions\" of two policies), so agents quote the wrong policy.",
             "Restore the page from git history and re-ingest the other document with `--id-prefix`; if the move "
             "was meant, re-ingest with `--replace`, which records the take-over."),
        Rule("instruction-text", "error", "A policy or know-how page contains text that addresses the AI.",
             "Pages are reference material injected into an agent's context; instructions in them are a "
             "prompt-injection path and change the agent's behaviour behind the reviewer's back.",
             "State the policy as a fact about the service (\"Refunds are accepted within 14 days\"), "
             "not as an order to the model."),
        Rule("personal-data", "error", "A know-how page contains personal data (email, phone, name, customer id).",
             "Know-how is shared with every client; it must stay anonymous.",
             "Remove the personal detail; describe the situation in general terms."),
        Rule("knowhow-placeholder", "error", "A know-how page holds a placeholder of the anonymiser ([customer], "
             "[name], [number], [email]…).",
             "A know-how page is what every client's agent says; a shared decision's placeholder approved into it "
             "would be said to customers (\"Yes, [customer], we agree…\").",
             "Word the sentence without it: drop a greeting, say what the placeholder stood for in general terms "
             "(`mem promote --approve ID --then TEXT` revises the page)."),
        Rule("sensitive-topic", "error", "A know-how page touches a sensitive topic (health, relationship, "
             "finance, religion, sexuality, politics).",
             "Know-how is distilled from customers' decisions and shipped to every client; a customer's health "
             "or money troubles must not travel with it (docs/customers.md, Sensitive categories).",
             "Word the situation without the sensitive detail, or retire the page."),
        Rule("knowhow-rejected", "error", "An active know-how page whose candidate was rejected (`mem promote`).",
             "The decision record (the intake store) and what ships (git) disagree: a `git revert` of the "
             "rejection's retirement puts a rule the reviewer turned down back into every client's bundle.",
             "Retire the page again (`status: deprecated`, a higher version), or reverse the rejection with "
             "`mem promote --reopen ID --by NAME` and approve it. Checked in the server's workspace."),
        Rule("customer-data-tracked", "error", "Customer data is tracked in the workspace git repository.",
             "Customer memory never enters the workspace repository (it is pushed, shared and reviewed).",
             "`git rm --cached FILE`, add it to .gitignore, and purge it from history "
             "(git filter-repo) if it was ever pushed."),
        Rule("page-removed", "warning", "A policy page in force was deleted (`git rm`) without being retired.",
             "Customer facts cite policy pages by id and version; a page that vanishes leaves their agreements "
             "pointing at a rule the service no longer has (clients flag them 'withdrawn' on the next sync).",
             "Retire a document with `mem ingest --retire DOC` (its pages deprecated, version + 1, one commit); to "
             "keep the page under another id, rename it with its id or list the old id in the new page's `aliases`."),
        Rule("knowhow-support", "warning", "An approved know-how page lost the customers it was approved on.",
             "Know-how stands on the anonymised decisions of distinct customers; when they turn sharing off or "
             "erase those decisions, the page still ships saying \"3 distinct customers\" and answers as before.",
             "Review the page: `mem promote --reject ID --by NAME` retires it (deprecated, version + 1); keep it "
             "only if it holds on the remaining evidence. Checked in the server's workspace (its intake store)."),
        Rule("knowhow-page-missing", "warning", "An approved know-how candidate whose page is gone.",
             "`mem promote` lists the candidate as approved while no page ships it (a `git revert` of the "
             "approval or a `git rm`): the record and the wiki disagree without anyone deciding so.",
             "`mem promote --approve ID --by NAME` writes the page again (next version), or `mem promote --reject "
             "ID --by NAME` records that it is not wanted. Checked in the server's workspace."),
        Rule("orphan-page", "warning", "No page and not index.md links to this page.",
             "An unreachable page is never found by people browsing the wiki.",
             "Link it from a related page or regenerate index.md (`mem lint --fix`)."),
        Rule("index-outdated", "warning", "index.md differs from the table of contents generated from the pages.",
             "index.md is how people and agents find pages; a stale one hides or misdescribes pages.",
             "Run `mem lint --fix` (or any `mem ingest`) to regenerate it.", autofix=True),
        Rule("effective-future", "warning", "A page's `effective` date is in the future.",
             "Until that date agents answer from the page's latest version in effect and name this one with "
             "its date; a wrong date would keep the rule in force from changing.",
             "Check the date. Nothing else to do if it is right: the edition takes over on that day."),
        Rule("effective-before-start", "warning",
             "A revised page's `effective` date is earlier than a start date still to come that its own text states "
             "(\"From 1 January 2027 …\", \"2027년 1월 1일부터\", \"2027年1月1日から\").",
             "From its `effective` date the page is the rule in force: customers are told the new rule before "
             "the day it starts.",
             "Set `effective` to the start date (`mem ingest FILE --effective YYYY-MM-DD`); the earlier edition "
             "answers until then. If the page states both rules, write the one in force now as its own edition."),
        Rule("announced-change", "warning",
             "A first edition (version 1) in force whose every sentence holding a figure or a date states a start "
             "still to come (a change notice: \"From 1 March 2027 Roam Pass costs £2.50 a day\").",
             "A new page is in force from its `effective` date: until the start, customers are quoted an announced "
             "change beside (or instead of) the rule in force.",
             "Set `effective` to the start date (`mem ingest FILE --effective YYYY-MM-DD`), or write the change "
             "into the page it changes on that day."),
        Rule("stale-page", "warning", "A page's `stale_after` date has passed.",
             "The author marked the page to be reviewed by this date.",
             "Review the page, then move `stale_after` forward (or deprecate the page)."),
        Rule("conflicting-numbers", "warning", "Two pages state different numbers for the same quantity.",
             "Contradictory policies (a 14-day and a 30-day refund window) make answers depend on luck.",
             "Make the pages agree, or name the difference explicitly (\"premium refund window\")."),
        Rule("same-rules", "warning", "Two policy pages in force, made from two documents, state mostly the same "
             "sentences.",
             "A document renamed at its source (a help-centre article whose title changed) is ingested as a new "
             "document: its pages come in beside the old document's, which stay in force, and a customer can be "
             "told the old page's rule (last month's price).",
             "If one document replaced the other, retire the older: `mem ingest --retire FILE`; if both are meant, "
             "make each page say what sets it apart."),
        Rule("empty-page", "warning", "A policy page in force states no rule: its body is only its source line.",
             "Agents answer from page text; an empty page is found by its title and then quoted as having nothing "
             "on the question, and the rule it should hold sits on another page or nowhere.",
             "Re-ingest the document (a heading guessed from a list item made the page), merge the text into the "
             "page, or set `status: deprecated`."),
        Rule("knowhow-policy-changed", "warning", "A know-how page's `policy_refs` name an older version of a "
             "policy page than the page has now.",
             "Know-how is approved under the rules of its time; when such a rule changes, the customers' decisions "
             "it was built from are flagged for a recheck, but the know-how kept answering as current.",
             "Review the page against the policy's current version, then raise the version in its `policy_refs` "
             "(or set `status: deprecated`)."),
        Rule("knowhow-policy-numbers", "warning", "A know-how page bounds a window, amount or count otherwise than "
             "a policy page in its `policy_refs` states it.",
             "Know-how is answered beside the policy it cites: \"within 14 days … refund in full\" next to the "
             "cited page's \"within 7 days\" silently doubles a policy window, and the agent quotes both.",
             "Make the know-how agree with the policy, or, if it is a deliberate exception, word it as one and "
             "re-approve it knowingly (`mem promote --approve ID --when TEXT`)."),
        Rule("summary-contradicts-body", "warning", "A page's `summary` states a number or a yes/no its own body "
             "contradicts.",
             "The summary is what index.md and search show (and what a search ranks on); a merge resolution or a "
             "hand edit that left \"14 days\" over a body of \"45 days\" states a rule the policy does not have.",
             "Make the summary agree with the body (or re-ingest the document: ingest writes the summary from the "
             "section it reads)."),
        Rule("review-dropped", "warning", "A policy page was reviewed (`verified`) and a later revision left its "
             "current version without a review.",
             "Ingest drops `verified` when it revises a page's text, so the new text was never read; it ships in the "
             "next bundle all the same unless `[bundle] require_review` is on.",
             "Read the change (`mem pages diff ID`), then add a `verified` entry (by, at) for the current version "
             "and commit."),
        Rule("frontmatter-format", "warning", "Frontmatter fields are not in canonical order or form.",
             "A canonical form keeps diffs small and reviews readable.",
             "Run `mem lint --fix`.", autofix=True),
    )
}


@dataclass(frozen=True, order=True)
class Finding:
    """One problem: where (workspace-relative posix path, 1-based line or None), which rule, what."""

    path: str
    line: int | None
    rule: str
    message: str

    @property
    def level(self) -> Level:
        return RULES[self.rule].level

    def to_dict(self) -> JsonObject:
        # the level beside the rule, where a reader of `mem lint --format json` looks for it (newuser25 #8)
        return {"path": self.path, "line": self.line, "level": self.level, "rule": self.rule,
                "message": self.message}


def _sort_key(finding: Finding) -> tuple:
    return (finding.path, finding.line or 0, finding.rule, finding.message)


@dataclass
class LintReport:
    """Everything one lint run found, sorted by file, line and rule."""

    findings: list[Finding] = field(default_factory=list)
    pages_checked: int = 0

    def __post_init__(self) -> None:
        self.findings = sorted(set(self.findings), key=_sort_key)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "warning"]

    def exit_code(self, *, strict: bool = False) -> int:
        """0 clean (or warnings only), 1 errors — or warnings too when ``strict``."""
        if self.errors or (strict and self.warnings):
            return 1
        return 0

    def to_dict(self) -> JsonObject:
        return {
            "pages_checked": self.pages_checked,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "findings": [f.to_dict() for f in self.findings],
        }
