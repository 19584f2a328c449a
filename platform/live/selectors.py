"""Reads about live matches (pages, the consumer's snapshots, the API)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from games.registry import get_game

from . import catalogue, embargo, providers, timebase
from .ai_players import game_levels
from .messages import match_info, public_clock, state_message
from .models import EndReason, Match, MatchStatus, Move, MoveKind, Seat


@dataclass(frozen=True)
class Audience:
    """Whom a connection speaks for: the user's seats in the match, or the public."""

    match_id: int
    seats: tuple[int, ...]
    people_seats: tuple[int, ...] = ()
    """Every seat a person holds (each has its own group; the spectator count goes to them)."""


def audience_for(*, match_id: int, user_id: int | None) -> Audience | None:
    if not Match.objects.filter(pk=match_id).exists():
        return None
    rows = list(
        Seat.objects.filter(match_id=match_id, user__isnull=False)
        .order_by("seat")
        .values_list("seat", "user_id")
    )
    seats: tuple[int, ...] = ()
    if user_id is not None:
        seats = tuple(seat for seat, holder in rows if holder == user_id)
    return Audience(match_id=match_id, seats=seats, people_seats=tuple(seat for seat, _ in rows))


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
    shared = (match_info(match, seat_rows), public_clock(match, now_ms))
    return [
        state_message(
            match=match,
            game=game,
            state=state,
            seats=seat_rows,
            seat=seat,
            reason="snapshot",
            now_ms=now_ms,
            shared=shared,
        )
        for seat in (seats or (None,))
    ]


def live_matches(*, limit: int = 50) -> QuerySet[Match]:
    return (
        Match.objects.filter(status=MatchStatus.RUNNING)
        .prefetch_related("seats__user")
        .order_by("-id")[:limit]
    )


# --- Watching: the list of live games and the featured match of the TV pages --------------------

WATCH_PAGE_SIZE = 25
"""Live games per page of the watch list."""
FEATURE_CANDIDATES = 200
"""The TV chooses among this many most recently started running matches."""


def _running(game: str | None) -> QuerySet[Match]:
    """Running matches anyone may watch: a deal other tables still play is not offered."""
    rows = embargo.without_embargoed(Match.objects.filter(status=MatchStatus.RUNNING))
    if game:
        rows = rows.filter(game=game)
    return rows.order_by("-created_at", "-id")


def _watch_rows(matches: list[Match]) -> list[dict[str, Any]]:
    """Each match as the watch list and the TV show it: game, players with ratings, start.

    No state, view or move of the match: the list says who plays, never what they hold.
    People show their rating in the game (the initial rating, marked new, before their first
    rated game); computer players their level and its rating (``live.ai_players``).
    """
    games = {m.game for m in matches}
    user_ids = {s.user_id for m in matches for s in m.seats.all() if s.user_id}
    people = providers.ratings().people_ratings(games, user_ids)
    ai_rated = providers.ratings().ai_level_ratings(games)
    levels = {}
    for slug in games:
        try:
            levels[slug] = {lv.key: lv for lv in game_levels(get_game(slug), ai_rated.get(slug))}
        except KeyError:
            levels[slug] = {}
    out = []
    for m in matches:
        title = catalogue.game_title(m.game)
        players = []
        for s in m.seats.all():
            if s.user_id:
                shown = people.get((m.game, s.user_id))
                players.append(
                    {
                        "name": s.display_name,
                        "is_ai": False,
                        # A bot account (an outside program, or the demo's players) is no person:
                        # the TV prefers a table of people over bots playing each other.
                        "is_bot": bool(getattr(s.user, "is_bot", False)),
                        "rating": round(shown.rating) if shown else None,
                        "provisional": shown.provisional if shown else False,
                        "level": None,
                    }
                )
            else:
                level = levels[m.game].get(s.ai_level)
                players.append(
                    {
                        "name": s.display_name,
                        "is_ai": True,
                        "is_bot": False,
                        "rating": level.rating if level else None,
                        "provisional": False,
                        "level": level.label if level else (s.ai_level or None),
                    }
                )
        rated = [p["rating"] for p in players if not p["is_ai"] and not p["is_bot"]]
        out.append(
            {
                "id": m.pk,
                "game": m.game,
                "game_title": title,
                "players": players,
                "started_at": m.created_at,
                "people_average": sum(rated) / len(rated) if rated else None,
                "watch_url": reverse("live:match", args=[m.pk]),
            }
        )
    return out


