"""Applying a finished match to the ratings (live's match-ended hook, in the ending transaction).

Exactly once: live holds the match row lock and runs its hooks once, on the transition to an end
(:func:`match_ended`, registered first in ``RatingsConfig.ready``); the unique (match, seat)
constraint on :class:`RatingChange` is the second guard.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings

from games.core import Game, SeatResult
from games.registry import get_game
from live import selectors
from live.models import Match, MatchStatus, Seat

from .elo import EloSettings, Participant, rating_changes
from .models import Rating, RatingChange


def elo_settings() -> EloSettings:
    return EloSettings(**getattr(settings, "ELO", {}))


def _rating_row(*, game: str, seat: Seat, initial: float) -> Rating:
    if seat.user_id:
        row, _ = Rating.objects.select_for_update().get_or_create(
            game=game, user_id=seat.user_id, defaults={"rating": initial}
        )
    else:
        row, _ = Rating.objects.select_for_update().get_or_create(
            game=game, user=None, ai_level=seat.ai_level, defaults={"rating": initial}
        )
    return row


def match_ended(match: Match) -> None:
    """live's hook (``live.services.MATCH_ENDED_HOOKS``): a rated match that finished with a result
    moves the ratings; an aborted or unrated one changes nothing.

    Runs inside the transaction that ends the match, with the row locked, before any other hook
    (``RatingsConfig.ready`` puts it first).  The result is the one live has just set on the match;
    the seats are the process's kept ones (``selectors.match_seats``), as the ending used.
    """
    if not match.rated or match.status != MatchStatus.FINISHED:
        return
    ratings_apply_match(
        match=match,
        game=get_game(match.game),
        seats=selectors.match_seats(match),
        result=[SeatResult(**r) for r in match.result],
    )


def ratings_apply_match(
    *, match: Match, game: Game, seats: Sequence[Seat], result: Sequence[SeatResult]
) -> None:
    cfg = elo_settings()
    by_seat = {r.seat: r for r in result}
    rows = [_rating_row(game=game.slug, seat=s, initial=cfg.initial_rating) for s in seats]
    participants = [
        Participant(rating=row.rating, games_played=row.games, result=by_seat[s.seat])
        for s, row in zip(seats, rows, strict=True)
    ]
    changes = rating_changes(participants, game.rating_mode, cfg)
    for seat, row, delta in zip(seats, rows, changes, strict=True):
        RatingChange.objects.create(
            match=match, seat=seat.seat, rating=row, before=row.rating, after=row.rating + delta
        )
        row.rating += delta
        row.games += 1
        row.save(update_fields=["rating", "games", "updated_at"])
