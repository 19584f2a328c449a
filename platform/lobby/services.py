"""Writes of the lobby: opening, joining and cancelling tables; starting matches against the AI.

Error messages are in the requesting person's language (the view's active translation): the lobby
shows them as they are.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.registry import get_game
from live import catalogue
from live.ai_players import default_level
from live.commitments import commitment_ensure
from live.errors import LiveError
from live.models import Match
from live.notifications import match_notice, notify_users
from live.services import SeatSpec, match_start

from . import time_controls
from .models import Table, TableSeat, TableStatus
from .selectors import playable_games


def _check_game(game_slug: str, seats: int | None = None) -> None:
    if game_slug not in {g.slug for g in playable_games()}:
        raise LiveError("bad_game", _("there is no playable game %(game)r") % {"game": game_slug})
    game = get_game(game_slug)
    if seats is not None and seats not in game.seat_counts:
        counts = ", ".join(map(str, game.seat_counts))
        raise LiveError(
            "bad_seats",
            _("%(game)s is played by %(counts)s players")
            % {"game": catalogue.game_title(game), "counts": counts},
        )


def _bad_level(level: str) -> LiveError:
    return LiveError("bad_level", _("unknown AI level %(level)r") % {"level": level})


@transaction.atomic
def ai_match_start(
    *,
    user_id: int,
    game_slug: str,
    level: str = "",
    pass_and_play: bool = False,
    time_control: str = "",
) -> Match:
    """You against the AI at once (every other seat an AI of ``level``; none given: the level a
    newcomer gets, ``live.ai_players.default_level``), or pass-and-play: one device holds every
    seat, with a hand-over screen between turns.  These games are unrated, so ``time_control``
    may be any of ``lobby.time_controls.CHOICES`` (empty: the standard clock)."""
    _check_game(game_slug)
    choice = time_controls.check_choice(time_control, rated=False)
    game = get_game(game_slug)
    control = time_controls.time_control_for(game, choice)
    seats = game.seat_counts[0]
    if pass_and_play:
        match = match_start(
            game_slug=game_slug,
            seats=[SeatSpec(user_id=user_id)] * seats,
            options={"hand_over": True},
            created_by_id=user_id,
            time_control=control,
        )
    else:
        level = level or default_level(game)
        if level not in game.bots:
            raise _bad_level(level)
        specs = [SeatSpec(user_id=user_id)] + [SeatSpec(ai_level=level)] * (seats - 1)
        match = match_start(
            game_slug=game_slug, seats=specs, created_by_id=user_id, time_control=control
        )
    commitment_ensure(match_id=match.pk)
    return match


@transaction.atomic
def table_create(
    *,
    user_id: int,
    game_slug: str,
    seats: int,
    ai_seats: int = 0,
    ai_level: str = "",
    rated: bool = False,
    time_control: str = "",
) -> Table:
    """Open a table; the creator takes seat 0, AI fills the last ``ai_seats`` seats.  A table with
    AI seats is never rated (ratings compare people).  ``time_control``: one of
    ``lobby.time_controls.CHOICES`` (empty: standard); a rated table refuses any but the standard
    (``rated_needs_standard_clock``), and nothing is created."""
    _check_game(game_slug, seats)
    rated = rated and not ai_seats
    choice = time_controls.check_choice(time_control, rated=rated)
    game = get_game(game_slug)
    if not 0 <= ai_seats < seats:
        raise LiveError("bad_seats", _("at least one seat must be left for a person"))
    if ai_seats:
        ai_level = ai_level or default_level(game)
        if ai_level not in game.bots:
            raise _bad_level(ai_level)
    table = Table.objects.create(
        game=game_slug,
        seat_count=seats,
        rated=rated,
        time_control=choice,
        created_by_id=user_id,
    )
    TableSeat.objects.create(table=table, seat=0, user_id=user_id)
    for seat in range(seats - ai_seats, seats):
        TableSeat.objects.create(table=table, seat=seat, ai_level=ai_level)
    _start_if_full(table, joined_by=user_id)
    return table


@transaction.atomic
def table_join(*, user_id: int, table_id: int) -> Table:
    """Take the first free seat; the match starts when the last seat is taken, and everyone
    already seated is told (``live.notifications``) — they may be anywhere on the site."""
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise LiveError("no_table", _("that table does not exist"))
    if table.status != TableStatus.OPEN:
        raise LiveError("table_closed", _("that table is no longer open"))
    taken = set(table.seats.values_list("seat", flat=True))
    if table.seats.filter(user_id=user_id).exists():
        raise LiveError("already_seated", _("you already sit at this table"))
    free = [s for s in range(table.seat_count) if s not in taken]
    try:
        with transaction.atomic():
            TableSeat.objects.create(table=table, seat=free[0], user_id=user_id)
    except IntegrityError:
        raise LiveError("already_seated", _("you already sit at this table")) from None
    _start_if_full(table, joined_by=user_id)
    return table


@transaction.atomic
def table_cancel(*, user_id: int, table_id: int) -> None:
    table = Table.objects.select_for_update().filter(pk=table_id, created_by_id=user_id).first()
    if table is None:
        raise LiveError("no_table", _("you have no such table"))
    if table.status != TableStatus.OPEN:
        raise LiveError("table_closed", _("the table has already started"))
    table.status = TableStatus.CANCELLED
    table.save(update_fields=["status"])


def _start_if_full(table: Table, *, joined_by: int) -> None:
    seats = list(table.seats.order_by("seat"))
    if len(seats) < table.seat_count:
        return
    match = match_start(
        game_slug=table.game,
        seats=[SeatSpec(user_id=s.user_id, ai_level=s.ai_level) for s in seats],
        rated=table.rated,
        created_by_id=table.created_by_id,
        time_control=time_controls.time_control_for(get_game(table.game), table.time_control),
    )
    commitment_ensure(match_id=match.pk)
    table.status = TableStatus.STARTED
    table.match = match
    table.save(update_fields=["status", "match"])
    waiting = [s.user_id for s in seats if s.user_id and s.user_id != joined_by]
    if waiting:
        by = User.objects.filter(pk=joined_by).values_list("username", flat=True).first()
        notify_users(
            user_ids=waiting,
            payload=match_notice(match.pk, table.game, "table_started", by=by, table_id=table.pk),
        )
