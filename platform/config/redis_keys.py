"""Where the platform's names in Redis start: ``REDIS_NAMESPACE``.

Every key and pub/sub channel the platform puts in Redis — Celery's queues (kombu's
``global_keyprefix``), the channel layer's groups, the cache, the socket caps, the clock-slot
claims, the clock-lag histogram — begins with the namespace.  Redis database numbers do not separate
pub/sub channels, and there are only 16 of them; a namespace does both, so two platforms (or two
test runs, or a test run beside ``make run``) can share one Redis server without hearing each
other's frames or serving each other's jobs.  Production leaves it empty.
"""

from __future__ import annotations

from django.conf import settings


def key(name: str) -> str:
    """``name`` in this platform's namespace."""
    return f"{settings.REDIS_NAMESPACE}{name}"
