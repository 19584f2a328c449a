"""Ratings as live's pages and API show them: the reader the ratings app registers with live
(``live.providers.ratings_provide``, in :meth:`ratings.apps.RatingsConfig.ready`), so live shows
rating changes and ratings without importing this app."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from live.models import Match
from live.providers import RatingShown

from .models import Rating, RatingChange
from .services import elo_settings


class RatingsShown:
    """Implements ``live.providers.RatingsReader`` from this app's tables."""

    def match_changes(self, match: Match) -> list[dict[str, Any]]:
        return [
            {
                "seat": c.seat,
                "before": round(c.before),
                "after": round(c.after),
                "delta": round(c.after - c.before, 1),
            }
            for c in RatingChange.objects.filter(match=match).order_by("seat")
        ]

    def ai_level_ratings(self, games: Collection[str]) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        for r in Rating.objects.filter(game__in=games, user__isnull=True):
            out.setdefault(r.game, {})[r.ai_level] = r.rating
        return out

    def people_ratings(
        self, games: Collection[str], user_ids: Collection[int]
    ) -> dict[tuple[str, int], RatingShown]:
        cfg = elo_settings()
        rows = {
            (r.game, r.user_id): r
            for r in Rating.objects.filter(game__in=games, user_id__in=user_ids)
        }
        out = {}
        for game in games:
            for user_id in user_ids:
                row = rows.get((game, user_id))
                played = row.games if row else 0
                out[(game, user_id)] = RatingShown(
                    rating=row.rating if row else cfg.initial_rating,
                    provisional=cfg.is_provisional(played),
                )
        return out
