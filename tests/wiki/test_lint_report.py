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
    assert text.rstrip().endswith("2 error(s), 1 warning(s) in 2 page(s)")
    assert render(LintReport([], pages_checked=4), "text") == "no problems in 4 page(s)\n"


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
    assert out.rstrip().endswith("2 error(s), 1 warning(s) in 2 page(s)")  # the full report follows


def test_github_caps_annotations_per_level_with_notice():
    findings = [Finding(f"p/{i:02}.md", 1, "broken-link", "m") for i in range(13)]
    findings += [Finding(f"p/{i:02}.md", 1, "orphan-page", "m") for i in range(4)]
    out = render(LintReport(findings), "github", max_annotations=10)
    lines = out.splitlines()
    assert sum(line.startswith("::error ") for line in lines) == 10
    assert sum(line.startswith("::warning ") for line in lines) == 4
    assert "::notice title=mem lint::3 more error(s) not annotated; see the full report in the log" in lines
    assert sum(": error [broken-link]" in line for line in lines) == 13  # full report still printed


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


def test_unknown_format():
    with pytest.raises(InvalidInput):
        render(REPORT, "xml")
