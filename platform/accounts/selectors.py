"""Reads about people for the public API: profiles, recent matches, leaderboards."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from games.registry import all_games
from live import embargo
from ratings.models import Rating
from ratings.services import elo_settings

from .models import ApiToken, User


def users_public(*, search: str = "", is_bot: bool | None = None) -> QuerySet[User]:
    """Active accounts, by name (a banned account disappears from the lists)."""
    rows = User.objects.filter(is_active=True).order_by("username")
    if search:
        rows = rows.filter(username__icontains=search)
    if is_bot is not None:
        rows = rows.filter(is_bot=is_bot)
    return rows


def recent_matches(*, user: User, limit: int = 10) -> list[dict[str, Any]]:
    from live.models import Match

    games = all_games()
    out = []
    rows = (
        Match.objects.filter(seats__user=user)
        .distinct()
        .order_by("-id")
        .prefetch_related("seats")[:limit]
    )
    rows = list(rows)
    hidden = embargo.embargoed_ids(match_ids=[m.pk for m in rows], user=None)  # a public list
    for match in rows:
        mine = sorted(s.seat for s in match.seats.all() if s.user_id == user.pk)
        placing = None
        if match.result and match.pk not in hidden:  # not while other tables play the deal
            placing = min((r["placing"] for r in match.result if r["seat"] in mine), default=None)
        out.append(
            {
                "id": match.pk,
                "game": match.game,
                "game_title": games[match.game].title if match.game in games else match.game,
                "status": match.status,
                "rated": match.rated,
                "seats": mine,
                "placing": placing,
                "end_reason": match.end_reason or None,
                "ended_at": match.ended_at,
            }
        )
    return out


def leaderboard_rows(*, game: str, bots: bool | None = None) -> QuerySet[Rating]:
    """Established players of ``game``, best first (provisional players are left out); ``bots``
    False leaves bot accounts out, True keeps only them."""
    cfg = elo_settings()
    rows = (
        Rating.objects.filter(game=game, user__isnull=False, games__gte=cfg.provisional_games)
        .filter(user__is_active=True)
        .select_related("user")
        .order_by("-rating", "user__username")
    )
    if bots is not None:
        rows = rows.filter(user__is_bot=bots)
    return rows


def tokens_of(*, user: User) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user).order_by("-id")
