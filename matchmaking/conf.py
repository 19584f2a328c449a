"""The queue's settings, each read as ``getattr(settings, "QUEUE_…", default)`` so that the app
works without any of them configured; matchmaking/README.md lists them with their reasons."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.conf import settings

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
        grace_s=float(getattr(settings, "QUEUE_GRACE_S", 15)),
        requeue_grace_s=float(getattr(settings, "QUEUE_REQUEUE_GRACE_S", 60)),
        ai_fill_s=float(getattr(settings, "QUEUE_AI_FILL_S", 30)),
        heartbeat_s=float(getattr(settings, "QUEUE_HEARTBEAT_S", 5)),
        status_push_s=float(getattr(settings, "QUEUE_STATUS_PUSH_S", 1)),
        cooldown_base_s=float(getattr(settings, "QUEUE_COOLDOWN_BASE_S", 30)),
        cooldown_max_s=float(getattr(settings, "QUEUE_COOLDOWN_MAX_S", 600)),
        cooldown_forget_s=float(getattr(settings, "QUEUE_COOLDOWN_FORGET_S", 24 * 3600)),
        window=PairingSettings(**getattr(settings, "QUEUE_WINDOW", {})),
    )


def reference_now() -> datetime:
    """Now on the platform's one time reference (live.timebase), so that a heartbeat stamped by a
    web node and a pass run by a worker node measure waits and graces against the same clock."""
    from live import timebase

    return datetime.fromtimestamp(timebase.stamp().ms / 1000, tz=UTC)


def user_group(user_id: int) -> str:
    """The channel group of one user's queue connections (every open tab of theirs)."""
    return f"queue-user-{user_id}"
