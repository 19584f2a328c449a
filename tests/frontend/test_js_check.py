"""The JS check: ESLint's recommended rules (frontend/eslint.config.js) over every module under
frontend/static (vendored files aside). Any problem fails with ESLint's own report."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .conftest import FRONTEND


def test_eslint_finds_no_problem_in_the_static_modules(eslint: Path) -> None:
    run = subprocess.run(
        [str(eslint), "--max-warnings", "0", "static", "eslint.config.js"],
        cwd=FRONTEND,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, f"ESLint found problems:\n{run.stdout}{run.stderr}"
