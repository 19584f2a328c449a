"""Reads for the profile page: ratings with a chart that has axes, and recent matches with their
opponents, dates, results and rating changes."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext as _

from games.registry import all_games
from live import embargo
from live.models import Match, MatchStatus, Seat
from ratings.models import Rating, RatingChange
from ratings.services import elo_settings

from .charts import rating_chart_svg
from .models import User


def profile_ratings(*, user: User) -> list[dict[str, Any]]:
    cfg = elo_settings()
    games = all_games()
    out = []
    rows = Rating.objects.filter(user=user).prefetch_related(
        Prefetch("changes", queryset=RatingChange.objects.order_by("id"))
    )
    for row in rows:
        changes = list(row.changes.all())
        start = changes[0].before if changes else cfg.initial_rating
        out.append(
            {
                "game": row.game,
                "game_title": games[row.game].title if row.game in games else row.game,
                "rating": round(row.rating),
                "games": row.games,
                "provisional": cfg.is_provisional(row.games),
                "chart_svg": rating_chart_svg(
                    [start, *(c.after for c in changes)], [c.created_at for c in changes]
                ),
            }
        )
    return out


def _result(match: Match, mine: list[int]) -> str:
    if match.status == MatchStatus.RUNNING:
        return _("in progress")
    if match.status == MatchStatus.ABORTED or not match.result:
        return _("aborted")
    placings = {r["seat"]: r["placing"] for r in match.result}
    best = min(placings[s] for s in mine if s in placings)
    if all(p == best for p in placings.values()):
        return _("draw")
    if best == 1:
        return _("shared first") if list(placings.values()).count(1) > 1 else _("won")
    return _("lost")


def recent_matches(*, user: User, limit: int = 20) -> list[dict[str, Any]]:
    """The user's latest matches: game, when, against whom, how it went, the rating change."""
    games = all_games()
    matches = list(
        Match.objects.filter(seats__user=user)
        .distinct()
        .order_by("-id")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))[:limit]
    )
    changes = {
        c.match_id: c
        for c in RatingChange.objects.filter(match__in=matches, rating__user=user).only(
            "match_id", "before", "after"
        )
    }
    hidden = embargo.embargoed_ids(match_ids=[m.pk for m in matches], user=None)  # a public page
    out = []
    for match in matches:
        seats = list(match.seats.all())
        mine = [s.seat for s in seats if s.user_id == user.pk]
        opponents = [
            {
                "name": s.display_name,
                "url": reverse("accounts:profile", args=[s.user.username]) if s.user_id else None,
            }
            for s in seats
            if s.user_id != user.pk
        ]
        change = None if match.pk in hidden else changes.get(match.pk)
        out.append(
            {
                "id": match.pk,
                "game_title": games[match.game].title if match.game in games else match.game,
                "date": match.ended_at or match.created_at,
                "opponents": opponents,
                "result_text": _("hidden until every table has played this deal")
                if match.pk in hidden
                else _result(match, mine),
                "status": match.status,
                "rating_delta": round(change.after - change.before) if change else None,
                "url": reverse("live:match", args=[match.pk]),
                "replay_url": reverse("live:replay", args=[match.pk])
                if match.status in (MatchStatus.FINISHED, MatchStatus.ABORTED)
                else None,
            }
        )
    return out
