"""Queueing the tournament jobs (``tasks.py``) without importing them: services ask for a job by
name, and ``tasks.py`` registers its Celery tasks here when it is imported (``apps.py`` imports it
at start-up).  So the writers never import the tasks that call them back (no import cycle)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

QUEUE = "clock"
ETA_HORIZON = timedelta(minutes=30)
"""ETA jobs further ahead than this are not queued: the sweep queues them when they come near."""

_TASKS: dict[str, Any] = {}
"""Job name ("start", "advance") → its Celery task, filled by ``tasks.py``."""


def register(name: str, task: Any) -> None:
    _TASKS[name] = task


def enqueue(name: str, tournament_id: int, *, eta: datetime | None = None) -> None:
    """Queue job ``name`` ("start" or "advance") for a tournament, now or at ``eta``.

    Without a broker (in-process tests run Celery eagerly) an ETA job would run at once, so none is
    queued there; jobs without an ETA run in place, as the tests want.
    """
    task = _TASKS[name]
    if eta is not None:
        if settings.CELERY_TASK_ALWAYS_EAGER or eta - timezone.now() > ETA_HORIZON:
            return
        task.apply_async(args=[tournament_id], eta=eta, queue=QUEUE)
        return
    task.apply_async(args=[tournament_id], queue=QUEUE)
