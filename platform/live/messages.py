"""Building the ``state`` messages of docs/protocol.md — one per audience (a seat or the public)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson
from django.conf import settings

from games.core import Event, Game, State, event_for

from .clock import clock_public
from .models import Match, Seat


def encode(payload: dict[str, Any]) -> str:
    """A frame as compact JSON text.  orjson, because every state frame of every move is encoded
    here: ``json.dumps`` was the largest single cost of a loaded daphne's publisher."""
    return orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS).decode()


def match_info(match: Match, seats: Sequence[Seat]) -> dict[str, Any]:
    return {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "rated": match.rated,
        "seats": [
            {
                "seat": s.seat,
                "name": s.display_name,
                "is_ai": not s.user_id,
                "ai_level": s.ai_level or None,
            }
            for s in seats
        ],
        "result": match.result,
        "end_reason": match.end_reason or None,
        "abort_reason": match.abort_reason or None,
    }


def public_clock(match: Match, now_ms: int) -> dict[str, Any]:
    """The clock as every audience of a frame sees it at ``now_ms``."""
    return clock_public(match.clock, now_ms=now_ms, stall_bound_ms=settings.STALL_BOUND_S * 1000)


def state_message(
    *,
    match: Match,
    game: Game,
    state: State,
    seats: Sequence[Seat],
    seat: int | None,
    reason: str,
    now_ms: int,
    events: Sequence[Event] = (),
    shared: tuple[dict[str, Any], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The whole truth for one audience; ``seat=None`` is the spectators' version.

    ``shared``: the parts every audience of one update sees alike — ``match_info`` and
    ``public_clock`` — built once by a caller that builds several audiences' frames (they are
    only read here)."""
    legal: list[Any] = []
    if seat is not None and match.is_live:
        legal = [game.encode_action(a) for a in state.legal_actions(seat)]
    common, clock = shared or (match_info(match, seats), public_clock(match, now_ms))
    info = dict(common)
    info["your_seats"] = (
        []
        if seat is None
        else [s.seat for s in seats if s.user_id and s.user_id == _user_of(seats, seat)]
    )
    return {
        "type": "state",
        "seq": match.seq,
        "seat": seat,
        "reason": reason,
        "view": state.view(seat),
        "legal": legal,
        "events": [event_for(e, seat) for e in events],
        "clock": clock,
        "match": info,
    }


def _user_of(seats: Sequence[Seat], seat: int) -> int | None:
    for s in seats:
        if s.seat == seat:
            return s.user_id
    return None


def seat_group(match_id: int, seat: int) -> str:
    return f"match-{match_id}-seat-{seat}"


def public_group(match_id: int) -> str:
    return f"match-{match_id}-public"
