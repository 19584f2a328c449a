"""Where the site runs and how a setting is read from the environment.

Every setting of the platform is read from an environment variable (or fixed) here, in the
``config.settings`` package, once per process; code reads ``django.conf.settings.X`` at the
moment it needs it (never a default of its own, never ``os.environ``), so that a test may change a
setting and every reader sees it.
"""

from __future__ import annotations

import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[3]
RUN_DIR = Path(os.environ.get("PLATFORM_RUN_DIR", BASE_DIR / "var"))
RUN_DIR.mkdir(parents=True, exist_ok=True)


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in ("1", "true", "yes", "on")


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def env_float(name: str, default: float | str) -> float:
    return float(os.environ.get(name, str(default)))
