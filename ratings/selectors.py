"""Reads: a profile's ratings with their history chart, and leaderboards."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from games.registry import all_games

from .models import Rating
from .services import elo_settings
from .svg import history_svg


def profile_ratings(*, user: User) -> list[dict[str, Any]]:
    cfg = elo_settings()
    games = all_games()
    out = []
    for row in Rating.objects.filter(user=user).prefetch_related("changes"):
        history = [c.after for c in row.changes.all()]
        out.append(
            {
                "game": row.game,
                "game_title": games[row.game].title if row.game in games else row.game,
                "rating": round(row.rating),
                "games": row.games,
                "provisional": cfg.is_provisional(row.games),
                "history_svg": history_svg([cfg.initial_rating, *history]),
            }
        )
    return out


def leaderboard(*, game: str, limit: int = 100, provisional: bool = False) -> list[dict[str, Any]]:
    """Players of ``game``, best first: established ones only, or (``provisional``) everybody with
    a rated game, each marked."""
    cfg = elo_settings()
    rows = Rating.objects.filter(game=game, user__isnull=False, games__gte=1)
    if not provisional:
        rows = rows.filter(games__gte=cfg.provisional_games)
    rows = rows.select_related("user").order_by("-rating", "user__username")[:limit]
    return [
        {
            "rank": i,
            "username": r.user.username,
            "rating": round(r.rating),
            "games": r.games,
            "provisional": cfg.is_provisional(r.games),
        }
        for i, r in enumerate(rows, start=1)
    ]


def ai_ratings(*, game: str) -> list[dict[str, Any]]:
    return [
        {"level": r.ai_level, "rating": round(r.rating), "games": r.games}
        for r in Rating.objects.filter(game=game, user__isnull=True).order_by("-rating")
    ]
