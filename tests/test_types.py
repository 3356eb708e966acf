"""The packages type-check clean with mypy (configured in pyproject.toml, [tool.mypy]).

Run as part of the suite, so the README's test command (and with it .ci/run) enforces it.
The repository root *is* the package ``mem`` (package-dir {"mem": "."}), which mypy cannot find
through the editable install, so the check runs from a folder holding a ``mem`` symlink to the root.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_clean(tmp_path: Path) -> None:
    assert importlib.util.find_spec("mypy"), "mypy is a test dependency; pip install -e '.[test]'"
    (tmp_path / "mem").symlink_to(ROOT, target_is_directory=True)
    result = subprocess.run(
        [
            sys.executable, "-m", "mypy",
            "--config-file", str(ROOT / "pyproject.toml"),
            # The cache lives beside the code (git-ignored): a warm run takes seconds instead of ~30.
            "--cache-dir", str(ROOT / ".mypy_cache"),
            "--exclude", r"mem/(tests|scripts|\.venv|build)/",
            "-p", "mem",
        ],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout, result.stdout
