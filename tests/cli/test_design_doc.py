"""The project's docs stand alone: docs/design.md explains every term the CLI prints, and every link resolves."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESIGN = ROOT / "docs" / "design.md"


def _tracked_text_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / n for n in names if n.endswith((".md", ".py", ".toml", ".txt", ".cfg")) and (ROOT / n).is_file()]


def test_no_reference_to_a_design_file_outside_the_repository():
    """The spec the project started from is not shipped; nothing may point at it or at its section numbers."""
    offenders = []
    for path in _tracked_text_files():
        if path == Path(__file__).resolve():
            continue  # this test names what it looks for
        text = path.read_text(encoding="utf-8")
        # "§5 step 8" was how the spec's sections were cited; "RFC 9106 §4" and the article example
        # "`§ 4`" in docs/ingest.md are other documents' numbering and stay.
        if "DESIGN.md" in text or "DESIGN §" in text or re.search(r"(?<!RFC \d{4} )§[1-7]", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, f"references to DESIGN.md or its sections: {offenders}"


def test_every_term_the_cli_prints_is_explained_in_design():
    text = DESIGN.read_text(encoding="utf-8").lower()
    terms = [f"movement {n}" for n in range(1, 7)] + [
        "recheck", "stale", "wall", "trait", "bundle", "grounding", "consent", "evidence", "reference data",
        "agreement", "workspace", "home",
    ]
    missing = [t for t in terms if t not in text]
    assert not missing, f"terms not explained in docs/design.md: {missing}"


def test_design_covers_the_required_parts():
    headings = {m.group(1) for m in re.finditer(r"^## (.+)$", DESIGN.read_text(encoding="utf-8"), re.M)}
    for part in ("The six memories", "The six movements", "One question, step by step", "Backup to a new device",
                 "What the server never holds", "The wall between customers"):
        assert part in headings


def _anchor(heading: str) -> str:
    # GitHub's rule: lower case, drop punctuation except hyphens and spaces, spaces become hyphens.
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return slug.replace(" ", "-")


def test_relative_links_in_docs_resolve_to_files_and_headings():
    pages = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)  # examples, not links
        text = re.sub(r"`[^`\n]*`", "", text)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            dest = (page.parent / file_part).resolve() if file_part else page
            if not dest.exists():
                broken.append(f"{page.name}: {target}")
                continue
            if anchor and dest.suffix == ".md":
                anchors = {_anchor(h) for h in re.findall(r"^#+ (.+)$", dest.read_text(encoding="utf-8"), re.M)}
                if anchor not in anchors:
                    broken.append(f"{page.name}: {target}")
    assert not broken, f"broken links: {broken}"


def test_licence_file_matches_pyproject():
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["license"] == {"text": "Apache-2.0"} or meta["license"] == "Apache-2.0"
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in licence and "Version 2.0, January 2004" in licence
    assert "END OF TERMS AND CONDITIONS" in licence  # the full text, not a pointer to it


def test_install_lines_name_the_distribution_not_the_unrelated_mem_package():
    import tomllib

    assert tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"] == "memtrust"
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    commands = []
    for page in pages:
        for block in re.findall(r"```.*?```", page.read_text(encoding="utf-8"), flags=re.S):
            commands += [f"{page.name}: {line.strip()}" for line in block.splitlines()
                         if re.search(r"pip install (-U )?mem(\s|$|==)", line)]
    assert not commands, f"install lines that would fetch the unrelated 'mem' package: {commands}"
