"""`mem lint --fix`: one commit, idempotent, renamed links rewritten, and what it could not fix."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from test_lint_support import SHIPPING_BODY, SOURCE_SHA, commit_all, make_workspace, page, write, write_page  # noqa: E402

from mem.core.config import Config  # noqa: E402
from mem.wiki import gitrepo  # noqa: E402
from mem.wiki.lint import fix, lint_workspace  # noqa: E402


def head(ws: Path) -> str:
    return gitrepo._run(ws, "rev-parse", "HEAD")


def commits(ws: Path) -> int:
    return int(gitrepo._run(ws, "rev-list", "--count", "HEAD"))


def test_fix_normalises_regenerates_index_in_one_commit_and_is_idempotent(tmp_path):
    ws = make_workspace(tmp_path)
    text = (ws / "policies" / "shipping.md").read_text()
    text = text.replace("id: shipping\ntype: policy\n", "type: policy\nid: shipping\n")
    write(ws, "policies/shipping.md", text)
    write(ws, "index.md", "# Index\n")
    commit_all(ws, "messy")
    before = commits(ws)
    report = lint_workspace(ws, config=Config())
    assert {"frontmatter-format", "index-outdated"} <= {f.rule for f in report.findings}

    result = fix(ws, config=Config())
    assert result.commit == head(ws)
    assert commits(ws) == before + 1
    assert "lint --fix" in gitrepo._run(ws, "log", "-1", "--format=%s")
    assert set(gitrepo._run(ws, "show", "--name-only", "--format=", "HEAD").split()) == {
        "index.md", "log.md", "policies/shipping.md"}
    assert result.remaining.findings == []
    assert any("frontmatter normalised" in line for line in result.fixed)

    again = fix(ws, config=Config())
    assert again.commit is None and again.fixed == []
    assert commits(ws) == before + 1


def test_fix_rewrites_links_to_renamed_pages_from_git_history(tmp_path):
    ws = make_workspace(tmp_path)
    gitrepo._run(ws, "mv", "policies/shipping.md", "policies/delivery.md")
    text = (ws / "policies" / "delivery.md").read_text().replace("id: shipping", "id: delivery")
    write(ws, "policies/delivery.md", text)
    commit_all(ws, "rename shipping to delivery")
    report = lint_workspace(ws, config=Config())
    broken = [f for f in report.findings if f.rule == "broken-link"]
    assert broken and "renamed to 'delivery'" in broken[0].message

    result = fix(ws, config=Config())
    assert result.commit is not None
    refund = (ws / "policies" / "refund.md").read_text()
    assert "[shipping](delivery.md#costs)" in refund
    assert any("→" in line for line in result.fixed)
    remaining = {f.rule for f in result.remaining.findings}
    assert "broken-link" not in remaining
    # the link rewrite changed refund's text: raising its version is a person's call, so it is reported
    assert remaining == {"version-history"}


def test_fix_rewrites_wiki_links_through_aliases(tmp_path):
    ws = make_workspace(tmp_path)
    write_page(ws, page("late-refund", "See [[refund-rules#window|the rules]].\n", type="knowhow", version=2))
    write_page(ws, page("refund", (ws / "policies/refund.md").read_text().split("---\n", 2)[2],
                        aliases=["refund-rules"],
                        sources=[{"id": "refund-doc", "file": "sources/refund.txt", "sha256": SOURCE_SHA,
                                  "pages": [1]}]))
    commit_all(ws)
    fix(ws, config=Config())
    assert "[[refund#window|the rules]]" in (ws / "knowhow" / "late-refund.md").read_text()


def test_fix_reports_what_it_cannot_fix(tmp_path):
    ws = make_workspace(tmp_path)
    write_page(ws, page("shipping", SHIPPING_BODY + "\n[[nowhere]]\n", version=2))
    write(ws, "policies/broken.md", "no frontmatter\n")
    result = fix(ws, config=Config())
    rules = {f.rule for f in result.remaining.findings}
    assert {"broken-link", "frontmatter"} <= rules
    assert (ws / "policies" / "broken.md").read_text() == "no frontmatter\n"


def test_fix_never_drops_a_page_with_invalid_front_matter_from_the_index(tmp_path):
    # its YAML broken by a hand edit, the page fell out of index.md at the next --fix (or any mem write)
    ws = make_workspace(tmp_path)
    row = next(line for line in (ws / "index.md").read_text().splitlines() if "(policies/shipping.md)" in line)
    shipping = ws / "policies" / "shipping.md"
    shipping.write_text(shipping.read_text().replace("title: ", "title: [unclosed ", 1))
    other = ws / "policies" / "refund.md"
    other.write_text(other.read_text().replace("id: refund\ntype: policy\n", "type: policy\nid: refund\n"))
    commit_all(ws, "hand edits")
    result = fix(ws, config=Config())
    assert result.commit is not None  # the other page was normalised, and index.md written again
    assert row in (ws / "index.md").read_text().splitlines()
    assert "index-outdated" not in {f.rule for f in result.remaining.findings}
    assert fix(ws, config=Config()).commit is None  # and it stays settled


def test_wiki_links_by_page_title_are_named_and_rewritten_to_the_id(mem, tmp_path):
    """Notion/Obsidian/Confluence exports link pages by title (``[[Business accounts]]``): lint names the page
    it means, ``--fix`` points the link at its id keeping the title as its label, and the fix is no new
    version of the page (its shown text is the same)."""
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    (tmp_path / "Payments.md").write_text(
        "# Payments\n\nWe accept Visa. Business customers may pay by invoice; see [[Business accounts]].\n\n"
        "## Chargebacks\n\nPause open orders during a chargeback. See [[Payments#Chargebacks]].\n", encoding="utf-8")
    (tmp_path / "Business accounts.md").write_text(
        "# Business accounts\n\nA business account needs a VAT number; see [[payments]] and [[Nowhere]].\n",
        encoding="utf-8")
    for name in ("Payments.md", "Business accounts.md"):
        assert mem("-w", ws, "ingest", tmp_path / name).exit_code == 0
    before = mem("-w", ws, "lint").stdout
    assert "[[Business accounts]] points to nothing (a page title, not an id: did you mean " \
           "[[business-accounts]]? `mem lint --fix` rewrites the link)" in before
    assert "[[Nowhere]] points to nothing\n" in before + "\n"

    assert mem("-w", ws, "lint", "--fix").exit_code in (0, 1)
    payments = (ws / "policies" / "payments.md").read_text(encoding="utf-8")
    assert "see [[business-accounts|Business accounts]]." in payments
    assert "See [[payments#chargebacks|Payments#Chargebacks]]." in payments
    after = mem("-w", ws, "lint").stdout
    assert "Business accounts]]" not in after and "Chargebacks]]" not in after
    assert "version-history" not in after and "[[Nowhere]] points to nothing" in after


def test_fix_keeps_the_shown_text_of_a_wiki_link_to_a_renamed_page(tmp_path):
    """newuser26 #13: `--fix` wrote `[[shipping-fees]]` → `[[postage]]`, which changed the linking page's text and
    left a version-history error of its own; `[[postage|shipping-fees]]` shows the same text and needs no bump."""
    ws = make_workspace(tmp_path)
    gitrepo._run(ws, "mv", "policies/refund.md", "policies/refund-rules.md")
    text = (ws / "policies" / "refund-rules.md").read_text().replace("id: refund", "id: refund-rules")
    write(ws, "policies/refund-rules.md", text)
    commit_all(ws, "rename refund to refund-rules")
    result = fix(ws, config=Config())
    assert result.commit is not None
    assert "Refund rules: [[refund-rules#window|refund#window]]." in (ws / "policies" / "shipping.md").read_text()
    assert "See [[refund-rules|refund]]." in (ws / "knowhow" / "late-refund.md").read_text()
    remaining = {f.rule for f in result.remaining.findings}  # (renaming a sourced page has findings of its own)
    assert not remaining & {"version-history", "broken-link"}, result.remaining.findings
