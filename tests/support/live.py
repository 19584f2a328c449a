"""Small helpers for driving matches in platform tests."""

from __future__ import annotations

from typing import Any

from games.registry import get_game
from live.models import Match


def engine_state(match: Match) -> Any:
    match.refresh_from_db()
    return get_game(match.game).state_from_json(match.state)


def pending_seats(match: Match) -> list[int]:
    return [d.seat for d in engine_state(match).pending()]


def first_legal(match: Match, seat: int) -> Any:
    game = get_game(match.game)
    return game.encode_action(engine_state(match).legal_actions(seat)[0])


def snapshot(match: Match) -> tuple[Any, ...]:
    """Everything a rejected command must leave unchanged."""
    match.refresh_from_db()
    moves = list(match.moves.order_by("seq").values_list("seq", "kind", "action", "command_id"))
    return (match.seq, match.status, match.state, match.clock, match.wake_ms, match.result, moves)
