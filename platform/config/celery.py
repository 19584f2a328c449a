"""The Celery app: queue ``ai`` for AI moves, queue ``clock`` for time-critical expiry work."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_process_init

from config import kombu_restore

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
kombu_restore.install()  # a Redis restart must not kill a worker that holds ETA jobs

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def measure_time_at_start(**_: object) -> None:
    """A (re)started worker measures its offset to the time reference before its first job, so a
    reference that steps while it runs is seen as a step, never taken as the new truth."""
    # Not at the top: config/__init__ loads this module before the settings and the apps exist.
    from live import timebase

    try:
        timebase.measure()
    except Exception:  # unreachable reference: stamp() reports it on first use
        timebase.forget()


@worker_process_init.connect
def warm_up(**_: object) -> None:
    """Load the engines, the channel layer and the publisher before the first job, and keep them
    out of full garbage collections, as daphne does (config/asgi.py, ``live.startup``)."""
    # Not at the top: config/__init__ loads this module before the settings and the apps exist.
    from live.startup import warm_up_and_freeze

    warm_up_and_freeze()
