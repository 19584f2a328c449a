"""A Celery worker survives a Redis that goes away while it holds unacknowledged messages.

kombu's Redis transport, on losing its connection, closes the channel and tries to put the
messages this worker had received but not yet acknowledged (with ``acks_late`` the running job, and
every ETA job it holds until due) back on the queue *through the connection that is gone*: the pool
is rebuilt from a connection already released, and the worker dies with
``AttributeError: 'NoneType' object has no attribute 'hostname'`` instead of reconnecting (seen on a
Redis restart; the same trace is in kombu's tracker).  Nothing could be restored at that moment
anyway; the messages stay in Redis's unacked index and come back after the visibility timeout — or
are gone with a restarted Redis, for which the platform has its own nets: the clock sweeper ends
overdue matches, and overdue AI moves are queued again (docs/architecture.md).  So a restore that
fails because the broker is unreachable is logged and skipped, and the worker goes on to reconnect.
"""

from __future__ import annotations

import logging
from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError

log = logging.getLogger(__name__)
_original = kombu_redis.QoS.restore_unacked


def _restore_unacked(self: Any, client: Any = None) -> None:
    try:
        _original(self, client)
    except (AttributeError, RedisConnectionError) as exc:
        held = len(self._delivered)
        self._delivered.clear()
        log.warning(
            "could not put unacknowledged messages back: the broker is unreachable",
            extra={"messages": held, "error": repr(exc)},
        )


def install() -> None:
    """Idempotent: wrap kombu's restore once per process."""
    if kombu_redis.QoS.restore_unacked is not _restore_unacked:
        kombu_redis.QoS.restore_unacked = _restore_unacked  # type: ignore[method-assign]
