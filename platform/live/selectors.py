"""Reads about live matches (pages, the consumer's snapshots, the API)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from accounts.models import User
from games.registry import get_game

from . import timebase
from .messages import state_message
from .models import Match, MatchStatus, Seat


@dataclass(frozen=True)
class Audience:
    """Whom a connection speaks for: the user's seats in the match, or the public."""

    match_id: int
    seats: tuple[int, ...]


def audience_for(*, match_id: int, user_id: int | None) -> Audience | None:
    if not Match.objects.filter(pk=match_id).exists():
        return None
    seats: tuple[int, ...] = ()
    if user_id is not None:
        seats = tuple(
            Seat.objects.filter(match_id=match_id, user_id=user_id)
            .order_by("seat")
            .values_list("seat", flat=True)
        )
    return Audience(match_id=match_id, seats=seats)


_SEATS_CACHED = 20_000
_seats_by_match: dict[tuple[int, int], list[Seat]] = {}


def match_seats(match: Match) -> list[Seat]:
    """The match's seats with their users, in seat order.

    Seats never change once a match has started, so each process keeps them (every command and
    every publish needs them) instead of reading them again; the key includes the match's random
    seed, so a reused id (a rolled-back test database) never finds another match's seats.
    """
    key = (match.pk, match.seed)
    seats = _seats_by_match.get(key)
    if seats is None:
        seats = list(match.seats.select_related("user").order_by("seat"))
        if not seats:
            return seats  # not created yet: never remember an empty list
        if len(_seats_by_match) >= _SEATS_CACHED:
            _seats_by_match.clear()  # finished matches' entries go with the rest; cheap to refill
        _seats_by_match[key] = seats
    return seats


def match_seats_prefetch(matches: list[Match]) -> None:
    """Read the seats of many matches in one query (a batch of clock endings)."""
    missing = {m.pk: m for m in matches if (m.pk, m.seed) not in _seats_by_match}
    if not missing:
        return
    rows: dict[int, list[Seat]] = {pk: [] for pk in missing}
    for seat in (
        Seat.objects.filter(match_id__in=list(missing)).select_related("user").order_by("seat")
    ):
        rows[seat.match_id].append(seat)
    if len(_seats_by_match) + len(rows) >= _SEATS_CACHED:
        _seats_by_match.clear()
    for pk, seats in rows.items():
        if seats:
            _seats_by_match[(pk, missing[pk].seed)] = seats


def snapshots(*, match_id: int, seats: tuple[int, ...]) -> list[dict[str, Any]]:
    """A ``snapshot`` state message for each of ``seats`` (the public one when empty)."""
    match = Match.objects.get(pk=match_id)
    game = get_game(match.game)
    state = game.state_from_json(match.state)
    seat_rows = match_seats(match)
    now_ms = timebase.stamp().ms
    return [
        state_message(
            match=match,
            game=game,
            state=state,
            seats=seat_rows,
            seat=seat,
            reason="snapshot",
            now_ms=now_ms,
        )
        for seat in (seats or (None,))
    ]


def live_matches(*, limit: int = 50) -> QuerySet[Match]:
    return (
        Match.objects.filter(status=MatchStatus.RUNNING)
        .prefetch_related("seats__user")
        .order_by("-id")[:limit]
    )


def matches_of_user(*, user: User, limit: int = 20) -> list[dict[str, Any]]:
    """Recent matches of ``user`` for the profile page."""
    from django.urls import reverse

    out = []
    rows = (
        Match.objects.filter(seats__user=user)
        .distinct()
        .order_by("-id")
        .prefetch_related("seats")[:limit]
    )
    for match in rows:
        mine = [s.seat for s in match.seats.all() if s.user_id == user.pk]
        placing = None
        if match.result:
            placing = min(r["placing"] for r in match.result if r["seat"] in mine)
        out.append(
            {
                "id": match.pk,
                "game_title": get_game(match.game).title,
                "status": match.status,
                "result_text": _result_text(match, placing),
                "url": reverse("live:match", args=[match.pk]),
            }
        )
    return out


def _result_text(match: Match, placing: int | None) -> str:
    from django.utils.translation import gettext as _

    if match.status == MatchStatus.RUNNING:
        return _("in progress")
    if match.status == MatchStatus.ABORTED:
        return _("aborted")
    if placing == 1:
        return _("won")
    return _("lost")
