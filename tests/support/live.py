"""Small helpers for driving matches in platform tests."""

from __future__ import annotations

from typing import Any

from games.registry import get_game
from live.models import Match
from live.services import SeatSpec, match_start


def duel(
    a: Any,
    b: Any,
    *,
    game: str = "spectacular_bid",
    rated: bool = False,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
) -> Match:
    """A running two-player match of people: ``a`` in seat 0, ``b`` in seat 1 (``seed`` None: the
    server draws one, as for a real match)."""
    return match_start(
        game_slug=game,
        seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)],
        rated=rated,
        seed=seed,
        options=options,
    )


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


def use_socket_limits_store(kind: str, settings: Any, redis_url: str) -> None:
    """Point the socket limits (``live.socket_caps.socket_limits``) at Redis under a namespace of
    the test's own (``kind == "redis"``, as every daphne shares it) or keep them per process
    (``"memory"``).  Without Redis: a skip, or a failure in CI, where Redis must be there.

    Nothing is flushed: other test runs may use the same database.  Every key the limits write
    carries a lease or a window (PEXPIRE), so the namespace empties itself within seconds."""
    if kind != "redis":
        settings.LIVE_LIMITS_REDIS_URL = ""
        return
    import os

    import pytest

    from support.stack import REDIS_PORT, reachable, unique

    if not reachable(REDIS_PORT):
        if os.environ.get("CI") == "true":
            pytest.fail("Redis is not reachable on 127.0.0.1")
        pytest.skip("Redis is not reachable on 127.0.0.1")
    settings.REDIS_NAMESPACE = unique(f"gpt{os.getpid()}limits") + ":"
    settings.LIVE_LIMITS_REDIS_URL = redis_url
