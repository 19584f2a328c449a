"""Applying a finished match to the ratings (live's match-ended hook, in the ending transaction).

Exactly once: live holds the match row lock and runs its hooks once, on the transition to an end
(:func:`match_ended`, registered first in ``RatingsConfig.ready``); the unique (match, seat)
constraint on :class:`RatingChange` is the second guard.

A match whose deal other tables still play (``live.embargo``: a duplicate round, a pairs board)
is not applied at its end: a rating, its history or the leaderboard moving would tell those
tables how the deal went.  It waits as a :class:`DeferredRating` until the app that knows when
the deal is done everywhere (tournaments, when a round closes or a session ends) calls
:func:`ratings_release`, which applies what is due in the order the matches ended.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.db import transaction

from games.core import Game, SeatResult
from games.registry import get_game
from live import embargo, selectors
from live.models import Match, MatchStatus, Seat

from .elo import EloSettings, Participant, rating_changes
from .models import DeferredRating, Rating, RatingChange


def elo_settings() -> EloSettings:
    return EloSettings(**settings.ELO)


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
    moves the ratings (or waits for its deal's embargo: :func:`ratings_apply_match`); an aborted
    or unrated one changes nothing.

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
    """Rate ``match`` (its row locked by the caller) now, or — while its deal is embargoed — note
    it for :func:`ratings_release`, which rates the result the match holds then (an operator's
    verdict meanwhile replaces the one it ended with)."""
    if embargo.deal_embargoed(match_id=match.pk, user=None):
        DeferredRating.objects.get_or_create(match=match)
        return
    _apply(match=match, game=game, seats=seats, result=result)


def ratings_replace_result(
    *, match: Match, game: Game, seats: Sequence[Seat], result: Sequence[SeatResult]
) -> None:
    """An operator's verdict replaced the result of the finished ``match`` (its row locked by
    the caller, ``live.operator_services.match_adjudicate``): take back the rating changes the old
    result caused and, if the match is rated, rate the verdict instead — exactly once, as the
    change rows of the old result are gone before the new ones are written."""
    _ratings_take_back(match)
    if match.rated:
        ratings_apply_match(match=match, game=game, seats=seats, result=result)


def _ratings_take_back(match: Match) -> None:
    """Undo the rating changes of ``match`` (its row is locked): each rating loses the change and
    the game it counted; the change rows go, so the verdict can be applied exactly once."""
    changes = list(RatingChange.objects.filter(match=match).order_by("rating_id"))
    rows = {
        r.pk: r
        for r in Rating.objects.select_for_update()
        .filter(pk__in=[c.rating_id for c in changes])
        .order_by("pk")
    }
    for change in changes:
        row = rows[change.rating_id]
        row.rating -= change.delta
        row.games = max(0, row.games - 1)
        row.save(update_fields=["rating", "games", "updated_at"])
    RatingChange.objects.filter(pk__in=[c.pk for c in changes]).delete()


def ratings_release() -> int:
    """Apply every deferred rating change whose deal is no longer embargoed, in the order the
    matches ended; returns how many matches were rated.

    Called by the app that lifts an embargo, inside the transaction that lifts it (so the
    embargo's own filter already sees the deal as done).  Safe to run any number of times and
    side by side: the match rows and then the deferred rows are locked before anything is read
    for good, a row another release already applied is gone by then, and the unique (match,
    seat) constraint on :class:`RatingChange` stands behind that.  A match that no longer counts
    (aborted, or made unrated) is dropped with no change.
    """
    with transaction.atomic():
        waiting = list(DeferredRating.objects.values_list("match_id", flat=True))
        due = set(waiting) - embargo.embargoed_ids(match_ids=waiting, user=None)
        if not due:
            return 0
        # Live's order: the match row first, then what hangs on it (an operator's verdict
        # locks the same way), each kind in id order.
        matches = {
            m.pk: m for m in Match.objects.select_for_update().filter(pk__in=due).order_by("pk")
        }
        rows = list(
            DeferredRating.objects.select_for_update().filter(match_id__in=due).order_by("pk")
        )
        rows.sort(key=lambda r: _ending_order(matches[r.match_id], r))
        rated = 0
        for row in rows:
            match = matches[row.match_id]
            counts = match.rated and match.status == MatchStatus.FINISHED and match.result
            if counts and not RatingChange.objects.filter(match=match).exists():
                _apply(
                    match=match,
                    game=get_game(match.game),
                    seats=selectors.match_seats(match),
                    result=[SeatResult(**r) for r in match.result],
                )
                rated += 1
        DeferredRating.objects.filter(pk__in=[r.pk for r in rows]).delete()
        return rated


def _ending_order(match: Match, row: DeferredRating) -> tuple[bool, object, int]:
    """The order of the matches' ends (a match with no end time, which live never leaves, last;
    the deferral's own order between equal times)."""
    return (match.ended_at is None, match.ended_at, row.pk)


def _apply(
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