def watch_list(*, game: str | None = None, page: int = 1) -> dict[str, Any]:
    """One page of the running matches, most recently started first (``WATCH_PAGE_SIZE``)."""
    paginator = Paginator(_running(game).prefetch_related("seats__user"), WATCH_PAGE_SIZE)
    current = paginator.get_page(page)
    return {
        "rows": _watch_rows(list(current.object_list)),
        "page": current,
        "count": paginator.count,
    }


def featured_match(*, game: str | None = None) -> dict[str, Any] | None:
    """The match the TV shows: among the ``FEATURE_CANDIDATES`` most recently started running
    matches (of ``game``, or of every game), the one whose seated people have the highest
    average rating; matches with people before matches of computers (AI seats and bot accounts,
    such as the demo's players) alone; ties go to the most recently started.  None when nothing
    runs."""
    candidates = list(_running(game).prefetch_related("seats__user")[:FEATURE_CANDIDATES])
    if not candidates:
        return None
    rows = _watch_rows(candidates)  # newest first: max() keeps the first of equals
    return max(
        rows,
        key=lambda r: (r["people_average"] is not None, r["people_average"] or 0.0),
    )


def match_running(*, match_id: int) -> bool:
    return Match.objects.filter(pk=match_id, status=MatchStatus.RUNNING).exists()


def matches_of_user(*, user: AbstractBaseUser, limit: int = 20) -> list[dict[str, Any]]:
    """Recent matches of ``user`` for the profile page."""
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
                "game_title": catalogue.game_title(match.game),
                "status": match.status,
                "result_text": _result_text(match, placing),
                "url": reverse("live:match", args=[match.pk]),
            }
        )
    return out


def _result_text(match: Match, placing: int | None) -> str:
    if match.status == MatchStatus.RUNNING:
        return _("in progress")
    if match.status == MatchStatus.ABORTED:
        return _("aborted")
    if placing == 1:
        return _("won")
    return _("lost")


def match_action_log(*, match: Match) -> list[tuple[int, Any]]:
    """The move log as the engine replays it: ``(seat, action JSON)`` of every applied action
    (an action or a stall's forced action), in order; resignations, time losses and aborts went
    through no engine and are left out.  Only for a match that is over: while it runs the log
    shows hidden choices (callers check)."""
    rows = (
        match.moves.filter(kind__in=(MoveKind.ACTION, MoveKind.STALL))
        .order_by("seq")
        .values_list("seat", "action")
    )
    return [(seat, action) for seat, action in rows if action is not None]


@dataclass(frozen=True)
class MatchOutcome:
    """How an ended match came out, for the apps that record it elsewhere (tournaments): per seat
    its placing and score, whether it was aborted (no result), and whether a clock or the stall
    bound ended it (then some seats may not have shown up: :func:`match_no_show_seats`)."""

    aborted: bool
    placings: tuple[int, ...]
    scores: tuple[int, ...]
    timed_out: bool
    end_reason: str


def match_outcome(match: Match) -> MatchOutcome:
    by_seat = {r["seat"]: r for r in match.result or []}
    seats = range(len(by_seat))
    return MatchOutcome(
        aborted=match.status == MatchStatus.ABORTED,
        placings=tuple(int(by_seat[i]["placing"]) for i in seats),
        scores=tuple(int(by_seat[i].get("score", 0)) for i in seats),
        timed_out=match.end_reason in (EndReason.TIME, EndReason.STALL),
        end_reason=match.end_reason,
    )


def match_no_show_seats(match: Match) -> list[int]:
    """People's seats that were to act when the match ended and never made a move of their own
    in it: they did not show up (tournaments withdraw repeated no-shows, docs/tournaments.md).
    Read from the engine's state and the move log, which stay live's own."""
    state = get_game(match.game).state_from_json(match.state)
    pending = {d.seat for d in state.pending()}
    humans = set(match.seats.filter(user__isnull=False).values_list("seat", flat=True))
    acted = set(
        Move.objects.filter(match_id=match.pk, kind=MoveKind.ACTION).values_list("seat", flat=True)
    )
    return sorted(s for s in pending & humans if s not in acted)
