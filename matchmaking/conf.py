"""The queue's settings (``QUEUE_…``, declared with their defaults in
``config/settings/community.py``), read at call time so tests may change them;
matchmaking/README.md lists them with their reasons."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.conf import settings

from live import timebase

from .pairing import PairingSettings


@dataclass(frozen=True)
class QueueSettings:
    grace_s: float
    requeue_grace_s: float
    ai_fill_s: float
    heartbeat_s: float
    status_push_s: float
    cooldown_base_s: float
    cooldown_max_s: float
    cooldown_forget_s: float
    window: PairingSettings


def queue_settings() -> QueueSettings:
    return QueueSettings(
        grace_s=float(settings.QUEUE_GRACE_S),
        requeue_grace_s=float(settings.QUEUE_REQUEUE_GRACE_S),
        ai_fill_s=float(settings.QUEUE_AI_FILL_S),
        heartbeat_s=float(settings.QUEUE_HEARTBEAT_S),
        status_push_s=float(settings.QUEUE_STATUS_PUSH_S),
        cooldown_base_s=float(settings.QUEUE_COOLDOWN_BASE_S),
        cooldown_max_s=float(settings.QUEUE_COOLDOWN_MAX_S),
        cooldown_forget_s=float(settings.QUEUE_COOLDOWN_FORGET_S),
        window=PairingSettings(**settings.QUEUE_WINDOW),
    )


def reference_now() -> datetime:
    """Now on the platform's one time reference (live.timebase), so that a heartbeat stamped by a
    web node and a pass run by a worker node measure waits and graces against the same clock."""
    return datetime.fromtimestamp(timebase.stamp().ms / 1000, tz=UTC)


def user_group(user_id: int) -> str:
    """The channel group of one user's queue connections (every open tab of theirs)."""
    return f"queue-user-{user_id}"
