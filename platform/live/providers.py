"""What other apps show on live's pages and in its API, registered by them, read here.

Live is the core and imports none of the apps around it (docs/architecture.md, "Layers"); yet its
result screen shows rating changes and the rematch offer, its watch list and game API show
ratings.  Those apps provide them: each registers here in its ``AppConfig.ready``, as they register
``live.services.MATCH_ENDED_HOOKS`` for writes.  Without a registration live shows nothing of
theirs (no ratings, no rematch offer) and keeps working.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .models import Match


@dataclass(frozen=True)
class RatingShown:
    """A person's rating in a game as lists show it: the rating, and whether it is provisional."""

    rating: float
    provisional: bool


class RatingsReader(Protocol):
    """The reads live's pages need from the ratings app (``ratings.shown`` implements it)."""

    def match_changes(self, match: Match) -> list[dict[str, Any]]:
        """Each rated seat's rating before and after ``match``: ``seat``, ``before``, ``after``,
        ``delta``, rounded as shown everywhere."""
        ...

    def ai_level_ratings(self, games: Collection[str]) -> dict[str, dict[str, float]]:
        """Every AI level's measured rating by game and level key."""
        ...

    def people_ratings(
        self, games: Collection[str], user_ids: Collection[int]
    ) -> Mapping[tuple[str, int], RatingShown]:
        """Each person's rating by (game, user id), for every pair asked (a newcomer's is the
        initial rating, provisional)."""
        ...


class _NoRatings:
    """No ratings app: nothing rated to show."""

    def match_changes(self, match: Match) -> list[dict[str, Any]]:
        return []

    def ai_level_ratings(self, games: Collection[str]) -> dict[str, dict[str, float]]:
        return {}

    def people_ratings(
        self, games: Collection[str], user_ids: Collection[int]
    ) -> Mapping[tuple[str, int], RatingShown]:
        return {}


_ratings: RatingsReader = _NoRatings()


def ratings_provide(reader: RatingsReader) -> None:
    """Register the ratings reader (the ratings app's ``ready``); the last one registered wins."""
    global _ratings
    _ratings = reader


def ratings() -> RatingsReader:
    """The registered ratings reader (one that shows nothing if none was registered)."""
    return _ratings


AfterMatchProvider = Callable[[Match, int | None], dict[str, Any]]
"""``provider(match, user_id)`` → the keys it adds to the result screen's data (``live:after``),
e.g. the lobby's ``rematch`` and ``new_game``; ``user_id`` is None for an anonymous reader."""

AFTER_MATCH_PROVIDERS: list[AfterMatchProvider] = []
"""Providers apps register in their ``AppConfig.ready`` for the result screen, called in order."""


def after_match(match: Match, user_id: int | None) -> dict[str, Any]:
    """What the registered providers add to the result screen's data, merged in order."""
    out: dict[str, Any] = {}
    for provider in AFTER_MATCH_PROVIDERS:
        out.update(provider(match, user_id))
    return out
