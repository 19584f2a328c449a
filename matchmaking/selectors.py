"""Reads of the queue: a player's live status (pushed every second by the consumer), the lobby's
overview of waiting players, and the queue match a reconnecting player belongs to."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q

from live import catalogue
from live.models import MatchStatus, Seat

from .conf import queue_settings, reference_now
from .messages import matched_message
from .models import QueueCooldown, QueueEntry


def cooldown_left(*, user_id: int) -> int:
    """Whole seconds until the user may queue again (0: now)."""
    now = reference_now()
    row = QueueCooldown.objects.filter(user_id=user_id, until__gt=now).first()
    return 0 if row is None else max(1, int((row.until - now).total_seconds() + 0.999))


def queue_status(*, user_id: int) -> dict[str, Any]:
    """The user's queue status message: ``status`` while queued, otherwise ``idle``.

    ``window`` is the rating spread the player accepts now (``docs/ratings.md``: a table is formed
    only when its spread fits every member's window), shown as the range around their rating.
    ``position`` counts from 1 in the order the queue serves players (priority, then joining time).
    """
    entry = QueueEntry.objects.filter(user_id=user_id).first()
    if entry is None:
        return {"type": "idle", "cooldown_s": cooldown_left(user_id=user_id)}
    cfg = queue_settings()
    waited = max(0.0, (reference_now() - entry.joined_at).total_seconds())
    width = cfg.window.window(waited)
    bucket = QueueEntry.objects.filter(game=entry.game, rated=entry.rated)
    same_rank = Q(priority=entry.priority)
    earlier = Q(joined_at__lt=entry.joined_at) | Q(joined_at=entry.joined_at, pk__lt=entry.pk)
    ahead_q = same_rank & earlier
    if not entry.priority:
        ahead_q |= Q(priority=True)
    ahead = bucket.filter(ahead_q).count()
    title = catalogue.game_title(entry.game)
    status: dict[str, Any] = {
        "type": "status",
        "game": entry.game,
        "game_title": title,
        "rated": entry.rated,
        "rating": round(entry.rating),
        "waited_s": int(waited),
        "window": {
            "width": round(width),
            "low": round(entry.rating - width),
            "high": round(entry.rating + width),
        },
        "position": ahead + 1,
        "size": bucket.count(),
        "priority": entry.priority,
    }
    if not entry.rated:
        status["ai_fill_in_s"] = max(0, int(cfg.ai_fill_s - waited + 0.999))
    return status


def queue_match(*, user_id: int) -> dict[str, Any] | None:
    """The ``matched`` message of the running queue match the user sits in, if any — what a
    connection that opens after the match was made (a reload, a dropped socket) needs to hear."""
    match_id = (
        Seat.objects.filter(
            user_id=user_id, match__status=MatchStatus.RUNNING, match__from_queue=True
        )
        .order_by("-match_id")
        .values_list("match_id", flat=True)
        .first()
    )
    return None if match_id is None else matched_message(match_id)


def queue_overview() -> list[dict[str, Any]]:
    """Every game with the number of players waiting in its rated and casual queues."""
    counts = {
        (row["game"], row["rated"]): row["n"]
        for row in QueueEntry.objects.values("game", "rated").annotate(n=Count("id"))
    }
    return [
        {
            "slug": g.slug,
            "title": catalogue.game_title(g),
            "seats": g.seat_counts[0],
            "waiting_rated": counts.get((g.slug, True), 0),
            "waiting_casual": counts.get((g.slug, False), 0),
        }
        for g in catalogue.playable_games().values()
    ]
