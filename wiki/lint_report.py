"""The four renderings of a ``LintReport``: text (people), json, github (workflow annotations), sarif.

Each returns a string; the CLI writes it. ``github`` prints at most ``max_annotations`` annotations
per level, a ``::notice`` saying how many were left out, then the full text report, so nothing is
lost when GitHub's per-step annotation limit would hide findings. That report is wrapped in
``::stop-commands::`` so a file name or quoted page text that looks like ``::error …`` cannot become
a workflow command (or slip past the cap).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from urllib.parse import quote

from mem.core.wording import plural
from mem.wiki.lint_model import RULES, Finding, LintReport

FORMATS = ("text", "json", "github", "sarif")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
DOCS_URI = "docs/lint.md"


def render(report: LintReport, fmt: str, *, max_annotations: int = 10) -> str:
    renderers: dict[str, Callable[[LintReport], str]] = {
        "text": render_text,
        "json": render_json,
        "github": lambda r: render_github(r, max_annotations=max_annotations),
        "sarif": render_sarif,
    }
    if fmt not in renderers:
        from mem.core.errors import InvalidInput

        raise InvalidInput(f"unknown lint format {fmt!r} (one of {', '.join(FORMATS)})")
    return renderers[fmt](report)


def _one_line(text: str) -> str:
    """``text`` with its line breaks shown as ``\\n``, so each finding stays one line of the report."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _where(finding: Finding) -> str:
    path = _one_line(finding.path)
    return f"{path}:{finding.line}" if finding.line else path


def render_text(report: LintReport) -> str:
    lines = [f"{_where(f)}: {f.level} [{f.rule}] {_one_line(f.message)}" for f in report.findings]
    errors, warnings = len(report.errors), len(report.warnings)
    if not report.findings:
        lines.append(f"no problems in {plural(report.pages_checked, 'page')}")
    else:
        lines.append(f"{plural(errors, 'error')}, {plural(warnings, 'warning')} "
                     f"in {plural(report.pages_checked, 'page')}")
    return "\n".join(lines) + "\n"


def render_json(report: LintReport) -> str:
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"


def escape_data(text: str) -> str:
    """Escape a workflow command's message (what follows ``::``)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command property value (``file=…``, ``title=…``)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(report: LintReport, *, max_annotations: int = 10) -> str:
    lines: list[str] = []
    max_annotations = max(0, max_annotations)
    for level in ("error", "warning"):
        findings = [f for f in report.findings if f.level == level]
        for finding in findings[:max_annotations]:
            props = [f"file={escape_property(finding.path)}"]
            if finding.line:
                props.append(f"line={finding.line}")
            props.append(f"title={escape_property(finding.rule)}")
            lines.append(f"::{level} {','.join(props)}::{escape_data(finding.message)}")
        left_out = len(findings) - max_annotations
        if left_out > 0:
            lines.append(f"::notice title=mem lint::{plural(left_out, 'more ' + level)} not annotated; "
                         f"see the full report in the log")
    text = render_text(report)
    # GitHub's documented way to print untrusted text: no command is processed until the token line.
    # The token is derived from the text itself, so the text cannot contain it (and output is stable).
    token = "mem-lint-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    lines += [f"::stop-commands::{token}", text.rstrip("\n"), f"::{token}::"]
    return "\n".join(lines) + "\n"


def render_sarif(report: LintReport) -> str:
    from mem import __version__

    rule_ids = list(RULES)
    rules = [
        {
            "id": rule.id,
            "name": "".join(part.capitalize() for part in rule.id.split("-")),
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": rule.why},
            "help": {"text": rule.fix, "markdown": f"{rule.fix}\n\nSee `{DOCS_URI}`, rule `{rule.id}`."},
            "defaultConfiguration": {"level": rule.level},
            "properties": {"autofix": rule.autofix},
        }
        for rule in RULES.values()
    ]
    results = []
    for finding in report.findings:
        # SARIF wants a URI reference: percent-encode spaces, "%", "#", non-ASCII … but keep the "/".
        location: dict = {"artifactLocation": {"uri": quote(finding.path, safe="/"), "uriBaseId": "%SRCROOT%"}}
        if finding.line:
            location["region"] = {"startLine": finding.line}
        results.append({
            "ruleId": finding.rule,
            "ruleIndex": rule_ids.index(finding.rule),
            "level": finding.level,
            "message": {"text": finding.message},
            "locations": [{"physicalLocation": location}],
        })
    sarif = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "mem lint",
                "version": __version__,
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
    return json.dumps(sarif, ensure_ascii=False, indent=2) + "\n"
