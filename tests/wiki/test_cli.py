"""`mem init` and `mem pages …` from the command line."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def ws(mem, tmp_path):
    assert mem("init", tmp_path / "ws").exit_code == 0
    ws = tmp_path / "ws"
    doc = tmp_path / "refund.md"
    doc.write_text("# Refund policy\n\nRefunds within 30 days.\n")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    doc.write_text("# Refund policy\n\nRefunds within 14 days.\n")
    assert mem("--workspace", ws, "ingest", doc).exit_code == 0
    return ws


def test_init_creates_and_refuses_twice(mem, tmp_path):
    result = mem("init", tmp_path / "new", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["workspace"] == str((tmp_path / "new").resolve())
    again = mem("init", tmp_path / "new")
    assert again.exit_code == 1 and "already holds a workspace" in again.stderr


def test_pages_list(mem, ws):
    rows = json.loads(mem("--workspace", ws, "pages", "list", "--json").stdout)
    assert rows == [{"id": "refund-policy", "type": "policy", "title": "Refund policy", "version": 2,
                     "status": "active", "effective": rows[0]["effective"],
                     "summary": "Refunds within 14 days."}]
    human = mem("--workspace", ws, "pages", "list")
    assert "refund-policy" in human.stdout
    assert json.loads(mem("--workspace", ws, "pages", "list", "--type", "knowhow", "--json").stdout) == []


def test_pages_show_current_and_old_version(mem, ws):
    current = mem("--workspace", ws, "pages", "show", "refund-policy")
    assert "14 days" in current.stdout and current.stdout.startswith("---\n")
    old = mem("--workspace", ws, "pages", "show", "refund-policy", "--version", "1")
    assert "30 days" in old.stdout and "version: 1" in old.stdout
    missing = mem("--workspace", ws, "pages", "show", "refund-policy", "--version", "7")
    assert missing.exit_code == 2 and "no version 7" in missing.stderr
    assert mem("--workspace", ws, "pages", "show", "nope").exit_code == 2


def test_pages_show_names_an_older_edition_saved_over_the_committed_one(mem, ws):
    # an editor saved version 1, opened before the second ingest, over version 2: shown without a word
    page = ws / "policies" / "refund-policy.md"
    page.write_text(mem("--workspace", ws, "pages", "show", "refund-policy", "--version", "1").stdout)
    shown = mem("--workspace", ws, "pages", "show", "refund-policy")
    assert shown.exit_code == 0 and "Refunds within 30 days." in shown.stdout
    assert "policies/refund-policy.md holds version 1, older than the committed version 2, and is not committed" \
        in shown.stderr and "`git checkout -- policies/refund-policy.md` discards the older file" in shown.stderr
    page.write_text(mem("--workspace", ws, "pages", "show", "refund-policy", "--version", "2").stdout)
    assert mem("--workspace", ws, "pages", "show", "refund-policy").stderr == ""


def test_pages_history_and_diff(mem, ws):
    rows = json.loads(mem("--workspace", ws, "pages", "history", "refund-policy", "--json").stdout)
    assert [r["version"] for r in rows] == [1, 2]
    assert rows[1]["message"] == "ingest: Refund policy v2 (sources/refund.md)"
    assert rows[1]["sources"] == ["sources/refund.md"]
    diff = mem("--workspace", ws, "pages", "diff", "refund-policy")
    assert "-Refunds within 30 days. [^1]" in diff.stdout and "+Refunds within 14 days. [^1]" in diff.stdout
    explicit = json.loads(mem("--workspace", ws, "pages", "diff", "refund-policy", "1", "2", "--json").stdout)
    assert explicit["diff"] == diff.stdout
    same = mem("--workspace", ws, "pages", "diff", "refund-policy", "2", "2")
    assert same.stdout.strip() == "(no difference)"


def test_pages_search(mem, ws):
    hits = json.loads(mem("--workspace", ws, "pages", "search", "refunds days", "--json").stdout)
    assert [h["id"] for h in hits] == ["refund-policy"] and hits[0]["version"] == 2
    assert "refund-policy" in mem("--workspace", ws, "pages", "search", "refunds").stdout
    assert json.loads(mem("--workspace", ws, "pages", "search", "zebra", "--json").stdout) == []


def test_init_defaults_to_the_current_folder(mem, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = mem("init")
    assert result.exit_code == 0 and (tmp_path / "mem.toml").is_file()
    assert "created workspace" in result.stderr


def test_git_log_p_policies_tells_the_same_story_as_pages_history(mem, ws, tmp_path):
    """Operators may use either: versions, commits, dates, messages, sources and diffs agree."""
    from mem.wiki import gitrepo
    from mem.wiki.store import Wiki

    (tmp_path / "other.md").write_text("# Shipping\n\nOrders ship within 3 days.\n")
    assert mem("--workspace", ws, "ingest", tmp_path / "other.md").exit_code == 0  # not this page's story
    Wiki(ws).write([], op="remove", message="remove: refund-policy", delete=["refund-policy"])

    rows = json.loads(mem("--workspace", ws, "pages", "history", "refund-policy", "--json").stdout)
    log = gitrepo._run(ws, "log", "--follow", "--format=%H%x1f%cI%x1f%s", "--", "policies/refund-policy.md")
    assert [(r["commit"], r["date"], r["message"]) for r in reversed(rows)] == \
        [tuple(line.split("\x1f")) for line in log.splitlines()]
    assert [(r["version"], r["status"]) for r in rows] == [(1, "active"), (2, "active"), (None, "deleted")]
    for row in rows[:2]:  # what git shows at each commit is the page at that version
        at_commit = gitrepo._run(ws, "show", f"{row['commit']}:policies/refund-policy.md", strip=False)
        assert f"version: {row['version']}\n" in at_commit and row["sources"][0] in at_commit
        shown = mem("--workspace", ws, "pages", "show", "refund-policy", "--version", row["version"]).stdout
        assert shown == at_commit
    ours = mem("--workspace", ws, "pages", "diff", "refund-policy", "1", "2").stdout
    git_diff = gitrepo._run(ws, "diff", rows[0]["commit"], rows[1]["commit"], "--", "policies/refund-policy.md")
    changed = [line for line in git_diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed == [line for line in ours.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    table = mem("--workspace", ws, "pages", "history", "refund-policy").stdout
    assert "deleted" in table and "vNone" not in table


def test_pages_search_stems_like_fact_search(mem, tmp_path):
    """Page search uses the fact search analyzer: inflected query words find pages about the same thing."""
    from mem.wiki.page import Page, render_page

    root = tmp_path / "stems"
    assert mem("init", root).exit_code == 0
    pages = {
        "returning-items": ("Returning items", "An item can be returned within 30 days when it is unused."),
        "exchanging-items": ("Exchanging a size", "We exchange an item once for another size or colour."),
        "shipping-times": ("Shipping times", "Orders are shipped within two business days."),
        "ko-refund": ("환불 정책", "구매 후 14일 이내에 환불해 드립니다."),
        "ja-returns": ("返品について", "商品到着後30日以内であれば返品を受け付けます。"),
    }
    for pid, (title, body) in pages.items():
        page = Page(pid, "policy", title, 1, {"status": "active", "effective": "2026-01-01", "summary": ""}, body)
        (root / "policies" / f"{pid}.md").write_text(render_page(page), encoding="utf-8")

    def found(query: str) -> list[str]:
        return [h["id"] for h in json.loads(mem("--workspace", root, "pages", "search", query, "--json").stdout)]

    assert found("returns")[:1] == ["returning-items"]
    assert found("How do exchanges work?")[:1] == ["exchanging-items"]
    assert found("ship")[:1] == ["shipping-times"]
    assert found("환불은 언제 되나요?")[:1] == ["ko-refund"]  # particle attached: found by bigram
    assert found("返品の期限")[:1] == ["ja-returns"]  # no spaces in Japanese: found by bigram


@pytest.mark.parametrize("command", ["show", "history", "diff"])
@pytest.mark.parametrize("page_id", ["x" * 5000, "../../etc/passwd", "../knowhow/refund-policy", "a/b"])
def test_a_page_id_no_page_can_have_is_not_found_in_one_line(mem, ws, command, page_id):
    # a 5,000-character id hit the file system's name limit ("internal error: OSError"); "../../etc"
    # went to git as a path outside the repository
    result = mem("--workspace", ws, "pages", command, page_id)
    assert result.exit_code == 2, result.stderr
    assert result.stderr.startswith("Error: no page ") and len(result.stderr.strip().splitlines()) == 1
    assert len(result.stderr) < 300


def test_one_invalid_page_is_skipped_with_a_warning_not_fatal(mem, ws, tmp_path):
    """newuser26 #12: an id typo in one page made `mem pages list` and `mem ask --from-workspace` exit 2 for
    every question; the page is left out with one warning naming it, and lint still fails on it."""
    other = tmp_path / "shipping.md"
    other.write_text("# Shipping\n\nExpress delivery takes 1 business day.\n")
    assert mem("--workspace", ws, "ingest", other).exit_code == 0
    path = ws / "policies" / "refund-policy.md"
    path.write_text(path.read_text().replace("id: refund-policy", "id: refund-polcy"))
    listed = mem("--workspace", ws, "pages", "list", "--json")
    assert listed.exit_code == 0, listed.stderr
    assert [row["id"] for row in json.loads(listed.stdout)] == ["shipping"]
    assert listed.stderr == ("warning: skipped policies/refund-policy.md: a policy page with id 'refund-polcy' "
                             "belongs in policies/refund-polcy.md (`mem lint` reports every problem)\n")
    # a question search finds no page for reads every policy page (to name the languages they are written in)
    asked = mem("--workspace", ws, "ask", "-c", "c1", "--from-workspace", "--dry-run", "환불 기간은 며칠인가요?")
    assert asked.exit_code == 0, asked.stderr
    assert asked.stderr.count("warning: skipped policies/refund-policy.md") == 1
    assert mem("--workspace", ws, "lint").exit_code == 1
