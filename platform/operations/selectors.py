"""Reads for operators: the dashboard's figures and the gauges of the metrics endpoint, each
computed from the database (or Redis) when asked, so every process answers the same."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import redis
from django.conf import settings
from django.db.models import Count, Min
from django.utils import timezone

from config import redis_keys
from live import catalogue, timebase
from live.models import EndReason, Match, MatchStatus, Move, NodeClock, ServiceBeat, TimeIncident
from live.socket_caps import socket_limits
from matchmaking.conf import reference_now
from matchmaking.models import QueueCooldown, QueueEntry

from . import clocklag
from .models import Sanction, SanctionKind

log = logging.getLogger(__name__)

CELERY_QUEUES = ("clock", "ai")
UNRELIABLE = (EndReason.UNRELIABLE_TIME, EndReason.OUTAGE)


def _title(slug: str) -> str:
    return catalogue.game_title(slug)


# --- sanctions ------------------------------------------------------------------------------------


def open_sanctions(*, user_id: int, kind: str | None = None) -> list[Sanction]:
    now = timezone.now()
    rows = Sanction.objects.filter(user_id=user_id, lifted_at__isnull=True).exclude(
        expires_at__lte=now
    )
    if kind is not None:
        rows = rows.filter(kind=kind)
    return list(rows.order_by("-id"))


def user_is_muted(*, user_id: int) -> bool:
    """What chat asks before it accepts a message from ``user_id``."""
    return bool(open_sanctions(user_id=user_id, kind=SanctionKind.MUTE))


def user_is_banned(*, user_id: int) -> bool:
    return bool(open_sanctions(user_id=user_id, kind=SanctionKind.BAN))


def cooldown_of(*, user_id: int) -> QueueCooldown | None:
    """The user's queue cooldown after no-shows, while it lasts."""
    return QueueCooldown.objects.filter(user_id=user_id, until__gt=reference_now()).first()


# --- matches and queues ---------------------------------------------------------------------------


def running_by_game() -> list[dict[str, Any]]:
    rows = (
        Match.objects.filter(status=MatchStatus.RUNNING)
        .values("game")
        .annotate(n=Count("id"))
        .order_by("game")
    )
    return [{"game": r["game"], "title": _title(r["game"]), "running": r["n"]} for r in rows]


def started_by_game() -> dict[str, int]:
    return dict(Match.objects.values_list("game").annotate(n=Count("id")).order_by())


def ended_by_reason() -> list[dict[str, Any]]:
    rows = (
        Match.objects.filter(status__in=[MatchStatus.FINISHED, MatchStatus.ABORTED])
        .values("game", "status", "end_reason")
        .annotate(n=Count("id"))
        .order_by()
    )
    return [
        {"game": r["game"], "status": r["status"], "reason": r["end_reason"], "n": r["n"]}
        for r in rows
    ]


def queues() -> list[dict[str, Any]]:
    """Each queue (game × rated) with players waiting: how many, the longest and mean wait."""
    now = reference_now()
    out = []
    rows = (
        QueueEntry.objects.values("game", "rated")
        .annotate(n=Count("id"), first=Min("joined_at"))
        .order_by("game", "-rated")
    )
    for r in rows:
        joined = QueueEntry.objects.filter(game=r["game"], rated=r["rated"]).values_list(
            "joined_at", flat=True
        )
        waits = [max(0.0, (now - j).total_seconds()) for j in joined]
        out.append(
            {
                "game": r["game"],
                "title": _title(r["game"]),
                "rated": r["rated"],
                "waiting": r["n"],
                "longest_wait_s": max(waits, default=0.0),
                "mean_wait_s": sum(waits) / len(waits) if waits else 0.0,
            }
        )
    return out


def cooldowns_active() -> int:
    return QueueCooldown.objects.filter(until__gt=reference_now()).count()


# --- time -----------------------------------------------------------------------------------------


