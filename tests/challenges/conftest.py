"""Fixtures for challenges: AI move jobs are collected instead of run (Celery is eager in-process,
and a table with AI seats would otherwise play itself out inside the commit of its first move)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from challenges import services
from live import tasks as live_tasks


@pytest.fixture(autouse=True)
def _app_catalogue(settings: Any) -> None:
    """The app's own catalogue.  With ``pythonpath = tests``, the name ``challenges`` is also this
    folder (a namespace package), and Django looks for the app's ``locale/`` here; the setting
    change makes Django forget the catalogues it loaded."""
    settings.LOCALE_PATHS = [*settings.LOCALE_PATHS, Path(services.__file__).parent / "locale"]


@pytest.fixture(autouse=True)
def ai_jobs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    sent: list[tuple[int, int, int]] = []

    def collect(*, args: list[int], queue: str) -> None:
        sent.append((args[0], args[1], args[2]))

    monkeypatch.setattr(live_tasks.ai_move, "apply_async", collect)
    return sent
