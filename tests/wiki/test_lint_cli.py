"""`mem lint` from the command line: formats, exit codes 0/1/2, --strict, --fix, PATH…"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from test_lint_support import SHIPPING_BODY, make_workspace, page, write, write_page  # noqa: E402


def test_clean_workspace_exits_0(mem, tmp_path):
    ws = make_workspace(tmp_path)
    result = mem("--workspace", ws, "lint")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "no problems in 3 pages" in result.stdout


def test_errors_exit_1_and_formats(mem, tmp_path):
    ws = make_workspace(tmp_path)
    write_page(ws, page("shipping", SHIPPING_BODY + "\n[[nowhere]]\n", version=2))
    assert mem("--workspace", ws, "lint").exit_code == 1
    data = json.loads(mem("--workspace", ws, "lint", "--format", "json").stdout)
    assert data["errors"] == 1
    assert [f["rule"] for f in data["findings"] if f["level"] == "error"] == ["broken-link"]
    assert json.loads(mem("--workspace", ws, "--json", "lint").stdout)["errors"] == 1
    sarif = json.loads(mem("--workspace", ws, "lint", "--format", "sarif").stdout)
    assert "broken-link" in {r["ruleId"] for r in sarif["runs"][0]["results"]}
    github = mem("--workspace", ws, "lint", "--format", "github").stdout
    assert github.startswith("::error file=policies/shipping.md,line=")


def test_warnings_exit_0_unless_strict(mem, tmp_path):
    ws = make_workspace(tmp_path)
    write(ws, "index.md", "# Index\n")
    assert mem("--workspace", ws, "lint").exit_code == 0
    assert mem("--workspace", ws, "lint", "--strict").exit_code == 1


def test_run_failure_exits_2(mem, tmp_path):
    ws = make_workspace(tmp_path)
    result = mem("--workspace", ws, "lint", str(tmp_path / "missing"))
    assert result.exit_code == 2 and "does not exist" in result.stderr
    assert mem("--workspace", ws, "lint", "--format", "xml").exit_code == 2
    (ws / "mem.toml").write_text("[lint]\ncustomer_id_pattern = '('\n")
    result = mem("--workspace", ws, "lint")
    assert result.exit_code == 2 and "Traceback" not in result.stderr


def test_paths_and_fix(mem, tmp_path):
    ws = make_workspace(tmp_path)
    write_page(ws, page("shipping", SHIPPING_BODY + "\n[[nowhere]]\n", version=2))
    assert mem("--workspace", ws, "lint", ws / "knowhow").exit_code == 0
    assert mem("--workspace", ws, "lint", ws / "policies" / "shipping.md").exit_code == 1
    write(ws, "index.md", "# Index\n")
    result = mem("--workspace", ws, "lint", "--fix")
    assert "fixed: index.md regenerated" in result.stderr
    assert result.exit_code == 1  # the broken link is left for a person
    assert "[broken-link]" in result.stdout
    assert "nothing to fix" in mem("--workspace", ws, "lint", "--fix").stderr


def test_freshly_ingested_wiki_lints_clean(mem, tmp_path):
    ws = tmp_path / "ws"
    assert mem("init", ws).exit_code == 0
    doc = tmp_path / "refund.md"
    doc.write_text("# Refund policy\n\n## Window\n\nRefunds are accepted within 14 days of purchase.\n\n"
                   "## Exceptions\n\nSale items cannot be refunded after 7 days.\n")
    ingest = mem("--workspace", ws, "ingest", doc)
    assert ingest.exit_code == 0, ingest.stderr
    result = mem("--workspace", ws, "lint", "--strict")
    assert result.exit_code == 0, result.stdout


def test_pre_commit_hook_definition():
    import yaml

    hooks = yaml.safe_load((Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "mem-lint")
    assert hook["entry"] == "mem lint" and hook["pass_filenames"] is False
    assert hook["language"] == "python"


def test_an_impossible_date_committed_once_stops_no_command(mem, tmp_path):
    """newuser26 #1: `effective: 2026-02-30` in the tree was "internal error" in lint; committed and then fixed,
    lint's version-history walk (and history, ingest, bundle build) still re-read it and crashed for good."""
    from test_lint_support import commit_all

    ws = make_workspace(tmp_path)
    path = ws / "policies" / "shipping.md"
    good = path.read_text()
    path.write_text(good.replace("effective: 2026-01-01", "effective: 2026-02-30"))
    result = mem("--workspace", ws, "lint", "--format", "github")
    assert result.exit_code == 1, result.stderr
    assert "::error file=policies/shipping.md,line=7,title=frontmatter::" in result.stdout
    assert "effective must be a date YYYY-MM-DD (got '2026-02-30')" in result.stdout
    commit_all(ws, "typo")
    path.write_text(good)
    commit_all(ws, "fix typo")
    result = mem("--workspace", ws, "lint")
    assert result.exit_code == 0, result.stdout + result.stderr
    history = mem("--workspace", ws, "--json", "pages", "history", "shipping")
    assert history.exit_code == 0, history.stderr
    assert [row["effective"] for row in json.loads(history.stdout)] == ["2026-01-01", "2026-02-30", "2026-01-01"]
    path.write_text(good.replace("version: 1", "version: !!int one"))  # a revision PyYAML cannot build at all
    commit_all(ws, "typo")
    path.write_text(good)
    commit_all(ws, "fix typo")
    assert mem("--workspace", ws, "lint").exit_code == 0
    rows = json.loads(mem("--workspace", ws, "--json", "pages", "history", "shipping").stdout)
    assert [row["status"] for row in rows] == ["active", "active", "active", "unreadable", "active"]