def flags_last_hour() -> dict[str, Any]:
    """Time losses of the last hour, and the clock jobs' lateness over it (Redis)."""
    since_ms = timebase.stamp().ms - 3_600_000
    flags = Move.objects.filter(kind="time_loss", arrived_ms__gte=since_ms).count()
    return {"flags": flags, "lateness": _safe(clocklag.last_hour)}


def incidents_by_kind() -> dict[str, int]:
    return dict(TimeIncident.objects.values_list("kind").annotate(n=Count("id")).order_by())


def recent_incidents(*, hours: int = 24, limit: int = 20) -> list[TimeIncident]:
    since = timezone.now() - timedelta(hours=hours)
    return list(TimeIncident.objects.filter(created_at__gte=since).select_related("match")[:limit])


def unreliable_aborts(*, hours: int = 24) -> int:
    since = timezone.now() - timedelta(hours=hours)
    return Match.objects.filter(end_reason__in=UNRELIABLE, ended_at__gte=since).count()


def node_clocks() -> list[dict[str, Any]]:
    now = timezone.now()
    return [
        {
            "node": n.node,
            "offset_ms": n.offset_ms,
            "round_trip_ms": n.round_trip_ms,
            "reliable": n.reliable,
            "problem": n.problem,
            "age_s": (now - n.measured_at).total_seconds(),
        }
        for n in NodeClock.objects.order_by("node")
    ]


def heartbeats() -> list[dict[str, Any]]:
    """The platform's heartbeat rows: which web process beat last, and how long ago."""
    now_ms = timebase.stamp().ms
    return [
        {"name": b.name, "node": b.node, "age_s": (now_ms - b.last_ms) / 1000}
        for b in ServiceBeat.objects.order_by("name")
    ]


# --- Redis: Celery queues and sockets -------------------------------------------------------------


def _safe(read: Any) -> Any:
    try:
        return read()
    except (OSError, redis.RedisError) as exc:
        log.warning("operations reading Redis failed: %s", exc)
        return None


def celery_queues() -> dict[str, Any] | None:
    """Messages waiting in each Celery queue, and those held by workers (ETA jobs, prefetched);
    None without a broker (eager)."""
    if not settings.REDIS_URL:
        return None

    def read() -> dict[str, Any]:
        client = redis.Redis.from_url(
            settings.CELERY_BROKER_URL, socket_timeout=1, socket_connect_timeout=1
        )
        pipe = client.pipeline(transaction=False)
        for queue in CELERY_QUEUES:
            pipe.llen(redis_keys.key(queue))
        pipe.hlen(redis_keys.key("unacked"))
        *lengths, unacked = pipe.execute()
        return {"queues": dict(zip(CELERY_QUEUES, lengths, strict=True)), "unacked": unacked}

    return _safe(read)


def websocket_connections() -> int | None:
    """Open WebSockets on the whole platform: the places the connection caps hold in Redis (one
    per socket, per client address); without Redis, this process's own."""
    url = settings.LIVE_LIMITS_REDIS_URL
    if not url:
        return sum(len(state.places) for state in list(socket_limits._loops.values()))

    def read() -> int:
        client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        now_ms = int(client.time()[0] * 1000)
        keys = list(client.scan_iter(match=redis_keys.key("gp:ws:sockets:addr:*"), count=1000))
        pipe = client.pipeline(transaction=False)
        for key in keys:
            pipe.zcount(key, now_ms, "+inf")
        return int(sum(pipe.execute()))

    return _safe(read)


def dashboard() -> dict[str, Any]:
    return {
        "running": running_by_game(),
        "queues": queues(),
        "cooldowns": cooldowns_active(),
        "celery": celery_queues(),
        "flags": flags_last_hour(),
        "incidents": recent_incidents(),
        "unreliable_aborts": unreliable_aborts(),
        "node_clocks": node_clocks(),
        "heartbeats": heartbeats(),
        "sockets": websocket_connections(),
        "outage_tolerance_s": settings.OUTAGE_TOLERANCE_S,
        "offset_tolerance_ms": settings.TIME_OFFSET_TOLERANCE_MS,
    }
