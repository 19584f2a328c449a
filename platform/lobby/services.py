"""Writes of the lobby: opening, joining and cancelling tables; starting matches against the AI."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.registry import get_game
from live.errors import LiveError
from live.models import Match
from live.services import SeatSpec, match_start

from .models import Table, TableSeat, TableStatus
from .selectors import playable_games


def _check_game(game_slug: str, seats: int | None = None) -> None:
    if game_slug not in {g.slug for g in playable_games()}:
        raise LiveError("bad_game", f"there is no playable game {game_slug!r}")
    game = get_game(game_slug)
    if seats is not None and seats not in game.seat_counts:
        counts = ", ".join(map(str, game.seat_counts))
        raise LiveError("bad_seats", f"{game.title} is played by {counts} players")


def ai_match_start(
    *, user_id: int, game_slug: str, level: str, pass_and_play: bool = False
) -> Match:
    """You against the AI at once (every other seat an AI of ``level``), or pass-and-play: one
    device holds every seat, with a hand-over screen between turns."""
    _check_game(game_slug)
    game = get_game(game_slug)
    seats = game.seat_counts[0]
    if pass_and_play:
        return match_start(
            game_slug=game_slug,
            seats=[SeatSpec(user_id=user_id)] * seats,
            options={"hand_over": True},
            created_by_id=user_id,
        )
    if level not in game.bots:
        raise LiveError("bad_level", f"unknown AI level {level!r}")
    specs = [SeatSpec(user_id=user_id)] + [SeatSpec(ai_level=level)] * (seats - 1)
    return match_start(game_slug=game_slug, seats=specs, created_by_id=user_id)


@transaction.atomic
def table_create(
    *,
    user_id: int,
    game_slug: str,
    seats: int,
    ai_seats: int = 0,
    ai_level: str = "",
    rated: bool = False,
) -> Table:
    """Open a table; the creator takes seat 0, AI fills the last ``ai_seats`` seats.  A table with
    AI seats is never rated (ratings compare people)."""
    _check_game(game_slug, seats)
    game = get_game(game_slug)
    if not 0 <= ai_seats < seats:
        raise LiveError("bad_seats", "at least one seat must be left for a person")
    if ai_seats and ai_level not in game.bots:
        raise LiveError("bad_level", f"unknown AI level {ai_level!r}")
    table = Table.objects.create(
        game=game_slug, seat_count=seats, rated=rated and not ai_seats, created_by_id=user_id
    )
    TableSeat.objects.create(table=table, seat=0, user_id=user_id)
    for seat in range(seats - ai_seats, seats):
        TableSeat.objects.create(table=table, seat=seat, ai_level=ai_level)
    _start_if_full(table)
    return table


@transaction.atomic
def table_join(*, user_id: int, table_id: int) -> Table:
    """Take the first free seat; the match starts when the last seat is taken."""
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise LiveError("no_table", "that table does not exist")
    if table.status != TableStatus.OPEN:
        raise LiveError("table_closed", "that table is no longer open")
    taken = set(table.seats.values_list("seat", flat=True))
    if table.seats.filter(user_id=user_id).exists():
        raise LiveError("already_seated", "you already sit at this table")
    free = [s for s in range(table.seat_count) if s not in taken]
    try:
        with transaction.atomic():
            TableSeat.objects.create(table=table, seat=free[0], user_id=user_id)
    except IntegrityError:
        raise LiveError("already_seated", "you already sit at this table") from None
    _start_if_full(table)
    return table


@transaction.atomic
def table_cancel(*, user_id: int, table_id: int) -> None:
    table = Table.objects.select_for_update().filter(pk=table_id, created_by_id=user_id).first()
    if table is None:
        raise LiveError("no_table", "you have no such table")
    if table.status != TableStatus.OPEN:
        raise LiveError("table_closed", "the table has already started")
    table.status = TableStatus.CANCELLED
    table.save(update_fields=["status"])


def _start_if_full(table: Table) -> None:
    seats = list(table.seats.order_by("seat"))
    if len(seats) < table.seat_count:
        return
    match = match_start(
        game_slug=table.game,
        seats=[SeatSpec(user_id=s.user_id, ai_level=s.ai_level) for s in seats],
        rated=table.rated,
        created_by_id=table.created_by_id,
    )
    table.status = TableStatus.STARTED
    table.match = match
    table.save(update_fields=["status", "match"])
