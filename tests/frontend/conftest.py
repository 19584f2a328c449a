"""The browser side's own checks: they need Node.js and the packages of frontend/package-lock.json
(`make` installs them with `npm ci --prefix frontend`)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
ESLINT = FRONTEND / "node_modules" / ".bin" / "eslint"


def _missing(what: str) -> None:
    # CI installs everything (`make test` runs `npm ci` first): there a missing tool is a failure.
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing")
    pytest.skip(f"{what} is missing")


@pytest.fixture
def node() -> str:
    found = shutil.which("node")
    if not found:
        _missing("Node.js (apt-get install nodejs npm)")
    return str(found)


@pytest.fixture
def eslint(node: str) -> Path:
    if not ESLINT.exists():
        _missing("ESLint (npm ci --prefix frontend, or make test)")
    return ESLINT
