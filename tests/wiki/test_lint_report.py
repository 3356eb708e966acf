"""The four lint formats: text, json, github annotations (escaping, caps), SARIF 2.1.0 structure."""

from __future__ import annotations

import json

import pytest

from mem.core.errors import InvalidInput
from mem.wiki.lint_model import RULES, Finding, LintReport
from mem.wiki.lint_report import escape_data, escape_property, render

REPORT = LintReport(
    [
        Finding("policies/a.md", 3, "broken-link", "[[x]] points to nothing"),
        Finding("index.md", None, "index-outdated", "index.md is out of date"),
        Finding("knowhow/b,c:d.md", 7, "personal-data", "50% of\nlines\r"),
    ],
    pages_checked=2,
)


def test_exit_codes():
    assert REPORT.exit_code() == 1
    warnings_only = LintReport([Finding("index.md", None, "index-outdated", "x")])
    assert warnings_only.exit_code() == 0
    assert warnings_only.exit_code(strict=True) == 1
    assert LintReport([]).exit_code(strict=True) == 0


def test_findings_are_sorted_and_deduplicated():
    a = Finding("b.md", 2, "broken-link", "m")
    b = Finding("a.md", 9, "broken-link", "m")
    report = LintReport([a, b, a])
    assert report.findings == [b, a]


def test_text():
    text = render(REPORT, "text")
    assert "policies/a.md:3: error [broken-link] [[x]] points to nothing" in text
    assert "index.md: warning [index-outdated]" in text
    assert text.rstrip().endswith("2 errors, 1 warning in 2 pages")
    assert render(LintReport([], pages_checked=4), "text") == "no problems in 4 pages\n"


def test_json():
    data = json.loads(render(REPORT, "json"))
    assert data["errors"] == 2 and data["warnings"] == 1
    assert data["findings"][0] == {"path": "index.md", "line": None, "rule": "index-outdated",
                                   "message": "index.md is out of date", "level": "warning"}


def test_github_escaping():
    assert escape_data("50% a\r\nb") == "50%25 a%0D%0Ab"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"
    out = render(REPORT, "github")
    assert "::error file=knowhow/b%2Cc%3Ad.md,line=7,title=personal-data::50%25 of%0Alines%0D\n" in out
    assert "::warning file=index.md,title=index-outdated::index.md is out of date\n" in out
    assert "::error file=policies/a.md,line=3,title=broken-link::[[x]] points to nothing" in out
    *_, summary, end = out.splitlines()
    assert summary == "2 errors, 1 warning in 2 pages"  # the full report follows
    assert end.startswith("::mem-lint-") and end.endswith("::")


def test_text_report_keeps_one_line_per_finding():
    lines = render(REPORT, "text").splitlines()
    assert len(lines) == len(REPORT.findings) + 1
    assert "knowhow/b,c:d.md:7: error [personal-data] 50% of\\nlines\\r" in lines


def test_github_full_report_cannot_inject_workflow_commands():
    # A file name (or quoted page text) shaped like a workflow command must stay text: GitHub would
    # otherwise run it, and findings past the cap would reach the annotations anyway.
    evil = Finding("policies/a\n::error title=INJECTED::gotcha.md", 1, "frontmatter", "bad\n::warning::x")
    findings = [evil] + [Finding(f"r/{i:02}.md", 1, "broken-link", "::error::m") for i in range(12)]
    out = render(LintReport(findings), "github", max_annotations=10)
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("::stop-commands::"))
    token = lines[start].removeprefix("::stop-commands::")
    assert token and lines[-1] == f"::{token}::" and token not in "\n".join(lines[start + 1:-1])
    assert sum(line.startswith("::error ") for line in lines[:start]) == 10  # the cap holds
    assert not any(line.startswith("::") for line in lines[start + 1:-1])
    assert "::error file=policies/a%0A%3A%3Aerror title=INJECTED%3A%3Agotcha.md,line=1,title=frontmatter" \
        "::bad%0A::warning::x" in lines
    assert render(LintReport(findings), "github", max_annotations=10) == out  # stable output


def test_github_caps_annotations_per_level_with_notice():
    findings = [Finding(f"p/{i:02}.md", 1, "broken-link", "m") for i in range(13)]
    findings += [Finding(f"p/{i:02}.md", 1, "orphan-page", "m") for i in range(4)]
    out = render(LintReport(findings), "github", max_annotations=10)
    lines = out.splitlines()
    assert sum(line.startswith("::error ") for line in lines) == 10
    assert sum(line.startswith("::warning ") for line in lines) == 4
    assert "::notice title=mem lint::3 more errors not annotated; see the full report in the log" in lines
    assert sum(": error [broken-link]" in line for line in lines) == 13  # full report still printed
    none = render(LintReport(findings), "github", max_annotations=-1).splitlines()
    assert not any(line.startswith(("::error ", "::warning ")) for line in none)
    assert "::notice title=mem lint::13 more errors not annotated; see the full report in the log" in none


def test_sarif_structure():
    sarif = json.loads(render(REPORT, "sarif"))
    assert sarif["version"] == "2.1.0"
    assert sarif["$schema"].endswith("sarif-2.1.0.json")
    run = sarif["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] and driver["version"]
    assert [r["id"] for r in driver["rules"]] == list(RULES)
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["defaultConfiguration"]["level"] in ("error", "warning")
    assert len(run["results"]) == 3
    for result in run["results"]:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("error", "warning")
        assert result["message"]["text"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"]
    by_uri = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r for r in run["results"]}
    assert by_uri["policies/a.md"]["locations"][0]["physicalLocation"]["region"] == {"startLine": 3}
    assert "region" not in by_uri["index.md"]["locations"][0]["physicalLocation"]


def test_sarif_uris_are_uri_references():
    import re
    from urllib.parse import unquote

    odd = ["policies/my page.md", "policies/100%.md", "knowhow/환불#1.md", "index.md"]
    sarif = json.loads(render(LintReport([Finding(p, 1, "frontmatter", "m") for p in odd]), "sarif"))
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]]
    # RFC 3986: unreserved, reserved and percent-escapes only; the path reads back unchanged
    assert all(re.fullmatch(r"(?:[A-Za-z0-9\-._~:/?\[\]@!$&'()*+,;=]|%[0-9A-F]{2})+", uri) for uri in uris), uris
    assert sorted(unquote(uri) for uri in uris) == sorted(odd)
    assert "policies/my%20page.md" in uris and "#" not in "".join(uris)


def test_unknown_format():
    with pytest.raises(InvalidInput):
        render(REPORT, "xml")


def test_json_findings_name_their_level_beside_the_rule():
    """newuser25 #8: a CI script reading `--format json` needs no rule→level table of its own."""
    data = json.loads(render(REPORT, "json"))
    assert [list(f) for f in data["findings"]] == [["path", "line", "level", "rule", "message"]] * 3
    assert {f["rule"]: f["level"] for f in data["findings"]} == {
        "index-outdated": "warning", "broken-link": "error", "personal-data": "error"}
