"""Reads: a player's ratings with their history chart (the profile page and the users API), and
the leaderboards (the leaderboard page and both API versions).  One home for each, so that every
place that shows a rating or a board shows the same one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Prefetch, QuerySet

from live import catalogue

from .charts import rating_chart_svg
from .models import Rating, RatingChange
from .services import elo_settings


def profile_ratings(*, user: AbstractBaseUser, charts: bool = True) -> list[dict[str, Any]]:
    """The user's rating per game; with ``charts`` also ``chart_svg``, the history from the
    rating before the first rated game to now (the API leaves the chart out)."""
    cfg = elo_settings()
    out = []
    rows = Rating.objects.filter(user=user).prefetch_related(
        Prefetch("changes", queryset=RatingChange.objects.order_by("id"))
    )
    for row in rows:
        entry: dict[str, Any] = {
            "game": row.game,
            "game_title": catalogue.game_title(row.game),
            "rating": round(row.rating),
            "games": row.games,
            "provisional": cfg.is_provisional(row.games),
        }
        if charts:
            changes = list(row.changes.all())
            start = changes[0].before if changes else cfg.initial_rating
            entry["chart_svg"] = rating_chart_svg(
                [start, *(c.after for c in changes)], [c.created_at for c in changes]
            )
        out.append(entry)
    return out


def leaderboard_rows(
    *, game: str, provisional: bool = False, bots: bool | None = None
) -> QuerySet[Rating]:
    """Active accounts rated in ``game``, best first (a banned account leaves the board).
    Established players only, unless ``provisional`` lists everybody with a rated game (a rating
    without one is never listed); ``bots`` False leaves bot accounts out, True keeps only them."""
    cfg = elo_settings()
    rows = Rating.objects.filter(
        game=game,
        user__isnull=False,
        user__is_active=True,
        games__gte=1 if provisional else max(1, cfg.provisional_games),
    )
    if bots is not None:
        rows = rows.filter(user__is_bot=bots)
    return rows.select_related("user").order_by("-rating", "user__username")


def leaderboard_entries(rows: Iterable[Rating], *, first_rank: int = 1) -> list[dict[str, Any]]:
    """Rows of :func:`leaderboard_rows` (or a page of them) as the boards show them."""
    cfg = elo_settings()
    return [
        {
            "rank": rank,
            "username": r.user.username,
            "is_bot": r.user.is_bot,
            "rating": round(r.rating),
            "games": r.games,
            "provisional": cfg.is_provisional(r.games),
        }
        for rank, r in enumerate(rows, start=first_rank)
    ]


def leaderboard(*, game: str, limit: int = 100, provisional: bool = False) -> list[dict[str, Any]]:
    """The first ``limit`` players of ``game`` (see :func:`leaderboard_rows`), each with its rank
    and whether it is still provisional."""
    return leaderboard_entries(leaderboard_rows(game=game, provisional=provisional)[:limit])


def ai_ratings(*, game: str) -> list[dict[str, Any]]:
    """The site's own AI levels of ``game`` with their ratings, best first."""
    return [
        {"level": r.ai_level, "rating": round(r.rating), "games": r.games}
        for r in Rating.objects.filter(game=game, user__isnull=True).order_by("-rating")
    ]
