"""The README's Python example runs as written (in a folder with a docs/ directory)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.cli import clean_env

pytestmark = pytest.mark.e2e
README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_example_runs(tmp_path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks, "README has no Python example"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "kuendigung.md").write_text(
        "# Kündigung\n\n## Sozialauswahl\n\nEine Kündigung ist sozial ungerechtfertigt, wenn "
        "der Arbeitgeber bei der Sozialauswahl das Lebensalter nicht berücksichtigt.\n",
        encoding="utf-8",
    )
    for block in blocks:
        proc = subprocess.run(
            [sys.executable, "-c", block],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
            env=clean_env(),
            check=False,
        )
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert "Sozialauswahl" in proc.stdout
        assert "Lebensalter" in proc.stdout  # the answer, as tenant acme's caller sees it
